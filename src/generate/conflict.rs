//! Why a draft has no solution: a smallest set of clues that cannot all hold.
//!
//! Deletion finds a minimal set: drop one clue's sum (its run keeps its digits different) and
//! ask whether the rest can hold; a clue stays in the set only when the rest can. Conflicts
//! are usually local, so small neighbourhoods of runs (the runs crossing a run, then theirs) are
//! tried first: their questions are quick, and the set they give is small. Every question has a
//! work budget, counted in the search's backtracks, so a large grid answers fast and the same
//! grid always gives the same set.

use std::collections::BTreeSet;
use std::fmt;

use crate::grid::{Cell, Clue, Direction, Grid, Pos};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Outcome, Solver, Tuning};

/// Backtracks one satisfiability question may take before its answer counts as unknown.
const BUDGET: u64 = 20_000;
/// The widest neighbourhood (in crossings from one run) tried before the whole grid.
const MAX_RADIUS: usize = 2;

/// One clue of a conflicting set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// Across or down.
    pub dir: Direction,
    /// The wall holding the clue.
    pub wall: Pos,
    /// The clue's sum.
    pub sum: u8,
    /// The run's cells, in reading order.
    pub cells: Vec<Pos>,
}

impl fmt::Display for Conflict {
    /// "across 16 at r2c1".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} at {}", self.dir, self.sum, self.wall)
    }
}

/// The clues of a draft with no solution that cannot all hold, each one needed (as far as the
/// work budget could tell); empty when the draft has a solution, or its layout is broken
/// beyond its sums (such as a run of ten).
pub fn conflicts(grid: &Grid, cancel: &CancelToken) -> Result<Vec<Conflict>, Cancelled> {
    let clues = clue_runs(grid);
    let all: Vec<usize> = (0..clues.len()).collect();
    if holds(grid, &clues, &[], cancel)? != Some(true)
        || holds(grid, &clues, &all, cancel)? != Some(false)
    {
        return Ok(Vec::new());
    }
    let crossing = crossings(grid, &clues);
    for radius in 0..=MAX_RADIUS {
        for start in 0..clues.len() {
            let near = neighbourhood(&crossing, start, radius);
            if near.len() < clues.len() && holds(grid, &clues, &near, cancel)? == Some(false) {
                return shrink(grid, &clues, near, cancel);
            }
        }
    }
    shrink(grid, &clues, all, cancel)
}

/// Drops each clue of the unsatisfiable set `set` whose absence leaves it unsatisfiable.
fn shrink(
    grid: &Grid,
    clues: &[Conflict],
    mut set: Vec<usize>,
    cancel: &CancelToken,
) -> Result<Vec<Conflict>, Cancelled> {
    let mut i = 0;
    while i < set.len() {
        let mut without = set.clone();
        without.remove(i);
        if holds(grid, clues, &without, cancel)? == Some(false) {
            set = without;
        } else {
            i += 1;
        }
    }
    Ok(set.into_iter().map(|k| clues[k].clone()).collect())
}

/// The runs with a number clue, in the grid's order.
fn clue_runs(grid: &Grid) -> Vec<Conflict> {
    grid.segments()
        .into_iter()
        .filter_map(|seg| match (seg.wall, seg.clue) {
            (Some(wall), Some(Clue::Sum(sum))) => Some(Conflict {
                dir: seg.dir,
                wall,
                sum,
                cells: seg.cells().collect(),
            }),
            _ => None,
        })
        .collect()
}

/// Per clue run, the clue runs crossing it.
fn crossings(grid: &Grid, clues: &[Conflict]) -> Vec<Vec<usize>> {
    let mut owner = vec![[None; 2]; grid.width() * grid.height()];
    for (k, c) in clues.iter().enumerate() {
        for &p in &c.cells {
            owner[p.row * grid.width() + p.col][c.dir as usize] = Some(k);
        }
    }
    clues
        .iter()
        .map(|c| {
            c.cells
                .iter()
                .filter_map(|p| owner[p.row * grid.width() + p.col][1 - c.dir as usize])
                .collect()
        })
        .collect()
}

/// The clue runs within `radius` crossings of `start`, sorted.
fn neighbourhood(crossing: &[Vec<usize>], start: usize, radius: usize) -> Vec<usize> {
    let mut seen = BTreeSet::from([start]);
    let mut edge = vec![start];
    for _ in 0..radius {
        edge = edge
            .iter()
            .flat_map(|&k| crossing[k].iter().copied())
            .filter(|&k| seen.insert(k))
            .collect();
    }
    seen.into_iter().collect()
}

/// The draft with only the clues `kept` (indices into `clues`); the other runs keep their
/// cells, digits all different, without a sum.
fn with_only(grid: &Grid, clues: &[Conflict], kept: &[usize]) -> Grid {
    let mut relaxed = grid.clone();
    for (k, c) in clues.iter().enumerate() {
        if !kept.contains(&k) {
            set_clue(&mut relaxed, c.wall, c.dir, None);
        }
    }
    relaxed
}

/// Whether the clues `kept` can all hold: `None` when the budget ran out first.
fn holds(
    grid: &Grid,
    clues: &[Conflict],
    kept: &[usize],
    cancel: &CancelToken,
) -> Result<Option<bool>, Cancelled> {
    if cancel.is_cancelled() {
        return Err(Cancelled);
    }
    let Ok(puzzle) = Puzzle::from_grid(&with_only(grid, clues, kept)) else {
        return Ok(Some(false));
    };
    let (found, outcome) = Solver::new(&puzzle)
        .with_cancel(cancel.clone())
        .with_tuning(Tuning {
            give_up_after: BUDGET,
            ..Tuning::default()
        })
        .solutions(1);
    if cancel.is_cancelled() {
        return Err(Cancelled);
    }
    Ok(match (found.is_empty(), outcome) {
        (false, _) => Some(true),
        (true, Ok(Outcome::Complete)) => Some(false),
        (true, _) => None,
    })
}

/// Sets (or clears) the clue in `dir` of the wall at `wall`.
pub(crate) fn set_clue(grid: &mut Grid, wall: Pos, dir: Direction, clue: Option<Clue>) {
    if let Some(Cell::Wall { down, across }) = grid.get_mut(wall) {
        match dir {
            Direction::Across => *across = clue,
            Direction::Down => *down = clue,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    fn parse(text: &str) -> Grid {
        kakuro_text::parse(text).unwrap().0
    }

    #[test]
    fn a_square_whose_sums_disagree_needs_three_clues() {
        // Both downs 3 put 1 and 2 in each column, so the bottom row adds to 3 at most: the
        // across 5 cannot hold, and the top row's 3 is not needed to see it.
        let grid = parse("\\ 3\\ 3\\\n\\3 _ _\n\\5 _ _\n");
        let found = conflicts(&grid, &CancelToken::new()).unwrap();
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(
            found.iter().all(|c| c.sum != 3 || c.dir == Direction::Down),
            "{found:?}"
        );
    }

    #[test]
    fn a_local_conflict_leaves_the_rest_of_the_grid_out() {
        // Left: across 3 is 1 2, but the downs 4 allow only 1 or 3 on top. Right: a block
        // that holds.
        let grid = parse("\\ 4\\ 4\\ \\ \\ 3\\ 4\\\n\\3 _ _ \\ \\3 _ _\n\\7 _ _ \\ \\4 _ _\n");
        let found = conflicts(&grid, &CancelToken::new()).unwrap();
        assert!(!found.is_empty());
        assert!(found.iter().all(|c| c.wall.col < 3), "{found:?}");
        assert_eq!(found.len(), 3, "{found:?}");
    }

    #[test]
    fn a_solvable_draft_has_no_conflict() {
        let grid = parse("\\ 4\\ 3\\\n\\3 _ _\n\\4 _ _\n");
        assert!(conflicts(&grid, &CancelToken::new()).unwrap().is_empty());
    }

    /// Random solvable grids with one clue raised or lowered by one until they have no
    /// solution: the reported set cannot hold, and each clue in it is needed.
    #[test]
    fn random_impossible_drafts_get_minimal_conflicting_sets() {
        let mut tried = 0;
        for seed in 0..40u64 {
            let mut grid = crate::solve::generate::random_grid(7, 7, 0.2, seed);
            let clues = clue_runs(&grid);
            if clues.is_empty() {
                continue;
            }
            let c = &clues[seed as usize % clues.len()];
            let new = if seed % 2 == 0 { c.sum + 1 } else { c.sum - 1 };
            set_clue(&mut grid, c.wall, c.dir, Some(Clue::Sum(new)));
            let Ok(p) = Puzzle::from_grid(&grid) else {
                continue;
            };
            if !Solver::new(&p).some(1).unwrap().is_empty() {
                continue;
            }
            tried += 1;
            let found = conflicts(&grid, &CancelToken::new()).unwrap();
            assert!(!found.is_empty(), "seed {seed}");
            let clues = clue_runs(&grid);
            let index: Vec<usize> = found
                .iter()
                .map(|f| clues.iter().position(|c| c == f).unwrap())
                .collect();
            let none = CancelToken::new();
            assert_eq!(holds(&grid, &clues, &index, &none).unwrap(), Some(false));
            for (k, needed) in found.iter().enumerate() {
                let mut without = index.clone();
                without.remove(k);
                assert_eq!(
                    holds(&grid, &clues, &without, &none).unwrap(),
                    Some(true),
                    "seed {seed}: {needed} is not needed"
                );
            }
        }
        assert!(tried >= 5, "only {tried} impossible drafts");
    }
}
