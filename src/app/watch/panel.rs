//! The watch panel and its keys: `ui` and `keys` only read the watch and return commands; the
//! app applies them in one place (`KakuroApp::watch_command`). Each button and its key ask
//! [`WatchMode::command`] what they do, so that the two cannot come apart.

use egui::{Key, KeyboardShortcut, Modifiers, RichText, TextStyle, TextWrapMode, Ui, vec2};

use super::{SPEEDS, WatchMode};
use crate::app::numbers::{group, solutions};
use crate::solve::Outcome;

/// What the user asked watch mode for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start watching the search of the grid as it is.
    Start,
    /// Leave watch mode: the board shows the puzzle again.
    Close,
    /// Pause or resume the search.
    TogglePause,
    /// Take a single step (pausing first); starts a paused watch when none is open.
    Step,
    /// Stop the search; its last picture stays on the board.
    Stop,
    /// Set the speed: an index into the notches, one past the last for full speed.
    Speed(usize),
}

/// The panel's buttons, each with the key that does what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Control {
    /// The Watch toggle: in and out of watch mode.
    Watch,
    /// Pause, or Resume.
    Pause,
    /// Step.
    Step,
    /// Stop watching while the search runs, then Close.
    Leave,
}

impl Control {
    /// Every control, in the order their keys are read.
    pub(super) const ALL: [Control; 4] = [
        Control::Watch,
        Control::Pause,
        Control::Step,
        Control::Leave,
    ];

    /// The key that does what the button does.
    pub(super) fn key(self) -> Key {
        match self {
            Control::Watch => Key::F6,
            Control::Pause => Key::F7,
            Control::Step => Key::F8,
            Control::Leave => Key::Escape,
        }
    }

    /// The key as the buttons' hover texts name it.
    fn key_name(self) -> &'static str {
        match self.key() {
            Key::Escape => "Esc",
            key => key.name(),
        }
    }
}

impl WatchMode {
    /// What `control` does now (its button's click, its key's press); `None` while disabled.
    pub(super) fn command(&self, control: Control) -> Option<Command> {
        let (open, running, ended) = (self.session.is_some(), self.running(), self.ended());
        match control {
            Control::Watch if open => Some(Command::Close),
            Control::Watch => Some(Command::Start),
            Control::Pause => running.then_some(Command::TogglePause),
            Control::Step => (!ended).then_some(Command::Step),
            Control::Leave if running => Some(Command::Stop),
            Control::Leave => ended.then_some(Command::Close),
        }
    }

    /// The command of the controls' keys pressed this frame, taken out of the input. Esc in a
    /// text field only leaves the field.
    pub(super) fn key(&self, ctx: &egui::Context, control: Control) -> Option<Command> {
        let command = self.command(control)?;
        if control == Control::Leave && ctx.text_edit_focused() {
            return None;
        }
        let shortcut = KeyboardShortcut::new(Modifiers::NONE, control.key());
        ctx.input_mut(|i| i.consume_shortcut(&shortcut))
            .then_some(command)
    }

    /// The "Watch the search" section of the tool panel; returns what was clicked.
    pub(super) fn ui(&self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        ui.strong("Watch the search");
        let tip = |control: Control, text: &str| format!("{text} ({})", control.key_name());
        crate::app::window::row(ui, |ui| {
            let mut open = self.session.is_some();
            if ui
                .toggle_value(&mut open, "Watch")
                .on_hover_text(tip(
                    Control::Watch,
                    "Show the search on the board as it happens",
                ))
                .changed()
            {
                commands.extend(self.command(Control::Watch));
            }
            let pause = self.command(Control::Pause);
            let label = if self.paused { "Resume" } else { "Pause" };
            if ui
                .add_enabled(
                    pause.is_some(),
                    steady_button(ui, label, &["Pause", "Resume"]),
                )
                .on_hover_text(tip(Control::Pause, "Pause or resume the search"))
                .clicked()
            {
                commands.extend(pause);
            }
            let step = self.command(Control::Step);
            let step_hint = if self.running() {
                "Pause and take a single step"
            } else {
                "Start a paused watch at the search's first step"
            };
            if ui
                .add_enabled(step.is_some(), egui::Button::new("Step"))
                .on_hover_text(tip(Control::Step, step_hint))
                .on_disabled_hover_text("The search has ended: Close it to start another")
                .clicked()
            {
                commands.extend(step);
            }
            // One place to leave: Stop while the search runs, then Close to the plain board.
            let leave = self.command(Control::Leave);
            let (label, hint) = if leave == Some(Command::Close) {
                ("Close", "Back to the plain board")
            } else {
                (
                    "Stop watching",
                    "Stop the watched search; its last picture stays",
                )
            };
            if ui
                .add_enabled(
                    leave.is_some(),
                    steady_button(ui, label, &["Stop watching", "Close"]),
                )
                .on_hover_text(tip(Control::Leave, hint))
                .clicked()
            {
                commands.extend(leave);
            }
        });
        let full = SPEEDS.len();
        let mut speed = self.speed;
        let slider = egui::Slider::new(&mut speed, 0..=full)
            .text("Speed")
            .show_value(true)
            .custom_formatter(move |v, _| match SPEEDS.get(v as usize) {
                Some(rate) => format!("{rate} steps/s"),
                None => "full speed".into(),
            })
            .custom_parser(|text| {
                let text = text.trim();
                SPEEDS
                    .iter()
                    .position(|r| text.starts_with(&r.to_string()))
                    .or_else(|| text.starts_with('f').then_some(SPEEDS.len()))
                    .map(|i| i as f64)
            });
        if ui.add(slider).changed() {
            commands.push(Command::Speed(speed));
        }
        // The lines below are there, blank, before a watch starts, and one line each whatever
        // they say, so that the check below stays put as the watch starts and steps.
        let lines = self.lines();
        ui.add(crate::app::browse::panel::thin_bar(lines.progress));
        for (text, small) in [
            (lines.state, false),
            (lines.trying, false),
            (lines.counters, true),
        ] {
            let text = if small {
                RichText::new(text).small()
            } else {
                RichText::new(text)
            };
            ui.add(egui::Label::new(text).truncate());
        }
        ui.label(
            RichText::new(
                "Blue: fixed by propagation · orange: guessed · yellow: being tried · red: \
                 contradiction, or a choice given up · green: a solution",
            )
            .small()
            .weak(),
        );
        commands
    }

    /// The panel's lines: progress, state, the digit being tried and the counters; blank (a
    /// space, as tall as a line of text) without a watch.
    fn lines(&self) -> WatchLines {
        let blank = || " ".to_string();
        let Some(session) = &self.session else {
            return WatchLines {
                progress: 0.0,
                state: blank(),
                trying: blank(),
                counters: blank(),
            };
        };
        let view = &session.view;
        let stats = view.stats;
        let state = if session.watcher.is_some() {
            let state = if self.paused { "paused" } else { "running" };
            format!("Depth {} · {} · {state}", view.depth, view.step.name())
        } else {
            let verdict = if view.end == Some(Ok(Outcome::Complete)) {
                "Finished:"
            } else {
                "Stopped after"
            };
            format!(
                "{verdict} {}, {}",
                solutions(stats.solutions),
                counted(stats.nodes, "node", "nodes")
            )
        };
        let trying = match view.trying {
            Some((var, digit)) => match session.positions.get(var) {
                Some(pos) => format!("Trying {digit} at r{}c{}", pos.row + 1, pos.col + 1),
                None => blank(),
            },
            None => blank(),
        };
        WatchLines {
            progress: view.progress as f32,
            state,
            trying,
            counters: format!(
                "{} · {} · {} · {} · {:.1} s",
                counted(stats.nodes, "node", "nodes"),
                counted(stats.guesses, "guess", "guesses"),
                counted(stats.backtracks, "backtrack", "backtracks"),
                solutions(stats.solutions),
                session.clock.elapsed().as_secs_f64()
            ),
        }
    }
}

/// The watch panel's lines under its controls.
struct WatchLines {
    progress: f32,
    state: String,
    trying: String,
    counters: String,
}

/// "1 node", "3,048 nodes": the count and the noun that agrees with it.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

/// A button as wide as the widest of `labels`, so that switching its label moves nothing.
fn steady_button<'a>(ui: &Ui, label: &'a str, labels: &[&str]) -> egui::Button<'a> {
    let widest = labels
        .iter()
        .map(|&l| {
            egui::WidgetText::from(l)
                .into_galley(
                    ui,
                    Some(TextWrapMode::Extend),
                    f32::INFINITY,
                    TextStyle::Button,
                )
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let width = widest + 2.0 * ui.spacing().button_padding.x;
    egui::Button::new(label).min_size(vec2(width.ceil(), 0.0))
}

#[cfg(test)]
mod tests {
    use egui::Key;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::{Command, Control};
    use crate::app::watch::worker::{Pace, View, Watcher};
    use crate::app::watch::{Clock, Session, WatchMode};

    /// Watch mode with a session whose search runs (held at its first step) or has ended.
    fn watching(running: bool) -> WatchMode {
        let watcher = running.then(|| {
            let text = include_str!("../../../puzzles/two.kakuro");
            let grid = crate::format::parse(text, crate::format::Format::Kakuro)
                .unwrap()
                .document
                .grid;
            let puzzle = crate::Puzzle::from_grid(&grid).unwrap();
            let held = Pace {
                rate: None,
                paused: true,
            };
            Watcher::start(puzzle, held, egui::Context::default()).unwrap()
        });
        WatchMode {
            session: Some(Session {
                watcher,
                positions: Vec::new(),
                width: 0,
                height: 0,
                view: View::default(),
                editor_generation: 0,
                clock: Clock::default(),
            }),
            ..WatchMode::default()
        }
    }

    /// The commands of the panel and of its keys over the frames since the last look.
    fn panel(watch: WatchMode) -> Harness<'static, (WatchMode, Vec<Command>)> {
        Harness::new_ui_state(
            |ui, (watch, commands): &mut (WatchMode, Vec<Command>)| {
                for control in Control::ALL {
                    commands.extend(watch.key(ui.ctx(), control));
                }
                commands.extend(watch.ui(ui));
            },
            (watch, Vec::new()),
        )
    }

    /// In every state of a watch, each key gives the command its button gives (none while the
    /// button is disabled), and the buttons named here are F6, F7, F8 and Esc.
    #[test]
    fn each_key_does_what_its_button_does() {
        let states = [
            ("no watch", WatchMode::default(), "Stop watching"),
            ("running", watching(true), "Stop watching"),
            ("ended", watching(false), "Close"),
        ];
        for (state, watch, leave) in states {
            let mut harness = panel(watch);
            harness.run_steps(1);
            let buttons = [
                (Key::F6, "Watch"),
                (Key::F7, "Pause"),
                (Key::F8, "Step"),
                (Key::Escape, leave),
            ];
            let mut any = false;
            for (key, label) in buttons {
                harness.state_mut().1.clear();
                harness.key_press(key);
                harness.run_steps(1);
                let by_key = std::mem::take(&mut harness.state_mut().1);
                harness.get_by_label(label).click();
                harness.run_steps(2);
                let by_button = std::mem::take(&mut harness.state_mut().1);
                assert_eq!(by_key, by_button, "{state}: {key:?} and {label:?}");
                assert!(by_key.len() <= 1, "{state}: {key:?} gave {by_key:?}");
                any |= !by_key.is_empty();
            }
            assert!(any, "{state}: no key did anything");
        }
    }

    /// What each button does in each state, so that the test above compares real commands.
    #[test]
    fn the_controls_follow_the_watch() {
        let commands = |watch: &WatchMode| Control::ALL.map(|c| watch.command(c));
        assert_eq!(
            commands(&WatchMode::default()),
            [Some(Command::Start), None, Some(Command::Step), None]
        );
        assert_eq!(
            commands(&watching(true)),
            [
                Some(Command::Close),
                Some(Command::TogglePause),
                Some(Command::Step),
                Some(Command::Stop)
            ]
        );
        assert_eq!(
            commands(&watching(false)),
            [Some(Command::Close), None, None, Some(Command::Close)]
        );
    }
}
