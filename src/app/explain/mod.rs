//! Explain: the puzzle's logical solve as a list of steps beside the board. Selecting a step
//! shows the board as it was then, with the step's cause cells, placements and eliminations;
//! the steps are walked forward and back like the watch mode walks the search.
//!
//! The solve starts from the empty board while designing, from the player's digits and marks
//! while playing, and from a hint's board when it is opened while a hint's step is shown (the
//! hint's step is then the first), until the position changes.

mod solve;
mod ui;

use std::sync::Arc;

use solve::{Explained, Job};

use super::KakuroApp;
use super::hint::Stamp;
use super::hint::advice::Position;
use crate::logic::Board;
use crate::{Grid, Puzzle};

/// Where a solve starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Start {
    /// The empty board: the puzzle's own solve.
    #[default]
    Empty,
    /// The player's digits and marks, at the game's change count.
    Play(u64),
    /// A hint's board, for the position of the hint's stamp.
    Hint(Stamp),
}

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
    /// Where the solve shown starts.
    start: Start,
    /// Where the solve being worked out starts.
    job_start: Start,
    /// The hint's board Explain was opened on, for the position of its stamp.
    handoff: Option<(Stamp, Box<Board>)>,
    /// The editor generation and start last looked at (the grid is compared only after a
    /// change of either).
    seen: Option<(u64, Start)>,
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
    /// Opened while a hint's step is shown, the solve starts with that step.
    pub fn set_explain_open(&mut self, open: bool) {
        self.explain.open = open;
        self.explain.handoff = if open { self.hint_handoff() } else { None };
        if !open {
            self.explain.job = None;
        }
    }

    /// Where the solve shown should start now.
    fn explain_start(&self) -> Start {
        let stamp = self.hint_stamp();
        if self
            .explain
            .handoff
            .as_ref()
            .is_some_and(|(s, _)| *s == stamp)
        {
            return Start::Hint(stamp);
        }
        match self.play.game().filter(|_| self.playing()) {
            Some(game) => Start::Play(game.changes()),
            None => Start::Empty,
        }
    }

    /// The board a solve from `start` begins on (`None`: the empty board).
    fn explain_board(&self, puzzle: &Puzzle, start: Start) -> Option<Board> {
        match start {
            Start::Empty => None,
            Start::Hint(_) => self.explain.handoff.as_ref().map(|(_, b)| (**b).clone()),
            Start::Play(_) => {
                let (_, position) = self.play_position()?;
                let position = Position::from_play(&position.digits, &position.marks);
                let marks = position.marks.as_deref();
                Some(Board::from_position(puzzle, &position.digits, marks))
            }
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
        let wanted = self.explain_start();
        if let Some(job) = &self.explain.job
            && let Some(explained) = job.result()
        {
            let grid = job.grid.clone();
            let start = self.explain.job_start;
            self.explain.job = None;
            let same = self.explain.start == start
                && self
                    .explain
                    .result
                    .as_ref()
                    .is_some_and(|(g, _)| *g == grid);
            if !same {
                self.explain.selected = 0;
            }
            self.explain.start = start;
            // A new solve's list shows the selected step, not where the last one was scrolled.
            self.explain.scroll = true;
            let steps = explained.steps.len();
            self.explain.selected = self.explain.selected.min(steps);
            self.explain.result = Some((grid, Ok(Arc::new(explained))));
        }
        let seen = (self.editor.generation(), wanted);
        if self.explain.seen == Some(seen)
            && (self.explain.job.is_some() || self.explain.result.is_some())
        {
            return;
        }
        self.explain.seen = Some(seen);
        let grid = self.editor.grid();
        let current = |g: &Grid| g == grid;
        if self.explain.start == wanted
            && self
                .explain
                .result
                .as_ref()
                .is_some_and(|(g, _)| current(g))
            || self.explain.job_start == wanted
                && self.explain.job.as_ref().is_some_and(|j| current(&j.grid))
        {
            return;
        }
        // The grid or the position changed: what was being worked out, and what is shown, are
        // for a position that is gone.
        self.explain.job = None;
        if self.explain.start != wanted {
            self.explain.result = None;
        }
        self.explain.start = wanted;
        self.explain.job_start = wanted;
        let grid = grid.clone();
        if grid.is_cryptic() {
            let why = "Explain works on puzzles with number clues".to_string();
            self.explain.result = Some((grid, Err(why)));
            return;
        }
        match Puzzle::from_grid(&grid) {
            Ok(puzzle) => match Job::start(
                grid,
                puzzle.clone(),
                self.explain_board(&puzzle, wanted),
                self.ctx.clone(),
            ) {
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
        // A rating is the whole puzzle's: from a position there is only how far logic gets.
        if explained.from_position {
            return match (explained.solved, explained.trial) {
                (true, false) => {
                    format!("From this position logic alone fills the board in {steps} steps")
                }
                (true, true) => {
                    format!("From this position the board is filled in {steps} steps, with trial")
                }
                (false, _) => format!(
                    "From this position logic stops after {steps} steps with cells still open \
                     (a wrong digit or mark stops it too: Hint names it)"
                ),
            };
        }
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
