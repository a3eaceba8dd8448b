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
    let fixes = fix::suggest(&grid, &CancelToken::new())
        .map_err(|_| anyhow::anyhow!("{}: the search was cancelled", file.name))?;
    let (verdict, suggestions) = (&fixes.verdict, &fixes.suggestions);
    let mut out = output::stdout();
    if as_json {
        json::write_line(
            &mut out,
            &FixReport {
                verdict: verdict.key(),
                conflicts: fixes
                    .conflicts
                    .iter()
                    .map(|c| ConflictReport {
                        clue: c.to_string(),
                        dir: c.dir.name(),
                        at: [c.wall.row, c.wall.col],
                        sum: c.sum,
                        cells: c.cells.iter().map(|p| [p.row, p.col]).collect(),
                    })
                    .collect(),
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
            Verdict::None => {
                if !fixes.conflicts.is_empty() {
                    let names: Vec<String> =
                        fixes.conflicts.iter().map(|c| c.to_string()).collect();
                    writeln!(out, "conflicting clues: {}", names.join(", "))?;
                }
                if suggestions.is_empty() {
                    writeln!(out, "the puzzle has no solution: no edit suggested")?;
                }
            }
            Verdict::Multiple if suggestions.is_empty() => {
                writeln!(out, "no single edit found that makes it unique")?
            }
            Verdict::Multiple => {}
        }
        for (i, s) in suggestions.iter().enumerate() {
            writeln!(out, "{}. {} ({})", i + 1, s.edit, s.band.name())?;
        }
    }
    out.flush()?;
    Ok(if *verdict == Verdict::Unique || !suggestions.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_NO)
    })
}

#[derive(Serialize)]
struct FixReport {
    verdict: &'static str,
    conflicts: Vec<ConflictReport>,
    suggestions: Vec<SuggestionReport>,
}

#[derive(Serialize)]
struct SuggestionReport {
    edit: String,
    cells: Vec<[usize; 2]>,
    band: &'static str,
    puzzle: String,
}

/// One clue of a conflicting set.
#[derive(Serialize)]
struct ConflictReport {
    /// "across 16 at r2c1".
    clue: String,
    dir: &'static str,
    /// The wall holding the clue, 0-based.
    at: [usize; 2],
    sum: u8,
    cells: Vec<[usize; 2]>,
}
