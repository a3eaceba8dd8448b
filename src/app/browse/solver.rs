//! The solving worker: a named thread that owns a copy of the puzzle, streams packed solutions
//! to the UI in batches, publishes its counters and progress, and stops when cancelled or
//! dropped.

use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::solutions::{pack, stride};
use crate::Puzzle;
use crate::app::background;
use crate::solve::{CancelToken, Cancelled, Observer, Outcome, Snapshot, Solution, Solver, Stats};

/// Solutions per batch at most; a batch also goes out every [`FRAME`].
const BATCH_SOLUTIONS: usize = 16 * 1024;
/// How long the worker holds a batch at most.
pub const FRAME: Duration = Duration::from_millis(16);
/// The least time between two wake-ups of the UI by the worker, who always has news: its
/// counters read as well at 10 frames a second as at 60, and a frame of a big grid costs a
/// software renderer tens of milliseconds. On 100 × 30 under llvmpipe the UI drew as fast as
/// it could, 19 frames a second on both cores, and the exact count beside the stream crawled.
pub const REFRESH: Duration = Duration::from_millis(100);
/// Batches in flight before the worker waits for the UI (back-pressure).
const CHANNEL_BATCHES: usize = 64;
/// Search nodes between two looks at the clock.
const NODES_PER_LOOK: u32 = 512;

/// What the worker tells the UI.
pub enum Message {
    /// Solutions packed by [`pack`], back to back, and the digits each cell took in them.
    Batch {
        /// The packed solutions.
        packed: Vec<u8>,
        /// One mask per cell: bit d when some solution of the batch put d there.
        seen: Vec<u16>,
    },
    /// The search ended.
    Done(Result<Outcome, Cancelled>, Stats),
}

/// The search's latest counters, published about 60 times a second.
#[derive(Clone, Copy, Debug, Default)]
pub struct Live {
    /// Counters so far.
    pub stats: Stats,
    /// Estimated fraction of the search tree finished.
    pub progress: f64,
}

/// A running (or finished) search on its own thread.
pub struct Worker {
    cancel: CancelToken,
    receiver: Option<Receiver<Message>>,
    live: Arc<Mutex<Live>>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts enumerating every solution of `puzzle`, waking `ctx` when there is news.
    pub fn start(puzzle: Puzzle, ctx: egui::Context) -> std::io::Result<Worker> {
        let cancel = CancelToken::new();
        let (sender, receiver) = sync_channel(CHANNEL_BATCHES);
        let live = Arc::new(Mutex::new(Live::default()));
        let (token, slot) = (cancel.clone(), live.clone());
        let handle = background::spawn("kakuro-solve", move || {
            run(&puzzle, token, &sender, &slot, &ctx)
        })?;
        Ok(Worker {
            cancel,
            receiver: Some(receiver),
            live,
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

    /// The next message, waiting up to `timeout` for it; `None` also once the worker is gone.
    pub fn next_within(&self, timeout: Duration) -> Option<Message> {
        self.receiver.as_ref()?.recv_timeout(timeout).ok()
    }

    /// The latest counters and progress.
    pub fn live(&self) -> Live {
        self.live.lock().map(|l| *l).unwrap_or_default()
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

/// Wakes the UI within [`REFRESH`], asking at most once per [`REFRESH`] (each call takes the
/// context's lock). Not at once: the browser asks for a frame within [`REFRESH`] of each one
/// while the worker runs, and a worker waking it at once besides, out of step with it, doubled
/// the frames.
struct Waker {
    ctx: egui::Context,
    last: Cell<Option<Instant>>,
}

impl Waker {
    fn wake(&self) {
        let now = Instant::now();
        if self.last.get().is_none_or(|t| now - t >= REFRESH) {
            self.last.set(Some(now));
            self.ctx.request_repaint_after(REFRESH);
        }
    }
}

/// The batch being filled, shared by the solution sink and the observer's clock.
struct Batcher<'a> {
    sender: &'a SyncSender<Message>,
    waker: &'a Waker,
    cells: usize,
    packed: Vec<u8>,
    seen: Vec<u16>,
    count: usize,
    sent: Instant,
    /// The UI is gone: stop searching.
    closed: bool,
}

impl Batcher<'_> {
    fn push(&mut self, solution: &Solution) {
        pack(&solution.digits, &mut self.packed);
        for (mask, &d) in self.seen.iter_mut().zip(&solution.digits) {
            *mask |= 1 << d;
        }
        self.count += 1;
        if self.count >= BATCH_SOLUTIONS {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.count == 0 {
            return;
        }
        let capacity = BATCH_SOLUTIONS * stride(self.cells);
        let packed = std::mem::replace(&mut self.packed, Vec::with_capacity(capacity));
        let seen = std::mem::replace(&mut self.seen, vec![0; self.cells]);
        self.count = 0;
        self.sent = Instant::now();
        if self.sender.send(Message::Batch { packed, seen }).is_err() {
            self.closed = true;
        }
        self.waker.wake();
    }
}

/// Publishes the counters and flushes a waiting batch about once per frame.
struct Clock<'a> {
    batcher: &'a RefCell<Batcher<'a>>,
    live: &'a Mutex<Live>,
    nodes: u32,
    published: Instant,
}

impl Observer for Clock<'_> {
    #[inline]
    fn wants_snapshot(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes < NODES_PER_LOOK {
            return false;
        }
        self.nodes = 0;
        self.published.elapsed() >= FRAME
    }

    fn snapshot(&mut self, snapshot: &Snapshot<'_>) {
        self.published = Instant::now();
        if let Ok(mut live) = self.live.lock() {
            *live = Live {
                stats: snapshot.stats,
                progress: snapshot.progress,
            };
        }
        let mut batcher = self.batcher.borrow_mut();
        if batcher.sent.elapsed() >= FRAME {
            batcher.flush();
        }
        batcher.waker.wake();
    }
}

fn run(
    puzzle: &Puzzle,
    cancel: CancelToken,
    sender: &SyncSender<Message>,
    live: &Mutex<Live>,
    ctx: &egui::Context,
) {
    let cells = puzzle.cells().len();
    let waker = Waker {
        ctx: ctx.clone(),
        last: Cell::new(None),
    };
    let batcher = RefCell::new(Batcher {
        sender,
        waker: &waker,
        cells,
        packed: Vec::with_capacity(BATCH_SOLUTIONS * stride(cells)),
        seen: vec![0; cells],
        count: 0,
        sent: Instant::now(),
        closed: false,
    });
    let mut clock = Clock {
        batcher: &batcher,
        live,
        nodes: 0,
        published: Instant::now(),
    };
    let mut solver = Solver::new(puzzle).with_cancel(cancel.clone());
    let outcome = solver.for_each_observed(&mut clock, |solution| {
        let mut batcher = batcher.borrow_mut();
        batcher.push(solution);
        // Solutions replayed from the engine's cache come without nodes: look at the clock here
        // too, but only every 1024 solutions to keep its cost out of the search.
        if batcher.count.is_multiple_of(1024) && batcher.sent.elapsed() >= FRAME {
            batcher.flush();
        }
        if batcher.closed || cancel.is_cancelled() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    batcher.borrow_mut().flush();
    let outcome = if cancel.is_cancelled() {
        Err(Cancelled)
    } else {
        outcome
    };
    let stats = solver.stats();
    if let Ok(mut slot) = live.lock() {
        *slot = Live {
            stats,
            progress: if outcome == Ok(Outcome::Complete) {
                1.0
            } else {
                slot.progress
            },
        };
    }
    let _ = sender.send(Message::Done(outcome, stats));
    ctx.request_repaint();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worker asks for a frame within [`REFRESH`], not at once, and once per [`REFRESH`]
    /// however often it has news: the UI draws at most 10 frames a second for it.
    #[test]
    fn the_worker_asks_for_a_frame_within_a_refresh_once_per_refresh() {
        let ctx = egui::Context::default();
        let asked = Arc::new(Mutex::new(Vec::new()));
        ctx.set_repaint_observer({
            let asked = asked.clone();
            move |info| asked.lock().unwrap().push(info.delay)
        });
        let waker = Waker {
            ctx: ctx.clone(),
            last: Cell::new(None),
        };
        for _ in 0..1000 {
            waker.wake();
        }
        assert_eq!(*asked.lock().unwrap(), [REFRESH]);
        std::thread::sleep(REFRESH);
        waker.wake();
        assert_eq!(*asked.lock().unwrap(), [REFRESH, REFRESH]);
    }
}
