//! Many files in one call (docs/formats.md, "Many files in one call"): each answer marked with
//! its file, in the order given, a bad file reported while the rest are answered, the worst
//! exit code, JSON lines, and one file answered exactly as before.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;

use common::cli::{binary, kakuro};

/// A shipped puzzle copied into `dir` under `name`.
fn copy(dir: &Path, puzzle: &str, name: &str) -> String {
    let to = dir.join(name);
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(puzzle);
    std::fs::copy(from, &to).unwrap();
    to.display().to_string()
}

#[test]
fn several_files_are_answered_in_order_each_named() {
    let run = kakuro(&[
        "check",
        "puzzles/two.kakuro",
        "puzzles/tiny.kakuro",
        "puzzles/none.kakuro",
    ]);
    assert_eq!(
        run.stdout,
        "puzzles/two.kakuro: multiple\npuzzles/tiny.kakuro: unique\npuzzles/none.kakuro: none\n"
    );
    // The worst of 1, 0 and 1.
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr, "3 files: 1 multiple, 1 unique, 1 none\n",
        "the summary counts the answers"
    );
}

#[test]
fn rate_gives_one_line_a_file_with_band_score_and_hardest() {
    let run = kakuro(&["rate", "puzzles/tiny.kakuro", "puzzles/expert.kakuro"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines[0].starts_with("puzzles/tiny.kakuro: Easy "),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("puzzles/expert.kakuro: Expert "),
        "{}",
        lines[1]
    );
    // The score is the number after the band, as `kakuro rate` alone says it.
    let alone = kakuro(&["rate", "puzzles/expert.kakuro"]);
    let score = alone
        .stdout
        .lines()
        .next()
        .unwrap()
        .strip_prefix("score: ")
        .unwrap();
    assert!(
        lines[1].contains(&format!("Expert {score} ")),
        "{}",
        lines[1]
    );
    assert_eq!(run.stderr, "2 files: 1 Easy, 1 Expert\n");
}

#[test]
fn a_folder_with_a_slash_gives_its_puzzle_files_in_name_order() {
    let dir = tempfile::tempdir().unwrap();
    copy(dir.path(), "wikipedia.kakuro", "b.kakuro");
    copy(dir.path(), "tiny.kakuro", "a.kakuro");
    std::fs::write(dir.path().join("notes.md"), "not a puzzle").unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    copy(&dir.path().join("sub"), "two.kakuro", "c.kakuro");
    let folder = format!("{}/", dir.path().display());
    let run = kakuro(&["rate", &folder]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let files: Vec<&str> = run
        .stdout
        .lines()
        .map(|l| l.split(": ").next().unwrap())
        .collect();
    assert_eq!(
        files,
        [format!("{folder}a.kakuro"), format!("{folder}b.kakuro")]
    );
    assert!(run.stderr.starts_with("2 files: 2 Easy"), "{}", run.stderr);
}

#[test]
fn a_bad_file_among_good_ones_says_why_and_the_rest_are_answered() {
    let dir = tempfile::tempdir().unwrap();
    // As a shell expands `*.kakuro`: in name order.
    let a = copy(dir.path(), "tiny.kakuro", "a.kakuro");
    let b = dir.path().join("b.kakuro").display().to_string();
    std::fs::write(&b, "\\ 4\\ 3\\\n\\3 __ __\n\\4 __ zz\n").unwrap();
    let c = copy(dir.path(), "two.kakuro", "c.kakuro");
    let d = dir.path().join("d.kakuro").display().to_string();
    let run = kakuro(&["check", &a, &b, &c, &d]);
    assert_eq!(
        run.stdout,
        format!("{a}: unique\n{c}: multiple\n"),
        "the good files are answered"
    );
    let errors: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("kakuro: "))
        .collect();
    assert_eq!(errors.len(), 2, "{}", run.stderr);
    assert!(
        errors[0].starts_with(&format!("kakuro: {b}:3:")),
        "{}",
        errors[0]
    );
    assert!(
        errors[0].contains("zz"),
        "says what is wrong: {}",
        errors[0]
    );
    assert!(
        errors[1].starts_with(&format!("kakuro: {d}: ")),
        "{}",
        errors[1]
    );
    assert!(errors[1].contains("No such file"), "{}", errors[1]);
    // The worst: an invalid file (2) over a "no" (1) and a "yes" (0).
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .ends_with("4 files: 2 invalid, 1 unique, 1 multiple\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn json_lines_each_name_their_file_and_exit_code() {
    let run = kakuro(&[
        "check",
        "--json",
        "puzzles/tiny.kakuro",
        "puzzles/missing.kakuro",
        "puzzles/two.kakuro",
    ]);
    assert_eq!(run.code, 2);
    let objects: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let files: Vec<&str> = objects
        .iter()
        .map(|o| o["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "puzzles/tiny.kakuro",
            "puzzles/missing.kakuro",
            "puzzles/two.kakuro"
        ]
    );
    assert_eq!(objects[0]["verdict"], "unique");
    assert_eq!(objects[0]["exit"], 0);
    assert_eq!(objects[1]["exit"], 2);
    assert!(
        objects[1]["error"]
            .as_str()
            .unwrap()
            .contains("missing.kakuro")
    );
    assert_eq!(objects[2]["verdict"], "multiple");
    assert_eq!(objects[2]["exit"], 1);
    // The summary stays off standard output.
    assert!(
        run.stderr
            .ends_with("3 files: 1 unique, 1 invalid, 1 multiple\n")
    );

    for command in ["solve", "count", "explain", "rate", "fix"] {
        let run = kakuro(&[
            command,
            "--json",
            "puzzles/tiny.kakuro",
            "puzzles/wikipedia.kakuro",
        ]);
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{command}: {}", run.stdout);
        for (line, file) in lines
            .iter()
            .zip(["puzzles/tiny.kakuro", "puzzles/wikipedia.kakuro"])
        {
            let object: Value = serde_json::from_str(line).expect("each line is JSON");
            assert_eq!(object["file"], file, "{command}");
            // The command's own object, with the file and its exit code added.
            let alone = kakuro(&[command, "--json", file]);
            let mut own: Value = serde_json::from_str(&alone.stdout).unwrap();
            let mut object = object;
            for times in [&mut own, &mut object] {
                times.as_object_mut().unwrap().remove("seconds");
            }
            own["file"] = file.into();
            own["exit"] = 0.into();
            assert_eq!(object, own, "{command}");
        }
    }
}

#[test]
fn the_order_is_kept_with_two_threads() {
    // A slow puzzle before quick ones: the quick ones finish first, and wait their turn.
    let mut args = vec!["explain", "--threads", "2"];
    let files = [
        "puzzles/expert.kakuro",
        "puzzles/tiny.kakuro",
        "puzzles/wikipedia.kakuro",
        "puzzles/hard.kakuro",
    ];
    for _ in 0..3 {
        args.extend(files);
    }
    let run = kakuro(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let headers: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("== "))
        .collect();
    assert_eq!(headers, files.repeat(3));
    // Each block is the file's own answer.
    let alone = kakuro(&["explain", "puzzles/tiny.kakuro"]);
    let block = format!(
        "== puzzles/tiny.kakuro\n{}== puzzles/wikipedia.kakuro",
        alone.stdout
    );
    assert!(run.stdout.contains(&block), "{}", run.stdout);
}

#[test]
fn one_file_is_answered_as_before() {
    let run = kakuro(&["check", "puzzles/tiny.kakuro"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "unique\n"));
    assert_eq!(run.stderr, "", "no summary for one file");
    let run = kakuro(&["rate", "puzzles/tiny.kakuro"]);
    assert!(run.stdout.starts_with("score: "), "{}", run.stdout);
    assert!(run.stdout.ends_with("\nEasy\n"), "{}", run.stdout);
    assert_eq!(run.stderr, "");
    // A folder named without the slash is the same folder.
    let with = kakuro(&["check", "puzzles/"]);
    let without = kakuro(&["check", "puzzles"]);
    assert_eq!((without.code, &without.stdout), (with.code, &with.stdout));
    assert!(without.stdout.contains("puzzles/tiny.kakuro: unique\n"));
}

#[test]
fn solve_blocks_are_headed_by_their_file() {
    let run = kakuro(&["solve", "puzzles/tiny.kakuro", "puzzles/none.kakuro"]);
    let tiny = kakuro(&["solve", "puzzles/tiny.kakuro"]);
    assert_eq!(
        run.stdout,
        format!(
            "== puzzles/tiny.kakuro\n{}== puzzles/none.kakuro\n",
            tiny.stdout
        )
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "kakuro: puzzles/none.kakuro: no solution\n2 files: 1 solved, 1 no solution\n"
    );
}

#[test]
fn convert_writes_many_into_a_folder() {
    let out = tempfile::tempdir().unwrap();
    let folder = out.path().display().to_string();
    let run = kakuro(&[
        "convert",
        "puzzles/tiny.kakuro",
        "puzzles/wikipedia.kakuro",
        &folder,
        "--to",
        "ron",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "puzzles/tiny.kakuro: {folder}/tiny.ron\npuzzles/wikipedia.kakuro: {folder}/wikipedia.ron\n"
        )
    );
    let back = kakuro(&["check", &format!("{folder}/tiny.ron")]);
    assert_eq!(back.stdout, "unique\n");
    // Without --to there is no name to write each as.
    let run = kakuro(&[
        "convert",
        "puzzles/tiny.kakuro",
        "puzzles/two.kakuro",
        &folder,
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--to"), "{}", run.stderr);
}

/// A grid without sums: its count never finishes in a test's time.
fn endless(dir: &Path, name: &str) -> String {
    let mut text = String::from("\\ \\ \\ \\ \\ \\ \\ \\ \\ \\\n");
    for _ in 0..9 {
        text.push_str("\\ __ __ __ __ __ __ __ __ __\n");
    }
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn ctrl_c_stops_a_run_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = (0..4)
        .map(|i| endless(dir.path(), &format!("{i}.kakuro")))
        .collect();
    let mut args = vec!["count", "--threads", "2", "--max-seconds", "60"];
    args.extend(files.iter().map(String::as_str));
    let child = Command::new(binary())
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let start = Instant::now();
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "stopped at once: {:?}",
        start.elapsed()
    );
    assert_eq!(output.status.code(), Some(130));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "kakuro: interrupted: 0 of 4 files answered\n"
    );
}
