//! Controls stay under the pointer: what a panel says grows, shrinks, comes and goes, and the
//! buttons, the board and the panels below it keep their place.

use std::path::PathBuf;

use crate::harness::{app_with, click, puzzle, wait_until};
use egui::{Key, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::{KakuroApp, RunState};
use num_bigint::BigUint;

fn rect(h: &Harness<'_, KakuroApp>, label: &str) -> Rect {
    h.get_by_label(label).rect()
}

/// `blocks` squares of 2 × 2 cells side by side, every sum 10: 8 solutions each, 8^blocks in
/// all, counted at once (the blocks are independent).
fn blocks(blocks: usize) -> (tempfile::TempDir, PathBuf) {
    let text = format!(
        "\\ {}\n{}\n{}\n",
        vec!["10\\ 10\\"; blocks].join(" \\ "),
        vec!["\\10 __ __"; blocks].join(" "),
        vec!["\\10 __ __"; blocks].join(" "),
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blocks.kakuro");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

/// The paging buttons from before Solve to a count of 108 digits and a solution number of 107:
/// the headline stays one line (the numbers in the compact form), so nothing below it moves.
#[test]
fn the_paging_buttons_stay_put_as_the_count_grows_to_108_digits() {
    let (_dir, path) = blocks(119);
    let mut h = app_with(path);
    let buttons = |h: &Harness<'_, KakuroApp>| {
        ["First", "Previous", "Next", "Last", "Go"].map(|b| rect(h, b))
    };
    let idle = buttons(&h);
    click(&mut h, "Solve");
    wait_until(&mut h, "the count", |app| app.exact_count().is_some());
    let n = BigUint::from(8u32).pow(119);
    assert_eq!(n.to_string().len(), 108);
    assert_eq!(h.state().exact_count(), Some(n.to_string()));
    assert_eq!(buttons(&h), idle);
    // The headline in full is what a click copies; the panel shows it one line long.
    let full = h.state().browser_headline();
    assert!(full.ends_with(&crate::harness::group(&n)), "{full}");
    let shown = "Solution 1 of 2.94 × 10^107";
    h.get_by_label(shown).click();
    h.run_steps(1);
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .any(|c| matches!(c, egui::OutputCommand::CopyText(text) if *text == full));
    assert!(copied, "a click on the headline copies every digit");
    // A far solution: both numbers in the compact form, the buttons where they were.
    let far = &n / 3u32;
    h.state_mut().go_to_solution(far.clone());
    wait_until(&mut h, "the jump", |app| {
        app.browser_headline()
            .starts_with(&format!("Solution {} ", crate::harness::group(&far)))
    });
    h.get_by_label("Solution 9.79 × 10^106 of 2.94 × 10^107");
    assert_eq!(buttons(&h), idle);
    h.key_press(Key::Escape);
    h.run_steps(1);
}

/// Starting a run adds no line under the board: the board keeps its place and size.
#[test]
fn the_board_stays_put_when_a_solve_starts_and_ends() {
    let mut h = app_with(puzzle("millions.kakuro"));
    let idle = rect(&h, "Board");
    h.key_press(Key::F5);
    h.run_steps(2);
    assert_eq!(h.state().solve_state(), Some(RunState::Running));
    assert_eq!(rect(&h, "Board"), idle, "running");
    wait_until(&mut h, "the end of the run", |app| {
        app.solve_state() != Some(RunState::Running)
    });
    assert_eq!(rect(&h, "Board"), idle, "done");
}

/// A message too long for the status bar of an 800 × 560 window is cut short where the grid's
/// figures begin, instead of drawing over them.
#[test]
fn the_status_bar_ends_do_not_overlap_in_a_small_window() {
    // 18 in 2 cannot be made: Solve says why, at length.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("impossible.kakuro");
    std::fs::write(&path, "\\ 10\\ 8\\\n\\18 __ __\n").unwrap();
    let mut h = Harness::builder()
        .with_size([800.0, 560.0])
        .build_eframe(move |cc| {
            KakuroApp::new(
                cc,
                kakuro::app::AppOptions {
                    file: Some(path),
                    ..Default::default()
                },
            )
        });
    h.run_steps(2);
    h.key_press(Key::F5);
    h.run_steps(2);
    let message = h.state().status_message().to_string();
    assert!(message.starts_with("Cannot solve: "), "{message}");
    let figures = h.get_by_label_contains(" white  ·  ").rect();
    let message = h.get_by_label(&message).rect();
    assert!(
        message.right() <= figures.left(),
        "the message {message:?} runs into the figures {figures:?}"
    );
    assert!(figures.right() <= 800.0 && message.left() >= 0.0);
}

/// The browser's notices and the watch panel's lines have places of their own, there before
/// they have anything to say: the controls below them stay where they are as they change.
#[test]
fn notices_and_the_watch_panel_do_not_push_the_controls_below() {
    let mut h = app_with(puzzle("two.kakuro"));
    let below = |h: &Harness<'_, KakuroApp>| {
        (
            rect(h, "Highlight changes from the previous"),
            h.get_by_label_contains("Check:").rect(),
        )
    };
    wait_until(&mut h, "the check", |app| app.check_summary().is_some());
    let idle = below(&h);
    click(&mut h, "Solve");
    wait_until(&mut h, "the end of the run", |app| {
        app.solve_state() == Some(RunState::Done)
    });
    assert_eq!(below(&h), idle, "solved");
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    field.set_text_value_accesskit("two");
    h.run_steps(1);
    click(&mut h, "Go");
    h.get_by_label("Not a solution number: \"two\"");
    assert_eq!(below(&h), idle, "a notice");

    // Watching step by step: the lines under the watch's controls change every step (a digit
    // being tried, or none), the check below them stays.
    let check = |h: &Harness<'_, KakuroApp>| h.get_by_label_contains("Check:").rect();
    let mut tried = [false, false];
    for _ in 0..40 {
        h.key_press(Key::F8);
        h.run_steps(3);
        let summary = h.state().watch_summary().expect("a watch");
        tried[usize::from(summary.trying.is_some())] = true;
        assert_eq!(
            check(&h),
            idle.1,
            "step {}: {}",
            summary.steps,
            summary.step
        );
        if !summary.running {
            break;
        }
    }
    assert_eq!(tried, [true, true], "steps with and without a digit tried");
    h.state_mut().stop_watching();
    h.run_steps(2);
    assert_eq!(check(&h), idle.1, "stopped");
}

/// Explain opens under the board, between the side panels: they keep their height, and the
/// check line (which a long verdict makes two lines) stays whole where it was.
#[test]
fn the_check_line_stays_whole_while_explain_is_open() {
    let mut h = app_with(puzzle("expert.kakuro"));
    wait_until(&mut h, "the check", |app| app.check_summary().is_some());
    let verdict = h.state().check_summary().unwrap();
    let before = rect(&h, &verdict);
    let toggle = rect(&h, "Explain");
    h.key_press(Key::F9);
    h.run_steps(2);
    assert!(h.state().explain_open());
    // The panel's title, and the toggle button of the same name in the right-hand panel.
    let explain = h
        .get_all_by_label("Explain")
        .map(|n| n.rect())
        .find(|r| *r != toggle)
        .unwrap();
    assert_eq!(rect(&h, &verdict), before, "the check line keeps its place");
    let tools = h.get_by_label_contains("Keys: S select").rect();
    assert!(
        explain.left() > tools.right() && explain.right() < before.left(),
        "Explain at {explain:?} is not between the panels"
    );
}

/// The tool panel's controls stay put whatever the selected cell's digit sets take; the Digits
/// tool on a wall says where digits go, not how clues are typed.
#[test]
fn the_tool_panel_stays_put_whatever_the_selection_lists() {
    let text = format!("\\ {}\n", "25\\ ".repeat(5)) + &"\\25 __ __ __ __ __\n".repeat(5);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.kakuro");
    std::fs::write(&path, text).unwrap();
    let mut h = app_with(path);
    let heading = |h: &Harness<'_, KakuroApp>| rect(h, "Grid 6 × 6");
    click(&mut h, "r1c1, wall");
    let wall = heading(&h);
    click(&mut h, "r2c2, white cell");
    assert_eq!(
        heading(&h),
        wall,
        "two long lists of digit sets moved the panel"
    );
    click(&mut h, "Digits");
    click(&mut h, "r1c2, wall, down 25");
    assert!(h.query_by_label_contains("Type the clue").is_none());
    h.get_by_label_contains("digits go in white cells");
}
/// For a count no search can list, the search's progress bar (a sliver however long it runs)
/// gives way to blank space of its height.
#[test]
fn no_sliver_of_a_bar_for_a_count_past_listing() {
    let (_dir, path) = blocks(30);
    let mut h = app_with(path);
    let bars = |h: &Harness<'_, KakuroApp>| {
        h.query_all_by_role(egui::accesskit::Role::ProgressIndicator)
            .count()
    };
    let before = bars(&h);
    let first = rect(&h, "First");
    click(&mut h, "Solve");
    wait_until(&mut h, "the count", |app| app.exact_count().is_some());
    assert_eq!(bars(&h), before - 1, "the search's bar is still shown");
    assert_eq!(rect(&h, "First"), first, "the controls below moved");
    h.key_press(Key::Escape);
    h.run_steps(2);
}

/// In a small window the side panels give way: the board keeps a good share of the width.
#[test]
fn the_side_panels_give_way_to_the_board_in_a_small_window() {
    let mut h = Harness::builder()
        .with_size([800.0, 560.0])
        .build_eframe(|cc| {
            KakuroApp::new(
                cc,
                kakuro::app::AppOptions {
                    file: Some(puzzle("expert.kakuro")),
                    ..Default::default()
                },
            )
        });
    h.run_steps(3);
    let board = h.get_by_label("Board").rect();
    assert!(
        board.width() >= 0.4 * 800.0,
        "the board is squeezed to {board:?}"
    );
    // The panels' rows wrap: their buttons are inside the window.
    let screen = h.ctx.content_rect();
    for label in ["Digits", "Play", "Solve", "Last", "Stop watching"] {
        for node in h.get_all_by_label(label) {
            let rect = node.rect();
            assert!(screen.contains_rect(rect), "{label} at {rect:?}");
        }
    }
}
