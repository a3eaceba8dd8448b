//! The Help menu: the keyboard shortcuts, the shipped sample puzzles and About.
//!
//! [`SHORTCUTS`] is the one list of keys: the in-app table shows it, and a test holds the
//! README's table to it row for row.

use egui::{Id, Modal, RichText};

use crate::app::sheet::Sheet;
use crate::app::{KakuroApp, Meta};
use crate::format::{self, Format};

/// Every keyboard shortcut: the keys, and what they do.
pub const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Ctrl+N, Ctrl+O, Ctrl+S, Ctrl+Shift+S",
        "new, open, save, save as",
    ),
    (
        "Ctrl+E, Ctrl+P",
        "export the puzzle as a PDF page, print a book of puzzles",
    ),
    ("Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y", "undo, redo"),
    ("S, D, C, G", "the Select, Draw, Clues and Digits tools"),
    (
        "arrows",
        "move the selection (also while solutions are shown)",
    ),
    ("Shift+arrows, Shift+drag", "select a rectangle of cells"),
    (
        "Ctrl+X, Ctrl+C, Ctrl+V",
        "cut, copy, paste the selected cells",
    ),
    (
        "Space",
        "Draw: flip the selected cell, or the rectangle between white and wall",
    ),
    (
        "digits, Backspace, Delete, Tab",
        "type, edit, clear a clue or digit (the cursor moves on along the run, or to the next clue after a two-digit sum; Enter after one digit); Tab switches down and across",
    ),
    ("Enter", "Clues: go on to the next clue"),
    (
        "Ctrl+wheel, Ctrl + / − / 0",
        "zoom in, out, reset (the wheel scrolls; drag with the right or middle button to pan)",
    ),
    ("F5, Esc", "solve, stop"),
    (
        "Ctrl+Left, Ctrl+Right, Home, End, PgUp, PgDn",
        "previous, next, first, last solution, ±1000 (while solutions are shown; Cmd for Ctrl on a Mac)",
    ),
    (
        "F6, F7, F8",
        "watch the search, pause or resume, single step",
    ),
    (
        "H",
        "hint from the typed digits (while playing, from your digits and pencil marks): the runs to look at, then the cells, then the step applied",
    ),
    (
        "F9, Alt+Left, Alt+Right",
        "the Explain panel (the logical solve); the step before, the next step",
    ),
    (
        "P",
        "play the puzzle yourself (the grid locks), or go back to designing",
    ),
    (
        "digits, Shift+digits, Space",
        "Play: place a digit, write or rub out a pencil mark; Space switches digits to marks",
    ),
    (
        "arrows, Tab, Shift+Tab, Backspace, Delete",
        "Play: move (over walls), go to the next or previous empty cell, clear the cell",
    ),
    ("F7", "Play: pause (the board is hidden) or resume"),
    ("F1", "the keyboard shortcuts (Help menu)"),
];

/// The shipped sample puzzles (`puzzles/`), built into the app: each file's name and text.
pub const SAMPLES: &[(&str, &str)] = &[
    (
        "wikipedia.kakuro",
        include_str!("../../../puzzles/wikipedia.kakuro"),
    ),
    ("tiny.kakuro", include_str!("../../../puzzles/tiny.kakuro")),
    ("two.kakuro", include_str!("../../../puzzles/two.kakuro")),
    ("none.kakuro", include_str!("../../../puzzles/none.kakuro")),
    (
        "millions.kakuro",
        include_str!("../../../puzzles/millions.kakuro"),
    ),
    (
        "enum-blocks.kakuro",
        include_str!("../../../puzzles/enum-blocks.kakuro"),
    ),
    (
        "watch-demo.kakuro",
        include_str!("../../../puzzles/watch-demo.kakuro"),
    ),
    ("hard.kakuro", include_str!("../../../puzzles/hard.kakuro")),
    (
        "expert.kakuro",
        include_str!("../../../puzzles/expert.kakuro"),
    ),
    ("cryptic.txt", include_str!("../../../puzzles/cryptic.txt")),
];

/// Which help box is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpBox {
    /// The keyboard shortcuts.
    Shortcuts,
    /// The app's name, version and purpose.
    About,
}

/// A sample's puzzle: the file's one puzzle, or the first of a PE 424 file's.
fn sample_document(text: &str) -> Result<format::Document, format::FormatError> {
    if Format::sniff(text) == Format::Pe424 {
        let grids = format::pe424::parse_file(text)?;
        let grid = grids.into_iter().next().unwrap_or_default();
        return Ok(format::Document::new(grid));
    }
    format::parse(text, Format::Kakuro).map(|loaded| loaded.document)
}

/// What a sample's menu entry says beside its name: the first comment line of the file.
fn sample_summary(text: &str) -> &str {
    text.lines()
        .find_map(|line| line.strip_prefix('#'))
        .map_or("", str::trim)
}

impl KakuroApp {
    /// The Help menu.
    pub(in crate::app) fn help_menu(&mut self, ui: &mut egui::Ui) {
        if ui
            .add(egui::Button::new("Keyboard shortcuts").shortcut_text("F1"))
            .clicked()
        {
            self.dialogs.help = Some(HelpBox::Shortcuts);
        }
        ui.menu_button("Sample puzzles", |ui| {
            for (index, (name, text)) in SAMPLES.iter().enumerate() {
                let summary = sample_summary(text);
                if ui.button(*name).on_hover_text(summary).clicked() {
                    self.request(crate::app::files::Action::OpenSample(index));
                }
            }
        });
        ui.separator();
        if ui.button("About").clicked() {
            self.dialogs.help = Some(HelpBox::About);
        }
    }

    /// Opens sample number `index` of [`SAMPLES`] as an unsaved copy: saving asks for a name.
    pub(in crate::app) fn open_sample(&mut self, index: usize) {
        let Some((name, text)) = SAMPLES.get(index) else {
            return;
        };
        match sample_document(text) {
            Ok(doc) => {
                let meta = Meta {
                    title: doc.title,
                    author: doc.author,
                    notes: doc.notes,
                };
                self.set_document(Sheet::new(doc.grid), meta, None);
                self.unsaved_name = Some(format!("{name} (sample)"));
                self.status.info(format!(
                    "Opened the sample {name}: a copy, which Save As writes where you choose"
                ));
            }
            Err(e) => self.status.error(format!("The sample {name}: {e}")),
        }
    }

    /// F1 opens the shortcuts.
    pub(in crate::app) fn help_shortcuts(&mut self, ctx: &egui::Context) {
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F1)) {
            self.dialogs.help = Some(HelpBox::Shortcuts);
        }
    }

    /// Shows the open help box, if any.
    pub(in crate::app) fn help_ui(&mut self, ctx: &egui::Context) {
        let Some(open) = self.dialogs.help else {
            return;
        };
        let modal = Modal::new(Id::unique("help")).show(ctx, |ui| {
            ui.set_max_width(620.0);
            match open {
                HelpBox::Shortcuts => shortcuts_ui(ui),
                HelpBox::About => about_ui(ui),
            }
            ui.add_space(6.0);
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.button("Close").clicked() || enter
        });
        if modal.inner || modal.should_close() {
            self.dialogs.help = None;
        }
    }
}

fn shortcuts_ui(ui: &mut egui::Ui) {
    ui.heading("Keyboard shortcuts");
    ui.label(
        RichText::new("Keys on the board work when no text field has the keyboard.")
            .small()
            .weak(),
    );
    egui::ScrollArea::vertical()
        .max_height(440.0)
        .show(ui, |ui| {
            egui::Grid::new("shortcuts")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (keys, what) in SHORTCUTS {
                        ui.label(RichText::new(*keys).strong());
                        ui.add(egui::Label::new(*what).wrap());
                        ui.end_row();
                    }
                });
        });
}

fn about_ui(ui: &mut egui::Ui) {
    ui.heading("About Kakuro studio");
    ui.label(format!("Version {}", env!("CARGO_PKG_VERSION")));
    ui.label(env!("CARGO_PKG_DESCRIPTION"));
    ui.label(
        "Draw a grid, type the clues, and see at once whether the puzzle has no solution, one, \
         or many; page through the solutions and watch the search work. The same engine \
         answers on the command line: kakuro --help.",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_reads_and_says_what_it_is() {
        for (name, text) in SAMPLES {
            let doc = sample_document(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(doc.grid.white_count() > 0, "{name}");
            assert!(!sample_summary(text).is_empty(), "{name}");
        }
    }
}
