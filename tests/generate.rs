//! `kakuro generate` and `kakuro fix` as scripts see them: output shape, exit codes, bad options.

use std::process::Command;

use serde_json::Value;

/// Exit code, stdout and stderr of one run of the binary.
fn kakuro(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_kakuro"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("the kakuro binary runs");
    (
        output.status.code().expect("exited"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn generate_prints_one_commented_unique_puzzle() {
    let (code, out, err) = kakuro(&[
        "generate",
        "--size",
        "7x6",
        "--symmetry",
        "rotate",
        "--seed",
        "11",
    ]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("# seed 11, size 7x6, symmetry rotate, rating Easy"),
        "{first}"
    );
    assert_eq!(out.lines().filter(|l| !l.starts_with('#')).count(), 6);
    // Same seed, same text.
    let (_, again, _) = kakuro(&[
        "generate",
        "--size",
        "7x6",
        "--symmetry",
        "rotate",
        "--seed",
        "11",
    ]);
    assert_eq!(again, out);
    // The check calls it unique and logic solves it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.kakuro");
    std::fs::write(&file, &out).unwrap();
    let (code, _, err) = kakuro(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 0, "check: {err}");
    let (code, rate, _) = kakuro(&["rate", file.to_str().unwrap()]);
    assert_eq!((code, rate.lines().last()), (0, Some("Easy")));
}

#[test]
fn generate_count_writes_numbered_files() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set");
    let (code, stdout, err) = kakuro(&[
        "generate",
        "--size",
        "6x6",
        "--difficulty",
        "medium",
        "--seed",
        "3",
        "--count",
        "3",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.is_empty());
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["0001.kakuro", "0002.kakuro", "0003.kakuro"]);
    for (i, name) in names.iter().enumerate() {
        let text = std::fs::read_to_string(out.join(name)).unwrap();
        let seed = format!("# seed {}, size 6x6, symmetry none, rating Medium", 3 + i);
        assert!(text.starts_with(&seed), "{name}: {text}");
    }
}

#[test]
fn generate_refuses_bad_options_with_exit_2() {
    for args in [
        &["generate", "--size", "0x5"][..],
        &["generate", "--size", "50x50"],
        &["generate", "--size", "10"],
        &["generate", "--size", "8x8", "--difficulty", "fiendish"],
        &["generate", "--size", "8x8", "--symmetry", "diagonal"],
        &["generate", "--size", "8x8", "--walls", "0.9"],
        &["generate", "--size", "10x10", "--walls", "0"],
        &["generate", "--size", "10x10", "--walls", "1e-300"],
        &["generate", "--size", "8x8", "--count", "0"],
        &["generate", "--size", "8x8", "--count", "2"],
    ] {
        let (code, out, err) = kakuro(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let (_, _, err) = kakuro(&["generate", "--size", "50x50"]);
    assert!(err.contains("4 to 40"), "{err}");
    let (_, _, err) = kakuro(&["generate", "--size", "20x20", "--walls", "0"]);
    assert!(
        err.contains("no walls") && err.contains("no unique puzzle"),
        "{err}"
    );
}

/// `kakuro check` finds each suggested puzzle unique.
fn each_is_unique(dir: &tempfile::TempDir, suggestions: &[Value]) {
    for s in suggestions {
        let fixed = dir.path().join("fixed.kakuro");
        std::fs::write(&fixed, s["puzzle"].as_str().unwrap()).unwrap();
        let (code, check, _) = kakuro(&["check", fixed.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {check}", s["edit"]);
    }
}

#[test]
fn fix_suggests_edits_that_make_a_draft_unique() {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("draft.kakuro");
    std::fs::write(&draft, "\\ 3\\ 3\\\n\\3 _ _\n\\3 _ _\n").unwrap();
    let (code, out, err) = kakuro(&["fix", draft.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["verdict"], "multiple");
    let suggestions = report["suggestions"].as_array().unwrap();
    assert!(!suggestions.is_empty());
    for s in suggestions {
        assert!(s["edit"].as_str().unwrap().starts_with("change"), "{s}");
        assert!(!s["cells"].as_array().unwrap().is_empty());
    }
    each_is_unique(&dir, suggestions);
    let (code, text, _) = kakuro(&["fix", draft.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(text.lines().next(), Some("verdict: multiple"));
    assert!(
        text.lines().nth(1).unwrap().starts_with("1. change"),
        "{text}"
    );
}

#[test]
fn fix_on_a_unique_or_impossible_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("none.kakuro");
    std::fs::write(&none, "\\ 3\\ 3\\\n\\3 _ _\n\\5 _ _\n").unwrap();
    // No one clue can be rewritten to leave one solution: one rewrite and a second edit can.
    let (code, out, _) = kakuro(&["fix", none.to_str().unwrap()]);
    assert_eq!((code, out.lines().next()), (0, Some("verdict: none")));
    assert!(
        out.lines()
            .nth(2)
            .unwrap()
            .starts_with("1. 2 edits: change the "),
        "{out}"
    );
    let (code, out, _) = kakuro(&["fix", none.to_str().unwrap(), "--max-edits", "1"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(code, 1, "{out}");
    assert_eq!(lines[2], "the puzzle has no solution: no edit suggested");
    assert_eq!(
        lines[3],
        "best partial step: change the across clue at r3c1 from 5 to 3 (leaves 2 solutions)"
    );
    let unique = dir.path().join("unique.kakuro");
    std::fs::write(&unique, "\\ 4\\ 3\\\n\\3 _ _\n\\4 _ _\n").unwrap();
    let (code, out, _) = kakuro(&["fix", unique.to_str().unwrap(), "--json"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, &report["verdict"]), (0, &Value::from("unique")));
    let (code, _, _) = kakuro(&["fix", "no/such/file.kakuro"]);
    assert_eq!(code, 2);
}

#[test]
fn fix_names_the_conflicting_clues_of_an_impossible_puzzle_and_edits_one() {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("none.kakuro");
    // The across 3 is 1 2, but the downs 4 allow only 1 or 3 in the top row.
    std::fs::write(&draft, "\\ 4\\ 4\\\n\\3 _ _\n\\7 _ _\n").unwrap();
    let (code, out, err) = kakuro(&["fix", draft.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["verdict"], "none");
    let conflicts = report["conflicts"].as_array().unwrap();
    assert_eq!(conflicts.len(), 3, "{out}");
    for c in conflicts {
        assert!(c["clue"].as_str().unwrap().contains(" at r"), "{c}");
        assert!(
            ["across", "down"].contains(&c["dir"].as_str().unwrap()),
            "{c}"
        );
        assert_eq!(c["cells"].as_array().unwrap().len(), 2, "{c}");
        assert!(
            c["sum"].as_u64().is_some() && c["at"].as_array().is_some(),
            "{c}"
        );
    }
    let suggestions = report["suggestions"].as_array().unwrap();
    assert!(!suggestions.is_empty(), "{out}");
    each_is_unique(&dir, suggestions);
    let (code, text, _) = kakuro(&["fix", draft.to_str().unwrap()]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "verdict: none");
    assert!(lines[1].starts_with("conflicting clues: "), "{text}");
    assert_eq!(lines[1].matches(" at r").count(), 3, "{text}");
    assert!(lines[2].starts_with("1. change the "), "{text}");
}

#[test]
fn the_expert_sample_is_unique_and_rates_expert() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/expert.kakuro");
    let (code, out, err) = kakuro(&["check", path]);
    assert_eq!(code, 0, "check: {out}{err}");
    let (code, rate, _) = kakuro(&["rate", path]);
    assert_eq!((code, rate.lines().last()), (0, Some("Expert")));
}

/// A draft of two blocks of 3s side by side, in `dir`: each block has two solutions of its own.
fn two_blocks(dir: &tempfile::TempDir) -> std::path::PathBuf {
    let draft = dir.path().join("two.kakuro");
    std::fs::write(
        &draft,
        "\\ 3\\ 3\\ \\ 3\\ 3\\\n\\3 _ _ \\3 _ _\n\\3 _ _ \\3 _ _\n",
    )
    .unwrap();
    draft
}

#[test]
fn fix_prints_a_two_edit_suggestion_for_two_separate_ambiguities() {
    let dir = tempfile::tempdir().unwrap();
    let draft = two_blocks(&dir);
    let (code, text, err) = kakuro(&["fix", draft.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let first = text.lines().nth(1).unwrap();
    assert!(first.starts_with("1. 2 edits: change the "), "{text}");
    assert_eq!(first.matches("; ").count(), 1, "{first}");
    let (code, out, _) = kakuro(&["fix", draft.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&out).unwrap();
    let suggestions = report["suggestions"].as_array().unwrap();
    for s in suggestions {
        assert_eq!(s["edits"], 2, "{s}");
        // Both blocks' clue walls are among the cells.
        let cols: Vec<u64> = s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c[1].as_u64().unwrap())
            .collect();
        assert!(
            cols.iter().any(|&c| c <= 2) && cols.iter().any(|&c| c >= 3),
            "{s}"
        );
    }
    assert_eq!(report["partial"], Value::Null);
    assert_eq!(report["tried"]["edits"], 2);
    each_is_unique(&dir, suggestions);
}

#[test]
fn fix_with_one_edit_at_most_offers_the_best_partial_step() {
    let dir = tempfile::tempdir().unwrap();
    let draft = two_blocks(&dir);
    let (code, text, _) = kakuro(&["fix", draft.to_str().unwrap(), "--max-edits", "1"]);
    assert_eq!(code, 1, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "verdict: multiple");
    assert!(
        lines[1].starts_with("no edit found that makes it unique (tried ")
            && lines[1].ends_with(", up to 1 edit at a time)"),
        "{text}"
    );
    assert!(
        lines[2].starts_with("best partial step: change the ")
            && lines[2].ends_with("(leaves 2 solutions)"),
        "{text}"
    );
    let (_, out, _) = kakuro(&["fix", draft.to_str().unwrap(), "--max-edits", "1", "--json"]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["partial"]["solutions"], "2");
    assert_eq!(report["partial"]["edits"], 1);
    let (code, _, err) = kakuro(&["fix", draft.to_str().unwrap(), "--max-edits", "0"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn fix_gives_a_run_its_missing_sum() {
    let dir = tempfile::tempdir().unwrap();
    let wikipedia = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/wikipedia.kakuro"
    ))
    .unwrap();
    // The down clues 23 (r1c2) and 30 (r1c3) taken away.
    let draft_text = wikipedia.replacen("\\   23\\ 30\\ ", "\\   \\   \\   ", 1);
    assert_ne!(draft_text, wikipedia);
    let draft = dir.path().join("draft.kakuro");
    std::fs::write(&draft, draft_text).unwrap();
    let (code, text, err) = kakuro(&["fix", draft.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let first = text.lines().nth(1).unwrap();
    assert!(
        first.starts_with("1. give the down run at r1c3 its sum 30")
            || first.starts_with("1. give the down run at r1c2 its sum 23"),
        "{text}"
    );
}

#[test]
fn generate_fills_a_drawn_shape_on_exactly_its_walls() {
    let dir = tempfile::tempdir().unwrap();
    let (code, drawn, _) = kakuro(&["generate", "--size", "9x9", "--seed", "4"]);
    assert_eq!(code, 0);
    let shape = dir.path().join("shape.kakuro");
    std::fs::write(&shape, &drawn).unwrap();
    let walls = |text: &str| -> Vec<bool> {
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .flat_map(|l| {
                l.split_whitespace()
                    .map(|t| t.contains('\\'))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let (code, out, err) = kakuro(&[
        "generate",
        "--shape",
        shape.to_str().unwrap(),
        "--difficulty",
        "medium",
        "--seed",
        "8",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("# seed 8, size 9x9, "), "{out}");
    assert!(
        out.lines().next().unwrap().contains("rating Medium"),
        "{out}"
    );
    assert_eq!(walls(&out), walls(&drawn));
    let filled = dir.path().join("filled.kakuro");
    std::fs::write(&filled, &out).unwrap();
    let (code, check, _) = kakuro(&["check", filled.to_str().unwrap()]);
    assert_eq!(code, 0, "{check}");
    let (_, rate, _) = kakuro(&["rate", filled.to_str().unwrap()]);
    assert_eq!(rate.lines().last(), Some("Medium"));
    // --shape takes the size from the shape.
    let (code, _, err) = kakuro(&[
        "generate",
        "--shape",
        shape.to_str().unwrap(),
        "--size",
        "9x9",
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn generate_refuses_a_shape_with_a_run_of_ten_or_of_one() {
    let dir = tempfile::tempdir().unwrap();
    let shape = dir.path().join("shape.kakuro");
    let mut text = format!("\\ {}\n", "\\ ".repeat(10));
    text.push_str(&format!("\\ {}\n", "_ ".repeat(10)));
    text.push_str(&format!("\\ _ \\ {}\n", "\\ ".repeat(8)));
    text.push_str(&format!("{}\n", "\\ ".repeat(11)));
    std::fs::write(&shape, text).unwrap();
    let (code, out, err) = kakuro(&["generate", "--shape", shape.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("shape.kakuro:2:3: error: an across run of 10 cells: a run holds 9 digits at most (add a wall in it) (at r2c2)"),
        "{err}"
    );
    assert!(err.contains("a one-cell down run"), "{err}");
    assert!(err.contains("(at r2c3)"), "{err}");
}
