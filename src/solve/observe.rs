//! Watching a search: events as it goes, and a snapshot of its state when the watcher asks.
//!
//! The search is generic over the [`Observer`]; with `()` (the default) every hook is an empty
//! inlined call, so an unwatched search pays nothing.

use super::Stats;
use super::combos::Mask;

/// Something that happened in the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A digit was tried on a variable (a cell, or a letter in a cryptic puzzle).
    Decision {
        /// The variable: a [`crate::CellId`] index, or cell count + letter index.
        var: usize,
        /// The digit tried.
        digit: u8,
        /// How many choices are above it on the decision stack.
        depth: usize,
    },
    /// Propagation after the last decision reached a fixed point without contradiction.
    Propagated {
        /// Undecided variables left in the part being searched.
        open: usize,
    },
    /// Propagation after the last decision found a contradiction.
    Contradiction,
    /// A choice ran out of digits; the search goes back to the one above it.
    Backtrack {
        /// Depth of the exhausted choice.
        depth: usize,
    },
    /// The undecided variables fell apart into independent parts.
    Split {
        /// How many parts.
        parts: usize,
    },
    /// A solution was sent to the sink.
    Solution,
}

/// One entry of the decision stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackEntry {
    /// The variable decided; `None` when the entry replays the cached solutions of a part.
    pub var: Option<usize>,
    /// The digit it holds now (0 for a replay).
    pub digit: u8,
    /// Which alternative this is, from 0.
    pub index: u32,
    /// How many alternatives the choice has.
    pub count: u32,
}

/// The search's state when a snapshot was asked for.
#[derive(Clone, Debug)]
pub struct Snapshot<'a> {
    /// Candidates per variable (cells by [`crate::CellId`], then letters A–J), bit `d` for
    /// digit `d`. Parts replayed from the cache show their candidates from before the replay.
    pub domains: &'a [Mask],
    /// The decision stack, outermost first.
    pub stack: &'a [StackEntry],
    /// Counters so far.
    pub stats: Stats,
    /// Estimated fraction of the search tree finished, 0.0..=1.0.
    pub progress: f64,
}

/// Watches a search. Every method has an empty default.
pub trait Observer {
    /// Called at each event.
    #[inline]
    fn event(&mut self, _event: Event) {}

    /// Asked once per search node: return `true` to receive a [`Snapshot`] now.
    #[inline]
    fn wants_snapshot(&mut self) -> bool {
        false
    }

    /// Receives the snapshot asked for.
    #[inline]
    fn snapshot(&mut self, _snapshot: &Snapshot<'_>) {}
}

/// No observer: the search runs at full speed.
impl Observer for () {}

/// Passes a search's events and snapshots on to `observer` as if the search went on from
/// earlier ones whose work `before` counts (a stream that decided its order first): the
/// watcher's counters carry on rather than start over.
pub(crate) struct Continued<O> {
    pub(crate) observer: O,
    pub(crate) before: Stats,
}

impl<O: Observer> Observer for Continued<O> {
    #[inline]
    fn event(&mut self, event: Event) {
        self.observer.event(event)
    }

    #[inline]
    fn wants_snapshot(&mut self) -> bool {
        self.observer.wants_snapshot()
    }

    fn snapshot(&mut self, snapshot: &Snapshot<'_>) {
        let now = snapshot.stats;
        let stats = Stats {
            nodes: self.before.nodes + now.nodes,
            guesses: self.before.guesses + now.guesses,
            backtracks: self.before.backtracks + now.backtracks,
            propagations: self.before.propagations + now.propagations,
            // The solutions sent before (an anchor) are found again, not sent again.
            solutions: self.before.solutions.max(now.solutions),
            elapsed: self.before.elapsed + now.elapsed,
        };
        self.observer.snapshot(&Snapshot {
            stats,
            ..snapshot.clone()
        });
    }
}

impl<O: Observer + ?Sized> Observer for &mut O {
    #[inline]
    fn event(&mut self, event: Event) {
        (**self).event(event)
    }

    #[inline]
    fn wants_snapshot(&mut self) -> bool {
        (**self).wants_snapshot()
    }

    #[inline]
    fn snapshot(&mut self, snapshot: &Snapshot<'_>) {
        (**self).snapshot(snapshot)
    }
}
