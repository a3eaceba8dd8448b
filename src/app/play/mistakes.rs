//! Mistakes by the rules alone: a digit twice in a run, or a full run whose digits do not add
//! up to its clue. No stored solution is consulted, so a puzzle with several solutions is never
//! "wrong" for a right answer.

use crate::{CellId, Puzzle};

/// What is wrong with a cell's digit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mistake {
    /// The digit is also in another cell of one of its runs.
    pub repeated: bool,
    /// One of its runs is full and adds up to something else than its clue.
    pub wrong_sum: bool,
    /// The digit is not the solution's (shown by Check's "Show which", or checking as you
    /// type).
    pub wrong: bool,
}

impl Mistake {
    /// Whether anything is wrong.
    pub fn any(self) -> bool {
        self.repeated || self.wrong_sum || self.wrong
    }

    /// What a screen reader says about it.
    pub fn describe(self) -> &'static str {
        match (self.repeated, self.wrong_sum) {
            (true, true) => "repeated in its run, and a full run with the wrong sum",
            (true, false) => "repeated in its run",
            (false, true) => "in a full run with the wrong sum",
            (false, false) if self.wrong => "not the solution's digit",
            (false, false) => "",
        }
    }
}

/// Every cell's mistakes (by [`CellId`]), from the placed digits (0 for none).
pub fn find(puzzle: &Puzzle, digits: &[u8]) -> Vec<Mistake> {
    let mut found = vec![Mistake::default(); digits.len()];
    for run in puzzle.runs() {
        let digit = |c: &CellId| digits[c.index()];
        let mut seen = [0u8; 10];
        for c in &run.cells {
            seen[usize::from(digit(c))] += 1;
        }
        for c in &run.cells {
            let d = digit(c);
            if d != 0 && seen[usize::from(d)] > 1 {
                found[c.index()].repeated = true;
            }
        }
        let full = seen[0] == 0;
        let total: u32 = run.cells.iter().map(|c| u32::from(digit(c))).sum();
        if let Some(sum) = run.sum()
            && full
            && total != u32::from(sum)
        {
            for c in &run.cells {
                found[c.index()].wrong_sum = true;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    #[test]
    fn repeats_and_wrong_sums_are_found_at_once() {
        let (grid, _) = kakuro_text::parse("\\ \\ \\ \\\n\\10 __ __ __\n").unwrap();
        let puzzle = Puzzle::from_grid(&grid).unwrap_or_else(|e| panic!("{e}"));
        let none = Mistake::default();
        assert_eq!(find(&puzzle, &[5, 0, 5])[1], none);
        assert!(find(&puzzle, &[5, 0, 5])[0].repeated);
        assert!(find(&puzzle, &[5, 0, 5])[2].repeated);
        assert!(
            find(&puzzle, &[5, 1, 3])
                .iter()
                .all(|m| m.wrong_sum && !m.repeated)
        );
        assert!(find(&puzzle, &[5, 2, 3]).iter().all(|m| !m.any()));
    }
}
