//! The whole logical solve from the empty board (`explain`).

use std::convert::Infallible;

use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled};

use super::board::Board;
use super::rating::{Rating, rating_of};
use super::scan::Scan;
use super::step::{Step, Technique};

/// The logical solve of a puzzle: its steps from the empty board, and what they add up to.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// The steps, easiest first at each point.
    pub steps: Vec<Step>,
    /// Whether the steps place a digit in every white cell.
    pub solved: bool,
    /// Whether a step is a trial.
    pub trial: bool,
    /// The difficulty the steps add up to.
    pub rating: Rating,
    /// The board the steps end on: solved, stuck, or broken (a puzzle without a solution).
    pub end: Board,
}

/// The whole logical solve from the empty board.
pub fn explain(puzzle: &Puzzle) -> Explanation {
    let Ok(explanation) = solve(puzzle, || Ok::<(), Infallible>(()));
    explanation
}

/// Same as [`explain`], stopping with `Cancelled` when `cancel` fires (the app runs it on a
/// background thread).
pub fn explain_cancellable(
    puzzle: &Puzzle,
    cancel: &CancelToken,
) -> Result<Explanation, Cancelled> {
    solve(puzzle, || {
        if cancel.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    })
}

/// Steps from the empty board until none is found, asking `go_on` before each: the steps
/// [`super::next_step`] gives one after the other, found by a [`Scan`].
fn solve<E>(puzzle: &Puzzle, go_on: impl Fn() -> Result<(), E>) -> Result<Explanation, E> {
    let mut board = Board::new(puzzle);
    let mut scan = Scan::new(puzzle);
    let mut steps = Vec::new();
    loop {
        go_on()?;
        let Some(step) = scan.next_step(puzzle, &board) else {
            break;
        };
        board.apply(&step);
        scan.after(puzzle, &step);
        steps.push(step);
    }
    let solved = board.is_solved();
    let trial = steps.iter().any(|s| s.technique == Technique::Trial);
    Ok(Explanation {
        rating: rating_of(puzzle, &steps, solved),
        steps,
        solved,
        trial,
        end: board,
    })
}
