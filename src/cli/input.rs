//! Reading a puzzle file for a subcommand, and naming places in it in messages
//! (`FILE:LINE:COL: error: ...`).

use std::path::Path;

use anyhow::Result;
use kakuro::format::{self, Format, Loaded};
use kakuro::{Grid, Pos, Problem, Puzzle, Severity, validate};

use super::Failure;

/// How many puzzle lines a PE 424 file has (malformed ones too), counted as the format reads
/// them: every line but blank and `#` comment lines. 0 for a file of another format, or one
/// that cannot be read as text (the loader then says why).
fn pe424_puzzles(path: &Path) -> usize {
    let Ok(bytes) = std::fs::read(path) else {
        return 0;
    };
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return 0;
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if Format::from_path(path).unwrap_or_else(|| Format::sniff(text)) != Format::Pe424 {
        return 0;
    }
    text.split('\n')
        .map(|line| line.trim_matches([' ', '\t', '\r']))
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .count()
}

/// Refuses a PE 424 file of several puzzles for a command that takes one.
pub fn refuse_several(path: &Path) -> Result<()> {
    let puzzles = pe424_puzzles(path);
    if puzzles > 1 {
        let name = path.display();
        return Err(Failure {
            lines: vec![format!(
                "{name}: the file holds {puzzles} puzzles; solve, count, check, bench and \
                 convert take one (use `kakuro pe424 {name}` for all of them)"
            )],
        }
        .into());
    }
    Ok(())
}

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
    /// Reads and parses a file holding one puzzle; the error names the file, line and column.
    /// A PE 424 file of several puzzles is refused: taking its first would quietly answer for
    /// a puzzle the user may not have meant.
    pub fn load(path: &Path) -> Result<PuzzleFile> {
        let name = path.display().to_string();
        refuse_several(path)?;
        let loaded = format::load(path)?;
        Ok(PuzzleFile {
            name,
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
