//! Edit operations on the sheet: painting cells, typing clues and digits, resizing, undo/redo.
//!
//! Every public operation that changes the sheet records exactly one undo step (or merges into
//! the step it continues), so undo always takes back a whole user action.

pub(super) mod history;
pub(super) mod region;
pub(super) mod runs;
pub(super) mod symmetry;
pub(super) mod tools;

mod keys;
mod resize;
mod selection;
mod stroke;
mod tool;
mod typing;

use super::sheet::{FillReport, Sheet};
use crate::app::edit::history::{History, MergeKey, Snapshot};
use crate::app::edit::region::Block;
use crate::app::edit::symmetry::Symmetry;
use crate::{Direction, Grid, Pos};
pub use resize::Edge;
use stroke::Stroke;
pub use tool::Tool;

/// The sheet being edited and the editing state around it.
pub struct Editor {
    sheet: Sheet,
    history: History,
    /// The selected cell.
    pub cursor: Pos,
    /// The other corner of a rectangle selection (Shift+arrows, Shift+drag, a drag in the
    /// Select tool); `None` when only the cursor's cell is selected.
    anchor: Option<Pos>,
    /// What Cut and Copy took, for Paste.
    clipboard: Option<Block>,
    /// What a click does.
    pub tool: Tool,
    /// Which clue of the selected wall typing goes into.
    pub field: Direction,
    /// Which mirror images of a painted cell are painted too.
    pub symmetry: Symmetry,
    stroke: Option<Stroke>,
    generation: u64,
    /// Why the last key did nothing, for the status bar (taken by the app).
    notice: Option<String>,
    /// The clue the last key completed before moving on to the next, so that an Enter typed
    /// after the sum out of habit does not skip one, and a Backspace corrects that sum.
    moved_on: Option<(Pos, Direction)>,
}

impl Editor {
    /// An editor on `sheet`, with an empty history.
    pub fn new(sheet: Sheet) -> Editor {
        Editor {
            sheet,
            history: History::default(),
            cursor: Pos::default(),
            anchor: None,
            clipboard: None,
            tool: Tool::Select,
            field: Direction::Down,
            symmetry: Symmetry::None,
            stroke: None,
            generation: 0,
            notice: None,
            moved_on: None,
        }
    }

    /// The sheet as it is now.
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// The grid as it is now.
    pub fn grid(&self) -> &Grid {
        &self.sheet.grid
    }

    /// A number that changes whenever the sheet does (for caches such as validation).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Replaces the whole sheet (a new or opened puzzle); the history starts afresh.
    pub fn replace(&mut self, sheet: Sheet) {
        self.sheet = sheet;
        self.history = History::default();
        self.stroke = None;
        self.cursor = Pos::default();
        self.anchor = None;
        self.generation += 1;
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            sheet: self.sheet.clone(),
            cursor: self.cursor,
        }
    }

    /// Runs `edit` as one undoable action; it returns whether it changed anything.
    fn act(&mut self, key: Option<MergeKey>, edit: impl FnOnce(&mut Self) -> bool) -> bool {
        let before = self.snapshot();
        if edit(self) {
            self.history.record(before, key);
            self.generation += 1;
            true
        } else {
            false
        }
    }
    /// A message saying why the last key did nothing (or not what was typed), once.
    pub fn take_notice(&mut self) -> Option<String> {
        self.notice.take()
    }
    /// Design from digits: writes every clue from the digits of its run (one step).
    pub fn fill_clues(&mut self) -> FillReport {
        let mut report = FillReport::default();
        self.act(None, |e| {
            let before = e.sheet.grid.clone();
            report = e.sheet.fill_clues_from_digits();
            e.sheet.grid != before
        });
        report
    }

    /// Turns the grid into `grid`, of the same size (a suggested fix): walls, white cells and
    /// clues as there, the digits of cells still white kept (one step).
    pub fn apply_grid(&mut self, grid: &Grid) {
        if (grid.width(), grid.height()) != (self.grid().width(), self.grid().height()) {
            return;
        }
        self.act(None, |e| {
            let mut changed = false;
            for pos in grid.positions() {
                changed |= e.sheet.set_white(pos, grid.is_white(pos));
                for dir in Direction::ALL {
                    changed |= e.sheet.set_clue(pos, dir, grid.get(pos).clue(dir));
                }
            }
            changed
        });
    }

    /// Allows runs of one cell in the puzzle, or not: a setting saved with it (one step).
    pub fn set_one_cell_runs(&mut self, allowed: bool) {
        self.act(None, |e| {
            let changed = e.sheet.grid.allows_one_cell_runs() != allowed;
            e.sheet.grid.set_allows_one_cell_runs(allowed);
            changed
        });
    }

    /// Clears every digit (one step).
    pub fn clear_digits(&mut self) {
        self.act(None, |e| e.sheet.clear_digits());
    }

    /// Clears every clue (one step).
    pub fn clear_clues(&mut self) {
        self.act(None, |e| e.sheet.clear_clues());
    }

    /// Takes back the last action.
    pub fn undo(&mut self) {
        self.end_stroke();
        if let Some(s) = self.history.undo(self.snapshot()) {
            self.restore(s);
        }
    }

    /// Does again the last undone action.
    pub fn redo(&mut self) {
        self.end_stroke();
        if let Some(s) = self.history.redo(self.snapshot()) {
            self.restore(s);
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.sheet = s.sheet;
        self.cursor = s.cursor;
        self.anchor = None;
        self.generation += 1;
    }

    /// Whether undo has something to take back.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether redo has something to do again.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }
}
