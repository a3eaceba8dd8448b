//! `kakuro fix FILE [--json] [--max-edits N] [--max-seconds S]`: the fewest edits that make a
//! designer's draft unique.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use kakuro::format::kakuro_text;
use kakuro::generate::fix::{self, Fixes, Limits, Verdict};
use serde::Serialize;

use super::input::PuzzleFile;
use super::output::Sink;
use super::{EXIT_NO, EXIT_UNKNOWN, Failure, budget, json};

/// Lists the edits that make the draft unique; exit 0 when it is unique or an edit was found,
/// 1 otherwise, 3 when the time ran out before the verdict.
pub fn fix(path: &Path, as_json: bool, limits: Limits, sink: &mut Sink<'_>) -> Result<ExitCode> {
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
    let Ok(fixes) = fix::suggest_within(&grid, limits, &budget::token(None)) else {
        sink.say(&format!(
            "kakuro: {}: {}: the verdict was not reached (--max-seconds sets the limit)",
            file.name,
            budget::unknown_after(limits.max_time)
        ));
        return Ok(ExitCode::from(EXIT_UNKNOWN));
    };
    let (verdict, suggestions) = (&fixes.verdict, &fixes.suggestions);
    let out = &mut sink.out;
    if as_json {
        json::write_line(
            out,
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
                        edits: s.edits,
                        band: s.band.key(),
                        puzzle: kakuro_text::write(&s.grid),
                    })
                    .collect(),
                partial: fixes.partial.as_ref().map(|p| PartialReport {
                    edit: p.edit.clone(),
                    cells: p.cells.iter().map(|p| [p.row, p.col]).collect(),
                    edits: p.edits,
                    solutions: p.solutions.map(|n| n.to_string()),
                    puzzle: kakuro_text::write(&p.grid),
                }),
                tried: TriedReport {
                    drafts: fixes.tried.drafts,
                    edits: fixes.tried.edits,
                    timed_out: fixes.tried.timed_out,
                },
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
                writeln!(out, "{}", nothing_found(&fixes, limits))?
            }
            Verdict::Multiple => {}
        }
        for (i, s) in suggestions.iter().enumerate() {
            writeln!(out, "{}. {} ({})", i + 1, s.edit, s.band.name())?;
        }
        if let Some(p) = &fixes.partial {
            writeln!(
                out,
                "best partial step: {} (leaves {})",
                p.edit,
                p.solutions_text()
            )?;
        }
    }
    out.flush()?;
    Ok(if *verdict == Verdict::Unique || !suggestions.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_NO)
    })
}

/// "no edit found that makes it unique (tried 412 edited drafts, up to 4 edits at a time)",
/// saying when the time ran out first.
fn nothing_found(fixes: &Fixes, limits: Limits) -> String {
    let tried = fixes.tried;
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let reach = format!(
        "tried {}, up to {} at a time",
        plural(tried.drafts, "edited draft", "edited drafts"),
        plural(tried.edits, "edit", "edits")
    );
    if tried.timed_out {
        format!(
            "no edit found that makes it unique in {} s ({reach}; --max-seconds sets the limit)",
            limits.max_time.as_secs_f64()
        )
    } else {
        format!("no edit found that makes it unique ({reach})")
    }
}

#[derive(Serialize)]
struct FixReport {
    verdict: &'static str,
    conflicts: Vec<ConflictReport>,
    suggestions: Vec<SuggestionReport>,
    /// The edits that leave the fewest solutions, when there is no suggestion.
    partial: Option<PartialReport>,
    tried: TriedReport,
}

#[derive(Serialize)]
struct SuggestionReport {
    edit: String,
    cells: Vec<[usize; 2]>,
    /// How many edits the suggestion is made of.
    edits: usize,
    band: &'static str,
    puzzle: String,
}

#[derive(Serialize)]
struct PartialReport {
    edit: String,
    cells: Vec<[usize; 2]>,
    edits: usize,
    /// Solutions left, as a decimal string; null when they took too long to count.
    solutions: Option<String>,
    puzzle: String,
}

#[derive(Serialize)]
struct TriedReport {
    /// Edited drafts judged.
    drafts: usize,
    /// The most edits combined.
    edits: usize,
    /// Whether --max-seconds ran out before the edits did.
    timed_out: bool,
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
