//! `kakuro generate --size WxH ...`: unique puzzles, solvable by logic, in a band.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::thread;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kakuro::atomic;
use kakuro::format::{self, Document, Format};
use kakuro::generate::{self, Generated, Options};
use kakuro::solve::CancelToken;

use super::convert::{Target, write_document};
use super::{Failure, output};

/// Writes `count` puzzles, seeds `options.seed`, `options.seed + 1`, ...: one on stdout without
/// `out`, else into the file `out`, or as `NNNN.kakuro` into the directory `out`.
pub fn run(options: Options, count: u32, out: Option<&Path>) -> Result<ExitCode> {
    let dir = match out {
        Some(path) if count > 1 || path.is_dir() => {
            std::fs::create_dir_all(path)
                .with_context(|| format!("{}: cannot make the directory", path.display()))?;
            Some(path)
        }
        _ => None,
    };
    if count > 1 && out.is_none() {
        return Err(Failure {
            lines: vec![format!(
                "--count {count} writes one file per puzzle: name a directory with -o DIR"
            )],
        }
        .into());
    }
    let target = match (dir, out) {
        (None, Some(file)) => Some(target_for(file)?),
        _ => None,
    };
    let bar = progress_bar(
        count,
        std::io::stderr().is_terminal(),
        ProgressDrawTarget::stderr,
    );
    let puzzles = make_all(options, count, &bar);
    bar.finish_and_clear();
    let puzzles = puzzles?;
    for (i, g) in puzzles.iter().enumerate() {
        let text = g.to_text();
        match (dir, out) {
            (Some(dir), _) => {
                let path = dir.join(format!("{:04}.kakuro", i + 1));
                write_file(&path, &text)?;
            }
            (None, Some(file)) => match target {
                Some(Target::Text(Format::Kakuro)) | None => write_file(file, &text)?,
                Some(target) => write_as(file, target, g)?,
            },
            (None, None) => {
                let mut stdout = output::stdout();
                output::write_block(&mut stdout, &text)?;
                stdout.flush()?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A bar counting the puzzles made, drawn on `draw` when there are several and `terminal` (on
/// stderr: a pipe gets nothing); hidden otherwise.
fn progress_bar(
    count: u32,
    terminal: bool,
    draw: impl FnOnce() -> ProgressDrawTarget,
) -> ProgressBar {
    if count < 2 || !terminal {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(u64::from(count)), draw());
    let style = ProgressStyle::with_template("generating {bar:40} {pos}/{len}  {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The puzzles, made on two threads (even and odd numbers), in seed order; `bar` counts them.
/// Puzzle `i` depends only on its seed, so the threads do not change what is made.
fn make_all(options: Options, count: u32, bar: &ProgressBar) -> Result<Vec<Generated>> {
    let cancel = CancelToken::new();
    let make = |i: u32| {
        let seeded = Options {
            seed: options.seed.wrapping_add(u64::from(i)),
            ..options
        };
        generate::generate(&seeded, &cancel)
    };
    let halves: Vec<Vec<(u32, Result<Generated, generate::GenerateError>)>> = thread::scope(|s| {
        let workers: Vec<_> = (0..2u32)
            .map(|w| {
                let make = &make;
                let cancel = &cancel;
                s.spawn(move || {
                    let mut made = Vec::new();
                    for i in (w..count).step_by(2) {
                        let result = make(i);
                        bar.inc(1);
                        if result.is_err() {
                            // One failure ends the run: the other thread need not go on.
                            cancel.cancel();
                        }
                        made.push((i, result));
                    }
                    made
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a generator thread panicked"))
            .collect()
    });
    let mut all: Vec<(u32, Result<Generated, generate::GenerateError>)> =
        halves.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    // The first real failure, not the cancellations it caused.
    if let Some((_, Err(e))) = all
        .iter()
        .find(|(_, r)| matches!(r, Err(e) if *e != generate::GenerateError::Cancelled))
    {
        return Err(Failure {
            lines: vec![e.to_string()],
        }
        .into());
    }
    Ok(all.into_iter().filter_map(|(_, r)| r.ok()).collect())
}

/// What the file `-o FILE` is written as: the format its extension names (as `convert`
/// chooses); `.kakuro` text into a device or a pipe without one. A name that names no format
/// the puzzle can be written in is refused before any work.
fn target_for(file: &Path) -> Result<Target> {
    let special = std::fs::metadata(file).is_ok_and(|m| !m.is_file() && !m.is_dir());
    if special && file.extension().is_none() {
        return Ok(Target::Text(Format::Kakuro));
    }
    let name = format::printable(&file.display().to_string()).into_owned();
    match Target::of(file) {
        Some(Target::Text(Format::Pe424)) => Err(Failure {
            lines: vec![format!(
                "{name}: a PE 424 line holds letter clues, and a generated puzzle has numbers: \
                 write a .kakuro, .ron, .svg, .png or .pdf file"
            )],
        }
        .into()),
        Some(target) => Ok(target),
        None => Err(Failure {
            lines: vec![format!(
                "{name}: the extension names no format to write: use .kakuro, .ron, .svg, \
                 .png or .pdf (or name a folder that exists)"
            )],
        }
        .into()),
    }
}

/// Writes a puzzle as `target` (not `.kakuro` text): the comment line's seed, size,
/// symmetry and rating become the `.ron` save's notes; a PDF page names the band.
fn write_as(path: &Path, target: Target, g: &Generated) -> Result<()> {
    let text = g.to_text();
    let header = text.lines().next().unwrap_or_default();
    let document = Document {
        notes: header.trim_start_matches("# ").to_string(),
        ..Document::new(g.grid.clone())
    };
    let band = g.explanation.rating.band.name().to_string();
    write_document(path, target, &document, None, Some(band))
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    atomic::write_atomic(path, text.as_bytes())
        .with_context(|| format!("{}: cannot write the puzzle", path.display()))
}

/// The `--size` value: `WxH`, each side 4 to 40 (the clue row and column included).
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or("the size is WIDTHxHEIGHT, such as 10x12")?;
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("{s:?} is not a number of cells (the size is WIDTHxHEIGHT)"))
    };
    let (w, h) = (side(w)?, side(h)?);
    let range = generate::MIN_SIDE..=generate::MAX_SIDE;
    if !range.contains(&w) || !range.contains(&h) {
        return Err(format!(
            "each side must be {} to {} cells (the clue row and column included)",
            generate::MIN_SIDE,
            generate::MAX_SIDE
        ));
    }
    Ok((w, h))
}

/// The `--walls` value: the share of the interior that is walls, 0 to 0.6.
pub fn parse_walls(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|f| (0.0..=generate::MAX_WALLS).contains(f))
        .ok_or_else(|| {
            format!(
                "the wall density is a number from 0 to {}",
                generate::MAX_WALLS
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::screen::{Screen, target};

    #[test]
    fn the_bar_counts_the_puzzles_on_a_terminal() {
        let screen = Screen::default();
        let bar = progress_bar(4, true, target(&screen));
        let made = make_all(Options::new(6, 6, 5), 4, &bar).unwrap();
        bar.finish();
        assert_eq!(made.len(), 4);
        let text = screen.text();
        assert!(
            text.contains("generating") && text.contains("4/4"),
            "{text:?}"
        );
    }

    #[test]
    fn no_bar_off_a_terminal_or_for_one_puzzle() {
        for (count, terminal) in [(4, false), (1, true)] {
            let screen = Screen::default();
            let bar = progress_bar(count, terminal, target(&screen));
            make_all(Options::new(6, 6, 5), count, &bar).unwrap();
            bar.finish();
            assert_eq!(screen.text(), "", "{count} {terminal}");
        }
    }

    #[test]
    fn puzzle_i_is_the_same_made_alone_or_in_a_run() {
        let run = make_all(Options::new(6, 6, 20), 3, &ProgressBar::hidden()).unwrap();
        for (i, g) in run.iter().enumerate() {
            let alone = generate::generate(&Options::new(6, 6, 20 + i as u64), &CancelToken::new())
                .unwrap();
            assert_eq!(alone.to_text(), g.to_text());
        }
    }
}
