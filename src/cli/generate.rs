//! `kakuro generate --size WxH ...`: unique puzzles, solvable by logic, in a band.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::thread;

use anyhow::{Context, Result};
use kakuro::atomic;
use kakuro::generate::{self, Generated, Options};
use kakuro::solve::CancelToken;

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
    let puzzles = make_all(options, count)?;
    for (i, g) in puzzles.iter().enumerate() {
        let text = g.to_text();
        match (dir, out) {
            (Some(dir), _) => {
                let path = dir.join(format!("{:04}.kakuro", i + 1));
                write_file(&path, &text)?;
            }
            (None, Some(file)) => write_file(file, &text)?,
            (None, None) => {
                let mut stdout = output::stdout();
                output::write_block(&mut stdout, &text)?;
                stdout.flush()?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The puzzles, made on two threads (even and odd numbers), in seed order.
fn make_all(options: Options, count: u32) -> Result<Vec<Generated>> {
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
