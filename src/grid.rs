//! `Grid`: the editable board, as a designer sees it (walls with clues, white cells).

use std::fmt;

/// The largest width or height a grid may have; larger grids are refused by validation and parsers.
pub const MAX_SIDE: usize = 500;

/// A place on the board: row and column, counted from the top-left corner, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Row, from the top, 0-based.
    pub row: usize,
    /// Column, from the left, 0-based.
    pub col: usize,
}

impl Pos {
    /// A position from row and column.
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    /// The next position in `dir` (one down or one to the right).
    pub const fn step(self, dir: Direction) -> Pos {
        match dir {
            Direction::Across => Pos::new(self.row, self.col + 1),
            Direction::Down => Pos::new(self.row + 1, self.col),
        }
    }
}

impl fmt::Display for Pos {
    /// 1-based, as users count: `r3c4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// The direction of a run: across (to the right) or down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// A run reading left to right; its clue is the number after the backslash.
    Across,
    /// A run reading top to bottom; its clue is the number before the backslash.
    Down,
}

impl Direction {
    /// Both directions, across first.
    pub const ALL: [Direction; 2] = [Direction::Across, Direction::Down];

    /// "across" or "down".
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the ten letters A–J of a cryptic (Project Euler 424) puzzle; each stands for a digit 0–9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Letter(u8);

impl Letter {
    /// How many letters there are (A–J).
    pub const COUNT: usize = 10;

    /// The letter with index 0..10 (0 is A); `None` outside that range.
    pub const fn new(index: u8) -> Option<Letter> {
        if (index as usize) < Letter::COUNT {
            Some(Letter(index))
        } else {
            None
        }
    }

    /// The letter for an ASCII character `A`–`J` (upper case only, as in the PE 424 file).
    pub fn from_char(c: char) -> Option<Letter> {
        if ('A'..='J').contains(&c) {
            Some(Letter(c as u8 - b'A'))
        } else {
            None
        }
    }

    /// 0 for A … 9 for J.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The letter as a character, `A`–`J`.
    pub const fn as_char(self) -> char {
        (b'A' + self.0) as char
    }

    /// All ten letters in order.
    pub fn all() -> impl Iterator<Item = Letter> {
        (0..Letter::COUNT as u8).map(Letter)
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// The sum printed on a wall for the run next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clue {
    /// An ordinary clue: the run's digits add up to this number (1..=45 in a valid file).
    Sum(u8),
    /// A cryptic clue: one or two letters standing for the digits of the sum.
    Cipher(Cipher),
}

/// A cryptic clue: `units` alone, or `tens` then `units` (a two-digit number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cipher {
    /// The tens digit's letter, for a two-letter clue.
    pub tens: Option<Letter>,
    /// The units digit's letter.
    pub units: Letter,
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clue::Sum(n) => write!(f, "{n}"),
            Clue::Cipher(Cipher { tens, units }) => {
                if let Some(t) = tens {
                    write!(f, "{t}")?;
                }
                write!(f, "{units}")
            }
        }
    }
}

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A black square; it may carry the clue of the run below it and of the run to its right.
    Wall {
        /// The sum of the run directly below.
        down: Option<Clue>,
        /// The sum of the run directly to the right.
        across: Option<Clue>,
    },
    /// A square to fill with a digit 1–9.
    White {
        /// In a cryptic puzzle, a letter shown in the cell: its digit is that letter's digit.
        shown: Option<Letter>,
    },
}

impl Cell {
    /// A wall without clues.
    pub const WALL: Cell = Cell::Wall {
        down: None,
        across: None,
    };
    /// An empty white cell.
    pub const WHITE: Cell = Cell::White { shown: None };

    /// Whether this is a white cell.
    pub const fn is_white(&self) -> bool {
        matches!(self, Cell::White { .. })
    }

    /// The clue this wall gives in `dir`, if any.
    pub const fn clue(&self, dir: Direction) -> Option<Clue> {
        match (self, dir) {
            (Cell::Wall { across, .. }, Direction::Across) => *across,
            (Cell::Wall { down, .. }, Direction::Down) => *down,
            (Cell::White { .. }, _) => None,
        }
    }
}

/// A maximal line of white cells in one direction, and the wall (if any) in front of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Across or down.
    pub dir: Direction,
    /// The first white cell.
    pub start: Pos,
    /// How many white cells.
    pub len: usize,
    /// The wall just before the first cell; `None` when the segment starts at the grid's edge.
    pub wall: Option<Pos>,
    /// The clue that wall gives in `dir`.
    pub clue: Option<Clue>,
}

impl Segment {
    /// The positions of the segment's cells, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let start = self.start;
        let dir = self.dir;
        (0..self.len).map(move |i| match dir {
            Direction::Across => Pos::new(start.row, start.col + i),
            Direction::Down => Pos::new(start.row + i, start.col),
        })
    }
}

/// The editable board: `width × height` cells, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// The designer allows runs of one cell: validation does not warn about them.
    one_cell_runs: bool,
}

impl Default for Grid {
    fn default() -> Self {
        Grid::new(0, 0)
    }
}

impl Grid {
    /// A grid of walls without clues. Callers reading untrusted sizes check them against
    /// [`MAX_SIDE`] first.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            cells: vec![Cell::WALL; width * height],
            one_cell_runs: false,
        }
    }

    /// Whether the designer allows runs of one cell (a setting saved with the puzzle; the
    /// solver's rules are the same either way).
    pub const fn allows_one_cell_runs(&self) -> bool {
        self.one_cell_runs
    }

    /// Allows runs of one cell, or not.
    pub fn set_allows_one_cell_runs(&mut self, allowed: bool) {
        self.one_cell_runs = allowed;
    }

    /// A grid from its rows; short rows are padded with walls.
    pub fn from_rows(rows: Vec<Vec<Cell>>) -> Grid {
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let height = rows.len();
        let mut grid = Grid::new(width, height);
        for (r, row) in rows.into_iter().enumerate() {
            for (c, cell) in row.into_iter().enumerate() {
                grid.set(Pos::new(r, c), cell);
            }
        }
        grid
    }

    /// Number of columns.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub const fn height(&self) -> usize {
        self.height
    }

    /// Whether `pos` lies on the board.
    pub const fn contains(&self, pos: Pos) -> bool {
        pos.row < self.height && pos.col < self.width
    }

    /// The cell at `pos`; positions off the board read as walls without clues.
    pub fn get(&self, pos: Pos) -> Cell {
        if self.contains(pos) {
            self.cells[self.index(pos)]
        } else {
            Cell::WALL
        }
    }

    /// Replaces the cell at `pos`. Positions off the board are ignored.
    pub fn set(&mut self, pos: Pos, cell: Cell) {
        if self.contains(pos) {
            let i = self.index(pos);
            self.cells[i] = cell;
        }
    }

    /// The cell at `pos` for editing in place.
    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut Cell> {
        if self.contains(pos) {
            let i = self.index(pos);
            Some(&mut self.cells[i])
        } else {
            None
        }
    }

    /// Whether the cell at `pos` is white (off the board: no).
    pub fn is_white(&self, pos: Pos) -> bool {
        self.get(pos).is_white()
    }

    /// Row-major index of `pos`, for per-cell side tables of size `width * height`.
    pub const fn index(&self, pos: Pos) -> usize {
        pos.row * self.width + pos.col
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |r| (0..w).map(move |c| Pos::new(r, c)))
    }

    /// The rows of cells, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells.chunks(self.width.max(1)).take(self.height)
    }

    /// Number of white cells.
    pub fn white_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_white()).count()
    }

    /// Every maximal line of white cells, across ones first (row by row), then down ones
    /// (column by column). One-cell lines are included; the puzzle decides what is a run.
    pub fn segments(&self) -> Vec<Segment> {
        let mut out = Vec::new();
        for dir in Direction::ALL {
            let (outer, inner) = match dir {
                Direction::Across => (self.height, self.width),
                Direction::Down => (self.width, self.height),
            };
            for o in 0..outer {
                let at = |i: usize| match dir {
                    Direction::Across => Pos::new(o, i),
                    Direction::Down => Pos::new(i, o),
                };
                let mut i = 0;
                while i < inner {
                    if !self.is_white(at(i)) {
                        i += 1;
                        continue;
                    }
                    let start = i;
                    while i < inner && self.is_white(at(i)) {
                        i += 1;
                    }
                    let wall = (start > 0).then(|| at(start - 1));
                    out.push(Segment {
                        dir,
                        start: at(start),
                        len: i - start,
                        wall,
                        clue: wall.and_then(|w| self.get(w).clue(dir)),
                    });
                }
            }
        }
        out
    }

    /// Inserts an empty row of walls before row `at` (`at == height` appends).
    pub fn insert_row(&mut self, at: usize) {
        let at = at.min(self.height);
        let i = at * self.width;
        self.cells
            .splice(i..i, std::iter::repeat_n(Cell::WALL, self.width));
        self.height += 1;
    }

    /// Removes row `at`, if it exists.
    pub fn remove_row(&mut self, at: usize) {
        if at < self.height {
            let i = at * self.width;
            self.cells.drain(i..i + self.width);
            self.height -= 1;
            if self.height == 0 {
                self.width = 0;
            }
        }
    }

    /// Inserts an empty column of walls before column `at` (`at == width` appends).
    pub fn insert_col(&mut self, at: usize) {
        let at = at.min(self.width);
        let mut cells = Vec::with_capacity((self.width + 1) * self.height);
        for row in self.cells.chunks(self.width.max(1)).take(self.height) {
            cells.extend_from_slice(&row[..at]);
            cells.push(Cell::WALL);
            cells.extend_from_slice(&row[at..]);
        }
        if self.height == 0 {
            // A column added to an empty grid makes a 1 × 1 board.
            self.height = 1;
            cells.push(Cell::WALL);
        }
        self.cells = cells;
        self.width += 1;
    }

    /// Removes column `at`, if it exists.
    pub fn remove_col(&mut self, at: usize) {
        if at < self.width {
            let w = self.width;
            let mut i = 0;
            self.cells.retain(|_| {
                let keep = i % w != at;
                i += 1;
                keep
            });
            self.width -= 1;
            if self.width == 0 {
                self.height = 0;
                self.cells.clear();
            }
        }
    }

    /// Whether the grid uses letters (a cryptic puzzle).
    pub fn is_cryptic(&self) -> bool {
        self.cells.iter().any(|c| match c {
            Cell::White { shown } => shown.is_some(),
            Cell::Wall { down, across } => [down, across]
                .iter()
                .any(|clue| matches!(clue, Some(Clue::Cipher(_)))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_find_runs_and_their_walls() {
        // \   2\ 4\ \
        // \13 __ __ _
        // \    \ __ \
        let mut g = Grid::new(4, 3);
        g.set(
            Pos::new(0, 1),
            Cell::Wall {
                down: Some(Clue::Sum(2)),
                across: None,
            },
        );
        g.set(
            Pos::new(0, 2),
            Cell::Wall {
                down: Some(Clue::Sum(4)),
                across: None,
            },
        );
        g.set(
            Pos::new(1, 0),
            Cell::Wall {
                down: None,
                across: Some(Clue::Sum(13)),
            },
        );
        for c in 1..4 {
            g.set(Pos::new(1, c), Cell::WHITE);
        }
        g.set(Pos::new(2, 2), Cell::WHITE);
        let segs = g.segments();
        let across: Vec<_> = segs.iter().filter(|s| s.dir == Direction::Across).collect();
        assert_eq!(across.len(), 2);
        assert_eq!(across[0].len, 3);
        assert_eq!(across[0].clue, Some(Clue::Sum(13)));
        assert_eq!(across[1].len, 1);
        let down: Vec<_> = segs.iter().filter(|s| s.dir == Direction::Down).collect();
        assert_eq!(down.len(), 3);
        assert_eq!(down[1].start, Pos::new(1, 2));
        assert_eq!(down[1].len, 2);
        assert_eq!(down[1].clue, Some(Clue::Sum(4)));
        assert_eq!(down[2].clue, None);
    }

    #[test]
    fn rows_and_columns_insert_and_remove() {
        let mut g = Grid::new(2, 2);
        g.set(Pos::new(1, 1), Cell::WHITE);
        g.insert_row(0);
        g.insert_col(0);
        assert_eq!((g.width(), g.height()), (3, 3));
        assert!(g.is_white(Pos::new(2, 2)));
        g.remove_col(0);
        g.remove_row(0);
        assert_eq!((g.width(), g.height()), (2, 2));
        assert!(g.is_white(Pos::new(1, 1)));
        let mut e = Grid::new(0, 0);
        e.insert_col(0);
        assert_eq!((e.width(), e.height()), (1, 1));
    }
}
