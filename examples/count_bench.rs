//! Counting benchmarks (release build, parsing excluded):
//! `cargo run --release --no-default-features --example count_bench [-- W H WALLS SEED [LIMIT_S
//! [RUNS [NTH_DRAWS]]]]`.
//!
//! Counts generated puzzles exactly (giving up after a time limit, by the cancel token), then
//! times `nth` on random indices with the counts cached, each followed by the index before it
//! (as the browser asks after a jump; `NTH_DRAWS` 0: no `nth`). With
//! arguments, only that puzzle. `FLOW_AFTER=N` sets the backtracks before the count checks
//! the sums' flow (`never`: not at all). `COUNTING_ONLY=1` counts as `kakuro count` does,
//! keeping no graphs for `nth` (then `NTH_DRAWS` should be 0: each draw would branch).

#[path = "support/record.rs"]
mod support;

use std::time::{Duration, Instant};

use kakuro::solve::{Tuning, generate};
use kakuro::{CancelToken, Puzzle, Solver};

/// A solver tuned as the `FLOW_AFTER` and `COUNTING_ONLY` variables ask.
fn solver(puzzle: &Puzzle) -> Solver<'_> {
    let solver = match std::env::var("FLOW_AFTER").ok().as_deref() {
        Some("never") => Solver::new(puzzle).with_tuning(Tuning {
            flow_after: u64::MAX,
            ..Tuning::default()
        }),
        Some(n) => Solver::new(puzzle).with_tuning(Tuning {
            flow_after: n.parse().expect("FLOW_AFTER=N|never"),
            ..Tuning::default()
        }),
        None => Solver::new(puzzle),
    };
    let solver = match std::env::var("MEMORY_MIB").ok() {
        Some(mib) => solver.with_count_memory(mib.parse::<usize>().expect("MEMORY_MIB=N") << 20),
        None => solver,
    };
    match std::env::var("COUNTING_ONLY").ok().as_deref() {
        Some("1") => solver.counting_only(),
        _ => solver,
    }
}
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use support::record;

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

/// Counts one generated puzzle (best of `runs`), giving up after `limit`; then `nth` timings.
fn bench(
    width: usize,
    height: usize,
    walls: f64,
    seed: u64,
    runs: usize,
    limit: Duration,
    draws: u32,
) {
    let grid = generate::random_grid(width, height, walls, seed);
    if let Ok(dir) = std::env::var("WRITE") {
        let path =
            std::path::Path::new(&dir).join(format!("{width}x{height}-{walls}-{seed}.kakuro"));
        std::fs::write(&path, kakuro::format::kakuro_text::write(&grid))
            .expect("WRITE=DIR: a writable folder");
    }
    let puzzle = Puzzle::from_grid(&grid).expect("a valid generated puzzle");
    let parts = Solver::new(&puzzle).parts();
    let largest = parts.iter().max().copied().unwrap_or(0);
    print!(
        "random_grid({width}, {height}, {walls}, {seed}): {} cells, {} parts (largest {largest}): ",
        puzzle.cells().len(),
        parts.len(),
    );
    // The benchmark table's row: one per size and density, over the seeds run.
    let group = format!("{width} wide × {height}, {:.0}% walls", walls * 100.0);
    let mut best = Duration::MAX;
    let mut counted = None;
    for _ in 0..runs {
        let token = CancelToken::new();
        let timer = token.clone();
        let watchdog = std::thread::spawn(move || {
            let start = Instant::now();
            while start.elapsed() < limit && !timer.is_cancelled() {
                std::thread::sleep(Duration::from_millis(20));
            }
            timer.cancel();
        });
        let mut solver = solver(&puzzle).with_cancel(token.clone());
        let mut reached = 0.0;
        let start = Instant::now();
        let result = solver.count_with_progress(&mut |p| reached = p);
        let elapsed = start.elapsed();
        token.cancel();
        watchdog.join().expect("the watchdog ends");
        match result {
            Ok(count) => {
                best = best.min(elapsed);
                counted = Some((count, solver.stats().nodes));
            }
            Err(_) => {
                record("count", &group, limit.as_secs_f64(), "s", false);
                println!(
                    "gave up after {} at {:.1}% of the search",
                    secs(limit),
                    reached * 100.0
                );
                return;
            }
        }
    }
    let (count, nodes) = counted.expect("at least one run");
    record("count", &group, best.as_secs_f64(), "s", true);
    let digits = count.to_string();
    let shown = if digits.len() > 16 {
        format!("{}… ({} digits)", &digits[..6], digits.len())
    } else {
        digits
    };
    println!(
        "count {shown} in {} (best of {runs}, {nodes} nodes)",
        secs(best)
    );
    if draws == 0 {
        return;
    }
    // nth with the counts cached: a solver that has counted once.
    let mut solver = solver(&puzzle);
    solver.count().expect("no cancel token");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    let mut first = None;
    let mut before = Duration::ZERO;
    for _ in 0..draws {
        let bytes = count.to_bytes_be().len() + 8;
        let noise: Vec<u8> = (0..bytes).map(|_| rng.random()).collect();
        let k = BigUint::from_bytes_be(&noise) % &count;
        let start = Instant::now();
        let s = solver.nth(&k).expect("a solution below the count");
        let t = start.elapsed();
        std::hint::black_box(s);
        first.get_or_insert(t);
        worst = worst.max(t);
        total += t;
        // Then the solution before it, as the browser asks after each jump (to show what
        // changed), and as paging back does.
        let start = Instant::now();
        let s = solver.nth(&(k.max(BigUint::from(1u8)) - 1u8));
        before += start.elapsed();
        std::hint::black_box(s.expect("a solution below the count"));
    }
    record("nth", &group, (total / draws).as_secs_f64(), "s", true);
    println!(
        "    nth(k), {draws} random k: first {}, mean {}, worst {}; then nth(k - 1): mean {}; \
         peak memory so far {:.0} MiB",
        secs(first.unwrap_or_default()),
        secs(total / draws),
        secs(worst),
        secs(before / draws),
        peak_mib().unwrap_or(f64::NAN)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |s: &str| s.parse::<f64>().expect("a number");
    if let [w, h, walls, seed, rest @ ..] = &args[..] {
        let limit = rest.first().map_or(120.0, |s| parse(s));
        let runs = rest.get(1).map_or(5, |s| parse(s) as usize);
        let draws = rest.get(2).map_or(200, |s| parse(s) as u32);
        bench(
            parse(w) as usize,
            parse(h) as usize,
            parse(walls),
            parse(seed) as u64,
            runs,
            Duration::from_secs_f64(limit),
            draws,
        );
        return;
    }
    for seed in 0..16 {
        bench(21, 21, 0.42, seed, 5, Duration::from_secs(10), 200);
    }
    for seed in [0, 2, 8] {
        bench(100, 30, 0.3, seed, 1, Duration::from_secs(30), 200);
    }
}
