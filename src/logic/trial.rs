//! The last resort: a bounded trial. Assume a digit in a cell, follow the tier-1 and tier-2
//! steps from there for a few moves, and if they reach a contradiction the digit goes. Named
//! as such and rated hardest: never a silent guess.

use crate::puzzle::{CellId, Puzzle};

use super::board::Board;
use super::step::{Step, Technique, Tier, Why};
use super::tier2::dead_run;
use super::{next_step_up_to, text};

/// Steps followed after the assumption before the trial gives it up.
const DEPTH: usize = 16;

/// The most candidates a cell may have to be tried: a person tries a cell of two or three.
const WIDEST: u32 = 3;

/// The first assumption, over the open cells with the fewest candidates first, that leads to a
/// contradiction within [`DEPTH`] steps of tiers 1 and 2.
pub(crate) fn trial(puzzle: &Puzzle, board: &Board) -> Option<Step> {
    let mut open: Vec<CellId> = (0..puzzle.cells().len() as u32)
        .map(CellId)
        .filter(|&c| board.value(c).is_none() && board.candidates(c).count_ones() <= WIDEST)
        .collect();
    open.sort_by_key(|&c| (board.candidates(c).count_ones(), c));
    for cell in open {
        for digit in text::digits(board.candidates(cell)) {
            let Some((chain, contradiction)) = refute(puzzle, board, cell, digit) else {
                continue;
            };
            let mut step = Step::new(
                Technique::Trial,
                Why::Trial {
                    cell,
                    digit,
                    chain,
                    contradiction,
                },
            );
            step.eliminations = vec![(cell, 1 << digit)];
            step.because = vec![cell];
            step.runs = puzzle.cell(cell).runs().collect();
            return Some(step);
        }
    }
    None
}

/// The placements made after assuming `digit` in `cell`, and the contradiction they reach.
fn refute(
    puzzle: &Puzzle,
    board: &Board,
    cell: CellId,
    digit: u8,
) -> Option<(Vec<(CellId, u8)>, String)> {
    let mut board = board.clone();
    board.place(cell, digit);
    let mut chain = Vec::new();
    for _ in 0..DEPTH {
        if let Some(why) = board.contradiction(puzzle) {
            return Some((chain, why));
        }
        let Some(step) = next_step_up_to(puzzle, &board, Tier::Two) else {
            break;
        };
        chain.extend(step.placements.iter().copied());
        board.apply(&step);
    }
    board
        .contradiction(puzzle)
        .or_else(|| dead_run(puzzle, &board))
        .map(|why| (chain, why))
}
