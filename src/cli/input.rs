//! Reading a puzzle file for a subcommand (once: a pipe cannot be read twice; `-` is standard
//! input), and naming places in it in messages (`FILE:LINE:COL: error: ...`).

use std::path::Path;

use anyhow::Result;
use kakuro::format::{self, Format, FormatError, Loaded};
use kakuro::{Grid, Pos, Problem, Puzzle, Severity, validate};

use super::Failure;

/// A puzzle file's text, read once, and what it goes by in messages.
pub struct Input<'a> {
    /// The path as the user gave it (`-` for standard input).
    pub path: &'a Path,
    /// The text, without a byte-order mark.
    pub text: String,
}

impl<'a> Input<'a> {
    /// Reads the file, or standard input for `-`. A directory, a device or a file over the
    /// size limit is refused; the error names the file.
    pub fn read(path: &'a Path) -> Result<Input<'a>, FormatError> {
        let text = if is_stdin(path) {
            format::read_stdin()?
        } else {
            format::read_text(path)?
        };
        Ok(Input { path, text })
    }

    /// The path errors name: the file's, or `<stdin>`.
    pub fn error_path(&self) -> &Path {
        Input::shown_path(self.path)
    }

    /// The path a command-line argument is named by: itself, or `<stdin>` for `-`.
    pub fn shown_path(path: &Path) -> &Path {
        if is_stdin(path) {
            Path::new(format::STDIN_NAME)
        } else {
            path
        }
    }

    /// The name in messages, with anything a terminal would act on escaped.
    pub fn name(&self) -> String {
        format::printable(&self.error_path().display().to_string()).into_owned()
    }

    /// The format: by extension, else by content.
    pub fn format(&self) -> Format {
        Format::from_path(self.path).unwrap_or_else(|| Format::sniff(&self.text))
    }

    /// The document in the text; errors name the file.
    pub fn parse(&self) -> Result<Loaded, FormatError> {
        format::parse(&self.text, self.format()).map_err(|e| e.in_file(self.error_path()))
    }

    /// How many puzzle lines a PE 424 file has (malformed ones too), counted as the format
    /// reads them: every line but blank and `#` comment lines. 0 for a file of another format.
    fn pe424_puzzles(&self) -> usize {
        if self.format() != Format::Pe424 {
            return 0;
        }
        self.text
            .split('\n')
            .map(|line| line.trim_matches([' ', '\t', '\r']))
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .count()
    }

    /// Refuses a PE 424 file of several puzzles for a command that takes one.
    pub fn refuse_several(&self) -> Result<()> {
        let puzzles = self.pe424_puzzles();
        if puzzles > 1 {
            let name = self.name();
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
}

/// Whether a path given on the command line means standard input.
fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A loaded puzzle file and the name it goes by in messages.
pub struct PuzzleFile {
    /// The path as the user gave it (`<stdin>` for `-`), escaped for the terminal.
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
        PuzzleFile::load_with(path, false)
    }

    /// [`PuzzleFile::load`], but a `.kakuro` text that does not parse lists every line's first
    /// error, not only the file's first, so that one run shows all there is to fix.
    pub fn load_listing_every_typo(path: &Path) -> Result<PuzzleFile> {
        PuzzleFile::load_with(path, true)
    }

    fn load_with(path: &Path, every_typo: bool) -> Result<PuzzleFile> {
        let input = Input::read(path)?;
        input.refuse_several()?;
        let loaded = input.parse().map_err(|first| {
            if every_typo {
                every_format_error(&input, first)
            } else {
                first.into()
            }
        })?;
        Ok(PuzzleFile {
            name: input.name(),
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

/// Every line's first error of a `.kakuro` text, or just `first` when there are fewer than two
/// (or the text is in another format).
fn every_format_error(input: &Input<'_>, first: FormatError) -> anyhow::Error {
    if input.format() != Format::Kakuro {
        return first.into();
    }
    let errors = format::kakuro_text::diagnose(&input.text);
    if errors.len() < 2 {
        return first.into();
    }
    Failure {
        lines: errors
            .into_iter()
            .map(|e| e.in_file(input.error_path()).to_string())
            .collect(),
    }
    .into()
}
