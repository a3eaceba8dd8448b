//! The board's colours, in one place for the designer's board and the player's: the same white
//! cells, digits and pencil marks whichever mode paints them, and the tints of each mode told
//! apart from one another.

use egui::Color32;

/// Around the board, on the dark theme.
pub const CANVAS_DARK: Color32 = Color32::from_rgb(0x3a, 0x3c, 0x41);
/// Around the board, on the light theme.
pub const CANVAS_LIGHT: Color32 = Color32::from_rgb(0xd9, 0xd7, 0xd2);
/// Walls.
pub const WALL: Color32 = Color32::from_rgb(0x26, 0x26, 0x2a);
/// A wall's diagonal, and the letter a cryptic cell shows.
pub const DIAGONAL: Color32 = Color32::from_rgb(0x8a, 0x8a, 0x90);
/// Clue numbers.
pub const CLUE: Color32 = Color32::from_rgb(0xf4, 0xf4, 0xf4);
/// A white cell.
pub const WHITE: Color32 = Color32::from_rgb(0xff, 0xff, 0xfd);
/// A typed or placed digit.
pub const DIGIT: Color32 = Color32::from_rgb(0x1d, 0x4f, 0xa3);
/// Pencil marks.
pub const PENCIL: Color32 = Color32::from_rgb(0x4a, 0x51, 0x5e);
/// A solution's digit.
pub const SOLUTION: Color32 = Color32::from_rgb(0x1e, 0x7a, 0x3c);
/// A cell that differs from the previous solution.
pub const CHANGED: Color32 = Color32::from_rgb(0xff, 0xef, 0xa8);
/// A cell that differs between solutions.
pub const VARIES: Color32 = Color32::from_rgb(0xb0, 0x4c, 0xc8);
/// The selected cell and a rectangle selection.
pub const CURSOR: Color32 = Color32::from_rgb(0x2f, 0x80, 0xed);
/// A grid error, a digit no solution agrees with, a candidate a deduction removes.
pub const ERROR: Color32 = Color32::from_rgb(0xe0, 0x36, 0x2c);
/// A grid warning.
pub const WARNING: Color32 = Color32::from_rgb(0xf0, 0xa0, 0x20);
/// Watch mode: a cell fixed by propagation.
pub const FIXED: Color32 = Color32::from_rgb(0xdd, 0xea, 0xf7);
/// Watch mode: a cell decided by a guess.
pub const GUESSED: Color32 = Color32::from_rgb(0xfb, 0xdc, 0xb4);
/// Watch mode: the cell being tried.
pub const TRYING: Color32 = Color32::from_rgb(0xff, 0xc8, 0x3d);
/// Watch mode: the flash of a contradiction.
pub const FAILED: Color32 = Color32::from_rgb(0xf4, 0x8a, 0x82);
/// Watch mode: a solution just found.
pub const SOLVED: Color32 = Color32::from_rgb(0xb8, 0xe6, 0xc1);
/// Hint and Explain: the run a deduction looks at.
pub const FOCUS: Color32 = Color32::from_rgb(0xdc, 0xd2, 0xf7);
/// Hint and Explain: the cells a deduction follows from.
pub const CAUSE: Color32 = Color32::from_rgb(0x0d, 0x87, 0x8c);
/// Hint and Explain: a digit a deduction places.
pub const PLACED: Color32 = Color32::from_rgb(0xb8, 0xe6, 0xc1);
/// Playing: the selected cell's runs, a light blue.
pub const RUN: Color32 = Color32::from_rgb(0xe3, 0xee, 0xfb);
/// Playing: cells holding the selected cell's digit, a light amber told from the runs' blue by
/// lightness as well as hue.
pub const SAME_DIGIT: Color32 = Color32::from_rgb(0xfc, 0xe9, 0xb8);
/// Playing: mistakes, a vermilion that stays apart from the blue digits for every common colour
/// vision (the board adds a flag in the corner for those who cannot tell it at all).
pub const MISTAKE: Color32 = Color32::from_rgb(0xd5, 0x3e, 0x0f);
/// A digit set of the combination helper that no longer fits (struck out as well).
pub const STRUCK: Color32 = DIAGONAL;
/// A digit a help placed in a game (Reveal, Hint, Solve): not the player's own.
pub const GIVEN: Color32 = Color32::from_rgb(0x8a, 0x3f, 0xa8);

/// A chain's links: their numbers, digits and the arrows between them.
pub const CHAIN: Color32 = Color32::from_rgb(0xc2, 0x3b, 0x8a);
