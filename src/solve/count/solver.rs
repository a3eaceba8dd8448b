//! The [`Solver`]'s counting methods: the public entry points, which run a [`Counter`] from the
//! root state and keep its statistics, apart from the counter's own workings.

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use num_bigint::BigUint;

use super::{Cancelled, CountProgress, Counter, Elimination, Plan, REPORT_EVERY, on_deep_stack};
use crate::solve::CancelToken;
use crate::solve::memo::Memo;
use crate::solve::model::Model;
use crate::solve::propagate::propagate_all;
use crate::solve::state::State;
use crate::solve::{Solver, Stats};

impl Solver<'_> {
    /// Counts from the root, racing a second plan where [`Solver::count`] says so; `progress`
    /// hears how far it is.
    pub(crate) fn run_count(
        &mut self,
        mut progress: Option<&mut dyn FnMut(CountProgress)>,
    ) -> Result<BigUint, Cancelled> {
        let start = Instant::now();
        let settings = self.settings();
        let two_cores = std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2);
        let (total, mut stats) = if self.cancel.is_cancelled() {
            // Fired before the count began: no count starts. A count polls its token only now
            // and then, so one that ends before its first poll would say `Ok` in one plan's
            // order and `Cancelled` in the other's, racing or not.
            (Err(Cancelled), Stats::default())
        } else {
            match self.has_none() {
                Err(Cancelled) => (Err(Cancelled), self.stats),
                Ok(true) => {
                    if let Some(progress) = progress.as_mut() {
                        progress(CountProgress {
                            done: 1.0,
                            nodes: 0,
                        });
                    }
                    (Ok(BigUint::ZERO), self.stats)
                }
                Ok(false)
                    if self.race_after.is_some()
                        && two_cores
                        && self.memo.cached_plan().is_none() =>
                {
                    self.race(count_from_root, settings, progress)
                }
                Ok(false) => count_from_root(
                    &self.model,
                    &mut self.memo,
                    &self.cancel,
                    settings,
                    progress,
                ),
            }
        };
        stats.elapsed = start.elapsed();
        self.stats = stats;
        total
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

    /// Whether a plan orders some root part: only then may another plan count faster.
    fn plan_matters(&self) -> bool {
        let mut state = State::new(&self.model);
        if propagate_all(&self.model, &mut state).is_err() {
            return false;
        }
        let all: Vec<u32> = (0..self.model.vars as u32).collect();
        // A blank plan: the components are all this needs, not an elimination.
        let mut memo = Memo::new(0);
        memo.plan(Plan::default);
        let mut counter = Counter::new(&self.model, state, &mut memo, &self.cancel, None);
        Plan::orders_a_part(&counter.components(&all))
    }

    /// Counts by `count` with the solver's plan and, if that takes over `race_after` and a
    /// plan matters, with the other elimination's on a second thread; the first to end cancels
    /// the other, and its cache becomes the solver's. Quick counts never start the second.
    /// Without a thread for the first, counts on this one; without one for the second, does
    /// not race. A panic in either count (or in `progress`) stops both and goes on from here
    /// once they have ended, the solver left an empty cache of its budget.
    fn race(
        &mut self,
        count: Count,
        settings: Settings,
        mut progress: Option<&mut dyn FnMut(CountProgress)>,
    ) -> (Result<BigUint, Cancelled>, Stats) {
        let other = match self.memo.elimination() {
            Elimination::MinDegree => Elimination::MinFill,
            Elimination::MinFill => Elimination::MinDegree,
        };
        // While both count, each caches within half the budget, so that the race takes the
        // memory of one count (and halving the budget does not slow either down); the winner's
        // cache gets the whole budget back. The graphs' room stays whole: a circuit needs all
        // of it.
        let budget = self.memo.budget();
        let rival = self.memo.twin(other);
        let mut memos = [std::mem::take(&mut self.memo), rival];
        for memo in &mut memos {
            memo.set_budget(budget / 2);
        }
        // Each racer stops at the solver's token as a count alone would, or when its rival won.
        let tokens = [self.cancel.linked(), self.cancel.linked()];
        let racer = Racer {
            model: &self.model,
            count,
            settings,
            progress: progress.is_some(),
        };
        let (tx, rx) = mpsc::channel::<Report>();
        let mut results: [Option<(Result<BigUint, Cancelled>, Stats)>; 2] = [None, None];
        let mut first = None;
        let start = Instant::now();
        let [own, rival] = &mut memos;
        // Caught so that the solver is not left without its cache's budget; let go below.
        let raced = panic::catch_unwind(AssertUnwindSafe(|| {
            std::thread::scope(|scope| {
                // However this thread leaves the scope (the race's end, a racer's panic passed on,
                // or one in `progress`), both racers stop: the scope waits for them.
                let _stop = StopRacers(&tokens);
                if !racer.start(scope, 0, own, &tokens[0], tx.clone()) {
                    return false;
                }
                // Held until the rival starts or will not: then the racers' ends close the channel.
                let (mut tx, mut rival) = (Some(tx), Some(rival));
                let (mut shown, mut shown_at) = (0.0, Instant::now());
                let mut nodes = [0; 2];
                loop {
                    let mut grew = false;
                    match rx.recv_timeout(RACE_POLL) {
                        Ok(Report::Progress(i, p)) => {
                            // Both estimate the same search space: the further one is shown,
                            // with the work of both.
                            grew = p.done > shown;
                            shown = p.done.max(shown);
                            nodes[i] = p.nodes;
                        }
                        Ok(Report::Done(i, counted)) => {
                            if first.is_none() && counted.0.is_ok() {
                                first = Some(i);
                                tokens[1 - i].cancel();
                            }
                            results[i] = Some(counted);
                            tx = None;
                        }
                        // At once, not after the rival's whole count: `_stop` stops it.
                        Ok(Report::Panicked(payload)) => panic::resume_unwind(payload),
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    }
                    // Shown when it grows, and while it stands still as often as a count alone
                    // calls back (even if both racers are deep in a long step): callers stop a
                    // count from their callback (the checker on its time limit, or an edit).
                    if let Some(sink) = progress.as_mut()
                        && first.is_none()
                        && (grew || shown_at.elapsed() >= REPORT_EVERY)
                    {
                        shown_at = Instant::now();
                        sink(CountProgress {
                            done: shown,
                            nodes: nodes[0] + nodes[1],
                        });
                    }
                    if self.cancel.is_cancelled() {
                        // The racers see it themselves; no rival starts now.
                        tx = None;
                    }
                    if start.elapsed() >= self.race_after.unwrap_or(Duration::ZERO)
                        && let Some(tx) = tx.take()
                        && self.plan_matters()
                        && let Some(memo) = rival.take()
                    {
                        // Without a thread for it, the first count goes on alone.
                        racer.start(scope, 1, memo, &tokens[1], tx);
                    }
                }
                true
            })
        }));
        let started = match raced {
            Ok(started) => started,
            Err(payload) => {
                // Either cache may be mid-change; an empty one keeps the budget.
                self.memo = memos[0].twin(memos[0].elimination());
                self.memo.set_budget(budget);
                panic::resume_unwind(payload);
            }
        };
        if !started {
            // As on one core.
            self.memo = std::mem::take(&mut memos[0]);
            self.memo.set_budget(budget);
            return count(
                &self.model,
                &mut self.memo,
                &self.cancel,
                settings,
                progress,
            );
        }
        let winner = first.unwrap_or(0);
        self.memo = std::mem::take(&mut memos[winner]);
        self.memo.set_budget(budget);
        let counted = results[winner]
            .take()
            .expect("a count that started reports its end");
        if counted.0.is_err() {
            // Neither ended: a cached plan would keep the next count from racing. The counts
            // stay for it.
            self.memo.forget_plan();
        }
        counted
    }
}

/// How long a count runs alone before a second plan races it: most counts end sooner, and
/// would only pay for the second thread.
pub(crate) const RACE_AFTER: Duration = Duration::from_millis(100);

/// What each racing count shares.
#[derive(Clone, Copy)]
struct Racer<'m> {
    model: &'m Model,
    count: Count,
    settings: Settings,
    progress: bool,
}

impl<'m> Racer<'m> {
    /// Starts count `i` with `memo`'s plan on a thread of `scope`, reporting to `tx`; false if
    /// no thread could be made.
    fn start<'s>(
        self,
        scope: &'s std::thread::Scope<'s, 'm>,
        i: usize,
        memo: &'m mut Memo,
        token: &'m CancelToken,
        tx: mpsc::Sender<Report>,
    ) -> bool {
        let spawned = std::thread::Builder::new()
            .name("kakuro-race".into())
            .spawn_scoped(scope, move || {
                let reports = tx.clone();
                let mut report = |p: CountProgress| {
                    let _ = reports.send(Report::Progress(i, p));
                };
                let sink = self
                    .progress
                    .then_some(&mut report as &mut dyn FnMut(CountProgress));
                // Caught and sent, so that the race stops the rival at once: the scope would
                // only tell of it once both had ended, and without the panic's message.
                let counted = panic::catch_unwind(AssertUnwindSafe(|| {
                    (self.count)(self.model, memo, token, self.settings, sink)
                }));
                let _ = tx.send(match counted {
                    Ok(counted) => Report::Done(i, counted),
                    Err(payload) => Report::Panicked(payload),
                });
            });
        spawned.is_ok()
    }
}

/// Cancels both racers' tokens when dropped: the race's thread leaves no count running, even
/// when it unwinds.
struct StopRacers<'t>(&'t [CancelToken; 2]);

impl Drop for StopRacers<'_> {
    fn drop(&mut self) {
        self.0.iter().for_each(CancelToken::cancel);
    }
}

/// How often a race looks at the clock (to start the rival) and the solver's cancel token
/// while it waits for news.
const RACE_POLL: Duration = Duration::from_millis(20);

/// What a racing count sends the thread that waits on it.
enum Report {
    /// Count `i`'s progress.
    Progress(usize, CountProgress),
    Done(usize, (Result<BigUint, Cancelled>, Stats)),
    /// The count panicked with this payload.
    Panicked(Box<dyn Any + Send>),
}

/// The solver's settings a count reads.
#[derive(Clone, Copy)]
struct Settings {
    keep_graphs: bool,
    sweep_from: usize,
    flow_after: u64,
}

/// How a racer counts: [`count_from_root`] (tests put a count that fails in its place).
type Count = fn(
    &Model,
    &mut Memo,
    &CancelToken,
    Settings,
    Option<&mut dyn FnMut(CountProgress)>,
) -> (Result<BigUint, Cancelled>, Stats);

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
    use num_bigint::BigUint;

    use super::*;
    use crate::puzzle::Puzzle;
    use crate::solve::generate;

    /// Cancels a token after 5 s unless stopped first: a count that should have ended sooner
    /// still ends, and the test fails instead of hanging.
    struct Backstop {
        stop: mpsc::Sender<()>,
        thread: std::thread::JoinHandle<()>,
    }

    impl Backstop {
        fn new(token: &CancelToken) -> Backstop {
            let (stop, wait) = mpsc::channel::<()>();
            let token = token.clone();
            let thread = std::thread::spawn(move || {
                if wait.recv_timeout(Duration::from_secs(5)) == Err(mpsc::RecvTimeoutError::Timeout)
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

    /// A solver that counts with one plan, made by `elimination`.
    fn alone(puzzle: &Puzzle, elimination: Elimination) -> Solver<'_> {
        let mut solver = branching(puzzle);
        solver.race_after = None;
        solver.memo = solver.memo.twin(elimination);
        solver
    }

    /// A solver whose counts never sweep: the plan decides how every big part is counted.
    fn branching(puzzle: &Puzzle) -> Solver<'_> {
        let mut solver = Solver::new(puzzle);
        solver.sweep_from = usize::MAX;
        solver
    }

    /// On generated puzzles with a part big enough for a plan, both plans count the same
    /// (and differ somewhere), and a raced count gives that count and keeps a cache whose
    /// plan is its elimination's, which `nth` then reads as a single plan's.
    #[test]
    fn a_race_counts_what_each_plan_counts_and_keeps_the_winners_cache() {
        let (mut raced, mut differ) = (0, 0);
        // Parts of 103 to 204 cells, each counted within 0.1 s.
        for seed in [0, 1, 2, 6, 7, 9] {
            let grid = generate::random_grid(30, 30, 0.4, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let mut solver = branching(&puzzle);
            // Both plans from the start: either may win.
            solver.race_after = Some(Duration::ZERO);
            if !solver.plan_matters() {
                continue;
            }
            raced += 1;
            let mut degree = alone(&puzzle, Elimination::MinDegree);
            let mut fill = alone(&puzzle, Elimination::MinFill);
            let count = degree.count().unwrap();
            assert_eq!(fill.count().unwrap(), count, "seed {seed}");
            if degree.memo.cached_plan() != fill.memo.cached_plan() {
                differ += 1;
            }
            assert_eq!(solver.count().unwrap(), count, "seed {seed}");
            assert!(
                !solver.memo.is_empty(),
                "seed {seed}: the winner's counts are kept"
            );
            let kept = match solver.memo.elimination() {
                Elimination::MinDegree => &degree,
                Elimination::MinFill => &fill,
            };
            assert_eq!(
                solver.memo.cached_plan(),
                kept.memo.cached_plan(),
                "seed {seed}"
            );
            // The cache and the figures are the same count's, and the cache has its whole
            // budget again (each racer had half).
            assert_eq!(solver.stats().nodes, kept.stats().nodes, "seed {seed}");
            assert_eq!(solver.memo.budget(), kept.memo.budget(), "seed {seed}");
            for k in [BigUint::ZERO, &count / 3u32, &count - 1u32] {
                assert_eq!(
                    solver.nth(&k).ok().flatten(),
                    degree.nth(&k).ok().flatten(),
                    "seed {seed} #{k}"
                );
            }
        }
        assert!(raced >= 4, "only {raced} puzzles raced");
        assert!(differ >= 2, "the plans differ on {differ} puzzles only");
    }

    /// A count that ends because the solver's token fired mid-race says so, and so does the
    /// next one.
    #[test]
    fn cancelling_a_race_stops_both_counts() {
        let puzzle = endless();
        let token = CancelToken::new();
        let mut solver = Solver::new(&puzzle).with_cancel(token.clone());
        assert!(solver.plan_matters());
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

    /// A count whose token was cancelled before it began ends as `Err(Cancelled)`, racing or
    /// not, in either plan's order: also where the racers would poll the token only after the
    /// count, or the count ends before its first poll.
    #[test]
    fn a_race_whose_token_is_already_cancelled_is_cancelled() {
        let mut raced = 0;
        for seed in [0, 1, 2, 6, 7, 9] {
            let grid = generate::random_grid(30, 30, 0.4, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let token = CancelToken::new();
            token.cancel();
            let mut solver = branching(&puzzle).with_cancel(token.clone());
            solver.race_after = Some(Duration::ZERO);
            if !solver.plan_matters() {
                continue;
            }
            raced += 1;
            for elimination in [Elimination::MinDegree, Elimination::MinFill] {
                let mut one = alone(&puzzle, elimination).with_cancel(token.clone());
                assert_eq!(one.count(), Err(Cancelled), "seed {seed} {elimination:?}");
            }
            assert_eq!(solver.count(), Err(Cancelled), "seed {seed}");
        }
        assert!(raced >= 4, "only {raced} puzzles raced");
    }

    /// A generated puzzle with a part of 1,300 cells: no count ends within a test's time.
    fn endless() -> Puzzle {
        Puzzle::from_grid(&generate::random_grid(30, 100, 0.3, 0)).unwrap()
    }

    /// A solver of `puzzle` that races both plans from the start, and its cancel token.
    fn racing(puzzle: &Puzzle) -> (Solver<'_>, CancelToken) {
        let token = CancelToken::new();
        let mut solver = Solver::new(puzzle).with_cancel(token.clone());
        solver.race_after = Some(Duration::ZERO);
        (solver, token)
    }

    /// A racer's token stops with the solver's, and stopping it leaves the solver's alone.
    #[test]
    fn a_linked_token_obeys_its_parent_only() {
        let parent = CancelToken::new();
        let (a, b) = (parent.linked(), parent.linked());
        a.cancel();
        assert!(a.is_cancelled() && !b.is_cancelled() && !parent.is_cancelled());
        parent.cancel();
        assert!(b.is_cancelled() && b.linked().is_cancelled());
    }

    /// A race calls the progress callback about every 50 ms, as a count alone does, also
    /// while the fraction stands still: callers stop a count from it (the checker, on its
    /// time limit or an edit).
    #[test]
    fn a_race_keeps_the_progress_heartbeat() {
        // Its fraction stands still for seconds.
        let puzzle = endless();
        let (mut solver, token) = racing(&puzzle);
        // Should the callback never stop the count.
        let backstop = Backstop::new(&token);
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

    /// A count in min-fill's order that panics (a bug in one plan's count), in min-degree's
    /// the solver's.
    fn panics_in_min_fill(
        model: &Model,
        memo: &mut Memo,
        cancel: &CancelToken,
        settings: Settings,
        progress: Option<&mut dyn FnMut(CountProgress)>,
    ) -> (Result<BigUint, Cancelled>, Stats) {
        if memo.elimination() == Elimination::MinFill {
            panic!("min-fill's bug");
        }
        count_from_root(model, memo, cancel, settings, progress)
    }

    /// Races at once on [`endless`] by `race`,
    /// and checks that it panics with `message` within a few seconds (the racers stopped, not
    /// run to their end), the solver left a cache of its budget.
    fn panics_at_once(message: &str, race: impl FnOnce(&mut Solver<'_>)) {
        let puzzle = endless();
        let (solver, token) = racing(&puzzle);
        let mut solver = solver.with_count_memory(1 << 20);
        let backstop = Backstop::new(&token);
        let start = Instant::now();
        let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| race(&mut solver)))
            .expect_err("the panic reaches the caller");
        let elapsed = start.elapsed();
        backstop.stop();
        assert_eq!(panic.downcast_ref::<&str>(), Some(&message));
        assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
        assert_eq!(solver.memo.budget(), 1 << 20);
    }

    /// A racer's panic stops the race at once (not once the rival's count has ended) and
    /// reaches the caller as it was, not as "a scoped thread panicked".
    #[test]
    fn a_racers_panic_stops_the_race_and_reaches_the_caller() {
        panics_at_once("min-fill's bug", |solver| {
            let settings = solver.settings();
            let _ = solver.race(panics_in_min_fill, settings, None);
        });
    }

    /// A panic in the caller's progress callback stops both racers (the race waits for them
    /// before it lets the panic go on) and reaches the caller as it was.
    #[test]
    fn a_panicking_progress_callback_stops_the_race() {
        panics_at_once("the caller's bug", |solver| {
            let _ = solver.count_with_progress(&mut |_| panic!("the caller's bug"));
        });
    }

    /// A race that was cancelled leaves no plan in the cache (a count that ends keeps its
    /// plan, and the solver races only without one), so the next count races again: here
    /// min-fill's wins, in about a tenth of min-degree's time.
    #[test]
    fn the_count_after_a_cancelled_race_races_again() {
        let puzzle = Puzzle::from_grid(&generate::random_grid(30, 100, 0.4, 4)).unwrap();
        let (mut solver, token) = racing(&puzzle);
        let counted = solver.count_with_progress(&mut |_| token.cancel());
        assert_eq!(counted, Err(Cancelled));
        assert!(solver.memo.cached_plan().is_none());
        solver.set_cancel(CancelToken::new());
        assert!(solver.count().is_ok());
        assert_eq!(solver.memo.elimination(), Elimination::MinFill);
    }
}
