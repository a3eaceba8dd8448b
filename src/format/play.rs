//! A game in progress, as the `.ron` save keeps it: the player's digits and pencil marks, the
//! time played, the helps taken and the selected cell.

use crate::grid::Pos;

/// A player's game on a puzzle: what they wrote and how long they took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayRecord {
    /// Per white cell in reading order, the digit the player placed (0 for none).
    pub digits: Vec<u8>,
    /// Per white cell in reading order, the pencil marks (bit d for digit d; 0 for none).
    pub marks: Vec<u16>,
    /// Time played, in seconds.
    pub seconds: u64,
    /// Hints taken.
    pub hints: u32,
    /// Cells revealed.
    pub reveals: u32,
    /// Checks against the solution.
    pub checks: u32,
    /// Whether the player had the whole puzzle solved for them.
    pub solved: bool,
    /// The selected cell, where play goes on (`None` in files written before it was kept).
    pub cursor: Option<Pos>,
}

impl PlayRecord {
    /// Whether the player wrote nothing and took no time or help: not worth saving (wherever
    /// the cursor is).
    pub fn is_blank(&self) -> bool {
        self.digits.iter().all(|&d| d == 0)
            && self.marks.iter().all(|&m| m == 0)
            && self.seconds == 0
            && self.hints == 0
            && self.reveals == 0
            && self.checks == 0
            && !self.solved
    }
}

/// Reads a cell written as text is (`r3c4`, 1-based row and column).
pub(crate) fn read_cell(text: &str) -> Option<Pos> {
    let (row, col) = text.strip_prefix('r')?.split_once('c')?;
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<usize>().ok())
            .flatten()
            .filter(|&n| n >= 1)
    };
    Some(Pos::new(number(row)? - 1, number(col)? - 1))
}

/// One cell's marks as a token of a marks row: its digits ascending ("689"), `.` for none.
pub(crate) fn marks_token(mask: u16) -> String {
    let digits: String = (1..=9u8)
        .filter(|d| mask & (1 << d) != 0)
        .map(|d| char::from(b'0' + d))
        .collect();
    if digits.is_empty() {
        ".".into()
    } else {
        digits
    }
}

/// Reads a marks token: `.`, or digits 1–9 in any order. On error, the 0-based character index
/// of the bad character and what is wrong.
pub(crate) fn read_marks_token(token: &str) -> Result<u16, (usize, String)> {
    if token == "." {
        return Ok(0);
    }
    let mut mask = 0u16;
    for (i, ch) in token.chars().enumerate() {
        let what = crate::format::error::describe_char(ch);
        let message = match ch.to_digit(10) {
            Some(d @ 1..=9) => {
                mask |= 1 << d;
                continue;
            }
            // Said apart: "'.' is not a pencil mark (… or `.` for none)" contradicts itself.
            _ if ch == '.' => {
                "`.` (a cell without marks) stands alone: separate the cells with a space".into()
            }
            _ if ch.is_whitespace() => {
                format!("{what} cannot separate the cells' marks: use a space")
            }
            _ => format!("{what} is not a pencil mark (digits 1–9, or `.` for none)"),
        };
        return Err((i, message));
    }
    Ok(mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_tokens_round_trip() {
        for mask in [0u16, 0b10, 0b11_1111_1110, (1 << 6) | (1 << 8) | (1 << 9)] {
            assert_eq!(read_marks_token(&marks_token(mask)), Ok(mask));
        }
        assert_eq!(marks_token((1 << 6) | (1 << 8) | (1 << 9)), "689");
        assert_eq!(read_marks_token("x").unwrap_err().0, 0);
        assert_eq!(read_marks_token("10").unwrap_err().0, 1);
        // A dot or a tab inside a token: what to do, not that `.` is not a mark.
        let (at, message) = read_marks_token(".\t35").unwrap_err();
        assert_eq!(at, 0);
        assert_eq!(
            message,
            "`.` (a cell without marks) stands alone: separate the cells with a space"
        );
        let (at, message) = read_marks_token("35\t89").unwrap_err();
        assert_eq!(at, 2);
        assert_eq!(
            message,
            "a tab cannot separate the cells' marks: use a space"
        );
    }

    #[test]
    fn cells_read_as_they_are_written() {
        let pos = Pos::new(2, 11);
        assert_eq!(read_cell(&pos.to_string()), Some(pos));
        for bad in [
            "", "r", "r3", "c3", "r0c1", "r1c0", "r-1c2", "r1c2x", "R1C2", "r+1c2",
        ] {
            assert_eq!(read_cell(bad), None, "{bad}");
        }
    }
}
