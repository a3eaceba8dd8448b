//! `kakuro count FILE [--json]`: the exact number of solutions, by counting independent parts
//! separately (never by listing the solutions).

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kakuro::{Puzzle, Solver};
use num_bigint::BigUint;

use super::busy::QUIET_FOR;
use super::input::PuzzleFile;
use super::{json, output};

/// Prints the count: the number alone (text), or `{"count": "K", "seconds": S}`.
pub fn run(path: &Path, as_json: bool) -> Result<ExitCode> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    let start = Instant::now();
    let count = exact_count(&puzzle)?;
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

/// The exact number of solutions of a puzzle.
pub fn exact_count(puzzle: &Puzzle) -> Result<BigUint> {
    count_with_bar(&mut Solver::new(puzzle).counting_only())
}

/// Counts with `solver` (which keeps what it learned for `nth`), showing a progress bar on
/// stderr when the count takes a while and stderr is a terminal.
pub fn count_with_bar(solver: &mut Solver<'_>) -> Result<BigUint> {
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
    // The command line never cancels; a cancelled count would be a bug worth naming.
    counted.map_err(|e| anyhow!("{e}"))
}

fn new_bar() -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("counting {bar:40} {percent:>3}%  {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}
