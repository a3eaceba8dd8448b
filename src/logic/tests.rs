//! Shared test puzzles for the logic module, and tests of the whole (explain on real puzzles).

use crate::grid::{Cell, Clue, Grid};
use crate::puzzle::{CellId, Puzzle};
use crate::solve::{Solver, Uniqueness};

use super::*;

/// A puzzle from rows of `.kakuro` tokens (`__` white, `D\A` wall).
pub(crate) fn puzzle(rows: &[&str]) -> Puzzle {
    let rows: Vec<Vec<Cell>> = rows
        .iter()
        .map(|l| {
            l.split_whitespace()
                .map(|tok| {
                    if tok.chars().all(|c| c == '_') {
                        return Cell::WHITE;
                    }
                    let (d, a) = tok.split_once('\\').expect("a wall token");
                    let sum = |s: &str| (!s.is_empty()).then(|| Clue::Sum(s.parse().unwrap()));
                    Cell::Wall {
                        down: sum(d),
                        across: sum(a),
                    }
                })
                .collect()
        })
        .collect();
    Puzzle::from_grid(&Grid::from_rows(rows)).expect("a valid test puzzle")
}

/// The repository's Wikipedia puzzle.
pub(crate) fn wikipedia() -> Puzzle {
    let text = include_str!("../../puzzles/wikipedia.kakuro");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    puzzle(&rows)
}

/// The cell at a 1-based row and column.
pub(crate) fn at(p: &Puzzle, row: usize, col: usize) -> CellId {
    p.cell_at(crate::Pos::new(row - 1, col - 1))
        .expect("a white cell")
}

/// The mask of some digits.
pub(crate) fn mask(digits: &[u8]) -> Mask {
    digits.iter().fold(0, |m, d| m | 1 << d)
}

/// Replays an explanation and checks each step against the unique solution.
pub(crate) fn replay_keeps(p: &Puzzle, steps: &[Step], solution: &[u8]) {
    let mut board = Board::new(p);
    for (i, step) in steps.iter().enumerate() {
        for &(c, d) in &step.placements {
            assert_eq!(solution[c.index()], d, "step {}: {}", i + 1, step.text(p));
        }
        for &(c, m) in &step.eliminations {
            assert_eq!(
                m & 1 << solution[c.index()],
                0,
                "step {}: {}",
                i + 1,
                step.text(p)
            );
        }
        board.apply(step);
    }
}

#[test]
fn the_wikipedia_puzzle_is_explained_to_its_solution() {
    let p = wikipedia();
    let Some(Uniqueness::Unique(solution)) = Solver::new(&p).uniqueness() else {
        panic!("the Wikipedia puzzle is unique");
    };
    let e = explain(&p);
    if !e.solved {
        for (i, s) in e.steps.iter().enumerate() {
            eprintln!("{}. {}: {}", i + 1, s.technique.name(), s.text(&p));
        }
    }
    assert!(e.solved, "stuck after {} steps", e.steps.len());
    assert!(!e.trial);
    assert_eq!(e.end.digits(), &solution.digits[..]);
    replay_keeps(&p, &e.steps, &solution.digits);
    assert_eq!(e.rating.band, Band::Easy);
}

#[test]
fn the_first_step_on_the_wikipedia_puzzle_is_a_unique_combination() {
    let p = wikipedia();
    let step = next_step(&p, &Board::new(&p)).unwrap();
    assert_eq!(step.technique, Technique::UniqueCombination);
    // 16 in 2 across at r2c2 is always {7 9}.
    assert_eq!(
        step.eliminations,
        vec![
            (at(&p, 2, 2), DIGITS_BUT_7_9),
            (at(&p, 2, 3), DIGITS_BUT_7_9)
        ]
    );
    assert_eq!(
        step.text(&p),
        "16 in 2 across at r2c2 is always {7 9}, so r2c2 loses 1 2 3 4 5 6 8 and r2c3 loses \
         1 2 3 4 5 6 8"
    );
}

const DIGITS_BUT_7_9: Mask = crate::solve::combos::DIGITS & !(1 << 7 | 1 << 9);

/// A published puzzle from ../shared/puzzles, or `None` (with a note) when that folder is absent.
pub(crate) fn shared(name: &str) -> Option<Puzzle> {
    // KAKURO_SHARED names the folder when the checkout is not beside ../shared.
    let dir = std::env::var("KAKURO_SHARED")
        .unwrap_or_else(|_| format!("{}/../shared", env!("CARGO_MANIFEST_DIR")));
    let path = format!("{dir}/puzzles/{name}");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {path} is absent");
        return None;
    };
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    Some(puzzle(&rows))
}

/// Explains a unique puzzle and checks the steps reach its solution without a trial.
fn solves_by_logic_alone(p: &Puzzle) -> Explanation {
    let Some(Uniqueness::Unique(solution)) = Solver::new(p).uniqueness() else {
        panic!("the puzzle is unique");
    };
    let e = explain(p);
    replay_keeps(p, &e.steps, &solution.digits);
    assert!(e.solved, "stuck after {} steps", e.steps.len());
    assert!(!e.trial, "a trial was needed");
    assert_eq!(e.end.digits(), &solution.digits[..]);
    e
}

#[test]
fn published_puzzles_solve_by_logic_alone() {
    for name in ["wikipedia.kakuro", "15x15.kakuro"] {
        if let Some(p) = shared(name) {
            let e = solves_by_logic_alone(&p);
            eprintln!("{name}: {} steps, {:?}", e.steps.len(), e.rating);
        }
    }
}

/// A look at the 30 × 30 benchmark's techniques (slow in a debug build).
#[test]
#[ignore]
fn the_30x30_benchmark_puzzle_tally() {
    let text = include_str!("../../bench/corpus/30x30.kakuro");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let p = puzzle(&rows);
    let e = explain(&p);
    eprintln!(
        "30x30: {} steps, solved {}, {:?}",
        e.steps.len(),
        e.solved,
        e.rating
    );
    let mut tally = std::collections::BTreeMap::new();
    for s in &e.steps {
        *tally.entry(s.technique.name()).or_insert(0) += 1;
    }
    eprintln!("{tally:?}");
}
