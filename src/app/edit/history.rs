//! Undo and redo of whole user actions, as snapshots of the sheet.
//!
//! Snapshots are simple and always right; a 100 × 100 sheet is about 100 KB, so the step limit
//! keeps the history to a few tens of megabytes at worst.

use crate::app::sheet::Sheet;
use crate::{Direction, Pos};

/// How many steps back undo can go.
const LIMIT: usize = 200;

/// Edits with the same key, one right after the other, undo as one step (typing "17" into a
/// clue is one action, not two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MergeKey {
    /// Typing into one clue of one wall.
    Clue(Pos, Direction),
    /// Typing into one white cell.
    Digit(Pos),
}

/// A state to go back (or forward) to: the sheet and where the cursor was.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The sheet.
    pub sheet: Sheet,
    /// The selected cell.
    pub cursor: Pos,
}

/// The undo and redo stacks.
#[derive(Default)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    last_key: Option<MergeKey>,
}

impl History {
    /// Records that an action changed the sheet; `before` is the state just before it.
    pub fn record(&mut self, before: Snapshot, key: Option<MergeKey>) {
        self.redo.clear();
        if key.is_some() && key == self.last_key {
            return;
        }
        self.undo.push(before);
        if self.undo.len() > LIMIT {
            self.undo.remove(0);
        }
        self.last_key = key;
    }

    /// Ends the current merge run: the next edit is a step of its own.
    pub fn break_merge(&mut self) {
        self.last_key = None;
    }

    /// Whether the last merged edit had this key (the user is still typing into the same place).
    pub fn continues(&self, key: MergeKey) -> bool {
        self.last_key == Some(key)
    }

    /// Steps back: returns the state to restore, given the current one.
    pub fn undo(&mut self, current: Snapshot) -> Option<Snapshot> {
        let prev = self.undo.pop()?;
        self.redo.push(current);
        self.last_key = None;
        Some(prev)
    }

    /// Steps forward again after an undo.
    pub fn redo(&mut self, current: Snapshot) -> Option<Snapshot> {
        let next = self.redo.pop()?;
        self.undo.push(current);
        self.last_key = None;
        Some(next)
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    fn snap(w: usize) -> Snapshot {
        Snapshot {
            sheet: Sheet::new(Grid::new(w, 1)),
            cursor: Pos::default(),
        }
    }

    #[test]
    fn merged_edits_undo_together_and_redo_clears_on_new_edit() {
        let mut h = History::default();
        let key = MergeKey::Digit(Pos::new(0, 0));
        h.record(snap(1), Some(key));
        h.record(snap(2), Some(key));
        assert!(h.continues(key));
        let back = h.undo(snap(3)).unwrap();
        assert_eq!(back.sheet.grid.width(), 1);
        assert!(!h.can_undo() && h.can_redo());
        h.record(snap(4), None);
        assert!(!h.can_redo());
    }
}
