//! The solution browser: starts and stops a solving run, drains its batches, pages through the
//! stored solutions and says what the board should show. Its panel is in `browser_ui`.

mod memory;
mod run;

use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use num_bigint::BigUint;

use super::numbers::{group, group_big, per_second, short_time, solutions};
use super::oracle::{Answer, Oracle};
use super::overlay::{Mark, Overlay};
use super::solutions::{CAP_BYTES, Solutions};
use super::solver::{Live, Message, REFRESH, Worker};
use crate::solve::count::CountProgress;
use crate::solve::{Outcome, Stats};
use crate::{Grid, Pos, Puzzle};
pub use run::RunState;
use run::{FETCHING, Fetched, Run, fetching};

/// Time the UI spends draining batches per frame at most: a frame comes every [`REFRESH`]
/// while the worker streams, and draining 16k solutions of 1,700 cells takes milliseconds.
const DRAIN_BUDGET: Duration = Duration::from_millis(10);
/// How long Stop waits for the worker's last messages at most.
const STOP_WAIT: Duration = Duration::from_millis(500);
/// PgUp / PgDn step.
pub const PAGE: u64 = 1000;

/// The browser's state: the current run, the solution shown and the display options.
#[derive(Default)]
pub struct Browser {
    pub(super) run: Option<Run>,
    /// Index (0-based) of the shown solution: any below the count, which can outgrow every
    /// integer type.
    pub(super) current: BigUint,
    /// The text of the "Go to" field.
    pub(super) jump: String,
    /// Why the last jump did not go where asked.
    pub(super) notice: Option<String>,
    /// Highlight the cells that differ from the previous solution.
    pub show_changes: bool,
    /// Highlight the cells that are not the same in every solution found so far.
    pub show_ambiguous: bool,
    scratch: Vec<u8>,
    previous: Vec<u8>,
    /// The bytes of solutions a run keeps, when not [`CAP_BYTES`] (tests reach the cap).
    cap_bytes: Option<usize>,
    /// The last run ended by an edit, stopped, with the solution it showed: an undo that
    /// brings its grid back brings it back too, so one slip of the mouse costs no solutions.
    parked: Option<(Run, BigUint)>,
}

impl Browser {
    /// A browser whose runs keep at most `cap_bytes` of solutions.
    #[cfg(test)]
    pub(super) fn with_cap(cap_bytes: usize) -> Browser {
        Browser {
            cap_bytes: Some(cap_bytes),
            ..Browser::default()
        }
    }

    /// Keeps at most `cap_bytes` of solutions in the runs started from now on.
    pub(super) fn set_cap(&mut self, cap_bytes: usize) {
        self.cap_bytes = Some(cap_bytes);
    }

    /// Starts solving `puzzle` (cancelling any earlier run).
    pub fn start(
        &mut self,
        puzzle: Puzzle,
        grid: &Grid,
        editor_generation: u64,
        ctx: &egui::Context,
    ) -> std::io::Result<()> {
        self.run = None;
        self.parked = None;
        let positions: Vec<Pos> = puzzle.cells().iter().map(|c| c.pos).collect();
        let oracle = Oracle::start(puzzle.clone(), ctx.clone())?;
        let worker = Worker::start(puzzle, ctx.clone())?;
        self.current = BigUint::ZERO;
        self.notice = None;
        self.jump.clear();
        self.run = Some(Run {
            worker: Some(worker),
            store: Solutions::new(positions.len(), self.cap_bytes.unwrap_or(CAP_BYTES)),
            positions,
            width: grid.width(),
            height: grid.height(),
            state: RunState::Running,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            live: Live::default(),
            editor_generation,
            grid: grid.clone(),
            oracle: Some(oracle),
            exact: None,
            known: None,
            counted: CountProgress::default(),
            fetched: None,
            pending: None,
        });
        Ok(())
    }

    /// Takes the exact count `n` that the designer's check found for the grid of editor
    /// generation `generation`, for the headline while the oracle counts again.
    pub fn learn_count(&mut self, generation: u64, n: &BigUint) {
        if let Some(run) = &mut self.run
            && run.editor_generation == generation
            && run.exact.is_none()
            && run.known.is_none()
        {
            run.known = Some(n.clone());
        }
    }

    /// Stops the run; its solutions stay browsable. Returns within the engine's cancel time.
    pub fn stop(&mut self) {
        if let Some(run) = &mut self.run {
            end_search(run, RunState::Stopped);
            if run.exact.is_none() {
                // Stop ends all searching; once counted, the oracle only answers jumps.
                run.oracle = None;
            }
        }
    }

    /// Whether a run is searching.
    pub fn is_running(&self) -> bool {
        self.state() == Some(RunState::Running)
    }

    /// The current run's state.
    pub fn state(&self) -> Option<RunState> {
        self.run.as_ref().map(|r| r.state)
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.run.as_ref().map_or(0, Run::found)
    }

    /// Solutions that can be shown.
    pub fn stored(&self) -> u64 {
        self.run.as_ref().map_or(0, |r| r.store.stored())
    }

    /// Drains the worker's batches within the frame's budget; drops the run after an edit.
    /// Returns the run's end state on the frame it ends.
    pub fn logic(
        &mut self,
        ctx: &egui::Context,
        editor_generation: u64,
        grid: &Grid,
    ) -> Option<RunState> {
        let edited = self
            .run
            .as_ref()
            .filter(|run| run.editor_generation != editor_generation)
            .map(|run| run.grid == *grid);
        match edited {
            // Changed and changed back between two frames.
            Some(true) => {
                if let Some(run) = &mut self.run {
                    run.editor_generation = editor_generation;
                }
            }
            // The solutions belong to a puzzle that no longer exists: stop searching, keep
            // them aside for an undo.
            Some(false) => {
                let was_running = self.is_running();
                self.stop();
                let shown = std::mem::take(&mut self.current);
                self.parked = self.run.take().map(|run| (run, shown));
                self.notice = None;
                // A number typed for those solutions means nothing for the puzzle now shown.
                self.jump.clear();
                return was_running.then_some(RunState::Stopped);
            }
            None => {}
        }
        if self.run.is_none()
            && let Some((run, _)) = &self.parked
            && run.grid == *grid
            && let Some((mut run, current)) = self.parked.take()
        {
            run.editor_generation = editor_generation;
            run.pending = None;
            // A solution that was fetched past the stored ones is still at hand (or fetched
            // again); without an oracle left, the last stored one stands in.
            let shown = run.fetched.as_ref().is_some_and(|f| f.k == current);
            if run.stored_at(&current).is_some() || shown {
                self.current = current;
            } else if let Some(notice) = run.fetch(current.clone()) {
                self.current = current;
                self.notice = Some(notice);
            } else {
                self.current = BigUint::from(run.store.received().saturating_sub(1));
            }
            self.run = Some(run);
        }
        let run = self.run.as_mut()?;
        while let Some(answer) = run.oracle.as_ref().and_then(Oracle::try_next) {
            match answer {
                Answer::Progress(progress) => run.counted = progress,
                Answer::Count(n) => {
                    // The headline now names solution #k; when the stream has not reached it
                    // (on a dense puzzle its order can keep it searching for minutes), the
                    // oracle fetches it, as a jump would.
                    if n > BigUint::ZERO
                        && run.stored_at(&self.current).is_none()
                        && run.pending.is_none()
                        && run.fetched.is_none()
                    {
                        self.notice = run.fetch(self.current.clone());
                    }
                    run.exact = Some(n);
                }
                Answer::Solution { k, digits } if run.is_pending(&k) => {
                    run.pending = None;
                    match digits {
                        Some(digits) => {
                            self.current = k.clone();
                            run.fetched = Some(Fetched {
                                k,
                                digits,
                                previous: None,
                            });
                            self.notice = None;
                        }
                        None => self.notice = Some(there_are_only(&run.total())),
                    }
                }
                Answer::Solution { .. } => {}
                Answer::Previous { k, digits } => {
                    if let Some(f) = run.fetched.as_mut().filter(|f| f.k == k) {
                        f.previous = Some(digits);
                    }
                }
            }
        }
        // A long fetch says how long it has taken, and one that waits for the count how far
        // the count is, so that it does not look stuck.
        if let Some((k, asked_at)) = &run.pending
            && self
                .notice
                .as_ref()
                .is_some_and(|n| n.starts_with(FETCHING) || n.starts_with(WAITING))
        {
            let waited = asked_at.elapsed();
            self.notice = Some(match run.exact {
                Some(_) => fetching(k, waited),
                None => waiting(k, run),
            });
            let next_second = Duration::from_secs(waited.as_secs() + 1).saturating_sub(waited);
            ctx.request_repaint_after(next_second);
        } else if run.counting() {
            // The count line says for how long it has counted.
            ctx.request_repaint_after(Duration::from_secs(1));
        }
        let worker = run.worker.as_ref()?;
        let deadline = Instant::now() + DRAIN_BUDGET;
        let mut finished = None;
        loop {
            if Instant::now() >= deadline {
                break;
            }
            match worker.try_next() {
                Some(Message::Batch { packed, seen }) => {
                    run.store.append(&packed, &seen);
                    // A window may drop the solution being fetched with the next batch: it
                    // is shown first.
                    if run
                        .pending
                        .as_ref()
                        .is_some_and(|(k, _)| run.stored_at(k).is_some())
                    {
                        break;
                    }
                }
                Some(Message::Done(outcome, stats)) => {
                    finished = Some((outcome, stats));
                    break;
                }
                None => break,
            }
        }
        run.live = worker.live();
        if !run.store.is_full() && !run.storing_covers() {
            // All of them would not fit: keep the first and the latest, and fetch the others by
            // number, rather than fill the cap first.
            run.store.keep_window();
        }
        // The stream may store the solution being fetched first: show it.
        if let Some(k) = run.pending.as_ref().map(|(k, _)| k.clone())
            && run.stored_at(&k).is_some()
        {
            run.forget_pending();
            self.current = k;
            self.notice = None;
        }
        if let Some((outcome, stats)) = finished {
            run.state = match outcome {
                Outcome::Complete => RunState::Done,
                Outcome::Stopped | Outcome::Cancelled => RunState::Stopped,
            };
            // The search's own time: the frames that noticed its end are not part of it.
            run.elapsed = stats.elapsed;
            run.live.stats = Stats {
                solutions: run.store.stored().max(stats.solutions),
                ..stats
            };
            run.worker = None;
            if run.exact.is_none() && !run.store.is_full() {
                // Every solution is stored: the count is known and no jump needs the oracle.
                run.oracle = None;
            }
            return Some(run.state);
        } else if run.store.is_full() && run.exact.as_ref().or(run.known.as_ref()).is_some() {
            // Past the cap the stream only counts what it finds, and the count is known: the
            // rest are fetched by number. The oracle goes on (counting for jumps, or answering
            // them).
            end_search(run, RunState::Capped);
            return Some(RunState::Capped);
        } else {
            // The worker wakes the UI when it has news; this keeps the clock and the counters
            // moving even when it has none, and drains what a frame left (the worker waits
            // meanwhile once the channel is full).
            ctx.request_repaint_after(REFRESH);
        }
        None
    }

    /// Moves to solution `k` (0-based); one that is not stored is fetched by number (once the
    /// count is known: the notice says how far it is), or comes with the stream; where neither
    /// can bring it, stays and says why.
    pub fn go_to(&mut self, k: BigUint) {
        self.notice = None;
        let Some(run) = &mut self.run else { return };
        if run.stored_at(&k).is_some() {
            run.forget_pending();
            self.current = k;
            return;
        }
        let beyond = run.known_total().filter(|n| k >= *n);
        if beyond.is_none()
            && let Some(notice) = run.fetch(k.clone())
        {
            self.notice = Some(match run.exact {
                Some(_) => notice,
                None => waiting(&k, run),
            });
            return;
        }
        // The user asked for something else than a jump being fetched.
        run.forget_pending();
        if let Some(n) = beyond {
            self.notice = Some(there_are_only(&group_big(&n)));
            return;
        }
        let (received, found) = (run.store.received(), run.found());
        self.notice = Some(if received == 0 {
            "No solution to show yet".to_string()
        } else if k < BigUint::from(found) {
            format!(
                "Solution {} was not kept, and the run was stopped before the count that \
                 fetches it",
                group_big(&(&k + 1u32))
            )
        } else {
            format!("Solution {} is not found yet", group_big(&(&k + 1u32)))
        });
        if received > 0 {
            // The latest one stands in (k is not among those stored).
            self.current = BigUint::from(received - 1);
        }
    }

    /// Goes to the last solution once the count names it; until then, says why not.
    pub fn go_to_last(&mut self) {
        let Some(run) = &self.run else { return };
        match run.last() {
            Ok(last) => self.go_to(last),
            Err(why) => self.notice = Some(why),
        }
    }

    /// The board's overlay for the shown solution, with the chosen highlights; `None` when
    /// there is no solution to show.
    pub fn overlay(&mut self) -> Option<Overlay> {
        let run = self.run.as_ref()?;
        let at = run.stored_at(&self.current);
        let fetched = run
            .fetched
            .as_ref()
            .filter(|f| f.k == self.current && at.is_none());
        match (fetched, at) {
            (Some(f), _) => self.scratch.clone_from(&f.digits),
            (None, Some(i)) if run.store.get(i, &mut self.scratch) => {}
            _ => return None,
        }
        let has_previous = self.show_changes
            && match (fetched.and_then(|f| f.previous.as_ref()), at) {
                (Some(previous), _) => {
                    self.previous.clone_from(previous);
                    true
                }
                (None, Some(i)) => i > 0 && run.store.get(i - 1, &mut self.previous),
                // Fetched, and the one before it not (yet) sent: it may be stored.
                (None, None) => {
                    self.current > BigUint::ZERO
                        && run
                            .stored_at(&back(&self.current, 1))
                            .is_some_and(|i| run.store.get(i, &mut self.previous))
                }
            };
        let mut overlay = Overlay::new(run.width, run.height);
        for (id, &pos) in run.positions.iter().enumerate() {
            overlay.set(
                pos,
                Mark {
                    digit: self.scratch[id],
                    changed: has_previous && self.previous[id] != self.scratch[id],
                    varies: self.show_ambiguous && run.store.is_ambiguous(id),
                    ..Mark::default()
                },
            );
        }
        Some(overlay)
    }

    /// The digits cell `pos` took across the solutions seen so far (bit d for digit d).
    pub fn digits_at(&self, pos: Pos) -> Option<u16> {
        let run = self.run.as_ref()?;
        let id = run.positions.iter().position(|&p| p == pos)?;
        Some(run.store.digits_of(id))
    }

    /// Ctrl+←/→ (⌘ on a Mac), Home/End and PgUp/PgDn page through the solutions. The arrows
    /// alone move the selection, as they do when no solution is shown.
    pub fn keys(&mut self, ctx: &egui::Context) {
        let last = match &self.run {
            Some(run) if run.browsable() > BigUint::ZERO => run.browsable() - 1u32,
            _ => return,
        };
        let pressed = |key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        let step = |key| ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND, key));
        let current = &self.current;
        let target = if step(Key::ArrowLeft) {
            back(current, 1)
        } else if step(Key::ArrowRight) {
            current + 1u32
        } else if pressed(Key::Home) {
            BigUint::ZERO
        } else if pressed(Key::End) {
            self.go_to_last();
            return;
        } else if pressed(Key::PageUp) {
            back(current, PAGE)
        } else if pressed(Key::PageDown) {
            (current + PAGE).min(last)
        } else {
            return;
        };
        self.go_to(target);
    }

    /// The headline: "Solution k of N" ("at least N" while running).
    pub fn headline(&self) -> String {
        let Some(run) = &self.run else {
            return "Press Solve (F5) to find every solution".into();
        };
        let found = run.found();
        let total = run.exact.as_ref().or(run.known.as_ref());
        if found == 0 && total.is_none_or(|n| *n == BigUint::ZERO) {
            return match run.state {
                RunState::Running => "Searching…".into(),
                RunState::Done => "No solution".into(),
                // A capped run kept solutions: it has some.
                RunState::Stopped | RunState::Capped => "Stopped before any solution".into(),
            };
        }
        format!(
            "Solution {} of {}",
            group_big(&(&self.current + 1u32)),
            run.total()
        )
    }

    /// The status line: count, elapsed, speed, progress and state.
    pub fn status_line(&self) -> Option<String> {
        self.status_parts()
            .map(|(count, state)| format!("{count} · {state}"))
    }

    /// The status line in two halves, for the panel's two fixed lines: the solutions, their
    /// rate and the time; the nodes' rate and how far the search is.
    pub fn status_parts(&self) -> Option<(String, String)> {
        let run = self.run.as_ref()?;
        let elapsed = run.elapsed().as_secs_f64();
        // Rates divide by at least a millisecond.
        let secs = elapsed.max(1e-3);
        let stats = run.live.stats;
        let speed = group((stats.nodes as f64 / secs) as u64);
        let state = match run.state {
            RunState::Running => format!("{:.1}% of the tree searched", run.live.progress * 100.0),
            RunState::Done => "done".to_string(),
            RunState::Stopped => "stopped by user".to_string(),
            RunState::Capped => "stopped at the memory cap".to_string(),
        };
        // Once counted (or the count known), the headline names more solutions than the stream
        // has found: say that the number is the stream's.
        let found = if run
            .exact
            .as_ref()
            .or(run.known.as_ref())
            .is_some_and(|n| *n > BigUint::from(run.found()))
        {
            format!("{} streamed", solutions(run.found()))
        } else {
            solutions(run.found())
        };
        // Rates of a run that ended within a second say nothing; its totals do.
        if run.state != RunState::Running && elapsed < 1.0 {
            return Some((
                format!("{found} · {}", short_time(elapsed)),
                format!(
                    "{} {} · {state}",
                    group(stats.nodes),
                    if stats.nodes == 1 { "node" } else { "nodes" }
                ),
            ));
        }
        // Solutions that outnumber the nodes come from combining independent parts, and the
        // nodes' rate beside theirs would read as a slow search: give the nodes' total.
        let nodes = if stats.nodes < run.found() {
            format!("{} nodes, parts combined", group(stats.nodes))
        } else {
            format!("{speed} nodes/s")
        };
        Some((
            format!(
                "{found} ({}) · {secs:.1} s",
                per_second(run.found() as f64 / secs),
            ),
            format!("{nodes} · {state}"),
        ))
    }
}

/// How the notice of a jump that waits for the count begins.
const WAITING: &str = "Solution ";

/// The notice while a jump to solution #k (0-based) waits for the exact count, which `nth`
/// needs: how far the count is, and what comes meanwhile.
fn waiting(k: &BigUint, run: &Run) -> String {
    let number = group_big(&(k + 1u32));
    let progress = run.count_progress();
    if *k >= BigUint::from(run.store.received()) && run.state == RunState::Running {
        format!(
            "{WAITING}{number} comes with the stream (at {}) or the exact count: {progress}",
            group(run.store.received())
        )
    } else {
        format!("{WAITING}{number} is fetched by number once counted: {progress}")
    }
}

/// The notice for a jump past the last solution; `total` is written out ("3,048,192").
fn there_are_only(total: &str) -> String {
    if total == "1" {
        "There is only 1 solution".into()
    } else {
        format!("There are only {total} solutions")
    }
}

/// `k` less `step`, or 0.
pub(super) fn back(k: &BigUint, step: u64) -> BigUint {
    if *k > BigUint::from(step) {
        k - step
    } else {
        BigUint::ZERO
    }
}

/// Ends the run's search (cancels its worker and keeps everything it found before it saw the
/// flag, so that the count and the stored solutions agree), leaving it in `state` if it was
/// running. Returns within the engine's cancel time.
fn end_search(run: &mut Run, state: RunState) {
    let Some(worker) = run.worker.take() else {
        return;
    };
    worker.cancel();
    // The worker sends `Done` within the engine's cancel time.
    let mut done = None;
    while let Some(message) = worker.next_within(STOP_WAIT) {
        match message {
            Message::Batch { packed, seen } => {
                run.store.append(&packed, &seen);
            }
            Message::Done(_, stats) => {
                done = Some(stats);
                break;
            }
        }
    }
    run.live.stats = done.unwrap_or(Stats {
        solutions: run.store.stored(),
        ..run.live.stats
    });
    drop(worker);
    if run.state == RunState::Running {
        run.state = state;
        run.elapsed = done.map_or_else(|| run.started.elapsed(), |s| s.elapsed);
    }
}

/// puzzles/millions.kakuro (3,048,192 solutions), for the browser's tests.
#[cfg(test)]
pub(super) fn millions() -> (Grid, Puzzle) {
    let path = std::path::Path::new("puzzles/millions.kakuro");
    let grid = crate::format::load(path).unwrap().document.grid;
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    (grid, puzzle)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use egui_kittest::Harness;
    use num_bigint::BigUint;

    use super::{Browser, RunState, millions};
    use crate::{Cell, Grid, Pos};

    /// After an edit and its undo the run comes back at the solution it showed, even one
    /// fetched past those the memory cap let it keep.
    #[test]
    fn a_fetched_solution_comes_back_with_its_grid() {
        let (grid, puzzle) = millions();
        let mut edited = grid.clone();
        edited.set(Pos::new(1, 1), Cell::WALL);
        let mut started = false;
        let mut harness = Harness::new_ui_state(
            |ui, (browser, shown): &mut (Browser, Grid)| {
                if !started {
                    started = true;
                    browser.start(puzzle.clone(), shown, 0, ui.ctx()).unwrap();
                }
                let generation = u64::from(*shown != grid);
                browser.logic(ui.ctx(), generation, shown);
            },
            // Room for a few thousand of millions.kakuro's three million solutions.
            (Browser::with_cap(64 << 10), grid.clone()),
        );
        let deadline = Instant::now() + Duration::from_secs(60);
        let k = 2_999_999u64;
        let shows_k = |b: &Browser| {
            b.current == BigUint::from(k)
                && b.run
                    .as_ref()
                    .is_some_and(|r| r.fetched.as_ref().is_some_and(|f| f.k == BigUint::from(k)))
        };
        while harness
            .state()
            .0
            .run
            .as_ref()
            .is_none_or(|r| r.exact.is_none())
        {
            assert!(Instant::now() < deadline, "no count");
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        harness.state_mut().0.go_to(BigUint::from(k));
        while !shows_k(&harness.state().0) {
            assert!(Instant::now() < deadline, "solution #k was not fetched");
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        assert!(harness.state().0.stored() < k, "fetched, not stored");
        harness.state_mut().1 = edited;
        harness.run_steps(1);
        assert!(harness.state().0.run.is_none(), "the edit ended the run");
        harness.state_mut().1 = grid.clone();
        harness.run_steps(1);
        assert!(shows_k(&harness.state().0), "back at solution #k");
        harness.state_mut().0.stop();
    }

    /// A run that reaches the memory cap stops searching once the count is known: past the
    /// cap its stream only counted what it found, for ever on a big count. Its oracle stays,
    /// and a solution past those kept is still fetched by number.
    #[test]
    fn a_run_at_the_memory_cap_stops_once_counted() {
        // 8^9 solutions: the stream would take seconds to the end, the count milliseconds.
        let path = std::path::Path::new("puzzles/enum-blocks.kakuro");
        let grid = crate::format::load(path).unwrap().document.grid;
        let puzzle = crate::Puzzle::from_grid(&grid).unwrap();
        let mut started = false;
        let mut harness = Harness::new_ui_state(
            |ui, (browser, ended): &mut (Browser, Option<RunState>)| {
                if !started {
                    started = true;
                    browser.start(puzzle.clone(), &grid, 0, ui.ctx()).unwrap();
                }
                if let Some(end) = browser.logic(ui.ctx(), 0, &grid) {
                    *ended = Some(end);
                }
            },
            // Room for a few thousand of the solutions.
            (Browser::with_cap(64 << 10), None),
        );
        let deadline = Instant::now() + Duration::from_secs(60);
        while harness.state().0.is_running() {
            assert!(Instant::now() < deadline, "the run never stopped");
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        let (browser, ended) = harness.state();
        assert_eq!(*ended, Some(RunState::Capped));
        let run = browser.run.as_ref().unwrap();
        assert!(run.store.is_full());
        assert!(run.found() < 8u64.pow(9), "stopped, not finished");
        assert!(run.worker.is_none() && run.oracle.is_some());
        let k = BigUint::from(8u64.pow(9) - 2);
        harness.state_mut().0.go_to(k.clone());
        while harness
            .state()
            .0
            .run
            .as_ref()
            .unwrap()
            .fetched
            .as_ref()
            .is_none_or(|f| f.k != k)
        {
            assert!(Instant::now() < deadline, "solution #k was not fetched");
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        assert_eq!(harness.state().0.current, k);
    }

    /// Going to a stored solution (or past the last) while a jump past the stored ones is
    /// being fetched stays there: the fetch is given up, and its answer does not take the
    /// board away.
    #[test]
    fn a_stored_solution_chosen_during_a_fetch_stays() {
        let (grid, puzzle) = millions();
        let mut started = false;
        let mut harness = Harness::new_ui_state(
            |ui, browser: &mut Browser| {
                if !started {
                    started = true;
                    browser.start(puzzle.clone(), &grid, 0, ui.ctx()).unwrap();
                }
                browser.logic(ui.ctx(), 0, &grid);
            },
            // Room for a few thousand of millions.kakuro's three million solutions.
            Browser::with_cap(64 << 10),
        );
        let deadline = Instant::now() + Duration::from_secs(60);
        let counted = |b: &Browser| b.run.as_ref().is_some_and(|r| r.exact.is_some());
        while !counted(harness.state()) || harness.state().stored() < 2 {
            assert!(Instant::now() < deadline, "no count");
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        let far = BigUint::from(2_999_999u32);
        harness.state_mut().go_to(far.clone());
        harness.state_mut().go_to(BigUint::from(1u32));
        assert!(harness.state().notice.is_none());
        // Long enough for the fetch to be answered, were it still wanted.
        let wait = Instant::now() + Duration::from_secs(2);
        while Instant::now() < wait {
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        assert_eq!(harness.state().current, BigUint::from(1u32));
        // Nor does a jump past the last solution leave the fetch before it running.
        harness.state_mut().go_to(far);
        harness.state_mut().go_to(BigUint::from(3_048_192u32));
        let notice = harness.state().notice.clone().unwrap_or_default();
        assert_eq!(notice, "There are only 3,048,192 solutions");
        let wait = Instant::now() + Duration::from_secs(2);
        while Instant::now() < wait {
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        assert_eq!(harness.state().current, BigUint::from(1u32));
        harness.state_mut().stop();
    }
}
