//! Watch mode in the app: start, pause, single-step and stop a watched search, its panel, its
//! keys (F6 watch, F7 pause/resume, F8 single step, Esc stop) and the board it paints.

pub(super) mod worker;

use std::time::{Duration, Instant};

use egui::{Key, KeyboardShortcut, Modifiers, RichText, TextStyle, TextWrapMode, Ui, vec2};

use super::KakuroApp;
use super::numbers::{group, solutions};
use crate::app::board::overlay::{Mark, Origin, Overlay};
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
        self.watch.speed = match steps_per_second {
            None => SPEEDS.len(),
            Some(rate) => (0..SPEEDS.len())
                .min_by(|&a, &b| {
                    let off = |i: usize| (SPEEDS[i].ln() - rate.max(0.01).ln()).abs();
                    off(a).total_cmp(&off(b))
                })
                .unwrap_or(0),
        };
        self.watch.update_pace();
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
        let pressed = |key| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::NONE, key)))
        };
        if pressed(Key::F6) {
            if self.watch.session.is_some() {
                self.close_watch();
            } else {
                self.watch();
            }
        }
        if self.watch.running() && pressed(Key::F7) {
            self.set_watch_paused(!self.watch.paused);
        }
        if !self.watch.ended() && pressed(Key::F8) {
            self.watch_step();
        }
        if self.watch.session.is_some() && !ctx.text_edit_focused() && pressed(Key::Escape) {
            if self.watch.running() {
                self.stop_watching();
            } else {
                self.close_watch();
            }
        }
    }

    /// The "Watch the search" section of the tool panel.
    pub(super) fn watch_ui(&mut self, ui: &mut Ui) {
        ui.strong("Watch the search");
        let mut open = self.watch.session.is_some();
        let (running, ended) = (self.watch.running(), self.watch.ended());
        ui.horizontal(|ui| {
            if ui
                .toggle_value(&mut open, "Watch")
                .on_hover_text("Show the search on the board as it happens (F6)")
                .changed()
            {
                if open {
                    self.watch();
                } else {
                    self.close_watch();
                }
            }
            let pause = if self.watch.paused { "Resume" } else { "Pause" };
            if ui
                .add_enabled(running, steady_button(ui, pause, &["Pause", "Resume"]))
                .on_hover_text("Pause or resume the search (F7)")
                .clicked()
            {
                self.set_watch_paused(!self.watch.paused);
            }
            let step_hint = if running {
                "Pause and take a single step (F8)"
            } else {
                "Start a paused watch at the search's first step (F8)"
            };
            if ui
                .add_enabled(!ended, egui::Button::new("Step"))
                .on_hover_text(step_hint)
                .on_disabled_hover_text("The search has ended: Close it to start another")
                .clicked()
            {
                self.watch_step();
            }
            // One place to leave: Stop while the search runs, then Close to the plain board.
            let (label, hint) = if ended {
                ("Close", "Back to the plain board (Esc)")
            } else {
                (
                    "Stop watching",
                    "Stop the watched search; its last picture stays (Esc)",
                )
            };
            if ui
                .add_enabled(
                    running || ended,
                    steady_button(ui, label, &["Stop watching", "Close"]),
                )
                .on_hover_text(hint)
                .clicked()
            {
                if ended {
                    self.close_watch();
                } else {
                    self.stop_watching();
                }
            }
        });
        let full = SPEEDS.len();
        let slider = egui::Slider::new(&mut self.watch.speed, 0..=full)
            .text("Speed")
            .show_value(true)
            .custom_formatter(move |v, _| match SPEEDS.get(v as usize) {
                Some(rate) => format!("{rate} steps/s"),
                None => "full speed".into(),
            })
            .custom_parser(|text| {
                let text = text.trim();
                SPEEDS
                    .iter()
                    .position(|r| text.starts_with(&r.to_string()))
                    .or_else(|| text.starts_with('f').then_some(SPEEDS.len()))
                    .map(|i| i as f64)
            });
        if ui.add(slider).changed() {
            self.watch.update_pace();
        }
        // The lines below are there, blank, before a watch starts, and one line each whatever
        // they say, so that the check below stays put as the watch starts and steps.
        let lines = self.watch_lines();
        ui.add(crate::app::browse::panel::thin_bar(lines.progress));
        for (text, small) in [
            (lines.state, false),
            (lines.trying, false),
            (lines.counters, true),
        ] {
            let text = if small {
                RichText::new(text).small()
            } else {
                RichText::new(text)
            };
            ui.add(egui::Label::new(text).truncate());
        }
        ui.label(
            RichText::new(
                "Blue: fixed by propagation · orange: guessed · yellow: being tried · red: \
                 contradiction, or a choice given up · green: a solution",
            )
            .small()
            .weak(),
        );
    }

    /// The watch panel's lines: progress, state, the digit being tried and the counters; blank
    /// (a space, as tall as a line of text) without a watch.
    fn watch_lines(&self) -> WatchLines {
        let blank = || " ".to_string();
        let Some(session) = &self.watch.session else {
            return WatchLines {
                progress: 0.0,
                state: blank(),
                trying: blank(),
                counters: blank(),
            };
        };
        let view = &session.view;
        let stats = view.stats;
        let state = if session.watcher.is_some() {
            let state = if self.watch.paused {
                "paused"
            } else {
                "running"
            };
            format!("Depth {} · {} · {state}", view.depth, view.step.name())
        } else {
            let verdict = if view.end == Some(Ok(Outcome::Complete)) {
                "Finished:"
            } else {
                "Stopped after"
            };
            format!(
                "{verdict} {}, {}",
                solutions(stats.solutions),
                counted(stats.nodes, "node", "nodes")
            )
        };
        let trying = match view.trying {
            Some((var, digit)) => match session.positions.get(var) {
                Some(pos) => format!("Trying {digit} at r{}c{}", pos.row + 1, pos.col + 1),
                None => blank(),
            },
            None => blank(),
        };
        WatchLines {
            progress: view.progress as f32,
            state,
            trying,
            counters: format!(
                "{} · {} · {} · {} · {:.1} s",
                counted(stats.nodes, "node", "nodes"),
                counted(stats.guesses, "guess", "guesses"),
                counted(stats.backtracks, "backtrack", "backtracks"),
                solutions(stats.solutions),
                session.clock.elapsed().as_secs_f64()
            ),
        }
    }
}

/// The watch panel's lines under its controls.
struct WatchLines {
    progress: f32,
    state: String,
    trying: String,
    counters: String,
}

/// "1 node", "3,048 nodes": the count and the noun that agrees with it.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

/// A button as wide as the widest of `labels`, so that switching its label moves nothing.
fn steady_button<'a>(ui: &Ui, label: &'a str, labels: &[&str]) -> egui::Button<'a> {
    let widest = labels
        .iter()
        .map(|&l| {
            egui::WidgetText::from(l)
                .into_galley(
                    ui,
                    Some(TextWrapMode::Extend),
                    f32::INFINITY,
                    TextStyle::Button,
                )
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let width = widest + 2.0 * ui.spacing().button_padding.x;
    egui::Button::new(label).min_size(vec2(width.ceil(), 0.0))
}
