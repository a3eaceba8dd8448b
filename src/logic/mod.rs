//! Solving like a person: named deductions in tiers, step by step, and a difficulty rating.
//!
//! Apart from the search in [`crate::solve`]: a [`Board`] holds pencil marks, placed digits and
//! each run's live digit sets, and [`next_step`] finds the easiest deduction from it — tier 1
//! before tier 2, and within a tier the fixed order of [`Technique::ALL`] — as a typed
//! [`Step`] with its cause and a sentence. [`explain`] runs the steps from the empty board;
//! [`rate`] turns them into a [`Rating`]. Plain data and functions: no egui, no I/O.
//!
//! Every step is sound: it never removes a digit that some solution of the puzzle has in that
//! cell (a trial removes a digit only once assuming it reached a contradiction).

mod area;
mod arrange;
mod board;
mod chain;
mod chase;
mod explain;
mod rating;
pub(crate) mod scan;
mod step;
mod text;
mod tier1;
mod tier2;
mod tier3;
mod trial;

pub use board::Board;
pub use chain::{Because, DEFAULT_MAX_CHAIN, End, Link};
pub use explain::{Explanation, explain, explain_cancellable, explain_until, explain_with};
pub use rating::{Band, Rating, rate, rating_of, step_weight};
pub use step::{Step, Technique, Tier};
pub use text::{cell_name, run_name, set_text};

pub use crate::solve::Cancelled;
pub use crate::solve::combos::Mask;

use crate::puzzle::{CellId, Puzzle, RunId};

/// How a technique looks for its first step on a board, in its fixed scan order.
#[derive(Clone, Copy)]
enum Finder {
    /// Run by run; a run's answer depends only on its own cells and live sets.
    Run(fn(&Puzzle, &Board, RunId) -> Option<Step>),
    /// Cell by cell; a cell's answer depends only on the runs through it (their cells and
    /// live sets).
    Cell(fn(&Puzzle, &Board, CellId) -> Option<Step>),
    /// Cell by cell; a cell's answer depends on the runs through the cells of its runs.
    Near(fn(&Puzzle, &Board, CellId) -> Option<Step>),
    /// The whole board at once.
    Whole(fn(&Puzzle, &Board) -> Option<Step>),
    /// The whole board at once, with chains of at most so many links.
    Chained(fn(&Puzzle, &Board, usize) -> Option<Step>),
}

impl Finder {
    /// The first step over every run or cell in order (chains of at most `cap` links).
    fn find(self, puzzle: &Puzzle, board: &Board, cap: usize) -> Option<Step> {
        match self {
            Finder::Run(f) => {
                (0..puzzle.runs().len() as u32).find_map(|r| f(puzzle, board, RunId(r)))
            }
            Finder::Cell(f) | Finder::Near(f) => {
                (0..puzzle.cells().len() as u32).find_map(|c| f(puzzle, board, CellId(c)))
            }
            Finder::Whole(f) => f(puzzle, board),
            Finder::Chained(f) => f(puzzle, board, cap),
        }
    }
}

/// The finders in the order [`next_step`] asks them: [`Technique::ALL`]'s order.
const FINDERS: &[(Technique, Finder)] = &[
    (
        Technique::UniqueCombination,
        Finder::Run(tier1::unique_combination),
    ),
    (
        Technique::CrossReference,
        Finder::Cell(tier1::cross_reference),
    ),
    (Technique::NoRepeats, Finder::Cell(tier1::no_repeats)),
    (Technique::LastCell, Finder::Run(tier1::last_cell)),
    (Technique::NakedSingle, Finder::Cell(tier1::naked_single)),
    (Technique::HiddenSingle, Finder::Run(tier1::hidden_single)),
    (
        Technique::TwoCellComplement,
        Finder::Run(tier2::two_cell_complement),
    ),
    (Technique::SumBounds, Finder::Run(tier2::sum_bounds)),
    (
        Technique::CombinationElimination,
        Finder::Run(tier2::combination_elimination),
    ),
    (Technique::NakedSubset, Finder::Run(tier2::naked_subset)),
    (Technique::HiddenSubset, Finder::Run(tier2::hidden_subset)),
    (
        Technique::PermutationLogic,
        Finder::Run(tier3::permutation_logic),
    ),
    (
        Technique::CrossRunSubset,
        Finder::Whole(tier3::cross_run_subset),
    ),
    (Technique::AreaSum, Finder::Whole(area::area_sum)),
    (
        Technique::DomainShaving,
        Finder::Near(tier3::domain_shaving),
    ),
    (Technique::Chain, Finder::Chained(chain::chain)),
    (Technique::Trial, Finder::Whole(trial::trial)),
];

/// The easiest next step from `board` (chains of at most [`DEFAULT_MAX_CHAIN`] links), or
/// `None` when logic (including trial) is stuck or the
/// board is solved. A board with a contradiction (a cell with no candidate, a run with no live
/// set) gives `None` too; [`Board::contradiction`] says where.
pub fn next_step(puzzle: &Puzzle, board: &Board) -> Option<Step> {
    if board.is_solved() || board.contradiction(puzzle).is_some() {
        return None;
    }
    next_step_up_to(puzzle, board, Tier::Trial)
}

/// The easiest step of a tier up to `most`, on a board known to hold no contradiction.
pub(crate) fn next_step_up_to(puzzle: &Puzzle, board: &Board, most: Tier) -> Option<Step> {
    FINDERS
        .iter()
        .take_while(|(t, _)| t.tier() <= most)
        .find_map(|(_, finder)| finder.find(puzzle, board, DEFAULT_MAX_CHAIN))
}

/// The first step one technique finds on a board (a technique test's view).
#[cfg(test)]
fn find(technique: Technique, puzzle: &Puzzle, board: &Board) -> Option<Step> {
    let (_, finder) = FINDERS.iter().find(|(t, _)| *t == technique)?;
    finder.find(puzzle, board, DEFAULT_MAX_CHAIN)
}

#[cfg(test)]
mod chain_tests;
#[cfg(test)]
mod technique_tests;
#[cfg(test)]
mod tests;
