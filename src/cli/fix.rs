//! `kakuro fix FILE [--json]`: edits that make a designer's draft unique.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use kakuro::format::kakuro_text;
use kakuro::generate::fix::{self, Verdict};
use kakuro::solve::CancelToken;
use serde::Serialize;

use super::input::PuzzleFile;
use super::{EXIT_NO, Failure, json, output};

/// Lists the edits that make the draft unique; exit 0 when it is unique or an edit was found,
/// 1 otherwise.
pub fn fix(path: &Path, as_json: bool) -> Result<ExitCode> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    if puzzle.is_cryptic() {
        return Err(Failure {
            lines: vec![format!(
                "{}: fix works on puzzles with number clues, not letters",
                file.name
            )],
        }
        .into());
    }
    let grid = file.grid().clone();
    let (verdict, suggestions) = fix::suggest(&grid, &CancelToken::new())
        .map_err(|_| anyhow::anyhow!("{}: the search was cancelled", file.name))?;
    let mut out = output::stdout();
    if as_json {
        json::write_line(
            &mut out,
            &FixReport {
                verdict: verdict.key(),
                suggestions: suggestions
                    .iter()
                    .map(|s| SuggestionReport {
                        edit: s.edit.clone(),
                        cells: s.cells.iter().map(|p| [p.row, p.col]).collect(),
                        band: s.band.key(),
                        puzzle: kakuro_text::write(&s.grid),
                    })
                    .collect(),
            },
        )?;
    } else {
        writeln!(out, "verdict: {}", verdict.key())?;
        match verdict {
            Verdict::Unique => writeln!(out, "the puzzle has one solution: nothing to fix")?,
            Verdict::None => writeln!(out, "the puzzle has no solution: no edit suggested")?,
            Verdict::Multiple if suggestions.is_empty() => {
                writeln!(out, "no single edit found that makes it unique")?
            }
            Verdict::Multiple => {
                for (i, s) in suggestions.iter().enumerate() {
                    writeln!(out, "{}. {} ({})", i + 1, s.edit, s.band.name())?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if verdict == Verdict::Unique || !suggestions.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_NO)
    })
}

#[derive(Serialize)]
struct FixReport {
    verdict: &'static str,
    suggestions: Vec<SuggestionReport>,
}

#[derive(Serialize)]
struct SuggestionReport {
    edit: String,
    cells: Vec<[usize; 2]>,
    band: &'static str,
    puzzle: String,
}
