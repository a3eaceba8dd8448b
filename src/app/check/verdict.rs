//! What the designer's check found: no solution, one (rated by its logical solve), several
//! (and where they differ), or unknown; and the line that says so.

use std::time::Duration;

use num_bigint::BigUint;

use super::super::numbers::{compact, group_big};
use crate::logic::{self, Band, Technique};
use crate::solve::CancelToken;
use crate::{Pos, Puzzle};

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The grid has errors: nothing to solve yet.
    Invalid,
    /// No solution.
    NoSolution,
    /// Exactly one solution; and how hard it is by logic (`None` if the rating was cut short).
    Unique(Option<Difficulty>),
    /// No verdict within this time (see [`VERDICT_FOR`](super::search::VERDICT_FOR)).
    Unknown {
        /// How long the check searched.
        after: Duration,
    },
    /// Several solutions.
    Several {
        /// How many there are, or at least.
        count: BigUint,
        /// Whether `count` is exact (else there are at least that many, and counting goes on).
        exact: bool,
        /// The cells that are not the same in every solution (so far).
        varies: Vec<Pos>,
        /// Whether `varies` is every such cell (else only those seen in the solutions found so
        /// far).
        all_varies: bool,
        /// Whether the check stopped counting (too many to count while the designer edits):
        /// `count` stays a lower bound, and the check has nothing more to say.
        gave_up: bool,
    },
}

impl Verdict {
    /// The check's one-line summary.
    pub fn summary(&self) -> String {
        match self {
            Verdict::Invalid => "Fix the errors to check the solutions".into(),
            Verdict::NoSolution => "No solution".into(),
            Verdict::Unique(None) => "Unique solution".into(),
            Verdict::Unique(Some(d)) => format!("Unique solution · {}", d.summary()),
            Verdict::Unknown { after } => format!(
                "Unknown after {} s (Solve searches without a limit)",
                after.as_secs_f64()
            ),
            Verdict::Several {
                count,
                exact,
                varies,
                all_varies,
                gave_up,
            } => {
                let at_least = if *exact { "" } else { "at least " };
                let those = if *all_varies {
                    "they"
                } else {
                    "those found so far"
                };
                let more = if *gave_up {
                    "; Solve counts them all"
                } else if *exact && *all_varies {
                    ""
                } else {
                    "; still checking…"
                };
                format!(
                    "{at_least}{} solutions: {those} differ in {} cells (outlined){more}",
                    compact(&group_big(count)),
                    varies.len()
                )
            }
        }
    }

    /// Whether the check has more to say after this.
    pub(super) fn is_final(&self) -> bool {
        match self {
            Verdict::Several {
                exact,
                all_varies,
                gave_up,
                ..
            } => *gave_up || (*exact && *all_varies),
            _ => true,
        }
    }
}

/// How hard a unique puzzle is to solve by logic, for the check's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The band.
    pub band: Band,
    /// The hardest technique the logical solve needs.
    pub hardest: Technique,
    /// Where logic got stuck or first needed a trial (`None` when it did not).
    pub stuck: Option<String>,
}

impl Difficulty {
    /// Rates a puzzle by its logical solve; `None` when `cancel` fires first, and for a
    /// cryptic puzzle (logic reads sums as numbers).
    fn of(puzzle: &Puzzle, cancel: &CancelToken) -> Option<Difficulty> {
        if puzzle.is_cryptic() {
            return None;
        }
        let e = logic::explain_cancellable(puzzle, cancel).ok()?;
        let trial = e.steps.iter().find(|s| s.technique == Technique::Trial);
        let stuck = match trial {
            Some(step) => step
                .because
                .first()
                .map(|&c| format!("first at {}", logic::cell_name(puzzle, c))),
            None if !e.solved => {
                let open = e.end.digits().iter().filter(|&&d| d == 0).count();
                Some(format!("logic stops with {open} cells open"))
            }
            None => None,
        };
        Some(Difficulty {
            band: e.rating.band,
            hardest: e.rating.hardest,
            stuck,
        })
    }

    /// "Hard (Area sum)", "Needs trial (first at r5c7)".
    pub fn summary(&self) -> String {
        match &self.stuck {
            Some(at) => format!("{} ({at})", self.band.name()),
            None => format!("{} ({})", self.band.name(), self.hardest.name()),
        }
    }
}

/// The unique verdict, with the puzzle's difficulty by logic.
pub(super) fn unique(puzzle: &Puzzle, cancel: &CancelToken) -> Verdict {
    Verdict::Unique(Difficulty::of(puzzle, cancel))
}
