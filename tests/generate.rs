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
    let (code, out, _) = kakuro(&["fix", none.to_str().unwrap()]);
    assert_eq!((code, out.lines().next()), (1, Some("verdict: none")));
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
