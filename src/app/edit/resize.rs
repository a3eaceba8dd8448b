//! Adding and removing rows and columns at a side of the grid.

use super::Editor;
use crate::Pos;

/// A grid side, for adding and removing rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Row 1.
    Top,
    /// The last row.
    Bottom,
    /// Column 1.
    Left,
    /// The last column.
    Right,
}
impl Editor {
    /// Adds a row or column of walls at `edge`.
    pub fn grow(&mut self, edge: Edge) {
        self.act(None, |e| {
            let (w, h) = (e.grid().width(), e.grid().height());
            match edge {
                Edge::Top => e.sheet.insert_row(0),
                Edge::Bottom => e.sheet.insert_row(h),
                Edge::Left => e.sheet.insert_col(0),
                Edge::Right => e.sheet.insert_col(w),
            }
            match edge {
                Edge::Top => e.cursor.row += 1,
                Edge::Left => e.cursor.col += 1,
                _ => {}
            }
            true
        });
    }

    /// Removes the row or column at `edge` (never the last one).
    pub fn shrink(&mut self, edge: Edge) {
        let changed = self.act(None, |e| {
            let (w, h) = (e.grid().width(), e.grid().height());
            let vertical = matches!(edge, Edge::Top | Edge::Bottom);
            if (vertical && h <= 1) || (!vertical && w <= 1) {
                return false;
            }
            match edge {
                Edge::Top => e.sheet.remove_row(0),
                Edge::Bottom => e.sheet.remove_row(h - 1),
                Edge::Left => e.sheet.remove_col(0),
                Edge::Right => e.sheet.remove_col(w - 1),
            }
            true
        });
        if changed {
            let c = self.cursor;
            let c = match edge {
                Edge::Top => Pos::new(c.row.saturating_sub(1), c.col),
                Edge::Left => Pos::new(c.row, c.col.saturating_sub(1)),
                _ => c,
            };
            self.select(c);
        }
    }
}
