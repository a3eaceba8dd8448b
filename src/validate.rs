//! Validation: every problem of a grid, each with its place and a plain-English message.

use std::fmt;

use crate::grid::{Cell, Clue, Direction, Grid, MAX_SIDE, Pos};
use crate::puzzle::is_run;

/// The longest run Kakuro allows: nine different digits.
pub const MAX_RUN: usize = 9;

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Allowed, but worth a look (a run without a sum, a run of one cell).
    Warning,
    /// The grid is not a puzzle the engine accepts.
    Error,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// The grid has no white cells at all.
    EmptyGrid,
    /// The grid is wider or taller than [`MAX_SIDE`].
    TooLarge {
        /// Grid width.
        width: usize,
        /// Grid height.
        height: usize,
    },
    /// A wall gives a sum in a direction where no white cell follows it.
    ClueWithoutRun {
        /// Which of the wall's two sums.
        dir: Direction,
        /// The sum as written.
        clue: Clue,
    },
    /// A sum no set of different digits 1–9 of the run's length adds up to.
    ImpossibleSum {
        /// Run direction.
        dir: Direction,
        /// The sum.
        sum: u8,
        /// Cells in the run.
        len: usize,
    },
    /// A run of more than nine cells: its digits cannot all differ.
    RunTooLong {
        /// Run direction.
        dir: Direction,
        /// Cells in the run.
        len: usize,
    },
    /// A run with no sum: only "all different" constrains it (a warning).
    RunWithoutSum {
        /// Run direction.
        dir: Direction,
        /// Cells in the run.
        len: usize,
    },
    /// Runs of a single cell, all of the grid's in one warning (a big grid may have hundreds):
    /// with a sum, the sum is the digit; without one, the cell stands alone that way, free of
    /// any sum. Allowed, but rare in published puzzles, and not warned about at all when the
    /// grid allows them ([`Grid::allows_one_cell_runs`]).
    OneCellRuns {
        /// Every one, in reading order of their places.
        runs: Vec<OneCellRun>,
    },
}

/// One run of a single cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OneCellRun {
    /// The wall holding its sum; the cell itself when it has no sum.
    pub pos: Pos,
    /// Across or down.
    pub dir: Direction,
    /// Whether it has a sum.
    pub sum: bool,
}

/// One problem: what, and where.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Problem {
    /// The wall holding the clue, or the run's first cell when it has no wall; `None` for the
    /// grid as a whole.
    pub pos: Option<Pos>,
    /// What is wrong.
    pub kind: ProblemKind,
}

impl Problem {
    /// Error or warning.
    pub fn severity(&self) -> Severity {
        match self.kind {
            ProblemKind::RunWithoutSum { .. } | ProblemKind::OneCellRuns { .. } => {
                Severity::Warning
            }
            _ => Severity::Error,
        }
    }

    /// Whether the problem makes the grid unsolvable as written.
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }

    /// The message without the place.
    pub fn message(&self) -> String {
        match &self.kind {
            ProblemKind::EmptyGrid => "the grid has no white cells".into(),
            ProblemKind::TooLarge { width, height } => format!(
                "the grid is {width} × {height}; the largest allowed is {MAX_SIDE} × {MAX_SIDE}"
            ),
            ProblemKind::ClueWithoutRun { dir, clue } => {
                let where_ = match dir {
                    Direction::Across => "to its right",
                    Direction::Down => "below it",
                };
                format!("{dir} sum {clue} has no white cells {where_}")
            }
            ProblemKind::ImpossibleSum { dir, sum, len } => {
                let (lo, hi) = sum_range(*len);
                format!(
                    "{dir} sum {sum} is impossible for {len} {}: it must be {lo} to {hi}",
                    cells_word(*len)
                )
            }
            ProblemKind::RunTooLong { dir, len } => {
                format!("{dir} run of {len} cells is longer than {MAX_RUN}")
            }
            ProblemKind::RunWithoutSum { dir, len } => {
                format!("{dir} run of {len} {} has no sum", cells_word(*len))
            }
            ProblemKind::OneCellRuns { runs } => one_cell_message(runs),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = match self.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        match self.pos {
            Some(pos) => write!(f, "{pos}: {label}: {}", self.message()),
            None => write!(f, "{label}: {}", self.message()),
        }
    }
}

/// "across run of 1 cell: …" for one, "12 runs of 1 cell (9 with a sum, 3 without), the first
/// here: …" for several.
fn one_cell_message(runs: &[OneCellRun]) -> String {
    const RARE: &str = "allowed, but rare in published puzzles";
    match runs {
        [one] if one.sum => format!("{} run of 1 cell: {RARE}", one.dir),
        [one] => format!(
            "{} run of 1 cell without a sum (a lone white cell): {RARE}",
            one.dir
        ),
        _ => {
            let with = runs.iter().filter(|r| r.sum).count();
            let without = runs.len() - with;
            let kinds = match (with, without) {
                (_, 0) => format!("all {with} with a sum"),
                (0, _) => format!("all {without} without a sum"),
                _ => format!("{with} with a sum, {without} without"),
            };
            format!(
                "{} runs of 1 cell ({kinds}), the first here: {RARE}",
                runs.len()
            )
        }
    }
}

fn cells_word(n: usize) -> &'static str {
    if n == 1 { "cell" } else { "cells" }
}

/// The smallest and largest sums of `len` different digits 1–9 (`len` in 1..=9).
pub const fn sum_range(len: usize) -> (u32, u32) {
    let n = len as u32;
    (n * (n + 1) / 2, n * (19 - n) / 2)
}

/// Every problem of the grid: the errors, then the warnings, each in reading order of their
/// places.
pub fn validate(grid: &Grid) -> Vec<Problem> {
    let mut problems = Vec::new();
    if grid.width() > MAX_SIDE || grid.height() > MAX_SIDE {
        problems.push(Problem {
            pos: None,
            kind: ProblemKind::TooLarge {
                width: grid.width(),
                height: grid.height(),
            },
        });
        return problems;
    }
    if grid.white_count() == 0 {
        problems.push(Problem {
            pos: None,
            kind: ProblemKind::EmptyGrid,
        });
    }
    for pos in grid.positions() {
        if let Cell::Wall { .. } = grid.get(pos) {
            for dir in Direction::ALL {
                if let Some(clue) = grid.get(pos).clue(dir)
                    && !grid.is_white(pos.step(dir))
                {
                    problems.push(Problem {
                        pos: Some(pos),
                        kind: ProblemKind::ClueWithoutRun { dir, clue },
                    });
                }
            }
        }
    }
    let mut one_cell = Vec::new();
    for seg in grid.segments() {
        if seg.len == 1 && seg.clue.is_none() {
            one_cell.push(OneCellRun {
                pos: seg.start,
                dir: seg.dir,
                sum: false,
            });
        }
        if !is_run(seg.len, seg.clue.is_some()) {
            continue;
        }
        let place = seg.wall.unwrap_or(seg.start);
        let pos = Some(place);
        let (dir, len) = (seg.dir, seg.len);
        if len > MAX_RUN {
            problems.push(Problem {
                pos,
                kind: ProblemKind::RunTooLong { dir, len },
            });
            continue;
        }
        match seg.clue {
            None => problems.push(Problem {
                pos,
                kind: ProblemKind::RunWithoutSum { dir, len },
            }),
            Some(Clue::Sum(sum)) => {
                let (lo, hi) = sum_range(len);
                if !(lo..=hi).contains(&u32::from(sum)) {
                    problems.push(Problem {
                        pos,
                        kind: ProblemKind::ImpossibleSum { dir, sum, len },
                    });
                } else if len == 1 {
                    one_cell.push(OneCellRun {
                        pos: place,
                        dir,
                        sum: true,
                    });
                }
            }
            Some(Clue::Cipher(_)) if len == 1 => one_cell.push(OneCellRun {
                pos: place,
                dir,
                sum: true,
            }),
            Some(Clue::Cipher(_)) => {}
        }
    }
    one_cell.sort_by_key(|r| (r.pos, r.dir == Direction::Down));
    if let Some(first) = one_cell.first().filter(|_| !grid.allows_one_cell_runs()) {
        problems.push(Problem {
            pos: Some(first.pos),
            kind: ProblemKind::OneCellRuns { runs: one_cell },
        });
    }
    // Errors first: one error must not hide among many warnings (a new grid's runs all lack
    // their sums).
    problems.sort_by_key(|p| (std::cmp::Reverse(p.severity()), p.pos));
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall(down: Option<u8>, across: Option<u8>) -> Cell {
        Cell::Wall {
            down: down.map(Clue::Sum),
            across: across.map(Clue::Sum),
        }
    }

    #[test]
    fn each_problem_kind_is_reported_with_its_place() {
        let mut g = Grid::new(12, 3);
        // r1: across 18 in 2 cells (impossible), then a wall with an across clue but no run.
        g.set(Pos::new(0, 0), wall(None, Some(18)));
        g.set(Pos::new(0, 1), Cell::WHITE);
        g.set(Pos::new(0, 2), Cell::WHITE);
        g.set(Pos::new(0, 3), wall(None, Some(5)));
        g.set(Pos::new(0, 4), wall(None, None));
        // r2: a run of 11 cells without a wall in front.
        for c in 1..12 {
            g.set(Pos::new(1, c), Cell::WHITE);
        }
        let p = validate(&g);
        let msgs: Vec<String> = p.iter().map(ToString::to_string).collect();
        assert!(
            msgs.contains(
                &"r1c1: error: across sum 18 is impossible for 2 cells: it must be 3 to 17".into()
            ),
            "{msgs:?}"
        );
        assert!(
            msgs.contains(&"r1c4: error: across sum 5 has no white cells to its right".into()),
            "{msgs:?}"
        );
        assert!(
            msgs.contains(&"r2c1: error: across run of 11 cells is longer than 9".into()),
            "{msgs:?}"
        );
        assert!(
            p.iter()
                .any(|p| matches!(p.kind, ProblemKind::RunWithoutSum { .. }) && !p.is_error())
        );
    }

    #[test]
    fn empty_and_oversized_grids() {
        assert_eq!(validate(&Grid::new(3, 3))[0].kind, ProblemKind::EmptyGrid);
        let big = Grid::new(MAX_SIDE + 1, 1);
        assert!(matches!(
            validate(&big)[0].kind,
            ProblemKind::TooLarge { .. }
        ));
    }

    #[test]
    fn errors_come_before_warnings_and_a_one_cell_run_is_a_warning() {
        // r1: a one-cell across run with sum 4, a wall, then an across run of 2 without a sum;
        // r2: an across run of 2 with the impossible sum 18, after the warnings in reading order.
        let mut g = Grid::new(6, 2);
        g.set(Pos::new(0, 0), wall(None, Some(4)));
        g.set(Pos::new(0, 1), Cell::WHITE);
        g.set(Pos::new(0, 3), Cell::WHITE);
        g.set(Pos::new(0, 4), Cell::WHITE);
        g.set(Pos::new(1, 3), wall(None, Some(18)));
        g.set(Pos::new(1, 4), Cell::WHITE);
        g.set(Pos::new(1, 5), Cell::WHITE);
        let p = validate(&g);
        let msgs: Vec<String> = p.iter().map(ToString::to_string).collect();
        assert_eq!(
            msgs[0],
            "r2c4: error: across sum 18 is impossible for 2 cells: it must be 3 to 17"
        );
        assert!(p[1..].iter().all(|p| !p.is_error()), "{msgs:?}");
        // r1c2's across run of 1 with its sum, and the three cells alone downwards (r1c2,
        // r1c4 and r1c5 have walls or the edge below them): one warning for all.
        assert!(
            msgs.contains(
                &"r1c1: warning: 4 runs of 1 cell (1 with a sum, 3 without), the first here: \
                  allowed, but rare in published puzzles"
                    .into()
            ),
            "{msgs:?}"
        );
    }

    #[test]
    fn one_cell_runs_of_both_kinds_are_one_warning_unless_allowed() {
        // Row 1: ten one-cell across runs with sums, each cell alone downwards too.
        let mut g = Grid::new(21, 2);
        for c in (0..20).step_by(2) {
            g.set(Pos::new(1, c), wall(None, Some(5)));
            g.set(Pos::new(1, c + 1), Cell::WHITE);
        }
        let p = validate(&g);
        assert_eq!(p.len(), 1, "{p:?}");
        let ProblemKind::OneCellRuns { runs } = &p[0].kind else {
            panic!("{p:?}");
        };
        assert_eq!(runs.len(), 20);
        assert_eq!(runs.iter().filter(|r| r.sum).count(), 10);
        assert_eq!(p[0].pos, Some(Pos::new(1, 0)));
        assert_eq!(
            p[0].message(),
            "20 runs of 1 cell (10 with a sum, 10 without), the first here: allowed, but rare \
             in published puzzles"
        );
        // A lone white cell without any sum is warned about too.
        let mut lone = Grid::new(3, 3);
        lone.set(Pos::new(1, 1), Cell::WHITE);
        let p = validate(&lone);
        let msgs: Vec<String> = p.iter().map(ToString::to_string).collect();
        assert_eq!(
            msgs,
            [
                "r2c2: warning: 2 runs of 1 cell (all 2 without a sum), the first here: allowed, \
              but rare in published puzzles"
            ]
        );
        // Allowed in the puzzle: no warning, and the errors stay.
        g.set_allows_one_cell_runs(true);
        assert!(validate(&g).is_empty());
        g.set(Pos::new(1, 0), wall(None, Some(12)));
        assert_eq!(validate(&g).len(), 1);
        assert!(validate(&g)[0].is_error());
    }

    #[test]
    fn one_cell_sum_of_ten_is_impossible() {
        let mut g = Grid::new(2, 1);
        g.set(Pos::new(0, 0), wall(None, Some(10)));
        g.set(Pos::new(0, 1), Cell::WHITE);
        let p = validate(&g);
        assert_eq!(p.iter().filter(|p| p.is_error()).count(), 1, "{p:?}");
        assert!(p[0].message().contains("impossible for 1 cell"));
    }
}
