//! The [`Solver`]'s counting methods: the public entry points, which run a [`Counter`] from the
//! root state and keep its statistics, apart from the counter's own workings.

use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use num_bigint::BigUint;

use super::{Cancelled, CountProgress, Counter, on_deep_stack};
use crate::solve::CancelToken;
use crate::solve::memo::Memo;
use crate::solve::model::Model;
use crate::solve::propagate::propagate_all;
use crate::solve::state::State;
use crate::solve::{Solver, Stats};

impl Solver<'_> {
    /// Counts from the root; `progress` hears how far it is.
    pub(crate) fn run_count(
        &mut self,
        progress: Option<&mut dyn FnMut(CountProgress)>,
    ) -> Result<BigUint, Cancelled> {
        let start = Instant::now();
        let settings = self.settings();
        let (total, mut stats) = if self.cancel.is_cancelled() {
            // Fired before the count began: no count starts. A count polls its token only now
            // and then, so one that ends before its first poll would say `Ok` on some puzzles
            // and `Cancelled` on others.
            (Err(Cancelled), Stats::default())
        } else {
            match self.has_none() {
                Err(Cancelled) => (Err(Cancelled), self.stats),
                Ok(true) => {
                    if let Some(progress) = progress {
                        progress(CountProgress {
                            done: 1.0,
                            nodes: 0,
                        });
                    }
                    (Ok(BigUint::ZERO), self.stats)
                }
                Ok(false) => self.count_heard_by(settings, progress),
            }
        };
        stats.elapsed = start.elapsed();
        self.stats = stats;
        total
    }

    /// Counts from the root, passing `progress` the count's reports. The count runs on a
    /// thread of its own (see [`on_deep_stack`]); a panic in `progress` stops it (rather than
    /// waiting for its end, which may be hours away) and then reaches the caller as it was.
    fn count_heard_by(
        &mut self,
        settings: Settings,
        progress: Option<&mut dyn FnMut(CountProgress)>,
    ) -> (Result<BigUint, Cancelled>, Stats) {
        // Its own token, so that stopping the count leaves the caller's alone.
        let token = self.cancel.linked();
        let mut panicked = None;
        let counted = match progress {
            None => count_from_root(&self.model, &mut self.memo, &token, settings, None),
            Some(progress) => {
                let mut heard = |p: CountProgress| {
                    if panicked.is_none()
                        && let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| progress(p)))
                    {
                        token.cancel();
                        panicked = Some(payload);
                    }
                };
                count_from_root(
                    &self.model,
                    &mut self.memo,
                    &token,
                    settings,
                    Some(&mut heard),
                )
            }
        };
        if let Some(payload) = panicked {
            panic::resume_unwind(payload);
        }
        counted
    }

    /// Whether the puzzle has no solution, remembered once known. The stream and its probes
    /// refute such a puzzle in about a millisecond, where the count's branching and sweeps may
    /// not in hours: a 6 × 6 block of white cells with random sums whose runs disagree only
    /// once most of its cells are decided (one hung CI in a property test). Where there is a
    /// solution the stream finds it at once, next to a count.
    pub(crate) fn has_none(&mut self) -> Result<bool, Cancelled> {
        if let Some(none) = self.none {
            return Ok(none);
        }
        let found = self.some(1)?;
        self.none = Some(found.is_empty());
        Ok(found.is_empty())
    }

    /// The solver's settings a count reads.
    fn settings(&self) -> Settings {
        Settings {
            keep_graphs: self.keep_graphs,
            sweep_from: self.sweep_from,
            flow_after: self.tuning.flow_after,
        }
    }
}

/// The solver's settings a count reads.
#[derive(Clone, Copy)]
struct Settings {
    keep_graphs: bool,
    sweep_from: usize,
    flow_after: u64,
}

/// Counts every variable from the root state with `memo`'s counts and plan (making the plan if
/// it has none), on a thread with a deep enough stack.
fn count_from_root(
    model: &Model,
    memo: &mut Memo,
    cancel: &CancelToken,
    settings: Settings,
    progress: Option<&mut dyn FnMut(CountProgress)>,
) -> (Result<BigUint, Cancelled>, Stats) {
    on_deep_stack(model.vars, progress, |sink| {
        let mut stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        let mut state = State::new(model);
        if propagate_all(model, &mut state).is_err() {
            stats.propagations = state.revisions;
            if let Some(sink) = sink {
                sink(CountProgress {
                    done: 1.0,
                    nodes: 0,
                });
            }
            return (Ok(BigUint::ZERO), stats);
        }
        let mut counter = Counter::new(model, state, memo, cancel, sink);
        let Settings {
            keep_graphs,
            sweep_from,
            flow_after,
        } = settings;
        let total = counter.count_all(sweep_from, keep_graphs, flow_after);
        if total.is_ok() {
            counter.report_done();
        }
        counter.add_to(&mut stats);
        (total.map(BigUint::from), stats)
    })
}

/// The sizes (undecided variables) of the independent parts left after propagation at the
/// root, in enumeration order; empty when propagation alone decides or refutes the puzzle.
pub(crate) fn root_parts(model: &Model, cancel: &CancelToken) -> Vec<usize> {
    let mut state = State::new(model);
    if propagate_all(model, &mut state).is_err() {
        return Vec::new();
    }
    let all: Vec<u32> = (0..model.vars as u32).collect();
    let mut memo = Memo::new(0);
    let mut counter = Counter::new(model, state, &mut memo, cancel, None);
    counter.components(&all).iter().map(Vec::len).collect()
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;
    use crate::puzzle::Puzzle;
    use crate::solve::count::Plan;
    use crate::solve::generate;

    /// Cancels a token after `secs` seconds unless stopped first: a count that should have
    /// ended sooner still ends, and the test fails instead of hanging.
    struct Backstop {
        stop: mpsc::Sender<()>,
        thread: std::thread::JoinHandle<()>,
    }

    impl Backstop {
        fn new(token: &CancelToken, secs: u64) -> Backstop {
            let (stop, wait) = mpsc::channel::<()>();
            let token = token.clone();
            let thread = std::thread::spawn(move || {
                if wait.recv_timeout(Duration::from_secs(secs))
                    == Err(mpsc::RecvTimeoutError::Timeout)
                {
                    token.cancel();
                }
            });
            Backstop { stop, thread }
        }

        fn stop(self) {
            drop(self.stop);
            self.thread.join().unwrap();
        }
    }

    /// A generated puzzle with a part of 1,300 cells: no count ends within a test's time.
    fn endless() -> Puzzle {
        Puzzle::from_grid(&generate::random_grid(30, 100, 0.3, 0)).unwrap()
    }

    /// The plan a count makes depends on the puzzle alone: two solvers, and a count after a
    /// cancelled one, count in the same order (the plan of the cheaper elimination of each
    /// big root part), so their caches and `nth` agree.
    #[test]
    fn every_count_of_a_puzzle_makes_the_same_plan() {
        let mut planned = 0;
        for seed in [0, 1, 2, 6, 7, 9] {
            let grid = generate::random_grid(30, 30, 0.4, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let mut first = Solver::new(&puzzle);
            let count = first.count().unwrap();
            let Some(plan) = first.memo.cached_plan() else {
                continue;
            };
            let model = &first.model;
            let mut root = State::new(model);
            propagate_all(model, &mut root).unwrap();
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let mut blank = Memo::new(0);
            blank.plan(Plan::default);
            let cancel = CancelToken::new();
            let parts =
                Counter::new(model, root.clone(), &mut blank, &cancel, None).components(&all);
            if !Plan::orders_a_part(&parts) {
                continue;
            }
            planned += 1;
            let made = Plan::new(model, &root.domains, &parts);
            let ranks = |plan: &Plan| -> Vec<u32> {
                (0..model.vars as u32)
                    .map(|v| plan.branch_rank(model, v))
                    .collect()
            };
            assert_eq!(ranks(&plan), ranks(&made), "seed {seed}");
            let mut again = Solver::new(&puzzle);
            assert_eq!(again.count().unwrap(), count, "seed {seed}");
            assert_eq!(again.stats().nodes, first.stats().nodes, "seed {seed}");
            let token = CancelToken::new();
            let mut second = Solver::new(&puzzle).with_cancel(token.clone());
            // Its first report stops it, unless that is its last.
            let counted = second.count_with_progress(&mut |_| token.cancel());
            second.set_cancel(CancelToken::new());
            if counted.is_err() {
                assert_eq!(second.count().unwrap(), count, "seed {seed}");
            }
            let kept = second.memo.cached_plan().expect("a plan");
            assert_eq!(ranks(&kept), ranks(&plan), "seed {seed}");
            for k in [BigUint::ZERO, &count / 3u32, &count - 1u32] {
                assert_eq!(
                    second.nth(&k).ok().flatten(),
                    first.nth(&k).ok().flatten(),
                    "seed {seed} #{k}"
                );
            }
        }
        assert!(planned >= 4, "only {planned} puzzles with a planned part");
    }

    /// A count that ends because the solver's token fired says so, and so does the next one.
    #[test]
    fn cancelling_a_count_stops_it() {
        let puzzle = endless();
        let token = CancelToken::new();
        let mut solver = Solver::new(&puzzle).with_cancel(token.clone());
        let start = Instant::now();
        // Cancelled from another thread once the count is under way (its first report), not
        // after a fixed time: how long the search for a first solution takes before the count
        // starts depends on the machine.
        let (reported, first_report) = mpsc::channel::<()>();
        let canceller = std::thread::spawn(move || {
            let _ = first_report.recv_timeout(Duration::from_secs(15));
            token.cancel();
        });
        let mut reports = 0;
        let counted = solver.count_with_progress(&mut |_| {
            reports += 1;
            let _ = reported.send(());
        });
        canceller.join().unwrap();
        assert_eq!(counted, Err(Cancelled));
        assert!(reports > 0, "progress reached the caller");
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(solver.count(), Err(Cancelled));
    }

    /// A count whose token was cancelled before it began ends as `Err(Cancelled)`, also where
    /// the count would end before its first poll of the token.
    #[test]
    fn a_count_whose_token_is_already_cancelled_is_cancelled() {
        for seed in [0, 1, 2, 6, 7, 9] {
            let grid = generate::random_grid(30, 30, 0.4, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let token = CancelToken::new();
            token.cancel();
            let mut solver = Solver::new(&puzzle).with_cancel(token);
            assert_eq!(solver.count(), Err(Cancelled), "seed {seed}");
        }
    }

    /// A linked token stops with its parent, and stopping it leaves the parent alone.
    #[test]
    fn a_linked_token_obeys_its_parent_only() {
        let parent = CancelToken::new();
        let (a, b) = (parent.linked(), parent.linked());
        a.cancel();
        assert!(a.is_cancelled() && !b.is_cancelled() && !parent.is_cancelled());
        parent.cancel();
        assert!(b.is_cancelled() && b.linked().is_cancelled());
    }

    /// A count calls the progress callback about every 50 ms, also while the fraction stands
    /// still: callers stop a count from it (the checker, on its time limit or an edit).
    #[test]
    fn a_count_keeps_the_progress_heartbeat() {
        // Its fraction stands still for seconds.
        let puzzle = endless();
        let token = CancelToken::new();
        let mut solver = Solver::new(&puzzle).with_cancel(token.clone());
        // Should the callback never stop the count.
        let backstop = Backstop::new(&token, 5);
        let start = Instant::now();
        let (mut calls, mut last) = (0, 0.0);
        let counted = solver.count_with_progress(&mut |p| {
            calls += 1;
            assert!(p >= last, "{p} after {last}");
            last = p;
            if calls == 10 {
                token.cancel();
            }
        });
        let elapsed = start.elapsed();
        backstop.stop();
        assert_eq!(counted, Err(Cancelled));
        assert!(calls >= 10, "{calls} calls in {elapsed:?}");
        assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
    }

    /// A panic in the caller's progress callback stops the count (which runs on a thread of
    /// its own, and would otherwise go on to its end before the panic could leave) and reaches
    /// the caller as it was, the caller's token untouched.
    #[test]
    fn a_panicking_progress_callback_stops_the_count() {
        let puzzle = endless();
        let token = CancelToken::new();
        let mut solver = Solver::new(&puzzle).with_cancel(token.clone());
        // Long after the count's first report (the search for a first solution and the sweeps'
        // planning come first, slow on a busy machine), so that it is the panic that stops it.
        let backstop = Backstop::new(&token, 30);
        let start = Instant::now();
        let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = solver.count_with_progress(&mut |_| panic!("the caller's bug"));
        }))
        .expect_err("the panic reaches the caller");
        let elapsed = start.elapsed();
        assert!(!token.is_cancelled(), "stopped by the backstop");
        backstop.stop();
        assert_eq!(panic.downcast_ref::<&str>(), Some(&"the caller's bug"));
        assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
    }
}
