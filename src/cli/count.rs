//! `kakuro count FILE [--json] [--max-seconds S]`: the exact number of solutions, by counting
//! independent parts separately (never by listing the solutions), or "unknown after S s" on
//! stderr when that takes longer (a minute unless told), with the solutions listed in the
//! time left as a lower bound.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kakuro::{CancelToken, Outcome, Puzzle, Solver};
use num_bigint::BigUint;

use super::busy::{QUIET_FOR, quiet};
use super::input::PuzzleFile;
use super::output::Sink;
use super::{EXIT_UNKNOWN, budget, json};

/// How long `count`, and the count behind `solve --nth` and `--random`, may take unless told:
/// most puzzles count in milliseconds, and a shape without sums would count for days.
pub const DEFAULT_SECONDS: Duration = Duration::from_secs(60);

/// The share of the time limit the count itself may take; the rest lists solutions, so that a
/// count that does not finish still gives a lower bound.
const COUNT_SHARE: f64 = 0.9;

/// Prints the count: the number alone (text), or `{"count": "K", "seconds": S}`; past `max`,
/// nothing on stdout and "unknown after S s" with a lower bound on stderr (exit 3).
pub fn run(path: &Path, as_json: bool, max: Duration, sink: &mut Sink<'_>) -> Result<ExitCode> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    let start = Instant::now();
    let mut solver = Solver::new(&puzzle).counting_only();
    let count = match count_within(&mut solver, max) {
        Counted::Exact(count) => count,
        Counted::Unknown { at_least } => {
            let what = unfinished(at_least);
            return Ok(out_of_time(sink, &file.name, Some(max), &what));
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let out = &mut sink.out;
    if as_json {
        json::write_line(out, &json::CountReport::new(&count, seconds))?;
    } else {
        writeln!(out, "{count}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// What a count within its time limit found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The exact number of solutions.
    Exact(BigUint),
    /// The time ran out; at least this many solutions were listed.
    Unknown {
        /// Solutions listed in the time left after the count gave up.
        at_least: u64,
    },
}

/// Counts with `solver` (which keeps what it learned for `nth`) in most of `max`; when that
/// is not enough, lists solutions in the rest for a lower bound (or the exact count, when the
/// listing ends). The solver's token afterwards ends with `max`.
pub fn count_within(solver: &mut Solver<'_>, max: Duration) -> Counted {
    let whole = budget::token(Some(max));
    solver.set_cancel(whole.with_deadline(max.mul_f64(COUNT_SHARE)));
    let counted = count_with_bar(solver, Some(max));
    solver.set_cancel(whole.clone());
    if let Some(count) = counted {
        return Counted::Exact(count);
    }
    let mut listed = 0u64;
    let outcome = Solver::new(solver.puzzle())
        .with_cancel(whole)
        .for_each(|_| {
            listed += 1;
            ControlFlow::Continue(())
        });
    match outcome {
        Ok(Outcome::Complete) => Counted::Exact(BigUint::from(listed)),
        _ => Counted::Unknown { at_least: listed },
    }
}

/// What is known of a count that did not finish: `at least M solutions, the count did not
/// finish`.
pub fn unfinished(at_least: u64) -> String {
    match at_least {
        0 => "the count did not finish".into(),
        1 => "at least 1 solution, the count did not finish".into(),
        n => format!(
            "at least {} solutions, the count did not finish",
            indicatif::HumanCount(n)
        ),
    }
}

/// Says on stderr that `max` ran out before the answer (`what` happened), and returns exit
/// code 3.
pub fn out_of_time(sink: &mut Sink<'_>, name: &str, max: Option<Duration>, what: &str) -> ExitCode {
    let after = max.map_or_else(|| "unknown".into(), budget::unknown_after);
    sink.say(&format!(
        "kakuro: {name}: {after}: {what} (--max-seconds sets the limit)"
    ));
    ExitCode::from(EXIT_UNKNOWN)
}

/// The exact number of solutions of a puzzle; `None` when `cancel` (a deadline) stopped it.
pub fn exact_count(puzzle: &Puzzle, cancel: CancelToken) -> Option<BigUint> {
    count_with_bar(
        &mut Solver::new(puzzle).counting_only().with_cancel(cancel),
        None,
    )
}

/// Counts with `solver` (which keeps what it learned for `nth`), showing a progress bar on
/// stderr when the count takes a while and stderr is a terminal: the share done, and the
/// digits tried, which move where the share stands still, with the time limit `max`; `None`
/// when the solver's token (a deadline) stopped it.
pub fn count_with_bar(solver: &mut Solver<'_>, max: Option<Duration>) -> Option<BigUint> {
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal() && !quiet();
    let mut bar: Option<ProgressBar> = None;
    let limit = max.map_or_else(String::new, |max| format!(" of {} s", max.as_secs_f64()));
    let counted = solver.count_with_report(&mut |progress| {
        if !terminal || start.elapsed() < QUIET_FOR {
            return;
        }
        let bar = bar.get_or_insert_with(new_bar);
        bar.set_position((progress.done * 1000.0).round() as u64);
        bar.set_message(format!(
            "{limit}, {} digits tried",
            indicatif::HumanCount(progress.nodes)
        ));
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    // Only a deadline cancels on the command line.
    counted.ok()
}

fn new_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("counting {bar:40} {percent:>3}%  {elapsed}{msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9 × 9 block without sums: far too many solutions to count, and the listing in the
    /// time left gives a lower bound.
    #[test]
    fn a_count_out_of_time_lists_solutions_for_a_lower_bound() {
        let mut text = String::from("\\ \\ \\ \\ \\ \\ \\ \\ \\ \\\n");
        for _ in 0..9 {
            text.push_str("\\ __ __ __ __ __ __ __ __ __\n");
        }
        let loaded = kakuro::format::parse(&text, kakuro::format::Format::Kakuro).unwrap();
        let puzzle = Puzzle::from_grid(&loaded.document.grid).unwrap();
        let mut solver = Solver::new(&puzzle).counting_only();
        match count_within(&mut solver, Duration::from_secs(1)) {
            Counted::Unknown { at_least } => assert!(at_least > 0),
            Counted::Exact(count) => panic!("counted {count} in 1 s"),
        }
    }

    #[test]
    fn a_count_in_time_is_exact() {
        let text = "\\ 4\\ 3\\\n\\3 __ __\n\\4 __ __\n";
        let loaded = kakuro::format::parse(text, kakuro::format::Format::Kakuro).unwrap();
        let puzzle = Puzzle::from_grid(&loaded.document.grid).unwrap();
        let mut solver = Solver::new(&puzzle).counting_only();
        assert_eq!(
            count_within(&mut solver, Duration::from_secs(10)),
            Counted::Exact(BigUint::from(1u32))
        );
    }

    #[test]
    fn what_an_unfinished_count_knows() {
        assert_eq!(unfinished(0), "the count did not finish");
        assert_eq!(
            unfinished(1),
            "at least 1 solution, the count did not finish"
        );
        assert_eq!(
            unfinished(12345),
            "at least 12,345 solutions, the count did not finish"
        );
    }
}
