//! File › New from generator…: size, walls, symmetry, difficulty and seed; the puzzle is made on
//! a background thread (Cancel stops it) and opens as a new, unsaved document. Play › New game
//! makes one with the choices last used (kept between sessions) and starts playing it.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use egui::{Id, Modal, RichText, Ui};

use super::sheet::Sheet;
use super::{KakuroApp, Meta, background};
use crate::generate::{self, GenerateError, Generated, Options, Symmetry};
use crate::logic::Band;
use crate::solve::CancelToken;

/// The bands a generated puzzle may be asked for (logic solves each).
const BANDS: [Band; 4] = [Band::Easy, Band::Medium, Band::Hard, Band::Expert];
/// The symmetries, as the command line names them.
const SYMMETRIES: [Symmetry; 3] = [Symmetry::None, Symmetry::Rotate, Symmetry::Mirror];

/// The seed typed in a field: a whole number, or a random one when the field is empty.
pub(super) fn seed_of(typed: &str) -> Result<u64, String> {
    match typed.trim() {
        "" => Ok(rand::random()),
        typed => typed
            .parse::<u64>()
            .map_err(|_| format!("{typed:?} is not a seed (a whole number)")),
    }
}

/// The Difficulty and Seed rows of a dialog's choices grid (the bands logic can reach).
pub(super) fn band_and_seed_rows(ui: &mut Ui, id_salt: &str, band: &mut Band, seed: &mut String) {
    let label = ui.label("Difficulty");
    egui::ComboBox::from_id_salt(id_salt)
        .selected_text(band.name())
        .show_ui(ui, |ui| {
            for b in BANDS {
                ui.selectable_value(band, b, b.name());
            }
        })
        .response
        .labelled_by(label.id);
    ui.end_row();
    let label = ui.label("Seed");
    ui.add(egui::TextEdit::singleline(seed).hint_text("random"))
        .labelled_by(label.id);
    ui.end_row();
}

/// The dialog's choices as the preferences keep them (symmetry and band by name).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Choices {
    /// Width, the clue border included.
    pub width: usize,
    /// Height, the clue border included.
    pub height: usize,
    /// About this share of the cells inside the border are walls.
    pub walls: f64,
    /// The symmetry's command-line name.
    pub symmetry: String,
    /// The difficulty band's name.
    pub band: String,
}

impl Default for Choices {
    fn default() -> Self {
        GeneratorDialog::default().choices()
    }
}

/// The dialog's choices and the generation under way.
pub struct GeneratorDialog {
    open: bool,
    width: usize,
    height: usize,
    walls: f64,
    symmetry: Symmetry,
    band: Band,
    /// The seed as typed; empty draws a random one (shown once used, so it can be made again).
    seed: String,
    job: Option<Job>,
    error: Option<String>,
    /// The puzzle being made is a new game: play starts once it is made.
    play_when_made: bool,
}

struct Job {
    seed: u64,
    cancel: CancelToken,
    answer: Receiver<Result<Generated, GenerateError>>,
}

impl Default for GeneratorDialog {
    fn default() -> Self {
        GeneratorDialog {
            open: false,
            width: 8,
            height: 8,
            walls: crate::generate::DEFAULT_WALLS,
            symmetry: Symmetry::None,
            band: Band::Easy,
            seed: String::new(),
            job: None,
            error: None,
            play_when_made: false,
        }
    }
}

impl GeneratorDialog {
    /// Whether the dialog is showing.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Shows the dialog.
    pub fn open(&mut self) {
        self.open = true;
        self.error = None;
        self.play_when_made = false;
    }

    /// Makes a puzzle with the last choices and a new seed, to be played once made (the
    /// dialog shows it being made, and Cancel).
    pub fn new_game(&mut self, ctx: &egui::Context) {
        self.open = true;
        self.error = None;
        self.seed.clear();
        self.play_when_made = true;
        self.start(ctx);
    }

    /// The choices, to keep for the next session.
    pub fn choices(&self) -> Choices {
        Choices {
            width: self.width,
            height: self.height,
            walls: self.walls,
            symmetry: self.symmetry.key().to_string(),
            band: self.band.name().to_string(),
        }
    }

    /// Takes the choices kept from the last session (a name no longer known keeps its default).
    pub fn set_choices(&mut self, choices: &Choices) {
        let side = generate::MIN_SIDE..=generate::MAX_SIDE;
        if side.contains(&choices.width) && side.contains(&choices.height) {
            self.width = choices.width;
            self.height = choices.height;
        }
        if (0.0..=generate::MAX_WALLS).contains(&choices.walls) {
            self.walls = choices.walls;
        }
        if let Some(s) = SYMMETRIES.into_iter().find(|s| s.key() == choices.symmetry) {
            self.symmetry = s;
        }
        if let Some(b) = BANDS.into_iter().find(|b| b.name() == choices.band) {
            self.band = b;
        }
    }

    /// Starts generating with the dialog's choices.
    fn start(&mut self, ctx: &egui::Context) {
        let seed = match seed_of(&self.seed) {
            Ok(seed) => seed,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        let options = Options {
            walls: self.walls,
            symmetry: self.symmetry,
            band: self.band,
            ..Options::new(self.width, self.height, seed)
        };
        if let Err(e) = generate::check(&options) {
            self.error = Some(e.to_string());
            return;
        }
        let (send, answer) = channel();
        let cancel = CancelToken::new();
        let (token, ctx) = (cancel.clone(), ctx.clone());
        let started = background::spawn("kakuro-generate", move || {
            let _ = send.send(generate::generate(&options, &token));
            ctx.request_repaint();
        });
        match started {
            Ok(_) => {
                self.error = None;
                self.job = Some(Job {
                    seed,
                    cancel,
                    answer,
                });
            }
            Err(e) => self.error = Some(format!("Could not start: {e}")),
        }
    }

    fn stop(&mut self) {
        self.play_when_made = false;
        if let Some(job) = self.job.take() {
            job.cancel.cancel();
        }
    }

    /// The puzzle, once made; an error stays in the dialog.
    fn poll(&mut self) -> Option<Generated> {
        let job = self.job.as_ref()?;
        match job.answer.try_recv() {
            Err(TryRecvError::Empty) => None,
            Ok(Ok(made)) => {
                self.job = None;
                self.open = false;
                Some(made)
            }
            Ok(Err(e)) => {
                self.seed = job.seed.to_string();
                self.job = None;
                if e != GenerateError::Cancelled {
                    self.error = Some(e.to_string());
                }
                None
            }
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                self.error = Some("The generator stopped without a puzzle".into());
                None
            }
        }
    }

    fn ui(&mut self, ctx: &egui::Context) {
        if !self.open {
            return;
        }
        let busy = self.job.is_some();
        let modal = Modal::new(Id::unique("generator")).show(ctx, |ui| {
            ui.set_max_width(380.0);
            ui.heading("New from generator");
            ui.add_enabled_ui(!busy, |ui| self.choices_ui(ui));
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
            ui.horizontal(|ui| {
                if let Some(job) = &self.job {
                    ui.spinner();
                    ui.label(format!("Generating (seed {})…", job.seed));
                    if ui.button("Cancel").clicked() {
                        self.stop();
                    }
                } else {
                    if ui.button("Generate").clicked() {
                        self.start(ui.ctx());
                    }
                    if ui.button("Close").clicked() {
                        self.open = false;
                    }
                }
            });
        });
        if modal.should_close() && !busy {
            self.open = false;
        }
    }

    fn choices_ui(&mut self, ui: &mut Ui) {
        let side = generate::MIN_SIDE..=generate::MAX_SIDE;
        egui::Grid::new("generator-choices")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label("Width");
                ui.add(egui::DragValue::new(&mut self.width).range(side.clone()))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Height");
                ui.add(egui::DragValue::new(&mut self.height).range(side))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Walls");
                ui.add(egui::Slider::new(
                    &mut self.walls,
                    0.0..=generate::MAX_WALLS,
                ))
                .labelled_by(label.id)
                .on_hover_text("About this share of the cells inside the border are walls");
                ui.end_row();
                let label = ui.label("Symmetry");
                egui::ComboBox::from_id_salt("generator-symmetry")
                    .selected_text(self.symmetry.key())
                    .show_ui(ui, |ui| {
                        for s in SYMMETRIES {
                            ui.selectable_value(&mut self.symmetry, s, s.key());
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                band_and_seed_rows(ui, "generator-band", &mut self.band, &mut self.seed);
            });
    }
}

impl Drop for GeneratorDialog {
    fn drop(&mut self) {
        self.stop();
    }
}

impl KakuroApp {
    /// Opens a generated puzzle as a new document, once it is made (and plays it, for New
    /// game).
    pub(super) fn generator_logic(&mut self) {
        let Some(made) = self.generator.poll() else {
            return;
        };
        let play = std::mem::take(&mut self.generator.play_when_made);
        let o = &made.options;
        let name = format!("generated {}x{}, seed {}", o.width, o.height, o.seed);
        let meta = Meta {
            notes: made
                .to_text()
                .lines()
                .next()
                .unwrap_or_default()
                .trim_start_matches("# ")
                .to_string(),
            ..Meta::default()
        };
        let band = made.explanation.rating.band.name();
        self.set_document(Sheet::new(made.grid), meta, None);
        self.unsaved_name = Some(name.clone());
        if play {
            self.enter_play();
        }
        self.status.info(format!("New puzzle: {name}, {band}"));
    }

    /// The dialog, while it is open.
    pub(super) fn generator_ui(&mut self, ctx: &egui::Context) {
        self.generator.ui(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_choices_come_back_from_the_preferences() {
        let mut dialog = GeneratorDialog::default();
        (dialog.width, dialog.height) = (10, 12);
        dialog.symmetry = Symmetry::Rotate;
        dialog.band = Band::Hard;
        let kept = dialog.choices();
        let mut next = GeneratorDialog::default();
        next.set_choices(&kept);
        assert_eq!(next.choices(), kept);
        assert_eq!((next.width, next.height), (10, 12));
        // A choice no longer known keeps its default.
        dialog.set_choices(&Choices {
            band: "Fiendish".into(),
            width: 1000,
            ..kept.clone()
        });
        assert_eq!((dialog.band, dialog.width), (Band::Hard, 10));
    }
}
