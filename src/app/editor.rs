//! Edit operations on the sheet: painting cells, typing clues and digits, resizing, undo/redo.
//!
//! Every public operation that changes the sheet records exactly one undo step (or merges into
//! the step it continues), so undo always takes back a whole user action.

use egui::{Event, Key, Modifiers};

use super::history::{History, MergeKey, Snapshot};
use super::sheet::{FillReport, Sheet};
use crate::{Cell, Clue, Direction, Grid, Pos};

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Click or drag to paint white cells and walls.
    Draw,
    /// Click to select; type the selected wall's clues.
    Clues,
    /// Click to select; type digits into white cells (design from digits).
    Digits,
}

impl Tool {
    /// Every tool, in the order the tool panel lists them.
    pub const ALL: [Tool; 3] = [Tool::Draw, Tool::Clues, Tool::Digits];

    /// The name on its button.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Draw => "Draw",
            Tool::Clues => "Clues",
            Tool::Digits => "Digits",
        }
    }
}

/// A drag that paints: every cell it crosses takes the kind the first cell was switched to.
struct Stroke {
    before: Snapshot,
    white: bool,
    last: Pos,
}

/// A grid side, for adding and removing rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Row 1.
    Top,
    /// The last row.
    Bottom,
    /// Column 1.
    Left,
    /// The last column.
    Right,
}

/// The sheet being edited and the editing state around it.
pub struct Editor {
    sheet: Sheet,
    history: History,
    /// The selected cell.
    pub cursor: Pos,
    /// What a click does.
    pub tool: Tool,
    /// Which clue of the selected wall typing goes into.
    pub field: Direction,
    /// Paint the cell opposite (180° rotation) too.
    pub symmetric: bool,
    stroke: Option<Stroke>,
    generation: u64,
}

impl Editor {
    /// An editor on `sheet`, with an empty history.
    pub fn new(sheet: Sheet) -> Editor {
        Editor {
            sheet,
            history: History::default(),
            cursor: Pos::default(),
            tool: Tool::Draw,
            field: Direction::Down,
            symmetric: false,
            stroke: None,
            generation: 0,
        }
    }

    /// The sheet as it is now.
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// The grid as it is now.
    pub fn grid(&self) -> &Grid {
        &self.sheet.grid
    }

    /// A number that changes whenever the sheet does (for caches such as validation).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Replaces the whole sheet (a new or opened puzzle); the history starts afresh.
    pub fn replace(&mut self, sheet: Sheet) {
        self.sheet = sheet;
        self.history = History::default();
        self.stroke = None;
        self.cursor = Pos::default();
        self.generation += 1;
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            sheet: self.sheet.clone(),
            cursor: self.cursor,
        }
    }

    /// Runs `edit` as one undoable action; it returns whether it changed anything.
    fn act(&mut self, key: Option<MergeKey>, edit: impl FnOnce(&mut Self) -> bool) -> bool {
        let before = self.snapshot();
        if edit(self) {
            self.history.record(before, key);
            self.generation += 1;
            true
        } else {
            false
        }
    }

    /// Moves the selection to `pos` (clamped to the board).
    pub fn select(&mut self, pos: Pos) {
        let grid = self.grid();
        let pos = Pos::new(
            pos.row.min(grid.height().saturating_sub(1)),
            pos.col.min(grid.width().saturating_sub(1)),
        );
        if pos != self.cursor {
            self.history.break_merge();
        }
        self.cursor = pos;
    }

    /// Moves the selection by whole cells.
    pub fn move_cursor(&mut self, d_row: isize, d_col: isize) {
        let row = self.cursor.row.saturating_add_signed(d_row);
        let col = self.cursor.col.saturating_add_signed(d_col);
        self.select(Pos::new(row, col));
    }

    fn mirror(&self, pos: Pos) -> Pos {
        let g = self.grid();
        Pos::new(g.height() - 1 - pos.row, g.width() - 1 - pos.col)
    }

    fn paint(&mut self, pos: Pos, white: bool) {
        self.sheet.set_white(pos, white);
        if self.symmetric && self.grid().contains(pos) {
            let m = self.mirror(pos);
            self.sheet.set_white(m, white);
        }
    }

    /// Starts a paint stroke at `pos`: the cell flips, and cells dragged over follow it.
    pub fn begin_stroke(&mut self, pos: Pos) {
        if !self.grid().contains(pos) {
            return;
        }
        let before = self.snapshot();
        let white = !self.grid().is_white(pos);
        self.select(pos);
        self.paint(pos, white);
        self.stroke = Some(Stroke {
            before,
            white,
            last: pos,
        });
        self.generation += 1;
    }

    /// Continues the stroke to `pos`, painting every cell on the straight line from the last one
    /// (a fast drag skips no cells).
    pub fn extend_stroke(&mut self, pos: Pos) {
        let Some(stroke) = &self.stroke else { return };
        if !self.grid().contains(pos) || pos == stroke.last {
            return;
        }
        let (white, last) = (stroke.white, stroke.last);
        let (r0, c0) = (last.row as f32, last.col as f32);
        let (r1, c1) = (pos.row as f32, pos.col as f32);
        let steps = (r1 - r0).abs().max((c1 - c0).abs()) as usize;
        for i in 1..=steps {
            let t = i as f32 / steps as f32;
            let p = Pos::new(
                (r0 + (r1 - r0) * t).round() as usize,
                (c0 + (c1 - c0) * t).round() as usize,
            );
            self.paint(p, white);
        }
        self.cursor = pos;
        if let Some(stroke) = &mut self.stroke {
            stroke.last = pos;
        }
        self.generation += 1;
    }

    /// Ends the stroke: everything it painted is one undo step.
    pub fn end_stroke(&mut self) {
        if let Some(stroke) = self.stroke.take()
            && stroke.before.sheet != self.sheet
        {
            self.history.record(stroke.before, None);
        }
    }

    /// Whether a paint stroke is under way.
    pub fn stroking(&self) -> bool {
        self.stroke.is_some()
    }

    /// Flips the selected cell between white and wall (one step).
    pub fn toggle_cursor(&mut self) {
        let pos = self.cursor;
        self.begin_stroke(pos);
        self.end_stroke();
    }

    /// Types digit `d`: into the selected wall's active clue, or into the selected white cell in
    /// the Digits tool.
    pub fn type_digit(&mut self, d: u8) {
        let pos = self.cursor;
        match self.grid().get(pos) {
            Cell::Wall { .. } => {
                let key = MergeKey::Clue(pos, self.field);
                let old = match self.grid().get(pos).clue(self.field) {
                    Some(Clue::Sum(n)) if self.history.continues(key) => u32::from(n),
                    _ => 0,
                };
                let mut value = old * 10 + u32::from(d);
                if value > 45 {
                    // Too big to continue: start a new number, but "0" cannot start one.
                    if d == 0 {
                        return;
                    }
                    value = u32::from(d);
                }
                let clue = (value > 0).then_some(Clue::Sum(value as u8));
                let field = self.field;
                self.act(Some(key), |e| e.sheet.set_clue(pos, field, clue));
            }
            Cell::White { .. } if self.tool == Tool::Digits => {
                self.act(Some(MergeKey::Digit(pos)), |e| e.sheet.set_digit(pos, d));
            }
            Cell::White { .. } => {}
        }
    }

    /// Backspace: drops the last digit of the active clue, or clears the cell's digit.
    pub fn backspace(&mut self) {
        let pos = self.cursor;
        let field = self.field;
        match self.grid().get(pos).clue(field) {
            Some(Clue::Sum(n)) => {
                let clue = (n >= 10).then_some(Clue::Sum(n / 10));
                let key = MergeKey::Clue(pos, field);
                self.act(Some(key), |e| e.sheet.set_clue(pos, field, clue));
            }
            Some(Clue::Cipher(_)) => {
                self.act(None, |e| e.sheet.set_clue(pos, field, None));
            }
            None => {
                self.act(None, |e| e.sheet.set_digit(pos, 0));
            }
        }
    }

    /// Delete: clears the active clue of the selected wall, or the selected cell's digit.
    pub fn delete(&mut self) {
        let (pos, field) = (self.cursor, self.field);
        self.act(None, |e| {
            e.sheet.set_clue(pos, field, None) | e.sheet.set_digit(pos, 0)
        });
    }

    /// Tab: switches between the down and the across clue.
    pub fn switch_field(&mut self) {
        self.field = match self.field {
            Direction::Down => Direction::Across,
            Direction::Across => Direction::Down,
        };
        self.history.break_merge();
    }

    /// Adds a row or column of walls at `edge`.
    pub fn grow(&mut self, edge: Edge) {
        self.act(None, |e| {
            let (w, h) = (e.grid().width(), e.grid().height());
            match edge {
                Edge::Top => e.sheet.insert_row(0),
                Edge::Bottom => e.sheet.insert_row(h),
                Edge::Left => e.sheet.insert_col(0),
                Edge::Right => e.sheet.insert_col(w),
            }
            match edge {
                Edge::Top => e.cursor.row += 1,
                Edge::Left => e.cursor.col += 1,
                _ => {}
            }
            true
        });
    }

    /// Removes the row or column at `edge` (never the last one).
    pub fn shrink(&mut self, edge: Edge) {
        let changed = self.act(None, |e| {
            let (w, h) = (e.grid().width(), e.grid().height());
            let vertical = matches!(edge, Edge::Top | Edge::Bottom);
            if (vertical && h <= 1) || (!vertical && w <= 1) {
                return false;
            }
            match edge {
                Edge::Top => e.sheet.remove_row(0),
                Edge::Bottom => e.sheet.remove_row(h - 1),
                Edge::Left => e.sheet.remove_col(0),
                Edge::Right => e.sheet.remove_col(w - 1),
            }
            true
        });
        if changed {
            let c = self.cursor;
            let c = match edge {
                Edge::Top => Pos::new(c.row.saturating_sub(1), c.col),
                Edge::Left => Pos::new(c.row, c.col.saturating_sub(1)),
                _ => c,
            };
            self.select(c);
        }
    }

    /// Design from digits: writes every clue from the digits of its run (one step).
    pub fn fill_clues(&mut self) -> FillReport {
        let mut report = FillReport::default();
        self.act(None, |e| {
            let before = e.sheet.grid.clone();
            report = e.sheet.fill_clues_from_digits();
            e.sheet.grid != before
        });
        report
    }

    /// Clears every digit (one step).
    pub fn clear_digits(&mut self) {
        self.act(None, |e| e.sheet.clear_digits());
    }

    /// Takes back the last action.
    pub fn undo(&mut self) {
        self.end_stroke();
        if let Some(s) = self.history.undo(self.snapshot()) {
            self.restore(s);
        }
    }

    /// Does again the last undone action.
    pub fn redo(&mut self) {
        self.end_stroke();
        if let Some(s) = self.history.redo(self.snapshot()) {
            self.restore(s);
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.sheet = s.sheet;
        self.cursor = s.cursor;
        self.generation += 1;
    }

    /// Whether undo has something to take back.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether redo has something to do again.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Applies this frame's editing keys: digits, Backspace, Delete, Tab, arrows, Space (flip the
    /// cell), undo and redo. The caller checks that no text field has the keyboard.
    pub fn keys(&mut self, ctx: &egui::Context) {
        let events = ctx.input(|i| i.events.clone());
        for event in events {
            match event {
                Event::Text(text) => {
                    for ch in text.chars() {
                        if let Some(d) = ch.to_digit(10) {
                            self.type_digit(d as u8);
                        } else if ch == ' ' && self.tool == Tool::Draw {
                            self.toggle_cursor();
                        }
                    }
                }
                Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => self.key(key, modifiers),
                _ => {}
            }
        }
    }

    fn key(&mut self, key: Key, modifiers: Modifiers) {
        if modifiers.command {
            match key {
                Key::Z if modifiers.shift => self.redo(),
                Key::Z => self.undo(),
                Key::Y => self.redo(),
                _ => {}
            }
            return;
        }
        match key {
            Key::ArrowUp => self.move_cursor(-1, 0),
            Key::ArrowDown => self.move_cursor(1, 0),
            Key::ArrowLeft => self.move_cursor(0, -1),
            Key::ArrowRight => self.move_cursor(0, 1),
            Key::Tab => self.switch_field(),
            Key::Backspace => self.backspace(),
            Key::Delete => self.delete(),
            _ => {}
        }
    }
}
