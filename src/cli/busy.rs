//! A spinner for work that has no fraction to show, such as the walk to solution #K: on a
//! big puzzle without a kept circuit it takes a minute, and a silent terminal looks hung.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work runs before its spinner appears (as the count's bar waits).
pub const QUIET_FOR: Duration = Duration::from_millis(400);

/// Set while many files are worked on at once: their run's one progress bar stands for them
/// all, and a bar or spinner of each would draw over it.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Leaves out every file's own bars and spinners from now on (see [`QUIET`]).
pub fn set_quiet() {
    QUIET.store(true, Ordering::Relaxed);
}

/// Whether each file's own bars and spinners are left out.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Runs `work`, showing `message` with a spinner and the time taken on stderr once it has run
/// for [`QUIET_FOR`], when stderr is a terminal; cleared when the work ends.
pub fn with_spinner<T: Send>(message: &str, work: impl FnOnce() -> T + Send) -> T {
    if quiet() || !std::io::stderr().is_terminal() {
        return work();
    }
    spin_on(message, QUIET_FOR, ProgressDrawTarget::stderr, work)
}

/// [`with_spinner`] drawing on the target `draw` makes, after `quiet_for`.
fn spin_on<T: Send>(
    message: &str,
    quiet_for: Duration,
    draw: impl FnOnce() -> ProgressDrawTarget,
    work: impl FnOnce() -> T + Send,
) -> T {
    thread::scope(|scope| {
        let (done, ended) = mpsc::channel();
        let worker = scope.spawn(move || {
            let out = work();
            // The receiver may have stopped waiting already: nothing to tell then.
            let _ = done.send(());
            out
        });
        if ended.recv_timeout(quiet_for) == Err(mpsc::RecvTimeoutError::Timeout) {
            let spinner = ProgressBar::with_draw_target(None, draw());
            let style = ProgressStyle::with_template("{spinner} {msg}  {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            spinner.set_style(style);
            spinner.set_message(message.to_string());
            spinner.enable_steady_tick(Duration::from_millis(120));
            // Ends with the work, or with its panic (the sender dropped), which `join` passes on.
            let _ = ended.recv();
            spinner.finish_and_clear();
        }
        match worker.join() {
            Ok(out) => out,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::screen::{Screen, target};

    #[test]
    fn slow_work_shows_its_message_until_it_ends() {
        let screen = Screen::default();
        let quiet = Duration::from_millis(20);
        let out = spin_on("finding solution #7", quiet, target(&screen), || {
            thread::sleep(Duration::from_millis(400));
            42
        });
        assert_eq!(out, 42);
        let text = screen.text();
        assert!(text.contains("finding solution #7"), "{text:?}");
        // Cleared at the end: nothing is left after the last clear.
        assert!(text.ends_with("<clear>"), "{text:?}");
    }

    #[test]
    fn quick_work_draws_nothing() {
        let screen = Screen::default();
        let out = spin_on("never shown", Duration::from_secs(5), target(&screen), || 7);
        assert_eq!(out, 7);
        assert_eq!(screen.text(), "");
    }

    #[test]
    fn a_panic_in_the_work_reaches_the_caller() {
        let screen = Screen::default();
        let quiet = Duration::from_millis(1);
        let caught = std::panic::catch_unwind(|| {
            spin_on("doomed", quiet, target(&screen), || -> u8 {
                thread::sleep(Duration::from_millis(50));
                panic!("the work failed")
            })
        });
        assert!(caught.is_err());
    }
}
