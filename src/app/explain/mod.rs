//! Explain: the puzzle's logical solve as a list of steps beside the board. Selecting a step
//! shows the board as it was then, with the step's cause cells, placements and eliminations;
//! the steps are walked forward and back like the watch mode walks the search.

mod solve;
mod ui;

use std::sync::Arc;

use solve::{Explained, Job};

use super::KakuroApp;
use crate::{Grid, Puzzle};

/// Explain's state: whether the panel is open, the solve shown and the step selected.
#[derive(Default)]
pub struct ExplainMode {
    open: bool,
    job: Option<Job>,
    /// The grid explained, and its solve (or why there is none).
    result: Option<(Grid, Result<Arc<Explained>, String>)>,
    /// The step shown: the board before step `selected`, or the end when it is the number of
    /// steps.
    selected: usize,
    /// The list scrolls to the selected step on the next frame.
    scroll: bool,
    /// The editor generation last looked at (the grid is compared only after an edit).
    seen: Option<u64>,
}

/// What Explain shows, for tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainSummary {
    /// Steps in the solve.
    pub steps: usize,
    /// The step shown (the number of steps at the end).
    pub selected: usize,
    /// The sentence of the step shown, or the verdict at the end.
    pub text: String,
}

impl ExplainMode {
    /// The solve of `grid`, if it is worked out.
    fn explained(&self, grid: &Grid) -> Option<&Arc<Explained>> {
        match &self.result {
            Some((g, Ok(explained))) if g == grid => Some(explained),
            _ => None,
        }
    }
}

impl KakuroApp {
    /// Opens or closes the Explain panel.
    pub fn set_explain_open(&mut self, open: bool) {
        self.explain.open = open;
        if !open {
            self.explain.job = None;
        }
    }

    /// Whether the Explain panel is open.
    pub fn explain_open(&self) -> bool {
        self.explain.open
    }

    /// Shows step `index` (clamped; the number of steps is the end).
    pub fn explain_select(&mut self, index: usize) {
        let steps = self
            .explain
            .explained(self.editor.grid())
            .map_or(0, |e| e.steps.len());
        self.explain.selected = index.min(steps);
        self.explain.scroll = true;
    }

    /// Shows the next step.
    pub fn explain_forward(&mut self) {
        self.explain_select(self.explain.selected + 1);
    }

    /// Shows the step before.
    pub fn explain_back(&mut self) {
        self.explain_select(self.explain.selected.saturating_sub(1));
    }

    /// What the panel shows, once the solve of the current grid is worked out.
    pub fn explain_summary(&self) -> Option<ExplainSummary> {
        let explained = self.explain.explained(self.editor.grid())?;
        let selected = self.explain.selected;
        let text = match explained.texts.get(selected) {
            Some(text) => text.clone(),
            None => self.explain_verdict(explained),
        };
        Some(ExplainSummary {
            steps: explained.steps.len(),
            selected,
            text,
        })
    }

    /// Starts explaining the grid when it is not the one explained or being explained.
    pub(super) fn explain_logic(&mut self) {
        if !self.explain.open {
            return;
        }
        if let Some(job) = &self.explain.job
            && let Some(explained) = job.result()
        {
            let grid = job.grid.clone();
            self.explain.job = None;
            let same = self
                .explain
                .result
                .as_ref()
                .is_some_and(|(g, _)| *g == grid);
            if !same {
                self.explain.selected = 0;
            }
            // A new solve's list shows the selected step, not where the last one was scrolled.
            self.explain.scroll = true;
            let steps = explained.steps.len();
            self.explain.selected = self.explain.selected.min(steps);
            self.explain.result = Some((grid, Ok(Arc::new(explained))));
        }
        let generation = self.editor.generation();
        if self.explain.seen == Some(generation)
            && (self.explain.job.is_some() || self.explain.result.is_some())
        {
            return;
        }
        self.explain.seen = Some(generation);
        let grid = self.editor.grid();
        let current = |g: &Grid| g == grid;
        if self
            .explain
            .result
            .as_ref()
            .is_some_and(|(g, _)| current(g))
            || self.explain.job.as_ref().is_some_and(|j| current(&j.grid))
        {
            return;
        }
        // The grid changed: what was being worked out is for a puzzle that is gone.
        self.explain.job = None;
        let grid = grid.clone();
        if grid.is_cryptic() {
            let why = "Explain works on puzzles with number clues".to_string();
            self.explain.result = Some((grid, Err(why)));
            return;
        }
        match Puzzle::from_grid(&grid) {
            Ok(puzzle) => match Job::start(grid, puzzle, self.ctx.clone()) {
                Ok(job) => self.explain.job = Some(job),
                Err(e) => self.status.error(format!("Cannot explain: {e}")),
            },
            Err(invalid) => {
                let why = format!("Fix the grid's {} error(s) to explain it", invalid.0.len());
                self.explain.result = Some((grid, Err(why)));
            }
        }
    }

    /// The last line of the solve: how far logic got, and the rating.
    fn explain_verdict(&self, explained: &Explained) -> String {
        let steps = explained.steps.len();
        let verdict = match (explained.solved, explained.trial) {
            (true, false) => format!("Solved by logic alone in {steps} steps"),
            (true, true) => format!("Solved in {steps} steps, with trial"),
            (false, _) => {
                let check = self
                    .check
                    .verdict(self.editor.generation())
                    .map(|v| format!(" (check: {})", v.summary()))
                    .unwrap_or_default();
                format!("Logic stops after {steps} steps with cells still open{check}")
            }
        };
        let rating = &explained.rating;
        format!(
            "{verdict}. Rating: {} (score {}; hardest step: {}; to start: {})",
            rating.band.name(),
            rating.score,
            rating.hardest.name(),
            rating.start.name()
        )
    }
}
