//! Engine benchmarks (release build, one thread, medians, parsing excluded):
//! `cargo run --release --no-default-features --example engine_bench`.

use std::ops::ControlFlow;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use kakuro::solve::{Event, Observer, generate};
use kakuro::{Cell, Clue, Grid, Outcome, Puzzle, Solver, Uniqueness};

/// Reads the `.kakuro` text layout (a minimal copy for this example).
fn parse_text(text: &str) -> Grid {
    let rows: Vec<Vec<Cell>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
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
    Grid::from_rows(rows)
}

fn median(mut f: impl FnMut() -> Duration, runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs).map(|_| f()).collect();
    times.sort();
    times[times.len() / 2]
}

fn micros(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

fn prove(name: &str, puzzle: &Puzzle, runs: usize) {
    let mut solver = Solver::new(puzzle);
    let verdict = match solver.uniqueness() {
        Some(Uniqueness::Unique(_)) => "unique",
        Some(Uniqueness::Multiple) => "multiple",
        Some(Uniqueness::None) => "none",
        None => "cancelled",
    };
    let stats = solver.stats();
    let t = median(
        || {
            let start = Instant::now();
            let mut s = Solver::new(puzzle);
            std::hint::black_box(s.uniqueness());
            start.elapsed()
        },
        runs,
    );
    let first = median(
        || {
            let start = Instant::now();
            std::hint::black_box(Solver::new(puzzle).first());
            start.elapsed()
        },
        runs,
    );
    println!(
        "{name}: {} cells, {verdict}; first {}, uniqueness {} (nodes {}, guesses {}, backtracks {})",
        puzzle.cells().len(),
        micros(first),
        micros(t),
        stats.nodes,
        stats.guesses,
        stats.backtracks
    );
}

struct Idle(u64);

impl Observer for Idle {
    fn event(&mut self, _: Event) {
        self.0 += 1;
    }
}

fn main() {
    let shared = |n: &str| std::fs::read_to_string(format!("../shared/puzzles/{n}")).ok();
    for name in ["wikipedia.kakuro", "15x15.kakuro"] {
        if let Some(t) = shared(name) {
            prove(name, &Puzzle::from_grid(&parse_text(&t)).unwrap(), 2001);
        }
    }
    for seed in 0..3 {
        let g = generate::random_grid(30, 30, 0.35, seed);
        prove(
            &format!("generated 30x30 seed {seed}"),
            &Puzzle::from_grid(&g).unwrap(),
            201,
        );
    }
    for seed in 0..3 {
        let g = generate::random_grid(100, 30, 0.45, seed);
        let p = Puzzle::from_grid(&g).unwrap();
        let t = median(
            || {
                let start = Instant::now();
                std::hint::black_box(Solver::new(&p).first());
                start.elapsed()
            },
            21,
        );
        println!(
            "generated 30x100 seed {seed}: {} cells, first solution {:.2} ms",
            p.cells().len(),
            t.as_secs_f64() * 1e3
        );
    }

    // Enumeration into a counting sink, then over a channel.
    let text = std::fs::read_to_string("puzzles/enum-blocks.kakuro").unwrap();
    let p = Puzzle::from_grid(&parse_text(&text)).unwrap();
    let start = Instant::now();
    let mut n = 0u64;
    let outcome = Solver::new(&p).for_each(|_| {
        n += 1;
        ControlFlow::Continue(())
    });
    let t = start.elapsed();
    println!(
        "enum-blocks: {n} solutions ({outcome:?}) in {:.2} s: {:.1} M/s counting",
        t.as_secs_f64(),
        n as f64 / t.as_secs_f64() / 1e6
    );
    let limit = 20_000_000u64;
    let mut idle = Idle(0);
    let start = Instant::now();
    let mut m = 0u64;
    Solver::new(&p).for_each_observed(&mut idle, |_| {
        m += 1;
        if m == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let t_obs = start.elapsed();
    let start = Instant::now();
    let mut m = 0u64;
    Solver::new(&p).for_each(|_| {
        m += 1;
        if m == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let t_plain = start.elapsed();
    println!(
        "observer attached, not sampling: {:.3} s vs {:.3} s without, for {limit} solutions",
        t_obs.as_secs_f64(),
        t_plain.as_secs_f64()
    );
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
    assert_eq!(outcome, Outcome::Stopped);
    println!(
        "enum-blocks over a channel: {} solutions in {:.2} s: {:.1} M/s",
        bytes / cells as u64,
        t.as_secs_f64(),
        sent as f64 / t.as_secs_f64() / 1e6
    );

    // Pathological: 9 × 9 blocks without sums on a 100 × 100 grid.
    let mut g = Grid::new(100, 100);
    for pos in g.positions() {
        if pos.row % 10 != 0 && pos.col % 10 != 0 {
            g.set(pos, Cell::WHITE);
        }
    }
    let p = Puzzle::from_grid(&g).unwrap();
    let t = median(
        || {
            let start = Instant::now();
            std::hint::black_box(Solver::new(&p).first());
            start.elapsed()
        },
        11,
    );
    println!(
        "100x100 without sums: first solution {:.2} ms",
        t.as_secs_f64() * 1e3
    );
}
