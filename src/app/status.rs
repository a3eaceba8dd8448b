//! The status bar: the last action's result or error, and the grid's vital figures.

use egui::{RichText, Ui};

use super::board::BoardView;
use super::editor::Editor;
use super::problems::Problems;

/// The message shown at the left of the status bar.
#[derive(Default)]
pub struct Status {
    message: String,
    is_error: bool,
}

impl Status {
    /// Shows an informative message.
    pub fn info(&mut self, message: impl Into<String>) {
        self.message = message.into();
        self.is_error = false;
    }

    /// Shows an error.
    pub fn error(&mut self, message: impl Into<String>) {
        self.message = message.into();
        self.is_error = true;
    }

    /// The current message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The bar: message on the left, figures on the right.
    pub fn ui(&self, ui: &mut Ui, editor: &Editor, problems: &Problems, board: &BoardView) {
        ui.horizontal(|ui| {
            let mut text = RichText::new(&self.message);
            if self.is_error {
                text = text.color(ui.visuals().error_fg_color);
            }
            ui.add(egui::Label::new(text).truncate());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let grid = editor.grid();
                let errors = problems.errors();
                let warnings = problems.list().len() - errors;
                let zoom = board.cell_size() / 40.0 * 100.0;
                ui.label(format!(
                    "{} × {}  ·  {} white  ·  {errors} errors, {warnings} warnings  ·  zoom {zoom:.0}%  ·  {}",
                    grid.width(),
                    grid.height(),
                    grid.white_count(),
                    editor.tool.name(),
                ));
            });
        });
    }
}
