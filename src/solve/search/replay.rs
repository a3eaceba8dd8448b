//! The replay cache: parts after the first of a split are enumerated again for every solution
//! of the parts before them, so their solutions are recorded the first time through (within a
//! memory budget) and replayed afterwards.

use super::{Search, read};
use crate::solve::observe::Observer;

/// Bytes of recorded part solutions one search may keep.
const CACHE_BUDGET: usize = 32 << 20;
pub(super) const NO_SLOT: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SlotState {
    Fresh,
    Recording,
    Complete,
    Overflow,
}

#[derive(Debug)]
pub(super) struct Slot {
    pub(super) state: SlotState,
    /// Choices on the stack when the split that made this part happened.
    pub(super) base: usize,
    pub(super) data: Vec<u8>,
}

pub(super) struct Recording {
    pub(super) slot: u32,
    /// Choices on the stack when the recording started.
    pub(super) choices: usize,
}

impl<O: Observer> Search<'_, O> {
    pub(super) fn new_slot(&mut self, base: usize) -> u32 {
        let i = self.live_slots;
        if i == self.slots.len() {
            self.slots.push(Slot {
                state: SlotState::Fresh,
                base,
                data: Vec::new(),
            });
        }
        self.slots[i].state = SlotState::Fresh;
        self.slots[i].base = base;
        self.live_slots += 1;
        i as u32
    }

    pub(super) fn record(&mut self, start: u32, len: u32, slot: u32) {
        let s = &mut self.slots[slot as usize];
        if s.state != SlotState::Recording {
            return;
        }
        if self.cached_bytes + len as usize > CACHE_BUDGET {
            s.state = SlotState::Overflow;
            self.cached_bytes -= s.data.len();
            s.data = Vec::new();
            return;
        }
        for &v in &self.arena[start as usize..(start + len) as usize] {
            s.data.push(read(&self.solution, self.model.cells, v));
        }
        self.cached_bytes += len as usize;
    }

    /// The slots' solution counts, for the decision stack of a replay.
    pub(super) fn replay_count(&self, slot: u32, len: u32) -> u32 {
        (self.slots[slot as usize].data.len() / len.max(1) as usize) as u32
    }
}
