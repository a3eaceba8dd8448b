//! Reading a puzzle file for a subcommand, and naming places in it in messages
//! (`FILE:LINE:COL: error: ...`).

use std::path::Path;

use anyhow::Result;
use kakuro::format::{self, Loaded};
use kakuro::{Grid, Pos, Problem, Puzzle, Severity, validate};

use super::Failure;

/// A loaded puzzle file and the name it goes by in messages.
pub struct PuzzleFile {
    /// The path as the user gave it.
    pub name: String,
    /// The document and, for text formats, where each cell came from.
    pub loaded: Loaded,
    /// Lines before the text that `loaded` was parsed from (a PE 424 puzzle read from the middle
    /// of its file).
    pub line_offset: usize,
}

impl PuzzleFile {
    /// Reads and parses a file; the error names the file, line and column.
    pub fn load(path: &Path) -> Result<PuzzleFile> {
        let loaded = format::load(path)?;
        Ok(PuzzleFile {
            name: path.display().to_string(),
            loaded,
            line_offset: 0,
        })
    }

    /// The grid in the file.
    pub fn grid(&self) -> &Grid {
        &self.loaded.document.grid
    }

    /// `FILE:LINE:COL` for a grid position (the whole grid is placed at its first row, or at
    /// the file's start when it has none); just `FILE` when the format keeps no source positions.
    pub fn place(&self, pos: Option<Pos>) -> String {
        let Some(source) = &self.loaded.source else {
            return self.name.clone();
        };
        let place = match pos {
            Some(pos) => source.place(pos),
            None => Some((source.line_of_row(0).unwrap_or(1), 1)),
        };
        match place {
            Some((line, col)) => format!("{}:{}:{col}", self.name, line + self.line_offset),
            None => self.name.clone(),
        }
    }

    /// One problem as a message line: `FILE:LINE:COL: error: what (at r1c4)`.
    pub fn describe(&self, problem: &Problem) -> String {
        let severity = match problem.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let at = problem
            .pos
            .map(|p| format!(" (at {p})"))
            .unwrap_or_default();
        format!(
            "{}: {severity}: {}{at}",
            self.place(problem.pos),
            problem.message()
        )
    }

    /// Every problem of the grid, errors and warnings, in reading order.
    pub fn problems(&self) -> Vec<Problem> {
        validate(self.grid())
    }

    /// The puzzle the engine solves, or a [`Failure`] listing every validation error.
    pub fn puzzle(&self) -> Result<Puzzle> {
        Puzzle::from_grid(self.grid()).map_err(|invalid| {
            Failure {
                lines: invalid.0.iter().map(|p| self.describe(p)).collect(),
            }
            .into()
        })
    }
}
