//! The position a chain is read in: the board's candidates, less the digits placed (on the
//! board or by earlier links) in the cell's runs, kept to what each run's live sets holding its
//! placed digits allow, and less the digit an either-or chain starts by denying.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::Mask;

use super::arrange;
use super::board::Board;
use super::chain::{Because, End, Link};

/// The position a chain is read in: the board and the digits its links placed.
#[derive(Clone)]
pub(crate) struct Chase<'a> {
    pub(crate) puzzle: &'a Puzzle,
    pub(crate) board: &'a Board,
    /// The digit a link placed per cell, 0 where none did.
    placed: Vec<u8>,
    /// Per run, the digits placed in it (on the board or by links).
    held: Vec<Mask>,
    /// Per run, the digits of its live sets that hold every digit placed in it.
    allowed: Vec<Mask>,
    /// The digit a [`Because::Denied`] link took from a cell.
    denied: Option<(CellId, u8)>,
}

impl<'a> Chase<'a> {
    /// The board with no link placed.
    pub(crate) fn new(puzzle: &'a Puzzle, board: &'a Board) -> Chase<'a> {
        let mut chase = Chase {
            puzzle,
            board,
            placed: vec![0; puzzle.cells().len()],
            held: vec![0; puzzle.runs().len()],
            allowed: vec![0; puzzle.runs().len()],
            denied: None,
        };
        for r in 0..puzzle.runs().len() as u32 {
            chase.settle(RunId(r));
        }
        chase
    }

    /// Works out what a run holds and allows again.
    fn settle(&mut self, r: RunId) {
        let held = self
            .puzzle
            .run(r)
            .cells
            .iter()
            .filter_map(|&c| self.value(c))
            .fold(0, |m, d| m | 1 << d);
        self.held[r.index()] = held;
        self.allowed[r.index()] = self.fitting(r).fold(0, |u, s| u | s);
    }

    pub(crate) fn value(&self, c: CellId) -> Option<u8> {
        match self.placed[c.index()] {
            0 => self.board.value(c),
            d => Some(d),
        }
    }

    /// The run's live sets holding its placed digits.
    fn fitting(&self, r: RunId) -> impl Iterator<Item = Mask> + '_ {
        let placed = self.held[r.index()];
        self.board
            .live_sets(r)
            .iter()
            .copied()
            .filter(move |s| s & placed == placed)
    }

    /// A cell's candidates in this position (a placed cell's is its digit).
    pub(crate) fn cands(&self, c: CellId) -> Mask {
        if let Some(d) = self.value(c) {
            return 1 << d;
        }
        let own = match self.denied {
            Some((cell, d)) if cell == c => self.board.candidates(c) & !(1 << d),
            _ => self.board.candidates(c),
        };
        self.puzzle.cell(c).runs().fold(own, |m, r| {
            m & self.allowed[r.index()] & !self.held[r.index()]
        })
    }

    pub(crate) fn open(&self, r: RunId) -> impl Iterator<Item = CellId> + '_ {
        self.puzzle
            .run(r)
            .cells
            .iter()
            .copied()
            .filter(|&c| self.value(c).is_none())
    }

    /// Some of the digits each open cell of the run takes in ways of making it, all of them
    /// where that is one (in the order of [`Chase::open`]), or `None` when there is no way at
    /// all.
    pub(crate) fn ways(&self, r: RunId) -> Option<Vec<(CellId, Mask)>> {
        let open: Vec<CellId> = self.open(r).collect();
        let cands: Vec<Mask> = open.iter().map(|&c| self.cands(c)).collect();
        let placed = self.held[r.index()];
        let mut reach = vec![0; open.len()];
        let mut any = false;
        for set in self.fitting(r) {
            let rest = set & !placed;
            if open.is_empty() {
                any |= rest == 0;
            } else {
                any |= arrange::reach(&cands, rest, &mut reach);
                // A chain reads only whether a cell is left one digit.
                if any && reach.iter().all(|m| m.count_ones() >= 2) {
                    break;
                }
            }
        }
        any.then(|| open.into_iter().zip(reach).collect())
    }

    /// Whether the run can still be made (what [`Chase::ways`] tells apart from `None`, for
    /// less).
    pub(crate) fn can_make(&self, r: RunId) -> bool {
        let open: Vec<CellId> = self.open(r).collect();
        let cands: Vec<Mask> = open.iter().map(|&c| self.cands(c)).collect();
        let placed = self.held[r.index()];
        self.fitting(r)
            .any(|set| arrange::fits(&cands, set & !placed))
    }

    /// The digits every fitting set of the run has that are not placed yet.
    pub(crate) fn needed(&self, r: RunId) -> Mask {
        let mut sets = self.fitting(r).peekable();
        if sets.peek().is_none() {
            return 0;
        }
        sets.fold(!0, |m, s| m & s) & !self.held[r.index()]
    }

    /// Whether `link` holds in this position.
    pub(crate) fn holds(&self, link: &Link) -> bool {
        let (c, d) = (link.cell, link.digit);
        if self.value(c).is_some() || self.cands(c) & 1 << d == 0 {
            return false;
        }
        match link.because {
            Because::Assumed => true,
            Because::Denied => self.denied.is_none(),
            Because::OnlyDigit => self.cands(c) == 1 << d,
            Because::OnlyPlace(r) => {
                self.puzzle.run(r).cells.contains(&c)
                    && self.needed(r) & 1 << d != 0
                    && self.open(r).all(|o| o == c || self.cands(o) & 1 << d == 0)
            }
            Because::OnlyWay(r) => self
                .ways(r)
                .is_some_and(|w| w.iter().any(|&(o, m)| o == c && m == 1 << d)),
            Because::Follows => false,
        }
    }

    /// Whether the position breaks at `end`.
    pub(crate) fn breaks(&self, end: End) -> bool {
        match end {
            End::NoDigit(c) => self.value(c).is_none() && self.cands(c) == 0,
            End::NoWay(r) => !self.can_make(r),
        }
    }

    pub(crate) fn place(&mut self, link: &Link) {
        if link.because == Because::Denied {
            self.denied = Some((link.cell, link.digit));
            return;
        }
        self.placed[link.cell.index()] = link.digit;
        for r in self.puzzle.cell(link.cell).runs() {
            self.settle(r);
        }
    }
}
