//! The game's clock: it runs only while the player can see the board and is playing.

use std::time::{Duration, Instant};

/// Time played: what earlier sittings banked, plus the current stretch while it runs.
#[derive(Clone, Debug, Default)]
pub struct Timer {
    banked: Duration,
    since: Option<Instant>,
}

impl Timer {
    /// A stopped clock that has already counted `played`.
    pub fn with(played: Duration) -> Timer {
        Timer {
            banked: played,
            since: None,
        }
    }

    /// Runs or stops the clock as of `now` (nothing changes if it already is so).
    pub fn set_running(&mut self, running: bool, now: Instant) {
        match (running, self.since) {
            (true, None) => self.since = Some(now),
            (false, Some(since)) => {
                self.banked += now.saturating_duration_since(since);
                self.since = None;
            }
            _ => {}
        }
    }

    /// Whether the clock runs.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Time played as of `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.banked
            + self
                .since
                .map_or(Duration::ZERO, |s| now.saturating_duration_since(s))
    }
}

/// A time as a player reads it: "4:05", "1:02:09".
pub fn clock(time: Duration) -> String {
    let s = time.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_only_while_it_runs() {
        let t0 = Instant::now();
        let mut timer = Timer::with(Duration::from_secs(10));
        assert_eq!(
            timer.elapsed(t0 + Duration::from_secs(5)),
            Duration::from_secs(10)
        );
        timer.set_running(true, t0);
        timer.set_running(true, t0 + Duration::from_secs(1));
        assert_eq!(
            timer.elapsed(t0 + Duration::from_secs(3)),
            Duration::from_secs(13)
        );
        timer.set_running(false, t0 + Duration::from_secs(4));
        assert_eq!(
            timer.elapsed(t0 + Duration::from_secs(60)),
            Duration::from_secs(14)
        );
        assert_eq!(clock(Duration::from_secs(245)), "4:05");
        assert_eq!(clock(Duration::from_secs(3729)), "1:02:09");
    }
}
