//! `kakuro [FILE] [--screenshot OUT.png] [--renderer glow|wgpu] [--frame-stats]`: the desktop app.

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
    let name = file.display().to_string();
    let looks_like_a_command = file.extension().is_none()
        && !name.contains(std::path::MAIN_SEPARATOR)
        && !name.contains('/');
    let message = if !looks_like_a_command {
        "no such file".to_string()
    } else {
        match closest_command(&name) {
            Some(command) => format!("no file or command '{name}'; did you mean '{command}'?"),
            None => format!("no file or command '{name}' (see `kakuro --help`)"),
        }
    };
    Err(Failure {
        lines: vec![format!("{name}: {message}")],
    }
    .into())
}

/// The subcommand nearest to a mistyped word, when it is near enough to be what was meant.
fn closest_command(word: &str) -> Option<String> {
    use clap::CommandFactory;
    let cli = super::Cli::command();
    let mut names: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    if !names.iter().any(|n| n == "help") {
        names.push("help".into());
    }
    let word = word.to_lowercase();
    // One slip in a short word, two in a longer one; more than that is another word.
    let allowed = if word.chars().count() <= 3 { 1 } else { 2 };
    names
        .into_iter()
        .map(|name| (edit_distance(&word, &name), name))
        .filter(|(distance, _)| *distance <= allowed)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| name)
}

/// Insertions, deletions, substitutions and swaps of neighbours (`slove` is one from `solve`)
/// that turn `a` into `b`: the optimal string alignment distance.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: the distance between the first i characters of a and the first j of b.
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + substitution);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
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
    fn edit_distance_counts_swaps_as_one() {
        assert_eq!(edit_distance("slove", "solve"), 1);
        assert_eq!(edit_distance("solve", "solve"), 0);
        assert_eq!(edit_distance("pe42", "pe424"), 1);
        assert_eq!(edit_distance("", "check"), 5);
        assert_eq!(edit_distance("bogus", "bench"), 4);
    }

    #[test]
    fn only_near_words_get_a_suggestion() {
        assert_eq!(closest_command("Slove").as_deref(), Some("solve"));
        assert_eq!(closest_command("convrt").as_deref(), Some("convert"));
        assert_eq!(closest_command("bogus"), None);
        assert_eq!(closest_command("x"), None);
    }
}
