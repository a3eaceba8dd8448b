//! `kakuro check FILE [--json] [--max-seconds S]`: the file's problems, then `none`, `unique`
//! or `multiple`, or `unknown after S s` when the search takes longer than that (10 s unless
//! told).
//!
//! Warnings go to stdout before the verdict; errors go to stderr (exit 2, no verdict: the
//! grid is not a puzzle the engine takes).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use kakuro::solve::{CheckOptions, Verdict, check};
use serde::Serialize;

use super::input::PuzzleFile;
use super::output::Sink;
use super::{EXIT_NO, EXIT_UNKNOWN, Failure, budget, json};

/// `kakuro check --json`.
#[derive(Serialize)]
struct CheckReport {
    /// `none`, `unique`, `multiple` or `unknown`.
    verdict: &'static str,
    /// The warning lines, as the text prints them.
    warnings: Vec<String>,
}

/// Prints the warnings and the verdict; exit 0 for unique, 1 for none or multiple, 3 when
/// the search took longer than `max`.
pub fn run(path: &Path, as_json: bool, max: Duration, sink: &mut Sink<'_>) -> Result<ExitCode> {
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
    let warnings: Vec<String> = warnings.iter().map(|w| file.describe(w)).collect();
    // The engine's check (the app's, to its first verdict); only the deadline (or an
    // interrupted run) stops it.
    let mut verdict = None;
    check(
        &puzzle,
        &CheckOptions::uniqueness(max),
        &budget::token(None),
        &mut |v| verdict = Some(v),
    );
    let (key, code) = match verdict {
        Some(Verdict::NoSolution) => ("none", ExitCode::from(EXIT_NO)),
        Some(Verdict::Unique) => ("unique", ExitCode::SUCCESS),
        Some(Verdict::Several { .. }) => ("multiple", ExitCode::from(EXIT_NO)),
        Some(Verdict::Unknown { .. }) | None => ("unknown", ExitCode::from(EXIT_UNKNOWN)),
    };
    sink.tally = Some(key.into());
    let out = &mut sink.out;
    if as_json {
        json::write_line(
            out,
            &CheckReport {
                verdict: key,
                warnings,
            },
        )?;
    } else {
        for warning in &warnings {
            writeln!(out, "{warning}")?;
        }
        match key {
            "unknown" => writeln!(out, "{}", budget::unknown_after(max))?,
            word => writeln!(out, "{word}")?,
        }
    }
    out.flush()?;
    Ok(code)
}
