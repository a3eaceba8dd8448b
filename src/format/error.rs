//! `FormatError`: what went wrong reading or writing a puzzle file, and where.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

/// A parse or I/O error with its place: Display is `FILE:LINE:COL: message` (or `FILE: message`
/// without a place; the parts that are unknown are left out).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FormatError {
    /// The file, when the text came from one.
    pub path: Option<PathBuf>,
    /// 1-based line.
    pub line: Option<usize>,
    /// 1-based column, counted in characters.
    pub col: Option<usize>,
    /// What is wrong, in plain English.
    pub message: String,
}

impl FormatError {
    /// An error about the whole text, without a place.
    pub fn new(message: impl Into<String>) -> FormatError {
        FormatError {
            path: None,
            line: None,
            col: None,
            message: message.into(),
        }
    }

    /// An error at a line and column (both 1-based).
    pub fn at(line: usize, col: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            path: None,
            line: Some(line),
            col: Some(col),
            message: message.into(),
        }
    }

    /// An error on a whole line.
    pub fn on_line(line: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            path: None,
            line: Some(line),
            col: None,
            message: message.into(),
        }
    }

    /// The same error, naming the file it came from.
    pub fn in_file(mut self, path: &Path) -> FormatError {
        self.path = Some(path.to_path_buf());
        self
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = Vec::new();
        if let Some(path) = &self.path {
            place.push(path.display().to_string());
        }
        if let Some(line) = self.line {
            place.push(line.to_string());
            if let Some(col) = self.col {
                place.push(col.to_string());
            }
        }
        // A file's bytes and name reach the terminal through this text: nothing in it may be
        // read by the terminal as a command.
        let message = printable(&self.message);
        if place.is_empty() {
            f.write_str(&message)
        } else {
            write!(f, "{}: {message}", printable(&place.join(":")))
        }
    }
}

/// The text with every character a terminal would not show as itself escaped the way Rust
/// writes it (`\u{1b}`, `\r`, `\0`, `\u{202e}`): control characters, invisible formatting,
/// direction overrides, and spaces that look like a plain space. Backslashes and quotes stay.
pub fn printable(text: &str) -> Cow<'_, str> {
    if text.chars().all(shows_as_itself) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if shows_as_itself(c) {
            out.push(c);
        } else {
            out.extend(c.escape_debug());
        }
    }
    Cow::Owned(out)
}

/// Whether a character prints as itself: Rust's own judgement (`escape_debug`), but for the
/// quotes and the backslash, which it escapes only to write string literals.
fn shows_as_itself(c: char) -> bool {
    matches!(c, '\\' | '\'' | '"') || c.escape_debug().len() == 1
}

/// The name of a character that would look like something else in a message (a byte-order
/// mark, a no-break space), with its code.
pub(crate) fn char_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{feff}' => "byte-order mark (U+FEFF)",
        '\u{a0}' => "no-break space (U+00A0)",
        '\u{202f}' => "narrow no-break space (U+202F)",
        '\u{200b}' => "zero-width space (U+200B)",
        '\t' => "tab",
        _ => return None,
    })
}

/// One character for a message: named when it would look like something else ("a no-break
/// space (U+00A0)"), else quoted when it prints as itself, else escaped (`\u{1b}`).
pub(crate) fn describe_char(c: char) -> String {
    match char_name(c) {
        Some(name) => format!("a {name}"),
        None if shows_as_itself(c) => format!("'{c}'"),
        None => c.escape_debug().to_string(),
    }
}

/// At most `max` characters of `text` for quoting in a message, with `…` when cut.
pub(crate) fn quote(text: &str, max: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(max).collect();
    let head = printable(&head);
    if chars.next().is_some() {
        format!("\"{head}…\"")
    } else {
        format!("\"{head}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_only_the_known_parts() {
        let e = FormatError::at(3, 7, "bad").in_file(Path::new("a.kakuro"));
        assert_eq!(e.to_string(), "a.kakuro:3:7: bad");
        assert_eq!(FormatError::at(3, 7, "bad").to_string(), "3:7: bad");
        assert_eq!(FormatError::on_line(3, "bad").to_string(), "3: bad");
        let e = FormatError::new("gone").in_file(Path::new("x.ron"));
        assert_eq!(e.to_string(), "x.ron: gone");
        assert_eq!(FormatError::new("gone").to_string(), "gone");
    }

    #[test]
    fn unprintable_characters_are_escaped_and_odd_spaces_named() {
        assert_eq!(
            printable("a\u{1b}]0;pwned\u{7}\r\0\u{b}\u{c}\u{202e}z \\ \"'é"),
            "a\\u{1b}]0;pwned\\u{7}\\r\\0\\u{b}\\u{c}\\u{202e}z \\ \"'é"
        );
        assert_eq!(describe_char('\u{feff}'), "a byte-order mark (U+FEFF)");
        assert_eq!(describe_char('\u{a0}'), "a no-break space (U+00A0)");
        assert_eq!(describe_char('\u{1b}'), "\\u{1b}");
        assert_eq!(describe_char('%'), "'%'");
        let e = FormatError::at(1, 2, "found \u{1b}[2J\r\n").in_file(Path::new("x\u{1b}.kakuro"));
        assert_eq!(e.to_string(), "x\\u{1b}.kakuro:1:2: found \\u{1b}[2J\\r\\n");
    }

    #[test]
    fn quotes_are_cut_long() {
        assert_eq!(quote("abc", 5), "\"abc\"");
        assert_eq!(quote("abcdef", 3), "\"abc…\"");
    }
}
