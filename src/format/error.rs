//! `FormatError`: what went wrong reading or writing a puzzle file, and where.

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
        if place.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", place.join(":"), self.message)
        }
    }
}

/// At most `max` characters of `text` for quoting in a message, with `…` when cut.
pub(crate) fn quote(text: &str, max: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(max).collect();
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
    fn quotes_are_cut_long() {
        assert_eq!(quote("abc", 5), "\"abc\"");
        assert_eq!(quote("abcdef", 3), "\"abc…\"");
    }
}
