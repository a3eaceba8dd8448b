//! How the board shows a deduction (Hint and Explain): a logical board's digits and
//! candidates, a step's runs, cause cells, placements and eliminations, a chain's links in
//! order, and the digit sets a run keeps and loses.

use super::overlay::{ChainMark, Mark, Overlay};
use crate::app::KakuroApp;
use crate::logic::{Because, Board, End, Step};
use crate::solve::combos::Mask;
use crate::{Pos, Puzzle, RunId};

/// Every digit 1–9 as a candidate mask (bit d for digit d).
pub const ALL_DIGITS: Mask = 0b11_1111_1110;

/// How much of a step the board shows: Hint reveals it a part at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reveal {
    /// The runs (or region) to look at.
    Runs,
    /// The runs and the cells the step follows from.
    Cells,
    /// Everything: what it places and what it removes too.
    All,
}

/// An empty overlay the size of `puzzle`'s grid.
pub fn blank(puzzle: &Puzzle) -> Overlay {
    Overlay::new(puzzle.width(), puzzle.height())
}

/// `board` as the board shows it: its placed digits and every other cell's candidates, in
/// place of the typed digits.
pub fn board_overlay(puzzle: &Puzzle, board: &Board) -> Overlay {
    let mut overlay = blank(puzzle);
    for (index, cell) in puzzle.cells().iter().enumerate() {
        let id = crate::CellId(index as u32);
        let digit = board.value(id).unwrap_or(0);
        overlay.set(
            cell.pos,
            Mark {
                digit,
                pencil: if digit == 0 { board.candidates(id) } else { 0 },
                own: true,
                ..Mark::default()
            },
        );
    }
    overlay
}

/// Marks `step` on `overlay` as far as `reveal` goes: the runs to look at, the cause cells,
/// then the digits placed and the candidates removed.
pub fn mark_step(overlay: &mut Overlay, puzzle: &Puzzle, step: &Step, reveal: Reveal) {
    if reveal >= Reveal::Cells {
        overlay.chain = step
            .chain()
            .iter()
            .map(|l| ChainMark {
                pos: puzzle.cell(l.cell).pos,
                digit: l.digit,
                denied: l.because == Because::Denied,
            })
            .collect();
        if let Some(End::NoDigit(cell)) = step.chain_end() {
            let pos = puzzle.cell(cell).pos;
            let mut mark = overlay.get(pos);
            mark.lesson.wrong = true;
            overlay.set(pos, mark);
        }
    }
    let mut edit = |cell: crate::CellId, change: &dyn Fn(&mut Mark)| {
        let pos = puzzle.cell(cell).pos;
        let mut mark = overlay.get(pos);
        change(&mut mark);
        overlay.set(pos, mark);
    };
    for &run in &step.runs {
        for &cell in &puzzle.run(run).cells {
            edit(cell, &|m| m.lesson.focus = true);
        }
    }
    if step.runs.is_empty() {
        // A step about cells alone points at the cells it changes.
        let changed = step.placements.iter().map(|p| p.0);
        for cell in changed.chain(step.eliminations.iter().map(|e| e.0)) {
            edit(cell, &|m| m.lesson.focus = true);
        }
    }
    if reveal >= Reveal::Cells {
        for &cell in &step.because {
            edit(cell, &|m| m.lesson.cause = true);
        }
    }
    if reveal >= Reveal::All {
        for &(cell, digit) in &step.placements {
            edit(cell, &|m| {
                m.lesson.placed = true;
                m.digit = digit;
            });
        }
        for &(cell, gone) in &step.eliminations {
            edit(cell, &|m| {
                m.lesson.struck |= gone;
                m.pencil &= !gone;
            });
        }
    }
}

/// A run's digit sets at a step: each live set, and whether the step strikes it.
pub fn run_sets(board: &Board, step: &Step, run: RunId) -> Vec<(Mask, bool)> {
    let struck: &[Mask] = step
        .struck
        .iter()
        .find(|(r, _)| *r == run)
        .map_or(&[], |(_, sets)| sets.as_slice());
    board
        .live_sets(run)
        .iter()
        .map(|&set| (set, struck.contains(&set)))
        .collect()
}

/// The runs whose digit sets a step is about: those it strikes sets from, then the runs it
/// points at, each once.
pub fn step_runs(step: &Step) -> Vec<RunId> {
    let mut runs: Vec<RunId> = step.struck.iter().map(|(r, _)| *r).collect();
    for &run in &step.runs {
        if !runs.contains(&run) {
            runs.push(run);
        }
    }
    runs
}

/// What the board paints of a deduction, for tests: the cells of each kind, by position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShownLesson {
    /// Cells of the runs to look at.
    pub focus: Vec<Pos>,
    /// Cause cells.
    pub cause: Vec<Pos>,
    /// Digits placed by the step.
    pub placed: Vec<(Pos, u8)>,
    /// Candidates the step removes, per cell.
    pub struck: Vec<(Pos, Mask)>,
    /// Cells outlined as wrong.
    pub wrong: Vec<Pos>,
    /// Every white cell's digit and pencil marks as the board shows them, when they are a
    /// logical board's (Explain) rather than the typed digits.
    pub board: Vec<(Pos, u8, Mask)>,
    /// A chain's links in order, drawn numbered with arrows.
    pub chain: Vec<ChainMark>,
}

impl KakuroApp {
    /// What the board paints of a hint or an explained step, if anything.
    pub fn shown_lesson(&mut self) -> Option<ShownLesson> {
        let overlay = self.overlay()?;
        let mut shown = ShownLesson {
            chain: overlay.chain.clone(),
            ..ShownLesson::default()
        };
        for pos in self.editor.grid().positions() {
            let mark = overlay.get(pos);
            let lesson = mark.lesson;
            let lists = [
                (lesson.focus, &mut shown.focus),
                (lesson.cause, &mut shown.cause),
                (lesson.wrong, &mut shown.wrong),
            ];
            for (on, list) in lists {
                if on {
                    list.push(pos);
                }
            }
            if lesson.placed {
                shown.placed.push((pos, mark.digit));
            }
            if lesson.struck != 0 {
                shown.struck.push((pos, lesson.struck));
            }
            if mark.own {
                shown.board.push((pos, mark.digit, mark.pencil));
            }
        }
        Some(shown)
    }
}
