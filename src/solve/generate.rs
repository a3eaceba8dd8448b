//! Random puzzles for tests and benchmarks: random walls, then clues summed from a random valid
//! filling, so every generated puzzle has at least one solution.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::combos::{Mask, digit_of, is_single};
use super::model::Model;
use super::propagate::digits;
use super::propagate::{assign, propagate, propagate_all};
use super::state::State;
use crate::grid::{Cell, Clue, Direction, Grid, Pos};
use crate::puzzle::{CellId, Puzzle};

/// A `width × height` grid with about `walls` (0.0..=1.0) of its inner cells walls, the top row
/// and left column walls, no run over nine cells, and every run's sum taken from one random
/// filling. The same seed gives the same grid.
pub fn random_grid(width: usize, height: usize, walls: f64, seed: u64) -> Grid {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut grid = Grid::new(width, height);
    for pos in grid.positions() {
        if pos.row > 0 && pos.col > 0 && !rng.random_bool(walls.clamp(0.0, 1.0)) {
            grid.set(pos, Cell::WHITE);
        }
    }
    break_long_runs(&mut grid, &mut rng);
    let Some(digits) = random_filling(&grid, &mut rng, |rng, _, dom| {
        let pick = rng.random_range(0..dom.count_ones() as usize);
        digits(dom).nth(pick).unwrap_or(0) as u8
    }) else {
        return grid;
    };
    let Ok(puzzle) = Puzzle::from_grid(&grid) else {
        return grid;
    };
    for seg in grid.segments() {
        let Some(wall) = seg.wall else { continue };
        let sum: u32 = seg
            .cells()
            .filter_map(|p| puzzle.cell_at(p))
            .map(|c| u32::from(digits[c.index()]))
            .sum();
        if let Some(Cell::Wall { down, across }) = grid.get_mut(wall) {
            let clue = Some(Clue::Sum(sum as u8));
            match seg.dir {
                Direction::Across => *across = clue,
                Direction::Down => *down = clue,
            }
        }
    }
    grid
}

/// Puts walls into runs longer than nine cells.
fn break_long_runs(grid: &mut Grid, rng: &mut StdRng) {
    loop {
        let long = grid.segments().into_iter().find(|s| s.len > 9);
        let Some(seg) = long else { return };
        let at = rng.random_range(1..seg.len - 1);
        let pos = match seg.dir {
            Direction::Across => Pos::new(seg.start.row, seg.start.col + at),
            Direction::Down => Pos::new(seg.start.row + at, seg.start.col),
        };
        grid.set(pos, Cell::WALL);
    }
}

/// Digits per white cell (by [`crate::CellId`]) with no digit twice in a run, chosen at random
/// (the grid's clues are ignored); `None` if the grid defeats the random search. `pick` chooses
/// a digit of a cell's remaining candidates (a mask of at least one digit): the test puzzles
/// pick uniformly, the puzzle generator leans as setters do.
pub(crate) fn random_filling(
    grid: &Grid,
    rng: &mut StdRng,
    mut pick: impl FnMut(&mut StdRng, CellId, Mask) -> u8,
) -> Option<Vec<u8>> {
    let mut bare = grid.clone();
    for pos in bare.positions() {
        if let Cell::Wall { .. } = bare.get(pos) {
            bare.set(pos, Cell::WALL);
        }
    }
    let puzzle = Puzzle::from_grid(&bare).ok()?;
    let model = Model::new(&puzzle);
    'attempt: for _ in 0..100 {
        let mut state = State::new(&model);
        propagate_all(&model, &mut state).ok()?;
        loop {
            let open = (0..model.vars).filter(|&v| !is_single(state.domains[v]));
            let Some(var) =
                open.min_by_key(|&v| (state.domains[v].count_ones(), rng.random::<u16>()))
            else {
                break;
            };
            loop {
                let dom = state.domains[var];
                if dom == 0 {
                    continue 'attempt;
                }
                let digit = pick(rng, CellId(var as u32), dom);
                if dom & (1 << digit) == 0 {
                    return None;
                }
                let mark = state.mark();
                if assign(&model, &mut state, var, digit).is_ok() {
                    break;
                }
                state.undo(mark);
                let rest = dom & !(1 << digit);
                if rest == 0
                    || state.set_domain(&model, var, rest).is_err()
                    || propagate(&model, &mut state).is_err()
                {
                    continue 'attempt;
                }
            }
        }
        return Some(
            state.domains[..model.cells]
                .iter()
                .map(|&d| digit_of(d))
                .collect(),
        );
    }
    None
}
