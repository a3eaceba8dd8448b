//! The designer's check, one query for the app and `kakuro check`: is there no solution, one
//! or several (and where do they differ, and how many are there)? The policy: stream the
//! first solutions in the puzzle's order (noting where they differ); where that order gets
//! lost, answer by any two solutions and stream on; then search, cell by cell, for a solution
//! with another digit where all so far agree; then count exactly, within a time and memory
//! budget of its own.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use num_bigint::BigUint;

use super::{CancelToken, Outcome, Solver, Tuning, Uniqueness};
use crate::{CellId, Pos, Puzzle};

/// How far the check goes and how long it may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// Only none, one or several (the command line's verdict, by [`Solver::uniqueness`]), or
    /// also where the solutions differ and how many there are (the app's check line).
    pub depth: Depth,
    /// How long the search for a verdict (and then for the cells that vary) may take: past
    /// it the check says "unknown", or "at least" as many solutions as it found.
    pub verdict_for: Duration,
    /// How long the exact count may take ([`Depth::Everything`] only).
    pub count_for: Duration,
    /// The memory the exact count may hold ([`Depth::Everything`] only).
    pub count_memory: usize,
    /// Solutions streamed before the check turns to exact counting: most designs in progress
    /// have fewer, and streaming them tells where they differ at once.
    pub streamed: u64,
    /// Whether the stream is guided and anchored as always (see [`Tuning`]); tests turn that
    /// off to see a stream lost in a dense grid.
    pub guided: bool,
}

/// How far a check goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// None, unique or several, and nothing more: one verdict.
    Uniqueness,
    /// Also every cell that can differ and the exact count: verdicts as they are learnt.
    Everything,
}

impl CheckOptions {
    /// The command line's check: none, unique or several within `max`.
    pub fn uniqueness(max: Duration) -> CheckOptions {
        CheckOptions {
            depth: Depth::Uniqueness,
            verdict_for: max,
            ..CheckOptions::default()
        }
    }
}

impl Default for CheckOptions {
    /// The app's check: everything, 10 s for the verdict and 10 s and 64 MiB for the count.
    fn default() -> CheckOptions {
        CheckOptions {
            depth: Depth::Everything,
            verdict_for: Duration::from_secs(10),
            count_for: Duration::from_secs(10),
            count_memory: 64 << 20,
            streamed: 100_000,
            guided: true,
        }
    }
}

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No solution.
    NoSolution,
    /// Exactly one solution.
    Unique,
    /// No verdict within this time.
    Unknown {
        /// How long the check searched.
        after: Duration,
    },
    /// Several solutions.
    Several {
        /// How many there are, or at least.
        count: BigUint,
        /// Whether `count` is exact (else there are at least that many).
        exact: bool,
        /// The cells that are not the same in every solution (so far).
        varies: Vec<Pos>,
        /// Whether `varies` is every such cell (else only those seen in the solutions found so
        /// far).
        all_varies: bool,
        /// Whether the check stopped counting (out of its time or memory): `count` stays a
        /// lower bound, and the check has nothing more to say.
        gave_up: bool,
    },
}

impl Verdict {
    /// Whether the check has nothing more to say after this.
    pub fn is_final(&self) -> bool {
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

/// Checks `puzzle`, telling `report` what it knows as it learns it (see the module's doc);
/// reports nothing more once `cancel` fires. With [`Depth::Uniqueness`], reports one verdict
/// (`Several` with a count of 2, or `Unknown`) unless cancelled.
pub fn check(
    puzzle: &Puzzle,
    options: &CheckOptions,
    cancel: &CancelToken,
    report: &mut dyn FnMut(Verdict),
) {
    match options.depth {
        Depth::Uniqueness => uniqueness(puzzle, options, cancel, report),
        Depth::Everything => everything(puzzle, options, cancel, report),
    }
}

/// None, unique or several by any two solutions.
fn uniqueness(
    puzzle: &Puzzle,
    options: &CheckOptions,
    cancel: &CancelToken,
    report: &mut dyn FnMut(Verdict),
) {
    let timed = cancel.with_deadline(options.verdict_for);
    let verdict = match Solver::new(puzzle).with_cancel(timed).uniqueness() {
        Ok(Uniqueness::None) => Verdict::NoSolution,
        Ok(Uniqueness::Unique(_)) => Verdict::Unique,
        Ok(Uniqueness::Multiple) => Verdict::Several {
            count: 2u32.into(),
            exact: false,
            varies: Vec::new(),
            all_varies: false,
            gave_up: true,
        },
        Err(_) if cancel.is_cancelled() => return,
        Err(_) => Verdict::Unknown {
            after: options.verdict_for,
        },
    };
    report(verdict);
}

/// The app's check: stream, where the stream is lost any two, the cells that vary, the count.
fn everything(
    puzzle: &Puzzle,
    options: &CheckOptions,
    cancel: &CancelToken,
    report: &mut dyn FnMut(Verdict),
) {
    let verdict_for = options.verdict_for;
    // The searches before the count stop at the caller's cancel or at the time limit; only
    // the limit has something to say.
    let timed = cancel.with_deadline(verdict_for);
    let out_of_time = || !cancel.is_cancelled() && timed.is_cancelled();
    let defaults = Tuning::default();
    let (guide_after, anchor_after) = if options.guided {
        (defaults.guide_after, defaults.anchor_after)
    } else {
        (u64::MAX, u64::MAX)
    };
    let several = |count: BigUint, exact: bool, seen: &[u16], all_varies: bool| Verdict::Several {
        count,
        exact,
        gave_up: false,
        varies: puzzle
            .cells()
            .iter()
            .zip(seen)
            .filter(|(_, mask)| mask.count_ones() > 1)
            .map(|(cell, _)| cell.pos)
            .collect(),
        all_varies,
    };
    // Out of time after `count` solutions: as many as that, or nothing known.
    let late = |count: u64, seen: &[u16]| {
        if count < 2 {
            return Verdict::Unknown { after: verdict_for };
        }
        let mut verdict = several(count.into(), false, seen, false);
        if let Verdict::Several { gave_up, .. } = &mut verdict {
            *gave_up = true;
        }
        verdict
    };
    // Per cell, the digits it takes in the solutions seen so far.
    let mut seen = vec![0u16; puzzle.cells().len()];
    let mut count = 0u64;
    let stream = |seen: &mut Vec<u16>, count: &mut u64, give_up_after: u64| {
        Solver::new(puzzle)
            .with_cancel(timed.clone())
            .with_tuning(Tuning {
                give_up_after,
                guide_after,
                anchor_after,
                ..Tuning::default()
            })
            .for_each(|solution| {
                note(seen, &solution.digits);
                *count += 1;
                if *count >= options.streamed {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
    };
    let mut outcome = stream(&mut seen, &mut count, defaults.probes_after);
    if outcome.is_err() && !timed.is_cancelled() {
        // The streamed order is lost in this grid (a dense one): say none, one or several at
        // once by any two solutions, then stream on without a limit.
        let Ok(two) = Solver::new(puzzle).with_cancel(timed.clone()).some(2) else {
            if out_of_time() {
                report(late(0, &seen));
            }
            return;
        };
        match two.len() {
            0 => return report(Verdict::NoSolution),
            1 => return report(Verdict::Unique),
            _ => {}
        }
        for s in &two {
            note(&mut seen, &s.digits);
        }
        report(several(2u32.into(), false, &seen, false));
        count = 0;
        outcome = stream(&mut seen, &mut count, u64::MAX);
        if outcome.is_err() && out_of_time() {
            return report(late(count.max(2), &seen));
        }
    }
    match (outcome, count) {
        (Err(_), _) if out_of_time() => return report(late(count, &seen)),
        (Err(_), _) => return,
        (_, 0) => return report(Verdict::NoSolution),
        (_, 1) => return report(Verdict::Unique),
        (Ok(Outcome::Complete), _) => return report(several(count.into(), true, &seen, true)),
        _ => report(several(count.into(), false, &seen, false)),
    }
    // A cell that kept one digit so far varies if some solution has another digit there; each
    // such solution found also settles other cells.
    for (i, cell) in puzzle.cells().iter().enumerate() {
        if seen[i].count_ones() > 1 {
            continue;
        }
        let other = Solver::new(puzzle)
            .with_cancel(timed.clone())
            .with_candidates(CellId(i as u32), !seen[i])
            .any();
        if cancel.is_cancelled() {
            return;
        }
        if out_of_time() {
            return report(late(count, &seen));
        }
        if let Ok(Some(solution)) = other {
            debug_assert_ne!(
                solution.digits[i],
                seen[i].trailing_zeros() as u8,
                "{cell:?}"
            );
            note(&mut seen, &solution.digits);
        }
    }
    report(several(count.into(), false, &seen, true));
    // The count has its own token: the caller's cancel or the time limit fires it.
    let stop = CancelToken::new();
    let started = Instant::now();
    let mut watch = |_done: f64| {
        if cancel.is_cancelled() || started.elapsed() >= options.count_for {
            stop.cancel();
        }
    };
    let counted = Solver::new(puzzle)
        .with_cancel(stop.clone())
        .with_count_memory(options.count_memory)
        .counting_only()
        .count_with_progress(&mut watch);
    match counted {
        Ok(exact) => report(several(exact, true, &seen, true)),
        Err(_) if cancel.is_cancelled() => {}
        Err(_) => {
            let mut verdict = several(count.into(), false, &seen, true);
            if let Verdict::Several { gave_up, .. } = &mut verdict {
                *gave_up = true;
            }
            report(verdict);
        }
    }
}

/// Adds a solution's digits to the per-cell digit sets.
fn note(seen: &mut [u16], digits: &[u8]) {
    for (mask, &d) in seen.iter_mut().zip(digits) {
        *mask |= 1 << d;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(path: &str) -> Puzzle {
        let doc = crate::format::load(std::path::Path::new(path))
            .unwrap()
            .document;
        Puzzle::from_grid(&doc.grid).unwrap()
    }

    fn verdicts(path: &str, options: &CheckOptions) -> Vec<Verdict> {
        let mut out = Vec::new();
        check(&load(path), options, &CancelToken::new(), &mut |v| {
            out.push(v)
        });
        out
    }

    /// The command line's depth says none, unique or several once, as `Solver::uniqueness`.
    #[test]
    fn the_command_lines_check_answers_once() {
        let options = CheckOptions::uniqueness(Duration::from_secs(600));
        assert_eq!(
            verdicts("puzzles/none.kakuro", &options),
            vec![Verdict::NoSolution]
        );
        assert_eq!(
            verdicts("puzzles/wikipedia.kakuro", &options),
            vec![Verdict::Unique]
        );
        let several = verdicts("puzzles/millions.kakuro", &options);
        assert!(
            matches!(&several[..], [Verdict::Several { count, .. }] if *count == BigUint::from(2u32)),
            "{several:?}"
        );
        assert!(several[0].is_final());
    }

    /// Both depths agree on the verdict; the app's goes on to the exact count.
    #[test]
    fn both_depths_agree_and_the_app_counts() {
        let everything = verdicts("puzzles/millions.kakuro", &CheckOptions::default());
        let last = everything.last().unwrap();
        assert!(last.is_final());
        assert!(
            matches!(last, Verdict::Several { count, exact: true, .. } if *count == BigUint::from(3_048_192u32)),
            "{last:?}"
        );
        let uniqueness = CheckOptions::uniqueness(Duration::from_secs(600));
        for path in ["puzzles/none.kakuro", "puzzles/wikipedia.kakuro"] {
            assert_eq!(
                verdicts(path, &CheckOptions::default()),
                verdicts(path, &uniqueness),
                "{path}"
            );
        }
    }

    /// A check out of time says unknown, at either depth.
    #[test]
    fn out_of_time_is_unknown() {
        for options in [
            CheckOptions::uniqueness(Duration::ZERO),
            CheckOptions {
                verdict_for: Duration::ZERO,
                ..CheckOptions::default()
            },
        ] {
            assert_eq!(
                verdicts("puzzles/wikipedia.kakuro", &options),
                vec![Verdict::Unknown {
                    after: Duration::ZERO
                }]
            );
        }
    }
}
