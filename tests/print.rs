//! Printing: `kakuro print` books and `kakuro convert` to .pdf and .png, read back as a reader
//! would (the PDF parsed with lopdf; pages rendered with pdftoppm where it is installed).

use std::path::{Path, PathBuf};
use std::process::Command;

use kakuro::format;
use kakuro::print::{self, Book, Entry, Mark, Paper, PerPage};
use kakuro::{Cell, Grid};
use lopdf::{Document, Object};
use tempfile::TempDir;

/// What one run of the binary did.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `kakuro ARGS` from the crate's root, where `puzzles/` is.
fn kakuro(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_kakuro"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the kakuro binary runs");
    let run = Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    for line in run.stderr.lines() {
        assert!(
            line.starts_with("kakuro: ") || line.starts_with("error: "),
            "stray stderr line: {line:?}"
        );
    }
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("temporary paths are UTF-8")
}

/// The PDF's pages: for each, its size (MediaBox width and height) and its text.
fn read_pdf(path: &Path) -> Vec<((f32, f32), String)> {
    let document = Document::load(path).expect("the PDF parses");
    let pages = document.get_pages();
    pages
        .iter()
        .map(|(&number, &id)| {
            let page = document.get_dictionary(id).expect("a page is a dictionary");
            let media = page
                .get(b"MediaBox")
                .and_then(Object::as_array)
                .expect("each page has its MediaBox");
            let n = |o: &Object| {
                o.as_float()
                    .or_else(|_| o.as_i64().map(|i| i as f32))
                    .unwrap()
            };
            let size = (n(&media[2]) - n(&media[0]), n(&media[3]) - n(&media[1]));
            let text = document
                .extract_text(&[number])
                .expect("the page's text is read");
            (size, text)
        })
        .collect()
}

/// Every clue of a grid, as text.
fn clues(grid: &Grid) -> Vec<String> {
    grid.positions()
        .filter_map(|pos| match grid.get(pos) {
            Cell::Wall { down, across } => Some([down, across]),
            Cell::White { .. } => None,
        })
        .flatten()
        .flatten()
        .map(|clue| clue.to_string())
        .collect()
}

fn load(name: &str) -> Grid {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    format::load(&root.join(name)).unwrap().document.grid
}

/// Whether every word of `wanted` is among the words of `text` (as often as it is wanted).
fn holds_all(text: &str, wanted: &[String]) -> bool {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    wanted
        .iter()
        .all(|w| match words.iter().position(|x| x == w) {
            Some(at) => {
                words.swap_remove(at);
                true
            }
            None => false,
        })
}

#[test]
fn a_book_has_its_pages_page_size_and_every_clue() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("book.pdf");
    let files = [
        "puzzles/wikipedia.kakuro",
        "puzzles/tiny.kakuro",
        "puzzles/watch-demo.kakuro",
    ];
    let mut args = vec!["print"];
    args.extend(files);
    args.extend([
        "-o",
        path_str(&out),
        "--paper",
        "letter",
        "--per-page",
        "1",
        "--solutions",
    ]);
    args.extend(["--title", "Test book"]);
    let run = kakuro(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("3 puzzles, 4 pages"), "{}", run.stdout);
    // watch-demo has several solutions: printed, with a warning naming it.
    assert!(
        run.stderr.contains("watch-demo.kakuro") && run.stderr.contains("more than one solution"),
        "{}",
        run.stderr
    );
    let pages = read_pdf(&out);
    assert_eq!(
        pages.len(),
        4,
        "three puzzles a page each, then their solutions on one"
    );
    for (size, _) in &pages {
        assert_eq!(*size, (612.0, 792.0), "US Letter");
    }
    for (index, file) in files.iter().enumerate() {
        let text = &pages[index].1;
        assert!(
            holds_all(text, &clues(&load(file))),
            "{file}'s clues in {text:?}"
        );
        assert!(text.contains("Test book"), "{text:?}");
    }
    let back = &pages[3].1;
    assert!(
        back.contains("Solutions") && back.contains("not unique"),
        "{back:?}"
    );
    // tiny.kakuro's solution (12 / 97), digits as text.
    for digit in ["1", "2", "9", "7"] {
        assert!(back.split_whitespace().any(|w| w == digit), "{back:?}");
    }
}

#[test]
fn every_paper_size_and_count_a_page() {
    let dir = TempDir::new().unwrap();
    for (paper, size) in [
        ("a4", (595.28, 841.89)),
        ("a5", (419.53, 595.28)),
        ("6x9", (432.0, 648.0)),
    ] {
        let out = dir.path().join(format!("{paper}.pdf"));
        let run = kakuro(&[
            "print",
            "puzzles/cryptic.txt",
            "puzzles/tiny.kakuro",
            "-o",
            path_str(&out),
            "--paper",
            paper,
            "--per-page",
            "2",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        // A Project Euler file prints all its puzzles: three, and tiny makes four.
        assert!(run.stdout.contains("4 puzzles, 2 pages"), "{}", run.stdout);
        let pages = read_pdf(&out);
        assert_eq!(pages.len(), 2);
        let (width, height) = pages[0].0;
        assert!(
            (width - size.0).abs() < 0.01 && (height - size.1).abs() < 0.01,
            "{paper}: {width} × {height}"
        );
    }
}

#[test]
fn a_folder_gives_its_puzzle_files_in_name_order() {
    let dir = TempDir::new().unwrap();
    let tiny =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/tiny.kakuro"))
            .unwrap();
    for (name, title) in [
        ("b.kakuro", "Second"),
        ("a.kakuro", "First"),
        ("c.ron.bak", "Not a puzzle"),
    ] {
        std::fs::write(dir.path().join(name), format!("# Title: {title}\n{tiny}")).unwrap();
    }
    std::fs::write(dir.path().join("README.md"), "# not a puzzle\n").unwrap();
    let out = dir.path().join("book.pdf");
    let run = kakuro(&[
        "print",
        path_str(dir.path()),
        "-o",
        path_str(&out),
        "--per-page",
        "6",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("2 puzzles, 1 page"), "{}", run.stdout);
    let text = &read_pdf(&out)[0].1;
    let (first, second) = (text.find("First").unwrap(), text.find("Second").unwrap());
    assert!(first < second, "{text:?}");
    assert!(!text.contains("Not a puzzle"));
}

#[test]
fn bad_options_are_usage_errors() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("book.pdf");
    for (option, value, says) in [("--paper", "a3", "a3"), ("--per-page", "5", "1, 2, 4 or 6")] {
        let run = kakuro(&[
            "print",
            "puzzles/tiny.kakuro",
            "-o",
            path_str(&out),
            option,
            value,
        ]);
        assert_eq!(run.code, 2, "{option} {value}");
        assert!(run.stderr.contains(says), "{}", run.stderr);
        assert!(!out.exists());
    }
    let run = kakuro(&["print", "puzzles/tiny.kakuro"]);
    assert_eq!(run.code, 2, "the output is required");
}

#[test]
fn an_unreadable_file_among_many_is_skipped_with_its_error() {
    let dir = TempDir::new().unwrap();
    let broken = dir.path().join("broken.kakuro");
    std::fs::write(&broken, "\\ 3\\\n\\3 x\n").unwrap();
    let out = dir.path().join("book.pdf");
    let run = kakuro(&[
        "print",
        "puzzles/tiny.kakuro",
        path_str(&broken),
        "puzzles/no-such.kakuro",
        "puzzles/wikipedia.kakuro",
        "-o",
        path_str(&out),
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("broken.kakuro:2:"), "{}", run.stderr);
    assert!(run.stderr.contains("no-such.kakuro"), "{}", run.stderr);
    assert!(run.stdout.contains("2 puzzles"), "{}", run.stdout);
    assert_eq!(read_pdf(&out).len(), 1);
    // Nothing readable at all: nothing written.
    let none = dir.path().join("none.pdf");
    let run = kakuro(&["print", "puzzles/no-such.kakuro", "-o", path_str(&none)]);
    assert_eq!(run.code, 2);
    assert!(!none.exists());
}

#[test]
fn an_output_in_a_missing_folder_is_refused_before_any_work() {
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("no-such-folder").join("book.pdf");
    let run = kakuro(&["print", "puzzles/tiny.kakuro", "-o", path_str(&out)]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("does not exist"), "{}", run.stderr);
    let run = kakuro(&["print", "puzzles/tiny.kakuro", "-o", path_str(dir.path())]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is a directory"), "{}", run.stderr);
    let run = kakuro(&[
        "convert",
        "puzzles/tiny.kakuro",
        path_str(&dir.path().join("no/x.png")),
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot write"), "{}", run.stderr);
}

#[test]
fn convert_writes_a_page_a_picture_and_solutions() {
    let dir = TempDir::new().unwrap();
    let pdf = dir.path().join("tiny.pdf");
    let run = kakuro(&["convert", "puzzles/tiny.kakuro", path_str(&pdf)]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let pages = read_pdf(&pdf);
    assert_eq!(pages.len(), 1);
    assert!(holds_all(&pages[0].1, &clues(&load("puzzles/tiny.kakuro"))));
    assert!(
        !pages[0].1.split_whitespace().any(|w| w == "7"),
        "no digits without --solution"
    );
    assert!(
        pages[0].1.contains("Easy"),
        "a unique puzzle's caption gives its band: {}",
        pages[0].1
    );
    let ambiguous = dir.path().join("two.pdf");
    let run = kakuro(&["convert", "puzzles/two.kakuro", path_str(&ambiguous)]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let page = &read_pdf(&ambiguous)[0].1;
    assert!(
        !page.contains("Easy"),
        "no band for several solutions: {page}"
    );
    let run = kakuro(&[
        "convert",
        "puzzles/tiny.kakuro",
        path_str(&pdf),
        "--solution",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(read_pdf(&pdf)[0].1.split_whitespace().any(|w| w == "7"));

    let png = dir.path().join("tiny.png");
    let run = kakuro(&["convert", "puzzles/tiny.kakuro", path_str(&png)]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let picture = tiny_skia::Pixmap::load_png(&png).expect("a PNG");
    assert_eq!(
        (picture.width(), picture.height()),
        (3 * 80 + 8, 3 * 80 + 8)
    );

    let svg = dir.path().join("two.svg");
    let run = kakuro(&[
        "convert",
        "puzzles/two.kakuro",
        path_str(&svg),
        "--solution",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("more than one solution"),
        "{}",
        run.stderr
    );
    let run = kakuro(&[
        "convert",
        "puzzles/none.kakuro",
        path_str(&svg),
        "--solution",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no solution"), "{}", run.stderr);
    let run = kakuro(&[
        "convert",
        "puzzles/tiny.kakuro",
        path_str(&dir.path().join("t.kakuro")),
        "--solution",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains(".svg, .png or .pdf"), "{}", run.stderr);
}

/// Per cell of a board drawn at `(x, y)` with cells `cell` pixels wide: whether its middle is
/// mostly dark (a wall), and whether the edge it shares with the cell to its right is inked.
fn read_board(
    pixmap: &tiny_skia::Pixmap,
    grid: &Grid,
    (x, y): (f32, f32),
    cell: f32,
) -> Vec<(bool, bool)> {
    let dark = |px: f32, py: f32| pixmap.pixel(px as u32, py as u32).map_or(0, |p| p.red()) < 0x90;
    grid.positions()
        .map(|pos| {
            let left = x + pos.col as f32 * cell;
            let top = y + pos.row as f32 * cell;
            // A wall's lower-right corner: clear of the diagonal and both clues.
            let samples = [(0.85, 0.6), (0.6, 0.85), (0.9, 0.75)];
            let wall = samples
                .iter()
                .filter(|(dx, dy)| dark(left + dx * cell, top + dy * cell))
                .count()
                >= 2;
            let edge = dark(left + cell, top + 0.15 * cell);
            (wall, edge)
        })
        .collect()
}

#[test]
fn a_rendered_page_shows_the_same_board_as_the_picture() {
    if Command::new("pdftoppm").arg("-v").output().is_err() {
        eprintln!("pdftoppm is not installed: skipped");
        return;
    }
    let dir = TempDir::new().unwrap();
    let grid = load("puzzles/wikipedia.kakuro");
    let (pdf, png) = (dir.path().join("w.pdf"), dir.path().join("w.png"));
    assert_eq!(
        kakuro(&["convert", "puzzles/wikipedia.kakuro", path_str(&pdf)]).code,
        0
    );
    assert_eq!(
        kakuro(&["convert", "puzzles/wikipedia.kakuro", path_str(&png)]).code,
        0
    );
    let dpi = 100.0;
    let status = Command::new("pdftoppm")
        .args([
            "-png",
            "-r",
            "100",
            "-singlefile",
            path_str(&pdf),
            path_str(&dir.path().join("page")),
        ])
        .status()
        .unwrap();
    assert!(status.success());
    let page = tiny_skia::Pixmap::load_png(dir.path().join("page.png")).unwrap();
    // Where the library put the board on the page: its outer border, the one unfilled rectangle.
    let book = Book {
        title: String::new(),
        paper: Paper::A4,
        per_page: PerPage::One,
        solutions: false,
        entries: vec![Entry::new(grid.clone(), "")],
    };
    let sheet = &book.pages()[0];
    let (bx, by, bw) = sheet
        .marks
        .iter()
        .find_map(|m| match m {
            Mark::Rect {
                x,
                y,
                width,
                fill: None,
                ..
            } => Some((*x, *y, *width)),
            _ => None,
        })
        .unwrap();
    let scale = dpi / 72.0;
    let on_page = read_board(
        &page,
        &grid,
        (bx * scale, by * scale),
        bw / grid.width() as f32 * scale,
    );
    let picture = tiny_skia::Pixmap::load_png(&png).unwrap();
    let s = print::png::SCALE;
    let in_picture = read_board(&picture, &grid, (2.0 * s, 2.0 * s), 40.0 * s);
    assert_eq!(on_page, in_picture, "the page and the picture differ");
    // And both are the grid: walls where it has walls, a line after every cell but the last.
    for (pos, (wall, edge)) in grid.positions().zip(&on_page) {
        assert_eq!(*wall, !grid.is_white(pos), "{pos}");
        assert!(*edge, "the line right of {pos}");
    }
}
