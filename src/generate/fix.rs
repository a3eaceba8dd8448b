//! Suggested fixes for a designer's draft: for one with several solutions, the fewest edits (a
//! missing sum given, a clue and the crossing clue it forces, a wall or a symmetric wall pair,
//! a long run split in two) that leave one solution, ranked; for one with none, the clues that
//! conflict and the changes of one of them (with more edits when needed) that leave one
//! solution. When nothing within the budget leaves one solution, the best partial step.

mod edits;
mod search;

#[cfg(test)]
mod tests;

use std::time::Duration;

use crate::grid::{Grid, Pos};
use crate::logic::{self, Band};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled, Solver};

pub use edits::Edit;
use search::Draft;

use super::conflict::{self, Conflict};

/// The most suggestions returned.
pub const MAX_SUGGESTIONS: usize = 5;
/// The most edits a suggestion is made of, unless told otherwise.
pub const MAX_EDITS: usize = 4;
/// The time a search for fixes takes at most, unless told otherwise.
pub const MAX_TIME: Duration = Duration::from_secs(10);

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

/// Edits that together leave the draft with one solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    /// What to do, for a person: one edit's text, or "2 edits: EDIT; EDIT".
    pub edit: String,
    /// The cells the edits change (the clue walls, or the new walls).
    pub cells: Vec<Pos>,
    /// How many edits it is made of.
    pub edits: usize,
    /// The difficulty of the edited puzzle.
    pub band: Band,
    /// The edited grid.
    pub grid: Grid,
    /// How big a change it is: its edits' sizes added up (see [`Edit::size`]).
    pub size: u32,
}

/// The best step toward one solution when no suggestion was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    /// What to do, as in [`Suggestion::edit`].
    pub edit: String,
    /// The cells the edits change.
    pub cells: Vec<Pos>,
    /// How many edits it is made of.
    pub edits: usize,
    /// The edited grid.
    pub grid: Grid,
    /// How many solutions the edited draft has (2 or more); `None` when counting them took
    /// too long.
    pub solutions: Option<u128>,
}

impl Partial {
    /// "2 solutions", or "many solutions" when they were not counted.
    pub fn solutions_text(&self) -> String {
        match self.solutions {
            Some(n) => format!("{n} solutions"),
            None => "many solutions (too many to count quickly)".into(),
        }
    }
}

/// What the search tried, so that "nothing found" can say how hard it looked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tried {
    /// Edited drafts judged.
    pub drafts: usize,
    /// The most edits combined.
    pub edits: usize,
    /// Whether the time budget ran out before the edits did.
    pub timed_out: bool,
}

/// What [`suggest`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixes {
    /// What the draft needs.
    pub verdict: Verdict,
    /// The edits that make it unique, ranked (fewest edits, then smallest change, then easiest
    /// band), at most [`MAX_SUGGESTIONS`].
    pub suggestions: Vec<Suggestion>,
    /// For a draft with no solution, a smallest set of clues that cannot all hold.
    pub conflicts: Vec<Conflict>,
    /// When there is no suggestion, the edits that leave the fewest solutions.
    pub partial: Option<Partial>,
    /// What the search tried.
    pub tried: Tried,
}

/// How far [`suggest_within`] looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most edits combined in one suggestion.
    pub max_edits: usize,
    /// The time the search may take; past it, it answers with what it found.
    pub max_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_edits: MAX_EDITS,
            max_time: MAX_TIME,
        }
    }
}

/// [`suggest_within`] the default [`Limits`].
pub fn suggest(grid: &Grid, cancel: &CancelToken) -> Result<Fixes, Cancelled> {
    suggest_within(grid, Limits::default(), cancel)
}

/// The draft's verdict and the fewest edits that make it unique; for a draft with no solution,
/// the clues that conflict as well. `Err(Cancelled)` only when `cancel` fires: running out of
/// `limits.max_time` ends the search with what it found (see [`Tried::timed_out`]); when even
/// the verdict was not reached by then, that is `Err(Cancelled)` too.
pub fn suggest_within(
    grid: &Grid,
    limits: Limits,
    cancel: &CancelToken,
) -> Result<Fixes, Cancelled> {
    let timed = cancel.with_deadline(limits.max_time);
    let symmetry = edits::symmetry_of(grid);
    let puzzle = Puzzle::from_grid(grid).ok();
    let found = match &puzzle {
        Some(p) => Solver::new(p).with_cancel(timed.clone()).some(2)?.len(),
        None => 0,
    };
    let (verdict, searched, conflicts) = match (puzzle, found) {
        (Some(_), 1) => {
            return Ok(Fixes {
                verdict: Verdict::Unique,
                suggestions: Vec::new(),
                conflicts: Vec::new(),
                partial: None,
                tried: Tried::default(),
            });
        }
        (Some(puzzle), n) if n >= 2 => {
            let draft = Draft {
                edits: Vec::new(),
                grid: grid.clone(),
                count: search::count(&puzzle, &timed)?,
                solutions: search::read(&puzzle, &timed)?,
                puzzle,
            };
            let searched = search::rounds(vec![draft], None, limits.max_edits, symmetry, &timed);
            (Verdict::Multiple, searched, Vec::new())
        }
        _ => {
            let conflicts = conflict::conflicts(grid, &timed)?;
            let mut rewrites = Vec::new();
            for c in &conflicts {
                rewrites.extend(edits::clue_rewrites(grid, c, &timed)?);
            }
            let searched = search::rounds(
                Vec::new(),
                Some(rewrites),
                limits.max_edits,
                symmetry,
                &timed,
            );
            (Verdict::None, searched, conflicts)
        }
    };
    let found = searched?;
    let suggestions = rank(found.unique, &timed).or_else(|e| {
        if cancel.is_cancelled() {
            Err(e)
        } else {
            Ok(Vec::new())
        }
    })?;
    Ok(Fixes {
        verdict,
        partial: found.best.filter(|_| suggestions.is_empty()).map(|d| {
            let (edit, cells) = describe(&d.edits);
            Partial {
                edit,
                cells,
                edits: d.edits.len(),
                solutions: d.count,
                grid: d.grid,
            }
        }),
        suggestions,
        conflicts,
        tried: Tried {
            drafts: found.tried,
            edits: found.rounds,
            timed_out: found.timed_out || timed.timed_out(),
        },
    })
}

/// Drafts with one solution rated and ranked: fewest edits, smallest change, easiest band;
/// at most [`MAX_SUGGESTIONS`]. Only the smallest changes are rated (rating is the costly part).
fn rank(mut unique: Vec<Draft>, cancel: &CancelToken) -> Result<Vec<Suggestion>, Cancelled> {
    unique.sort_by_key(|d| (d.edits.len(), d.size()));
    unique.truncate(MAX_SUGGESTIONS * 3);
    let mut suggestions = Vec::new();
    for d in unique {
        let band = logic::explain_cancellable(&d.puzzle, cancel)?.rating.band;
        let (edit, cells) = describe(&d.edits);
        suggestions.push(Suggestion {
            edit,
            cells,
            edits: d.edits.len(),
            band,
            size: d.size(),
            grid: d.grid,
        });
    }
    suggestions.sort_by_key(|s| (s.edits, s.size, s.band));
    suggestions.truncate(MAX_SUGGESTIONS);
    Ok(suggestions)
}

/// The text and cells of a list of edits: one edit's own, or "N edits: A; B".
fn describe(list: &[Edit]) -> (String, Vec<Pos>) {
    let mut cells: Vec<Pos> = Vec::new();
    for e in list {
        for &p in &e.cells {
            if !cells.contains(&p) {
                cells.push(p);
            }
        }
    }
    let text = match list {
        [one] => one.text.clone(),
        _ => format!(
            "{} edits: {}",
            list.len(),
            list.iter()
                .map(|e| e.text.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        ),
    };
    (text, cells)
}
