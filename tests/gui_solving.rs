//! Solving in the app: solve in the background, browse the solutions, stop a long run.

#![cfg(feature = "gui")]

use std::path::PathBuf;
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::{AppOptions, KakuroApp, RunState};
use kakuro::{Grid, Pos};

fn app_with(file: PathBuf) -> Harness<'static, KakuroApp> {
    let mut harness = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_eframe(move |cc| {
            KakuroApp::new(
                cc,
                AppOptions {
                    file: Some(file),
                    ..AppOptions::default()
                },
            )
        });
    harness.run_steps(2);
    harness
}

fn puzzle(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}

/// Steps the app (the solver keeps asking for repaints) until the run leaves Running.
fn wait_for_end(h: &mut Harness<'_, KakuroApp>) {
    for _ in 0..2000 {
        h.run_steps(1);
        if h.state().solve_state() != Some(RunState::Running) {
            h.run_steps(1);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the solver did not finish");
}

fn click(h: &mut Harness<'_, KakuroApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
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

    // Typing a number jumps there; Home and → page with the keyboard.
    h.get_by_role_and_label(egui::Role::TextInput, "Go to")
        .set_text_value_accesskit("1");
    h.run_steps(1);
    click(&mut h, "Go");
    h.get_by_label("Solution 1 of 2");
    assert_eq!(shown(&mut h), first);
    // Leave the field so the keys go to the board.
    h.key_press(Key::Escape);
    h.run_steps(1);
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    h.get_by_label("Solution 2 of 2");
    h.key_press(Key::Home);
    h.run_steps(2);
    h.get_by_label("Solution 1 of 2");
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
    assert!(h.state().browser_headline().contains("at least"));
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
    click(&mut h, "r2c2, white cell");
    assert_eq!(h.state().solve_state(), None);
    // The grid now has a 3-sum over one cell: an error, so Solve explains instead of solving.
    click(&mut h, "Solve");
    assert_eq!(h.state().solve_state(), None);
    assert!(h.state().status_message().starts_with("Cannot solve"));
}
