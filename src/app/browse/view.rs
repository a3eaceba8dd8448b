//! What a run shows: the board's overlay for the shown solution and the headline and status
//! line of the browser's panel.

use num_bigint::BigUint;

use super::super::numbers::{group, group_big, per_second, short_time, solutions};
use super::Browser;
use super::jump::back;
use super::run::RunState;
use crate::Pos;
use crate::app::board::overlay::{Mark, Overlay};

impl Browser {
    /// The board's overlay for the shown solution, with the chosen highlights; `None` when
    /// there is no solution to show.
    pub fn overlay(&mut self) -> Option<Overlay> {
        let run = self.run.as_ref()?;
        let at = run.stored_at(&self.current);
        let fetched = run
            .fetched
            .as_ref()
            .filter(|f| f.k == self.current && at.is_none());
        match (fetched, at) {
            (Some(f), _) => self.scratch.clone_from(&f.digits),
            (None, Some(i)) if run.store.get(i, &mut self.scratch) => {}
            _ => return None,
        }
        let has_previous = self.show_changes
            && match (fetched.and_then(|f| f.previous.as_ref()), at) {
                (Some(previous), _) => {
                    self.previous.clone_from(previous);
                    true
                }
                (None, Some(i)) => i > 0 && run.store.get(i - 1, &mut self.previous),
                // Fetched, and the one before it not (yet) sent: it may be stored.
                (None, None) => {
                    self.current > BigUint::ZERO
                        && run
                            .stored_at(&back(&self.current, 1))
                            .is_some_and(|i| run.store.get(i, &mut self.previous))
                }
            };
        let mut overlay = Overlay::new(run.width, run.height);
        for (id, &pos) in run.positions.iter().enumerate() {
            overlay.set(
                pos,
                Mark {
                    digit: self.scratch[id],
                    changed: has_previous && self.previous[id] != self.scratch[id],
                    varies: self.show_ambiguous && run.store.is_ambiguous(id),
                    ..Mark::default()
                },
            );
        }
        Some(overlay)
    }

    /// The digits cell `pos` took across the solutions seen so far (bit d for digit d).
    pub fn digits_at(&self, pos: Pos) -> Option<u16> {
        let run = self.run.as_ref()?;
        let id = run.positions.iter().position(|&p| p == pos)?;
        Some(run.store.digits_of(id))
    }

    /// The headline: "Solution k of N" ("at least N" while running).
    pub fn headline(&self) -> String {
        let Some(run) = &self.run else {
            return "Press Solve (F5) to find every solution".into();
        };
        let found = run.found();
        let total = run.exact.as_ref().or(run.known.as_ref());
        if found == 0 && total.is_none_or(|n| *n == BigUint::ZERO) {
            return match run.state {
                RunState::Running => "Searching…".into(),
                RunState::Done => "No solution".into(),
                // A capped run kept solutions: it has some.
                RunState::Stopped | RunState::Capped => "Stopped before any solution".into(),
            };
        }
        format!(
            "Solution {} of {}",
            group_big(&(&self.current + 1u32)),
            run.total()
        )
    }

    /// The status line: count, elapsed, speed, progress and state.
    pub fn status_line(&self) -> Option<String> {
        self.status_parts()
            .map(|(count, state)| format!("{count} · {state}"))
    }

    /// The status line in two halves, for the panel's two fixed lines: the solutions, their
    /// rate and the time; the nodes' rate and how far the search is.
    pub fn status_parts(&self) -> Option<(String, String)> {
        let run = self.run.as_ref()?;
        let elapsed = run.elapsed().as_secs_f64();
        // Rates divide by at least a millisecond.
        let secs = elapsed.max(1e-3);
        let stats = run.live.stats;
        let speed = group((stats.nodes as f64 / secs) as u64);
        let state = match run.state {
            RunState::Running => format!("{:.1}% of the tree searched", run.live.progress * 100.0),
            RunState::Done => "done".to_string(),
            RunState::Stopped => "stopped by user".to_string(),
            // The count may still be working out the number: the list stopped, not the run.
            RunState::Capped if run.counting() => "memory cap reached, counting".to_string(),
            RunState::Capped => "memory cap reached".to_string(),
        };
        // Once counted (or the count known), the headline names more solutions than the stream
        // has found: say that the number is the stream's.
        let found = if run
            .exact
            .as_ref()
            .or(run.known.as_ref())
            .is_some_and(|n| *n > BigUint::from(run.found()))
        {
            format!("{} streamed", group(run.found()))
        } else {
            solutions(run.found())
        };
        // Rates of a run that ended within a second say nothing; its totals do.
        if run.state != RunState::Running && elapsed < 1.0 {
            return Some((
                format!("{found} · {}", short_time(elapsed)),
                format!(
                    "{} {} · {state}",
                    group(stats.nodes),
                    if stats.nodes == 1 { "node" } else { "nodes" }
                ),
            ));
        }
        // Solutions that outnumber the nodes come from combining independent parts, and the
        // nodes' rate beside theirs would read as a slow search: give the nodes' total.
        let nodes = if stats.nodes < run.found() {
            format!("{} nodes, parts combined", group(stats.nodes))
        } else {
            format!("{speed} nodes/s")
        };
        Some((
            format!(
                "{found} ({}) · {secs:.1} s",
                per_second(run.found() as f64 / secs),
            ),
            format!("{nodes} · {state}"),
        ))
    }
}
