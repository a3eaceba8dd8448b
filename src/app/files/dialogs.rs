//! The app's modal dialogs: New puzzle, unsaved changes, a path typed in the window, which PE 424
//! puzzle to open, and error messages.

use std::path::PathBuf;

use egui::{Id, Modal};

use super::completion::Listing;
use crate::app::KakuroApp;
use crate::app::files::{Action, Purpose, with_extension};
use crate::app::window::help::HelpBox;
use crate::format::Format;
use crate::{Grid, MAX_SIDE};

/// "Save changes first?" before an action that would drop them.
pub struct Confirm {
    /// What to do once the user has answered.
    pub action: Action,
}

/// The in-app path field, used when no native file dialog is available (and in tests).
pub struct PathPrompt {
    purpose: Purpose,
    reason: &'static str,
    text: String,
    /// A file that exists at the path asked for, once the prompt has said so: asking again
    /// for the same path replaces it.
    replacing: Option<PathBuf>,
    /// The folder the typed path is in, for the list below the field and Tab completion.
    listing: Listing,
}

impl PathPrompt {
    /// A prompt for `purpose`, saying `reason`, pre-filled with `text`.
    pub fn new(purpose: Purpose, reason: &'static str, text: String) -> PathPrompt {
        PathPrompt {
            purpose,
            reason,
            text,
            replacing: None,
            listing: Listing::default(),
        }
    }
}

/// The file a path prompt's text names (see [`with_extension`]).
fn target(purpose: Purpose, text: &str, save_extension: &str) -> PathBuf {
    with_extension(purpose, PathBuf::from(text.trim()), save_extension)
}

/// Which puzzle of a PE 424 file to open.
pub struct Pe424Choice {
    path: PathBuf,
    grids: Vec<Grid>,
    selected: usize,
}

impl Pe424Choice {
    /// A choice among the `grids` read from `path`.
    pub fn new(path: PathBuf, grids: Vec<Grid>) -> Pe424Choice {
        Pe424Choice {
            path,
            grids,
            selected: 0,
        }
    }
}

/// The New puzzle dialog's fields.
pub struct NewPuzzle {
    width: usize,
    height: usize,
}

/// Which dialogs are open.
#[derive(Default)]
pub struct Dialogs {
    /// The New puzzle dialog.
    pub new: Option<NewPuzzle>,
    /// The unsaved-changes question.
    pub confirm: Option<Confirm>,
    /// The path field.
    pub path: Option<PathPrompt>,
    /// The PE 424 puzzle chooser.
    pub pe424: Option<Pe424Choice>,
    /// An error message to acknowledge: its title and text.
    pub error: Option<(&'static str, String)>,
    /// The error box was opened this frame: the Enter that confirmed the path prompt (and
    /// caused the error) is still down and must not close it unread.
    pub error_fresh: bool,
    /// The keyboard shortcuts or About.
    pub help: Option<HelpBox>,
}

impl Dialogs {
    /// Whether any dialog is open (the board then ignores the keyboard).
    pub fn is_open(&self) -> bool {
        self.new.is_some()
            || self.confirm.is_some()
            || self.path.is_some()
            || self.pe424.is_some()
            || self.error.is_some()
            || self.help.is_some()
    }

    /// Opens the New dialog, proposing the current grid's size.
    pub fn open_new(&mut self, current: &Grid) {
        self.new = Some(NewPuzzle {
            width: current.width().max(2),
            height: current.height().max(2),
        });
    }
}

impl KakuroApp {
    /// Shows whichever dialogs are open and acts on their answers.
    pub(in crate::app) fn dialogs_ui(&mut self, ctx: &egui::Context) {
        self.new_ui(ctx);
        self.confirm_ui(ctx);
        self.path_ui(ctx);
        self.pe424_ui(ctx);
        self.help_ui(ctx);
        if let Some((title, message)) = &self.dialogs.error {
            let fresh = std::mem::take(&mut self.dialogs.error_fresh);
            let modal = Modal::new(Id::unique("error")).show(ctx, |ui| {
                ui.set_max_width(520.0);
                ui.heading(*title);
                ui.label(message.as_str());
                let enter = !fresh && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.button("OK").clicked() || enter
            });
            if modal.inner || modal.should_close() {
                self.dialogs.error = None;
            }
        }
        if self.quit_requested {
            self.quit_requested = false;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn new_ui(&mut self, ctx: &egui::Context) {
        let Some(new) = &mut self.dialogs.new else {
            return;
        };
        // One Enter creates: whether the keyboard is on a field (which takes the typed number
        // as it lets go of it, in this same frame), on the board behind the dialog, or nowhere.
        let enter = ctx.input(|i| i.key_pressed(egui::Key::Enter));
        let mut create = None;
        let modal = Modal::new(Id::unique("new puzzle")).show(ctx, |ui| {
            ui.heading("New puzzle");
            ui.label("Walls along the top and left edges, white cells inside.");
            egui::Grid::new("new size").show(ui, |ui| {
                let w = ui.label("Width");
                ui.add(egui::DragValue::new(&mut new.width).range(2..=MAX_SIDE))
                    .labelled_by(w.id);
                ui.end_row();
                let h = ui.label("Height");
                ui.add(egui::DragValue::new(&mut new.height).range(2..=MAX_SIDE))
                    .labelled_by(h.id);
                ui.end_row();
            });
            ui.horizontal(|ui| {
                if ui.button("Create").clicked() || enter {
                    create = Some((new.width, new.height));
                }
                ui.button("Cancel").clicked()
            })
            .inner
        });
        if let Some((w, h)) = create {
            self.dialogs.new = None;
            self.new_puzzle(w, h);
        } else if modal.inner || modal.should_close() {
            self.dialogs.new = None;
        }
    }

    fn confirm_ui(&mut self, ctx: &egui::Context) {
        let Some(confirm) = &self.dialogs.confirm else {
            return;
        };
        let what = match confirm.action {
            Action::Quit => "closing",
            Action::New | Action::Generate | Action::NewGame => "starting a new puzzle",
            Action::Open | Action::OpenPath(_) | Action::OpenSample(_) => "opening another file",
        };
        let name = self
            .files
            .path
            .as_ref()
            .map_or_else(|| "this puzzle".into(), |p| p.display().to_string());
        // Typed digits (or a game in progress) would stay unsaved in the current file's format:
        // offer the .ron beside it, which keeps them, instead of a Save that cannot finish the
        // action.
        let ron = self.files.path.as_ref().filter(|path| {
            (self.editor.sheet().has_digits() || self.play_record().is_some())
                && Format::from_path(path) != Some(Format::Ron)
        });
        let ron = ron.map(|path| path.with_extension("ron"));
        let modal = Modal::new(Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!("Save the changes to {name} before {what}?"));
            let save_text = match &ron {
                Some(ron) => {
                    ui.label(format!(
                        "Only a .ron file keeps the digits you typed: saving writes {}.",
                        ron.display()
                    ));
                    let file = ron.file_name().unwrap_or_default().to_string_lossy();
                    format!("Save as {file}")
                }
                None => "Save".to_string(),
            };
            ui.horizontal(|ui| {
                let save = ui.button(save_text).clicked();
                let discard = ui.button("Don't save").clicked();
                let cancel = ui.button("Cancel").clicked();
                (save, discard, cancel)
            })
            .inner
        });
        let (save, discard, cancel) = modal.inner;
        if !(save || discard || cancel || modal.should_close()) {
            return;
        }
        let Some(confirm) = self.dialogs.confirm.take() else {
            return;
        };
        if let (true, Some(ron)) = (save, ron) {
            self.pending_after_save = Some(confirm.action);
            if ron.exists() {
                // Replacing a file takes a second look: the Save As prompt proposes it and asks.
                self.save_as();
            } else {
                self.path_chosen(Purpose::SaveAs, ron);
                if self.dialogs.error.is_some() {
                    self.pending_after_save = None;
                }
            }
        } else if save {
            let saved = self.save();
            if saved || self.dialogs.error.is_none() {
                // Untitled, the action waits for the Save As answer.
                self.pending_after_save = Some(confirm.action);
            }
            if saved {
                self.after_save();
            }
        } else if discard {
            self.perform(confirm.action);
        }
    }

    fn path_ui(&mut self, ctx: &egui::Context) {
        let save_extension = self.save_extension();
        let Some(prompt) = &mut self.dialogs.path else {
            return;
        };
        let purpose = prompt.purpose;
        let title = match purpose {
            Purpose::Open => "Open a puzzle",
            Purpose::SaveAs => "Save the puzzle as",
            Purpose::ExportSvg => "Export an SVG picture",
        };
        let modal = Modal::new(Id::unique("path prompt")).show(ctx, |ui| {
            ui.set_min_width(460.0);
            ui.heading(title);
            ui.label(prompt.reason);
            let label = ui.label("Path");
            let field = Id::unique("path field");
            // Tab completes the path instead of leaving the field.
            let tab = ui.memory(|m| m.has_focus(field))
                && ui.input(|i| i.key_pressed(egui::Key::Tab) && !i.modifiers.any());
            prompt.listing.refresh(&prompt.text);
            let completed = if tab {
                prompt.listing.complete(&prompt.text)
            } else {
                None
            };
            if let Some(text) = completed {
                prompt.text = text;
                end_cursor(ui.ctx(), field, &prompt.text);
                prompt.listing.refresh(&prompt.text);
            }
            let edit = ui.add(
                egui::TextEdit::singleline(&mut prompt.text)
                    .id(field)
                    .lock_focus(true)
                    .hint_text("/home/me/puzzles/my.kakuro")
                    .desired_width(f32::INFINITY),
            );
            let edit = edit.labelled_by(label.id);
            if !edit.has_focus() && !edit.lost_focus() {
                edit.request_focus();
            }
            if let Some(text) = folder_ui(ui, &prompt.listing, &prompt.text) {
                prompt.text = text;
                end_cursor(ui.ctx(), field, &prompt.text);
            }
            let path = target(purpose, &prompt.text, save_extension);
            if !prompt.text.trim().is_empty()
                && path.is_relative()
                && let Ok(here) = std::env::current_dir()
            {
                ui.label(
                    egui::RichText::new(format!("Relative to {}", here.display()))
                        .small()
                        .weak(),
                );
            }
            let replacing = prompt.replacing.as_ref() == Some(&path);
            if replacing {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("{} exists already. Replace it?", path.display()),
                );
            }
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                let verb = if replacing { "Replace" } else { purpose.verb() };
                let go = ui.button(verb).clicked() || enter;
                (go, ui.button("Cancel").clicked())
            })
            .inner
        });
        let (go, cancel) = modal.inner;
        if go && !prompt.text.trim().is_empty() {
            let path = target(purpose, &prompt.text, save_extension);
            // Writing over a file the user did not name twice would lose it.
            if purpose != Purpose::Open
                && path.is_file()
                && prompt.replacing.as_ref() != Some(&path)
            {
                prompt.replacing = Some(path);
                return;
            }
            self.dialogs.path = None;
            self.path_chosen(purpose, path);
        } else if cancel || modal.should_close() {
            self.dialogs.path = None;
            self.pending_after_save = None;
        }
    }

    fn pe424_ui(&mut self, ctx: &egui::Context) {
        let Some(choice) = &mut self.dialogs.pe424 else {
            return;
        };
        let modal = Modal::new(Id::unique("pe424")).show(ctx, |ui| {
            ui.heading("Which puzzle?");
            ui.label(format!(
                "{} holds {} puzzles.",
                choice.path.display(),
                choice.grids.len()
            ));
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    for (i, grid) in choice.grids.iter().enumerate() {
                        let text =
                            format!("Puzzle {} ({} × {})", i + 1, grid.width(), grid.height());
                        if ui.selectable_label(choice.selected == i, text).clicked() {
                            choice.selected = i;
                        }
                    }
                });
            ui.horizontal(|ui| (ui.button("Open").clicked(), ui.button("Cancel").clicked()))
                .inner
        });
        let (open, cancel) = modal.inner;
        if open {
            if let Some(choice) = self.dialogs.pe424.take() {
                self.open_pe424(&choice.path, choice.grids, choice.selected);
            }
        } else if cancel || modal.should_close() {
            self.dialogs.pe424 = None;
        }
    }
}

/// The entries of the typed path's folder that fit it, under the field; returns the text a
/// clicked entry makes.
fn folder_ui(ui: &mut egui::Ui, listing: &Listing, text: &str) -> Option<String> {
    if let Some(error) = &listing.error {
        ui.label(egui::RichText::new(error).small().weak());
        return None;
    }
    let mut chosen = None;
    ui.label(
        egui::RichText::new("In this folder (Tab completes the name):")
            .small()
            .weak(),
    );
    egui::ScrollArea::vertical()
        .id_salt("folder")
        .max_height(150.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let mut any = false;
            for entry in listing.matches(text) {
                any = true;
                let name = if entry.is_dir {
                    format!("{}/", entry.name)
                } else {
                    entry.name.clone()
                };
                if ui.selectable_label(false, name).clicked() {
                    chosen = Some(Listing::choose(text, entry));
                }
            }
            if !any {
                ui.label(
                    egui::RichText::new("Nothing here fits the name")
                        .small()
                        .weak(),
                );
            }
        });
    chosen
}

/// Puts the text cursor of the field `id` after its last character.
fn end_cursor(ctx: &egui::Context, id: Id, text: &str) {
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    let end = egui::text::CCursor::new(text.chars().count());
    state
        .cursor
        .set_char_range(Some(egui::text::CCursorRange::one(end)));
    state.store(ctx, id);
}
