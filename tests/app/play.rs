//! Play mode driven by keys and clicks: a whole game to the end, mistakes by the rules, pencil
//! marks and the combination helper, the game saved with the document and autosaved against a
//! crash, and a grid that stays locked while playing.

use std::path::PathBuf;

use crate::harness::{app, puzzle};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::{AppOptions, HintStage, HintSummary, KakuroApp};
use kakuro::{Grid, Pos, Puzzle, Solver};

/// Runs frames until the app asks for no more (the clock's once-a-second repaints do not count).
fn settle(h: &mut Harness<'_, KakuroApp>) {
    let _ = h.try_run();
}

fn press(h: &mut Harness<'_, KakuroApp>, key: Key) {
    h.key_press(key);
    settle(h);
}

fn press_with(h: &mut Harness<'_, KakuroApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    settle(h);
}

fn click(h: &mut Harness<'_, KakuroApp>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

const DIGIT_KEYS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

fn digit_key(d: u8) -> Key {
    DIGIT_KEYS[usize::from(d) - 1]
}

/// The Wikipedia sample, played (P pressed).
fn playing(path: PathBuf) -> Harness<'static, KakuroApp> {
    let mut h = app(Some(path));
    settle(&mut h);
    press(&mut h, Key::P);
    assert!(h.state().playing());
    h
}

/// The white cells in reading order (the order of the game's digits and marks).
fn whites(grid: &Grid) -> Vec<Pos> {
    grid.positions().filter(|p| grid.is_white(*p)).collect()
}

fn index(h: &Harness<'_, KakuroApp>, pos: Pos) -> usize {
    whites(h.state().grid())
        .iter()
        .position(|p| *p == pos)
        .unwrap()
}

fn solution(grid: &Grid) -> Vec<u8> {
    let puzzle = Puzzle::from_grid(grid).unwrap();
    Solver::new(&puzzle).first().ok().flatten().unwrap().digits
}

fn marks(h: &Harness<'_, KakuroApp>, pos: Pos) -> u16 {
    h.state().play_marks().unwrap()[index(h, pos)]
}

fn digit(h: &Harness<'_, KakuroApp>, pos: Pos) -> u8 {
    h.state().play_digits().unwrap()[index(h, pos)]
}

const fn bit(d: u8) -> u16 {
    1 << d
}

#[test]
fn the_wikipedia_puzzle_is_played_to_the_end_by_keys() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    let first = whites(h.state().grid())[0];
    // Play starts on the first white cell.
    h.get_by_label_contains("Combinations at r2c2");
    // Marks: Shift+digit writes and rubs out; undo and redo take them back and forth.
    press_with(&mut h, Modifiers::SHIFT, Key::Num9);
    press_with(&mut h, Modifiers::SHIFT, Key::Num7);
    assert_eq!(marks(&h, first), bit(7) | bit(9));
    press_with(&mut h, Modifiers::SHIFT, Key::Num7);
    assert_eq!(marks(&h, first), bit(9));
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(marks(&h, first), bit(7) | bit(9));
    press_with(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(marks(&h, first), bit(9));
    // Space switches the digit keys to marks and back.
    press(&mut h, Key::Space);
    press(&mut h, Key::Num6);
    assert_eq!(marks(&h, first), bit(6) | bit(9));
    assert_eq!(digit(&h, first), 0);
    press(&mut h, Key::Space);
    h.get_by_label("r2c2, white cell, marks {6 9}");
    // A wrong digit, taken back.
    let wrong = solution[0] % 9 + 1;
    press(&mut h, digit_key(wrong));
    assert_eq!(digit(&h, first), wrong);
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(digit(&h, first), 0);
    // Every cell: its digit, then Tab to the next empty one.
    for &d in &solution {
        assert!(h.state().play_finished().is_none());
        press(&mut h, digit_key(d));
        press(&mut h, Key::Tab);
    }
    assert_eq!(h.state().play_digits().unwrap(), solution);
    let time = h.state().play_finished().expect("finished");
    let message = format!(
        "Solved in {}:{:02} with no help!",
        time.as_secs() / 60,
        time.as_secs() % 60
    );
    // In the banner over the board, the panel and the status line.
    h.get_by_label("Solved!");
    assert!(h.get_all_by_label(&message).count() >= 3);
    assert_eq!(h.state().status_message(), message);
}

#[test]
fn a_repeated_digit_is_flagged_at_once_and_cleared_by_backspace() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    press(&mut h, Key::Num9);
    assert!(h.state().play_mistakes().is_empty());
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::Num9);
    assert_eq!(
        h.state().play_mistakes(),
        vec![Pos::new(1, 1), Pos::new(1, 2)]
    );
    h.get_by_label_contains("r2c2, white cell, mistake: repeated in its run");
    press(&mut h, Key::Backspace);
    assert!(h.state().play_mistakes().is_empty());
    // A full run with the wrong sum: 16 in 2 as 9 + 8.
    press(&mut h, Key::Num8);
    h.get_by_label("r2c3, white cell, mistake: in a full run with the wrong sum");
}

#[test]
fn fill_candidates_then_a_placement_clears_the_digit_from_its_runs_marks() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    click(&mut h, "Fill candidates");
    // r2c2 is in 16 in 2 ({7 9}) across and 23 in 3 ({6 8 9}) down.
    let (here, across, down) = (Pos::new(1, 1), Pos::new(1, 2), Pos::new(2, 1));
    assert_eq!(marks(&h, here), bit(9));
    assert_ne!(marks(&h, across) & bit(9), 0);
    assert_ne!(marks(&h, down) & bit(9), 0);
    let elsewhere = Pos::new(2, 5);
    let before = marks(&h, elsewhere);
    assert_ne!(before & bit(9), 0);
    press(&mut h, Key::Num9);
    assert_eq!(marks(&h, across) & bit(9), 0);
    assert_eq!(marks(&h, down) & bit(9), 0);
    assert_eq!(
        marks(&h, elsewhere),
        before,
        "a cell of other runs keeps its 9"
    );
    // What a hint reads and what its step does: one undo step, the hint counted once.
    let cell = kakuro::CellId(index(&h, elsewhere) as u32);
    let (_, position) = h.state().play_position().unwrap();
    assert_eq!(position.marks[cell.index()], before);
    h.state_mut().count_play_hint();
    assert!(h.state_mut().apply_play_step(&[], &[(cell, bit(9))]));
    settle(&mut h);
    assert_eq!(marks(&h, elsewhere), before & !bit(9));
    h.get_by_label("Used: 1 hint");
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(marks(&h, elsewhere), before);
    // With the option off, a placement leaves the marks alone.
    click(&mut h, "Placing a digit removes it from its runs' marks");
    press(&mut h, Key::ArrowDown);
    let row = marks(&h, Pos::new(2, 2));
    press(&mut h, Key::Num8);
    assert_eq!(marks(&h, Pos::new(2, 2)), row);
}

#[test]
fn the_combination_helper_strikes_sets_after_a_placement() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    // 23 in 3 down from r2c2 has one set.
    h.get_by_label("Down: 23 in 3");
    // So has 16 in 2 across.
    assert_eq!(h.get_all_by_label("single set").count(), 2);
    // 21 in 4 across from r7c2 has many.
    click(&mut h, "r7c2, white cell");
    h.get_by_label("Across: 21 in 4");
    h.get_by_label("{1 5 7 8}");
    assert!(h.query_by_label("{1 5 7 8} (struck out)").is_none());
    press(&mut h, Key::Num9);
    h.get_by_label("{1 5 7 8} (struck out)");
    h.get_by_label("{1 3 8 9}");
    // Marks strike too: the next cell may only be 3 or 8.
    press(&mut h, Key::ArrowRight);
    press_with(&mut h, Modifiers::SHIFT, Key::Num3);
    press_with(&mut h, Modifiers::SHIFT, Key::Num8);
    h.get_by_label("{1 4 7 9} (struck out)");
    h.get_by_label("{1 3 8 9}");
}

#[test]
fn a_game_saved_mid_way_comes_back_with_its_digits_marks_time_and_cursor() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = playing(puzzle("wikipedia.kakuro"));
    press(&mut h, Key::Num9);
    press(&mut h, Key::Tab);
    press_with(&mut h, Modifiers::SHIFT, Key::Num7);
    // Let the clock pass a second.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    settle(&mut h);
    assert!(h.state().is_dirty());
    let digits = h.state().play_digits().unwrap();
    let marks = h.state().play_marks().unwrap();
    let path = dir.path().join("game.ron");
    h.state_mut().save_path(&path).unwrap();
    assert!(!h.state().is_dirty());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("version: 2"), "{text}");
    assert!(text.contains("cursor: \"r2c3\""), "{text}");

    let mut h = app(Some(path));
    settle(&mut h);
    assert!(h.state().playing(), "a saved game opens in play mode");
    assert_eq!(h.state().play_digits().unwrap(), digits);
    assert_eq!(h.state().play_marks().unwrap(), marks);
    assert!(h.state().play_time().unwrap().as_secs() >= 1);
    assert!(!h.state().is_dirty());
    // Play goes on where it was, and moving on alone changes nothing worth saving.
    h.get_by_label_contains("Combinations at r2c3");
    press(&mut h, Key::ArrowRight);
    assert!(!h.state().is_dirty());
}

#[test]
fn a_game_in_progress_survives_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join("data").join("autosave.ron");
    let options = |file: Option<PathBuf>| AppOptions {
        file,
        autosave: Some(autosave.clone()),
        ..AppOptions::default()
    };
    let first = options(Some(puzzle("wikipedia.kakuro")));
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_eframe(move |cc| KakuroApp::new(cc, first));
    settle(&mut h);
    press(&mut h, Key::P);
    press(&mut h, Key::Tab);
    press(&mut h, Key::Num9);
    assert!(autosave.exists(), "written a moment after the change");
    // The app goes away without closing (no on_exit).
    drop(h);

    let second = options(None);
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_eframe(move |cc| KakuroApp::new(cc, second));
    settle(&mut h);
    h.get_by_label("Restore the game in progress?");
    click(&mut h, "Restore");
    assert!(h.state().playing());
    assert_eq!(h.state().play_digits().unwrap()[1], 9);
    assert_eq!(h.state().path(), Some(puzzle("wikipedia.kakuro").as_path()));
    // Play goes on at the cell where it stopped.
    h.get_by_label_contains("Combinations at r2c3");
    assert!(h.state().is_dirty(), "the game is not in its file yet");
}

/// A file opened by a relative path is kept (for the next start, and in the autosave) by its
/// whole path, so it is found again whatever folder the app starts in.
#[test]
fn a_file_opened_by_a_relative_path_is_kept_by_its_whole_path() {
    let dir = tempfile::tempdir().unwrap();
    let autosave = dir.path().join("autosave.ron");
    let options = AppOptions {
        file: Some(PathBuf::from("puzzles/wikipedia.kakuro")),
        autosave: Some(autosave.clone()),
        ..AppOptions::default()
    };
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_eframe(move |cc| KakuroApp::new(cc, options));
    settle(&mut h);
    let kept = h.state().path().unwrap().to_path_buf();
    assert!(kept.is_absolute(), "{}", kept.display());
    assert!(kept.ends_with("puzzles/wikipedia.kakuro"));
    press(&mut h, Key::P);
    press(&mut h, Key::Num9);
    let text = std::fs::read_to_string(&autosave).unwrap();
    let named = text.lines().next().unwrap();
    assert!(named.ends_with(&*kept.to_string_lossy()), "{named}");
}

#[test]
fn walls_and_clues_cannot_be_changed_while_playing() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let grid = h.state().grid().clone();
    assert!(
        h.query_by_label("+ Top").is_none(),
        "no resizing while playing"
    );
    h.get_by_label("Walls and clues are locked while you play.");
    // The status bar says so, where it names the design tool otherwise.
    h.get_by_label_contains("·  Playing  ·  0:0");
    h.get_by_label_contains("·  no help");
    assert!(h.query_by_label_contains("·  Select").is_none());
    // The design tools' keys, a click on a wall and typing into it change nothing.
    press(&mut h, Key::D);
    click(&mut h, "r1c2, wall, down 23");
    press(&mut h, Key::Num5);
    press(&mut h, Key::Delete);
    press(&mut h, Key::Space);
    h.event(egui::Event::Paste("\\ \\\n".into()));
    settle(&mut h);
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().grid(), grid);
    assert!(h.state().playing());
    // P goes back to designing, where the tools work again.
    press(&mut h, Key::P);
    assert!(!h.state().playing());
    h.get_by_label("+ Top");
    h.get_by_label_contains("%  ·  Select");
}

/// Runs frames until the status line says `prefix…` (the solution comes from a background
/// thread).
fn wait_for_status(h: &mut Harness<'_, KakuroApp>, prefix: &str) -> String {
    for _ in 0..500 {
        settle(h);
        let message = h.state().status_message().to_string();
        if message.starts_with(prefix) {
            return message;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!(
        "no {prefix:?} in the status: {}",
        h.state().status_message()
    );
}

#[test]
fn check_reveal_and_solve_are_counted_helps() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    // A wrong digit that breaks no rule yet: Check counts it without saying where.
    let wrong = if solution[0] == 7 { 9 } else { 7 };
    press(&mut h, digit_key(wrong));
    click(&mut h, "Check");
    let said = wait_for_status(&mut h, "Check:");
    assert_eq!(said, "Check: 1 of the 1 digits placed is wrong");
    press(&mut h, Key::Tab);
    click(&mut h, "Reveal cell");
    wait_for_status(&mut h, "r2c3 is");
    assert_eq!(h.state().play_digits().unwrap()[1], solution[1]);
    click(&mut h, "Solve");
    let said = wait_for_status(&mut h, "Solve filled in the board after ");
    assert_eq!(h.state().play_digits().unwrap(), solution);
    assert!(
        said.ends_with(", with 1 cell revealed, 1 check before"),
        "{said}"
    );
    // The finish is a banner over the board too, which says who filled it in.
    h.get_by_label("Filled in");
    assert!(h.get_all_by_label(&said).count() >= 2);
    // A board Solve filled in sets no best time.
    assert_eq!(h.state().best_times(), &Default::default());
    assert!(h.query_by_label_contains("this puzzle").is_none());
    // Undo takes the finish back: no "Solved" message may stay beside an unsolved board.
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_ne!(h.state().play_digits().unwrap(), solution);
    assert!(h.query_by_label(&said).is_none(), "{said} still shown");
}

/// A finish shows the best times of the puzzle and of its size and band, which a second finish
/// (no faster) keeps.
#[test]
fn a_finish_shows_the_best_times_of_the_puzzle_and_of_its_size_and_band() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let grid = h.state().grid().clone();
    let solution = solution(&grid);
    let band = kakuro::logic::rate(&Puzzle::from_grid(&grid).unwrap()).band;
    let class = format!("{} × {} {}", grid.width(), grid.height(), band.name());
    for (i, &d) in solution.iter().enumerate() {
        press(&mut h, digit_key(d));
        if i + 1 < solution.len() {
            press(&mut h, Key::Tab);
        }
    }
    let time = h.state().play_finished().expect("finished");
    let clock = format!("{}:{:02}", time.as_secs() / 60, time.as_secs() % 60);
    // The size and band's line comes once the background rating is in.
    crate::harness::wait_until(&mut h, "the band's best", |app| {
        app.best_times().classes.len() == 1
    });
    let first =
        format!("First time for this puzzle: {clock}   ·   First time for {class}: {clock}");
    h.get_by_label(&first);
    assert_eq!(h.state().best_times().puzzles.len(), 1);
    assert_eq!(
        h.state()
            .best_times()
            .classes
            .values()
            .copied()
            .collect::<Vec<_>>(),
        vec![time.as_secs()]
    );
    // Taken back (the last cell is still selected) and finished again, later: the first time
    // stays the best.
    press(&mut h, Key::Backspace);
    assert!(h.state().play_finished().is_none());
    press(&mut h, digit_key(*solution.last().unwrap()));
    let again = h.state().play_finished().expect("finished again");
    assert!(again >= time);
    let kept = format!("Best for this puzzle: {clock}   ·   Best for {class}: {clock}");
    h.get_by_label(&kept);
}

/// Pause hides the board and stops the clock; so does the window losing the focus.
#[test]
fn the_clock_stops_while_paused_or_in_the_background() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    click(&mut h, "Pause");
    h.get_by_label("Paused: the board is hidden. Resume (F7)");
    assert!(h.query_by_label("r2c2, white cell").is_none());
    let paused = h.state().play_time().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    settle(&mut h);
    assert_eq!(h.state().play_time().unwrap(), paused);
    // Keys other than F7 do nothing while paused.
    press(&mut h, Key::Num5);
    press(&mut h, Key::F7);
    h.get_by_label("r2c2, white cell");
    assert_eq!(h.state().play_digits().unwrap()[0], 0);
    // In the background.
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .focused = Some(false);
    settle(&mut h);
    let away = h.state().play_time().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    settle(&mut h);
    assert_eq!(h.state().play_time().unwrap(), away);
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .focused = Some(true);
    settle(&mut h);
    std::thread::sleep(std::time::Duration::from_millis(300));
    settle(&mut h);
    assert!(h.state().play_time().unwrap() > away);
}

/// Closing a `.kakuro` file mid-game offers the `.ron` beside it, which keeps the game; Ctrl+S
/// into the `.kakuro` says the game was not kept.
#[test]
fn closing_mid_game_offers_the_ron_that_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.kakuro");
    std::fs::copy(puzzle("wikipedia.kakuro"), &path).unwrap();
    let mut h = playing(path.clone());
    press(&mut h, Key::Num9);
    press_with(&mut h, Modifiers::COMMAND, Key::S);
    assert!(
        h.state()
            .status_message()
            .contains("without the game in progress"),
        "{}",
        h.state().status_message()
    );
    assert!(h.state().is_dirty());
    press_with(&mut h, Modifiers::COMMAND, Key::N);
    click(&mut h, "Save as w.ron");
    let ron = dir.path().join("w.ron");
    let doc = kakuro::format::load(&ron).unwrap().document;
    assert_eq!(doc.play.unwrap().digits[0], 9);
}

/// Runs frames until the hint is worked out.
fn hint_ready(h: &mut Harness<'_, KakuroApp>) -> HintSummary {
    for _ in 0..2000 {
        if let Some(summary) = h.state().hint_summary()
            && !summary.busy
        {
            return summary;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.run_steps(1);
    }
    panic!("no hint came");
}

/// H while playing: the hint reads the game, and its steps go into it.
fn hint_key(h: &mut Harness<'_, KakuroApp>) -> HintSummary {
    h.key_press(Key::H);
    h.run_steps(1);
    hint_ready(h)
}

#[test]
fn hint_in_play_highlights_a_run_then_places_a_correct_digit_that_undo_takes_back() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    let first = hint_key(&mut h);
    assert_eq!(first.stage, HintStage::Runs, "{first:?}");
    assert!(first.text.contains("look at"), "{first:?}");
    let shown = h
        .state_mut()
        .shown_lesson()
        .expect("the hint is on the board");
    assert!(
        !shown.focus.is_empty() && shown.cause.is_empty(),
        "{shown:?}"
    );
    // A hint counts once, whichever of its stages the player sees.
    h.get_by_label("Used: 1 hint");
    h.get_by_label_contains("Playing  ·  ");
    h.get_by_label_contains("·  1 help");
    // The panel's button does what the key does.
    click(&mut h, "Hint");
    assert_eq!(h.state().hint_summary().unwrap().stage, HintStage::Cells);
    h.get_by_label("Used: 1 hint");
    // Presses until a digit is placed: every digit is the solution's, and in the game.
    let mut hints = 1;
    for _ in 0..200 {
        let summary = hint_key(&mut h);
        if summary.stage == HintStage::Runs {
            hints += 1;
            h.get_by_label(&format!("Used: {hints} hints"));
        }
        let digits = h.state().play_digits().unwrap();
        if digits.iter().any(|&d| d != 0) {
            assert_eq!(summary.stage, HintStage::Applied);
            for (i, &d) in digits.iter().enumerate() {
                assert!(d == 0 || d == solution[i], "cell {i}: {d}");
            }
            let shown = h.state_mut().shown_lesson().unwrap();
            assert!(!shown.placed.is_empty(), "{shown:?}");
            // One undo step takes the hint's step back, and the hint with it.
            press_with(&mut h, Modifiers::COMMAND, Key::Z);
            assert!(h.state().play_digits().unwrap().iter().all(|&d| d == 0));
            assert!(h.state().hint_summary().is_none());
            return;
        }
    }
    panic!("no hint placed a digit");
}

#[test]
fn hint_in_play_names_a_wrong_digit_or_mark_and_counts_it_once() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    let wrong = solution[0] % 9 + 1;
    press(&mut h, digit_key(wrong));
    let said = hint_key(&mut h);
    assert_eq!(said.stage, HintStage::Message);
    assert!(said.text.contains("r2c2 is wrong"), "{said:?}");
    assert_eq!(
        h.state_mut().shown_lesson().unwrap().wrong,
        vec![Pos::new(1, 1)]
    );
    h.get_by_label("Used: 1 hint");
    // Asked again, it says the same, places nothing and counts nothing more.
    hint_key(&mut h);
    h.get_by_label("Used: 1 hint");
    assert_eq!(
        h.state()
            .play_digits()
            .unwrap()
            .iter()
            .filter(|&&d| d != 0)
            .count(),
        1
    );
    // A mark that leaves out the solution's digit is named too, not hinted from.
    press(&mut h, Key::Backspace);
    press(&mut h, Key::Tab);
    let other = solution[1] % 9 + 1;
    press_with(&mut h, Modifiers::SHIFT, digit_key(other));
    let said = hint_key(&mut h);
    assert_eq!(said.stage, HintStage::Message);
    assert!(said.text.contains("pencil marks at r2c3"), "{said:?}");
    // An edit drops the hint shown.
    press_with(&mut h, Modifiers::SHIFT, digit_key(solution[1]));
    assert!(h.state().hint_summary().is_none());
}

#[test]
fn hints_in_play_solve_the_wikipedia_puzzle_and_the_finish_counts_them() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    let mut hints = 0;
    for _ in 0..1500 {
        if h.state().play_finished().is_some() {
            break;
        }
        let summary = hint_key(&mut h);
        assert_ne!(summary.stage, HintStage::Message, "{summary:?}");
        if summary.stage == HintStage::Runs {
            hints += 1;
        }
    }
    assert_eq!(h.state().play_digits().unwrap(), solution);
    let time = h.state().play_finished().expect("finished");
    let message = format!(
        "Solved in {}:{:02} with {hints} hints!",
        time.as_secs() / 60,
        time.as_secs() % 60
    );
    assert_eq!(h.state().status_message(), message);
    h.get_by_label_contains("Solved  ·  ");
}

#[test]
fn a_hint_always_changes_the_players_position() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    click(&mut h, "Fill candidates");
    // 21 in 4 across at r7c2, all placed: striking its other sets shows the player nothing.
    h.get_by_label_contains("r7c2, white cell").click();
    settle(&mut h);
    for d in [8, 9, 3, 1] {
        press(&mut h, digit_key(d));
        press(&mut h, Key::ArrowRight);
    }
    for _ in 0..12 {
        let before = h.state().play_position().unwrap().1.clone();
        let first = hint_key(&mut h);
        assert_eq!(first.stage, HintStage::Runs, "{first:?}");
        hint_key(&mut h);
        let applied = hint_key(&mut h);
        assert_eq!(applied.stage, HintStage::Applied, "{applied:?}");
        let after = h.state().play_position().unwrap().1.clone();
        assert_ne!(before, after, "the hint changed nothing: {}", applied.text);
        // The sentence starts with the technique's name.
        let first_char = applied.text.chars().next().unwrap();
        assert!(first_char.is_uppercase(), "{}", applied.text);
    }
}

#[test]
fn pause_hides_the_combination_helper_with_the_board() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    h.get_by_label_contains("Combinations at r2c2");
    h.get_by_label("Down: 23 in 3");
    press(&mut h, Key::F7);
    assert!(h.query_by_label_contains("Combinations at").is_none());
    assert!(h.query_by_label("Down: 23 in 3").is_none());
    assert!(h.query_by_label_contains("{6 8 9}").is_none());
    h.get_by_label("Hidden while paused.");
    press(&mut h, Key::F7);
    h.get_by_label("Down: 23 in 3");
}

#[test]
fn undoing_a_reveal_takes_its_message_from_the_panel() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    click(&mut h, "Reveal cell");
    let said = wait_for_status(&mut h, "r2c2 is");
    assert_eq!(said, format!("r2c2 is {}", solution[0]));
    assert_eq!(h.get_all_by_label(&said).count(), 2, "panel and status");
    press_with(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().play_digits().unwrap()[0], 0);
    assert!(h.query_by_label(&said).is_none(), "{said} still shown");
}

#[test]
fn digits_a_help_placed_are_told_from_typed_ones() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    press(&mut h, digit_key(solution[0]));
    h.get_by_label("r2c2, white cell");
    press(&mut h, Key::Tab);
    click(&mut h, "Reveal cell");
    wait_for_status(&mut h, "r2c3 is");
    h.get_by_label("r2c3, white cell, given by a help");
    // A hint's digit is a help's too; the player's own stays theirs.
    for _ in 0..60 {
        let summary = hint_key(&mut h);
        if summary.stage == HintStage::Applied
            && h.state_mut()
                .shown_lesson()
                .is_some_and(|l| !l.placed.is_empty())
        {
            break;
        }
    }
    let (placed, _) = h.state_mut().shown_lesson().unwrap().placed[0];
    h.get_by_label(&format!("{placed}, white cell, given by a help"));
    h.get_by_label("r2c2, white cell");
    // Typing the digit over makes it the player's.
    click(&mut h, "r2c3, white cell, given by a help");
    press(&mut h, digit_key(solution[1]));
    h.get_by_label("r2c3, white cell");
}

#[test]
fn check_shows_which_digits_are_wrong_and_can_check_as_you_type() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let solution = solution(h.state().grid());
    // A wrong digit that breaks no rule yet.
    let wrong = if solution[0] == 7 { 9 } else { 7 };
    press(&mut h, digit_key(wrong));
    h.get_by_label("r2c2, white cell");
    click(&mut h, "Check");
    wait_for_status(&mut h, "Check:");
    click(&mut h, "Show which");
    wait_for_status(&mut h, "Wrong: r2c2");
    h.get_by_label("r2c2, white cell, mistake: not the solution's digit");
    h.get_by_label("Used: 1 cell revealed, 1 check");
    // The next change takes the flag away with the message.
    press(&mut h, Key::Backspace);
    h.get_by_label("r2c2, white cell");

    click(&mut h, "Check as I type");
    h.get_by_label("Used: 1 cell revealed, 2 checks");
    press(&mut h, digit_key(wrong));
    h.get_by_label("r2c2, white cell, mistake: not the solution's digit");
    press(&mut h, digit_key(solution[0]));
    h.get_by_label("r2c2, white cell");
}

/// Runs frames until Explain's solve is worked out.
fn explain_ready(h: &mut Harness<'_, KakuroApp>) -> kakuro::app::ExplainSummary {
    for _ in 0..2000 {
        if let Some(summary) = h.state().explain_summary() {
            return summary;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.run_steps(1);
    }
    panic!("Explain worked nothing out");
}

/// The digits a shown logical board holds, by cell (0 where none).
fn explain_board_digits(h: &mut Harness<'_, KakuroApp>) -> Vec<(Pos, u8)> {
    let shown = h
        .state_mut()
        .shown_lesson()
        .expect("Explain's step on the board");
    shown.board.iter().map(|&(p, d, _)| (p, d)).collect()
}

/// Explain while playing starts from the player's digits and marks (counted as a hint), and
/// opened on a shown hint starts with the hint's step (counted once, as the hint).
#[test]
fn explain_in_play_starts_from_the_players_position_and_takes_over_a_hints_step() {
    let mut h = playing(puzzle("wikipedia.kakuro"));
    let grid = h.state().grid().clone();
    let solution = solution(&grid);
    let whites = whites(&grid);
    for &d in &solution[..5] {
        press(&mut h, digit_key(d));
        press(&mut h, Key::Tab);
    }
    // A pencil mark of the player's narrows the start too.
    press_with(&mut h, Modifiers::SHIFT, digit_key(solution[5]));
    click(&mut h, "Explain");
    assert!(h.state().explain_open());
    let summary = explain_ready(&mut h);
    assert_eq!(summary.selected, 0);
    let board = explain_board_digits(&mut h);
    for (i, pos) in whites.iter().enumerate() {
        let shown = board.iter().find(|(p, _)| p == pos).map_or(0, |&(_, d)| d);
        let expected = if i < 5 { solution[i] } else { 0 };
        assert_eq!(shown, expected, "{pos} at Explain's first step");
    }
    // The steps from there are logic's own, one after the other.
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    let digits: Vec<Option<u8>> = (0..whites.len())
        .map(|i| (i < 5).then_some(solution[i]))
        .collect();
    let mut marks = vec![0b11_1111_1110u16; whites.len()];
    marks[5] = 1 << solution[5];
    let mut logic = kakuro::logic::Board::from_position(&puzzle, &digits, Some(&marks));
    let mut steps = 0;
    while let Some(step) = kakuro::logic::next_step(&puzzle, &logic) {
        logic.apply(&step);
        steps += 1;
    }
    assert_eq!(summary.steps, steps);
    assert!(steps < kakuro::logic::explain(&puzzle).steps.len());
    assert!(h.state().play_status().unwrap().ends_with("1 help"));
    h.state_mut().explain_select(steps);
    settle(&mut h);
    let end = h.state().explain_summary().unwrap().text;
    assert!(end.starts_with("From this position"), "{end}");
    h.state_mut().set_explain_open(false);
    settle(&mut h);

    // A hint shown to its cells, then Explain: the hint's step is the first, and the hint is
    // not counted twice.
    let hint = hint_key(&mut h);
    assert_eq!(hint.stage, HintStage::Runs, "{hint:?}");
    let hint = hint_key(&mut h);
    assert_eq!(hint.stage, HintStage::Cells, "{hint:?}");
    let lesson = h.state_mut().shown_lesson().unwrap();
    let status = h.state().play_status().unwrap();
    assert!(status.ends_with("2 helps"), "{status}");
    click(&mut h, "Explain");
    let summary = explain_ready(&mut h);
    assert_eq!(summary.selected, 0);
    let step = h.state_mut().shown_lesson().unwrap();
    assert_eq!(step.focus, lesson.focus);
    assert_eq!(step.cause, lesson.cause);
    assert!(!step.placed.is_empty() || !step.struck.is_empty());
    // The clock may have ticked meanwhile; the helps have not moved.
    let helps = |status: &str| {
        status
            .rsplit('·')
            .next()
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    assert_eq!(helps(&h.state().play_status().unwrap()), helps(&status));
}
