//! The designer's typed digits that repeat within a line of white cells: flagged on the board
//! as play mode flags a player's, so that a filling for Design from digits breaks no rule.

use crate::app::edit::Editor;
use crate::{Grid, Pos};

/// The cells whose digit is also in another cell of one of their lines, for one editor
/// generation.
#[derive(Default)]
pub struct Repeats {
    generation: Option<u64>,
    /// Row by row, like the sheet's digits; empty when no digit repeats.
    cells: Vec<bool>,
    width: usize,
}

impl Repeats {
    /// Brings the flags up to the editor's sheet (worked out once per edit).
    pub fn update(&mut self, editor: &Editor) {
        if self.generation == Some(editor.generation()) {
            return;
        }
        self.generation = Some(editor.generation());
        let sheet = editor.sheet();
        self.width = editor.grid().width();
        self.cells = if sheet.has_digits() {
            find(editor.grid(), |p| sheet.digit(p))
        } else {
            Vec::new()
        };
    }

    /// Whether the digit at `pos` repeats in one of its lines.
    pub fn at(&self, pos: Pos) -> bool {
        pos.col < self.width
            && self
                .cells
                .get(pos.row * self.width + pos.col)
                .copied()
                .unwrap_or(false)
    }
}

/// Per cell (row by row), whether its digit is also in another cell of its across or down line.
fn find(grid: &Grid, digit: impl Fn(Pos) -> u8) -> Vec<bool> {
    let mut repeated = vec![false; grid.width() * grid.height()];
    for segment in grid.segments() {
        let mut seen = [0u8; 10];
        for pos in segment.cells() {
            seen[usize::from(digit(pos).min(9))] += 1;
        }
        for pos in segment.cells() {
            let d = usize::from(digit(pos).min(9));
            if d != 0 && seen[d] > 1 {
                repeated[grid.index(pos)] = true;
            }
        }
    }
    repeated
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_twice_in_a_line_flags_both_cells() {
        // r2c2 r2c3 across; r2c2 r3c2 down.
        let grid: Grid = crate::format::parse(
            "\\ \\ \\\n\\ __ __\n\\ __ __\n",
            crate::format::Format::Kakuro,
        )
        .unwrap()
        .document
        .grid;
        let digits = |p: Pos| match (p.row, p.col) {
            (1, 1) | (1, 2) => 8,
            (2, 2) => 3,
            _ => 0,
        };
        let found = find(&grid, digits);
        let at = |r, c| found[grid.index(Pos::new(r, c))];
        assert!(at(1, 1) && at(1, 2));
        assert!(!at(2, 2) && !at(2, 1));
    }
}
