//! "Any solution" on generated puzzles (release build, parsing excluded):
//! `cargo run --release --no-default-features --example any_bench -- W H WALLS[,WALLS…]
//! SEED[,SEED…] LIMIT_S`, with `MODE=first` for the streamed first solution and `MODE=uniq`
//! for `uniqueness()` instead of `any()`. Each search is cancelled after `LIMIT_S` seconds.
//! `FLOW_AFTER=N` sets the backtracks before the stream checks the sums' flow, `GUIDE_AFTER=N`
//! those before it checks its branch for a solution (`u64::MAX`: never), `ANCHOR_AFTER=N` those
//! before the first solution past which the order is anchored on a probe's solution.

#[path = "support/record.rs"]
mod support;

use std::time::{Duration, Instant};

use kakuro::solve::{Tuning, generate};
use kakuro::{CancelToken, Puzzle, Solver};
use support::record;

fn list<T: std::str::FromStr>(arg: &str) -> Vec<T> {
    arg.split(',')
        .map(|s| s.parse().ok().expect("a number"))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [w, h, walls, seeds, limit] = &args[..] else {
        eprintln!("usage: any_bench W H WALLS[,WALLS…] SEED[,SEED…] LIMIT_S");
        std::process::exit(2);
    };
    let (w, h): (usize, usize) = (w.parse().expect("W"), h.parse().expect("H"));
    let limit = Duration::from_secs_f64(limit.parse().expect("LIMIT_S"));
    let mode = std::env::var("MODE").unwrap_or_default();
    for walls in list::<f64>(walls) {
        let mut times = Vec::new();
        let mut stuck = 0;
        let seeds = list::<u64>(seeds);
        for &seed in &seeds {
            let puzzle = Puzzle::from_grid(&generate::random_grid(w, h, walls, seed))
                .expect("a valid generated puzzle");
            let token = CancelToken::new();
            let timer = token.clone();
            std::thread::spawn(move || {
                std::thread::sleep(limit);
                timer.cancel();
            });
            let mut tuning = Tuning::default();
            if let Some(after) = std::env::var("FLOW_AFTER")
                .ok()
                .and_then(|a| a.parse().ok())
            {
                tuning.flow_after = after;
            }
            if let Some(after) = std::env::var("GUIDE_AFTER")
                .ok()
                .and_then(|a| a.parse().ok())
            {
                tuning.guide_after = after;
            }
            if let Some(after) = std::env::var("ANCHOR_AFTER")
                .ok()
                .and_then(|a| a.parse().ok())
            {
                tuning.anchor_after = after;
            }
            let mut solver = Solver::new(&puzzle).with_cancel(token).with_tuning(tuning);
            let start = Instant::now();
            let answered = match mode.as_str() {
                "first" => matches!(solver.first(), Ok(Some(_))),
                "uniq" => solver.uniqueness().is_ok(),
                _ => matches!(solver.any(), Ok(Some(_))),
            };
            let t = start.elapsed();
            let workload = match mode.as_str() {
                "first" => "first",
                "uniq" => "uniqueness",
                _ => "any",
            };
            let group = format!("{w} wide × {h}, {:.0}% walls", walls * 100.0);
            record(workload, &group, t.as_secs_f64(), "s", answered);
            if answered {
                times.push(t);
            } else {
                stuck += 1;
            }
            println!(
                "{w}x{h} walls {walls} seed {seed}: {} cells, {} in {:.1} ms, {} nodes",
                puzzle.cells().len(),
                if answered { "answered" } else { "gave up" },
                t.as_secs_f64() * 1e3,
                solver.stats().nodes
            );
        }
        times.sort();
        let median = times.get(times.len() / 2).map(|t| t.as_secs_f64() * 1e3);
        println!(
            "walls {walls}: {stuck} of {} without an answer within {limit:?}; median {median:.1?} ms",
            seeds.len()
        );
    }
}
