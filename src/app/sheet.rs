//! `Sheet`: what the designer edits — the grid plus the digits typed into its white cells.
//!
//! The sheet is the unit of undo: every edit turns one sheet into another.

use crate::{Cell, Clue, Direction, Grid, Pos};

/// The grid being designed and one optional digit per cell (0 = empty; walls are always 0).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Sheet {
    /// The board: walls with clues and white cells.
    pub grid: Grid,
    digits: Vec<u8>,
}

/// What "fill clues from digits" did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FillReport {
    /// Clues written (or confirmed) from complete runs.
    pub filled: usize,
    /// Runs left alone because some of their cells have no digit; their walls.
    pub incomplete: Vec<Pos>,
    /// Runs left alone because a digit repeats in them; their walls.
    pub repeated: Vec<Pos>,
}

impl Sheet {
    /// A sheet of `grid` with no digits.
    pub fn new(grid: Grid) -> Sheet {
        let digits = vec![0; grid.width() * grid.height()];
        Sheet { grid, digits }
    }

    /// The digit in the cell at `pos` (0 for none, and off the board).
    pub fn digit(&self, pos: Pos) -> u8 {
        if self.grid.contains(pos) {
            self.digits[self.grid.index(pos)]
        } else {
            0
        }
    }

    /// The digits row by row, 0 for walls and empty cells.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether any cell holds a digit.
    pub fn has_digits(&self) -> bool {
        self.digits.iter().any(|&d| d != 0)
    }

    /// Puts digit `d` (0 clears) into the white cell at `pos`; returns whether anything changed.
    pub fn set_digit(&mut self, pos: Pos, d: u8) -> bool {
        if !self.grid.is_white(pos) || d > 9 {
            return false;
        }
        let i = self.grid.index(pos);
        let changed = self.digits[i] != d;
        self.digits[i] = d;
        changed
    }

    /// Clears every digit; returns whether anything changed.
    pub fn clear_digits(&mut self) -> bool {
        let changed = self.has_digits();
        self.digits.fill(0);
        changed
    }

    /// Removes every clue; returns whether anything changed.
    pub fn clear_clues(&mut self) -> bool {
        let mut changed = false;
        for pos in self.grid.positions() {
            if let Some(Cell::Wall { down, across }) = self.grid.get_mut(pos)
                && (down.is_some() || across.is_some())
            {
                (*down, *across) = (None, None);
                changed = true;
            }
        }
        changed
    }

    /// Makes the cell at `pos` white or a wall. A wall keeps its clues; a white cell turned into
    /// a wall loses its digit. Returns whether anything changed.
    pub fn set_white(&mut self, pos: Pos, white: bool) -> bool {
        if !self.grid.contains(pos) || self.grid.is_white(pos) == white {
            return false;
        }
        let i = self.grid.index(pos);
        self.digits[i] = 0;
        self.grid
            .set(pos, if white { Cell::WHITE } else { Cell::WALL });
        true
    }

    /// Sets the clue the wall at `pos` gives in `dir`; returns whether anything changed.
    pub fn set_clue(&mut self, pos: Pos, dir: Direction, clue: Option<Clue>) -> bool {
        let Some(Cell::Wall { down, across }) = self.grid.get_mut(pos) else {
            return false;
        };
        let slot = match dir {
            Direction::Across => across,
            Direction::Down => down,
        };
        let changed = *slot != clue;
        *slot = clue;
        changed
    }

    /// Inserts a row of walls before row `at`.
    pub fn insert_row(&mut self, at: usize) {
        let old = self.clone();
        self.grid.insert_row(at);
        self.remap(&old, |p| match p.row.cmp(&at) {
            std::cmp::Ordering::Less => Some(p),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(Pos::new(p.row - 1, p.col)),
        });
    }

    /// Removes row `at` unless it is the last one.
    pub fn remove_row(&mut self, at: usize) {
        if self.grid.height() <= 1 || at >= self.grid.height() {
            return;
        }
        let old = self.clone();
        self.grid.remove_row(at);
        self.remap(&old, |p| {
            Some(if p.row < at {
                p
            } else {
                Pos::new(p.row + 1, p.col)
            })
        });
    }

    /// Inserts a column of walls before column `at`.
    pub fn insert_col(&mut self, at: usize) {
        let old = self.clone();
        self.grid.insert_col(at);
        self.remap(&old, |p| match p.col.cmp(&at) {
            std::cmp::Ordering::Less => Some(p),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(Pos::new(p.row, p.col - 1)),
        });
    }

    /// Removes column `at` unless it is the last one.
    pub fn remove_col(&mut self, at: usize) {
        if self.grid.width() <= 1 || at >= self.grid.width() {
            return;
        }
        let old = self.clone();
        self.grid.remove_col(at);
        self.remap(&old, |p| {
            Some(if p.col < at {
                p
            } else {
                Pos::new(p.row, p.col + 1)
            })
        });
    }

    /// Rebuilds the digit table after the grid changed shape; `from` maps a new position to
    /// the old one it came from.
    fn remap(&mut self, old: &Sheet, from: impl Fn(Pos) -> Option<Pos>) {
        self.digits = vec![0; self.grid.width() * self.grid.height()];
        for pos in self.grid.positions() {
            if let Some(o) = from(pos) {
                self.digits[self.grid.index(pos)] = old.digit(o);
            }
        }
    }

    /// Writes every clue whose run is completely filled with different digits: the sum of its
    /// digits. Runs with an empty cell or a repeated digit are left alone and reported.
    pub fn fill_clues_from_digits(&mut self) -> FillReport {
        let mut report = FillReport::default();
        for seg in self.grid.segments() {
            let Some(wall) = seg.wall else { continue };
            if seg.len < 2 {
                continue;
            }
            let digits: Vec<u8> = seg.cells().map(|p| self.digit(p)).collect();
            if digits.contains(&0) {
                report.incomplete.push(wall);
                continue;
            }
            let mut seen = 0u16;
            let mut repeated = false;
            for &d in &digits {
                repeated |= seen & (1 << d) != 0;
                seen |= 1 << d;
            }
            if repeated {
                report.repeated.push(wall);
                continue;
            }
            let sum: u8 = digits.iter().sum();
            self.set_clue(wall, seg.dir, Some(Clue::Sum(sum)));
            report.filled += 1;
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip() -> Sheet {
        // \  3\ \
        // \4 __ __   (row 1: a wall with across 4, two white cells)
        let mut g = Grid::new(3, 2);
        g.set(Pos::new(1, 1), Cell::WHITE);
        g.set(Pos::new(1, 2), Cell::WHITE);
        Sheet::new(g)
    }

    #[test]
    fn fill_clues_sums_complete_runs_and_reports_the_rest() {
        let mut s = strip();
        s.set_digit(Pos::new(1, 1), 1);
        assert_eq!(s.fill_clues_from_digits().incomplete, vec![Pos::new(1, 0)]);
        s.set_digit(Pos::new(1, 2), 1);
        assert_eq!(s.fill_clues_from_digits().repeated, vec![Pos::new(1, 0)]);
        s.set_digit(Pos::new(1, 2), 3);
        assert_eq!(s.fill_clues_from_digits().filled, 1);
        assert_eq!(
            s.grid.get(Pos::new(1, 0)).clue(Direction::Across),
            Some(Clue::Sum(4))
        );
    }

    #[test]
    fn digits_follow_rows_and_columns_and_vanish_with_their_cell() {
        let mut s = strip();
        s.set_digit(Pos::new(1, 2), 7);
        s.insert_row(0);
        s.insert_col(0);
        assert_eq!(s.digit(Pos::new(2, 3)), 7);
        s.remove_col(0);
        s.remove_row(0);
        assert_eq!(s.digit(Pos::new(1, 2)), 7);
        assert!(s.set_white(Pos::new(1, 2), false));
        assert!(!s.has_digits());
        assert!(!s.set_digit(Pos::new(0, 0), 5), "walls take no digits");
    }
}
