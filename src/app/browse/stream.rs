//! Each frame's work on a run: takes the oracle's answers and the worker's batches within the
//! frame's budget, and ends the search when it is done, at the memory cap or after an edit.

use std::time::{Duration, Instant};

use num_bigint::BigUint;

use super::Browser;
use super::jump::{WAITING, there_are_only, waiting};
use super::run::{FETCHING, Fetched, Run, RunState, fetching};
use crate::Grid;
use crate::app::browse::oracle::{Answer, Oracle};
use crate::app::browse::solver::{Message, REFRESH};
use crate::solve::{Outcome, Stats};

/// Time the UI spends draining batches per frame at most: a frame comes every [`REFRESH`]
/// while the worker streams, and draining 16k solutions of 1,700 cells takes milliseconds.
const DRAIN_BUDGET: Duration = Duration::from_millis(10);
/// How long Stop waits for the worker's last messages at most.
const STOP_WAIT: Duration = Duration::from_millis(500);

impl Browser {
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
                Answer::GaveUp(after) => run.count_gave_up = Some(after),
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
        let mut brought = None;
        loop {
            if Instant::now() >= deadline {
                break;
            }
            match worker.try_next() {
                Some(Message::Batch { packed, seen }) => {
                    let first = run.store.received();
                    run.store.append(&packed, &seen);
                    // A batch can be longer than the window: the solution being fetched may
                    // pass through it within one append, so it is taken from the batch itself.
                    if let Some(k) = run.pending.as_ref().map(|(k, _)| k.clone())
                        && let Some(digits) = run.store.unpack_from(&packed, first, &k)
                    {
                        brought = Some((k, digits));
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
        if let Some((k, digits)) = brought {
            run.forget_pending();
            run.fetched = Some(Fetched {
                k: k.clone(),
                digits,
                previous: None,
            });
            self.current = k;
            self.notice = None;
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
                Ok(Outcome::Complete) => RunState::Done,
                Ok(Outcome::Stopped) | Err(_) => RunState::Stopped,
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
}

/// Ends the run's search (cancels its worker and keeps everything it found before it saw the
/// flag, so that the count and the stored solutions agree), leaving it in `state` if it was
/// running. Returns within the engine's cancel time.
pub(super) fn end_search(run: &mut Run, state: RunState) {
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

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use egui_kittest::Harness;
    use num_bigint::BigUint;

    use super::super::{Browser, HUNG_AFTER, RunState, millions};
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
        let deadline = Instant::now() + HUNG_AFTER;
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
        let deadline = Instant::now() + HUNG_AFTER;
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

    /// On the way to the memory cap and past it, the panel's lines agree with each other and
    /// from one frame to the next: the memory bound stays put, and a run whose list stopped at
    /// the cap does not say the run stopped while the count goes on.
    #[test]
    fn the_status_lines_agree_on_the_way_to_the_memory_cap() {
        let path = std::path::Path::new("puzzles/enum-blocks.kakuro");
        let grid = crate::format::load(path).unwrap().document.grid;
        let puzzle = crate::Puzzle::from_grid(&grid).unwrap();
        let mut started = false;
        let mut harness = Harness::new_ui_state(
            |ui, browser: &mut Browser| {
                if !started {
                    started = true;
                    browser.start(puzzle.clone(), &grid, 0, ui.ctx()).unwrap();
                }
                browser.logic(ui.ctx(), 0, &grid);
            },
            Browser::with_cap(64 << 10),
        );
        let bound = |line: &str| line.split("at most ").nth(1).map(str::to_string);
        let deadline = Instant::now() + HUNG_AFTER;
        let mut bounds = std::collections::BTreeSet::new();
        let mut states = Vec::new();
        loop {
            let browser = &harness.state();
            let run = browser.run.as_ref().unwrap();
            bounds.insert(bound(&run.memory_line()));
            let (count, state) = browser.status_parts().unwrap();
            if run.state == RunState::Capped {
                assert!(!state.contains("stopped"), "{state}");
                assert!(!count.contains("solutions streamed"), "{count}");
            }
            states.push(state);
            if !browser.is_running() {
                break;
            }
            assert!(Instant::now() < deadline, "the run never stopped");
            std::thread::sleep(Duration::from_millis(2));
            harness.run_steps(1);
        }
        assert_eq!(bounds.len(), 1, "{bounds:?}");
        assert!(
            states.last().unwrap().ends_with("memory cap reached"),
            "{states:?}"
        );
    }
}
