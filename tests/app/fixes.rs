//! Suggest fixes: the check says "several solutions" or "no solution", the designer asks for
//! fixes, applies one as a single undoable step, and the check turns to "unique".

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::KakuroApp;

use crate::harness::settled::{self, key, write};

/// A 2 × 2 block of 3s: 1 2 over 2 1, or the other way round.
const AMBIGUOUS: &str = "\\ 3\\ 3\\\n\\3 _ _\n\\3 _ _\n";
/// The across 3 is 1 2, but the downs 4 allow only 1 or 3 in the top row.
const IMPOSSIBLE: &str = "\\ 4\\ 4\\\n\\3 _ _\n\\7 _ _\n";

/// Runs frames until a control whose label contains `text` shows up (the background threads
/// answer when they are done), or fails after a while.
fn wait_for(h: &mut Harness<'_, KakuroApp>, text: &str) {
    for _ in 0..500 {
        settled::settle(h);
        if h.query_by_label_contains(text).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("{text:?} never showed up");
}

/// The first suggested edit (a clue change, on these small drafts).
fn first_edit<'a>(h: &'a Harness<'_, KakuroApp>) -> egui_kittest::Node<'a> {
    h.query_all_by_label_contains("change the ").next().unwrap()
}

#[test]
fn a_suggested_fix_makes_the_draft_unique_and_undo_restores_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = settled::app_with(Some(write(&dir, "draft.kakuro", AMBIGUOUS)));
    let draft = h.state().grid().clone();
    wait_for(&mut h, "Suggest fixes");
    settled::click(&mut h, "Suggest fixes");
    wait_for(&mut h, "Edits that make it unique");
    first_edit(&h).click();
    settled::settle(&mut h);
    assert_ne!(*h.state().grid(), draft);
    assert!(
        h.state()
            .status_message()
            .starts_with("Applied: change the ")
    );
    wait_for(&mut h, "Unique solution");
    assert!(
        h.query_by_label_contains("Edits that make it unique")
            .is_none()
    );
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(*h.state().grid(), draft);
    wait_for(&mut h, "Suggest fixes");
}

#[test]
fn an_impossible_draft_lists_its_conflicting_clues() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = settled::app_with(Some(write(&dir, "none.kakuro", IMPOSSIBLE)));
    wait_for(&mut h, "Suggest fixes");
    settled::click(&mut h, "Suggest fixes");
    wait_for(&mut h, "Conflicting clues");
    // Three clues, each named with its sum and wall.
    let named = h.query_all_by_label_contains("· across ").count()
        + h.query_all_by_label_contains("· down ").count();
    assert_eq!(named, 3);
    assert!(h.query_by_label_contains("· across 3 at r2c1").is_some());
    first_edit(&h).click();
    settled::settle(&mut h);
    wait_for(&mut h, "Unique solution");
}

/// Two blocks of 3s side by side: two separate ambiguities, four solutions.
const TWO_BLOCKS: &str = "\\ 3\\ 3\\ \\ 3\\ 3\\\n\\3 _ _ \\3 _ _\n\\3 _ _ \\3 _ _\n";

#[test]
fn a_two_edit_fix_is_applied_as_one_step() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = settled::app_with(Some(write(&dir, "two.kakuro", TWO_BLOCKS)));
    let draft = h.state().grid().clone();
    wait_for(&mut h, "Suggest fixes");
    settled::click(&mut h, "Suggest fixes");
    wait_for(&mut h, "Edits that make it unique");
    h.query_all_by_label_contains("2 edits: change the ")
        .next()
        .expect("a two-edit suggestion")
        .click();
    settled::settle(&mut h);
    assert!(
        h.state()
            .status_message()
            .starts_with("Applied: 2 edits: change the "),
        "{}",
        h.state().status_message()
    );
    wait_for(&mut h, "Unique solution");
    // One Ctrl+Z takes both edits back.
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(*h.state().grid(), draft);
}
