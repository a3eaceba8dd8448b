//! The app's solving side: Solve and Stop, the browser's section of the tool panel, what the
//! board overlays, and the queries tests and the screenshot use.

use egui::{Key, KeyboardShortcut, Modifiers, Ui};

use super::KakuroApp;
use super::browser::RunState;
use super::browser_ui::Request;
use super::overlay::Overlay;

impl KakuroApp {
    /// Validates the grid and starts solving it in the background; shows the errors instead.
    pub fn solve(&mut self) {
        let puzzle = match crate::Puzzle::from_grid(self.editor.grid()) {
            Ok(puzzle) => puzzle,
            Err(invalid) => {
                let first = invalid.0.first().map(|p| p.to_string()).unwrap_or_default();
                self.status.error(format!(
                    "Cannot solve: {} error(s) in the grid; {first}",
                    invalid.0.len()
                ));
                return;
            }
        };
        let generation = self.editor.generation();
        match self
            .browser
            .start(puzzle, self.editor.grid(), generation, &self.ctx)
        {
            Ok(()) => self.status.info("Solving…"),
            Err(e) => self.status.error(format!("Cannot start the solver: {e}")),
        }
    }

    /// Stops the running search, keeping what it found.
    pub fn stop_solving(&mut self) {
        self.browser.stop();
    }

    /// Where the solving run stands, if one was started for the current grid.
    pub fn solve_state(&self) -> Option<RunState> {
        self.browser.state()
    }

    /// Solutions found by the current run so far.
    pub fn solutions_found(&self) -> u64 {
        self.browser.found()
    }

    /// Solutions of the current run that can be shown.
    pub fn solutions_stored(&self) -> u64 {
        self.browser.stored()
    }

    /// Shows solution `k` (1 for the first), as the "Go to" field does.
    pub fn go_to_solution(&mut self, k: u64) {
        self.browser.go_to(k.saturating_sub(1));
    }

    /// "Solution k of N" as the browser shows it.
    pub fn browser_headline(&self) -> String {
        self.browser.headline()
    }

    /// The solving status line (count, elapsed, speed, progress, state), once Solve was pressed.
    pub fn solve_status(&self) -> Option<String> {
        self.browser.status_line()
    }

    /// The solution on the board, one digit per grid cell row by row (0 for walls).
    pub fn shown_solution(&mut self) -> Option<Vec<u8>> {
        self.browser.overlay().map(|o| o.digits())
    }

    /// Turns the browser's highlights on or off: changes from the previous solution, and
    /// cells that vary across the solutions.
    pub fn set_highlights(&mut self, changes: bool, varying: bool) {
        self.browser.show_changes = changes;
        self.browser.show_ambiguous = varying;
    }

    /// The board's overlay of the shown solution, if any.
    pub(super) fn overlay(&mut self) -> Option<Overlay> {
        self.browser.overlay()
    }

    /// F5 solves, Esc stops.
    pub(super) fn solving_shortcuts(&mut self, ctx: &egui::Context) {
        let pressed = |key| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::NONE, key)))
        };
        if !self.browser.is_running() && pressed(Key::F5) {
            self.solve();
        }
        if self.browser.is_running() && pressed(Key::Escape) {
            self.stop_solving();
            self.status.info("Stopped");
        }
    }

    /// The "Solutions" section of the tool panel.
    pub(super) fn solving_ui(&mut self, ui: &mut Ui) {
        ui.strong("Solutions");
        if self.browser.ui(ui, self.editor.cursor) == Request::Solve {
            self.solve();
        }
    }
}
