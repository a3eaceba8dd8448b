//! The browser's oracle: a named thread that counts the solutions exactly, then answers "show
//! solution #k" with the engine's `nth(k)` (the stream's order), keeping its count cache warm
//! between jumps.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use num_bigint::BigUint;
use num_traits::CheckedSub;

use crate::Puzzle;
use crate::app::background;
use crate::solve::count::CountProgress;
use crate::solve::{CancelToken, Solver};

/// Bytes the oracle's count cache may take; its graphs for jumps take as much again. Less than the engine's default, so that a count that runs for hours beside
/// the stream leaves the machine room: the panel states the whole.
pub const COUNT_MEMORY: usize = 256 << 20;

/// How long the oracle counts before it gives up: a shape without sums would count for days,
/// and the panel then says what the stream found instead.
pub const COUNT_TIME: Duration = Duration::from_secs(300);

/// What the oracle tells the browser.
pub enum Answer {
    /// How far the count is, about every 50 ms.
    Progress(CountProgress),
    /// The exact number of solutions.
    Count(BigUint),
    /// The count ran out of its time (this long) and the oracle stopped: no jumps by number.
    GaveUp(Duration),
    /// Solution #k (0-based): its digits by [`crate::CellId`] (`None` past the last).
    Solution {
        /// Which solution.
        k: BigUint,
        /// Its digits.
        digits: Option<Vec<u8>>,
    },
    /// The digits of solution #k−1, for showing what changed in #k: sent after #k, so that
    /// #k shows without waiting for a second walk.
    Previous {
        /// The solution they come before.
        k: BigUint,
        /// Their digits.
        digits: Vec<u8>,
    },
}

/// The counting and random-access worker of one run.
pub struct Oracle {
    /// Ends the worker: the run is over.
    closed: CancelToken,
    /// The token of the engine's work under way; a jump cancels the jump before it.
    work: Arc<Mutex<Work>>,
    /// Jumps asked: a solution's number, or `None` when the jump asked last is no longer
    /// wanted.
    requests: Option<Sender<Option<BigUint>>>,
    answers: Receiver<Answer>,
    handle: Option<JoinHandle<()>>,
}

/// The engine's current work, as the UI thread sees it.
#[derive(Default)]
struct Work {
    /// Cancels it.
    token: CancelToken,
    /// Whether it is a jump (or the warm-up before the first), which a newer jump supersedes;
    /// the count is never cut short by one.
    superseded_by_jumps: bool,
}

/// What the oracle needs of the engine: a trait, so that tests can stand in a slow one.
trait Engine {
    /// The exact count, reporting how far it is; `None` when cancelled.
    fn count(&mut self, progress: &mut dyn FnMut(CountProgress)) -> Option<BigUint>;
    /// Solution #k's digits by [`crate::CellId`]; `None` past the last or when cancelled.
    fn nth(&mut self, k: &BigUint) -> Option<Vec<u8>>;
    /// Makes the work from now on stop when `token` is cancelled.
    fn cancel_with(&mut self, token: CancelToken);
}

impl Engine for Solver<'_> {
    fn count(&mut self, progress: &mut dyn FnMut(CountProgress)) -> Option<BigUint> {
        self.count_with_report(progress).ok()
    }

    fn nth(&mut self, k: &BigUint) -> Option<Vec<u8>> {
        Solver::nth(self, k).ok().flatten().map(|s| s.digits)
    }

    fn cancel_with(&mut self, token: CancelToken) {
        self.set_cancel(token);
    }
}

impl Oracle {
    /// Starts counting the solutions of `puzzle`, waking `ctx` when an answer is ready.
    pub fn start(puzzle: Puzzle, ctx: egui::Context) -> std::io::Result<Oracle> {
        Oracle::with(ctx, COUNT_TIME, move |work| {
            let mut solver = Solver::new(&puzzle).with_count_memory(COUNT_MEMORY);
            work(&mut solver);
        })
    }

    /// Starts a worker that hands `run` (its loop) to the engine `make` builds; its count gives
    /// up after `count_time`.
    fn with(
        ctx: egui::Context,
        count_time: Duration,
        make: impl FnOnce(&mut dyn FnMut(&mut dyn Engine)) + Send + 'static,
    ) -> std::io::Result<Oracle> {
        let closed = CancelToken::new();
        let work = Arc::new(Mutex::new(Work::default()));
        let (requests, asked) = channel();
        let (answer, answers) = channel();
        let worker = Worker {
            count_time,
            closed: closed.clone(),
            work: work.clone(),
            asked,
            answer,
            ctx,
        };
        let handle = background::spawn("kakuro-count", move || {
            make(&mut |engine| worker.run(engine));
        })?;
        Ok(Oracle {
            closed,
            work,
            requests: Some(requests),
            answers,
            handle: Some(handle),
        })
    }

    /// Asks for solution #`k` (0-based). A jump still being worked on is given up: only the
    /// latest request is answered.
    pub fn ask(&self, k: BigUint) {
        self.request(Some(k));
    }

    /// Gives up the jump asked last, if it is still being worked on (the user went to a
    /// solution at hand meanwhile).
    pub fn forget(&self) {
        self.request(None);
    }

    fn request(&self, k: Option<BigUint>) {
        if let Some(requests) = &self.requests {
            // Sent before the cancel, so that the worker finds it when its jump stops.
            let _ = requests.send(k);
            let work = lock(&self.work);
            if work.superseded_by_jumps {
                work.token.cancel();
            }
        }
    }

    /// The next answer, if one is waiting.
    pub fn try_next(&self) -> Option<Answer> {
        self.answers.try_recv().ok()
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        self.closed.cancel();
        lock(&self.work).token.cancel();
        // Closing the request channel ends a worker waiting for the next jump.
        self.requests = None;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

fn lock(work: &Mutex<Work>) -> std::sync::MutexGuard<'_, Work> {
    work.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The oracle's thread.
struct Worker {
    count_time: Duration,
    closed: CancelToken,
    work: Arc<Mutex<Work>>,
    asked: Receiver<Option<BigUint>>,
    answer: Sender<Answer>,
    ctx: egui::Context,
}

impl Worker {
    fn run(&self, engine: &mut dyn Engine) {
        let token = lock(&self.work).token.clone();
        let timed = token.with_deadline(self.count_time);
        engine.cancel_with(timed.clone());
        // Jumps wait for the count: `nth` needs the same counts, and keeps them cached after.
        let counted = engine.count(&mut |done| {
            let _ = self.answer.send(Answer::Progress(done));
        });
        let Some(count) = counted else {
            if timed.timed_out() && !token.is_cancelled() {
                self.send(Answer::GaveUp(self.count_time));
            }
            return;
        };
        engine.cancel_with(token);
        lock(&self.work).superseded_by_jumps = true;
        if !self.send(Answer::Count(count.clone())) {
            return;
        }
        // The count may have swept parts whole; `nth` needs the counts of the states on the
        // enumeration's path, which the last solution's walk caches, so the first jump is
        // quick. A jump asked before (the request waits) or meanwhile goes first.
        let mut retry = self.asked.try_recv().ok();
        if retry.is_none() && count > BigUint::ZERO {
            let _ = engine.nth(&(count - 1u32));
        }
        loop {
            let mut k = match retry.take() {
                Some(k) => k,
                None => match self.asked.recv() {
                    Ok(k) => k,
                    Err(_) => return,
                },
            };
            // The user jumped again while we were busy: only the last place matters.
            while let Ok(later) = self.asked.try_recv() {
                k = later;
            }
            // The last jump is no longer wanted.
            let Some(k) = k else { continue };
            let Some(token) = self.fresh_token(engine) else {
                return;
            };
            let digits = engine.nth(&k);
            if self.closed.is_cancelled() {
                return;
            }
            if token.is_cancelled() {
                // A newer request was sent (before the cancel): a jump, or the word that this
                // one is not wanted. When this loop took it already, this jump is the newest
                // and is asked again.
                retry = Some(self.asked.try_recv().unwrap_or(Some(k)));
                continue;
            }
            let found = digits.is_some();
            if !self.send(Answer::Solution {
                k: k.clone(),
                digits,
            }) {
                return;
            }
            let Some(before) = k.checked_sub(&BigUint::ONE).filter(|_| found) else {
                continue;
            };
            match engine.nth(&before) {
                Some(digits) => {
                    if !self.send(Answer::Previous { k, digits }) {
                        return;
                    }
                }
                // Closed, or a newer request (in the channel) cut it short.
                None if self.closed.is_cancelled() => return,
                None => retry = self.asked.try_recv().ok(),
            }
        }
    }

    /// Sends an answer and wakes the UI; `false` when the oracle is gone.
    fn send(&self, answer: Answer) -> bool {
        let sent = self.answer.send(answer).is_ok();
        self.ctx.request_repaint();
        sent
    }

    /// The token of the next jump: the last one's, or a new one if a request cancelled it;
    /// `None` once the run is over.
    fn fresh_token(&self, engine: &mut dyn Engine) -> Option<CancelToken> {
        let mut work = lock(&self.work);
        // Checked under the lock, which the closing takes to cancel the token: a token made
        // here is cancelled by it.
        if self.closed.is_cancelled() {
            return None;
        }
        if work.token.is_cancelled() {
            work.token = CancelToken::new();
            engine.cancel_with(work.token.clone());
        }
        Some(work.token.clone())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    use super::*;

    /// An engine that counts 1,000 solutions at once and gives solution #k at once, but for
    /// #7 and #999, which it works on until cancelled (then it counts the jumps given up).
    struct Slow {
        token: CancelToken,
        given_up: Arc<AtomicUsize>,
    }

    impl Engine for Slow {
        fn count(&mut self, _: &mut dyn FnMut(CountProgress)) -> Option<BigUint> {
            Some(BigUint::from(1000u32))
        }

        fn nth(&mut self, k: &BigUint) -> Option<Vec<u8>> {
            if *k == BigUint::from(7u32) || *k == BigUint::from(999u32) {
                let start = Instant::now();
                while !self.token.is_cancelled() && start.elapsed() < Duration::from_secs(30) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                self.given_up.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            Some(k.to_bytes_le())
        }

        fn cancel_with(&mut self, token: CancelToken) {
            self.token = token;
        }
    }

    /// An engine whose count never ends until cancelled.
    struct Endless(CancelToken);

    impl Engine for Endless {
        fn count(&mut self, _: &mut dyn FnMut(CountProgress)) -> Option<BigUint> {
            while !self.0.is_cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            None
        }

        fn nth(&mut self, _: &BigUint) -> Option<Vec<u8>> {
            None
        }

        fn cancel_with(&mut self, token: CancelToken) {
            self.0 = token;
        }
    }

    /// A count that does not end in its time is given up, and the oracle says so.
    #[test]
    fn a_count_out_of_time_gives_up_and_says_so() {
        let limit = Duration::from_millis(50);
        let oracle = Oracle::with(egui::Context::default(), limit, |run| {
            run(&mut Endless(CancelToken::new()))
        })
        .unwrap();
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut gave_up = None;
        while gave_up.is_none() && Instant::now() < deadline {
            match oracle.try_next() {
                Some(Answer::GaveUp(after)) => gave_up = Some(after),
                Some(_) => {}
                None => std::thread::sleep(Duration::from_millis(1)),
            }
        }
        assert_eq!(gave_up, Some(limit));
    }

    /// The next solution the oracle answers, within a few seconds: its number and digits.
    fn next_solution(oracle: &Oracle) -> Option<(BigUint, Option<Vec<u8>>)> {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            match oracle.try_next() {
                Some(Answer::Solution { k, digits, .. }) => return Some((k, digits)),
                Some(_) => {}
                None => std::thread::sleep(Duration::from_millis(1)),
            }
        }
        None
    }

    /// A jump asked while an earlier one (or the warm-up after the count) is being worked on
    /// is answered at once: the earlier one is given up, and never answered.
    #[test]
    fn a_new_jump_supersedes_a_slow_one() {
        let given_up = Arc::new(AtomicUsize::new(0));
        let counter = given_up.clone();
        let oracle = Oracle::with(egui::Context::default(), COUNT_TIME, move |run| {
            run(&mut Slow {
                token: CancelToken::new(),
                given_up: counter,
            })
        })
        .unwrap();
        // The warm-up (#999) is slow: a jump does not wait for it.
        oracle.ask(BigUint::from(3u32));
        let three = Some((BigUint::from(3u32), Some(vec![3])));
        assert_eq!(next_solution(&oracle), three);
        oracle.ask(BigUint::from(7u32));
        std::thread::sleep(Duration::from_millis(50));
        oracle.ask(BigUint::from(9u32));
        let nine = Some((BigUint::from(9u32), Some(vec![9])));
        assert_eq!(next_solution(&oracle), nine);
        // A solution shows without waiting for the one before it (#7, slow here), whose walk
        // gives way to the next jump.
        oracle.ask(BigUint::from(8u32));
        let eight = Some((BigUint::from(8u32), Some(vec![8])));
        assert_eq!(next_solution(&oracle), eight);
        oracle.ask(BigUint::from(6u32));
        let six = Some((BigUint::from(6u32), Some(vec![6])));
        assert_eq!(next_solution(&oracle), six);
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            assert!(Instant::now() < deadline, "no solution before #6");
            if let Some(Answer::Previous { k, digits }) = oracle.try_next() {
                assert_eq!((k, digits), (BigUint::from(6u32), vec![5]));
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        // A slow jump no longer wanted is given up at once, and not answered.
        let before = given_up.load(Ordering::Relaxed);
        oracle.ask(BigUint::from(7u32));
        std::thread::sleep(Duration::from_millis(50));
        oracle.forget();
        let deadline = Instant::now() + Duration::from_secs(5);
        while given_up.load(Ordering::Relaxed) == before {
            assert!(Instant::now() < deadline, "the jump was not given up");
            std::thread::sleep(Duration::from_millis(1));
        }
        oracle.ask(BigUint::from(4u32));
        let four = Some((BigUint::from(4u32), Some(vec![4])));
        assert_eq!(next_solution(&oracle), four);
        // Closing does not wait for a slow jump either.
        oracle.ask(BigUint::from(7u32));
        std::thread::sleep(Duration::from_millis(50));
        let start = Instant::now();
        drop(oracle);
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
