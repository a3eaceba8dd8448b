//! `kakuro pe424 FILE`: Project Euler 424. Each cryptic puzzle's answer (the digits of A..J as
//! one 10-digit number) on its own line, then the sum of all answers.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, bail};
use kakuro::format::{self, Format};
use kakuro::{Solver, Uniqueness};

use super::input::{Input, PuzzleFile};
use super::output;

/// Solves every puzzle of the file; a puzzle without exactly one solution is an error.
pub fn run(path: &Path) -> Result<ExitCode> {
    let files = read_puzzles(path)?;
    let puzzles = files
        .iter()
        .map(PuzzleFile::puzzle)
        .collect::<Result<Vec<_>>>()?;
    let mut out = output::stdout();
    let mut sum = 0u64;
    for (index, (file, puzzle)) in files.iter().zip(&puzzles).enumerate() {
        let at = format!("{}: puzzle {}", file.place(None), index + 1);
        let answer = match Solver::new(puzzle).uniqueness() {
            Ok(Uniqueness::Unique(solution)) => solution.letter_answer(),
            Ok(Uniqueness::None) => bail!("{at} has no solution"),
            Ok(Uniqueness::Multiple) => bail!("{at} has more than one solution"),
            Err(_) => bail!("{at}: the search was cancelled"),
        };
        let Some(answer) = answer else {
            bail!("{at} has no letters, so no answer");
        };
        writeln!(out, "{answer:010}")?;
        sum += answer;
    }
    writeln!(out, "{sum}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Every puzzle of a PE 424 file, each knowing its line so messages can point at it. All are
/// read (and then validated) before any is solved: a typo on the last line fails at once.
fn read_puzzles(path: &Path) -> Result<Vec<PuzzleFile>> {
    puzzles_in(&Input::read(path)?)
}

/// Every puzzle of a PE 424 file already read, as `read_puzzles` gives them.
pub(super) fn puzzles_in(input: &Input<'_>) -> Result<Vec<PuzzleFile>> {
    let name = input.name();
    let text = &input.text;
    let mut puzzles = Vec::new();
    for (index, line) in text.split('\n').enumerate() {
        let content = line.trim_matches([' ', '\t', '\r']);
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let loaded = format::parse(line, Format::Pe424).map_err(|mut e| {
            // The line was parsed alone, as line 1.
            e.line = e.line.map(|l| l + index);
            e.in_file(input.error_path())
        })?;
        puzzles.push(PuzzleFile {
            name: name.clone(),
            loaded,
            line_offset: index,
        });
    }
    if puzzles.is_empty() {
        bail!("{name}: the file holds no puzzle");
    }
    Ok(puzzles)
}
