//! `kakuro check FILE`: the file's problems, then `none`, `unique` or `multiple`.
//!
//! Warnings go to stdout before the verdict; errors go to stderr (exit 2, no verdict: the
//! grid is not a puzzle the engine takes).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, bail};
use kakuro::{Solver, Uniqueness};

use super::input::PuzzleFile;
use super::{EXIT_NO, Failure, output};

/// Prints the warnings and the verdict; exit 0 for unique, 1 for none or multiple.
pub fn run(path: &Path) -> Result<ExitCode> {
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
    let Some(verdict) = Solver::new(&puzzle).uniqueness() else {
        bail!("{}: the search was cancelled", file.name);
    };
    let (word, code) = match verdict {
        Uniqueness::None => ("none", ExitCode::from(EXIT_NO)),
        Uniqueness::Unique(_) => ("unique", ExitCode::SUCCESS),
        Uniqueness::Multiple => ("multiple", ExitCode::from(EXIT_NO)),
    };
    writeln!(out, "{word}")?;
    out.flush()?;
    Ok(code)
}
