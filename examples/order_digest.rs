//! Hashes the solution streams (in enumeration order) of many puzzles, to prove that an engine
//! change kept the order: `cargo run --release --no-default-features --example order_digest`.
//!
//! Puzzles: generated grids of several sizes and wall densities (many with several solutions,
//! each streamed up to a cap; 30 × 30 and 30 × 100 ones up to a smaller cap), the `.kakuro` files under `puzzles/`, and `PE424=PATH` when set.
//! Prints one digest per group and a total; node counts are printed for information only.
//! `DEAD_ENDS=N` (or `never`) sets the backtracks before the search remembers dead ends, to show
//! that the memo leaves the order as it is.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::ops::ControlFlow;

use kakuro::format::{kakuro_text, pe424};
use kakuro::solve::{Tuning, generate};
use kakuro::{Puzzle, Solver};

/// Solutions streamed per puzzle at most (small puzzles; large ones stream `BIG_CAP`).
const CAP: u64 = 3000;
const BIG_CAP: u64 = 20;

fn dead_ends_after() -> u64 {
    match std::env::var("DEAD_ENDS").as_deref() {
        Ok("never") => u64::MAX,
        Ok(n) => n.parse().expect("DEAD_ENDS=N or never"),
        Err(_) => kakuro::solve::Tuning::default().dead_ends_after,
    }
}

fn digest(name: &str, puzzles: &[Puzzle], cap: u64, total: &mut DefaultHasher) {
    let mut h = DefaultHasher::new();
    let (mut solutions, mut nodes) = (0u64, 0u64);
    for p in puzzles {
        let mut s = Solver::new(p).with_tuning(Tuning {
            dead_ends_after: dead_ends_after(),
            ..Tuning::default()
        });
        let mut n = 0u64;
        let outcome = s.for_each(|sol| {
            sol.hash(&mut h);
            n += 1;
            if n == cap {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        // Hashed as the outcome was spelt before cancellation became an error, so the digest
        // stays comparable across that change.
        let ended = match outcome {
            Ok(outcome) => format!("{outcome:?}"),
            Err(_) => "Cancelled".to_string(),
        };
        ended.hash(&mut h);
        solutions += n;
        nodes += s.stats().nodes;
    }
    let d = h.finish();
    d.hash(total);
    println!(
        "{name}: {} puzzles, {solutions} solutions, digest {d:016x} (nodes {nodes})",
        puzzles.len()
    );
}

fn generated(w: usize, h: usize, walls: f64, seeds: std::ops::Range<u64>) -> Vec<Puzzle> {
    seeds
        .filter_map(|s| Puzzle::from_grid(&generate::random_grid(w, h, walls, s)).ok())
        .collect()
}

fn main() {
    let mut total = DefaultHasher::new();
    digest("6x6 w0.15", &generated(6, 6, 0.15, 0..40), CAP, &mut total);
    digest("8x8 w0.25", &generated(8, 8, 0.25, 0..40), CAP, &mut total);
    digest(
        "10x10 w0.3",
        &generated(10, 10, 0.3, 0..40),
        CAP,
        &mut total,
    );
    digest(
        "12x12 w0.35",
        &generated(12, 12, 0.35, 0..40),
        CAP,
        &mut total,
    );
    digest(
        "30x30 w0.35",
        &generated(30, 30, 0.35, 0..2),
        BIG_CAP,
        &mut total,
    );
    digest(
        "30x100 w0.45",
        &generated(100, 30, 0.45, 0..6),
        BIG_CAP,
        &mut total,
    );
    let mut files: Vec<_> = std::fs::read_dir("puzzles")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "kakuro"))
        .collect();
    files.sort();
    let puzzles: Vec<Puzzle> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|t| kakuro_text::parse(&t).ok())
        .filter_map(|(g, _)| Puzzle::from_grid(&g).ok())
        .collect();
    digest("puzzles/", &puzzles, CAP, &mut total);
    if let Ok(path) = std::env::var("PE424") {
        let text = std::fs::read_to_string(&path).expect("a readable PE 424 file");
        let puzzles: Vec<Puzzle> = pe424::parse_file(&text)
            .expect("a PE 424 file")
            .iter()
            .filter_map(|g| Puzzle::from_grid(g).ok())
            .collect();
        digest("pe424", &puzzles, CAP, &mut total);
    }
    println!("total digest {:016x}", total.finish());
}
