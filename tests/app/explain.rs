//! Hint and Explain: hints in stages that solve the Wikipedia puzzle, a wrong digit named
//! instead of hinted from, and the logical solve walked forward and back on the board.

use std::time::Duration;

use crate::harness::{app, puzzle};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::{ChainMark, ExplainSummary, HintStage, HintSummary, KakuroApp};
use kakuro::logic::{Because, Board, explain};
use kakuro::{Pos, Puzzle, Solver};

fn wikipedia() -> Harness<'static, KakuroApp> {
    let mut h = app(Some(puzzle("wikipedia.kakuro")));
    h.run_steps(2);
    h
}

fn the_puzzle(h: &Harness<'_, KakuroApp>) -> Puzzle {
    Puzzle::from_grid(h.state().grid()).unwrap()
}

/// The puzzle's solution, one digit per grid cell row by row (0 for walls).
fn solution(h: &Harness<'_, KakuroApp>) -> Vec<u8> {
    let puzzle = the_puzzle(h);
    let found = Solver::new(&puzzle).first().ok().flatten().unwrap();
    let mut digits = vec![0; puzzle.width() * puzzle.height()];
    for (cell, d) in puzzle.cells().iter().zip(found.digits) {
        digits[cell.pos.row * puzzle.width() + cell.pos.col] = d;
    }
    digits
}

/// Steps the app until the hint is worked out (frames only while it is: the worker's answer
/// is collected in a frame).
fn hint_ready(h: &mut Harness<'_, KakuroApp>) -> HintSummary {
    for _ in 0..2000 {
        if let Some(summary) = h.state().hint_summary()
            && !summary.busy
        {
            return summary;
        }
        std::thread::sleep(Duration::from_millis(2));
        h.run_steps(1);
    }
    panic!("no hint came");
}

fn key(h: &mut Harness<'_, KakuroApp>, key: Key, modifiers: Modifiers) {
    h.key_press_modifiers(modifiers, key);
    h.run_steps(1);
}

/// The cells of `puzzle`'s run that holds exactly `cells`, if there is one.
fn is_a_run(puzzle: &Puzzle, cells: &[Pos]) -> bool {
    puzzle.runs().iter().any(|run| {
        let mut run_cells: Vec<Pos> = run.cells.iter().map(|&c| puzzle.cell(c).pos).collect();
        run_cells.sort();
        run_cells == cells
    })
}

#[test]
fn hint_highlights_a_run_then_its_cells_then_places_a_correct_digit() {
    let mut h = wikipedia();
    let solution = solution(&h);
    let puzzle = the_puzzle(&h);
    key(&mut h, Key::H, Modifiers::NONE);
    let first = hint_ready(&mut h);
    assert_eq!(first.stage, HintStage::Runs, "{first:?}");
    assert!(first.text.contains("look at"), "{first:?}");
    let shown = h
        .state_mut()
        .shown_lesson()
        .expect("the hint is on the board");
    assert!(is_a_run(&puzzle, &shown.focus), "{shown:?}");
    assert!(shown.cause.is_empty() && shown.placed.is_empty() && shown.struck.is_empty());
    // The button does what the key does: the cells come next.
    h.get_by_label("Hint").click();
    h.run_steps(1);
    assert_eq!(h.state().hint_summary().unwrap().stage, HintStage::Cells);
    // Presses until a digit is placed: every digit the hints type is the solution's.
    for _ in 0..200 {
        h.state_mut().hint();
        let summary = hint_ready(&mut h);
        let typed = h.state().digits().to_vec();
        if typed.iter().any(|&d| d != 0) {
            assert_eq!(summary.stage, HintStage::Applied);
            let shown = h.state_mut().shown_lesson().unwrap();
            assert!(!shown.placed.is_empty(), "{shown:?}");
            for (i, &d) in typed.iter().enumerate() {
                assert!(d == 0 || d == solution[i], "cell {i}: {d}");
            }
            return;
        }
    }
    panic!("no hint placed a digit");
}

#[test]
fn pressing_hint_again_and_again_solves_the_wikipedia_puzzle() {
    let mut h = wikipedia();
    let solution = solution(&h);
    let mut presses = 0;
    loop {
        h.state_mut().hint();
        let summary = hint_ready(&mut h);
        if summary.text.starts_with("Solved") {
            break;
        }
        assert_ne!(summary.stage, HintStage::Message, "{summary:?}");
        presses += 1;
        assert!(presses < 1500, "the hints did not end");
    }
    assert_eq!(h.state().digits(), solution.as_slice());
    // Every hint took three presses: the runs, the cells, the step.
    assert_eq!(presses % 3, 0);
}

#[test]
fn a_wrong_typed_digit_makes_hint_say_so_and_not_hint() {
    let mut h = wikipedia();
    let solution = solution(&h);
    let at = Pos::new(1, 1);
    let wrong = solution[h.state().grid().index(at)] % 9 + 1;
    h.get_by_label("Digits").click();
    h.run_steps(1);
    h.get_by_label("r2c2, white cell").click();
    h.run_steps(1);
    h.event(egui::Event::Text(wrong.to_string()));
    h.run_steps(2);
    assert_eq!(h.state().digits()[h.state().grid().index(at)], wrong);
    h.get_by_label("Hint").click();
    let summary = hint_ready(&mut h);
    assert_eq!(summary.stage, HintStage::Message);
    assert!(summary.text.contains("r2c2 is wrong"), "{summary:?}");
    let shown = h.state_mut().shown_lesson().unwrap();
    assert_eq!(shown.wrong, vec![at]);
    // Pressing again says it again, and places nothing.
    h.state_mut().hint();
    hint_ready(&mut h);
    let typed = h.state().digits().iter().filter(|&&d| d != 0).count();
    assert_eq!(typed, 1);
}

/// Steps the app until the Explain panel has the solve.
fn explained(h: &mut Harness<'_, KakuroApp>) -> ExplainSummary {
    for _ in 0..2000 {
        h.run_steps(1);
        if let Some(summary) = h.state().explain_summary() {
            return summary;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("no explanation came");
}

/// The board Explain should show at step `k`: the board before it, the step's placements
/// drawn in, its eliminations crossed out of the pencil marks.
fn expected_board(puzzle: &Puzzle, k: usize) -> Vec<(Pos, u8, u16)> {
    let explanation = explain(puzzle);
    let mut board = Board::new(puzzle);
    for step in &explanation.steps[..k] {
        board.apply(step);
    }
    let step = &explanation.steps[k];
    puzzle
        .cells()
        .iter()
        .enumerate()
        .map(|(i, cell)| {
            let id = kakuro::CellId(i as u32);
            let placed = step.placements.iter().find(|(c, _)| *c == id);
            let struck: u16 = step
                .eliminations
                .iter()
                .filter(|(c, _)| *c == id)
                .map(|(_, m)| *m)
                .fold(0, |a, m| a | m);
            let digit = placed.map(|p| p.1).or(board.value(id)).unwrap_or(0);
            let pencil = if board.value(id).is_some() {
                0
            } else {
                board.candidates(id) & !struck
            };
            (cell.pos, digit, pencil)
        })
        .collect()
}

fn shown_board(h: &mut Harness<'_, KakuroApp>) -> Vec<(Pos, u8, u16)> {
    let mut board = h.state_mut().shown_lesson().expect("a step is shown").board;
    board.sort();
    board
}

#[test]
fn explain_steps_forward_and_back_showing_the_board_of_each_step() {
    let mut h = wikipedia();
    let puzzle = the_puzzle(&h);
    let steps = explain(&puzzle).steps.len();
    key(&mut h, Key::F9, Modifiers::NONE);
    let start = explained(&mut h);
    assert_eq!((start.steps, start.selected), (steps, 0));
    assert!(steps > 10, "{steps} steps");
    assert_eq!(shown_board(&mut h), expected_board(&puzzle, 0));
    key(&mut h, Key::ArrowRight, Modifiers::ALT);
    key(&mut h, Key::ArrowRight, Modifiers::ALT);
    assert_eq!(h.state().explain_summary().unwrap().selected, 2);
    let two = shown_board(&mut h);
    assert_eq!(two, expected_board(&puzzle, 2));
    let shown = h.state_mut().shown_lesson().unwrap();
    assert!(!shown.focus.is_empty());
    assert!(!shown.struck.is_empty() || !shown.placed.is_empty());
    key(&mut h, Key::ArrowLeft, Modifiers::ALT);
    assert_eq!(h.state().explain_summary().unwrap().selected, 1);
    assert_eq!(shown_board(&mut h), expected_board(&puzzle, 1));
    // The buttons walk the same way, and the end has the verdict and the rating.
    h.get_by_label("Forward").click();
    h.run_steps(1);
    assert_eq!(shown_board(&mut h), two);
    h.get_by_label("End").click();
    h.run_steps(1);
    let end = h.state().explain_summary().unwrap();
    assert_eq!(end.selected, steps);
    assert!(end.text.starts_with("Solved by logic alone"), "{end:?}");
    assert!(end.text.contains("Rating: Easy"), "{end:?}");
    h.get_by_label("Back").click();
    h.run_steps(1);
    assert_eq!(shown_board(&mut h), expected_board(&puzzle, steps - 1));
    // Closing the panel gives the board back to the typed digits.
    key(&mut h, Key::F9, Modifiers::NONE);
    assert!(h.state_mut().shown_lesson().is_none());
}

#[test]
fn a_chain_step_draws_its_links_in_order_and_lists_them() {
    let mut h = app(Some(puzzle("watch-demo.kakuro")));
    h.run_steps(2);
    let puzzle = the_puzzle(&h);
    let steps = explain(&puzzle).steps;
    let k = steps
        .iter()
        .position(|s| !s.chain().is_empty())
        .expect("the demo needs a chain");
    let links = steps[k].chain();
    assert!(links.len() >= 2, "{}", steps[k].text(&puzzle));
    key(&mut h, Key::F9, Modifiers::NONE);
    explained(&mut h);
    h.state_mut().explain_select(k - 1);
    h.run_steps(1);
    assert!(h.state_mut().shown_lesson().unwrap().chain.is_empty());
    key(&mut h, Key::ArrowRight, Modifiers::ALT);
    assert_eq!(h.state().explain_summary().unwrap().selected, k);
    let shown = h.state_mut().shown_lesson().unwrap();
    let expected: Vec<ChainMark> = links
        .iter()
        .map(|l| ChainMark {
            pos: puzzle.cell(l.cell).pos,
            digit: l.digit,
            denied: l.because == Because::Denied,
        })
        .collect();
    assert_eq!(shown.chain, expected);
    // The panel lists each link on its own line, the assumption first.
    for (i, link) in links.iter().enumerate() {
        h.get_by_label(&format!("{}. {}", i + 1, link.text(&puzzle)));
    }
    assert!(
        links[1..]
            .iter()
            .all(|l| shown.cause.contains(&puzzle.cell(l.cell).pos))
    );
    // Stepping back shows the step before, with no chain.
    key(&mut h, Key::ArrowLeft, Modifiers::ALT);
    assert!(h.state_mut().shown_lesson().unwrap().chain.is_empty());
}

#[test]
fn hint_at_a_chain_step_names_the_digit_to_suppose_and_draws_the_chain() {
    let mut h = app(Some(puzzle("watch-demo.kakuro")));
    h.run_steps(2);
    let puzzle = the_puzzle(&h);
    let mut presses = 0;
    let summary = loop {
        h.state_mut().hint();
        let summary = hint_ready(&mut h);
        if summary.stage == HintStage::Cells && summary.text.starts_with("Chain") {
            break summary;
        }
        assert_ne!(summary.stage, HintStage::Message, "{summary:?}");
        presses += 1;
        assert!(presses < 600, "no chain came");
    };
    assert!(summary.text.contains(", and suppose r"), "{summary:?}");
    let shown = h.state_mut().shown_lesson().unwrap();
    assert!(shown.chain.len() >= 2, "{shown:?}");
    // The first link is the digit to suppose, named in the text.
    let ChainMark {
        pos: first, digit, ..
    } = shown.chain[0];
    assert!(
        summary
            .text
            .contains(&format!("suppose {first} were {digit}")),
        "{summary:?}"
    );
    // Applied, the hint lists every link, one a line.
    h.state_mut().hint();
    let applied = hint_ready(&mut h);
    assert_eq!(applied.stage, HintStage::Applied);
    let lines: Vec<&str> = applied.text.lines().collect();
    assert_eq!(lines.len(), 1 + shown.chain.len(), "{applied:?}");
    assert!(lines[1].starts_with("1. ") && lines[1].ends_with(": assumed"));
    assert!(puzzle.cell_at(first).is_some());
}
