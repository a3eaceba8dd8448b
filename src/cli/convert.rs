//! `kakuro convert IN OUT`: read one format, write another; both chosen by extension.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use kakuro::format::{self, Format};

use super::Failure;

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
    super::input::refuse_several(input)?;
    let loaded = format::load(input)?;
    format::save(output, &loaded.document)?;
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
