//! `kakuro generate --size WxH ...` (or `--shape FILE`): unique puzzles, solvable by logic, in
//! a band; on a drawn shape, on exactly its walls.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::{Condvar, Mutex, mpsc};
use std::thread;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kakuro::Grid;
use kakuro::atomic;
use kakuro::format::{self, Document, Format};
use kakuro::generate::{self, Generated, Options, drawn};
use kakuro::solve::CancelToken;

use super::convert::{Target, write_document};
use super::input::PuzzleFile;
use super::{Failure, output};

/// The walls of the shape in `path` (a `.kakuro` or `.ron` file), its clues and digits dropped;
/// a shape that cannot take a puzzle is refused with each place at fault named.
pub fn load_shape(path: &Path) -> Result<Grid> {
    let file = PuzzleFile::load(path)?;
    let shape = drawn::bare_shape(file.grid());
    let problems = drawn::shape_problems(&shape);
    if problems.is_empty() {
        return Ok(shape);
    }
    Err(Failure {
        lines: problems
            .iter()
            .map(|p| {
                let pos = (!p.cells.is_empty()).then_some(p.at);
                let at = pos.map(|p| format!(" (at {p})")).unwrap_or_default();
                format!("{}: error: {}{at}", file.place(pos), p.why)
            })
            .collect(),
    }
    .into())
}

/// Writes `count` puzzles, seeds `options.seed`, `options.seed + 1`, ..., on `shape` when
/// given: one on stdout without `out`, else into the file `out`, or as `NNNN.kakuro` into the
/// directory `out`.
pub fn run(
    options: Options,
    shape: Option<&Grid>,
    count: u32,
    out: Option<&Path>,
) -> Result<ExitCode> {
    // `-o -` is standard output, as a FILE argument `-` is standard input.
    let out = out.filter(|path| path.as_os_str() != "-");
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
    // Each puzzle is written as soon as those before it are: an interrupted run keeps what
    // it made, and memory holds only the few made ahead.
    let width = file_number_width(count);
    let made = make_each(options, shape, count, &bar, |i, g| {
        let text = g.to_text();
        match (dir, out) {
            (Some(dir), _) => {
                let path = dir.join(format!("{:0width$}.kakuro", i + 1));
                write_file(&path, &text)
            }
            (None, Some(file)) => match target {
                Some(Target::Text(Format::Kakuro)) | None => write_file(file, &text),
                Some(target) => write_as(file, target, &g),
            },
            (None, None) => {
                let mut stdout = output::stdout();
                output::write_block(&mut stdout, &text)?;
                stdout.flush()?;
                Ok(())
            }
        }
    });
    bar.finish_and_clear();
    made?;
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

/// The digits of the numbers in `NNNN.kakuro`: four, or more when the count needs them, so
/// that the files sort by name in seed order.
fn file_number_width(count: u32) -> usize {
    count.to_string().len().max(4)
}

/// How many puzzles may be made ahead of the next one to write: the memory a run holds.
const AHEAD: u32 = 16;

/// Which puzzle a worker makes next, and how many were written.
struct Turns {
    next: u32,
    written: u32,
}

/// Makes the puzzles on two threads and hands each to `write` in seed order, as soon as those
/// before it are written; `bar` counts them. Puzzle `i` depends only on its seed, so the
/// threads do not change what is made; a worker waits rather than get more than [`AHEAD`]
/// puzzles ahead of the writing. The first failure (to make or to write) ends the run.
fn make_each(
    options: Options,
    shape: Option<&Grid>,
    count: u32,
    bar: &ProgressBar,
    mut write: impl FnMut(u32, Generated) -> Result<()>,
) -> Result<()> {
    let cancel = CancelToken::new();
    let turns = Mutex::new(Turns {
        next: 0,
        written: 0,
    });
    let moved = Condvar::new();
    let (made, results) = mpsc::channel();
    thread::scope(|s| {
        for _ in 0..2 {
            let (cancel, turns, moved, made) = (&cancel, &turns, &moved, made.clone());
            s.spawn(move || {
                loop {
                    let i = {
                        let mut t = lock(turns);
                        while t.next < count
                            && t.next >= t.written + AHEAD
                            && !cancel.is_cancelled()
                        {
                            t = moved.wait(t).unwrap_or_else(|e| e.into_inner());
                        }
                        if t.next >= count || cancel.is_cancelled() {
                            return;
                        }
                        t.next += 1;
                        t.next - 1
                    };
                    let seeded = Options {
                        seed: options.seed.wrapping_add(u64::from(i)),
                        ..options
                    };
                    let result = match shape {
                        Some(shape) => drawn::generate_on(shape, &seeded, cancel),
                        None => generate::generate(&seeded, cancel),
                    };
                    bar.inc(1);
                    if made.send((i, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(made);
        let mut waiting = BTreeMap::new();
        let mut next = 0u32;
        let outcome = (|| {
            for (i, result) in &results {
                waiting.insert(i, result);
                while let Some(result) = waiting.remove(&next) {
                    let g = result.map_err(|e| Failure {
                        lines: vec![e.to_string()],
                    })?;
                    write(next, g)?;
                    next += 1;
                    lock(&turns).written = next;
                    moved.notify_all();
                }
            }
            Ok(())
        })();
        if outcome.is_err() {
            // The workers need not go on: stop them and let a waiting one see it.
            cancel.cancel();
            moved.notify_all();
        }
        outcome
    })
}

fn lock(turns: &Mutex<Turns>) -> std::sync::MutexGuard<'_, Turns> {
    turns.lock().unwrap_or_else(|e| e.into_inner())
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

    /// The puzzles of a run, in the order they are handed over.
    fn make_all(options: Options, count: u32, bar: &ProgressBar) -> Result<Vec<Generated>> {
        let mut all = Vec::new();
        make_each(options, None, count, bar, |i, g| {
            assert_eq!(i as usize, all.len(), "in seed order");
            all.push(g);
            Ok(())
        })?;
        Ok(all)
    }

    #[test]
    fn each_puzzle_is_handed_over_before_the_run_ends_and_a_failed_write_ends_it() {
        let mut handed = 0;
        let err = make_each(
            Options::new(6, 6, 5),
            None,
            40,
            &ProgressBar::hidden(),
            |i, _| {
                handed += 1;
                if i == 2 {
                    anyhow::bail!("the disk is full");
                }
                Ok(())
            },
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "the disk is full");
        assert_eq!(handed, 3);
    }

    #[test]
    fn numbers_widen_past_four_digits() {
        assert_eq!(file_number_width(3), 4);
        assert_eq!(file_number_width(9999), 4);
        assert_eq!(file_number_width(10000), 5);
        assert_eq!(file_number_width(u32::MAX), 10);
    }

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
