//! The `.kakuro` text format (see docs/formats.md), read and written.
//!
//! One line per grid row, tokens separated by spaces (tabs are accepted too). A token of
//! underscores is a white cell; `D\A` is a wall whose optional `D` is the sum of the run below
//! and optional `A` the sum of the run to the right. `#` lines are comments, blank lines are
//! skipped, a row's missing trailing tokens are walls, and lines may end in CRLF.
//!
//! The leading comment block carries the document's metadata when it has the shape the writer
//! gives it: `# Title: …`, `# Author: …`, and any other comment lines are the notes.
//!
//! **Cryptic grids.** `.kakuro` files hold ordinary sums only: a letter in a `.kakuro` file is an
//! error. The same token syntax with letters (a clue of one or two letters `A`–`J` such as
//! `CC\A`, a single letter for a white cell showing it) is the *cryptic dialect*: [`write()`]
//! produces it for cryptic grids and the native `.ron` rows accept it, but [`parse`] refuses it,
//! so saving a cryptic grid as `.kakuro` is an error (save it as `.ron` or `.pe424`).

use crate::format::error::{FormatError, char_name, describe_char, printable, quote};
use crate::format::source::SourceMap;
use crate::grid::{Cell, Cipher, Clue, Grid, Letter, MAX_SIDE, Pos};
use crate::puzzle::Puzzle;

/// The largest sum a run of different digits 1–9 can have.
const MAX_SUM: u64 = 45;

/// Which tokens a row may contain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// `.kakuro` files: numbers only.
    Plain,
    /// Rows of the native format: numbers, or letters A–J for cryptic puzzles.
    Cryptic,
}

/// Reads a `.kakuro` text into a grid and the place of every token.
/// A header line `# Allow: one-cell runs` allows them in the grid.
pub fn parse(text: &str) -> Result<(Grid, SourceMap), FormatError> {
    let (mut grid, map) = parse_lines(text, Dialect::Plain)?;
    grid.set_allows_one_cell_runs(header_allows_one_cell_runs(text));
    Ok((grid, map))
}

/// Reads grid rows, one per line, in the given dialect.
pub(crate) fn parse_lines(text: &str, dialect: Dialect) -> Result<(Grid, SourceMap), FormatError> {
    let mut rows: Vec<Vec<Cell>> = Vec::new();
    let mut map = SourceMap::new(0);
    for (row, (line_no, line)) in grid_lines(text).enumerate() {
        if row == MAX_SIDE {
            return Err(too_many_rows(line_no, line));
        }
        let (cells, cols) = parse_row(line, dialect).map_err(|e| e.at_line(line_no))?;
        rows.push(cells);
        map.push_row(line_no, cols);
    }
    Ok((Grid::from_rows(rows), map))
}

/// Every token error of a `.kakuro` text, the first of each line, where [`parse`] stops at the
/// first of the file: a user fixing a file wants them all at once.
pub fn diagnose(text: &str) -> Vec<FormatError> {
    let mut errors = Vec::new();
    for (row, (line_no, line)) in grid_lines(text).enumerate() {
        if row == MAX_SIDE {
            errors.push(too_many_rows(line_no, line));
            break;
        }
        if let Err(e) = parse_row(line, Dialect::Plain) {
            errors.push(e.at_line(line_no));
        }
    }
    errors
}

/// The lines that hold grid rows (not blank, not comments), numbered from 1, without `\r`.
fn grid_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n').enumerate().filter_map(|(index, raw)| {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let content = line.trim_start_matches([' ', '\t']);
        (!content.is_empty() && !content.starts_with('#')).then_some((index + 1, line))
    })
}

fn too_many_rows(line_no: usize, line: &str) -> FormatError {
    let content = line.trim_start_matches([' ', '\t']);
    let col = line.len() - content.len() + 1;
    FormatError::at(
        line_no,
        col,
        format!("the grid has more than {MAX_SIDE} rows"),
    )
}

/// An error inside one line: its column, before the line is known.
#[derive(Debug)]
pub(crate) struct RowError {
    /// 1-based column.
    pub(crate) col: usize,
    /// What is wrong.
    pub(crate) message: String,
}

impl RowError {
    fn new(col: usize, message: impl Into<String>) -> RowError {
        RowError {
            col,
            message: message.into(),
        }
    }

    /// The error placed on a line.
    pub(crate) fn at_line(self, line: usize) -> FormatError {
        FormatError::at(line, self.col, self.message)
    }
}

const fn is_separator(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Reads one row: its cells and the 1-based column of each token. Stops at the first error, so
/// a huge line costs no more than reading up to the mistake (or up to [`MAX_SIDE`] tokens).
pub(crate) fn parse_row(line: &str, dialect: Dialect) -> Result<(Vec<Cell>, Vec<usize>), RowError> {
    let bytes = line.as_bytes();
    let mut cells = Vec::new();
    let mut cols = Vec::new();
    let mut i = 0;
    loop {
        while i < bytes.len() && is_separator(bytes[i]) {
            i += 1;
        }
        if i == bytes.len() {
            break;
        }
        if cells.len() == MAX_SIDE {
            return Err(RowError::new(
                column(line, i),
                format!("the row has more than {MAX_SIDE} cells"),
            ));
        }
        let (cell, end) = parse_token(line, i, dialect)?;
        cells.push(cell);
        // The tokens read so far are ASCII, so the byte offset is the column (asking `column`
        // would walk the line again for every token).
        cols.push(i + 1);
        i = end;
    }
    Ok((cells, cols))
}

/// The 1-based character column of byte offset `at`.
fn column(line: &str, at: usize) -> usize {
    // Tokens before a valid one are ASCII, so this only walks far for the first bad character.
    match line.get(..at) {
        Some(prefix) if prefix.is_ascii() => at + 1,
        Some(prefix) => prefix.chars().count() + 1,
        None => at + 1,
    }
}

/// The character at byte offset `at` (which is on a character boundary).
fn char_at(line: &str, at: usize) -> char {
    line.get(at..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or('\u{fffd}')
}

/// The token starting at `start`, quoted and cut short.
fn preview(line: &str, start: usize) -> String {
    let rest = line.get(start..).unwrap_or("");
    let mut out = String::new();
    for (n, c) in rest.chars().enumerate() {
        if c == ' ' || c == '\t' {
            break;
        }
        if n == 20 {
            out.push('…');
            break;
        }
        out.push(c);
    }
    format!("\"{}\"", printable(&out))
}

/// Reads the token at `start`; returns the cell and the byte offset just after the token.
fn parse_token(line: &str, start: usize, dialect: Dialect) -> Result<(Cell, usize), RowError> {
    let bytes = line.as_bytes();
    let end_of_token = |i: usize| i == bytes.len() || is_separator(bytes[i]);
    let first = bytes[start];
    if first == b'_' {
        let mut i = start;
        while !end_of_token(i) && bytes[i] == b'_' {
            i += 1;
        }
        if end_of_token(i) {
            return Ok((Cell::WHITE, i));
        }
        return Err(bad_char(
            line,
            start,
            i,
            "a white cell is written with underscores only",
        ));
    }
    if dialect == Dialect::Cryptic
        && let Some(letter) = Letter::from_char(first as char)
        && end_of_token(start + 1)
    {
        return Ok((
            Cell::White {
                shown: Some(letter),
            },
            start + 1,
        ));
    }
    // A wall: [D] '\' [A].
    let (down, i) = parse_clue(line, start, start, dialect)?;
    if end_of_token(i) {
        return Err(RowError::new(
            column(line, start),
            format!(
                "{} is neither a white cell (underscores) nor a wall (D\\A): a wall needs a backslash",
                preview(line, start)
            ),
        ));
    }
    if bytes[i] != b'\\' {
        return Err(bad_char(line, start, i, ""));
    }
    let (across, j) = parse_clue(line, start, i + 1, dialect)?;
    if !end_of_token(j) {
        if bytes[j] == b'\\' {
            return Err(RowError::new(
                column(line, j),
                format!(
                    "second backslash in {}: a wall is D\\A with one backslash",
                    preview(line, start)
                ),
            ));
        }
        return Err(bad_char(line, start, j, ""));
    }
    Ok((Cell::Wall { down, across }, j))
}

/// Reads an optional clue at `at` (digits, or one or two letters in the cryptic dialect); returns
/// it and the offset after it. `token` is where the token starts, for messages.
fn parse_clue(
    line: &str,
    token: usize,
    at: usize,
    dialect: Dialect,
) -> Result<(Option<Clue>, usize), RowError> {
    let bytes = line.as_bytes();
    let mut i = at;
    if i < bytes.len() && bytes[i].is_ascii_digit() {
        let mut value: u64 = 0;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            value = value * 10 + u64::from(bytes[i] - b'0');
            i += 1;
            if value > MAX_SUM {
                // Read the rest of the number only to quote it; stop caring about its value.
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let digits = &line[at..i];
                return Err(RowError::new(
                    column(line, at),
                    format!(
                        "sum {} in {} is over {MAX_SUM}",
                        cut(digits, 20),
                        preview(line, token)
                    ),
                ));
            }
        }
        if value == 0 {
            return Err(RowError::new(
                column(line, at),
                format!("sum 0 in {}: a sum is 1 to {MAX_SUM}", preview(line, token)),
            ));
        }
        return Ok((Some(Clue::Sum(value as u8)), i));
    }
    if dialect == Dialect::Cryptic && i < bytes.len() && bytes[i].is_ascii_uppercase() {
        let mut letters = Vec::new();
        while i < bytes.len() && bytes[i].is_ascii_uppercase() {
            let Some(letter) = Letter::from_char(bytes[i] as char) else {
                return Err(RowError::new(
                    column(line, i),
                    format!("letter '{}' is not one of A–J", bytes[i] as char),
                ));
            };
            if letters.len() == 2 {
                return Err(RowError::new(
                    column(line, i),
                    format!(
                        "a clue in {} has more than two letters",
                        preview(line, token)
                    ),
                ));
            }
            letters.push(letter);
            i += 1;
        }
        let cipher = match letters[..] {
            [units] => Cipher { tens: None, units },
            [tens, units] => Cipher {
                tens: Some(tens),
                units,
            },
            _ => return Err(RowError::new(column(line, at), "a clue needs a letter")),
        };
        return Ok((Some(Clue::Cipher(cipher)), i));
    }
    Ok((None, i))
}

/// At most `max` characters of `text`, with `…` when cut.
fn cut(text: &str, max: usize) -> String {
    let q = quote(text, max);
    q[1..q.len() - 1].to_string()
}

/// The error for an unexpected character at `at` inside the token starting at `token`.
fn bad_char(line: &str, token: usize, at: usize, hint: &str) -> RowError {
    let c = char_at(line, at);
    let what = match char_name(c) {
        Some(name) => format!("unexpected {name}"),
        None if c.is_alphabetic() => format!("unexpected letter {}", describe_char(c)),
        None if c == '_' => "unexpected '_'".to_string(),
        None => format!("unexpected character {}", describe_char(c)),
    };
    let mut message = format!("{what} in {}", preview(line, token));
    if !hint.is_empty() {
        message.push_str(": ");
        message.push_str(hint);
    }
    RowError::new(column(line, at), message)
}

/// How one cell is laid out before padding.
enum Token {
    /// A wall's two sides, as text.
    Wall { down: String, across: String },
    /// A white cell: `None` for underscores filling the column, or the text to show.
    White(Option<String>),
}

fn clue_text(clue: Option<Clue>) -> String {
    clue.map(|c| c.to_string()).unwrap_or_default()
}

/// Writes the grid as `.kakuro` text, columns aligned like the sample files: each column's
/// backslashes line up, down sums right-aligned before them, across sums after, and white cells
/// are underscores as wide as the column. Cryptic grids come out in the cryptic dialect.
pub fn write(grid: &Grid) -> String {
    layout(grid, |pos| match grid.get(pos) {
        Cell::Wall { down, across } => Token::Wall {
            down: clue_text(down),
            across: clue_text(across),
        },
        Cell::White { shown } => Token::White(shown.map(|l| l.to_string())),
    })
}

/// The same layout with each white cell's digit (cells whose digit is 0 or missing keep their
/// underscores). `digits` is indexed by the puzzle's cell ids.
pub fn write_solution(grid: &Grid, puzzle: &Puzzle, digits: &[u8]) -> String {
    layout(grid, |pos| match grid.get(pos) {
        Cell::Wall { down, across } => Token::Wall {
            down: clue_text(down),
            across: clue_text(across),
        },
        Cell::White { .. } => {
            let digit = puzzle
                .cell_at(pos)
                .and_then(|id| digits.get(id.index()))
                .filter(|d| (1..=9).contains(*d));
            Token::White(digit.map(|d| d.to_string()))
        }
    })
}

fn layout(grid: &Grid, token: impl Fn(Pos) -> Token) -> String {
    let (w, h) = (grid.width(), grid.height());
    let tokens: Vec<Token> = grid.positions().map(&token).collect();
    // Per column: widest down part, widest across part, widest shown text, whether it has walls.
    let mut down_w = vec![0; w];
    let mut across_w = vec![0; w];
    let mut text_w = vec![1; w];
    let mut walls = vec![false; w];
    for (i, t) in tokens.iter().enumerate() {
        let c = i % w.max(1);
        match t {
            Token::Wall { down, across } => {
                walls[c] = true;
                down_w[c] = down_w[c].max(down.len());
                across_w[c] = across_w[c].max(across.len());
            }
            Token::White(Some(text)) => text_w[c] = text_w[c].max(text.chars().count()),
            Token::White(None) => {}
        }
    }
    let width: Vec<usize> = (0..w)
        .map(|c| {
            let wall = if walls[c] {
                down_w[c] + 1 + across_w[c]
            } else {
                0
            };
            wall.max(text_w[c]).max(down_w[c] + text_w[c])
        })
        .collect();
    let mut out = String::new();
    for r in 0..h {
        let mut line = String::new();
        for c in 0..w {
            if c > 0 {
                line.push(' ');
            }
            let field = match &tokens[r * w + c] {
                Token::Wall { down, across } => {
                    format!("{down:>dw$}\\{across}", dw = down_w[c])
                }
                Token::White(None) => "_".repeat(width[c]),
                // Shown text sits under the column's backslashes.
                Token::White(Some(text)) => format!("{:dw$}{text}", "", dw = down_w[c]),
            };
            line.push_str(&format!("{field:<wd$}", wd = width[c]));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Title, author and notes read from the comment lines before the first row.
pub(crate) fn read_header(text: &str) -> (String, String, String) {
    let (mut title, mut author) = (String::new(), String::new());
    let mut notes: Vec<&str> = Vec::new();
    for comment in header_comments(text) {
        if let Some(t) = comment.strip_prefix("Title: ") {
            title = t.to_string();
        } else if let Some(a) = comment.strip_prefix("Author: ") {
            author = a.to_string();
        } else if comment != ALLOW_ONE_CELL_RUNS {
            notes.push(comment);
        }
    }
    (title, author, notes.join("\n"))
}

/// The header comment that allows runs of one cell in the puzzle (see
/// [`Grid::allows_one_cell_runs`]); to other programs it is a comment like any other.
pub const ALLOW_ONE_CELL_RUNS: &str = "Allow: one-cell runs";

/// The comments before the grid, each without its `#` and one space.
fn header_comments(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .map(|raw| raw.strip_suffix('\r').unwrap_or(raw))
        .map(|line| line.trim_start_matches([' ', '\t']))
        .filter(|content| !content.is_empty())
        .map_while(|content| content.strip_prefix('#'))
        .map(|comment| comment.strip_prefix(' ').unwrap_or(comment))
}

/// Whether the header allows runs of one cell.
fn header_allows_one_cell_runs(text: &str) -> bool {
    header_comments(text).any(|c| c.trim_end() == ALLOW_ONE_CELL_RUNS)
}

/// The comment block [`read_header`] reads back: one line per field that is not empty.
/// With `allow_one_cell_runs`, the line that allows them ends it.
pub(crate) fn write_header(
    title: &str,
    author: &str,
    notes: &str,
    allow_one_cell_runs: bool,
) -> String {
    let one_line = |s: &str| s.replace(['\r', '\n'], " ");
    let mut out = String::new();
    if !title.is_empty() {
        out.push_str(&format!("# Title: {}\n", one_line(title)));
    }
    if !author.is_empty() {
        out.push_str(&format!("# Author: {}\n", one_line(author)));
    }
    if !notes.is_empty() {
        for line in notes.lines() {
            if line.is_empty() {
                out.push_str("#\n");
            } else {
                out.push_str(&format!("# {line}\n"));
            }
        }
    }
    if allow_one_cell_runs {
        out.push_str(&format!("# {ALLOW_ONE_CELL_RUNS}\n"));
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINI: &str = "\\   2\\ 4\\ \\\n\\13 __ __ _\n\\    \\ __ \\\n";

    #[test]
    fn the_blog_example_reads_and_writes_back_identically() {
        let (grid, map) = parse(MINI).unwrap();
        assert_eq!((grid.width(), grid.height()), (4, 3));
        assert_eq!(
            grid.get(Pos::new(1, 0)).clue(crate::Direction::Across),
            Some(Clue::Sum(13))
        );
        assert_eq!(
            grid.get(Pos::new(0, 2)).clue(crate::Direction::Down),
            Some(Clue::Sum(4))
        );
        assert!(grid.is_white(Pos::new(2, 2)));
        assert_eq!(map.place(Pos::new(1, 1)), Some((2, 5)));
        assert_eq!(write(&grid), MINI);
    }

    #[test]
    fn errors_point_at_the_offending_character() {
        let err = |t: &str| {
            let e = parse(t).unwrap_err();
            (e.line.unwrap(), e.col.unwrap(), e.message)
        };
        assert_eq!(err("\\ 1x\\2").1, 4);
        assert!(err("\\ 1x\\2").2.starts_with("unexpected letter 'x'"));
        assert_eq!(err("\\ 0\\2").1, 3);
        assert_eq!(err("\\ 46\\").2, "sum 46 in \"46\\\" is over 45");
        assert_eq!(err("# c\n\\ 1\\2\\3").0, 2);
        assert_eq!(err("# c\n\\ 1\\2\\3").1, 6);
        assert_eq!(err("_ 12").1, 3);
        assert_eq!(err("__1").1, 3);
        assert_eq!(err("\\ \u{e9}").1, 3);
        assert!(err("\\ \u{e9}").2.contains("letter"));
        assert!(err("\\ %").2.starts_with("unexpected character '%'"));
    }

    #[test]
    fn diagnose_finds_the_first_error_of_every_line() {
        let text = "# two typos\n\\ 4\\ 3\\\n\\10 __ x\n\\5 __ __\n\\50 __ __\n";
        let errors = diagnose(text);
        let places: Vec<_> = errors.iter().map(|e| (e.line, e.col)).collect();
        assert_eq!(places, [(Some(3), Some(8)), (Some(5), Some(2))]);
        assert_eq!(errors[0], parse(text).unwrap_err());
        assert!(diagnose("\\ 3\\\n\\3 __\n").is_empty());
    }

    #[test]
    fn cryptic_tokens_only_in_the_cryptic_dialect() {
        assert!(parse("CC\\ B").is_err());
        let (g, _) = parse_lines("CC\\ B\n\\AB _", Dialect::Cryptic).unwrap();
        assert!(g.is_cryptic());
        assert_eq!(parse_lines(&write(&g), Dialect::Cryptic).unwrap().0, g);
        assert!(parse_lines("ABC\\", Dialect::Cryptic).is_err());
        assert!(parse_lines("K\\", Dialect::Cryptic).is_err());
    }

    #[test]
    fn header_round_trips() {
        let h = write_header("Wiki", "Ann", "line one\n\nline three", false);
        let text = format!("{h}{MINI}");
        assert_eq!(
            read_header(&text),
            ("Wiki".into(), "Ann".into(), "line one\n\nline three".into())
        );
        assert_eq!(parse(&text).unwrap().0, parse(MINI).unwrap().0);
    }
}
