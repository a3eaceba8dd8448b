//! `kakuro [FILE] [--screenshot OUT.png] [--renderer glow|wgpu] [--frame-stats]`: the desktop app.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use super::RendererChoice;

/// Opens the app and returns when its window closes.
#[cfg(feature = "gui")]
pub fn open_app(
    file: Option<PathBuf>,
    screenshot: Option<PathBuf>,
    renderer: Option<RendererChoice>,
    frame_stats: bool,
) -> Result<ExitCode> {
    use kakuro::app::{LaunchOptions, Renderer, run};
    let renderer = match renderer {
        Some(RendererChoice::Glow) => Renderer::Glow,
        Some(RendererChoice::Wgpu) => Renderer::Wgpu,
        None => Renderer::default(),
    };
    run(LaunchOptions {
        file,
        screenshot,
        renderer,
        frame_stats,
    })?;
    Ok(ExitCode::SUCCESS)
}

/// In a build without the app, plain `kakuro` prints the help; asking for the app is an error.
#[cfg(not(feature = "gui"))]
pub fn open_app(
    file: Option<PathBuf>,
    screenshot: Option<PathBuf>,
    renderer: Option<RendererChoice>,
    frame_stats: bool,
) -> Result<ExitCode> {
    use clap::CommandFactory;
    if file.is_none() && screenshot.is_none() && renderer.is_none() && !frame_stats {
        super::Cli::command().print_help()?;
        return Ok(ExitCode::SUCCESS);
    }
    anyhow::bail!(
        "this build of kakuro has no app (it was built without the `gui` feature); \
         use a subcommand such as `kakuro solve FILE` (see `kakuro --help`)"
    )
}
