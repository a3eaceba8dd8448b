//! The app's background threads (solver, counter, watcher, designer's check): named, and on
//! Linux a little less urgent than the UI thread, so that when they compete for the cores with
//! it, the frames win and the window never stutters.

use std::thread::JoinHandle;

/// How much less urgent than the thread that starts them (Linux niceness: 0 is normal, 19 the
/// least urgent). Five gives the UI thread about three times a worker's share of a busy core.
const NICER_BY: i32 = 5;

/// Starts `work` on a background thread called `name`.
pub fn spawn<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<JoinHandle<T>> {
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            lower_priority();
            work()
        })
}

/// The calling thread's niceness, where the platform has one.
#[cfg(target_os = "linux")]
pub fn niceness() -> Option<i32> {
    // SAFETY: getpriority only reads its arguments. On Linux the nice value is per thread and
    // `who = 0` names the calling thread.
    Some(unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) })
}

/// The calling thread's niceness, where the platform has one.
#[cfg(not(target_os = "linux"))]
pub fn niceness() -> Option<i32> {
    None
}

#[cfg(target_os = "linux")]
fn lower_priority() {
    if let Some(now) = niceness() {
        // SAFETY: as above; only this thread (and the threads it starts) become nicer. Failing
        // leaves the thread as it was, which is harmless.
        unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, (now + NICER_BY).min(19)) };
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn background_threads_are_nicer_than_their_starter() {
        let here = niceness().unwrap();
        let there = spawn("kakuro-test", niceness)
            .unwrap()
            .join()
            .unwrap()
            .unwrap();
        assert_eq!(there, (here + NICER_BY).min(19));
        // The starting thread keeps its own.
        assert_eq!(niceness(), Some(here));
    }
}
