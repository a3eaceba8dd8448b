//! The streamed order: deciding the puzzle's order (plain or anchored, see `anchor`) on the
//! first stream, then enumerating in it.

use std::ops::ControlFlow;
use std::time::Instant;

use super::observe::{self, Observer};
use super::{Cancelled, Outcome, Solution, Solver, Stats, Tuning, anchor, probe, search};

impl Solver<'_> {
    /// Streams in the puzzle's order, deciding it first if no search has (see [`anchor`]).
    pub(super) fn stream(
        &mut self,
        mut observer: impl Observer,
        mut sink: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> Result<Outcome, Cancelled> {
        let start = Instant::now();
        let mut total = Stats::default();
        let mut lost = false;
        if self.order.is_none() && anchor::deciding(self.tuning) == self.tuning {
            // This search is the one that decides the order: its first solution within
            // `anchor_after` backtracks makes it plain, and it goes on from there.
            let search =
                search::Search::new(&self.model, &self.cancel, &mut observer, self.tuning, None);
            let (outcome, stats, gave_up) = search.run(&mut sink);
            anchor::add(&mut total, &stats);
            total.solutions = stats.solutions;
            if !gave_up {
                if outcome.is_ok() || stats.solutions > 0 {
                    self.order = Some(anchor::Order::Plain);
                }
                total.elapsed = start.elapsed();
                self.stats = total;
                return outcome;
            }
            lost = true;
        }
        if self.order.is_none() {
            self.order = anchor::decide(&self.model, self.tuning, &self.cancel, lost, &mut total);
        }
        let outcome = match &self.order {
            Some(anchor::Order::Empty) => Ok(Outcome::Complete),
            Some(order) => 'run: {
                // The anchor is the first solution: a sink that wants no more stops here,
                // before the search descends to it (a tenth of `first()` on a dense grid).
                let mut sent = None;
                if let Some(anchor) = order.anchor() {
                    let first = probe::solution_of(&self.model, anchor);
                    total.solutions = 1;
                    if sink(&first).is_break() {
                        break 'run Ok(Outcome::Stopped);
                    }
                    sent = Some(first);
                }
                // The order is decided: nothing to stop for.
                let tuning = Tuning {
                    anchor_after: u64::MAX,
                    ..self.tuning
                };
                // A watcher sees the work done so far, not a count starting over.
                let observer = observe::Continued {
                    observer,
                    before: total,
                };
                let search = search::Search::new(
                    &self.model,
                    &self.cancel,
                    observer,
                    tuning,
                    order.anchor(),
                );
                let (outcome, stats, _) = search.run(&mut |s: &Solution| match sent.take() {
                    Some(first) => {
                        debug_assert_eq!(&first, s, "the anchored order starts at the anchor");
                        ControlFlow::Continue(())
                    }
                    None => sink(s),
                });
                anchor::add(&mut total, &stats);
                total.solutions = total.solutions.max(stats.solutions);
                outcome
            }
            // Cancelled, or given up before the order was decided.
            None => Err(Cancelled),
        };
        total.elapsed = start.elapsed();
        self.stats = total;
        outcome
    }
}
