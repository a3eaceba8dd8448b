//! The digits behind a puzzle, and the clues they give.
//!
//! Setters lean each run toward high or low digits: a sum near the top or the bottom of its
//! range has few digit sets, so its clue tells the solver something.

use rand::Rng;
use rand::rngs::StdRng;

use crate::grid::{Cell, Clue, Direction, Grid, Pos};
use crate::puzzle::Puzzle;
use crate::solve::combos::{self, Mask};
use crate::solve::generate::random_filling;

/// A digit per grid position (0 on walls): the solution the clues are summed from. Kept by
/// position, not by cell id, so walls can be added without renumbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filling {
    width: usize,
    digits: Vec<u8>,
}

impl Filling {
    /// The digit at `pos` (0 on a wall).
    pub fn at(&self, pos: Pos) -> u8 {
        self.digits[pos.row * self.width + pos.col]
    }

    /// Puts `digit` at `pos`.
    pub fn set(&mut self, pos: Pos, digit: u8) {
        self.digits[pos.row * self.width + pos.col] = digit;
    }

    /// A filling from a solution of `puzzle` (digits by cell id).
    pub fn from_solution(grid: &Grid, puzzle: &Puzzle, digits: &[u8]) -> Filling {
        let mut filling = Filling {
            width: grid.width(),
            digits: vec![0; grid.width() * grid.height()],
        };
        for (cell, &d) in puzzle.cells().iter().zip(digits) {
            filling.set(cell.pos, d);
        }
        filling
    }
}

/// A random filling of `grid`'s white cells, each run leaning high or low; `None` when the
/// random search gives up on the layout.
pub fn lean_filling(grid: &Grid, rng: &mut StdRng) -> Option<Filling> {
    let bare = bare(grid);
    let puzzle = Puzzle::from_grid(&bare).ok()?;
    let leans: Vec<bool> = puzzle.runs().iter().map(|_| rng.random_bool(0.5)).collect();
    let digits = random_filling(&bare, rng, |rng, cell, dom: Mask| {
        let weight = |d: u32| -> u32 {
            puzzle
                .cell(cell)
                .runs()
                .map(|r| {
                    if leans[r.index()] {
                        d * d
                    } else {
                        (10 - d) * (10 - d)
                    }
                })
                .sum::<u32>()
                .max(1)
        };
        let choices: Vec<u32> = (1..=9).filter(|&d| dom & (1 << d) != 0).collect();
        let total: u32 = choices.iter().map(|&d| weight(d)).sum();
        let mut at = rng.random_range(0..total);
        for &d in &choices {
            if at < weight(d) {
                return d as u8;
            }
            at -= weight(d);
        }
        choices[0] as u8
    })?;
    Some(Filling::from_solution(&bare, &puzzle, &digits))
}

/// Writes on every wall the sums of the runs beside it, from `filling`.
pub fn sum_clues(grid: &mut Grid, filling: &Filling) {
    for pos in grid.positions() {
        if let Cell::Wall { .. } = grid.get(pos) {
            grid.set(pos, Cell::WALL);
        }
    }
    for seg in grid.segments() {
        let Some(wall) = seg.wall else { continue };
        let sum: u32 = seg.cells().map(|p| u32::from(filling.at(p))).sum();
        if let Some(Cell::Wall { down, across }) = grid.get_mut(wall) {
            let clue = Some(Clue::Sum(sum as u8));
            match seg.dir {
                Direction::Across => *across = clue,
                Direction::Down => *down = clue,
            }
        }
    }
}

/// How many digit sets of `len` cells add up to `sum`: the fewer, the more the clue says.
pub fn digit_sets(len: usize, sum: u32) -> u32 {
    if len > 9 || sum > 45 {
        return 0;
    }
    combos::table(len).with_sum(sum as u8).count_ones()
}

/// The grid with its clues taken off (the filling ignores them anyway, and a layout being
/// repaired may carry stale ones).
fn bare(grid: &Grid) -> Grid {
    let mut bare = grid.clone();
    for pos in bare.positions() {
        if let Cell::Wall { .. } = bare.get(pos) {
            bare.set(pos, Cell::WALL);
        }
    }
    bare
}
