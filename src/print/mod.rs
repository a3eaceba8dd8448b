//! Printing: puzzle books as PDF (several puzzles a page, solutions at the back) and pictures
//! of one puzzle as PDF or PNG, in the classic printed look of the SVG export.
//!
//! Pages are laid out first as plain [`Sheet`]s of marks (rectangles, lines, text) in points,
//! which [`pdf`] writes as vector PDF (the font embedded, the text selectable) and [`png`]
//! rasterises. Everything here is plain data and functions; only [`gather`] reads files (the
//! puzzles a book is made of), and the caller writes the bytes.

mod board;
mod check;
mod font;
pub mod gather;
mod layout;
pub mod pdf;
pub mod png;
mod sheet;

pub use board::{Style, draw_board, draw_board_in};
pub use check::Answer;
pub use font::FONT_NAME;
pub use layout::{Book, Entry, Paper, PerPage, picture};
pub use sheet::{Anchor, Gray, Mark, Sheet};
