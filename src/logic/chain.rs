//! Chains: assume one candidate, or deny it, and follow only single-reason inferences — each
//! link one named fact about one cell or one run — until some cell has no digit left or some
//! run cannot be made: an assumed candidate then goes, a denied one is placed. A denied digit
//! that comes back further on, at a cell that does not share a run with the start, makes an
//! either-or chain: one of its two ends holds the digit, so every cell that shares a run with
//! both loses it. The shortest chain is taken (a length cap keeps them readable), every link is
//! kept, and a chain whose links are all singles is told apart from one that needs a run's
//! digit sets.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::{Mask, digit_of, is_single};

use super::board::Board;
use super::chase::Chase;
use super::step::{Step, Technique, Why};
use super::text::digits;

/// The longest chain (in links, the assumption included) looked for unless told otherwise.
pub const DEFAULT_MAX_CHAIN: usize = 12;

/// Links one assumption may place before it is given up (the links' bit sets hold this many).
const MOST_LINKS: usize = 128;

/// Why a link of a chain holds, given the links before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Because {
    /// The chain's start: the digit assumed.
    Assumed,
    /// The chain's start: the digit assumed absent (the cell takes some other digit).
    Denied,
    /// The only digit the cell's runs leave it (a naked single).
    OnlyDigit,
    /// The only cell of the run that can take a digit every set of the run has (a hidden
    /// single).
    OnlyPlace(RunId),
    /// Every way of making the run with the digits its cells have left puts the digit here.
    OnlyWay(RunId),
    /// What the runs' digit sets leave after a trial's assumption (the bounded trial's link).
    Follows,
}

/// One link of a chain: a digit a cell takes (or, for a [`Because::Denied`] start, does not
/// take), and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The cell.
    pub cell: CellId,
    /// The digit it takes.
    pub digit: u8,
    /// Why, given the links before it.
    pub because: Because,
}

/// Where a chain (or a trial) breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// A cell with no digit left.
    NoDigit(CellId),
    /// A run that can no longer be made.
    NoWay(RunId),
}

/// What a followed start comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// The position breaks there.
    Breaks(End),
    /// The last link takes the digit the start denied at another cell, and some cell that
    /// shares a run with both can lose it.
    Meets,
}

/// Whether `links` hold one after the other from `base` (a chase with no link placed) and
/// then reach `goal`.
fn sound(base: &Chase<'_>, links: &[Link], goal: Goal) -> bool {
    let mut chase = base.clone();
    for link in links {
        if !chase.holds(link) {
            return false;
        }
        chase.place(link);
    }
    match goal {
        Goal::Breaks(end) => chase.breaks(end),
        Goal::Meets => links
            .last()
            .is_some_and(|&end| !seeing_both(base, links[0], end).is_empty()),
    }
}

/// The open cells, other than the two ends, that share a run with both `start` (a denied
/// digit) and `end` and can take that digit; none unless `end` takes that digit back
/// elsewhere.
fn seeing_both(base: &Chase<'_>, start: Link, end: Link) -> Vec<CellId> {
    let puzzle = base.puzzle;
    if start.because != Because::Denied || end.digit != start.digit || end.cell == start.cell {
        return Vec::new();
    }
    let sees = |a: CellId, b: CellId| {
        puzzle
            .cell(a)
            .runs()
            .any(|r| puzzle.run(r).cells.contains(&b))
    };
    let mut found: Vec<CellId> = puzzle
        .cell(start.cell)
        .runs()
        .flat_map(|r| puzzle.run(r).cells.iter().copied())
        .filter(|&c| {
            c != start.cell
                && c != end.cell
                && base.value(c).is_none()
                && base.board.candidates(c) & 1 << start.digit != 0
                && sees(c, end.cell)
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The runs whose placed digits a link's reason (or an end) reads: a cell's own runs, or the
/// runs through the cells of a run.
fn region(puzzle: &Puzzle, cell: Option<CellId>, run: Option<RunId>) -> Vec<RunId> {
    let mut runs: Vec<RunId> = Vec::new();
    let mut add = |c: CellId| {
        for r in puzzle.cell(c).runs() {
            if !runs.contains(&r) {
                runs.push(r);
            }
        }
    };
    if let Some(r) = run {
        puzzle.run(r).cells.iter().for_each(|&c| add(c));
    } else if let Some(c) = cell {
        add(c);
    }
    runs
}

/// One assumption followed: its links (placed in order), the links each one needs (itself
/// included) as a bit set, and the cap on a chain's length.
struct Follow<'a> {
    chase: Chase<'a>,
    links: Vec<Link>,
    needs: Vec<u128>,
    cap: usize,
}

impl Follow<'_> {
    /// The links placed so far that lie in `runs`, with what they need.
    fn needs_of(&self, runs: &[RunId]) -> u128 {
        let puzzle = self.chase.puzzle;
        self.links
            .iter()
            .zip(&self.needs)
            .filter(|(l, _)| puzzle.cell(l.cell).runs().any(|r| runs.contains(&r)))
            .fold(0, |m, (_, &n)| m | n)
    }

    /// Places `link` if it holds and its chain stays within the cap; whether it did. The runs
    /// whose ways or cells it changes join `stirred`.
    fn try_place(&mut self, link: Link, stirred: &mut Vec<RunId>) -> bool {
        if self.links.len() >= MOST_LINKS || !self.chase.holds(&link) {
            return false;
        }
        let reads = match link.because {
            Because::OnlyPlace(r) | Because::OnlyWay(r) => region(self.chase.puzzle, None, Some(r)),
            _ => region(self.chase.puzzle, Some(link.cell), None),
        };
        let needs = self.needs_of(&reads) | 1 << self.links.len();
        if needs.count_ones() as usize > self.cap {
            return false;
        }
        let puzzle = self.chase.puzzle;
        let near = region(puzzle, Some(link.cell), None);
        let before: Vec<(CellId, Mask)> = near
            .iter()
            .flat_map(|&r| puzzle.run(r).cells.iter())
            .map(|&c| (c, self.chase.cands(c)))
            .collect();
        self.chase.place(&link);
        self.links.push(link);
        self.needs.push(needs);
        let mut add = |r: RunId| {
            if !stirred.contains(&r) {
                stirred.push(r);
            }
        };
        near.iter().for_each(|&r| add(r));
        for (c, was) in before {
            if self.chase.cands(c) != was {
                puzzle.cell(c).runs().for_each(&mut add);
            }
        }
        true
    }

    /// The shortest break among the runs `runs` and their cells, with the links it needs.
    fn first_break(&self, runs: &[RunId]) -> Option<(u128, End)> {
        let puzzle = self.chase.puzzle;
        let mut best: Option<(u128, End)> = None;
        let mut consider = |needs: u128, end: End| {
            if needs.count_ones() as usize <= self.cap
                && best.is_none_or(|(b, _)| needs.count_ones() < b.count_ones())
            {
                best = Some((needs, end));
            }
        };
        for &r in runs {
            for &c in &puzzle.run(r).cells {
                if self.chase.breaks(End::NoDigit(c)) {
                    consider(
                        self.needs_of(&region(puzzle, Some(c), None)),
                        End::NoDigit(c),
                    );
                }
            }
        }
        for &r in runs {
            if !self.chase.can_make(r) {
                consider(self.needs_of(&region(puzzle, None, Some(r))), End::NoWay(r));
            }
        }
        best
    }

    /// The singles the position offers in `runs`, a naked single first for each cell.
    fn singles(&self, runs: &[RunId]) -> Vec<Link> {
        let chase = &self.chase;
        let mut found: Vec<Link> = Vec::new();
        let mut offer = |link: Link| {
            if !found.iter().any(|l| l.cell == link.cell) {
                found.push(link);
            }
        };
        for &r in runs {
            for c in chase.open(r) {
                let m = chase.cands(c);
                if m != 0 && is_single(m) {
                    offer(Link {
                        cell: c,
                        digit: digit_of(m),
                        because: Because::OnlyDigit,
                    });
                }
            }
        }
        for &r in runs {
            for d in digits(chase.needed(r)) {
                let mut takers = chase.open(r).filter(|&c| chase.cands(c) & 1 << d != 0);
                if let (Some(c), None) = (takers.next(), takers.next()) {
                    offer(Link {
                        cell: c,
                        digit: d,
                        because: Because::OnlyPlace(r),
                    });
                }
            }
        }
        found
    }

    /// The links the ways of making `runs` give (a cell each at the most).
    fn forced(&self, runs: &[RunId]) -> Vec<Link> {
        let mut found: Vec<Link> = Vec::new();
        for &r in runs {
            for (c, m) in self.chase.ways(r).into_iter().flatten() {
                if m != 0 && is_single(m) && !found.iter().any(|l| l.cell == c) {
                    found.push(Link {
                        cell: c,
                        digit: digit_of(m),
                        because: Because::OnlyWay(r),
                    });
                }
            }
        }
        found
    }
}

/// Follows `start` (a digit assumed or denied) wave by wave (each wave the links the last one
/// made possible, looked for in the runs it changed): the shortest chain, within `cap` links,
/// that breaks or meets, and which.
fn follow(base: &Chase<'_>, start: Link, cap: usize) -> Option<(Vec<Link>, Goal)> {
    let mut f = Follow {
        chase: base.clone(),
        links: Vec::new(),
        needs: Vec::new(),
        cap,
    };
    let mut runs = Vec::new();
    if !f.try_place(start, &mut runs) {
        return None;
    }
    let mut meets: Option<u128> = None;
    while !runs.is_empty() {
        let found = match (f.first_break(&runs), meets) {
            (Some((b, _)), Some(m)) if m.count_ones() < b.count_ones() => Some((m, Goal::Meets)),
            (Some((b, end)), _) => Some((b, Goal::Breaks(end))),
            (None, Some(m)) => Some((m, Goal::Meets)),
            (None, None) => None,
        };
        if let Some((needs, goal)) = found {
            let links = (0..f.links.len())
                .filter(|i| (needs | 1) >> i & 1 == 1)
                .map(|i| f.links[i])
                .collect();
            return Some((links, goal));
        }
        let mut stirred = Vec::new();
        // Singles first: a run's ways are read only once no single is left, so that a link a
        // single gives is not stated the harder way (and the costly reading is done less).
        // Runs set aside are read again in the next wave.
        let first = f.links.len();
        for link in f.singles(&runs) {
            f.try_place(link, &mut stirred);
        }
        if f.links.len() == first {
            for link in f.forced(&runs) {
                f.try_place(link, &mut stirred);
            }
        } else {
            for r in runs {
                if !stirred.contains(&r) {
                    stirred.push(r);
                }
            }
        }
        for (link, &needs) in f.links[first..].iter().zip(&f.needs[first..]) {
            // A digit that comes back whatever the start is no consequence of it.
            if needs & 1 == 1
                && meets.is_none_or(|m| needs.count_ones() < m.count_ones())
                && !seeing_both(base, start, *link).is_empty()
            {
                meets = Some(needs);
            }
        }
        runs = stirred;
    }
    None
}

/// Drops links the chain does not need (the start, and a meeting chain's far end, stay), last
/// first, while it still reaches `goal`.
fn shorten(base: &Chase<'_>, mut links: Vec<Link>, goal: Goal) -> Vec<Link> {
    let mut i = match goal {
        Goal::Breaks(_) => links.len(),
        Goal::Meets => links.len() - 1,
    };
    while i > 1 {
        i -= 1;
        let mut without = links.clone();
        without.remove(i);
        if sound(base, &without, goal) {
            links = without;
        }
    }
    links
}

/// The shortest chain on the board, within `cap` links: an assumed candidate goes, a denied
/// one is placed, a meeting chain's digit goes from the cells that share a run with both ends.
/// Cells with fewer candidates are tried first, each digit assumed then denied; on a tie in
/// length the first found stays.
pub(crate) fn chain(puzzle: &Puzzle, board: &Board, cap: usize) -> Option<Step> {
    let mut open: Vec<CellId> = (0..puzzle.cells().len() as u32)
        .map(CellId)
        .filter(|&c| board.value(c).is_none())
        .collect();
    open.sort_by_key(|&c| (board.candidates(c).count_ones(), c));
    let base = Chase::new(puzzle, board);
    let (links, goal) = shortest(&base, &open, cap)?;
    Some(chain_step(&base, links, goal))
}

/// The links a follow may place for a chain of at most `most`: what a link needs is counted
/// from the runs it reads, more than it truly needs, and the chain is shortened afterwards. It
/// is the same for every cap up to the default, so a lower cap only turns longer chains away.
fn budget(most: usize) -> usize {
    (most.max(DEFAULT_MAX_CHAIN) * 2).min(MOST_LINKS)
}

/// The shortest chain of at most `most` links starting at a candidate of `open`, by
/// [`Rank`].
fn shortest(base: &Chase<'_>, open: &[CellId], most: usize) -> Option<(Vec<Link>, Goal)> {
    let mut best: Option<(Rank, Vec<Link>, Goal)> = None;
    for &cell in open {
        for digit in digits(base.board.candidates(cell)) {
            for because in [Because::Assumed, Because::Denied] {
                let start = Link {
                    cell,
                    digit,
                    because,
                };
                if let Some((links, goal)) = from(base, start, most) {
                    let rank = Rank::of(base, &links, goal);
                    if best.as_ref().is_none_or(|(b, ..)| rank < *b) {
                        best = Some((rank, links, goal));
                    }
                }
            }
        }
    }
    best.map(|(_, links, goal)| (links, goal))
}

/// The chain `start` leads to, shortened, if it has at most `most` links.
fn from(base: &Chase<'_>, start: Link, most: usize) -> Option<(Vec<Link>, Goal)> {
    let (links, goal) = follow(base, start, budget(most))?;
    let links = shorten(base, links, goal);
    (links.len() <= most).then_some((links, goal))
}

/// The chain step `start` leads to on `board` (a check of one start).
#[cfg(test)]
pub(crate) fn chain_from(puzzle: &Puzzle, board: &Board, start: Link, cap: usize) -> Option<Step> {
    let base = Chase::new(puzzle, board);
    let (links, goal) = from(&base, start, cap)?;
    Some(chain_step(&base, links, goal))
}

/// How chains are told apart, the least first: the fewer steps the better (an either-or
/// chain's denied start and the cell's only other digit are one step); of chains as long, one
/// of singles before one that needs a run's ways, the more candidates removed the better, and
/// one that breaks before one that meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rank {
    steps: usize,
    needs_ways: bool,
    gains: std::cmp::Reverse<usize>,
    meets: bool,
}

impl Rank {
    fn of(base: &Chase<'_>, links: &[Link], goal: Goal) -> Rank {
        let own_digit = links.len() > 1 && links[1].cell == links[0].cell;
        let (steps, gains) = match goal {
            Goal::Breaks(_) => (links.len(), 1),
            Goal::Meets => (
                links.len() - usize::from(own_digit),
                seeing_both(base, links[0], links[links.len() - 1]).len(),
            ),
        };
        Rank {
            steps,
            needs_ways: links
                .iter()
                .any(|l| matches!(l.because, Because::OnlyWay(_))),
            gains: std::cmp::Reverse(gains),
            meets: goal == Goal::Meets,
        }
    }
}

/// The step a chain makes: an assumed start goes, a denied one is placed; a meeting chain's
/// digit goes from the cells that share a run with both ends.
fn chain_step(base: &Chase<'_>, links: Vec<Link>, goal: Goal) -> Step {
    let puzzle = base.puzzle;
    let (start, last) = (links[0], links[links.len() - 1]);
    let forcing = links
        .iter()
        .any(|l| matches!(l.because, Because::OnlyWay(_)));
    let mut step = match goal {
        Goal::Breaks(end) => {
            let technique = if forcing {
                Technique::ForcingChain
            } else {
                Technique::Chain
            };
            let mut step = Step::new(
                technique,
                Why::Chain {
                    links: links.clone(),
                    end,
                },
            );
            if start.because == Because::Denied {
                step.placements = vec![(start.cell, start.digit)];
            } else {
                step.eliminations = vec![(start.cell, 1 << start.digit)];
            }
            step.runs = puzzle.cell(start.cell).runs().collect();
            if let End::NoWay(r) = end
                && !step.runs.contains(&r)
            {
                step.runs.push(r);
            }
            step
        }
        Goal::Meets => {
            let mut step = Step::new(
                Technique::EitherOrChain,
                Why::EitherOr {
                    links: links.clone(),
                },
            );
            step.eliminations = seeing_both(base, start, last)
                .into_iter()
                .map(|c| (c, 1 << start.digit))
                .collect();
            step.runs = puzzle.cell(start.cell).runs().collect();
            for r in puzzle.cell(last.cell).runs() {
                if !step.runs.contains(&r) {
                    step.runs.push(r);
                }
            }
            step
        }
    };
    step.because = links[1..].iter().map(|l| l.cell).collect();
    step
}

impl Step {
    /// The links of a chain or a trial, the start first (empty for other steps).
    pub fn chain(&self) -> &[Link] {
        match &self.why {
            Why::Chain { links, .. } | Why::Trial { links, .. } | Why::EitherOr { links } => links,
            _ => &[],
        }
    }

    /// Where a chain or a trial breaks (`None` for an either-or chain, which does not).
    pub fn chain_end(&self) -> Option<End> {
        match &self.why {
            Why::Chain { end, .. } | Why::Trial { end, .. } => Some(*end),
            _ => None,
        }
    }
}
