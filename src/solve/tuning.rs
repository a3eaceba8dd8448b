//! The engine's tuning knobs in one value: when each of the search's costlier checks starts,
//! when a search gives up. Every knob but `anchor_after` changes only how fast an answer comes,
//! never the solutions or their order.

use super::anchor::ANCHOR_AFTER;
use super::probe::PROBES_AFTER;
use super::search::{DEAD_ENDS_AFTER, FLOW_AFTER, GUIDE_AFTER, TALLY_AFTER};

/// When the search's costlier checks start, counted in backtracks (`u64::MAX`: never, unless a
/// field says otherwise). [`Tuning::default`] is what the engine uses unless told; tests set a
/// knob to 0 to exercise its check on small puzzles, benchmarks to compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// Backtracks before the stream and the count remember dead ends (residual problems
    /// searched out without a solution).
    pub dead_ends_after: u64,
    /// Backtracks after which the streaming searches stop as if cancelled: for callers that
    /// turn to [`Solver::some`](super::Solver::some) when the streamed order gets lost.
    pub give_up_after: u64,
    /// Backtracks before each decision of the streams and of the count is checked against the
    /// sums' flow (`nth`'s walks check from their first decision unless this is `u64::MAX`).
    pub flow_after: u64,
    /// Backtracks before each decision of the streams that do not decide the order (and of
    /// [`Solver::some`](super::Solver::some)'s) is checked against the digits' tally
    /// (`u64::MAX`: only at the root).
    pub tally_after: u64,
    /// Backtracks before the stream checks that its branch still holds a solution, and
    /// between such checks.
    pub guide_after: u64,
    /// Backtracks [`Solver::any`](super::Solver::any) and
    /// [`Solver::uniqueness`](super::Solver::uniqueness) stream between probes (before the
    /// first probe, at most 128).
    pub probes_after: u64,
    /// Backtracks the plain search may take before its first solution; past them the order is
    /// anchored on a probe's solution. Unlike the other knobs this changes the order, for
    /// [`Solver::for_each`](super::Solver::for_each) and [`Solver::nth`](super::Solver::nth)
    /// alike; tests use 0 to anchor small puzzles.
    pub anchor_after: u64,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            dead_ends_after: DEAD_ENDS_AFTER,
            give_up_after: u64::MAX,
            flow_after: FLOW_AFTER,
            tally_after: TALLY_AFTER,
            guide_after: GUIDE_AFTER,
            probes_after: PROBES_AFTER,
            anchor_after: ANCHOR_AFTER,
        }
    }
}
