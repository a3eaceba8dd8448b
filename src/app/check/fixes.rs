//! Suggest fixes: when the designer's check finds several solutions or none, the edits that
//! make the puzzle unique (and, for none, the clues that conflict), found on a background
//! thread for one editor generation and dropped as soon as the grid changes.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{RichText, Ui};

use crate::app::KakuroApp;
use crate::app::background;
use crate::app::board::overlay::{Lesson, Mark, Overlay};
use crate::app::edit::runs::run_after;
use crate::generate::fix::{self, Fixes};
use crate::solve::{self, CancelToken, Cancelled};
use crate::{Direction, Grid, Pos};

/// What `hovered` holds while the pointer is on the partial step rather than a suggestion.
const PARTIAL: usize = usize::MAX;

/// The search for fixes and what it found, for one generation of the grid.
#[derive(Default)]
pub struct FixSearch {
    job: Option<Job>,
    found: Option<(u64, Fixes)>,
    /// The suggestion under the pointer, previewed on the board.
    hovered: Option<usize>,
    /// Why the last search gave no answer (it could not start).
    failed: Option<(u64, String)>,
}

struct Job {
    generation: u64,
    cancel: CancelToken,
    answer: Receiver<Result<Fixes, Cancelled>>,
}

/// What the panel asks of the app.
enum Command {
    None,
    Start,
    Cancel,
    Apply(usize),
    /// Apply the best partial step (when no suggestion was found).
    ApplyPartial,
}

impl FixSearch {
    /// Starts looking for fixes of `grid`, as of `generation`.
    fn start(&mut self, ctx: &egui::Context, grid: &Grid, generation: u64) {
        self.stop();
        let (send, answer) = channel();
        let cancel = CancelToken::new();
        let (grid, token, ctx) = (grid.clone(), cancel.clone(), ctx.clone());
        let started = background::spawn("kakuro-fixes", move || {
            let _ = send.send(fix::suggest(&grid, &token));
            ctx.request_repaint();
        });
        match started {
            Ok(_) => {
                self.job = Some(Job {
                    generation,
                    cancel,
                    answer,
                })
            }
            Err(e) => self.failed = Some((generation, format!("Could not start: {e}"))),
        }
    }

    /// Cancels a search under way.
    fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.cancel();
        }
    }

    /// Takes in a finished search; drops everything that was of another generation.
    fn logic(&mut self, generation: u64) {
        if self
            .job
            .as_ref()
            .is_some_and(|j| j.generation != generation)
        {
            self.stop();
        }
        if let Some(job) = &self.job {
            match job.answer.try_recv() {
                Ok(Ok(fixes)) => {
                    self.found = Some((job.generation, fixes));
                    self.job = None;
                }
                Ok(Err(Cancelled)) | Err(TryRecvError::Disconnected) => self.job = None,
                Err(TryRecvError::Empty) => {}
            }
        }
        if self.found.as_ref().is_some_and(|(g, _)| *g != generation) {
            self.found = None;
            self.hovered = None;
        }
        if self.failed.as_ref().is_some_and(|(g, _)| *g != generation) {
            self.failed = None;
        }
    }

    fn running(&self) -> bool {
        self.job.is_some()
    }

    /// The list, or the button that starts it.
    fn ui(&mut self, ui: &mut Ui) -> Command {
        let mut command = Command::None;
        if self.running() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Looking for fixes…");
                if ui.button("Cancel").clicked() {
                    command = Command::Cancel;
                }
            });
            return command;
        }
        if let Some((_, message)) = &self.failed {
            ui.label(RichText::new(message).color(ui.visuals().error_fg_color));
        }
        let Some((_, fixes)) = &self.found else {
            if ui
                .button("Suggest fixes")
                .on_hover_text("Small edits that leave the puzzle one solution")
                .clicked()
            {
                command = Command::Start;
            }
            return command;
        };
        if !fixes.conflicts.is_empty() {
            ui.label(RichText::new("Conflicting clues (they cannot all hold):").strong());
            for c in &fixes.conflicts {
                ui.label(format!("· {c}"));
            }
        }
        if fixes.suggestions.is_empty() {
            let tried = fixes.tried;
            let when = if tried.timed_out {
                " before the time ran out"
            } else {
                ""
            };
            ui.label(
                RichText::new(format!(
                    "No edit found that makes it unique{when} (tried {} edited drafts, up to {} \
                     edits at a time)",
                    tried.drafts, tried.edits
                ))
                .weak(),
            );
        } else {
            ui.label(RichText::new("Edits that make it unique:").strong());
        }
        let mut hovered = None;
        for (i, s) in fixes.suggestions.iter().enumerate() {
            let cells: Vec<String> = s.cells.iter().map(Pos::to_string).collect();
            let response = ui
                .add(egui::Button::new(format!("{} ({})", s.edit, s.band.name())).wrap())
                .on_hover_text(format!("Touches {}", cells.join(", ")));
            if response.hovered() {
                hovered = Some(i);
            }
            if response.clicked() {
                command = Command::Apply(i);
            }
        }
        if let Some(p) = &fixes.partial {
            ui.label(RichText::new("Best step toward one solution:").strong());
            let response = ui
                .add(
                    egui::Button::new(format!("{} (leaves {})", p.edit, p.solutions_text())).wrap(),
                )
                .on_hover_text("Apply it, then Suggest fixes again from there");
            if response.hovered() {
                hovered = Some(PARTIAL);
            }
            if response.clicked() {
                command = Command::ApplyPartial;
            }
        }
        self.hovered = hovered;
        command
    }

    /// The conflicting runs tinted; the hovered suggestion's cells outlined, with the runs of
    /// the clues it changes tinted.
    fn overlay(&self, grid: &Grid) -> Option<Overlay> {
        let (_, fixes) = self.found.as_ref()?;
        let hovered = match self.hovered {
            Some(PARTIAL) => fixes.partial.as_ref().map(|p| &p.cells),
            Some(i) => fixes.suggestions.get(i).map(|s| &s.cells),
            None => None,
        };
        if hovered.is_none() && fixes.conflicts.is_empty() {
            return None;
        }
        let mut overlay = Overlay::new(grid.width(), grid.height());
        let mut mark = |pos: Pos, lesson: Lesson| {
            let old = overlay.get(pos).lesson;
            let lesson = Lesson {
                focus: old.focus || lesson.focus,
                cause: old.cause || lesson.cause,
                ..old
            };
            overlay.set(
                pos,
                Mark {
                    lesson,
                    ..Mark::default()
                },
            );
        };
        let focus = Lesson {
            focus: true,
            ..Lesson::default()
        };
        let cause = Lesson {
            cause: true,
            ..Lesson::default()
        };
        for c in &fixes.conflicts {
            c.cells.iter().for_each(|&p| mark(p, focus));
        }
        if let Some(cells) = hovered {
            for &pos in cells {
                mark(pos, cause);
                for dir in Direction::ALL {
                    if let Some(run) = run_after(grid, pos, dir) {
                        run.cells().for_each(|p| mark(p, focus));
                    }
                }
            }
        }
        Some(overlay)
    }
}

impl Drop for FixSearch {
    fn drop(&mut self) {
        self.stop();
    }
}

impl KakuroApp {
    /// Takes in the fixes found, and forgets them once the grid changed.
    pub(in crate::app) fn fixes_logic(&mut self) {
        self.fixes.logic(self.editor.generation());
    }

    /// The Suggest fixes section, under the check's verdict when it is "several" or "none".
    pub(in crate::app) fn fixes_ui(&mut self, ui: &mut Ui) {
        let generation = self.editor.generation();
        let wanted = matches!(
            self.check.found(generation),
            Some(solve::Verdict::Several { .. } | solve::Verdict::NoSolution)
        );
        if !wanted || self.editor.grid().is_cryptic() {
            self.fixes.hovered = None;
            return;
        }
        match self.fixes.ui(ui) {
            Command::None => {}
            Command::Start => {
                let ctx = ui.ctx().clone();
                self.fixes.start(&ctx, self.editor.grid(), generation);
            }
            Command::Cancel => self.fixes.stop(),
            Command::Apply(i) => {
                let edit = self
                    .fixes
                    .found
                    .as_ref()
                    .and_then(|(_, f)| f.suggestions.get(i))
                    .map(|s| (s.edit.clone(), s.grid.clone()));
                if let Some((text, grid)) = edit {
                    self.editor.apply_grid(&grid);
                    self.status.info(format!("Applied: {text}"));
                }
            }
            Command::ApplyPartial => {
                let step = self
                    .fixes
                    .found
                    .as_ref()
                    .and_then(|(_, f)| f.partial.as_ref())
                    .map(|p| (p.edit.clone(), p.solutions_text(), p.grid.clone()));
                if let Some((text, left, grid)) = step {
                    self.editor.apply_grid(&grid);
                    self.status.info(format!("Applied: {text} (leaves {left})"));
                }
            }
        }
    }

    /// What Suggest fixes shows on the board, if anything.
    pub(in crate::app) fn fixes_overlay(&self) -> Option<Overlay> {
        self.fixes.overlay(self.editor.grid())
    }
}
