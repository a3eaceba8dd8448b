//! The layout of walls and white cells: symmetric, connected, no run of one cell, no run too long.

use rand::Rng;
use rand::rngs::StdRng;

use crate::grid::{Cell, Grid, Pos};

use super::Symmetry;

/// Rounds of repair a random layout gets before it is drawn again.
const REPAIR_ROUNDS: usize = 64;

/// The cell `symmetry` pairs with `pos` (itself on an axis or at the centre). The clue row and
/// column (row 0, column 0) stay out of it: the symmetry is the interior's.
pub fn partner(symmetry: Symmetry, width: usize, height: usize, pos: Pos) -> Pos {
    match symmetry {
        Symmetry::None => pos,
        Symmetry::Rotate => Pos::new(height - pos.row, width - pos.col),
        Symmetry::Mirror => Pos::new(pos.row, width - pos.col),
    }
}

/// Makes `pos` and its partner walls (without clues).
pub fn wall_pair(grid: &mut Grid, symmetry: Symmetry, pos: Pos) {
    let (w, h) = (grid.width(), grid.height());
    grid.set(pos, Cell::WALL);
    grid.set(partner(symmetry, w, h, pos), Cell::WALL);
}

/// Whether the layout is one the generator may hand out: white cells connected, every
/// segment two to `max_run` cells long, and at least a third of the interior white.
pub fn is_sound(grid: &Grid, max_run: usize) -> bool {
    let whites = grid.white_count();
    let interior = (grid.width() - 1) * (grid.height() - 1);
    whites * 3 >= interior
        && grid
            .segments()
            .iter()
            .all(|s| (2..=max_run).contains(&s.len))
        && largest_component(grid).len() == whites
}

/// Whether `grid` looks the same under `symmetry` (walls and white cells).
pub fn is_symmetric(grid: &Grid, symmetry: Symmetry) -> bool {
    let (w, h) = (grid.width(), grid.height());
    grid.positions()
        .filter(|p| p.row > 0 && p.col > 0)
        .all(|p| grid.is_white(p) == grid.is_white(partner(symmetry, w, h, p)))
}

/// A random layout of `width × height` (the clue row and column included) with about `walls`
/// of the interior walls; `None` when repair does not settle it (draw again).
pub fn random_layout(
    width: usize,
    height: usize,
    walls: f64,
    symmetry: Symmetry,
    max_run: usize,
    rng: &mut StdRng,
) -> Option<Grid> {
    let mut grid = Grid::new(width, height);
    for pos in grid.positions().filter(|p| p.row > 0 && p.col > 0) {
        grid.set(pos, Cell::WHITE);
    }
    for pos in grid.positions().filter(|p| p.row > 0 && p.col > 0) {
        // Each pair is drawn once, from its first cell in reading order.
        if partner(symmetry, width, height, pos) >= pos && rng.random_bool(walls) {
            wall_pair(&mut grid, symmetry, pos);
        }
    }
    for _ in 0..REPAIR_ROUNDS {
        if !repair(&mut grid, symmetry, max_run, rng) {
            return is_sound(&grid, max_run).then_some(grid);
        }
    }
    None
}

/// One round of repair: walls over one-cell segments, a wall inside each segment over
/// `max_run`, walls over every white cell outside the largest connected area. Whether it
/// changed anything.
fn repair(grid: &mut Grid, symmetry: Symmetry, max_run: usize, rng: &mut StdRng) -> bool {
    let mut changed = false;
    for seg in grid.segments() {
        if seg.len == 1 && grid.is_white(seg.start) {
            wall_pair(grid, symmetry, seg.start);
            changed = true;
        } else if seg.len > max_run {
            // Both parts keep at least two cells.
            let at = rng.random_range(2..seg.len - 2);
            let pos = match seg.dir {
                crate::grid::Direction::Across => Pos::new(seg.start.row, seg.start.col + at),
                crate::grid::Direction::Down => Pos::new(seg.start.row + at, seg.start.col),
            };
            if grid.is_white(pos) {
                wall_pair(grid, symmetry, pos);
                changed = true;
            }
        }
    }
    if changed {
        return true;
    }
    let keep = largest_component(grid);
    if keep.len() != grid.white_count() {
        let mut inside = vec![false; grid.width() * grid.height()];
        for p in &keep {
            inside[p.row * grid.width() + p.col] = true;
        }
        for pos in grid.positions() {
            if grid.is_white(pos) && !inside[pos.row * grid.width() + pos.col] {
                wall_pair(grid, symmetry, pos);
            }
        }
        return true;
    }
    false
}

/// The white cells of the largest connected area (ties: the first in reading order).
fn largest_component(grid: &Grid) -> Vec<Pos> {
    let (w, h) = (grid.width(), grid.height());
    let mut seen = vec![false; w * h];
    let mut best: Vec<Pos> = Vec::new();
    for start in grid.positions() {
        if !grid.is_white(start) || seen[start.row * w + start.col] {
            continue;
        }
        seen[start.row * w + start.col] = true;
        let mut area = vec![start];
        let mut i = 0;
        while i < area.len() {
            let p = area[i];
            i += 1;
            let near = [
                (p.row > 0).then(|| Pos::new(p.row - 1, p.col)),
                (p.row + 1 < h).then(|| Pos::new(p.row + 1, p.col)),
                (p.col > 0).then(|| Pos::new(p.row, p.col - 1)),
                (p.col + 1 < w).then(|| Pos::new(p.row, p.col + 1)),
            ];
            for q in near.into_iter().flatten() {
                if grid.is_white(q) && !seen[q.row * w + q.col] {
                    seen[q.row * w + q.col] = true;
                    area.push(q);
                }
            }
        }
        if area.len() > best.len() {
            best = area;
        }
    }
    best
}
