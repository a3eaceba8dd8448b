//! Component splitting: the undecided variables of a part fall apart into independent parts
//! when no constraint links them; the enumeration then takes the product of their solutions.

use super::Search;
use crate::solve::combos::is_single;
use crate::solve::observe::Observer;

/// Whether a part with `open` undecided variables, last checked for splitting when it had
/// `checked`, is checked again now: whenever it has shrunk. (Checking less often lets the
/// search interleave decisions of independent parts, and a failing part then makes it retry
/// the others' choices: thrashing.) The enumeration order depends on this rule.
pub fn split_due(open: u32, checked: u32) -> bool {
    open < checked
}

impl<O: Observer> Search<'_, O> {
    /// Splits `arena[a0..]` (undecided variables, ascending) into independent parts, laid out
    /// in place one after the other, ordered by their lowest variable, each ascending; their
    /// sizes go to `self.sizes`. Returns the number of parts.
    pub(super) fn split(&mut self, a0: usize) -> usize {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let total = (self.arena.len() - a0) as u32;
        self.sizes.clear();
        for i in a0..self.arena.len() {
            let v = self.arena[i];
            if self.stamp[v as usize] == epoch {
                continue;
            }
            let part = self.sizes.len() as u32;
            self.stamp[v as usize] = epoch;
            self.part_of[v as usize] = part;
            self.bfs.push(v);
            let mut size = 1;
            while let Some(x) = self.bfs.pop() {
                for &c in self.model.constraints_of(x as usize) {
                    for &y in self.model.vars_of(c as usize) {
                        let y = y as usize;
                        if self.stamp[y] != epoch && !is_single(self.state.domains[y]) {
                            self.stamp[y] = epoch;
                            self.part_of[y] = part;
                            size += 1;
                            self.bfs.push(y as u32);
                        }
                    }
                }
            }
            self.sizes.push(size);
            if size == total {
                return 1;
            }
        }
        let parts = self.sizes.len();
        if parts > 1 {
            // A stable counting sort by part keeps each part ascending.
            self.scratch.clear();
            self.scratch.extend_from_slice(&self.arena[a0..]);
            self.offsets.clear();
            let mut offset = a0 as u32;
            for &s in &self.sizes {
                self.offsets.push(offset);
                offset += s;
            }
            for &v in &self.scratch {
                let p = self.part_of[v as usize] as usize;
                self.arena[self.offsets[p] as usize] = v;
                self.offsets[p] += 1;
            }
        }
        parts
    }
}
