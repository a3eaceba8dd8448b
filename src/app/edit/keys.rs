//! The editor's keyboard: each frame's keys turned into edits, moves and tool changes.

use egui::{Event, Key, Modifiers};

use super::{Editor, Tool};

impl Editor {
    /// Applies this frame's editing keys: digits, Backspace, Delete, Tab, Enter, arrows (with
    /// Shift: a rectangle), Space (flip the cell or the rectangle), the tools' letters, cut,
    /// copy, paste, undo and redo. The caller checks that no text field has the keyboard.
    pub fn keys(&mut self, ctx: &egui::Context) {
        let events = ctx.input(|i| i.events.clone());
        for event in events {
            match event {
                Event::Text(text) => {
                    for ch in text.chars() {
                        if let Some(d) = ch.to_digit(10) {
                            self.type_digit(d as u8);
                        } else if ch == ' ' && self.tool == Tool::Draw {
                            if self.has_rectangle() {
                                self.paint_selection();
                            } else {
                                self.toggle_cursor();
                            }
                        }
                    }
                }
                Event::Copy => ctx.copy_text(self.copy()),
                Event::Cut => ctx.copy_text(self.cut()),
                Event::Paste(text) => self.paste(Some(&text)),
                Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => self.key(key, modifiers),
                _ => {}
            }
        }
    }

    fn key(&mut self, key: Key, modifiers: Modifiers) {
        let moved_on = std::mem::take(&mut self.moved_on);
        if modifiers.command {
            match key {
                Key::Z if modifiers.shift => self.redo(),
                Key::Z => self.undo(),
                Key::Y => self.redo(),
                _ => {}
            }
            return;
        }
        let extend = modifiers.shift;
        match key {
            Key::ArrowUp => self.step_cursor(-1, 0, extend),
            Key::ArrowDown => self.step_cursor(1, 0, extend),
            Key::ArrowLeft => self.step_cursor(0, -1, extend),
            Key::ArrowRight => self.step_cursor(0, 1, extend),
            Key::Enter if self.tool == Tool::Clues && moved_on.is_none() => self.next_clue(),
            Key::Enter => {}
            Key::Tab => self.switch_field(),
            Key::Backspace => {
                // Right after typing moved on, Backspace corrects the sum just typed.
                if let Some((pos, field)) = moved_on {
                    self.select(pos);
                    self.field = field;
                }
                self.backspace();
            }
            Key::Delete => self.delete(),
            _ => {
                if let Some(tool) = Tool::ALL.into_iter().find(|t| t.key() == key)
                    && !modifiers.any()
                {
                    self.tool = tool;
                }
            }
        }
    }
}
