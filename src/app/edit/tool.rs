//! The tools: what a click on the board does, with their names and keys.

use egui::Key;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Click to select; nothing changes the puzzle by accident (the tool files open in).
    Select,
    /// Click or drag to paint white cells and walls.
    Draw,
    /// Click to select; type the selected wall's clues.
    Clues,
    /// Click to select; type digits into white cells (design from digits).
    Digits,
}

impl Tool {
    /// Every tool, in the order the tool panel lists them.
    pub const ALL: [Tool; 4] = [Tool::Select, Tool::Draw, Tool::Clues, Tool::Digits];

    /// The name on its button.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Draw => "Draw",
            Tool::Clues => "Clues",
            Tool::Digits => "Digits",
        }
    }

    /// The key that picks the tool while the board has the keyboard.
    pub fn key(self) -> Key {
        match self {
            Tool::Select => Key::S,
            Tool::Draw => Key::D,
            Tool::Clues => Key::C,
            Tool::Digits => Key::G,
        }
    }
}
