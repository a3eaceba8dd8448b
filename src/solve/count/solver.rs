//! The [`Solver`]'s counting methods: the public entry points, which run a [`Counter`] from the
//! root state and keep its statistics, apart from the counter's own workings.

use std::time::Instant;

use num_bigint::BigUint;

use super::{Cancelled, Counter, on_deep_stack};
use crate::solve::memo::Memo;
use crate::solve::propagate::propagate_all;
use crate::solve::state::State;
use crate::solve::{Solver, Stats};

impl Solver<'_> {
    /// Bounds the memory the solver's count cache may hold (default 512 MiB); past it the
    /// least recently used counts are dropped and recounted when needed. Graphs kept for `nth`
    /// (of swept components, and circuits of components cut in the plan's order, with the
    /// states a circuit's recording has met) take up to as much again (later ones are not
    /// kept; a circuit's recording gives up early when its rate foretells more), a sweep (see
    /// the `count` module's notes) holds up to about 70 MB more while it runs, the states kept
    /// for later sweeps to start from up to 64 MB more during a count, and the answers `nth`'s
    /// walks remember (of the graphs, and the counts of states without one) up to 16 MiB.
    pub fn with_count_memory(mut self, bytes: usize) -> Self {
        self.memo = Memo::new(bytes);
        self
    }

    /// The exact number of solutions; `Err(Cancelled)` if the cancel token fired first.
    pub fn count(&mut self) -> Result<BigUint, Cancelled> {
        self.run_count(None)
    }

    /// Like [`Solver::count`], calling `progress` with the fraction of the search space resolved
    /// (0.0 to 1.0) about every 50 ms, and with 1.0 when the count is complete.
    pub fn count_with_progress(
        &mut self,
        progress: &mut dyn FnMut(f64),
    ) -> Result<BigUint, Cancelled> {
        self.run_count(Some(progress))
    }

    fn run_count(&mut self, progress: Option<&mut dyn FnMut(f64)>) -> Result<BigUint, Cancelled> {
        let start = Instant::now();
        let (model, memo, cancel) = (&self.model, &mut self.memo, &self.cancel);
        let (keep_graphs, sweep_from) = (self.keep_graphs, self.sweep_from);
        let flow_after = self.tuning.flow_after;
        let (total, mut stats) = on_deep_stack(model.vars, progress, |sink| {
            let mut stats = Stats {
                nodes: 1,
                ..Stats::default()
            };
            let mut state = State::new(model);
            if propagate_all(model, &mut state).is_err() {
                stats.propagations = state.revisions;
                if let Some(sink) = sink {
                    sink(1.0);
                }
                return (Ok(BigUint::ZERO), stats);
            }
            let mut counter = Counter::new(model, state, memo, cancel, sink);
            let total = counter.count_all(sweep_from, keep_graphs, flow_after);
            if total.is_ok() {
                counter.report_done();
            }
            counter.add_to(&mut stats);
            (total.map(BigUint::from), stats)
        });
        stats.elapsed = start.elapsed();
        self.stats = stats;
        total
    }
}

impl Solver<'_> {
    /// The sizes (undecided variables) of the independent parts left after propagation at the
    /// root, in enumeration order; empty when propagation alone decides or refutes the puzzle.
    pub fn parts(&self) -> Vec<usize> {
        let mut state = State::new(&self.model);
        if propagate_all(&self.model, &mut state).is_err() {
            return Vec::new();
        }
        let all: Vec<u32> = (0..self.model.vars as u32).collect();
        let mut memo = Memo::new(0);
        let mut counter = Counter::new(&self.model, state, &mut memo, &self.cancel, None);
        counter.components(&all).iter().map(Vec::len).collect()
    }
}
