//! SVG pictures of a grid in the look of classic printed Kakuro: white cells, dark walls split
//! by a diagonal from top-left to bottom-right, the down sum in the lower-left triangle, the
//! across sum in the upper-right one, digits centred. Output is deterministic.

use std::fmt::Write;

use crate::grid::{Cell, Grid, Pos};
use crate::puzzle::Puzzle;

/// Side of one cell, in SVG user units.
const CELL: usize = 40;
/// Clue size: two digits fill most of their triangle, readable when printed at 1 cm a cell.
const CLUE_SIZE: usize = 16;
/// The title's and the author's line above the board.
const TITLE_SIZE: usize = 20;
const AUTHOR_SIZE: usize = 14;
/// Room around the board for the outer border's stroke.
const MARGIN: usize = 2;
const INK: &str = "#222222";
const PAPER: &str = "#ffffff";
const CLUE_INK: &str = "#ffffff";
const DIAGONAL: &str = "#bbbbbb";
const LETTER_INK: &str = "#666666";

/// The empty puzzle.
pub fn puzzle(grid: &Grid) -> String {
    picture(grid, &Heading::default(), |_| None)
}

/// The empty puzzle under its title and author (each left out when empty).
pub fn titled(grid: &Grid, title: &str, author: &str) -> String {
    let heading = Heading {
        title: title.trim(),
        author: author.trim(),
    };
    picture(grid, &heading, |_| None)
}

/// The lines above the board.
#[derive(Default)]
struct Heading<'a> {
    title: &'a str,
    author: &'a str,
}

impl Heading<'_> {
    /// The lines with their font sizes and weights.
    fn lines(&self) -> Vec<(&str, usize, &'static str)> {
        let mut lines = Vec::new();
        if !self.title.is_empty() {
            lines.push((self.title, TITLE_SIZE, "bold"));
        }
        if !self.author.is_empty() {
            lines.push((self.author, AUTHOR_SIZE, "normal"));
        }
        lines
    }

    /// Room the lines take above the board.
    fn height(&self) -> usize {
        let lines = self.lines();
        if lines.is_empty() {
            return 0;
        }
        lines
            .iter()
            .map(|(_, size, _)| size + size / 2)
            .sum::<usize>()
            + 6
    }

    /// How wide the longest line is, at most (a glyph is under 0.7 of its size wide).
    fn width(&self) -> usize {
        let lines = self.lines();
        let widest = lines
            .iter()
            .map(|(text, size, _)| text.chars().count() * size * 7 / 10);
        widest.max().unwrap_or(0)
    }
}

/// The puzzle with each white cell's digit (`digits` by the puzzle's cell ids; 0 leaves the
/// cell empty).
pub fn solved(grid: &Grid, puzzle: &Puzzle, digits: &[u8]) -> String {
    picture(grid, &Heading::default(), |pos| {
        puzzle
            .cell_at(pos)
            .and_then(|id| digits.get(id.index()).copied())
            .filter(|d| (1..=9).contains(d))
    })
}

/// The puzzle under its title and author (each left out when empty), with `digits` (one per
/// white cell in reading order, 0 for empty) in its white cells.
pub fn titled_solved(grid: &Grid, title: &str, author: &str, digits: &[u8]) -> String {
    let heading = Heading {
        title: title.trim(),
        author: author.trim(),
    };
    let mut at = vec![None; grid.width() * grid.height()];
    let whites = grid.positions().filter(|&pos| grid.is_white(pos));
    for (pos, &digit) in whites.zip(digits) {
        at[pos.row * grid.width() + pos.col] = Some(digit).filter(|d| (1..=9).contains(d));
    }
    picture(grid, &heading, |pos| at[pos.row * grid.width() + pos.col])
}

fn picture(grid: &Grid, heading: &Heading<'_>, digit: impl Fn(Pos) -> Option<u8>) -> String {
    let top = heading.height();
    let width = (grid.width() * CELL).max(heading.width()) + 2 * MARGIN;
    let height = top + grid.height() * CELL + 2 * MARGIN;
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, Arial, sans-serif">"#
    );
    let _ = writeln!(
        s,
        r#"<rect x="0" y="0" width="{width}" height="{height}" fill="{PAPER}"/>"#
    );
    let mut baseline = 0;
    for (line, size, weight) in heading.lines() {
        baseline += size + size / 4;
        let _ = writeln!(
            s,
            r#"<text x="{MARGIN}" y="{baseline}" font-size="{size}" font-weight="{weight}" fill="{INK}">{}</text>"#,
            escape(line)
        );
        baseline += size / 4;
    }
    for pos in grid.positions() {
        let x = MARGIN + pos.col * CELL;
        let y = top + MARGIN + pos.row * CELL;
        match grid.get(pos) {
            Cell::Wall { down, across } => {
                let _ = writeln!(
                    s,
                    r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{INK}" stroke="{INK}"/>"#
                );
                if down.is_some() || across.is_some() {
                    let _ = writeln!(
                        s,
                        r#"<line x1="{x}" y1="{y}" x2="{}" y2="{}" stroke="{DIAGONAL}" stroke-width="1"/>"#,
                        x + CELL,
                        y + CELL
                    );
                }
                // Each sum centred in its triangle's widest part, clear of the diagonal.
                if let Some(clue) = down {
                    text(
                        &mut s,
                        x + 12,
                        y + 34,
                        CLUE_SIZE,
                        CLUE_INK,
                        &clue.to_string(),
                    );
                }
                if let Some(clue) = across {
                    text(
                        &mut s,
                        x + 28,
                        y + 17,
                        CLUE_SIZE,
                        CLUE_INK,
                        &clue.to_string(),
                    );
                }
            }
            Cell::White { shown } => {
                let _ = writeln!(
                    s,
                    r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{PAPER}" stroke="{INK}"/>"#
                );
                match (digit(pos), shown) {
                    (Some(d), shown) => {
                        text(&mut s, x + 20, y + 29, 24, INK, &d.to_string());
                        if let Some(letter) = shown {
                            text(&mut s, x + 7, y + 11, 9, LETTER_INK, &letter.to_string());
                        }
                    }
                    (None, Some(letter)) => {
                        text(&mut s, x + 20, y + 29, 24, LETTER_INK, &letter.to_string());
                    }
                    (None, None) => {}
                }
            }
        }
    }
    let _ = writeln!(
        s,
        r#"<rect x="{MARGIN}" y="{}" width="{}" height="{}" fill="none" stroke="{INK}" stroke-width="2"/>"#,
        top + MARGIN,
        grid.width() * CELL,
        grid.height() * CELL
    );
    s.push_str("</svg>\n");
    s
}

/// A centred text element; the baseline is at `y`.
fn text(s: &mut String, x: usize, y: usize, size: usize, fill: &str, content: &str) {
    let _ = writeln!(
        s,
        r#"<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="middle">{}</text>"#,
        escape(content)
    );
}

/// Text made safe for XML content and attribute values. A character XML 1.0 does not allow
/// at all (a control character other than tab and line breaks, U+FFFE, U+FFFF), not even as a
/// reference, is written as Rust writes it (`\u{1b}`), as messages show it.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if (c < ' ' && !matches!(c, '\t' | '\n' | '\r'))
                || matches!(c, '\u{fffe}' | '\u{ffff}') =>
            {
                out.extend(c.escape_unicode());
            }
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    #[test]
    fn a_small_puzzle_and_its_solution() {
        let (grid, _) =
            kakuro_text::parse("\\   2\\ 4\\ \\\n\\13 __ __ _\n\\    \\ __ \\\n").unwrap();
        let svg = puzzle(&grid);
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 164 124\"")
        );
        assert!(svg.contains(">13</text>"));
        assert_eq!(svg.matches("<line").count(), 3);
        assert_eq!(svg, puzzle(&grid));
        let p = Puzzle::from_grid(&grid).unwrap();
        let solved = solved(&grid, &p, &[2, 3, 8, 1]);
        assert!(solved.contains(">8</text>"));
    }

    #[test]
    fn a_title_and_author_head_the_picture() {
        let (grid, _) = kakuro_text::parse("\\   3\\\n\\3 __\n").unwrap();
        let plain = puzzle(&grid);
        assert_eq!(titled(&grid, "", " "), plain);
        let svg = titled(&grid, "Tiny & small", "A. Setter");
        assert!(svg.contains(">Tiny &amp; small</text>"), "{svg}");
        assert!(svg.contains(">A. Setter</text>"), "{svg}");
        // The board moves down under them, and the picture is wide enough for the title.
        assert!(svg.contains("viewBox=\"0 0 172 141\""), "{svg}");
        assert!(
            svg.contains("font-size=\"16\""),
            "clues large enough to print"
        );
    }

    #[test]
    fn a_titled_solution() {
        let (grid, _) = kakuro_text::parse("\\   3\\\n\\3 __\n").unwrap();
        let svg = titled_solved(&grid, "Tiny", "", &[3]);
        assert!(
            svg.contains(">Tiny</text>") && svg.contains(">3</text>"),
            "{svg}"
        );
        assert_eq!(
            svg.matches(">3</text>").count(),
            3,
            "two clues and the digit"
        );
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        // Not allowed in XML at all: written out as text.
        assert_eq!(
            escape("a\u{1b}[31m\u{0}\u{ffff}\tb"),
            "a\\u{1b}[31m\\u{0}\\u{ffff}\tb"
        );
    }
}
