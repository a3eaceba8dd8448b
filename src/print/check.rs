//! Whether a puzzle is fit to print: its solution, or what to warn about.

use std::time::Duration;

use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Solver, Uniqueness};

use super::layout::Entry;

/// What the check before printing found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// One solution: its digits (one per white cell in reading order).
    Unique(Vec<u8>),
    /// Several: the first one's digits (empty when they were not asked for).
    Several(Vec<u8>),
    /// No solution.
    Impossible,
    /// The search was cancelled (its time ran out) before it could tell.
    Unknown,
}

impl Answer {
    /// Checks a puzzle until `cancel` fires; with `want_digits`, one with several solutions
    /// gets its first (in the solution order of `kakuro solve`).
    pub fn of(puzzle: &Puzzle, want_digits: bool, cancel: &CancelToken) -> Answer {
        let verdict = Solver::new(puzzle).with_cancel(cancel.clone()).uniqueness();
        match verdict {
            Ok(Uniqueness::Unique(solution)) => Answer::Unique(solution.digits),
            Ok(Uniqueness::None) => Answer::Impossible,
            Err(Cancelled) => Answer::Unknown,
            Ok(Uniqueness::Multiple) if !want_digits => Answer::Several(Vec::new()),
            Ok(Uniqueness::Multiple) => {
                match Solver::new(puzzle).with_cancel(cancel.clone()).first() {
                    Ok(Some(s)) => Answer::Several(s.digits),
                    Ok(None) | Err(Cancelled) => Answer::Unknown,
                }
            }
        }
    }

    /// What to warn the user about before printing the puzzle (`None` for a unique one);
    /// `solutions` says whether its solution is printed too.
    pub fn warning(&self, solutions: bool) -> Option<String> {
        match self {
            Answer::Unique(_) => None,
            Answer::Several(_) => Some(if solutions {
                "the puzzle has more than one solution; printed all the same; its solution page \
                 shows the first"
                    .into()
            } else {
                "the puzzle has more than one solution; printed all the same".into()
            }),
            Answer::Impossible => Some("the puzzle has no solution; printed all the same".into()),
            Answer::Unknown => {
                Some("not checked: the search ran out of time; printed all the same".into())
            }
        }
    }

    /// The band to print beside the puzzle ("Easy"): only a unique puzzle has one, and only
    /// when logic rates it within `RATE_TIME`.
    pub fn band(&self, grid: &Grid) -> Option<String> {
        match self {
            Answer::Unique(_) => difficulty(grid, RATE_TIME),
            _ => None,
        }
    }

    /// Gives the entry its solution for the back pages, and the note its label carries.
    pub fn fill(self, entry: &mut Entry) {
        entry.difficulty = self.band(&entry.grid);
        match self {
            Answer::Unique(digits) => entry.solution = Some(digits),
            Answer::Several(digits) => {
                entry.solution = (!digits.is_empty()).then_some(digits);
                entry.note = Some("not unique: the first of several".into());
            }
            Answer::Impossible => entry.solution = None,
            Answer::Unknown => {
                entry.solution = None;
                entry.note = Some("not found in time".into());
            }
        }
    }
}

/// The band logic rates a unique puzzle in ("Medium"), for its caption; none for a cryptic
/// puzzle, which logic does not rate.
/// How long logic may take to rate a puzzle for its caption: a huge grid's logical solve can
/// take a minute, and the caption then goes without its band.
pub const RATE_TIME: Duration = Duration::from_secs(10);

/// The band logic rates the puzzle in, unless that takes longer than `time`.
fn difficulty(grid: &Grid, time: Duration) -> Option<String> {
    if grid.is_cryptic() {
        return None;
    }
    let puzzle = Puzzle::from_grid(grid).ok()?;
    let deadline = CancelToken::new().with_deadline(time);
    match crate::logic::explain_until(&puzzle, &deadline) {
        (explanation, false) => Some(explanation.rating.band.name().to_string()),
        (_, true) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    /// A band logic cannot find in time is left out of the caption.
    #[test]
    fn a_rating_out_of_time_gives_no_band() {
        let (grid, _) = kakuro_text::parse("\\ 4\\ 3\\\n\\3 __ __\n\\4 __ __\n").unwrap();
        assert_eq!(difficulty(&grid, RATE_TIME).as_deref(), Some("Easy"));
        assert_eq!(difficulty(&grid, Duration::ZERO), None);
    }

    fn answer(text: &str, cancel: &CancelToken) -> Answer {
        let (grid, _) = kakuro_text::parse(text).unwrap();
        Answer::of(&Puzzle::from_grid(&grid).unwrap(), true, cancel)
    }

    #[test]
    fn unique_several_none_and_unknown() {
        let go = CancelToken::new();
        let tiny = include_str!("../../puzzles/tiny.kakuro");
        assert_eq!(answer(tiny, &go), Answer::Unique(vec![1, 2, 9, 7]));
        assert!(answer(tiny, &go).warning(true).is_none());
        let two = answer(include_str!("../../puzzles/two.kakuro"), &go);
        assert!(
            matches!(&two, Answer::Several(d) if !d.is_empty()),
            "{two:?}"
        );
        assert!(two.warning(true).unwrap().contains("shows the first"));
        let mut entry = Entry::new(crate::Grid::new(1, 1), "");
        two.fill(&mut entry);
        assert!(entry.solution.is_some() && entry.note.is_some());
        // A unique puzzle's caption gives the band logic rates it in; a puzzle with several
        // solutions has none.
        let (grid, _) = kakuro_text::parse(include_str!("../../puzzles/wikipedia.kakuro")).unwrap();
        let mut entry = Entry::new(grid.clone(), "");
        answer(include_str!("../../puzzles/wikipedia.kakuro"), &go).fill(&mut entry);
        assert_eq!(entry.difficulty.as_deref(), Some("Easy"));
        assert_eq!(entry.facts(), "8 × 8 · Easy");
        assert_eq!(
            Entry {
                difficulty: None,
                ..entry
            }
            .facts(),
            "8 × 8"
        );
        let none = answer(include_str!("../../puzzles/none.kakuro"), &go);
        assert_eq!(none, Answer::Impossible);
        let stopped = CancelToken::new();
        stopped.cancel();
        assert_eq!(answer(tiny, &stopped), Answer::Unknown);
    }
}
