//! `kakuro [FILE] [--screenshot OUT.png] [--renderer glow|wgpu] [--frame-stats]`: the desktop app.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;

use super::{Failure, RendererChoice};

/// Refuses a FILE that does not exist before any window opens: it is most often a mistyped
/// subcommand (`kakuro slove`), which then gets a suggestion.
pub fn check_file(file: &Path) -> Result<()> {
    // Only a definite "not there"; a file we may not look at is the app's to report.
    if file.try_exists().unwrap_or(true) {
        return Ok(());
    }
    let line = mistyped_command(file.as_os_str())
        .unwrap_or_else(|| format!("{}: no such file", file.display()));
    Err(Failure { lines: vec![line] }.into())
}

/// For a first word that is no file and looks like a command (no extension, no folder) but is
/// none, the error line saying so, with the nearest command when one is near enough.
pub fn mistyped_command(word: &OsStr) -> Option<String> {
    let name = word.to_str()?;
    let looks_like_a_command = !name.starts_with('-')
        && Path::new(name).extension().is_none()
        && !name.contains(std::path::MAIN_SEPARATOR)
        && !name.contains('/');
    if !looks_like_a_command
        || command_names().iter().any(|c| c == name)
        || Path::new(name).try_exists().unwrap_or(true)
    {
        return None;
    }
    Some(match closest_command(name) {
        Some(command) => format!("{name}: no file or command '{name}'; did you mean '{command}'?"),
        None => format!("{name}: no file or command '{name}' (see `kakuro --help`)"),
    })
}

/// The subcommands' names, `help` among them.
fn command_names() -> Vec<String> {
    use clap::CommandFactory;
    let cli = super::Cli::command();
    let mut names: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    if !names.iter().any(|n| n == "help") {
        names.push("help".into());
    }
    names
}

/// The subcommand nearest to a mistyped word, when it is near enough to be what was meant.
fn closest_command(word: &str) -> Option<String> {
    let names = command_names();
    let word = word.to_lowercase();
    // One slip in a short word, two in a longer one; more than that is another word.
    let allowed = if word.chars().count() <= 3 { 1 } else { 2 };
    names
        .into_iter()
        .map(|name| (strsim::osa_distance(&word, &name), name))
        .filter(|(distance, _)| *distance <= allowed)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| name)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_near_words_get_a_suggestion() {
        assert_eq!(closest_command("Slove").as_deref(), Some("solve"));
        assert_eq!(closest_command("convrt").as_deref(), Some("convert"));
        assert_eq!(closest_command("bogus"), None);
        assert_eq!(closest_command("x"), None);
    }
}
