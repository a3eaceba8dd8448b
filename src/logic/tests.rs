//! Shared test puzzles for the logic module, and tests of the whole (explain on real puzzles).

use crate::puzzle::{CellId, Puzzle};
use crate::solve::{Solver, Uniqueness};

use super::*;

/// A puzzle from rows of `.kakuro` tokens (`__` white, `D\A` wall).
pub(crate) fn puzzle(rows: &[&str]) -> Puzzle {
    from_text(&rows.join("\n"))
}

/// A puzzle from a `.kakuro` text.
pub(crate) fn from_text(text: &str) -> Puzzle {
    let (grid, _) = crate::format::kakuro_text::parse(text).expect("a .kakuro test puzzle");
    Puzzle::from_grid(&grid).expect("a valid test puzzle")
}

/// The repository's Wikipedia puzzle.
pub(crate) fn wikipedia() -> Puzzle {
    from_text(include_str!("../../puzzles/wikipedia.kakuro"))
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
    let Ok(Uniqueness::Unique(solution)) = Solver::new(&p).uniqueness() else {
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
        "16 in 2 across at r2c2 is always {7 9}, so r2c2 and r2c3 lose 1 2 3 4 5 6 8"
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
    Some(from_text(&text))
}

/// Explains a unique puzzle and checks the steps reach its solution without a trial.
fn solves_by_logic_alone(p: &Puzzle) -> Explanation {
    let Ok(Uniqueness::Unique(solution)) = Solver::new(p).uniqueness() else {
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
    let p = from_text(include_str!("../../bench/corpus/30x30.kakuro"));
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

/// Every solution of a small puzzle (`None` past `cap` of them).
fn all_solutions(p: &Puzzle, cap: usize) -> Option<Vec<Vec<u8>>> {
    let (found, outcome) = Solver::new(p).solutions(cap + 1);
    (outcome == Ok(crate::Outcome::Complete)).then(|| found.into_iter().map(|s| s.digits).collect())
}

/// No step takes from any solution: placements agree with all, eliminations and struck sets
/// touch none.
fn sound_against(p: &Puzzle, steps: &[Step], solutions: &[Vec<u8>]) {
    for (i, step) in steps.iter().enumerate() {
        let says = || {
            format!(
                "step {} ({}): {}",
                i + 1,
                step.technique.name(),
                step.text(p)
            )
        };
        for s in solutions {
            for &(c, d) in &step.placements {
                assert_eq!(s[c.index()], d, "{}", says());
            }
            for &(c, m) in &step.eliminations {
                assert_eq!(m & 1 << s[c.index()], 0, "{}", says());
            }
            for (r, sets) in &step.struck {
                let used = p.run(*r).cells.iter().fold(0, |m, c| m | 1 << s[c.index()]);
                assert!(!sets.contains(&used), "{}", says());
            }
        }
    }
}

/// The steps of `next_step` asked from scratch on each board: the plain full rescan.
fn rescanned_steps(p: &Puzzle) -> Vec<Step> {
    let mut board = Board::new(p);
    let mut steps = Vec::new();
    while let Some(step) = next_step(p, &board) {
        board.apply(&step);
        steps.push(step);
    }
    steps
}

#[test]
fn explain_gives_the_steps_of_a_full_rescan_on_published_puzzles() {
    let mut puzzles = vec![wikipedia()];
    puzzles.extend(shared("15x15.kakuro"));
    for p in puzzles {
        assert_eq!(explain(&p).steps, rescanned_steps(&p));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

    /// On random puzzles (one solution, several or none), explaining gives exactly the steps
    /// that asking `next_step` afresh after each one gives.
    #[test]
    fn explain_gives_the_steps_of_a_full_rescan(seed in 0u64..1 << 40, side in 4usize..10, walls in 0.15f64..0.45) {
        let grid = crate::solve::generate::random_grid(side, side, walls, seed);
        let Ok(p) = Puzzle::from_grid(&grid) else { return Ok(()) };
        proptest::prop_assert_eq!(explain(&p).steps, rescanned_steps(&p));
    }

    /// On random puzzles with one solution or a few, no step ever removes a digit a solution
    /// has.
    #[test]
    fn steps_never_remove_a_solution(seed in 0u64..1 << 40, side in 4usize..8, walls in 0.15f64..0.45) {
        let grid = crate::solve::generate::random_grid(side, side, walls, seed);
        let Ok(p) = Puzzle::from_grid(&grid) else { return Ok(()) };
        let Some(solutions) = all_solutions(&p, 64) else { return Ok(()) };
        if solutions.is_empty() {
            return Ok(());
        }
        let e = explain(&p);
        sound_against(&p, &e.steps, &solutions);
        if solutions.len() == 1 {
            proptest::prop_assert!(e.solved || !e.end.is_solved());
        } else {
            proptest::prop_assert!(!e.solved);
        }
    }
}

#[test]
fn the_rating_orders_easy_below_hard() {
    // Two runs of two with one digit set each: as easy as it gets.
    let tiny = rate(&puzzle(&["\\ 4\\ 3\\", "\\3 __ __", "\\4 __ __"]));
    assert_eq!(tiny.band, Band::Easy);
    assert_eq!(tiny.hardest.tier(), Tier::One);
    let wiki = rate(&wikipedia());
    assert_eq!(wiki.band, Band::Easy);
    assert!(tiny.score < wiki.score);
    // A puzzle with two solutions: logic gets stuck, the hardest band.
    let two = puzzle(&["\\ 4\\ 4\\", "\\4 __ __", "\\4 __ __"]);
    let e = explain(&two);
    assert!(!e.solved);
    assert_eq!(e.rating.band, Band::Trial);
    if let Some(p) = shared("15x15.kakuro") {
        let medium = rate(&p);
        assert_eq!(medium.band, Band::Medium);
        assert!(medium.score > wiki.score);
    }
}

#[test]
fn a_hard_puzzle_rates_above_the_easy_and_medium_ones() {
    let hard = from_text(include_str!("../../puzzles/hard.kakuro"));
    solves_by_logic_alone(&hard);
    let rating = rate(&hard);
    assert!(rating.band >= Band::Hard, "{rating:?}");
    assert_eq!(rating.hardest.tier(), Tier::Three);
    let wiki = rate(&wikipedia());
    assert_eq!(wiki.band, Band::Easy);
    assert!(wiki.band < rating.band);
    if let Some(p) = shared("15x15.kakuro") {
        assert!(rate(&p).band < rating.band);
    }
}

#[test]
fn the_easy_allowance_grows_with_the_white_cells() {
    let p = wikipedia();
    let step = |t: Technique| {
        Step::new(
            t,
            step::Why::NakedSingle {
                cell: CellId(0),
                digit: 1,
            },
        )
    };
    // Five naked subsets weigh 25: Medium in the 36 cells of the Wikipedia puzzle, Easy in a
    // 9 × 9 block of 81.
    let steps: Vec<Step> = (0..5).map(|_| step(Technique::NakedSubset)).collect();
    assert_eq!(rating_of(&p, &steps, true).band, Band::Medium);
    let mut rows = vec![format!("\\ {}", "45\\ ".repeat(9))];
    rows.extend((0..9).map(|_| format!("\\45 {}", "__ ".repeat(9))));
    let block = from_text(&rows.join("\n"));
    assert_eq!(block.cells().len(), 81);
    assert_eq!(rating_of(&block, &steps, true).band, Band::Easy);
    assert_eq!(rating::easy_allowance(36), 12);
    assert_eq!(rating::easy_allowance(90), 30);
    assert_eq!(rating::easy_allowance(10), 12);
}

#[test]
fn bands_follow_the_hardest_tier_and_the_start() {
    let step = |t: Technique, place: bool| {
        let mut s = Step::new(
            t,
            step::Why::NakedSingle {
                cell: CellId(0),
                digit: 1,
            },
        );
        if place {
            s.placements = vec![(CellId(0), 1)];
        }
        s
    };
    let p = wikipedia();
    let ones = vec![
        step(Technique::UniqueCombination, false),
        step(Technique::NakedSingle, true),
    ];
    assert_eq!(rating_of(&p, &ones, true).band, Band::Easy);
    let mut twos = ones.clone();
    twos.extend((0..4).map(|_| step(Technique::HiddenSubset, false)));
    assert_eq!(rating_of(&p, &twos, true).band, Band::Medium);
    let mut three = twos.clone();
    three.push(step(Technique::AreaSum, false));
    let hard = rating_of(&p, &three, true);
    assert_eq!((hard.band, hard.hardest), (Band::Hard, Technique::AreaSum));
    // The same area sum needed before the first digit: Expert.
    let mut first = vec![step(Technique::AreaSum, false)];
    first.extend(twos.clone());
    let expert = rating_of(&p, &first, true);
    assert_eq!(
        (expert.band, expert.start),
        (Band::Expert, Technique::AreaSum)
    );
    assert_eq!(rating_of(&p, &three, false).band, Band::Trial);
    assert!(rating_of(&p, &ones, true).score < hard.score);
}
