use num_bigint::BigUint;

use super::edits::{splits, symmetry_of};
use super::*;
use crate::format::kakuro_text;
use crate::generate::Symmetry;
use crate::generate::fill::Filling;
use crate::grid::Clue;

/// A 2 × 2 block of 3s: 1 2 over 2 1, or 2 1 over 1 2.
const AMBIGUOUS: &str = "\\ 3\\ 3\\\n\\3 _ _\n\\3 _ _\n";
/// Two such blocks side by side: four solutions, two independent ambiguities.
const TWO_BLOCKS: &str = "\\ 3\\ 3\\ \\ 3\\ 3\\\n\\3 _ _ \\3 _ _\n\\3 _ _ \\3 _ _\n";

fn parse(text: &str) -> Grid {
    kakuro_text::parse(text).unwrap().0
}

fn count(grid: &Grid) -> BigUint {
    let p = Puzzle::from_grid(grid).unwrap();
    Solver::new(&p).count().unwrap()
}

/// Every suggestion leaves exactly one solution (by the exact count), the list is ranked, and
/// each suggestion's text and cells name all its edits.
fn assert_all_unique(fixes: &Fixes) {
    for s in &fixes.suggestions {
        assert_eq!(count(&s.grid), BigUint::from(1u8), "{}", s.edit);
        if s.edits > 1 {
            assert!(
                s.edit.starts_with(&format!("{} edits: ", s.edits)),
                "{}",
                s.edit
            );
            assert_eq!(s.edit.matches("; ").count(), s.edits - 1, "{}", s.edit);
        }
        assert!(!s.cells.is_empty());
    }
    assert!(
        fixes
            .suggestions
            .windows(2)
            .all(|w| (w[0].edits, w[0].size) <= (w[1].edits, w[1].size))
    );
}

#[test]
fn every_suggestion_makes_the_draft_unique() {
    let grid = parse(AMBIGUOUS);
    assert_eq!(count(&grid), BigUint::from(2u8));
    let fixes = suggest(&grid, &CancelToken::new()).unwrap();
    assert_eq!(fixes.verdict, Verdict::Multiple);
    assert!(!fixes.suggestions.is_empty());
    assert_eq!(fixes.suggestions[0].edits, 1);
    assert_all_unique(&fixes);
}

#[test]
fn two_independent_ambiguities_get_a_two_edit_suggestion() {
    let grid = parse(TWO_BLOCKS);
    assert_eq!(count(&grid), BigUint::from(4u8));
    let fixes = suggest(&grid, &CancelToken::new()).unwrap();
    assert_eq!(fixes.verdict, Verdict::Multiple);
    assert!(!fixes.suggestions.is_empty(), "{fixes:?}");
    assert!(fixes.suggestions.iter().all(|s| s.edits == 2), "{fixes:?}");
    assert_all_unique(&fixes);
    // One edit in each block.
    for s in &fixes.suggestions {
        assert!(s.cells.iter().any(|p| p.col <= 2), "{}", s.edit);
        assert!(s.cells.iter().any(|p| p.col >= 3), "{}", s.edit);
    }
    assert_eq!(fixes.tried.edits, 2);
    assert!(fixes.partial.is_none());
}

#[test]
fn a_missing_sum_is_given_first() {
    // The Wikipedia sample without its down clues 23 (r1c2) and 30 (r1c3).
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/wikipedia.kakuro"
    ))
    .unwrap();
    let mut grid = parse(&text);
    for col in [1, 2] {
        super::conflict::set_clue(&mut grid, Pos::new(0, col), crate::Direction::Down, None);
    }
    assert!(count(&grid) > BigUint::from(1u8));
    let fixes = suggest(&grid, &CancelToken::new()).unwrap();
    assert_all_unique(&fixes);
    let first = &fixes.suggestions[0];
    assert_eq!(first.edits, 1);
    assert!(
        first.edit == "give the down run at r1c2 its sum 23"
            || first.edit == "give the down run at r1c3 its sum 30",
        "{}",
        first.edit
    );
    // Only the missing clue is written: every other clue is the designer's.
    let wall = first.cells[0];
    for pos in grid.positions().filter(|&p| p != wall) {
        assert_eq!(grid.get(pos), first.grid.get(pos), "{pos}");
    }
}

#[test]
fn a_new_wall_sums_only_the_runs_it_cuts() {
    // A draft whose down runs have no sums: a wall that cuts an across run writes the two new
    // across sums and leaves the downs without any.
    let grid = parse(
        "\\ \\ \\ \\ \\ \\\n\\15 _ _ _ _ _\n\\15 _ _ _ _ _\n\\15 _ _ _ _ _\n\\15 _ _ _ _ _\n",
    );
    let p = Puzzle::from_grid(&grid).unwrap();
    let found = Solver::new(&p).some(1).unwrap();
    let filling = Filling::from_solution(&grid, &p, &found[0].digits);
    let (_, edited) =
        edits::wall_edit(&grid, &filling, Symmetry::None, Pos::new(1, 3)).expect("a wall fits");
    assert_eq!(
        edited.get(Pos::new(0, 1)).clue(crate::Direction::Down),
        None
    );
    assert!(matches!(
        edited.get(Pos::new(1, 3)).clue(crate::Direction::Across),
        Some(Clue::Sum(_))
    ));
    assert_eq!(
        edited.get(Pos::new(2, 0)).clue(crate::Direction::Across),
        Some(Clue::Sum(15))
    );
}

/// A unique generated puzzle with `changes` digits of its solution changed (each to a digit its
/// runs do not hold) and its clues summed again: usually ambiguous.
fn draft_from(seed: u64, size: usize, changes: usize) -> Option<Grid> {
    use rand::{Rng, SeedableRng};
    let g = crate::generate::generate(
        &crate::generate::Options::new(size, size, seed),
        &CancelToken::new(),
    )
    .ok()?;
    let solution = Solver::new(&g.puzzle).some(1).ok()?.pop()?;
    let mut filling = Filling::from_solution(&g.grid, &g.puzzle, &solution.digits);
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let whites: Vec<Pos> = g.grid.positions().filter(|&p| g.grid.is_white(p)).collect();
    for _ in 0..changes {
        let pos = whites[rng.random_range(0..whites.len())];
        let used = crate::Direction::ALL
            .into_iter()
            .flat_map(|d| super::super::repair::line(&g.grid, pos, d))
            .fold(0u16, |m, p| m | 1 << filling.at(p));
        let free: Vec<u8> = (1..=9).filter(|d| used & (1 << d) == 0).collect();
        if !free.is_empty() {
            filling.set(pos, free[rng.random_range(0..free.len())]);
        }
    }
    let mut grid = g.grid.clone();
    super::super::fill::sum_clues(&mut grid, &filling);
    Some(grid)
}

#[test]
fn every_suggestion_for_generated_drafts_is_unique() {
    let mut checked = 0;
    for seed in 0..24 {
        let Some(grid) = draft_from(seed, 9, 1 + (seed as usize % 3)) else {
            continue;
        };
        let p = Puzzle::from_grid(&grid).unwrap();
        if Solver::new(&p).some(2).unwrap().len() < 2 {
            continue;
        }
        let fixes = suggest(&grid, &CancelToken::new()).unwrap();
        assert_eq!(fixes.verdict, Verdict::Multiple);
        assert_all_unique(&fixes);
        if fixes.suggestions.is_empty() {
            let partial = fixes.partial.as_ref().expect("a partial step");
            assert!(partial.solutions.is_none_or(|n| n >= 2));
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} ambiguous drafts");
}

#[test]
fn every_suggestion_for_random_ambiguous_drafts_is_unique() {
    let mut checked = 0;
    for seed in 0..40 {
        let grid = crate::solve::generate::random_grid(8, 8, 0.22, seed);
        let Ok(p) = Puzzle::from_grid(&grid) else {
            continue;
        };
        let n = Solver::new(&p).count().unwrap();
        if n < BigUint::from(2u8) || n > BigUint::from(200u8) {
            continue;
        }
        let limits = Limits {
            max_edits: 2,
            ..Limits::default()
        };
        let fixes = suggest_within(&grid, limits, &CancelToken::new()).unwrap();
        assert_eq!(fixes.verdict, Verdict::Multiple);
        assert_all_unique(&fixes);
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} ambiguous drafts");
}

#[test]
fn a_search_out_of_time_says_so() {
    let grid = parse(TWO_BLOCKS);
    let limits = Limits {
        max_edits: 4,
        max_time: Duration::ZERO,
    };
    // Without time even the verdict is unknown.
    assert_eq!(
        suggest_within(&grid, limits, &CancelToken::new()),
        Err(Cancelled)
    );
}

#[test]
fn one_edit_at_most_offers_the_best_partial_step() {
    let grid = parse(TWO_BLOCKS);
    let limits = Limits {
        max_edits: 1,
        max_time: MAX_TIME,
    };
    let fixes = suggest_within(&grid, limits, &CancelToken::new()).unwrap();
    assert!(fixes.suggestions.is_empty());
    let partial = fixes.partial.expect("a partial step");
    assert_eq!(partial.edits, 1);
    assert_eq!(partial.solutions, Some(2), "{}", partial.edit);
    assert_eq!(count(&partial.grid), BigUint::from(2u8));
    assert_eq!(partial.solutions_text(), "2 solutions");
    assert!(fixes.tried.drafts > 0 && !fixes.tried.timed_out);
}

#[test]
fn a_split_turns_one_run_into_two_with_sums_from_a_solution() {
    let grid = parse(AMBIGUOUS);
    let p = Puzzle::from_grid(&grid).unwrap();
    let found = Solver::new(&p).some(1).unwrap();
    let filling = Filling::from_solution(&grid, &p, &found[0].digits);
    // Too short to split: both parts would need two cells.
    assert!(splits(&grid, &filling, symmetry_of(&grid), &[Pos::new(1, 1)]).is_empty());
    let long = "\\ 10\\ 14\\ 18\\ 22\\ 26\\\n\\15 _ _ _ _ _\n\\20 _ _ _ _ _\n\\25 _ _ _ _ _\n\\30 _ _ _ _ _\n";
    let grid = parse(long);
    let p = Puzzle::from_grid(&grid).unwrap();
    let found = Solver::new(&p).some(1).unwrap();
    let filling = Filling::from_solution(&grid, &p, &found[0].digits);
    let edits = splits(&grid, &filling, symmetry_of(&grid), &[Pos::new(1, 1)]);
    assert_eq!(edits.len(), 1);
    let (edit, edited) = &edits[0];
    assert!(
        edit.text
            .starts_with("split the across run at r2c1 (15) with a wall at r2c4: "),
        "{}",
        edit.text
    );
    // The open grid is symmetric: the wall comes with its partner.
    assert_eq!(edit.cells, [Pos::new(1, 3), Pos::new(4, 3), Pos::new(1, 0)]);
    let p = Puzzle::from_grid(edited).unwrap();
    assert!(
        !Solver::new(&p).some(1).unwrap().is_empty(),
        "{}",
        edit.text
    );
}

#[test]
fn a_generated_puzzle_needs_no_fix() {
    use crate::generate::{Options, generate};
    let g = generate(&Options::new(7, 7, 3), &CancelToken::new()).unwrap();
    let fixes = suggest(&g.grid, &CancelToken::new()).unwrap();
    assert_eq!(fixes.verdict, Verdict::Unique);
    assert!(fixes.suggestions.is_empty() && fixes.conflicts.is_empty());
}

#[test]
fn a_draft_without_solution_names_its_conflicting_clues() {
    let grid = parse("\\ 3\\ 3\\\n\\3 _ _\n\\5 _ _\n");
    let fixes = suggest(&grid, &CancelToken::new()).unwrap();
    assert_eq!(fixes.verdict, Verdict::None);
    assert_eq!(fixes.conflicts.len(), 3, "{:?}", fixes.conflicts);
    assert_all_unique(&fixes);
}

#[test]
fn a_conflicting_clue_is_changed_to_a_sum_that_leaves_one_solution() {
    // r2: across 3 is 1 2, but the downs 4 allow only 1 or 3 on top.
    let grid = parse("\\ 4\\ 4\\\n\\3 _ _\n\\7 _ _\n");
    let fixes = suggest(&grid, &CancelToken::new()).unwrap();
    assert_eq!(fixes.verdict, Verdict::None);
    assert_eq!(fixes.conflicts.len(), 3, "{:?}", fixes.conflicts);
    assert!(!fixes.suggestions.is_empty());
    assert_all_unique(&fixes);
    for s in fixes.suggestions.iter().filter(|s| s.edits == 1) {
        assert!(s.edit.starts_with("change the"), "{}", s.edit);
        assert!(
            fixes.conflicts.iter().any(|c| s.cells == [c.wall]),
            "{}",
            s.edit
        );
    }
}
