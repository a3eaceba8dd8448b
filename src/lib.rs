//! Kakuro studio: the puzzle model, file formats and solving engine shared by the app and the CLI.

pub mod atomic;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod print;
pub mod puzzle;
pub mod solve;
pub mod validate;

pub use grid::{Cell, Cipher, Clue, Direction, Grid, Letter, MAX_SIDE, Pos, Segment};
pub use puzzle::{CellId, InvalidPuzzle, Puzzle, PuzzleCell, Run, RunId};
pub use solve::{CancelToken, Cancelled, Outcome, Solution, Solver, Stats, Tuning, Uniqueness};
pub use validate::{OneCellRun, Problem, ProblemKind, Severity, validate};
#[cfg(feature = "gui")]
pub mod app;
