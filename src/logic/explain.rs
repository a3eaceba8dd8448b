//! The whole logical solve from the empty board (`explain`).

use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled};

use super::DEFAULT_MAX_CHAIN;
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
    solve(puzzle, DEFAULT_MAX_CHAIN, || true).0
}

/// Same as [`explain`], stopping with `Cancelled` when `cancel` fires (the app runs it on a
/// background thread).
pub fn explain_cancellable(
    puzzle: &Puzzle,
    cancel: &CancelToken,
) -> Result<Explanation, Cancelled> {
    match explain_until(puzzle, cancel) {
        (_, true) => Err(Cancelled),
        (explanation, false) => Ok(explanation),
    }
}

/// The logical solve as far as it gets before `cancel` fires (a deadline), and whether it
/// fired first: then the steps are the first ones only, the rating is theirs, and `solved` is
/// false.
pub fn explain_until(puzzle: &Puzzle, cancel: &CancelToken) -> (Explanation, bool) {
    solve(puzzle, DEFAULT_MAX_CHAIN, || !cancel.is_cancelled())
}

/// Same as [`explain_until`], with chains of at most `max_chain` links (the assumption
/// included) before a trial.
pub fn explain_with(
    puzzle: &Puzzle,
    cancel: &CancelToken,
    max_chain: usize,
) -> (Explanation, bool) {
    solve(puzzle, max_chain, || !cancel.is_cancelled())
}

/// Steps from the empty board until none is found or `go_on` says no (asked before each
/// step): the steps [`super::next_step`] gives one after the other, found by a [`Scan`]. Also
/// whether `go_on` stopped them.
fn solve(puzzle: &Puzzle, max_chain: usize, go_on: impl Fn() -> bool) -> (Explanation, bool) {
    let mut board = Board::new(puzzle);
    let mut scan = Scan::new(puzzle).with_max_chain(max_chain);
    let mut steps = Vec::new();
    let mut stopped = false;
    loop {
        if !go_on() {
            stopped = true;
            break;
        }
        let Some(step) = scan.next_step(puzzle, &board) else {
            break;
        };
        board.apply(&step);
        scan.after(puzzle, &step);
        steps.push(step);
    }
    let solved = board.is_solved();
    let trial = steps.iter().any(|s| s.technique == Technique::Trial);
    let explanation = Explanation {
        rating: rating_of(puzzle, &steps, solved),
        steps,
        solved,
        trial,
        end: board,
    };
    (explanation, stopped)
}
