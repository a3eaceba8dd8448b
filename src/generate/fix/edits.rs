//! The single edits a fix is made of, each read off solutions of the draft: a missing sum
//! given, a cell's digit changed with the two clues it forces, a wall (or a symmetric wall
//! pair), a long run split in two, and for a draft with no solution, a conflicting clue
//! rewritten.

use std::collections::HashSet;

use crate::grid::{Cell, Clue, Direction, Grid, Pos, Segment};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Solver, Tuning};

use super::super::Symmetry;
use super::super::conflict::{Conflict, set_clue};
use super::super::fill::Filling;
use super::super::repair::line;
use super::super::shape::partner;
pub use super::super::shape::symmetry_of;

/// One edit of a draft, for a person: what it does and the cells it touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// "change the across clue at r2c1 from 16 to 13 and …", "add a wall at r3c4", …
    pub text: String,
    /// The cells it changes (the clue walls, or the new walls).
    pub cells: Vec<Pos>,
    /// How big a change it is, ranked smallest first: 1 a missing sum given (no clue of the
    /// designer's changes), 2 a clue or a clue pair changed, 3 a wall, 4 a wall pair.
    pub size: u8,
}

/// An edit and the grid it gives.
pub type Edited = (Edit, Grid);

/// Solutions of a draft without one conflicting clue read for that clue's possible sums.
const RELAXED_SOLUTIONS: usize = 40;
/// The most new sums tried for one conflicting clue.
const NEW_SUMS: usize = 6;
/// Backtracks the search for those solutions may take.
const RELAXED_BUDGET: u64 = 20_000;

/// Every run of two cells or more without a sum, given each sum it has in `solutions` (the
/// solutions' digits by cell id of `puzzle`), the commonest first.
pub fn missing_sums(grid: &Grid, puzzle: &Puzzle, solutions: &[&[u8]]) -> Vec<Edited> {
    let mut out = Vec::new();
    for seg in grid.segments() {
        let (Some(wall), None) = (seg.wall, seg.clue) else {
            continue;
        };
        if seg.len < 2 {
            continue;
        }
        let ids: Vec<usize> = seg
            .cells()
            .filter_map(|p| puzzle.cell_at(p))
            .map(|c| c.index())
            .collect();
        let mut sums: Vec<(usize, u8)> = Vec::new();
        for digits in solutions {
            let sum: u8 = ids.iter().map(|&i| digits[i]).sum();
            match sums.iter_mut().find(|(_, s)| *s == sum) {
                Some((n, _)) => *n += 1,
                None => sums.push((1, sum)),
            }
        }
        sums.sort_by_key(|&(n, s)| (std::cmp::Reverse(n), s));
        for (_, sum) in sums {
            let mut edited = grid.clone();
            set_clue(&mut edited, wall, seg.dir, Some(Clue::Sum(sum)));
            let edit = Edit {
                text: format!("give the {} run at {wall} its sum {sum}", seg.dir),
                cells: vec![wall],
                size: 1,
            };
            out.push((edit, edited));
        }
    }
    out
}

/// Each other digit `pos` may take in the solution `filling`: the clues of its runs change
/// with it (a run without a sum keeps none).
pub fn clue_changes(grid: &Grid, filling: &Filling, pos: Pos) -> Vec<Edited> {
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
            set_clue(&mut edited, wall, *dir, Some(Clue::Sum(new)));
            parts.push(format!("the {dir} clue at {wall} from {sum} to {new}"));
            touched.push(wall);
        }
        if !parts.is_empty() {
            let edit = Edit {
                text: format!("change {} ({pos} becomes {d})", parts.join(" and ")),
                cells: touched,
                size: 2,
            };
            out.push((edit, edited));
        }
    }
    out
}

/// A wall at `pos` (and its partner under `symmetry`), the runs it cuts summed from
/// `filling`; none when it would leave a one-cell run.
pub fn wall_edit(grid: &Grid, filling: &Filling, symmetry: Symmetry, pos: Pos) -> Option<Edited> {
    let other = partner(symmetry, grid.width(), grid.height(), pos);
    if !grid.is_white(pos) || !grid.is_white(other) {
        return None;
    }
    let mut edited = grid.clone();
    edited.set(pos, Cell::WALL);
    edited.set(other, Cell::WALL);
    let ones_before = grid.segments().iter().filter(|s| s.len == 1).count();
    if edited.segments().iter().filter(|s| s.len == 1).count() > ones_before {
        return None;
    }
    sum_cut_runs(grid, &mut edited, filling);
    Some(if other == pos {
        let edit = Edit {
            text: format!("add a wall at {pos}"),
            cells: vec![pos],
            size: 3,
        };
        (edit, edited)
    } else {
        let edit = Edit {
            text: format!("add walls at {pos} and {other}"),
            cells: vec![pos, other],
            size: 4,
        };
        (edit, edited)
    })
}

/// Walls inside the long runs where the solutions differ, away from the differing cells
/// themselves (those get [`wall_edit`]): each splits a run into two of two cells or more,
/// their sums taken from `filling`.
pub fn splits(grid: &Grid, filling: &Filling, symmetry: Symmetry, differ: &[Pos]) -> Vec<Edited> {
    let mut out = Vec::new();
    for seg in grid.segments() {
        let (Some(wall), Some(Clue::Sum(sum))) = (seg.wall, seg.clue) else {
            continue;
        };
        let cells: Vec<Pos> = seg.cells().collect();
        if cells.len() < 5 || !cells.iter().any(|p| differ.contains(p)) {
            continue;
        }
        for i in 2..cells.len() - 2 {
            let at = cells[i];
            if differ.contains(&at) {
                continue;
            }
            let Some((mut edit, edited)) = wall_edit(grid, filling, symmetry, at) else {
                continue;
            };
            let part = |ps: &[Pos]| ps.iter().map(|&p| u32::from(filling.at(p))).sum::<u32>();
            let (first, second) = (part(&cells[..i]), part(&cells[i + 1..]));
            edit.text = format!(
                "split the {} run at {wall} ({sum}) with a wall at {at}: {first} and {second}",
                seg.dir
            );
            edit.cells.push(wall);
            out.push((edit, edited));
        }
    }
    out
}

/// New sums for the conflicting clue `c`, read from solutions of the draft without it, the
/// nearest to its old sum first.
pub fn clue_rewrites(
    grid: &Grid,
    c: &Conflict,
    cancel: &CancelToken,
) -> Result<Vec<Edited>, Cancelled> {
    let mut relaxed = grid.clone();
    set_clue(&mut relaxed, c.wall, c.dir, None);
    let Ok(puzzle) = Puzzle::from_grid(&relaxed) else {
        return Ok(Vec::new());
    };
    let (found, _) = Solver::new(&puzzle)
        .with_cancel(cancel.clone())
        .with_tuning(Tuning {
            give_up_after: RELAXED_BUDGET,
            ..Tuning::default()
        })
        .solutions(RELAXED_SOLUTIONS);
    if cancel.is_cancelled() {
        return Err(Cancelled);
    }
    let mut sums: Vec<u8> = found
        .iter()
        .map(|s| {
            c.cells
                .iter()
                .filter_map(|&p| puzzle.cell_at(p))
                .map(|id| s.digits[id.index()])
                .sum()
        })
        .collect();
    sums.sort_by_key(|&n: &u8| (n.abs_diff(c.sum), n));
    sums.dedup();
    Ok(sums
        .into_iter()
        .take(NEW_SUMS)
        .map(|new| {
            let mut edited = relaxed.clone();
            set_clue(&mut edited, c.wall, c.dir, Some(Clue::Sum(new)));
            let edit = Edit {
                text: format!(
                    "change the {} clue at {} from {} to {new}",
                    c.dir, c.wall, c.sum
                ),
                cells: vec![c.wall],
                size: 2,
            };
            (edit, edited)
        })
        .collect())
}

/// Sums the runs of `edited` that new walls cut or started, from `filling`; every run that
/// `grid` had whole keeps its clue (or its lack of one).
fn sum_cut_runs(grid: &Grid, edited: &mut Grid, filling: &Filling) {
    // A clue whose run a new wall took whole goes with it.
    for pos in edited.positions() {
        for dir in Direction::ALL {
            let next = pos.step(dir);
            let runs_on =
                next.row < edited.height() && next.col < edited.width() && edited.is_white(next);
            if !runs_on && edited.get(pos).clue(dir).is_some() {
                set_clue(edited, pos, dir, None);
            }
        }
    }
    let key = |s: &Segment| (s.dir, s.start, s.len);
    let whole: HashSet<_> = grid.segments().iter().map(key).collect();
    for seg in edited.segments() {
        let Some(wall) = seg.wall else { continue };
        if whole.contains(&key(&seg)) {
            continue;
        }
        let sum: u32 = seg.cells().map(|p| u32::from(filling.at(p))).sum();
        set_clue(edited, wall, seg.dir, Some(Clue::Sum(sum as u8)));
    }
}

/// The cell before `pos` in `dir`.
fn before(pos: Pos, dir: Direction) -> Option<Pos> {
    match dir {
        Direction::Across => (pos.col > 0).then(|| Pos::new(pos.row, pos.col - 1)),
        Direction::Down => (pos.row > 0).then(|| Pos::new(pos.row - 1, pos.col)),
    }
}
