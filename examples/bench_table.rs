//! The benchmark tables of BENCHMARKS.md, made from a results file of `bench/run.sh`:
//! `cargo run --release --example bench_table -- bench/results/M.json`.
//!
//! One markdown table per workload, one row per case: the median of its measurements, the
//! worst, how many were measured, the target and whether the median meets it.

use serde_json::Value;

/// A workload's heading and what it measures.
const WORKLOADS: [(&str, &str); 9] = [
    ("stream", "Stream rate (enumeration)"),
    ("first", "First solution"),
    ("any", "Any solution (probes)"),
    ("uniqueness", "Uniqueness (none, one or several)"),
    ("count", "Exact count"),
    ("nth", "Solution #k once counted (mean of random draws)"),
    ("pe424", "Project Euler 424"),
    ("logic", "Solving by logic (explain, rate)"),
    (
        "process",
        "Whole process (start-up, parsing, solving, printing)",
    ),
];

/// A target: the workload, the start of the case's name, the text shown, the bound and
/// whether a larger value is better.
struct Target {
    workload: &'static str,
    case: &'static str,
    text: &'static str,
    bound: f64,
    higher_is_better: bool,
}

const fn below(
    workload: &'static str,
    case: &'static str,
    text: &'static str,
    bound: f64,
) -> Target {
    Target {
        workload,
        case,
        text,
        bound,
        higher_is_better: false,
    }
}

/// The targets the issues set.
const TARGETS: [Target; 13] = [
    Target {
        workload: "stream",
        case: "enum-blocks into",
        text: "≥ 10 M/s",
        bound: 10e6,
        higher_is_better: true,
    },
    Target {
        workload: "stream",
        case: "enum-blocks, packed",
        text: "≥ 2 M/s",
        bound: 2e6,
        higher_is_better: true,
    },
    below("stream", "observer", "< +3%", 1.03),
    below("uniqueness", "15x15.kakuro", "< 25 µs", 25e-6),
    below("uniqueness", "15x15 tiled", "< 150 µs", 150e-6),
    below("pe424", "200 puzzles", "< 20 ms", 20e-3),
    below("first", "100 wide × 30", "< 50 ms", 50e-3),
    below("count", "21 wide × 21", "< 50 ms", 50e-3),
    below("count", "100 wide × 30, 30%", "< 10 s", 10.0),
    below("nth", "", "< 10 ms", 10e-3),
    below("any", "100 wide × 30", "< 50 ms", 50e-3),
    below("logic", "explain 15x15.kakuro tiled", "< 20 ms", 20e-3),
    below("logic", "rate 15x15.kakuro", "< 2 ms", 2e-3),
];

/// A row of a table: the case, its unit, and each measurement with whether it finished.
struct Case {
    name: String,
    unit: String,
    values: Vec<(f64, bool)>,
}

fn show(value: f64, unit: &str) -> String {
    match unit {
        "per_s" => format!("{:.1} M/s", value / 1e6),
        "ratio" => format!("{:+.1}%", (value - 1.0) * 100.0),
        _ if value < 1e-3 => format!("{:.1} µs", value * 1e6),
        _ if value < 1.0 => format!("{:.2} ms", value * 1e3),
        _ => format!("{value:.2} s"),
    }
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "bench/results/ci.json".into());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let results: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let field = |k: &str| results[k].as_str().unwrap_or("?").to_string();
    println!(
        "Machine `{}` ({}), {}, commit {}, {} run{}.",
        field("machine"),
        field("cpu"),
        field("date"),
        field("commit"),
        field("mode"),
        match results["load"].as_str() {
            Some(load) => format!(", load average {load} at the start"),
            None => String::new(),
        }
    );
    let records = results["records"].as_array().cloned().unwrap_or_default();
    for (workload, heading) in WORKLOADS {
        // Cases in the order they were first measured.
        let mut cases: Vec<Case> = Vec::new();
        for r in records.iter().filter(|r| r["workload"] == workload) {
            let case = r["case"].as_str().unwrap_or("?").to_string();
            let unit = r["unit"].as_str().unwrap_or("s").to_string();
            let value = r["value"].as_f64().unwrap_or(f64::NAN);
            let done = r["done"].as_bool().unwrap_or(true);
            match cases.iter_mut().find(|c| c.name == case) {
                Some(c) => c.values.push((value, done)),
                None => cases.push(Case {
                    name: case,
                    unit,
                    values: vec![(value, done)],
                }),
            }
        }
        if cases.is_empty() {
            continue;
        }
        println!("\n### {heading}\n");
        println!("| case | median | worst | measured | target | status |");
        println!("|---|---|---|---|---|---|");
        for Case {
            name: case,
            unit,
            mut values,
        } in cases
        {
            let higher = unit == "per_s";
            // Stopped measurements sort as the worst, whatever their value.
            values.sort_by(|a, b| {
                let key = |&(v, done): &(f64, bool)| (!done, if higher { -v } else { v });
                key(a)
                    .partial_cmp(&key(b))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            let fmt = |&(v, done): &(f64, bool)| {
                if done {
                    show(v, &unit)
                } else {
                    format!("> {} (stopped)", show(v, &unit))
                }
            };
            let median = values[values.len() / 2];
            let worst = values[values.len() - 1];
            let target = TARGETS
                .iter()
                .find(|t| t.workload == workload && case.starts_with(t.case));
            let meets = |&(v, done): &(f64, bool)| {
                target.is_some_and(|t| {
                    done && if t.higher_is_better {
                        v >= t.bound
                    } else {
                        v < t.bound
                    }
                })
            };
            let status = match target {
                None => "—".to_string(),
                Some(_) => {
                    let met = values.iter().filter(|v| meets(v)).count();
                    let word = if meets(&median) { "met" } else { "**not met**" };
                    if values.len() > 1 {
                        format!("{word} ({met} of {})", values.len())
                    } else {
                        word.to_string()
                    }
                }
            };
            let worst = if values.len() > 1 {
                fmt(&worst)
            } else {
                "".into()
            };
            println!(
                "| {case} | {} | {worst} | {} | {} | {status} |",
                fmt(&median),
                values.len(),
                target.map_or("—", |t| t.text),
            );
        }
    }
}
