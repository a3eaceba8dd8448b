//! The designer's check: a moment after each edit, a background search says whether the puzzle
//! has no solution, one, or several (and where they differ). The next edit cancels it; the UI
//! never waits for it.

use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::browser::group;
use crate::solve::{CancelToken, Outcome, Solver};
use crate::{Grid, Pos, Puzzle};

/// Quiet time after an edit before the check starts.
const DEBOUNCE: Duration = Duration::from_millis(350);
/// Solutions the check counts at most: enough to tell a designer "many".
const LIMIT: u64 = 100_000;

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The grid has errors: nothing to solve yet.
    Invalid,
    /// No solution.
    NoSolution,
    /// Exactly one solution.
    Unique,
    /// Several solutions.
    Several {
        /// How many were counted.
        count: u64,
        /// Whether that is all of them (else there are at least `count`).
        complete: bool,
        /// The cells that are not the same in every solution counted.
        varies: Vec<Pos>,
    },
}

impl Verdict {
    /// The check's one-line summary.
    pub fn summary(&self) -> String {
        match self {
            Verdict::Invalid => "Fix the errors to check the solutions".into(),
            Verdict::NoSolution => "No solution".into(),
            Verdict::Unique => "Unique solution".into(),
            Verdict::Several {
                count,
                complete,
                varies,
            } => {
                let (at_least, those) = if *complete {
                    ("", "they")
                } else {
                    ("at least ", "the first ones")
                };
                format!(
                    "{at_least}{} solutions: {those} differ in {} cells (outlined)",
                    group(*count),
                    varies.len()
                )
            }
        }
    }
}

/// One background check of one editor generation.
struct Job {
    generation: u64,
    cancel: CancelToken,
    receiver: Receiver<Verdict>,
    handle: JoinHandle<()>,
}

/// The check's state across edits.
#[derive(Default)]
pub struct Check {
    /// The editor generation the app last saw, and when it changed.
    seen: Option<(u64, Instant)>,
    job: Option<Job>,
    /// Cancelled checks still winding down; joined once finished (or at exit).
    retired: Vec<JoinHandle<()>>,
    result: Option<(u64, Verdict)>,
}

impl Check {
    /// Notices edits, starts the check once the grid has been quiet, and collects its verdict.
    pub fn logic(&mut self, ctx: &egui::Context, grid: &Grid, generation: u64) {
        let now = Instant::now();
        if self.seen.is_none_or(|(g, _)| g != generation) {
            self.seen = Some((generation, now));
            self.retire();
        }
        self.retired.retain(|h| !h.is_finished());
        if let Some(job) = &self.job
            && let Ok(verdict) = job.receiver.try_recv()
        {
            self.result = Some((job.generation, verdict));
            self.retire();
        }
        let checked = self.result.as_ref().is_some_and(|(g, _)| *g == generation);
        if checked || self.job.is_some() {
            return;
        }
        let quiet = self.seen.map_or(DEBOUNCE, |(_, at)| now - at);
        if quiet < DEBOUNCE {
            ctx.request_repaint_after(DEBOUNCE - quiet);
            return;
        }
        match Puzzle::from_grid(grid) {
            Ok(puzzle) => {
                if let Ok(job) = start(puzzle, generation, ctx.clone()) {
                    self.job = Some(job);
                }
            }
            Err(_) => self.result = Some((generation, Verdict::Invalid)),
        }
    }

    /// The verdict for `generation`, if the check finished.
    pub fn verdict(&self, generation: u64) -> Option<&Verdict> {
        self.result
            .as_ref()
            .filter(|(g, _)| *g == generation)
            .map(|(_, v)| v)
    }

    /// Cancels the running check without waiting for it.
    fn retire(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.cancel();
            self.retired.push(job.handle);
        }
    }
}

impl Drop for Check {
    fn drop(&mut self) {
        self.retire();
        for handle in self.retired.drain(..) {
            let _ = handle.join();
        }
    }
}

fn start(puzzle: Puzzle, generation: u64, ctx: egui::Context) -> std::io::Result<Job> {
    let cancel = CancelToken::new();
    let token = cancel.clone();
    let (sender, receiver) = channel();
    let handle = std::thread::Builder::new()
        .name("kakuro-check".into())
        .spawn(move || {
            if let Some(verdict) = check(&puzzle, token) {
                let _ = sender.send(verdict);
                ctx.request_repaint();
            }
        })?;
    Ok(Job {
        generation,
        cancel,
        receiver,
        handle,
    })
}

/// Counts up to [`LIMIT`] solutions and where they differ; `None` when cancelled.
fn check(puzzle: &Puzzle, cancel: CancelToken) -> Option<Verdict> {
    let cells = puzzle.cells().len();
    let mut seen = vec![0u16; cells];
    let mut count = 0u64;
    let mut solver = Solver::new(puzzle).with_cancel(cancel);
    let outcome = solver.for_each(|solution| {
        for (mask, &d) in seen.iter_mut().zip(&solution.digits) {
            *mask |= 1 << d;
        }
        count += 1;
        if count >= LIMIT {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    Some(match (outcome, count) {
        (Outcome::Cancelled, _) => return None,
        (_, 0) => Verdict::NoSolution,
        (_, 1) => Verdict::Unique,
        (outcome, count) => Verdict::Several {
            count,
            complete: outcome == Outcome::Complete,
            varies: puzzle
                .cells()
                .iter()
                .zip(&seen)
                .filter(|(_, mask)| mask.count_ones() > 1)
                .map(|(cell, _)| cell.pos)
                .collect(),
        },
    })
}
