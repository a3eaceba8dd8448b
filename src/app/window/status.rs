//! The status bar: the last action's result or error, and the grid's vital figures.

use std::cell::Cell;

use egui::{RichText, Ui};

use crate::app::board::BoardView;
use crate::app::check::problems::Problems;
use crate::app::edit::Editor;

/// The message shown at the left of the status bar, until the next edit of the puzzle (a
/// "Solved: 3 solutions" about a grid since changed would mislead).
#[derive(Default)]
pub struct Status {
    message: String,
    is_error: bool,
    /// The editor generation the message was first shown at; `None` until it is shown.
    shown_at: Cell<Option<u64>>,
}

impl Status {
    /// Shows an informative message.
    pub fn info(&mut self, message: impl Into<String>) {
        self.message = message.into();
        self.is_error = false;
        self.shown_at.set(None);
    }

    /// Shows an error.
    pub fn error(&mut self, message: impl Into<String>) {
        self.message = message.into();
        self.is_error = true;
        self.shown_at.set(None);
    }

    /// The message as shown while the editor is at `generation`: empty once the puzzle has
    /// changed since it was first shown.
    pub fn message(&self, generation: u64) -> &str {
        match self.shown_at.get() {
            None => {
                self.shown_at.set(Some(generation));
                &self.message
            }
            Some(shown) if shown == generation => &self.message,
            Some(_) => "",
        }
    }

    /// The bar: message on the left, figures on the right. The figures are laid out first and
    /// the message gets the room left of them (cut short, whole on hover), so that in a narrow
    /// window the two never draw over each other. `playing` is the game's line ("Playing ·
    /// 12:34 · 3 helps"), which stands in for the design figures (the tool, the grid's problems)
    /// while the grid is locked.
    pub fn ui(
        &self,
        ui: &mut Ui,
        editor: &Editor,
        problems: &Problems,
        board: &BoardView,
        playing: Option<&str>,
    ) {
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let grid = editor.grid();
                let errors = problems.errors();
                let warnings = problems.list().len() - errors;
                let zoom = board.cell_size() / 40.0 * 100.0;
                let size = format!(
                    "{} × {}  ·  {} white",
                    grid.width(),
                    grid.height(),
                    grid.white_count()
                );
                ui.label(match playing {
                    Some(game) => format!("{size}  ·  zoom {zoom:.0}%  ·  {game}"),
                    None => format!(
                        "{size}  ·  {}, {}  ·  zoom {zoom:.0}%  ·  {}",
                        counted(errors, "error"),
                        counted(warnings, "warning"),
                        editor.tool.name(),
                    ),
                });
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    let mut text = RichText::new(self.message(editor.generation()));
                    if self.is_error {
                        text = text.color(ui.visuals().error_fg_color);
                    }
                    ui.add(egui::Label::new(text).truncate());
                });
            });
        });
    }
}

/// "1 error", "3 errors".
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
