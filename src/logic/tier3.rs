//! Tier 3: several runs at once, or every arrangement of one — permutation logic, cross-run
//! subsets, domain shaving. (Area sums are in `area.rs`.)

use crate::grid::Direction;
use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::{Mask, size};

use super::arrange;
use super::board::Board;
use super::step::{Step, Technique, Why};

/// What the arrangements of a run's fitting sets into its open cells give each cell.
enum Reach {
    /// No arrangement at all.
    None,
    /// Per open cell, the digits some arrangement gives it; and how many sets fit.
    Some(Vec<(CellId, Mask)>, usize),
}

/// The arrangements of a run, with some cells' candidates narrowed (`narrowed`).
fn reach(puzzle: &Puzzle, board: &Board, run: RunId, narrowed: &[(CellId, Mask)]) -> Reach {
    let r = puzzle.run(run);
    let (placed, _) = board.placed(r);
    let open: Vec<CellId> = board.open(r).collect();
    let cands: Vec<Mask> = open
        .iter()
        .map(|&c| {
            let own = board.candidates(c) & !placed;
            narrowed
                .iter()
                .find(|&&(n, _)| n == c)
                .map_or(own, |&(_, m)| own & m)
        })
        .collect();
    let mut got = vec![0; open.len()];
    let mut sets = 0;
    for set in board.fitting(puzzle, run) {
        let rest = set & !placed;
        if size(rest) as usize == open.len() && arrange::reach(&cands, rest, &mut got) {
            sets += 1;
        }
    }
    if sets == 0 {
        Reach::None
    } else {
        Reach::Some(open.into_iter().zip(got).collect(), sets)
    }
}

/// A run whose arrangements never put some candidate digit in some cell: the digit goes.
pub(crate) fn permutation_logic(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let Reach::Some(got, sets) = reach(puzzle, board, id, &[]) else {
        return None;
    };
    Step::eliminating(
        Technique::PermutationLogic,
        Why::PermutationLogic { run: id, sets },
        id,
        puzzle.run(id).cells.clone(),
        got.iter().map(|&(c, m)| (c, board.candidates(c) & !m)),
    )
}

/// The runs in one direction that need `digit` (every fitting set has it, none placed), each
/// with the crossing runs of the open cells that can take it (`None` if such a cell has no
/// crossing run).
fn needing(puzzle: &Puzzle, board: &Board, digit: u8, dir: Direction) -> Vec<(RunId, Vec<RunId>)> {
    let mut out = Vec::new();
    for (r, run) in puzzle.runs().iter().enumerate() {
        let id = RunId(r as u32);
        if run.dir != dir {
            continue;
        }
        let (placed, _) = board.placed(run);
        let mut sets = board.fitting(puzzle, id).peekable();
        if placed & 1 << digit != 0 || sets.peek().is_none() {
            continue;
        }
        if sets.fold(!0, |m, s| m & s) & 1 << digit == 0 {
            continue;
        }
        let mut crossing = Vec::new();
        let mut ok = true;
        for c in board.open(run) {
            if board.candidates(c) & 1 << digit == 0 {
                continue;
            }
            let cell = puzzle.cell(c);
            match if dir == Direction::Across {
                cell.down
            } else {
                cell.across
            } {
                Some(x) => {
                    if !crossing.contains(&x) {
                        crossing.push(x);
                    }
                }
                None => ok = false,
            }
        }
        if ok && crossing.len() <= 2 {
            out.push((id, crossing));
        }
    }
    out
}

/// Two parallel runs that both need a digit and can take it only where they cross the same two
/// runs: each of those two runs holds its copy of the digit there, so their other cells lose it.
pub(crate) fn cross_run_subset(puzzle: &Puzzle, board: &Board) -> Option<Step> {
    for digit in 1..=9u8 {
        for dir in Direction::ALL {
            let runs = needing(puzzle, board, digit, dir);
            for (i, (a, ca)) in runs.iter().enumerate() {
                for (b, cb) in &runs[i + 1..] {
                    let mut cover = ca.clone();
                    for x in cb {
                        if !cover.contains(x) {
                            cover.push(*x);
                        }
                    }
                    let &[c1, c2] = cover.as_slice() else {
                        continue;
                    };
                    let (ra, rb) = (puzzle.run(*a), puzzle.run(*b));
                    let mut elims = Vec::new();
                    for x in [c1, c2] {
                        for c in board.open(puzzle.run(x)) {
                            if board.candidates(c) & 1 << digit != 0
                                && !ra.cells.contains(&c)
                                && !rb.cells.contains(&c)
                            {
                                elims.push((c, 1 << digit));
                            }
                        }
                    }
                    if elims.is_empty() {
                        continue;
                    }
                    let mut step = Step::new(
                        Technique::CrossRunSubset,
                        Why::CrossRunSubset {
                            digit,
                            base: [*a, *b],
                            cover: [c1, c2],
                        },
                    );
                    step.eliminations = elims;
                    step.because = ra
                        .cells
                        .iter()
                        .chain(&rb.cells)
                        .copied()
                        .filter(|&c| board.candidates(c) & 1 << digit != 0)
                        .collect();
                    step.runs = vec![*a, *b, c1, c2];
                    return Some(step);
                }
            }
        }
    }
    None
}

/// A candidate of `id` that, placed, leaves one of its runs no arrangement, or squeezes a cell
/// of one of them so far that the cell's other run has none: the candidate goes.
pub(crate) fn domain_shaving(puzzle: &Puzzle, board: &Board, id: CellId) -> Option<Step> {
    if board.value(id).is_some() {
        return None;
    }
    let cell = puzzle.cell(id);
    for digit in super::text::digits(board.candidates(id)) {
        let assumed = [(id, 1 << digit)];
        if let Some((failed, through)) = shaved(puzzle, board, cell.runs(), &assumed) {
            let mut step = Step::new(
                Technique::DomainShaving,
                Why::DomainShaving {
                    cell: id,
                    digit,
                    failed,
                    through,
                },
            );
            step.eliminations = vec![(id, 1 << digit)];
            step.because = through.into_iter().collect();
            step.runs = cell.runs().chain([failed]).collect();
            step.runs.dedup();
            return Some(step);
        }
    }
    None
}

/// With `assumed` narrowing a cell, the run that cannot be completed and the cell it fails
/// through (`None`: one of the cell's own runs fails).
fn shaved(
    puzzle: &Puzzle,
    board: &Board,
    runs: impl Iterator<Item = RunId>,
    assumed: &[(CellId, Mask)],
) -> Option<(RunId, Option<CellId>)> {
    for run in runs {
        let got = match reach(puzzle, board, run, assumed) {
            Reach::None => return Some((run, None)),
            Reach::Some(got, _) => got,
        };
        for (c, m) in got {
            if c == assumed[0].0 || m == board.candidates(c) {
                continue;
            }
            let cell = puzzle.cell(c);
            for other in cell.runs().filter(|&o| o != run) {
                if let Reach::None = reach(puzzle, board, other, &[(c, m)]) {
                    return Some((other, Some(c)));
                }
            }
        }
    }
    None
}
