//! The native `.ron` save: serde + ron, versioned, readable by a person.
//!
//! ```text
//! (
//!     version: 1,
//!     title: "Mini",
//!     author: "The blog post",
//!     notes: "The small Kakuro from the blog post.",
//!     rows: [
//!         r#"\   2\ 4\ \"#,
//!         r#"\13 __ __ _"#,
//!         r#"\    \ __ \"#,
//!     ],
//!     solution: Some([
//!         "",
//!         "238",
//!         "1",
//!     ]),
//! )
//! ```
//!
//! `rows` are the grid's rows in `.kakuro` token syntax, in its cryptic dialect (letters allowed,
//! see [`crate::format::kakuro_text`]), so a PE 424 puzzle saves too. `solution`, when present,
//! holds per row the digits of its white cells left to right (`0` for an empty cell).
//!
//! Version 2 adds `play`, a game in progress ([`PlayRecord`]):
//!
//! ```text
//!     play: Some((
//!         seconds: 754,
//!         hints: 0,
//!         reveals: 1,
//!         checks: 0,
//!         solved: false,
//!         digits: ["", "230", "0"],
//!         marks: ["", ". . 89", "12"],
//!         cursor: "r2c3",
//!     )),
//! ```
//!
//! `digits` are laid out as `solution` is; `marks` hold per row one token per white cell: its
//! pencil marks ascending, or `.` for none; `cursor` is the selected cell, where play goes on
//! (optional: files written before it was kept load without it). A save without a game is written as version 1, so
//! that older programs keep reading it. A file with a newer version than this program reads is
//! refused with a clear message, and older versions keep loading (tests/golden/v1.ron).
//!
//! `allow_one_cell_runs: true` (after `rows`; optional, written only when true) is the designer's
//! setting that runs of one cell are meant: validation then does not warn about them.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

use crate::format::error::{FormatError, describe_char};
use crate::format::kakuro_text::{self, Dialect};
use crate::format::play::{PlayRecord, marks_token, read_cell, read_marks_token};
use crate::format::ron_place::{self, Lines};
use crate::format::{Document, SourceMap};
use crate::grid::{Grid, MAX_SIDE, Pos};

/// The newest format version this program reads and the one it writes.
pub const VERSION: u32 = 2;

/// The first version with a game in progress (`play`).
const PLAY_VERSION: u32 = 2;

/// Just the version, read first so a newer file gets a clear message instead of a field error.
#[derive(Deserialize)]
#[serde(rename = "Kakuro")]
struct Probe {
    #[allow(dead_code, reason = "reading it checks it")]
    version: Version,
}

/// A format version this program reads: checked as it is read, so ron places the error on it.
struct Version;

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Version, D::Error> {
        match u32::deserialize(d)? {
            0 => Err(D::Error::custom("format version 0 does not exist")),
            v if v > VERSION => Err(D::Error::custom(format!(
                "this file has format version {v}, newer than this program reads (up to \
                 {VERSION}); open it with a newer kakuro"
            ))),
            _ => Ok(Version),
        }
    }
}

/// The save, field by field as it appears in the file (version 1 is this without `play`).
#[derive(Serialize, Deserialize)]
#[serde(rename = "Kakuro", deny_unknown_fields)]
struct Save {
    version: u32,
    #[serde(default)]
    title: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    notes: String,
    rows: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    allow_one_cell_runs: bool,
    #[serde(default)]
    solution: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    play: Option<PlaySave>,
}

/// A game in progress, field by field as it appears in the file.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Play", deny_unknown_fields)]
struct PlaySave {
    #[serde(default)]
    seconds: u64,
    #[serde(default)]
    hints: u32,
    #[serde(default)]
    reveals: u32,
    #[serde(default)]
    checks: u32,
    #[serde(default)]
    solved: bool,
    digits: Vec<String>,
    #[serde(default)]
    marks: Option<Vec<String>>,
    /// The selected cell (`r3c4`); empty in files written before it was kept.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    cursor: String,
}

/// Writes the document, pretty-printed with `\n` line ends.
pub fn to_string(doc: &Document) -> String {
    let grid_text = kakuro_text::write(&doc.grid);
    let save = Save {
        version: if doc.play.is_some() { PLAY_VERSION } else { 1 },
        title: doc.title.clone(),
        author: doc.author.clone(),
        notes: doc.notes.clone(),
        rows: grid_text.lines().map(str::to_string).collect(),
        allow_one_cell_runs: doc.grid.allows_one_cell_runs(),
        solution: doc
            .solution
            .as_ref()
            .map(|digits| solution_rows(&doc.grid, digits)),
        play: doc.play.as_ref().map(|play| PlaySave {
            seconds: play.seconds,
            hints: play.hints,
            reveals: play.reveals,
            checks: play.checks,
            solved: play.solved,
            digits: solution_rows(&doc.grid, &play.digits),
            marks: Some(marks_rows(&doc.grid, &play.marks)),
            cursor: play.cursor.map(|p| p.to_string()).unwrap_or_default(),
        }),
    };
    // Raw strings keep the rows' backslashes readable.
    let config = ron::ser::PrettyConfig::new()
        .new_line("\n")
        .escape_strings(false);
    let mut text = ron::ser::to_string_pretty(&save, config)
        .or_else(|_| {
            ron::ser::to_string_pretty(&save, ron::ser::PrettyConfig::new().new_line("\n"))
        })
        .expect("ron serializes strings and lists of strings");
    text.push('\n');
    text
}

/// Per grid row, the digits of its white cells; digits beyond the white cells are dropped.
fn solution_rows(grid: &Grid, digits: &[u8]) -> Vec<String> {
    let mut digits = digits.iter();
    grid.rows()
        .map(|row| {
            row.iter()
                .filter(|c| c.is_white())
                .map(|_| {
                    let d = digits.next().copied().unwrap_or(0);
                    char::from(b'0' + d.min(9))
                })
                .collect()
        })
        .collect()
}

/// Per grid row, the marks tokens of its white cells, separated by spaces.
fn marks_rows(grid: &Grid, marks: &[u16]) -> Vec<String> {
    let mut marks = marks.iter();
    grid.rows()
        .map(|row| {
            let tokens: Vec<String> = row
                .iter()
                .filter(|c| c.is_white())
                .map(|_| marks_token(marks.next().copied().unwrap_or(0)))
                .collect();
            tokens.join(" ")
        })
        .collect()
}

/// Reads a `.ron` save of any version up to [`VERSION`].
pub fn from_str(text: &str) -> Result<Document, FormatError> {
    from_str_mapped(text).map(|(document, _)| document)
}

/// Reads a save, and where each grid row's tokens are in it.
pub(crate) fn from_str_mapped(text: &str) -> Result<(Document, SourceMap), FormatError> {
    let _: Probe = ron::from_str(text).map_err(|e| ron_error(text, e))?;
    let save: Save = ron::from_str(text).map_err(|e| ron_error(text, e))?;
    let lines = Lines::new(text);
    let rows_list = ron_place::list(text, "rows");
    let row_item = |r: usize| rows_list.as_ref().and_then(|l| l.items.get(r).copied());
    if save.rows.len() > MAX_SIDE {
        let message = format!(
            "the grid has {} rows; the largest allowed is {MAX_SIDE}",
            save.rows.len()
        );
        return Err(placed(&lines, row_item(MAX_SIDE).map(|i| i.token), message));
    }
    let mut rows = Vec::with_capacity(save.rows.len());
    let mut map = SourceMap::new(0);
    let mut mapped = true;
    for (r, row) in save.rows.iter().enumerate() {
        let item = row_item(r);
        let (cells, cols) = kakuro_text::parse_row(row, Dialect::Cryptic).map_err(|e| {
            let message = format!("grid row {}: {}", r + 1, e.message);
            placed(&lines, item.map(|i| at_column(row, i, e.col)), message)
        })?;
        rows.push(cells);
        // A row found in the file places its tokens; from one that is not, problems are named
        // by their row and column only.
        match item {
            Some(item) if mapped => {
                // A row read without error is on one line, so its characters are the file's
                // from where it starts (when the file holds them as they are).
                let (line, cols) = match item.content {
                    Some(start) => {
                        let (line, first) = lines.place(start);
                        (line, cols.iter().map(|&col| first + col - 1).collect())
                    }
                    None => {
                        let (line, col) = lines.place(item.token);
                        (line, vec![col; cols.len()])
                    }
                };
                map.push_row(line, cols);
            }
            _ => mapped = false,
        }
    }
    let mut grid = Grid::from_rows(rows);
    grid.set_allows_one_cell_runs(save.allow_one_cell_runs);
    let solution = match &save.solution {
        None => None,
        Some(rows) => Some(read_solution(&grid, rows).map_err(|(spot, message)| {
            let list = ron_place::list(text, "solution");
            let offset = list.and_then(|list| match spot {
                Spot::List => Some(list.open),
                Spot::Row(r, col) => {
                    let item = list.items.get(r).copied()?;
                    Some(at_column(&rows[r], item, col))
                }
            });
            placed(&lines, offset, message)
        })?),
    };
    let play = match &save.play {
        None => None,
        Some(_) if save.version < PLAY_VERSION => {
            let at = text.rfind("play");
            let message = format!(
                "a game in progress (`play`) needs format version {PLAY_VERSION}; this file \
                 says version {}",
                save.version
            );
            return Err(placed(&lines, at, message));
        }
        Some(play) => Some(read_play(text, &lines, &grid, play)?),
    };
    let document = Document {
        grid,
        title: save.title,
        author: save.author,
        notes: save.notes,
        solution,
        play,
    };
    Ok((document, map))
}

/// The game in progress of a save, checked against the grid's white cells.
fn read_play(
    text: &str,
    lines: &Lines<'_>,
    grid: &Grid,
    play: &PlaySave,
) -> Result<PlayRecord, FormatError> {
    let place = |field: &str, rows: &[String], spot: Spot| {
        let list = ron_place::nested_list(text, "play", field);
        list.and_then(|list| match spot {
            Spot::List => Some(list.open),
            Spot::Row(r, col) => {
                let item = list.items.get(r).copied()?;
                Some(at_column(&rows[r], item, col))
            }
        })
        .or_else(|| text.rfind("play"))
    };
    let digits = read_digit_rows(grid, &play.digits, "play digits")
        .map_err(|(spot, message)| placed(lines, place("digits", &play.digits, spot), message))?;
    let marks = match &play.marks {
        None => vec![0; digits.len()],
        Some(rows) => read_marks(grid, rows)
            .map_err(|(spot, message)| placed(lines, place("marks", rows, spot), message))?,
    };
    let cursor = match play.cursor.as_str() {
        "" => None,
        text_cursor => {
            let at = text.rfind("cursor");
            let pos = read_cell(text_cursor).ok_or_else(|| {
                let message =
                    format!("the game's cursor {text_cursor:?} is not a cell written like r3c4");
                placed(lines, at, message)
            })?;
            if !grid.contains(pos) {
                let message = format!(
                    "the game's cursor {pos} is outside the {} × {} grid",
                    grid.width(),
                    grid.height()
                );
                return Err(placed(lines, at, message));
            }
            Some(pos)
        }
    };
    Ok(PlayRecord {
        digits,
        marks,
        cursor,
        seconds: play.seconds,
        hints: play.hints,
        reveals: play.reveals,
        checks: play.checks,
        solved: play.solved,
    })
}

/// The saved pencil marks: per row, one token per white cell.
fn read_marks(grid: &Grid, rows: &[String]) -> Result<Vec<u16>, (Spot, String)> {
    check_row_count(grid, rows, "the pencil marks have")?;
    let mut marks = Vec::with_capacity(grid.white_count());
    for (r, row) in rows.iter().enumerate() {
        let whites = whites_in_row(grid, r);
        let mut col = 1;
        let mut count = 0;
        for token in row.split(' ') {
            if !token.is_empty() {
                let mask = read_marks_token(token).map_err(|(at, message)| {
                    (
                        Spot::Row(r, col + at),
                        format!("pencil marks row {}: {message}", r + 1),
                    )
                })?;
                marks.push(mask);
                count += 1;
            }
            col += token.chars().count() + 1;
        }
        if count != whites {
            return Err((
                Spot::Row(r, 1),
                format!(
                    "pencil marks row {} has {count} cells; the row has {whites} white cells",
                    r + 1
                ),
            ));
        }
    }
    Ok(marks)
}

/// The byte offset of character column `col` (1-based) of a string found at `item`: inside it
/// when the file holds its characters as they are, else its opening quote.
fn at_column(value: &str, item: ron_place::Item, col: usize) -> usize {
    match item.content {
        Some(start) => {
            let skipped: usize = value
                .chars()
                .take(col.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            start + skipped
        }
        None => item.token,
    }
}

/// An error at a byte offset of the text, or without a place.
fn placed(lines: &Lines<'_>, offset: Option<usize>, message: String) -> FormatError {
    match offset {
        Some(offset) => {
            let (line, col) = lines.place(offset);
            FormatError::at(line, col, message)
        }
        None => FormatError::new(message),
    }
}

/// A ron error with its place, in the words of the file format rather than of the program's
/// types (ron names the struct it reads into, `Kakuro`, which the file never mentions).
fn ron_error(text: &str, e: ron::error::SpannedError) -> FormatError {
    use ron::Error;
    const SHAPE: &str = "a puzzle is `(version: 1, rows: [\"...\", ...])`, optionally with title, \
         author, notes, solution and (from version 2) play";
    const CUT: &str = "the file ends before the puzzle does: is it cut short?";
    let message = match &e.code {
        Error::ExpectedStructLike | Error::ExpectedNamedStructLike(_) => {
            format!("expected `(` to open the puzzle: {SHAPE}")
        }
        Error::NoSuchStructField {
            expected,
            found,
            outer,
        } if outer.as_deref() == Some("Play") => format!(
            "unknown field `{found}`; a game in progress has the fields {}",
            expected.join(", ")
        ),
        Error::NoSuchStructField {
            expected, found, ..
        } => format!(
            "unknown field `{found}`; a puzzle's fields are {}",
            expected.join(", ")
        ),
        Error::MissingStructField { field, outer } if outer.as_deref() == Some("Play") => {
            format!("the game in progress (`play`) has no `{field}` field")
        }
        Error::MissingStructField { field, .. } => {
            format!("the puzzle has no `{field}` field: {SHAPE}")
        }
        Error::DuplicateStructField { field, .. } => format!("the field `{field}` appears twice"),
        Error::Eof => format!("the file ends before the puzzle does: {SHAPE}"),
        Error::ExpectedMapColon => "expected `:` after the field's name".into(),
        Error::ExpectedComma => "expected `,` between fields and between list items".into(),
        Error::ExpectedStringEnd => "a text in quotes has no closing `\"`".into(),
        Error::ExpectedString => "expected a text in quotes".into(),
        Error::ExpectedInteger => "expected a whole number".into(),
        Error::ExpectedArray => "expected `[` to open a list".into(),
        Error::ExpectedArrayEnd => "expected `]` to close the list".into(),
        Error::ExpectedStructLikeEnd => "expected `)` to close the puzzle".into(),
        Error::ExpectedOption => "expected `Some(...)` or `None`".into(),
        Error::ExpectedOptionEnd => "expected `)` to close `Some(...)`".into(),
        Error::ExpectedIdentifier => "expected a field's name".into(),
        Error::ExceededRecursionLimit => "brackets are nested too deeply (a puzzle nests them \
             two deep: the puzzle's parentheses, then a list)"
            .into(),
        other => other.to_string(),
    };
    // ron trips at the very end of a file cut short, whatever it expected there: say that too.
    let (line, col) = (e.span.end.line, e.span.end.col);
    let nothing_after = text
        .split_inclusive('\n')
        .skip(line.saturating_sub(1))
        .flat_map(str::chars)
        .skip(col.saturating_sub(1))
        .all(char::is_whitespace);
    // (A text in quotes left open runs to the end of the file, wherever ron says it begins.)
    let at_end = nothing_after || matches!(e.code, Error::ExpectedStringEnd);
    let cut = at_end
        && !text.trim().is_empty()
        && !matches!(
            e.code,
            Error::Eof
                | Error::TrailingCharacters
                | Error::ExpectedStructLike
                | Error::ExpectedNamedStructLike(_)
        );
    let message = if cut {
        format!("{message}; {CUT}")
    } else {
        message
    };
    FormatError::at(e.span.start.line, e.span.start.col, message)
}

/// Where in the saved solution a mistake is.
enum Spot {
    /// The list as a whole (its `[`).
    List,
    /// A row, at a character column of its text (1-based).
    Row(usize, usize),
}

/// The saved digits, checked against the grid's white cells.
fn read_solution(grid: &Grid, rows: &[String]) -> Result<Vec<u8>, (Spot, String)> {
    read_digit_rows(grid, rows, "solution")
}

/// Rows of digits, one per white cell, checked against the grid; `what` names them in errors.
fn read_digit_rows(grid: &Grid, rows: &[String], what: &str) -> Result<Vec<u8>, (Spot, String)> {
    let verb = if what.ends_with('s') { "have" } else { "has" };
    check_row_count(grid, rows, &format!("the {what} {verb}"))?;
    let mut digits = Vec::with_capacity(grid.white_count());
    for (r, row) in rows.iter().enumerate() {
        let whites = whites_in_row(grid, r);
        if let Some((at, bad)) = row.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
            return Err((
                Spot::Row(r, at + 1),
                format!(
                    "{what} row {}: {} is not a digit",
                    r + 1,
                    describe_char(bad)
                ),
            ));
        }
        if row.len() != whites {
            return Err((
                Spot::Row(r, 1),
                format!(
                    "{what} row {} has {} digits; the row has {whites} white cells",
                    r + 1,
                    row.len()
                ),
            ));
        }
        digits.extend(row.bytes().map(|b| b - b'0'));
    }
    Ok(digits)
}

/// One row per grid row: `subject` ("the solution has") begins the message when not.
fn check_row_count(grid: &Grid, rows: &[String], subject: &str) -> Result<(), (Spot, String)> {
    if rows.len() == grid.height() {
        return Ok(());
    }
    let count = match rows.len() {
        1 => "1 row".to_string(),
        n => format!("{n} rows"),
    };
    let message = format!("{subject} {count}; the grid has {}", grid.height());
    // Past the grid, the first row too many; short of it, the list.
    let spot = if rows.len() > grid.height() {
        Spot::Row(grid.height(), 1)
    } else {
        Spot::List
    };
    Err((spot, message))
}

/// How many white cells row `r` of the grid has.
fn whites_in_row(grid: &Grid, r: usize) -> usize {
    (0..grid.width())
        .filter(|&c| grid.is_white(Pos::new(r, c)))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mini() -> Document {
        let (grid, _) =
            kakuro_text::parse("\\   2\\ 4\\ \\\n\\13 __ __ _\n\\    \\ __ \\\n").unwrap();
        Document {
            grid,
            title: "Mini \"quoted\"".into(),
            author: "A. Person".into(),
            notes: "two\nlines".into(),
            solution: Some(vec![2, 3, 8, 1]),
            play: None,
        }
    }

    #[test]
    fn round_trip_keeps_everything() {
        let doc = mini();
        let text = to_string(&doc);
        assert!(text.starts_with("(\n    version: 1,\n"), "{text}");
        assert!(!text.contains('\r'));
        assert_eq!(from_str(&text).unwrap(), doc);
    }

    #[test]
    fn newer_versions_are_refused_clearly() {
        let text = to_string(&mini()).replace("version: 1", "version: 7");
        let e = from_str(&text).unwrap_err();
        assert!(e.message.contains("version 7, newer"), "{e}");
    }

    #[test]
    fn shape_errors_speak_of_the_file_not_the_program() {
        for (text, says) in [
            ("", "expected `(` to open the puzzle"),
            ("[1, 2]", "expected `(` to open the puzzle"),
            ("(version: 1)", "the puzzle has no `rows` field"),
            (
                "(version: 1, rows: [], extra: 1)",
                "unknown field `extra`; a puzzle's fields are version,",
            ),
        ] {
            let e = from_str(text).unwrap_err();
            assert!(e.message.starts_with(says), "{text:?}: {e}");
            assert!(!e.message.contains("Kakuro"), "{text:?}: {e}");
            assert_eq!(e.line, Some(1), "{text:?}: {e}");
        }
    }

    #[test]
    fn syntax_and_row_errors_have_places() {
        let e = from_str("(\n  version: 1,\n  rows: [\"_\" \"_\"],\n)").unwrap_err();
        assert_eq!(e.line, Some(3));
        let text = to_string(&mini()).replace("\\13 __", "\\13 _x");
        let e = from_str(&text).unwrap_err();
        assert_eq!(e.line, Some(9), "{e}\n{text}");
        assert_eq!(e.col, Some(17), "{e}\n{text}");
        assert!(
            e.message.starts_with("grid row 2: unexpected letter 'x'"),
            "{e}"
        );
    }

    /// A save cut short anywhere (a failed copy, a full disk) says so, in words, with a place.
    #[test]
    fn a_file_cut_short_anywhere_says_it_ends_too_soon() {
        let text = to_string(&mini());
        let end = text.trim_end().len() - 1;
        for cut in (1..end).filter(|&i| text.is_char_boundary(i)) {
            let e = from_str(&text[..cut]).unwrap_err();
            assert!(
                e.message.contains("the file ends before the puzzle does"),
                "cut at {cut}: {e}"
            );
            assert!(!e.message.starts_with("Expected"), "cut at {cut}: {e}");
            assert!(e.line.is_some(), "cut at {cut}: {e}");
        }
    }

    /// ron's own wording is replaced for the mistakes a hand edit makes.
    #[test]
    fn syntax_errors_are_in_plain_words() {
        for (text, says) in [
            (
                "(version 1, rows: [])",
                "expected `:` after the field's name",
            ),
            ("(version: 1 rows: [])", "expected `,` between"),
            ("(version: 1, rows: [\"_\" \"_\"])", "expected `,` between"),
            ("(version: \"1\", rows: [])", "expected a whole number"),
            ("(version: 1, rows: [_])", "expected a text in quotes"),
            (
                "(version: \"1\", rows: []) // a note",
                "expected a whole number",
            ),
            ("(version: 1, rows: []);", "Non-whitespace trailing"),
            ("{\"version\": 1}", "expected `(` to open the puzzle"),
        ] {
            let e = from_str(text).unwrap_err();
            assert!(e.message.starts_with(says), "{text:?}: {e}");
            assert!(!e.message.contains("ends before"), "{text:?}: {e}");
        }
    }

    #[test]
    fn saved_rows_must_be_one_per_grid_row() {
        let golden = include_str!("../../tests/golden/v2-play.ron");
        let cases = [
            (
                golden.replace("            \"1\",\n", ""),
                "the play digits have 2 rows; the grid has 3",
                Some(18),
            ),
            (
                golden.replace("            \".\",\n", "            \".\",\n \".\",\n"),
                "the pencil marks have 4 rows; the grid has 3",
                Some(27),
            ),
            (
                golden.replace("solution: None", "solution: Some([\"\"])"),
                "the solution has 1 row; the grid has 3",
                Some(11),
            ),
        ];
        for (text, says, line) in cases {
            let e = from_str(&text).unwrap_err();
            assert_eq!(e.message, says, "{text}");
            assert_eq!(e.line, line, "{e}\n{text}");
        }
    }

    #[test]
    fn solutions_must_fit_the_grid() {
        let text = to_string(&mini()).replace("\"238\"", "\"23\"");
        assert!(from_str(&text).is_err());
    }
}
