//! The solving engine: one search behind several queries (stream, first, any, uniqueness,
//! count, nth, the designer's check).
//!
//! [`Solver`] (in `solver.rs`) is the front door: every public method is there, with
//! [`Tuning`] for its knobs and [`Cancelled`] for every query cut short; [`check`] is the
//! designer's check. The search behind them lives in the submodules: `combos` (digit sets per
//! run length and sum), `model` (the puzzle as variables and constraints), `state` (domains,
//! live sets, trail), `propagate` (revision to a fixed point), `flow` (the sums as a flow
//! through the cells: a global check that propagation run by run misses), `tally` (how often
//! each digit occurs: the per-digit counterpart of the flow), `search` (the enumeration),
//! `stream` (deciding the order, then streaming in it), `probe` (a search with restarts for
//! "any solution" and "a second one" when the enumeration's order thrashes), `count` and `nth`
//! (exact counting and random access), `observe` (live view hooks), [`generate`] (random
//! puzzles for tests and benchmarks).
//!
//! # Variables and constraints
//! The variables are the white cells ([`crate::CellId`] order) and, in a cryptic puzzle, the
//! ten letters A–J after them. Every run is a constraint (digit sets of its sum, or all
//! different when it has none; a cryptic run's sum is spelled by its letter variables); a
//! cryptic puzzle adds "letters all different" and one equality per letter-shown cell.
//!
//! # Enumeration order
//! Solutions come in an order fixed by the puzzle alone, which counting and random access by
//! index follow: `order` states it and holds the rules the stream and `nth` share.

mod anchor;
mod check;
mod flow;
mod nth;
mod order;
mod probe;
mod recall;
mod search;
mod solver;
mod stamps;
mod stream;
mod tally;
mod tuning;

pub(crate) mod combos;
pub(crate) mod count;
pub mod generate;
pub(crate) mod memo;
pub(crate) mod model;
pub(crate) mod observe;
pub(crate) mod propagate;
pub(crate) mod state;

pub use check::{CheckOptions, Depth, Verdict, check};
pub use combos::Mask;
pub use count::CountProgress;
pub use nth::random_below;
pub use observe::{Event, Observer, Snapshot, StackEntry};
pub use order::split_due;
pub use search::progress;
pub use solver::Solver;
pub use tuning::Tuning;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::grid::Letter;

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
    /// without cancelling this one: a count stops at the caller's cancel, and a panic in its
    /// progress callback can stop it without cancelling the caller's token.
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

/// How a stream that ran to its end or to its sink's wish ended (a cancelled one says
/// [`Cancelled`] instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every solution was delivered.
    Complete,
    /// The sink asked to stop (a limit was reached).
    Stopped,
}

/// The work stopped before it had its answer: the cancel token fired (or its deadline
/// passed), or the search gave up where [`Tuning::give_up_after`] told it to. What a stream
/// delivered before is still right, but not all there is. Every engine query that can be
/// cancelled says so with this one error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search was cancelled")]
pub struct Cancelled;

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
