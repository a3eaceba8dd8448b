//! `SourceMap`: where each grid cell came from in a text file, so grid positions found by
//! validation can be reported as `line:column`.

use crate::grid::Pos;

/// Where each grid cell's token was in the source text (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SourceMap {
    width: usize,
    /// Per row, the line it was on and the column of each token written on it.
    rows: Vec<(usize, Vec<usize>)>,
}

impl SourceMap {
    /// An empty map for a grid `width` cells wide; rows are added top to bottom.
    pub(crate) fn new(width: usize) -> SourceMap {
        SourceMap {
            width,
            rows: Vec::new(),
        }
    }

    /// Records the next row: its line and the column of each token on it.
    pub(crate) fn push_row(&mut self, line: usize, cols: Vec<usize>) {
        self.width = self.width.max(cols.len());
        self.rows.push((line, cols));
    }

    /// The line and column of the token for `pos`; for a wall a short row implies (no token
    /// there), its row's line and the column of the row's last token, the nearest place the
    /// file has. `None` off the grid.
    pub fn place(&self, pos: Pos) -> Option<(usize, usize)> {
        if pos.col >= self.width {
            return None;
        }
        let (line, cols) = self.rows.get(pos.row)?;
        let col = cols.get(pos.col).or(cols.last()).copied().unwrap_or(1);
        Some((*line, col))
    }

    /// The line a row was on.
    pub fn line_of_row(&self, row: usize) -> Option<usize> {
        self.rows.get(row).map(|(line, _)| *line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_of_written_and_missing_tokens() {
        let mut map = SourceMap::new(0);
        map.push_row(2, vec![1, 5, 9]);
        map.push_row(3, vec![1]);
        assert_eq!(map.place(Pos::new(0, 2)), Some((2, 9)));
        assert_eq!(map.place(Pos::new(1, 0)), Some((3, 1)));
        // A wall the short row implies: at its last token.
        assert_eq!(map.place(Pos::new(1, 1)), Some((3, 1)));
        assert_eq!(map.place(Pos::new(1, 3)), None);
        assert_eq!(map.place(Pos::new(2, 0)), None);
        assert_eq!(map.line_of_row(1), Some(3));
    }
}
