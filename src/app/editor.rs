//! Edit operations on the sheet: painting cells, typing clues and digits, resizing, undo/redo.
//!
//! Every public operation that changes the sheet records exactly one undo step (or merges into
//! the step it continues), so undo always takes back a whole user action.

use egui::{Event, Key, Modifiers};

use super::history::{History, MergeKey, Snapshot};
use super::region::{self, Block, Rect};
use super::sheet::{FillReport, Sheet};
use super::symmetry::{Area, Symmetry};
use crate::{Clue, Direction, Grid, Pos};

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Click to select; nothing changes the puzzle by accident (the tool files open in).
    Select,
    /// Click or drag to paint white cells and walls.
    Draw,
    /// Click to select; type the selected wall's clues.
    Clues,
    /// Click to select; type digits into white cells (design from digits).
    Digits,
}

impl Tool {
    /// Every tool, in the order the tool panel lists them.
    pub const ALL: [Tool; 4] = [Tool::Select, Tool::Draw, Tool::Clues, Tool::Digits];

    /// The name on its button.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Draw => "Draw",
            Tool::Clues => "Clues",
            Tool::Digits => "Digits",
        }
    }

    /// The key that picks the tool while the board has the keyboard.
    pub fn key(self) -> Key {
        match self {
            Tool::Select => Key::S,
            Tool::Draw => Key::D,
            Tool::Clues => Key::C,
            Tool::Digits => Key::G,
        }
    }
}

/// A drag that paints: every cell it crosses takes the kind the first cell was switched to.
struct Stroke {
    before: Snapshot,
    white: bool,
    last: Pos,
    /// What the stroke mirrors about, fixed when it starts: painting the border itself must
    /// not move the centre under the rest of the stroke.
    area: Area,
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
    /// The other corner of a rectangle selection (Shift+arrows, Shift+drag, a drag in the
    /// Select tool); `None` when only the cursor's cell is selected.
    anchor: Option<Pos>,
    /// What Cut and Copy took, for Paste.
    clipboard: Option<Block>,
    /// What a click does.
    pub tool: Tool,
    /// Which clue of the selected wall typing goes into.
    pub field: Direction,
    /// Which mirror images of a painted cell are painted too.
    pub symmetry: Symmetry,
    stroke: Option<Stroke>,
    generation: u64,
    /// Why the last key did nothing, for the status bar (taken by the app).
    notice: Option<String>,
    /// Whether the last key completed a sum and moved on to the next clue, so that an Enter
    /// typed after the sum out of habit does not skip one.
    moved_on: bool,
}

impl Editor {
    /// An editor on `sheet`, with an empty history.
    pub fn new(sheet: Sheet) -> Editor {
        Editor {
            sheet,
            history: History::default(),
            cursor: Pos::default(),
            anchor: None,
            clipboard: None,
            tool: Tool::Select,
            field: Direction::Down,
            symmetry: Symmetry::None,
            stroke: None,
            generation: 0,
            notice: None,
            moved_on: false,
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
        self.anchor = None;
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

    /// Moves the selection to `pos` (clamped to the board), a single cell.
    pub fn select(&mut self, pos: Pos) {
        self.anchor = None;
        self.put_cursor(pos);
    }

    fn put_cursor(&mut self, pos: Pos) {
        self.moved_on = false;
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

    /// Stretches the selection to a rectangle from where it started to `pos`.
    pub fn extend_selection(&mut self, pos: Pos) {
        let anchor = self.anchor.unwrap_or(self.cursor);
        self.put_cursor(pos);
        self.anchor = Some(anchor);
    }

    /// The selected cells: the rectangle, or the cursor's cell alone.
    pub fn selection(&self) -> Rect {
        Rect::spanning(self.anchor.unwrap_or(self.cursor), self.cursor)
    }

    /// Whether more than one cell is selected.
    pub fn has_rectangle(&self) -> bool {
        self.anchor.is_some_and(|a| a != self.cursor)
    }

    /// Moves the selection by whole cells; with `extend`, stretches the rectangle instead.
    fn step_cursor(&mut self, d_row: isize, d_col: isize, extend: bool) {
        let row = self.cursor.row.saturating_add_signed(d_row);
        let col = self.cursor.col.saturating_add_signed(d_col);
        if extend {
            self.extend_selection(Pos::new(row, col));
        } else {
            self.select(Pos::new(row, col));
        }
    }

    /// Copies the selected cells for Paste; returns them as `.kakuro` text for the system
    /// clipboard.
    pub fn copy(&mut self) -> String {
        let block = Block::copy(&self.sheet, self.selection());
        let text = block.text();
        self.clipboard = Some(block);
        text
    }

    /// Copies the selected cells, then empties them (plain walls, one step).
    pub fn cut(&mut self) -> String {
        let text = self.copy();
        let rect = self.selection();
        self.act(None, |e| region::clear(&mut e.sheet, rect));
        text
    }

    /// Pastes with the selection's top-left cell as the block's (one step), and selects what
    /// was pasted. `text` is what the system clipboard holds: the cells copied here when it is
    /// their text (they keep their digits), else `.kakuro` text from elsewhere.
    pub fn paste(&mut self, text: Option<&str>) {
        let block = match (&self.clipboard, text) {
            (Some(block), None) => block.clone(),
            (Some(block), Some(text)) if block.text() == text => block.clone(),
            (_, Some(text)) => match Block::parse(text) {
                Some(block) => block,
                None => {
                    self.notice = Some("The clipboard holds no cells of a puzzle".into());
                    return;
                }
            },
            (None, None) => {
                self.notice = Some("Nothing to paste: copy some cells first".into());
                return;
            }
        };
        let at = self.selection().min;
        self.act(None, |e| block.paste(&mut e.sheet, at));
        let end = Pos::new(
            at.row + block.grid.height() - 1,
            at.col + block.grid.width() - 1,
        );
        self.select(at);
        self.extend_selection(end);
    }

    /// Makes every selected cell a wall, or white when all are walls already (one step;
    /// mirrored like drawing).
    pub fn paint_selection(&mut self) {
        let rect = self.selection();
        let white = rect.cells().all(|p| !self.grid().is_white(p));
        self.fill_selection(white);
    }

    /// Makes every selected cell white, or a wall (one step; mirrored like drawing).
    pub fn fill_selection(&mut self, white: bool) {
        let rect = self.selection();
        let area = Area::of(self.grid());
        self.act(None, |e| {
            let before = e.sheet.clone();
            for pos in rect.cells() {
                e.paint(pos, white, area);
            }
            e.sheet != before
        });
    }

    /// A message saying why the last key did nothing (or not what was typed), once.
    pub fn take_notice(&mut self) -> Option<String> {
        self.notice.take()
    }

    fn paint(&mut self, pos: Pos, white: bool, area: Area) {
        self.sheet.set_white(pos, white);
        for image in self.symmetry.images(area, pos) {
            self.sheet.set_white(image, white);
        }
    }

    /// Starts a paint stroke at `pos`: the cell flips, and cells dragged over follow it.
    pub fn begin_stroke(&mut self, pos: Pos) {
        if !self.grid().contains(pos) {
            return;
        }
        let before = self.snapshot();
        let white = !self.grid().is_white(pos);
        let area = Area::of(self.grid());
        self.select(pos);
        self.paint(pos, white, area);
        self.stroke = Some(Stroke {
            before,
            white,
            last: pos,
            area,
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
        let (white, last, area) = (stroke.white, stroke.last, stroke.area);
        let (r0, c0) = (last.row as f32, last.col as f32);
        let (r1, c1) = (pos.row as f32, pos.col as f32);
        let steps = (r1 - r0).abs().max((c1 - c0).abs()) as usize;
        for i in 1..=steps {
            let t = i as f32 / steps as f32;
            let p = Pos::new(
                (r0 + (r1 - r0) * t).round() as usize,
                (c0 + (c1 - c0) * t).round() as usize,
            );
            self.paint(p, white, area);
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

    /// Types digit `d`: into the selected wall's active clue (Clues and Draw tools), or into
    /// the selected white cell (Digits tool). Where the tool types nothing, the notice says why
    /// and which key picks the tool that does.
    pub fn type_digit(&mut self, d: u8) {
        self.moved_on = false;
        let pos = self.cursor;
        let wall = !self.grid().is_white(pos);
        match (wall, self.tool) {
            (true, Tool::Clues | Tool::Draw) => self.type_clue_digit(pos, d),
            (false, Tool::Digits) => {
                self.act(Some(MergeKey::Digit(pos)), |e| e.sheet.set_digit(pos, d));
                self.advance_in_run();
            }
            (true, _) => {
                self.notice = Some(format!(
                    "{pos} is a wall: its sums are typed with the Clues tool (press C)"
                ));
            }
            (false, _) => {
                self.notice = Some(format!(
                    "{pos} is a white cell: digits are typed with the Digits tool (press G)"
                ));
            }
        }
    }

    fn type_clue_digit(&mut self, pos: Pos, d: u8) {
        let key = MergeKey::Clue(pos, self.field);
        let old = match self.grid().get(pos).clue(self.field) {
            Some(Clue::Sum(n)) if self.history.continues(key) => u32::from(n),
            _ => 0,
        };
        let mut value = old * 10 + u32::from(d);
        if value > 45 {
            // Too big to continue: start a new number, but "0" cannot start one.
            if d == 0 {
                self.notice = Some(format!(
                    "A sum is at most 45 (1 + 2 + … + 9): {value} is too big"
                ));
                return;
            }
            self.notice = Some(format!(
                "A sum is at most 45 (1 + 2 + … + 9): {value} is too big, so the sum starts \
                 again at {d}"
            ));
            value = u32::from(d);
        }
        let clue = (value > 0).then_some(Clue::Sum(value as u8));
        let field = self.field;
        self.act(Some(key), |e| e.sheet.set_clue(pos, field, clue));
        // A sum that no further digit can extend is complete: on to the next clue, as Enter does.
        if self.tool == Tool::Clues && value * 10 > 45 {
            self.next_clue();
            self.moved_on = true;
        }
    }

    /// After a typed digit, the cursor moves to the next cell of the run in the active direction
    /// (Tab switches it), and stays on the run's last cell.
    fn advance_in_run(&mut self) {
        let next = self.cursor.step(self.field);
        if self.grid().contains(next) && self.grid().is_white(next) {
            self.select(next);
        }
    }

    /// Types several digits into white cells at once, whatever the tool (a hint's
    /// placements): one undo step.
    pub fn place_digits(&mut self, digits: &[(Pos, u8)]) {
        self.act(None, |e| {
            let mut changed = false;
            for &(pos, d) in digits {
                changed |= e.sheet.set_digit(pos, d);
            }
            changed
        });
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

    /// Delete: clears the active clue of the selected wall, or the selected cell's digit; in a
    /// rectangle, every clue and digit (one step).
    pub fn delete(&mut self) {
        if self.has_rectangle() {
            let rect = self.selection();
            self.act(None, |e| {
                let mut changed = false;
                for pos in rect.cells() {
                    for dir in Direction::ALL {
                        changed |= e.sheet.set_clue(pos, dir, None);
                    }
                    changed |= e.sheet.set_digit(pos, 0);
                }
                changed
            });
            return;
        }
        let (pos, field) = (self.cursor, self.field);
        self.act(None, |e| {
            e.sheet.set_clue(pos, field, None) | e.sheet.set_digit(pos, 0)
        });
    }

    /// Enter in the Clues tool: the next clue to type, in reading order (the across sum of the
    /// same wall after its down sum, else the next wall that starts a run).
    pub fn next_clue(&mut self) {
        let grid = self.grid();
        let starts = |pos: Pos, dir| !grid.is_white(pos) && grid.is_white(pos.step(dir));
        let here = self.cursor;
        let next = if self.field == Direction::Down && starts(here, Direction::Across) {
            Some((here, Direction::Across))
        } else {
            grid.positions().skip(grid.index(here) + 1).find_map(|pos| {
                [Direction::Down, Direction::Across]
                    .into_iter()
                    .find(|dir| starts(pos, *dir))
                    .map(|dir| (pos, dir))
            })
        };
        match next {
            Some((pos, dir)) => {
                self.select(pos);
                self.field = dir;
                self.history.break_merge();
            }
            None => self.notice = Some("That was the last clue".into()),
        }
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

    /// Turns the grid into `grid`, of the same size (a suggested fix): walls, white cells and
    /// clues as there, the digits of cells still white kept (one step).
    pub fn apply_grid(&mut self, grid: &Grid) {
        if (grid.width(), grid.height()) != (self.grid().width(), self.grid().height()) {
            return;
        }
        self.act(None, |e| {
            let mut changed = false;
            for pos in grid.positions() {
                changed |= e.sheet.set_white(pos, grid.is_white(pos));
                for dir in Direction::ALL {
                    changed |= e.sheet.set_clue(pos, dir, grid.get(pos).clue(dir));
                }
            }
            changed
        });
    }

    /// Clears every digit (one step).
    pub fn clear_digits(&mut self) {
        self.act(None, |e| e.sheet.clear_digits());
    }

    /// Clears every clue (one step).
    pub fn clear_clues(&mut self) {
        self.act(None, |e| e.sheet.clear_clues());
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
        self.anchor = None;
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

    /// Applies this frame's editing keys: digits, Backspace, Delete, Tab, Enter, arrows (with
    /// Shift: a rectangle), Space (flip the cell or the rectangle), the tools' letters, cut,
    /// copy, paste, undo and redo. The caller checks that no text field has the keyboard.
    pub fn keys(&mut self, ctx: &egui::Context) {
        let events = ctx.input(|i| i.events.clone());
        for event in events {
            match event {
                Event::Text(text) => {
                    for ch in text.chars() {
                        if let Some(d) = ch.to_digit(10) {
                            self.type_digit(d as u8);
                        } else if ch == ' ' && self.tool == Tool::Draw {
                            if self.has_rectangle() {
                                self.paint_selection();
                            } else {
                                self.toggle_cursor();
                            }
                        }
                    }
                }
                Event::Copy => ctx.copy_text(self.copy()),
                Event::Cut => ctx.copy_text(self.cut()),
                Event::Paste(text) => self.paste(Some(&text)),
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
        let moved_on = std::mem::take(&mut self.moved_on);
        if modifiers.command {
            match key {
                Key::Z if modifiers.shift => self.redo(),
                Key::Z => self.undo(),
                Key::Y => self.redo(),
                _ => {}
            }
            return;
        }
        let extend = modifiers.shift;
        match key {
            Key::ArrowUp => self.step_cursor(-1, 0, extend),
            Key::ArrowDown => self.step_cursor(1, 0, extend),
            Key::ArrowLeft => self.step_cursor(0, -1, extend),
            Key::ArrowRight => self.step_cursor(0, 1, extend),
            Key::Enter if self.tool == Tool::Clues && !moved_on => self.next_clue(),
            Key::Enter => {}
            Key::Tab => self.switch_field(),
            Key::Backspace => self.backspace(),
            Key::Delete => self.delete(),
            _ => {
                if let Some(tool) = Tool::ALL.into_iter().find(|t| t.key() == key)
                    && !modifiers.any()
                {
                    self.tool = tool;
                }
            }
        }
    }
}
