//! The deduction engine's timings: a full explanation and a rating, median of repeated runs,
//! parsing excluded: `cargo run --release --example logic_bench -- [RUNS]`.
//!
//! Explains `bench/corpus/30x30.kakuro` (several solutions: logic stops where it must) and the
//! published 15 × 15 tiled 2 × 2 (a unique 30 × 30), rates `../shared/puzzles/15x15.kakuro`
//! (skipped when absent; `KAKURO_SHARED=DIR` names the folder) and `puzzles/wikipedia.kakuro`; with
//! `RESULTS=FILE` it appends each median as the `logic` workload's rows (see `bench/run.sh`);
//! with `RESCAN=1` it also times the same solve asking `next_step` afresh after each step.
//! `EXTRA=FILE,FILE…` explains more puzzles (held outside the repository). For a solve with
//! chains it also times finding each chain step from the board before it (`next_step` there:
//! every finder fails on that stuck board but the chains').

#[path = "support/record.rs"]
mod support;

use std::time::{Duration, Instant};

use kakuro::format::{Format, parse};
use kakuro::logic;
use kakuro::{Grid, Pos, Puzzle};
use support::record;

fn grid(path: &str) -> Option<Grid> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        parse(&text, Format::Kakuro)
            .expect("a .kakuro puzzle")
            .document
            .grid,
    )
}

/// Four copies of a grid, two by two.
fn tiled(grid: &Grid) -> Grid {
    let (w, h) = (grid.width(), grid.height());
    let mut big = Grid::new(2 * w, 2 * h);
    for pos in grid.positions() {
        for (dr, dc) in [(0, 0), (0, w), (h, 0), (h, w)] {
            big.set(Pos::new(pos.row + dr, pos.col + dc), grid.get(pos));
        }
    }
    big
}

fn median(runs: usize, mut work: impl FnMut()) -> Duration {
    work();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(21, |r| r.parse().expect("RUNS is a number"));
    let shared = std::env::var("KAKURO_SHARED").unwrap_or_else(|_| "../shared".into());
    let fifteen = format!("{shared}/puzzles/15x15.kakuro");
    let extra: Vec<String> = std::env::var("EXTRA")
        .map(|e| e.split(',').map(String::from).collect())
        .unwrap_or_default();
    let extra = extra.into_iter().map(|f| ("explain", f.clone(), grid(&f)));
    let cases = [
        (
            "explain",
            "bench/corpus/30x30.kakuro".to_string(),
            grid("bench/corpus/30x30.kakuro"),
        ),
        (
            "explain",
            "15x15.kakuro tiled 2 × 2 (30 × 30)".to_string(),
            grid(&fifteen).map(|g| tiled(&g)),
        ),
        ("rate", "15x15.kakuro".to_string(), grid(&fifteen)),
        (
            "rate",
            "wikipedia.kakuro".to_string(),
            grid("puzzles/wikipedia.kakuro"),
        ),
    ];
    for (what, path, grid) in cases.into_iter().chain(extra) {
        let Some(grid) = grid else {
            eprintln!("skipped: {path} is absent");
            continue;
        };
        let puzzle = Puzzle::from_grid(&grid).expect("a valid puzzle");
        let e = logic::explain(&puzzle);
        let time = median(runs, || {
            std::hint::black_box(logic::explain(&puzzle));
        });
        let name = format!("{what} {path}");
        record("logic", &name, time.as_secs_f64(), "s", true);
        if std::env::var_os("RESCAN").is_some() {
            // The same steps found by asking every finder afresh after each one.
            let rescan = median(runs, || {
                let mut board = logic::Board::new(&puzzle);
                while let Some(step) = logic::next_step(&puzzle, &board) {
                    board.apply(&step);
                }
                std::hint::black_box(board);
            });
            println!(
                "{name}, full rescan after each step: median {:.3} ms",
                rescan.as_secs_f64() * 1e3
            );
        }
        println!(
            "{name}: median {:.3} ms over {runs} runs ({} steps, solved {}, {} (score {}, hardest: {}, {} chains, longest {}))",
            time.as_secs_f64() * 1e3,
            e.steps.len(),
            e.solved,
            e.rating.band.name(),
            e.rating.score,
            e.rating.hardest.name(),
            e.rating.chains,
            e.rating.longest_chain
        );
        chain_times(&puzzle, &e, runs);
    }
}

/// The median time to find each chain step of `e` from the board before it: the slowest and
/// the median of those.
fn chain_times(puzzle: &Puzzle, e: &logic::Explanation, runs: usize) {
    let mut board = logic::Board::new(puzzle);
    let mut times = Vec::new();
    for step in &e.steps {
        if step.tier() == logic::Tier::Chain {
            times.push(median(runs.min(5), || {
                std::hint::black_box(logic::next_step(puzzle, &board));
            }));
        }
        board.apply(step);
    }
    if times.is_empty() {
        return;
    }
    times.sort();
    println!(
        "  finding a chain on the stuck board: median {:.3} ms, slowest {:.3} ms ({} chains)",
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        times.len()
    );
}
