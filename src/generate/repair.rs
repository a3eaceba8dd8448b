//! Repair to uniqueness and steering into the band.
//!
//! Where two solutions differ, or where logic needs techniques too hard for the band, an edit
//! makes the clues say more: a run's digits become a set that is the only one for its sum, a
//! digit changes toward sums with fewer digit sets, or a symmetric wall pair cuts the runs.
//! Where the puzzle is too easy, a digit changes toward sums with more digit sets, and the change
//! is kept only if the puzzle stays unique, logical and no easier.

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::grid::{Direction, Grid, Pos};
use crate::logic::scan::Scan;
use crate::logic::{self, Band, Board, Explanation, Tier};
use crate::puzzle::{CellId, Puzzle};
use crate::solve::combos::{self, Mask};
use crate::solve::{CancelToken, Cancelled, Solver};

use super::Symmetry;
use super::fill::{Filling, digit_sets, sum_clues};
use super::shape::try_wall_pair;

/// Judgements one filling gets before the generator draws another layout, on a small grid;
/// a bigger grid has more trouble spots, and gets one judgement more per this many white cells.
const MAX_EDITS: usize = 60;
/// See [`MAX_EDITS`].
const WHITES_PER_EDIT: usize = 12;
/// The most edits made after one judgement, in separate trouble spots or spread over big ones.
const MAX_SPOTS: usize = 12;
/// A grid gets one edit more per judgement (beyond [`MAX_SPOTS`]) per this many white cells.
const WHITES_PER_SPOT: usize = 40;
/// A trouble spot gets one edit more for each this many cells.
const CELLS_PER_EDIT: usize = 12;

/// One in this many easier edits adds a wall pair (while there is room) rather than changing
/// digits.
const WALL_ONE_IN: u32 = 5;

/// A puzzle with one solution that logic alone solves, and its logical solve.
pub struct Settled {
    /// The puzzle of the repaired grid.
    pub puzzle: Puzzle,
    /// Its logical solve (the rating is in it).
    pub explanation: Explanation,
}

/// What the repair aims at and may do.
#[derive(Clone, Copy, Debug)]
pub struct Aim {
    /// The band the puzzle must rate in.
    pub band: Band,
    /// The symmetry a new wall pair keeps.
    pub symmetry: Symmetry,
    /// The most interior walls the grid may have: repair adds wall pairs only below it.
    pub most_walls: usize,
}

/// What a candidate puzzle needs next.
enum Verdict {
    /// Two solutions differ at these cells; the first solution's digits (by cell id).
    Ambiguous(Vec<Pos>, Vec<u8>),
    /// One solution; its logical solve.
    Unique(Explanation),
}

/// What repairs saw on their way, for a caller that must say why none landed: the bands of the
/// unique, logical puzzles they passed through, and how often each cell was where two
/// solutions differed.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// The bands reached (unique and solved by logic), each once.
    pub bands: Vec<Band>,
    /// Positions where two solutions differed, with how often.
    pub ambiguous: std::collections::HashMap<Pos, u32>,
}

/// A harder edit on trial: the grid and filling before it, and the rank it must not fall below.
struct Trial {
    grid: Grid,
    filling: Filling,
    rank: (Band, u32),
}

/// Repairs `grid` (clues summed from `filling`) until its puzzle is unique, solved by logic and
/// rated in `aim.band`; `Ok(None)` when the edits run out or no edit applies.
pub fn settle(
    grid: &mut Grid,
    filling: &mut Filling,
    aim: Aim,
    rng: &mut StdRng,
    seen: &mut Seen,
    cancel: &CancelToken,
) -> Result<Option<Settled>, Cancelled> {
    let mut trial: Option<Trial> = None;
    let judgements = MAX_EDITS.max(grid.white_count() / WHITES_PER_EDIT);
    for _ in 0..judgements {
        sum_clues(grid, filling);
        let Ok(puzzle) = Puzzle::from_grid(grid) else {
            return Ok(None);
        };
        let verdict = judge(&puzzle, aim.band, cancel)?;
        let rank = match &verdict {
            Verdict::Unique(e) if e.solved && !e.trial => Some((e.rating.band, e.rating.score)),
            _ => None,
        };
        if let Some((band, _)) = rank
            && !seen.bands.contains(&band)
        {
            seen.bands.push(band);
        }
        if let Verdict::Ambiguous(cells, _) = &verdict {
            for &p in cells {
                *seen.ambiguous.entry(p).or_default() += 1;
            }
        }
        if let (Some(r), Verdict::Unique(_)) = (rank, &verdict)
            && r.0 == aim.band
        {
            let Verdict::Unique(explanation) = verdict else {
                unreachable!()
            };
            return Ok(Some(Settled {
                puzzle,
                explanation,
            }));
        }
        // A harder edit stays only when the puzzle is still unique, logical and no easier.
        if let Some(t) = trial.take()
            && !rank.is_some_and(|r| r >= t.rank && r.0 <= aim.band)
        {
            *grid = t.grid;
            *filling = t.filling;
            if !harder(grid, filling, t.rank, &mut trial, rng) {
                return Ok(None);
            }
            continue;
        }
        let edited = match (&verdict, rank) {
            (_, Some(r)) if r.0 < aim.band => harder(grid, filling, r, &mut trial, rng),
            (Verdict::Ambiguous(cells, first), _) => {
                // The puzzle is the same whichever of its solutions the clues are summed from:
                // editing the one the search found breaks the difference it found.
                *filling = Filling::from_solution(grid, &puzzle, first);
                // Logic gets stuck wherever two solutions could differ, and wherever the band's
                // techniques fall short: each such spot away from this difference gets an edit
                // too, so that a big grid's many spots are not mended one judgement each.
                let stuck = solve_up_to(&puzzle, aim.band, cancel)?;
                let mut spots = vec![cells.clone()];
                spots.extend(
                    spots_of(&puzzle, &hard_cells(&puzzle, &stuck, aim.band))
                        .into_iter()
                        .filter(|spot| !spot.iter().any(|p| cells.contains(p))),
                );
                easier_at(grid, filling, aim, &spots, rng)
            }
            (Verdict::Unique(e), _) => {
                let spots = spots_of(&puzzle, &hard_cells(&puzzle, e, aim.band));
                easier_at(grid, filling, aim, &spots, rng)
            }
        };
        if !edited {
            return Ok(None);
        }
    }
    Ok(None)
}

/// Two solutions' differing cells, or the logical solve of a puzzle with one solution. (A
/// puzzle with none never comes up: its clues are summed from a filling.)
fn judge(puzzle: &Puzzle, band: Band, cancel: &CancelToken) -> Result<Verdict, Cancelled> {
    let found = Solver::new(puzzle).with_cancel(cancel.clone()).some(2)?;
    if let [a, b] = &found[..] {
        return Ok(Verdict::Ambiguous(
            differing(puzzle, &a.digits, &b.digits),
            a.digits.clone(),
        ));
    }
    Ok(Verdict::Unique(solve_up_to(puzzle, band, cancel)?))
}

/// The logical solve of `puzzle` with the techniques up to the hardest tier `band` allows: it
/// stops where those get stuck, and never tries the costly harder ones. When it fills the grid,
/// its steps are those of [`logic::explain`] (the same finders in the same order), so its
/// rating is the puzzle's.
fn solve_up_to(
    puzzle: &Puzzle,
    band: Band,
    cancel: &CancelToken,
) -> Result<Explanation, Cancelled> {
    let most = match band {
        Band::Easy | Band::Medium => Tier::Two,
        Band::Hard | Band::Expert | Band::Trial => Tier::Three,
    };
    let mut board = Board::new(puzzle);
    let mut scan = Scan::new(puzzle);
    let mut steps = Vec::new();
    while !board.is_solved() {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let Some(step) = scan.next_step_up_to(puzzle, &board, most) else {
            break;
        };
        board.apply(&step);
        scan.after(puzzle, &step);
        steps.push(step);
    }
    let solved = board.is_solved();
    Ok(Explanation {
        rating: logic::rating_of(puzzle, &steps, solved),
        steps,
        solved,
        trial: false,
        end: board,
    })
}

/// The lowest tier whose steps make a solve too hard for `band` (in number or at all).
fn too_hard_from(band: Band) -> Tier {
    match band {
        Band::Easy => Tier::Two,
        Band::Medium | Band::Hard => Tier::Three,
        Band::Expert | Band::Trial => Tier::Trial,
    }
}

/// The cells a solve too hard for `band` got stuck on, or used techniques above the band for.
fn hard_cells(puzzle: &Puzzle, explanation: &Explanation, band: Band) -> Vec<Pos> {
    if !explanation.solved {
        return puzzle
            .cells()
            .iter()
            .zip(explanation.end.digits())
            .filter(|(_, d)| **d == 0)
            .map(|(c, _)| c.pos)
            .collect();
    }
    let from = too_hard_from(band);
    let mut ids: Vec<CellId> = explanation
        .steps
        .iter()
        .filter(|s| s.technique.tier() >= from)
        .flat_map(|s| {
            let placed = s.placements.iter().map(|(c, _)| *c);
            let thinned = s.eliminations.iter().map(|(c, _)| *c);
            placed.chain(thinned).chain(s.because.iter().copied())
        })
        .collect();
    ids.sort_by_key(|c| c.0);
    ids.dedup();
    ids.into_iter().map(|c| puzzle.cell(c).pos).collect()
}

/// Edits in `spots` (see [`easier`]): one in each, and one more per [`CELLS_PER_EDIT`] cells of
/// a big one, at most [`MAX_SPOTS`] in all. Whether any applied.
fn easier_at(
    grid: &mut Grid,
    filling: &mut Filling,
    aim: Aim,
    spots: &[Vec<Pos>],
    rng: &mut StdRng,
) -> bool {
    let mut edited = false;
    let mut left = MAX_SPOTS.max(grid.white_count() / WHITES_PER_SPOT);
    for spot in spots {
        if left == 0 {
            break;
        }
        let mut cells = spot.clone();
        cells.shuffle(rng);
        let parts = (cells.len() / CELLS_PER_EDIT).clamp(1, left);
        left -= parts;
        for part in cells.chunks(cells.len().div_ceil(parts)) {
            // A wall an earlier edit added may have taken a spot's cell.
            let part: Vec<Pos> = part.iter().copied().filter(|&p| grid.is_white(p)).collect();
            edited |= easier(grid, filling, aim, &part, rng);
        }
    }
    edited
}

/// `cells` grouped into spots: cells joined through the runs they share, each spot in reading
/// order, the biggest first.
fn spots_of(puzzle: &Puzzle, cells: &[Pos]) -> Vec<Vec<Pos>> {
    let ids: Vec<CellId> = cells.iter().filter_map(|&p| puzzle.cell_at(p)).collect();
    let mut inside = vec![false; puzzle.cells().len()];
    for c in &ids {
        inside[c.index()] = true;
    }
    let mut placed = vec![false; puzzle.cells().len()];
    let mut spots: Vec<Vec<Pos>> = Vec::new();
    for &start in &ids {
        if placed[start.index()] {
            continue;
        }
        placed[start.index()] = true;
        let mut spot = vec![start];
        let mut at = 0;
        while at < spot.len() {
            let cell = puzzle.cell(spot[at]);
            at += 1;
            for run in cell.runs() {
                for &c in &puzzle.run(run).cells {
                    if inside[c.index()] && !placed[c.index()] {
                        placed[c.index()] = true;
                        spot.push(c);
                    }
                }
            }
        }
        spot.sort_by_key(|c| c.0);
        spots.push(spot.into_iter().map(|c| puzzle.cell(c).pos).collect());
    }
    spots.sort_by_key(|s| std::cmp::Reverse(s.len()));
    spots
}

/// One edit at one of `cells` (tried in random order) that makes the clues say more. Whether
/// one applied.
fn easier(
    grid: &mut Grid,
    filling: &mut Filling,
    aim: Aim,
    cells: &[Pos],
    rng: &mut StdRng,
) -> bool {
    let mut cells = cells.to_vec();
    cells.shuffle(rng);
    cells.into_iter().any(|pos| {
        let add_wall = |grid: &mut Grid| {
            room_for_wall(grid, aim, pos) && try_wall_pair(grid, aim.symmetry, pos)
        };
        if rng.random_ratio(1, WALL_ONE_IN) && add_wall(grid) {
            return true;
        }
        let whole_run = match aim.band {
            Band::Easy => true,
            Band::Medium => rng.random_bool(0.5),
            _ => rng.random_ratio(1, 4),
        };
        let edited = (whole_run && settle_run(grid, filling, pos, rng))
            || change_digit(grid, filling, pos, Lean::FewerSets, rng)
            || add_wall(grid);
        if edited {
            unswap(grid, filling, rng);
        }
        edited
    })
}

/// Whether a wall pair at `pos` keeps the grid within `aim.most_walls`.
fn room_for_wall(grid: &Grid, aim: Aim, pos: Pos) -> bool {
    let (w, h) = (grid.width(), grid.height());
    let symmetric = super::shape::partner(aim.symmetry, w, h, pos) != pos;
    let walls = (w - 1) * (h - 1) - grid.white_count();
    walls + 1 + usize::from(symmetric) <= aim.most_walls
}

/// One edit at a random white cell toward sums with more digit sets, put on trial against
/// `rank`. Whether one applied.
fn harder(
    grid: &mut Grid,
    filling: &mut Filling,
    rank: (Band, u32),
    trial: &mut Option<Trial>,
    rng: &mut StdRng,
) -> bool {
    let whites: Vec<Pos> = grid.positions().filter(|&p| grid.is_white(p)).collect();
    if whites.is_empty() {
        return false;
    }
    let before = Trial {
        grid: grid.clone(),
        filling: filling.clone(),
        rank,
    };
    let pos = whites[rng.random_range(0..whites.len())];
    if !change_digit(grid, filling, pos, Lean::MoreSets, rng) {
        return false;
    }
    unswap(grid, filling, rng);
    *trial = Some(before);
    true
}

/// Rounds of [`unswap`] over the whole grid.
const UNSWAP_ROUNDS: usize = 8;

/// Breaks the rectangles of `filling` that give a second solution at once: white cells `a b`
/// over `c d`, `a b` and `c d` in one across segment each, `a c` and `b d` in one down segment
/// each, where adding `k` to `a` and `d` and taking it from `b` and `c` keeps every segment free
/// of repeats (the sums stay the same). They are the commonest second solutions; changing one
/// corner's digit (toward sums with fewer digit sets) breaks one before any search.
pub fn unswap(grid: &Grid, filling: &mut Filling, rng: &mut StdRng) {
    for _ in 0..UNSWAP_ROUNDS {
        let found = shifts(grid, filling);
        if found.is_empty() {
            return;
        }
        for corners in found {
            // An earlier change may have broken this one already.
            if shift_of(grid, filling, corners).is_some() {
                let pos = corners[rng.random_range(0..4)];
                change_digit(grid, filling, pos, Lean::FewerSets, rng);
            }
        }
    }
}

/// The rectangles of `filling` with a shift that keeps the sums (corners `a b c d` in reading
/// order).
fn shifts(grid: &Grid, filling: &Filling) -> Vec<[Pos; 4]> {
    let white =
        |r: usize, c: usize| r < grid.height() && c < grid.width() && grid.is_white(Pos::new(r, c));
    let mut found = Vec::new();
    for a in grid.positions().filter(|&p| grid.is_white(p)) {
        let mut c2 = a.col + 1;
        while white(a.row, c2) {
            let mut r2 = a.row + 1;
            while white(r2, a.col) {
                let corners = [
                    a,
                    Pos::new(a.row, c2),
                    Pos::new(r2, a.col),
                    Pos::new(r2, c2),
                ];
                let closed = (a.col..=c2).all(|col| white(r2, col))
                    && (a.row..=r2).all(|row| white(row, c2));
                if closed && shift_of(grid, filling, corners).is_some() {
                    found.push(corners);
                }
                r2 += 1;
            }
            c2 += 1;
        }
    }
    found
}

/// The `k` that, added to corners `a` and `d` and taken from `b` and `c`, leaves every segment
/// through them free of repeats, if any.
fn shift_of(grid: &Grid, filling: &Filling, [a, b, c, d]: [Pos; 4]) -> Option<i32> {
    let digit = |p: Pos| i32::from(filling.at(p));
    // The digits of each segment holding two corners, the two corners left out.
    let others = |p: Pos, q: Pos, dir: Direction| -> i32 {
        line(grid, p, dir)
            .into_iter()
            .filter(|&x| x != p && x != q)
            .fold(0, |m, x| m | 1 << filling.at(x))
    };
    let pairs = [
        (a, b, others(a, b, Direction::Across)),
        (c, d, others(c, d, Direction::Across)),
        (a, c, others(a, c, Direction::Down)),
        (b, d, others(b, d, Direction::Down)),
    ];
    let sign = |p: Pos| if p == a || p == d { 1 } else { -1 };
    (-8..=8).filter(|&k| k != 0).find(|&k| {
        pairs.iter().all(|&(p, q, used)| {
            let (x, y) = (digit(p) + sign(p) * k, digit(q) + sign(q) * k);
            (1..=9).contains(&x)
                && (1..=9).contains(&y)
                && x != y
                && used & (1 << x) == 0
                && used & (1 << y) == 0
        })
    })
}

/// The positions of the cells where two solutions differ.
pub fn differing(puzzle: &Puzzle, a: &[u8], b: &[u8]) -> Vec<Pos> {
    puzzle
        .cells()
        .iter()
        .zip(a.iter().zip(b))
        .filter(|(_, (x, y))| x != y)
        .map(|(c, _)| c.pos)
        .collect()
}

/// Which way a digit change leans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lean {
    /// Toward sums with fewer digit sets: the clues say more.
    FewerSets,
    /// Toward sums with more digit sets: the clues say less.
    MoreSets,
}

/// The digits the crossing segments of `line`'s cells already use, per cell (its own digit
/// left out).
fn crossing_digits(grid: &Grid, filling: &Filling, line: &[Pos], dir: Direction) -> Vec<Mask> {
    let other = match dir {
        Direction::Across => Direction::Down,
        Direction::Down => Direction::Across,
    };
    line.iter()
        .map(|&p| {
            self::line(grid, p, other)
                .into_iter()
                .filter(|&q| q != p)
                .fold(0, |m, q| m | 1 << filling.at(q))
        })
        .collect()
}

/// Gives the longer-ambiguous segment through `pos` the digits of a set that is the only one
/// for its sum, placed so no crossing segment repeats a digit. Whether it found one.
fn settle_run(grid: &Grid, filling: &mut Filling, pos: Pos, rng: &mut StdRng) -> bool {
    let sets_of = |l: &[Pos]| -> u32 {
        let sum: u32 = l.iter().map(|&p| u32::from(filling.at(p))).sum();
        digit_sets(l.len(), sum)
    };
    let mut lines: Vec<(u32, Direction, Vec<Pos>)> = Direction::ALL
        .into_iter()
        .map(|dir| {
            let l = line(grid, pos, dir);
            (if l.len() > 1 { sets_of(&l) } else { 0 }, dir, l)
        })
        .filter(|(sets, _, _)| *sets > 1)
        .collect();
    lines.sort_by_key(|(sets, _, _)| std::cmp::Reverse(*sets));
    for (_, dir, cells) in lines {
        let table = combos::table(cells.len());
        let mut targets: Vec<Mask> = table
            .masks
            .iter()
            .zip(table.sums)
            .filter(|&(_, &sum)| table.with_sum(sum).count_ones() == 1)
            .map(|(&m, _)| m)
            .collect();
        targets.shuffle(rng);
        let banned = crossing_digits(grid, filling, &cells, dir);
        for target in targets {
            let mut digits = vec![0u8; cells.len()];
            if place(&banned, target, &mut digits, 0, rng) {
                for (&p, &d) in cells.iter().zip(&digits) {
                    filling.set(p, d);
                }
                return true;
            }
        }
    }
    false
}

/// Places the digits of `left` on cells `at..`, none in its cell's `banned` digits.
fn place(banned: &[Mask], left: Mask, digits: &mut [u8], at: usize, rng: &mut StdRng) -> bool {
    if at == digits.len() {
        return true;
    }
    let mut choices: Vec<u8> = (1..=9u8)
        .filter(|&d| left & (1 << d) != 0 && banned[at] & (1 << d) == 0)
        .collect();
    choices.shuffle(rng);
    for d in choices {
        digits[at] = d;
        if place(banned, left & !(1 << d), digits, at + 1, rng) {
            return true;
        }
    }
    false
}

/// Gives `pos` another digit its runs allow, the one whose two new sums have the fewest (or
/// most) digit sets, ties at random. Whether there was one.
fn change_digit(
    grid: &Grid,
    filling: &mut Filling,
    pos: Pos,
    lean: Lean,
    rng: &mut StdRng,
) -> bool {
    let lines = [
        line(grid, pos, Direction::Across),
        line(grid, pos, Direction::Down),
    ];
    let used: u16 = lines
        .iter()
        .flatten()
        .map(|&p| 1u16 << filling.at(p))
        .fold(0, |a, b| a | b);
    let old = filling.at(pos);
    let sets = |d: u8| -> u32 {
        lines
            .iter()
            .filter(|l| l.len() > 1)
            .map(|l| {
                let sum: u32 = l.iter().map(|&p| u32::from(filling.at(p))).sum();
                digit_sets(l.len(), sum + u32::from(d) - u32::from(old))
            })
            .sum()
    };
    let best = (1..=9u8)
        .filter(|&d| used & (1 << d) == 0)
        .map(|d| {
            let key = match lean {
                Lean::FewerSets => sets(d),
                Lean::MoreSets => u32::MAX - sets(d),
            };
            (key, rng.random::<u32>(), d)
        })
        .min();
    match best {
        Some((_, _, d)) => {
            filling.set(pos, d);
            true
        }
        None => false,
    }
}

/// The white cells of the segment through `pos` in `dir` (just `pos` when it has no neighbour).
pub fn line(grid: &Grid, pos: Pos, dir: Direction) -> Vec<Pos> {
    let back = |p: Pos| match dir {
        Direction::Across => (p.col > 0).then(|| Pos::new(p.row, p.col - 1)),
        Direction::Down => (p.row > 0).then(|| Pos::new(p.row - 1, p.col)),
    };
    let mut start = pos;
    while let Some(p) = back(start).filter(|&p| grid.is_white(p)) {
        start = p;
    }
    let mut cells = Vec::new();
    let mut p = start;
    while p.row < grid.height() && p.col < grid.width() && grid.is_white(p) {
        cells.push(p);
        p = p.step(dir);
    }
    cells
}
