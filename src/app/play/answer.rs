//! The puzzle's solution for Check, Reveal cell and Solve, found on a background thread as the
//! game starts; the UI never waits for it.

use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use crate::Puzzle;
use crate::app::background;
use crate::solve::{CancelToken, Outcome, Solver};

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Exactly one solution: its digits per cell.
    Unique(Vec<u8>),
    /// More than one solution: the puzzle has no single answer to compare with.
    Several,
    /// No solution at all.
    None,
    /// The search could not finish or start.
    Failed(String),
}

/// The solution search of one game.
pub struct Answer {
    found: Option<Found>,
    receiver: Option<Receiver<Found>>,
    cancel: CancelToken,
    handle: Option<JoinHandle<()>>,
}

impl Answer {
    /// Starts looking for the solutions of `puzzle` (at most two are needed).
    pub fn start(puzzle: Puzzle, ctx: &egui::Context) -> Answer {
        let (tx, rx) = channel();
        let cancel = CancelToken::new();
        let token = cancel.clone();
        let ctx = ctx.clone();
        let spawned = background::spawn("kakuro-play-answer", move || {
            let mut solver = Solver::new(&puzzle).with_cancel(token.clone());
            let (solutions, outcome) = solver.solutions(2);
            let found = match (solutions.as_slice(), outcome) {
                _ if token.is_cancelled() => return,
                ([_, _, ..], _) => Found::Several,
                ([one], Ok(Outcome::Complete)) => Found::Unique(one.digits.clone()),
                ([], Ok(Outcome::Complete)) => Found::None,
                _ => Found::Failed("the search stopped before it was sure".into()),
            };
            let _ = tx.send(found);
            ctx.request_repaint();
        });
        match spawned {
            Ok(handle) => Answer {
                found: None,
                receiver: Some(rx),
                cancel,
                handle: Some(handle),
            },
            Err(e) => Answer {
                found: Some(Found::Failed(format!("cannot start the search: {e}"))),
                receiver: None,
                cancel,
                handle: None,
            },
        }
    }

    /// What was found, once the search is done (collects its answer).
    pub fn found(&mut self) -> Option<&Found> {
        if self.found.is_none()
            && let Some(rx) = &self.receiver
            && let Ok(found) = rx.try_recv()
        {
            self.found = Some(found);
            self.receiver = None;
        }
        self.found.as_ref()
    }
}

impl Drop for Answer {
    fn drop(&mut self) {
        self.cancel.cancel();
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}
