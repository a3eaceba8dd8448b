//! `kakuro [FILE] [--screenshot OUT.png] [--renderer glow|wgpu]`: the desktop app.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::CommandFactory;

use super::{Cli, RendererChoice};

/// Opens the app; in a build without it, plain `kakuro` prints the help instead.
pub fn open_app(
    file: Option<PathBuf>,
    screenshot: Option<PathBuf>,
    renderer: Option<RendererChoice>,
) -> Result<ExitCode> {
    if file.is_none() && screenshot.is_none() && renderer.is_none() {
        Cli::command().print_help()?;
        return Ok(ExitCode::SUCCESS);
    }
    bail!(
        "this build of kakuro has no app (it was built without the `gui` feature); \
         use a subcommand such as `kakuro solve FILE` (see `kakuro --help`)"
    )
}
