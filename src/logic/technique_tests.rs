//! Each technique on a small position where it is the easiest step: its exact placements,
//! eliminations and cause.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::DIGITS;

use super::tests::{mask, puzzle};
use super::*;

/// The 2 × 2 block with sums `across` (rows) and `down` (columns).
fn square(across: [u8; 2], down: [u8; 2]) -> Puzzle {
    puzzle(&[
        &format!("\\ {}\\ {}\\", down[0], down[1]),
        &format!("\\{} __ __", across[0]),
        &format!("\\{} __ __", across[1]),
    ])
}

/// One across run with this wall token, of `len` cells, and nothing crossing it.
fn line(wall: &str, len: usize) -> Puzzle {
    puzzle(&[
        &"\\ ".repeat(len + 1),
        &format!("{wall} {}", "__ ".repeat(len)),
    ])
}

fn step_on(p: &Puzzle, marks: &[Mask], digits: &[Option<u8>]) -> Step {
    let board = Board::from_position(p, digits, Some(marks));
    next_step(p, &board).expect("a step")
}

#[test]
fn unique_combination_keeps_the_only_set() {
    let p = square([4, 10], [5, 9]);
    let step = next_step(&p, &Board::new(&p)).unwrap();
    assert_eq!(step.technique, Technique::UniqueCombination);
    let lost = DIGITS & !mask(&[1, 3]);
    assert_eq!(
        step.eliminations,
        vec![(CellId(0), lost), (CellId(1), lost)]
    );
    assert_eq!(step.runs, vec![RunId(0)]);
}

#[test]
fn cross_reference_keeps_what_both_runs_allow() {
    // 10 in 2 never holds 5.
    let p = square([10, 10], [10, 10]);
    let step = next_step(&p, &Board::new(&p)).unwrap();
    assert_eq!(step.technique, Technique::CrossReference);
    assert_eq!(step.eliminations, vec![(CellId(0), mask(&[5]))]);
    assert_eq!(step.runs, vec![RunId(0), RunId(2)]);
}

#[test]
fn no_repeats_takes_a_placed_digit_from_its_runs() {
    let p = puzzle(&[
        "\\ 10\\ 10\\ 10\\",
        "\\10 __ __ __",
        "\\10 __ __ __",
        "\\10 __ __ __",
    ]);
    let marks = [mask(&[1, 2, 3, 4, 5, 6, 7]); 9];
    let mut digits = [None; 9];
    digits[0] = Some(1);
    let step = step_on(&p, &marks, &digits);
    assert_eq!(step.technique, Technique::NoRepeats);
    let one = mask(&[1]);
    assert_eq!(
        step.eliminations,
        vec![
            (CellId(1), one),
            (CellId(2), one),
            (CellId(3), one),
            (CellId(6), one)
        ]
    );
    assert_eq!(step.because, vec![CellId(0)]);
}

#[test]
fn last_cell_takes_the_clue_minus_the_placed_digits() {
    let p = line("\\10", 3);
    let marks = [mask(&[1]), mask(&[2]), mask(&[3, 7])];
    let board = Board::from_position(&p, &[Some(1), Some(2), None], Some(&marks));
    // First the other sets go (1 and 2 placed leave {1 2 7}), then the last cell is placed.
    let first = next_step(&p, &board).unwrap();
    assert_eq!(first.technique, Technique::UniqueCombination);
    let mut board = board;
    board.apply(&first);
    let step = next_step(&p, &board).unwrap();
    assert_eq!(step.technique, Technique::LastCell);
    assert_eq!(step.placements, vec![(CellId(2), 7)]);
    assert_eq!(step.because, vec![CellId(0), CellId(1)]);
}

#[test]
fn naked_single_places_the_only_candidate() {
    let p = square([10, 10], [10, 10]);
    let mut marks = [DIGITS & !mask(&[5]); 4];
    marks[3] = mask(&[3]);
    let step = step_on(&p, &marks, &[None; 4]);
    assert_eq!(step.technique, Technique::NakedSingle);
    assert_eq!(step.placements, vec![(CellId(3), 3)]);
}

#[test]
fn hidden_single_places_the_digit_only_one_cell_takes() {
    let p = line("\\23", 3);
    let marks = [mask(&[6, 8]), mask(&[6, 8]), mask(&[6, 8, 9])];
    let step = step_on(&p, &marks, &[None; 3]);
    assert_eq!(step.technique, Technique::HiddenSingle);
    assert_eq!(step.placements, vec![(CellId(2), 9)]);
    assert_eq!(
        step.text(&p),
        "r2c4 = 9: 23 in 3 across at r2c2 needs 9 (every digit set left has it), and only \
         r2c4 can take it"
    );
}

#[test]
fn two_cell_complement_pairs_each_digit_with_its_partner() {
    let p = line("\\10", 2);
    let marks = [mask(&[1, 2, 3]), mask(&[6, 8, 9])];
    let step = step_on(&p, &marks, &[None; 2]);
    assert_eq!(step.technique, Technique::TwoCellComplement);
    assert_eq!(
        step.eliminations,
        vec![(CellId(0), mask(&[3])), (CellId(1), mask(&[6]))]
    );
}

#[test]
fn sum_bounds_cut_digits_the_rest_cannot_balance() {
    let p = line("\\20", 3);
    let marks = [
        mask(&[3, 4, 5]),
        mask(&[5, 6, 7]),
        mask(&[3, 4, 5, 6, 7, 8, 9]),
    ];
    let step = step_on(&p, &marks, &[None; 3]);
    assert_eq!(step.technique, Technique::SumBounds);
    assert_eq!(
        step.eliminations,
        vec![
            (CellId(0), mask(&[3])),
            (CellId(1), mask(&[5])),
            (CellId(2), mask(&[3, 4, 5, 6, 7]))
        ]
    );
}

#[test]
fn combination_elimination_strikes_the_sets_the_cells_cannot_make() {
    let p = line("\\15", 3);
    let marks = [mask(&[1, 2]), mask(&[5, 6]), mask(&[8, 9])];
    let step = step_on(&p, &marks, &[None; 3]);
    assert_eq!(step.technique, Technique::CombinationElimination);
    let mut struck = step.struck[0].1.clone();
    struck.sort();
    let mut expected = vec![
        mask(&[2, 4, 9]),
        mask(&[2, 6, 7]),
        mask(&[3, 4, 8]),
        mask(&[3, 5, 7]),
        mask(&[4, 5, 6]),
    ];
    expected.sort();
    assert_eq!(struck, expected);
    assert!(step.eliminations.is_empty());
}

#[test]
fn naked_subset_keeps_a_pair_to_its_cells() {
    let p = line("\\", 4);
    let marks = [
        mask(&[1, 2]),
        mask(&[1, 2]),
        mask(&[1, 2, 3, 4]),
        mask(&[1, 2, 3, 4]),
    ];
    let mut board = Board::from_position(&p, &[None; 4], Some(&marks));
    let step = loop {
        let step = next_step(&p, &board).unwrap();
        if step.technique == Technique::NakedSubset {
            break step;
        }
        assert!(step.eliminations.is_empty(), "{}", step.text(&p));
        board.apply(&step);
    };
    assert_eq!(
        step.eliminations,
        vec![(CellId(2), mask(&[1, 2])), (CellId(3), mask(&[1, 2]))]
    );
    assert_eq!(step.because, vec![CellId(0), CellId(1)]);
}

#[test]
fn permutation_logic_keeps_what_some_arrangement_gives() {
    // Only {1 2 7} fits 10 in 3 when two cells hold 1 and 2: the third takes 7.
    let p = line("\\10", 3);
    let marks = [mask(&[1, 2]), mask(&[1, 2]), DIGITS];
    let board = Board::from_position(&p, &[None; 3], Some(&marks));
    let step = find(Technique::PermutationLogic, &p, &board).unwrap();
    assert_eq!(step.technique, Technique::PermutationLogic);
    assert_eq!(step.eliminations, vec![(CellId(2), DIGITS & !mask(&[7]))]);
}

#[test]
fn an_area_sum_pins_its_outlet() {
    // The two across runs hold every cell of the two down runs but r4c3: it is 15 − 10.
    let p = puzzle(&["\\ 3\\ 12\\", "\\4 __ __", "\\6 __ __", "\\ \\ __"]);
    let step = super::area::area_sum(&p, &Board::new(&p)).unwrap();
    assert_eq!(step.technique, Technique::AreaSum);
    let outlet = super::tests::at(&p, 4, 3);
    assert_eq!(step.eliminations, vec![(outlet, DIGITS & !mask(&[5]))]);
    assert_eq!(step.because, vec![outlet]);
    assert!(step.text(&p).contains("r4c3 = 5"), "{}", step.text(&p));
}

#[test]
fn a_trial_states_its_assumption_and_the_contradiction() {
    // r2c2 = 2 would make r2c3 1 and r3c2 2, which 4 in 2 across cannot hold.
    let p = puzzle(&["\\ 4\\ 3\\", "\\3 __ __", "\\4 __ __"]);
    let marks = [mask(&[1, 2]), mask(&[1, 2]), mask(&[1, 3]), mask(&[1, 3])];
    let board = Board::from_position(&p, &[None; 4], Some(&marks));
    let step = super::trial::trial(&p, &board).unwrap();
    assert_eq!(step.technique, Technique::Trial);
    assert_eq!(step.eliminations, vec![(CellId(0), mask(&[2]))]);
    let text = step.text(&p);
    assert!(text.starts_with("if r2c2 were 2,"), "{text}");
    assert!(text.ends_with("so r2c2 is not 2"), "{text}");
}

#[test]
fn hidden_subset_gives_a_pair_of_needed_digits_its_two_cells() {
    // 17 in 5 is {1 2 3 4 7} or {1 2 3 5 6}: both need 1 and 2, which fit only the first two
    // cells, so those cells lose 7 and 6.
    let p = line("\\17", 5);
    let rest = mask(&[3, 4, 5, 6, 7]);
    let marks = [mask(&[1, 2, 7]), mask(&[1, 2, 6]), rest, rest, rest];
    let step = step_on(&p, &marks, &[None; 5]);
    assert_eq!(step.technique, Technique::HiddenSubset);
    assert_eq!(
        step.eliminations,
        vec![(CellId(0), mask(&[7])), (CellId(1), mask(&[6]))]
    );
    assert_eq!(step.because, (0..5).map(CellId).collect::<Vec<_>>());
    assert_eq!(
        step.text(&p),
        "17 in 5 across at r2c2 needs 1 and 2 and only r2c2 and r2c3 can take them, so those \
         cells keep only them: r2c2 loses 7 and r2c3 loses 6"
    );
}

#[test]
fn a_cross_run_subset_keeps_a_digit_to_two_crossing_runs() {
    // Both 24 in 3 across runs need a 9 and can put it only in the first two columns: those
    // columns hold their 9 there, so the bottom row's cells in them lose 9.
    let p = puzzle(&[
        "\\ 17\\ 19\\ 18\\",
        "\\24 __ __ __",
        "\\24 __ __ __",
        "\\6 __ __ __",
    ]);
    let low = mask(&[1, 2, 3, 9]);
    let marks = [
        mask(&[8, 9]),
        mask(&[8, 9]),
        mask(&[7]),
        mask(&[7, 9]),
        mask(&[7, 9]),
        mask(&[8]),
        low,
        low,
        mask(&[1, 2, 3]),
    ];
    let board = Board::from_position(&p, &[None; 9], Some(&marks));
    let step = find(Technique::CrossRunSubset, &p, &board).unwrap();
    let nine = mask(&[9]);
    assert_eq!(
        step.eliminations,
        vec![(CellId(6), nine), (CellId(7), nine)]
    );
    assert_eq!(
        step.because,
        vec![CellId(0), CellId(1), CellId(3), CellId(4)]
    );
    assert_eq!(
        step.text(&p),
        "24 in 3 across at r2c2 and 24 in 3 across at r3c2 both need 9, and can take it only \
         where they cross 17 in 3 down at r2c2 and 19 in 3 down at r2c3, so each of those holds \
         its 9 there: r4c2 and r4c3 lose 9"
    );
}

#[test]
fn domain_shaving_drops_a_digit_that_starves_a_neighbouring_run() {
    // r2c2 = 1 would make r2c3 4 (5 in 2), and 7 in 2 down could not hold 4 with r3c3's 4.
    let p = square([5, 9], [7, 7]);
    let marks = [mask(&[1, 2]), mask(&[3, 4]), mask(&[5]), mask(&[4])];
    let board = Board::from_position(&p, &[None; 4], Some(&marks));
    let step = find(Technique::DomainShaving, &p, &board).unwrap();
    assert_eq!(step.eliminations, vec![(CellId(0), mask(&[1]))]);
    assert_eq!(step.because, vec![CellId(1)]);
    assert_eq!(
        step.text(&p),
        "if r2c2 were 1, 7 in 2 down at r2c3 could not be completed through r2c3, so r2c2 is \
         not 1"
    );
}
