//! What the board paints over the white cells instead of the typed digits: a solution being
//! browsed, where the designer's check found the solutions to differ, or a deduction of Hint
//! and Explain.

use crate::Pos;

/// How watch mode colours a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Decided by propagation.
    Fixed,
    /// Decided by a guess on the decision stack.
    Guessed,
    /// The cell whose digit is being tried.
    Trying,
    /// A contradiction just happened here, or the search gave up the choice made here (a
    /// flash).
    Failed,
    /// Part of a solution the search just found (held a moment in slow motion).
    Solved,
}

/// One white cell's overlay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// The digit to show (0 for none).
    pub digit: u8,
    /// The cell differs from the previous solution.
    pub changed: bool,
    /// The cell does not hold the same digit in every solution (the ambiguous region).
    pub varies: bool,
    /// Watch mode: the candidates of an undecided cell as pencil marks (bit d for digit d).
    pub pencil: u16,
    /// Watch mode: how the cell got where it is.
    pub origin: Option<Origin>,
    /// The digit and pencil marks are a logical board's, standing for the whole cell: the
    /// typed digits stay out of view (Explain shows the board as it was at a step).
    pub own: bool,
    /// What a deduction says about the cell (Hint, Explain).
    pub lesson: Lesson,
}

/// How a deduction marks a cell: the run or region to look at, its cause cells, what it
/// places and what it removes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lesson {
    /// In a run the deduction looks at (tinted).
    pub focus: bool,
    /// A cell the deduction follows from (outlined).
    pub cause: bool,
    /// The deduction places `Mark::digit` here.
    pub placed: bool,
    /// Candidates the deduction removes here, bit d for digit d (crossed out).
    pub struck: u16,
    /// A typed digit or pencil mark that no solution agrees with (outlined in red).
    pub wrong: bool,
}

/// Marks for every cell of the grid, row by row (walls stay default).
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    width: usize,
    marks: Vec<Mark>,
    /// A chain's links in order (a chain or trial step), drawn numbered with arrows between
    /// them.
    pub chain: Vec<ChainMark>,
}

/// One link of a chain as the board draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainMark {
    /// The link's cell.
    pub pos: Pos,
    /// The digit it takes (or, denied, does not take).
    pub digit: u8,
    /// Whether the link denies the digit (an either-or chain's start): drawn crossed out.
    pub denied: bool,
}

impl Overlay {
    /// An empty overlay for a grid `width` cells wide and `height` high.
    pub fn new(width: usize, height: usize) -> Overlay {
        Overlay {
            width,
            marks: vec![Mark::default(); width * height],
            chain: Vec::new(),
        }
    }

    /// The mark of `pos` (default outside the grid).
    pub fn get(&self, pos: Pos) -> Mark {
        if pos.col >= self.width {
            return Mark::default();
        }
        self.marks
            .get(pos.row * self.width + pos.col)
            .copied()
            .unwrap_or_default()
    }

    /// Sets the mark of `pos` (ignored outside the grid).
    pub fn set(&mut self, pos: Pos, mark: Mark) {
        if pos.col < self.width
            && let Some(slot) = self.marks.get_mut(pos.row * self.width + pos.col)
        {
            *slot = mark;
        }
    }

    /// The digits shown, one per grid cell row by row (0 for walls and empty cells).
    pub fn digits(&self) -> Vec<u8> {
        self.marks.iter().map(|m| m.digit).collect()
    }
}
