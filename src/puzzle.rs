//! `Puzzle`: what the solver sees — numbered white cells and the runs over them — built from a
//! [`Grid`] after validation.

use crate::grid::{Cell, Clue, Direction, Grid, Letter, MAX_SIDE, Pos};
use crate::validate::{Problem, validate};

/// A white cell's number in a [`Puzzle`] (cells are numbered row by row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(pub u32);

impl CellId {
    /// The number as an index into per-cell tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A run's number in a [`Puzzle`] (across runs first, then down runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RunId(pub u32);

impl RunId {
    /// The number as an index into per-run tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A white cell as the solver sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleCell {
    /// Where the cell is on the grid.
    pub pos: Pos,
    /// The across run through the cell, if the cell is in one.
    pub across: Option<RunId>,
    /// The down run through the cell, if the cell is in one.
    pub down: Option<RunId>,
    /// In a cryptic puzzle, the letter the cell shows (its digit equals that letter's).
    pub shown: Option<Letter>,
}

impl PuzzleCell {
    /// The runs through the cell (zero, one or two).
    pub fn runs(&self) -> impl Iterator<Item = RunId> {
        self.across.into_iter().chain(self.down)
    }
}

/// A line of white cells whose digits are all different and, when it has a clue, add up to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Across or down.
    pub dir: Direction,
    /// The cells, in reading order.
    pub cells: Vec<CellId>,
    /// The clue; `None` for a run without a sum (all-different only).
    pub clue: Option<Clue>,
    /// The wall in front of the run; `None` when the run starts at the grid's edge.
    pub wall: Option<Pos>,
}

impl Run {
    /// The sum when the clue is an ordinary number.
    pub fn sum(&self) -> Option<u8> {
        match self.clue {
            Some(Clue::Sum(s)) => Some(s),
            _ => None,
        }
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the run has no cells (never true for a built puzzle).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

/// A validated puzzle: white cells, runs, and the way back to grid positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    width: usize,
    height: usize,
    cells: Vec<PuzzleCell>,
    runs: Vec<Run>,
    /// Per grid index, the white cell there.
    cell_at: Vec<Option<CellId>>,
    cryptic: bool,
}

/// Why a grid could not become a puzzle: every error found (warnings are left out).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct InvalidPuzzle(pub Vec<Problem>);

impl Puzzle {
    /// Builds the puzzle, or returns every error validation finds.
    pub fn from_grid(grid: &Grid) -> Result<Puzzle, InvalidPuzzle> {
        let errors: Vec<Problem> = validate(grid)
            .into_iter()
            .filter(Problem::is_error)
            .collect();
        if !errors.is_empty() {
            return Err(InvalidPuzzle(errors));
        }
        Ok(Puzzle::build(grid))
    }

    /// Builds the solver's view without validating; runs longer than 9 or with impossible sums
    /// simply have no solution. Only for grids within [`MAX_SIDE`].
    fn build(grid: &Grid) -> Puzzle {
        debug_assert!(grid.width() <= MAX_SIDE && grid.height() <= MAX_SIDE);
        let mut cells = Vec::new();
        let mut cell_at = vec![None; grid.width() * grid.height()];
        for pos in grid.positions() {
            if let Cell::White { shown } = grid.get(pos) {
                cell_at[grid.index(pos)] = Some(CellId(cells.len() as u32));
                cells.push(PuzzleCell {
                    pos,
                    across: None,
                    down: None,
                    shown,
                });
            }
        }
        let mut runs = Vec::new();
        for seg in grid.segments() {
            if !is_run(seg.len, seg.clue.is_some()) {
                continue;
            }
            let id = RunId(runs.len() as u32);
            let run_cells: Vec<CellId> = seg
                .cells()
                .map(|p| cell_at[grid.index(p)].expect("segment cells are white"))
                .collect();
            for &c in &run_cells {
                let cell = &mut cells[c.index()];
                match seg.dir {
                    Direction::Across => cell.across = Some(id),
                    Direction::Down => cell.down = Some(id),
                }
            }
            runs.push(Run {
                dir: seg.dir,
                cells: run_cells,
                clue: seg.clue,
                wall: seg.wall,
            });
        }
        Puzzle {
            width: grid.width(),
            height: grid.height(),
            cells,
            runs,
            cell_at,
            cryptic: grid.is_cryptic(),
        }
    }

    /// Grid width.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// Grid height.
    pub const fn height(&self) -> usize {
        self.height
    }

    /// The white cells, by [`CellId`].
    pub fn cells(&self) -> &[PuzzleCell] {
        &self.cells
    }

    /// One white cell.
    pub fn cell(&self, id: CellId) -> &PuzzleCell {
        &self.cells[id.index()]
    }

    /// The runs, by [`RunId`].
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// One run.
    pub fn run(&self, id: RunId) -> &Run {
        &self.runs[id.index()]
    }

    /// The white cell at a grid position.
    pub fn cell_at(&self, pos: Pos) -> Option<CellId> {
        if pos.row < self.height && pos.col < self.width {
            self.cell_at[pos.row * self.width + pos.col]
        } else {
            None
        }
    }

    /// Whether the puzzle uses letters A–J (Project Euler 424).
    pub const fn is_cryptic(&self) -> bool {
        self.cryptic
    }

    /// In a cryptic puzzle, the digit each letter stands for in a filled grid (`digits` by
    /// [`CellId`]), read from the cells that show a letter and the sums that cipher clues spell
    /// (and a last letter from the digit left over); `None` for a letter the grid does not pin
    /// down.
    pub fn letters_in(&self, digits: &[u8]) -> [Option<u8>; Letter::COUNT] {
        let mut letters = [None; Letter::COUNT];
        for (cell, &d) in self.cells.iter().zip(digits) {
            if let Some(l) = cell.shown {
                letters[l.index()] = Some(d);
            }
        }
        for run in &self.runs {
            let Some(Clue::Cipher(c)) = run.clue else {
                continue;
            };
            let sum: u32 = run
                .cells
                .iter()
                .map(|c| u32::from(digits.get(c.index()).copied().unwrap_or(0)))
                .sum();
            match c.tens {
                Some(tens) => {
                    letters[tens.index()] = Some((sum / 10) as u8);
                    letters[c.units.index()] = Some((sum % 10) as u8);
                }
                None => letters[c.units.index()] = Some(sum.min(9) as u8),
            }
        }
        // The ten letters are the ten digits: one left open takes the digit left over.
        if letters.iter().filter(|l| l.is_none()).count() == 1 {
            let used: u32 = letters.iter().flatten().fold(0, |m, &d| m | 1 << d);
            let spare = (!used & 0x3FF).trailing_zeros();
            if let Some(l) = letters.iter_mut().find(|l| l.is_none())
                && spare < 10
            {
                *l = Some(spare as u8);
            }
        }
        letters
    }

    /// Lays per-cell digits out as grid rows, 0 for walls (the `--json` shape).
    pub fn to_rows(&self, digits: &[u8]) -> Vec<Vec<u8>> {
        let mut rows = vec![vec![0u8; self.width]; self.height];
        for (cell, &d) in self.cells.iter().zip(digits) {
            rows[cell.pos.row][cell.pos.col] = d;
        }
        rows
    }
}

/// Which white segments are runs: any with a clue, and any of two or more cells (one cell alone
/// with no clue constrains nothing).
pub(crate) const fn is_run(len: usize, has_clue: bool) -> bool {
    has_clue || len >= 2
}
