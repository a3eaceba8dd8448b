//! Watch mode's worker: a search on its own thread with an observer that shows every step in
//! slow motion (blocking on a step permit between steps) or, at full speed, publishes a
//! snapshot into a latest-wins slot about once per frame.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::Puzzle;
use crate::app::background;
use crate::app::browse::solver::FRAME;
use crate::solve::{CancelToken, Cancelled, Event, Observer, Outcome, Snapshot, Solver, Stats};

/// Search nodes between two looks at the control at full speed.
const NODES_PER_LOOK: u32 = 512;
/// How long a found solution stays on the board in slow motion at least, whatever the speed:
/// long enough to see that the board is full, before the search moves on.
pub const SOLUTION_HOLD: Duration = Duration::from_millis(600);

/// What the last step of the search was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Step {
    /// Nothing yet.
    #[default]
    Start,
    /// A digit is being tried on a cell.
    Decision,
    /// Propagation reached a fixed point.
    Propagation,
    /// The digit tried led to a contradiction.
    Contradiction,
    /// A choice ran out of digits; the search went back up. The counters' "backtracks" are
    /// contradictions, which this need not follow (after a solution, say): its name does not
    /// use the word.
    Backtrack,
    /// A solution was found.
    Solution,
}

impl Step {
    /// How the panel names it.
    pub fn name(self) -> &'static str {
        match self {
            Step::Start => "starting",
            Step::Decision => "trying a digit",
            Step::Propagation => "propagated",
            Step::Contradiction => "contradiction",
            Step::Backtrack => "going back up",
            Step::Solution => "solution found",
        }
    }
}

/// The search as the board shows it.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// Counts the views published; the UI copies a view only when this changed.
    pub seq: u64,
    /// Candidates per white cell ([`crate::CellId`] order), bit d for digit d.
    pub domains: Vec<u16>,
    /// The cells decided by a guess on the decision stack.
    pub guessed: Vec<usize>,
    /// The cell being tried and the digit, if any.
    pub trying: Option<(usize, u8)>,
    /// The cell a contradiction or backtrack just happened at.
    pub failed: Option<usize>,
    /// What happened last.
    pub step: Step,
    /// Depth of the decision stack.
    pub depth: usize,
    /// Counters so far.
    pub stats: Stats,
    /// Estimated fraction of the tree finished.
    pub progress: f64,
    /// How the search ended, once it has.
    pub end: Option<Result<Outcome, Cancelled>>,
}

/// How fast the worker goes, set by the UI.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// Steps per second; `None` for full speed.
    pub rate: Option<f64>,
    /// Hold at the next step until a permit comes.
    pub paused: bool,
}

struct Control {
    pace: Pace,
    /// Single steps granted while paused.
    permits: u32,
}

struct Shared {
    control: Mutex<Control>,
    changed: Condvar,
    /// Full speed and not paused: lets the search skip the control at most nodes.
    fast: AtomicBool,
    view: Mutex<View>,
}

impl Shared {
    fn control(&self) -> MutexGuard<'_, Control> {
        self.control.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A watched search on its own thread; dropping it cancels and joins it.
pub struct Watcher {
    cancel: CancelToken,
    shared: Arc<Shared>,
    handle: Option<JoinHandle<()>>,
}

impl Watcher {
    /// Starts watching the search of `puzzle` at `pace`, waking `ctx` when there is news.
    pub fn start(puzzle: Puzzle, pace: Pace, ctx: egui::Context) -> std::io::Result<Watcher> {
        let cancel = CancelToken::new();
        let shared = Arc::new(Shared {
            control: Mutex::new(Control { pace, permits: 0 }),
            changed: Condvar::new(),
            fast: AtomicBool::new(is_fast(pace)),
            view: Mutex::new(View::default()),
        });
        let (token, slot) = (cancel.clone(), shared.clone());
        let handle = background::spawn("kakuro-watch", move || run(&puzzle, &token, &slot, &ctx))?;
        Ok(Watcher {
            cancel,
            shared,
            handle: Some(handle),
        })
    }

    /// Changes the speed or pauses; a paused worker waits for [`Watcher::step`].
    pub fn set_pace(&self, pace: Pace) {
        let mut control = self.shared.control();
        control.pace = pace;
        self.shared.fast.store(is_fast(pace), Ordering::Relaxed);
        self.shared.changed.notify_all();
    }

    /// Pauses (if not paused) and lets the search take one more step.
    pub fn step(&self) {
        let mut control = self.shared.control();
        control.pace.paused = true;
        control.permits += 1;
        self.shared.fast.store(false, Ordering::Relaxed);
        self.shared.changed.notify_all();
    }

    /// Asks the search to stop; a worker waiting for a permit stops waiting.
    pub fn cancel(&self) {
        self.cancel.cancel();
        let _control = self.shared.control();
        self.shared.changed.notify_all();
    }

    /// Copies the latest view into `into` if it is newer; returns whether it was.
    pub fn latest(&self, into: &mut View) -> bool {
        let view = self.shared.view.lock().unwrap_or_else(|e| e.into_inner());
        if view.seq == into.seq {
            return false;
        }
        into.clone_from(&view);
        true
    }
}

impl Watcher {
    /// Stops the search, waits for the worker and copies its last view (the final counters).
    pub fn finish(mut self, into: &mut View) {
        self.cancel();
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
        self.latest(into);
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.cancel();
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

/// The counters to show after `shown`: the events' running counts and the search's own (in
/// snapshots, and at the end) are kept apart in the engine and can disagree for a while, for
/// example across a restart of the stream; a counter on screen only ever goes up.
fn never_back(shown: Stats, now: Stats) -> Stats {
    Stats {
        nodes: shown.nodes.max(now.nodes),
        guesses: shown.guesses.max(now.guesses),
        backtracks: shown.backtracks.max(now.backtracks),
        propagations: shown.propagations.max(now.propagations),
        solutions: shown.solutions.max(now.solutions),
        elapsed: now.elapsed,
    }
}

fn is_fast(pace: Pace) -> bool {
    pace.rate.is_none() && !pace.paused
}

/// The observer: keeps its own view of the search and publishes it.
struct Watch<'a> {
    shared: &'a Shared,
    cancel: &'a CancelToken,
    ctx: &'a egui::Context,
    cells: usize,
    view: View,
    /// Mirrors `shared.fast`, read every [`NODES_PER_LOOK`] nodes at full speed.
    fast: bool,
    nodes: u32,
    published: Instant,
    woken: Instant,
    last_step: Instant,
    /// Per depth of the decision stack, the cells' candidates before its choice, so that a
    /// slow-motion backtrack shows the board it goes back to (`None` where it was not seen).
    before: Vec<Option<Vec<u16>>>,
    /// The cells decided at each depth.
    decided_at: Vec<Option<usize>>,
}

impl Watch<'_> {
    /// Publishes the view; in slow motion also waits for the next step's permit.
    fn step(&mut self, step: Step) {
        self.view.step = step;
        self.publish();
        let mut control = self.shared.control();
        loop {
            if self.cancel.is_cancelled() {
                break;
            }
            let pace = control.pace;
            if is_fast(pace) {
                self.fast = true;
                break;
            }
            if pace.paused {
                if control.permits > 0 {
                    control.permits -= 1;
                    break;
                }
                control = self
                    .shared
                    .changed
                    .wait(control)
                    .unwrap_or_else(|e| e.into_inner());
                continue;
            }
            let rate = pace.rate.unwrap_or(1.0).max(0.01);
            let mut period = Duration::from_secs_f64(1.0 / rate);
            if step == Step::Solution {
                period = period.max(SOLUTION_HOLD);
            }
            let due = self.last_step + period;
            let now = Instant::now();
            if now >= due {
                break;
            }
            control = self
                .shared
                .changed
                .wait_timeout(control, due - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        self.last_step = Instant::now();
    }

    fn publish(&mut self) {
        self.view.seq += 1;
        self.published = Instant::now();
        if let Ok(mut slot) = self.shared.view.lock() {
            let shown = slot.stats;
            slot.clone_from(&self.view);
            slot.stats = never_back(shown, self.view.stats);
        }
        // Each call takes the context's lock: once per frame at most.
        if self.woken.elapsed() >= FRAME || !self.fast {
            self.woken = Instant::now();
            self.ctx.request_repaint();
        }
    }

    fn copy_snapshot(&mut self, snapshot: &Snapshot<'_>) -> bool {
        let domains = &snapshot.domains[..self.cells.min(snapshot.domains.len())];
        let depth = snapshot.stack.len();
        let changed = self.view.domains != domains || self.view.depth != depth;
        self.view.domains.clear();
        self.view.domains.extend_from_slice(domains);
        self.view.guessed.clear();
        self.view.guessed.extend(
            snapshot
                .stack
                .iter()
                .filter_map(|e| e.var)
                .filter(|&v| v < self.cells),
        );
        self.view.trying = snapshot
            .stack
            .last()
            .and_then(|e| e.var.map(|v| (v, e.digit)));
        self.view.depth = depth;
        self.view.stats = snapshot.stats;
        self.view.progress = snapshot.progress;
        changed
    }
}

impl Observer for Watch<'_> {
    #[inline]
    fn event(&mut self, event: Event) {
        if self.fast {
            return;
        }
        let stats = &mut self.view.stats;
        match event {
            Event::Decision { var, digit, depth } => {
                stats.nodes += 1;
                stats.guesses += 1;
                if self.before.len() <= depth {
                    self.before.resize(depth, None);
                    self.before.push(Some(self.view.domains.clone()));
                } else {
                    if let Some(before) = &self.before[depth] {
                        self.view.domains.clone_from(before);
                    }
                    self.before.truncate(depth + 1);
                }
                self.decided_at.resize(depth, None);
                self.decided_at.push(Some(var));
                self.view.depth = depth + 1;
                self.view.trying = Some((var, digit));
                self.view.failed = None;
                self.step(Step::Decision);
            }
            Event::Contradiction => {
                if self.view.trying.is_some() {
                    stats.backtracks += 1;
                }
                self.view.failed = self.view.trying.map(|(v, _)| v);
                self.step(Step::Contradiction);
            }
            Event::Backtrack { depth } => {
                if let Some(Some(before)) = self.before.get(depth) {
                    self.view.domains.clone_from(before);
                }
                self.before.truncate(depth);
                self.view.failed = self.decided_at.get(depth).copied().flatten();
                self.decided_at.truncate(depth);
                self.view.guessed.retain(|v| Some(*v) != self.view.failed);
                self.view.depth = depth;
                self.view.trying = None;
                self.step(Step::Backtrack);
            }
            Event::Solution => {
                stats.solutions += 1;
                self.view.failed = None;
                self.step(Step::Solution);
            }
            Event::Propagated { .. } | Event::Split { .. } => {}
        }
    }

    #[inline]
    fn wants_snapshot(&mut self) -> bool {
        if !self.fast {
            return true;
        }
        self.nodes += 1;
        if self.nodes < NODES_PER_LOOK {
            return false;
        }
        self.nodes = 0;
        if !self.shared.fast.load(Ordering::Relaxed) {
            // Slowing down mid-search: the boards before the current choices were not kept.
            self.fast = false;
            self.before.clear();
            self.decided_at.clear();
            return true;
        }
        self.published.elapsed() >= FRAME
    }

    fn snapshot(&mut self, snapshot: &Snapshot<'_>) {
        let changed = self.copy_snapshot(snapshot);
        self.view.failed = None;
        if self.fast {
            self.view.step = Step::Propagation;
            self.publish();
        } else if changed {
            self.step(Step::Propagation);
        }
    }
}

fn run(puzzle: &Puzzle, cancel: &CancelToken, shared: &Shared, ctx: &egui::Context) {
    let cells = puzzle.cells().len();
    let now = Instant::now();
    let fast = shared.fast.load(Ordering::Relaxed);
    let mut watch = Watch {
        shared,
        cancel,
        ctx,
        cells,
        view: View {
            domains: vec![0x3fe; cells],
            ..View::default()
        },
        fast,
        nodes: 0,
        published: now,
        woken: now,
        // The first step waits a full period in slow motion, like every other.
        last_step: now,
        before: Vec::new(),
        decided_at: Vec::new(),
    };
    let mut solver = Solver::new(puzzle).with_cancel(cancel.clone());
    let outcome = solver.for_each_observed(&mut watch, |_| {
        if cancel.is_cancelled() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let outcome = if cancel.is_cancelled() {
        Err(Cancelled)
    } else {
        outcome
    };
    watch.view.stats = solver.stats();
    watch.view.end = Some(outcome);
    watch.view.trying = None;
    watch.view.failed = None;
    if outcome == Ok(Outcome::Complete) {
        watch.view.progress = 1.0;
    }
    watch.fast = false;
    watch.publish();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> Puzzle {
        let text = include_str!("../../../puzzles/two.kakuro");
        let doc = crate::format::parse(text, crate::format::Format::Kakuro)
            .unwrap()
            .document;
        Puzzle::from_grid(&doc.grid).unwrap()
    }

    fn wait_for(watcher: &Watcher, view: &mut View, seq: u64) {
        let until = Instant::now() + Duration::from_secs(10);
        while view.seq < seq {
            assert!(Instant::now() < until, "no view {seq}");
            watcher.latest(view);
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn counters_shown_never_go_back() {
        let shown = Stats {
            nodes: 10,
            solutions: 2,
            backtracks: 4,
            ..Stats::default()
        };
        let now = Stats {
            nodes: 9,
            solutions: 1,
            backtracks: 5,
            ..Stats::default()
        };
        let next = never_back(shown, now);
        assert_eq!((next.nodes, next.solutions, next.backtracks), (10, 2, 5));
    }

    #[test]
    fn a_paused_search_takes_one_step_per_permit() {
        let paused = Pace {
            rate: None,
            paused: true,
        };
        let watcher = Watcher::start(two(), paused, egui::Context::default()).unwrap();
        let mut view = View::default();
        wait_for(&watcher, &mut view, 1);
        std::thread::sleep(Duration::from_millis(30));
        watcher.latest(&mut view);
        assert_eq!(view.seq, 1, "a paused search waits at its first step");
        for seq in 2..5 {
            watcher.step();
            wait_for(&watcher, &mut view, seq);
            std::thread::sleep(Duration::from_millis(10));
            watcher.latest(&mut view);
            assert_eq!(view.seq, seq);
        }
        // Dropping a paused watcher cancels it and returns.
        drop(watcher);
    }

    #[test]
    fn resuming_at_full_speed_runs_to_the_end() {
        let paused = Pace {
            rate: None,
            paused: true,
        };
        let watcher = Watcher::start(two(), paused, egui::Context::default()).unwrap();
        let mut view = View::default();
        wait_for(&watcher, &mut view, 1);
        watcher.set_pace(Pace {
            rate: None,
            paused: false,
        });
        let until = Instant::now() + Duration::from_secs(10);
        while view.end.is_none() {
            assert!(Instant::now() < until, "the search did not end");
            watcher.latest(&mut view);
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(view.end, Some(Ok(Outcome::Complete)));
        assert_eq!(view.stats.solutions, 2);
        assert_eq!(view.progress, 1.0);
    }

    /// Every view of a search of `puzzle`, one step at a time.
    fn every_step(puzzle: Puzzle) -> Vec<View> {
        let paused = Pace {
            rate: None,
            paused: true,
        };
        let watcher = Watcher::start(puzzle, paused, egui::Context::default()).unwrap();
        let mut views = vec![View::default()];
        wait_for(&watcher, &mut views[0], 1);
        while views.last().is_some_and(|v| v.end.is_none()) {
            let mut view = views.last().cloned().unwrap_or_default();
            watcher.step();
            let next = view.seq + 1;
            wait_for(&watcher, &mut view, next);
            views.push(view);
        }
        views
    }

    /// The state line and the counters agree: the counters' backtracks are contradictions, and
    /// going back up after a choice's last digit (after a solution, say) is not called one.
    #[test]
    fn a_step_back_up_is_not_called_a_backtrack_the_counter_does_not_count() {
        let views = every_step(two());
        assert!(views.iter().any(|v| v.step == Step::Backtrack));
        for view in &views {
            let name = view.step.name();
            assert!(
                !name.contains("backtrack") || view.stats.backtracks > 0,
                "step {}: {name:?} with 0 backtracks",
                view.seq
            );
        }
        // And each step's name is one of its own.
        let names: std::collections::HashSet<_> = views.iter().map(|v| v.step.name()).collect();
        assert!(names.contains("solution found"), "{names:?}");
    }

    /// In slow motion a found solution stays on the board a moment, however fast the steps.
    #[test]
    fn a_found_solution_is_held_a_moment() {
        let fast = Pace {
            rate: Some(60.0),
            paused: false,
        };
        let watcher = Watcher::start(two(), fast, egui::Context::default()).unwrap();
        let mut view = View::default();
        let until = Instant::now() + Duration::from_secs(20);
        let mut held = Vec::new();
        let mut since: Option<Instant> = None;
        while view.end.is_none() {
            assert!(Instant::now() < until, "the search did not end");
            let was_solution = view.step == Step::Solution;
            if watcher.latest(&mut view) {
                if was_solution && let Some(at) = since.take() {
                    held.push(at.elapsed());
                }
                if view.step == Step::Solution {
                    since = Some(Instant::now());
                }
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(held.len(), 2, "both solutions seen");
        for held in held {
            assert!(
                held >= SOLUTION_HOLD - Duration::from_millis(50),
                "{held:?}"
            );
        }
    }

    /// Benchmark, not a check of speed: the observer's cost at full speed without a UI.
    /// `cargo test --lib -- --ignored --nocapture watch_cost`
    #[test]
    #[ignore]
    fn watch_cost() {
        let text = include_str!("../../../puzzles/millions.kakuro");
        let doc = crate::format::parse(text, crate::format::Format::Kakuro)
            .unwrap()
            .document;
        let puzzle = Puzzle::from_grid(&doc.grid).unwrap();
        for round in 0..5 {
            let mut solver = Solver::new(&puzzle);
            let _ = solver.for_each(|_| ControlFlow::Continue(()));
            let plain = solver.stats().elapsed;
            let fast = Pace {
                rate: None,
                paused: false,
            };
            let watcher = Watcher::start(puzzle.clone(), fast, egui::Context::default()).unwrap();
            let mut view = View::default();
            while view.end.is_none() {
                watcher.latest(&mut view);
                std::thread::sleep(Duration::from_millis(16));
            }
            let watched = view.stats.elapsed;
            println!(
                "round {round}: unwatched {plain:?}, watched {watched:?}: {:.1}%",
                100.0 * plain.as_secs_f64() / watched.as_secs_f64()
            );
        }
    }
}
