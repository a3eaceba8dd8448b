//! Symmetric drawing: the cells a change to one cell is mirrored to.
//!
//! Published puzzles are symmetric in the area inside their clue border: the top row and the
//! left column hold only walls (the clues of the first runs), so the white cells lie in rows
//! 2..=h and columns 2..=w, and that area, not the whole grid, is what is mirrored.

use crate::{Grid, Pos};

/// Which mirror images of a painted cell are painted too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// Only the cell itself.
    #[default]
    None,
    /// The cell opposite through the centre (180° rotation), as most published puzzles are.
    Rotation,
    /// The cell mirrored across the vertical axis.
    LeftRight,
    /// The cell mirrored across the horizontal axis.
    UpDown,
    /// All four mirror images: left-right, up-down and both.
    Both,
}

/// The part of the grid that is mirrored: inside the clue border, where white cells can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    top: usize,
    left: usize,
    bottom: usize,
    right: usize,
}

impl Area {
    /// The area of `grid` inside its clue border: without the top row when it is all walls, and
    /// without the left column when it is all walls (as on a new puzzle and in published ones).
    pub fn of(grid: &Grid) -> Area {
        let (w, h) = (grid.width(), grid.height());
        let top_walls = h > 1 && (0..w).all(|col| !grid.is_white(Pos::new(0, col)));
        let left_walls = w > 1 && (0..h).all(|row| !grid.is_white(Pos::new(row, 0)));
        Area {
            top: usize::from(top_walls),
            left: usize::from(left_walls),
            bottom: h.saturating_sub(1),
            right: w.saturating_sub(1),
        }
    }

    fn contains(&self, pos: Pos) -> bool {
        (self.top..=self.bottom).contains(&pos.row) && (self.left..=self.right).contains(&pos.col)
    }

    fn flip_row(&self, pos: Pos) -> Pos {
        Pos::new(self.top + self.bottom - pos.row, pos.col)
    }

    fn flip_col(&self, pos: Pos) -> Pos {
        Pos::new(pos.row, self.left + self.right - pos.col)
    }
}

impl Symmetry {
    /// Every choice, in the order the panel lists them.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotation,
        Symmetry::LeftRight,
        Symmetry::UpDown,
        Symmetry::Both,
    ];

    /// The name in the panel.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "None",
            Symmetry::Rotation => "180° rotation",
            Symmetry::LeftRight => "Mirror left-right",
            Symmetry::UpDown => "Mirror up-down",
            Symmetry::Both => "Mirror both ways",
        }
    }

    /// The other cells a change at `pos` is copied to (none for a cell outside `area`, such as
    /// a wall of the clue border).
    pub fn images(self, area: Area, pos: Pos) -> Vec<Pos> {
        if !area.contains(pos) {
            return Vec::new();
        }
        let mut images = match self {
            Symmetry::None => Vec::new(),
            Symmetry::Rotation => vec![area.flip_row(area.flip_col(pos))],
            Symmetry::LeftRight => vec![area.flip_col(pos)],
            Symmetry::UpDown => vec![area.flip_row(pos)],
            Symmetry::Both => vec![
                area.flip_col(pos),
                area.flip_row(pos),
                area.flip_row(area.flip_col(pos)),
            ],
        };
        images.retain(|p| *p != pos);
        images.dedup();
        images
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    /// A new puzzle: walls along the top and left, white inside.
    fn new_puzzle(width: usize, height: usize) -> Grid {
        let mut grid = Grid::new(width, height);
        for pos in grid.positions() {
            if pos.row > 0 && pos.col > 0 {
                grid.set(pos, Cell::WHITE);
            }
        }
        grid
    }

    #[test]
    fn mirrors_inside_the_clue_border() {
        let area = Area::of(&new_puzzle(8, 8));
        let r2c2 = Pos::new(1, 1);
        assert_eq!(Symmetry::Rotation.images(area, r2c2), [Pos::new(7, 7)]);
        assert_eq!(Symmetry::LeftRight.images(area, r2c2), [Pos::new(1, 7)]);
        assert_eq!(Symmetry::UpDown.images(area, r2c2), [Pos::new(7, 1)]);
        assert_eq!(
            Symmetry::Both.images(area, r2c2),
            [Pos::new(1, 7), Pos::new(7, 1), Pos::new(7, 7)]
        );
        assert!(Symmetry::None.images(area, r2c2).is_empty());
        // The border itself has no mirror image inside the area.
        assert!(Symmetry::Rotation.images(area, Pos::new(0, 3)).is_empty());
        // The centre cell of an odd area is its own image.
        let odd = Area::of(&new_puzzle(6, 6));
        assert!(Symmetry::Rotation.images(odd, Pos::new(3, 3)).is_empty());
    }

    #[test]
    fn a_grid_without_a_border_mirrors_whole() {
        let mut grid = Grid::new(4, 3);
        for pos in grid.positions() {
            grid.set(pos, Cell::WHITE);
        }
        let area = Area::of(&grid);
        assert_eq!(
            Symmetry::Rotation.images(area, Pos::new(0, 0)),
            [Pos::new(2, 3)]
        );
    }
}
