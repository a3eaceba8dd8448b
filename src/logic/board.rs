//! `Board`: a position as a person solving by logic keeps it — pencil marks per white cell,
//! the digits placed, and each run's digit sets still live.

use crate::puzzle::{CellId, Puzzle, Run, RunId};
use crate::solve::combos::{DIGITS, Mask, digit_of, is_single, table};

use super::step::Step;
use super::text::{cell_name, run_name};

/// A player's or solver's position: candidates per white cell, placed digits, live digit sets
/// per run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Candidates per cell, by [`CellId`]: bit `d` for digit `d`.
    cands: Vec<Mask>,
    /// The placed digit per cell, 0 where none is.
    values: Vec<u8>,
    /// Per run, the digit sets still live.
    live: Vec<Vec<Mask>>,
}

/// Every digit set a run may take before anything is known: the sets of its length adding up to
/// its sum (any set of its length when it has no number for a sum).
pub(crate) fn initial_sets(run: &Run) -> Vec<Mask> {
    let len = run.len();
    if len == 0 || len > 9 {
        return Vec::new();
    }
    let t = table(len);
    let bits = match run.sum() {
        Some(sum) => t.with_sum(sum),
        None => t.all(),
    };
    (0..t.masks.len())
        .filter(|&i| bits >> i & 1 == 1)
        .map(|i| t.masks[i])
        .collect()
}

impl Board {
    /// The empty board: every cell may take 1–9 and every digit set of each run is live.
    pub fn new(puzzle: &Puzzle) -> Board {
        Board {
            cands: vec![DIGITS; puzzle.cells().len()],
            values: vec![0; puzzle.cells().len()],
            live: puzzle.runs().iter().map(initial_sets).collect(),
        }
    }

    /// A position typed by a person: `digits[cell]` placed digits, `marks[cell]` pencil marks
    /// (`None` = no marks written: the cell keeps every digit). A placed digit outside 1–9 is
    /// left out; marks keep only digits 1–9.
    pub fn from_position(puzzle: &Puzzle, digits: &[Option<u8>], marks: Option<&[Mask]>) -> Board {
        let mut board = Board::new(puzzle);
        for i in 0..board.cands.len() {
            if let Some(m) = marks.and_then(|m| m.get(i)) {
                board.cands[i] = m & DIGITS;
            }
            if let Some(Some(d)) = digits.get(i)
                && (1..=9).contains(d)
            {
                board.values[i] = *d;
                board.cands[i] = 1 << d;
            }
        }
        board
    }

    /// The cell's candidates (a placed cell's is its digit).
    pub fn candidates(&self, cell: CellId) -> Mask {
        self.cands[cell.index()]
    }

    /// The placed digit.
    pub fn value(&self, cell: CellId) -> Option<u8> {
        match self.values[cell.index()] {
            0 => None,
            d => Some(d),
        }
    }

    /// The run's surviving digit sets.
    pub fn live_sets(&self, run: RunId) -> &[Mask] {
        &self.live[run.index()]
    }

    /// The digits some live set of the run holds.
    pub fn allowed(&self, run: RunId) -> Mask {
        self.live[run.index()].iter().fold(0, |m, &s| m | s)
    }

    /// The live sets of a run that hold every digit placed in it.
    pub(crate) fn fitting<'a>(
        &'a self,
        puzzle: &Puzzle,
        run: RunId,
    ) -> impl Iterator<Item = Mask> + 'a {
        let (placed, _) = self.placed(puzzle.run(run));
        self.live[run.index()]
            .iter()
            .copied()
            .filter(move |s| s & placed == placed)
    }

    /// The digits some live set of the run holding its placed digits has.
    pub(crate) fn fitting_union(&self, puzzle: &Puzzle, run: RunId) -> Mask {
        self.fitting(puzzle, run).fold(0, |m, s| m | s)
    }

    /// The digits every live set of the run holds (0 when none is live).
    pub fn required(&self, run: RunId) -> Mask {
        let sets = &self.live[run.index()];
        if sets.is_empty() {
            return 0;
        }
        sets.iter().fold(DIGITS, |m, &s| m & s)
    }

    /// Makes the step's changes: eliminations, then placements, then struck sets.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digits) in &step.eliminations {
            if let Some(c) = self.cands.get_mut(cell.index()) {
                *c &= !digits;
            }
        }
        for &(cell, digit) in &step.placements {
            if cell.index() < self.cands.len() {
                self.values[cell.index()] = digit;
                self.cands[cell.index()] = 1 << digit;
            }
        }
        for (run, struck) in &step.struck {
            if let Some(sets) = self.live.get_mut(run.index()) {
                sets.retain(|s| !struck.contains(s));
            }
        }
    }

    /// Places a digit (a trial's assumption).
    pub(crate) fn place(&mut self, cell: CellId, digit: u8) {
        self.values[cell.index()] = digit;
        self.cands[cell.index()] = 1 << digit;
    }

    /// Narrows a cell's candidates (a trial's propagation).
    pub(crate) fn narrow(&mut self, cell: CellId, keep: Mask) {
        self.cands[cell.index()] &= keep;
    }

    /// Keeps only some of a run's live sets (a trial's propagation).
    pub(crate) fn keep_sets(&mut self, run: RunId, keep: impl Fn(Mask) -> bool) {
        self.live[run.index()].retain(|&s| keep(s));
    }

    /// Whether every white cell has a placed digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The placed digits by cell, 0 where none is.
    pub fn digits(&self) -> &[u8] {
        &self.values
    }

    /// Where the position breaks a rule, in words: a cell with no candidate, a run with no
    /// digit set left, a digit placed twice in a run, a full run with the wrong sum, a placed
    /// digit that no live set of its run has with the others. `None` when nothing is broken (which does not mean
    /// the position can be completed).
    pub fn contradiction(&self, puzzle: &Puzzle) -> Option<String> {
        if let Some(i) = self.cands.iter().position(|&c| c == 0) {
            return Some(format!(
                "{} has no candidate left",
                cell_name(puzzle, CellId(i as u32))
            ));
        }
        (0..puzzle.runs().len() as u32).find_map(|r| self.run_contradiction(puzzle, RunId(r)))
    }

    /// Whether some cell has no candidate left.
    pub(crate) fn has_empty_cell(&self) -> bool {
        self.cands.contains(&0)
    }

    /// Where one run breaks a rule, in words (see [`Board::contradiction`]).
    pub(crate) fn run_contradiction(&self, puzzle: &Puzzle, id: RunId) -> Option<String> {
        let run = puzzle.run(id);
        if self.live[id.index()].is_empty() {
            return Some(format!(
                "{} would have no digit set left",
                run_name(puzzle, id)
            ));
        }
        let mut seen: Mask = 0;
        let mut sum = 0u32;
        let mut full = true;
        for &c in &run.cells {
            match self.value(c) {
                Some(d) => {
                    if seen & 1 << d != 0 {
                        return Some(format!("{} would hold {d} twice", run_name(puzzle, id)));
                    }
                    seen |= 1 << d;
                    sum += u32::from(d);
                }
                None => full = false,
            }
        }
        if let Some(s) = run.sum()
            && full
            && sum != u32::from(s)
        {
            return Some(format!(
                "{} would add up to {sum}, not {s}",
                run_name(puzzle, id)
            ));
        }
        if self.fitting(puzzle, id).next().is_none() {
            return Some(format!(
                "{} would have no digit set left",
                run_name(puzzle, id)
            ));
        }
        None
    }

    /// The open (unplaced) cells of a run.
    pub(crate) fn open<'a>(&'a self, run: &'a Run) -> impl Iterator<Item = CellId> + 'a {
        run.cells
            .iter()
            .copied()
            .filter(|&c| self.values[c.index()] == 0)
    }

    /// The digits placed in a run, and their sum.
    pub(crate) fn placed(&self, run: &Run) -> (Mask, u32) {
        run.cells.iter().fold((0, 0), |(m, s), &c| {
            let d = self.values[c.index()];
            if d == 0 {
                (m, s)
            } else {
                (m | 1 << d, s + u32::from(d))
            }
        })
    }

    /// The only candidate of an unplaced cell with one left.
    pub(crate) fn single(&self, cell: CellId) -> Option<u8> {
        let c = self.cands[cell.index()];
        (self.values[cell.index()] == 0 && c != 0 && is_single(c)).then(|| digit_of(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Clue, Grid};

    /// A 3 × 3 grid: a corner wall, two across runs and two down runs of two cells.
    pub(crate) fn square(across: [u8; 2], down: [u8; 2]) -> Puzzle {
        let wall = |d: Option<u8>, a: Option<u8>| Cell::Wall {
            down: d.map(Clue::Sum),
            across: a.map(Clue::Sum),
        };
        let grid = Grid::from_rows(vec![
            vec![
                Cell::WALL,
                wall(Some(down[0]), None),
                wall(Some(down[1]), None),
            ],
            vec![wall(None, Some(across[0])), Cell::WHITE, Cell::WHITE],
            vec![wall(None, Some(across[1])), Cell::WHITE, Cell::WHITE],
        ]);
        Puzzle::from_grid(&grid).unwrap()
    }

    #[test]
    fn the_empty_board_keeps_every_digit_and_the_sets_of_each_sum() {
        let p = square([4, 10], [5, 9]);
        let b = Board::new(&p);
        assert_eq!(b.candidates(CellId(0)), DIGITS);
        assert_eq!(b.live_sets(RunId(0)), &[0b1010]); // 4 in 2: {1 3}
        assert_eq!(b.live_sets(RunId(1)).len(), 4); // 10 in 2: 19 28 37 46
        assert_eq!(b.required(RunId(0)), 0b1010);
        assert_eq!(b.contradiction(&p), None);
        assert!(!b.is_solved());
    }

    #[test]
    fn a_typed_position_keeps_its_digits_and_marks() {
        let p = square([4, 10], [5, 9]);
        let marks = [0b110, DIGITS, DIGITS, DIGITS];
        let b = Board::from_position(&p, &[None, Some(3), None, None], Some(&marks));
        assert_eq!(b.candidates(CellId(0)), 0b110);
        assert_eq!(b.value(CellId(1)), Some(3));
        assert_eq!(b.candidates(CellId(1)), 1 << 3);
    }

    #[test]
    fn contradictions_are_named_with_their_place() {
        let p = square([4, 10], [5, 9]);
        let b = Board::from_position(&p, &[Some(3), Some(3), None, None], None);
        assert_eq!(
            b.contradiction(&p).as_deref(),
            Some("4 in 2 across at r2c2 would hold 3 twice")
        );
        let b = Board::from_position(&p, &[Some(1), Some(1 + 1), None, None], None);
        assert!(b.contradiction(&p).unwrap().contains("not 4"));
        let b = Board::from_position(&p, &[None; 4], Some(&[0, DIGITS, DIGITS, DIGITS]));
        assert_eq!(
            b.contradiction(&p).as_deref(),
            Some("r2c2 has no candidate left")
        );
    }
}
