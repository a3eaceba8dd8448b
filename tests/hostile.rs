//! The command line against odd and hostile input: pipes, named pipes, devices, endless
//! streams, terminal escapes in files and names, and grids it must not write.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run of the binary did.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    took: Duration,
}

/// How long any run may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(30);

/// Runs `kakuro ARGS` from the crate's root with `stdin` fed to it (from another thread, so a
/// program that never reads does not block the test), killing it if it hangs.
fn kakuro_with(args: &[&str], stdin: Option<Vec<u8>>) -> Run {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kakuro"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kakuro binary runs");
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        });
    }
    let output = wait_or_kill(child, args);
    Run {
        code: output
            .status
            .code()
            .expect("exited, not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        took: start.elapsed(),
    }
}

fn kakuro(args: &[&str]) -> Run {
    kakuro_with(args, None)
}

/// The child's output, or a failed test naming the command when it runs past [`HANG`].
fn wait_or_kill(mut child: std::process::Child, args: &[&str]) -> std::process::Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kakuro {args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

const TINY: &str = "puzzles/tiny.kakuro";
/// The first published PE 424 puzzle (one solution).
const PE424_ONE: &[u8] = b"6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X\n";

fn tiny_text() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(TINY)).unwrap()
}

/// Every subcommand that reads a puzzle, with `IN` where the input goes and what a good run
/// prints; `convert` writes to `OUT`.
fn commands() -> Vec<(Vec<&'static str>, Vec<u8>)> {
    vec![
        (vec!["check", "IN"], tiny_text()),
        (vec!["solve", "IN"], tiny_text()),
        (vec!["count", "IN"], tiny_text()),
        (vec!["convert", "IN", "OUT"], tiny_text()),
        (vec!["bench", "IN", "--runs", "1"], tiny_text()),
        (vec!["pe424", "IN"], PE424_ONE.to_vec()),
    ]
}

/// What the same command prints for the same puzzle read from a plain file.
fn from_a_file(args: &[&str], content: &[u8], dir: &Path) -> Run {
    let file = dir.join("plain.txt");
    std::fs::write(&file, content).unwrap();
    let out = dir.join("plain-out.ron");
    let args = fill(args, &file.display().to_string(), &out);
    let run = kakuro(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run
}

fn fill(args: &[&str], input: &str, out: &Path) -> Vec<String> {
    args.iter()
        .map(|a| match *a {
            "IN" => input.to_string(),
            "OUT" => out.display().to_string(),
            a => a.to_string(),
        })
        .collect()
}

/// The parts of a run that do not change from run to run (bench's times do).
fn steady(args: &[&str], run: &Run) -> String {
    if args[0] == "bench" {
        run.stdout.lines().count().to_string()
    } else {
        run.stdout.clone()
    }
}

#[test]
fn every_subcommand_reads_standard_input_as_dash_and_as_dev_stdin() {
    let dir = tempfile::tempdir().unwrap();
    for (args, content) in commands() {
        let expected = from_a_file(&args, &content, dir.path());
        for input in ["-", "/dev/stdin"] {
            let out = dir.path().join("piped-out.ron");
            let _ = std::fs::remove_file(&out);
            let filled = fill(&args, input, &out);
            let filled: Vec<&str> = filled.iter().map(String::as_str).collect();
            let run = kakuro_with(&filled, Some(content.clone()));
            assert_eq!(run.code, 0, "{filled:?}: {}", run.stderr);
            assert_eq!(steady(&args, &run), steady(&args, &expected), "{filled:?}");
            if args[0] == "convert" {
                let written = kakuro::format::load(&out).unwrap();
                assert_eq!(written.document.grid.white_count(), 4, "{filled:?}");
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn every_subcommand_reads_a_named_pipe() {
    let dir = tempfile::tempdir().unwrap();
    for (args, content) in commands() {
        let expected = from_a_file(&args, &content, dir.path());
        let fifo = dir.path().join(format!("{}.fifo", args[0]));
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let writer = {
            let fifo = fifo.clone();
            // Opening a named pipe for writing waits for its reader; a reader that opens it
            // twice would wait for a second writer for ever.
            std::thread::spawn(move || {
                let mut pipe = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
                let _ = pipe.write_all(&content);
            })
        };
        let out = dir.path().join("fifo-out.ron");
        let filled = fill(&args, &fifo.display().to_string(), &out);
        let filled: Vec<&str> = filled.iter().map(String::as_str).collect();
        let run = kakuro(&filled);
        assert_eq!(run.code, 0, "{filled:?}: {}", run.stderr);
        assert_eq!(steady(&args, &run), steady(&args, &expected), "{filled:?}");
        writer.join().unwrap();
    }
}

#[cfg(unix)]
#[test]
fn devices_and_directories_are_refused_at_once() {
    for command in ["check", "solve", "count", "pe424"] {
        let run = kakuro(&[command, "/dev/zero"]);
        assert_eq!(run.code, 2, "{command}: {}", run.stderr);
        assert_eq!(
            run.stderr,
            "kakuro: /dev/zero: it is a device, not a puzzle file (a regular file or a pipe)\n"
        );
        assert!(
            run.took < Duration::from_secs(1),
            "{command}: {:?}",
            run.took
        );
    }
    // A folder is many files to `check` and the like; to a command that takes one file it is
    // refused.
    let run = kakuro(&["pe424", "puzzles"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "kakuro: puzzles: it is a directory, not a puzzle file (a regular file or a pipe)\n"
    );
}

/// An endless stream is read up to the size cap, not to the end of memory.
#[test]
fn an_endless_stream_is_refused_past_the_size_cap() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kakuro"))
        .args(["check", "-"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        let block = vec![b'_'; 1 << 16];
        // Ends when the reader stops reading (a broken pipe).
        while pipe.write_all(&block).is_ok() {}
    });
    let output = wait_or_kill(child, &["check", "-"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "kakuro: <stdin>: the file is over 16 MiB, the most a puzzle file may hold \
         (a 500 × 500 puzzle takes a few MB)\n"
    );
}

/// A file's bytes and its name reach stderr escaped: no escape sequence, carriage return or
/// direction override gets to the terminal, and the message stays on one line.
#[test]
fn control_characters_in_files_and_names_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8], &str); 5] = [
        (
            "title.kakuro",
            b"\\ 3\\\n\\3 __\x1b]0;pwned\x07\n",
            "unexpected character \\u{1b} in \"__\\u{1b}]0;pwned\\u{7}\"",
        ),
        (
            "cr.kakuro",
            b"\\ 3\\\n\\3 _\r_\x0b\x0c\x00\n",
            "unexpected character \\r in \"_\\r_\\u{b}\\u{c}\\0\"",
        ),
        (
            "bidi.kakuro",
            "\\ 3\\\n\\3 _\u{202e}x\n".as_bytes(),
            "unexpected character \\u{202e} in \"_\\u{202e}x\"",
        ),
        (
            "nbsp.kakuro",
            "\\ 3\\\n\\3 __\u{a0}__\n".as_bytes(),
            "unexpected no-break space (U+00A0) in \"__\\u{a0}__\"",
        ),
        (
            "bom.kakuro",
            "\\ 3\\\n\\3 __\u{feff}\n".as_bytes(),
            "unexpected byte-order mark (U+FEFF) in \"__\\u{feff}\"",
        ),
    ];
    for (name, bytes, says) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let file = path.display().to_string();
        let out = dir.path().join("out.ron").display().to_string();
        for args in [
            vec!["check", &file],
            vec!["solve", &file],
            vec!["convert", &file, &out],
        ] {
            let command = args[0];
            let run = kakuro(&args);
            assert_eq!(run.code, 2, "{name} {command}: {}", run.stderr);
            assert!(
                run.stderr.contains(says),
                "{name} {command}: {}",
                run.stderr
            );
            assert_plain(&run.stderr);
        }
    }
    // A name with an escape sequence in it, for a file that is not there and one that is.
    let name = dir.path().join("evil\x1b[2J\r.kakuro");
    let run = kakuro(&["check", &name.display().to_string()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("evil\\u{1b}[2J\\r.kakuro"),
        "{}",
        run.stderr
    );
    assert_plain(&run.stderr);
    std::fs::write(&name, b"\\ 3\\\n\\3 _x\n").unwrap();
    let run = kakuro(&["check", &name.display().to_string()]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("evil\\u{1b}[2J\\r.kakuro:2:5:"),
        "{}",
        run.stderr
    );
    assert_plain(&run.stderr);
}

/// One line, and nothing a terminal acts on.
fn assert_plain(stderr: &str) {
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(stderr.ends_with('\n'), "{stderr:?}");
    let body = &stderr[..stderr.len() - 1];
    let acts_or_hides = |c: char| {
        c.is_control()
            || matches!(
                c,
                '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
                    | '\u{feff}' | '\u{a0}'
            )
    };
    assert!(!body.chars().any(acts_or_hides), "{stderr:?}");
}

#[test]
fn convert_refuses_a_grid_with_errors_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.ron");
    let out_name = out.display().to_string();
    for (name, text, says) in [
        (
            "empty.kakuro",
            "# nothing\n",
            ":1:1: error: the grid has no white cells",
        ),
        (
            "walls.kakuro",
            "\\ \\\n\\ \\\n",
            ":1:1: error: the grid has no white cells",
        ),
        ("sum.kakuro", "\\ 3\\\n\\30 __\n", ":2:1: error: "),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let run = kakuro(&["convert", &path.display().to_string(), &out_name]);
        assert_eq!(run.code, 2, "{name}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{name}: {}", run.stderr);
        assert!(!out.exists(), "{name} was written");
    }
    // A warning (a run without a sum) is no error: the grid converts.
    let path = dir.path().join("warning.kakuro");
    std::fs::write(&path, "\\ \\\n\\3 __\n").unwrap();
    let run = kakuro(&["convert", &path.display().to_string(), &out_name]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[cfg(unix)]
#[test]
fn convert_keeps_the_mode_and_owner_and_says_when_a_hard_link_is_replaced() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.ron");
    std::fs::write(&out, "old").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
    // Only the superuser can give a file away, and only it can keep another's owner.
    let root = std::fs::metadata(&out).unwrap().uid() == 0;
    if root {
        std::os::unix::fs::chown(&out, Some(65534), Some(65534)).unwrap();
    }
    let other = dir.path().join("other.ron");
    std::fs::hard_link(&out, &other).unwrap();
    let out_name = out.display().to_string();
    let run = kakuro(&["convert", TINY, &out_name]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!(
            "kakuro: {out_name}: note: the file had 2 hard links; this name now leads to the \
             new content, the other 1 keep the old\n"
        )
    );
    let meta = std::fs::metadata(&out).unwrap();
    assert_eq!(meta.permissions().mode() & 0o7777, 0o640);
    if root {
        assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
    }
    assert_eq!(std::fs::read(&other).unwrap(), b"old");
    // Without other links, no note.
    let run = kakuro(&["convert", TINY, &out_name]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[test]
fn convert_saves_under_the_longest_names() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.ron", "p".repeat(250 - ".ron".len()));
    let out = dir.path().join(&name);
    let out_name = out.display().to_string();
    for _ in 0..2 {
        let run = kakuro(&["convert", TINY, &out_name]);
        assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// A save killed mid-write leaves its temporary file behind; the next save to the folder
/// takes it away.
#[cfg(target_os = "linux")]
#[test]
fn the_next_save_removes_what_a_killed_save_left() {
    let dir = tempfile::tempdir().unwrap();
    // What a save by a process that is gone (no process has an id this high) leaves.
    let left = dir.path().join(".kakuro-7ffffff0000000a1.tmp");
    std::fs::write(&left, "half").unwrap();
    // Left a while ago: a minute old at least.
    let file = std::fs::File::options().write(true).open(&left).unwrap();
    file.set_modified(std::time::SystemTime::now() - Duration::from_secs(120))
        .unwrap();
    drop(file);
    let out = dir.path().join("out.ron");
    let run = kakuro(&["convert", TINY, &out.display().to_string()]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["out.ron"]);
}

#[test]
fn a_mistyped_command_before_a_file_gets_the_suggestion() {
    let run = kakuro(&["slove", TINY]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "kakuro: slove: no file or command 'slove'; did you mean 'solve'?\n"
    );
    let run = kakuro(&["bogus", TINY, "--json"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "kakuro: bogus: no file or command 'bogus' (see `kakuro --help`)\n"
    );
}

#[test]
fn usage_errors_take_one_line() {
    for (args, says) in [
        (
            &["solve"][..],
            "error: the following required arguments were not provided: <FILE> (see `kakuro solve --help`)",
        ),
        (
            &["solve", TINY, "--limit", "many"],
            "error: invalid value 'many' for '--limit <N>': invalid digit found in string (see `kakuro solve --help`)",
        ),
        (
            &["count", TINY, "--bogus"],
            "error: unexpected argument '--bogus' found",
        ),
        (
            &["convert", TINY],
            "error: the following required arguments were not provided: <OUTPUT>",
        ),
        (
            &["--renderer", "vulkan"],
            "error: invalid value 'vulkan' for '--renderer <RENDERER>'",
        ),
        (
            &[TINY, "extra"],
            "error: the subcommand 'extra' cannot be used with '[FILE]'",
        ),
    ] {
        let run = kakuro(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with(says), "{args:?}: {}", run.stderr);
    }
    // Help is not an error, and keeps its lines.
    let run = kakuro(&["solve", "--help"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.lines().count() > 5);
}

#[test]
fn a_time_limit_past_any_clock_is_taken_as_no_limit() {
    for seconds in ["1e308", "1e30", "18446744073709551616"] {
        let run = kakuro(&["bench", TINY, "--runs", "1", "--max-seconds", seconds]);
        assert_eq!(run.code, 0, "{seconds}: {}", run.stderr);
    }
}

/// Problems found in a `.ron` save after it is read name their line and column, as a
/// `.kakuro` file's do.
#[test]
fn ron_problems_name_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let text = "(\n    version: 1,\n    rows: [\n        r#\"\\  3\\  \"#,\n        r#\"\\30 __ __\"#,\n    ],\n)\n";
    let path = dir.path().join("sum.ron");
    std::fs::write(&path, text).unwrap();
    let name = path.display().to_string();
    let run = kakuro(&["check", &name]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with(&format!("kakuro: {name}:5:12: error: ")),
        "{}",
        run.stderr
    );
}

/// Makes a private character device node in `dir` (major 1: 3 is what `/dev/null` is, 7
/// `/dev/full`), never the system's own; `None` where the system does not let us.
#[cfg(unix)]
fn device_node(dir: &Path, name: &str, minor: u8) -> Option<std::path::PathBuf> {
    let node = dir.join(name);
    let made = Command::new("mknod")
        .arg(&node)
        .args(["c", "1", &minor.to_string()])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    made.then_some(node)
}

#[cfg(unix)]
fn is_char_device(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

/// An output path that is a device is written into (as the shell's `>` would), never replaced
/// by a regular file; one that fails to take the bytes is an error.
#[cfg(unix)]
#[test]
fn a_device_as_output_is_still_a_device_afterwards() {
    let dir = tempfile::tempdir().unwrap();
    let Some(null) = device_node(dir.path(), "null.kakuro", 3) else {
        eprintln!("skipped: mknod is not allowed here");
        return;
    };
    let pdf = device_node(dir.path(), "null.pdf", 3).unwrap();
    let full = device_node(dir.path(), "full.kakuro", 7).unwrap();
    let (null, pdf, full) = (
        null.display().to_string(),
        pdf.display().to_string(),
        full.display().to_string(),
    );
    for args in [
        vec!["generate", "--size", "6x6", "--seed", "1", "-o", &null],
        vec!["convert", TINY, &null],
        vec!["print", TINY, "-o", &pdf],
    ] {
        let run = kakuro(&args);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    }
    for args in [
        vec!["generate", "--size", "6x6", "--seed", "1", "-o", &full],
        vec!["convert", TINY, &full],
    ] {
        let run = kakuro(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("No space left"), "{}", run.stderr);
    }
    for node in [&null, &pdf, &full] {
        assert!(is_char_device(Path::new(node)), "{node} was replaced");
    }
    let names = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(names, 3, "no temporary file is left");
}

/// Every command that prints fails, saying so, when standard output cannot take it.
#[test]
fn a_full_standard_output_fails_every_command_that_prints() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full");
        return;
    };
    let commands: [&[&str]; 13] = [
        &["solve", "puzzles/wikipedia.kakuro"],
        &["solve", "puzzles/wikipedia.kakuro", "--json"],
        &["count", "puzzles/wikipedia.kakuro"],
        &["check", "puzzles/wikipedia.kakuro"],
        &["explain", "puzzles/wikipedia.kakuro"],
        &["rate", "puzzles/wikipedia.kakuro"],
        &["fix", "puzzles/two.kakuro"],
        &["generate", "--size", "6x6", "--seed", "1"],
        &["pe424", "puzzles/cryptic.txt"],
        &["bench", "puzzles/wikipedia.kakuro", "--runs", "1"],
        &["print", TINY, "-o", "PDF"],
        &["print", TINY, "-o", "-"],
        &["convert", TINY, "-"],
    ];
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("book.pdf").display().to_string();
    for args in commands {
        let args: Vec<&str> = args
            .iter()
            .map(|a| if *a == "PDF" { pdf.as_str() } else { a })
            .collect();
        let child = Command::new(env!("CARGO_BIN_EXE_kakuro"))
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = wait_or_kill(child, &args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.ends_with(
                "kakuro: cannot write to standard output: No space left on device (os error \
                 28)\n"
            ),
            "{args:?}: {stderr}"
        );
    }
}

/// A designer's shape before any sum is typed: far too many solutions to count.
fn shape_without_sums() -> Vec<u8> {
    let mut text = String::from("\\ \\ \\ \\ \\ \\ \\ \\\n");
    for row in 1..8 {
        text.push('\\');
        for col in 1..8 {
            let wall = [(3, 3), (5, 6), (6, 2)].contains(&(row, col));
            text.push_str(if wall { " \\" } else { " __" });
        }
        text.push('\n');
    }
    text.into_bytes()
}

/// `count`, `solve --nth` and `solve --random` on a shape without sums stop at their limit
/// and say what they know: a lower bound from the solutions listed.
#[test]
fn counting_a_shape_without_sums_ends_unknown_within_its_limit() {
    for args in [
        vec!["count", "-", "--max-seconds", "1"],
        vec!["count", "-", "--json", "--max-seconds", "1"],
        vec!["solve", "-", "--nth", "5", "--max-seconds", "1"],
        vec!["solve", "-", "--random", "--max-seconds", "1"],
    ] {
        let run = kakuro_with(&args, Some(shape_without_sums()));
        assert_eq!(run.code, 3, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(
            run.took < Duration::from_secs(5),
            "{args:?}: {:?}",
            run.took
        );
        // The lower bound comes from the last tenth of the time, which a busy machine may
        // spend before the first solution.
        let line = run.stderr.trim_end();
        assert!(
            line.starts_with("kakuro: <stdin>: unknown after 1 s: ")
                && line.ends_with("the count did not finish (--max-seconds sets the limit)"),
            "{args:?}: {line}"
        );
    }
}

/// Without `--max-seconds`, a count gives up after a minute, as the help says.
#[test]
fn counting_has_a_time_limit_by_default() {
    let run = kakuro(&["count", "--help"]);
    assert!(run.stdout.contains("[default: 60]"), "{}", run.stdout);
    let run = kakuro(&["solve", "--help"]);
    assert!(run.stdout.contains("--nth and --random"), "{}", run.stdout);
}

/// `generate -o FILE` writes the format the extension names, as `convert` does.
#[test]
fn generate_writes_the_format_its_output_names() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    for name in ["p.ron", "p.svg", "p.png", "p.pdf", "p.kakuro"] {
        let out = path(name);
        let run = kakuro(&["generate", "--size", "6x6", "--seed", "3", "-o", &out]);
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{name}");
    }
    let ron = kakuro::format::load(Path::new(&path("p.ron"))).unwrap();
    let kakuro_text = kakuro::format::load(Path::new(&path("p.kakuro"))).unwrap();
    assert_eq!(ron.document.grid, kakuro_text.document.grid);
    assert!(
        ron.document.notes.starts_with("seed 3, size 6x6"),
        "{}",
        ron.document.notes
    );
    let run = kakuro(&["check", &path("p.ron")]);
    assert_eq!(run.stdout, "unique\n");
    let svg = std::fs::read_to_string(path("p.svg")).unwrap();
    assert!(svg.contains("<svg"), "{svg}");
    assert!(
        std::fs::read(path("p.png"))
            .unwrap()
            .starts_with(b"\x89PNG")
    );
    assert!(std::fs::read(path("p.pdf")).unwrap().starts_with(b"%PDF"));
}

/// An extension nothing writes (or none) is refused at once, with the ones that work.
#[test]
fn generate_refuses_an_output_it_cannot_write_at_once() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["p.txt", "p", "p.pe424"] {
        let out = dir.path().join(name).display().to_string();
        let run = kakuro(&["generate", "--size", "30x30", "--seed", "3", "-o", &out]);
        assert_eq!(run.code, 2, "{name}: {}", run.stderr);
        assert!(run.took < Duration::from_secs(2), "{name}: {:?}", run.took);
        assert!(
            run.stderr.contains(".ron, .svg, .png or .pdf"),
            "{}",
            run.stderr
        );
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    let out = dir.path().join("p.docx").display().to_string();
    let run = kakuro(&["convert", TINY, &out]);
    assert_eq!(
        run.stderr,
        format!(
            "kakuro: {out}: unknown file extension: use .kakuro, .ron, .pe424, .svg, .png or .pdf\n"
        )
    );
}

/// `generate --count` writes each puzzle as it is made, in seed order: a run stopped early
/// keeps what it made, and an endless count holds little memory.
#[test]
fn generate_count_writes_each_puzzle_as_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("set");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kakuro"))
        .args([
            "generate",
            "--size",
            "6x6",
            "--seed",
            "1",
            "--count",
            "4294967295",
            "-o",
        ])
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let first = out.join("0000000001.kakuro");
    let third = out.join("0000000003.kakuro");
    let start = Instant::now();
    while !third.exists() && start.elapsed() < HANG {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        third.exists(),
        "nothing written after {:?}",
        start.elapsed()
    );
    let text = std::fs::read_to_string(first).unwrap();
    assert!(text.starts_with("# seed 1, size 6x6"), "{text}");
}

/// `bench --json` names a file by its path as given: JSON escapes what it must, so the
/// terminal's escaping of the table must not be applied on top.
#[test]
fn bench_json_names_files_as_given() {
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join("odd\u{1b}[31m\tname.kakuro");
    std::fs::write(&name, tiny_text()).unwrap();
    let name = name.display().to_string();
    let run = kakuro(&["bench", &name, "--runs", "1", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json[0]["file"], name.as_str());
    // The table, for a terminal, still shows the escape as text.
    let run = kakuro(&["bench", &name, "--runs", "1"]);
    assert!(!run.stdout.contains('\u{1b}'), "{}", run.stdout);
}

/// `-o -` (and `convert IN -`) writes standard output, as `-` reads standard input: never a
/// file named `-`.
#[test]
fn dash_as_the_output_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let in_dir = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_kakuro"))
            .args(args)
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        (output.status.code(), output.stdout, output.stderr)
    };
    let tiny = Path::new(env!("CARGO_MANIFEST_DIR")).join(TINY);
    let tiny = tiny.to_str().unwrap();
    let (code, stdout, stderr) = in_dir(&["generate", "--size", "6x6", "--seed", "4", "-o", "-"]);
    assert_eq!(code, Some(0), "{}", String::from_utf8_lossy(&stderr));
    assert!(stdout.starts_with(b"# seed 4, size 6x6"));
    let (code, stdout, _) = in_dir(&["convert", tiny, "-"]);
    assert_eq!(code, Some(0));
    let text = String::from_utf8(stdout).unwrap();
    assert!(text.contains("\\16 ___ __"), "{text}");
    let (code, stdout, stderr) = in_dir(&["print", tiny, "-o", "-"]);
    assert_eq!(code, Some(0), "{}", String::from_utf8_lossy(&stderr));
    assert!(stdout.starts_with(b"%PDF"));
    assert!(!dir.path().join("-").exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A `--count` run whose write fails stops there with the error: the folder is not claimed
/// done.
#[cfg(unix)]
#[test]
fn generate_count_stops_at_a_failed_write() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set");
    std::fs::create_dir(&set).unwrap();
    if device_node(&set, "0002.kakuro", 7).is_none() {
        eprintln!("skipped: mknod is not allowed here");
        return;
    }
    let out = set.display().to_string();
    let run = kakuro(&[
        "generate", "--size", "6x6", "--seed", "1", "--count", "5", "-o", &out,
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("0002.kakuro: cannot write the puzzle: No space left on device"),
        "{}",
        run.stderr
    );
    assert!(set.join("0001.kakuro").is_file());
    assert!(!set.join("0003.kakuro").exists());
    assert!(is_char_device(&set.join("0002.kakuro")));
}
