//! The check's background search: the engine's check ([`solve::check`]) with the app's
//! limits, its unique verdict rated by the logical solve.

use std::time::Duration;

use super::verdict::{Verdict, rated};
use crate::Puzzle;
use crate::solve::{self, CancelToken, CheckOptions};

/// Solutions the check streams before it turns to exact counting.
pub(super) const STREAMED: u64 = 100_000;
/// How long the check counts exactly, and in how much memory: past either the designer hears
/// "at least", and the core and the memory are free again (Solve counts without a limit).
pub(super) const COUNT_FOR: Duration = Duration::from_secs(10);
const COUNT_MEMORY: usize = 64 << 20;
/// How long the check searches for its verdict (and, once it has one, for the cells that
/// vary): past it the designer hears "unknown" or "at least" rather than watch it spin.
pub(super) const VERDICT_FOR: Duration = Duration::from_secs(10);

/// Checks `puzzle` (see [`solve::check`]), telling `report` what it knows as it learns it.
/// Reports nothing more once cancelled. Past `verdict_for`, says "unknown", or "at least" as
/// many solutions as it found, and stops; the count has `count_for` of its own.
pub(super) fn check(
    puzzle: &Puzzle,
    cancel: &CancelToken,
    verdict_for: Duration,
    count_for: Duration,
    report: &mut dyn FnMut(Verdict),
) {
    check_guided(puzzle, cancel, verdict_for, count_for, true, report);
}

/// [`check`], with the stream `guided` (checking its branches when it thrashes, and its order
/// anchored where the plain one is slow to a first solution) as always, or not: tests turn
/// that off to see a stream lost in a dense grid.
fn check_guided(
    puzzle: &Puzzle,
    cancel: &CancelToken,
    verdict_for: Duration,
    count_for: Duration,
    guided: bool,
    report: &mut dyn FnMut(Verdict),
) {
    let options = CheckOptions {
        verdict_for,
        count_for,
        count_memory: COUNT_MEMORY,
        streamed: STREAMED,
        guided,
        ..CheckOptions::default()
    };
    solve::check(puzzle, &options, cancel, &mut |found| {
        report(rated(puzzle, cancel, found))
    });
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;

    use std::time::Instant;

    use num_bigint::BigUint;

    use super::*;
    use crate::logic::Band;

    /// A time limit that a loaded machine's debug build does not reach either: these tests
    /// are about what the check says, not when.
    const PATIENT: Duration = Duration::from_secs(600);

    fn load(path: &str) -> Puzzle {
        let doc = crate::format::load(std::path::Path::new(path))
            .unwrap()
            .document;
        Puzzle::from_grid(&doc.grid).unwrap()
    }

    /// The engine's verdict `found`, as the check reports one that is not unique.
    fn checked(found: solve::Verdict) -> Verdict {
        Verdict::Checked {
            found,
            difficulty: None,
        }
    }

    fn verdicts(path: &str) -> Vec<Verdict> {
        let mut out = Vec::new();
        check(
            &load(path),
            &CancelToken::new(),
            PATIENT,
            COUNT_FOR,
            &mut |v| out.push(v),
        );
        out
    }

    /// The first verdict on a generated dense grid, with the stream `guided` or not.
    fn first_dense_verdict(guided: bool) -> Verdict {
        let grid = crate::solve::generate::random_grid(30, 30, 0.35, 2);
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let cancel = CancelToken::new();
        let (sender, receiver) = channel();
        let token = cancel.clone();
        let worker = std::thread::spawn(move || {
            check_guided(&puzzle, &token, PATIENT, COUNT_FOR, guided, &mut |v| {
                let _ = sender.send(v);
            });
        });
        let first = receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("a verdict within a minute");
        cancel.cancel();
        worker.join().unwrap();
        first
    }

    #[test]
    fn a_dense_grid_streams_its_solutions_when_guided() {
        // Unguided, the streamed order finds no first solution of this grid within minutes.
        let first = first_dense_verdict(true);
        assert!(
            first.summary().starts_with(&format!(
                "at least {} solutions: ",
                crate::app::numbers::group(STREAMED)
            )),
            "{}",
            first.summary()
        );
    }

    #[test]
    fn a_dense_grid_gets_its_verdict_although_the_stream_thrashes() {
        // The streamed order, unguided, finds no first solution of this grid within minutes.
        let first = first_dense_verdict(false);
        assert!(
            first
                .summary()
                .starts_with("at least 2 solutions: those found so far differ in "),
            "{}",
            first.summary()
        );
        let Some(solve::Verdict::Several { count, exact, .. }) = first.found() else {
            panic!("{first:?}");
        };
        assert_eq!(*count, BigUint::from(2u32));
        assert!(!exact);
    }

    #[test]
    fn many_solutions_end_in_an_exact_count_and_every_varying_cell() {
        let out = verdicts("puzzles/millions.kakuro");
        let last = out.last().unwrap();
        assert!(last.is_final());
        assert!(out[..out.len() - 1].iter().all(|v| !v.is_final()));
        let Some(solve::Verdict::Several { count, varies, .. }) = last.found() else {
            panic!("{last:?}");
        };
        assert_eq!(*count, BigUint::from(3_048_192u32));
        // The streamed prefix saw only some of the varying cells; the check finds them all.
        let Some(solve::Verdict::Several { varies: first, .. }) = out[0].found() else {
            panic!("{:?}", out[0]);
        };
        assert!(
            first.len() < varies.len(),
            "{} {}",
            first.len(),
            varies.len()
        );
        assert!(
            last.summary()
                .starts_with("3,048,192 solutions: they differ in ")
        );
    }

    #[test]
    fn few_solutions_answer_once() {
        let out = verdicts("puzzles/two.kakuro");
        assert_eq!(out.len(), 1);
        assert!(out[0].summary().starts_with("2 solutions: they differ in "));
        let wikipedia = verdicts("puzzles/wikipedia.kakuro");
        assert_eq!(wikipedia.len(), 1);
        assert!(matches!(
            &wikipedia[0],
            Verdict::Checked { found: solve::Verdict::Unique, difficulty: Some(d) }
                if d.band == Band::Easy
        ));
        assert_eq!(
            wikipedia[0].summary(),
            "Unique solution · Easy (Two-cell complement)"
        );
        assert_eq!(
            verdicts("puzzles/none.kakuro"),
            vec![checked(solve::Verdict::NoSolution)]
        );
    }

    #[test]
    fn a_check_out_of_time_says_unknown() {
        let puzzle = load("puzzles/wikipedia.kakuro");
        let mut out = Vec::new();
        check(
            &puzzle,
            &CancelToken::new(),
            Duration::ZERO,
            COUNT_FOR,
            &mut |v| out.push(v),
        );
        assert_eq!(
            out,
            vec![checked(solve::Verdict::Unknown {
                after: Duration::ZERO
            })]
        );
        assert!(out[0].is_final());
        assert_eq!(
            out[0].summary(),
            "Unknown after 0 s (Solve searches without a limit)"
        );
        let in_ten = checked(solve::Verdict::Unknown { after: VERDICT_FOR });
        assert!(in_ten.summary().starts_with("Unknown after 10 s"));
    }

    #[test]
    fn a_cancelled_check_says_nothing() {
        let puzzle = load("puzzles/millions.kakuro");
        let cancel = CancelToken::new();
        cancel.cancel();
        let mut out = Vec::new();
        check(&puzzle, &cancel, VERDICT_FOR, COUNT_FOR, &mut |v| {
            out.push(v)
        });
        assert!(out.is_empty());
    }

    #[test]
    fn a_blank_grid_stops_counting_and_says_so() {
        // A new 6 × 6 grid before any clue: billions of billions of fillings.
        let mut grid = crate::Grid::new(7, 7);
        for pos in grid.positions() {
            if pos.row > 0 && pos.col > 0 {
                grid.set(pos, crate::Cell::WHITE);
            }
        }
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let started = Instant::now();
        let mut out = Vec::new();
        check(
            &puzzle,
            &CancelToken::new(),
            PATIENT,
            Duration::from_millis(300),
            &mut |v| out.push(v),
        );
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the check ended"
        );
        let last = out.last().unwrap();
        assert!(last.is_final());
        assert!(
            last.summary()
                .starts_with("at least 100,000 solutions: they differ in 36 cells"),
            "{}",
            last.summary()
        );
        assert!(last.summary().ends_with("; Solve counts them all"));
    }
}
