//! The tool panel: the click tool, the selected cell and its runs' digit sets, grid size, design
//! from digits, the problem list and the puzzle's details.

use egui::{RichText, Ui};

use super::runs::{hint, run_after, unbroken_sets};
use super::symmetry::Symmetry;
use crate::app::KakuroApp;
use crate::app::board::cell_label;
use crate::app::edit::{Edge, Tool};
use crate::{Cell, Direction, Grid, Pos};

impl KakuroApp {
    /// The whole side panel.
    pub(in crate::app) fn tools_ui(&mut self, ui: &mut Ui) {
        ui.add_space(4.0);
        crate::app::window::row(ui, |ui| {
            for tool in Tool::ALL {
                let key = format!("{} tool (key {:?})", tool.name(), tool.key());
                ui.selectable_value(&mut self.editor.tool, tool, tool.name())
                    .on_hover_text(key);
            }
            self.play_button(ui);
        });
        ui.label(
            RichText::new("Keys: S select, D draw, C clues, G digits")
                .small()
                .weak(),
        );
        at_least_lines(ui, 2.0, |ui| {
            ui.label(RichText::new(tool_help(self.editor.tool)).small().weak());
        });
        ui.horizontal(|ui| {
            let label = ui.label("Symmetry");
            egui::ComboBox::from_id_salt("symmetry")
                .selected_text(self.editor.symmetry.name())
                .show_ui(ui, |ui| {
                    for symmetry in Symmetry::ALL {
                        ui.selectable_value(&mut self.editor.symmetry, symmetry, symmetry.name());
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text(
                    "Drawing mirrors each change inside the clue border (the top row and left \
                     column of walls), as published puzzles are",
                );
        });
        ui.separator();
        // A wall with both clues takes seven rows: title, two clues with their digit sets, help.
        // Long lists of sets scroll within those rows, so that nothing below ever moves.
        exactly_lines(ui, 7.0, "selection", |ui| self.selection_ui(ui));
        ui.separator();
        self.grid_ui(ui);
        ui.separator();
        self.design_ui(ui);
        ui.separator();
        let count = self.problems.list().len();
        ui.strong(format!("Problems ({count})"));
        self.problems.ui(ui, &mut self.editor);
        ui.separator();
        egui::CollapsingHeader::new("Details").show(ui, |ui| {
            for (name, text, multiline) in [
                ("Title", &mut self.meta.title, false),
                ("Author", &mut self.meta.author, false),
                ("Notes", &mut self.meta.notes, true),
            ] {
                let label = ui.label(name);
                let edit = if multiline {
                    egui::TextEdit::multiline(text).desired_rows(3)
                } else {
                    egui::TextEdit::singleline(text)
                };
                // Clear of the scroll bar, which floats over the panel's right edge.
                let width = ui.available_width() - ui.spacing().scroll.bar_width;
                ui.add(edit.desired_width(width)).labelled_by(label.id);
            }
        });
    }

    /// The right-hand panel: solving, browsing, watching and the designer's check.
    pub(in crate::app) fn solutions_ui(&mut self, ui: &mut Ui) {
        ui.add_space(4.0);
        self.solving_ui(ui);
        self.fixes_ui(ui);
        if !self.editor.grid().is_cryptic() {
            ui.separator();
            self.hint_ui(ui);
        }
    }

    fn selection_ui(&self, ui: &mut Ui) {
        let pos = self.editor.cursor;
        let grid = self.editor.grid();
        ui.strong(format!("Selected: {}", cell_label(grid, pos)));
        match grid.get(pos) {
            Cell::Wall { .. } => {
                for dir in [Direction::Down, Direction::Across] {
                    let clue = grid
                        .get(pos)
                        .clue(dir)
                        .map_or_else(|| "—".to_string(), |c| c.to_string());
                    let mut text = RichText::new(format!("{dir}: {clue}"));
                    if self.editor.field == dir && self.editor.tool == Tool::Clues {
                        text = text.strong().color(ui.visuals().selection.stroke.color);
                    }
                    ui.label(text);
                    if let Some(run) = run_after(grid, pos, dir) {
                        hint_label(ui, &hint(run.len, run.clue));
                    }
                }
                let help = match self.editor.tool {
                    Tool::Clues | Tool::Draw => {
                        "Type the clue; Tab switches down/across; Backspace, Delete."
                    }
                    Tool::Digits => "A wall: digits go in white cells; C picks the Clues tool.",
                    Tool::Select => "A wall: C picks the Clues tool, which types its sums.",
                };
                ui.label(RichText::new(help).small().weak());
            }
            Cell::White { .. } => {
                for dir in [Direction::Across, Direction::Down] {
                    if let Some((wall, _)) = run_through(grid, pos, dir)
                        && let Some(run) = run_after(grid, wall, dir)
                    {
                        ui.label(format!("{dir} run from {wall}:"));
                        hint_label(ui, &hint(run.len, run.clue));
                    }
                }
            }
        }
    }

    fn grid_ui(&mut self, ui: &mut Ui) {
        let (w, h) = (self.editor.grid().width(), self.editor.grid().height());
        ui.strong(format!("Grid {w} × {h}"));
        egui::Grid::new("resize").show(ui, |ui| {
            for (edge, name, what) in [
                (Edge::Top, "Top", "row"),
                (Edge::Bottom, "Bottom", "row"),
                (Edge::Left, "Left", "column"),
                (Edge::Right, "Right", "column"),
            ] {
                ui.label(name);
                let add = format!("Add a {what} of walls at the {}", name.to_lowercase());
                if ui.button(format!("+ {name}")).on_hover_text(add).clicked() {
                    self.editor.grow(edge);
                }
                let remove = format!("Remove the {} {what}", name.to_lowercase());
                if ui
                    .button(format!("- {name}"))
                    .on_hover_text(remove)
                    .clicked()
                {
                    self.editor.shrink(edge);
                }
                ui.end_row();
            }
        });
    }

    fn design_ui(&mut self, ui: &mut Ui) {
        ui.strong("Design from digits");
        ui.label(
            RichText::new(
                "With the Digits tool, type a filled-in grid; then fill every clue from it, \
                 and clear the digits.",
            )
            .small()
            .weak(),
        );
        crate::app::window::row(ui, |ui| {
            if ui.button("Fill clues from digits").clicked() {
                let report = self.editor.fill_clues();
                let mut text = format!("Filled {} clues", report.filled);
                if !report.incomplete.is_empty() {
                    text += &format!("; {} runs have empty cells", report.incomplete.len());
                }
                if let Some(first) = report.repeated.first() {
                    text += &format!(
                        "; {} runs repeat a digit (first at {first})",
                        report.repeated.len()
                    );
                }
                self.status.info(text);
            }
            let has_digits = self.editor.sheet().has_digits();
            if ui
                .add_enabled(has_digits, egui::Button::new("Clear digits"))
                .clicked()
            {
                self.editor.clear_digits();
            }
        });
        ui.strong("Design from a shape");
        ui.label(
            RichText::new(
                "Draw the walls, then have them filled with clues that give one solution in a \
                 band you pick.",
            )
            .small()
            .weak(),
        );
        if ui.button("Fill the shape with clues…").clicked() {
            self.open_shape_fill();
        }
    }

    /// The Edit menu's design items, below Undo and Redo.
    pub(in crate::app) fn edit_menu(&mut self, ui: &mut Ui) {
        ui.separator();
        let item = |ui: &mut Ui, text: &str, keys: &str| {
            ui.add(egui::Button::new(text).shortcut_text(keys))
                .clicked()
        };
        if item(ui, "Cut", "Ctrl+X") {
            let text = self.editor.cut();
            ui.ctx().copy_text(text);
        }
        if item(ui, "Copy", "Ctrl+C") {
            let text = self.editor.copy();
            ui.ctx().copy_text(text);
        }
        if item(ui, "Paste", "Ctrl+V") {
            self.editor.paste(None);
        }
        if ui.button("Walls in the selection").clicked() {
            self.editor.fill_selection(false);
        }
        if ui.button("White cells in the selection").clicked() {
            self.editor.fill_selection(true);
        }
        ui.separator();
        if ui.button("Design from a shape…").clicked() {
            self.open_shape_fill();
        }
        let grid = self.editor.grid();
        let has_clues = grid.positions().any(|p| {
            let cell = grid.get(p);
            cell.clue(Direction::Down).is_some() || cell.clue(Direction::Across).is_some()
        });
        if ui
            .add_enabled(has_clues, egui::Button::new("Clear all clues"))
            .clicked()
        {
            self.editor.clear_clues();
        }
        let has_digits = self.editor.sheet().has_digits();
        if ui
            .add_enabled(has_digits, egui::Button::new("Clear all digits"))
            .clicked()
        {
            self.editor.clear_digits();
        }
    }
}

fn tool_help(tool: Tool) -> &'static str {
    match tool {
        Tool::Select => "Click a cell to select it; nothing changes the puzzle by accident.",
        Tool::Draw => {
            "Click or drag to switch cells between white and wall; Space flips the selected cell."
        }
        Tool::Clues => "Click a wall (its lower or upper half) and type its down or across clue.",
        Tool::Digits => "Click a white cell and type a digit 1–9.",
    }
}

/// The wall in front of the run through the white cell at `pos` in `dir`, and the run's first
/// cell.
fn run_through(grid: &Grid, pos: Pos, dir: Direction) -> Option<(Pos, Pos)> {
    let mut start = pos;
    loop {
        let prev = match dir {
            Direction::Across if start.col > 0 => Pos::new(start.row, start.col - 1),
            Direction::Down if start.row > 0 => Pos::new(start.row - 1, start.col),
            _ => return None,
        };
        if !grid.is_white(prev) {
            return Some((prev, start));
        }
        start = prev;
    }
}

/// A run's digit sets, wrapped between sets; screen readers (and tests) get the plain text.
fn hint_label(ui: &mut Ui, hint: &str) {
    let response = ui.label(RichText::new(unbroken_sets(hint)).monospace());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, ui.is_enabled(), hint));
}

/// Lays out `add` in exactly `rows` rows of the panel (as [`at_least_lines`] counts them): what
/// takes more scrolls within them.
fn exactly_lines(ui: &mut Ui, rows: f32, id: &str, add: impl FnOnce(&mut Ui)) {
    let line = ui
        .text_style_height(&egui::TextStyle::Body)
        .max(ui.spacing().interact_size.y);
    let height = rows * (line + ui.spacing().item_spacing.y);
    egui::ScrollArea::vertical()
        .id_salt(id)
        .max_height(height)
        .auto_shrink([false, false])
        .show(ui, add);
}

/// Lays out `add` in at least `rows` rows of body text, so that when a shorter text replaces a
/// longer one, the controls below do not move up under the pointer.
pub(in crate::app) fn at_least_lines(ui: &mut Ui, rows: f32, add: impl FnOnce(&mut Ui)) {
    let top = ui.cursor().top();
    add(ui);
    // A row of a wrapped horizontal layout is as tall as a button, taller than a line of text.
    let line = ui
        .text_style_height(&egui::TextStyle::Body)
        .max(ui.spacing().interact_size.y);
    let row = line + ui.spacing().item_spacing.y;
    let used = ui.cursor().top() - top;
    ui.add_space((rows * row - used).max(0.0));
}
