//! Frame times, for `kakuro --frame-stats`: how long each frame took to build and render, kept
//! apart for frames while a search runs (solving or watching) and the others, reported as
//! percentiles when the window closes.

use std::sync::{Arc, Mutex, PoisonError};

/// The frame times of one session, shared between the app and [`crate::app::run`].
#[derive(Clone, Debug, Default)]
pub struct FrameTimes(Arc<Mutex<Samples>>);

#[derive(Debug, Default)]
struct Samples {
    /// Seconds per frame while a search ran.
    busy: Vec<f32>,
    /// Seconds per frame otherwise.
    idle: Vec<f32>,
}

impl FrameTimes {
    /// Notes one frame's time (eframe's CPU time of the previous frame), `busy` if a search ran.
    pub fn record(&self, seconds: Option<f32>, busy: bool) {
        let Some(seconds) = seconds else { return };
        let mut samples = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if busy {
            samples.busy.push(seconds);
        } else {
            samples.idle.push(seconds);
        }
    }

    /// "while searching: 812 frames, p50 2.1 ms, p99 7.9 ms, max 12.0 ms" and the same for the
    /// other frames.
    pub fn report(&self) -> String {
        let samples = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        format!(
            "frame times while searching: {}\nframe times otherwise: {}",
            summary(&samples.busy),
            summary(&samples.idle)
        )
    }
}

fn summary(times: &[f32]) -> String {
    if times.is_empty() {
        return "no frames".into();
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f32::total_cmp);
    // Nearest rank: the smallest time at least `q` of the frames do not exceed.
    let at = |q: f64| {
        let rank = (q * sorted.len() as f64).ceil() as usize;
        sorted[rank.clamp(1, sorted.len()) - 1] * 1000.0
    };
    format!(
        "{} frames, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        sorted.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank_apart_for_busy_frames() {
        let times = FrameTimes::default();
        for i in 1..=200 {
            times.record(Some(i as f32 / 1000.0), true);
        }
        times.record(Some(0.004), false);
        times.record(None, false);
        assert_eq!(
            times.report(),
            "frame times while searching: 200 frames, p50 100.0 ms, p99 198.0 ms, max 200.0 ms\n\
             frame times otherwise: 1 frames, p50 4.0 ms, p99 4.0 ms, max 4.0 ms"
        );
        assert!(FrameTimes::default().report().contains("no frames"));
    }
}
