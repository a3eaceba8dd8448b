//! Area sums ("the rule of 45" for Kakuro): a region of across runs and the down runs through
//! its cells. Both add up the cells they share; what is left over — cells only the across runs
//! hold, and cells only the down runs hold (the outlets) — differs by the across clues' total
//! minus the down clues'. One open outlet is pinned; two are tied by a sum or a difference.

use crate::grid::Direction;
use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::Mask;

use super::board::Board;
use super::step::{Step, Technique, Why};
use super::text::digits;

/// Runs a region may grow to on its first side before the search leaves it.
const REGION_RUNS: usize = 12;

/// A region that pins an outlet or ties two, and narrows their candidates.
pub(crate) fn area_sum(puzzle: &Puzzle, board: &Board) -> Option<Step> {
    for dir in Direction::ALL {
        for (r, run) in puzzle.runs().iter().enumerate() {
            if run.dir == dir
                && let Some(step) = grow(puzzle, board, RunId(r as u32))
            {
                return Some(step);
            }
        }
    }
    None
}

/// The crossing run of a cell, seen from a run in `dir`.
fn crossing(puzzle: &Puzzle, cell: CellId, dir: Direction) -> Option<RunId> {
    let c = puzzle.cell(cell);
    match dir {
        Direction::Across => c.down,
        Direction::Down => c.across,
    }
}

/// The direction across `dir`.
fn across_of(dir: Direction) -> Direction {
    match dir {
        Direction::Across => Direction::Down,
        Direction::Down => Direction::Across,
    }
}

/// Grows a region from `start`: its side (runs in `start`'s direction) takes in the runs
/// through the other side's outlets one at a time; each region on the way is tried.
fn grow(puzzle: &Puzzle, board: &Board, start: RunId) -> Option<Step> {
    let dir = puzzle.run(start).dir;
    let mut side = vec![start];
    loop {
        puzzle.run(*side.last()?).sum()?;
        let mut other: Vec<RunId> = Vec::new();
        for &r in &side {
            for &c in &puzzle.run(r).cells {
                if let Some(x) = crossing(puzzle, c, dir)
                    && !other.contains(&x)
                {
                    other.push(x);
                }
            }
        }
        if other.iter().any(|&x| puzzle.run(x).sum().is_none()) {
            return None;
        }
        let in_side = |c: CellId| side.iter().any(|&r| puzzle.run(r).cells.contains(&c));
        let in_other = |c: CellId| other.iter().any(|&r| puzzle.run(r).cells.contains(&c));
        let only_side: Vec<CellId> = side
            .iter()
            .flat_map(|&r| puzzle.run(r).cells.iter().copied())
            .filter(|&c| !in_other(c))
            .collect();
        let only_other: Vec<CellId> = other
            .iter()
            .flat_map(|&r| puzzle.run(r).cells.iter().copied())
            .filter(|&c| !in_side(c))
            .collect();
        if only_other.is_empty() && only_side.is_empty() {
            // The region closed on itself: both sides count the same cells.
            return None;
        }
        let clue = |runs: &[RunId]| -> i32 {
            runs.iter()
                .filter_map(|&r| puzzle.run(r).sum())
                .map(i32::from)
                .sum()
        };
        let placed = |cells: &[CellId]| -> i32 {
            cells
                .iter()
                .filter_map(|&c| board.value(c))
                .map(i32::from)
                .sum()
        };
        let open = |cells: &[CellId]| -> Vec<CellId> {
            cells
                .iter()
                .copied()
                .filter(|&c| board.value(c).is_none())
                .collect()
        };
        let difference = clue(&side) - clue(&other) - placed(&only_side) + placed(&only_other);
        let (plus, minus) = (open(&only_side), open(&only_other));
        if plus.len() + minus.len() <= 2
            && let Some(step) = conclude(puzzle, board, &side, &other, plus, minus, difference)
        {
            return Some(step);
        }
        if side.len() >= REGION_RUNS {
            return None;
        }
        // Take in the run through the first open outlet of the other side that has one.
        let next = only_other
            .iter()
            .filter(|&&c| board.value(c).is_none())
            .find_map(|&c| crossing(puzzle, c, across_of(dir)))?;
        side.push(next);
    }
}

/// What `sum(plus) − sum(minus) = difference` takes from the outlets' candidates.
fn conclude(
    puzzle: &Puzzle,
    board: &Board,
    side: &[RunId],
    other: &[RunId],
    plus: Vec<CellId>,
    minus: Vec<CellId>,
    difference: i32,
) -> Option<Step> {
    // Each outlet with its sign: the equation is Σ sign·digit = difference.
    let terms: Vec<(CellId, i32)> = plus
        .iter()
        .map(|&c| (c, 1))
        .chain(minus.iter().map(|&c| (c, -1)))
        .collect();
    let fits = |c: CellId, d: u8, sign: i32| -> bool {
        let rest = difference - sign * i32::from(d);
        match terms.iter().find(|&&(o, _)| o != c) {
            None => rest == 0,
            Some(&(o, s)) => digits(board.candidates(o)).any(|e| s * i32::from(e) == rest),
        }
    };
    let elims: Vec<(CellId, Mask)> = terms
        .iter()
        .map(|&(c, sign)| {
            let lost = digits(board.candidates(c))
                .filter(|&d| !fits(c, d, sign))
                .fold(0, |m, d| m | 1 << d);
            (c, lost)
        })
        .filter(|&(_, m)| m != 0)
        .collect();
    if elims.is_empty() || elims.iter().any(|&(c, m)| m == board.candidates(c)) {
        // Nothing learnt, or a contradiction (not a step).
        return None;
    }
    let (across, down) = match puzzle.run(side[0]).dir {
        Direction::Across => (side.to_vec(), other.to_vec()),
        Direction::Down => (other.to_vec(), side.to_vec()),
    };
    let flip = puzzle.run(side[0]).dir == Direction::Down;
    let (plus, minus, difference) = if flip {
        (minus, plus, -difference)
    } else {
        (plus, minus, difference)
    };
    let mut step = Step::new(
        Technique::AreaSum,
        Why::AreaSum {
            across: across.clone(),
            down: down.clone(),
            plus: plus.clone(),
            minus: minus.clone(),
            difference,
        },
    );
    step.eliminations = elims;
    step.because = plus.into_iter().chain(minus).collect();
    step.runs = across.into_iter().chain(down).collect();
    Some(step)
}
