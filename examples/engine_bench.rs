//! Engine benchmarks (release build, one thread, medians, parsing excluded):
//! `cargo run --release --no-default-features --example engine_bench [-- FILTER]`.
//!
//! Only cases whose name contains FILTER run (all when absent). Extra inputs come from the
//! environment: `PE424=PATH` a Project Euler 424 file (every puzzle solved in turn, as
//! `kakuro pe424` does), `PUZZLES=PATH[:PATH…]` more `.kakuro` puzzles to prove unique.
//! `RUNS=N` overrides the repetition counts (e.g. `RUNS=1` under valgrind). Every search is
//! cancelled after `LIMIT` seconds (default 10) so a thrashing case reports instead of hanging.
//! `DEAD_ENDS=N` sets the backtracks before the search remembers dead ends (`never` for off).
//! `FLOW=N` sets the backtracks before the stream checks the sums' flow (`never` for off).
//!
//! The filter `scan` (not run otherwise) tries 30 × 30 puzzles at 30–45% walls, seeds 0–30,
//! and tells how many give no first solution within `LIMIT` seconds (default 1 there).

#[path = "support/record.rs"]
mod support;

use std::ops::ControlFlow;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use kakuro::format::{kakuro_text, pe424};
use kakuro::solve::{Event, Observer, Tuning, generate};
use kakuro::{CancelToken, Cell, Grid, Outcome, Puzzle, Solver, Uniqueness};
use support::record;

struct Bench {
    filter: Option<String>,
    runs: Option<usize>,
    limit: Duration,
    dead_ends_after: u64,
    flow_after: u64,
}

impl Bench {
    fn wants(&self, name: &str) -> bool {
        self.filter.as_deref().is_none_or(|f| name.contains(f))
    }

    fn solver<'p>(&self, puzzle: &'p Puzzle) -> Solver<'p> {
        Solver::new(puzzle).with_tuning(Tuning {
            dead_ends_after: self.dead_ends_after,
            flow_after: self.flow_after,
            ..Tuning::default()
        })
    }

    fn runs(&self, default: usize) -> usize {
        self.runs.unwrap_or(default)
    }

    /// A cancel token that fires after the time limit (the timer thread is detached).
    fn deadline(&self) -> CancelToken {
        let token = CancelToken::new();
        let t = token.clone();
        let limit = self.limit;
        std::thread::spawn(move || {
            std::thread::sleep(limit);
            t.cancel();
        });
        token
    }
}

fn median(mut f: impl FnMut() -> Duration, runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs.max(1)).map(|_| f()).collect();
    times.sort();
    times[times.len() / 2]
}

fn micros(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

fn millis(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn prove(b: &Bench, name: &str, puzzle: &Puzzle, runs: usize) {
    if !b.wants(name) {
        return;
    }
    let mut solver = b.solver(puzzle).with_cancel(b.deadline());
    let verdict = match solver.uniqueness() {
        Ok(Uniqueness::Unique(_)) => "unique",
        Ok(Uniqueness::Multiple) => "multiple",
        Ok(Uniqueness::None) => "none",
        Err(_) => {
            println!("{name}: cancelled after {:?}", b.limit);
            record("uniqueness", name, b.limit.as_secs_f64(), "s", false);
            return;
        }
    };
    let stats = solver.stats();
    let runs = b.runs(runs);
    let t = median(
        || {
            let start = Instant::now();
            let mut s = b.solver(puzzle);
            let _ = std::hint::black_box(s.uniqueness());
            start.elapsed()
        },
        runs,
    );
    let first = median(
        || {
            let start = Instant::now();
            let _ = std::hint::black_box(b.solver(puzzle).first());
            start.elapsed()
        },
        runs,
    );
    let compile = median(
        || {
            let start = Instant::now();
            std::hint::black_box(b.solver(puzzle));
            start.elapsed()
        },
        runs,
    );
    record("uniqueness", name, t.as_secs_f64(), "s", true);
    println!(
        "{name}: {} cells, {verdict}; first {}, uniqueness {} (Solver::new {}; nodes {}, guesses {}, backtracks {})",
        puzzle.cells().len(),
        micros(first),
        micros(t),
        micros(compile),
        stats.nodes,
        stats.guesses,
        stats.backtracks
    );
}

/// Times the first solution; `group` names the benchmark table's row the time goes to.
fn first_solution(b: &Bench, name: &str, group: &str, puzzle: &Puzzle, runs: usize) {
    if !b.wants(name) {
        return;
    }
    let mut solver = b.solver(puzzle).with_cancel(b.deadline());
    if !matches!(solver.first(), Ok(Some(_))) {
        record("first", group, b.limit.as_secs_f64(), "s", false);
        println!(
            "{name}: {} cells, no first solution within {:?} (nodes {})",
            puzzle.cells().len(),
            b.limit,
            solver.stats().nodes
        );
        return;
    }
    let stats = solver.stats();
    let t = median(
        || {
            let start = Instant::now();
            let _ = std::hint::black_box(b.solver(puzzle).first());
            start.elapsed()
        },
        b.runs(runs),
    );
    let any = median(
        || {
            let start = Instant::now();
            let _ = std::hint::black_box(b.solver(puzzle).any());
            start.elapsed()
        },
        b.runs(runs),
    );
    record("first", group, t.as_secs_f64(), "s", true);
    println!(
        "{name}: {} cells, first solution {} (nodes {}, guesses {}, backtracks {}); any solution {}",
        puzzle.cells().len(),
        millis(t),
        stats.nodes,
        stats.guesses,
        stats.backtracks,
        millis(any)
    );
}

/// Every puzzle of a PE 424 file solved in turn (uniqueness, as `kakuro pe424` checks).
fn pe424_file(b: &Bench, path: &str) {
    if !b.wants("pe424") {
        return;
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("pe424: cannot read {path}");
        return;
    };
    let puzzles: Vec<Puzzle> = pe424::parse_file(&text)
        .expect("a PE 424 file")
        .iter()
        .map(|g| Puzzle::from_grid(g).expect("a valid puzzle"))
        .collect();
    let mut sum = 0u64;
    let mut nodes = 0u64;
    for p in &puzzles {
        let mut s = b.solver(p);
        if let Ok(Uniqueness::Unique(sol)) = s.uniqueness() {
            sum += sol.letter_answer().unwrap_or(0);
        }
        nodes += s.stats().nodes;
    }
    let t = median(
        || {
            let start = Instant::now();
            for p in &puzzles {
                let _ = std::hint::black_box(b.solver(p).uniqueness());
            }
            start.elapsed()
        },
        b.runs(21),
    );
    record(
        "pe424",
        &format!("{} puzzles ({path}), each proved unique", puzzles.len()),
        t.as_secs_f64(),
        "s",
        true,
    );
    println!(
        "pe424 {path}: {} puzzles in {} (answer sum {sum}, nodes {nodes})",
        puzzles.len(),
        millis(t)
    );
}

struct Idle(u64);

impl Observer for Idle {
    fn event(&mut self, _: Event) {
        self.0 += 1;
    }
}

fn count_until(solver: &mut Solver<'_>, limit: u64) -> Duration {
    let start = Instant::now();
    let mut m = 0u64;
    let _ = solver.for_each(|_| {
        m += 1;
        if m == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    start.elapsed()
}

fn enumeration(b: &Bench) {
    let text = std::fs::read_to_string("puzzles/enum-blocks.kakuro").expect("puzzles/ is here");
    let p = Puzzle::from_grid(&kakuro_text::parse(&text).expect("a puzzle").0).unwrap();
    if b.wants("enum-count") {
        let start = Instant::now();
        let mut n = 0u64;
        let outcome = Solver::new(&p).for_each(|_| {
            n += 1;
            ControlFlow::Continue(())
        });
        let t = start.elapsed();
        record(
            "stream",
            "enum-blocks into a counting sink",
            n as f64 / t.as_secs_f64(),
            "per_s",
            true,
        );
        println!(
            "enum-blocks: {n} solutions ({outcome:?}) in {:.2} s: {:.1} M/s counting",
            t.as_secs_f64(),
            n as f64 / t.as_secs_f64() / 1e6
        );
    }
    let limit = 20_000_000u64;
    if b.wants("enum-observer") {
        // Alternate the two so load changes hit both alike; medians of five each.
        let (mut with, mut without) = (Vec::new(), Vec::new());
        for _ in 0..b.runs(5) {
            let mut idle = Idle(0);
            let start = Instant::now();
            let mut m = 0u64;
            let _ = Solver::new(&p).for_each_observed(&mut idle, |_| {
                m += 1;
                if m == limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            with.push(start.elapsed());
            without.push(count_until(&mut Solver::new(&p), limit));
        }
        with.sort();
        without.sort();
        let (w, wo) = (with[with.len() / 2], without[without.len() / 2]);
        record(
            "stream",
            "observer attached, not sampling: time against none",
            w.as_secs_f64() / wo.as_secs_f64(),
            "ratio",
            true,
        );
        println!(
            "observer attached, not sampling: {:.3} s vs {:.3} s without, for {limit} solutions ({:+.1}%)",
            w.as_secs_f64(),
            wo.as_secs_f64(),
            (w.as_secs_f64() / wo.as_secs_f64() - 1.0) * 100.0
        );
    }
    if b.wants("enum-channel") {
        let (tx, rx) = mpsc::sync_channel::<Vec<u8>>(64);
        let cells = p.cells().len();
        let reader = std::thread::spawn(move || rx.iter().map(|b| b.len() as u64).sum::<u64>());
        let start = Instant::now();
        let mut batch = Vec::with_capacity(cells * 4096);
        let mut sent = 0u64;
        let outcome = Solver::new(&p).for_each(|s| {
            batch.extend_from_slice(&s.digits);
            sent += 1;
            if batch.len() >= cells * 4096 {
                let full = std::mem::replace(&mut batch, Vec::with_capacity(cells * 4096));
                tx.send(full).unwrap();
            }
            if sent == limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        tx.send(batch).unwrap();
        drop(tx);
        let bytes = reader.join().unwrap();
        let t = start.elapsed();
        assert_eq!(outcome, Ok(Outcome::Stopped));
        record(
            "stream",
            "enum-blocks, packed over a channel to another thread",
            sent as f64 / t.as_secs_f64(),
            "per_s",
            true,
        );
        println!(
            "enum-blocks over a channel: {} solutions in {:.2} s: {:.1} M/s",
            bytes / cells as u64,
            t.as_secs_f64(),
            sent as f64 / t.as_secs_f64() / 1e6
        );
    }
}

/// How many generated 30 × 30 puzzles give no first solution within the limit (1 s unless
/// `LIMIT` was set), per wall density.
fn scan(b: &Bench, default_limit: bool) {
    let b = Bench {
        filter: None,
        runs: None,
        limit: if default_limit {
            Duration::from_secs(1)
        } else {
            b.limit
        },
        dead_ends_after: b.dead_ends_after,
        flow_after: b.flow_after,
    };
    for walls in [0.30, 0.35, 0.40, 0.45] {
        let mut stuck = Vec::new();
        let mut nodes = 0;
        let start = Instant::now();
        // Any solution and the verdict, by stream and probes: stuck seeds and times.
        let (mut any_stuck, mut unsure) = (Vec::new(), Vec::new());
        let (mut any_times, mut verdict_times) = (Vec::new(), Vec::new());
        for seed in 0..31 {
            let p = Puzzle::from_grid(&generate::random_grid(30, 30, walls, seed)).unwrap();
            let mut s = b.solver(&p).with_cancel(b.deadline());
            if !matches!(s.first(), Ok(Some(_))) {
                stuck.push(seed);
            }
            nodes += s.stats().nodes;
            let mut s = b.solver(&p).with_cancel(b.deadline());
            match s.any() {
                Ok(Some(_)) => any_times.push(s.stats().elapsed),
                _ => any_stuck.push(seed),
            }
            let mut s = b.solver(&p).with_cancel(b.deadline());
            match s.uniqueness() {
                Ok(_) => verdict_times.push(s.stats().elapsed),
                Err(_) => unsure.push(seed),
            }
        }
        println!(
            "30x30 walls {walls:.2}, seeds 0-30: {} without a first solution within {:?} {stuck:?} ({:.1} s, {nodes} nodes)",
            stuck.len(),
            b.limit,
            start.elapsed().as_secs_f64()
        );
        let spread = |t: &mut Vec<Duration>| {
            t.sort();
            match (t.first(), t.get(t.len() / 2), t.last()) {
                (Some(a), Some(m), Some(z)) => {
                    format!("median {}, range {}–{}", millis(*m), millis(*a), millis(*z))
                }
                _ => "—".into(),
            }
        };
        println!(
            "    any(): {} stuck {any_stuck:?}, {}; uniqueness(): {} stuck {unsure:?}, {}",
            any_stuck.len(),
            spread(&mut any_times),
            unsure.len(),
            spread(&mut verdict_times)
        );
    }
}

/// Four copies of a puzzle side by side, 2 × 2 (a stand-in for a real puzzle twice as wide).
fn tiled(grid: &Grid) -> Grid {
    let (w, h) = (grid.width(), grid.height());
    let mut big = Grid::new(2 * w, 2 * h);
    for pos in grid.positions() {
        let cell = grid.get(pos);
        for (dr, dc) in [(0, 0), (0, w), (h, 0), (h, w)] {
            big.set(kakuro::Pos::new(pos.row + dr, pos.col + dc), cell);
        }
    }
    big
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let env = |k: &str| std::env::var(k).ok();
    let b = Bench {
        filter: args.next(),
        runs: env("RUNS").and_then(|r| r.parse().ok()),
        limit: Duration::from_secs_f64(env("LIMIT").and_then(|r| r.parse().ok()).unwrap_or(10.0)),
        dead_ends_after: match env("DEAD_ENDS").as_deref() {
            Some("never") => u64::MAX,
            Some(n) => n.parse().expect("DEAD_ENDS=N or never"),
            None => kakuro::solve::Tuning::default().dead_ends_after,
        },
        flow_after: match env("FLOW").as_deref() {
            Some("never") => u64::MAX,
            Some(n) => n.parse().expect("FLOW=N or never"),
            None => kakuro::solve::Tuning::default().flow_after,
        },
    };
    if b.filter.as_deref().is_some_and(|f| f.contains("scan")) {
        scan(&b, env("LIMIT").is_none());
        return;
    }
    let load = |path: &str| {
        let text = std::fs::read_to_string(path).ok()?;
        Some(kakuro_text::parse(&text).ok()?.0)
    };
    for path in ["puzzles/wikipedia.kakuro", "../shared/puzzles/15x15.kakuro"] {
        let name = path.rsplit('/').next().unwrap_or(path);
        match load(path) {
            Some(g) => prove(&b, name, &Puzzle::from_grid(&g).unwrap(), 2001),
            None => println!("{name}: skipped (no {path})"),
        }
    }
    if let Some(g) = load("../shared/puzzles/15x15.kakuro") {
        let big = tiled(&g);
        prove(
            &b,
            "15x15 tiled 2x2 (30x30)",
            &Puzzle::from_grid(&big).unwrap(),
            1001,
        );
    }
    for path in env("PUZZLES").iter().flat_map(|p| p.split(':')) {
        match load(path) {
            Some(g) => prove(&b, path, &Puzzle::from_grid(&g).unwrap(), 1001),
            None => println!("{path}: cannot read"),
        }
    }
    if let Some(path) = env("PE424") {
        pe424_file(&b, &path);
    } else {
        println!("pe424: skipped (set PE424=PATH to a 200-puzzle file)");
    }
    for seed in 0..6 {
        let g = generate::random_grid(30, 30, 0.35, seed);
        let name = format!("generated 30x30 seed {seed}");
        let group = "30 × 30, 35% walls, seeds 0–5";
        first_solution(&b, &name, group, &Puzzle::from_grid(&g).unwrap(), 51);
    }
    for seed in 0..6 {
        let g = generate::random_grid(100, 30, 0.45, seed);
        let name = format!("generated 30x100 seed {seed}");
        let group = "100 wide × 30, 45% walls, seeds 0–5";
        first_solution(&b, &name, group, &Puzzle::from_grid(&g).unwrap(), 21);
    }
    enumeration(&b);

    // Pathological: 9 × 9 blocks without sums on a 100 × 100 grid.
    if b.wants("100x100") {
        let mut g = Grid::new(100, 100);
        for pos in g.positions() {
            if pos.row % 10 != 0 && pos.col % 10 != 0 {
                g.set(pos, Cell::WHITE);
            }
        }
        first_solution(
            &b,
            "100x100 without sums",
            "100 × 100 of 9 × 9 blocks without sums",
            &Puzzle::from_grid(&g).unwrap(),
            11,
        );
    }
}
