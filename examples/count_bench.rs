//! Counting benchmarks (release build, one thread, parsing excluded):
//! `cargo run --release --no-default-features --example count_bench [-- SEARCH]`.
//!
//! Counts generated puzzles exactly, then times `nth` on random indices with the counts cached.
//! With `SEARCH`, it first lists candidate seeds and their sizes instead.

use std::time::{Duration, Instant};

use kakuro::solve::generate;
use kakuro::{Puzzle, Solver};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn secs(d: Duration) -> String {
    if d < Duration::from_millis(10) {
        format!("{:.2} ms", d.as_secs_f64() * 1e3)
    } else {
        format!("{:.3} s", d.as_secs_f64())
    }
}

/// Peak resident memory of this process so far (Linux), in MiB.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn bench(name: &str, width: usize, height: usize, walls: f64, seed: u64, runs: usize) {
    let grid = generate::random_grid(width, height, walls, seed);
    let puzzle = Puzzle::from_grid(&grid).expect("a valid generated puzzle");
    let parts = Solver::new(&puzzle).parts();
    let largest = parts.iter().max().copied().unwrap_or(0);
    let mut times = Vec::new();
    let mut count = BigUint::ZERO;
    let mut solver = Solver::new(&puzzle);
    for _ in 0..runs {
        solver = Solver::new(&puzzle);
        let start = Instant::now();
        count = solver.count().expect("not cancelled");
        times.push(start.elapsed());
    }
    times.sort();
    let stats = solver.stats();
    let digits = count.to_string();
    println!(
        "{name}: generate::random_grid({width}, {height}, {walls}, {seed}): {} white cells, \
         {} parts (largest {largest}); count {} ({} digits); median {} of {runs} \
         ({} nodes)",
        puzzle.cells().len(),
        parts.len(),
        if digits.len() > 30 { format!("{}…", &digits[..12]) } else { digits.clone() },
        digits.len(),
        secs(times[times.len() / 2]),
        stats.nodes,
    );
    let mut rng = StdRng::seed_from_u64(seed);
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    let draws = 200;
    for _ in 0..draws {
        let k = random_index(&count, &mut rng);
        let start = Instant::now();
        let s = solver.nth(&k).expect("a solution below the count");
        let t = start.elapsed();
        std::hint::black_box(s);
        worst = worst.max(t);
        total += t;
    }
    println!(
        "  nth(k) on {draws} random k, counts cached: mean {}, worst {}",
        secs(total / draws),
        secs(worst)
    );
    if let Some(mib) = peak_mib() {
        println!("  peak memory so far: {mib:.0} MiB");
    }
}

fn random_index(n: &BigUint, rng: &mut StdRng) -> BigUint {
    use rand::Rng;
    let bytes = n.to_bytes_be().len() + 8;
    let buf: Vec<u8> = (0..bytes).map(|_| rng.random()).collect();
    BigUint::from_bytes_be(&buf) % n
}

fn search(width: usize, height: usize, walls: f64) {
    for seed in 0..40 {
        let grid = generate::random_grid(width, height, walls, seed);
        let Ok(puzzle) = Puzzle::from_grid(&grid) else {
            continue;
        };
        let parts = Solver::new(&puzzle).parts();
        println!(
            "{width}x{height} walls {walls} seed {seed}: {} cells, {} parts, largest {}",
            puzzle.cells().len(),
            parts.len(),
            parts.iter().max().copied().unwrap_or(0)
        );
    }
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("SEARCH") {
        search(21, 21, 0.42);
        search(100, 30, 0.3);
        return;
    }
    bench("21x21", 21, 21, 0.42, 0, 5);
    bench("30x100", 100, 30, 0.3, 0, 1);
}
