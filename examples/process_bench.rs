//! Whole-process timings: how long a user waits for a command, start-up, parsing and output
//! included (the engine benchmarks time the search alone):
//! `cargo run --release --example process_bench -- NAME RUNS PROGRAM [ARG…]`.
//!
//! Runs PROGRAM with its arguments RUNS times after three unmeasured runs, output discarded,
//! and prints the median and the fastest wall time; with `RESULTS=FILE` it appends the median
//! as the `process` workload's row NAME (see `bench/run.sh`).

#[path = "support/record.rs"]
mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::record;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, runs, program, rest @ ..] = &args[..] else {
        eprintln!("usage: process_bench NAME RUNS PROGRAM [ARG…]");
        std::process::exit(2);
    };
    let runs: usize = runs.parse().expect("RUNS is a number");
    let once = || {
        let start = Instant::now();
        let status = Command::new(program)
            .args(rest)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("PROGRAM runs");
        let elapsed = start.elapsed();
        assert!(
            status.code().is_some_and(|c| c <= 1),
            "{program} {rest:?} failed: {status}"
        );
        elapsed
    };
    for _ in 0..3 {
        once();
    }
    let mut times: Vec<Duration> = (0..runs.max(1)).map(|_| once()).collect();
    times.sort();
    let median = times[times.len() / 2];
    record("process", name, median.as_secs_f64(), "s", true);
    println!(
        "{name}: median {:.2} ms, fastest {:.2} ms over {} runs",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times.len()
    );
}
