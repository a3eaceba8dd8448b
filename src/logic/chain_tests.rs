//! Chains: hand-made positions for each kind with the chain expected, and on random puzzles a
//! check of every link by brute force, apart from the engine's own reading of the position.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::Solver;
use crate::solve::combos::DIGITS;

use super::chain::{Because, End, Link};
use super::tests::{at, mask, puzzle};
use super::*;

/// A block of 3 × 3 white cells with no clues: its runs only forbid repeats.
fn open_block() -> Puzzle {
    puzzle(&["\\ \\ \\ \\", "\\ __ __ __", "\\ __ __ __", "\\ __ __ __"])
}

/// The run through `cell` going across (or down).
fn run_of(p: &Puzzle, cell: CellId, across: bool) -> RunId {
    p.cell(cell)
        .runs()
        .find(|&r| (p.run(r).dir == crate::Direction::Across) == across)
        .expect("a run")
}

fn link(cell: CellId, digit: u8, because: Because) -> Link {
    Link {
        cell,
        digit,
        because,
    }
}

#[test]
fn a_chain_of_singles_runs_round_two_corners() {
    // r4c2 = 1 leaves r4c4 only 3 and r2c2 only 2, and r2c4 (2 or 3) nothing.
    let p = open_block();
    let mut marks = vec![DIGITS; 9];
    marks[at(&p, 2, 2).index()] = mask(&[1, 2]);
    marks[at(&p, 2, 4).index()] = mask(&[2, 3]);
    marks[at(&p, 4, 4).index()] = mask(&[1, 3]);
    marks[at(&p, 4, 2).index()] = mask(&[1, 5]);
    let board = Board::from_position(&p, &[None; 9], Some(&marks));
    let step = chain::chain(&p, &board, DEFAULT_MAX_CHAIN).expect("a chain");
    assert_eq!(step.technique, Technique::Chain, "{}", step.text(&p));
    assert_eq!(step.tier(), Tier::Chain);
    assert_eq!(
        step.chain(),
        &[
            link(at(&p, 4, 2), 1, Because::Assumed),
            link(at(&p, 4, 4), 3, Because::OnlyDigit),
            link(at(&p, 2, 2), 2, Because::OnlyDigit),
        ]
    );
    assert_eq!(step.chain_end(), Some(End::NoDigit(at(&p, 2, 4))));
    assert_eq!(step.eliminations, vec![(at(&p, 4, 2), mask(&[1]))]);
    assert_eq!(
        step.text(&p),
        "if r4c2 were 1, then r4c4 = 3 and r2c2 = 2, and r2c4 would have no digit left, so \
         r4c2 is not 1 (a chain of 3 links)"
    );
    assert_eq!(
        step.chain()[2].text(&p),
        "r2c2 = 2: the only digit its runs leave it"
    );
    // Two links at the most: the chain is too long, and nothing shorter is there.
    assert_eq!(chain::chain(&p, &board, 2), None);
}

#[test]
fn an_either_or_chain_clears_the_cells_that_see_both_ends() {
    // If r2c2 is not 1 it is 2, so r2c4 is 3 and r3c4 is 1: one of r2c2 and r3c4 is 1, and
    // r3c2, in r2c2's column and r3c4's row, cannot be.
    let p = open_block();
    let mut marks = vec![DIGITS; 9];
    marks[at(&p, 2, 2).index()] = mask(&[1, 2]);
    marks[at(&p, 2, 4).index()] = mask(&[2, 3]);
    marks[at(&p, 3, 4).index()] = mask(&[1, 3]);
    let board = Board::from_position(&p, &[None; 9], Some(&marks));
    let start = link(at(&p, 2, 2), 1, Because::Denied);
    let step = chain::chain_from(&p, &board, start, DEFAULT_MAX_CHAIN).expect("a chain");
    assert_eq!(
        step.technique,
        Technique::EitherOrChain,
        "{}",
        step.text(&p)
    );
    assert_eq!(
        step.chain(),
        &[
            start,
            link(at(&p, 2, 2), 2, Because::OnlyDigit),
            link(at(&p, 2, 4), 3, Because::OnlyDigit),
            link(at(&p, 3, 4), 1, Because::OnlyDigit),
        ]
    );
    assert_eq!(step.chain_end(), None);
    assert_eq!(step.eliminations, vec![(at(&p, 3, 2), mask(&[1]))]);
    assert_eq!(
        step.text(&p),
        "if r2c2 were not 1, then r2c2 = 2, r2c4 = 3 and r3c4 = 1: either r2c2 or r3c4 is 1, \
         so r3c2, which shares a run with both, is not 1 (a chain of 4 links)"
    );
    assert_eq!(step.chain()[0].text(&p), "r2c2 is not 1: assumed");
    check_chain(&p, &board, &step);
}

#[test]
fn a_denied_digit_that_breaks_the_board_is_placed() {
    // If r2c2 were not 1 it would be 2, and so would r2c4, both in 2 across.
    let p = open_block();
    let mut marks = vec![DIGITS; 9];
    marks[at(&p, 2, 2).index()] = mask(&[1, 2]);
    marks[at(&p, 2, 4).index()] = mask(&[2]);
    let board = Board::from_position(&p, &[None; 9], Some(&marks));
    let start = link(at(&p, 2, 2), 1, Because::Denied);
    let step = chain::chain_from(&p, &board, start, DEFAULT_MAX_CHAIN).expect("a chain");
    assert_eq!(step.placements, vec![(at(&p, 2, 2), 1)]);
    assert!(step.eliminations.is_empty());
    assert!(
        step.text(&p).starts_with("if r2c2 were not 1,") && step.text(&p).contains("so r2c2 = 1"),
        "{}",
        step.text(&p)
    );
    check_chain(&p, &board, &step);
}

#[test]
fn a_forcing_chain_follows_the_only_way_to_make_a_run() {
    // r3c2 = 3 takes 3 from r2c2 and r3c4. Then 10 in 2 down can only be 6 + 4 (r2c4 is 5, 6
    // or 7, r3c4 4 or 6), so r2c4 = 6; and 10 in 3 across, with r2c2 and r2c3 both 1 or 2,
    // needs 7 there.
    let p = puzzle(&["\\ \\ \\ 10\\", "\\10 __ __ __", "\\ __ __ __"]);
    let mut marks = vec![DIGITS; 6];
    marks[at(&p, 2, 2).index()] = mask(&[1, 2, 3]);
    marks[at(&p, 2, 3).index()] = mask(&[1, 2]);
    marks[at(&p, 2, 4).index()] = mask(&[5, 6, 7]);
    marks[at(&p, 3, 2).index()] = mask(&[3, 4]);
    marks[at(&p, 3, 4).index()] = mask(&[3, 4, 6]);
    let board = Board::from_position(&p, &[None; 6], Some(&marks));
    let start = link(at(&p, 3, 2), 3, Because::Assumed);
    let step = chain::chain_from(&p, &board, start, DEFAULT_MAX_CHAIN).expect("a chain");
    let across = run_of(&p, at(&p, 2, 2), true);
    let down = run_of(&p, at(&p, 2, 4), false);
    assert_eq!(step.technique, Technique::ForcingChain, "{}", step.text(&p));
    assert_eq!(
        step.chain(),
        &[
            link(at(&p, 3, 2), 3, Because::Assumed),
            link(at(&p, 2, 4), 6, Because::OnlyWay(down)),
        ]
    );
    assert_eq!(step.chain_end(), Some(End::NoWay(across)));
    assert_eq!(
        step.chain()[1].text(&p),
        "r2c4 = 6: the only way to make 10 in 2 down at r2c4"
    );
    check_chain(&p, &board, &step);
}

#[test]
fn a_chain_names_the_only_place_for_a_digit_a_run_needs() {
    // 6 in 3 across is {1 2 3}. r3c2 = 1 takes 1 from r2c2 and leaves r3c3 only 9; 1 then fits
    // only r2c4, and r3c4 (10 in 2 down: 9 with it) has nothing left.
    let p = puzzle(&["\\ \\ \\ 10\\", "\\6 __ __ __", "\\ __ __ __"]);
    let mut marks = vec![DIGITS; 6];
    marks[at(&p, 2, 2).index()] = mask(&[1, 2, 3]);
    marks[at(&p, 2, 3).index()] = mask(&[2, 3]);
    marks[at(&p, 2, 4).index()] = mask(&[1, 2, 3]);
    marks[at(&p, 3, 2).index()] = mask(&[1, 4]);
    marks[at(&p, 3, 3).index()] = mask(&[1, 9]);
    marks[at(&p, 3, 4).index()] = mask(&[7, 8, 9]);
    let board = Board::from_position(&p, &[None; 6], Some(&marks));
    let step = chain::chain(&p, &board, DEFAULT_MAX_CHAIN).expect("a chain");
    let across = run_of(&p, at(&p, 2, 2), true);
    assert_eq!(step.technique, Technique::Chain);
    assert_eq!(
        step.chain(),
        &[
            link(at(&p, 3, 2), 1, Because::Assumed),
            link(at(&p, 3, 3), 9, Because::OnlyDigit),
            link(at(&p, 2, 4), 1, Because::OnlyPlace(across)),
        ]
    );
    assert_eq!(step.chain_end(), Some(End::NoDigit(at(&p, 3, 4))));
    assert_eq!(
        step.chain()[2].text(&p),
        "r2c4 = 1: the only place for 1 in 6 in 3 across at r2c2"
    );
    check_chain(&p, &board, &step);
}

/// A cell's digits in the position of `placed` (the board's placed digits and the links'),
/// worked out apart from the engine: a digit stays when no run of the cell holds it already
/// and each run has a live set with it and every digit placed there.
fn digits_left(p: &Puzzle, board: &Board, placed: &[u8], c: CellId) -> Mask {
    if placed[c.index()] != 0 {
        return 1 << placed[c.index()];
    }
    (1..=9u8)
        .filter(|&d| board.candidates(c) & 1 << d != 0)
        .filter(|&d| {
            p.cell(c).runs().all(|r| {
                let cells = &p.run(r).cells;
                let held: Vec<u8> = cells
                    .iter()
                    .map(|o| placed[o.index()])
                    .filter(|&x| x != 0)
                    .collect();
                !held.contains(&d)
                    && board
                        .live_sets(r)
                        .iter()
                        .any(|&s| s & 1 << d != 0 && held.iter().all(|&x| s & 1 << x != 0))
            })
        })
        .fold(0, |m, d| m | 1 << d)
}

/// What a filling is handed to: the digits used, and each cell's digit.
type Done<'a> = dyn FnMut(Mask, &[(CellId, u8)]) + 'a;

/// Every way of filling a run's open cells (in order) from their digits, all digits different,
/// that makes a live set with the placed ones.
fn fillings(p: &Puzzle, board: &Board, placed: &[u8], r: RunId) -> Vec<Vec<(CellId, u8)>> {
    let cells = &p.run(r).cells;
    let held = cells.iter().fold(0u16, |m, c| match placed[c.index()] {
        0 => m,
        d => m | 1 << d,
    });
    let open: Vec<CellId> = cells
        .iter()
        .copied()
        .filter(|c| placed[c.index()] == 0)
        .collect();
    let mut out = Vec::new();
    let mut pick = Vec::new();
    fn go(
        k: usize,
        open: &[CellId],
        left: &[Mask],
        used: Mask,
        pick: &mut Vec<(CellId, u8)>,
        done: &mut Done<'_>,
    ) {
        if k == open.len() {
            done(used, pick);
            return;
        }
        for d in 1..=9u8 {
            if left[k] & 1 << d != 0 && used & 1 << d == 0 {
                pick.push((open[k], d));
                go(k + 1, open, left, used | 1 << d, pick, done);
                pick.pop();
            }
        }
    }
    let left: Vec<Mask> = open
        .iter()
        .map(|&c| digits_left(p, board, placed, c))
        .collect();
    go(0, &open, &left, held, &mut pick, &mut |used, filled| {
        if board.live_sets(r).contains(&used) {
            out.push(filled.to_vec());
        }
    });
    out
}

/// Checks each link of `step` against the position of the board and the links before it (a
/// denied start read as the board without that digit there), and its end against the position
/// after them all: a break, or an either-or chain's eliminations at the cells that share a run
/// with both ends; panics naming what fails.
fn check_chain(p: &Puzzle, board: &Board, step: &Step) {
    let links = step.chain();
    assert!(!links.is_empty(), "a chain step has links");
    assert!(links.len() <= DEFAULT_MAX_CHAIN);
    let start = links[0];
    let mut denied = board.clone();
    match (start.because, step.chain_end()) {
        (Because::Assumed, Some(_)) => {
            assert_eq!(step.eliminations, vec![(start.cell, 1 << start.digit)]);
        }
        (Because::Denied, Some(_)) => {
            assert_eq!(step.placements, vec![(start.cell, start.digit)]);
        }
        (Because::Denied, None) => {
            let last = links[links.len() - 1];
            assert_eq!(last.digit, start.digit, "the digit comes back");
            let sees = |a: CellId, b: CellId| p.cell(a).runs().any(|r| p.run(r).cells.contains(&b));
            assert_ne!(start.cell, last.cell, "the digit comes back elsewhere");
            assert!(!step.eliminations.is_empty());
            for &(c, m) in &step.eliminations {
                assert_eq!(m, 1 << start.digit);
                assert!(sees(c, start.cell) && sees(c, last.cell), "sees both ends");
            }
        }
        (because, end) => panic!("a chain starting {because:?} ending {end:?}"),
    }
    let board = &mut denied;
    let mut placed: Vec<u8> = board.digits().to_vec();
    for (i, l) in links.iter().enumerate() {
        let says = format!("link {} of {}", i + 1, step.text(p));
        let left = digits_left(p, board, &placed, l.cell);
        assert_eq!(placed[l.cell.index()], 0, "{says}: the cell is open");
        assert_ne!(left & 1 << l.digit, 0, "{says}: the digit is left");
        match l.because {
            Because::Assumed | Because::Denied => assert_eq!(i, 0, "{says}"),
            Because::OnlyDigit => assert_eq!(left, 1 << l.digit, "{says}"),
            Because::OnlyPlace(r) => {
                let cells = &p.run(r).cells;
                assert!(cells.contains(&l.cell), "{says}");
                let held: Vec<u8> = cells.iter().map(|c| placed[c.index()]).collect();
                for &s in board.live_sets(r) {
                    if held.iter().all(|&x| x == 0 || s & 1 << x != 0) {
                        assert_ne!(s & 1 << l.digit, 0, "{says}: every set needs it");
                    }
                }
                for &o in cells {
                    if o != l.cell && placed[o.index()] == 0 {
                        let theirs = digits_left(p, board, &placed, o);
                        assert_eq!(theirs & 1 << l.digit, 0, "{says}: no other place");
                    }
                }
            }
            Because::OnlyWay(r) => {
                let ways = fillings(p, board, &placed, r);
                assert!(!ways.is_empty(), "{says}: some way");
                for way in ways {
                    assert!(way.contains(&(l.cell, l.digit)), "{says}: every way");
                }
            }
            Because::Follows => panic!("{says}: a chain link has a named reason"),
        }
        if l.because == Because::Denied {
            board.narrow(l.cell, !(1 << l.digit));
        } else {
            placed[l.cell.index()] = l.digit;
        }
    }
    match step.chain_end() {
        None => {}
        Some(End::NoDigit(c)) => {
            assert_eq!(placed[c.index()], 0);
            assert_eq!(digits_left(p, board, &placed, c), 0, "{}", step.text(p));
        }
        Some(End::NoWay(r)) => assert!(fillings(p, board, &placed, r).is_empty()),
    }
}

#[test]
fn the_hand_made_chains_pass_the_independent_check() {
    let p = open_block();
    let mut marks = vec![DIGITS; 9];
    marks[at(&p, 2, 2).index()] = mask(&[1, 2]);
    marks[at(&p, 2, 4).index()] = mask(&[2, 3]);
    marks[at(&p, 4, 4).index()] = mask(&[1, 3]);
    marks[at(&p, 4, 2).index()] = mask(&[1, 5]);
    let board = Board::from_position(&p, &[None; 9], Some(&marks));
    check_chain(&p, &board, &chain::chain(&p, &board, 12).unwrap());
}

/// Checks the chain found at every board of the logical solve of a random puzzle against the
/// independent reading and the solutions, and that a cap of its length finds the same chain;
/// with `every_denial`, also the chain every denied candidate leads to. How many chains it
/// checked, and how many of them were either-or chains (`None`: the puzzle was skipped:
/// invalid, without solution, or too many solutions to list).
fn check_random(seed: u64, side: usize, walls: f64, every_denial: bool) -> Option<(usize, usize)> {
    let grid = crate::solve::generate::random_grid(side, side, walls, seed);
    let p = Puzzle::from_grid(&grid).ok()?;
    let (found, outcome) = Solver::new(&p).solutions(65);
    if outcome != Ok(crate::Outcome::Complete) || found.is_empty() {
        return None;
    }
    let mut board = Board::new(&p);
    let (mut checked, mut either_or) = (0, 0);
    let mut check = |step: &Step, board: &Board| {
        check_chain(&p, board, step);
        for s in &found {
            for &(c, m) in &step.eliminations {
                assert_eq!(m & 1 << s.digits[c.index()], 0, "{}", step.text(&p));
            }
            for &(c, d) in &step.placements {
                assert_eq!(s.digits[c.index()], d, "{}", step.text(&p));
            }
        }
        checked += 1;
        either_or += usize::from(step.technique == Technique::EitherOrChain);
    };
    while board.contradiction(&p).is_none() && !board.is_solved() {
        if let Some(step) = chain::chain(&p, &board, DEFAULT_MAX_CHAIN) {
            let capped = chain::chain(&p, &board, step.chain().len().max(2));
            assert_eq!(
                capped.as_ref().map(Step::chain),
                Some(step.chain()),
                "a cap the chain fits in finds another: {}",
                step.text(&p)
            );
            check(&step, &board);
        }
        if every_denial {
            for c in (0..p.cells().len() as u32).map(CellId) {
                for digit in super::text::digits(board.candidates(c)) {
                    let start = Link {
                        cell: c,
                        digit,
                        because: Because::Denied,
                    };
                    if board.value(c).is_none()
                        && let Some(step) = chain::chain_from(&p, &board, start, DEFAULT_MAX_CHAIN)
                    {
                        check(&step, &board);
                    }
                }
            }
        }
        let Some(step) = next_step(&p, &board) else {
            break;
        };
        board.apply(&step);
    }
    Some((checked, either_or))
}

#[test]
fn chains_are_found_and_checked_on_random_puzzles() {
    // Not an empty check: chains of each kind are found on these boards (most of all on the
    // early ones, before the easier techniques have worked).
    let (checked, either_or) = (0..12u64)
        .filter_map(|s| check_random(s, 6, 0.25, true))
        .fold((0, 0), |(a, b), (c, e)| (a + c, b + e));
    assert!(checked >= 12, "only {checked} chains checked");
    assert!(either_or >= 12, "only {either_or} either-or chains checked");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// On random puzzles, at every board of the logical solve, the chain found removes no
    /// solution's digit, and each of its links follows from the ones before by its reason.
    #[test]
    fn chains_are_sound_link_by_link(seed in 0u64..1 << 40, side in 4usize..8, walls in 0.15f64..0.4) {
        check_random(seed, side, walls, false);
    }
}
