//! File › New from generator…: the dialog makes a puzzle on a background thread and opens it
//! as a new, unsaved document with one solution.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::Puzzle;
use kakuro::app::KakuroApp;
use kakuro::solve::Solver;

use crate::harness::settled;

fn open_dialog(h: &mut Harness<'_, KakuroApp>) {
    settled::click(h, "File");
    settled::click(h, "New from generator…");
    assert!(h.query_by_label("New from generator").is_some());
}

#[test]
fn the_generator_opens_a_unique_puzzle_made_again_from_its_seed() {
    let mut made = Vec::new();
    for _ in 0..2 {
        let mut h = settled::app_with(None);
        open_dialog(&mut h);
        h.get_by_label("Seed").set_text_value_accesskit("11");
        settled::settle(&mut h);
        settled::click(&mut h, "Generate");
        for _ in 0..1000 {
            if h.query_by_label("New from generator").is_none() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
            settled::settle(&mut h);
        }
        assert!(
            h.query_by_label("New from generator").is_none(),
            "still generating"
        );
        let grid = h.state().grid().clone();
        assert_eq!((grid.width(), grid.height()), (8, 8));
        let p = Puzzle::from_grid(&grid).unwrap();
        assert_eq!(Solver::new(&p).some(2).ok().unwrap().len(), 1);
        assert!(
            h.state().window_title().contains("seed 11"),
            "{}",
            h.state().window_title()
        );
        assert!(
            h.state()
                .status_message()
                .starts_with("New puzzle: generated 8x8, seed 11")
        );
        made.push(grid);
    }
    assert_eq!(made[0], made[1], "the same seed gives the same puzzle");
}

#[test]
fn a_bad_seed_is_said_in_the_dialog_and_close_leaves_the_puzzle() {
    let mut h = settled::app_with(None);
    let before = h.state().grid().clone();
    open_dialog(&mut h);
    h.get_by_label("Seed").set_text_value_accesskit("twelve");
    settled::settle(&mut h);
    settled::click(&mut h, "Generate");
    assert!(h.query_by_label_contains("is not a seed").is_some());
    settled::click(&mut h, "Close");
    assert!(h.query_by_label("New from generator").is_none());
    assert_eq!(*h.state().grid(), before);
}

#[test]
fn new_game_makes_a_puzzle_with_the_last_choices_and_plays_it() {
    let mut h = settled::app_with(None);
    // The menu (the tool panel has a Play button too).
    let menu = h
        .get_all_by_label("Play")
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap();
    menu.click();
    settled::settle(&mut h);
    h.get_by_label_contains("New game").click();
    settled::settle(&mut h);
    for _ in 0..1000 {
        if h.state().playing() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        settled::settle(&mut h);
    }
    assert!(h.state().playing(), "not playing a new game");
    let grid = h.state().grid().clone();
    assert_eq!((grid.width(), grid.height()), (8, 8));
    assert!(h.state().window_title().contains("generated 8x8"));
    assert!(h.query_by_label("New from generator").is_none());
}
