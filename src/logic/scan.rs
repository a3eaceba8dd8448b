//! `Scan`: the finders of [`super::next_step`] asked again only where the board changed.
//!
//! A run finder's answer for a run depends only on that run's cells and live sets, a cell
//! finder's answer for a cell only on the runs through it, and a near finder's on the runs
//! through the cells of its runs. So once a finder found nothing in a
//! run (or at a cell), it finds nothing there again until a step changes that run. The scan
//! remembers those quiet places and skips them, asking the rest in the same order as a full
//! rescan: the steps are the same, easiest first, with the same ties.

use crate::puzzle::{CellId, Puzzle, RunId};

use super::board::Board;
use super::step::{Step, Tier};
use super::{FINDERS, Finder};

/// Where each finder is known to find nothing, and which runs are known to break no rule.
pub(crate) struct Scan {
    /// Per finder of [`FINDERS`], per run or cell (empty for a whole-board finder): found
    /// nothing since the place last changed.
    quiet: Vec<Vec<bool>>,
    /// Per run: broke no rule since it last changed.
    sound: Vec<bool>,
    /// The most links a chain may have.
    max_chain: usize,
    /// Per run: changed since the near finders' quiet cells were last brought up to date
    /// (done only when the near finder, there is one, is asked: most solves never get that
    /// far).
    changed: Vec<bool>,
    /// The indices in [`FINDERS`] of the run finders, and of the cell and near finders.
    run_finders: Vec<usize>,
    cell_finders: Vec<usize>,
}

impl Scan {
    /// A scan that knows nothing yet.
    pub(crate) fn new(puzzle: &Puzzle) -> Scan {
        let (runs, cells) = (puzzle.runs().len(), puzzle.cells().len());
        Scan {
            quiet: FINDERS
                .iter()
                .map(|(_, finder)| match finder {
                    Finder::Run(_) => vec![false; runs],
                    Finder::Cell(_) | Finder::Near(_) => vec![false; cells],
                    Finder::Whole(_) | Finder::Chained(_) => Vec::new(),
                })
                .collect(),
            sound: vec![false; runs],
            max_chain: super::DEFAULT_MAX_CHAIN,
            changed: vec![false; runs],
            run_finders: finders_of(|f| matches!(f, Finder::Run(_))),
            cell_finders: finders_of(|f| matches!(f, Finder::Cell(_) | Finder::Near(_))),
        }
    }

    /// The same scan looking for chains of at most `max_chain` links.
    pub(crate) fn with_max_chain(mut self, max_chain: usize) -> Scan {
        self.max_chain = max_chain;
        self
    }

    /// The step [`super::next_step`] gives on `board`, which must be the board of the last
    /// [`Scan::after`] (or the empty board for a new scan).
    pub(crate) fn next_step(&mut self, puzzle: &Puzzle, board: &Board) -> Option<Step> {
        self.next_step_up_to(puzzle, board, Tier::Trial)
    }

    /// The step [`Scan::next_step`] gives among the techniques of tiers up to `most` (the
    /// harder finders, the costliest, are not asked).
    pub(crate) fn next_step_up_to(
        &mut self,
        puzzle: &Puzzle,
        board: &Board,
        most: Tier,
    ) -> Option<Step> {
        if board.is_solved() || self.broken(puzzle, board) {
            return None;
        }
        for ((technique, finder), quiet) in FINDERS.iter().zip(&mut self.quiet) {
            if technique.tier() > most {
                break;
            }
            let found = match *finder {
                Finder::Run(f) => first(quiet, |r| f(puzzle, board, RunId(r))),
                Finder::Cell(f) => first(quiet, |c| f(puzzle, board, CellId(c))),
                Finder::Near(f) => {
                    for (r, changed) in self.changed.iter_mut().enumerate() {
                        if !std::mem::take(changed) {
                            continue;
                        }
                        for &cell in &puzzle.run(RunId(r as u32)).cells {
                            for across in puzzle.cell(cell).runs() {
                                for &near in &puzzle.run(across).cells {
                                    quiet[near.index()] = false;
                                }
                            }
                        }
                    }
                    first(quiet, |c| f(puzzle, board, CellId(c)))
                }
                Finder::Whole(f) => f(puzzle, board),
                Finder::Chained(f) => f(puzzle, board, self.max_chain),
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Forgets what was known about the runs and cells `step` changes, once it is applied.
    pub(crate) fn after(&mut self, puzzle: &Puzzle, step: &Step) {
        let cells = step
            .placements
            .iter()
            .map(|&(c, _)| c)
            .chain(step.eliminations.iter().map(|&(c, _)| c));
        let mut runs: Vec<RunId> = step.struck.iter().map(|&(r, _)| r).collect();
        for cell in cells {
            runs.extend(puzzle.cell(cell).runs());
            self.stir(FindsBy::Cell, cell.index());
        }
        runs.sort();
        runs.dedup();
        for run in runs {
            self.sound[run.index()] = false;
            self.changed[run.index()] = true;
            self.stir(FindsBy::Run, run.index());
            for &cell in &puzzle.run(run).cells {
                self.stir(FindsBy::Cell, cell.index());
            }
        }
    }

    /// Forgets that the run or cell finders found nothing at `place`.
    fn stir(&mut self, by: FindsBy, place: usize) {
        let finders = match by {
            FindsBy::Run => &self.run_finders,
            FindsBy::Cell => &self.cell_finders,
        };
        for &f in finders {
            self.quiet[f][place] = false;
        }
    }

    /// Whether the board breaks a rule ([`Board::contradiction`] is some), checking only the
    /// runs changed since they were last found sound.
    fn broken(&mut self, puzzle: &Puzzle, board: &Board) -> bool {
        if board.has_empty_cell() {
            return true;
        }
        for (r, sound) in self.sound.iter_mut().enumerate() {
            if !*sound {
                if board.run_contradiction(puzzle, RunId(r as u32)).is_some() {
                    return true;
                }
                *sound = true;
            }
        }
        false
    }
}

/// The indices in [`FINDERS`] of the finders `kind` picks.
fn finders_of(kind: impl Fn(&Finder) -> bool) -> Vec<usize> {
    FINDERS
        .iter()
        .enumerate()
        .filter(|(_, (_, f))| kind(f))
        .map(|(i, _)| i)
        .collect()
}

/// Which kind of place a finder looks at.
#[derive(Clone, Copy)]
enum FindsBy {
    Run,
    Cell,
}

/// The first step `find` gives over the places not known to be quiet, in order; the places
/// found empty on the way become quiet.
fn first(quiet: &mut [bool], find: impl Fn(u32) -> Option<Step>) -> Option<Step> {
    for (place, known) in quiet.iter_mut().enumerate() {
        if *known {
            continue;
        }
        match find(place as u32) {
            Some(step) => return Some(step),
            None => *known = true,
        }
    }
    None
}
