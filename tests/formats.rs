//! File formats: golden files, round trips, every error with its place, and fuzzing.

use std::fs;
use std::path::{Path, PathBuf};

use kakuro::format::{self, Document, Format, kakuro_text, pe424, svg};
use kakuro::{Cell, Cipher, Clue, Direction, Grid, Letter, MAX_SIDE, Pos, Puzzle};
use proptest::prelude::*;

const MINI: &str = "\\   2\\ 4\\ \\\n\\13 __ __ _\n\\    \\ __ \\\n";
const PE_FIRST: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

fn sum(n: u8) -> Option<Clue> {
    Some(Clue::Sum(n))
}

fn wall(down: Option<u8>, across: Option<u8>) -> Cell {
    Cell::Wall {
        down: down.map(Clue::Sum),
        across: across.map(Clue::Sum),
    }
}

fn letter(c: char) -> Letter {
    Letter::from_char(c).unwrap()
}

/// A sample from ../shared/puzzles, or `None` (with a message) when it is not there.
fn shared(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/puzzles")
        .join(name);
    if path.exists() {
        Some(path)
    } else {
        eprintln!("skipped: {} is absent", path.display());
        None
    }
}

/// The grid lines of a `.kakuro` file: what the writer should reproduce.
fn grid_lines(text: &str) -> String {
    text.lines()
        .map(|l| l.trim_end_matches('\r').trim_end())
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn the_mini_grid() -> Grid {
    let mut g = Grid::new(4, 3);
    g.set(Pos::new(0, 1), wall(Some(2), None));
    g.set(Pos::new(0, 2), wall(Some(4), None));
    g.set(Pos::new(1, 0), wall(None, Some(13)));
    for c in 1..4 {
        g.set(Pos::new(1, c), Cell::WHITE);
    }
    g.set(Pos::new(2, 2), Cell::WHITE);
    g
}

// ---------------------------------------------------------------- golden files

#[test]
fn wikipedia_sample() {
    let Some(path) = shared("wikipedia.kakuro") else {
        return;
    };
    let loaded = format::load(&path).unwrap();
    assert_eq!(loaded.format, Format::Kakuro);
    let g = &loaded.document.grid;
    assert_eq!((g.width(), g.height()), (8, 8));
    assert_eq!(g.get(Pos::new(0, 1)), wall(Some(23), None));
    assert_eq!(g.get(Pos::new(0, 7)), wall(Some(16), None));
    assert_eq!(g.get(Pos::new(1, 0)), wall(None, Some(16)));
    assert_eq!(g.get(Pos::new(1, 4)), wall(Some(17), Some(24)));
    assert_eq!(g.get(Pos::new(2, 3)), wall(Some(15), Some(29)));
    assert_eq!(g.get(Pos::new(3, 7)), Cell::WALL);
    assert_eq!(g.get(Pos::new(7, 0)), wall(None, Some(6)));
    assert!(g.is_white(Pos::new(7, 7)));
    assert_eq!(g.white_count(), 36);
    assert_eq!(
        loaded.document.notes,
        "Kakuro from https://en.wikipedia.org/wiki/Kakuro"
    );
    // Row 2 of the grid is line 4 of the file.
    let line4 = fs::read_to_string(&path)
        .unwrap()
        .lines()
        .nth(3)
        .unwrap()
        .to_string();
    let col = line4.find("17\\24").unwrap() + 1;
    assert_eq!(loaded.source.unwrap().place(Pos::new(1, 4)), Some((4, col)));
}

#[test]
fn every_shared_kakuro_file_parses_and_writes_back_in_its_own_layout() {
    let expected = [
        ("mini.kakuro", 4, 3, 4),
        ("small.kakuro", 5, 4, 8),
        ("u.kakuro", 4, 4, 7),
        ("wikipedia.kakuro", 8, 8, 36),
        ("15x15.kakuro", 15, 15, 114),
    ];
    for (name, w, h, whites) in expected {
        let Some(path) = shared(name) else {
            continue;
        };
        let text = fs::read_to_string(&path).unwrap();
        let loaded = format::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let g = &loaded.document.grid;
        assert_eq!((g.width(), g.height()), (w, h), "{name}");
        assert_eq!(g.white_count(), whites, "{name}");
        assert!(kakuro::validate(g).iter().all(|p| !p.is_error()), "{name}");
        assert_eq!(kakuro_text::write(g), grid_lines(&text), "{name}");
    }
}

#[test]
fn fifteen_by_fifteen_sample() {
    let Some(path) = shared("15x15.kakuro") else {
        return;
    };
    let g = format::load(&path).unwrap().document.grid;
    assert_eq!((g.width(), g.height()), (15, 15));
    assert_eq!(g.get(Pos::new(0, 3)), wall(Some(3), None));
    assert_eq!(g.get(Pos::new(1, 2)), wall(Some(12), Some(12)));
    assert_eq!(g.get(Pos::new(14, 0)), wall(None, Some(17)));
    assert!(g.is_white(Pos::new(14, 12)));
    assert!(Puzzle::from_grid(&g).is_ok());
}

#[test]
fn u_sample_has_a_run_without_a_sum() {
    let Some(path) = shared("u.kakuro") else {
        return;
    };
    let g = format::load(&path).unwrap().document.grid;
    // Column 1 starts white at the top edge: its run has no sum.
    assert!(g.is_white(Pos::new(1, 1)));
    assert_eq!(g.get(Pos::new(0, 1)), wall(Some(14), None));
    assert_eq!(g.get(Pos::new(2, 2)), wall(Some(8), Some(8)));
}

#[test]
fn pe424_sample_is_recognised_by_content() {
    let Some(path) = shared("pe424-first.txt") else {
        return;
    };
    assert_eq!(Format::from_path(&path), None);
    let loaded = format::load(&path).unwrap();
    assert_eq!(loaded.format, Format::Pe424);
    let g = &loaded.document.grid;
    assert_eq!((g.width(), g.height()), (6, 6));
    assert!(g.is_cryptic());
    assert_eq!(
        g.get(Pos::new(2, 1)),
        Cell::Wall {
            down: Some(Clue::Cipher(Cipher {
                tens: None,
                units: letter('D')
            })),
            across: Some(Clue::Cipher(Cipher {
                tens: Some(letter('F')),
                units: letter('E')
            })),
        }
    );
    assert_eq!(
        g.get(Pos::new(3, 2)),
        Cell::White {
            shown: Some(letter('I'))
        }
    );
    assert_eq!(loaded.source.unwrap().place(Pos::new(0, 2)), Some((1, 7)));
    let all = pe424::parse_file(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(all, vec![g.clone()]);
    assert_eq!(pe424::write_line(g).as_deref(), Some(PE_FIRST));
}

#[test]
fn golden_v1_ron_keeps_loading() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/v1.ron");
    let loaded = format::load(&path).unwrap();
    assert_eq!(loaded.format, Format::Ron);
    let doc = loaded.document;
    assert_eq!(doc.grid, the_mini_grid());
    assert_eq!(doc.title, "Mini");
    assert_eq!(doc.author, "The blog post");
    assert_eq!(
        doc.notes,
        "The small Kakuro from the blog post.\nUnique: 2 3 8 / 1."
    );
    assert_eq!(doc.solution, Some(vec![2, 3, 8, 1]));
    // Today's writer still produces exactly this file.
    assert_eq!(
        format::ron::to_string(&doc),
        fs::read_to_string(&path).unwrap()
    );
}

/// A game in progress: digits, pencil marks, time and helps, as version 2 writes them.
#[test]
fn golden_v2_play_ron_round_trips() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/v2-play.ron");
    let doc = format::load(&path).unwrap().document;
    assert_eq!(doc.grid, the_mini_grid());
    let play = doc.play.clone().expect("the game is read");
    assert_eq!(play.digits, vec![2, 0, 0, 1]);
    assert_eq!(
        play.marks,
        vec![0, (1 << 3) | (1 << 5), (1 << 8) | (1 << 9), 0]
    );
    assert_eq!(play.seconds, 754);
    assert_eq!((play.hints, play.reveals, play.checks), (2, 1, 3));
    assert!(!play.solved);
    assert_eq!(play.cursor, Some(Pos::new(1, 2)));
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("(\n    version: 2,\n"), "{text}");
    assert_eq!(format::ron::to_string(&doc), text);
    // Without a game the save stays version 1, which older programs read.
    let without = Document { play: None, ..doc };
    assert!(format::ron::to_string(&without).starts_with("(\n    version: 1,\n"));
}

/// The golden game as it was before the cursor was kept still loads, without a cursor, and is
/// written back as it was.
#[test]
fn golden_v2_play_without_a_cursor_keeps_loading() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/v2-play.ron");
    let text = fs::read_to_string(&path).unwrap();
    let old = text.replace("        cursor: \"r2c3\",\n", "");
    assert_ne!(old, text);
    let doc = format::ron::from_str(&old).unwrap();
    let play = doc.play.clone().unwrap();
    assert_eq!(play.cursor, None);
    assert_eq!(play.digits, vec![2, 0, 0, 1]);
    assert_eq!(format::ron::to_string(&doc), old);
}

/// A game's rows are checked against the grid like the solution's, with places; a version 1
/// file cannot hold a game.
#[test]
fn play_errors_name_their_place() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/v2-play.ron");
    let text = fs::read_to_string(&path).unwrap();
    for (from, to, says) in [
        (
            "35 89",
            "35 8x",
            "pencil marks row 2: 'x' is not a pencil mark",
        ),
        (
            ". 35 89",
            "35",
            "pencil marks row 2 has 1 cells; the row has 3",
        ),
        (
            "\"200\"",
            "\"20\"",
            "play digits row 2 has 2 digits; the row has 3",
        ),
        (
            "version: 2",
            "version: 1",
            "a game in progress (`play`) needs format version 2",
        ),
        (
            "seconds:",
            "minutes:",
            "unknown field `minutes`; a game in progress has the fields",
        ),
        (
            "\"r2c3\"",
            "\"2,3\"",
            "the game's cursor \"2,3\" is not a cell written like r3c4",
        ),
        (
            "\"r2c3\"",
            "\"r4c3\"",
            "the game's cursor r4c3 is outside the 4 × 3 grid",
        ),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        let e = format::ron::from_str(&bad).unwrap_err();
        assert!(e.message.starts_with(says), "{from}: {e}");
        assert!(e.line.is_some(), "{from}: {e}");
    }
    // The marks error points at the bad character.
    let e = format::ron::from_str(&text.replacen("35 89", "35 8x", 1)).unwrap_err();
    let line = text.lines().position(|l| l.contains("35 89")).unwrap() + 1;
    let col = text.lines().nth(line - 1).unwrap().find("89").unwrap() + 2;
    assert_eq!((e.line, e.col), (Some(line), Some(col)), "{e}");
}

#[test]
fn golden_v1_cryptic_ron_keeps_loading() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/v1-cryptic.ron");
    let doc = format::load(&path).unwrap().document;
    assert_eq!(doc.grid, pe424::parse_line(PE_FIRST).unwrap());
    assert_eq!(doc.title, "Project Euler 424, puzzle 1");
    assert_eq!(doc.solution, None);
}

// ---------------------------------------------------------------- text details

#[test]
fn crlf_tabs_comments_and_ragged_rows() {
    let text = "# a comment\r\n\r\n\\ \t3\\\r\n  # indented comment\r\n\\4 __\r\n\\\r\n";
    let (g, map) = kakuro_text::parse(text).unwrap();
    assert_eq!((g.width(), g.height()), (2, 3));
    assert_eq!(g.get(Pos::new(0, 1)), wall(Some(3), None));
    assert_eq!(g.get(Pos::new(1, 0)), wall(None, Some(4)));
    assert!(g.is_white(Pos::new(1, 1)));
    // The short last row is padded with a wall that has no token: it is placed at the row's
    // last token.
    assert_eq!(g.get(Pos::new(2, 1)), Cell::WALL);
    assert_eq!(map.place(Pos::new(2, 1)), Some((6, 1)));
    assert_eq!(map.place(Pos::new(1, 1)), Some((5, 4)));
    assert_eq!(map.place(Pos::new(0, 1)), Some((3, 4)));
}

#[test]
fn underscores_of_any_count_and_walls_without_numbers() {
    let (g, _) = kakuro_text::parse("\\ 3\\ \\\n\\3 _ _______").unwrap();
    assert!(g.is_white(Pos::new(1, 1)) && g.is_white(Pos::new(1, 2)));
    assert_eq!(g.get(Pos::new(0, 2)), Cell::WALL);
    assert_eq!(g.get(Pos::new(0, 1)), wall(Some(3), None));
}

#[test]
fn every_error_kind_has_its_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("\\ 3\\\n\\4 a_", 2, 4, "unexpected letter 'a' in \"a_\""),
        ("\\ 3x\\", 1, 4, "unexpected letter 'x' in \"3x\\\""),
        ("\\ 3\\x", 1, 5, "unexpected letter 'x' in \"3\\x\""),
        ("#\n\\ 0\\", 2, 3, "sum 0 in \"0\\\": a sum is 1 to 45"),
        ("\\ \\46", 1, 4, "sum 46 in \"\\46\" is over 45"),
        (
            "\\ 99999999999999999999\\",
            1,
            3,
            "sum 99999999999999999999 in \"99999999999999999999…\" is over 45",
        ),
        (
            "\\ 1\\2\\3",
            1,
            6,
            "second backslash in \"1\\2\\3\": a wall is D\\A with one backslash",
        ),
        (
            "\\ \\\\",
            1,
            4,
            "second backslash in \"\\\\\": a wall is D\\A with one backslash",
        ),
        ("\\ 1%\\", 1, 4, "unexpected character '%' in \"1%\\\""),
        (
            "\\ _x",
            1,
            4,
            "unexpected letter 'x' in \"_x\": a white cell is written with underscores only",
        ),
        (
            "\\ 12",
            1,
            3,
            "\"12\" is neither a white cell (underscores) nor a wall (D\\A): a wall needs a backslash",
        ),
        (
            "\\ \u{1}",
            1,
            3,
            "unexpected character \\u{1} in \"\\u{1}\"",
        ),
        ("\\ é\\", 1, 3, "unexpected letter 'é' in \"é\\\""),
        (
            "__ \\\r\n\\ _\r_",
            2,
            4,
            "unexpected character \\r in \"_\\r_\": a white cell is written with underscores only",
        ),
    ];
    for &(text, line, col, message) in cases {
        let e = kakuro_text::parse(text).unwrap_err();
        assert_eq!(
            (e.line, e.col, e.message.as_str()),
            (Some(line), Some(col), message),
            "{text:?}"
        );
        assert_eq!(e.to_string(), format!("{line}:{col}: {message}"));
    }
}

#[test]
fn a_sum_with_no_run_is_left_to_validation_which_the_source_map_places() {
    let text = "# sums\n\\ 3\\ \\4\n\\3 _ \\\n";
    let loaded = format::parse(text, Format::Kakuro).unwrap();
    let problems = kakuro::validate(&loaded.document.grid);
    let lone = problems
        .iter()
        .find(|p| matches!(p.kind, kakuro::ProblemKind::ClueWithoutRun { .. }))
        .unwrap();
    assert_eq!(lone.pos, Some(Pos::new(0, 2)));
    assert_eq!(loaded.source.unwrap().place(Pos::new(0, 2)), Some((2, 6)));
}

#[test]
fn too_wide_and_too_tall_grids_are_refused_while_parsing() {
    let wide = "_ ".repeat(MAX_SIDE + 1);
    let e = kakuro_text::parse(&wide).unwrap_err();
    assert_eq!((e.line, e.col), (Some(1), Some(2 * MAX_SIDE + 1)));
    assert_eq!(e.message, format!("the row has more than {MAX_SIDE} cells"));
    let tall = "_\n".repeat(MAX_SIDE + 1);
    let e = kakuro_text::parse(&tall).unwrap_err();
    assert_eq!((e.line, e.col), (Some(MAX_SIDE + 1), Some(1)));
    assert!(kakuro_text::parse(&"_\n".repeat(MAX_SIDE)).is_ok());
}

#[test]
fn a_100_mb_line_is_refused() {
    let huge = "__ ".repeat(35_000_000);
    assert!(huge.len() > 100_000_000);
    let e = kakuro_text::parse(&huge).unwrap_err();
    assert!(e.message.contains("more than 500 cells"), "{e}");
    let digits = format!("\\ {}\\", "9".repeat(100_000_000));
    let e = kakuro_text::parse(&digits).unwrap_err();
    assert_eq!((e.line, e.col), (Some(1), Some(3)));
    assert!(e.message.ends_with("is over 45"));
    let pe = format!("6,{}", "X,".repeat(50_000_000));
    let e = pe424::parse_line(&pe).unwrap_err();
    assert_eq!(e.message, "more than 6×6 = 36 cells");
    let ron = format!("(version: 1, rows: [\"{}\"])", "__ ".repeat(1_000_000));
    let e = format::ron::from_str(&ron).unwrap_err();
    assert!(e.message.contains("more than 500 cells"), "{e}");
}

#[test]
fn files_name_themselves_in_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.kakuro");
    fs::write(&bad, "\\ 3\\\n\\ 99999999999999999999\\\n").unwrap();
    let e = format::load(&bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}:2:3: sum 99999999999999999999 in \"99999999999999999999…\" is over 45",
            bad.display()
        )
    );
    let binary = dir.path().join("binary.kakuro");
    fs::write(&binary, b"\\ 3\\\n\\3 _\xc3\x28\n").unwrap();
    let e = format::load(&binary).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}:2:5: the file is not UTF-8 text (byte 0xc3)",
            binary.display()
        )
    );
    let missing = dir.path().join("missing.kakuro");
    let e = format::load(&missing).unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("{}: cannot read the file", missing.display()))
    );
    let empty = dir.path().join("empty.txt");
    fs::write(&empty, "").unwrap();
    let loaded = format::load(&empty).unwrap();
    assert_eq!(
        (loaded.document.grid.width(), loaded.document.grid.height()),
        (0, 0)
    );
    let pe = dir.path().join("empty.pe424");
    fs::write(&pe, "\n\n").unwrap();
    assert!(
        format::load(&pe)
            .unwrap_err()
            .to_string()
            .ends_with("the file holds no puzzle")
    );
    let svg = dir.path().join("x.svg");
    fs::write(&svg, "<svg/>").unwrap();
    assert!(format::load(&svg).is_err());
}

#[test]
fn ron_errors_have_places_and_newer_versions_are_refused() {
    let e = format::ron::from_str("(\n    version: 1,\n    rows: [\"_\",],\n    colour: 3,\n)")
        .unwrap_err();
    assert_eq!(e.line, Some(4), "{e}");
    let e = format::ron::from_str("(version: 3, rows: [])").unwrap_err();
    assert_eq!(
        e.message,
        "this file has format version 3, newer than this program reads (up to 2); open it with a newer kakuro"
    );
    let e = format::ron::from_str("(rows: [])").unwrap_err();
    assert!(e.line.is_some() && e.message.contains("version"), "{e}");
    let e = format::ron::from_str("(version: 1, rows: [\"\\\\ 3\\\\ 0\\\\\"])").unwrap_err();
    assert!(e.message.starts_with("grid row 1: sum 0"), "{e}");
}

// ---------------------------------------------------------------- saving

#[test]
fn save_is_atomic_and_replaces_existing_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.kakuro");
    fs::write(&path, "old").unwrap();
    let mut doc = Document::new(the_mini_grid());
    doc.title = "Mini".into();
    doc.notes = "first\nsecond".into();
    format::save(&path, &doc).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(text, format!("# Title: Mini\n# first\n# second\n\n{MINI}"));
    let back = format::load(&path).unwrap().document;
    assert_eq!(back, doc);
    for ext in ["ron", "svg"] {
        format::save(&dir.path().join(format!("a.{ext}")), &doc).unwrap();
    }
    // A cryptic grid cannot be .kakuro text: the old file stays.
    let cryptic = Document::new(pe424::parse_line(PE_FIRST).unwrap());
    let e = format::save(&path, &cryptic).unwrap_err();
    assert!(
        e.to_string().contains("cannot be written as .kakuro text"),
        "{e}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    format::save(&dir.path().join("c.pe424"), &cryptic).unwrap();
    format::save(&dir.path().join("c.ron"), &cryptic).unwrap();
    assert_eq!(
        format::load(&dir.path().join("c.ron")).unwrap().document,
        cryptic
    );
    assert!(format::save(&dir.path().join("a.txt"), &doc).is_err());
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.kakuro", "a.ron", "a.svg", "c.pe424", "c.ron"]);
}

#[test]
fn atomic_write_leaves_no_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.bin");
    for round in 0..5u8 {
        kakuro::atomic::write_atomic(&path, &[round; 1000]).unwrap();
    }
    assert_eq!(fs::read(&path).unwrap(), vec![4u8; 1000]);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

// ---------------------------------------------------------------- solutions and pictures

#[test]
fn solutions_print_in_the_puzzle_layout() {
    let g = the_mini_grid();
    let p = Puzzle::from_grid(&g).unwrap();
    let text = kakuro_text::write_solution(&g, &p, &[2, 3, 8, 1]);
    assert_eq!(text, "\\   2\\ 4\\ \\\n\\13  2  3 8\n\\    \\  1 \\\n");
}

/// A small XML well-formedness check: balanced tags, quoted attributes, escaped text.
fn assert_well_formed(xml: &str) {
    fn check_text(t: &str) {
        assert!(!t.contains('<'), "{t}");
        for (i, _) in t.match_indices('&') {
            let rest = &t[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| rest.starts_with(e)),
                "{t}"
            );
        }
    }
    let mut stack: Vec<String> = Vec::new();
    let mut rest = xml;
    let mut roots = 0;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        assert!(
            !stack.is_empty() || text.trim().is_empty(),
            "text outside the root"
        );
        check_text(text);
        let gt = lt + rest[lt..].find('>').expect("tag closes");
        let tag = &rest[lt + 1..gt];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name.trim()));
        } else {
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
            let name = &body[..name_end];
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
                "{tag}"
            );
            let mut attrs = body[name_end..].trim();
            while !attrs.is_empty() {
                let eq = attrs.find("=\"").expect("attribute with a quoted value");
                assert!(
                    attrs[..eq]
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-'),
                    "{tag}"
                );
                let close = attrs[eq + 2..].find('"').expect("closing quote") + eq + 2;
                check_text(&attrs[eq + 2..close]);
                attrs = attrs[close + 1..].trim_start();
            }
            if stack.is_empty() {
                roots += 1;
            }
            if !self_closing {
                stack.push(name.to_string());
            }
        }
        rest = &rest[gt + 1..];
    }
    assert!(rest.trim().is_empty() && stack.is_empty() && roots == 1);
}

#[test]
fn svg_pictures_are_well_formed_and_stable() {
    let g = the_mini_grid();
    let picture = svg::puzzle(&g);
    assert_well_formed(&picture);
    assert!(picture.contains("viewBox=\"0 0 164 124\""));
    assert_eq!(picture, svg::puzzle(&g.clone()));
    // Down clue in the lower-left triangle, across clue in the upper-right one.
    assert!(picture.contains(
        "<text x=\"54\" y=\"36\" font-size=\"16\" fill=\"#ffffff\" text-anchor=\"middle\">2</text>"
    ));
    assert!(picture.contains(
        "<text x=\"30\" y=\"59\" font-size=\"16\" fill=\"#ffffff\" text-anchor=\"middle\">13</text>"
    ));
    let p = Puzzle::from_grid(&g).unwrap();
    let solved = svg::solved(&g, &p, &[2, 3, 8, 1]);
    assert_well_formed(&solved);
    assert_eq!(solved.matches("font-size=\"24\"").count(), 4);
    let cryptic = pe424::parse_line(PE_FIRST).unwrap();
    assert_well_formed(&svg::puzzle(&cryptic));
    assert_well_formed(&svg::puzzle(&Grid::new(0, 0)));
}

// ---------------------------------------------------------------- round trips

fn plain_cell() -> BoxedStrategy<Cell> {
    prop_oneof![
        3 => Just(Cell::WHITE),
        1 => Just(Cell::WALL),
        2 => (prop::option::of(1u8..=45), prop::option::of(1u8..=45))
            .prop_map(|(d, a)| wall(d, a)),
    ]
    .boxed()
}

fn any_letter() -> impl Strategy<Value = Letter> {
    (0u8..10).prop_map(|i| Letter::new(i).unwrap())
}

fn cipher() -> impl Strategy<Value = Clue> {
    (prop::option::of(any_letter()), any_letter())
        .prop_map(|(tens, units)| Clue::Cipher(Cipher { tens, units }))
}

fn cryptic_cell() -> BoxedStrategy<Cell> {
    prop_oneof![
        3 => Just(Cell::WHITE),
        1 => any_letter().prop_map(|l| Cell::White { shown: Some(l) }),
        1 => Just(Cell::WALL),
        2 => (prop::option::of(cipher()), prop::option::of(cipher()))
            .prop_map(|(down, across)| Cell::Wall { down, across }),
    ]
    .boxed()
}

fn grid_of(cell: BoxedStrategy<Cell>, max: usize) -> impl Strategy<Value = Grid> {
    (1..=max, 1..=max).prop_flat_map(move |(w, h)| {
        prop::collection::vec(prop::collection::vec(cell.clone(), w), h).prop_map(Grid::from_rows)
    })
}

fn square_cryptic_grid() -> impl Strategy<Value = Grid> {
    (1usize..=8).prop_flat_map(|n| {
        prop::collection::vec(prop::collection::vec(cryptic_cell(), n), n).prop_map(Grid::from_rows)
    })
}

fn document(grid: impl Strategy<Value = Grid>) -> impl Strategy<Value = Document> {
    grid.prop_flat_map(|grid| {
        let whites = grid.white_count();
        (
            Just(grid),
            any::<String>(),
            "[ -~]{0,20}",
            any::<String>(),
            prop::option::of(prop::collection::vec(0u8..=9, whites)),
        )
            .prop_map(|(grid, title, author, notes, solution)| Document {
                grid,
                title,
                author,
                notes,
                solution,
                play: None,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn text_round_trip(grid in grid_of(plain_cell(), 12)) {
        let text = kakuro_text::write(&grid);
        let (back, map) = kakuro_text::parse(&text).unwrap();
        prop_assert_eq!(&back, &grid);
        // Every cell was written, so every cell has a place.
        prop_assert!(grid.positions().all(|p| map.place(p).is_some()));
        prop_assert_eq!(kakuro_text::write(&back), text);
    }

    #[test]
    fn ron_round_trip(doc in document(grid_of(plain_cell(), 10))) {
        let text = format::ron::to_string(&doc);
        prop_assert!(text.starts_with("(\n    version: 1,\n"));
        prop_assert_eq!(format::ron::from_str(&text).unwrap(), doc);
    }

    #[test]
    fn cryptic_ron_round_trip(doc in document(grid_of(cryptic_cell(), 10))) {
        let text = format::ron::to_string(&doc);
        prop_assert_eq!(format::ron::from_str(&text).unwrap(), doc);
    }

    #[test]
    fn text_to_ron_to_text(grid in grid_of(plain_cell(), 10)) {
        let text = kakuro_text::write(&grid);
        let doc = format::parse(&text, Format::Kakuro).unwrap().document;
        let ron = format::ron::to_string(&doc);
        let back = format::parse(&ron, Format::Ron).unwrap().document;
        prop_assert_eq!(kakuro_text::write(&back.grid), text);
    }

    #[test]
    fn pe424_round_trip(grid in square_cryptic_grid()) {
        let line = pe424::write_line(&grid).unwrap();
        prop_assert_eq!(pe424::parse_line(&line).unwrap(), grid);
    }

    #[test]
    fn svg_is_always_well_formed(grid in grid_of(cryptic_cell(), 6)) {
        assert_well_formed(&svg::puzzle(&grid));
    }
}

// ---------------------------------------------------------------- fuzzing

/// Runs every reader on a text; none may panic. Errors that have a line have a column too,
/// except for whole-line PE 424 errors which always have both.
fn read_all_ways(text: &str) {
    for f in [Format::Kakuro, Format::Ron, Format::Pe424] {
        if let Err(e) = format::parse(text, f) {
            assert!(!e.message.is_empty());
            assert_eq!(e.line.is_some(), e.col.is_some(), "{f:?} {e}");
        }
    }
    let _ = pe424::parse_file(text);
    let _ = Format::sniff(text);
}

/// Valid texts of every format, to mutate.
fn seeds() -> Vec<String> {
    let mut doc = Document::new(the_mini_grid());
    doc.title = "t".into();
    doc.solution = Some(vec![2, 3, 8, 1]);
    let cryptic = Document::new(pe424::parse_line(PE_FIRST).unwrap());
    vec![
        MINI.to_string(),
        format!("# c\r\n{}", MINI.replace('\n', "\r\n")),
        format::ron::to_string(&doc),
        format::ron::to_string(&cryptic),
        format!("{PE_FIRST}\n{PE_FIRST}\n"),
    ]
}

/// Bytes that matter to the parsers, so mutations reach deep into them.
const ALPHABET: &[u8] = b"\\_ \t\r\n#,()hvXOABCJKz0123456789\"r:[]S{}/\xff\xc3";

fn mutate(seed: &[u8], edits: &[(u8, usize, u8)]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for &(kind, at, b) in edits {
        let at = if bytes.is_empty() {
            0
        } else {
            at % (bytes.len() + 1)
        };
        let b = ALPHABET[usize::from(b) % ALPHABET.len()];
        match kind % 4 {
            0 => bytes.insert(at, b),
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            2 if at < bytes.len() => bytes[at] = b,
            _ => {
                // Duplicate a stretch, to grow rows and numbers.
                let end = (at + usize::from(b) % 16).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                bytes.splice(at..at, piece);
            }
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fuzz_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_all_ways(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fuzz_parser_alphabet(bytes in prop::collection::vec(prop::sample::select(ALPHABET), 0..200)) {
        read_all_ways(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fuzz_mutated_valid_files(
        seed in 0usize..5,
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..8),
    ) {
        let seeds = seeds();
        let bytes = mutate(seeds[seed].as_bytes(), &edits);
        read_all_ways(&String::from_utf8_lossy(&bytes));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fuzz_load_from_files(
        seed in 0usize..5,
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 0..6),
        ext in prop::sample::select(vec!["kakuro", "ron", "pe424", "txt"]),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("f.{ext}"));
        fs::write(&path, mutate(seeds()[seed].as_bytes(), &edits)).unwrap();
        if let Err(e) = format::load(&path) {
            prop_assert!(e.to_string().starts_with(&path.display().to_string()));
        }
    }
}

#[test]
fn directions_read_from_the_right_side_of_the_backslash() {
    let (g, _) = kakuro_text::parse("7\\ \\8").unwrap();
    assert_eq!(g.get(Pos::new(0, 0)).clue(Direction::Down), sum(7));
    assert_eq!(g.get(Pos::new(0, 1)).clue(Direction::Across), sum(8));
}

// ---------------------------------------------------------------- hostile input

/// The fastest of a few runs of `parse`: the least disturbed by other work on the machine.
fn fastest(parse: impl Fn()) -> std::time::Duration {
    (0..5)
        .map(|_| {
            let start = std::time::Instant::now();
            parse();
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// How much longer one input four times as long takes than four of the input: about 1 for a
/// parser that reads each byte a bounded number of times, about 4 for one that goes back over
/// the line for every token. (Timing equal amounts of work keeps fixed costs out of it.)
fn growth(make: impl Fn(usize) -> String, n: usize, parse: impl Fn(&str)) -> f64 {
    let (small, large) = (make(n), make(4 * n));
    let small_time = fastest(|| (0..4).for_each(|_| parse(&small)));
    let large_time = fastest(|| parse(&large));
    large_time.as_secs_f64() / small_time.as_secs_f64().max(1e-6)
}

#[test]
fn parsing_time_grows_linearly_with_the_input() {
    // PE 424: a valid line of padded walls, 150 × 150 and 300 × 300 of them.
    let pe = |cells: usize| {
        let side = (cells as f64).sqrt().round() as usize;
        format!("{side},{}", vec!["  X     "; side * side].join(","))
    };
    let ratio = growth(pe, 150 * 150, |line| {
        pe424::parse_line(line).unwrap();
    });
    assert!(
        ratio < 2.5,
        "PE 424: 4 times the input took {ratio:.1} times as long as 4 inputs"
    );
    // .kakuro: a row of `tokens` long white cells, 100 and 400 of them.
    let row = |tokens: usize| vec!["_".repeat(20_000); tokens].join(" ");
    let ratio = growth(row, 100, |line| {
        kakuro_text::parse(line).unwrap();
    });
    assert!(
        ratio < 2.5,
        ".kakuro: 4 times the input took {ratio:.1} times as long as 4 inputs"
    );
}

/// Lines of 10 MB, valid or one token too long, are read or refused at once.
#[test]
fn ten_mb_lines_are_read_or_refused_quickly() {
    let limit = std::time::Duration::from_secs(3);
    let cells = vec!["X".to_string() + &" ".repeat(38); MAX_SIDE * MAX_SIDE].join(",");
    let pe = format!("{MAX_SIDE},{cells}");
    assert!(pe.len() >= 10_000_000);
    let took = fastest(|| assert!(pe424::parse_line(&pe).is_ok()));
    assert!(took < limit, "a valid 10 MB PE 424 line took {took:?}");
    let too_many = format!("{pe},X");
    let took = fastest(|| assert!(pe424::parse_line(&too_many).is_err()));
    assert!(took < limit, "a 10 MB PE 424 line too long took {took:?}");
    let token = "_".repeat(20_000);
    let row = vec![token.as_str(); MAX_SIDE].join(" ");
    assert!(row.len() >= 10_000_000);
    let took = fastest(|| assert!(kakuro_text::parse(&row).is_ok()));
    assert!(took < limit, "a valid 10 MB .kakuro line took {took:?}");
    let too_long = format!("{row} _");
    let took = fastest(|| assert!(kakuro_text::parse(&too_long).is_err()));
    assert!(took < limit, "a 10 MB .kakuro line too long took {took:?}");
    let ron = format!("(version: 1, rows: [\"{too_long}\"])");
    let took = fastest(|| assert!(format::ron::from_str(&ron).is_err()));
    assert!(took < limit, "a 10 MB .ron row too long took {took:?}");
}

/// Every `.ron` error names its line and column: the version, the number of rows, the saved
/// digits; and the nesting limit is said in the file's words.
#[test]
fn ron_errors_name_their_place() {
    let doc = Document {
        grid: kakuro_text::parse(MINI).unwrap().0,
        solution: Some(vec![2, 3, 8, 1]),
        ..Document::default()
    };
    let text = format::ron::to_string(&doc);
    let place = |text: &str| {
        let e = format::ron::from_str(text).unwrap_err();
        (e.line, e.col, e.message)
    };
    let (line, col, message) = place(&text.replace("version: 1", "version: 9"));
    assert_eq!((line, col), (Some(2), Some(14)), "{message}");
    assert!(message.contains("version 9, newer"), "{message}");
    let (line, col, _) = place(&text.replace("version: 1", "version: 0"));
    assert_eq!((line, col), (Some(2), Some(14)));
    // The solution: a letter, a row too short, a row too many, a row missing.
    let (line, col, message) = place(&text.replace("\"238\"", "\"2x8\""));
    assert_eq!((line, col), (Some(13), Some(11)), "{message}\n{text}");
    assert_eq!(message, "solution row 2: 'x' is not a digit");
    let (line, col, _) = place(&text.replace("\"238\"", "\"23\""));
    assert_eq!((line, col), (Some(13), Some(10)));
    let (line, col, _) = place(&text.replace("\"1\",", "\"1\", \"\","));
    assert_eq!((line, col), (Some(14), Some(15)));
    let (line, col, _) = place(&text.replace("\"1\",", ""));
    assert_eq!((line, col), (Some(11), Some(20)));
    // More rows than a grid may have: the first one too many.
    let rows = vec!["\"_\""; MAX_SIDE + 1].join(",\n");
    let (line, col, message) = place(&format!("(\nversion: 1,\nrows: [\n{rows}\n])"));
    assert_eq!((line, col), (Some(4 + MAX_SIDE), Some(1)), "{message}");
    // Nesting past ron's limit, in a field this version does not know.
    let deep = format!("(version: 1, x: {}{})", "[".repeat(200), "]".repeat(200));
    let (_, _, message) = place(&deep);
    assert!(
        message.starts_with("brackets are nested too deeply"),
        "{message}"
    );
    assert!(!message.contains("recursion_limit"), "{message}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A saved grid's every cell has its place in the file, as in a `.kakuro` file.
    #[test]
    fn ron_saves_place_every_cell(grid in grid_of(plain_cell(), 10)) {
        let text = format::ron::to_string(&Document::new(grid.clone()));
        let loaded = format::parse(&text, Format::Ron).unwrap();
        let kakuro = kakuro_text::write(&grid);
        let (_, kakuro_map) = kakuro_text::parse(&kakuro).unwrap();
        let map = loaded.source.unwrap();
        let kakuro_lines: Vec<&str> = kakuro.lines().collect();
        let ron_lines: Vec<&str> = text.lines().collect();
        for pos in grid.positions() {
            // Row r is on line 7 + r, below the version, title, author, notes and `rows: [`.
            let expected = kakuro_map.place(pos).map(|(line, col)| {
                let ron_line = ron_lines[line + 5];
                let indent = ron_line.find(kakuro_lines[line - 1]).unwrap();
                (line + 6, col + ron_line[..indent].chars().count())
            });
            prop_assert_eq!(map.place(pos), expected, "{}", text);
        }
    }
}

/// "Allow one-cell runs" is saved with the puzzle in both formats, read back, and left out of
/// files that do not allow them (which read as before).
#[test]
fn allowing_one_cell_runs_round_trips_in_kakuro_text_and_ron() {
    let text = "# Title: Ones\n\\ 3\\ \\\n\\3 __ \\\n";
    let plain = format::parse(text, Format::Kakuro).unwrap().document;
    assert!(!plain.grid.allows_one_cell_runs());
    assert!(!kakuro::validate(&plain.grid).is_empty());
    for format in [Format::Kakuro, Format::Ron] {
        let written = format::render(&plain, format).unwrap();
        assert!(
            !written.contains("one-cell") && !written.contains("one_cell"),
            "{written}"
        );
        let mut doc = plain.clone();
        doc.grid.set_allows_one_cell_runs(true);
        doc.notes = "kept apart".into();
        let written = format::render(&doc, format).unwrap();
        let back = format::parse(&written, format).unwrap().document;
        assert_eq!(back, doc, "{format}: {written}");
        assert!(back.grid.allows_one_cell_runs());
        assert!(kakuro::validate(&back.grid).is_empty(), "{format}");
    }
    // The .kakuro line is a header comment, so other readers skip it; it never joins the notes.
    let mut doc = plain.clone();
    doc.grid.set_allows_one_cell_runs(true);
    let written = format::render(&doc, Format::Kakuro).unwrap();
    assert!(
        written.starts_with("# Title: Ones\n# Allow: one-cell runs\n\n\\"),
        "{written}"
    );
    let ron = format::render(&doc, Format::Ron).unwrap();
    assert!(ron.contains("allow_one_cell_runs: true"), "{ron}");
    // A comment of the same words below the grid is only a comment.
    let late = format::parse(&format!("{text}# Allow: one-cell runs\n"), Format::Kakuro).unwrap();
    assert!(!late.document.grid.allows_one_cell_runs());
}
