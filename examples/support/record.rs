//! Machine-readable results for `bench/run.sh`: with `RESULTS=FILE` in the environment, each
//! measurement is appended to FILE as one JSON object per line, which `bench/run.sh` gathers
//! into `bench/results/<machine>.json` and the `bench_table` example turns into tables.

use std::io::Write;

/// Appends one measurement: `value` in `unit` (`"s"` for a time, `"per_s"` for a rate,
/// `"ratio"` for a quotient), or, when `done` is false, the limit it was stopped at.
/// Measurements of one workload under the same `case` are one row (median and worst).
pub fn record(workload: &str, case: &str, value: f64, unit: &str, done: bool) {
    let Ok(path) = std::env::var("RESULTS") else {
        return;
    };
    let line = serde_json::json!({
        "workload": workload,
        "case": case,
        "value": value,
        "unit": unit,
        "done": done,
    });
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .expect("RESULTS names a writable file");
    writeln!(file, "{line}").expect("RESULTS names a writable file");
}
