//! Browsing a puzzle with astronomically many solutions: the stream keeps a window of them
//! instead of filling its memory first, Last and jumps say what waits for the exact count, and
//! once counted every solution is served by its number.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::harness::{app, group, puzzle};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kakuro::app::{KakuroApp, RunState};
use kakuro::format::Document;
use kakuro::solve::generate;
use kakuro::{Puzzle, Solver};
use num_bigint::BigUint;

/// The solutions' memory in these tests: a few thousand solutions of the giant, so that the
/// window and the cap are reached in seconds.
const MEMORY: usize = 4 << 20;

/// The app on `path`, its runs keeping at most [`MEMORY`] of solutions.
fn app_on(path: PathBuf) -> Harness<'static, KakuroApp> {
    let mut h = app(Some(path));
    h.run_steps(2);
    h.state_mut().set_solution_memory(MEMORY);
    h
}

/// A generated 30 × 100 at 30% walls (about 2,000 white cells): its count is out of reach
/// (hours), its solutions beyond any store.
fn giant() -> (tempfile::TempDir, PathBuf, Puzzle) {
    let grid = generate::random_grid(30, 100, 0.30, 0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("giant.kakuro");
    kakuro::format::save(&path, &Document::new(grid.clone())).unwrap();
    (dir, path, Puzzle::from_grid(&grid).unwrap())
}

/// Steps the app until `done` holds, for at most `secs` seconds.
fn step_until(
    h: &mut Harness<'_, KakuroApp>,
    secs: u64,
    what: &str,
    mut done: impl FnMut(&mut Harness<'_, KakuroApp>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !done(h) {
        assert!(Instant::now() < deadline, "{what}");
        std::thread::sleep(Duration::from_millis(10));
        h.run_steps(1);
    }
}

fn disabled(h: &Harness<'_, KakuroApp>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

fn notice(h: &Harness<'_, KakuroApp>) -> String {
    h.state().browser_notice().unwrap_or_default()
}

#[test]
fn a_giant_puzzle_streams_through_a_window_and_says_what_waits_for_the_count() {
    let (_dir, path, puzzle) = giant();
    let stride = puzzle.cells().len().div_ceil(2) as u64;
    let mut h = app_on(path);
    h.get_by_label("Solve").click();
    h.run_steps(2);
    // The store stops keeping every solution well before the cap: a window, not the cap filled
    // first.
    let mut kept = 0;
    step_until(&mut h, 300, "the store never dropped a solution", |h| {
        kept = kept.max(h.state().solutions_stored());
        h.state().solutions_found() > h.state().solutions_stored()
    });
    assert!(
        kept * stride < MEMORY as u64 / 2,
        "{kept} solutions of {stride} bytes kept before the first was dropped"
    );
    // Until the count is known, Last is disabled and says why, and End says it too.
    assert!(disabled(&h, "Last"));
    h.key_press(Key::End);
    h.run_steps(2);
    let why = notice(&h);
    assert!(
        why.starts_with("The last solution needs the exact count: no estimate yet ("),
        "{why}"
    );
    assert_eq!(h.state().solve_state(), Some(RunState::Running));
    // The stream goes on past the window: once it has dropped more than it keeps, the latest
    // solution found is shown (with the batch that brings it, when the worker is ahead of the
    // browser), and one the window dropped waits for the count, saying so.
    step_until(&mut h, 300, "the stream stalled", |h| {
        h.state().solutions_found() > 3 * h.state().solutions_stored()
    });
    let found = h.state().solutions_found();
    h.state_mut().go_to_solution(found);
    let shown = format!("Solution {} of at least ", group(found));
    step_until(&mut h, 60, "the latest solution was not shown", |h| {
        notice(h).is_empty() && h.state().browser_headline().starts_with(&shown)
    });
    let dropped = found / 2;
    h.state_mut().go_to_solution(dropped);
    h.run_steps(1);
    let waits = notice(&h);
    assert!(
        waits.starts_with(&format!(
            "Solution {} is fetched by number once counted: no estimate yet (",
            group(dropped)
        )),
        "{waits}"
    );
    // One ahead of the stream comes with it.
    let ahead = h.state().solutions_found() + 200;
    h.state_mut().go_to_solution(ahead);
    let waits = notice(&h);
    assert!(
        waits.starts_with(&format!(
            "Solution {} comes with the stream (at ",
            group(ahead)
        )),
        "{waits}"
    );
    let want = format!("Solution {} of at least ", group(ahead));
    step_until(&mut h, 300, "the stream did not bring it", |h| {
        h.state().browser_headline().starts_with(&want)
    });
    assert!(notice(&h).is_empty(), "{}", notice(&h));
    assert!(disabled(&h, "Last"));
    h.key_press(Key::Escape);
    h.run_steps(1);
}

/// Once counted, the solutions a window dropped and the last one are served by number: the
/// engine's own.
#[test]
fn once_counted_the_solutions_a_window_dropped_are_served_by_number() {
    // 8^9 solutions of 18 cells: far beyond the memory, counted in milliseconds.
    let path = puzzle("enum-blocks.kakuro");
    let mut h = app_on(path.clone());
    h.get_by_label("Solve").click();
    step_until(&mut h, 120, "no count", |h| {
        h.state().exact_count().is_some()
    });
    step_until(&mut h, 120, "the run did not stop", |h| {
        h.state().solve_state() != Some(RunState::Running)
    });
    assert_eq!(h.state().solve_state(), Some(RunState::Capped));
    assert!(
        h.state().solutions_stored() * 9 < MEMORY as u64 / 2,
        "a window"
    );
    let grid = kakuro::format::load(&path).unwrap().document.grid;
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    let engine = |k: u64| {
        Solver::new(&puzzle)
            .nth(&BigUint::from(k - 1))
            .ok()
            .flatten()
            .unwrap()
    };
    let shown = |h: &mut Harness<'_, KakuroApp>| {
        let digits = h.state_mut().shown_solution().unwrap();
        let cells: Vec<u8> = puzzle
            .cells()
            .iter()
            .map(|c| digits[c.pos.row * grid.width() + c.pos.col])
            .collect();
        cells
    };
    let n = 8u64.pow(9);
    assert!(!disabled(&h, "Last"));
    h.get_by_label("Last").click();
    let want = format!("Solution {} of {}", group(n), group(n));
    step_until(&mut h, 60, "Last did not arrive", |h| {
        h.state().browser_headline() == want
    });
    assert_eq!(shown(&mut h), engine(n).digits);
    // Far past the solutions streamed before the count stopped the stream.
    let k = n / 2 + 7;
    assert!(h.state().solutions_found() < k);
    h.state_mut().go_to_solution(k);
    let want = format!("Solution {} of {}", group(k), group(n));
    step_until(&mut h, 60, "the jump did not arrive", |h| {
        h.state().browser_headline() == want
    });
    assert_eq!(shown(&mut h), engine(k).digits);
}
