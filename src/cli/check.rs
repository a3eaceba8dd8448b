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
use kakuro::CancelToken;
use kakuro::solve::{CheckOptions, Verdict, check};

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
    // The engine's check (the app's, to its first verdict); only the deadline stops it.
    let mut verdict = None;
    check(
        &puzzle,
        &CheckOptions::uniqueness(max),
        &CancelToken::new(),
        &mut |v| verdict = Some(v),
    );
    let (word, code) = match verdict {
        Some(Verdict::NoSolution) => ("none".into(), ExitCode::from(EXIT_NO)),
        Some(Verdict::Unique) => ("unique".into(), ExitCode::SUCCESS),
        Some(Verdict::Several { .. }) => ("multiple".into(), ExitCode::from(EXIT_NO)),
        Some(Verdict::Unknown { .. }) | None => {
            (budget::unknown_after(max), ExitCode::from(EXIT_UNKNOWN))
        }
    };
    writeln!(out, "{word}")?;
    out.flush()?;
    Ok(code)
}
