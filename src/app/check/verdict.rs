//! What the designer's check found: the engine's verdict (no solution, one, several and where
//! they differ, or unknown), a unique puzzle rated by its logical solve; and the line that says
//! so.

use super::super::numbers::{compact, group_big};
use crate::Puzzle;
use crate::logic::{self, Band, Technique};
use crate::solve::{self, CancelToken};

/// What the check found: the engine's verdict ([`solve::check`]), rated when it is unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The grid has errors: nothing to solve yet.
    Invalid,
    /// The engine's verdict on the grid.
    Checked {
        /// What the engine's check found.
        found: solve::Verdict,
        /// How hard a unique puzzle is by logic (`None` for the other verdicts, and when the
        /// rating was cut short).
        difficulty: Option<Difficulty>,
    },
}

impl Verdict {
    /// The engine's verdict, unless the grid has errors.
    pub fn found(&self) -> Option<&solve::Verdict> {
        match self {
            Verdict::Invalid => None,
            Verdict::Checked { found, .. } => Some(found),
        }
    }

    /// The check's one-line summary.
    pub fn summary(&self) -> String {
        let Verdict::Checked { found, difficulty } = self else {
            return "Fix the errors to check the solutions".into();
        };
        match found {
            solve::Verdict::NoSolution => "No solution".into(),
            solve::Verdict::Unique => match difficulty {
                None => "Unique solution".into(),
                Some(d) => format!("Unique solution · {}", d.summary()),
            },
            solve::Verdict::Unknown { after } => format!(
                "Unknown after {} s (Solve searches without a limit)",
                after.as_secs_f64()
            ),
            solve::Verdict::Several {
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
        self.found().is_none_or(solve::Verdict::is_final)
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

/// The engine's verdict on `puzzle`, a unique one with the puzzle's difficulty by logic.
pub(super) fn rated(puzzle: &Puzzle, cancel: &CancelToken, found: solve::Verdict) -> Verdict {
    let difficulty = match found {
        solve::Verdict::Unique => Difficulty::of(puzzle, cancel),
        _ => None,
    };
    Verdict::Checked { found, difficulty }
}
