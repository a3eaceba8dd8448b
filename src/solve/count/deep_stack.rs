//! Running a count or a walk on a thread whose stack fits its recursion, its progress reports
//! brought back to the calling thread. Both `count` and `nth` need it, and it knows nothing of
//! counting.

use std::sync::{Mutex, PoisonError};

/// Stack bytes per variable: the counter and `nth` recurse about twice per decision, and a path
/// takes at most one decision per variable.
const STACK_PER_VAR: usize = 2 << 10;

/// Runs `work` on a thread whose stack fits the recursion over `vars` variables (a deep path on a
/// big puzzle would overflow an ordinary stack), passing it a progress sink whose reports reach
/// `progress` on the calling thread.
pub(crate) fn on_deep_stack<R: Send, P: Send>(
    vars: usize,
    progress: Option<&mut dyn FnMut(P)>,
    work: impl FnOnce(Option<&mut dyn FnMut(P)>) -> R + Send,
) -> R {
    let wants_progress = progress.is_some();
    let (tx, rx) = std::sync::mpsc::channel::<P>();
    // Shared rather than moved, so the work can still run here if no thread can be made.
    let work = Mutex::new(Some(work));
    let take = || work.lock().unwrap_or_else(PoisonError::into_inner).take();
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("kakuro-count".into())
            .stack_size((1 << 20) + vars.saturating_mul(STACK_PER_VAR))
            .spawn_scoped(scope, move || {
                let mut send = |p: P| {
                    let _ = tx.send(p);
                };
                let work = take().expect("the work is taken once");
                work(if wants_progress {
                    Some(&mut send)
                } else {
                    None
                })
            });
        let Ok(worker) = spawned else {
            let work = take().expect("the thread never started");
            return work(progress);
        };
        if let Some(progress) = progress {
            // Ends when the worker drops its sender, i.e. when it is done.
            for p in rx {
                progress(p);
            }
        }
        match worker.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
