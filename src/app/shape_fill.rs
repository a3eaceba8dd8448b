//! Design from a shape (Design panel and Edit menu): the current grid's walls filled with clues
//! that give one solution in the band asked, made on a background thread (Cancel stops it) and
//! applied as one undo step. A shape that cannot take a puzzle, or gave none in the band, says
//! why, with the cells at fault outlined on the board.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{Id, Modal, RichText, Ui};

use super::board::overlay::{Lesson, Mark, Overlay};
use super::generator::{band_and_seed_rows, seed_of};
use super::{KakuroApp, background};
use crate::generate::drawn::{self, ShapeProblem};
use crate::generate::{GenerateError, Generated, Options};
use crate::logic::Band;
use crate::solve::CancelToken;
use crate::{Grid, Pos};

/// The dialog's choices, the filling under way and why the last one gave nothing.
pub struct ShapeFill {
    open: bool,
    band: Band,
    /// The seed as typed; empty draws a random one (shown once used, so it can be made again).
    seed: String,
    job: Option<Job>,
    error: Option<String>,
    /// The cells to outline with the error, and the editor generation they belong to.
    outlined: Option<(u64, Vec<Pos>)>,
}

struct Job {
    seed: u64,
    generation: u64,
    cancel: CancelToken,
    answer: Receiver<Result<Generated, GenerateError>>,
}

/// What the dialog asks of the app.
enum Command {
    None,
    Start,
    Cancel,
    Close,
}

impl Default for ShapeFill {
    fn default() -> Self {
        ShapeFill {
            open: false,
            band: Band::Medium,
            seed: String::new(),
            job: None,
            error: None,
            outlined: None,
        }
    }
}

impl ShapeFill {
    /// Whether the dialog is showing.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Shows the dialog.
    pub fn open(&mut self) {
        self.open = true;
        self.error = None;
        self.outlined = None;
    }

    /// Starts filling `grid`'s walls, as of editor `generation`; a shape that cannot take a
    /// puzzle is refused at once with its places.
    fn start(&mut self, ctx: &egui::Context, grid: &Grid, generation: u64) {
        self.stop();
        self.error = None;
        self.outlined = None;
        let shape = drawn::bare_shape(grid);
        let problems = drawn::shape_problems(&shape);
        if !problems.is_empty() {
            self.refuse(&problems, generation);
            return;
        }
        let seed = match seed_of(&self.seed) {
            Ok(seed) => seed,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        let options = Options {
            band: self.band,
            ..Options::new(shape.width(), shape.height(), seed)
        };
        let (send, answer) = channel();
        let cancel = CancelToken::new();
        let (token, ctx) = (cancel.clone(), ctx.clone());
        let started = background::spawn("kakuro-shape-fill", move || {
            let _ = send.send(drawn::generate_on(&shape, &options, &token));
            ctx.request_repaint();
        });
        match started {
            Ok(_) => {
                self.job = Some(Job {
                    seed,
                    generation,
                    cancel,
                    answer,
                })
            }
            Err(e) => self.error = Some(format!("Could not start: {e}")),
        }
    }

    /// Says why the shape cannot take a puzzle, and outlines the cells at fault.
    fn refuse(&mut self, problems: &[ShapeProblem], generation: u64) {
        let lines: Vec<String> = problems.iter().map(ShapeProblem::to_string).collect();
        self.error = Some(format!(
            "This shape cannot take a puzzle:\n{}",
            lines.join("\n")
        ));
        let cells = problems.iter().flat_map(|p| p.cells.clone()).collect();
        self.outlined = Some((generation, cells));
    }

    fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.cancel();
        }
    }

    /// The filled grid, once made for the editor's current `generation`; an error stays in the
    /// dialog.
    fn poll(&mut self, generation: u64) -> Option<Generated> {
        let job = self.job.as_ref()?;
        let answer = match job.answer.try_recv() {
            Err(TryRecvError::Empty) => return None,
            Ok(answer) => answer,
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                self.error = Some("The filling stopped without a puzzle".into());
                return None;
            }
        };
        let (seed, made_for) = (job.seed, job.generation);
        self.job = None;
        match answer {
            Ok(_) if made_for != generation => {
                self.error = Some("The grid changed while it was being filled: fill again".into());
                None
            }
            Ok(made) => {
                self.open = false;
                Some(made)
            }
            Err(GenerateError::Cancelled) => None,
            Err(GenerateError::BadShape(problems)) => {
                self.refuse(&problems, made_for);
                None
            }
            Err(e) => {
                self.seed = seed.to_string();
                if let GenerateError::ShapeGaveUp { trouble, .. } = &e {
                    self.outlined = Some((made_for, trouble.clone()));
                }
                self.error = Some(e.to_string());
                None
            }
        }
    }

    fn ui(&mut self, ctx: &egui::Context) -> Command {
        let mut command = Command::None;
        if !self.open {
            return command;
        }
        let busy = self.job.is_some();
        let modal = Modal::new(Id::unique("shape-fill")).show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.heading("Design from a shape");
            ui.label(
                RichText::new(
                    "Fills the walls of this grid with clues that give one solution, solvable by \
                     logic in the band you pick. The walls stay exactly as drawn; clues are \
                     replaced.",
                )
                .small()
                .weak(),
            );
            ui.add_enabled_ui(!busy, |ui| self.choices(ui));
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
            ui.horizontal(|ui| {
                if let Some(job) = &self.job {
                    ui.spinner();
                    ui.label(format!("Filling (seed {})…", job.seed));
                    if ui.button("Cancel").clicked() {
                        command = Command::Cancel;
                    }
                } else {
                    if ui.button("Fill").clicked() {
                        command = Command::Start;
                    }
                    if ui.button("Close").clicked() {
                        command = Command::Close;
                    }
                }
            });
        });
        if modal.should_close() && !busy {
            command = Command::Close;
        }
        command
    }

    fn choices(&mut self, ui: &mut Ui) {
        egui::Grid::new("shape-fill-choices")
            .num_columns(2)
            .show(ui, |ui| {
                band_and_seed_rows(ui, "shape-fill-band", &mut self.band, &mut self.seed);
            });
    }

    /// The cells at fault outlined, while the dialog shows why, for the grid as it was.
    fn overlay(&self, grid: &Grid, generation: u64) -> Option<Overlay> {
        let (made_for, cells) = self.outlined.as_ref()?;
        if !self.open || *made_for != generation || cells.is_empty() {
            return None;
        }
        let mut overlay = Overlay::new(grid.width(), grid.height());
        for &pos in cells {
            overlay.set(
                pos,
                Mark {
                    lesson: Lesson {
                        focus: true,
                        ..Lesson::default()
                    },
                    ..Mark::default()
                },
            );
        }
        Some(overlay)
    }
}

impl Drop for ShapeFill {
    fn drop(&mut self) {
        self.stop();
    }
}

impl KakuroApp {
    /// Opens Design from a shape.
    pub(in crate::app) fn open_shape_fill(&mut self) {
        self.shape_fill.open();
    }

    /// Applies a filled shape, once made, as one undo step.
    pub(in crate::app) fn shape_fill_logic(&mut self) {
        let Some(made) = self.shape_fill.poll(self.editor.generation()) else {
            return;
        };
        self.editor.apply_grid(&made.grid);
        let r = &made.explanation.rating;
        self.status.info(format!(
            "Filled the shape: one solution, {} (score {}, seed {}); Ctrl+Z takes it back",
            r.band.name(),
            r.score,
            made.options.seed
        ));
    }

    /// The dialog, while it is open.
    pub(in crate::app) fn shape_fill_ui(&mut self, ctx: &egui::Context) {
        match self.shape_fill.ui(ctx) {
            Command::None => {}
            Command::Start => {
                let generation = self.editor.generation();
                self.shape_fill.start(ctx, self.editor.grid(), generation);
            }
            Command::Cancel => self.shape_fill.stop(),
            Command::Close => {
                self.shape_fill.stop();
                self.shape_fill.open = false;
            }
        }
    }

    /// The cells Design from a shape found at fault, outlined.
    pub(in crate::app) fn shape_fill_overlay(&self) -> Option<Overlay> {
        self.shape_fill
            .overlay(self.editor.grid(), self.editor.generation())
    }
}
