//! What a run still allows: the digits a cell may take, and the run's digit sets with those
//! that no longer fit the placed digits and pencil marks struck out (the combination helper).

use crate::app::edit::runs::digit_sets;
use crate::solve::combos::Mask;
use crate::{CellId, Clue, Puzzle, RunId};

use super::state::ALL_DIGITS;

/// The digit sets a run can take from its clue, as masks (bit d for digit d); a run without a
/// number clue takes any digits.
pub fn sets(puzzle: &Puzzle, run: RunId) -> Vec<Mask> {
    let run = puzzle.run(run);
    match run.clue {
        Some(Clue::Sum(sum)) => digit_sets(run.len(), u32::from(sum))
            .into_iter()
            .map(|m| m << 1)
            .collect(),
        _ => vec![ALL_DIGITS],
    }
}

/// The placed digits of a run, as a mask.
fn placed(puzzle: &Puzzle, run: RunId, digits: &[u8]) -> Mask {
    puzzle
        .run(run)
        .cells
        .iter()
        .map(|c| digits[c.index()])
        .filter(|&d| d != 0)
        .fold(0, |m, d| m | 1 << d)
}

/// The digits `cell` may take as far as `run` is concerned: those of the run's sets that hold
/// every digit placed in it, less those placed in its other cells.
pub fn allowed(puzzle: &Puzzle, run: RunId, cell: CellId, digits: &[u8]) -> Mask {
    let others: Mask = puzzle
        .run(run)
        .cells
        .iter()
        .filter(|&&c| c != cell)
        .map(|c| digits[c.index()])
        .filter(|&d| d != 0)
        .fold(0, |m, d| m | 1 << d);
    sets(puzzle, run)
        .into_iter()
        .filter(|set| set & others == others)
        .fold(0, |m, set| m | set)
        & !others
}

/// One digit set of a run as the helper lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetFit {
    /// The set (bit d for digit d).
    pub set: Mask,
    /// Whether the placed digits and the marks still leave room for it.
    pub fits: bool,
}

/// The run's digit sets, each with whether it still fits: it must hold every digit placed in
/// the run, and its other digits must go one to each empty cell, within the cell's marks where
/// it has some.
pub fn set_fits(puzzle: &Puzzle, run: RunId, digits: &[u8], marks: &[Mask]) -> Vec<SetFit> {
    let cells = &puzzle.run(run).cells;
    let placed_mask = placed(puzzle, run, digits);
    let placed_count = cells.iter().filter(|c| digits[c.index()] != 0).count();
    let empty: Vec<Mask> = cells
        .iter()
        .filter(|c| digits[c.index()] == 0)
        .map(|c| match marks[c.index()] {
            0 => ALL_DIGITS,
            m => m,
        })
        .collect();
    let repeated = placed_mask.count_ones() as usize != placed_count;
    sets(puzzle, run)
        .into_iter()
        .map(|set| {
            let fits = !repeated
                && set & placed_mask == placed_mask
                && (set == ALL_DIGITS || assignable(&empty, set & !placed_mask));
            SetFit { set, fits }
        })
        .collect()
}

/// Whether every digit of `rest` can go to one of the cells, one digit per cell, each within
/// its allowed digits (and there are as many cells as digits).
fn assignable(cells: &[Mask], rest: Mask) -> bool {
    if cells.len() != rest.count_ones() as usize {
        return false;
    }
    let Some((first, more)) = cells.split_first() else {
        return true;
    };
    let mut options = first & rest;
    while options != 0 {
        let d = options.trailing_zeros();
        options &= options - 1;
        if assignable(more, rest & !(1 << d)) {
            return true;
        }
    }
    false
}

/// A set as the helper writes it: `{6 8 9}`.
pub fn set_text(set: Mask) -> String {
    let digits: Vec<String> = (1..=9)
        .filter(|d| set & (1 << d) != 0)
        .map(|d: u32| d.to_string())
        .collect();
    format!("{{{}}}", digits.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    #[test]
    fn sets_are_struck_by_placed_digits_and_marks() {
        // One across run: 10 in 3 ({1 2 7} {1 3 6} {1 4 5} {2 3 5}).
        let (grid, _) = kakuro_text::parse("\\ \\ \\ \\\n\\10 __ __ __\n").unwrap();
        let puzzle = Puzzle::from_grid(&grid).unwrap_or_else(|e| panic!("{e}"));
        let run = RunId(0);
        let mut digits = vec![0; 3];
        let mut marks = vec![0; 3];
        let fits = |d: &[u8], m: &[Mask]| -> Vec<bool> {
            set_fits(&puzzle, run, d, m)
                .iter()
                .map(|f| f.fits)
                .collect()
        };
        assert_eq!(fits(&digits, &marks), [true, true, true, true]);
        digits[0] = 5;
        assert_eq!(fits(&digits, &marks), [false, false, true, true]);
        // The other two cells may only be 2 or 3: {1 4 5} cannot be placed.
        marks[1] = (1 << 2) | (1 << 3);
        marks[2] = (1 << 2) | (1 << 3);
        assert_eq!(fits(&digits, &marks), [false, false, false, true]);
        assert_eq!(
            allowed(&puzzle, run, CellId(1), &digits),
            (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4)
        );
        assert_eq!(set_text((1 << 6) | (1 << 8) | (1 << 9)), "{6 8 9}");
    }
}
