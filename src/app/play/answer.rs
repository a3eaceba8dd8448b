//! The puzzle's solution for Check, Reveal cell and Solve, found on a background thread as the
//! game starts, and then its band (for the best times of its size and band); the UI never waits
//! for either.

use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use crate::Puzzle;
use crate::app::background;
use crate::logic::Band;
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
    band: Option<Band>,
    band_receiver: Option<Receiver<Band>>,
    cancel: CancelToken,
    handle: Option<JoinHandle<()>>,
}

impl Answer {
    /// Starts looking for the solutions of `puzzle` (at most two are needed).
    pub fn start(puzzle: Puzzle, ctx: &egui::Context) -> Answer {
        let (tx, rx) = channel();
        let (band_tx, band_rx) = channel();
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
            let unique = matches!(found, Found::Unique(_));
            let _ = tx.send(found);
            ctx.request_repaint();
            // Only a puzzle with one solution has a band worth comparing times in.
            if unique {
                let rating = crate::logic::explain_cancellable(&puzzle, &token);
                if let Ok(explanation) = rating {
                    let _ = band_tx.send(explanation.rating.band);
                    ctx.request_repaint();
                }
            }
        });
        match spawned {
            Ok(handle) => Answer {
                found: None,
                receiver: Some(rx),
                band: None,
                band_receiver: Some(band_rx),
                cancel,
                handle: Some(handle),
            },
            Err(e) => Answer {
                found: Some(Found::Failed(format!("cannot start the search: {e}"))),
                receiver: None,
                band: None,
                band_receiver: None,
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

    /// The puzzle's band, once it is rated (a puzzle with one solution only).
    pub fn band(&mut self) -> Option<Band> {
        if self.band.is_none()
            && let Some(rx) = &self.band_receiver
            && let Ok(band) = rx.try_recv()
        {
            self.band = Some(band);
            self.band_receiver = None;
        }
        self.band
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
