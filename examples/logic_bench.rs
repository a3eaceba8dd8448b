//! The deduction engine's timings: a full explanation and a rating, median of repeated runs,
//! parsing excluded: `cargo run --release --example logic_bench -- [RUNS]`.
//!
//! Explains `bench/corpus/30x30.kakuro`, rates `../shared/puzzles/15x15.kakuro` (skipped when
//! absent; `KAKURO_SHARED=DIR` names the folder) and `puzzles/wikipedia.kakuro`; with
//! `RESULTS=FILE` it appends each median as the `logic` workload's rows (see `bench/run.sh`).

#[path = "support/record.rs"]
mod support;

use std::time::{Duration, Instant};

use kakuro::Puzzle;
use kakuro::format::{Format, parse};
use kakuro::logic;
use support::record;

fn load(path: &str) -> Option<Puzzle> {
    let text = std::fs::read_to_string(path).ok()?;
    let loaded = parse(&text, Format::Kakuro).expect("a .kakuro puzzle");
    Some(Puzzle::from_grid(&loaded.document.grid).expect("a valid puzzle"))
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
    let cases = [
        ("explain", "bench/corpus/30x30.kakuro".to_string()),
        ("rate", format!("{shared}/puzzles/15x15.kakuro")),
        ("rate", "puzzles/wikipedia.kakuro".to_string()),
    ];
    for (what, path) in cases {
        let Some(puzzle) = load(&path) else {
            eprintln!("skipped: {path} is absent");
            continue;
        };
        let e = logic::explain(&puzzle);
        let time = median(runs, || {
            std::hint::black_box(logic::explain(&puzzle));
        });
        let name = format!("{what} {path}");
        record("logic", &name, time.as_secs_f64(), "s", true);
        println!(
            "{name}: median {:.3} ms over {runs} runs ({} steps, solved {}, {} (score {}, hardest: {}))",
            time.as_secs_f64() * 1e3,
            e.steps.len(),
            e.solved,
            e.rating.band.name(),
            e.rating.score,
            e.rating.hardest.name()
        );
    }
}
