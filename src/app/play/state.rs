//! A game: the puzzle being played and the player's position on it (digits and pencil marks),
//! with every change one undo step.
//!
//! The position is what a hint reads and what a hint's step changes: see
//! [`Game::position`] and [`Game::apply_step`].

use super::candidates;
use super::history::History;
use crate::format::PlayRecord;
use crate::solve::combos::Mask;
use crate::{CellId, Grid, Puzzle};

/// Every digit 1–9 as a mask (bit d for digit d).
pub const ALL_DIGITS: Mask = 0b11_1111_1110;

/// What the player has written: per white cell (by [`CellId`]) a digit (0 for none) and pencil
/// marks (bit d for digit d).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The placed digits.
    pub digits: Vec<u8>,
    /// The pencil marks.
    pub marks: Vec<Mask>,
    /// Which digits a help placed (Reveal, Hint, Solve) rather than the player.
    pub given: Vec<bool>,
}

/// Helps the player took, shown when the puzzle is finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Helps {
    /// Hints taken.
    pub hints: u32,
    /// Cells revealed.
    pub reveals: u32,
    /// Checks against the solution.
    pub checks: u32,
    /// The whole puzzle solved for the player.
    pub solved: bool,
}

impl Helps {
    /// How many helps were taken (the whole solve counts as one).
    pub fn count(&self) -> u32 {
        self.hints + self.reveals + self.checks + u32::from(self.solved)
    }

    /// What the finish says after `time` on the clock: "Solved in 2:09 with no help!", or
    /// when Solve filled the board in, that it did and what was used before.
    pub fn finish(&self, time: &str) -> String {
        if !self.solved {
            return format!("Solved in {time} with {}!", self.summary());
        }
        let before = Helps {
            solved: false,
            ..*self
        };
        match before.count() {
            0 => format!("Solve filled in the board after {time}"),
            _ => format!(
                "Solve filled in the board after {time}, with {} before",
                before.summary()
            ),
        }
    }

    /// "no help", or what was used: "2 hints, 1 cell revealed".
    pub fn summary(&self) -> String {
        let plural =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut parts = Vec::new();
        if self.hints > 0 {
            parts.push(plural(self.hints, "hint", "hints"));
        }
        if self.reveals > 0 {
            parts.push(plural(self.reveals, "cell revealed", "cells revealed"));
        }
        if self.checks > 0 {
            parts.push(plural(self.checks, "check", "checks"));
        }
        if self.solved {
            parts.push("solved by the app".into());
        }
        if parts.is_empty() {
            "no help".into()
        } else {
            parts.join(", ")
        }
    }
}

/// One puzzle being played.
#[derive(Clone, Debug)]
pub struct Game {
    puzzle: Puzzle,
    /// The grid the game is played on: a design edit since makes the game another puzzle's.
    grid: Grid,
    position: Position,
    /// Helps taken so far.
    pub helps: Helps,
    history: History,
    /// Counts changes, for autosave and the views that follow the position.
    changes: u64,
}

impl Game {
    /// A fresh game on `grid`, or why it cannot be played.
    pub fn new(grid: &Grid) -> Result<Game, String> {
        if grid.is_cryptic() {
            return Err("Play works on puzzles with number clues, not letters".into());
        }
        let puzzle = Puzzle::from_grid(grid).map_err(|invalid| {
            let first = invalid.0.first().map(|p| p.to_string()).unwrap_or_default();
            format!("Fix the grid before playing: {first}")
        })?;
        let n = puzzle.cells().len();
        Ok(Game {
            puzzle,
            grid: grid.clone(),
            position: Position {
                digits: vec![0; n],
                marks: vec![0; n],
                given: vec![false; n],
            },
            helps: Helps::default(),
            history: History::default(),
            changes: 0,
        })
    }

    /// A game on `grid` as a save left it (digits, marks and helps; the time is the caller's).
    pub fn from_record(grid: &Grid, record: &PlayRecord) -> Result<Game, String> {
        let mut game = Game::new(grid)?;
        let n = game.position.digits.len();
        if record.digits.len() != n || record.marks.len() != n {
            return Err("The saved game does not fit the grid".into());
        }
        game.position.digits = record.digits.iter().map(|&d| d.min(9)).collect();
        game.position.marks = record.marks.iter().map(|&m| m & ALL_DIGITS).collect();
        // Which digits helps gave is not saved: a resumed game's digits all count as typed.
        game.helps = Helps {
            hints: record.hints,
            reveals: record.reveals,
            checks: record.checks,
            solved: record.solved,
        };
        Ok(game)
    }

    /// The game as a save keeps it, with `seconds` played.
    pub fn record(&self, seconds: u64) -> PlayRecord {
        PlayRecord {
            digits: self.position.digits.clone(),
            marks: self.position.marks.clone(),
            seconds,
            hints: self.helps.hints,
            reveals: self.helps.reveals,
            checks: self.helps.checks,
            solved: self.helps.solved,
            cursor: None,
        }
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The grid the game is played on.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The player's position: digits and marks per cell, for a hint to read.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// A number that changes with every change of the position or the helps.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// The digit placed in `cell` (0 for none).
    pub fn digit(&self, cell: CellId) -> u8 {
        self.position.digits[cell.index()]
    }

    /// The pencil marks of `cell`.
    pub fn marks(&self, cell: CellId) -> Mask {
        self.position.marks[cell.index()]
    }

    /// Whether every cell has a digit.
    pub fn is_full(&self) -> bool {
        self.position.digits.iter().all(|&d| d != 0)
    }

    /// Runs `change` on the position as one undo step, recorded only if it changed something.
    fn act(&mut self, change: impl FnOnce(&Puzzle, &mut Position)) -> bool {
        let before = self.position.clone();
        change(&self.puzzle, &mut self.position);
        if self.position == before {
            return false;
        }
        self.history.record(before);
        self.changes += 1;
        true
    }

    /// Places digit `d` (1–9) in `cell`; with `prune`, takes `d` out of the marks of the other
    /// cells of its runs.
    pub fn place(&mut self, cell: CellId, d: u8, prune: bool) -> bool {
        self.act(|puzzle, pos| {
            set_digit(puzzle, pos, cell, d, prune);
            pos.given[cell.index()] = false;
        })
    }

    /// Clears the cell's digit, or its marks when it has none.
    pub fn clear(&mut self, cell: CellId) -> bool {
        self.act(|_, pos| {
            let i = cell.index();
            if pos.digits[i] != 0 {
                pos.digits[i] = 0;
                pos.given[i] = false;
            } else {
                pos.marks[i] = 0;
            }
        })
    }

    /// Writes or rubs out pencil mark `d` in an empty cell.
    pub fn toggle_mark(&mut self, cell: CellId, d: u8) -> bool {
        self.act(|_, pos| {
            let i = cell.index();
            if pos.digits[i] == 0 {
                pos.marks[i] ^= 1 << d;
            }
        })
    }

    /// Writes in every empty cell the digits its runs still allow (one step).
    pub fn fill_candidates(&mut self) -> bool {
        self.act(|puzzle, pos| {
            for (i, cell) in puzzle.cells().iter().enumerate() {
                if pos.digits[i] == 0 {
                    let id = CellId(i as u32);
                    pos.marks[i] = cell.runs().fold(ALL_DIGITS, |m, run| {
                        m & candidates::allowed(puzzle, run, id, &pos.digits)
                    });
                }
            }
        })
    }

    /// Reveals the solution's digit `d` in `cell` (a counted help).
    pub fn reveal(&mut self, cell: CellId, d: u8, prune: bool) -> bool {
        if self.digit(cell) == d {
            return false;
        }
        let changed = self.act(|puzzle, pos| {
            set_digit(puzzle, pos, cell, d, prune);
            pos.given[cell.index()] = true;
        });
        if changed {
            self.helps.reveals += 1;
        }
        changed
    }

    /// Fills in the whole solution (a counted help; one undo step).
    pub fn solve(&mut self, solution: &[u8]) -> bool {
        let changed = self.act(|_, pos| {
            for (i, &d) in solution.iter().enumerate().take(pos.digits.len()) {
                if pos.digits[i] != d {
                    pos.digits[i] = d;
                    pos.given[i] = true;
                }
            }
        });
        if changed {
            self.helps.solved = true;
        }
        changed
    }

    /// Notes a reveal that placed nothing (the wrong digits shown; a counted help).
    pub fn count_reveal(&mut self) {
        self.helps.reveals += 1;
        self.changes += 1;
    }

    /// Notes a check against the solution (a counted help).
    pub fn count_check(&mut self) {
        self.helps.checks += 1;
        self.changes += 1;
    }

    /// Applies a deduction step as one undo step: `placements` place digits (pruning their
    /// runs' marks when `prune`), `eliminations` rub out marks. For hints: a cell without marks
    /// first gets what its runs allow, so that removing digits from it leaves something to see.
    pub fn apply_step(
        &mut self,
        placements: &[(CellId, u8)],
        eliminations: &[(CellId, Mask)],
        prune: bool,
    ) -> bool {
        self.act(|puzzle, pos| {
            for &(cell, d) in placements {
                if pos.digits[cell.index()] != d {
                    set_digit(puzzle, pos, cell, d, prune);
                    pos.given[cell.index()] = true;
                }
            }
            for &(cell, gone) in eliminations {
                let i = cell.index();
                if pos.digits[i] != 0 {
                    continue;
                }
                if pos.marks[i] == 0 {
                    pos.marks[i] = puzzle.cell(cell).runs().fold(ALL_DIGITS, |m, run| {
                        m & candidates::allowed(puzzle, run, cell, &pos.digits)
                    });
                }
                pos.marks[i] &= !gone;
            }
        })
    }

    /// Notes a hint taken (a counted help).
    pub fn count_hint(&mut self) {
        self.helps.hints += 1;
        self.changes += 1;
    }

    /// Takes back the last change.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(self.position.clone()) {
            Some(p) => {
                self.position = p;
                self.changes += 1;
                true
            }
            None => false,
        }
    }

    /// Does again the last change undone.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(self.position.clone()) {
            Some(p) => {
                self.position = p;
                self.changes += 1;
                true
            }
            None => false,
        }
    }

    /// Whether undo has something to take back.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether redo has something to do again.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }
}

fn set_digit(puzzle: &Puzzle, pos: &mut Position, cell: CellId, d: u8, prune: bool) {
    pos.digits[cell.index()] = d;
    if prune {
        for run in puzzle.cell(cell).runs() {
            for &other in &puzzle.run(run).cells {
                if other != cell {
                    pos.marks[other.index()] &= !(1 << d);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    /// Two runs of two: 4 in 2 across ({1 3}) over 3 in 2 across ({1 2}), down 4 and 3.
    fn square() -> Game {
        let (grid, _) = kakuro_text::parse("\\ 4\\ 3\\\n\\4 __ __\n\\3 __ __\n").unwrap();
        Game::new(&grid).unwrap()
    }

    #[test]
    fn placing_prunes_the_runs_marks_and_undo_takes_it_back() {
        let mut game = square();
        assert!(game.fill_candidates());
        assert_eq!(game.marks(CellId(0)), (1 << 1) | (1 << 3));
        assert_eq!(game.marks(CellId(3)), (1 << 1) | (1 << 2));
        // A 3 pencilled into every other cell: the placement rubs out those of its runs.
        for cell in 1..4 {
            assert!(game.toggle_mark(CellId(cell), 3));
        }
        assert!(game.place(CellId(0), 3, true));
        assert_eq!(game.marks(CellId(1)) & (1 << 3), 0);
        assert_eq!(game.marks(CellId(2)) & (1 << 3), 0);
        assert_ne!(game.marks(CellId(3)) & (1 << 3), 0);
        assert!(game.undo());
        assert_eq!(game.digit(CellId(0)), 0);
        assert_ne!(game.marks(CellId(1)) & (1 << 3), 0);
        assert!(game.redo());
        assert_eq!(game.digit(CellId(0)), 3);
        // The same digit again changes nothing and records nothing.
        assert!(!game.place(CellId(0), 3, true));
    }

    #[test]
    fn a_step_places_and_rubs_out() {
        let mut game = square();
        assert!(game.apply_step(&[(CellId(0), 3)], &[(CellId(3), 1 << 2)], true));
        assert_eq!(game.digit(CellId(0)), 3);
        // The cell had no marks: it got its candidates first, less the eliminated digit.
        assert_eq!(game.marks(CellId(3)), 1 << 1);
        let record = game.record(7);
        let back = Game::from_record(game.grid(), &record).unwrap();
        assert_eq!(back.position().digits, game.position().digits);
        assert_eq!(back.position().marks, game.position().marks);
        // Which digits a help gave is not saved.
        assert!(game.position().given[0] && !back.position().given[0]);
    }
}
