//! Repair to uniqueness: where two solutions differ (or where logic gets stuck), change a digit
//! of the filling toward sums with fewer digit sets, or add a wall pair, and look again.

use rand::Rng;
use rand::rngs::StdRng;

use crate::grid::{Direction, Grid, Pos};
use crate::logic::{self, Explanation};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Solver};

use super::Symmetry;
use super::fill::{Filling, digit_sets, sum_clues};
use super::shape::{is_sound, wall_pair};

/// Edits one layout gets before the generator draws another.
const MAX_EDITS: usize = 120;

/// One in this many edits adds a wall pair rather than changing a digit.
const WALL_ONE_IN: u32 = 4;

/// A puzzle with one solution that logic alone solves, and its logical solve.
pub struct Settled {
    /// The puzzle of the repaired grid.
    pub puzzle: Puzzle,
    /// Its logical solve (the rating is in it).
    pub explanation: Explanation,
}

/// Repairs `grid` (clues summed from `filling`) until its puzzle is unique and solved by
/// logic; `Ok(None)` when the edits run out or no edit applies.
pub fn settle(
    grid: &mut Grid,
    filling: &mut Filling,
    symmetry: Symmetry,
    max_run: usize,
    rng: &mut StdRng,
    cancel: &CancelToken,
) -> Result<Option<Settled>, Cancelled> {
    for _ in 0..MAX_EDITS {
        sum_clues(grid, filling);
        let Ok(puzzle) = Puzzle::from_grid(grid) else {
            return Ok(None);
        };
        let found = Solver::new(&puzzle).with_cancel(cancel.clone()).some(2)?;
        let trouble: Vec<Pos> = if let [a, b] = &found[..] {
            differing(&puzzle, &a.digits, &b.digits)
        } else {
            let explanation = logic::explain_cancellable(&puzzle, cancel)?;
            if explanation.solved {
                return Ok(Some(Settled {
                    puzzle,
                    explanation,
                }));
            }
            puzzle
                .cells()
                .iter()
                .enumerate()
                .filter(|(i, _)| explanation.end.digits()[*i] == 0)
                .map(|(_, c)| c.pos)
                .collect()
        };
        if trouble.is_empty() {
            return Ok(None);
        }
        let pos = trouble[rng.random_range(0..trouble.len())];
        let walled = rng.random_ratio(1, WALL_ONE_IN) && add_wall(grid, symmetry, max_run, pos);
        if !walled
            && !change_digit(grid, filling, pos, rng)
            && !add_wall(grid, symmetry, max_run, pos)
        {
            return Ok(None);
        }
    }
    Ok(None)
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

/// Walls `pos` and its partner when the layout stays sound.
fn add_wall(grid: &mut Grid, symmetry: Symmetry, max_run: usize, pos: Pos) -> bool {
    let mut walled = grid.clone();
    wall_pair(&mut walled, symmetry, pos);
    if is_sound(&walled, max_run) {
        *grid = walled;
        true
    } else {
        false
    }
}

/// Gives `pos` another digit its runs allow, the one whose two new sums have the fewest digit
/// sets (ties at random). Whether there was one.
fn change_digit(grid: &Grid, filling: &mut Filling, pos: Pos, rng: &mut StdRng) -> bool {
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
    let score = |d: u8| -> u32 {
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
        .map(|d| (score(d), rng.random::<u32>(), d))
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
