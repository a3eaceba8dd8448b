//! The designer's side of the app, driven like a new user would: symmetric drawing, the Select
//! tool files open in, the Help menu, the problems list, what the tools say when they type
//! nothing, saving, and the editing conveniences (no display, no GPU, no real file dialogs).

use crate::harness::selected;
use crate::harness::settled::{SQUARE, app_with, click, key, settle, text, type_path, write};
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::KakuroApp;
use kakuro::{Clue, Direction, Pos};

fn white(harness: &Harness<'_, KakuroApp>, row: usize, col: usize) -> bool {
    harness.state().grid().is_white(Pos::new(row, col))
}

fn status(harness: &Harness<'_, KakuroApp>) -> String {
    harness.state().status_message().to_string()
}

/// File › New on the 8 × 8 sample: an 8 × 8 grid, walls along the top and left.
fn new_eight_by_eight() -> Harness<'static, KakuroApp> {
    let mut h = app_with(None);
    key(&mut h, Key::N, Modifiers::COMMAND);
    click(&mut h, "Create");
    assert_eq!(h.state().grid().white_count(), 7 * 7);
    h
}

fn pick_symmetry(h: &mut Harness<'_, KakuroApp>, name: &str) {
    h.get_by_role_and_label(egui::Role::ComboBox, "Symmetry")
        .click();
    settle(h);
    click(h, name);
}

/// The clue border (top row, left column) is not part of the design: a click on r2c2 of a new
/// 8 × 8 mirrors to r8c8, the opposite corner of the white area, not to r7c7.
#[test]
fn symmetric_drawing_mirrors_inside_the_clue_border() {
    let mut h = new_eight_by_eight();
    pick_symmetry(&mut h, "180° rotation");
    click(&mut h, "r2c2, white cell");
    assert!(!white(&h, 1, 1));
    assert!(!white(&h, 7, 7), "r8c8 is the mirror image");
    assert!(white(&h, 6, 6), "r7c7 is not");
    assert_eq!(h.state().grid().white_count(), 7 * 7 - 2);

    // Both mirrors: one click walls the four corners of the white area, one undo takes it back.
    let mut h = new_eight_by_eight();
    pick_symmetry(&mut h, "Mirror both ways");
    click(&mut h, "r3c2, white cell");
    for (row, col) in [(2, 1), (2, 7), (6, 1), (6, 7)] {
        assert!(!white(&h, row, col), "r{}c{}", row + 1, col + 1);
    }
    assert_eq!(h.state().grid().white_count(), 7 * 7 - 4);
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(h.state().grid().white_count(), 7 * 7);

    // Left-right alone mirrors across the vertical axis only.
    pick_symmetry(&mut h, "Mirror left-right");
    click(&mut h, "r3c2, white cell");
    assert!(!white(&h, 2, 1) && !white(&h, 2, 7) && white(&h, 6, 1));
}

/// The shipped sample (and any opened file) opens in the Select tool: a first click selects
/// and changes nothing; D picks Draw, and then a click draws.
#[test]
fn a_first_click_on_the_sample_selects_and_drawing_is_one_key_away() {
    let mut h = app_with(None);
    click(&mut h, "r2c2, white cell");
    assert!(white(&h, 1, 1));
    assert!(!h.state().is_dirty());
    h.get_by_label_contains("Keys: S select, D draw");
    key(&mut h, Key::D, Modifiers::NONE);
    click(&mut h, "r2c2, white cell");
    assert!(!white(&h, 1, 1));

    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "r2c2, white cell");
    assert!(!h.state().is_dirty(), "an opened file is safe too");
}

/// Help › Keyboard shortcuts shows the README's table; Help › Sample puzzles opens a copy of a
/// shipped puzzle; Help › About names the version.
#[test]
fn the_help_menu_shows_the_keys_opens_samples_and_says_what_this_is() {
    let mut h = app_with(None);
    click(&mut h, "Help");
    click(&mut h, "Keyboard shortcuts F1");
    for (keys, what) in kakuro::app::SHORTCUTS {
        h.get_by_label(keys);
        h.get_by_label(what);
    }
    click(&mut h, "Close");
    assert!(h.query_by_label("Keyboard shortcuts").is_none());
    key(&mut h, Key::F1, Modifiers::NONE);
    h.get_by_label("Keyboard shortcuts");
    click(&mut h, "Close");

    click(&mut h, "Help");
    click(&mut h, "Sample puzzles");
    click(&mut h, "two.kakuro");
    let two = kakuro::format::load(&crate::harness::puzzle("two.kakuro")).unwrap();
    assert_eq!(*h.state().grid(), two.document.grid);
    assert_eq!(h.state().path(), None, "a copy: saving asks for a name");
    assert_eq!(h.state().window_title(), "two.kakuro (sample) — Kakuro");
    assert!(!h.state().is_dirty());
    // Every shipped sample is there, the cryptic one (a PE 424 file) too.
    for name in ["hard.kakuro", "expert.kakuro", "cryptic.txt"] {
        click(&mut h, "Help");
        click(&mut h, "Sample puzzles");
        click(&mut h, name);
        assert_eq!(
            h.state().window_title(),
            format!("{name} (sample) — Kakuro")
        );
    }
    assert!(h.state().grid().is_cryptic());

    click(&mut h, "Help");
    click(&mut h, "About");
    h.get_by_label(&format!("Version {}", env!("CARGO_PKG_VERSION")));
}

/// The README's shortcut table and the app's are the same list, row for row.
#[test]
fn the_readme_lists_the_apps_keyboard_shortcuts() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table: Vec<&str> = readme
        .lines()
        .skip_while(|line| !line.starts_with("| Keys |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .collect();
    let app: Vec<String> = kakuro::app::SHORTCUTS
        .iter()
        .map(|(keys, what)| format!("| {keys} | {what} |"))
        .collect();
    assert_eq!(table, app);
}

/// One error is listed first, however many warnings come before it on the board.
#[test]
fn errors_are_listed_before_warnings() {
    let dir = tempfile::tempdir().unwrap();
    // A 7 × 7 open grid (every run without a sum) with an impossible sum on the last row.
    let mut grid = crate::common::blank_grid_text(6, 5);
    grid.push_str("\\40 __ __ __ __ __ __\n");
    let mut h = app_with(Some(write(&dir, "open.kakuro", &grid)));
    let problems = h.state().problems().to_vec();
    assert!(problems.len() > 10, "{problems:?}");
    assert!(problems[0].is_error(), "{problems:?}");
    assert!(problems[1..].iter().all(|p| !p.is_error()));
    let error = problems[0].to_string();
    let first_warning = problems[1].to_string();
    let top = |h: &mut Harness<'_, KakuroApp>, label: &str| h.get_by_label(label).rect().top();
    assert!(top(&mut h, &error) < top(&mut h, &first_warning));
}

/// Runs of one cell, with a sum or a lone white cell without one, are one warning however many
/// there are; "Allow one-cell runs" hides it, is undone like an edit and is saved with the
/// puzzle.
#[test]
fn one_cell_runs_are_one_warning_that_the_puzzle_can_allow() {
    let dir = tempfile::tempdir().unwrap();
    // Row 2: five cells, each alone across (four with a sum) and down (none with a sum).
    let path = write(
        &dir,
        "ones.kakuro",
        "\\ \\ \\ \\ \\ \\ \\ \\ \\ \\\n\\3 __ \\4 __ \\5 __ \\6 __ \\ __\n",
    );
    let mut h = app_with(Some(path.clone()));
    let problems: Vec<String> = h.state().problems().iter().map(|p| p.to_string()).collect();
    let grouped = "r2c1: warning: 10 runs of 1 cell (4 with a sum, 6 without), the first here: \
                   allowed, but rare in published puzzles";
    assert_eq!(problems, [grouped]);
    h.get_by_label(grouped);
    // Every one of them is outlined where it is.
    for pos in [Pos::new(1, 0), Pos::new(1, 3), Pos::new(1, 9)] {
        assert!(h.state().problem_at(pos).is_some(), "{pos}");
    }
    click(&mut h, "Allow one-cell runs");
    assert!(h.state().problems().is_empty());
    assert!(h.state().grid().allows_one_cell_runs());
    assert!(h.state().is_dirty());
    h.get_by_label("No problems.");
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(h.state().problems().len(), 1);
    key(&mut h, Key::Z, Modifiers::COMMAND | Modifiers::SHIFT);
    assert!(h.state().problems().is_empty());
    key(&mut h, Key::S, Modifiers::COMMAND);
    assert!(!h.state().is_dirty(), "{}", status(&h));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("# Allow: one-cell runs"), "{saved}");
    let reopened = app_with(Some(path));
    assert!(reopened.state().problems().is_empty());
    reopened.get_by_label("Allow one-cell runs");
}

/// A tool that cannot type into the selected cell leaves it alone and says which tool can;
/// a sum past 45 says why it started again.
#[test]
fn typing_where_the_tool_cannot_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Digits");
    click(&mut h, "r1c2, wall");
    text(&mut h, "5");
    assert_eq!(
        h.state().grid().get(Pos::new(0, 1)).clue(Direction::Down),
        None
    );
    let said = status(&h);
    assert!(
        said.contains("r1c2 is a wall") && said.contains("press C"),
        "{said}"
    );

    click(&mut h, "Clues");
    click(&mut h, "r2c2, white cell");
    text(&mut h, "5");
    assert_eq!(h.state().digits()[4], 0);
    assert!(status(&h).contains("press G"), "{}", status(&h));

    // The Draw tool types sums too, without moving on after a whole one.
    click(&mut h, "r2c1, wall");
    key(&mut h, Key::D, Modifiers::NONE);
    text(&mut h, "9");
    text(&mut h, "9");
    assert_eq!(
        h.state().grid().get(Pos::new(1, 0)).clue(Direction::Across),
        Some(Clue::Sum(9))
    );
    let said = status(&h);
    assert!(said.contains("at most 45") && said.contains("99"), "{said}");
}

/// Save As to a name without an extension writes a `.kakuro` file.
#[test]
fn save_as_without_an_extension_writes_kakuro_text() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    key(&mut h, Key::S, Modifiers::COMMAND | Modifiers::SHIFT);
    type_path(&mut h, &dir.path().join("mine"));
    click(&mut h, "Save");
    let saved = dir.path().join("mine.kakuro");
    assert!(saved.is_file(), "{}", status(&h));
    assert_eq!(h.state().path(), Some(saved.as_path()));
    assert!(!h.state().is_dirty());
}

/// Closing or opening over a `.kakuro` file with typed digits: Save offers the `.ron` beside
/// it, which keeps them, and then the action goes ahead.
#[test]
fn save_in_the_unsaved_changes_prompt_offers_ron_for_typed_digits() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Digits");
    click(&mut h, "r2c2, white cell");
    text(&mut h, "9");
    key(&mut h, Key::N, Modifiers::COMMAND);
    h.get_by_label_contains("Only a .ron file keeps the digits you typed");
    click(&mut h, "Save as square.ron");
    let ron = dir.path().join("square.ron");
    let saved = kakuro::format::load(&ron).unwrap();
    assert_eq!(saved.document.solution.as_deref().map(|s| s[0]), Some(9));
    h.get_by_label("New puzzle");
}

/// One Enter creates the new puzzle: on a size just typed into its field (which takes the
/// number as the Enter lets go of it), and with the board (clicked before) holding the keyboard.
#[test]
fn one_enter_creates_the_new_puzzle() {
    let mut h = app_with(None);
    key(&mut h, Key::N, Modifiers::COMMAND);
    h.get_by_role_and_label(egui::Role::SpinButton, "Width")
        .click();
    settle(&mut h);
    for _ in 0..3 {
        key(&mut h, Key::Backspace, Modifiers::NONE);
    }
    text(&mut h, "12");
    key(&mut h, Key::Enter, Modifiers::NONE);
    assert!(h.query_by_label("New puzzle").is_none(), "one Enter did it");
    assert_eq!(h.state().grid().width(), 12);

    let mut h = app_with(None);
    click(&mut h, "r2c2, white cell");
    // Whatever the click did (a tool that draws walls the cell), nothing is left to save.
    key(&mut h, Key::Z, Modifiers::COMMAND);
    key(&mut h, Key::N, Modifiers::COMMAND);
    key(&mut h, Key::Enter, Modifiers::NONE);
    assert!(h.query_by_label("New puzzle").is_none(), "one Enter did it");
    assert_eq!(h.state().window_title(), "untitled — Kakuro");
}

/// Enter in the Clues tool goes on to the next clue to type.
#[test]
fn enter_goes_on_to_the_next_clue() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Clues");
    click(&mut h, "r1c2, wall");
    text(&mut h, "4");
    key(&mut h, Key::Enter, Modifiers::NONE);
    text(&mut h, "6");
    key(&mut h, Key::Enter, Modifiers::NONE);
    text(&mut h, "3");
    let clue = |h: &Harness<'_, KakuroApp>, row, col, dir| {
        h.state().grid().get(Pos::new(row, col)).clue(dir)
    };
    assert_eq!(clue(&h, 0, 1, Direction::Down), Some(Clue::Sum(4)));
    assert_eq!(clue(&h, 0, 2, Direction::Down), Some(Clue::Sum(6)));
    assert_eq!(clue(&h, 1, 0, Direction::Across), Some(Clue::Sum(3)));
}

/// Edit › Clear all clues is one step, and undo brings them back.
#[test]
fn clear_all_clues_is_one_undoable_step() {
    let h = app_with(None);
    let mut h = h;
    let before = h.state().grid().clone();
    click(&mut h, "Edit");
    click(&mut h, "Clear all clues");
    let grid = h.state().grid();
    assert!(grid.positions().all(|p| {
        let cell = grid.get(p);
        cell.clue(Direction::Down).is_none() && cell.clue(Direction::Across).is_none()
    }));
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(*h.state().grid(), before);
}

/// Shift+arrows select a rectangle; copy and paste repeat it elsewhere, Space in Draw walls it
/// all, each in one undo step.
#[test]
fn a_rectangle_of_cells_is_copied_pasted_and_painted_at_once() {
    let mut h = new_eight_by_eight();
    click(&mut h, "r2c2, white cell"); // a wall now (Draw)
    key(&mut h, Key::S, Modifiers::NONE);
    key(&mut h, Key::ArrowRight, Modifiers::SHIFT);
    key(&mut h, Key::ArrowDown, Modifiers::SHIFT);
    h.event(Event::Copy);
    settle(&mut h);
    // Paste with r5c5 as the top-left: r5c5 becomes the wall r2c2 was.
    click(&mut h, "r5c5, white cell");
    click(&mut h, "Edit");
    click(&mut h, "Paste Ctrl+V");
    assert!(!white(&h, 4, 4) && white(&h, 4, 5) && white(&h, 5, 4));
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert!(white(&h, 4, 4), "undo takes the paste back");

    // Draw: Space walls the whole selected rectangle, in one step.
    click(&mut h, "r4c4, white cell");
    key(&mut h, Key::ArrowRight, Modifiers::SHIFT);
    key(&mut h, Key::ArrowRight, Modifiers::SHIFT);
    key(&mut h, Key::ArrowDown, Modifiers::SHIFT);
    key(&mut h, Key::D, Modifiers::NONE);
    text(&mut h, " ");
    let walls = |h: &Harness<'_, KakuroApp>| {
        (3..5)
            .flat_map(|r| (3..6).map(move |c| (r, c)))
            .filter(|&(r, c)| !white(h, r, c))
            .count()
    };
    assert_eq!(walls(&h), 6);
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(walls(&h), 0);
}

/// The path field lists the folder's entries that fit the typed name, and Tab completes it.
#[test]
fn the_path_field_lists_the_folder_and_completes_with_tab() {
    let dir = tempfile::tempdir().unwrap();
    write(&dir, "square.kakuro", SQUARE);
    write(&dir, "other.ron", "");
    let mut h = app_with(None);
    key(&mut h, Key::O, Modifiers::COMMAND);
    type_path(&mut h, &dir.path().join("sq"));
    h.get_by_label("square.kakuro");
    assert!(
        h.query_by_label("other.ron").is_none(),
        "does not fit \"sq\""
    );
    h.get_by_role_and_label(egui::Role::TextInput, "Path")
        .focus();
    settle(&mut h);
    key(&mut h, Key::Tab, Modifiers::NONE);
    let field = h.get_by_role_and_label(egui::Role::TextInput, "Path");
    let completed = field.value().unwrap_or_default();
    assert_eq!(
        completed,
        dir.path().join("square.kakuro").display().to_string()
    );
}

/// After a typed digit the cursor moves on along the run (Tab picks the way) and stays on the
/// run's last cell; a sum of two digits moves on to the next clue, a single digit waits.
#[test]
fn typing_moves_the_cursor_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app_with(Some(write(&dir, "square.kakuro", SQUARE)));
    click(&mut h, "Digits");
    click(&mut h, "r2c2, white cell");
    text(&mut h, "1");
    assert!(selected(&h).contains("r3c2"), "{}", selected(&h));
    text(&mut h, "2");
    assert!(selected(&h).contains("r3c2"), "the run ends here");
    // Across now (Tab): the digit replaces the 2 and the cursor goes on to the right.
    key(&mut h, Key::Tab, Modifiers::NONE);
    text(&mut h, "3");
    assert!(selected(&h).contains("r3c3"), "{}", selected(&h));
    assert_eq!(h.state().digits()[7], 3);
    // Undo takes the digit back and the cursor with it.
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(h.state().digits()[7], 2);
    assert!(selected(&h).contains("r3c2"), "{}", selected(&h));

    click(&mut h, "Clues");
    click(&mut h, "r1c2, wall");
    text(&mut h, "4");
    assert!(selected(&h).contains("r1c2"), "4 may become 40 to 45");
    text(&mut h, "5");
    assert!(selected(&h).contains("r1c3"), "{}", selected(&h));
    text(&mut h, "9");
    assert_eq!(
        h.state().grid().get(Pos::new(0, 2)).clue(Direction::Down),
        Some(Clue::Sum(9))
    );
    assert!(selected(&h).contains("r1c3"), "9 waits for Enter");
    key(&mut h, Key::Enter, Modifiers::NONE);
    assert!(selected(&h).contains("r2c1"), "{}", selected(&h));
    text(&mut h, "12");
    assert!(selected(&h).contains("r3c1"), "{}", selected(&h));
    // Backspace right after moving on corrects the sum just typed.
    key(&mut h, Key::Backspace, Modifiers::NONE);
    assert!(selected(&h).contains("r2c1"), "{}", selected(&h));
    assert_eq!(
        h.state().grid().get(Pos::new(1, 0)).clue(Direction::Across),
        Some(Clue::Sum(1))
    );
    text(&mut h, "3");
    assert!(selected(&h).contains("r3c1"), "{}", selected(&h));
    // An Enter typed after a whole sum out of habit does not skip the next clue.
    key(&mut h, Key::Enter, Modifiers::NONE);
    assert!(selected(&h).contains("r3c1"), "{}", selected(&h));
}

/// A slip in a sum is corrected where it was typed: a single digit never moves on, so that the
/// Backspaces after it rub out that sum and not the next.
#[test]
fn a_mistyped_sum_is_corrected_in_place() {
    let mut h = new_eight_by_eight();
    click(&mut h, "Clues");
    click(&mut h, "r1c5, wall");
    text(&mut h, "9");
    text(&mut h, "9");
    assert!(selected(&h).contains("r1c5"), "{}", selected(&h));
    key(&mut h, Key::Backspace, Modifiers::NONE);
    key(&mut h, Key::Backspace, Modifiers::NONE);
    text(&mut h, "3");
    text(&mut h, "0");
    let clue = |h: &Harness<'_, KakuroApp>, row, col| {
        h.state()
            .grid()
            .get(Pos::new(row, col))
            .clue(Direction::Down)
    };
    assert_eq!(clue(&h, 0, 4), Some(Clue::Sum(30)));
    assert_eq!(clue(&h, 0, 5), None, "the next clue is untouched");
    assert!(selected(&h).contains("r1c6"), "{}", selected(&h));
}

/// The Digits tool flags a digit typed twice in a run, as play mode does.
#[test]
fn the_digits_tool_flags_a_repeated_digit() {
    let mut h = new_eight_by_eight();
    click(&mut h, "Digits");
    click(&mut h, "r2c3, white cell");
    text(&mut h, "8");
    assert!(h.query_by_label_contains("mistake: repeated").is_none());
    click(&mut h, "r2c4, white cell");
    text(&mut h, "8");
    h.get_by_label("r2c3, white cell, mistake: repeated in its run");
    h.get_by_label("r2c4, white cell, mistake: repeated in its run");
    click(&mut h, "r2c4, white cell, mistake: repeated in its run");
    key(&mut h, Key::Backspace, Modifiers::NONE);
    assert!(h.query_by_label_contains("mistake: repeated").is_none());
}

/// The symmetry picked for one puzzle is not carried over to the next one opened.
#[test]
fn opening_a_file_resets_the_symmetry() {
    let mut h = new_eight_by_eight();
    pick_symmetry(&mut h, "Mirror both ways");
    key(&mut h, Key::O, Modifiers::COMMAND);
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/wikipedia.kakuro");
    type_path(&mut h, &sample);
    click(&mut h, "Open");
    assert_eq!(h.state().path(), Some(sample.as_path()));
    let symmetry = h.get_by_role_and_label(egui::Role::ComboBox, "Symmetry");
    assert_eq!(symmetry.value().as_deref(), Some("None"));
    let whites = h.state().grid().white_count();
    click(&mut h, "Draw");
    click(&mut h, "r2c2, white cell");
    assert_eq!(
        h.state().grid().white_count(),
        whites - 1,
        "one cell changed"
    );
}

/// A 10 × 10 grid of white cells inside the clue border, without sums: a long problem list.
fn open_grid() -> String {
    let mut text = "\\ ".repeat(10) + "\n";
    for _ in 0..9 {
        text += &format!("\\ {}\n", "__ ".repeat(9));
    }
    text
}

/// Whether the problem list shows its first line (not scrolled past it).
fn first_problem_shown(h: &Harness<'_, KakuroApp>) -> bool {
    let heading = h.get_by_label_contains("Problems (").rect();
    let first = h.get_all_by_label_contains(": warning: ").next().unwrap();
    first.rect().top() >= heading.bottom() - 1.0
}

/// The problem list of a puzzle opened starts at its top, and an error an edit brings is
/// scrolled into view.
#[test]
fn the_problem_list_starts_at_the_top_and_shows_new_errors() {
    let dir = tempfile::tempdir().unwrap();
    let first = write(&dir, "a.kakuro", &open_grid());
    let second = write(&dir, "b.kakuro", &open_grid());
    let mut h = app_with(Some(first));
    assert!(first_problem_shown(&h));
    let last = h.get_all_by_label_contains(": warning: ").last().unwrap();
    last.scroll_to_me();
    settle(&mut h);
    assert!(!first_problem_shown(&h), "scrolled down the list");

    // An impossible sum: the error, listed first, comes into view.
    click(&mut h, "Clues");
    click(&mut h, "r1c2, wall");
    text(&mut h, "3");
    let heading = h.get_by_label_contains("Problems (").rect();
    let error = h.get_by_label_contains(": error: down sum 3").rect();
    assert!(
        error.top() >= heading.bottom() - 1.0,
        "{error:?} {heading:?}"
    );

    key(&mut h, Key::Z, Modifiers::COMMAND);
    let last = h.get_all_by_label_contains(": warning: ").last().unwrap();
    last.scroll_to_me();
    settle(&mut h);
    assert!(!first_problem_shown(&h), "scrolled down the list");
    key(&mut h, Key::O, Modifiers::COMMAND);
    type_path(&mut h, &second);
    click(&mut h, "Open");
    assert!(h.state().path().unwrap().ends_with("b.kakuro"));
    assert!(
        first_problem_shown(&h),
        "the new puzzle's list starts at its top"
    );
}
