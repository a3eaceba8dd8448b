//! `kakuro check FILE [--max-seconds S]`: the file's problems, then `none`, `unique` or
//! `multiple`, or `unknown after S s` when the search takes longer than that (10 s unless
//! told).
//!
//! Warnings go to stdout before the verdict; errors go to stderr (exit 2, no verdict: the
//! grid is not a puzzle the engine takes).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use kakuro::{Solver, Uniqueness};

use super::input::PuzzleFile;
use super::{EXIT_NO, EXIT_UNKNOWN, Failure, budget, output};

/// Prints the warnings and the verdict; exit 0 for unique, 1 for none or multiple, 3 when
/// the search took longer than `max`.
pub fn run(path: &Path, max: Duration) -> Result<ExitCode> {
    let file = PuzzleFile::load_listing_every_typo(path)?;
    let (errors, warnings): (Vec<_>, Vec<_>) =
        file.problems().into_iter().partition(|p| p.is_error());
    if !errors.is_empty() {
        return Err(Failure {
            lines: errors.iter().map(|p| file.describe(p)).collect(),
        }
        .into());
    }
    let puzzle = file.puzzle()?;
    let mut out = output::stdout();
    for warning in &warnings {
        writeln!(out, "{}", file.describe(warning))?;
    }
    // Only the deadline cancels the search.
    let verdict = Solver::new(&puzzle)
        .with_cancel(budget::token(Some(max)))
        .uniqueness();
    let (word, code) = match verdict {
        Some(Uniqueness::None) => ("none".into(), ExitCode::from(EXIT_NO)),
        Some(Uniqueness::Unique(_)) => ("unique".into(), ExitCode::SUCCESS),
        Some(Uniqueness::Multiple) => ("multiple".into(), ExitCode::from(EXIT_NO)),
        None => (budget::unknown_after(max), ExitCode::from(EXIT_UNKNOWN)),
    };
    writeln!(out, "{word}")?;
    out.flush()?;
    Ok(code)
}
