//! What an observer sees of the search: snapshots of the decision stack and progress.

use super::{Alternatives, Choice, Frame, Search};
use crate::solve::combos::is_single;
use crate::solve::observe::{Observer, Snapshot, StackEntry};

impl<O: Observer> Search<'_, O> {
    pub(super) fn open_hint(&self) -> usize {
        match self.frames.last() {
            Some(Frame::Search { start, len, .. }) => self.arena
                [*start as usize..(*start + *len) as usize]
                .iter()
                .filter(|&&v| !is_single(self.state.domains[v as usize]))
                .count(),
            _ => 0,
        }
    }

    pub(super) fn send_snapshot(&mut self) {
        let stack: Vec<StackEntry> = self.choices.iter().map(|c| entry_of(self, c)).collect();
        let mut stats = self.stats;
        stats.propagations = self.state.revisions;
        let snapshot = Snapshot {
            domains: &self.state.domains,
            stack: &stack,
            stats,
            progress: progress(&stack),
        };
        self.observer.snapshot(&snapshot);
    }
}

fn entry_of<O: Observer>(search: &Search<'_, O>, c: &Choice) -> StackEntry {
    match c.alts {
        Alternatives::Branch {
            var,
            digit,
            index,
            count,
            ..
        } => StackEntry {
            var: Some(var as usize),
            digit,
            index: u32::from(index).saturating_sub(1),
            count: u32::from(count),
        },
        Alternatives::Replay {
            slot, next, len, ..
        } => StackEntry {
            var: None,
            digit: 0,
            index: next.saturating_sub(1),
            count: search.replay_count(slot, len),
        },
    }
}

/// Fraction of the tree finished: each choice contributes its finished alternatives, scaled by
/// the share of the tree the choices above it leave.
pub fn progress(stack: &[StackEntry]) -> f64 {
    let mut done = 0.0;
    let mut share = 1.0;
    for e in stack {
        let count = f64::from(e.count.max(1));
        done += share * f64::from(e.index) / count;
        share /= count;
    }
    done.min(1.0)
}
