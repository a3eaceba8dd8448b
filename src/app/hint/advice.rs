//! Hint: the easiest next deduction from a player's position (typed digits and pencil marks),
//! once the position is known to agree with the puzzle's solution. Plain functions with no
//! egui: the Digits tool and play mode both call [`advise`], on a background thread.
//!
//! A hint that is applied leaves a [`Held`] board behind. While the position only goes on from
//! the one that board stands for, the next hint starts from the board narrowed by the position,
//! which keeps what marks alone cannot say (the digit sets struck from each run).

use crate::logic::{Board, Step, next_step};
use crate::solve::combos::Mask;
use crate::{CancelToken, CellId, Pos, Puzzle, Solver, Uniqueness};

use crate::app::board::step_view::ALL_DIGITS;

/// A player's position, by [`CellId`]: the digits placed, and the pencil marks if any are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The digit in each white cell, if any.
    pub digits: Vec<Option<u8>>,
    /// The candidates written in each white cell (bit d for digit d); `None` when no marks
    /// are kept, so that every cell may hold any digit.
    pub marks: Option<Vec<Mask>>,
}

impl Position {
    /// The digits typed into a grid (row by row, 0 for none), marks aside.
    pub fn from_grid_digits(puzzle: &Puzzle, digits: &[u8]) -> Position {
        let width = puzzle.width();
        Position {
            digits: puzzle
                .cells()
                .iter()
                .map(|c| {
                    let d = digits.get(c.pos.row * width + c.pos.col).copied();
                    d.filter(|&d| (1..=9).contains(&d))
                })
                .collect(),
            marks: None,
        }
    }

    /// A player's position in play mode: digits (0 for none) and pencil marks (0 for none
    /// written, which leaves the cell every digit) by [`CellId`].
    pub fn from_play(digits: &[u8], marks: &[Mask]) -> Position {
        Position {
            digits: digits
                .iter()
                .map(|&d| (1..=9).contains(&d).then_some(d))
                .collect(),
            marks: Some(
                marks
                    .iter()
                    .map(|&m| {
                        if m & ALL_DIGITS == 0 {
                            ALL_DIGITS
                        } else {
                            m & ALL_DIGITS
                        }
                    })
                    .collect(),
            ),
        }
    }

    fn candidates(&self, cell: CellId) -> Mask {
        match self.digits.get(cell.index()).copied().flatten() {
            Some(d) => 1 << d,
            None => self
                .marks
                .as_ref()
                .and_then(|m| m.get(cell.index()).copied())
                .unwrap_or(ALL_DIGITS),
        }
    }
}

/// What is known of the puzzle's solutions, to check a position against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// The puzzle has none.
    None,
    /// Exactly one: its digits by [`CellId`].
    Unique(Vec<u8>),
    /// Two or more.
    Several,
}

impl Solutions {
    /// Searches `puzzle` (stops at the second solution); `None` when cancelled.
    pub fn find(puzzle: &Puzzle, cancel: &CancelToken) -> Option<Solutions> {
        let found = Solver::new(puzzle)
            .with_cancel(cancel.clone())
            .uniqueness()
            .ok()?;
        Some(match found {
            Uniqueness::None => Solutions::None,
            Uniqueness::Unique(solution) => Solutions::Unique(solution.digits),
            Uniqueness::Multiple => Solutions::Several,
        })
    }
}

/// The board after an applied hint, and the position it stands for.
#[derive(Clone, Debug)]
pub struct Held {
    /// The position after the step: its placements typed, every candidate left as a mark.
    pub position: Position,
    /// The logical board after the step.
    pub board: Board,
}

/// What Hint says about a position.
#[derive(Clone, Debug)]
pub enum Advice {
    /// The next step, and the board it is taken on.
    Step {
        /// The deduction.
        step: Box<Step>,
        /// The position as logic sees it, before the step.
        board: Box<Board>,
    },
    /// Typed digits that differ from the puzzle's only solution.
    WrongDigits(Vec<CellId>),
    /// Cells whose pencil marks leave out the only solution's digit.
    WrongMarks(Vec<CellId>),
    /// The puzzle has solutions, but none with these digits (and marks).
    NoSolutionWith,
    /// The puzzle has no solution at all.
    NoSolution,
    /// Every cell is filled in.
    Solved,
    /// Logic finds no step here (the puzzle has several solutions, or needs more than the
    /// techniques know).
    Stuck {
        /// Whether the puzzle has several solutions.
        several: bool,
    },
}

impl Advice {
    /// What the hint says, in a sentence.
    pub fn message(&self, puzzle: &Puzzle) -> String {
        let cells = |cells: &[CellId]| {
            let names: Vec<String> = cells.iter().map(|&c| pos(puzzle, c).to_string()).collect();
            names.join(", ")
        };
        match self {
            Advice::Step { step, .. } => step.technique.name().to_string(),
            Advice::WrongDigits(wrong) if wrong.len() == 1 => format!(
                "The digit at {} is wrong: the puzzle's solution has another there",
                cells(wrong)
            ),
            Advice::WrongDigits(wrong) => format!(
                "{} digits are wrong ({}): the puzzle's solution has others there",
                wrong.len(),
                cells(wrong)
            ),
            Advice::WrongMarks(wrong) => format!(
                "The pencil marks at {} leave out the solution's digit",
                cells(wrong)
            ),
            Advice::NoSolutionWith => {
                "No solution of the puzzle has the digits typed: one of them is wrong".into()
            }
            Advice::NoSolution => "The puzzle has no solution: there is nothing to hint".into(),
            Advice::Solved => "Solved: every cell is filled in".into(),
            Advice::Stuck { several: true } => {
                "Logic finds no next step: the puzzle has several solutions, and here they part"
                    .into()
            }
            Advice::Stuck { several: false } => {
                "Logic finds no next step from here with the techniques it knows".into()
            }
        }
    }

    /// The cells the hint outlines as wrong.
    pub fn wrong_cells(&self) -> &[CellId] {
        match self {
            Advice::WrongDigits(cells) | Advice::WrongMarks(cells) => cells,
            _ => &[],
        }
    }
}

fn pos(puzzle: &Puzzle, cell: CellId) -> Pos {
    puzzle.cell(cell).pos
}

/// The hint for `position`: first whether it agrees with the puzzle's solutions (a wrong digit
/// is said as such, never hinted from), then logic's easiest next step. `held` is the board of
/// the last applied hint, used when it stands for this very position. `None` when cancelled.
pub fn advise(
    puzzle: &Puzzle,
    solutions: &Solutions,
    position: &Position,
    held: Option<&Held>,
    cancel: &CancelToken,
) -> Option<Advice> {
    if let Some(fault) = check(puzzle, solutions, position, cancel)? {
        return Some(fault);
    }
    let mut board = board_for(puzzle, position, held);
    let next = loop {
        if cancel.is_cancelled() {
            return None;
        }
        match next_step(puzzle, &board) {
            // A step that only strikes digit sets leaves the player's digits and marks as they
            // were: taken quietly, it is never offered (nor counted) as a hint.
            Some(step) if !changes_position(&step) => board.apply(&step),
            next => break next,
        }
    };
    Some(match next {
        Some(step) => Advice::Step {
            step: Box::new(step),
            board: Box::new(board),
        },
        None if board.is_solved() => Advice::Solved,
        None => Advice::Stuck {
            several: *solutions == Solutions::Several,
        },
    })
}

/// Whether `step` changes what a player sees: a digit placed or a candidate rubbed out.
fn changes_position(step: &Step) -> bool {
    !step.placements.is_empty() || !step.eliminations.is_empty()
}

/// The board logic starts from: the position's, narrowed by the last applied hint's board
/// while the position has only gone on from it (no digit taken back, no mark written back).
/// The held board keeps what marks cannot say (the digit sets struck), and the position what
/// the player found since, so that no hint repeats what either already knows.
fn board_for(puzzle: &Puzzle, position: &Position, held: Option<&Held>) -> Board {
    let mut board = Board::from_position(puzzle, &position.digits, position.marks.as_deref());
    let Some(held) = held else { return board };
    let cells = (0..puzzle.cells().len() as u32).map(CellId);
    let on_from_held = cells
        .clone()
        .all(|c| position.candidates(c) & !held.position.candidates(c) == 0);
    if !on_from_held {
        return board;
    }
    for cell in cells {
        board.narrow(cell, held.board.candidates(cell));
    }
    for run in (0..puzzle.runs().len() as u32).map(crate::RunId) {
        let live = held.board.live_sets(run);
        board.keep_sets(run, |set| live.contains(&set));
    }
    board
}

/// What is wrong with `position`, if anything; `None` when cancelled.
fn check(
    puzzle: &Puzzle,
    solutions: &Solutions,
    position: &Position,
    cancel: &CancelToken,
) -> Option<Option<Advice>> {
    let cells = (0..puzzle.cells().len() as u32).map(CellId);
    match solutions {
        Solutions::None => Some(Some(Advice::NoSolution)),
        Solutions::Unique(solution) => {
            let digit = |c: CellId| solution[c.index()];
            let typed = |c: CellId| position.digits.get(c.index()).copied().flatten();
            let wrong: Vec<CellId> = cells
                .clone()
                .filter(|&c| typed(c).is_some_and(|d| d != digit(c)))
                .collect();
            if !wrong.is_empty() {
                return Some(Some(Advice::WrongDigits(wrong)));
            }
            let wrong: Vec<CellId> = cells
                .filter(|&c| position.candidates(c) & (1 << digit(c)) == 0)
                .collect();
            Some((!wrong.is_empty()).then_some(Advice::WrongMarks(wrong)))
        }
        Solutions::Several => {
            let narrowed = cells.filter(|&c| position.candidates(c) != ALL_DIGITS);
            let solver = narrowed.fold(Solver::new(puzzle), |solver, c| {
                solver.with_candidates(c, position.candidates(c))
            });
            let found = solver.with_cancel(cancel.clone()).any().ok()?;
            Some(found.is_none().then_some(Advice::NoSolutionWith))
        }
    }
}

/// Applies `step` to `board` (the board it was found on): the placements become digits, every
/// candidate left a mark.
pub fn apply(puzzle: &Puzzle, position: &Position, board: &Board, step: &Step) -> Held {
    let mut board = board.clone();
    board.apply(step);
    let mut digits = position.digits.clone();
    for &(cell, digit) in &step.placements {
        if let Some(slot) = digits.get_mut(cell.index()) {
            *slot = Some(digit);
        }
    }
    let marks = (0..puzzle.cells().len() as u32)
        .map(|c| board.candidates(CellId(c)))
        .collect();
    Held {
        position: Position {
            digits,
            marks: Some(marks),
        },
        board,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Format, parse};

    fn wikipedia() -> Puzzle {
        let text = include_str!("../../../puzzles/wikipedia.kakuro");
        let grid = parse(text, Format::Kakuro).unwrap().document.grid;
        Puzzle::from_grid(&grid).unwrap()
    }

    fn empty(puzzle: &Puzzle) -> Position {
        Position {
            digits: vec![None; puzzle.cells().len()],
            marks: None,
        }
    }

    #[test]
    fn hints_applied_one_after_another_solve_the_puzzle_with_its_solution() {
        let puzzle = wikipedia();
        let cancel = CancelToken::new();
        let solutions = Solutions::find(&puzzle, &cancel).unwrap();
        let Solutions::Unique(solution) = &solutions else {
            panic!("{solutions:?}")
        };
        let mut position = empty(&puzzle);
        let mut held = None;
        for _ in 0..1000 {
            match advise(&puzzle, &solutions, &position, held.as_ref(), &cancel).unwrap() {
                Advice::Step { step, board } => {
                    let next = apply(&puzzle, &position, &board, &step);
                    position = next.position.clone();
                    held = Some(next);
                }
                Advice::Solved => break,
                other => panic!("{}", other.message(&puzzle)),
            }
        }
        let digits: Vec<u8> = position.digits.iter().map(|d| d.unwrap()).collect();
        assert_eq!(&digits, solution);
    }

    #[test]
    fn a_wrong_digit_is_named_and_not_hinted_from() {
        let puzzle = wikipedia();
        let cancel = CancelToken::new();
        let solutions = Solutions::find(&puzzle, &cancel).unwrap();
        let Solutions::Unique(solution) = &solutions else {
            panic!()
        };
        let mut position = empty(&puzzle);
        position.digits[3] = Some(solution[3] % 9 + 1);
        let advice = advise(&puzzle, &solutions, &position, None, &cancel).unwrap();
        assert_eq!(advice.wrong_cells(), &[CellId(3)]);
        assert!(advice.message(&puzzle).contains("is wrong"));
        // Marks that leave out the solution's digit are said too.
        let mut position = empty(&puzzle);
        let mut marks = vec![ALL_DIGITS; puzzle.cells().len()];
        marks[5] &= !(1 << solution[5]);
        position.marks = Some(marks);
        let advice = advise(&puzzle, &solutions, &position, None, &cancel).unwrap();
        assert!(matches!(advice, Advice::WrongMarks(ref c) if c == &[CellId(5)]));
    }

    #[test]
    fn with_several_solutions_digits_no_solution_has_are_said() {
        let text = include_str!("../../../puzzles/two.kakuro");
        let grid = parse(text, Format::Kakuro).unwrap().document.grid;
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let cancel = CancelToken::new();
        let solutions = Solutions::find(&puzzle, &cancel).unwrap();
        assert_eq!(solutions, Solutions::Several);
        let mut position = empty(&puzzle);
        // Every cell of a run the same digit: no solution has that.
        let run = &puzzle.runs()[0];
        for &cell in &run.cells {
            position.digits[cell.index()] = Some(1);
        }
        let advice = advise(&puzzle, &solutions, &position, None, &cancel).unwrap();
        assert!(matches!(advice, Advice::NoSolutionWith), "{advice:?}");
    }
}
