//! Hint in the app (key H, and a button): each press reveals a little more of the easiest next
//! deduction from the typed digits — first the technique and the runs to look at, then the
//! cells it follows from, then the step applied (its digits typed, its eliminations kept as
//! pencil marks). The typed digits are checked against the puzzle's solutions first, on a
//! background thread with the search for the step.
//!
//! While playing, the hint reads the game instead: its digits, and its pencil marks as the
//! candidates (a cell without marks may hold any digit). Marks that leave out the solution's
//! digit are named as wrong digits are, not hinted from: a step built on them could teach a
//! false deduction. The step goes into the game as one undo step, and each hint counts once
//! among the game's helps.

pub(super) mod advice;

use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use egui::{Key, RichText, Ui};

use super::KakuroApp;
use super::background;
use crate::app::board::overlay::{Mark, Overlay};
use crate::app::board::step_view::{ALL_DIGITS, Reveal, blank, mark_step};
use crate::app::hint::advice::{Advice, Held, Position, Solutions, advise, apply};
use crate::logic::{Because, run_name};
use crate::{CancelToken, Grid, Puzzle};

/// How far the shown hint has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintStage {
    /// The technique and the runs to look at.
    Runs,
    /// The cells the step follows from, too.
    Cells,
    /// The step is applied.
    Applied,
    /// Not a step: what is wrong with the digits, or why there is no step.
    Message,
}

/// What Hint shows, for tests and the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintSummary {
    /// How far the hint has gone.
    pub stage: HintStage,
    /// What the panel says.
    pub text: String,
    /// Whether the next hint is being worked out.
    pub busy: bool,
}

/// Which position a hint is for: the editor's generation, and while playing the game's change
/// count too (a change of either makes the hint stale).
pub(super) type Stamp = (u64, Option<u64>);

/// The hint on the board, for the position of one stamp.
struct Shown {
    generation: Stamp,
    puzzle: Arc<Puzzle>,
    position: Position,
    advice: Advice,
    stage: HintStage,
}

/// A hint being worked out in the background.
struct Job {
    generation: Stamp,
    cancel: CancelToken,
    receiver: Receiver<Answer>,
    handle: JoinHandle<()>,
}

/// What the worker sends back.
struct Answer {
    grid: Grid,
    puzzle: Arc<Puzzle>,
    solutions: Arc<Solutions>,
    position: Position,
    advice: Advice,
}

/// Hint's state across presses.
#[derive(Default)]
pub struct HintMode {
    job: Option<Job>,
    shown: Option<Shown>,
    /// The puzzle's solutions, found once per grid.
    known: Option<(Grid, Arc<Solutions>)>,
    /// The board the last applied hint left, for the grid it was found on: its candidates are
    /// the board's pencil marks.
    held: Option<(Grid, Arc<Puzzle>, Held)>,
    /// Why the last press gave no hint (no puzzle to hint on).
    note: Option<(Stamp, String)>,
    /// The position whose hint the game's helps counted last: pressing again on it is free.
    counted: Option<Stamp>,
}

impl Drop for HintMode {
    fn drop(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.cancel();
            let _ = job.handle.join();
        }
    }
}

impl KakuroApp {
    /// Hint: reveals more of the shown hint, or works out the next one.
    pub fn hint(&mut self) {
        if self.hint.job.is_some() {
            return;
        }
        let generation = self.hint_stamp();
        if let Some(shown) = &mut self.hint.shown
            && shown.generation == generation
        {
            match shown.stage {
                HintStage::Runs => {
                    shown.stage = HintStage::Cells;
                    return;
                }
                HintStage::Cells => {
                    self.apply_hint();
                    return;
                }
                HintStage::Applied | HintStage::Message => {}
            }
        }
        self.start_hint();
    }

    /// What Hint shows now, if anything.
    pub fn hint_summary(&self) -> Option<HintSummary> {
        let generation = self.hint_stamp();
        if self.hint.job.is_some() {
            return Some(HintSummary {
                stage: HintStage::Message,
                text: "Checking the digits and looking for the next step…".into(),
                busy: true,
            });
        }
        if let Some((g, note)) = &self.hint.note
            && *g == generation
        {
            return Some(HintSummary {
                stage: HintStage::Message,
                text: note.clone(),
                busy: false,
            });
        }
        let shown = self
            .hint
            .shown
            .as_ref()
            .filter(|s| s.generation == generation)?;
        let text = match (&shown.advice, shown.stage) {
            (Advice::Step { step, .. }, HintStage::Applied) => {
                let mut text = format!("{}: {}", step.technique.name(), step.text(&shown.puzzle));
                for (k, link) in step.chain().iter().enumerate() {
                    text.push_str(&format!("\n{}. {}", k + 1, link.text(&shown.puzzle)));
                }
                text
            }
            (Advice::Step { step, .. }, stage) => {
                let mut places: Vec<String> = step
                    .runs
                    .iter()
                    .map(|&r| run_name(&shown.puzzle, r))
                    .collect();
                if places.is_empty() {
                    // A step about a cell alone: the cells it changes are the place to look.
                    let cells = step.placements.iter().map(|p| p.0);
                    let cells = cells.chain(step.eliminations.iter().map(|e| e.0));
                    for cell in cells {
                        let name = shown.puzzle.cell(cell).pos.to_string();
                        if !places.contains(&name) {
                            places.push(name);
                        }
                    }
                }
                let name = step.technique.name();
                let mut text = format!("{name}: look at {}", places.join("; "));
                if let (HintStage::Cells, Some(start)) = (stage, step.chain().first()) {
                    let not = if start.because == Because::Denied {
                        "not "
                    } else {
                        ""
                    };
                    let to = match step.chain_end() {
                        Some(_) => "a contradiction".to_string(),
                        None => format!("where {} comes back", start.digit),
                    };
                    text.push_str(&format!(
                        ", and suppose {} were {not}{}: follow the numbered cells, {} links, to \
                         {to}",
                        shown.puzzle.cell(start.cell).pos,
                        start.digit,
                        step.chain().len()
                    ));
                } else if stage == HintStage::Cells && !step.because.is_empty() {
                    text.push_str(", and at the outlined cells");
                }
                text
            }
            (advice, _) => advice.message(&shown.puzzle),
        };
        Some(HintSummary {
            stage: shown.stage,
            text,
            busy: false,
        })
    }

    /// The shown hint's step for Explain to start with: the stamp of the position it is for,
    /// and the board before the step (after it, once applied).
    pub(super) fn hint_handoff(&self) -> Option<(Stamp, Box<crate::logic::Board>)> {
        let stamp = self.hint_stamp();
        let shown = self.hint.shown.as_ref().filter(|s| s.generation == stamp)?;
        let Advice::Step { step, board } = &shown.advice else {
            return None;
        };
        let mut board = board.clone();
        if shown.stage == HintStage::Applied {
            board.apply(step);
        }
        Some((stamp, board))
    }

    /// The position the hint is for, as a stamp.
    pub(super) fn hint_stamp(&self) -> Stamp {
        let game = self.play.game().filter(|_| self.playing());
        (self.editor.generation(), game.map(|g| g.changes()))
    }

    fn start_hint(&mut self) {
        // The board shows one thing at a time: the hint, not a step of Explain or a watch.
        self.set_explain_open(false);
        self.close_watch();
        let generation = self.hint_stamp();
        self.hint.shown = None;
        let grid = self.editor.grid().clone();
        if grid.is_cryptic() {
            self.hint.note = Some((generation, "Hint works on puzzles with number clues".into()));
            return;
        }
        let puzzle = match Puzzle::from_grid(&grid) {
            Ok(puzzle) => Arc::new(puzzle),
            Err(invalid) => {
                let text = format!("Fix the grid's {} error(s) first", invalid.0.len());
                self.hint.note = Some((generation, text));
                return;
            }
        };
        self.hint.note = None;
        let game = self.play.game().filter(|_| self.playing());
        let mut position = match game {
            Some(game) => Position::from_play(&game.position().digits, &game.position().marks),
            None => Position::from_grid_digits(&puzzle, self.editor.sheet().digits()),
        };
        let playing = game.is_some();
        // The marks of the last hint hold while the digits they were found with stay: a digit
        // taken back or changed may have been what they followed from.
        self.hint.held = self.hint.held.take().filter(|(g, _, held)| {
            *g == grid
                && held
                    .position
                    .digits
                    .iter()
                    .zip(&position.digits)
                    .all(|(then, now)| then.is_none() || then == now)
        });
        let held = self.hint.held.as_ref().map(|(_, _, held)| held.clone());
        // The designer's digits carry no marks: the last hint's stand in for them. A player's
        // marks are their own.
        if let Some(held) = held.as_ref().filter(|_| !playing) {
            position.marks = held.position.marks.clone();
        }
        let known = self
            .hint
            .known
            .as_ref()
            .filter(|(g, _)| *g == grid)
            .map(|(_, s)| s.clone());
        let cancel = CancelToken::new();
        let token = cancel.clone();
        let (sender, receiver) = channel();
        let ctx = self.ctx.clone();
        let work = move || {
            let solutions = match known {
                Some(known) => Some(known),
                None => Solutions::find(&puzzle, &token).map(Arc::new),
            };
            let advice = solutions
                .as_ref()
                .and_then(|solutions| advise(&puzzle, solutions, &position, held.as_ref(), &token));
            if let (Some(solutions), Some(advice)) = (solutions, advice) {
                let _ = sender.send(Answer {
                    grid,
                    puzzle,
                    solutions,
                    position,
                    advice,
                });
            }
            // Also when cancelled: the UI joins the worker once it has ended.
            ctx.request_repaint();
        };
        match background::spawn("kakuro-hint", work) {
            Ok(handle) => {
                self.hint.job = Some(Job {
                    generation,
                    cancel,
                    receiver,
                    handle,
                });
            }
            Err(e) => self.status.error(format!("Cannot look for a hint: {e}")),
        }
    }

    /// Types the shown step's digits and keeps what it removed as pencil marks; while playing,
    /// puts the step into the game as one undo step.
    fn apply_hint(&mut self) {
        if self.playing() {
            return self.apply_play_hint();
        }
        let Some(shown) = &mut self.hint.shown else {
            return;
        };
        let Advice::Step { step, board } = &shown.advice else {
            return;
        };
        let held = apply(&shown.puzzle, &shown.position, board, step);
        let placements: Vec<_> = step
            .placements
            .iter()
            .map(|&(cell, d)| (shown.puzzle.cell(cell).pos, d))
            .collect();
        self.editor.place_digits(&placements);
        shown.stage = HintStage::Applied;
        // Designing: the stamp is the editor's generation alone.
        shown.generation = (self.editor.generation(), None);
        let puzzle = shown.puzzle.clone();
        self.hint.held = Some((self.editor.grid().clone(), puzzle, held));
    }

    /// Places the shown step's digits in the game and rubs out the marks it removes; the board
    /// after the step is held for the next hint.
    fn apply_play_hint(&mut self) {
        let Some(shown) = &self.hint.shown else {
            return;
        };
        let Advice::Step { step, board } = &shown.advice else {
            return;
        };
        let mut after = (**board).clone();
        after.apply(step);
        let (placements, eliminations) = (step.placements.clone(), step.eliminations.clone());
        let puzzle = shown.puzzle.clone();
        self.apply_play_step(&placements, &eliminations);
        let Some(game) = self.play.game() else { return };
        let position = Position::from_play(&game.position().digits, &game.position().marks);
        let held = Held {
            position,
            board: after,
        };
        self.hint.held = Some((self.editor.grid().clone(), puzzle, held));
        let generation = self.hint_stamp();
        if let Some(shown) = &mut self.hint.shown {
            shown.stage = HintStage::Applied;
            shown.generation = generation;
        }
    }

    /// Forgets the shown hint and the pencil marks hints left.
    pub fn clear_hints(&mut self) {
        self.hint.shown = None;
        self.hint.held = None;
        self.hint.note = None;
        self.hint.counted = None;
    }

    /// Collects the worker's answer; drops it if the digits changed meanwhile.
    pub(super) fn hint_logic(&mut self) {
        let Some(job) = &self.hint.job else { return };
        let answer = match job.receiver.try_recv() {
            Ok(answer) => Some(answer),
            Err(std::sync::mpsc::TryRecvError::Empty) if !job.handle.is_finished() => {
                if job.generation != self.hint_stamp() {
                    job.cancel.cancel();
                }
                return;
            }
            Err(_) => None,
        };
        let generation = job.generation;
        if let Some(job) = self.hint.job.take() {
            let _ = job.handle.join();
        }
        let Some(answer) = answer else { return };
        self.hint.known = Some((answer.grid, answer.solutions));
        if generation != self.hint_stamp() {
            return;
        }
        let stage = match answer.advice {
            Advice::Step { .. } => HintStage::Runs,
            _ => HintStage::Message,
        };
        // A step, or the naming of wrong digits or marks, is a help; saying that there is no
        // step is not. The same position's hint asked for again is not counted twice.
        let helps = match answer.advice {
            Advice::Step { .. } => true,
            Advice::Solved | Advice::Stuck { .. } | Advice::NoSolution => false,
            _ => self.hint.counted != Some(generation),
        };
        let generation = if self.playing() && helps {
            self.count_play_hint();
            let counted = self.hint_stamp();
            self.hint.counted = Some(counted);
            counted
        } else {
            generation
        };
        self.hint.shown = Some(Shown {
            generation,
            puzzle: answer.puzzle,
            position: answer.position,
            advice: answer.advice,
            stage,
        });
    }

    /// The board as Hint paints it: the hint's pencil marks, the runs and cells of the shown
    /// step, and wrong digits outlined. With `shown_only`, only while a hint is shown.
    pub(super) fn hint_overlay(&self, shown_only: bool) -> Option<Overlay> {
        let generation = self.hint_stamp();
        let shown = self
            .hint
            .shown
            .as_ref()
            .filter(|s| s.generation == generation);
        let held = self
            .hint
            .held
            .as_ref()
            .filter(|(g, _, _)| g == self.editor.grid())
            .map(|(_, puzzle, held)| (puzzle, held));
        let puzzle = match (shown, held) {
            (Some(shown), _) => shown.puzzle.clone(),
            (None, Some((puzzle, _))) if !shown_only => puzzle.clone(),
            _ => return None,
        };
        let held = held.map(|(_, held)| held);
        let mut overlay = blank(&puzzle);
        let typed = Position::from_grid_digits(&puzzle, self.editor.sheet().digits());
        // While playing, the game's own marks are on the board.
        let held = held.filter(|_| !self.playing());
        if let Some(marks) = held.and_then(|h| h.position.marks.as_ref()) {
            for (index, cell) in puzzle.cells().iter().enumerate() {
                let mark = marks.get(index).copied().unwrap_or(ALL_DIGITS);
                if typed.digits[index].is_none() && mark != ALL_DIGITS {
                    overlay.set(
                        cell.pos,
                        Mark {
                            pencil: mark,
                            ..Mark::default()
                        },
                    );
                }
            }
        }
        if let Some(shown) = shown {
            match &shown.advice {
                Advice::Step { step, .. } => {
                    let reveal = match shown.stage {
                        HintStage::Runs => Reveal::Runs,
                        HintStage::Cells => Reveal::Cells,
                        _ => Reveal::All,
                    };
                    mark_step(&mut overlay, &puzzle, step, reveal);
                    if shown.stage == HintStage::Applied {
                        // The digits placed are typed now: the board shows them as such.
                        for &(cell, _) in &step.placements {
                            let pos = puzzle.cell(cell).pos;
                            let mut mark = overlay.get(pos);
                            mark.digit = 0;
                            overlay.set(pos, mark);
                        }
                    }
                }
                advice => {
                    for &cell in advice.wrong_cells() {
                        let pos = puzzle.cell(cell).pos;
                        let mut mark = overlay.get(pos);
                        mark.lesson.wrong = true;
                        overlay.set(pos, mark);
                    }
                }
            }
        }
        Some(overlay)
    }

    /// H asks for a hint, wherever the focus is but in a text field.
    pub(super) fn hint_shortcuts(&mut self, ctx: &egui::Context) {
        if !ctx.text_edit_focused()
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, Key::H))
        {
            self.hint();
        }
    }

    /// The Hint section of the solving panel: the buttons, and what the hint says.
    pub(super) fn hint_ui(&mut self, ui: &mut Ui) {
        let busy = self.hint.job.is_some();
        let has_marks = self
            .hint
            .held
            .as_ref()
            .is_some_and(|(g, _, _)| g == self.editor.grid());
        ui.horizontal(|ui| {
            let next = match self.hint_summary().map(|s| s.stage) {
                Some(HintStage::Runs) => "Press again to see the cells it follows from (H)",
                Some(HintStage::Cells) => "Press again to apply the step (H)",
                _ => "The next step a person would take, from the digits typed (H)",
            };
            if ui
                .add_enabled(!busy, egui::Button::new("Hint"))
                .on_hover_text(next)
                .clicked()
            {
                self.hint();
            }
            self.explain_toggle(ui);
            if ui
                .add_enabled(has_marks, egui::Button::new("Clear marks"))
                .on_hover_text("Forget the hint and the pencil marks hints left")
                .clicked()
            {
                self.clear_hints();
            }
        });
        let text = self.hint_summary().map_or_else(
            || "Hint: the next step from the digits typed (H)".to_string(),
            |s| s.text,
        );
        crate::app::edit::tools::at_least_lines(ui, 3.0, |ui| {
            ui.label(RichText::new(text));
        });
    }
}
