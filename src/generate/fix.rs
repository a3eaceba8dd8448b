//! Suggested fixes for a designer's draft: for one with several solutions, small edits (a clue
//! and the crossing clue it forces, a wall or a symmetric wall pair, a long run split in two)
//! that leave one solution, ranked; for one with none, the clues that conflict and the changes
//! of one of them that leave one solution.

use crate::grid::{Cell, Clue, Direction, Grid, Pos};
use crate::logic::{self, Band};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Solver, Tuning};

use super::Symmetry;
use super::conflict::{self, Conflict, set_clue};
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
    /// How big a change it is: 1 a clue or clue pair, 2 a wall, 3 a wall pair (ranked smallest
    /// first).
    pub size: u8,
}

/// What [`suggest`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixes {
    /// What the draft needs.
    pub verdict: Verdict,
    /// The edits that make it unique, ranked, at most [`MAX_SUGGESTIONS`].
    pub suggestions: Vec<Suggestion>,
    /// For a draft with no solution, a smallest set of clues that cannot all hold.
    pub conflicts: Vec<Conflict>,
}

/// Solutions of a draft without one conflicting clue read for that clue's possible sums.
const RELAXED_SOLUTIONS: usize = 40;
/// The most new sums tried for one conflicting clue.
const NEW_SUMS: usize = 6;
/// Backtracks the search for those solutions may take.
const RELAXED_BUDGET: u64 = 20_000;

/// The draft's verdict and the edits that make it unique; for a draft with no solution, the
/// clues that conflict as well.
pub fn suggest(grid: &Grid, cancel: &CancelToken) -> Result<Fixes, Cancelled> {
    let none = |cancel: &CancelToken| -> Result<Fixes, Cancelled> {
        let conflicts = conflict::conflicts(grid, cancel)?;
        let edits = conflicts
            .iter()
            .map(|c| clue_rewrites(grid, c, cancel))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .flatten()
            .collect();
        Ok(Fixes {
            verdict: Verdict::None,
            suggestions: keep_unique(edits, cancel)?,
            conflicts,
        })
    };
    let Ok(puzzle) = Puzzle::from_grid(grid) else {
        return none(cancel);
    };
    let found = Solver::new(&puzzle).with_cancel(cancel.clone()).some(2)?;
    let (a, b) = match &found[..] {
        [] => return none(cancel),
        [_] => {
            return Ok(Fixes {
                verdict: Verdict::Unique,
                suggestions: Vec::new(),
                conflicts: Vec::new(),
            });
        }
        [a, b, ..] => (a, b),
    };
    let filling = Filling::from_solution(grid, &puzzle, &a.digits);
    let cells: Vec<Pos> = differing(&puzzle, &a.digits, &b.digits)
        .into_iter()
        .take(MAX_CELLS)
        .collect();
    let mut edits: Vec<Edit> = Vec::new();
    for &pos in &cells {
        edits.extend(clue_changes(grid, &filling, pos));
        edits.extend(wall_edit(grid, &filling, pos));
    }
    edits.extend(splits(grid, &filling, &cells));
    Ok(Fixes {
        verdict: Verdict::Multiple,
        suggestions: keep_unique(edits, cancel)?,
        conflicts: Vec::new(),
    })
}

/// The edits whose puzzle has one solution, rated, ranked smallest first, at most
/// [`MAX_SUGGESTIONS`].
fn keep_unique(edits: Vec<Edit>, cancel: &CancelToken) -> Result<Vec<Suggestion>, Cancelled> {
    let mut suggestions: Vec<Suggestion> = Vec::new();
    for (edit, touched, edited, size) in edits {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let Ok(p) = Puzzle::from_grid(&edited) else {
            continue;
        };
        let unique = Solver::new(&p).with_cancel(cancel.clone()).some(2)?.len() == 1;
        if unique && !suggestions.iter().any(|s| s.grid == edited) {
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
    Ok(suggestions)
}

/// An edit: its text, the cells it touches, the edited grid and its size.
type Edit = (String, Vec<Pos>, Grid, u8);

/// New sums for the conflicting clue `c`, read from solutions of the draft without it, the
/// nearest to its old sum first.
fn clue_rewrites(grid: &Grid, c: &Conflict, cancel: &CancelToken) -> Result<Vec<Edit>, Cancelled> {
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
            (
                format!(
                    "change the {} clue at {} from {} to {new}",
                    c.dir, c.wall, c.sum
                ),
                vec![c.wall],
                edited,
                1,
            )
        })
        .collect())
}

/// Walls inside the long runs where the solutions differ, away from the differing cells
/// themselves (those get [`wall_edit`]): each splits a run into two of two cells or more,
/// their sums taken from `filling`.
fn splits(grid: &Grid, filling: &Filling, differ: &[Pos]) -> Vec<Edit> {
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
            let Some((_, mut touched, edited, size)) = wall_edit(grid, filling, at) else {
                continue;
            };
            let part = |ps: &[Pos]| ps.iter().map(|&p| u32::from(filling.at(p))).sum::<u32>();
            let (first, second) = (part(&cells[..i]), part(&cells[i + 1..]));
            let edit = format!(
                "split the {} run at {wall} ({sum}) with a wall at {at}: {first} and {second}",
                seg.dir
            );
            touched.push(wall);
            out.push((edit, touched, edited, size));
        }
    }
    out
}

/// Each other digit `pos` may take in the solution `filling`: the two clues of its runs change
/// with it.
fn clue_changes(grid: &Grid, filling: &Filling, pos: Pos) -> Vec<Edit> {
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
fn wall_edit(grid: &Grid, filling: &Filling, pos: Pos) -> Option<Edit> {
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

    fn assert_all_unique(fixes: &Fixes) {
        for s in &fixes.suggestions {
            let p = Puzzle::from_grid(&s.grid).unwrap();
            assert_eq!(Solver::new(&p).some(2).unwrap().len(), 1, "{}", s.edit);
        }
        assert!(fixes.suggestions.windows(2).all(|w| w[0].size <= w[1].size));
    }

    #[test]
    fn every_suggestion_makes_the_draft_unique() {
        let (grid, _) = kakuro_text::parse(AMBIGUOUS).unwrap();
        let p = Puzzle::from_grid(&grid).unwrap();
        assert_eq!(Solver::new(&p).some(3).unwrap().len(), 2);
        let fixes = suggest(&grid, &CancelToken::new()).unwrap();
        assert_eq!(fixes.verdict, Verdict::Multiple);
        assert!(!fixes.suggestions.is_empty());
        assert_all_unique(&fixes);
    }

    #[test]
    fn every_suggestion_for_random_ambiguous_drafts_is_unique() {
        let mut checked = 0;
        for seed in 0..60 {
            let grid = crate::solve::generate::random_grid(8, 8, 0.22, seed);
            let Ok(p) = Puzzle::from_grid(&grid) else {
                continue;
            };
            if Solver::new(&p).some(2).unwrap().len() < 2 {
                continue;
            }
            let fixes = suggest(&grid, &CancelToken::new()).unwrap();
            assert_eq!(fixes.verdict, Verdict::Multiple);
            assert_all_unique(&fixes);
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} ambiguous drafts");
    }

    #[test]
    fn a_split_turns_one_run_into_two_with_sums_from_a_solution() {
        let (grid, _) = kakuro_text::parse(AMBIGUOUS).unwrap();
        let p = Puzzle::from_grid(&grid).unwrap();
        let found = Solver::new(&p).some(1).unwrap();
        let filling = Filling::from_solution(&grid, &p, &found[0].digits);
        // Too short to split: both parts would need two cells.
        assert!(splits(&grid, &filling, &[Pos::new(1, 1)]).is_empty());
        let long = "\\ 10\\ 14\\ 18\\ 22\\ 26\\\n\\15 _ _ _ _ _\n\\20 _ _ _ _ _\n\\25 _ _ _ _ _\n\\30 _ _ _ _ _\n";
        let (grid, _) = kakuro_text::parse(long).unwrap();
        let p = Puzzle::from_grid(&grid).unwrap();
        let found = Solver::new(&p).some(1).unwrap();
        let filling = Filling::from_solution(&grid, &p, &found[0].digits);
        let edits = splits(&grid, &filling, &[Pos::new(1, 1)]);
        assert_eq!(edits.len(), 1);
        let (text, cells, edited, _) = &edits[0];
        assert!(
            text.starts_with("split the across run at r2c1 (15) with a wall at r2c4: "),
            "{text}"
        );
        // The open grid is symmetric: the wall comes with its partner.
        assert_eq!(cells, &[Pos::new(1, 3), Pos::new(4, 3), Pos::new(1, 0)]);
        let p = Puzzle::from_grid(edited).unwrap();
        assert!(!Solver::new(&p).some(1).unwrap().is_empty(), "{text}");
    }

    #[test]
    fn a_generated_puzzle_needs_no_fix() {
        use crate::generate::{Options, generate};
        let g = generate(&Options::new(7, 7, 3), &CancelToken::new()).unwrap();
        let fixes = suggest(&g.grid, &CancelToken::new()).unwrap();
        assert_eq!(fixes.verdict, Verdict::Unique);
        assert!(fixes.suggestions.is_empty() && fixes.conflicts.is_empty());
    }

    #[test]
    fn a_draft_without_solution_names_its_conflicting_clues() {
        let (grid, _) = kakuro_text::parse("\\ 3\\ 3\\\n\\3 _ _\n\\5 _ _\n").unwrap();
        let fixes = suggest(&grid, &CancelToken::new()).unwrap();
        assert_eq!(fixes.verdict, Verdict::None);
        assert_eq!(fixes.conflicts.len(), 3, "{:?}", fixes.conflicts);
        assert_all_unique(&fixes);
    }

    #[test]
    fn a_conflicting_clue_is_changed_to_a_sum_that_leaves_one_solution() {
        // r2: across 3 is 1 2, but the downs 4 allow only 1 or 3 on top.
        let (grid, _) = kakuro_text::parse("\\ 4\\ 4\\\n\\3 _ _\n\\7 _ _\n").unwrap();
        let fixes = suggest(&grid, &CancelToken::new()).unwrap();
        assert_eq!(fixes.verdict, Verdict::None);
        assert_eq!(fixes.conflicts.len(), 3, "{:?}", fixes.conflicts);
        assert!(!fixes.suggestions.is_empty());
        assert_all_unique(&fixes);
        for s in &fixes.suggestions {
            assert!(s.edit.starts_with("change the"), "{}", s.edit);
            assert!(
                fixes.conflicts.iter().any(|c| s.cells == [c.wall]),
                "{}",
                s.edit
            );
        }
    }
}
