//! Moving through a run's solutions: a jump to solution k (fetched by number when it is not
//! stored), the last one, and the notices that say why a jump waits or fails.

use num_bigint::BigUint;

use super::super::numbers::{group, group_big};
use super::Browser;
use super::run::{Run, RunState};

/// PgUp / PgDn step.
pub const PAGE: u64 = 1000;

impl Browser {
    /// Moves to solution `k` (0-based); one that is not stored is fetched by number (once the
    /// count is known: the notice says how far it is), or comes with the stream; where neither
    /// can bring it, stays and says why.
    pub fn go_to(&mut self, k: BigUint) {
        self.notice = None;
        let Some(run) = &mut self.run else { return };
        if run.stored_at(&k).is_some() {
            run.forget_pending();
            self.current = k;
            return;
        }
        let beyond = run.known_total().filter(|n| k >= *n);
        if beyond.is_none()
            && let Some(notice) = run.fetch(k.clone())
        {
            self.notice = Some(match run.exact {
                Some(_) => notice,
                None => waiting(&k, run),
            });
            return;
        }
        // The user asked for something else than a jump being fetched.
        run.forget_pending();
        if let Some(n) = beyond {
            self.notice = Some(there_are_only(&group_big(&n)));
            return;
        }
        let (received, found) = (run.store.received(), run.found());
        self.notice = Some(if received == 0 {
            "No solution to show yet".to_string()
        } else if k < BigUint::from(found) {
            format!(
                "Solution {} was not kept, and the run was stopped before the count that \
                 fetches it",
                group_big(&(&k + 1u32))
            )
        } else {
            format!("Solution {} is not found yet", group_big(&(&k + 1u32)))
        });
        if received > 0 {
            // The latest one stands in (k is not among those stored).
            self.current = BigUint::from(received - 1);
        }
    }

    /// Goes to the last solution once the count names it; until then, says why not.
    pub fn go_to_last(&mut self) {
        let Some(run) = &self.run else { return };
        match run.last() {
            Ok(last) => self.go_to(last),
            Err(why) => self.notice = Some(why),
        }
    }
}

/// How the notice of a jump that waits for the count begins.
pub(super) const WAITING: &str = "Solution ";

/// The notice while a jump to solution #k (0-based) waits for the exact count, which `nth`
/// needs: how far the count is, and what comes meanwhile.
pub(super) fn waiting(k: &BigUint, run: &Run) -> String {
    let number = group_big(&(k + 1u32));
    let progress = match run.count_unknown() {
        Some(unknown) => format!("the count is {unknown}"),
        None => run.count_progress(),
    };
    if *k >= BigUint::from(run.store.received()) && run.state == RunState::Running {
        format!(
            "{WAITING}{number} comes with the stream (at {}) or the exact count: {progress}",
            group(run.store.received())
        )
    } else {
        format!("{WAITING}{number} is fetched by number once counted: {progress}")
    }
}

/// The notice for a jump past the last solution; `total` is written out ("3,048,192").
pub(super) fn there_are_only(total: &str) -> String {
    if total == "1" {
        "There is only 1 solution".into()
    } else {
        format!("There are only {total} solutions")
    }
}

/// `k` less `step`, or 0.
pub(in crate::app) fn back(k: &BigUint, step: u64) -> BigUint {
    if *k > BigUint::from(step) {
        k - step
    } else {
        BigUint::ZERO
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use egui_kittest::Harness;
    use num_bigint::BigUint;

    use super::super::{Browser, HUNG_AFTER, millions};

    /// Going to a stored solution (or past the last) while a jump past the stored ones is
    /// being fetched stays there: the fetch is given up, and its answer does not take the
    /// board away.
    #[test]
    fn a_stored_solution_chosen_during_a_fetch_stays() {
        let (grid, puzzle) = millions();
        let mut started = false;
        let mut harness = Harness::new_ui_state(
            |ui, browser: &mut Browser| {
                if !started {
                    started = true;
                    browser.start(puzzle.clone(), &grid, 0, ui.ctx()).unwrap();
                }
                browser.logic(ui.ctx(), 0, &grid);
            },
            // Room for a few thousand of millions.kakuro's three million solutions.
            Browser::with_cap(64 << 10),
        );
        let deadline = Instant::now() + HUNG_AFTER;
        let counted = |b: &Browser| b.run.as_ref().is_some_and(|r| r.exact.is_some());
        while !counted(harness.state()) || harness.state().stored() < 2 {
            assert!(Instant::now() < deadline, "no count");
            if counted(harness.state()) && !harness.state().is_running() {
                // The count came before the stream stored two: the run keeps no more (the
                // others are fetched by number), and this test needs two at hand. Again.
                let ctx = harness.ctx.clone();
                let browser = harness.state_mut();
                browser.start(puzzle.clone(), &grid, 0, &ctx).unwrap();
            }
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        let far = BigUint::from(2_999_999u32);
        harness.state_mut().go_to(far.clone());
        harness.state_mut().go_to(BigUint::from(1u32));
        assert!(harness.state().notice.is_none());
        // Long enough for the fetch to be answered, were it still wanted.
        let wait = Instant::now() + Duration::from_secs(2);
        while Instant::now() < wait {
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        assert_eq!(harness.state().current, BigUint::from(1u32));
        // Nor does a jump past the last solution leave the fetch before it running.
        harness.state_mut().go_to(far);
        harness.state_mut().go_to(BigUint::from(3_048_192u32));
        let notice = harness.state().notice.clone().unwrap_or_default();
        assert_eq!(notice, "There are only 3,048,192 solutions");
        let wait = Instant::now() + Duration::from_secs(2);
        while Instant::now() < wait {
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        assert_eq!(harness.state().current, BigUint::from(1u32));
        harness.state_mut().stop();
    }
}
