//! Undo and redo of a player's entries and marks, as snapshots of the position.
//!
//! A position is a few bytes per white cell, so whole snapshots stay small even on a 30 × 30.

use super::state::Position;

/// How many steps back undo can go.
const LIMIT: usize = 500;

/// The undo and redo stacks of one game.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<Position>,
    redo: Vec<Position>,
}

impl History {
    /// Records that an action changed the position; `before` is the position just before it.
    pub fn record(&mut self, before: Position) {
        self.redo.clear();
        self.undo.push(before);
        if self.undo.len() > LIMIT {
            self.undo.remove(0);
        }
    }

    /// Steps back: the position to restore, given the current one.
    pub fn undo(&mut self, current: Position) -> Option<Position> {
        let prev = self.undo.pop()?;
        self.redo.push(current);
        Some(prev)
    }

    /// Steps forward again after an undo.
    pub fn redo(&mut self, current: Position) -> Option<Position> {
        let next = self.redo.pop()?;
        self.undo.push(current);
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
