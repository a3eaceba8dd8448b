//! The selection (the cursor's cell or a rectangle) and what is done to it at once: cut,
//! copy, paste, paint and fill.

use super::Editor;
use crate::Pos;
use crate::app::edit::region::{self, Block, Rect};
use crate::app::edit::symmetry::Area;

impl Editor {
    /// Moves the selection to `pos` (clamped to the board), a single cell.
    pub fn select(&mut self, pos: Pos) {
        self.anchor = None;
        self.put_cursor(pos);
    }

    fn put_cursor(&mut self, pos: Pos) {
        self.moved_on = None;
        let grid = self.grid();
        let pos = Pos::new(
            pos.row.min(grid.height().saturating_sub(1)),
            pos.col.min(grid.width().saturating_sub(1)),
        );
        if pos != self.cursor {
            self.history.break_merge();
        }
        self.cursor = pos;
    }

    /// Stretches the selection to a rectangle from where it started to `pos`.
    pub fn extend_selection(&mut self, pos: Pos) {
        let anchor = self.anchor.unwrap_or(self.cursor);
        self.put_cursor(pos);
        self.anchor = Some(anchor);
    }

    /// The selected cells: the rectangle, or the cursor's cell alone.
    pub fn selection(&self) -> Rect {
        Rect::spanning(self.anchor.unwrap_or(self.cursor), self.cursor)
    }

    /// Whether more than one cell is selected.
    pub fn has_rectangle(&self) -> bool {
        self.anchor.is_some_and(|a| a != self.cursor)
    }

    /// Moves the selection by whole cells; with `extend`, stretches the rectangle instead.
    pub(super) fn step_cursor(&mut self, d_row: isize, d_col: isize, extend: bool) {
        let row = self.cursor.row.saturating_add_signed(d_row);
        let col = self.cursor.col.saturating_add_signed(d_col);
        if extend {
            self.extend_selection(Pos::new(row, col));
        } else {
            self.select(Pos::new(row, col));
        }
    }

    /// Copies the selected cells for Paste; returns them as `.kakuro` text for the system
    /// clipboard.
    pub fn copy(&mut self) -> String {
        let block = Block::copy(&self.sheet, self.selection());
        let text = block.text();
        self.clipboard = Some(block);
        text
    }

    /// Copies the selected cells, then empties them (plain walls, one step).
    pub fn cut(&mut self) -> String {
        let text = self.copy();
        let rect = self.selection();
        self.act(None, |e| region::clear(&mut e.sheet, rect));
        text
    }

    /// Pastes with the selection's top-left cell as the block's (one step), and selects what
    /// was pasted. `text` is what the system clipboard holds: the cells copied here when it is
    /// their text (they keep their digits), else `.kakuro` text from elsewhere.
    pub fn paste(&mut self, text: Option<&str>) {
        let block = match (&self.clipboard, text) {
            (Some(block), None) => block.clone(),
            (Some(block), Some(text)) if block.text() == text => block.clone(),
            (_, Some(text)) => match Block::parse(text) {
                Some(block) => block,
                None => {
                    self.notice = Some("The clipboard holds no cells of a puzzle".into());
                    return;
                }
            },
            (None, None) => {
                self.notice = Some("Nothing to paste: copy some cells first".into());
                return;
            }
        };
        let at = self.selection().min;
        self.act(None, |e| block.paste(&mut e.sheet, at));
        let end = Pos::new(
            at.row + block.grid.height() - 1,
            at.col + block.grid.width() - 1,
        );
        self.select(at);
        self.extend_selection(end);
    }

    /// Makes every selected cell a wall, or white when all are walls already (one step;
    /// mirrored like drawing).
    pub fn paint_selection(&mut self) {
        let rect = self.selection();
        let white = rect.cells().all(|p| !self.grid().is_white(p));
        self.fill_selection(white);
    }

    /// Makes every selected cell white, or a wall (one step; mirrored like drawing).
    pub fn fill_selection(&mut self, white: bool) {
        let rect = self.selection();
        let area = Area::of(self.grid());
        self.act(None, |e| {
            let before = e.sheet.clone();
            for pos in rect.cells() {
                e.paint(pos, white, area);
            }
            e.sheet != before
        });
    }
}
