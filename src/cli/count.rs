//! `kakuro count FILE [--json]`: the exact number of solutions.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use kakuro::{Puzzle, Solver};
use num_bigint::BigUint;

use super::input::PuzzleFile;
use super::{json, output};

/// Prints the count: the number alone (text), or `{"count": "K", "seconds": S}`.
pub fn run(path: &Path, as_json: bool) -> Result<ExitCode> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    let start = Instant::now();
    let count = exact_count(&puzzle);
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
pub fn exact_count(puzzle: &Puzzle) -> BigUint {
    // Counts by streaming every solution: exact, but as slow as the enumeration.
    let mut count = BigUint::ZERO;
    Solver::new(puzzle).for_each(|_| {
        count += 1u32;
        ControlFlow::Continue(())
    });
    count
}
