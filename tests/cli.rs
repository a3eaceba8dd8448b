//! The command line as scripts see it: the real binary, its stdout, stderr and exit codes, and
//! the shapes promised in docs/formats.md.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use common::cli::{binary, kakuro};

/// Whether the binary under test was built without the app.
fn without_app() -> bool {
    cfg!(not(feature = "gui")) || std::env::var_os("KAKURO_WITHOUT_APP").is_some()
}

/// A file in a fresh temporary folder.
fn temp_file(dir: &tempfile::TempDir, name: &str, contents: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, contents).unwrap();
    path.display().to_string()
}

/// A sample from ../shared/puzzles, or `None` (with a note) when that folder is absent.
fn shared_puzzle(name: &str) -> Option<String> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "shared", "puzzles", name]
        .iter()
        .collect();
    if path.exists() {
        Some(path.display().to_string())
    } else {
        eprintln!("skipped: {} is absent", path.display());
        None
    }
}

/// The digits of a solution printed in the `.kakuro` layout, 0 for walls: one row per line.
fn digit_rows(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.parse::<u8>().unwrap_or(0))
                .collect()
        })
        .collect()
}

/// The published solution of the Wikipedia example, 0 for walls.
const WIKIPEDIA_SOLUTION: [[u8; 8]; 8] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [0, 9, 7, 0, 0, 8, 7, 9],
    [0, 8, 9, 0, 8, 9, 5, 7],
    [0, 6, 8, 5, 9, 7, 0, 0],
    [0, 0, 6, 1, 0, 2, 6, 0],
    [0, 0, 0, 4, 6, 1, 3, 2],
    [0, 8, 9, 3, 1, 0, 1, 4],
    [0, 3, 1, 2, 0, 0, 2, 1],
];

/// Several problems at known places: a 2-cell down sum of 2 (line 2, column 6), a 2-cell
/// across sum of 18 (line 3, column 1), an across sum with nothing to its right (line 3,
/// column 16).
const BROKEN: &str = "# broken on purpose\n\
\\    2\\   \\\n\
\\18  __   __   \\4\n\
\\    __   \\\n";

// ---- solve ----

#[test]
fn solve_prints_the_wikipedia_solution_in_the_kakuro_layout() {
    let run = kakuro(&["solve", "puzzles/wikipedia.kakuro"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
    assert_eq!(digit_rows(&run.stdout), WIKIPEDIA_SOLUTION.map(Vec::from));
    // Walls keep their clues in the layout.
    let first_row: Vec<&str> = run.lines()[0].split_whitespace().collect();
    assert_eq!(
        first_row,
        ["\\", "23\\", "30\\", "\\", "\\", "27\\", "12\\", "16\\"]
    );
}

#[test]
fn solve_separates_solutions_with_a_blank_line() {
    let run = kakuro(&["solve", "puzzles/two.kakuro"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let blocks: Vec<&str> = run.stdout.trim_end().split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "stdout:\n{}", run.stdout);
    let (a, b) = (digit_rows(blocks[0]), digit_rows(blocks[1]));
    assert_ne!(a, b);
    for rows in [&a, &b] {
        assert_eq!(rows.len(), 5);
        assert_eq!(rows[1][1..3], [7, 1]);
    }
}

#[test]
fn solve_limit_stops_early() {
    let run = kakuro(&["solve", "puzzles/millions.kakuro", "--limit", "3"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.stdout.trim_end().split("\n\n").count(), 3);
}

#[test]
fn solve_json_has_the_documented_shape() {
    let run = kakuro(&["solve", "puzzles/tiny.kakuro", "--json"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let json = run.json();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        ["complete", "count", "height", "solutions", "width"]
    );
    assert_eq!(
        json,
        serde_json::json!({
            "width": 3,
            "height": 3,
            "solutions": [[[0, 0, 0], [0, 1, 2], [0, 9, 7]]],
            "complete": true,
            "count": "1",
        })
    );
}

#[test]
fn solve_json_with_a_limit_is_incomplete_and_still_counts_everything() {
    let run = kakuro(&["solve", "puzzles/two.kakuro", "--json", "--limit", "1"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let json = run.json();
    assert_eq!(json["solutions"].as_array().unwrap().len(), 1);
    assert_eq!(json["complete"], false);
    assert_eq!(json["count"], "2");
    let rows = json["solutions"][0].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 5));
}

#[test]
fn solve_json_limit_equal_to_the_count_is_complete() {
    let json = kakuro(&["solve", "puzzles/two.kakuro", "--json", "--limit", "2"]).json();
    assert_eq!(json["solutions"].as_array().unwrap().len(), 2);
    assert_eq!(json["complete"], true);
    assert_eq!(json["count"], "2");
}

#[test]
fn solve_without_solution_exits_1() {
    let run = kakuro(&["solve", "puzzles/none.kakuro"]);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    run.assert_clean_stderr();
    assert!(
        run.stderr.contains("none.kakuro: no solution"),
        "{}",
        run.stderr
    );

    let json = kakuro(&["solve", "puzzles/none.kakuro", "--json"]);
    assert_eq!(json.code, 1);
    assert_eq!(json.json()["solutions"], serde_json::json!([]));
    assert_eq!(json.json()["count"], "0");
    assert_eq!(json.json()["complete"], true);
}

#[test]
fn solve_an_invalid_puzzle_lists_every_error_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "broken.kakuro", BROKEN.as_bytes());
    let run = kakuro(&["solve", &file]);
    run.assert_error();
    assert_eq!(run.stdout, "");
    assert_broken_places(&run.stderr, &file);
}

/// Each of BROKEN's three errors is on its own stderr line, at its line and column.
fn assert_broken_places(stderr: &str, file: &str) {
    for place in [
        "2:6: error: down sum 2",
        "3:1: error: across sum 18",
        "3:16: error: across sum 4",
    ] {
        let wanted = format!("kakuro: {file}:{place}");
        assert!(
            stderr.lines().any(|l| l.starts_with(&wanted)),
            "no line starting {wanted:?} in:\n{stderr}"
        );
    }
    assert_eq!(stderr.lines().count(), 3, "{stderr}");
}

// ---- count ----

#[test]
fn count_of_every_shipped_puzzle() {
    for (puzzle, count) in [
        ("wikipedia", "1"),
        ("tiny", "1"),
        ("none", "0"),
        ("two", "2"),
        ("millions", "3048192"),
    ] {
        let run = kakuro(&["count", &format!("puzzles/{puzzle}.kakuro")]);
        assert_eq!(run.code, 0, "{puzzle}: {}", run.stderr);
        assert_eq!(run.stdout.lines().last(), Some(count), "{puzzle}");
    }
}

#[test]
fn count_json_has_the_documented_shape() {
    let run = kakuro(&["count", "puzzles/two.kakuro", "--json"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let json = run.json();
    let object = json.as_object().unwrap();
    assert_eq!(object.len(), 2, "{json}");
    assert_eq!(json["count"], "2");
    assert!(json["seconds"].as_f64().is_some_and(|s| s >= 0.0), "{json}");
}

// ---- check ----

#[test]
fn check_says_unique_none_or_multiple_with_its_exit_code() {
    for (puzzle, verdict, code) in [
        ("tiny", "unique", 0),
        ("wikipedia", "unique", 0),
        ("none", "none", 1),
        ("two", "multiple", 1),
        ("millions", "multiple", 1),
    ] {
        let run = kakuro(&["check", &format!("puzzles/{puzzle}.kakuro")]);
        assert_eq!(
            run.stdout.lines().last(),
            Some(verdict),
            "{puzzle}: {}",
            run.stdout
        );
        assert_eq!(run.code, code, "{puzzle}");
        assert_eq!(run.stderr, "", "{puzzle}");
    }
}

#[test]
fn check_refutes_a_block_whose_rows_and_columns_miss_other_digits() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "pigeonhole.kakuro", common::PIGEONHOLE.as_bytes());
    // Well within the default limit: a check that cannot count the digits says "unknown".
    let start = std::time::Instant::now();
    let run = kakuro(&["check", &file]);
    assert_eq!(run.stdout, "none\n", "stderr: {}", run.stderr);
    assert_eq!(run.code, 1);
    assert!(start.elapsed() < std::time::Duration::from_secs(8));
    for command in ["solve", "count"] {
        let run = kakuro(&[command, &file, "--max-seconds", "60"]);
        assert_eq!(
            run.code,
            if command == "solve" { 1 } else { 0 },
            "{command}"
        );
        run.assert_clean_stderr();
    }
}

/// A 30 × 100 grid at 25% walls written to a fresh folder: solutions come at once, but its
/// count (one part of ~2,000 cells) would take hours.
fn dense_file(dir: &tempfile::TempDir) -> String {
    let grid = kakuro::solve::generate::random_grid(100, 30, 0.25, 9);
    temp_file(
        dir,
        "dense.kakuro",
        kakuro::format::kakuro_text::write(&grid).as_bytes(),
    )
}

#[test]
fn count_past_its_time_limit_says_unknown_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dense_file(&dir);
    for json in [false, true] {
        let mut args = vec!["count", &file, "--max-seconds", "0.5"];
        if json {
            args.push("--json");
        }
        let run = kakuro(&args);
        assert_eq!(run.code, 3, "stderr: {}", run.stderr);
        assert_eq!(run.stdout, "");
        run.assert_clean_stderr();
        // The time left after the count lists solutions, a lower bound when it finds any.
        let line = run.stderr.trim_end();
        assert!(
            line.starts_with(&format!("kakuro: {file}: unknown after 0.5 s: "))
                && line.ends_with("the count did not finish (--max-seconds sets the limit)"),
            "{line}"
        );
    }
}

#[test]
fn solve_past_its_time_limit_says_unknown_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dense_file(&dir);
    // Far less time than the root's propagation takes: nothing listed.
    let run = kakuro(&["solve", &file, "--max-seconds", "0.000001"]);
    assert_eq!(run.code, 3, "stderr: {}", run.stderr);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "kakuro: {file}: unknown after 0.000001 s: no solution found yet \
             (--max-seconds sets the limit)\n"
        )
    );
    // A pick needs the count first.
    let run = kakuro(&["solve", &file, "--nth", "2", "--max-seconds", "0.5"]);
    assert_eq!(run.code, 3, "stderr: {}", run.stderr);
    assert_eq!(run.stdout, "");
    let line = run.stderr.trim_end();
    assert!(
        line.starts_with(&format!(
            "kakuro: {file}: unknown after 0.5 s: no solution picked yet, "
        )) && line.ends_with("the count did not finish (--max-seconds sets the limit)"),
        "{line}"
    );
    // A 9 × 9 block without sums: solutions at once, far too many to count. The JSON
    // object keeps the solutions listed, is not complete, and has no count.
    let mut blank = String::from("\\ \\ \\ \\ \\ \\ \\ \\ \\ \\\n");
    for _ in 0..9 {
        blank.push_str("\\ __ __ __ __ __ __ __ __ __\n");
    }
    let file = temp_file(&dir, "blank.kakuro", blank.as_bytes());
    let run = kakuro(&[
        "solve",
        &file,
        "--json",
        "--limit",
        "3",
        "--max-seconds",
        "0.5",
    ]);
    assert_eq!(run.code, 3, "stderr: {}", run.stderr);
    let json = run.json();
    assert_eq!(json["solutions"].as_array().unwrap().len(), 3);
    assert_eq!(json["complete"], false);
    assert!(json["count"].is_null(), "{json}");
    assert_eq!(
        run.stderr,
        format!(
            "kakuro: {file}: unknown after 0.5 s: 3 solutions listed, there may be more \
             (--max-seconds sets the limit)\n"
        )
    );
}

#[test]
fn explain_and_rate_past_their_time_limit_say_unknown_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dense_file(&dir);
    // Far less time than the first step takes.
    let limit = ["--max-seconds", "0.000001"];
    let run = kakuro(&[&["explain", file.as_str()][..], &limit].concat());
    assert_eq!(run.code, 3, "stderr: {}", run.stderr);
    let lines = run.lines();
    assert!(
        lines[lines.len() - 3].starts_with("logic stops: gave up, unknown after 0.000001 s, with "),
        "{lines:?}"
    );
    assert_eq!(lines[lines.len() - 2], "verdict: unknown");
    assert_eq!(lines[lines.len() - 1], "rating: unknown after 0.000001 s");
    let run = kakuro(&[&["explain", file.as_str(), "--json"][..], &limit].concat());
    assert_eq!(run.code, 3, "stderr: {}", run.stderr);
    let json = run.json();
    assert_eq!(
        (json["rating"]["band"].as_str(), json["solved"].as_bool()),
        (Some("unknown"), Some(false))
    );
    let run = kakuro(&[&["rate", file.as_str()][..], &limit].concat());
    assert_eq!(run.code, 3, "stderr: {}", run.stderr);
    assert_eq!(run.lines().last(), Some(&"unknown after 0.000001 s"));
    let run = kakuro(&[&["rate", file.as_str(), "--json"][..], &limit].concat());
    assert_eq!(run.code, 3, "stderr: {}", run.stderr);
    assert_eq!(run.json()["band"], "unknown");
    // In time, the answer is the usual one.
    let run = kakuro(&["rate", "puzzles/wikipedia.kakuro", "--max-seconds", "30"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
}

#[test]
fn check_past_its_time_limit_says_unknown_with_exit_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dense_file(&dir);
    // Far less time than the root's propagation takes.
    let run = kakuro(&["check", &file, "--max-seconds", "0.000001"]);
    // The verdict is the last line, after the grid's warnings (its one-cell runs).
    assert_eq!(
        run.stdout.lines().last(),
        Some("unknown after 0.000001 s"),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 3);
    assert_eq!(run.stderr, "");
    // A limit must be above 0 (a usage error, as clap words them).
    let run = kakuro(&["check", &file, "--max-seconds", "0"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("above 0"), "{}", run.stderr);
}

#[test]
fn check_lists_warnings_with_their_places_before_the_verdict() {
    let run = kakuro(&["check", "puzzles/millions.kakuro"]);
    let lines = run.lines();
    // The runs without a sum in rows 5 and 7 start after the walls on lines 17 and 19; their
    // seven cells, alone in their columns, are one warning at the first.
    assert_eq!(
        lines,
        [
            "puzzles/millions.kakuro:17:1: warning: across run of 4 cells has no sum (at r5c1)",
            "puzzles/millions.kakuro:17:6: warning: 7 runs of 1 cell (all 7 without a sum), the \
             first here: allowed, but rare in published puzzles (at r5c2)",
            "puzzles/millions.kakuro:19:1: warning: across run of 3 cells has no sum (at r7c1)",
            "multiple",
        ]
    );
}

#[test]
fn check_a_broken_file_lists_every_problem_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "broken.kakuro", BROKEN.as_bytes());
    let run = kakuro(&["check", &file]);
    run.assert_error();
    assert_broken_places(&run.stderr, &file);
}

#[test]
fn check_a_file_that_does_not_parse_names_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(
        &dir,
        "typo.kakuro",
        b"\\   3\\ 4\\\n\\3  __ x\n\\4  __ __\n",
    );
    let run = kakuro(&["check", &file]);
    run.assert_error();
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with(&format!("kakuro: {file}:2:8: ")),
        "{}",
        run.stderr
    );
}

#[test]
fn check_lists_the_typos_of_every_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(
        &dir,
        "typos.kakuro",
        b"\\   3\\ 4\\\n\\3  __ x\n\\50  __ __\n",
    );
    let run = kakuro(&["check", &file]);
    run.assert_error();
    assert_eq!(run.stdout, "");
    let lines: Vec<_> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    assert!(
        lines[0].starts_with(&format!("kakuro: {file}:2:8: ")),
        "{}",
        run.stderr
    );
    assert!(
        lines[1].starts_with(&format!("kakuro: {file}:3:2: ")),
        "{}",
        run.stderr
    );
}

/// A wall a short row implies has no token: its problems are placed at the row's last token.
#[test]
fn check_places_a_problem_at_an_implied_wall_on_its_row() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("\\ 3\\ 4\\ \\\n\\3 __ __\n");
    for _ in 0..10 {
        text.push_str("\\ \\ \\ __\n");
    }
    let file = temp_file(&dir, "short.kakuro", text.as_bytes());
    let run = kakuro(&["check", &file]);
    run.assert_error();
    assert_eq!(
        run.stderr,
        format!("kakuro: {file}:2:7: error: down run of 10 cells is longer than 9 (at r2c4)\n")
    );
}

#[test]
fn check_places_whole_grid_problems_at_the_first_row() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "walls.kakuro", b"# only walls\n\\ 3\\\n");
    let run = kakuro(&["check", &file]);
    run.assert_error();
    assert_eq!(
        run.stderr.lines().collect::<Vec<_>>(),
        [
            format!("kakuro: {file}:2:1: error: the grid has no white cells"),
            format!("kakuro: {file}:2:3: error: down sum 3 has no white cells below it (at r1c2)"),
        ]
    );
}

// ---- convert ----

#[test]
fn convert_kakuro_to_ron_and_back_keeps_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let ron = dir.path().join("wikipedia.ron").display().to_string();
    let back = dir.path().join("back.kakuro").display().to_string();
    let run = kakuro(&["convert", "puzzles/wikipedia.kakuro", &ron]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let run = kakuro(&["convert", &ron, &back]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));

    let original = kakuro::format::load(Path::new("puzzles/wikipedia.kakuro")).unwrap();
    let from_ron = kakuro::format::load(Path::new(&ron)).unwrap();
    let round_trip = kakuro::format::load(Path::new(&back)).unwrap();
    assert_eq!(from_ron.document.grid, original.document.grid);
    assert_eq!(round_trip.document.grid, original.document.grid);
    // And the converted file solves the same.
    assert_eq!(
        kakuro(&["solve", &back]).stdout,
        kakuro(&["solve", "puzzles/wikipedia.kakuro"]).stdout
    );
}

#[test]
fn convert_to_svg_draws_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("tiny.svg");
    let run = kakuro(&["convert", "puzzles/tiny.kakuro", &svg.display().to_string()]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg"), "{text}");
}

#[test]
fn convert_to_an_unknown_extension_fails_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tiny.docx");
    let run = kakuro(&["convert", "puzzles/tiny.kakuro", &out.display().to_string()]);
    run.assert_error();
    assert!(!out.exists());
}

// ---- pe424 ----

#[test]
fn pe424_first_published_puzzle() {
    let Some(file) = shared_puzzle("pe424-first.txt") else {
        return;
    };
    let run = kakuro(&["pe424", &file]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.lines(), ["8426039571", "8426039571"]);
}

/// The repository's own cryptic sample: three puzzles made for it, whose letter codes were
/// chosen when they were made (see the file's comment).
#[test]
fn pe424_answers_the_repository_sample() {
    let run = kakuro(&["pe424", "puzzles/cryptic.txt"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(
        run.lines(),
        ["2895631407", "2845036971", "9475132860", "15215801238"]
    );
}

#[test]
fn pe424_prints_each_answer_then_the_sum() {
    let Some(file) = shared_puzzle("pe424-first.txt") else {
        return;
    };
    let line = std::fs::read_to_string(file).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let twice = temp_file(
        &dir,
        "twice.txt",
        format!("{0}\n{0}\n", line.trim()).as_bytes(),
    );
    let run = kakuro(&["pe424", &twice]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.lines(), ["8426039571", "8426039571", "16852079142"]);
}

#[test]
fn pe424_rejects_a_broken_line_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "bad.txt", b"2,X,(vA),(hA),O\n\n2,X,X,X,Q\n");
    let run = kakuro(&["pe424", &file]);
    run.assert_error();
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.starts_with(&format!("kakuro: {file}:3:9: ")),
        "{}",
        run.stderr
    );
}

#[test]
fn pe424_lists_every_validation_error_of_a_puzzle_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    // Line 3: the across clue A and the down clue B both point at walls.
    let file = temp_file(
        &dir,
        "bad.txt",
        b"2,X,(vA),(hA),O\n# two\n2,X,(hA),(vB),O\n",
    );
    let run = kakuro(&["pe424", &file]);
    run.assert_error();
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    assert!(lines[0].starts_with(&format!("kakuro: {file}:3:5: error: across sum A")));
    assert!(lines[1].starts_with(&format!("kakuro: {file}:3:10: error: down sum B")));
}

// ---- bench ----

#[test]
fn bench_json_has_the_documented_shape() {
    let run = kakuro(&[
        "bench",
        "puzzles/tiny.kakuro",
        "puzzles/two.kakuro",
        "--runs",
        "3",
        "--json",
    ]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let json = run.json();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        let mut keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "backtracks",
                "cells",
                "complete",
                "file",
                "first_seconds",
                "guesses",
                "nodes",
                "runs",
                "solutions",
                "total_seconds"
            ]
        );
        assert!(row["first_seconds"].as_f64().unwrap() <= row["total_seconds"].as_f64().unwrap());
        assert!(row["nodes"].as_u64().unwrap() > 0);
        assert_eq!(row["complete"], true);
    }
    assert_eq!(rows[0]["file"], "puzzles/tiny.kakuro");
    assert_eq!(rows[0]["cells"], 4);
    assert_eq!(rows[0]["runs"], 4);
    assert_eq!(rows[0]["solutions"], "1");
    assert_eq!(rows[1]["cells"], 11);
    assert_eq!(rows[1]["solutions"], "2");
}

#[test]
fn bench_limit_stops_the_enumeration() {
    let run = kakuro(&[
        "bench",
        "puzzles/millions.kakuro",
        "--runs",
        "1",
        "--limit",
        "5",
        "--json",
    ]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let row = &run.json()[0];
    assert_eq!(row["solutions"], "5");
    assert_eq!(row["complete"], false);
}

#[test]
fn bench_stops_a_search_at_its_time_limit_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(
        &dir,
        "blank.kakuro",
        common::blank_grid_text(9, 9).as_bytes(),
    );
    let start = std::time::Instant::now();
    let run = kakuro(&[
        "bench",
        &file,
        "--runs",
        "3",
        "--max-seconds",
        "0.3",
        "--json",
    ]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    // One stopped search is reported: the others would stop at the same limit.
    assert!(start.elapsed().as_secs_f64() < 8.0, "{:?}", start.elapsed());
    let row = &run.json()[0];
    assert_eq!(row["complete"], false);
    let found: u64 = row["solutions"].as_str().unwrap().parse().unwrap();
    assert!(found > 1000, "{found}");
    let total = row["total_seconds"].as_f64().unwrap();
    assert!((0.3..5.0).contains(&total), "{total}");
    assert_eq!(
        run.stderr,
        format!(
            "kakuro: {file}: stopped after 0.3 s with {found} solutions (--max-seconds sets the \
             limit)\n"
        )
    );

    let table = kakuro(&["bench", &file, "--max-seconds", "0.2"]);
    assert_eq!(table.code, 0, "stderr: {}", table.stderr);
    let row = table.lines()[2];
    let solutions = row.split_whitespace().nth(3).unwrap();
    assert!(solutions.ends_with('+'), "{row}");
}

#[test]
fn bench_time_limits_are_positive_seconds() {
    for value in ["0", "-1", "soon", "NaN", "inf"] {
        let run = kakuro(&["bench", "puzzles/tiny.kakuro", "--max-seconds", value]);
        assert_eq!(run.code, 2, "{value}");
        assert_eq!(run.stdout, "", "{value}");
        assert!(
            run.stderr.starts_with(&format!(
                "error: invalid value '{value}' for '--max-seconds <S>': "
            )),
            "{value}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("a number of seconds above 0"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn bench_table_has_a_row_per_puzzle() {
    let run = kakuro(&[
        "bench",
        "puzzles/tiny.kakuro",
        "puzzles/none.kakuro",
        "puzzles/two.kakuro",
        "--runs",
        "2",
    ]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let lines = run.lines();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    assert!(lines[0].starts_with("median of 2 timed searches"));
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        header,
        [
            "file",
            "cells",
            "runs",
            "solutions",
            "first",
            "total",
            "nodes",
            "guesses",
            "backtracks",
            "solutions/s"
        ]
    );
    let solutions: Vec<&str> = lines[2..]
        .iter()
        .map(|l| l.split_whitespace().nth(3).unwrap())
        .collect();
    assert_eq!(solutions, ["unique", "none", "2"]);
}

#[test]
fn bench_rejects_zero_runs_and_missing_files() {
    // Usage errors are clap's: its message and usage, exit code 2.
    for args in [
        &["bench", "puzzles/tiny.kakuro", "--runs", "0"][..],
        &["bench"],
    ] {
        let run = kakuro(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    }
    let run = kakuro(&["bench", "puzzles/tiny.kakuro", "puzzles/nope.kakuro"]);
    run.assert_error();
    assert!(run.stderr.contains("puzzles/nope.kakuro"), "{}", run.stderr);
}

// ---- errors: any file, any arguments ----

#[test]
fn missing_file_is_an_error_naming_it() {
    for command in ["solve", "count", "check", "pe424"] {
        let run = kakuro(&[command, "puzzles/does-not-exist.kakuro"]);
        run.assert_error();
        assert!(
            run.stderr.contains("does-not-exist.kakuro"),
            "{command}: {}",
            run.stderr
        );
        assert_eq!(run.stderr.lines().count(), 1, "{command}: {}", run.stderr);
    }
}

#[test]
fn garbage_files_are_rejected_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let cases: [(&str, &[u8]); 6] = [
        ("garbage.kakuro", &garbage),
        ("latin1.kakuro", b"\\ 3\\\n\\3 \xe9_\n"),
        ("empty.kakuro", b""),
        ("huge-sum.kakuro", b"\\ 99999999999999999999\\\n\\3 __\n"),
        ("garbage.ron", &garbage),
        ("garbage.txt", &garbage),
    ];
    for (name, bytes) in cases {
        let file = temp_file(&dir, name, bytes);
        for command in ["solve", "count", "check"] {
            let run = kakuro(&[command, &file]);
            run.assert_error();
            assert!(
                run.stderr.contains(&file),
                "{command} {name}: {}",
                run.stderr
            );
        }
    }
    let file = temp_file(&dir, "garbage.txt", &garbage);
    kakuro(&["pe424", &file]).assert_error();
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["solve"][..],
        &["solve", "puzzles/tiny.kakuro", "--limit", "many"],
        &["count", "puzzles/tiny.kakuro", "--bogus"],
        &["convert", "puzzles/tiny.kakuro"],
        &["--renderer", "vulkan"],
        &["puzzles/tiny.kakuro", "extra"],
    ] {
        let run = kakuro(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{args:?}");
    }
}

#[test]
fn help_lists_the_subcommands() {
    let run = kakuro(&["--help"]);
    assert_eq!(run.code, 0);
    for command in ["solve", "count", "check", "convert", "pe424", "bench"] {
        assert!(
            run.stdout.contains(command),
            "{command} missing from:\n{}",
            run.stdout
        );
    }
}

/// Without the app, plain `kakuro` prints the help (with it, it would open a window).
#[test]
fn without_the_app_plain_kakuro_prints_help() {
    if !without_app() {
        return;
    }
    let run = kakuro(&[]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Usage"), "{}", run.stdout);
    let run = kakuro(&["puzzles/tiny.kakuro"]);
    run.assert_error();
    assert!(
        run.stderr.contains("without the `gui` feature"),
        "{}",
        run.stderr
    );
}

// ---- counting and picking one solution ----

/// Solutions printed by `solve` in the `.kakuro` layout, one text block each.
fn listed_solutions(stdout: &str) -> Vec<Vec<Vec<u8>>> {
    stdout
        .split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(digit_rows)
        .collect()
}

/// Twelve separate 2 × 2 blocks of cells whose runs have no sum: 4104 solutions each.
fn free_blocks_text(blocks: usize) -> String {
    let walls = vec!["\\"; 3 * blocks + 1].join(" ");
    let row = "\\ __ __ ".repeat(blocks);
    format!("{walls}\n{row}\n{row}\n")
}

#[test]
fn count_is_exact_past_every_integer_type() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "blocks.kakuro", free_blocks_text(12).as_bytes());
    let run = kakuro(&["count", &file]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let expected = num_bigint::BigUint::from(4104u32).pow(12).to_string();
    assert!(expected.len() > 40);
    assert_eq!(run.stdout.lines().last(), Some(expected.as_str()));
    let run = kakuro(&["count", &file, "--json"]);
    assert_eq!(run.json()["count"], expected.as_str());
}

#[test]
fn count_draws_no_progress_bar_when_stderr_is_not_a_terminal() {
    let run = kakuro(&["count", "puzzles/millions.kakuro"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stderr, "");
}

#[test]
fn solve_nth_prints_the_solution_at_that_place_in_the_listing() {
    let mut files = vec![
        "puzzles/two.kakuro".to_string(),
        "puzzles/tiny.kakuro".into(),
    ];
    files.extend(shared_puzzle("small.kakuro"));
    for file in files {
        let all = kakuro(&["solve", &file]);
        let listed = listed_solutions(&all.stdout);
        assert!(!listed.is_empty(), "{file}");
        for (i, expected) in listed.iter().enumerate() {
            let k = (i + 1).to_string();
            let one = kakuro(&["solve", &file, "--nth", &k]);
            assert_eq!(one.code, 0, "{file} #{k}: {}", one.stderr);
            assert_eq!(&digit_rows(&one.stdout), expected, "{file} #{k}");
        }
    }
}

#[test]
fn solve_nth_json_is_the_listing_entry_with_the_full_count() {
    let all = kakuro(&["solve", "puzzles/two.kakuro", "--json"]).json();
    let run = kakuro(&["solve", "puzzles/two.kakuro", "--nth", "2", "--json"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let one = run.json();
    assert_eq!(one["solutions"].as_array().unwrap().len(), 1);
    assert_eq!(one["solutions"][0], all["solutions"][1]);
    assert_eq!(one["count"], "2");
    assert_eq!(one["complete"], false);
    assert_eq!(one["width"], all["width"]);
    assert_eq!(one["height"], all["height"]);
}

#[test]
fn solve_nth_deep_in_a_huge_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "blocks.kakuro", free_blocks_text(12).as_bytes());
    let last = num_bigint::BigUint::from(4104u32).pow(12).to_string();
    let run = kakuro(&["solve", &file, "--nth", &last]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    // The last solution: every block at its last, 9 8 over 8 9 (digits descending per cell,
    // the top-left cell slowest).
    let rows = digit_rows(&run.stdout);
    assert_eq!(rows[1][1..3], [9, 8]);
    assert_eq!(rows[2][1..3], [8, 9]);
}

#[test]
fn solve_nth_1_needs_no_count() {
    // 30 × 100 at 25% walls: one part of ~2,000 cells, whose count would take hours.
    let grid = kakuro::solve::generate::random_grid(100, 30, 0.25, 9);
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(
        &dir,
        "dense.kakuro",
        kakuro::format::kakuro_text::write(&grid).as_bytes(),
    );
    let mut child = Command::new(binary())
        .args(["solve", &file, "--nth", "1"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("`solve --nth 1` still running after 2 minutes: counting?");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let first = kakuro(&["solve", &file, "--limit", "1"]);
    assert_eq!(String::from_utf8(output.stdout).unwrap(), first.stdout);
}

#[test]
fn solve_nth_outside_the_count_says_how_many_there_are() {
    let run = kakuro(&["solve", "puzzles/two.kakuro", "--nth", "3"]);
    run.assert_error();
    assert!(run.stderr.contains("puzzles/two.kakuro"), "{}", run.stderr);
    assert!(run.stderr.contains("has 2 solutions"), "{}", run.stderr);
    // Zero and non-numbers are usage errors (clap's message, exit 2).
    for bad in ["0", "-1", "two"] {
        let run = kakuro(&["solve", "puzzles/two.kakuro", "--nth", bad]);
        assert_eq!(run.code, 2, "--nth {bad}");
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    }
    let run = kakuro(&["solve", "puzzles/two.kakuro", "--nth", "0"]);
    assert!(run.stderr.contains("numbered from 1"), "{}", run.stderr);
    let run = kakuro(&["solve", "puzzles/none.kakuro", "--nth", "1"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("no solution"), "{}", run.stderr);
}

#[test]
fn solve_random_is_a_listed_solution_and_the_seed_repeats_it() {
    let listed = listed_solutions(&kakuro(&["solve", "puzzles/two.kakuro"]).stdout);
    let mut drawn = std::collections::HashSet::new();
    for seed in 0..24 {
        let seed = seed.to_string();
        let run = kakuro(&["solve", "puzzles/two.kakuro", "--random", "--seed", &seed]);
        assert_eq!(run.code, 0, "stderr: {}", run.stderr);
        let rows = digit_rows(&run.stdout);
        assert!(listed.contains(&rows), "seed {seed}: {}", run.stdout);
        let again = kakuro(&["solve", "puzzles/two.kakuro", "--random", "--seed", &seed]);
        assert_eq!(again.stdout, run.stdout, "seed {seed}");
        drawn.insert(rows);
    }
    assert_eq!(drawn.len(), 2, "both solutions drawn over 24 seeds");
    let run = kakuro(&["solve", "puzzles/two.kakuro", "--random", "--json"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.json()["solutions"].as_array().unwrap().len(), 1);
    let run = kakuro(&["solve", "puzzles/two.kakuro", "--seed", "3"]);
    assert_eq!(run.code, 2, "--seed needs --random");
    let run = kakuro(&["solve", "puzzles/two.kakuro", "--random", "--limit", "2"]);
    assert_eq!(run.code, 2, "--random and --limit conflict");
}

// ---- audit of the command line ----

#[test]
fn a_missing_file_is_an_error_before_the_app_opens() {
    let run = kakuro(&["puzzles/does-not-exist.kakuro"]);
    run.assert_error();
    assert_eq!(
        run.stderr,
        "kakuro: puzzles/does-not-exist.kakuro: no such file\n"
    );
    // Even when a window was asked for, the file is checked first.
    let run = kakuro(&["puzzles/nope.ron", "--screenshot", "out.png"]);
    run.assert_error();
    assert!(
        run.stderr.contains("puzzles/nope.ron: no such file"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_mistyped_command_is_an_error_with_a_suggestion() {
    for (typed, meant) in [
        ("slove", "solve"),
        ("cuont", "count"),
        ("chek", "check"),
        ("covnert", "convert"),
        ("pe42", "pe424"),
        ("bnech", "bench"),
    ] {
        let run = kakuro(&[typed]);
        run.assert_error();
        assert_eq!(
            run.stderr,
            format!("kakuro: {typed}: no file or command '{typed}'; did you mean '{meant}'?\n")
        );
    }
    // Nothing close: no guess, but still not taken for a file to open.
    let run = kakuro(&["bogus"]);
    run.assert_error();
    assert_eq!(
        run.stderr,
        "kakuro: bogus: no file or command 'bogus' (see `kakuro --help`)\n"
    );
    // A name with an extension or a folder is a file, never a command.
    for file in ["slove.kakuro", "puzzles/slove"] {
        let run = kakuro(&[file]);
        run.assert_error();
        assert_eq!(run.stderr, format!("kakuro: {file}: no such file\n"));
    }
}

/// Three PE 424 lines: a puzzle, a comment, a puzzle, and a malformed one last.
const THREE_PE424_LINES: &[u8] = b"2,X,(vA),(hA),O\n# note\n\n2,X,(vB),(hB),O\n2,X,X,X,Q\n";

#[test]
fn one_puzzle_commands_refuse_a_pe424_file_of_several() {
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(&dir, "many.txt", THREE_PE424_LINES);
    for args in [
        &["solve", &file][..],
        &["solve", &file, "--json"],
        &["count", &file],
        &["check", &file],
        &["bench", &file, "--runs", "1"],
        &["convert", &file, &format!("{file}.ron")],
    ] {
        let run = kakuro(args);
        run.assert_error();
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(
            run.stderr,
            format!(
                "kakuro: {file}: the file holds 3 puzzles; solve, count, check, bench and \
                 convert take one (use `kakuro pe424 {file}` for all of them)\n"
            ),
            "{args:?}"
        );
    }
}

#[test]
fn one_puzzle_commands_take_a_pe424_file_of_one() {
    let sample = std::fs::read_to_string("puzzles/cryptic.txt").unwrap();
    let line = sample.lines().find(|l| l.starts_with("7,")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = temp_file(
        &dir,
        "one.txt",
        format!("# the first puzzle\n\n{}\n\n", line.trim()).as_bytes(),
    );
    let run = kakuro(&["count", &file]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "1\n"),
        "{}",
        run.stderr
    );
    let run = kakuro(&["check", &file]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.lines().last(), Some(&"unique"));
}

#[test]
fn solve_picking_one_of_no_solutions_still_prints_the_json_object() {
    for args in [
        &["solve", "puzzles/none.kakuro", "--json", "--random"][..],
        &[
            "solve",
            "puzzles/none.kakuro",
            "--json",
            "--random",
            "--seed",
            "7",
        ],
        &["solve", "puzzles/none.kakuro", "--json", "--nth", "1"],
        &["solve", "puzzles/none.kakuro", "--json"],
    ] {
        let run = kakuro(args);
        assert_eq!(run.code, 1, "{args:?}");
        run.assert_clean_stderr();
        assert_eq!(run.stderr, "kakuro: puzzles/none.kakuro: no solution\n");
        assert_eq!(
            run.json(),
            serde_json::json!({
                "width": 3,
                "height": 3,
                "solutions": [],
                "complete": true,
                "count": "0",
            }),
            "{args:?}"
        );
    }
}

#[test]
fn convert_to_a_directory_says_it_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().display().to_string();
    let run = kakuro(&["convert", "puzzles/tiny.kakuro", &out]);
    run.assert_error();
    assert_eq!(
        run.stderr,
        format!(
            "kakuro: {out}: the output is a directory; name the file to write, such as {out}/tiny.ron\n"
        )
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn convert_help_names_every_format() {
    let run = kakuro(&["convert", "--help"]);
    assert_eq!(run.code, 0);
    let help = run.stdout.replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in [
        ".kakuro",
        ".ron",
        ".pe424",
        ".svg",
        ".png",
        ".pdf",
        "SVG, PNG and PDF are written only",
    ] {
        assert!(
            help.contains(needle),
            "{needle} missing from:\n{}",
            run.stdout
        );
    }
    assert!(
        help.contains("a Project Euler 424 file is recognised by its content"),
        "{}",
        run.stdout
    );
}

#[cfg(unix)]
#[test]
fn convert_writes_through_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real").join("puzzle.kakuro");
    std::fs::create_dir(dir.path().join("real")).unwrap();
    std::fs::write(&target, "old").unwrap();
    // A relative link, in another folder, to a link: all resolved.
    let links = dir.path().join("links");
    std::fs::create_dir(&links).unwrap();
    std::os::unix::fs::symlink("../real/puzzle.kakuro", links.join("inner.kakuro")).unwrap();
    std::os::unix::fs::symlink("inner.kakuro", links.join("outer.kakuro")).unwrap();
    let outer = links.join("outer.kakuro");
    let run = kakuro(&[
        "convert",
        "puzzles/tiny.kakuro",
        &outer.display().to_string(),
    ]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    for link in ["inner.kakuro", "outer.kakuro"] {
        let meta = std::fs::symlink_metadata(links.join(link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{link} was replaced");
    }
    let written = kakuro::format::load(&target).unwrap();
    let original = kakuro::format::load(Path::new("puzzles/tiny.kakuro")).unwrap();
    assert_eq!(written.document.grid, original.document.grid);
    // Nothing left behind, in either folder.
    assert_eq!(
        std::fs::read_dir(dir.path().join("real")).unwrap().count(),
        1
    );
    assert_eq!(std::fs::read_dir(&links).unwrap().count(), 2);

    // A link to a file not yet there creates that file.
    std::os::unix::fs::symlink("../real/new.ron", links.join("new.ron")).unwrap();
    let run = kakuro(&[
        "convert",
        "puzzles/tiny.kakuro",
        &links.join("new.ron").display().to_string(),
    ]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(
        std::fs::symlink_metadata(links.join("new.ron"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(dir.path().join("real").join("new.ron").is_file());
}

#[cfg(unix)]
#[test]
fn convert_refuses_a_read_only_output() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = temp_file(&dir, "locked.ron", b"old");
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o444)).unwrap();
    let run = kakuro(&["convert", "puzzles/tiny.kakuro", &out]);
    run.assert_error();
    assert_eq!(
        run.stderr,
        format!("kakuro: {out}: cannot write the file: the file is read-only\n")
    );
    assert_eq!(std::fs::read(&out).unwrap(), b"old");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn zero_limits_are_usage_errors() {
    for args in [
        &["solve", "puzzles/tiny.kakuro", "--limit", "0"][..],
        &["bench", "puzzles/tiny.kakuro", "--limit", "0"],
        &["bench", "puzzles/tiny.kakuro", "--runs", "0"],
    ] {
        let run = kakuro(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(
            run.stderr.starts_with("error: invalid value '0' for '--"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stderr.contains("0 is not in 1.."), "{}", run.stderr);
    }
}

#[test]
fn bench_reports_the_good_files_and_names_each_bad_one() {
    let dir = tempfile::tempdir().unwrap();
    let broken = temp_file(&dir, "broken.kakuro", BROKEN.as_bytes());
    let files = [
        "puzzles/tiny.kakuro",
        "puzzles/nope.kakuro",
        &broken,
        "puzzles/two.kakuro",
    ];
    let table = kakuro(&[&["bench", "--runs", "1"][..], &files].concat());
    assert_eq!(table.code, 2, "{}", table.stderr);
    table.assert_clean_stderr();
    let rows: Vec<&str> = table.lines()[2..]
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(rows, ["puzzles/tiny.kakuro", "puzzles/two.kakuro"]);
    assert!(
        table
            .stderr
            .lines()
            .next()
            .unwrap()
            .starts_with("kakuro: puzzles/nope.kakuro: ")
    );
    let after_nope: String = table
        .stderr
        .lines()
        .skip(1)
        .map(|l| l.to_string() + "\n")
        .collect();
    assert_broken_places(&after_nope, &broken);

    let json = kakuro(&[&["bench", "--runs", "1", "--json"][..], &files].concat());
    assert_eq!(json.code, 2);
    assert_eq!(json.stderr, table.stderr);
    let rows = json.json();
    let names: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["file"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["puzzles/tiny.kakuro", "puzzles/two.kakuro"]);
}

#[test]
fn check_and_solve_help_give_their_exit_codes() {
    let flat = |args: &[&str]| {
        let run = kakuro(args);
        assert_eq!(run.code, 0);
        run.stdout.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let check = flat(&["check", "--help"]);
    assert!(
        check.contains("Exit code: 0 unique, 1 none or multiple, 2 invalid file or usage."),
        "{check}"
    );
    let solve = flat(&["solve", "--help"]);
    assert!(
        solve.contains("Exit code: 0 solved, 1 no solution, 2 invalid file or usage."),
        "{solve}"
    );
    for help in [&check, &solve, &flat(&["count", "--help"])] {
        assert!(help.contains("Exit code 3: "), "{help}");
        assert!(help.contains("--max-seconds <S>"), "{help}");
    }
    assert!(check.contains("[default: 10]"), "{check}");
}

/// Every subcommand the help lists, as `kakuro --help` prints them.
fn subcommands() -> Vec<String> {
    let help = kakuro(&["--help"]).stdout;
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|name| name != "help")
        .collect()
}

#[test]
fn completions_for_every_shell_name_every_subcommand() {
    let names = subcommands();
    assert!(names.len() >= 13, "{names:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = kakuro(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        for name in &names {
            assert!(run.stdout.contains(name.as_str()), "{shell}: {name}");
        }
    }
    let run = kakuro(&["completions", "tcsh"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("bash"), "{}", run.stderr);
}

#[test]
fn bash_completes_ex_to_explain() {
    if Command::new("bash").arg("--version").output().is_err() {
        eprintln!("skipped: no bash");
        return;
    }
    let script = format!(
        "source <('{}' completions bash); COMP_WORDS=(kakuro ex); COMP_CWORD=1; \
         COMP_LINE='kakuro ex'; COMP_POINT=9; _kakuro kakuro ex kakuro; echo \"${{COMPREPLY[@]}}\"",
        binary().display()
    );
    let output = Command::new("bash").arg("-c").arg(script).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), "explain");
}

#[test]
fn the_man_page_lists_every_subcommand() {
    let run = kakuro(&["man"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(".TH kakuro 1"),
        "{}",
        &run.stdout[..200]
    );
    for name in subcommands() {
        assert!(
            run.stdout
                .contains(&format!(".SH \"KAKURO {}\"", name.to_uppercase())),
            "{name}"
        );
    }
}
