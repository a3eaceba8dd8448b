//! Suggested fixes for a designer's draft with several solutions: small edits (a clue and the
//! crossing clue it forces, a wall or a symmetric wall pair) that leave one solution, ranked.

use crate::grid::{Cell, Clue, Direction, Grid, Pos};
use crate::logic::{self, Band};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Solver};

use super::Symmetry;
use super::fill::{Filling, sum_clues};
use super::repair::{differing, line};
use super::shape::{is_symmetric, partner};

/// The most suggestions returned.
pub const MAX_SUGGESTIONS: usize = 5;
/// The most cells where the solutions differ that edits are tried on.
const MAX_CELLS: usize = 12;

/// What the draft needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No solution.
    None,
    /// One solution: nothing to fix.
    Unique,
    /// Several solutions.
    Multiple,
}

impl Verdict {
    /// "none", "unique" or "multiple", as in `kakuro explain`.
    pub fn key(&self) -> &'static str {
        match self {
            Verdict::None => "none",
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
        }
    }
}

/// One edit that leaves the draft with one solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    /// What to do, for a person: "change the across clue at r2c1 from 16 to 13 and ...".
    pub edit: String,
    /// The cells it changes (the clue walls, or the new walls).
    pub cells: Vec<Pos>,
    /// The difficulty of the edited puzzle.
    pub band: Band,
    /// The edited grid.
    pub grid: Grid,
    /// How big a change it is: 1 a clue pair, 2 a wall, 3 a wall pair (ranked smallest first).
    pub size: u8,
}

/// The draft's verdict and, when it has several solutions, the edits that make it unique.
pub fn suggest(grid: &Grid, cancel: &CancelToken) -> Result<(Verdict, Vec<Suggestion>), Cancelled> {
    let Ok(puzzle) = Puzzle::from_grid(grid) else {
        return Ok((Verdict::None, Vec::new()));
    };
    let found = Solver::new(&puzzle)
        .with_cancel(cancel.clone())
        .some(2)
        .ok_or(Cancelled)?;
    let (a, b) = match &found[..] {
        [] => return Ok((Verdict::None, Vec::new())),
        [_] => return Ok((Verdict::Unique, Vec::new())),
        [a, b, ..] => (a, b),
    };
    let filling = Filling::from_solution(grid, &puzzle, &a.digits);
    let cells: Vec<Pos> = differing(&puzzle, &a.digits, &b.digits)
        .into_iter()
        .take(MAX_CELLS)
        .collect();
    let mut edits: Vec<(String, Vec<Pos>, Grid, u8)> = Vec::new();
    for &pos in &cells {
        edits.extend(clue_changes(grid, &filling, pos));
        edits.extend(wall_edit(grid, &filling, pos));
    }
    let mut suggestions = Vec::new();
    for (edit, touched, edited, size) in edits {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let Ok(p) = Puzzle::from_grid(&edited) else {
            continue;
        };
        let unique = Solver::new(&p)
            .with_cancel(cancel.clone())
            .some(2)
            .ok_or(Cancelled)?
            .len()
            == 1;
        if unique && !suggestions.iter().any(|s: &Suggestion| s.grid == edited) {
            suggestions.push(Suggestion {
                edit,
                cells: touched,
                band: logic::explain_cancellable(&p, cancel)?.rating.band,
                grid: edited,
                size,
            });
        }
    }
    suggestions.sort_by_key(|x| (x.size, x.band));
    suggestions.truncate(MAX_SUGGESTIONS);
    Ok((Verdict::Multiple, suggestions))
}

/// Each other digit `pos` may take in the solution `filling`: the two clues of its runs change
/// with it.
fn clue_changes(grid: &Grid, filling: &Filling, pos: Pos) -> Vec<(String, Vec<Pos>, Grid, u8)> {
    let runs: Vec<(Direction, Vec<Pos>)> = Direction::ALL
        .into_iter()
        .map(|dir| (dir, line(grid, pos, dir)))
        .filter(|(_, cells)| cells.len() > 1)
        .collect();
    let used = runs
        .iter()
        .flat_map(|(_, cells)| cells)
        .fold(0u16, |m, &p| m | 1 << filling.at(p));
    let old = filling.at(pos);
    let mut out = Vec::new();
    for d in (1..=9u8).filter(|&d| used & (1 << d) == 0) {
        let mut edited = grid.clone();
        let mut parts = Vec::new();
        let mut touched = Vec::new();
        for (dir, cells) in &runs {
            let Some(wall) = before(cells[0], *dir) else {
                continue;
            };
            let Some(Clue::Sum(sum)) = grid.get(wall).clue(*dir) else {
                continue;
            };
            let new = sum + d - old;
            if let Some(Cell::Wall { down, across }) = edited.get_mut(wall) {
                match dir {
                    Direction::Across => *across = Some(Clue::Sum(new)),
                    Direction::Down => *down = Some(Clue::Sum(new)),
                }
            }
            parts.push(format!("the {dir} clue at {wall} from {sum} to {new}"));
            touched.push(wall);
        }
        if !parts.is_empty() {
            let edit = format!("change {} ({pos} becomes {d})", parts.join(" and "));
            out.push((edit, touched, edited, 1));
        }
    }
    out
}

/// A wall at `pos` (and its partner, when the draft is symmetric), the split runs' clues summed
/// from `filling`; none when it would leave a one-cell run.
fn wall_edit(grid: &Grid, filling: &Filling, pos: Pos) -> Option<(String, Vec<Pos>, Grid, u8)> {
    let symmetry = [Symmetry::Rotate, Symmetry::Mirror]
        .into_iter()
        .find(|&s| is_symmetric(grid, s))
        .unwrap_or(Symmetry::None);
    let other = partner(symmetry, grid.width(), grid.height(), pos);
    let mut edited = grid.clone();
    edited.set(pos, Cell::WALL);
    edited.set(other, Cell::WALL);
    let ones_before = grid.segments().iter().filter(|s| s.len == 1).count();
    if edited.segments().iter().filter(|s| s.len == 1).count() > ones_before {
        return None;
    }
    sum_clues(&mut edited, filling);
    Some(if other == pos {
        (format!("add a wall at {pos}"), vec![pos], edited, 2)
    } else {
        (
            format!("add walls at {pos} and {other}"),
            vec![pos, other],
            edited,
            3,
        )
    })
}

/// The cell before `pos` in `dir`.
fn before(pos: Pos, dir: Direction) -> Option<Pos> {
    match dir {
        Direction::Across => (pos.col > 0).then(|| Pos::new(pos.row, pos.col - 1)),
        Direction::Down => (pos.row > 0).then(|| Pos::new(pos.row - 1, pos.col)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    /// A 2 × 2 block of 3s: 1 2 over 2 1, or 2 1 over 1 2.
    const AMBIGUOUS: &str = "\\ 3\\ 3\\\n\\3 _ _\n\\3 _ _\n";

    #[test]
    fn every_suggestion_makes_the_draft_unique() {
        let (grid, _) = kakuro_text::parse(AMBIGUOUS).unwrap();
        let p = Puzzle::from_grid(&grid).unwrap();
        assert_eq!(Solver::new(&p).some(3).unwrap().len(), 2);
        let (verdict, suggestions) = suggest(&grid, &CancelToken::new()).unwrap();
        assert_eq!(verdict, Verdict::Multiple);
        assert!(!suggestions.is_empty());
        for s in &suggestions {
            let p = Puzzle::from_grid(&s.grid).unwrap();
            assert_eq!(Solver::new(&p).some(2).unwrap().len(), 1, "{}", s.edit);
        }
        assert!(suggestions.windows(2).all(|w| w[0].size <= w[1].size));
    }

    #[test]
    fn a_generated_puzzle_needs_no_fix() {
        use crate::generate::{Options, generate};
        let g = generate(&Options::new(7, 7, 3), &CancelToken::new()).unwrap();
        let (verdict, suggestions) = suggest(&g.grid, &CancelToken::new()).unwrap();
        assert_eq!(verdict, Verdict::Unique);
        assert!(suggestions.is_empty());
    }

    #[test]
    fn a_draft_without_solution_is_none() {
        let (grid, _) = kakuro_text::parse("\\ 3\\ 3\\\n\\3 _ _\n\\5 _ _\n").unwrap();
        let (verdict, suggestions) = suggest(&grid, &CancelToken::new()).unwrap();
        assert_eq!(verdict, Verdict::None);
        assert!(suggestions.is_empty());
    }
}
