//! How the board shows a game: the player's digits and pencil marks, the selected cell's runs
//! and the cells sharing its digit lightly tinted, and mistakes marked by shape as well as
//! colour (a corner flag and a frame, not red alone). A hint shown on the game tints its run
//! and the digit it placed, and crosses out the marks it rubbed out, as the designer's board
//! does. Digits a help placed are in a colour of their own, so that the player sees afterwards
//! what they solved themselves.

use egui::{Align2, FontId, Painter, Rect, Shape, Stroke, StrokeKind, vec2};

use super::mistakes::Mistake;
use super::state::Game;
use crate::app::board::overlay::Lesson;
use crate::app::board::palette::{
    DIGIT, ERROR, FOCUS, GIVEN, MISTAKE, PENCIL, PLACED, RUN, SAME_DIGIT, WHITE,
};
use crate::solve::combos::Mask;
use crate::{Grid, Pos};

/// Under this cell size marks are dots in their slots; digits would be unreadable.
const MARK_DIGITS_FROM: f32 = 20.0;
/// Under this cell size even the dots would blur into one.
const MARKS_FROM: f32 = 6.0;

/// The tint behind a cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tint {
    /// None.
    #[default]
    Plain,
    /// In a run of the selected cell.
    Run,
    /// Holds the selected cell's digit.
    SameDigit,
}

/// What one white cell shows while playing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellLook {
    /// The placed digit (0 for none).
    pub digit: u8,
    /// The pencil marks, shown when there is no digit.
    pub marks: Mask,
    /// The tint behind it.
    pub tint: Tint,
    /// What is wrong with its digit.
    pub mistake: Mistake,
    /// The digit was placed by a help (Reveal, Hint, Solve), not typed.
    pub given: bool,
}

/// The look of every cell of the grid, row by row (walls stay default).
#[derive(Clone, Debug, Default)]
pub struct Look {
    width: usize,
    cells: Vec<CellLook>,
}

impl Look {
    /// The look of `game` with `cursor` selected and these `mistakes` (by cell).
    pub fn new(game: &Game, mistakes: &[Mistake], cursor: Pos) -> Look {
        let grid: &Grid = game.grid();
        let puzzle = game.puzzle();
        let mut cells = vec![CellLook::default(); grid.width() * grid.height()];
        let selected = puzzle.cell_at(cursor);
        let selected_digit = selected.map_or(0, |c| game.digit(c));
        let mut in_runs = vec![false; puzzle.cells().len()];
        if let Some(cell) = selected {
            for run in puzzle.cell(cell).runs() {
                for c in &puzzle.run(run).cells {
                    in_runs[c.index()] = true;
                }
            }
        }
        for (i, cell) in puzzle.cells().iter().enumerate() {
            let id = crate::CellId(i as u32);
            let digit = game.digit(id);
            let tint = if selected_digit != 0 && digit == selected_digit {
                Tint::SameDigit
            } else if in_runs[i] {
                Tint::Run
            } else {
                Tint::Plain
            };
            cells[grid.index(cell.pos)] = CellLook {
                digit,
                marks: game.marks(id),
                tint,
                mistake: mistakes.get(i).copied().unwrap_or_default(),
                given: digit != 0 && game.position().given.get(i).copied().unwrap_or(false),
            };
        }
        Look {
            width: grid.width(),
            cells,
        }
    }

    /// The look of the cell at `pos`.
    pub fn get(&self, pos: Pos) -> CellLook {
        if pos.col >= self.width {
            return CellLook::default();
        }
        self.cells
            .get(pos.row * self.width + pos.col)
            .copied()
            .unwrap_or_default()
    }

    /// Paints the white cell at `pos` into `rect` (`line` is the grid lines' width); `text`
    /// says whether cells are big enough for digits. `lesson` is what a shown hint says of the
    /// cell (the board outlines its cause cells).
    pub fn paint(
        &self,
        painter: &Painter,
        rect: Rect,
        pos: Pos,
        line: f32,
        text: bool,
        lesson: Lesson,
    ) {
        let look = self.get(pos);
        let fill = match look.tint {
            _ if lesson.placed => PLACED,
            _ if lesson.focus => FOCUS,
            Tint::Plain => WHITE,
            Tint::Run => RUN,
            Tint::SameDigit => SAME_DIGIT,
        };
        painter.rect_filled(rect.shrink(line / 2.0), 0.0, fill);
        let s = rect.width();
        if look.mistake.any() {
            paint_mistake(painter, rect, line);
        }
        if look.digit != 0 && text {
            let color = match (look.mistake.any(), look.given) {
                (true, _) => MISTAKE,
                (false, true) => GIVEN,
                (false, false) => DIGIT,
            };
            let font = FontId::proportional((s * 0.6).round());
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                look.digit,
                font,
                color,
            );
            if look.given {
                // A bar under the digit as well as its colour, for every colour vision.
                let y = rect.center().y + s * 0.3;
                let half = s * 0.14;
                painter.line_segment(
                    [
                        egui::pos2(rect.center().x - half, y),
                        egui::pos2(rect.center().x + half, y),
                    ],
                    Stroke::new((s * 0.04).max(1.0), GIVEN),
                );
            }
        } else if look.digit == 0 && (look.marks | lesson.struck) != 0 && s >= MARKS_FROM {
            paint_marks(painter, rect, look.marks, lesson.struck);
        }
    }

    /// What a screen reader adds to the cell's name: its marks, a help's digit and mistakes.
    pub fn describe(&self, pos: Pos) -> String {
        let look = self.get(pos);
        let mut text = String::new();
        if look.digit == 0 && look.marks != 0 {
            text += &format!(", marks {}", super::candidates::set_text(look.marks));
        }
        if look.given {
            text += ", given by a help";
        }
        if look.mistake.any() {
            text += &format!(", mistake: {}", look.mistake.describe());
        }
        text
    }
}

/// A mistake's frame and corner flag over the cell in `rect` (`line` is the grid lines' width).
pub(crate) fn paint_mistake(painter: &Painter, rect: Rect, line: f32) {
    let s = rect.width();
    let width = (s * 0.06).clamp(1.5, 3.0);
    painter.rect_stroke(
        rect.shrink(line),
        0.0,
        Stroke::new(width, MISTAKE),
        StrokeKind::Inside,
    );
    // The flag: a triangle in the top-left corner, seen without any colour vision.
    let inner = rect.shrink(line);
    let size = s * 0.3;
    let flag = vec![
        inner.left_top(),
        inner.left_top() + vec2(size, 0.0),
        inner.left_top() + vec2(0.0, size),
    ];
    painter.add(Shape::convex_polygon(flag, MISTAKE, Stroke::NONE));
}

/// Pencil marks in fixed slots of a 3 × 3 block (digit d in the d-th), at whole-point font sizes
/// on whole-point centres so that they stay sharp; too small for digits, a dot in each slot.
/// The `struck` ones (a hint rubbed them out) are crossed out in the error colour.
fn paint_marks(painter: &Painter, rect: Rect, marks: Mask, struck: Mask) {
    let s = rect.width();
    let slot = s / 3.4;
    let centre = rect.center();
    let digits = s >= MARK_DIGITS_FROM;
    let font = FontId::proportional((s * 0.25).round().max(6.0));
    for d in 1..=9u8 {
        let gone = struck & (1 << d) != 0;
        if marks & (1 << d) == 0 && !gone {
            continue;
        }
        let color = if gone { ERROR } else { PENCIL };
        let (row, col) = (f32::from((d - 1) / 3), f32::from((d - 1) % 3));
        let at = centre + vec2((col - 1.0) * slot, (row - 1.0) * slot);
        let at = egui::pos2(at.x.round(), at.y.round());
        if digits {
            painter.text(at, Align2::CENTER_CENTER, d, font.clone(), color);
        } else {
            painter.circle_filled(at, (s * 0.06).max(0.8), color);
        }
        if gone {
            let half = vec2(slot, slot) * 0.35;
            let stroke = Stroke::new((s * 0.03).max(1.0), ERROR);
            painter.line_segment([at - half, at + half], stroke);
        }
    }
}
