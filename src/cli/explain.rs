//! `kakuro explain FILE [--json]` (the logical solve, one step a line, then the verdict and the
//! rating) and `kakuro rate FILE [--json]` (the rating alone).
//!
//! The verdict is the search's (`Solver::uniqueness`, within `--max-seconds`); the steps are
//! the deduction engine's. On a puzzle with several solutions or none, the steps stop where
//! logic must, and a line says why.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use kakuro::logic::{self, Explanation, Rating, Step};
use kakuro::{Puzzle, Solver, Uniqueness};
use serde::Serialize;

use super::input::PuzzleFile;
use super::output::Sink;
use super::{EXIT_NO, EXIT_UNKNOWN, Failure, budget, json};

/// Prints the logical solve; exit 0 when the steps solve the puzzle, 1 when they stop short, 3
/// when they ran past `max` (the steps found until then are printed, the rating is unknown).
pub fn run(
    path: &Path,
    as_json: bool,
    max: Duration,
    max_chain: usize,
    sink: &mut Sink<'_>,
) -> Result<ExitCode> {
    let (_, puzzle) = load(path)?;
    let (explanation, stopped) = logic::explain_with(&puzzle, &budget::token(Some(max)), max_chain);
    let gave_up = stopped.then(|| budget::unknown_after(max));
    let verdict = verdict(&puzzle, max);
    let out = &mut sink.out;
    if as_json {
        json::write_line(
            out,
            &ExplainReport::new(&puzzle, &explanation, verdict, gave_up.is_none()),
        )?;
    } else {
        for (i, step) in explanation.steps.iter().enumerate() {
            writeln!(
                out,
                "{}. {}: {}",
                i + 1,
                step.technique.name(),
                step.text(&puzzle)
            )?;
            for (k, link) in step.chain().iter().enumerate() {
                writeln!(out, "   {}. {}", k + 1, link.text(&puzzle))?;
            }
        }
        if let Some(why) = stop_reason(&puzzle, &explanation, gave_up.as_deref()) {
            writeln!(out, "logic stops: {why}")?;
        }
        writeln!(out, "verdict: {verdict}")?;
        let r = &explanation.rating;
        match &gave_up {
            Some(after) => writeln!(out, "rating: {after}")?,
            None => writeln!(
                out,
                "rating: {} (score {}, hardest: {}{})",
                r.band.name(),
                r.score,
                r.hardest.name(),
                chains_text(r)
            )?,
        }
    }
    out.flush()?;
    Ok(exit_code(&explanation, stopped))
}

/// Prints the rating (on `one_line`, as `BAND SCORE HARDEST`, for a run over many files);
/// exit 0 when the steps solve the puzzle, 1 when they stop short, 3 when they ran past `max`
/// (the band is then `unknown after S s`).
pub fn rate(
    path: &Path,
    as_json: bool,
    one_line: bool,
    max: Duration,
    sink: &mut Sink<'_>,
) -> Result<ExitCode> {
    let (_, puzzle) = load(path)?;
    let (explanation, stopped) = logic::explain_until(&puzzle, &budget::token(Some(max)));
    let gave_up = stopped.then(|| budget::unknown_after(max));
    let r = &explanation.rating;
    let why = stop_reason(&puzzle, &explanation, gave_up.as_deref());
    sink.tally = Some(match &gave_up {
        Some(_) => "unknown".into(),
        None => r.band.name().into(),
    });
    let out = &mut sink.out;
    if as_json {
        json::write_line(
            out,
            &RateReport {
                rating: RatingReport::new(r, gave_up.is_none()),
                solved: explanation.solved,
            },
        )?;
    } else if one_line {
        match (&gave_up, &why) {
            (Some(after), _) => writeln!(out, "{after}")?,
            (None, None) => writeln!(out, "{} {} {}", r.band.name(), r.score, r.hardest.name())?,
            (None, Some(why)) => writeln!(
                out,
                "{} {} {} (logic stops: {why})",
                r.band.name(),
                r.score,
                r.hardest.name()
            )?,
        }
    } else {
        writeln!(out, "score: {}", r.score)?;
        writeln!(out, "hardest: {}", r.hardest.name())?;
        writeln!(out, "start: {}", r.start.name())?;
        if let Some(why) = &why {
            writeln!(out, "logic stops: {why}")?;
        }
        match &gave_up {
            Some(after) => writeln!(out, "{after}")?,
            None => writeln!(out, "{}", r.band.name())?,
        }
    }
    out.flush()?;
    Ok(exit_code(&explanation, stopped))
}

/// ", longest chain 7 links of 3 chains" when the solve needs chains.
fn chains_text(r: &Rating) -> String {
    match r.chains {
        0 => String::new(),
        n => format!(
            ", longest chain {} links of {n} chain{}",
            r.longest_chain,
            if n == 1 { "" } else { "s" }
        ),
    }
}

/// The puzzle of a file, refusing a cryptic one: logic reads sums as numbers.
fn load(path: &Path) -> Result<(PuzzleFile, Puzzle)> {
    let file = PuzzleFile::load(path)?;
    let puzzle = file.puzzle()?;
    if puzzle.is_cryptic() {
        return Err(Failure {
            lines: vec![format!(
                "{}: explain and rate work on puzzles with number clues, not letters (solve it \
                 with `kakuro solve` or `kakuro pe424`)",
                file.name
            )],
        }
        .into());
    }
    Ok((file, puzzle))
}

fn exit_code(explanation: &Explanation, stopped: bool) -> ExitCode {
    if stopped {
        ExitCode::from(EXIT_UNKNOWN)
    } else if explanation.solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_NO)
    }
}

/// `unique`, `multiple`, `none`, or `unknown` when the search runs past `max`.
fn verdict(puzzle: &Puzzle, max: Duration) -> &'static str {
    match Solver::new(puzzle)
        .with_cancel(budget::token(Some(max)))
        .uniqueness()
    {
        Ok(Uniqueness::Unique(_)) => "unique",
        Ok(Uniqueness::Multiple) => "multiple",
        Ok(Uniqueness::None) => "none",
        Err(_) => "unknown",
    }
}

/// Why the steps stop short: the time ran out (`gave_up`, "unknown after S s"), the
/// contradiction the board holds, or how many cells are open.
fn stop_reason(
    puzzle: &Puzzle,
    explanation: &Explanation,
    gave_up: Option<&str>,
) -> Option<String> {
    let end = &explanation.end;
    let open = end.digits().iter().filter(|&&d| d == 0).count();
    if let Some(after) = gave_up {
        return Some(format!(
            "gave up, {after}, with {open} cells open (--max-seconds sets the limit)"
        ));
    }
    if explanation.solved {
        return None;
    }
    Some(
        end.contradiction(puzzle)
            .unwrap_or_else(|| format!("no deduction found with {open} cells open")),
    )
}

/// `kakuro explain --json`.
#[derive(Serialize)]
struct ExplainReport {
    steps: Vec<StepReport>,
    solved: bool,
    trial: bool,
    verdict: &'static str,
    rating: RatingReport,
}

impl ExplainReport {
    fn new(
        puzzle: &Puzzle,
        e: &Explanation,
        verdict: &'static str,
        complete: bool,
    ) -> ExplainReport {
        ExplainReport {
            steps: e.steps.iter().map(|s| StepReport::new(puzzle, s)).collect(),
            solved: e.solved,
            trial: e.trial,
            verdict,
            rating: RatingReport::new(&e.rating, complete),
        }
    }
}

/// One step in JSON: positions `[row, col]`, 0-based.
#[derive(Serialize)]
struct StepReport {
    technique: &'static str,
    tier: u8,
    placements: Vec<(usize, usize, u8)>,
    eliminations: Vec<(usize, usize, Vec<u8>)>,
    because: Vec<(usize, usize)>,
    text: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    chain: Vec<LinkReport>,
}

/// One link of a chain in JSON: its cell `[row, col]`, its digit, and why in words.
#[derive(Serialize)]
struct LinkReport {
    cell: (usize, usize),
    digit: u8,
    because: String,
}

impl StepReport {
    fn new(puzzle: &Puzzle, step: &Step) -> StepReport {
        let pos = |c: kakuro::CellId| {
            let p = puzzle.cell(c).pos;
            (p.row, p.col)
        };
        StepReport {
            technique: step.technique.name(),
            tier: step.tier().number(),
            placements: step
                .placements
                .iter()
                .map(|&(c, d)| {
                    let (r, col) = pos(c);
                    (r, col, d)
                })
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|&(c, m)| {
                    let (r, col) = pos(c);
                    (r, col, (1..=9).filter(|d| m & 1 << d != 0).collect())
                })
                .collect(),
            because: step.because.iter().map(|&c| pos(c)).collect(),
            text: step.text(puzzle),
            chain: step
                .chain()
                .iter()
                .map(|l| LinkReport {
                    cell: pos(l.cell),
                    digit: l.digit,
                    because: l.reason(puzzle),
                })
                .collect(),
        }
    }
}

/// RATING in JSON; its band is `unknown` when the steps ran out of time.
#[derive(Serialize)]
struct RatingReport {
    band: &'static str,
    score: u32,
    hardest: &'static str,
    start: &'static str,
    longest_chain: usize,
    chains: usize,
}

impl RatingReport {
    fn new(r: &Rating, complete: bool) -> RatingReport {
        RatingReport {
            band: if complete { r.band.key() } else { "unknown" },
            score: r.score,
            hardest: r.hardest.name(),
            start: r.start.name(),
            longest_chain: r.longest_chain,
            chains: r.chains,
        }
    }
}

/// `kakuro rate --json`: the RATING object plus `solved`.
#[derive(Serialize)]
struct RateReport {
    #[serde(flatten)]
    rating: RatingReport,
    solved: bool,
}
