//! The play panel: the mode and its clock, entry options, the combination helper for the
//! selected cell's runs, and the helps. `ui` only reads the game and returns commands; the app
//! applies them in one place (`mode.rs`).

use egui::{RichText, Ui};

use super::Play;
use super::best;
use super::candidates::{set_fits, set_text};
use super::state::Game;
use super::timer::clock;
use crate::app::board::palette::{DIGIT, PLACED, STRUCK};
use crate::app::edit::runs::unbroken_sets;
use crate::app::{HintStage, HintSummary};
use crate::{Direction, Pos};

/// What the player asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start playing (or go back to the game).
    Enter,
    /// Back to designing.
    Leave,
    /// Place a digit in the selected cell (or a mark, in pencil mode).
    Digit(u8),
    /// Write or rub out a pencil mark in the selected cell.
    Mark(u8),
    /// Clear the selected cell.
    Clear,
    /// Take back the last entry.
    Undo,
    /// Do it again.
    Redo,
    /// Write every empty cell's candidates.
    FillCandidates,
    /// Switch digit keys between digits and pencil marks.
    TogglePencil,
    /// Switch the automatic removal of placed digits from marks.
    TogglePrune,
    /// Pause or resume.
    TogglePause,
    /// Count the wrong cells (a help).
    Check,
    /// Reveal the selected cell (a help).
    Reveal,
    /// Show which digits the last check found wrong (a help, counted as a reveal).
    ShowWrong,
    /// Flag digits that are not the solution's as they are typed (a help, counted as a check).
    ToggleCheckAsYouType,
    /// Fill in the solution (a help).
    Solve,
    /// Show more of the hint, or the next one (a help, counted once per hint).
    Hint,
    /// Open the Explain panel on the position (or the shown hint's step), or close it.
    Explain,
    /// Move the selection by rows and columns, over walls.
    Move(i32, i32),
    /// The next (or with `true`, previous) empty cell in reading order.
    NextEmpty(bool),
}

/// The panel; returns what was clicked.
pub fn ui(
    ui: &mut Ui,
    play: &Play,
    cursor: Pos,
    hint: Option<&HintSummary>,
    explain_open: bool,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let mut button = |ui: &mut Ui, enabled: bool, text: &str, tip: &str, command: Command| {
        if ui
            .add_enabled(enabled, egui::Button::new(text))
            .on_hover_text(tip)
            .clicked()
        {
            commands.push(command);
        }
    };
    ui.add_space(4.0);
    crate::app::window::row(ui, |ui| {
        ui.heading("Playing");
        button(
            ui,
            true,
            "Stop playing",
            "Back to designing (key P)",
            Command::Leave,
        );
    });
    ui.label(
        RichText::new("Walls and clues are locked while you play.")
            .small()
            .weak(),
    );
    let Some(game) = play.game() else {
        return commands;
    };
    ui.separator();
    ui.horizontal(|ui| {
        let time = clock(play.finished().unwrap_or_else(|| play.elapsed()));
        ui.label(RichText::new(format!("Time {time}")).strong().monospace());
        let (text, tip) = if play.paused {
            ("Resume", "Show the board and run the clock again (F7)")
        } else {
            ("Pause", "Stop the clock and hide the board (F7)")
        };
        button(
            ui,
            play.finished().is_none(),
            text,
            tip,
            Command::TogglePause,
        );
    });
    if let Some(time) = play.finished() {
        let text = game.helps.finish(&clock(time));
        ui.label(
            RichText::new(text)
                .strong()
                .color(ui.visuals().selection.stroke.color),
        );
    }
    ui.separator();
    ui.horizontal(|ui| {
        button(
            ui,
            game.can_undo(),
            "Undo",
            "Take back the last entry (Ctrl+Z)",
            Command::Undo,
        );
        button(
            ui,
            game.can_redo(),
            "Redo",
            "Do it again (Ctrl+Shift+Z)",
            Command::Redo,
        );
    });
    let mut pencil = play.pencil;
    let pencil_changed = ui
        .checkbox(&mut pencil, "Pencil marks")
        .on_hover_text(
            "Digit keys write small candidates instead (Space switches; Shift+digit always \
             writes a mark)",
        )
        .changed();
    let mut prune = play.prune;
    let prune_changed = ui
        .checkbox(
            &mut prune,
            "Placing a digit removes it from its runs' marks",
        )
        .changed();
    button(
        ui,
        true,
        "Fill candidates",
        "Write in every empty cell the digits its runs still allow",
        Command::FillCandidates,
    );
    ui.separator();
    if play.hides_board() {
        // The sets would give away what the hidden board holds.
        ui.strong("Combinations");
        ui.label(RichText::new("Hidden while paused.").small().weak());
    } else {
        helper_ui(ui, game, cursor);
    }
    ui.separator();
    ui.strong("Helps");
    let mut explain_clicked = false;
    ui.horizontal_wrapped(|ui| {
        let waiting = play.wanted.is_some();
        let tip = match hint.map(|h| h.stage) {
            Some(HintStage::Runs) => "Press again to see the cells it follows from (H)",
            Some(HintStage::Cells) => "Press again to apply the step (H)",
            _ => "The next step a person would take, from your digits and marks (H)",
        };
        button(ui, hint.is_none_or(|h| !h.busy), "Hint", tip, Command::Hint);
        let tip = if hint.is_some_and(|h| h.stage != HintStage::Message) {
            "The logical solve from here under the board, starting with the hint's step"
        } else {
            "The logical solve from your digits and marks under the board (counts as a hint)"
        };
        if ui
            .add_enabled(
                !play.hides_board(),
                egui::Button::selectable(explain_open, "Explain"),
            )
            .on_hover_text(tip)
            .clicked()
        {
            explain_clicked = true;
        }
        button(
            ui,
            !waiting,
            "Check",
            "Say how many of your digits are wrong (puzzles with one solution)",
            Command::Check,
        );
        let white = game.puzzle().cell_at(cursor).is_some();
        button(
            ui,
            !waiting && white,
            "Reveal cell",
            "Show the selected cell's digit",
            Command::Reveal,
        );
        button(
            ui,
            !waiting,
            "Solve",
            "Fill in the whole solution",
            Command::Solve,
        );
    });
    let mut checking = play.check_as_you_type;
    if ui
        .checkbox(&mut checking, "Check as I type")
        .on_hover_text(
            "Flag a digit that is not the solution's as soon as it is placed (counts as a check)",
        )
        .changed()
    {
        commands.push(Command::ToggleCheckAsYouType);
    }
    if pencil_changed {
        commands.push(Command::TogglePencil);
    }
    if prune_changed {
        commands.push(Command::TogglePrune);
    }
    if let Some(hint) = hint.filter(|_| !play.hides_board()) {
        ui.label(&hint.text);
    }
    ui.label(RichText::new(format!("Used: {}", game.helps.summary())).small());
    // Once finished, the banner at the top says it all.
    if play.wanted.is_some() {
        ui.label("Waiting for the solution…");
    } else if let Some(message) = play.message()
        && play.finished().is_none()
    {
        ui.label(message);
        if play.offers_show_wrong()
            && ui
                .button("Show which")
                .on_hover_text("Flag the wrong digits on the board (counts as a reveal)")
                .clicked()
        {
            commands.push(Command::ShowWrong);
        }
    }
    if explain_clicked {
        commands.push(Command::Explain);
    }
    commands
}

/// The finish, over the top of the board: a banner that cannot be missed.
pub fn banner(ui: &mut Ui, play: &Play) {
    let (Some(time), Some(game)) = (play.finished(), play.game()) else {
        return;
    };
    let (head, fill) = if game.helps.solved {
        ("Filled in", ui.visuals().faint_bg_color)
    } else {
        ("Solved!", PLACED)
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(6.0)
        .inner_margin(egui::Margin::symmetric(16, 10))
        .outer_margin(egui::Margin::symmetric(8, 6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.vertical_centered(|ui| {
                let ink = if game.helps.solved {
                    ui.visuals().strong_text_color()
                } else {
                    DIGIT
                };
                ui.label(RichText::new(head).size(28.0).strong().color(ink));
                ui.label(
                    RichText::new(game.helps.finish(&clock(time)))
                        .size(16.0)
                        .color(ink),
                );
                if let Some(shown) = play.best_shown() {
                    let mut lines = vec![best::line("this puzzle", &shown.puzzle)];
                    if let Some((class, record)) = &shown.class {
                        lines.push(best::line(class, record));
                    }
                    ui.label(RichText::new(lines.join("   ·   ")).size(14.0).color(ink));
                }
            });
        });
}

/// The combination helper: the digit sets of the selected cell's across and down runs, with
/// those that no longer fit struck out, and a badge for a run with a single set.
fn helper_ui(ui: &mut Ui, game: &Game, cursor: Pos) {
    let puzzle = game.puzzle();
    ui.strong(format!("Combinations at {cursor}"));
    let Some(cell) = puzzle.cell_at(cursor) else {
        ui.label(
            RichText::new("Select a white cell to see its runs' digit sets.")
                .small()
                .weak(),
        );
        return;
    };
    let position = game.position();
    for run_id in puzzle.cell(cell).runs() {
        let run = puzzle.run(run_id);
        let dir = match run.dir {
            Direction::Across => "Across",
            Direction::Down => "Down",
        };
        let head = match run.sum() {
            Some(sum) => format!("{dir}: {sum} in {}", run.len()),
            None => format!("{dir}: no sum, {} cells", run.len()),
        };
        let fits = match run.sum() {
            Some(_) => set_fits(puzzle, run_id, &position.digits, &position.marks),
            None => Vec::new(),
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(head);
            if fits.len() == 1 {
                badge(ui, "single set");
            } else if fits.iter().filter(|f| f.fits).count() == 1 {
                badge(ui, "one set left");
            }
        });
        // A run without a sum takes any different digits: no sets worth listing.
        if run.sum().is_none() {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            for fit in fits {
                let text = set_text(fit.set);
                let shown = RichText::new(unbroken_sets(&text)).monospace();
                let (shown, name) = if fit.fits {
                    (shown, text)
                } else {
                    (
                        shown.strikethrough().color(STRUCK),
                        format!("{text} (struck out)"),
                    )
                };
                let response = ui.label(shown);
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &name));
            }
        });
    }
}

/// A small framed word beside a run's heading.
fn badge(ui: &mut Ui, text: &str) {
    let color = ui.visuals().selection.stroke.color;
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.0, color))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(4, 0))
        .show(ui, |ui| ui.label(RichText::new(text).small().color(color)));
}
