//! Design from a shape: the designer's walls filled with clues in the band picked, as one
//! undoable step; a shape that cannot take a puzzle is refused with its places.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::KakuroApp;
use kakuro::{Puzzle, Solver, Uniqueness};

use crate::harness::settled::{self, key, write};

/// Runs frames until a control whose label contains `text` shows up, or fails after a while.
fn wait_for(h: &mut Harness<'_, KakuroApp>, text: &str) {
    for _ in 0..1000 {
        settled::settle(h);
        if h.query_by_label_contains(text).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("{text:?} never showed up");
}

/// Walls and white cells of a grid, row by row.
fn walls(grid: &kakuro::Grid) -> Vec<bool> {
    grid.positions().map(|p| !grid.is_white(p)).collect()
}

#[test]
fn a_shape_is_filled_with_clues_and_undo_takes_them_back() {
    let dir = tempfile::tempdir().unwrap();
    // A symmetric shape with no clues at all.
    let shape = "\\ \\ \\ \\ \\ \\\n\\ _ _ \\ \\ \\\n\\ _ _ _ \\ \\\n\\ \\ _ _ _ \\\n\\ \\ \\ _ _ \\\n\\ \\ \\ \\ \\ \\\n";
    let mut h = settled::app_with(Some(write(&dir, "shape.kakuro", shape)));
    let drawn = h.state().grid().clone();
    settled::click(&mut h, "Fill the shape with clues…");
    assert!(
        h.query_by_label_contains("Fills the walls of this grid")
            .is_some()
    );
    settled::click(&mut h, "Fill");
    wait_for(&mut h, "Filled the shape");
    let filled = h.state().grid().clone();
    assert_eq!(walls(&filled), walls(&drawn));
    let puzzle = Puzzle::from_grid(&filled).unwrap();
    assert!(matches!(
        Solver::new(&puzzle).uniqueness(),
        Ok(Uniqueness::Unique(_))
    ));
    assert!(
        h.query_by_label_contains("Fills the walls of this grid")
            .is_none()
    );
    key(&mut h, Key::Z, Modifiers::COMMAND);
    assert_eq!(*h.state().grid(), drawn);
}

#[test]
fn a_shape_with_a_one_cell_run_is_refused_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let shape = "\\ \\ \\ \\ \\\n\\ _ _ \\ \\\n\\ _ _ \\ \\\n\\ \\ \\ _ \\\n\\ \\ \\ \\ \\\n";
    let mut h = settled::app_with(Some(write(&dir, "lone.kakuro", shape)));
    let drawn = h.state().grid().clone();
    settled::click(&mut h, "Fill the shape with clues…");
    settled::click(&mut h, "Fill");
    wait_for(&mut h, "This shape cannot take a puzzle");
    assert!(
        h.query_by_label_contains("r4c4: a one-cell across run")
            .is_some()
    );
    assert_eq!(*h.state().grid(), drawn);
    settled::click(&mut h, "Close");
    assert!(
        h.query_by_label_contains("Fills the walls of this grid")
            .is_none()
    );
}
