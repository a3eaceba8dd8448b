//! The solving worker: a named thread that owns a copy of the puzzle, streams solutions to the UI
//! in batches, and stops when cancelled or dropped.

use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::Puzzle;
use crate::solve::{CancelToken, Outcome, Solver, Stats};

/// Solutions per batch at most; a batch also goes out every [`BATCH_EVERY`].
const BATCH_SOLUTIONS: usize = 4096;
/// How long the worker holds a batch at most; also the least time between two wake-ups of the UI.
const BATCH_EVERY: Duration = Duration::from_millis(16);
/// Batches in flight before the worker waits for the UI (back-pressure).
const CHANNEL_BATCHES: usize = 64;

/// What the worker tells the UI.
pub enum Message {
    /// Solutions, one digit per white cell each, back to back.
    Batch(Vec<u8>),
    /// The search ended.
    Done(Outcome, Stats),
}

/// A running (or finished) search on its own thread.
pub struct Worker {
    cancel: CancelToken,
    receiver: Option<Receiver<Message>>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts enumerating every solution of `puzzle`, waking `ctx` when batches arrive.
    pub fn start(puzzle: Puzzle, ctx: egui::Context) -> std::io::Result<Worker> {
        let cancel = CancelToken::new();
        let (sender, receiver) = sync_channel(CHANNEL_BATCHES);
        let token = cancel.clone();
        let handle = std::thread::Builder::new()
            .name("kakuro-solve".into())
            .spawn(move || run(&puzzle, token, &sender, &ctx))?;
        Ok(Worker {
            cancel,
            receiver: Some(receiver),
            handle: Some(handle),
        })
    }

    /// Asks the search to stop; it ends within a few thousand nodes.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// The next message, if one is waiting; `None` also once the worker is gone.
    pub fn try_next(&self) -> Option<Message> {
        self.receiver.as_ref()?.try_recv().ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel.cancel();
        // Dropping the receiver first frees a worker blocked on a full channel.
        self.receiver = None;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

fn run(puzzle: &Puzzle, cancel: CancelToken, sender: &SyncSender<Message>, ctx: &egui::Context) {
    let cells = puzzle.cells().len();
    let mut solver = Solver::new(puzzle).with_cancel(cancel.clone());
    let mut batch = Vec::with_capacity(BATCH_SOLUTIONS * cells);
    let mut in_batch = 0usize;
    let mut last_send = Instant::now();
    let send = |batch: &mut Vec<u8>, last_send: &mut Instant| -> bool {
        let full = std::mem::replace(batch, Vec::with_capacity(BATCH_SOLUTIONS * cells));
        let ok = sender.send(Message::Batch(full)).is_ok();
        *last_send = Instant::now();
        ctx.request_repaint();
        ok
    };
    let outcome = solver.for_each(|solution| {
        if cancel.is_cancelled() {
            return ControlFlow::Break(());
        }
        batch.extend_from_slice(&solution.digits);
        in_batch += 1;
        // Looking at the clock every 64 solutions keeps its cost out of the search.
        let due = in_batch >= BATCH_SOLUTIONS
            || (in_batch % 64 == 0 && last_send.elapsed() >= BATCH_EVERY);
        if due {
            in_batch = 0;
            if !send(&mut batch, &mut last_send) {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    if !batch.is_empty() {
        send(&mut batch, &mut last_send);
    }
    let outcome = if cancel.is_cancelled() {
        Outcome::Cancelled
    } else {
        outcome
    };
    let _ = sender.send(Message::Done(outcome, solver.stats()));
    ctx.request_repaint();
}
