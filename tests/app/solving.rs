//! Solving in the app: solve in the background, browse the solutions, stop a long run.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::harness::{app_with, click, group, puzzle, wait_until};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::{KakuroApp, RunState};
use kakuro::format::Document;
use kakuro::solve::generate;
use kakuro::{Grid, Pos, Puzzle, Solver};
use num_bigint::BigUint;

/// Steps the app until the run leaves Running.
fn wait_for_end(h: &mut Harness<'_, KakuroApp>) {
    wait_until(h, "the solver's finish", |app| {
        app.solve_state() != Some(RunState::Running)
    });
}

/// The digits the board shows, row by row, for the white cells of `grid` only.
fn shown(h: &mut Harness<'_, KakuroApp>) -> Vec<Vec<u8>> {
    let grid: Grid = h.state().grid().clone();
    let digits = h.state_mut().shown_solution().expect("a solution is shown");
    (0..grid.height())
        .map(|r| {
            (0..grid.width())
                .filter(|&c| grid.is_white(Pos::new(r, c)))
                .map(|c| digits[r * grid.width() + c])
                .collect::<Vec<u8>>()
        })
        .filter(|row| !row.is_empty())
        .collect()
}

#[test]
fn solve_browse_to_last_and_to_a_typed_number() {
    let mut h = app_with(puzzle("two.kakuro"));
    assert!(h.state_mut().shown_solution().is_none());
    click(&mut h, "Solve");
    wait_for_end(&mut h);
    assert_eq!(h.state().solve_state(), Some(RunState::Done));
    assert_eq!(h.state().solutions_found(), 2);
    assert_eq!(h.state().status_message(), "Solved: 2 solutions");
    // A run this short gives its totals, not rates.
    let status = h.state().solve_status().unwrap();
    assert!(status.starts_with("2 solutions · "), "{status}");
    assert!(status.ends_with(" nodes · done"), "{status}");
    h.get_by_label("Solution 1 of 2");
    let first = shown(&mut h);

    h.get_by_label("Last").click();
    h.run_steps(2);
    h.get_by_label("Solution 2 of 2");
    let last = shown(&mut h);
    assert_ne!(first, last);
    // Both solutions from the puzzle's header, in either order.
    let a = vec![vec![7, 1], vec![8, 2, 3, 1], vec![8, 9, 4], vec![7, 3]];
    let b = vec![vec![7, 1], vec![8, 3, 2, 1], vec![7, 9, 5], vec![8, 2]];
    let mut both = vec![first.clone(), last.clone()];
    both.sort();
    let mut expected = vec![a, b];
    expected.sort();
    assert_eq!(both, expected);

    // Typing a number jumps there; Home and Ctrl+→ page with the keyboard.
    h.get_by_role_and_label(egui::Role::TextInput, "Go to")
        .set_text_value_accesskit("1");
    h.run_steps(1);
    click(&mut h, "Go");
    h.get_by_label("Solution 1 of 2");
    assert_eq!(shown(&mut h), first);
    // Leave the field so the keys go to the board.
    h.key_press(Key::Escape);
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::ArrowRight);
    h.run_steps(2);
    h.get_by_label("Solution 2 of 2");
    h.key_press(Key::Home);
    h.run_steps(2);
    h.get_by_label("Solution 1 of 2");
}

/// A digit typed while a solution is shown is what the cell shows (the solution stays, and
/// a differing digit is marked on the board), instead of vanishing under the solution.
#[test]
fn digits_typed_over_a_solution_stay_in_view() {
    let mut h = app_with(puzzle("two.kakuro"));
    click(&mut h, "Solve");
    wait_for_end(&mut h);
    h.get_by_label("Solution 1 of 2");
    let before = shown(&mut h);
    click(&mut h, "Digits");
    let value = |h: &Harness<'_, KakuroApp>, label: &str| h.get_by_label(label).value();
    assert_eq!(
        value(&h, "r3c3, white cell").as_deref(),
        Some(&*before[1][1].to_string())
    );
    click(&mut h, "r3c3, white cell");
    h.event(egui::Event::Text("5".into()));
    h.run_steps(2);
    assert_eq!(value(&h, "r3c3, white cell").as_deref(), Some("5"));
    // Still the same solution, not a stale or ended run.
    h.get_by_label("Solution 1 of 2");
    assert_eq!(shown(&mut h), before);
    // Deleting the digit shows the solution's again.
    click(&mut h, "r3c3, white cell");
    h.key_press(Key::Delete);
    h.run_steps(2);
    assert_eq!(
        value(&h, "r3c3, white cell").as_deref(),
        Some(&*before[1][1].to_string())
    );
}

/// Keys typed into the "Go to" field stay there, even typed as the click lands or confirmed in
/// the same frame (frames where the field's focus changes): the board must not take them too.
#[test]
fn a_number_typed_and_entered_at_once_goes_nowhere_but_the_field() {
    let mut h = app_with(puzzle("two.kakuro"));
    click(&mut h, "Solve");
    wait_for_end(&mut h);
    let grid = h.state().grid().clone();
    // Typed as the click lands, and typed then entered at once.
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    field.click();
    field.type_text("2");
    h.run_steps(2);
    assert_eq!(h.state().grid(), &grid, "the puzzle changed");
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    assert_eq!(field.value().as_deref(), Some("2"));
    // One frame's events, as a window system delivers a last digit and Enter typed fast.
    field.type_text("1");
    h.event(egui::Event::Key {
        key: Key::Enter,
        pressed: true,
        modifiers: Modifiers::NONE,
        repeat: false,
        physical_key: None,
    });
    h.run_steps(2);
    // "21" is past the last solution: the field said so, the board took nothing.
    h.get_by_label("There are only 2 solutions");
    assert_eq!(h.state().grid(), &grid, "the puzzle changed");
    assert!(!h.state().is_dirty());
}

/// An edit ends the run, and the undo that brings the puzzle back brings its solutions back,
/// at the solution that was shown.
#[test]
fn undo_after_a_slip_brings_the_solutions_back() {
    let mut h = app_with(puzzle("millions.kakuro"));
    click(&mut h, "Solve");
    wait_for_end(&mut h);
    go_and_wait(&mut h, 5);
    let before = shown(&mut h);
    assert_eq!(h.state().status_message(), "Solved: 3,048,192 solutions");
    // A slip of the mouse in the Draw tool turns a white cell into a wall.
    click(&mut h, "Draw");
    click(&mut h, "r2c2, white cell");
    assert_eq!(h.state().solve_state(), None);
    assert_eq!(h.state().status_message(), "", "about a grid that is gone");
    h.get_by_label("Press Solve (F5) to find every solution");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().solve_state(), Some(RunState::Done));
    h.get_by_label("Solution 5 of 3,048,192");
    assert_eq!(shown(&mut h), before);
    // A different puzzle does not take them.
    click(&mut h, "r2c2, white cell");
    click(&mut h, "r2c3, white cell");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().solve_state(), None);
}

#[test]
fn stop_a_run_with_millions_of_solutions() {
    let mut h = app_with(puzzle("millions.kakuro"));
    h.key_press(Key::F5);
    for _ in 0..200 {
        h.run_steps(1);
        if h.state().solutions_found() > 10_000 {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(h.state().solve_state(), Some(RunState::Running));
    // "at least N" while streaming, unless the exact count (counted alongside) is in already.
    let headline = h.state().browser_headline();
    assert!(
        headline.contains("of at least") || headline.ends_with("of 3,048,192"),
        "{headline}"
    );
    h.key_press_modifiers(Modifiers::NONE, Key::Escape);
    h.run_steps(2);
    assert_eq!(h.state().solve_state(), Some(RunState::Stopped));
    let found = h.state().solutions_found();
    assert!(found < 3_048_192, "stopped early: {found}");
    assert!(
        h.state()
            .solve_status()
            .unwrap()
            .ends_with("stopped by user")
    );
    assert!(h.state().status_message().starts_with("Stopped after "));
    // What was found stays browsable.
    h.key_press(Key::End);
    h.run_steps(2);
    assert!(h.state_mut().shown_solution().is_some());
}

#[test]
fn an_edit_ends_the_run_and_invalid_grids_are_not_solved() {
    let mut h = app_with(puzzle("millions.kakuro"));
    click(&mut h, "Solve");
    assert_eq!(h.state().solve_state(), Some(RunState::Running));
    // Clicking a white cell (draw tool) turns it into a wall: the run belongs to another puzzle.
    click(&mut h, "Draw");
    click(&mut h, "r2c2, white cell");
    assert_eq!(h.state().solve_state(), None);
    // The grid now has a 3-sum over one cell: an error, so Solve explains instead of solving.
    click(&mut h, "Solve");
    assert_eq!(h.state().solve_state(), None);
    assert!(h.state().status_message().starts_with("Cannot solve"));
}

#[test]
fn highlights_show_changes_varying_cells_and_a_cells_digits() {
    let mut h = app_with(puzzle("two.kakuro"));
    click(&mut h, "Solve");
    wait_for_end(&mut h);
    // No highlight until asked for.
    assert_eq!(h.state_mut().highlighted_cells(), (vec![], vec![]));
    click(&mut h, "Highlight changes from the previous");
    click(&mut h, "Highlight cells that vary");
    // The first solution has no previous one.
    let (changed, vary) = h.state_mut().highlighted_cells();
    assert!(changed.is_empty());
    let mut vary_sorted = vary.clone();
    vary_sorted.sort();
    // Every cell that differs between the two solutions, and none that doesn't.
    let grid = h.state().grid().clone();
    let first = h.state_mut().shown_solution().unwrap();
    click(&mut h, "Next");
    let second = h.state_mut().shown_solution().unwrap();
    let differ: Vec<Pos> = grid
        .positions()
        .filter(|p| first[p.row * grid.width() + p.col] != second[p.row * grid.width() + p.col])
        .collect();
    assert!(!differ.is_empty());
    let mut sorted_differ = differ.clone();
    sorted_differ.sort();
    assert_eq!(vary_sorted, sorted_differ);
    let (changed, vary) = h.state_mut().highlighted_cells();
    assert_eq!(changed, differ, "solution 2 differs from solution 1 there");
    assert_eq!(vary.len(), differ.len());

    // Selecting a varying cell lists the digits it takes across the solutions.
    click(&mut h, "Clues");
    let cell = differ[0];
    let label = format!("{cell}, white cell");
    click(&mut h, &label);
    let (a, b) = (
        first[cell.row * grid.width() + cell.col],
        second[cell.row * grid.width() + cell.col],
    );
    let (lo, hi) = (a.min(b), a.max(b));
    h.get_by_label(&format!("{cell} takes {lo}, {hi} across the solutions"));
}

#[test]
fn page_to_the_millionth_solution_while_streaming() {
    let path = puzzle("millions.kakuro");
    let mut h = app_with(path.clone());
    h.key_press(Key::F5);
    for _ in 0..4000 {
        h.run_steps(1);
        if h.state().solutions_stored() >= 1_001_000
            || h.state().solve_state() != Some(RunState::Running)
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(h.state().solutions_stored() >= 1_001_000);
    let status = h.state().solve_status().unwrap();
    // Its solutions combine independent parts: far more solutions than nodes.
    assert!(status.contains(" nodes, parts combined · "), "{status}");
    assert!(status.contains("/s) · "), "{status}");
    h.get_by_role_and_label(egui::Role::TextInput, "Go to")
        .set_text_value_accesskit("1,000,000");
    h.run_steps(1);
    click(&mut h, "Go");
    let headline = h.state().browser_headline();
    assert!(headline.starts_with("Solution 1,000,000 of "), "{headline}");

    // The board shows the engine's millionth solution, in the engine's order.
    let doc = kakuro::format::load(&path).unwrap().document;
    let engine_puzzle = kakuro::Puzzle::from_grid(&doc.grid).unwrap();
    let mut k = 0u64;
    let mut millionth = None;
    let _ = kakuro::solve::Solver::new(&engine_puzzle).for_each(|s| {
        k += 1;
        if k == 1_000_000 {
            millionth = Some(s.digits.clone());
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    let millionth = millionth.unwrap();
    let shown = h.state_mut().shown_solution().unwrap();
    let width = doc.grid.width();
    for (cell, digit) in engine_puzzle.cells().iter().zip(&millionth) {
        assert_eq!(shown[cell.pos.row * width + cell.pos.col], *digit);
    }

    // PgDn pages by a thousand (Go left the field: the keys go to the browser).
    h.key_press(Key::PageDown);
    h.run_steps(1);
    assert!(
        h.state()
            .browser_headline()
            .starts_with("Solution 1,001,000 of ")
    );
    wait_for_end(&mut h);
    assert_eq!(h.state().solutions_found(), 3_048_192);
    h.get_by_label("Solution 1,001,000 of 3,048,192");
    h.key_press(Key::End);
    h.run_steps(1);
    h.get_by_label("Solution 3,048,192 of 3,048,192");
    // Past the end: stays on the last and says why, on a line of its own that was there
    // before (the options below do not move).
    let option =
        |h: &Harness<'_, KakuroApp>| h.get_by_label("Highlight changes from the previous").rect();
    let before = option(&h);
    h.state_mut().go_to_solution(3_048_193u64);
    h.run_steps(1);
    h.get_by_label("There are only 3,048,192 solutions");
    assert_eq!(option(&h), before);
}

/// A 2 × 2 square: 3 and 7 across, 4 and 6 down has one solution (1 2 / 3 4).
const SQUARE_UNIQUE: &str = "\\    4\\  6\\\n\\3   __   __\n\\7  __   __\n";

fn wait_for_check(h: &mut Harness<'_, KakuroApp>) -> String {
    for _ in 0..500 {
        h.run_steps(1);
        if let Some(summary) = h.state().check_summary() {
            h.run_steps(1);
            return summary;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the check did not finish");
}

/// The check's last summary, past its partial ones ("…; still checking…").
fn wait_for_final_check(h: &mut Harness<'_, KakuroApp>) -> String {
    let mut summary = wait_for_check(h);
    for _ in 0..1000 {
        if !summary.ends_with("still checking…") {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
        h.run_steps(1);
        summary = h.state().check_summary().unwrap();
    }
    summary
}

#[test]
fn the_designers_check_follows_the_clues() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("square.kakuro");
    std::fs::write(&path, SQUARE_UNIQUE).unwrap();
    let mut h = app_with(path);
    assert_eq!(
        wait_for_check(&mut h),
        "Unique solution · Easy (Unique combination)"
    );
    h.get_by_label_contains("Unique solution · Easy");

    // 5 down breaks the balance of the sums: no solution, and the check says so.
    click(&mut h, "Clues");
    // The wall starts only a down run: the click selects its clue.
    click(&mut h, "r1c2, wall, down 4");
    h.key_press(Key::Backspace);
    h.event(egui::Event::Text("5".into()));
    h.run_steps(1);
    assert_eq!(
        h.state().check_summary(),
        None,
        "an edit restarts the check"
    );
    assert_eq!(wait_for_check(&mut h), "No solution");

    // 5 and 5 down: 1 2 / 4 3 and 2 1 / 3 4, differing everywhere.
    // The wall starts only a down run: the click selects its clue.
    click(&mut h, "r1c3, wall, down 6");
    h.key_press(Key::Backspace);
    h.event(egui::Event::Text("5".into()));
    h.run_steps(1);
    let summary = wait_for_check(&mut h);
    assert_eq!(summary, "2 solutions: they differ in 4 cells (outlined)");
    let (_, varying) = h.state_mut().highlighted_cells();
    assert_eq!(varying.len(), 4);
}

/// The paging buttons stay where they are from the first frame of a run to its end, whether
/// the exact count is still being worked out or not: a user aiming at Next hits Next.
#[test]
fn the_browser_controls_keep_their_place_through_a_run() {
    // 9 × 9 open cells, no sums: streams at once, far too many (Latin squares) to count.
    let mut text = String::from("\\");
    text.push_str(&" \\".repeat(9));
    for _ in 0..9 {
        text.push_str("\n\\");
        text.push_str(&" __".repeat(9));
    }
    text.push('\n');
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin.kakuro");
    std::fs::write(&path, text).unwrap();
    let mut h = app_with(path);
    h.key_press(Key::F5);
    h.run_steps(3);
    assert_eq!(h.state().solve_state(), Some(RunState::Running));
    assert_eq!(h.state().exact_count(), None, "still counting");
    let top = |h: &Harness<'_, KakuroApp>| h.get_by_label("Next").rect().top();
    let running = top(&h);
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert_eq!(h.state().solve_state(), Some(RunState::Stopped));
    assert_eq!(running, top(&h));

    // And on a puzzle that counts at once and runs to the end, from before Solve is pressed:
    // neither the controls, nor the watch below them, nor the design tools move.
    let mut h = app_with(puzzle("millions.kakuro"));
    let tools = |h: &Harness<'_, KakuroApp>| {
        (
            h.get_by_role_and_label(egui::Role::ComboBox, "Symmetry")
                .rect()
                .top(),
            h.get_by_label("Stop watching").rect().top(),
        )
    };
    let (idle, tools_idle) = (top(&h), tools(&h));

    h.key_press(Key::F5);
    h.run_steps(1);
    let running = top(&h);
    assert_eq!(idle, running);
    wait_for_end(&mut h);
    assert_eq!(h.state().solve_state(), Some(RunState::Done));
    assert_eq!(running, top(&h));
    assert_eq!(tools_idle, tools(&h));
    // Selecting a cell lists its digits across the solutions, in lines kept for it.
    click(&mut h, "Digits");
    for cell in ["r5c3, white cell", "r1c1, wall", "r7c4, white cell"] {
        click(&mut h, cell);
        assert_eq!(tools_idle, tools(&h), "{cell}");
    }
    assert!(
        h.query_by_label_contains("across the solutions").is_some(),
        "a white cell was selected"
    );
}

/// The side panel's content keeps its left edge when it grows taller than the window (the
/// browser's controls appear on Solve): a scroll bar must not push it sideways.
#[test]
fn the_panel_does_not_shift_sideways_when_it_grows() {
    let mut h = app_with(puzzle("enum-blocks.kakuro"));
    let left = |h: &Harness<'_, KakuroApp>| h.get_by_label("Stop watching").rect().left();
    let before = left(&h);
    h.key_press(Key::F5);
    h.run_steps(3);
    h.run_steps(2);
    assert!(h.query_by_label("Next").is_some(), "the browser is shown");
    assert_eq!(before, left(&h));
    // A nine-digit solution number does not widen the panel either.
    go_and_wait(&mut h, 123_456_789);
    assert!(
        h.state()
            .browser_headline()
            .starts_with("Solution 123,456,789 ")
    );
    h.run_steps(2);
    assert_eq!(before, left(&h));
    h.key_press(Key::Escape);
    h.run_steps(1);
}

#[test]
fn the_designers_check_counts_past_the_streamed_solutions() {
    let mut h = app_with(puzzle("millions.kakuro"));
    // The first answer may be partial ("at least 100,000"); the last is exact.
    let summary = wait_for_final_check(&mut h);
    assert!(
        summary.starts_with("3,048,192 solutions: they differ in "),
        "{summary}"
    );
    let (_, varying) = h.state_mut().highlighted_cells();
    let expected = summary
        .split_whitespace()
        .nth(5)
        .unwrap()
        .parse::<usize>()
        .unwrap();
    assert_eq!(varying.len(), expected);
}

/// Benchmark, not a check of speed: the UI frame build time while a puzzle streams at full
/// speed: millions.kakuro to the end (3,048,192 solutions), then enum-blocks.kakuro (8^9
/// solutions) for 10 s, which also reaches the storage cap.
/// `cargo test --release --test app -- --ignored --nocapture --test-threads 1 frame_time`
#[test]
#[ignore]
fn frame_time_while_streaming() {
    for (name, limit) in [("millions.kakuro", 60), ("enum-blocks.kakuro", 10)] {
        let mut h = app_with(puzzle(name));
        // The same frames with nothing running, for comparison.
        let idle = |h: &mut Harness<'_, KakuroApp>, what: &str| {
            let mut frames: Vec<Duration> = (0..120)
                .map(|_| {
                    let t = std::time::Instant::now();
                    h.step();
                    let took = t.elapsed();
                    std::thread::sleep(Duration::from_millis(16).saturating_sub(took));
                    took
                })
                .collect();
            frames.sort();
            println!(
                "{name}, {what}: p50 {:?}, p99 {:?}",
                frames[59], frames[118]
            );
        };
        idle(&mut h, "idle before solving");
        h.key_press(Key::F5);
        h.run_steps(1);
        assert_eq!(h.state().solve_state(), Some(RunState::Running));
        let mut frames = Vec::new();
        let started = std::time::Instant::now();
        while h.state().solve_state() == Some(RunState::Running) {
            if started.elapsed() > Duration::from_secs(limit) {
                h.key_press(Key::Escape);
            } else if frames.len() % 4 == 0 {
                // A user paging while it streams: the board changes every few frames.
                h.key_press(Key::PageDown);
            }
            let t = std::time::Instant::now();
            h.step();
            frames.push(t.elapsed());
            // The display's pace: a frame every 16 ms at most.
            std::thread::sleep(Duration::from_millis(16).saturating_sub(t.elapsed()));
        }
        let total = started.elapsed();
        let found = h.state().solutions_found();
        idle(&mut h, "after solving, browsing");
        frames.sort();
        let at = |q: f64| frames[((frames.len() - 1) as f64 * q).round() as usize];
        println!(
            "{name}: {found} solutions ({} stored) in {:.2} s, {} frames; build time p50 {:?}, \
             p99 {:?}, max {:?}",
            h.state().solutions_stored(),
            total.as_secs_f64(),
            frames.len(),
            at(0.5),
            at(0.99),
            frames[frames.len() - 1]
        );
    }
}

/// The engine's solution #`k` (0-based) of `name`, as the board shows it (white cells only).
fn engine_nth(name: &str, k: u64) -> Vec<Vec<u8>> {
    engine_nth_of(&puzzle(name), &BigUint::from(k))
}

/// [`engine_nth`] of the puzzle in file `path`, for any `k`.
fn engine_nth_of(path: &std::path::Path, k: &BigUint) -> Vec<Vec<u8>> {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = kakuro::format::parse(&text, kakuro::format::Format::Kakuro)
        .unwrap()
        .document;
    let p = kakuro::Puzzle::from_grid(&doc.grid).unwrap();
    let solution = kakuro::solve::Solver::new(&p)
        .nth(k)
        .ok()
        .flatten()
        .expect("the engine has that solution");
    let mut rows: Vec<Vec<u8>> = vec![Vec::new(); doc.grid.height()];
    // CellId order is row by row, so each row's cells come left to right.
    for (cell, &d) in p.cells().iter().zip(&solution.digits) {
        rows[cell.pos.row].push(d);
    }
    rows.into_iter().filter(|r| !r.is_empty()).collect()
}

/// Steps the app until the exact count has arrived.
fn wait_for_count(h: &mut Harness<'_, KakuroApp>) -> u64 {
    wait_for_exact(h).try_into().expect("a count below 2^64")
}

/// [`wait_for_count`] for any count.
fn wait_for_exact(h: &mut Harness<'_, KakuroApp>) -> BigUint {
    wait_until(h, "the count", |app| app.exact_count().is_some());
    h.state().exact_count().unwrap().parse().unwrap()
}

/// Steps the app until the headline starts with `want` (or gives up after a few seconds; the
/// caller checks).
fn wait_for_headline(h: &mut Harness<'_, KakuroApp>, want: &str) {
    for _ in 0..2000 {
        h.run_steps(1);
        if h.state().browser_headline().starts_with(want) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A count past every integer type is browsed whole: a number typed past 2^64, the last
/// solution, and Random's draws (from the whole count, not its first 2^64) all show the
/// solutions the engine puts there.
#[test]
fn a_count_past_every_integer_type_is_browsed_whole() {
    // 30 blocks of 2 × 2 cells, every sum 10, side by side: 8 solutions each (as in
    // enum-blocks.kakuro), 8^30 ≈ 1.2 · 10^27 in all.
    let blocks = 30;
    let text = format!(
        "\\ {}\n{}\n{}\n",
        vec!["10\\ 10\\"; blocks].join(" \\ "),
        vec!["\\10 __ __"; blocks].join(" "),
        vec!["\\10 __ __"; blocks].join(" "),
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blocks.kakuro");
    std::fs::write(&path, text).unwrap();
    let mut h = app_with(path.clone());
    click(&mut h, "Solve");
    let n = wait_for_exact(&mut h);
    assert_eq!(n, BigUint::from(8u32).pow(30));
    // The headline has every digit; the count's own line says how big it is.
    h.run_steps(1);
    h.get_by_label("Exact count: 1.24 × 10^27 (28 digits)");
    let of = format!(" of {}", group(&n));
    let past = BigUint::from(u64::MAX) * 3u32 + 12345u32;
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    field.focus();
    field.type_text(&past.to_string());
    h.run_steps(1);
    click(&mut h, "Go");
    let want = format!("Solution {}{of}", group(&past));
    wait_for_headline(&mut h, &want);
    assert_eq!(h.state().browser_headline(), want);
    assert_eq!(shown(&mut h), engine_nth_of(&path, &(&past - 1u32)));
    h.key_press(Key::End);
    let want = format!("Solution {}{of}", group(&n));
    wait_for_headline(&mut h, &want);
    assert_eq!(h.state().browser_headline(), want);
    assert_eq!(shown(&mut h), engine_nth_of(&path, &(&n - 1u32)));
    // Each draw lands below 2^64 with odds of 1 in 6.7 · 10^7.
    for _ in 0..3 {
        click(&mut h, "Random");
        let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
        let number: BigUint = field.value().unwrap().replace(',', "").parse().unwrap();
        assert!(number > BigUint::from(u64::MAX), "{number}");
        let want = format!("Solution {}{of}", group(&number));
        wait_for_headline(&mut h, &want);
        assert_eq!(h.state().browser_headline(), want);
        assert_eq!(shown(&mut h), engine_nth_of(&path, &(number - 1u32)));
    }
    h.key_press(Key::Escape);
    h.run_steps(1);
}

#[test]
fn jump_to_the_last_solution_right_after_solve() {
    let name = "millions.kakuro";
    let mut h = app_with(puzzle(name));
    click(&mut h, "Solve");
    let n = wait_for_count(&mut h);
    assert_eq!(n, 3_048_192);
    // The count is exact at once, while the stream still runs.
    let headline = h.state().browser_headline();
    assert!(headline.ends_with("of 3,048,192"), "{headline}");
    for k in [n, 2_999_999, n / 2 + 7] {
        go_and_wait(&mut h, k);
        assert_eq!(
            h.state().browser_headline(),
            format!("Solution {} of 3,048,192", group(k))
        );
        assert_eq!(shown(&mut h), engine_nth(name, k - 1), "solution {k}");
    }
    // End goes to the last solution; past it there is nothing.
    h.key_press(Key::Home);
    h.run_steps(1);
    h.key_press(Key::End);
    for _ in 0..2000 {
        h.run_steps(1);
        if h.state()
            .browser_headline()
            .starts_with("Solution 3,048,192 ")
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(shown(&mut h), engine_nth(name, n - 1));
    h.state_mut().go_to_solution(n + 1);
    h.run_steps(2);
    assert_eq!(
        h.state().browser_headline(),
        "Solution 3,048,192 of 3,048,192"
    );
    h.key_press(Key::Escape);
    h.run_steps(1);
}

/// On a dense grid the plain order (digits ascending) searched for seconds before its first
/// solution; the order now leads with a solution a side search finds, so solution 1 is on the
/// board at once, and it is the engine's first (the one `kakuro solve` prints first).
#[test]
fn a_dense_grid_shows_its_first_solution_at_once() {
    // The plain order took 0.2–0.8 s to its first solution of this grid (release build).
    let grid = generate::random_grid(30, 30, 0.38, 200);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dense.kakuro");
    kakuro::format::save(&path, &Document::new(grid.clone())).unwrap();
    let mut h = app_with(path);
    click(&mut h, "Solve");
    let deadline = Instant::now() + Duration::from_secs(300);
    while h.state_mut().shown_solution().is_none() {
        assert!(Instant::now() < deadline, "no solution shown");
        std::thread::sleep(Duration::from_millis(20));
        h.run_steps(1);
    }
    assert!(
        h.state().browser_headline().starts_with("Solution 1 of "),
        "{}",
        h.state().browser_headline()
    );
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    let first = Solver::new(&puzzle).first().ok().flatten().unwrap();
    let digits = h.state_mut().shown_solution().unwrap();
    let cells: Vec<u8> = puzzle
        .cells()
        .iter()
        .map(|c| digits[c.pos.row * grid.width() + c.pos.col])
        .collect();
    assert_eq!(cells, first.digits, "the engine's first solution");
    // The digits on the board solve the puzzle.
    let digits = h.state_mut().shown_solution().unwrap();
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    for run in puzzle.runs() {
        let ds: Vec<u32> = run
            .cells
            .iter()
            .map(|&c| {
                let pos = puzzle.cell(c).pos;
                u32::from(digits[pos.row * grid.width() + pos.col])
            })
            .collect();
        assert_eq!(ds.iter().collect::<HashSet<_>>().len(), ds.len());
        if let Some(sum) = run.sum() {
            assert_eq!(ds.iter().sum::<u32>(), u32::from(sum));
        }
    }
    h.key_press(Key::Escape);
    h.run_steps(1);
}

/// Random picks a solution by its number, any of the counted ones, and says which until the
/// next move; a new run starts with an empty "Go to".
#[test]
fn random_goes_to_a_solution_drawn_among_all() {
    let mut h = app_with(puzzle("millions.kakuro"));
    click(&mut h, "Solve");
    wait_for_count(&mut h);
    let mut seen = HashSet::new();
    for _ in 0..5 {
        click(&mut h, "Random");
        let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
        let number = field.value().unwrap();
        let want = format!("Solution {number} of 3,048,192");
        for _ in 0..2000 {
            if h.state().browser_headline().starts_with(&want) {
                break;
            }
            h.run_steps(1);
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(h.state().browser_headline().starts_with(&want), "{want}");
        seen.insert(number);
    }
    assert!(seen.len() > 1, "{seen:?}");
    // Moving on from the drawn solution takes its number out of the field.
    click(&mut h, "First");
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    assert_eq!(field.value().as_deref(), Some(""));
    wait_for_end(&mut h);
    click(&mut h, "Solve");
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    assert_eq!(field.value().as_deref(), Some(""));
    h.key_press(Key::Escape);
    h.run_steps(1);
}

/// "Highlight cells that vary" outlines every cell that can vary once the check has found them
/// all, not only those that varied among the solutions streamed so far.
#[test]
fn cells_that_vary_come_from_the_check_once_it_knows() {
    let mut h = app_with(puzzle("enum-blocks.kakuro"));
    h.state_mut().set_highlights(false, true);
    h.key_press(Key::F5);
    h.run_steps(2);
    h.key_press(Key::Escape);
    h.run_steps(2);
    // The stream varies the last block fastest: its first block has not changed yet.
    assert!(h.state().solutions_stored() < 8u64.pow(8));
    let summary = wait_for_final_check(&mut h);
    assert_eq!(
        summary,
        "134,217,728 solutions: they differ in 36 cells (outlined)"
    );
    h.run_steps(1);
    let (_, varying) = h.state_mut().highlighted_cells();
    assert_eq!(varying.len(), 36);
}

/// A solved cryptic puzzle shows the digit each letter stands for, and the Project Euler answer.
#[test]
fn a_solved_cryptic_puzzle_shows_its_letters() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/pe424-first.txt");
    if !path.exists() {
        eprintln!("skipped: {} is absent", path.display());
        return;
    }
    let mut h = app_with(path);
    h.get_by_label("Letters: solve to see their digits");
    click(&mut h, "Solve");
    wait_for_end(&mut h);
    h.get_by_label("Letters: A=8 B=4 C=2 D=6 E=0 F=3 G=9 H=5 I=7 J=1 · answer 8426039571");
}

/// A solution fetched past the stored ones still shows which cells changed from the one before.
#[test]
fn changes_show_on_a_solution_fetched_past_the_stream() {
    let name = "millions.kakuro";
    let mut h = app_with(puzzle(name));
    h.state_mut().set_highlights(true, false);
    click(&mut h, "Solve");
    wait_for_count(&mut h);
    let k = 2_999_999;
    go_and_wait(&mut h, k);
    assert!(h.state().solutions_stored() < k, "fetched, not streamed");
    let (now, before) = (engine_nth(name, k - 1), engine_nth(name, k - 2));
    let differing = now
        .iter()
        .flatten()
        .zip(before.iter().flatten())
        .filter(|(a, b)| a != b)
        .count();
    assert!(differing > 0);
    // The solution before it comes after it (the board does not wait for it).
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.state_mut().highlighted_cells().0.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
        h.run_steps(1);
    }
    let (changed, _) = h.state_mut().highlighted_cells();
    assert_eq!(changed.len(), differing);
    h.key_press(Key::Escape);
    h.run_steps(1);
}

/// Jumps to solution `k` (1 for the first) and steps the app until the headline shows it (or
/// gives up after a few seconds; the caller checks).
fn go_and_wait(h: &mut Harness<'_, KakuroApp>, k: u64) {
    h.state_mut().go_to_solution(k);
    let want = format!("Solution {} ", group(k));
    for _ in 0..2000 {
        h.run_steps(1);
        if h.state().browser_headline().starts_with(&want) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Benchmark, not a check of speed: how long a jump past the stored solutions takes to show
/// (the oracle's nth(k) plus a frame), on millions.kakuro while it streams.
/// `cargo test --test app -- --ignored --nocapture jump_time`
#[test]
#[ignore]
fn jump_time() {
    let mut h = app_with(puzzle("millions.kakuro"));
    let started = std::time::Instant::now();
    click(&mut h, "Solve");
    let n = wait_for_count(&mut h);
    println!("exact count {n} after {:?}", started.elapsed());
    let mut times = Vec::new();
    for i in 0..40u64 {
        // Spread over the back half, past what has streamed.
        let k = n - (i * 37_813) % (n / 2);
        let t = std::time::Instant::now();
        h.state_mut().go_to_solution(k);
        let want = format!("Solution {} ", group(k));
        while !h.state().browser_headline().starts_with(&want) {
            h.step();
        }
        times.push(t.elapsed());
    }
    times.sort();
    println!(
        "jump to #k shown: p50 {:?}, p90 {:?}, max {:?} (stored meanwhile: {})",
        times[20],
        times[36],
        times[39],
        h.state().solutions_stored()
    );
    // The engine's part alone: nth(k) after a count, as the oracle runs it.
    let text = std::fs::read_to_string(puzzle("millions.kakuro")).unwrap();
    let doc = kakuro::format::parse(&text, kakuro::format::Format::Kakuro)
        .unwrap()
        .document;
    let p = kakuro::Puzzle::from_grid(&doc.grid).unwrap();
    let mut solver = kakuro::solve::Solver::new(&p);
    solver.count().unwrap();
    let mut engine: Vec<Duration> = (0..40u64)
        .map(|i| {
            let k = n - 1 - (i * 37_813) % (n / 2);
            let t = std::time::Instant::now();
            solver
                .nth(&num_bigint::BigUint::from(k))
                .ok()
                .flatten()
                .unwrap();
            t.elapsed()
        })
        .collect();
    engine.sort();
    println!("nth(k) alone: p50 {:?}, max {:?}", engine[20], engine[39]);
    h.key_press(Key::Escape);
    h.run_steps(1);
}

/// Benchmark, not a check of speed: how long Stop (Esc) takes, from the key to the frame that
/// shows the run stopped, while enum-blocks.kakuro (8^9 solutions) streams at full speed.
/// `cargo test --test app -- --ignored --nocapture stop_latency`
#[test]
#[ignore]
fn stop_latency() {
    let mut h = app_with(puzzle("enum-blocks.kakuro"));
    let mut times = Vec::new();
    for round in 0..20u64 {
        h.key_press(Key::F5);
        h.run_steps(1);
        assert_eq!(h.state().solve_state(), Some(RunState::Running));
        // Let it stream for a while, at the display's pace.
        let until = std::time::Instant::now() + Duration::from_millis(100 + 20 * round);
        while std::time::Instant::now() < until {
            h.step();
            std::thread::sleep(Duration::from_millis(16));
        }
        let t = std::time::Instant::now();
        h.key_press(Key::Escape);
        while h.state().solve_state() == Some(RunState::Running) {
            h.step();
        }
        times.push(t.elapsed());
        assert_eq!(h.state().solve_state(), Some(RunState::Stopped));
        assert!(h.state().solutions_found() > 0);
    }
    times.sort();
    println!(
        "Esc to stopped: p50 {:?}, p90 {:?}, max {:?}",
        times[10], times[18], times[19]
    );
}
