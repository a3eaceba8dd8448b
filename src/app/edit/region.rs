//! Rectangles of cells: what a rectangle selection copies, cuts, pastes and paints.

use crate::app::sheet::Sheet;
use crate::format::kakuro_text;
use crate::{Cell, Grid, Pos};

/// A rectangle of the board, corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// The top-left cell.
    pub min: Pos,
    /// The bottom-right cell.
    pub max: Pos,
}

impl Rect {
    /// The rectangle with corners `a` and `b`, in any order.
    pub fn spanning(a: Pos, b: Pos) -> Rect {
        Rect {
            min: Pos::new(a.row.min(b.row), a.col.min(b.col)),
            max: Pos::new(a.row.max(b.row), a.col.max(b.col)),
        }
    }

    /// Columns across.
    pub fn width(&self) -> usize {
        self.max.col - self.min.col + 1
    }

    /// Rows down.
    pub fn height(&self) -> usize {
        self.max.row - self.min.row + 1
    }

    /// Whether `pos` is inside.
    pub fn contains(&self, pos: Pos) -> bool {
        (self.min.row..=self.max.row).contains(&pos.row)
            && (self.min.col..=self.max.col).contains(&pos.col)
    }

    /// Every cell, row by row.
    pub fn cells(self) -> impl Iterator<Item = Pos> {
        (self.min.row..=self.max.row)
            .flat_map(move |row| (self.min.col..=self.max.col).map(move |col| Pos::new(row, col)))
    }
}

/// Cells copied out of a sheet: their kinds, clues and typed digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The cells as a grid of the block's size.
    pub grid: Grid,
    /// The typed digits, row by row (0 = none).
    pub digits: Vec<u8>,
}

impl Block {
    /// The cells of `sheet` in `rect` (which must lie on the board).
    pub fn copy(sheet: &Sheet, rect: Rect) -> Block {
        let mut grid = Grid::new(rect.width(), rect.height());
        let mut digits = Vec::with_capacity(rect.width() * rect.height());
        for pos in rect.cells() {
            let at = Pos::new(pos.row - rect.min.row, pos.col - rect.min.col);
            grid.set(at, sheet.grid.get(pos));
            digits.push(sheet.digit(pos));
        }
        Block { grid, digits }
    }

    /// A block read from `.kakuro` text (what another program put on the clipboard).
    pub fn parse(text: &str) -> Option<Block> {
        let (grid, _) = kakuro_text::parse(text).ok()?;
        let digits = vec![0; grid.width() * grid.height()];
        Some(Block { grid, digits })
    }

    /// The block as `.kakuro` text, for the system clipboard.
    pub fn text(&self) -> String {
        kakuro_text::write(&self.grid)
    }

    /// Writes the block into `sheet` with its top-left cell at `at`; what falls off the board
    /// is left out. Returns whether anything changed.
    pub fn paste(&self, sheet: &mut Sheet, at: Pos) -> bool {
        let mut changed = false;
        for pos in self.grid.positions() {
            let to = Pos::new(at.row + pos.row, at.col + pos.col);
            if !sheet.grid.contains(to) {
                continue;
            }
            let before = (sheet.grid.get(to), sheet.digit(to));
            // The digit goes while the cell is still white: a wall's slot must stay empty.
            sheet.set_digit(to, 0);
            sheet.grid.set(to, self.grid.get(pos));
            sheet.set_digit(to, self.digits[self.grid.index(pos)]);
            changed |= (sheet.grid.get(to), sheet.digit(to)) != before;
        }
        changed
    }
}

/// Empties every cell of `rect`: plain walls, no clues, no digits. Returns whether anything
/// changed.
pub fn clear(sheet: &mut Sheet, rect: Rect) -> bool {
    let mut changed = false;
    for pos in rect.cells() {
        if sheet.grid.contains(pos) && sheet.grid.get(pos) != Cell::WALL {
            sheet.set_white(pos, false);
            sheet.grid.set(pos, Cell::WALL);
            changed = true;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copy_then_paste_elsewhere_repeats_the_cells_and_digits() {
        let mut grid = Grid::new(4, 3);
        grid.set(Pos::new(1, 1), Cell::WHITE);
        grid.set(Pos::new(1, 2), Cell::WHITE);
        let mut sheet = Sheet::new(grid);
        sheet.set_digit(Pos::new(1, 1), 5);
        let block = Block::copy(&sheet, Rect::spanning(Pos::new(1, 2), Pos::new(0, 1)));
        assert_eq!((block.grid.width(), block.grid.height()), (2, 2));
        assert!(block.paste(&mut sheet, Pos::new(1, 2)));
        assert!(sheet.grid.is_white(Pos::new(2, 2)) && sheet.grid.is_white(Pos::new(2, 3)));
        assert_eq!(sheet.digit(Pos::new(2, 2)), 5);
        // The part past the right edge is left out.
        assert!(!sheet.grid.contains(Pos::new(2, 4)));
        assert!(clear(
            &mut sheet,
            Rect::spanning(Pos::new(2, 2), Pos::new(2, 3))
        ));
        assert!(!sheet.grid.is_white(Pos::new(2, 2)));
        assert_eq!(sheet.digit(Pos::new(2, 2)), 0);
    }
}
