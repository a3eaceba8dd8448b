//! The solving engine: one search behind several sinks (stream, first, uniqueness, limit).
//!
//! This module's public items are the engine's contract with the CLI and the app; the search
//! behind them lives in the submodules:
//! [`combos`] (digit sets per run length and sum), [`model`] (the puzzle as variables and
//! constraints), [`state`] (domains, live sets, trail), [`propagate`] (revision to a fixed
//! point), `flow` (the sums as a flow through the cells: a global check that propagation run
//! by run misses), `tally` (how often each digit occurs: the per-digit counterpart of the flow),
//! `search` (the enumeration), `probe` (a search with restarts for "any
//! solution" and "a second one" when the enumeration's order thrashes), [`observe`] (live view
//! hooks), [`generate`] (random puzzles for tests and benchmarks).
//!
//! # Variables and constraints
//! The variables are the white cells ([`crate::CellId`] order) and, in a cryptic puzzle, the
//! ten letters A–J after them. Every run is a constraint (digit sets of its sum, or all
//! different when it has none; a cryptic run's sum is spelled by its letter variables); a
//! cryptic puzzle adds "letters all different" and one equality per letter-shown cell.
//!
//! # Enumeration order
//! Solutions come in this order, which is fixed by the puzzle alone (counting and random access
//! by index must follow it):
//! 0. Decide the *anchor* (see `anchor`): run steps 1–4 without one until the first solution.
//!    If that takes more than [`ANCHOR_AFTER`] backtracks (of the default search, with the sums'
//!    flow checked from 64 on), the anchor is the solution a probe finds (deterministic: the
//!    same every time); otherwise there is none.
//! 1. Propagate at the root. The current *part* is the set of all variables.
//! 2. At a node, look at the part's undecided variables. If [`search::split_due`] says so,
//!    find the connected components of these variables (two undecided variables are connected
//!    when some constraint holds both). If there are several, the part's solutions are the
//!    Cartesian product of the components' solutions, ordered lexicographically with the
//!    component holding the lowest variable index most significant (its solutions change
//!    slowest) and the others following in the order of their lowest variable index; each
//!    component is enumerated by this same procedure, starting from the current state.
//! 3. Otherwise branch on the part's undecided variable with the fewest candidates, three or
//!    more counting alike (ties go to the lowest variable index), trying its candidate digits in
//!    ascending order, except that when every undecided variable of the part still allows its
//!    digit in the anchor, the anchor's digit comes first (so the anchor is the first solution);
//!    after each digit propagate to a fixed point (a contradiction skips the digit) and
//!    continue at 2.
//! 4. A part with no undecided variable has exactly one solution.
//!
//! The search also skips subtrees it can prove hold no solution without visiting them
//! (backjumping over choices a failure does not depend on; failing at once on a residual
//! problem it already searched out without a solution). Cutting solution-free subtrees leaves
//! this order as it is: only the node counts in [`Stats`] change.

mod anchor;
mod flow;
mod nth;
mod probe;
mod recall;
mod search;
mod stamps;
mod tally;

pub mod combos;
pub mod count;
pub mod generate;
pub mod memo;
pub mod model;
pub mod observe;
pub mod propagate;
pub mod state;

pub use anchor::ANCHOR_AFTER;
pub use count::Cancelled;
pub use nth::random_below;
pub use observe::{Event, Observer, Snapshot, StackEntry};
pub use probe::PROBES_AFTER;
pub use search::{DEAD_ENDS_AFTER, FLOW_AFTER, GUIDE_AFTER, TALLY_AFTER, progress, split_due};

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::grid::Letter;
use crate::puzzle::Puzzle;

/// A filled-in puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Solution {
    /// One digit 1–9 per white cell, indexed by [`crate::CellId`].
    pub digits: Vec<u8>,
    /// In a cryptic puzzle, the digit of each letter A–J; `None` otherwise.
    pub letters: Option<[u8; Letter::COUNT]>,
}

impl Solution {
    /// The PE 424 answer: the letters' digits A..J as one 10-digit number.
    pub fn letter_answer(&self) -> Option<u64> {
        self.letters
            .map(|ls| ls.iter().fold(0u64, |acc, &d| acc * 10 + u64::from(d)))
    }
}

/// A shared flag that stops a search; the engine checks it every few thousand nodes.
#[derive(Clone, Debug, Default)]
pub struct CancelToken {
    flag: Arc<AtomicBool>,
    /// The token this one was linked to ([`CancelToken::linked`]), whose cancel it obeys too.
    parent: Option<Box<CancelToken>>,
    /// When this token cancels itself ([`CancelToken::with_deadline`]).
    deadline: Option<Instant>,
}

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// A token that is cancelled when this one is, and can also be cancelled on its own
    /// without cancelling this one: a racing count stops at the caller's cancel as soon as a
    /// count alone would, and its rival can stop it.
    pub(crate) fn linked(&self) -> CancelToken {
        CancelToken {
            flag: Arc::default(),
            parent: Some(Box::new(self.clone())),
            deadline: None,
        }
    }

    /// A token that is cancelled when this one is, and by itself once `budget` has passed
    /// from now: a search that must answer in time, or say it could not.
    pub fn with_deadline(&self, budget: Duration) -> CancelToken {
        CancelToken {
            // A budget past the end of time is no budget.
            deadline: Instant::now().checked_add(budget),
            ..self.linked()
        }
    }

    /// Whether this token's own deadline has passed (see [`CancelToken::with_deadline`]):
    /// the search ran out of time, rather than being cancelled by the caller's token.
    pub fn timed_out(&self) -> bool {
        self.deadline.is_some_and(|at| Instant::now() >= at)
    }

    /// Asks every search holding this token to stop.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Whether [`CancelToken::cancel`] was called (on this token or the one it is linked to).
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
            || self.timed_out()
            || self.parent.as_ref().is_some_and(|p| p.is_cancelled())
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every solution was delivered.
    Complete,
    /// The sink asked to stop (a limit was reached).
    Stopped,
    /// The cancel token fired; what was delivered is not all there is.
    Cancelled,
}

/// Whether a puzzle has none, one or several solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one; here it is.
    Unique(Solution),
    /// At least two.
    Multiple,
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes visited (propagations to a fixed point).
    pub nodes: u64,
    /// Decisions taken (a digit tried on a cell with more than one candidate).
    pub guesses: u64,
    /// Contradictions that sent the search back.
    pub backtracks: u64,
    /// Run revisions done by propagation.
    pub propagations: u64,
    /// Solutions delivered to the sink.
    pub solutions: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// A search over one puzzle. Build it once, then run any of its sinks (each runs from scratch).
pub struct Solver<'p> {
    puzzle: &'p Puzzle,
    model: model::Model,
    cancel: CancelToken,
    stats: Stats,
    /// Counts of part states, kept between [`Solver::count`] and [`Solver::nth`] calls.
    memo: memo::Memo,
    /// When the search remembers dead ends and when it gives up
    /// ([`Solver::with_dead_ends_after`], [`Solver::with_give_up_after`]).
    tuning: search::Tuning,
    /// Backtracks the stream may take between the probes of [`Solver::any`] and
    /// [`Solver::uniqueness`] (before the first, at most 128; [`Solver::with_probes_after`]).
    probes_after: u64,
    /// Whether a count keeps the graphs of the parts it sweeps for [`Solver::nth`]
    /// ([`Solver::counting_only`]).
    keep_graphs: bool,
    /// Components this big or bigger are offered to a sweep when counting (tests lower it to
    /// sweep small puzzles).
    sweep_from: usize,
    /// The solutions' order, once decided (see [`anchor`]).
    order: Option<anchor::Order>,
    /// What [`Solver::nth`]'s walks asked (of the kept graphs, or counted where none was
    /// kept), for the walks after them.
    recall: recall::Recall,
    /// How long a first count runs before a second plan races it (see [`Solver::count`]);
    /// `None`: never (tests count with one plan, or race from the start).
    race_after: Option<Duration>,
    /// Whether the puzzle has no solution, once a count or a jump asked (see
    /// `Solver::has_none`).
    none: Option<bool>,
}

impl<'p> Solver<'p> {
    /// A solver for a validated puzzle.
    pub fn new(puzzle: &'p Puzzle) -> Solver<'p> {
        Solver {
            puzzle,
            model: model::Model::new(puzzle),
            cancel: CancelToken::new(),
            stats: Stats::default(),
            memo: memo::Memo::default(),
            tuning: search::Tuning::default(),
            probes_after: PROBES_AFTER,
            keep_graphs: true,
            sweep_from: count::SWEEP_FROM,
            order: None,
            recall: recall::Recall::default(),
            race_after: Some(count::RACE_AFTER),
            none: None,
        }
    }

    /// For a solver that will only count: [`Solver::count`] then keeps no graphs of the parts
    /// it sweeps, which only [`Solver::nth`] reads (a count of a big part is up to a fifth
    /// faster; `nth` after it is still right, but slower the first time).
    pub fn counting_only(mut self) -> Solver<'p> {
        self.keep_graphs = false;
        self
    }

    /// Starts remembering dead ends after `backtracks` backtracks instead of
    /// [`DEAD_ENDS_AFTER`] (`u64::MAX`: never). The solutions and their order are the same
    /// either way; tests use this to run the memo on small puzzles, and benchmarks to compare.
    pub fn with_dead_ends_after(mut self, backtracks: u64) -> Solver<'p> {
        self.tuning.dead_ends_after = backtracks;
        self
    }

    /// Checks each decision of the streaming searches and of the count against the sums' flow
    /// after `backtracks` backtracks instead of [`FLOW_AFTER`] (`u64::MAX`: never; `nth`'s
    /// walks check from their first decision unless it is never). The
    /// solutions, their order and the counts are the same either way; tests use this to check
    /// small puzzles, and benchmarks to compare.
    pub fn with_flow_after(mut self, backtracks: u64) -> Solver<'p> {
        self.tuning.flow_after = backtracks;
        self
    }

    /// Checks each decision of the streams that do not decide the order (and of
    /// [`Solver::some`]'s) against the digits' tally after `backtracks` backtracks instead of
    /// [`TALLY_AFTER`] (`u64::MAX`: only at the root). The solutions and their order are the
    /// same either way; tests use this to check small puzzles, and benchmarks to compare.
    pub fn with_tally_after(mut self, backtracks: u64) -> Solver<'p> {
        self.tuning.tally_after = backtracks;
        self
    }

    /// Has the stream check that its branch still has a solution after `backtracks`
    /// backtracks, and as often again, instead of [`GUIDE_AFTER`] (`u64::MAX`: never). The
    /// solutions and their order are the same either way; tests use this to guide small
    /// puzzles, and benchmarks to compare.
    pub fn with_guide_after(mut self, backtracks: u64) -> Solver<'p> {
        self.tuning.guide_after = backtracks;
        self
    }

    /// Stops the streaming searches after `backtracks` failed guesses, reporting
    /// [`Outcome::Cancelled`] as if the cancel token had fired: for callers that turn to
    /// [`Solver::some`] when the streamed order gets lost.
    pub fn with_give_up_after(mut self, backtracks: u64) -> Solver<'p> {
        self.tuning.give_up_after = backtracks;
        self
    }

    /// Lets [`Solver::any`] and [`Solver::uniqueness`] stream for `backtracks` backtracks
    /// between probes instead of [`PROBES_AFTER`] (before the first probe, at most 128). The
    /// answers are the same either way; tests use this to probe small puzzles, and benchmarks
    /// to compare.
    pub fn with_probes_after(mut self, backtracks: u64) -> Solver<'p> {
        self.probes_after = backtracks;
        self
    }

    /// Anchors the order on a probe's solution when the plain search takes more than
    /// `backtracks` backtracks before its first solution, instead of [`ANCHOR_AFTER`]
    /// (`u64::MAX`: never). Unlike the other knobs this changes the order, for
    /// [`Solver::for_each`] and [`Solver::nth`] alike; tests use 0 to anchor small puzzles.
    pub fn with_anchor_after(mut self, backtracks: u64) -> Solver<'p> {
        self.tuning.anchor_after = backtracks;
        self.order = None;
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
        let domain = &mut self.model.initial_domains[cell.0 as usize];
        *domain &= digits;
        if *domain == 0 {
            self.model.hopeless = true;
        }
        self.memo = memo::Memo::default();
        self.order = None;
        self.none = None;
        // The walks' answers and their root state were of the wider model.
        self.recall = recall::Recall::default();
        self
    }

    /// The puzzle being solved.
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// Streams every solution to `sink` until it breaks, the search ends, or it is cancelled.
    pub fn for_each(&mut self, sink: impl FnMut(&Solution) -> ControlFlow<()>) -> Outcome {
        self.stream((), sink)
    }

    /// Like [`Solver::for_each`], reporting events and snapshots to `observer`.
    pub fn for_each_observed(
        &mut self,
        observer: &mut impl Observer,
        sink: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> Outcome {
        self.stream(observer, sink)
    }

    /// Streams in the puzzle's order, deciding it first if no search has (see [`anchor`]).
    fn stream(
        &mut self,
        mut observer: impl Observer,
        mut sink: impl FnMut(&Solution) -> ControlFlow<()>,
    ) -> Outcome {
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
                if outcome != Outcome::Cancelled || stats.solutions > 0 {
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
            Some(anchor::Order::Empty) => Outcome::Complete,
            Some(order) => 'run: {
                // The anchor is the first solution: a sink that wants no more stops here,
                // before the search descends to it (a tenth of `first()` on a dense grid).
                let mut sent = None;
                if let Some(anchor) = order.anchor() {
                    let first = probe::solution_of(&self.model, anchor);
                    total.solutions = 1;
                    if sink(&first).is_break() {
                        break 'run Outcome::Stopped;
                    }
                    sent = Some(first);
                }
                // The order is decided: nothing to stop for.
                let tuning = search::Tuning {
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
            None => Outcome::Cancelled,
        };
        total.elapsed = start.elapsed();
        self.stats = total;
        outcome
    }

    /// The compiled model (variables and constraints) the search runs on.
    pub fn model(&self) -> &model::Model {
        &self.model
    }

    /// The first solution in the streamed order, if any (`None` also when cancelled): the
    /// plain order's first, or on a puzzle where that is slow to reach, the anchor (see the
    /// module's doc on the order).
    pub fn first(&mut self) -> Option<Solution> {
        let mut found = None;
        self.for_each(|s| {
            found = Some(s.clone());
            ControlFlow::Break(())
        });
        found
    }

    /// Up to `limit` solutions, and how the search ended (`Complete` means these are all).
    pub fn solutions(&mut self, limit: usize) -> (Vec<Solution>, Outcome) {
        let mut found = Vec::new();
        if limit == 0 {
            return (found, Outcome::Stopped);
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

    /// Counters of the last run.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}
