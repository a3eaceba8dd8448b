//! The desktop app driven like a user would: clicks, keys and the file prompts (no display, no
//! GPU, no real file dialogs).

use crate::harness::settled::{SQUARE, app_with, click, key, settle, text, type_path, write};
use egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::KakuroApp;
use kakuro::{Cell, Clue, Direction, Pos};

fn clue(harness: &Harness<'_, KakuroApp>, pos: Pos, dir: Direction) -> Option<Clue> {
    harness.state().grid().get(pos).clue(dir)
}

#[test]
fn first_run_shows_the_sample_with_named_cells() {
    let harness = app_with(None);
    assert_eq!(harness.state().grid().width(), 8);
    harness.get_by_label("r1c2, wall, down 23");
    harness.get_by_label("r2c1, wall, across 16");
    harness.get_by_label("r2c2, white cell");
    assert!(!harness.state().is_dirty());
    assert_eq!(
        harness.state().window_title(),
        "wikipedia.kakuro (sample) — Kakuro"
    );
}

/// Until the user zooms or pans, the board stays whole and centred as the window or the grid
/// changes size.
#[test]
fn the_board_follows_the_window_until_zoomed() {
    let mut h = app_with(None);
    let whole = |h: &Harness<'_, KakuroApp>| {
        let view = h.get_by_label("Board").rect();
        let first = h.get_by_label("r1c2, wall, down 23").rect();
        let last = h.get_by_label("r8c8, white cell").rect();
        let centred = ((first.left() - view.left()) - (view.right() - last.right())).abs() < 2.0
            || ((first.top() - view.top()) - (view.bottom() - last.bottom())).abs() < 2.0;
        view.contains_rect(first) && view.contains_rect(last) && centred
    };
    assert!(whole(&h));
    for size in [[900.0, 560.0], [1300.0, 860.0], [760.0, 520.0]] {
        h.set_size(egui::vec2(size[0], size[1]));
        settle(&mut h);
        settle(&mut h);
        assert!(whole(&h), "{size:?}");
    }
    // Zoomed in, it stays where the user put it.
    key(&mut h, Key::Plus, Modifiers::COMMAND);
    key(&mut h, Key::Plus, Modifiers::COMMAND);
    key(&mut h, Key::Plus, Modifiers::COMMAND);
    h.set_size(egui::vec2(1100.0, 760.0));
    settle(&mut h);
    assert!(!whole(&h), "zoomed in past the window");
    // Ctrl+0 fits again.
    key(&mut h, Key::Num0, Modifiers::COMMAND);
    settle(&mut h);
    assert!(whole(&h));
}

/// A long grid opens whole in the board's view, however small its cells get: the user sees the
/// whole puzzle first, then zooms in.
#[test]
fn a_long_grid_opens_whole() {
    let dir = tempfile::tempdir().unwrap();
    // 90 × 10: walls along the top and left, white cells without clues elsewhere.
    let grid = crate::common::blank_grid_text(89, 9);
    let h = app_with(Some(write(&dir, "long.kakuro", &grid)));
    assert_eq!(h.state().grid().width(), 90);
    let view = h.get_by_label("Board").rect();
    let size = h.get_by_label("r1c1, wall").rect().size();
    for cell in [
        "r1c1, wall",
        "r1c90, wall",
        "r10c1, wall",
        "r10c90, white cell",
    ] {
        // A cell's widget is clipped to the view: a cell cut off shows as a narrower one.
        let rect = h.get_by_label(cell).rect();
        assert!(
            view.contains_rect(rect) && (rect.size() - size).length() < 0.01,
            "{cell} at {rect:?}, view {view:?}"
        );
    }
}

#[test]
fn enter_creates_the_new_puzzle() {
    let mut h = app_with(None);
    key(&mut h, Key::N, Modifiers::COMMAND);
    h.get_by_label("New puzzle");
    key(&mut h, Key::Enter, Modifiers::NONE);
    assert!(
        h.query_by_label("New puzzle").is_none(),
        "the dialog closed"
    );
    assert_eq!(h.state().window_title(), "untitled — Kakuro");
    assert_eq!(h.state().grid().white_count(), 7 * 7);
}

#[test]
fn draw_cells_by_clicks_keys_and_a_drag_with_undo_and_redo() {
    let mut h = app_with(None);
    click(&mut h, "File");
    click(&mut h, "New… Ctrl+N");
    click(&mut h, "Create");
    assert!(h.state().grid().is_white(Pos::new(1, 1)));
    assert!(
        !h.state().is_dirty(),
        "a new puzzle has nothing to save yet"
    );

    // A click flips a white cell to a wall; arrows move; Space flips the selected cell.
    click(&mut h, "r2c4, white cell");
    h.get_by_label("r2c4, wall");
    key(&mut h, Key::ArrowRight, Modifiers::NONE);
    text(&mut h, " ");
    h.get_by_label("r2c5, wall");
    assert!(h.state().is_dirty());

    // A drag across three cells of row 4 paints them all, and undoes as one step.
    let from = h.get_by_label("r4c3, white cell").rect().center();
    let to = h.get_by_label("r4c5, white cell").rect().center();
    h.event(Event::PointerMoved(from));
    h.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    settle(&mut h);
    for step in 1..=4 {
        h.event(Event::PointerMoved(
            from + (to - from) * (step as f32 / 4.0),
        ));
        settle(&mut h);
    }
    h.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    settle(&mut h);
    for c in 2..=4 {
        assert!(!h.state().grid().is_white(Pos::new(3, c)), "c{}", c + 1);
    }
    key(&mut h, Key::Z, Modifiers::COMMAND);
    for c in 2..=4 {
        assert!(h.state().grid().is_white(Pos::new(3, c)));
    }
    assert!(
        !h.state().grid().is_white(Pos::new(1, 4)),
        "only the drag was undone"
    );
    key(&mut h, Key::Z, Modifiers::COMMAND | Modifiers::SHIFT);
    assert!(!h.state().grid().is_white(Pos::new(3, 3)));
    key(&mut h, Key::Z, Modifiers::COMMAND);
    key(&mut h, Key::Y, Modifiers::COMMAND);
    assert!(!h.state().grid().is_white(Pos::new(3, 3)));

    // Symmetric editing paints the opposite cell too: opposite inside the clue border.
    h.get_by_role_and_label(egui::Role::ComboBox, "Symmetry")
        .click();
    settle(&mut h);
    click(&mut h, "180° rotation");
    click(&mut h, "r7c7, white cell");
    assert!(!h.state().grid().is_white(Pos::new(6, 6)));
    assert!(!h.state().grid().is_white(Pos::new(2, 2)));
}

#[test]
fn clues_are_typed_hinted_and_validated_live() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "square.kakuro", SQUARE);
    let mut h = app_with(Some(path));
    click(&mut h, "Clues");
    // A click on a wall that starts one run edits that run's clue, wherever it lands.
    click(&mut h, "r1c2, wall");
    text(&mut h, "4");
    assert_eq!(
        clue(&h, Pos::new(0, 1), Direction::Down),
        Some(Clue::Sum(4))
    );
    key(&mut h, Key::Delete, Modifiers::NONE);
    // Clicking a wall's centre selects its across clue (the upper-right half).
    click(&mut h, "r2c1, wall");
    text(&mut h, "1");
    text(&mut h, "7");
    // 17 is a whole sum (no digit extends it): typing moved on to the next clue.
    click(&mut h, "r2c1, wall, across 17");
    h.get_by_label("17 in 2: {8 9}");

    // Tab switches to the down clue; a down sum with no run below is an error at once.
    key(&mut h, Key::Tab, Modifiers::NONE);
    text(&mut h, "5");
    assert_eq!(
        clue(&h, Pos::new(1, 0), Direction::Down),
        Some(Clue::Sum(5))
    );
    let problem = "r2c1: error: down sum 5 has no white cells below it";
    h.get_by_label(problem);
    h.get_by_label_contains("1 error, ");
    // A single digit waits for Enter: Delete clears the down sum just typed.
    key(&mut h, Key::Delete, Modifiers::NONE);
    assert!(h.query_by_label(problem).is_none());
    assert_eq!(clue(&h, Pos::new(1, 0), Direction::Down), None);

    // An impossible sum is listed; clicking it selects its wall; fixing it clears it.
    click(&mut h, "r1c2, wall");
    text(&mut h, "18");
    let problem = "r1c2: error: down sum 18 is impossible for 2 cells: it must be 3 to 17";
    click(&mut h, "r3c3, white cell");
    click(&mut h, problem);
    assert_eq!(
        h.state().grid().get(Pos::new(0, 1)).clue(Direction::Down),
        Some(Clue::Sum(18))
    );
    key(&mut h, Key::Backspace, Modifiers::NONE);
    key(&mut h, Key::Backspace, Modifiers::NONE);
    text(&mut h, "3");
    assert_eq!(
        clue(&h, Pos::new(0, 1), Direction::Down),
        Some(Clue::Sum(3))
    );
    assert!(h.query_by_label(problem).is_none());

    // Typing "17" was one action: one undo takes all of it back.
    let before = h.state().grid().clone();
    click(&mut h, "r2c1, wall, across 17");
    text(&mut h, "4");
    text(&mut h, "2");
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(*h.state().grid(), before);
}

#[test]
fn design_from_digits_fills_every_clue() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "square.kakuro", SQUARE);
    let mut h = app_with(Some(path));
    click(&mut h, "Digits");
    click(&mut h, "r2c2, white cell");
    // Typed across (Tab), the cursor moves on along the row and stays at its end.
    key(&mut h, Key::Tab, Modifiers::NONE);
    text(&mut h, "1");
    text(&mut h, "2");
    key(&mut h, Key::ArrowDown, Modifiers::NONE);
    text(&mut h, "4");
    key(&mut h, Key::ArrowLeft, Modifiers::NONE);
    text(&mut h, "3");
    assert_eq!(h.state().digits()[4..6], [1, 2]);
    click(&mut h, "Fill clues from digits");
    h.get_by_label("r2c1, wall, across 3");
    h.get_by_label("r3c1, wall, across 7");
    h.get_by_label("r1c2, wall, down 4");
    h.get_by_label("r1c3, wall, down 6");
    click(&mut h, "Clear digits");
    assert!(h.state().digits().iter().all(|&d| d == 0));
    assert!(
        h.state().problems().is_empty(),
        "{:?}",
        h.state().problems()
    );
}

#[test]
fn save_and_open_through_the_path_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Digits");
    click(&mut h, "r2c2, white cell");
    text(&mut h, "9");
    let saved = dir.path().join("copy.ron");
    h.state_mut().save_path(&saved).unwrap();
    assert!(!h.state().is_dirty());
    let grid = h.state().grid().clone();

    // Change something, then open the saved file: the app asks about the unsaved change.
    click(&mut h, "Draw");
    click(&mut h, "r3c3, white cell");
    assert!(h.state().is_dirty());
    key(&mut h, Key::O, Modifiers::COMMAND);
    click(&mut h, "Don't save");
    type_path(&mut h, &saved);
    click(&mut h, "Open");
    assert_eq!(*h.state().grid(), grid);
    assert_eq!(h.state().digits()[4], 9, "the .ron keeps the digits");
    assert_eq!(h.state().path(), Some(saved.as_path()));
    assert!(!h.state().is_dirty());

    // Save As to .kakuro text, then export a picture.
    let text_path = dir.path().join("copy.kakuro");
    key(&mut h, Key::S, Modifiers::COMMAND | Modifiers::SHIFT);
    type_path(&mut h, &text_path);
    click(&mut h, "Save");
    assert_eq!(h.state().path(), Some(text_path.as_path()));
    let written = std::fs::read_to_string(&text_path).unwrap();
    assert_eq!(
        written.lines().filter(|l| l.contains('_')).count(),
        2,
        "{written}"
    );
    let svg = dir.path().join("copy.svg");
    h.state_mut().save_path(&svg).unwrap();
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    assert_eq!(
        h.state().path(),
        Some(text_path.as_path()),
        "export keeps the file"
    );
}

/// Save As onto a file that exists asks first; only the same path asked for twice replaces it.
#[test]
fn save_as_over_a_file_asks_before_replacing_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    let other = write(
        &dir,
        "other.kakuro",
        "\\ 3\\ \\
\\3 __ __
",
    );
    let before = std::fs::read_to_string(&other).unwrap();
    key(&mut h, Key::S, Modifiers::COMMAND | Modifiers::SHIFT);
    type_path(&mut h, &other);
    click(&mut h, "Save");
    h.get_by_label_contains("exists already. Replace it?");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), before, "not yet");
    assert_ne!(h.state().path(), Some(other.as_path()));
    // Another name saves at once.
    let fresh = dir.path().join("fresh.kakuro");
    type_path(&mut h, &fresh);
    assert!(h.query_by_label_contains("exists already").is_none());
    click(&mut h, "Save");
    assert!(fresh.exists());
    // The same name twice replaces it.
    key(&mut h, Key::S, Modifiers::COMMAND | Modifiers::SHIFT);
    type_path(&mut h, &other);
    click(&mut h, "Save");
    click(&mut h, "Replace");
    assert_eq!(h.state().path(), Some(other.as_path()));
    assert_ne!(std::fs::read_to_string(&other).unwrap(), before);
}

#[test]
fn a_failed_load_shows_where_and_keeps_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Draw");
    click(&mut h, "r2c2, white cell");
    let grid = h.state().grid().clone();
    let bad = write(&dir, "bad.kakuro", "\\ 3\\ \\\n\\ __ x7\n");
    let err = h.state_mut().load_path(&bad).unwrap_err();
    assert!(err.contains("bad.kakuro:2:"), "{err}");
    assert_eq!(*h.state().grid(), grid);

    // Through the Open prompt the error appears in a message box.
    key(&mut h, Key::O, Modifiers::COMMAND);
    click(&mut h, "Don't save");
    type_path(&mut h, &bad);
    click(&mut h, "Open");
    h.get_by_label("Could not open the file");
    assert!(h.state().status_message().contains("bad.kakuro:2:"));
    click(&mut h, "OK");
    assert_eq!(*h.state().grid(), grid);
    assert_eq!(h.state().grid().get(Pos::new(1, 1)), Cell::WALL);
}

#[test]
fn grid_grows_and_shrinks_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    for label in ["+ Top", "+ Left", "+ Bottom", "+ Right"] {
        click(&mut h, label);
    }
    assert_eq!(
        (h.state().grid().width(), h.state().grid().height()),
        (5, 5)
    );
    assert!(h.state().grid().is_white(Pos::new(2, 2)));
    for label in ["- Top", "- Left"] {
        click(&mut h, label);
    }
    assert!(h.state().grid().is_white(Pos::new(1, 1)));
    assert_eq!(h.state().grid().width(), 4);
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(
        h.state().grid().width(),
        5,
        "undo puts the left column back"
    );
}

/// The controls below the selected cell's hints stay put whatever is selected, so a quick click
/// after a selection lands where the pointer was aimed.
#[test]
fn the_panel_below_the_selection_does_not_move() {
    let mut h = app_with(Some(crate::harness::puzzle("wikipedia.kakuro")));
    click(&mut h, "Clues");
    let mut tops = Vec::new();
    for cell in [
        "r3c4, wall, down 15 across 29",
        "r1c1, wall",
        "r2c2, white cell",
        "r1c2, wall, down 23",
        "r6c2, wall, down 11",
    ] {
        click(&mut h, cell);
        tops.push((cell, h.get_by_label("+ Top").rect().top()));
    }
    let first = tops[0].1;
    for (cell, top) in &tops {
        assert!((top - first).abs() < 0.5, "{tops:?} ({cell})");
    }
}

/// A PE 424 file of several puzzles asks which one to open, then opens that one, unsaved.
#[test]
fn a_pe424_file_of_two_puzzles_asks_which_to_open() {
    let Ok(line) = std::fs::read_to_string("../shared/puzzles/pe424-first.txt") else {
        println!("SKIP: ../shared/puzzles/pe424-first.txt is not here");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let square = write(&dir, "square.kakuro", SQUARE);
    let mut h = app_with(Some(square));
    let two = write(&dir, "two.txt", &format!("{0}\n{0}\n", line.trim()));
    h.state_mut().load_path(&two).unwrap();
    settle(&mut h);
    h.get_by_label("Which puzzle?");
    assert!(
        !h.state().grid().is_cryptic(),
        "nothing opened before the choice"
    );
    click(&mut h, "Puzzle 2 (6 × 6)");
    click(&mut h, "Open");
    let grid = h.state().grid();
    assert!(grid.is_cryptic());
    assert_eq!((grid.width(), grid.height()), (6, 6));
    let title = h.state().window_title();
    assert!(title.contains("two.txt, puzzle 2"), "{title}");

    // A file of one puzzle opens at once, under its name; Save As proposes the format that
    // keeps its letters.
    let one = write(&dir, "one.txt", &line);
    h.state_mut().load_path(&one).unwrap();
    settle(&mut h);
    let title = h.state().window_title();
    assert!(title.contains("one.txt"), "{title}");
    key(&mut h, Key::S, Modifiers::COMMAND | Modifiers::SHIFT);
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Path");
    let proposed = field.value().unwrap_or_default();
    assert!(proposed.ends_with("one.ron"), "{proposed}");
}

/// Digits typed with the Digits tool stay on the board while the check outlines the cells
/// where an ambiguous grid's solutions differ.
#[test]
fn typed_digits_show_while_the_check_outlines_an_ambiguous_grid() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Digits");
    click(&mut h, "r2c2, white cell");
    text(&mut h, "7");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !h
        .state()
        .check_summary()
        .is_some_and(|s| s.contains("solutions"))
    {
        assert!(std::time::Instant::now() < deadline, "no verdict");
        std::thread::sleep(std::time::Duration::from_millis(20));
        settle(&mut h);
    }
    settle(&mut h);
    let cell = h.get_by_label("r2c2, white cell");
    assert_eq!(cell.value().as_deref(), Some("7"));
}

/// A .kakuro file keeps no digits: saving one says so, and the digits stay unsaved.
#[test]
fn saving_as_kakuro_text_keeps_typed_digits_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Digits");
    click(&mut h, "r2c2, white cell");
    text(&mut h, "9");
    let copy = dir.path().join("copy.kakuro");
    h.state_mut().save_path(&copy).unwrap();
    settle(&mut h);
    assert!(h.state().is_dirty(), "the digit is not in the file");
    let status = h.state().status_message().to_string();
    assert!(status.contains("without the typed digits"), "{status}");
    // Without digits, a .kakuro save is complete.
    click(&mut h, "r2c2, white cell");
    key(&mut h, Key::Delete, Modifiers::NONE);
    h.state_mut().save_path(&copy).unwrap();
    assert!(!h.state().is_dirty());
}

/// "Save" in the unsaved-changes question must save: a picture exported instead, or a text
/// file that drops typed digits, leaves the puzzle open and says so.
#[test]
fn an_action_waiting_for_a_save_does_not_run_after_an_export() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(None);
    click(&mut h, "Draw");
    click(&mut h, "r2c2, white cell");
    assert!(h.state().is_dirty());
    key(&mut h, Key::N, Modifiers::COMMAND);
    click(&mut h, "Save");
    type_path(&mut h, &dir.path().join("picture.svg"));
    click(&mut h, "Save");
    assert!(dir.path().join("picture.svg").exists());
    assert!(h.query_by_label("New puzzle").is_none(), "New went ahead");
    assert!(h.state().is_dirty());
    let status = h.state().status_message().to_string();
    assert!(status.starts_with("Not closed"), "{status}");

    // A .kakuro file with typed digits: Save offers the .ron beside it, which keeps them
    // (tests/app/design.rs); declining leaves the puzzle as it was.
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Digits");
    click(&mut h, "r2c2, white cell");
    text(&mut h, "9");
    key(&mut h, Key::N, Modifiers::COMMAND);
    click(&mut h, "Cancel");
    assert!(h.query_by_label("New puzzle").is_none(), "New went ahead");
    assert_eq!(h.state().digits()[4], 9);
}

/// Enter in the path prompt opens like the button does, and a failure's message box stays up.
#[test]
fn enter_in_the_path_prompt_shows_a_failure_in_a_message_box() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    let bad = write(&dir, "bad.kakuro", "\\ 3\\ \\\n\\ __ x7\n");
    key(&mut h, Key::O, Modifiers::COMMAND);
    type_path(&mut h, &bad);
    h.get_by_role_and_label(egui::Role::TextInput, "Path")
        .focus();
    settle(&mut h);
    key(&mut h, Key::Enter, Modifiers::NONE);
    h.get_by_label("Could not open the file");
    assert!(h.state().status_message().contains("bad.kakuro:2:"));
}

/// A file named at start that cannot be read is reported in a message box over the sample.
#[test]
fn a_bad_file_at_start_is_reported_in_a_message_box() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(&dir, "bad.kakuro", "\\ 3\\ \\\n\\ __ x7\n");
    let h = app_with(Some(bad));
    h.get_by_label("Could not open the file");
    assert!(h.state().status_message().contains("bad.kakuro:2:"));
    assert_eq!(h.state().path(), None);
}

/// A `.kakuro` file with mistakes on several lines lists every one in the message box (the
/// parse itself stops at the first); the status line names the first and how many more.
#[test]
fn a_file_with_several_bad_lines_lists_them_all() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(
        &dir,
        "bad.kakuro",
        "\\ 3\\ \\\n\\ __ x7\n\\ ?? __\n\\ __ 5\n",
    );
    let h = app_with(Some(bad));
    h.get_by_label("Could not open the file");
    // The box's text, not the status line's.
    let message = h
        .get_all_by_label_contains("bad.kakuro:4:")
        .filter_map(|node| node.value())
        .max_by_key(String::len)
        .expect("the box lists line 4");
    for line in ["bad.kakuro:2:", "bad.kakuro:3:", "bad.kakuro:4:"] {
        assert!(message.contains(line), "{line} in {message}");
    }
    let status = h.state().status_message().to_string();
    assert!(
        status.contains("bad.kakuro:2:") && status.ends_with("(and 2 more)"),
        "{status}"
    );
}

/// The path prompt says which folder a relative path is in only once one is typed.
#[test]
fn the_path_prompt_names_the_folder_only_for_a_relative_path() {
    let mut h = app_with(None);
    key(&mut h, Key::O, Modifiers::COMMAND);
    h.get_by_role_and_label(egui::Role::TextInput, "Path");
    assert!(h.query_by_label_contains("Relative to").is_none());
    type_path(&mut h, std::path::Path::new("mine.kakuro"));
    assert!(h.query_by_label_contains("Relative to").is_some());
    type_path(&mut h, &std::env::temp_dir().join("mine.kakuro"));
    assert!(h.query_by_label_contains("Relative to").is_none());
}
