//! The search for the fewest edits that make a draft unique.
//!
//! A draft's ambiguities are often independent (separate regions where its solutions differ),
//! so one edit rarely removes them all. The search goes by rounds: round `n` tries every single
//! edit on each of the few drafts kept from round `n - 1` (the draft itself in round 1), keeps
//! every edited draft with one solution as a suggestion, and when there is none, carries on
//! from the edited drafts that cut the solutions the most (the smaller edit on a tie). Edits
//! are read off the solutions of the draft they apply to, at the cells where those differ,
//! taken in turn from each region so that every ambiguity gets its edits.

use std::collections::HashSet;
use std::time::Duration;

use crate::grid::{Grid, Pos};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Solver};

use super::super::Symmetry;
use super::super::fill::Filling;
use super::edits::{self, Edit, Edited};

/// Solutions read for the edits of a kept draft.
const READ: usize = 24;
/// The time one edited draft's count may take; past it, the draft counts as having more
/// solutions than any counted one.
const COUNT_TIME: Duration = Duration::from_millis(250);
/// The edited drafts a round carries on from.
const KEPT: usize = 3;
/// The most cells where the solutions differ that edits are tried on, per draft.
const MAX_CELLS: usize = 16;

/// A draft reached by some edits, and its solutions.
#[derive(Clone, Debug)]
pub struct Draft {
    /// The edits made so far, in order.
    pub edits: Vec<Edit>,
    /// The edited grid.
    pub grid: Grid,
    /// Its puzzle.
    pub puzzle: Puzzle,
    /// How many solutions it has; `None` when the count took too long (more than any counted).
    pub count: Option<u128>,
    /// Some of its solutions' digits by cell id (read only for the drafts a round keeps).
    pub solutions: Vec<Vec<u8>>,
}

impl Draft {
    /// The size of all its edits.
    pub fn size(&self) -> u32 {
        self.edits.iter().map(|e| u32::from(e.size)).sum()
    }

    /// The count for ranking: an unknown count after every known one.
    fn rank(&self) -> u128 {
        self.count.unwrap_or(u128::MAX)
    }
}

/// The number of solutions of `puzzle`, or `None` when counting takes over [`COUNT_TIME`].
pub fn count(puzzle: &Puzzle, cancel: &CancelToken) -> Result<Option<u128>, Cancelled> {
    let within = cancel.with_deadline(COUNT_TIME);
    match Solver::new(puzzle).with_cancel(within).count() {
        Ok(n) => Ok(Some(u128::try_from(n).unwrap_or(u128::MAX))),
        Err(Cancelled) if cancel.is_cancelled() => Err(Cancelled),
        Err(Cancelled) => Ok(None),
    }
}

/// Some solutions of `puzzle`, to read edits off.
pub fn read(puzzle: &Puzzle, cancel: &CancelToken) -> Result<Vec<Vec<u8>>, Cancelled> {
    Ok(Solver::new(puzzle)
        .with_cancel(cancel.clone())
        .some(READ)?
        .into_iter()
        .map(|s| s.digits)
        .collect())
}

/// What the rounds found.
#[derive(Debug, Default)]
pub struct Found {
    /// Edited drafts with one solution, from the earliest round that had any.
    pub unique: Vec<Draft>,
    /// When none is unique, the edited draft with the fewest solutions.
    pub best: Option<Draft>,
    /// Edited drafts judged.
    pub tried: usize,
    /// Rounds run (the most edits a suggestion was looked for with).
    pub rounds: usize,
    /// Whether the search stopped on its time budget rather than running out of edits.
    pub timed_out: bool,
}

/// Runs up to `max_edits` rounds from `start` (drafts with two solutions or more); `first`,
/// when given, replaces round 1's edits (the rewrites of a draft with no solution).
pub fn rounds(
    start: Vec<Draft>,
    first: Option<Vec<Edited>>,
    max_edits: usize,
    symmetry: Symmetry,
    cancel: &CancelToken,
) -> Result<Found, Cancelled> {
    let mut found = Found::default();
    let mut seen: HashSet<Grid> = start.iter().map(|d| d.grid.clone()).collect();
    let mut kept = start;
    let mut first = first;
    while found.rounds < max_edits && (!kept.is_empty() || first.is_some()) {
        found.rounds += 1;
        let mut next: Vec<Draft> = Vec::new();
        let mut judge = |base: Option<&Draft>, (edit, grid): Edited| -> Result<(), Cancelled> {
            if !seen.insert(grid.clone()) {
                return Ok(());
            }
            found.tried += 1;
            let Ok(puzzle) = Puzzle::from_grid(&grid) else {
                return Ok(());
            };
            let count = count(&puzzle, cancel)?;
            let mut edits = base.map(|b| b.edits.clone()).unwrap_or_default();
            edits.push(edit);
            let draft = Draft {
                edits,
                grid,
                puzzle,
                count,
                solutions: Vec::new(),
            };
            match count {
                Some(0) => {}
                Some(1) => found.unique.push(draft),
                _ if base.is_none_or(|b| draft.rank() <= b.rank()) => next.push(draft),
                _ => {}
            }
            Ok(())
        };
        let outcome = (|| -> Result<(), Cancelled> {
            if let Some(first) = first.take() {
                for edited in first {
                    judge(None, edited)?;
                }
                return Ok(());
            }
            for base in &kept {
                for edited in single_edits(base, symmetry) {
                    judge(Some(base), edited)?;
                }
            }
            Ok(())
        })();
        next.sort_by_key(|d| (d.rank(), d.size()));
        if let Some(best) = next.first()
            && found.best.as_ref().is_none_or(|b| best.rank() < b.rank())
        {
            found.best = Some(best.clone());
        }
        if let Err(Cancelled) = outcome {
            if !cancel.timed_out() {
                return Err(Cancelled);
            }
            found.timed_out = true;
            break;
        }
        if !found.unique.is_empty() {
            break;
        }
        next.truncate(KEPT);
        kept = Vec::new();
        for mut draft in next {
            match read(&draft.puzzle, cancel) {
                Ok(solutions) => draft.solutions = solutions,
                Err(Cancelled) if cancel.timed_out() => {
                    found.timed_out = true;
                    break;
                }
                Err(e) => return Err(e),
            }
            kept.push(draft);
        }
        if found.timed_out {
            break;
        }
    }
    if !found.unique.is_empty() {
        found.best = None;
    }
    Ok(found)
}

/// Every single edit of `draft` read off its solutions.
fn single_edits(draft: &Draft, symmetry: Symmetry) -> Vec<Edited> {
    let grid = &draft.grid;
    let solutions: Vec<&[u8]> = draft.solutions.iter().map(Vec::as_slice).collect();
    // A draft whose count ran out of time may turn out to have no solution at all.
    let Some(&first) = solutions.first() else {
        return Vec::new();
    };
    let filling = Filling::from_solution(grid, &draft.puzzle, first);
    let cells = differing_cells(&draft.puzzle, &solutions);
    let mut out = edits::missing_sums(grid, &draft.puzzle, &solutions);
    for &pos in &cells {
        out.extend(edits::clue_changes(grid, &filling, pos));
        out.extend(edits::wall_edit(grid, &filling, symmetry, pos));
    }
    out.extend(edits::splits(grid, &filling, symmetry, &cells));
    out
}

/// The cells where some solution differs from the first, at most [`MAX_CELLS`], taken in turn
/// from each region (cells joined by a run they share) so that every ambiguity is reached.
pub fn differing_cells(puzzle: &Puzzle, solutions: &[&[u8]]) -> Vec<Pos> {
    let first = solutions[0];
    let differs: Vec<bool> = (0..first.len())
        .map(|i| solutions[1..].iter().any(|s| s[i] != first[i]))
        .collect();
    let mut regions: Vec<Vec<Pos>> = Vec::new();
    let mut placed = vec![false; first.len()];
    for start in 0..first.len() {
        if !differs[start] || placed[start] {
            continue;
        }
        placed[start] = true;
        let mut region = vec![start];
        let mut at = 0;
        while at < region.len() {
            let cell = puzzle.cell(crate::CellId(region[at] as u32));
            at += 1;
            for run in cell.runs() {
                for &c in &puzzle.run(run).cells {
                    let i = c.index();
                    if differs[i] && !placed[i] {
                        placed[i] = true;
                        region.push(i);
                    }
                }
            }
        }
        region.sort_unstable();
        regions.push(region.into_iter().map(|i| puzzle.cells()[i].pos).collect());
    }
    let mut cells = Vec::new();
    let mut depth = 0;
    while cells.len() < MAX_CELLS && regions.iter().any(|r| r.len() > depth) {
        for region in &regions {
            if let Some(&p) = region.get(depth)
                && cells.len() < MAX_CELLS
            {
                cells.push(p);
            }
        }
        depth += 1;
    }
    cells
}
