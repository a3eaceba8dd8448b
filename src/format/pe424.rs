//! Project Euler 424 cryptic Kakuro lines (see docs/formats.md).
//!
//! One puzzle per line: `N,` then N×N comma-separated tokens row by row; commas inside
//! parentheses don't split. `X` is a wall, `O` an empty white cell, `A`–`J` a white cell showing
//! that letter, `(hXY,vZ)` a wall with an across (`h`) and/or down (`v`) clue of one or two
//! letters. Spaces around tokens, CRLF line ends, blank lines and `#` comment lines are accepted.
//! Files may use the extension `.pe424`; other files are recognised by their first line (see
//! [`crate::format::Format::sniff`]).

use crate::format::error::{FormatError, describe_char};
use crate::format::source::SourceMap;
use crate::grid::{Cell, Cipher, Clue, Grid, Letter, MAX_SIDE};

/// Reads one puzzle line; errors are placed on line 1.
pub fn parse_line(line: &str) -> Result<Grid, FormatError> {
    parse_mapped(line, 1).map(|(grid, _)| grid)
}

/// Reads every puzzle of a file, one per non-blank line, in order.
pub fn parse_file(text: &str) -> Result<Vec<Grid>, FormatError> {
    puzzle_lines(text)
        .map(|(line_no, line)| parse_mapped(line, line_no).map(|(grid, _)| grid))
        .collect()
}

/// The first puzzle of a file and where its tokens are.
pub(crate) fn parse_first(text: &str) -> Result<(Grid, SourceMap), FormatError> {
    match puzzle_lines(text).next() {
        Some((line_no, line)) => parse_mapped(line, line_no),
        None => Err(FormatError::new("the file holds no puzzle")),
    }
}

/// The lines that hold puzzles, with their 1-based numbers and without a trailing CR.
fn puzzle_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n').enumerate().filter_map(|(i, raw)| {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let content = line.trim_matches([' ', '\t']);
        (!content.is_empty() && !content.starts_with('#')).then_some((i + 1, line))
    })
}

/// A cursor over one line, reporting errors at 1-based columns of `line_no`.
struct Reader<'a> {
    line: &'a str,
    bytes: &'a [u8],
    line_no: usize,
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.i).copied()
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// The 1-based column of the cursor. Everything before it is ASCII (the reader steps only
    /// over the ASCII bytes it matched), so the byte offset is the column: counting characters
    /// instead would make reading a long line quadratic.
    fn col(&self) -> usize {
        self.i + 1
    }

    fn error(&self, message: impl Into<String>) -> FormatError {
        FormatError::at(self.line_no, self.col(), message)
    }

    /// "found 'x'" or "found the end of the line", for messages.
    fn found(&self) -> String {
        match self.line.get(self.i..).and_then(|rest| rest.chars().next()) {
            None => "found the end of the line".into(),
            Some(c) => format!("found {}", describe_char(c)),
        }
    }

    fn letter(&self) -> Option<Letter> {
        self.peek().and_then(|b| Letter::from_char(b as char))
    }
}

/// Reads the line `line_no` of a file.
pub(crate) fn parse_mapped(line: &str, line_no: usize) -> Result<(Grid, SourceMap), FormatError> {
    let mut r = Reader {
        line,
        bytes: line.as_bytes(),
        line_no,
        i: 0,
    };
    r.skip_spaces();
    let start = r.i;
    let mut n: usize = 0;
    while let Some(b @ b'0'..=b'9') = r.peek() {
        n = n * 10 + usize::from(b - b'0');
        if n > MAX_SIDE {
            r.i = start;
            return Err(r.error(format!("the size is over {MAX_SIDE}")));
        }
        r.i += 1;
    }
    if r.i == start {
        return Err(r.error(format!(
            "expected the grid size N (a PE 424 line starts with `N,`), {}",
            r.found()
        )));
    }
    if n == 0 {
        r.i = start;
        return Err(r.error("the size is 0"));
    }
    r.skip_spaces();
    if r.peek() != Some(b',') {
        return Err(r.error(format!("expected a comma after the size, {}", r.found())));
    }
    r.i += 1;
    let total = n * n;
    let mut cells = Vec::with_capacity(total);
    let mut cols = Vec::with_capacity(total);
    loop {
        r.skip_spaces();
        cols.push(r.col());
        cells.push(token(&mut r)?);
        r.skip_spaces();
        match r.peek() {
            None if cells.len() == total => break,
            None => {
                return Err(r.error(format!(
                    "expected {n}×{n} = {total} cells, found {}",
                    cells.len()
                )));
            }
            Some(b',') if cells.len() == total => {
                return Err(r.error(format!("more than {n}×{n} = {total} cells")));
            }
            Some(b',') => r.i += 1,
            Some(_) => return Err(r.error(format!("expected a comma, {}", r.found()))),
        }
    }
    let mut grid = Grid::new(n, n);
    let mut map = SourceMap::new(n);
    for (row, (row_cells, row_cols)) in cells.chunks(n).zip(cols.chunks(n)).enumerate() {
        for (col, &cell) in row_cells.iter().enumerate() {
            grid.set(crate::Pos::new(row, col), cell);
        }
        map.push_row(line_no, row_cols.to_vec());
    }
    Ok((grid, map))
}

/// Reads one token at the cursor.
fn token(r: &mut Reader<'_>) -> Result<Cell, FormatError> {
    let cell = match r.peek() {
        Some(b'X') => Cell::WALL,
        Some(b'O') => Cell::WHITE,
        Some(b'(') => return clues(r),
        _ => match r.letter() {
            Some(letter) => Cell::White {
                shown: Some(letter),
            },
            None => {
                return Err(r.error(format!(
                    "expected a cell (X, O, a letter A–J or a clue in parentheses), {}",
                    r.found()
                )));
            }
        },
    };
    r.i += 1;
    Ok(cell)
}

/// Reads `(hXY,vZ)`: one or both clues, each once.
fn clues(r: &mut Reader<'_>) -> Result<Cell, FormatError> {
    r.i += 1;
    let (mut down, mut across) = (None, None);
    loop {
        r.skip_spaces();
        let slot = match r.peek() {
            Some(b'h') => &mut across,
            Some(b'v') => &mut down,
            _ => {
                return Err(r.error(format!(
                    "expected a clue starting with h (across) or v (down), {}",
                    r.found()
                )));
            }
        };
        if slot.is_some() {
            return Err(r.error("the same direction is given twice"));
        }
        r.i += 1;
        let Some(first) = r.letter() else {
            return Err(r.error(format!("expected a letter A–J, {}", r.found())));
        };
        r.i += 1;
        let cipher = match r.letter() {
            Some(units) => {
                r.i += 1;
                Cipher {
                    tens: Some(first),
                    units,
                }
            }
            None => Cipher {
                tens: None,
                units: first,
            },
        };
        *slot = Some(Clue::Cipher(cipher));
        r.skip_spaces();
        match r.peek() {
            Some(b',') => r.i += 1,
            Some(b')') => {
                r.i += 1;
                return Ok(Cell::Wall { down, across });
            }
            _ => {
                return Err(r.error(format!(
                    "expected ',' or ')' after a clue of one or two letters, {}",
                    r.found()
                )));
            }
        }
    }
}

/// A cryptic grid as a PE 424 line; `None` if it is not square, empty, or has numeric sums.
pub fn write_line(grid: &Grid) -> Option<String> {
    let n = grid.width();
    if n == 0 || grid.height() != n {
        return None;
    }
    let mut tokens = Vec::with_capacity(n * n + 1);
    tokens.push(n.to_string());
    for row in grid.rows() {
        for cell in row {
            tokens.push(match *cell {
                Cell::White { shown: None } => "O".to_string(),
                Cell::White { shown: Some(l) } => l.to_string(),
                Cell::Wall {
                    down: None,
                    across: None,
                } => "X".to_string(),
                Cell::Wall { down, across } => {
                    let mut parts = Vec::new();
                    for (tag, clue) in [('h', across), ('v', down)] {
                        match clue {
                            None => {}
                            Some(Clue::Cipher(c)) => {
                                parts.push(format!("{tag}{}", Clue::Cipher(c)))
                            }
                            Some(Clue::Sum(_)) => return None,
                        }
                    }
                    format!("({})", parts.join(","))
                }
            });
        }
    }
    Some(tokens.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pos;

    const FIRST: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

    #[test]
    fn the_first_published_puzzle() {
        let g = parse_line(FIRST).unwrap();
        assert_eq!((g.width(), g.height()), (6, 6));
        let cc = Clue::Cipher(Cipher {
            tens: Some(Letter::from_char('C').unwrap()),
            units: Letter::from_char('C').unwrap(),
        });
        assert_eq!(
            g.get(Pos::new(0, 2)),
            Cell::Wall {
                down: Some(cc),
                across: None
            }
        );
        assert_eq!(
            g.get(Pos::new(1, 2)),
            Cell::White {
                shown: Letter::from_char('B')
            }
        );
        assert_eq!(write_line(&g).as_deref(), Some(FIRST));
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_file("\n6,X,Y").unwrap_err();
        assert_eq!((e.line, e.col), (Some(2), Some(5)));
        let e = parse_line("2,X,O,O").unwrap_err();
        assert_eq!(e.message, "expected 2×2 = 4 cells, found 3");
        let e = parse_line("1,(hA,hB)").unwrap_err();
        assert_eq!(e.col, Some(7));
        assert!(parse_line("1,X,X").is_err());
        assert!(parse_line("1,(hABC)").is_err());
        assert!(parse_line("1,()").is_err());
        assert!(parse_line("99999999999999999999,X").is_err());
        assert!(parse_line("0,").is_err());
    }
}
