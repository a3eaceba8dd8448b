//! Chains: assume one candidate and follow only single-reason inferences — each link one named
//! fact about one cell or one run — until some cell has no digit left or some run cannot be
//! made. The candidate then goes. The shortest chain is taken (a length cap keeps them
//! readable), every link is kept, and a chain whose links are all singles is told apart from
//! one that needs a run's digit sets.
//!
//! The position a link is read in: the board's candidates, less the digits placed (on the board
//! or by earlier links) in the cell's runs, kept to what each run's live sets holding its
//! placed digits allow.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::{Mask, digit_of, is_single};

use super::arrange;
use super::board::Board;
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

/// One link of a chain: a digit a cell takes, and why.
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

/// The position a chain is read in: the board and the digits its links placed.
#[derive(Clone)]
pub(crate) struct Chase<'a> {
    puzzle: &'a Puzzle,
    board: &'a Board,
    /// The digit a link placed per cell, 0 where none did.
    placed: Vec<u8>,
    /// Per run, the digits placed in it (on the board or by links).
    held: Vec<Mask>,
    /// Per run, the digits of its live sets that hold every digit placed in it.
    allowed: Vec<Mask>,
}

impl<'a> Chase<'a> {
    /// The board with no link placed.
    pub(crate) fn new(puzzle: &'a Puzzle, board: &'a Board) -> Chase<'a> {
        let mut chase = Chase {
            puzzle,
            board,
            placed: vec![0; puzzle.cells().len()],
            held: vec![0; puzzle.runs().len()],
            allowed: vec![0; puzzle.runs().len()],
        };
        for r in 0..puzzle.runs().len() as u32 {
            chase.settle(RunId(r));
        }
        chase
    }

    /// Works out what a run holds and allows again.
    fn settle(&mut self, r: RunId) {
        let held = self
            .puzzle
            .run(r)
            .cells
            .iter()
            .filter_map(|&c| self.value(c))
            .fold(0, |m, d| m | 1 << d);
        self.held[r.index()] = held;
        self.allowed[r.index()] = self.fitting(r).fold(0, |u, s| u | s);
    }

    fn value(&self, c: CellId) -> Option<u8> {
        match self.placed[c.index()] {
            0 => self.board.value(c),
            d => Some(d),
        }
    }

    /// The run's live sets holding its placed digits.
    fn fitting(&self, r: RunId) -> impl Iterator<Item = Mask> + '_ {
        let placed = self.held[r.index()];
        self.board
            .live_sets(r)
            .iter()
            .copied()
            .filter(move |s| s & placed == placed)
    }

    /// A cell's candidates in this position (a placed cell's is its digit).
    pub(crate) fn cands(&self, c: CellId) -> Mask {
        if let Some(d) = self.value(c) {
            return 1 << d;
        }
        self.puzzle
            .cell(c)
            .runs()
            .fold(self.board.candidates(c), |m, r| {
                m & self.allowed[r.index()] & !self.held[r.index()]
            })
    }

    fn open(&self, r: RunId) -> impl Iterator<Item = CellId> + '_ {
        self.puzzle
            .run(r)
            .cells
            .iter()
            .copied()
            .filter(|&c| self.value(c).is_none())
    }

    /// The digits each open cell of the run takes in some way of making it, two at the most
    /// (in the order of [`Chase::open`]), or `None` when there is no way at all.
    fn ways(&self, r: RunId) -> Option<Vec<(CellId, Mask)>> {
        let open: Vec<CellId> = self.open(r).collect();
        let cands: Vec<Mask> = open.iter().map(|&c| self.cands(c)).collect();
        let placed = self.held[r.index()];
        let mut reach = vec![0; open.len()];
        let mut any = false;
        for set in self.fitting(r) {
            let rest = set & !placed;
            if open.is_empty() {
                any |= rest == 0;
            } else {
                any |= arrange::reach_two(&cands, rest, &mut reach);
            }
        }
        any.then(|| open.into_iter().zip(reach).collect())
    }

    /// The digits every fitting set of the run has that are not placed yet.
    fn needed(&self, r: RunId) -> Mask {
        let mut sets = self.fitting(r).peekable();
        if sets.peek().is_none() {
            return 0;
        }
        sets.fold(!0, |m, s| m & s) & !self.held[r.index()]
    }

    /// Whether `link` holds in this position.
    pub(crate) fn holds(&self, link: &Link) -> bool {
        let (c, d) = (link.cell, link.digit);
        if self.value(c).is_some() || self.cands(c) & 1 << d == 0 {
            return false;
        }
        match link.because {
            Because::Assumed => true,
            Because::OnlyDigit => self.cands(c) == 1 << d,
            Because::OnlyPlace(r) => {
                self.puzzle.run(r).cells.contains(&c)
                    && self.needed(r) & 1 << d != 0
                    && self.open(r).all(|o| o == c || self.cands(o) & 1 << d == 0)
            }
            Because::OnlyWay(r) => self
                .ways(r)
                .is_some_and(|w| w.iter().any(|&(o, m)| o == c && m == 1 << d)),
            Because::Follows => false,
        }
    }

    /// Whether the position breaks at `end`.
    pub(crate) fn breaks(&self, end: End) -> bool {
        match end {
            End::NoDigit(c) => self.value(c).is_none() && self.cands(c) == 0,
            End::NoWay(r) => self.ways(r).is_none(),
        }
    }

    pub(crate) fn place(&mut self, link: &Link) {
        self.placed[link.cell.index()] = link.digit;
        for r in self.puzzle.cell(link.cell).runs() {
            self.settle(r);
        }
    }
}

/// Whether `links` hold one after the other from `base` (a chase with no link placed) and
/// then break at `end`.
fn sound(base: &Chase<'_>, links: &[Link], end: End) -> bool {
    let mut chase = base.clone();
    for link in links {
        if !chase.holds(link) {
            return false;
        }
        chase.place(link);
    }
    chase.breaks(end)
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

/// The digits each open cell of a run takes in some way of making it (two at the most);
/// `None`: no way.
type Ways = Option<Vec<(CellId, Mask)>>;

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

    /// The shortest break among the runs `runs` (with `ways` their ways) and their cells, with
    /// the links it needs.
    fn first_break(&self, runs: &[RunId], ways: &[Ways]) -> Option<(u128, End)> {
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
        for (&r, w) in runs.iter().zip(ways) {
            if w.is_none() {
                consider(self.needs_of(&region(puzzle, None, Some(r))), End::NoWay(r));
            }
        }
        best
    }

    /// The links the position offers in `runs` (with `ways` their ways), simplest reason
    /// first for each cell.
    fn offered(&self, runs: &[RunId], ways: &[Ways]) -> Vec<Link> {
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
        for (&r, w) in runs.iter().zip(ways) {
            for &(c, m) in w.iter().flatten() {
                if m != 0 && is_single(m) {
                    offer(Link {
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

/// Follows `digit` assumed in `cell` wave by wave (each wave the links the last one made
/// possible, looked for in the runs it changed): the shortest chain, within `cap` links, that breaks, and where.
fn follow(base: &Chase<'_>, cell: CellId, digit: u8, cap: usize) -> Option<(Vec<Link>, End)> {
    let mut f = Follow {
        chase: base.clone(),
        links: Vec::new(),
        needs: Vec::new(),
        cap,
    };
    let start = Link {
        cell,
        digit,
        because: Because::Assumed,
    };
    let mut runs = Vec::new();
    if !f.try_place(start, &mut runs) {
        return None;
    }
    while !runs.is_empty() {
        let ways: Vec<Ways> = runs.iter().map(|&r| f.chase.ways(r)).collect();
        if let Some((needs, end)) = f.first_break(&runs, &ways) {
            let links = (0..f.links.len())
                .filter(|i| needs >> i & 1 == 1)
                .map(|i| f.links[i])
                .collect();
            return Some((links, end));
        }
        let mut stirred = Vec::new();
        for link in f.offered(&runs, &ways) {
            f.try_place(link, &mut stirred);
        }
        runs = stirred;
    }
    None
}

/// Drops links the chain does not need (the assumption stays), last first, while it still
/// holds and breaks at `end`.
fn shorten(base: &Chase<'_>, mut links: Vec<Link>, end: End) -> Vec<Link> {
    let mut i = links.len();
    while i > 1 {
        i -= 1;
        let mut without = links.clone();
        without.remove(i);
        if sound(base, &without, end) {
            links = without;
        }
    }
    links
}

/// The shortest chain on the board, within `cap` links: the candidate assumed goes. Cells with
/// fewer candidates are tried first; on a tie in length the first found stays.
pub(crate) fn chain(puzzle: &Puzzle, board: &Board, cap: usize) -> Option<Step> {
    let mut open: Vec<CellId> = (0..puzzle.cells().len() as u32)
        .map(CellId)
        .filter(|&c| board.value(c).is_none())
        .collect();
    open.sort_by_key(|&c| (board.candidates(c).count_ones(), c));
    let base = Chase::new(puzzle, board);
    let (links, end) = shortest(&base, &open, cap)?;
    Some(chain_step(puzzle, links, end))
}

/// The links a follow may place for a chain of at most `most`: what a link needs is counted
/// from the runs it reads, more than it truly needs, and the chain is shortened afterwards. It
/// is the same for every cap up to the default, so a lower cap only turns longer chains away.
fn budget(most: usize) -> usize {
    (most.max(DEFAULT_MAX_CHAIN) * 2).min(MOST_LINKS)
}

/// The shortest chain of at most `most` links assuming a candidate of `open`.
fn shortest(base: &Chase<'_>, open: &[CellId], most: usize) -> Option<(Vec<Link>, End)> {
    let mut best: Option<(Vec<Link>, End)> = None;
    let budget = budget(most);
    for &cell in open {
        for digit in digits(base.board.candidates(cell)) {
            let within = best.as_ref().map_or(most, |(l, _)| l.len() - 1);
            if within < 2 {
                return best;
            }
            if let Some((links, end)) = follow(base, cell, digit, budget) {
                let links = shorten(base, links, end);
                if links.len() <= within {
                    best = Some((links, end));
                }
            }
        }
    }
    best
}

/// The step a chain makes: its assumption goes.
fn chain_step(puzzle: &Puzzle, links: Vec<Link>, end: End) -> Step {
    let start = links[0];
    let technique = if links
        .iter()
        .any(|l| matches!(l.because, Because::OnlyWay(_)))
    {
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
    step.eliminations = vec![(start.cell, 1 << start.digit)];
    step.because = links[1..].iter().map(|l| l.cell).collect();
    step.runs = puzzle.cell(start.cell).runs().collect();
    if let End::NoWay(r) = end
        && !step.runs.contains(&r)
    {
        step.runs.push(r);
    }
    step
}

impl Step {
    /// The links of a chain or a trial, the assumption first (empty for other steps).
    pub fn chain(&self) -> &[Link] {
        match &self.why {
            Why::Chain { links, .. } | Why::Trial { links, .. } => links,
            _ => &[],
        }
    }

    /// Where a chain or a trial breaks.
    pub fn chain_end(&self) -> Option<End> {
        match &self.why {
            Why::Chain { end, .. } | Why::Trial { end, .. } => Some(*end),
            _ => None,
        }
    }
}
