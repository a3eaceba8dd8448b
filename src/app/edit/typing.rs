//! Typing into the sheet: clue sums into walls, digits into white cells, Backspace, Delete,
//! and moving on to the next clue or field.

use super::{Editor, Tool};
use crate::app::edit::history::MergeKey;
use crate::{Clue, Direction, Pos};

impl Editor {
    /// Types digit `d`: into the selected wall's active clue (Clues and Draw tools), or into
    /// the selected white cell (Digits tool). Where the tool types nothing, the notice says why
    /// and which key picks the tool that does.
    pub fn type_digit(&mut self, d: u8) {
        self.moved_on = None;
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
        // A sum of two digits is complete: on to the next clue, as Enter does. A single digit
        // waits for Enter, even one no digit extends, so that a slip is corrected in place.
        if self.tool == Tool::Clues && value >= 10 {
            self.next_clue();
            self.moved_on = Some((pos, field));
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
}
