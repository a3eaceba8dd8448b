//! The browser's oracle: a named thread that counts the solutions exactly, then answers "show
//! solution #k" with the engine's `nth(k)` (the stream's order), keeping its count cache warm
//! between jumps.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use num_bigint::BigUint;

use super::background;
use crate::Puzzle;
use crate::solve::{CancelToken, Solver};

/// What the oracle tells the browser.
pub enum Answer {
    /// The fraction of the count done, about every 50 ms.
    Progress(f64),
    /// The exact number of solutions.
    Count(BigUint),
    /// Solution #k (0-based): its digits by [`crate::CellId`] (`None` past the last), and
    /// those of #k−1, for showing what changed.
    Solution {
        /// Which solution.
        k: BigUint,
        /// Its digits.
        digits: Option<Vec<u8>>,
        /// The digits of the solution before it, if there is one.
        previous: Option<Vec<u8>>,
    },
}

/// The counting and random-access worker of one run.
pub struct Oracle {
    cancel: CancelToken,
    requests: Option<Sender<BigUint>>,
    answers: Receiver<Answer>,
    handle: Option<JoinHandle<()>>,
}

impl Oracle {
    /// Starts counting the solutions of `puzzle`, waking `ctx` when an answer is ready.
    pub fn start(puzzle: Puzzle, ctx: egui::Context) -> std::io::Result<Oracle> {
        let cancel = CancelToken::new();
        let (requests, asked) = channel();
        let (answer, answers) = channel();
        let token = cancel.clone();
        let handle = background::spawn("kakuro-count", move || {
            run(&puzzle, token, &asked, &answer, &ctx)
        })?;
        Ok(Oracle {
            cancel,
            requests: Some(requests),
            answers,
            handle: Some(handle),
        })
    }

    /// Asks for solution #`k` (0-based); only the latest request waiting is answered.
    pub fn ask(&self, k: BigUint) {
        if let Some(requests) = &self.requests {
            let _ = requests.send(k);
        }
    }

    /// The next answer, if one is waiting.
    pub fn try_next(&self) -> Option<Answer> {
        self.answers.try_recv().ok()
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        self.cancel.cancel();
        // Closing the request channel ends a worker waiting for the next jump.
        self.requests = None;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

fn run(
    puzzle: &Puzzle,
    cancel: CancelToken,
    asked: &Receiver<BigUint>,
    answer: &Sender<Answer>,
    ctx: &egui::Context,
) {
    let mut solver = Solver::new(puzzle).with_cancel(cancel.clone());
    // Jumps wait for the count: `nth` needs the same counts, and keeps them cached after.
    let counted = solver.count_with_progress(&mut |done| {
        let _ = answer.send(Answer::Progress(done));
    });
    let Ok(count) = counted else { return };
    if answer.send(Answer::Count(count.clone())).is_err() {
        return;
    }
    ctx.request_repaint();
    // The count may have swept parts whole; `nth` needs the counts of the states on the
    // enumeration's path, which the last solution's walk caches, so the first jump is quick.
    if count > BigUint::ZERO {
        let _ = solver.nth(&(count - 1u32));
    }
    while let Ok(mut k) = asked.recv() {
        // The user jumped again while we were busy: only the last place matters.
        while let Ok(later) = asked.try_recv() {
            k = later;
        }
        let digits = solver.nth(&k).map(|s| s.digits);
        let previous = if digits.is_some() && k > BigUint::ZERO {
            solver.nth(&(&k - 1u32))
        } else {
            None
        };
        if cancel.is_cancelled() {
            return;
        }
        let previous = previous.map(|s| s.digits);
        if answer
            .send(Answer::Solution {
                k,
                digits,
                previous,
            })
            .is_err()
        {
            return;
        }
        ctx.request_repaint();
    }
}
