//! Backjumping: when every alternative of a choice fails, the constraints revised below it
//! explain the failure; the search jumps back to the deepest choice that changed one of their
//! variables, skipping choices whose other alternatives would fail alike (no solution is lost,
//! so the order is unchanged).

use super::Search;
use crate::solve::observe::Observer;

impl<O: Observer> Search<'_, O> {
    /// After every alternative of choice `top` failed (the state is back at its marks), how
    /// many choices to keep: the failure read only the constraints logged below the choice, so
    /// it recurs until the deepest choice that changed one of their variables takes another
    /// alternative; the choices above that one are skipped (their other alternatives leave
    /// those domains as they are, or narrower, so they fail too and hold no solution).
    pub(super) fn jump_height(&self, top: usize) -> usize {
        if top < self.tainted_below {
            return top;
        }
        let start = self.choices[top].log_start as usize;
        let Some(read) = self.state.read_log.get(start..).filter(|r| !r.is_empty()) else {
            return top;
        };
        let mut level = 0;
        for &c in read {
            for &v in self.model.vars_of(c as usize) {
                level = level.max(self.state.var_level[v as usize]);
            }
        }
        // Changes at level `l` were made by choice `l - 1`: keep it and those below.
        (level as usize).min(top)
    }

    /// Before jumping from choice `top` back to choice `keep - 1`: what the skipped choices
    /// read themselves is no reason for the failure (it is explained without them), so only
    /// the failed choice's reads join those of the choice jumped to.
    pub(super) fn forget_skipped(&mut self, keep: usize, top: usize) {
        if keep == 0 || keep - 1 < self.tainted_below {
            // Nothing left on the stack needs its reads.
            self.state.read_log.clear();
            return;
        }
        let from = self.choices[keep].log_start as usize;
        let to = self.choices[top].log_start as usize;
        self.state.read_log.drain(from..to);
    }

    /// Keeps one entry per constraint in each choice's own stretch of the read log (from its
    /// start to the next choice's), so the stretches stay apart: a jump drops the stretches of
    /// the choices it skips and nothing else.
    pub(super) fn compact_log(&mut self) {
        // Tainted choices never read their part: theirs is folded into the first stretch.
        let first = self.tainted_below;
        let log = &mut self.state.read_log;
        let n = log.len();
        let mut w = 0;
        let mut i = 0;
        for k in first..=self.choices.len() {
            let end = match self.choices.get(k) {
                Some(c) => (c.log_start as usize).min(n),
                None => n,
            };
            self.seen_epoch = self.seen_epoch.wrapping_add(1);
            if self.seen_epoch == 0 {
                self.seen.fill(0);
                self.seen_epoch = 1;
            }
            while i < end {
                let c = log[i] as usize;
                if self.seen[c] != self.seen_epoch {
                    self.seen[c] = self.seen_epoch;
                    log[w] = log[i];
                    w += 1;
                }
                i += 1;
            }
            if let Some(c) = self.choices.get_mut(k) {
                c.log_start = w as u32;
            }
        }
        log.truncate(w);
        for c in &mut self.choices[..first] {
            c.log_start = 0;
        }
        self.compact_at = 2 * w + 2 * self.model.constraints.len() + 64;
    }
}
