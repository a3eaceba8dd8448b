//! The last resort: a bounded trial. Assume a digit in a cell and follow the simplest
//! consequences — digit sets the cells can no longer make are struck, cells keep what their
//! runs' sets allow, a cell left one digit takes it — through a bounded number of runs; if that
//! reaches a contradiction, the digit goes. Named as such and rated hardest: never a silent
//! guess.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::{digit_of, is_single};

use super::board::Board;
use super::chain::{Because, End, Link};
use super::step::{Step, Technique, Why};
use super::text;
use super::tier2::fault;

/// Runs revised after the assumption before the trial gives it up.
const REVISIONS: usize = 64;

/// The most candidates a cell may have to be tried: a person tries a cell of two or three.
const WIDEST: u32 = 3;

/// The first assumption, over the open cells with the fewest candidates first, whose
/// consequences reach a contradiction within [`REVISIONS`] run revisions.
pub(crate) fn trial(puzzle: &Puzzle, board: &Board) -> Option<Step> {
    let mut open: Vec<CellId> = (0..puzzle.cells().len() as u32)
        .map(CellId)
        .filter(|&c| board.value(c).is_none() && board.candidates(c).count_ones() <= WIDEST)
        .collect();
    open.sort_by_key(|&c| (board.candidates(c).count_ones(), c));
    for cell in open {
        for digit in text::digits(board.candidates(cell)) {
            let Some((chain, end)) = refute(puzzle, board, cell, digit) else {
                continue;
            };
            let assumed = Link {
                cell,
                digit,
                because: Because::Assumed,
            };
            let links = std::iter::once(assumed)
                .chain(chain.into_iter().map(|(cell, digit)| Link {
                    cell,
                    digit,
                    because: Because::Follows,
                }))
                .collect();
            let mut step = Step::new(Technique::Trial, Why::Trial { links, end });
            step.eliminations = vec![(cell, 1 << digit)];
            step.because = vec![cell];
            step.runs = puzzle.cell(cell).runs().collect();
            return Some(step);
        }
    }
    None
}

/// The digits placed after assuming `digit` in `cell`, and where they break.
fn refute(
    puzzle: &Puzzle,
    board: &Board,
    cell: CellId,
    digit: u8,
) -> Option<(Vec<(CellId, u8)>, End)> {
    let mut board = board.clone();
    board.place(cell, digit);
    let mut chain = Vec::new();
    let mut queue: Vec<RunId> = puzzle.cell(cell).runs().collect();
    let mut revisions = 0;
    while let Some(id) = queue.pop() {
        revisions += 1;
        if revisions > REVISIONS {
            return None;
        }
        let run = puzzle.run(id);
        let open: Vec<CellId> = board.open(run).collect();
        // Strike the sets the cells cannot make; none left is the contradiction.
        let snapshot = board.clone();
        board.keep_sets(id, |s| fault(&snapshot, run, &open, s).is_none());
        if board.live_sets(id).is_empty() {
            return Some((chain, End::NoWay(id)));
        }
        let (placed, _) = board.placed(run);
        let union = board.allowed(id) & !placed;
        for c in open {
            let before = board.candidates(c);
            board.narrow(c, union);
            let now = board.candidates(c);
            if now == 0 {
                return Some((chain, End::NoDigit(c)));
            }
            if now == before {
                continue;
            }
            if is_single(now) {
                board.place(c, digit_of(now));
                chain.push((c, digit_of(now)));
            }
            for r in puzzle.cell(c).runs() {
                if !queue.contains(&r) {
                    queue.push(r);
                }
            }
        }
    }
    None
}
