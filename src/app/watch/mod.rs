//! Watch mode in the app: start, pause, single-step and stop a watched search, and the board it
//! paints; [`panel`] has its panel and keys (F6 watch, F7 pause/resume, F8 single step, Esc
//! stop), whose commands `watch_command` carries out.

mod panel;
pub(super) mod worker;

use std::time::{Duration, Instant};

use egui::Ui;

use super::KakuroApp;
use super::numbers::solutions;
use crate::app::board::overlay::{Mark, Origin, Overlay};
use crate::app::watch::panel::{Command, Control};
use crate::app::watch::worker::{Pace, Step, View, Watcher};
use crate::solve::{Cancelled, Outcome, Stats};
use crate::{Pos, Puzzle};

/// The slow-motion speeds, in steps per second; one notch past the last is full speed. No more
/// than the display's 60 frames a second, so that every step is on screen for a frame.
const SPEEDS: [f64; 8] = [1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0];
/// How often the UI looks at a running watch when the worker has no news.
const POLL: Duration = Duration::from_millis(100);

/// One watched search of the puzzle as it was when Watch was pressed.
struct Session {
    watcher: Option<Watcher>,
    positions: Vec<Pos>,
    width: usize,
    height: usize,
    view: View,
    editor_generation: u64,
    clock: Clock,
}

/// The time a watched search ran: paused time does not count.
#[derive(Default)]
struct Clock {
    /// Time run before the last pause.
    ran: Duration,
    /// When it last started or resumed; `None` while paused or ended.
    since: Option<Instant>,
}

impl Clock {
    fn run(&mut self) {
        self.since.get_or_insert_with(Instant::now);
    }

    fn halt(&mut self) {
        if let Some(since) = self.since.take() {
            self.ran += since.elapsed();
        }
    }

    fn elapsed(&self) -> Duration {
        self.ran + self.since.map_or(Duration::ZERO, |since| since.elapsed())
    }
}

/// Watch mode's state: the session shown on the board and the controls' settings.
pub struct WatchMode {
    session: Option<Session>,
    /// Index into [`SPEEDS`]; `SPEEDS.len()` is full speed.
    speed: usize,
    paused: bool,
}

impl Default for WatchMode {
    fn default() -> Self {
        WatchMode {
            session: None,
            speed: 4,
            paused: false,
        }
    }
}

impl WatchMode {
    fn pace(&self) -> Pace {
        Pace {
            rate: SPEEDS.get(self.speed).copied(),
            paused: self.paused,
        }
    }

    pub(super) fn running(&self) -> bool {
        self.session.as_ref().is_some_and(|s| s.watcher.is_some())
    }

    /// A watch whose search finished or was stopped is still on the board.
    fn ended(&self) -> bool {
        self.session.as_ref().is_some_and(|s| s.watcher.is_none())
    }

    fn update_pace(&mut self) {
        let pace = self.pace();
        if let Some(session) = &mut self.session
            && let Some(watcher) = &session.watcher
        {
            watcher.set_pace(pace);
            if pace.paused {
                session.clock.halt();
            } else {
                session.clock.run();
            }
        }
    }
}

/// What watch mode shows, for tests and the panel.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchSummary {
    /// Steps published so far (every step in slow motion; about one per frame at full speed).
    pub steps: u64,
    /// What happened last: "trying a digit", "contradiction", "going back up", …
    pub step: &'static str,
    /// Depth of the decision stack.
    pub depth: usize,
    /// White cells with a single candidate.
    pub decided: usize,
    /// Candidates per white cell, bit d for digit d.
    pub candidates: Vec<u16>,
    /// The cell being tried and its digit.
    pub trying: Option<(Pos, u8)>,
    /// Counters so far.
    pub stats: Stats,
    /// Whether the search is still going (paused included).
    pub running: bool,
    /// How long the search ran, pauses left out.
    pub elapsed: Duration,
    /// How it ended, once it has.
    pub end: Option<Result<Outcome, Cancelled>>,
}

impl KakuroApp {
    /// Starts watching the search of the current grid (stopping a solving run first).
    pub fn watch(&mut self) {
        self.start_watch(false);
    }

    fn start_watch(&mut self, paused: bool) {
        let puzzle = match Puzzle::from_grid(self.editor.grid()) {
            Ok(puzzle) => puzzle,
            Err(invalid) => {
                self.status.error(format!(
                    "Cannot watch: {} error(s) in the grid",
                    invalid.0.len()
                ));
                return;
            }
        };
        self.stop_solving();
        self.watch.session = None;
        self.watch.paused = paused;
        let positions = puzzle.cells().iter().map(|c| c.pos).collect();
        let grid = self.editor.grid();
        let (width, height) = (grid.width(), grid.height());
        match Watcher::start(puzzle, self.watch.pace(), self.ctx.clone()) {
            Ok(watcher) => {
                let mut clock = Clock::default();
                if !paused {
                    clock.run();
                }
                self.watch.session = Some(Session {
                    watcher: Some(watcher),
                    positions,
                    width,
                    height,
                    view: View::default(),
                    editor_generation: self.editor.generation(),
                    clock,
                });
                self.status.info("Watching the search…");
            }
            Err(e) => self.status.error(format!("Cannot start the search: {e}")),
        }
    }

    /// Stops the watched search; its last view stays on the board until [`Self::close_watch`].
    pub fn stop_watching(&mut self) {
        if let Some(session) = &mut self.watch.session
            && let Some(watcher) = session.watcher.take()
        {
            session.clock.halt();
            // Cancelling wakes a paused worker; its last view has the final counters.
            watcher.finish(&mut session.view);
            self.status.info("Watch stopped");
        }
    }

    /// Leaves watch mode: the board shows the puzzle (or the browsed solution) again.
    pub fn close_watch(&mut self) {
        self.watch.session = None;
    }

    /// Pauses or resumes the watched search.
    pub fn set_watch_paused(&mut self, paused: bool) {
        self.watch.paused = paused;
        self.watch.update_pace();
    }

    /// Sets the speed: steps per second (rounded to the nearest notch), `None` for full speed.
    pub fn set_watch_speed(&mut self, steps_per_second: Option<f64>) {
        let notch = match steps_per_second {
            None => SPEEDS.len(),
            Some(rate) => (0..SPEEDS.len())
                .min_by(|&a, &b| {
                    let off = |i: usize| (SPEEDS[i].ln() - rate.max(0.01).ln()).abs();
                    off(a).total_cmp(&off(b))
                })
                .unwrap_or(0),
        };
        self.watch_command(Command::Speed(notch));
    }

    /// Takes one step (pausing first); starts a paused watch when none is open. Does nothing
    /// while an ended watch is shown: Close it first.
    pub fn watch_step(&mut self) {
        if self.watch.ended() {
            return;
        }
        self.watch.paused = true;
        if !self.watch.running() {
            // A paused start shows the search's first step and waits there: that is this
            // step (a permit as well would show a second one at once).
            self.start_watch(true);
            return;
        }
        if let Some(session) = &mut self.watch.session
            && let Some(watcher) = &session.watcher
        {
            watcher.step();
            session.clock.halt();
        }
    }

    /// What watch mode shows, while a watch session is open.
    pub fn watch_summary(&self) -> Option<WatchSummary> {
        let session = self.watch.session.as_ref()?;
        let view = &session.view;
        Some(WatchSummary {
            steps: view.seq,
            step: view.step.name(),
            depth: view.depth,
            decided: view.domains.iter().filter(|d| d.count_ones() == 1).count(),
            candidates: view.domains.clone(),
            trying: view
                .trying
                .and_then(|(v, d)| Some((*session.positions.get(v)?, d))),
            stats: view.stats,
            running: session.watcher.is_some(),
            elapsed: session.clock.elapsed(),
            end: view.end,
        })
    }

    /// Copies the worker's latest view; drops the session after an edit.
    pub(super) fn watch_logic(&mut self, ctx: &egui::Context) {
        let generation = self.editor.generation();
        let Some(session) = &mut self.watch.session else {
            return;
        };
        if session.editor_generation != generation {
            // The search belongs to a puzzle that no longer exists; dropping joins the worker.
            self.watch.session = None;
            return;
        }
        let Some(watcher) = &session.watcher else {
            return;
        };
        watcher.latest(&mut session.view);
        if let Some(end) = session.view.end {
            session.watcher = None;
            session.clock.halt();
            let found = solutions(session.view.stats.solutions);
            self.status.info(match end {
                Ok(Outcome::Complete) => format!("Watch finished: {found}"),
                _ => format!("Watch stopped after {found}"),
            });
        } else {
            ctx.request_repaint_after(POLL);
        }
    }

    /// The board as watch mode paints it: pencil marks, fixed, guessed, tried and failed cells.
    pub(super) fn watch_overlay(&self) -> Option<Overlay> {
        let session = self.watch.session.as_ref()?;
        let view = &session.view;
        if view.domains.len() != session.positions.len() {
            return None;
        }
        let mut overlay = Overlay::new(session.width, session.height);
        for (id, (&pos, &domain)) in session.positions.iter().zip(&view.domains).enumerate() {
            let single = domain.count_ones() == 1;
            let origin = if view.step == Step::Solution {
                Some(Origin::Solved)
            } else if view.failed == Some(id) {
                Some(Origin::Failed)
            } else if view.trying.is_some_and(|(v, _)| v == id) {
                Some(Origin::Trying)
            } else if single && view.guessed.contains(&id) {
                Some(Origin::Guessed)
            } else if single {
                Some(Origin::Fixed)
            } else {
                None
            };
            let digit = match view.trying {
                Some((v, d)) if v == id => d,
                _ if single => domain.trailing_zeros() as u8,
                _ => 0,
            };
            overlay.set(
                pos,
                Mark {
                    digit,
                    pencil: if digit == 0 { domain } else { 0 },
                    origin,
                    ..Mark::default()
                },
            );
        }
        Some(overlay)
    }

    /// F6 starts or leaves watch mode, F7 pauses or resumes, F8 takes a single step, Esc stops
    /// a running watch and closes an ended one: each key does what its button does.
    pub(super) fn watch_shortcuts(&mut self, ctx: &egui::Context) {
        for control in Control::ALL {
            if let Some(command) = self.watch.key(ctx, control) {
                self.watch_command(command);
            }
        }
    }

    /// The "Watch the search" section of the tool panel.
    pub(super) fn watch_ui(&mut self, ui: &mut Ui) {
        for command in self.watch.ui(ui) {
            self.watch_command(command);
        }
    }

    /// Carries out what the watch panel's buttons and keys ask for.
    fn watch_command(&mut self, command: Command) {
        // The panel was drawn before the command: the next frame shows what it did.
        self.ctx.request_repaint();
        match command {
            Command::Start => self.watch(),
            Command::Close => self.close_watch(),
            Command::TogglePause => self.set_watch_paused(!self.watch.paused),
            Command::Step => self.watch_step(),
            Command::Stop => self.stop_watching(),
            Command::Speed(notch) => {
                self.watch.speed = notch.min(SPEEDS.len());
                self.watch.update_pace();
            }
        }
    }
}
