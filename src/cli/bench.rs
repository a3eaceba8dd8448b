//! `kakuro bench FILE... [--runs N] [--limit N] [--max-seconds S] [--json]`: engine timings
//! per puzzle, the median of repeated runs, parsing excluded.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Result;
use kakuro::{CancelToken, Outcome, Puzzle, Solver, Stats};

use super::input::{Input, PuzzleFile};
use super::json::{self, BenchReport};
use super::{EXIT_INVALID, output};

/// Times every puzzle and prints a table, or a JSON array with one object per puzzle. A file
/// that cannot be read or is no valid puzzle gets its error lines on stderr and no row; the
/// others are still timed, and the exit code is then 2. A search still going after `max` is
/// stopped, and stderr says so.
pub fn run(
    files: &[PathBuf],
    runs: u32,
    limit: Option<u64>,
    max: Duration,
    as_json: bool,
) -> Result<ExitCode> {
    // Every file is read and validated before any timing, so a typo shows at once.
    let mut any_bad = false;
    let mut puzzles = Vec::new();
    for path in files {
        let loaded = PuzzleFile::load(path).and_then(|file| {
            let puzzle = file.puzzle()?;
            Ok((file, puzzle))
        });
        match loaded {
            Ok((file, puzzle)) => puzzles.push((path, file, puzzle)),
            Err(err) => {
                super::report(&err);
                any_bad = true;
            }
        }
    }
    if puzzles.is_empty() {
        return Ok(ExitCode::from(EXIT_INVALID));
    }
    let mut reports: Vec<BenchReport> = puzzles
        .iter()
        .map(|(_, file, puzzle)| measure(file, puzzle, runs, limit, max))
        .collect();
    let mut out = output::stdout();
    if as_json {
        // JSON escapes what it must itself: the name is the path as given, not as a terminal
        // is shown it.
        for (report, (path, ..)) in reports.iter_mut().zip(&puzzles) {
            report.file = Input::shown_path(path).display().to_string();
        }
        json::write_line(&mut out, &reports)?;
    } else {
        write_table(&mut out, &reports, runs)?;
    }
    out.flush()?;
    Ok(if any_bad {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    })
}

/// One timed search.
struct Timing {
    first: Duration,
    total: Duration,
    solutions: u64,
    complete: bool,
    /// Whether the time limit stopped it.
    stopped: bool,
    stats: Stats,
}

/// A search at least this long is timed even as the warm-up: the one-off cost is lost in it.
const WARM_ENOUGH: Duration = Duration::from_millis(200);

/// Searches `runs` times and reports the medians. The first search of a puzzle pays one-off
/// costs (first touches of memory), which can dwarf a small puzzle's search, so a short one is
/// a warm-up, not a timing; a long one counts as the first timing.
///
/// A search stopped at the time limit `max` is the puzzle's only timing: the others would
/// stop there too, and a median of them says no more.
fn measure(
    file: &PuzzleFile,
    puzzle: &Puzzle,
    runs: u32,
    limit: Option<u64>,
    max: Duration,
) -> BenchReport {
    let warm_up = time_once(puzzle, limit, max);
    let mut timings: Vec<Timing> = Vec::with_capacity(runs as usize);
    if warm_up.total >= WARM_ENOUGH || warm_up.stopped {
        timings.push(warm_up);
    }
    while timings.len() < runs as usize && !timings.iter().any(|t| t.stopped) {
        timings.push(time_once(puzzle, limit, max));
    }
    if let Some(stopped) = timings.iter().position(|t| t.stopped) {
        let stopped = timings.swap_remove(stopped);
        eprintln!(
            "kakuro: {}: stopped after {} s with {} solutions (--max-seconds sets the limit)",
            file.name,
            max.as_secs_f64(),
            stopped.solutions
        );
        timings = vec![stopped];
    }
    let mut firsts: Vec<Duration> = timings.iter().map(|t| t.first).collect();
    firsts.sort();
    timings.sort_by_key(|t| t.total);
    let median = &timings[(timings.len() - 1) / 2];
    BenchReport {
        file: file.name.clone(),
        cells: puzzle.cells().len(),
        runs: puzzle.runs().len(),
        solutions: median.solutions.to_string(),
        complete: median.complete,
        first_seconds: firsts[(firsts.len() - 1) / 2].as_secs_f64(),
        total_seconds: median.total.as_secs_f64(),
        nodes: median.stats.nodes,
        guesses: median.stats.guesses,
        backtracks: median.stats.backtracks,
    }
}

/// Enumerates up to `limit` solutions into a counter, timing the first and the end; stops
/// after `max`.
fn time_once(puzzle: &Puzzle, limit: Option<u64>, max: Duration) -> Timing {
    let token = CancelToken::new();
    let (done, ended) = mpsc::channel::<()>();
    let watchdog = {
        let token = token.clone();
        // Wakes when the search ends (the sender is dropped) or at the limit, whichever comes
        // first.
        std::thread::spawn(move || {
            if ended.recv_timeout(max) == Err(mpsc::RecvTimeoutError::Timeout) {
                token.cancel();
            }
        })
    };
    let start = Instant::now();
    let mut solver = Solver::new(puzzle).with_cancel(token);
    let mut first = None;
    let mut solutions = 0u64;
    let outcome = solver.for_each(|_| {
        first.get_or_insert_with(|| start.elapsed());
        solutions += 1;
        if limit.is_some_and(|limit| solutions >= limit) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let total = start.elapsed();
    drop(done);
    watchdog.join().expect("the watchdog does not panic");
    Timing {
        first: first.unwrap_or(total),
        total,
        solutions,
        complete: outcome == Ok(Outcome::Complete),
        stopped: outcome.is_err(),
        stats: solver.stats(),
    }
}

/// The readable table: one row per puzzle, columns aligned.
fn write_table(out: &mut impl Write, reports: &[BenchReport], runs: u32) -> std::io::Result<()> {
    let header = [
        "file",
        "cells",
        "runs",
        "solutions",
        "first",
        "total",
        "nodes",
        "guesses",
        "backtracks",
        "solutions/s",
    ];
    let rows: Vec<[String; 10]> = reports
        .iter()
        .map(|r| {
            let per_second = match r.solutions.parse::<f64>() {
                Ok(n) if n > 0.0 && r.total_seconds > 0.0 => format!("{:.0}", n / r.total_seconds),
                _ => "-".into(),
            };
            [
                r.file.clone(),
                r.cells.to_string(),
                r.runs.to_string(),
                solutions_word(r),
                seconds(r.first_seconds),
                seconds(r.total_seconds),
                r.nodes.to_string(),
                r.guesses.to_string(),
                r.backtracks.to_string(),
                per_second,
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .map(|row| row[i].chars().count())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, &width))| {
                // The file name reads left-aligned; numbers line up on the right.
                if i == 0 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        padded.join("  ").trim_end().to_string()
    };
    let what = if runs == 1 { "search" } else { "searches" };
    writeln!(
        out,
        "median of {runs} timed {what} per puzzle, parsing excluded; first = time to the first \
         solution, total = time to prove unique or finish the enumeration"
    )?;
    writeln!(out, "{}", line(&header.map(String::from)))?;
    for row in &rows {
        writeln!(out, "{}", line(row))?;
    }
    Ok(())
}

/// "none", "unique", the number, or "N+" when `--limit` or the time limit stopped the
/// enumeration.
fn solutions_word(report: &BenchReport) -> String {
    match (report.complete, report.solutions.as_str()) {
        (true, "0") => "none".into(),
        (true, "1") => "unique".into(),
        (true, n) => n.into(),
        (false, n) => format!("{n}+"),
    }
}

/// A duration for people: three significant digits in ns, µs, ms or s.
fn seconds(s: f64) -> String {
    let (value, unit) = if s < 1e-6 {
        (s * 1e9, "ns")
    } else if s < 1e-3 {
        (s * 1e6, "µs")
    } else if s < 1.0 {
        (s * 1e3, "ms")
    } else {
        (s, "s")
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}
