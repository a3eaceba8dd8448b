//! `kakuro convert IN OUT`: read one format, write another; both chosen by extension. A grid
//! with errors is refused rather than written.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use kakuro::atomic;
use kakuro::format::{self, Format};

use super::Failure;
use super::input::PuzzleFile;

/// Converts the document (grid, title, author, notes, solution); prints nothing on success.
pub fn run(input: &Path, output: &Path) -> Result<ExitCode> {
    // A directory has no extension to choose a format by; say what it is rather than that.
    if output.is_dir() {
        return Err(Failure {
            lines: vec![format!(
                "{}: the output is a directory; name the file to write, such as {}",
                output.display(),
                output.join(file_name_for(input)).display()
            )],
        }
        .into());
    }
    // Writing the first of a file's puzzles would drop the others without a word.
    let file = PuzzleFile::load(input)?;
    // A grid with errors would be written, and read back, as something other than a puzzle.
    let errors: Vec<String> = file
        .problems()
        .iter()
        .filter(|p| p.is_error())
        .map(|p| file.describe(p))
        .collect();
    if !errors.is_empty() {
        return Err(Failure { lines: errors }.into());
    }
    let links = atomic::hard_links(output);
    format::save(output, &file.loaded.document)?;
    if links > 1 {
        eprintln!(
            "kakuro: {}: note: the file had {links} hard links; this name now leads to the new \
             content, the other {} keep the old",
            format::printable(&output.display().to_string()),
            links - 1
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A file name to suggest for the converted `input`: its own name in another format.
fn file_name_for(input: &Path) -> String {
    let stem = input
        .file_stem()
        .map_or("puzzle".into(), |s| s.to_string_lossy());
    let format = match Format::from_path(input) {
        Some(Format::Ron) => Format::Kakuro,
        _ => Format::Ron,
    };
    format!("{stem}.{}", format.extension())
}
