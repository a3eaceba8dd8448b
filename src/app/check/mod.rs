//! The designer's check: a moment after each edit, a background search says whether the puzzle
//! has no solution, one, or several (and where they differ); a unique one is rated by its
//! logical solve ("Unique solution · Hard (Area sum)"). The next edit cancels it; the UI
//! never waits for it.

pub(super) mod fixes;
pub(super) mod problems;

mod search;
mod verdict;

use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use num_bigint::BigUint;

use super::background;
use crate::solve::{self, CancelToken};
use crate::{Grid, Puzzle};
use search::{COUNT_FOR, VERDICT_FOR, check};
pub use verdict::Verdict;

/// Quiet time after an edit before the check starts.
const DEBOUNCE: Duration = Duration::from_millis(350);

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
        if let Some(job) = &self.job {
            let mut done = false;
            while let Ok(verdict) = job.receiver.try_recv() {
                done = verdict.is_final();
                self.result = Some((job.generation, verdict));
            }
            if done || job.handle.is_finished() && self.result_for(job.generation) {
                self.retire();
            }
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

    /// Takes the exact count `n` that Solve found for the grid of `generation`: a verdict that
    /// had to say "at least" (the check gave up counting, or counts still) now says how many.
    /// The check's own count, when it has one, is the same number.
    pub fn learn_count(&mut self, generation: u64, n: &BigUint) {
        if let Some((
            g,
            Verdict::Checked {
                found:
                    solve::Verdict::Several {
                        count,
                        exact,
                        gave_up,
                        ..
                    },
                ..
            },
        )) = &mut self.result
            && *g == generation
            && !*exact
        {
            *count = n.clone();
            *exact = true;
            *gave_up = false;
        }
    }

    /// The engine's verdict for `generation`, if the check finished and the grid has no errors.
    pub fn found(&self, generation: u64) -> Option<&solve::Verdict> {
        self.verdict(generation)?.found()
    }

    /// Whether a verdict for `generation` has arrived.
    fn result_for(&self, generation: u64) -> bool {
        self.result.as_ref().is_some_and(|(g, _)| *g == generation)
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
    let handle = background::spawn("kakuro-check", move || {
        check(&puzzle, &token, VERDICT_FOR, COUNT_FOR, &mut |verdict| {
            let _ = sender.send(verdict);
            ctx.request_repaint();
        });
    })?;
    Ok(Job {
        generation,
        cancel,
        receiver,
        handle,
    })
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use super::search::STREAMED;
    use super::{Check, Verdict};
    use crate::Pos;
    use crate::solve;

    /// After the check gave up counting, the exact count Solve found for the same grid takes
    /// the place of its "at least"; a count for another grid does not.
    #[test]
    fn the_check_line_takes_the_count_solve_found() {
        let gave_up = Verdict::Checked {
            found: solve::Verdict::Several {
                count: BigUint::from(STREAMED),
                exact: false,
                varies: vec![Pos::new(1, 1), Pos::new(1, 2)],
                all_varies: true,
                gave_up: true,
            },
            difficulty: None,
        };
        let mut check = Check::default();
        check.result = Some((7, gave_up));
        let before = check.verdict(7).unwrap().summary();
        assert!(before.ends_with("; Solve counts them all"), "{before}");
        let n: BigUint = "1237940039285380274899124224".parse().unwrap();
        check.learn_count(6, &n);
        assert_eq!(check.verdict(7).unwrap().summary(), before);
        check.learn_count(7, &n);
        let after = check.verdict(7).unwrap().summary();
        assert_eq!(
            after,
            "1.24 × 10^27 solutions: they differ in 2 cells (outlined)"
        );
        assert!(check.verdict(7).unwrap().is_final());
    }
}
