//! [`Solver`], the engine's front door: every public method is here, each a thin call into the
//! module that does the work (`stream` for the streamed order, `probe` for any solution and
//! uniqueness, `count` for exact counting, `nth` for random access).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use rand::Rng;

use super::count::{self, CountProgress};
use super::memo::Memo;
use super::nth::random_below;
use super::observe::Observer;
use super::recall::Recall;
use super::{
    CancelToken, Cancelled, Outcome, Solution, Stats, Tuning, Uniqueness, anchor, combos, model,
};
use crate::puzzle::Puzzle;

/// A search over one puzzle. Build it once, then run any of its queries (each runs from
/// scratch, except that counts are cached for the counts and jumps after them).
pub struct Solver<'p> {
    pub(super) puzzle: &'p Puzzle,
    pub(super) model: model::Model,
    pub(super) cancel: CancelToken,
    pub(super) stats: Stats,
    /// Counts of part states, kept between [`Solver::count`] and [`Solver::nth`] calls.
    pub(super) memo: Memo,
    /// When the search's costlier checks start and when it gives up ([`Solver::with_tuning`]).
    pub(super) tuning: Tuning,
    /// Whether a count keeps the graphs of the parts it sweeps for [`Solver::nth`]
    /// ([`Solver::counting_only`]).
    pub(super) keep_graphs: bool,
    /// Components this big or bigger are offered to a sweep when counting (tests lower it to
    /// sweep small puzzles).
    pub(super) sweep_from: usize,
    /// The solutions' order, once decided (see `anchor`).
    pub(super) order: Option<anchor::Order>,
    /// What [`Solver::nth`]'s walks asked (of the kept graphs, or counted where none was
    /// kept), for the walks after them.
    pub(super) recall: Recall,
    /// Whether the puzzle has no solution, once a count or a jump asked (see
    /// `Solver::has_none`).
    pub(super) none: Option<bool>,
}

impl<'p> Solver<'p> {
    /// A solver for a validated puzzle.
    pub fn new(puzzle: &'p Puzzle) -> Solver<'p> {
        Solver {
            puzzle,
            model: model::Model::new(puzzle),
            cancel: CancelToken::new(),
            stats: Stats::default(),
            memo: Memo::default(),
            tuning: Tuning::default(),
            keep_graphs: true,
            sweep_from: count::SWEEP_FROM,
            order: None,
            recall: Recall::default(),
            none: None,
        }
    }

    // Settings.

    /// Runs every search with `tuning` instead of [`Tuning::default`]. The solutions are the
    /// same either way, and so is their order unless `anchor_after` differs.
    pub fn with_tuning(mut self, tuning: Tuning) -> Solver<'p> {
        if tuning.anchor_after != self.tuning.anchor_after {
            self.order = None;
        }
        self.tuning = tuning;
        self
    }

    /// The tuning the searches run with.
    pub fn tuning(&self) -> Tuning {
        self.tuning
    }

    /// For a solver that will only count: [`Solver::count`] then keeps no graphs of the parts
    /// it sweeps, which only [`Solver::nth`] reads (a count of a big part is faster; `nth`
    /// after it is still right, but slower the first time).
    pub fn counting_only(mut self) -> Solver<'p> {
        self.keep_graphs = false;
        self
    }

    /// Bounds the memory the solver's count cache may hold (default 512 MiB); past it the
    /// least recently used counts are dropped and recounted when needed. Graphs kept for `nth`
    /// (of swept components, and circuits of components cut in the plan's order, with the
    /// states a circuit's recording has met) take up to as much again (later ones are not
    /// kept; a circuit's recording gives up early when its rate foretells more), a sweep (see
    /// the `count` module's notes) holds up to about 70 MB more while it runs, the states kept
    /// for later sweeps to start from up to 64 MB more during a count, and the answers `nth`'s
    /// walks remember (of the graphs, and the counts of states without one) up to 16 MiB.
    pub fn with_count_memory(mut self, bytes: usize) -> Solver<'p> {
        self.memo = Memo::new(bytes);
        self
    }

    /// Makes the search stop when `token` is cancelled.
    pub fn with_cancel(mut self, token: CancelToken) -> Solver<'p> {
        self.cancel = token;
        self
    }

    /// From now on, stops the work when `token` is cancelled (a solver that keeps its counts
    /// between jumps takes a new token after one was cancelled).
    pub fn set_cancel(&mut self, token: CancelToken) {
        self.cancel = token;
    }

    /// Allows only `digits` (bit `d` for digit `d`) in `cell`: "is there a solution where this
    /// cell is not 5?" without editing the puzzle.
    pub fn with_candidates(mut self, cell: crate::CellId, digits: combos::Mask) -> Solver<'p> {
        self.model.restrict(cell, digits);
        // What was learnt (counts, the order, the walks' answers and their root state) was of
        // the wider model.
        self.memo = Memo::default();
        self.order = None;
        self.none = None;
        self.recall = Recall::default();
        self
    }

    // What it holds.

    /// The puzzle being solved.
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// The compiled model (variables and constraints) the search runs on.
    #[cfg(test)]
    pub(crate) fn model(&self) -> &model::Model {
        &self.model
    }

    /// Counters of the last run.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The sizes (undecided variables) of the independent parts left after propagation at the
    /// root, in enumeration order; empty when propagation alone decides or refutes the puzzle.
    pub fn parts(&self) -> Vec<usize> {
        count::root_parts(&self.model, &self.cancel)
    }

    // The streamed order.

    /// Streams every solution to `sink` until it breaks or the search ends; `Err(Cancelled)`
    /// when it was cancelled (or gave up) first.
    pub fn for_each(
        &mut self,
        sink: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> Result<Outcome, Cancelled> {
        self.stream((), sink)
    }

    /// Like [`Solver::for_each`], reporting events and snapshots to `observer`.
    pub fn for_each_observed(
        &mut self,
        observer: &mut impl Observer,
        sink: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> Result<Outcome, Cancelled> {
        self.stream(observer, sink)
    }

    /// The first solution in the streamed order (`Ok(None)`: there is none): the plain
    /// order's first, or on a puzzle where that is slow to reach, the anchor (see the module's
    /// doc on the order).
    pub fn first(&mut self) -> Result<Option<Solution>, Cancelled> {
        let mut found = None;
        self.for_each(|s| {
            found = Some(s.clone());
            ControlFlow::Break(())
        })?;
        Ok(found)
    }

    /// Up to `limit` solutions in the streamed order, and how the search ended (`Ok(Complete)`
    /// means these are all; `Err(Cancelled)` that the ones found before are not).
    pub fn solutions(&mut self, limit: usize) -> (Vec<Solution>, Result<Outcome, Cancelled>) {
        let mut found = Vec::new();
        if limit == 0 {
            return (found, Ok(Outcome::Stopped));
        }
        let outcome = self.for_each(|s| {
            found.push(s.clone());
            if found.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        // Reaching the limit on the very last solution still leaves the search unfinished.
        (found, outcome)
    }

    // Any solutions.

    /// A solution, found the fastest way the engine knows (not necessarily the first streamed:
    /// see [`Solver::first`]); `Ok(None)` when there is none.
    pub fn any(&mut self) -> Result<Option<Solution>, Cancelled> {
        Ok(self.some(1)?.into_iter().next())
    }

    /// None, unique or multiple: stops at the second solution.
    pub fn uniqueness(&mut self) -> Result<Uniqueness, Cancelled> {
        let mut found = self.some(2)?.into_iter();
        Ok(match (found.next(), found.next()) {
            (None, _) => Uniqueness::None,
            (Some(s), None) => Uniqueness::Unique(s),
            (Some(_), Some(_)) => Uniqueness::Multiple,
        })
    }

    /// Up to `want` solutions, not necessarily the first streamed (all of them when there
    /// are fewer). Rounds of streaming and probing, each twice as long as the one before: the
    /// stream answers easy puzzles at once, and probes take over where its order thrashes.
    pub fn some(&mut self, want: usize) -> Result<Vec<Solution>, Cancelled> {
        self.probe_for(want)
    }

    // Counting and random access.

    /// The exact number of solutions.
    ///
    /// A part big enough to be cut in an elimination order (see the `count` module's notes) is
    /// cut in the cheaper of two orders, chosen from the puzzle alone: every count of a
    /// puzzle branches alike, and its cache serves later counts and [`Solver::nth`].
    pub fn count(&mut self) -> Result<BigUint, Cancelled> {
        self.run_count(None)
    }

    /// Like [`Solver::count`], calling `progress` with the fraction of the search space resolved
    /// (0.0 to 1.0) about every 50 ms, and with 1.0 when the count is complete.
    pub fn count_with_progress(
        &mut self,
        progress: &mut dyn FnMut(f64),
    ) -> Result<BigUint, Cancelled> {
        self.run_count(Some(&mut |p: CountProgress| progress(p.done)))
    }

    /// Like [`Solver::count_with_progress`], reporting the nodes visited with the fraction:
    /// where the fraction stands still, as
    /// on a big puzzle whose first alternatives take nearly all the time, they show the work.
    pub fn count_with_report(
        &mut self,
        report: &mut dyn FnMut(CountProgress),
    ) -> Result<BigUint, Cancelled> {
        self.run_count(Some(report))
    }

    /// Solution #`k` (from 0) in the order [`Solver::for_each`] streams them, found without
    /// going through the ones before it; `Ok(None)` when `k` is not below the count. The
    /// counts it needs come from the cache an earlier count (or call) left, or from the graphs
    /// it kept (of components it swept, and the circuits of big parts it cut in its own
    /// order); where neither has them (a graph too big to keep) the first call counts them by
    /// branching, and later calls find them cached.
    pub fn nth(&mut self, k: &BigUint) -> Result<Option<Solution>, Cancelled> {
        self.walk_to(k)
    }

    /// A solution drawn uniformly at random (solution #k for a random k below the count);
    /// `Ok(None)` when there is none.
    pub fn random(&mut self, rng: &mut impl Rng) -> Result<Option<Solution>, Cancelled> {
        let total = self.count()?;
        if total == BigUint::ZERO {
            return Ok(None);
        }
        self.nth(&random_below(&total, rng))
    }
}
