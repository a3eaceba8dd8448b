//! One solving run: what its worker has streamed and the store kept, the oracle's exact count
//! and the jump it is fetching. Apart from the browser, which holds a run (and one parked by an
//! edit) and decides which of its solutions the board shows.

use std::time::{Duration, Instant};

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::super::numbers::{group, group_big};
use crate::app::browse::oracle::Oracle;
use crate::app::browse::solutions::Solutions;
use crate::app::browse::solver::{Live, Worker};
use crate::solve::count::CountProgress;
use crate::{Grid, Pos};

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// The worker is searching.
    Running,
    /// The search finished: every solution was found.
    Done,
    /// The user stopped it (Stop or Esc).
    Stopped,
    /// It stopped itself: the memory cap was reached and the solutions are counted, so every
    /// solution past those kept is fetched by its number, and searching on would only have
    /// kept a core busy (for ever, on a count of 10^70).
    Capped,
}

/// One solving run of the puzzle as it was when Solve was pressed.
pub(in crate::app) struct Run {
    pub(super) worker: Option<Worker>,
    pub(super) positions: Vec<Pos>,
    pub(super) width: usize,
    pub(super) height: usize,
    pub(in crate::app) store: Solutions,
    pub(in crate::app) state: RunState,
    pub(super) started: Instant,
    pub(super) elapsed: Duration,
    pub(in crate::app) live: Live,
    /// The editor's generation the run belongs to: any edit ends it.
    pub(super) editor_generation: u64,
    /// The grid it solves, to know it again when an undo brings it back.
    pub(super) grid: Grid,
    /// Counts exactly and fetches solutions past what is stored.
    pub(super) oracle: Option<Oracle>,
    /// The exact number of solutions, once the oracle has counted them (jumps need its count).
    pub(in crate::app) exact: Option<BigUint>,
    /// The exact number the designer's check found for the same grid, shown until the oracle's
    /// own count arrives: on 100 × 30 at 40% walls the check has it seconds after the grid
    /// opens, and the oracle counts again, for its cache, after Solve.
    pub(in crate::app) known: Option<BigUint>,
    /// How far the exact count is.
    pub(in crate::app) counted: CountProgress,
    /// The time after which the oracle gave up the count, if it did.
    pub(in crate::app) count_gave_up: Option<Duration>,
    /// The solution fetched by the last jump past the stored ones: its index, digits, and the
    /// digits of the one before it.
    pub(super) fetched: Option<Fetched>,
    /// The jump the oracle is working on, and when it was asked.
    pub(super) pending: Option<(BigUint, Instant)>,
}

impl Run {
    /// Solutions found so far (all of them are stored, up to the cap or in a window).
    pub(super) fn found(&self) -> u64 {
        self.live.stats.solutions.max(self.store.received())
    }

    /// How many solutions can be browsed: all of them once counted, else those streamed (the
    /// ones a window dropped are fetched by number once counted).
    pub(in crate::app) fn browsable(&self) -> BigUint {
        match &self.exact {
            Some(n) => n.clone(),
            None => BigUint::from(self.store.received()),
        }
    }

    /// Where solution `k` is in the store, if it is held there.
    pub(super) fn stored_at(&self, k: &BigUint) -> Option<u64> {
        u64::try_from(k).ok().filter(|&i| self.store.has(i))
    }

    /// The number of solutions, once known: counted, known from the check, or every one
    /// streamed.
    pub(super) fn known_total(&self) -> Option<BigUint> {
        match self.exact.as_ref().or(self.known.as_ref()) {
            Some(n) => Some(n.clone()),
            None if self.state == RunState::Done => Some(BigUint::from(self.found())),
            None => None,
        }
    }

    /// The last solution's index, or why it is not known yet: the count is needed to name it,
    /// and the last one streamed is not it.
    pub(in crate::app) fn last(&self) -> Result<BigUint, String> {
        match self.known_total() {
            Some(n) if n > BigUint::ZERO => Ok(n - 1u32),
            Some(_) => Err("There is no solution".into()),
            None if self.counting() => Err(format!(
                "The last solution needs the exact count: {}; browse the others meanwhile",
                self.count_progress()
            )),
            None => match self.count_unknown() {
                Some(unknown) => Err(format!(
                    "The last solution needs the exact count, which is {unknown}"
                )),
                None => Err("The last solution needs the exact count, and the run was \
                             stopped before it: Solve again to count"
                    .into()),
            },
        }
    }

    /// How far the exact count is: "37% done", or where the share done is too small to say
    /// anything, "no estimate yet (12 s, 1.2 M nodes)".
    pub(in crate::app) fn count_progress(&self) -> String {
        count_progress(self.counted, self.started.elapsed())
    }

    /// "Memory: 612 MB in use, at most 1.3 GB": what the process holds (where the system says)
    /// and the most it may, all counted, with the store at its cap. The bound stays the same for
    /// the whole run: a store that turns to a window frees solutions the system may not take
    /// back at once, and a lower bound then would read as less than what is in use.
    pub(in crate::app) fn memory_line(&self) -> String {
        let most = super::memory::size(super::memory::budget(self.store.cap_bytes()));
        match super::memory::resident() {
            Some(now) => format!(
                "Memory: {} in use, at most {most}",
                super::memory::size(now)
            ),
            None => format!("Memory: at most {most}"),
        }
    }

    /// Whether every solution could be stored within the cap, as far as is known: the exact
    /// count, the check's, or the stream's share of the tree searched. The search's share
    /// weighs each choice's alternatives alike, so it is only asked once the store holds a
    /// window's worth; a share too small to read says they would not fit.
    pub(super) fn storing_covers(&self) -> bool {
        let total = match self.known_total() {
            Some(n) => n.to_f64().unwrap_or(f64::INFINITY),
            None if self.store.used_bytes() < self.store.window_bytes() => return true,
            None if self.live.progress > 0.0 => self.found() as f64 / self.live.progress,
            None => f64::INFINITY,
        };
        self.store.bytes_for(total) <= self.store.cap_bytes() as f64
    }

    /// The number of solutions as the headline says it: exact once counted or known.
    pub(super) fn total(&self) -> String {
        match self.exact.as_ref().or(self.known.as_ref()) {
            Some(n) => group_big(n),
            None if self.state == RunState::Done => group(self.found()),
            None => format!("at least {}", group(self.found())),
        }
    }

    /// Whether the exact count is still being worked out.
    pub(in crate::app) fn counting(&self) -> bool {
        self.exact.is_none() && self.oracle.is_some() && self.count_gave_up.is_none()
    }

    /// "unknown after 300 s: at least 1,234 solutions", when the count was given up (and the
    /// stream has not listed them all since).
    pub(in crate::app) fn count_unknown(&self) -> Option<String> {
        let after = self
            .count_gave_up
            .filter(|_| self.state != RunState::Done)?;
        Some(format!(
            "unknown after {} s: at least {} solutions",
            after.as_secs_f64(),
            group(self.found())
        ))
    }

    /// Asks the oracle for solution `k` (one the stream has not stored), in the stream's
    /// order; returns the notice to show meanwhile, or `None` when no oracle is left.
    pub(super) fn fetch(&mut self, k: BigUint) -> Option<String> {
        self.oracle.as_ref()?.ask(k.clone());
        let notice = fetching(&k, Duration::ZERO);
        self.pending = Some((k, Instant::now()));
        Some(notice)
    }

    /// Whether solution `k` is the jump being fetched.
    pub(super) fn is_pending(&self, k: &BigUint) -> bool {
        self.pending.as_ref().is_some_and(|(p, _)| p == k)
    }

    /// Gives up the jump being fetched, if any: its answer must not move the board.
    pub(super) fn forget_pending(&mut self) {
        if self.pending.take().is_some()
            && let Some(oracle) = &self.oracle
        {
            oracle.forget();
        }
    }

    /// Time spent searching.
    pub(super) fn elapsed(&self) -> Duration {
        match self.state {
            RunState::Running => self.started.elapsed(),
            _ => self.elapsed,
        }
    }
}

/// A solution the oracle fetched past the stored ones.
pub(super) struct Fetched {
    /// Its index (0-based).
    pub(super) k: BigUint,
    /// Its digits by [`crate::CellId`].
    pub(super) digits: Vec<u8>,
    /// The digits of solution #k−1, if there is one.
    pub(super) previous: Option<Vec<u8>>,
}

/// Below this share done, the count's progress says nothing yet: a choice's alternatives weigh
/// alike in it, and on a giant puzzle the first alternatives can take nearly all the time.
const NO_ESTIMATE_BELOW: f64 = 0.005;

/// A count younger than this says no time left: its first moments show little of its pace.
const TIME_LEFT_AFTER: Duration = Duration::from_secs(3);

/// "37% done, about 2 min left" (no time left for a young count or under a second), or below
/// [`NO_ESTIMATE_BELOW`], "no estimate yet (12 s, 1.2 M nodes)".
pub(in crate::app) fn count_progress(counted: CountProgress, elapsed: Duration) -> String {
    if counted.done >= NO_ESTIMATE_BELOW {
        let done = format!("{:.0}% done", (counted.done * 100.0).floor());
        // The share done grows about as the count's time does (its parts weigh by their
        // estimated work), so the pace so far gives the time left.
        let left = elapsed.mul_f64((1.0 - counted.done.min(1.0)) / counted.done);
        if elapsed >= TIME_LEFT_AFTER && left >= Duration::from_secs(1) {
            format!("{done}, about {} left", seconds(left))
        } else {
            done
        }
    } else if counted.nodes == 0 {
        format!("no estimate yet ({})", seconds(elapsed))
    } else {
        format!(
            "no estimate yet ({}, {} nodes)",
            seconds(elapsed),
            compact(counted.nodes)
        )
    }
}

/// "850", "12.5 k", "1.3 M", "4.1 G".
fn compact(n: u64) -> String {
    let n = n as f64;
    match n {
        ..1e3 => format!("{n:.0}"),
        ..1e6 => format!("{:.1} k", n / 1e3),
        ..1e9 => format!("{:.1} M", n / 1e6),
        _ => format!("{:.1} G", n / 1e9),
    }
}

/// "12 s", "3 min", "2 h 01".
fn seconds(time: Duration) -> String {
    let s = time.as_secs();
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min", s / 60),
        _ => format!("{} h {:02}", s / 3600, s / 60 % 60),
    }
}

/// How the notice of a fetch begins.
pub(super) const FETCHING: &str = "Fetching ";

/// The notice while the oracle fetches solution #k (0-based): "Fetching solution 12…", and
/// after a second how long it has taken so far, first, since a long number is cut short.
pub(super) fn fetching(k: &BigUint, waited: Duration) -> String {
    let number = group_big(&(k + 1u32));
    match waited.as_secs() {
        0 => format!("{FETCHING}solution {number}…"),
        s => format!("{FETCHING}for {s} s: solution {number}…"),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use num_bigint::BigUint;

    /// A share done too small to read says so, with the time and the work; a readable one is
    /// given whole percents, never rounded up to done, and once the count has run a few
    /// seconds, the time left at its pace so far.
    #[test]
    fn the_counts_progress_says_no_estimate_rather_than_zero() {
        use crate::solve::count::CountProgress;
        let at = |done, nodes| CountProgress { done, nodes };
        let progress = super::count_progress;
        let minutes = Duration::from_secs(671);
        assert_eq!(
            progress(at(0.0, 0), Duration::ZERO),
            "no estimate yet (0 s)"
        );
        assert_eq!(
            progress(at(1e-40, 5_400), minutes),
            "no estimate yet (11 min, 5.4 k nodes)"
        );
        assert_eq!(
            progress(at(0.001, 12_300_000), Duration::from_secs(7_500)),
            "no estimate yet (2 h 05, 12.3 M nodes)"
        );
        assert_eq!(
            progress(at(0.376, 9), minutes),
            "37% done, about 18 min left"
        );
        assert_eq!(
            progress(at(0.25, 9), Duration::from_secs(10)),
            "25% done, about 30 s left"
        );
        assert_eq!(progress(at(0.5, 9), Duration::from_secs(2)), "50% done");
        assert_eq!(progress(at(0.999, 9), minutes), "99% done");
    }

    #[test]
    fn a_long_fetch_says_how_long_it_has_taken() {
        let k = BigUint::from(11u32);
        assert_eq!(
            super::fetching(&k, Duration::from_millis(900)),
            "Fetching solution 12…"
        );
        let k = BigUint::from(1_233_999u32);
        assert_eq!(
            super::fetching(&k, Duration::from_millis(12_300)),
            "Fetching for 12 s: solution 1,234,000…"
        );
    }
}
