//! The Explain panel under the board: the steps on the left, the step shown on the right (its
//! sentence and its runs' digit sets, the struck ones crossed out), the buttons and keys that
//! walk through them (Alt+Left, Alt+Right; F9 opens and closes), and the board it paints.

use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};

use super::super::KakuroApp;
use super::Explained;
use crate::app::board::overlay::Overlay;
use crate::app::board::step_view::{Reveal, board_overlay, mark_step, run_sets, step_runs};
use crate::logic::{run_name, set_text};

impl KakuroApp {
    /// The board of the step shown, while the panel is open and the solve is worked out.
    pub(in crate::app) fn explain_overlay(&self) -> Option<Overlay> {
        if !self.explain.open {
            return None;
        }
        let explained = self.explain.explained(self.editor.grid())?;
        let selected = self.explain.selected;
        let board = explained.boards.get(selected)?;
        let mut overlay = board_overlay(&explained.puzzle, board);
        if let Some(step) = explained.steps.get(selected) {
            mark_step(&mut overlay, &explained.puzzle, step, Reveal::All);
        }
        Some(overlay)
    }

    /// F9 opens or closes the panel; Alt+Left and Alt+Right step back and forward in it.
    pub(in crate::app) fn explain_shortcuts(&mut self, ctx: &egui::Context) {
        let pressed = |modifiers, key| {
            ctx.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(modifiers, key)))
        };
        if pressed(Modifiers::NONE, Key::F9) {
            self.set_explain_open(!self.explain.open);
        }
        if self.explain.open {
            if pressed(Modifiers::ALT, Key::ArrowRight) {
                self.explain_forward();
            }
            if pressed(Modifiers::ALT, Key::ArrowLeft) {
                self.explain_back();
            }
        }
    }

    /// The button that opens and closes the panel.
    pub(in crate::app) fn explain_toggle(&mut self, ui: &mut Ui) {
        let mut open = self.explain.open;
        if ui
            .toggle_value(&mut open, "Explain")
            .on_hover_text("The whole logical solve, step by step, under the board (F9)")
            .changed()
        {
            self.set_explain_open(open);
        }
    }

    /// The panel, when open.
    pub(in crate::app) fn explain_panel(&mut self, ui: &mut Ui) {
        if !self.explain.open {
            return;
        }
        egui::Panel::bottom("explain")
            .resizable(true)
            .default_size(230.0)
            .min_size(140.0)
            .show(ui, |ui| self.explain_contents(ui));
    }

    fn explain_contents(&mut self, ui: &mut Ui) {
        let grid = self.editor.grid();
        let explained = match &self.explain.result {
            Some((g, Ok(explained))) if g == grid => explained.clone(),
            Some((g, Err(why))) if g == grid => {
                let why = why.clone();
                self.explain_header(ui, None);
                ui.label(why);
                return;
            }
            _ => {
                self.explain_header(ui, None);
                ui.label(RichText::new("Working out the logical solve…").weak());
                return;
            }
        };
        self.explain_header(ui, Some(&explained));
        ui.columns(2, |columns| {
            self.explain_list(&mut columns[0], &explained);
            self.explain_detail(&mut columns[1], &explained);
        });
    }

    /// The title line with the buttons that walk through the steps.
    fn explain_header(&mut self, ui: &mut Ui, explained: Option<&Explained>) {
        let steps = explained.map_or(0, |e| e.steps.len());
        let selected = self.explain.selected;
        ui.horizontal(|ui| {
            ui.strong("Explain");
            let at = if selected < steps {
                format!("Step {} of {steps}", selected + 1)
            } else {
                format!("End ({steps} steps)")
            };
            ui.label(at);
            let ready = explained.is_some();
            if ui
                .add_enabled(ready && selected > 0, egui::Button::new("First"))
                .on_hover_text("The first step, on the empty board")
                .clicked()
            {
                self.explain_select(0);
            }
            if ui
                .add_enabled(ready && selected > 0, egui::Button::new("Back"))
                .on_hover_text("The step before (Alt+Left)")
                .clicked()
            {
                self.explain_back();
            }
            if ui
                .add_enabled(ready && selected < steps, egui::Button::new("Forward"))
                .on_hover_text("The next step (Alt+Right)")
                .clicked()
            {
                self.explain_forward();
            }
            if ui
                .add_enabled(ready && selected < steps, egui::Button::new("End"))
                .on_hover_text("The board logic ends with, the verdict and the rating")
                .clicked()
            {
                self.explain_select(steps);
            }
            if ui
                .button("Close")
                .on_hover_text("Close the panel (F9)")
                .clicked()
            {
                self.set_explain_open(false);
            }
        });
    }

    /// Every step, one line each, and the verdict last; a click shows that step.
    fn explain_list(&mut self, ui: &mut Ui, explained: &Explained) {
        let scroll = std::mem::take(&mut self.explain.scroll);
        egui::ScrollArea::vertical()
            .id_salt("explain steps")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let lines = explained.texts.iter().enumerate().map(|(i, text)| {
                    let name = explained.steps[i].technique.name();
                    (i, format!("{}. {name}: {text}", i + 1))
                });
                let end = (explained.steps.len(), "End: verdict and rating".to_string());
                for (index, line) in lines.chain(std::iter::once(end)) {
                    let selected = index == self.explain.selected;
                    let label = egui::Button::selectable(selected, line).truncate();
                    let response = ui.add(label);
                    if response.clicked() {
                        self.explain_select(index);
                    }
                    if selected && scroll {
                        response.scroll_to_me(None);
                    }
                }
            });
    }

    /// The step shown: its sentence, a chain's links one a line, and its runs' digit sets; at
    /// the end, the verdict.
    fn explain_detail(&self, ui: &mut Ui, explained: &Explained) {
        let selected = self.explain.selected;
        egui::ScrollArea::vertical()
            .id_salt("explain step")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let (Some(step), Some(board)) = (
                    explained.steps.get(selected),
                    explained.boards.get(selected),
                ) else {
                    ui.label(self.explain_verdict(explained));
                    return;
                };
                let tier = step.tier().number();
                ui.strong(format!("{} (tier {tier})", step.technique.name()));
                ui.label(&explained.texts[selected]);
                for (k, link) in step.chain().iter().enumerate() {
                    ui.label(format!("{}. {}", k + 1, link.text(&explained.puzzle)));
                }
                for run in step_runs(step) {
                    let sets = run_sets(board, step, run);
                    if sets.is_empty() {
                        continue;
                    }
                    ui.add_space(2.0);
                    ui.label(RichText::new(run_name(&explained.puzzle, run)).small());
                    ui.horizontal_wrapped(|ui| {
                        for (set, struck) in sets {
                            let text = RichText::new(set_text(set)).monospace();
                            let text = if struck {
                                text.strikethrough().color(ui.visuals().error_fg_color)
                            } else {
                                text
                            };
                            ui.label(text);
                        }
                    });
                }
            });
    }
}
