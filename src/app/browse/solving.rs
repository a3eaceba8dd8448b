//! The app's solving side: Solve and Stop, the browser's section of the tool panel, what the
//! board overlays, and the queries tests and the screenshot use.

use egui::{Color32, RichText, Ui};

use crate::Pos;
use crate::app::KakuroApp;
use crate::app::board::overlay::{Mark, Overlay};
use crate::app::browse::RunState;
use crate::app::browse::command::Command;
use crate::app::check::Verdict;
use crate::app::numbers::solutions;
use crate::solve;

/// The colour of a good verdict.
const SOLVED: Color32 = Color32::from_rgb(0x2e, 0x9d, 0x4f);

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
        // The board shows one thing at a time: the solutions, not a watched search.
        self.close_watch();
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
        if self.browser.is_running() {
            self.browser.stop();
            self.solving_ended(RunState::Stopped);
        }
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

    /// Keeps at most `bytes` of solutions in the runs started from now on (512 MiB unless
    /// set; tests reach it sooner).
    pub fn set_solution_memory(&mut self, bytes: usize) {
        self.browser.set_cap(bytes);
    }

    /// The browser's notice ("Fetching solution 12…", why a jump waits), if any.
    pub fn browser_notice(&self) -> Option<String> {
        self.browser.notice.clone()
    }

    /// The exact number of solutions of the current run, once counted (decimal).
    pub fn exact_count(&self) -> Option<String> {
        self.browser
            .run
            .as_ref()?
            .exact
            .as_ref()
            .map(|n| n.to_string())
    }

    /// Shows solution `k` (1 for the first), as the "Go to" field does.
    pub fn go_to_solution(&mut self, k: impl Into<num_bigint::BigUint>) {
        self.browser.go_to(crate::app::browse::back(&k.into(), 1));
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

    /// The highlighted cells of the shown solution: (changed from the previous, varying).
    pub fn highlighted_cells(&mut self) -> (Vec<Pos>, Vec<Pos>) {
        let (mut changed, mut varying) = (Vec::new(), Vec::new());
        if let Some(overlay) = self.overlay() {
            for pos in self.editor.grid().positions() {
                let mark = overlay.get(pos);
                if mark.changed {
                    changed.push(pos);
                }
                if mark.varies {
                    varying.push(pos);
                }
            }
        }
        (changed, varying)
    }

    /// Turns the browser's highlights on or off: changes from the previous solution, and
    /// cells that vary across the solutions.
    pub fn set_highlights(&mut self, changes: bool, varying: bool) {
        self.browser.show_changes = changes;
        self.browser.show_ambiguous = varying;
    }

    /// The designer's check of the current grid: "Unique solution", "No solution", "N
    /// solutions: …"; `None` while it waits for the edits to settle or runs.
    pub fn check_summary(&self) -> Option<String> {
        self.check
            .verdict(self.editor.generation())
            .map(Verdict::summary)
    }

    /// The board's overlay: a watched search, else the shown solution, else where the check's
    /// solutions differ.
    pub(in crate::app) fn overlay(&mut self) -> Option<Overlay> {
        // Playing, the board shows the game and a hint or Explain's step on it, never a
        // solution.
        if self.playing() {
            return self.explain_overlay().or_else(|| self.hint_overlay(true));
        }
        if let Some(overlay) = self.explain_overlay() {
            return Some(overlay);
        }
        if let Some(overlay) = self.watch_overlay() {
            return Some(overlay);
        }
        if let Some(overlay) = self.hint_overlay(true) {
            return Some(overlay);
        }
        if let Some(overlay) = self.shape_fill_overlay() {
            return Some(overlay);
        }
        if let Some(overlay) = self.fixes_overlay() {
            return Some(overlay);
        }
        let verdict = self.check.found(self.editor.generation());
        if let Some(mut overlay) = self.browser.overlay() {
            // The cells that vary among the solutions streamed so far may be fewer than those
            // that can vary at all: once the check has found every one, outline them all.
            if self.browser.show_ambiguous
                && let Some(solve::Verdict::Several {
                    varies,
                    all_varies: true,
                    ..
                }) = verdict
            {
                for &pos in varies {
                    let mark = overlay.get(pos);
                    overlay.set(
                        pos,
                        Mark {
                            varies: true,
                            ..mark
                        },
                    );
                }
            }
            return Some(overlay);
        }
        let Some(solve::Verdict::Several { varies, .. }) = verdict else {
            return self.hint_overlay(false);
        };
        let grid = self.editor.grid();
        let mut overlay = Overlay::new(grid.width(), grid.height());
        for &pos in varies {
            overlay.set(
                pos,
                Mark {
                    varies: true,
                    ..Mark::default()
                },
            );
        }
        Some(overlay)
    }

    /// In a cryptic puzzle, the digit each letter stands for in the solution shown, with the
    /// Project Euler answer once every letter is known.
    fn letters_line(&mut self) -> String {
        const UNSOLVED: &str = "Letters: solve to see their digits";
        // The grid is compiled only while a solution is shown.
        let Some(overlay) = self.browser.overlay() else {
            return UNSOLVED.into();
        };
        let grid = self.editor.grid();
        let Ok(puzzle) = crate::Puzzle::from_grid(grid) else {
            return UNSOLVED.into();
        };
        let shown = overlay.digits();
        let digits: Vec<u8> = puzzle
            .cells()
            .iter()
            .map(|c| shown[c.pos.row * grid.width() + c.pos.col])
            .collect();
        let letters = puzzle.letters_in(&digits);
        let pairs: Vec<String> = crate::Letter::all()
            .zip(letters)
            .map(|(l, d)| match d {
                Some(d) => format!("{l}={d}"),
                None => format!("{l}=?"),
            })
            .collect();
        let mut line = format!("Letters: {}", pairs.join(" "));
        if letters.iter().all(Option::is_some) {
            let answer: String = letters.iter().flatten().map(u8::to_string).collect();
            line.push_str(&format!(" · answer {answer}"));
        }
        line
    }

    /// Says in the status bar how the run ended.
    pub(in crate::app) fn solving_ended(&mut self, end: RunState) {
        let found = solutions(self.browser.found());
        match end {
            RunState::Done => self.status.info(format!("Solved: {found}")),
            RunState::Capped => self.status.info(format!(
                "Stopped streaming at the memory cap after {found}: the others are fetched by number"
            )),
            _ => self.status.info(format!("Stopped after {found}")),
        }
    }

    /// F5 solves, Esc stops: the keys of the panel's Solve and Stop.
    pub(in crate::app) fn solving_shortcuts(&mut self, ctx: &egui::Context) {
        if let Some(command) = self.browser.search_key(ctx) {
            self.browse_command(command);
        }
    }

    /// The keys that page through the solutions (when the board has the keyboard).
    pub(in crate::app) fn browse_keys(&mut self, ctx: &egui::Context) {
        if let Some(command) = self.browser.page_key(ctx) {
            self.browse_command(command);
        }
    }

    /// Carries out what the browser's buttons, keys, slider and field ask for.
    fn browse_command(&mut self, command: Command) {
        // The panel was drawn before the command: the next frame shows what it did.
        self.ctx.request_repaint();
        match command {
            Command::Solve => self.solve(),
            Command::Stop => self.stop_solving(),
            paging => self.browser.page(paging),
        }
    }

    /// The "Solutions" section of the tool panel.
    pub(in crate::app) fn solving_ui(&mut self, ui: &mut Ui) {
        ui.strong("Solutions");
        for command in self.browser.ui(ui, self.editor.cursor) {
            self.browse_command(command);
        }
        if self.editor.grid().is_cryptic() {
            // Two lines kept whether or not a solution is shown, for the controls below.
            let letters = self.letters_line();
            crate::app::edit::tools::at_least_lines(ui, 2.0, |ui| {
                ui.label(RichText::new(letters).monospace());
            });
        }
        ui.add_space(4.0);
        self.watch_ui(ui);
        ui.add_space(4.0);
        let generation = self.editor.generation();
        let (text, color) = match self.check.verdict(generation) {
            None => ("Checking…".to_string(), ui.visuals().weak_text_color()),
            Some(verdict) if verdict.found() == Some(&solve::Verdict::Unique) => {
                (verdict.summary(), SOLVED)
            }
            Some(verdict) => (verdict.summary(), ui.visuals().warn_fg_color),
        };
        // The verdict's length changes as the check goes on; the panel below should not.
        crate::app::edit::tools::at_least_lines(ui, 2.0, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("Check:");
                ui.label(RichText::new(text).color(color));
            });
        });
    }
}
