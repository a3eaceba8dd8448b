//! A board in the classic printed look, the same as the SVG export's: thin lines, dark walls
//! split by a light diagonal, the down sum in the lower-left triangle and the across sum in the
//! upper-right one, digits centred in the white cells.

use crate::grid::{Cell, Grid};

use super::sheet::{Anchor, Gray, Sheet};

/// The SVG export's cell side: every place below is given in its units and scaled.
const SVG_CELL: f32 = 40.0;
/// The thinnest line worth printing, in points.
const HAIRLINE: f32 = 0.25;

/// How a board is printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Dark walls with white sums, as the SVG export draws them.
    #[default]
    Classic,
    /// Light grey walls with black sums, as printed puzzle books have them: less ink, and the
    /// sums read as the text they are.
    Light,
}

impl Style {
    /// Both, in the order a form offers them.
    pub const ALL: [Style; 2] = [Style::Classic, Style::Light];

    /// The name a person reads.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Classic => "Classic",
            Style::Light => "Light",
        }
    }

    /// A wall's fill, its diagonal and its sums.
    const fn wall(self) -> (Gray, Gray, Gray) {
        match self {
            Style::Classic => (Gray::INK, Gray::DIAGONAL, Gray::PAPER),
            Style::Light => (Gray::LIGHT_WALL, Gray::SOFT, Gray::INK),
        }
    }
}

/// Draws `grid` with its top-left corner at `(x, y)` and cells `cell` points wide. `digits`
/// (one per white cell in reading order, 0 for empty) fills the white cells: a solution, or a
/// player's digits.
pub fn draw_board(
    sheet: &mut Sheet,
    grid: &Grid,
    digits: Option<&[u8]>,
    corner: (f32, f32),
    cell: f32,
) {
    draw_board_in(sheet, grid, digits, corner, cell, Style::Classic);
}

/// [`draw_board`] in a [`Style`].
pub fn draw_board_in(
    sheet: &mut Sheet,
    grid: &Grid,
    digits: Option<&[u8]>,
    (x, y): (f32, f32),
    cell: f32,
    style: Style,
) {
    let (wall, diagonal, sums) = style.wall();
    let k = cell / SVG_CELL;
    let thin = k.max(HAIRLINE);
    let mut white = 0;
    for pos in grid.positions() {
        let left = x + pos.col as f32 * cell;
        let top = y + pos.row as f32 * cell;
        let at = |dx: f32, dy: f32| (left + dx * k, top + dy * k);
        match grid.get(pos) {
            Cell::Wall { down, across } => {
                sheet.rect((left, top, cell, cell), Some(wall), Some((Gray::INK, thin)));
                if down.is_some() || across.is_some() {
                    sheet.line((left, top), (left + cell, top + cell), diagonal, thin);
                }
                // Each sum centred in its triangle's widest part, clear of the diagonal.
                if let Some(clue) = down {
                    let text = clue.to_string();
                    sheet.text(at(12.0, 34.0), 16.0 * k, sums, Anchor::Middle, &text);
                }
                if let Some(clue) = across {
                    let text = clue.to_string();
                    sheet.text(at(28.0, 17.0), 16.0 * k, sums, Anchor::Middle, &text);
                }
            }
            Cell::White { shown } => {
                sheet.rect(
                    (left, top, cell, cell),
                    Some(Gray::PAPER),
                    Some((Gray::INK, thin)),
                );
                let digit = digits
                    .and_then(|d| d.get(white).copied())
                    .filter(|d| (1..=9).contains(d));
                white += 1;
                match (digit, shown) {
                    (Some(d), shown) => {
                        let text = d.to_string();
                        sheet.text(at(20.0, 29.0), 24.0 * k, Gray::INK, Anchor::Middle, &text);
                        if let Some(letter) = shown {
                            let text = letter.to_string();
                            sheet.text(at(7.0, 11.0), 9.0 * k, Gray::SOFT, Anchor::Middle, &text);
                        }
                    }
                    (None, Some(letter)) => {
                        let text = letter.to_string();
                        sheet.text(at(20.0, 29.0), 24.0 * k, Gray::SOFT, Anchor::Middle, &text);
                    }
                    (None, None) => {}
                }
            }
        }
    }
    sheet.rect(
        (
            x,
            y,
            grid.width() as f32 * cell,
            grid.height() as f32 * cell,
        ),
        None,
        Some((Gray::INK, 2.0 * thin)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;
    use crate::print::Mark;

    #[test]
    fn walls_clues_and_digits_in_the_svg_places() {
        let (grid, _) =
            kakuro_text::parse("\\   2\\ 4\\ \\\n\\13 __ __ _\n\\    \\ __ \\\n").unwrap();
        let mut sheet = Sheet::new(200.0, 200.0);
        draw_board(&mut sheet, &grid, Some(&[2, 3, 0, 1]), (10.0, 20.0), 40.0);
        let texts: Vec<&str> = sheet.texts().collect();
        assert_eq!(texts, ["2", "4", "13", "2", "3", "1"]);
        // The across 13 sits where the SVG puts it: (28, 17) in its cell.
        assert!(sheet.marks.iter().any(|m| matches!(m,
            Mark::Text { x, y, text, .. } if text == "13" && *x == 38.0 && *y == 20.0 + 40.0 + 17.0)));
        let diagonals = sheet
            .marks
            .iter()
            .filter(|m| matches!(m, Mark::Line { .. }))
            .count();
        assert_eq!(diagonals, 3);
    }
}
