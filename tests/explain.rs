//! `kakuro explain` and `kakuro rate` as scripts see them: stdout, exit codes and the shapes
//! of docs/formats.md ("Explain, rate, generate, fix, print").

use std::process::Command;

use serde_json::Value;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `kakuro ARGS` from the crate's root, with `stdin` on standard input.
fn kakuro_with(args: &[&str], stdin: &str) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kakuro"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the kakuro binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        code: output.status.code().expect("exited"),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn kakuro(args: &[&str]) -> Run {
    kakuro_with(args, "")
}

#[test]
fn explain_prints_numbered_steps_then_the_verdict_and_the_rating() {
    let run = kakuro(&["explain", "puzzles/wikipedia.kakuro"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "1. Unique combination: 16 in 2 across at r2c2 is always {7 9}, so r2c2 and r2c3 lose \
         1 2 3 4 5 6 8"
    );
    let steps = &lines[..lines.len() - 2];
    for (i, line) in steps.iter().enumerate() {
        assert!(line.starts_with(&format!("{}. ", i + 1)), "{line}");
    }
    assert_eq!(lines[lines.len() - 2], "verdict: unique");
    let rating = lines[lines.len() - 1];
    assert!(
        rating.starts_with("rating: Easy (score ") && rating.contains(", hardest: "),
        "{rating}"
    );
}

#[test]
fn explain_json_has_the_contract_shape() {
    let run = kakuro(&["explain", "puzzles/wikipedia.kakuro", "--json"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(v["solved"], true);
    assert_eq!(v["trial"], false);
    assert_eq!(v["verdict"], "unique");
    assert_eq!(v["rating"]["band"], "easy");
    assert!(v["rating"]["score"].as_u64().unwrap() > 0);
    assert!(v["rating"]["hardest"].is_string() && v["rating"]["start"].is_string());
    let steps = v["steps"].as_array().unwrap();
    let first = &steps[0];
    assert_eq!(first["technique"], "Unique combination");
    assert_eq!(first["tier"], 1);
    // r2c2 is [1, 1] 0-based, and loses every digit but 7 and 9.
    assert_eq!(
        first["eliminations"][0],
        serde_json::json!([1, 1, [1, 2, 3, 4, 5, 6, 8]])
    );
    assert!(
        first["text"]
            .as_str()
            .unwrap()
            .starts_with("16 in 2 across")
    );
    // Every white cell is placed exactly once over the steps.
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, 36);
    let placement = steps
        .iter()
        .find_map(|s| s["placements"].as_array().unwrap().first().cloned())
        .unwrap();
    assert_eq!(placement.as_array().unwrap().len(), 3);
}

#[test]
fn rate_prints_the_band_last_and_json_with_solved() {
    let run = kakuro(&["rate", "puzzles/wikipedia.kakuro"]);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("Easy"));
    let run = kakuro(&["rate", "-", "--json"]);
    assert_eq!(run.code, 2, "no puzzle on stdin is an invalid file");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/wikipedia.kakuro"),
    )
    .unwrap();
    let run = kakuro_with(&["rate", "-", "--json"], &text);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["band"], "easy");
    assert_eq!(v["solved"], true);
    assert!(v["score"].is_u64() && v["hardest"].is_string() && v["start"].is_string());
}

#[test]
fn logic_stops_on_a_puzzle_with_several_solutions_and_says_so() {
    let run = kakuro(&["explain", "puzzles/two.kakuro"]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let n = lines.len();
    assert!(
        lines[n - 3].starts_with("logic stops: "),
        "{}",
        lines[n - 3]
    );
    assert_eq!(lines[n - 2], "verdict: multiple");
    assert!(lines[n - 1].starts_with("rating: Needs trial"));
    let run = kakuro(&["rate", "puzzles/two.kakuro", "--json"]);
    assert_eq!(run.code, 1);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (v["band"].as_str(), v["solved"].as_bool()),
        (Some("trial"), Some(false))
    );
}

#[test]
fn logic_stops_at_the_contradiction_of_a_puzzle_without_solution() {
    let run = kakuro(&["explain", "puzzles/none.kakuro", "--json"]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["verdict"], "none");
    assert_eq!(v["solved"], false);
}

#[test]
fn cryptic_puzzles_and_broken_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cryptic = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/cryptic.txt"),
    )
    .unwrap();
    let first = cryptic
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap();
    let path = dir.path().join("one.txt");
    std::fs::write(&path, first).unwrap();
    for command in ["explain", "rate"] {
        let run = kakuro(&[command, path.to_str().unwrap()]);
        assert_eq!(run.code, 2, "{command}: {}", run.stdout);
        assert!(run.stderr.contains("number clues"), "{}", run.stderr);
        assert_eq!(run.stdout, "");
    }
    let broken = dir.path().join("broken.kakuro");
    std::fs::write(&broken, "\\ 3\\\n\\4 x\n").unwrap();
    let run = kakuro(&["explain", broken.to_str().unwrap()]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.starts_with("kakuro: ") && run.stderr.contains("broken.kakuro:2:"));
}

#[test]
fn a_chain_step_lists_its_links_in_text_and_json() {
    // The watch demo has several solutions; logic gets as far as it can, with chains.
    let run = kakuro(&["explain", "puzzles/watch-demo.kakuro", "--json"]);
    assert_eq!(run.code, 1, "stderr: {}", run.stderr);
    let v: Value = serde_json::from_str(&run.stdout).expect("JSON");
    let steps = v["steps"].as_array().unwrap();
    let chain = steps
        .iter()
        .find(|s| s.get("chain").is_some())
        .expect("a chain step");
    assert_eq!(chain["tier"], 4);
    let links = chain["chain"].as_array().unwrap();
    assert!(links.len() >= 2);
    assert_eq!(links[0]["because"], "assumed");
    // The assumption is the digit the step removes.
    let (cell, digit) = (&links[0]["cell"], &links[0]["digit"]);
    assert_eq!(chain["eliminations"][0][0], cell[0]);
    assert_eq!(chain["eliminations"][0][1], cell[1]);
    assert_eq!(chain["eliminations"][0][2], serde_json::json!([digit]));
    let text = chain["text"].as_str().unwrap();
    assert!(
        text.ends_with(&format!("(a chain of {} links)", links.len())),
        "{text}"
    );
    for link in links {
        assert!(link["because"].as_str().is_some_and(|b| !b.is_empty()));
        assert!(link["digit"].as_u64().is_some_and(|d| (1..=9).contains(&d)));
    }
    assert!(v["rating"]["longest_chain"].as_u64().unwrap() >= links.len() as u64);
    assert!(v["rating"]["chains"].as_u64().unwrap() >= 1);
    // Text: one line per link, indented under its step, and the rating names the chains.
    let run = kakuro(&["explain", "puzzles/watch-demo.kakuro"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains(text))
        .expect("the chain's step line");
    assert!(lines[at + 1].starts_with("   1. ") && lines[at + 1].ends_with(": assumed"));
    assert!(lines[at + links.len()].starts_with(&format!("   {}. ", links.len())));
    assert!(
        lines.last().unwrap().contains("longest chain"),
        "{:?}",
        lines.last()
    );
    // With chains of one link at most there is no chain step.
    let run = kakuro(&[
        "explain",
        "puzzles/watch-demo.kakuro",
        "--json",
        "--max-chain",
        "1",
    ]);
    let v: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert!(
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["tier"] != 4)
    );
}
