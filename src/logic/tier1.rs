//! Tier 1: what a person reads off one run or one cell — unique combinations, cross
//! references, no repeats, the last cell of a run, naked and hidden singles.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::{DIGITS, Mask, is_single};

use super::board::Board;
use super::step::{Step, Technique, Why};

/// A run with one live digit set holding its placed digits: the other sets go, and its open
/// cells keep that set's digits.
pub(crate) fn unique_combination(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let run = puzzle.run(id);
    let mut fitting = board.fitting(puzzle, id);
    let (Some(set), None) = (fitting.next(), fitting.next()) else {
        return None;
    };
    let elims: Vec<(CellId, Mask)> = board
        .open(run)
        .filter_map(|c| {
            let extra = board.candidates(c) & !set;
            (extra != 0).then_some((c, extra))
        })
        .collect();
    let others: Vec<Mask> = board
        .live_sets(id)
        .iter()
        .copied()
        .filter(|&s| s != set)
        .collect();
    if elims.is_empty() && others.is_empty() {
        return None;
    }
    let (placed, _) = board.placed(run);
    let mut step = Step::new(
        Technique::UniqueCombination,
        Why::UniqueCombination {
            run: id,
            set,
            placed,
        },
    );
    step.eliminations = elims;
    if !others.is_empty() {
        step.struck = vec![(id, others)];
    }
    step.because = run
        .cells
        .iter()
        .copied()
        .filter(|&c| board.value(c).is_some())
        .collect();
    step.runs = vec![id];
    Some(step)
}

/// An open cell holding a digit one of its runs' live sets do not allow.
pub(crate) fn cross_reference(puzzle: &Puzzle, board: &Board, id: CellId) -> Option<Step> {
    let cell = puzzle.cell(id);
    if board.value(id).is_some() {
        return None;
    }
    let allowed: Vec<(RunId, Mask)> = cell
        .runs()
        .map(|r| (r, board.fitting_union(puzzle, r)))
        .collect();
    let keep = allowed.iter().fold(DIGITS, |m, &(_, a)| m & a);
    let lost = board.candidates(id) & !keep;
    if lost == 0 {
        return None;
    }
    let mut step = Step::new(
        Technique::CrossReference,
        Why::CrossReference { cell: id, allowed },
    );
    step.eliminations = vec![(id, lost)];
    step.runs = cell.runs().collect();
    Some(step)
}

/// A placed digit still among the candidates of another cell of its runs.
pub(crate) fn no_repeats(puzzle: &Puzzle, board: &Board, id: CellId) -> Option<Step> {
    let cell = puzzle.cell(id);
    let digit = board.value(id)?;
    let mut elims = Vec::new();
    for r in cell.runs() {
        for other in board.open(puzzle.run(r)) {
            if board.candidates(other) & 1 << digit != 0 {
                elims.push((other, 1 << digit));
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::NoRepeats, Why::NoRepeats { cell: id, digit });
    step.eliminations = elims;
    step.because = vec![id];
    step.runs = cell.runs().collect();
    Some(step)
}

/// A run with a sum and one open cell: that cell takes what the placed digits leave.
pub(crate) fn last_cell(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let run = puzzle.run(id);
    let sum = run.sum()?;
    let mut open = board.open(run);
    let (Some(cell), None) = (open.next(), open.next()) else {
        return None;
    };
    let (placed, total) = board.placed(run);
    let digit = u32::from(sum)
        .checked_sub(total)
        .filter(|d| (1..=9).contains(d))
        .map(|d| d as u8)?;
    // A digit the cell cannot take is a contradiction, not a step.
    if board.candidates(cell) & 1 << digit == 0 || placed & 1 << digit != 0 {
        return None;
    }
    let mut step = Step::new(
        Technique::LastCell,
        Why::LastCell {
            run: id,
            cell,
            digit,
        },
    );
    step.placements = vec![(cell, digit)];
    step.because = run.cells.iter().copied().filter(|&c| c != cell).collect();
    step.runs = vec![id];
    Some(step)
}

/// An open cell with one candidate left.
pub(crate) fn naked_single(puzzle: &Puzzle, board: &Board, id: CellId) -> Option<Step> {
    let digit = board.single(id)?;
    let mut step = Step::new(Technique::NakedSingle, Why::NakedSingle { cell: id, digit });
    step.placements = vec![(id, digit)];
    step.runs = puzzle.cell(id).runs().collect();
    Some(step)
}

/// A digit every live set of a run has, not placed yet, that only one open cell can take.
pub(crate) fn hidden_single(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let run = puzzle.run(id);
    let (placed, _) = board.placed(run);
    let needed = board.required(id) & !placed;
    if needed == 0 {
        return None;
    }
    for d in 1..=9u8 {
        if needed & 1 << d == 0 {
            continue;
        }
        let mut takers = board
            .open(run)
            .filter(|&c| board.candidates(c) & 1 << d != 0);
        let (Some(cell), None) = (takers.next(), takers.next()) else {
            continue;
        };
        if is_single(board.candidates(cell)) {
            // A naked single already; the easier step will place it.
            continue;
        }
        let mut step = Step::new(
            Technique::HiddenSingle,
            Why::HiddenSingle {
                run: id,
                cell,
                digit: d,
            },
        );
        step.placements = vec![(cell, d)];
        step.because = board.open(run).filter(|&c| c != cell).collect();
        step.runs = vec![id];
        return Some(step);
    }
    None
}
