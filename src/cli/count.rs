//! `kakuro count FILE [--json] [--max-seconds S]`: the exact number of solutions, by counting
//! independent parts separately (never by listing the solutions), or "unknown after S s" on
//! stderr when that takes longer.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kakuro::{CancelToken, Puzzle, Solver};
use num_bigint::BigUint;

use super::busy::QUIET_FOR;
use super::input::PuzzleFile;
use super::{EXIT_UNKNOWN, budget, json, output};

/// Prints the count: the number alone (text), or `{"count": "K", "seconds": S}`; past `max`,
/// nothing on stdout and "unknown after S s" on stderr (exit 3).
pub fn run(path: &Path, as_json: bool, max: Option<Duration>) -> Result<ExitCode> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    let start = Instant::now();
    let Some(count) = exact_count(&puzzle, budget::token(max)) else {
        return Ok(out_of_time(&file.name, max, "the count did not finish"));
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut out = output::stdout();
    if as_json {
        json::write_line(&mut out, &json::CountReport::new(&count, seconds))?;
    } else {
        writeln!(out, "{count}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Says on stderr that `max` ran out before the answer (`what` happened), and returns exit
/// code 3.
pub fn out_of_time(name: &str, max: Option<Duration>, what: &str) -> ExitCode {
    let after = max.map_or_else(|| "unknown".into(), budget::unknown_after);
    eprintln!("kakuro: {name}: {after}: {what} (--max-seconds sets the limit)");
    ExitCode::from(EXIT_UNKNOWN)
}

/// The exact number of solutions of a puzzle; `None` when `cancel` (a deadline) stopped it.
pub fn exact_count(puzzle: &Puzzle, cancel: CancelToken) -> Option<BigUint> {
    count_with_bar(&mut Solver::new(puzzle).counting_only().with_cancel(cancel))
}

/// Counts with `solver` (which keeps what it learned for `nth`), showing a progress bar on
/// stderr when the count takes a while and stderr is a terminal; `None` when the solver's
/// token (a deadline) stopped it.
pub fn count_with_bar(solver: &mut Solver<'_>) -> Option<BigUint> {
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let mut bar: Option<ProgressBar> = None;
    let counted = solver.count_with_progress(&mut |fraction| {
        if !terminal || start.elapsed() < QUIET_FOR {
            return;
        }
        let bar = bar.get_or_insert_with(new_bar);
        bar.set_position((fraction * 1000.0).round() as u64);
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    // Only a deadline cancels on the command line.
    counted.ok()
}

fn new_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("counting {bar:40} {percent:>3}%  {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}
