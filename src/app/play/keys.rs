//! Play mode's keys: digits and Shift+digits, Space, arrows, Tab, Backspace and Delete, undo
//! and redo, F7 to pause, H for a hint, and P in and out of play mode.

use egui::{Event, Key, Modifiers};

use super::panel::Command;
use crate::app::KakuroApp;

impl KakuroApp {
    /// P while designing starts playing (called when the board has the keyboard).
    pub(crate) fn play_key(&mut self, ctx: &egui::Context) {
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::P)) {
            self.enter_play();
        }
    }

    /// The keys of play mode, taken out of the frame's input before any widget sees them (a
    /// focused button must not also take Space). Called when no text field has the keyboard.
    pub(crate) fn play_keys(&mut self, ctx: &egui::Context) {
        let events = ctx.input(|i| i.events.clone());
        let mut commands = Vec::new();
        let mut used = Vec::new();
        for (index, event) in events.iter().enumerate() {
            if let Event::Key {
                key,
                physical_key,
                pressed,
                modifiers,
                ..
            } = event
                && let Some(command) = key_command(*key, *physical_key, *modifiers)
            {
                used.push(index);
                if *pressed {
                    commands.push(command);
                }
            }
        }
        if !used.is_empty() {
            ctx.input_mut(|i| {
                let mut index = 0;
                i.events.retain(|_| {
                    index += 1;
                    !used.contains(&(index - 1))
                });
            });
        }
        for command in commands {
            self.play_command(command);
        }
    }
}

/// The command of a key while playing, if it has one.
fn key_command(key: Key, physical: Option<Key>, modifiers: Modifiers) -> Option<Command> {
    if modifiers.command {
        return match key {
            Key::Z if modifiers.shift => Some(Command::Redo),
            Key::Z => Some(Command::Undo),
            Key::Y => Some(Command::Redo),
            _ => None,
        };
    }
    if modifiers.alt {
        return None;
    }
    // Shift+5 is "%" on the keyboard's layout; the key itself is still the 5.
    if let Some(d) = digit(physical.unwrap_or(key)).or_else(|| digit(key)) {
        return Some(if modifiers.shift {
            Command::Mark(d)
        } else {
            Command::Digit(d)
        });
    }
    Some(match key {
        Key::Space => Command::TogglePencil,
        Key::Backspace | Key::Delete => Command::Clear,
        Key::ArrowUp => Command::Move(-1, 0),
        Key::ArrowDown => Command::Move(1, 0),
        Key::ArrowLeft => Command::Move(0, -1),
        Key::ArrowRight => Command::Move(0, 1),
        Key::Tab => Command::NextEmpty(modifiers.shift),
        Key::F7 => Command::TogglePause,
        Key::P if !modifiers.shift => Command::Leave,
        Key::H if !modifiers.shift => Command::Hint,
        _ => return None,
    })
}

fn digit(key: Key) -> Option<u8> {
    Some(match key {
        Key::Num1 => 1,
        Key::Num2 => 2,
        Key::Num3 => 3,
        Key::Num4 => 4,
        Key::Num5 => 5,
        Key::Num6 => 6,
        Key::Num7 => 7,
        Key::Num8 => 8,
        Key::Num9 => 9,
        _ => return None,
    })
}
