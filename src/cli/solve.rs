//! `kakuro solve FILE [--limit N] [--json]`: solutions as they are found, in the `.kakuro`
//! layout separated by blank lines, or as one JSON object. With `--nth K` or `--random
//! [--seed S]`, one solution picked by its place in that listing, without listing the others
//! (counting them first, but for the first solution in text, which needs no count). With
//! `--max-seconds S`, a search that takes longer stops and says "unknown after S s" on stderr
//! (exit 3), after whatever it listed.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Result, anyhow};
use kakuro::format::kakuro_text;
use kakuro::solve::Cancelled;
use kakuro::{Letter, Outcome, Puzzle, Solution, Solver};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::busy::with_spinner;
use super::count::{Counted, DEFAULT_SECONDS, count_within, exact_count, out_of_time, unfinished};
use super::input::PuzzleFile;
use super::json::SolutionsWriter;
use super::output::{self, Sink};
use super::{EXIT_NO, Failure, budget};

/// Which single solution to print instead of the listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Solution #K of the listing, counted from 1.
    Nth(BigUint),
    /// A uniformly random one, from this seed or from the system's entropy.
    Random(Option<u64>),
}

/// Prints the one solution `pick` names: text, or the `--json` object with it alone; past
/// `max` (a minute unless told: a pick needs the count), "unknown after S s" on stderr (exit
/// 3).
pub fn run_one(
    path: &Path,
    pick: &Pick,
    as_json: bool,
    max: Option<Duration>,
    sink: &mut Sink<'_>,
) -> Result<ExitCode> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    let max = max.unwrap_or(DEFAULT_SECONDS);
    let mut solver = Solver::new(&puzzle).with_cancel(budget::token(Some(max)));
    let late =
        |sink: &mut Sink<'_>| out_of_time(sink, &file.name, Some(max), "no solution picked yet");
    if !as_json && *pick == Pick::Nth(BigUint::from(1u32)) {
        // Solution #1 is the listing's first: no count needed, and a dense grid's count can
        // take hours where its first solution takes milliseconds.
        let solution = match solver.first() {
            Ok(Some(solution)) => solution,
            Ok(None) => return Ok(no_solution(sink, &file)),
            Err(Cancelled) => return Ok(late(sink)),
        };
        let out = &mut sink.out;
        write_text(out, &file, &puzzle, &solution, true)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let count = match count_within(&mut solver, max) {
        Counted::Exact(count) => count,
        Counted::Unknown { at_least } => {
            let what = format!("no solution picked yet, {}", unfinished(at_least));
            return Ok(out_of_time(sink, &file.name, Some(max), &what));
        }
    };
    if count == BigUint::ZERO {
        // The same answer as the listing's: scripts read one shape whatever the options.
        if as_json {
            let out = &mut sink.out;
            let json = SolutionsWriter::start(out, puzzle.width(), puzzle.height())?;
            json.finish(out, true, &count)?;
            out.flush()?;
        }
        return Ok(no_solution(sink, &file));
    }
    let picked = match pick {
        Pick::Nth(k) if *k == BigUint::ZERO => {
            return Err(usage(&file, "solutions are numbered from 1".into()));
        }
        Pick::Nth(k) if *k > count => {
            let plural = if count == BigUint::from(1u32) {
                ""
            } else {
                "s"
            };
            return Err(usage(
                &file,
                format!("there is no solution #{k}: the puzzle has {count} solution{plural}"),
            ));
        }
        Pick::Nth(k) => with_spinner(&format!("finding solution #{k}"), || {
            solver.nth(&(k - 1u32))
        }),
        Pick::Random(seed) => {
            let mut rng = match seed {
                Some(seed) => StdRng::seed_from_u64(*seed),
                None => StdRng::from_os_rng(),
            };
            with_spinner("finding a random solution", || solver.random(&mut rng))
        }
    };
    let Ok(picked) = picked else {
        return Ok(late(sink));
    };
    let solution =
        picked.ok_or_else(|| anyhow!("the solution picked below the count was not found"))?;
    let out = &mut sink.out;
    if as_json {
        let mut json = SolutionsWriter::start(out, puzzle.width(), puzzle.height())?;
        json.solution(out, &puzzle.to_rows(&solution.digits))?;
        json.finish(out, count == BigUint::from(1u32), &count)?;
    } else {
        write_text(out, &file, &puzzle, &solution, true)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Says the puzzle has no solution: exit 1.
fn no_solution(sink: &mut Sink<'_>, file: &PuzzleFile) -> ExitCode {
    sink.say(&format!("kakuro: {}: no solution", file.name));
    ExitCode::from(EXIT_NO)
}

/// A usage error about this file: one `kakuro: FILE: ...` line, exit code 2.
fn usage(file: &PuzzleFile, message: String) -> anyhow::Error {
    Failure {
        lines: vec![format!("{}: {message}", file.name)],
    }
    .into()
}

/// Streams the solutions to stdout; exit 1 when the puzzle has none, 3 when `max` ran out
/// first (the `--json` object then says `"complete":false,"count":null`).
pub fn run(
    path: &Path,
    limit: Option<u64>,
    as_json: bool,
    max: Option<Duration>,
    sink: &mut Sink<'_>,
) -> Result<ExitCode> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    let out = &mut sink.out;
    let mut json = if as_json {
        Some(SolutionsWriter::start(
            out,
            puzzle.width(),
            puzzle.height(),
        )?)
    } else {
        None
    };
    let mut listed = 0u64;
    let mut failed = None;
    let token = budget::token(max);
    let outcome = Solver::new(&puzzle)
        .with_cancel(token.clone())
        .for_each(|solution| {
            let written = match &mut json {
                Some(json) => json.solution(out, &puzzle.to_rows(&solution.digits)),
                None => write_text(out, &file, &puzzle, solution, listed == 0),
            };
            if let Err(err) = written {
                failed = Some(err);
                return ControlFlow::Break(());
            }
            listed += 1;
            if limit.is_some_and(|limit| listed >= limit) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    if let Some(err) = failed {
        return Err(err.into());
    }
    let listed_all = outcome == Ok(Outcome::Complete);
    // Only the deadline cancels the listing.
    let late = outcome == Err(Cancelled);
    let mut counted = true;
    if let Some(json) = json {
        // Stopping at the limit says nothing about what is left; only a count does (within
        // what is left of the time).
        let count = if listed_all {
            Some(BigUint::from(listed))
        } else if late {
            None
        } else {
            exact_count(&puzzle, token)
        };
        match count {
            Some(count) => json.finish(out, count == BigUint::from(listed), &count)?,
            None => {
                counted = false;
                json.finish_uncounted(out)?;
            }
        }
    }
    out.flush()?;
    if late || !counted {
        let what = match listed {
            0 => "no solution found yet".to_string(),
            1 => "1 solution listed, there may be more".to_string(),
            n => format!("{n} solutions listed, there may be more"),
        };
        return Ok(out_of_time(sink, &file.name, max, &what));
    }
    let none = listed == 0 && (listed_all || !matches!(Solver::new(&puzzle).any(), Ok(Some(_))));
    if none {
        return Ok(no_solution(sink, &file));
    }
    Ok(ExitCode::SUCCESS)
}

/// One solution in the `.kakuro` layout, after a blank line unless it is the first.
fn write_text(
    out: &mut impl Write,
    file: &PuzzleFile,
    puzzle: &Puzzle,
    solution: &Solution,
    first: bool,
) -> io::Result<()> {
    if !first {
        out.write_all(b"\n")?;
    }
    let text = kakuro_text::write_solution(file.grid(), puzzle, &solution.digits);
    output::write_block(out, &text)?;
    // A cryptic puzzle's letters are part of its answer; a comment keeps the layout readable.
    if let Some(letters) = solution.letters {
        let pairs: Vec<String> = Letter::all()
            .map(|l| format!("{l}={}", letters[l.index()]))
            .collect();
        writeln!(out, "# {}", pairs.join(" "))?;
    }
    Ok(())
}
