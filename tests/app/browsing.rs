//! Browsing solutions by keyboard and by number, as a user new to the app would.

use std::time::Duration;

use crate::harness::{app_with, click, puzzle, selected};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::{KakuroApp, RunState};

fn solve(h: &mut Harness<'_, KakuroApp>) {
    click(h, "Solve");
    for _ in 0..2000 {
        h.run_steps(1);
        if h.state().solve_state() == Some(RunState::Done) {
            h.run_steps(1);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the solver did not finish");
}

/// While solutions are shown the four arrows still move the selection, as they do on the
/// board at any other time; with Ctrl they page through the solutions.
#[test]
fn arrows_move_the_selection_and_ctrl_arrows_page_the_solutions() {
    let mut h = app_with(puzzle("two.kakuro"));
    solve(&mut h);
    // The Digits tool selects the cell clicked (Draw would wall it).
    click(&mut h, "Digits");
    click(&mut h, "r3c3, white cell");
    h.get_by_label("Solution 1 of 2");
    assert_eq!(selected(&h), "Selected: r3c3, white cell");
    for (key, cell) in [
        (Key::ArrowRight, "r3c4"),
        (Key::ArrowDown, "r4c4"),
        (Key::ArrowLeft, "r4c3"),
        (Key::ArrowUp, "r3c3"),
    ] {
        h.key_press(key);
        h.run_steps(2);
        assert!(
            selected(&h).starts_with(&format!("Selected: {cell}")),
            "{key:?}"
        );
        h.get_by_label("Solution 1 of 2");
    }
    h.key_press_modifiers(Modifiers::COMMAND, Key::ArrowRight);
    h.run_steps(2);
    h.get_by_label("Solution 2 of 2");
    h.key_press_modifiers(Modifiers::COMMAND, Key::ArrowLeft);
    h.run_steps(2);
    h.get_by_label("Solution 1 of 2");
    assert!(
        selected(&h).starts_with("Selected: r3c3"),
        "Ctrl+arrows page only"
    );
    // The buttons say which keys page.
    let next = h.get_by_label("Next");
    next.hover();
    h.run_steps(60);
    assert!(
        h.query_by_label_contains("Next solution (Ctrl+")
            .or_else(|| h.query_by_label_contains("Next solution (⌘"))
            .is_some(),
        "the hover names the key"
    );
}

/// The Go to field holds a number of a dozen digits and more, whole.
#[test]
fn go_to_shows_a_twelve_digit_number_whole() {
    let mut h = app_with(puzzle("two.kakuro"));
    solve(&mut h);
    let typed = "123,456,789,012";
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    field.set_text_value_accesskit(typed);
    h.run_steps(1);
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    let inner = field.rect().width() - 2.0 * h.ctx.global_style().spacing.button_padding.x;
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let wide = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(typed.to_string(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    assert!(inner >= wide, "{inner} px for {wide} px of digits");
}

/// A number typed for one puzzle's solutions is gone once another puzzle is opened.
#[test]
fn go_to_forgets_the_number_when_another_puzzle_opens() {
    let mut h = app_with(puzzle("two.kakuro"));
    solve(&mut h);
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    field.set_text_value_accesskit("2");
    h.run_steps(1);
    click(&mut h, "Go");
    h.get_by_label("Solution 2 of 2");
    h.state_mut()
        .load_path(&puzzle("tiny.kakuro"))
        .expect("tiny.kakuro opens");
    h.run_steps(2);
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Go to");
    assert_eq!(field.value().as_deref(), Some(""));
}
