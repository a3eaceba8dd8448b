//! The solution browser: starts and stops a solving run, drains its batches, pages through the
//! stored solutions and says what the board should show.

use std::time::{Duration, Instant};

use egui::{Key, Modifiers, RichText, Ui};

use super::solutions::{CAP_BYTES, Solutions};
use super::solver::{Message, Worker};
use crate::solve::{Outcome, Stats};
use crate::{Grid, Pos, Puzzle};

/// Time the UI spends draining batches per frame at most.
const DRAIN_BUDGET: Duration = Duration::from_millis(2);
/// PgUp / PgDn step.
const PAGE: u64 = 1000;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// The worker is searching.
    Running,
    /// The search finished: every solution was found.
    Done,
    /// The user stopped it (Stop, Esc, or an edit).
    Stopped,
}

/// One solving run of the puzzle as it was when Solve was pressed.
struct Run {
    worker: Option<Worker>,
    positions: Vec<Pos>,
    width: usize,
    store: Solutions,
    found: u64,
    state: RunState,
    started: Instant,
    elapsed: Duration,
    stats: Option<Stats>,
    /// The editor's generation the run belongs to: any edit ends it.
    editor_generation: u64,
}

/// The browser panel's state: the current run, the solution shown and the display options.
#[derive(Default)]
pub struct Browser {
    run: Option<Run>,
    /// Index (0-based) of the shown solution.
    current: u64,
    jump: String,
    /// Highlight the cells that differ from the previous solution.
    pub show_changes: bool,
    /// Highlight the cells that are not the same in every solution found so far.
    pub show_ambiguous: bool,
    scratch: Vec<u8>,
    previous: Vec<u8>,
}

/// What the board paints over the white cells: one entry per grid cell, row by row.
pub struct Shown {
    /// The digit of each cell (0 for walls).
    pub digits: Vec<u8>,
    /// Cells to highlight.
    pub marked: Vec<bool>,
}

impl Browser {
    /// Starts solving `puzzle` (cancelling any earlier run).
    pub fn start(
        &mut self,
        puzzle: Puzzle,
        grid: &Grid,
        editor_generation: u64,
        ctx: &egui::Context,
    ) -> std::io::Result<()> {
        self.run = None;
        let positions: Vec<Pos> = puzzle.cells().iter().map(|c| c.pos).collect();
        let worker = Worker::start(puzzle, ctx.clone())?;
        self.current = 0;
        self.run = Some(Run {
            worker: Some(worker),
            store: Solutions::new(positions.len(), CAP_BYTES),
            positions,
            width: grid.width(),
            found: 0,
            state: RunState::Running,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            stats: None,
            editor_generation,
        });
        Ok(())
    }

    /// Stops the run (its solutions stay browsable).
    pub fn stop(&mut self) {
        if let Some(run) = &mut self.run
            && let Some(worker) = run.worker.take()
        {
            worker.cancel();
            drop(worker);
            if run.state == RunState::Running {
                run.state = RunState::Stopped;
                run.elapsed = run.started.elapsed();
            }
        }
    }

    /// Whether a run is searching.
    pub fn is_running(&self) -> bool {
        self.run
            .as_ref()
            .is_some_and(|r| r.state == RunState::Running)
    }

    /// The current run's state.
    pub fn state(&self) -> Option<RunState> {
        self.run.as_ref().map(|r| r.state)
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.run.as_ref().map_or(0, |r| r.found)
    }

    /// Drains the worker's batches within the frame's budget; drops the run after an edit.
    pub fn logic(&mut self, ctx: &egui::Context, editor_generation: u64) {
        if self
            .run
            .as_ref()
            .is_some_and(|r| r.editor_generation != editor_generation)
        {
            // The solutions belong to a puzzle that no longer exists.
            self.run = None;
            self.current = 0;
            return;
        }
        let Some(run) = &mut self.run else { return };
        let Some(worker) = &run.worker else { return };
        let deadline = Instant::now() + DRAIN_BUDGET;
        let cells = run.positions.len().max(1);
        let mut finished = None;
        while Instant::now() < deadline {
            match worker.try_next() {
                Some(Message::Batch(digits)) => {
                    for solution in digits.chunks_exact(cells) {
                        run.store.push(solution);
                    }
                    run.found += (digits.len() / cells) as u64;
                }
                Some(Message::Done(outcome, stats)) => {
                    finished = Some((outcome, stats));
                    break;
                }
                None => break,
            }
        }
        if let Some((outcome, stats)) = finished {
            run.state = match outcome {
                Outcome::Complete => RunState::Done,
                Outcome::Stopped | Outcome::Cancelled => RunState::Stopped,
            };
            run.elapsed = stats.elapsed.max(run.started.elapsed());
            run.stats = Some(stats);
            run.worker = None;
        } else if Instant::now() >= deadline {
            ctx.request_repaint();
        }
    }

    /// Moves to solution `k` (0-based), clamped to what is stored.
    pub fn go_to(&mut self, k: u64) {
        let stored = self.run.as_ref().map_or(0, |r| r.store.stored());
        self.current = k.min(stored.saturating_sub(1));
    }

    /// Index (0-based) of the shown solution.
    pub fn current(&self) -> u64 {
        self.current
    }

    /// The solution to paint on the board, with the chosen highlights.
    pub fn shown(&mut self) -> Option<Shown> {
        let run = self.run.as_ref()?;
        if !run.store.get(self.current, &mut self.scratch) {
            return None;
        }
        let has_previous = self.current > 0
            && self.show_changes
            && run.store.get(self.current - 1, &mut self.previous);
        let height = run.positions.iter().map(|p| p.row + 1).max().unwrap_or(0);
        let mut shown = Shown {
            digits: vec![0; run.width * height],
            marked: vec![false; run.width * height],
        };
        for (id, pos) in run.positions.iter().enumerate() {
            let at = pos.row * run.width + pos.col;
            shown.digits[at] = self.scratch[id];
            shown.marked[at] = (has_previous && self.previous[id] != self.scratch[id])
                || (self.show_ambiguous && run.store.is_ambiguous(id));
        }
        Some(shown)
    }

    /// ←/→, Home/End and PgUp/PgDn page through the solutions.
    pub fn keys(&mut self, ctx: &egui::Context) {
        let Some(run) = &self.run else { return };
        let last = run.store.stored().saturating_sub(1);
        let pressed = |key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        let current = self.current;
        let target = if pressed(Key::ArrowLeft) {
            current.saturating_sub(1)
        } else if pressed(Key::ArrowRight) {
            current + 1
        } else if pressed(Key::Home) {
            0
        } else if pressed(Key::End) {
            last
        } else if pressed(Key::PageUp) {
            current.saturating_sub(PAGE)
        } else if pressed(Key::PageDown) {
            current + PAGE
        } else {
            return;
        };
        self.go_to(target);
    }

    /// The headline: "Solution k of N" ("at least N" while running).
    pub fn headline(&self) -> String {
        let Some(run) = &self.run else {
            return "No solutions yet: press Solve (F5)".into();
        };
        if run.found == 0 {
            return match run.state {
                RunState::Running => "Searching…".into(),
                RunState::Done => "No solution".into(),
                RunState::Stopped => "Stopped before any solution".into(),
            };
        }
        let of = match run.state {
            RunState::Done => group(run.found),
            _ => format!("at least {}", group(run.found)),
        };
        format!("Solution {} of {of}", group(self.current + 1))
    }

    /// The status line: count, elapsed, speed and state.
    pub fn status_line(&self) -> Option<String> {
        let run = self.run.as_ref()?;
        let elapsed = match run.state {
            RunState::Running => run.started.elapsed(),
            _ => run.elapsed,
        };
        let secs = elapsed.as_secs_f64().max(1e-6);
        let speed = match run.stats {
            Some(stats) => format!("{} nodes/s", group((stats.nodes as f64 / secs) as u64)),
            None => format!("{} solutions/s", group((run.found as f64 / secs) as u64)),
        };
        let state = match run.state {
            RunState::Running => "running".to_string(),
            RunState::Done => format!("done: {} solutions", group(run.found)),
            RunState::Stopped => "stopped by user".to_string(),
        };
        Some(format!(
            "{} solutions · {:.1} s · {speed} · {state}",
            group(run.found),
            elapsed.as_secs_f64()
        ))
    }

    /// The panel: Solve / Stop, the headline, paging and the highlight options.
    /// Returns true when Solve was pressed.
    pub fn ui(&mut self, ui: &mut Ui) -> bool {
        let mut solve = false;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!self.is_running(), egui::Button::new("Solve"))
                .on_hover_text("F5")
                .clicked()
            {
                solve = true;
            }
            if ui
                .add_enabled(self.is_running(), egui::Button::new("Stop"))
                .on_hover_text("Esc")
                .clicked()
            {
                self.stop();
            }
        });
        ui.label(self.headline());
        let Some(run) = &self.run else { return solve };
        let stored = run.store.stored();
        let full = run.store.is_full();
        if let Some(line) = self.status_line() {
            ui.label(RichText::new(line).small());
        }
        if full {
            ui.label(
                RichText::new(format!(
                    "Storage full: the first {} solutions can be browsed; counting goes on.",
                    group(stored)
                ))
                .small()
                .color(ui.visuals().warn_fg_color),
            );
        }
        let last = stored.saturating_sub(1);
        let current = self.current;
        ui.add_enabled_ui(stored > 0, |ui| {
            ui.horizontal(|ui| {
                let mut target = None;
                for (text, hover, to) in [
                    ("First", "First solution (Home)", 0),
                    (
                        "Previous",
                        "Previous solution (←)",
                        current.saturating_sub(1),
                    ),
                    ("Next", "Next solution (→)", current + 1),
                    ("Last", "Last solution (End)", last),
                ] {
                    if ui.button(text).on_hover_text(hover).clicked() {
                        target = Some(to);
                    }
                }
                if let Some(to) = target {
                    self.go_to(to);
                }
            });
            ui.horizontal(|ui| {
                let label = ui.label("Go to");
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.jump).desired_width(90.0))
                    .labelled_by(label.id);
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                if (ui.button("Go").clicked() || enter)
                    && let Ok(k) = self.jump.trim().replace([',', '_', ' '], "").parse::<u64>()
                {
                    self.go_to(k.saturating_sub(1));
                }
            });
        });
        ui.checkbox(
            &mut self.show_changes,
            "Highlight changes from the previous",
        );
        ui.checkbox(
            &mut self.show_ambiguous,
            "Highlight cells that vary (ambiguous)",
        );
        solve
    }
}

/// 3048192 → "3,048,192".
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn groups_thousands() {
        assert_eq!(super::group(3048192), "3,048,192");
        assert_eq!(super::group(999), "999");
        assert_eq!(super::group(1000), "1,000");
    }
}
