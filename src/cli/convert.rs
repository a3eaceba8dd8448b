//! `kakuro convert IN OUT`: read one format, write another; both chosen by extension.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use kakuro::format;

/// Converts the document (grid, title, author, notes, solution); prints nothing on success.
pub fn run(input: &Path, output: &Path) -> Result<ExitCode> {
    let loaded = format::load(input)?;
    format::save(output, &loaded.document)?;
    Ok(ExitCode::SUCCESS)
}
