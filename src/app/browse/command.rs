//! What the browser's buttons, keys, slider and Go to field ask for; the keys, from one table
//! ([`Command::shortcut`]) that the buttons' hover texts name too; and [`Browser::page`], which
//! moves through the solutions as asked.

use egui::{Key, KeyboardShortcut, Modifiers};
use num_bigint::BigUint;

use crate::app::browse::jump::PAGE;
use crate::app::browse::panel::parse_number;
use crate::app::browse::{Browser, back};
use crate::app::numbers::group_big;
use crate::solve::random_below;

/// What the user asked the browser for, by a button, a key, the slider or the Go to field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Start solving.
    Solve,
    /// Stop the running search, keeping what it found.
    Stop,
    /// The first solution.
    First,
    /// The solution before the one shown.
    Previous,
    /// The solution after the one shown.
    Next,
    /// The last solution, once the count names it.
    Last,
    /// [`PAGE`] solutions back.
    PageBack,
    /// [`PAGE`] solutions on, at most to the last one stored or counted.
    PageOn,
    /// Solution k (0-based), where the slider was dragged to.
    GoTo(BigUint),
    /// The solution whose number is in the Go to field.
    Typed,
    /// A solution drawn at random, each as likely as any other.
    Random,
}

impl Command {
    /// The commands that have a key, in the order their keys are read.
    const KEYED: [Command; 8] = [
        Command::Solve,
        Command::Stop,
        Command::Previous,
        Command::Next,
        Command::First,
        Command::Last,
        Command::PageBack,
        Command::PageOn,
    ];

    /// The key that gives this command, as its button does: F5 solves, Esc stops, Ctrl+←/→
    /// (⌘ on a Mac), Home/End and PgUp/PgDn page (the arrows alone move the selection).
    pub fn shortcut(&self) -> Option<KeyboardShortcut> {
        let (modifiers, key) = match self {
            Command::Solve => (Modifiers::NONE, Key::F5),
            Command::Stop => (Modifiers::NONE, Key::Escape),
            Command::Previous => (Modifiers::COMMAND, Key::ArrowLeft),
            Command::Next => (Modifiers::COMMAND, Key::ArrowRight),
            Command::First => (Modifiers::NONE, Key::Home),
            Command::Last => (Modifiers::NONE, Key::End),
            Command::PageBack => (Modifiers::NONE, Key::PageUp),
            Command::PageOn => (Modifiers::NONE, Key::PageDown),
            Command::GoTo(_) | Command::Typed | Command::Random => return None,
        };
        Some(KeyboardShortcut::new(modifiers, key))
    }

    /// Whether the command runs or stops the search (else it moves through the solutions).
    fn searches(&self) -> bool {
        matches!(self, Command::Solve | Command::Stop)
    }
}

/// `text` with the key of `command` in brackets: "Next solution (Ctrl+Right)".
pub(super) fn with_key(ctx: &egui::Context, text: &str, command: &Command) -> String {
    match command.shortcut() {
        Some(s) if s.logical_key == Key::Escape => format!("{text} (Esc)"),
        Some(s) => format!("{text} ({})", ctx.format_shortcut(&s)),
        None => text.to_string(),
    }
}

impl Browser {
    /// F5 while no search runs, Esc while one does (not in a text field, where Esc only leaves
    /// the field), taken out of the input: the keys of Solve and Stop.
    pub fn search_key(&self, ctx: &egui::Context) -> Option<Command> {
        let running = self.is_running();
        let wanted = |c: &Command| match c {
            Command::Solve => !running,
            Command::Stop => running && !ctx.text_edit_focused(),
            _ => false,
        };
        pressed(ctx, Command::KEYED.into_iter().filter(wanted))
    }

    /// The paging keys pressed, taken out of the input; none while there is nothing to page
    /// through. They work where their buttons are greyed out too: Last says why it cannot go.
    pub fn page_key(&self, ctx: &egui::Context) -> Option<Command> {
        if self
            .run
            .as_ref()
            .is_none_or(|run| run.browsable() == BigUint::ZERO)
        {
            return None;
        }
        pressed(ctx, Command::KEYED.into_iter().filter(|c| !c.searches()))
    }
}

/// The first of `commands` whose key was pressed, taken out of the input.
fn pressed(ctx: &egui::Context, commands: impl Iterator<Item = Command>) -> Option<Command> {
    for command in commands {
        if let Some(shortcut) = command.shortcut()
            && ctx.input_mut(|i| i.consume_shortcut(&shortcut))
        {
            return Some(command);
        }
    }
    None
}

impl Browser {
    /// Moves through the solutions as `command` asks; Solve and Stop are the app's to carry out.
    pub fn page(&mut self, command: Command) {
        let Some(run) = &self.run else { return };
        let browsable = run.browsable();
        let current = &self.current;
        let typed = command == Command::Typed;
        let target = match command {
            Command::First => BigUint::ZERO,
            Command::Previous => back(current, 1),
            Command::Next => current + 1u32,
            Command::Last => return self.go_to_last(),
            Command::PageBack => back(current, PAGE),
            Command::PageOn => (current + PAGE).min(back(&browsable, 1)),
            Command::GoTo(k) => k,
            Command::Typed => match parse_number(&self.jump) {
                Some(k) => k - 1u32,
                None => {
                    self.notice = Some(format!("Not a solution number: {:?}", self.jump));
                    return;
                }
            },
            Command::Random if browsable > BigUint::ZERO => {
                let k = random_below(&browsable, &mut rand::rng());
                self.jump = group_big(&(&k + 1u32));
                self.jump_drawn = true;
                return self.go_to(k);
            }
            Command::Random | Command::Solve | Command::Stop => return,
        };
        // The number Random drew would name another solution than the one shown.
        if !typed && std::mem::take(&mut self.jump_drawn) {
            self.jump.clear();
        }
        self.go_to(target);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use egui::{Key, Modifiers};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use num_bigint::BigUint;

    use super::Command;
    use crate::Pos;
    use crate::app::browse::{Browser, HUNG_AFTER, millions};

    /// Each key gives the command its button gives (none while the button is greyed out):
    /// F5 Solve, Esc Stop while a search runs; once counted, Home First, Ctrl+← Previous,
    /// Ctrl+→ Next and End Last.
    #[test]
    fn each_key_does_what_its_button_does() {
        type State = (Browser, Vec<Command>, bool);
        let (grid, puzzle) = millions();
        let shown = grid.clone();
        let mut harness = Harness::new_ui_state(
            move |ui, (browser, commands, live): &mut State| {
                let ctx = ui.ctx().clone();
                commands.extend(browser.search_key(&ctx));
                commands.extend(browser.ui(ui, Pos::new(1, 1)));
                commands.extend(browser.page_key(&ctx));
                // Without `logic` the run stays as it was: running, or where the test left it.
                if *live {
                    browser.logic(&ctx, 0, &shown);
                }
            },
            (Browser::with_cap(64 << 10), Vec::new(), false),
        );
        harness
            .state_mut()
            .0
            .start(puzzle, &grid, 0, &egui::Context::default())
            .unwrap();
        type Pair<'a> = (Modifiers, Key, &'a str, Option<Command>);
        let compare = |harness: &mut Harness<'_, State>, pairs: &[Pair<'_>]| {
            for (modifiers, key, label, expected) in pairs.iter().cloned() {
                harness.run_steps(1);
                harness.state_mut().1.clear();
                harness.key_press_modifiers(modifiers, key);
                harness.run_steps(1);
                let by_key = std::mem::take(&mut harness.state_mut().1);
                harness.get_by_label(label).click();
                harness.run_steps(2);
                let by_button = std::mem::take(&mut harness.state_mut().1);
                assert_eq!(by_key, by_button, "{key:?} and {label:?}");
                assert_eq!(by_key, Vec::from_iter(expected), "{key:?}");
            }
        };
        let none = Modifiers::NONE;
        compare(
            &mut harness,
            &[
                (none, Key::F5, "Solve", None),
                (none, Key::Escape, "Stop", Some(Command::Stop)),
            ],
        );
        assert!(harness.state().0.is_running());
        // Counted, stopped, and at the second solution: every button can go somewhere.
        harness.state_mut().2 = true;
        let deadline = Instant::now() + HUNG_AFTER;
        let counted = |b: &Browser| b.run.as_ref().is_some_and(|r| r.exact.is_some());
        while !counted(&harness.state().0) || harness.state().0.stored() < 3 {
            assert!(Instant::now() < deadline, "no count");
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        harness.state_mut().0.stop();
        harness.state_mut().2 = false;
        harness.state_mut().0.go_to(BigUint::from(1u32));
        compare(
            &mut harness,
            &[
                (none, Key::F5, "Solve", Some(Command::Solve)),
                (none, Key::Escape, "Stop", None),
                (none, Key::Home, "First", Some(Command::First)),
                (
                    Modifiers::COMMAND,
                    Key::ArrowLeft,
                    "Previous",
                    Some(Command::Previous),
                ),
                (
                    Modifiers::COMMAND,
                    Key::ArrowRight,
                    "Next",
                    Some(Command::Next),
                ),
                (none, Key::End, "Last", Some(Command::Last)),
            ],
        );
        harness.key_press(Key::PageDown);
        harness.run_steps(1);
        assert_eq!(harness.state().1, [Command::PageOn]);
    }
}
