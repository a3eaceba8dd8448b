//! The engine against an independent brute-force enumerator, on real and random puzzles.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use kakuro::solve::{Cancelled, Event, Observer, Snapshot, Tuning, generate};
use kakuro::{
    CancelToken, Cell, Cipher, Clue, Grid, Letter, Outcome, Pos, Puzzle, Solution, Solver,
    Uniqueness,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

mod common;
use common::*;

// ---------------------------------------------------------------- helpers

/// Reads one Project Euler 424 line.
fn parse_pe424(line: &str) -> Grid {
    let (n, rest) = line.trim().split_once(',').unwrap();
    let n: usize = n.parse().unwrap();
    let mut tokens = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for ch in rest.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                tokens.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    tokens.push(cur);
    assert_eq!(tokens.len(), n * n);
    let mut grid = Grid::new(n, n);
    let letter = |c: char| Letter::from_char(c).unwrap();
    let cipher = |s: &str| {
        let cs: Vec<char> = s.chars().collect();
        Clue::Cipher(match cs.as_slice() {
            [u] => Cipher {
                tens: None,
                units: letter(*u),
            },
            [t, u] => Cipher {
                tens: Some(letter(*t)),
                units: letter(*u),
            },
            _ => panic!("bad clue {s}"),
        })
    };
    for (i, tok) in tokens.iter().enumerate() {
        let pos = Pos::new(i / n, i % n);
        let cell = match tok.as_str() {
            "X" => Cell::WALL,
            "O" => Cell::WHITE,
            t if t.starts_with('(') => {
                let (mut down, mut across) = (None, None);
                for part in t[1..t.len() - 1].split(',') {
                    match &part[..1] {
                        "h" => across = Some(cipher(&part[1..])),
                        "v" => down = Some(cipher(&part[1..])),
                        _ => panic!("bad token {t}"),
                    }
                }
                Cell::Wall { down, across }
            }
            t => Cell::White {
                shown: Some(letter(t.chars().next().unwrap())),
            },
        };
        grid.set(pos, cell);
    }
    grid
}

/// The reference: every digit of every cell in order, pruned only by "no repeat" and "the sum
/// can still be reached"; gives up (returning `None`) past `cap` solutions or a million steps.
fn brute_force(puzzle: &Puzzle, cap: usize) -> Option<HashSet<Vec<u8>>> {
    /// Each run's digits so far (a bit per digit), their total, and how many there are.
    struct Walk<'a> {
        p: &'a Puzzle,
        digits: Vec<u8>,
        used: Vec<u16>,
        total: Vec<u32>,
        filled: Vec<u32>,
        out: HashSet<Vec<u8>>,
        cap: usize,
        steps: u64,
    }
    fn fits(w: &Walk<'_>, i: usize, d: u8) -> bool {
        w.p.cell(kakuro::CellId(i as u32)).runs().all(|r| {
            let (run, k) = (w.p.run(r), r.index());
            let total = w.total[k] + u32::from(d);
            let left = run.len() as u32 - w.filled[k] - 1;
            w.used[k] & (1 << d) == 0
                && run.sum().is_none_or(|s| {
                    let s = u32::from(s);
                    total + left * (left + 1) / 2 <= s && s <= total + left * (19 - left) / 2
                })
        })
    }
    fn place(w: &mut Walk<'_>, i: usize, d: u8, on: bool) {
        for r in w.p.cell(kakuro::CellId(i as u32)).runs() {
            let k = r.index();
            w.used[k] ^= 1 << d;
            if on {
                w.total[k] += u32::from(d);
                w.filled[k] += 1;
            } else {
                w.total[k] -= u32::from(d);
                w.filled[k] -= 1;
            }
        }
    }
    fn go(w: &mut Walk<'_>, i: usize) -> bool {
        if i == w.p.cells().len() {
            w.out.insert(w.digits.clone());
            return w.out.len() <= w.cap;
        }
        for d in 1..=9u8 {
            w.steps += 1;
            if w.steps > 1_000_000 {
                return false;
            }
            if fits(w, i, d) {
                place(w, i, d, true);
                w.digits.push(d);
                let going = go(w, i + 1);
                w.digits.pop();
                place(w, i, d, false);
                if !going {
                    return false;
                }
            }
        }
        true
    }
    let runs = puzzle.runs().len();
    let mut walk = Walk {
        p: puzzle,
        digits: Vec::new(),
        used: vec![0; runs],
        total: vec![0; runs],
        filled: vec![0; runs],
        out: HashSet::new(),
        cap,
        steps: 0,
    };
    go(&mut walk, 0).then_some(walk.out)
}

/// Every solution the engine streams (up to `cap`), checking validity and repeats on the way.
fn engine_set(puzzle: &Puzzle, cap: usize) -> (HashSet<Vec<u8>>, Result<Outcome, Cancelled>) {
    let mut set = HashSet::new();
    let outcome = Solver::new(puzzle).for_each(|s| {
        assert!(is_valid(puzzle, s), "invalid solution {:?}", s.digits);
        assert!(
            set.insert(s.digits.clone()),
            "repeated solution {:?}",
            s.digits
        );
        if set.len() > cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (set, outcome)
}

// ---------------------------------------------------------------- brute force

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn engine_equals_brute_force(grid in small_grids()) {
        let Ok(puzzle) = Puzzle::from_grid(&grid) else {
            return Ok(());
        };
        let cap = 3000;
        let Some(expected) = brute_force(&puzzle, cap) else {
            return Ok(());
        };
        let (found, outcome) = engine_set(&puzzle, cap);
        prop_assert_eq!(outcome, Ok(Outcome::Complete));
        prop_assert_eq!(found, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Restricting one cell's candidates keeps exactly the solutions with an allowed digit there,
    /// for the stream and for the count.
    #[test]
    fn restricted_cell_keeps_exactly_the_matching_solutions(
        seed in any::<u64>(),
        w in 2usize..=5,
        h in 2usize..=5,
        cell in any::<prop::sample::Index>(),
        allowed in 0u16..1024,
    ) {
        let grid = random_small_grid(seed, w, h, 0.8, false, 0.15);
        let Ok(puzzle) = Puzzle::from_grid(&grid) else {
            return Ok(());
        };
        let Some(all) = brute_force(&puzzle, 3000) else {
            return Ok(());
        };
        let cell = cell.index(puzzle.cells().len());
        let expected: HashSet<Vec<u8>> = all
            .into_iter()
            .filter(|digits| allowed & (1 << digits[cell]) != 0)
            .collect();
        let mut found = HashSet::new();
        let mut solver = Solver::new(&puzzle).with_candidates(kakuro::CellId(cell as u32), allowed);
        let outcome = solver.for_each(|s| {
            found.insert(s.digits.clone());
            ControlFlow::Continue(())
        });
        prop_assert_eq!(outcome, Ok(Outcome::Complete));
        prop_assert_eq!(&found, &expected);
        let counted = solver.count().unwrap();
        prop_assert_eq!(counted, num_bigint::BigUint::from(expected.len()));
    }
}

#[test]
fn brute_force_agrees_on_known_small_puzzles() {
    // small.kakuro has 6 solutions (r2c3 + r2c4 = 9 leaves three pairs, r3 two orders).
    for (name, count) in [("small.kakuro", 6), ("mini.kakuro", 1), ("u.kakuro", 1)] {
        let Some(text) = shared(name) else { continue };
        let puzzle = Puzzle::from_grid(&parse_text(&text)).unwrap();
        let expected = brute_force(&puzzle, 100).unwrap();
        let (found, outcome) = engine_set(&puzzle, 100);
        assert_eq!(outcome, Ok(Outcome::Complete));
        assert_eq!(found, expected, "{name}");
        assert_eq!(found.len(), count, "{name}");
    }
}

// ---------------------------------------------------------------- real puzzles

#[test]
fn real_puzzles_are_unique_and_valid() {
    for name in [
        "wikipedia.kakuro",
        "15x15.kakuro",
        "u.kakuro",
        "mini.kakuro",
    ] {
        let Some(text) = shared(name) else { continue };
        let puzzle = Puzzle::from_grid(&parse_text(&text)).unwrap();
        let mut solver = Solver::new(&puzzle);
        match solver.uniqueness().ok() {
            Some(Uniqueness::Unique(s)) => assert!(is_valid(&puzzle, &s), "{name}"),
            other => panic!("{name}: {other:?}"),
        }
        assert!(solver.stats().nodes >= 1);
    }
}

#[test]
fn generated_puzzles_have_valid_solutions() {
    for seed in 0..20 {
        let grid = generate::random_grid(12, 10, 0.4, seed);
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let (found, _) = Solver::new(&puzzle).solutions(50);
        assert!(!found.is_empty(), "seed {seed}");
        for s in &found {
            assert!(is_valid(&puzzle, s));
        }
    }
}

#[test]
fn large_generated_puzzle_gives_a_first_solution() {
    let grid = generate::random_grid(100, 30, 0.45, 7);
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    assert!(puzzle.cells().len() > 1000);
    let s = Solver::new(&puzzle)
        .first()
        .ok()
        .flatten()
        .expect("a solution");
    assert!(is_valid(&puzzle, &s));
}

// ---------------------------------------------------------------- dead ends

/// The stream (up to `cap` solutions), in order, with dead ends remembered after `after`
/// backtracks; and how it ended.
fn stream(puzzle: &Puzzle, cap: usize, after: u64) -> (Vec<Vec<u8>>, Result<Outcome, Cancelled>) {
    stream_tuned(puzzle, cap, |s| {
        s.with_tuning(Tuning {
            dead_ends_after: after,
            ..Tuning::default()
        })
    })
}

/// The stream (up to `cap` solutions) of a solver `tune` sets up, in order; and how it ended.
fn stream_tuned(
    puzzle: &Puzzle,
    cap: usize,
    tune: impl FnOnce(Solver<'_>) -> Solver<'_>,
) -> (Vec<Vec<u8>>, Result<Outcome, Cancelled>) {
    let mut out = Vec::new();
    let outcome = tune(Solver::new(puzzle)).for_each(|s| {
        out.push(s.digits.clone());
        if out.len() >= cap {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (out, outcome)
}

/// A stream's solutions and how it ended.
type Streamed = (Vec<Vec<u8>>, Result<Outcome, Cancelled>);

/// The stream without the dead-end memo or the sums' flow, as [`stream`] gives it, if the
/// search ends within `budget`.
fn stream_within(puzzle: &Puzzle, cap: usize, budget: Duration) -> Option<Streamed> {
    let token = CancelToken::new();
    let (done, timer) = std::sync::mpsc::channel::<()>();
    let fire = token.clone();
    let watchdog = std::thread::spawn(move || {
        if timer.recv_timeout(budget).is_err() {
            fire.cancel();
        }
    });
    let mut out = Vec::new();
    let outcome = Solver::new(puzzle)
        .with_cancel(token)
        .with_tuning(Tuning {
            dead_ends_after: u64::MAX,
            flow_after: u64::MAX,
            ..Tuning::default()
        })
        .for_each(|s| {
            out.push(s.digits.clone());
            if out.len() >= cap {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    let _ = done.send(());
    watchdog.join().unwrap();
    (outcome != Err(Cancelled)).then_some((out, outcome))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Remembering dead ends from the first backtrack, or checking every decision against the
    /// sums' flow, cuts only solution-free subtrees: the stream is the same, in the same order
    /// (and equals brute force by the test above).
    #[test]
    fn dead_ends_and_the_flow_keep_the_stream(grid in small_grids()) {
        let Ok(puzzle) = Puzzle::from_grid(&grid) else {
            return Ok(());
        };
        // Random clues now and then make a grid with no solution that takes a debug build half
        // a minute to refute; such a grid is skipped rather than holding up the suite.
        let Some(plain) = stream_within(&puzzle, 3000, Duration::from_secs(2)) else {
            return Ok(());
        };
        prop_assert_eq!(stream(&puzzle, 3000, 0), plain.clone());
        prop_assert_eq!(stream_tuned(&puzzle, 3000, |s| s.with_tuning(Tuning { flow_after: 0, ..Tuning::default() })), plain);
    }
}

#[test]
fn dead_ends_keep_the_stream_of_larger_puzzles() {
    for seed in 0..8 {
        for (w, h, walls) in [(12, 12, 0.3), (16, 10, 0.35)] {
            let grid = generate::random_grid(w, h, walls, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let with = stream(&puzzle, 300, 0);
            assert_eq!(with, stream(&puzzle, 300, u64::MAX), "{w}x{h} seed {seed}");
            assert!(with.0.iter().all(|d| is_valid(
                &puzzle,
                &Solution {
                    digits: d.clone(),
                    letters: None
                }
            )));
        }
    }
}

// ---------------------------------------------------------------- the sums' flow

#[test]
fn the_flow_keeps_the_stream_of_larger_puzzles_and_cuts_it_short() {
    let (mut with_nodes, mut without_nodes) = (0, 0);
    for seed in 0..8 {
        for (w, h, walls) in [(12, 12, 0.3), (16, 10, 0.35)] {
            let puzzle = Puzzle::from_grid(&generate::random_grid(w, h, walls, seed)).unwrap();
            let nodes = |after| {
                let mut solver = Solver::new(&puzzle).with_tuning(Tuning {
                    flow_after: after,
                    ..Tuning::default()
                });
                let (found, outcome) = solver.solutions(300);
                (found, outcome, solver.stats().nodes)
            };
            let (with, outcome, n) = nodes(0);
            let (without, plain_outcome, m) = nodes(u64::MAX);
            assert_eq!(
                (&with, outcome),
                (&without, plain_outcome),
                "{w}x{h} seed {seed}"
            );
            assert!(with.iter().all(|s| is_valid(&puzzle, s)));
            (with_nodes, without_nodes) = (with_nodes + n, without_nodes + m);
        }
    }
    // The flow refutes some decisions that propagation lets through.
    assert!(
        with_nodes < without_nodes,
        "{with_nodes} nodes with the flow, {without_nodes} without"
    );
}

/// First solution's node count, or `None` when a minute went by (a debug build, so that a
/// regression fails instead of hanging).
fn first_nodes(puzzle: &Puzzle) -> Option<u64> {
    let token = CancelToken::new();
    let t = token.clone();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60));
        t.cancel();
    });
    let mut solver = Solver::new(puzzle).with_cancel(token);
    let s = solver.first().ok().flatten()?;
    assert!(is_valid(puzzle, &s));
    Some(solver.stats().nodes)
}

#[test]
fn searched_out_states_are_not_searched_again() {
    // Without the dead-end memo these take 7,365 nodes and over 300,000 (thrashing).
    let wide = Puzzle::from_grid(&generate::random_grid(100, 30, 0.45, 4)).unwrap();
    let nodes = first_nodes(&wide).expect("a first solution");
    assert!(nodes < 2_000, "30x100 seed 4: {nodes} nodes");
    let square = Puzzle::from_grid(&generate::random_grid(30, 30, 0.35, 12)).unwrap();
    let nodes = first_nodes(&square).expect("a first solution");
    assert!(nodes < 10_000, "30x30 seed 12: {nodes} nodes");
}

// ---------------------------------------------------------------- the digits' tally

#[test]
fn a_block_whose_rows_and_columns_miss_other_digits_is_refuted_at_once() {
    let puzzle = Puzzle::from_grid(&parse_text(PIGEONHOLE)).unwrap();
    // A search that cannot refute it runs for minutes: the deadline makes that a failure.
    let token = CancelToken::new().with_deadline(Duration::from_secs(60));
    let mut solver = Solver::new(&puzzle).with_cancel(token.clone());
    assert_eq!(solver.uniqueness().ok(), Some(Uniqueness::None));
    // Refuted at the root: no decision, no backtrack.
    assert_eq!((solver.stats().guesses, solver.stats().backtracks), (0, 0));
    assert_eq!(solver.first().ok().flatten(), None);
    assert_eq!(solver.stats().guesses, 0);
    assert_eq!(solver.count(), Ok(num_bigint::BigUint::ZERO));
    assert!(!token.is_cancelled());
}

prop_compose! {
    /// Small grids, nearly all white, every run with a random sum (or now and then none):
    /// many have no solution, often for a reason only counting digits shows.
    fn dense_random_sums()(
        seed in any::<u64>(),
        w in 2usize..=6,
        h in 2usize..=6,
        white in 0.8f64..1.0,
        no_sum in prop_oneof![Just(0.0), Just(0.1)],
    ) -> Grid {
        random_small_grid(seed, w, h, white, true, no_sum)
    }
}

/// The stream with the order fixed as plain, the digits' tally checked at every decision
/// (`after` 0) or only at the root (`u64::MAX`); `None` past a deadline.
fn tallied_stream(puzzle: &Puzzle, after: u64) -> Option<Streamed> {
    let token = CancelToken::new().with_deadline(Duration::from_secs(5));
    let (out, outcome) = stream_tuned(puzzle, 3000, |s| {
        s.with_cancel(token).with_tuning(Tuning {
            anchor_after: u64::MAX,
            tally_after: after,
            ..Tuning::default()
        })
    });
    (outcome != Err(Cancelled)).then_some((out, outcome))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Checking each decision against the digits' tally cuts only solution-free subtrees: the
    /// stream is the same, in the same order, and brute force's; "none, unique or multiple"
    /// and the count agree with brute force, whether the stream or probes (which check the
    /// tally too) answer.
    #[test]
    fn the_tally_keeps_the_stream_and_the_verdict(grid in dense_random_sums()) {
        let Ok(puzzle) = Puzzle::from_grid(&grid) else {
            return Ok(());
        };
        let Some(expected) = brute_force(&puzzle, 3000) else {
            return Ok(());
        };
        let tallied = tallied_stream(&puzzle, 0).expect("the tallied stream ends");
        prop_assert_eq!(tallied.1, Ok(Outcome::Complete));
        let found: HashSet<Vec<u8>> = tallied.0.iter().cloned().collect();
        prop_assert_eq!(&found, &expected);
        if let Some(plain) = tallied_stream(&puzzle, u64::MAX) {
            prop_assert_eq!(&tallied, &plain);
        }
        for after in [0, 1, u64::MAX] {
            let verdict = Solver::new(&puzzle)
                .with_tuning(Tuning { probes_after: after, tally_after: 0, ..Tuning::default() })
                .uniqueness()
                .expect("not cancelled");
            match verdict {
                Uniqueness::None => prop_assert!(expected.is_empty(), "after {}", after),
                Uniqueness::Unique(s) => {
                    prop_assert_eq!(expected.len(), 1, "after {}", after);
                    prop_assert!(expected.contains(&s.digits));
                }
                Uniqueness::Multiple => prop_assert!(expected.len() > 1, "after {}", after),
            }
        }
        let counted = Solver::new(&puzzle).count().unwrap();
        prop_assert_eq!(counted, num_bigint::BigUint::from(expected.len()));
    }
}

// ---------------------------------------------------------------- probes

/// `any()` and `uniqueness()` with the stream giving way to probes after `after` backtracks.
fn probed(puzzle: &Puzzle, after: u64) -> (Option<Solution>, Option<Uniqueness>) {
    let any = Solver::new(puzzle)
        .with_tuning(Tuning {
            probes_after: after,
            ..Tuning::default()
        })
        .any()
        .ok()
        .flatten();
    let verdict = Solver::new(puzzle)
        .with_tuning(Tuning {
            probes_after: after,
            ..Tuning::default()
        })
        .uniqueness()
        .ok();
    (any, verdict)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Whether the stream answers or probes do (from the first backtrack on), "a solution" and
    /// "none, unique or multiple" agree with the brute-force enumerator.
    #[test]
    fn probes_answer_like_brute_force(grid in small_grids()) {
        let Ok(puzzle) = Puzzle::from_grid(&grid) else {
            return Ok(());
        };
        let Some(expected) = brute_force(&puzzle, 3000) else {
            return Ok(());
        };
        for after in [0, 1, u64::MAX] {
            let (any, verdict) = probed(&puzzle, after);
            match any {
                Some(s) => prop_assert!(expected.contains(&s.digits), "after {}", after),
                None => prop_assert!(expected.is_empty(), "after {}", after),
            }
            match verdict.expect("not cancelled") {
                Uniqueness::None => prop_assert!(expected.is_empty()),
                Uniqueness::Unique(s) => {
                    prop_assert_eq!(expected.len(), 1, "after {}", after);
                    prop_assert!(expected.contains(&s.digits));
                }
                Uniqueness::Multiple => prop_assert!(expected.len() > 1, "after {}", after),
            }
        }
    }
}

#[test]
fn probes_answer_where_the_stream_thrashes() {
    // The stream finds no first solution of these within seconds (a release build); probes
    // find one in 2,000–12,000 nodes, and a second one soon after.
    for (walls, seed) in [(0.35, 2), (0.3, 1)] {
        let puzzle = Puzzle::from_grid(&generate::random_grid(30, 30, walls, seed)).unwrap();
        let token = CancelToken::new();
        let t = token.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(120));
            t.cancel();
        });
        let mut solver = Solver::new(&puzzle).with_cancel(token.clone());
        let s = solver
            .any()
            .ok()
            .flatten()
            .expect("a solution within two minutes");
        assert!(is_valid(&puzzle, &s), "walls {walls} seed {seed}");
        let verdict = Solver::new(&puzzle).with_cancel(token).uniqueness().ok();
        assert_eq!(
            verdict,
            Some(Uniqueness::Multiple),
            "walls {walls} seed {seed}"
        );
    }
}

// ---------------------------------------------------------------- sinks, limits, cancellation

fn enum_puzzle(blocks: usize) -> Puzzle {
    let text = std::fs::read_to_string("puzzles/enum-blocks.kakuro").unwrap();
    let full = parse_text(&text);
    // The first `blocks` blocks of the top band, or the whole file.
    if blocks >= 9 {
        return Puzzle::from_grid(&full).unwrap();
    }
    let mut grid = Grid::new(3 * blocks, 3);
    for r in 0..3 {
        for c in 0..3 * blocks {
            grid.set(Pos::new(r, c), full.get(Pos::new(r, c)));
        }
    }
    Puzzle::from_grid(&grid).unwrap()
}

#[test]
fn independent_blocks_stream_their_product_in_order() {
    let puzzle = enum_puzzle(3);
    let (found, outcome) = Solver::new(&puzzle).solutions(10_000);
    assert_eq!(outcome, Ok(Outcome::Complete));
    assert_eq!(found.len(), 512);
    let distinct: HashSet<&Solution> = found.iter().collect();
    assert_eq!(distinct.len(), 512);
    // The first block (lowest cells) changes slowest; the digits go up.
    let keys: Vec<(u8, u8, u8)> = found
        .iter()
        .map(|s| (s.digits[0], s.digits[2], s.digits[4]))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert!(found.iter().all(|s| is_valid(&puzzle, s)));
}

#[test]
fn limits_and_early_stop() {
    let puzzle = enum_puzzle(2);
    let mut solver = Solver::new(&puzzle);
    let (some, outcome) = solver.solutions(10);
    assert_eq!((some.len(), outcome), (10, Ok(Outcome::Stopped)));
    let (all, outcome) = solver.solutions(64);
    assert_eq!((all.len(), outcome), (64, Ok(Outcome::Stopped)));
    let (all, outcome) = solver.solutions(65);
    assert_eq!((all.len(), outcome), (64, Ok(Outcome::Complete)));
    assert_eq!(solver.stats().solutions, 64);
    assert_eq!(solver.solutions(0), (vec![], Ok(Outcome::Stopped)));
    assert_eq!(solver.uniqueness().ok(), Some(Uniqueness::Multiple));
    assert!(solver.first().ok().flatten().is_some());
    let mut seen = 0;
    let outcome = solver.for_each(|_| {
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((seen, outcome), (3, Ok(Outcome::Stopped)));
}

#[test]
fn no_solution_is_none() {
    // The rows add up to 7, the columns to 6.
    let grid = parse_text("\\ 3\\ 3\\\n\\3 _ _\n\\4 _ _");
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    assert_eq!(
        Solver::new(&puzzle).uniqueness().ok(),
        Some(Uniqueness::None)
    );
    assert_eq!(
        Solver::new(&puzzle).solutions(5),
        (vec![], Ok(Outcome::Complete))
    );
}

#[test]
fn cancelled_token_stops_before_anything() {
    let puzzle = enum_puzzle(9);
    let token = CancelToken::new();
    token.cancel();
    let mut n = 0u64;
    let outcome = Solver::new(&puzzle).with_cancel(token).for_each(|_| {
        n += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Err(Cancelled));
    assert!(n < 10_000);
}

#[test]
fn cancel_from_another_thread_returns_promptly() {
    let puzzle = Puzzle::from_grid(&pathological_grid()).unwrap();
    let token = CancelToken::new();
    let remote = token.clone();
    // The other thread cancels only once solutions are flowing, so a slow (debug, loaded)
    // machine cannot make it cancel before the first one.
    let streaming = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen = streaming.clone();
    let canceller = std::thread::spawn(move || {
        while !seen.load(std::sync::atomic::Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(50));
        remote.cancel();
        Instant::now()
    });
    let mut n = 0u64;
    let outcome = Solver::new(&puzzle).with_cancel(token).for_each(|_| {
        n += 1;
        streaming.store(true, std::sync::atomic::Ordering::Release);
        ControlFlow::Continue(())
    });
    let ended = Instant::now();
    streaming.store(true, std::sync::atomic::Ordering::Release); // frees the canceller if none came
    let cancelled_at = canceller.join().unwrap();
    assert_eq!(outcome, Err(Cancelled));
    assert!(n > 0, "solutions streamed before the cancel");
    // Generous: the machine may be loaded; a search that ignored the token would run for hours.
    assert!(ended.duration_since(cancelled_at) < Duration::from_secs(5));
}

#[test]
fn cancel_inside_the_sink_is_reported() {
    let puzzle = enum_puzzle(9);
    let token = CancelToken::new();
    let inner = token.clone();
    let outcome = Solver::new(&puzzle).with_cancel(token).for_each(|_| {
        inner.cancel();
        ControlFlow::Continue(())
    });
    assert_eq!(outcome, Err(Cancelled));
    let mut solver = Solver::new(&puzzle).with_cancel({
        let t = CancelToken::new();
        t.cancel();
        t
    });
    assert_eq!(solver.uniqueness().ok(), None);
}

#[test]
fn pathological_puzzles_stream_at_once() {
    let puzzle = Puzzle::from_grid(&pathological_grid()).unwrap();
    let (found, outcome) = Solver::new(&puzzle).solutions(1000);
    assert_eq!((found.len(), outcome), (1000, Ok(Outcome::Stopped)));
    assert!(found.iter().all(|s| is_valid(&puzzle, s)));
    // A run of nine without a sum: 9! solutions.
    let grid = parse_text("\\ \\ \\ \\ \\ \\ \\ \\ \\ \\\n\\ _ _ _ _ _ _ _ _ _");
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    let mut n = 0u64;
    let outcome = Solver::new(&puzzle).for_each(|_| {
        n += 1;
        ControlFlow::Continue(())
    });
    assert_eq!((n, outcome), (362_880, Ok(Outcome::Complete)));
}

// ---------------------------------------------------------------- observer

#[derive(Default)]
struct Watch {
    decisions: u64,
    solutions: u64,
    snapshots: u64,
    asked: u64,
    progress: Vec<f64>,
}

impl Observer for Watch {
    fn event(&mut self, event: Event) {
        match event {
            Event::Decision { .. } => self.decisions += 1,
            Event::Solution => self.solutions += 1,
            _ => {}
        }
    }
    fn wants_snapshot(&mut self) -> bool {
        self.asked += 1;
        self.asked.is_multiple_of(7)
    }
    fn snapshot(&mut self, s: &Snapshot<'_>) {
        self.snapshots += 1;
        assert!(!s.domains.is_empty());
        assert!(s.stack.iter().all(|e| e.index < e.count.max(1)));
        self.progress.push(s.progress);
    }
}

#[test]
fn observer_sees_the_search() {
    let puzzle = enum_puzzle(3);
    let mut watch = Watch::default();
    let mut solver = Solver::new(&puzzle);
    let outcome = solver.for_each_observed(&mut watch, |_| ControlFlow::Continue(()));
    assert_eq!(outcome, Ok(Outcome::Complete));
    assert_eq!(watch.solutions, 512);
    assert_eq!(watch.decisions, solver.stats().guesses);
    assert!(watch.snapshots > 0);
    assert!(watch.progress.windows(2).all(|w| w[0] <= w[1] + 1e-12));
    assert!(watch.progress.iter().all(|p| (0.0..=1.0).contains(p)));
}

// ---------------------------------------------------------------- cryptic

#[test]
fn project_euler_first_puzzle() {
    let Some(text) = shared("pe424-first.txt") else {
        return;
    };
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap();
    let puzzle = Puzzle::from_grid(&parse_pe424(line)).unwrap();
    assert!(puzzle.is_cryptic());
    match Solver::new(&puzzle).uniqueness().ok() {
        Some(Uniqueness::Unique(s)) => {
            assert!(is_valid(&puzzle, &s));
            assert_eq!(s.letter_answer(), Some(8_426_039_571));
            // The filled grid alone gives the letters back (as the app shows them).
            let read = puzzle.letters_in(&s.digits);
            assert_eq!(read.map(|l| l.unwrap()), s.letters.unwrap());
        }
        other => panic!("{other:?}"),
    }
    let mut wrong = vec![1u8; puzzle.cells().len()];
    wrong[0] = 9;
    assert_ne!(
        puzzle.letters_in(&wrong),
        puzzle.letters_in(&Solver::new(&puzzle).first().ok().flatten().unwrap().digits)
    );
}

/// The repository's own cryptic sample: each puzzle is unique, its solution valid, and its
/// answer the letter code it was made with (in the file's comment).
#[test]
fn the_cryptic_sample_gives_the_answers_it_was_made_with() {
    let text = std::fs::read_to_string("puzzles/cryptic.txt").unwrap();
    let mut answers = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let puzzle = Puzzle::from_grid(&parse_pe424(line)).unwrap();
        match Solver::new(&puzzle).uniqueness().ok() {
            Some(Uniqueness::Unique(s)) => {
                assert!(is_valid(&puzzle, &s));
                answers.push(s.letter_answer().unwrap());
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    assert_eq!(answers, [2_895_631_407, 2_845_036_971, 9_475_132_860]);
}

/// A cryptic puzzle's first solution is one, also where a probe found it (the quick revisions
/// a probe makes once decided a run's last cells without checking them).
#[test]
fn first_solutions_of_cryptic_puzzles_are_solutions() {
    let mut rng = StdRng::seed_from_u64(80);
    let mut answered = 0;
    for seed in 0..100 {
        let grid = generate::random_grid(7, 7, 0.2, seed);
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let truth = Solver::new(&puzzle).first().ok().flatten().unwrap();
        let mut key: Vec<Letter> = Letter::all().collect();
        key.shuffle(&mut rng);
        let key: [Letter; 10] = key.try_into().unwrap();
        let secret = encrypt(&grid, &puzzle, &truth.digits, &key, 0.0, &mut rng);
        let cryptic = Puzzle::from_grid(&secret).unwrap();
        // Bounded: a few of these take seconds to solve; most answer in milliseconds.
        if let Some(first) = Solver::new(&cryptic)
            .with_tuning(Tuning {
                give_up_after: 500,
                ..Tuning::default()
            })
            .first()
            .ok()
            .flatten()
        {
            assert!(is_valid(&cryptic, &first), "seed {seed}: {first:?}");
            answered += 1;
        }
    }
    assert!(answered >= 80, "{answered} answered");
}

#[test]
fn encrypted_puzzles_give_back_their_letters() {
    let mut rng = StdRng::seed_from_u64(424);
    let mut cases: Vec<Grid> = (0..12)
        .map(|s| generate::random_grid(9, 9, 0.3, s))
        .collect();
    if let Some(t) = shared("15x15.kakuro") {
        cases.push(parse_text(&t));
    }
    for (i, grid) in cases.iter().enumerate() {
        let puzzle = Puzzle::from_grid(grid).unwrap();
        let truth = Solver::new(&puzzle).first().ok().flatten().unwrap();
        let mut key: Vec<Letter> = Letter::all().collect();
        key.shuffle(&mut rng);
        let key: [Letter; 10] = key.try_into().unwrap();
        let mut letters = [0u8; 10];
        for (digit, l) in key.iter().enumerate() {
            letters[l.index()] = digit as u8;
        }
        let secret = encrypt(grid, &puzzle, &truth.digits, &key, 0.3, &mut rng);
        let cryptic = Puzzle::from_grid(&secret).unwrap();
        let (found, outcome) = Solver::new(&cryptic).solutions(2000);
        assert_eq!(outcome, Ok(Outcome::Complete), "case {i}");
        assert!(found.iter().all(|s| is_valid(&cryptic, s)), "case {i}");
        let expected = Solution {
            digits: truth.digits.clone(),
            letters: Some(letters),
        };
        assert!(
            found.contains(&expected),
            "case {i}: the true letters are not among {} solutions",
            found.len()
        );
        let distinct: HashSet<&Solution> = found.iter().collect();
        assert_eq!(distinct.len(), found.len());
        // Probes (from the first backtrack) find cryptic solutions, letters and all, too.
        let probed = Solver::new(&cryptic)
            .with_tuning(Tuning {
                probes_after: 0,
                ..Tuning::default()
            })
            .some(3)
            .expect("not cancelled");
        assert_eq!(probed.len(), found.len().min(3), "case {i}");
        assert!(probed.iter().all(|s| found.contains(s)), "case {i}");
    }
}
