//! The layout of walls and white cells: symmetric, connected, no run of one cell, no run too long,
//! spread over the whole interior.

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use crate::grid::{Cell, Grid, Pos};

use super::Symmetry;

/// The cell `symmetry` pairs with `pos` (itself on an axis or at the centre). The clue row and
/// column (row 0, column 0) stay out of it: the symmetry is the interior's.
pub fn partner(symmetry: Symmetry, width: usize, height: usize, pos: Pos) -> Pos {
    match symmetry {
        Symmetry::None => pos,
        Symmetry::Rotate => Pos::new(height - pos.row, width - pos.col),
        Symmetry::Mirror => Pos::new(pos.row, width - pos.col),
    }
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
        && Layout::of(grid).is_connected()
}

/// Whether `grid` looks the same under `symmetry` (walls and white cells).
pub fn is_symmetric(grid: &Grid, symmetry: Symmetry) -> bool {
    let (w, h) = (grid.width(), grid.height());
    grid.positions()
        .filter(|p| p.row > 0 && p.col > 0)
        .all(|p| grid.is_white(p) == grid.is_white(partner(symmetry, w, h, p)))
}

/// The symmetry `grid`'s walls have (rotation before mirror), or none.
pub fn symmetry_of(grid: &Grid) -> Symmetry {
    [Symmetry::Rotate, Symmetry::Mirror]
        .into_iter()
        .find(|&s| is_symmetric(grid, s))
        .unwrap_or(Symmetry::None)
}

/// How many interior walls `walls` (a share of the interior) asks for.
pub fn wall_target(width: usize, height: usize, walls: f64) -> usize {
    (walls * ((width - 1) * (height - 1)) as f64).round() as usize
}

/// A random layout of `width × height` (the clue row and column included) over the whole
/// interior, with about `walls` of it walls; `None` when a run too long cannot be broken (draw
/// again).
///
/// Walls go in one symmetric pair at a time, and only where every run keeps two cells or more
/// and the white cells stay connected: first into runs longer than `max_run`, then anywhere
/// until the density is reached. Nothing is cut away afterwards, so the white cells reach every
/// part of the grid.
pub fn random_layout(
    width: usize,
    height: usize,
    walls: f64,
    symmetry: Symmetry,
    max_run: usize,
    rng: &mut StdRng,
) -> Option<Grid> {
    let mut layout = Layout::open(width, height, symmetry);
    while layout.split_long_runs(max_run, rng)? {}
    let target = wall_target(width, height, walls);
    let mut order: Vec<Pos> = layout
        .interior()
        .filter(|&p| partner(symmetry, width, height, p) >= p)
        .collect();
    order.shuffle(rng);
    for &pos in &order {
        if layout.walls >= target {
            break;
        }
        layout.try_wall(pos);
    }
    // Where a single wall would leave a lone cell, the cell goes with it.
    for &pos in &order {
        if layout.walls >= target {
            break;
        }
        let mut cells = vec![pos];
        cells.extend(layout.lone_beside(pos));
        layout.try_wall_all(&cells, target);
    }
    let grid = layout.grid();
    is_sound(&grid, max_run).then_some(grid)
}

/// Walls `pos` and its partner in `grid` when every run keeps two cells or more and the white
/// cells stay connected; otherwise leaves the grid as it was. Whether it walled them.
pub fn try_wall_pair(grid: &mut Grid, symmetry: Symmetry, pos: Pos) -> bool {
    let mut layout = Layout::of(grid);
    layout.symmetry = symmetry;
    if !layout.try_wall(pos) {
        return false;
    }
    let partner = partner(symmetry, grid.width(), grid.height(), pos);
    grid.set(pos, Cell::WALL);
    grid.set(partner, Cell::WALL);
    true
}

/// White and wall cells of a grid being laid out (no clues yet).
struct Layout {
    width: usize,
    height: usize,
    symmetry: Symmetry,
    white: Vec<bool>,
    /// Walls of the interior.
    walls: usize,
}

impl Layout {
    /// Every interior cell white.
    fn open(width: usize, height: usize, symmetry: Symmetry) -> Layout {
        let white = (0..width * height)
            .map(|i| i / width > 0 && i % width > 0)
            .collect();
        Layout {
            width,
            height,
            symmetry,
            white,
            walls: 0,
        }
    }

    /// The layout of `grid` (symmetry none until set).
    fn of(grid: &Grid) -> Layout {
        let (width, height) = (grid.width(), grid.height());
        let white: Vec<bool> = (0..width * height)
            .map(|i| grid.is_white(Pos::new(i / width, i % width)))
            .collect();
        let whites = white.iter().filter(|&&w| w).count();
        Layout {
            width,
            height,
            symmetry: Symmetry::None,
            white,
            walls: (width - 1) * (height - 1) - whites,
        }
    }

    fn interior(&self) -> impl Iterator<Item = Pos> + use<> {
        let (w, h) = (self.width, self.height);
        (1..h).flat_map(move |r| (1..w).map(move |c| Pos::new(r, c)))
    }

    fn is_white(&self, row: isize, col: isize) -> bool {
        row >= 0
            && col >= 0
            && (row as usize) < self.height
            && (col as usize) < self.width
            && self.white[row as usize * self.width + col as usize]
    }

    /// Walls one cell (and its partner) inside runs longer than `max_run`, preferring a cell
    /// that splits an across and a down run at once, then one that splits a run, then one that
    /// trims a run's end; `Some(false)` when no run is too long,
    /// `None` when none of them can be split.
    fn split_long_runs(&mut self, max_run: usize, rng: &mut StdRng) -> Option<bool> {
        // Per cell: how many long runs it splits into two runs of two cells or more.
        let mut splits = vec![0u8; self.white.len()];
        let mut any = false;
        for across in [true, false] {
            let (outer, inner) = if across {
                (self.height, self.width)
            } else {
                (self.width, self.height)
            };
            for o in 0..outer {
                let index = |i: usize| {
                    if across {
                        o * self.width + i
                    } else {
                        i * self.width + o
                    }
                };
                let mut i = 0;
                while i < inner {
                    if !self.white[index(i)] {
                        i += 1;
                        continue;
                    }
                    let first = i;
                    while i < inner && self.white[index(i)] {
                        i += 1;
                    }
                    if i - first > max_run {
                        any = true;
                        // A cell that splits the run counts more than one that trims its end.
                        for at in first + 2..i - 2 {
                            splits[index(at)] += 2;
                        }
                        splits[index(first)] += 1;
                        splits[index(i - 1)] += 1;
                    }
                }
            }
        }
        if !any {
            return Some(false);
        }
        let mut cells: Vec<(u8, u32, usize)> = splits
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, &n)| (n, rng.random::<u32>(), i))
            .collect();
        cells.sort_unstable_by(|a, b| b.cmp(a));
        let walled = cells
            .iter()
            .any(|&(_, _, i)| self.try_wall(Pos::new(i / self.width, i % self.width)))
            || cells.iter().any(|&(_, _, i)| {
                // Beside the outer rows and columns, a wall leaves a lone cell behind it, which
                // goes too.
                let pos = Pos::new(i / self.width, i % self.width);
                let mut cells = vec![pos];
                cells.extend(self.lone_beside(pos));
                self.try_wall_all(&cells, usize::MAX)
            });
        walled.then_some(true)
    }

    /// The white cells in a straight line from (`row`, `col`) (excluded) in direction
    /// (`dr`, `dc`), up to two.
    fn reach(&self, row: isize, col: isize, dr: isize, dc: isize) -> usize {
        (1..=2)
            .take_while(|&k| self.is_white(row + dr * k, col + dc * k))
            .count()
    }

    /// Walls `pos` and its partner when every run keeps two cells or more and the white cells
    /// stay connected. Whether it walled them.
    fn try_wall(&mut self, pos: Pos) -> bool {
        self.try_wall_all(&[pos], usize::MAX)
    }

    /// The white cells a wall at `pos` would leave alone in their across or down stretch.
    fn lone_beside(&self, pos: Pos) -> Vec<Pos> {
        let (r, c) = (pos.row as isize, pos.col as isize);
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
            .into_iter()
            .filter(|&(dr, dc)| self.reach(r, c, dr, dc) == 1)
            .map(|(dr, dc)| Pos::new((r + dr) as usize, (c + dc) as usize))
            .collect()
    }

    /// Walls `cells` and their partners when every run keeps two cells or more, the white
    /// cells stay connected and the interior has at most `most` walls. Whether it walled them.
    fn try_wall_all(&mut self, cells: &[Pos], most: usize) -> bool {
        let mut all: Vec<Pos> = Vec::new();
        for &p in cells {
            for q in [p, partner(self.symmetry, self.width, self.height, p)] {
                if !all.contains(&q) {
                    all.push(q);
                }
            }
        }
        if self.walls + all.len() > most
            || all.iter().any(|p| !self.white[p.row * self.width + p.col])
        {
            return false;
        }
        for p in &all {
            self.white[p.row * self.width + p.col] = false;
        }
        let short = all.iter().any(|&p| !self.lone_beside(p).is_empty());
        if short || !self.is_connected() {
            for p in &all {
                self.white[p.row * self.width + p.col] = true;
            }
            return false;
        }
        self.walls += all.len();
        true
    }

    /// Whether the white cells form one connected area.
    fn is_connected(&self) -> bool {
        let total = self.white.iter().filter(|&&w| w).count();
        let Some(start) = self.white.iter().position(|&w| w) else {
            return true;
        };
        let mut seen = vec![false; self.white.len()];
        seen[start] = true;
        let mut stack = vec![start];
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            let (r, c) = ((i / self.width) as isize, (i % self.width) as isize);
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (nr, nc) = (r + dr, c + dc);
                if self.is_white(nr, nc) {
                    let j = nr as usize * self.width + nc as usize;
                    if !seen[j] {
                        seen[j] = true;
                        reached += 1;
                        stack.push(j);
                    }
                }
            }
        }
        reached == total
    }

    /// The grid: walls without clues, white cells empty.
    fn grid(&self) -> Grid {
        let mut grid = Grid::new(self.width, self.height);
        for pos in self.interior() {
            if self.white[pos.row * self.width + pos.col] {
                grid.set(pos, Cell::WHITE);
            }
        }
        grid
    }
}
