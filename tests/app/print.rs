//! File › Export PDF… and File › Print book… driven like a user would (no display, no real
//! file dialogs: the paths are typed), the PDFs read back with lopdf.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::harness::{app, puzzle};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kakuro::app::KakuroApp;

fn settle(harness: &mut Harness<'_, KakuroApp>) {
    let _ = harness.try_run();
}

fn click(harness: &mut Harness<'_, KakuroApp>, label: &str) {
    harness.get_by_label(label).click();
    settle(harness);
}

fn fill(harness: &mut Harness<'_, KakuroApp>, role: Role, label: &str, text: &str) {
    harness
        .get_by_role_and_label(role, label)
        .set_text_value_accesskit(text);
    settle(harness);
}

/// Runs frames until the status line starts with `start` (the worker has finished), for at
/// most a minute.
fn wait_for_status(harness: &mut Harness<'_, KakuroApp>, start: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        harness.step();
        let status = harness.state().status_message().to_string();
        if status.starts_with(start) {
            return status;
        }
        assert!(
            Instant::now() < deadline,
            "still waiting; the status says {status:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The PDF's page count and the text of its pages.
fn read_pdf(path: &Path) -> (usize, String) {
    let document = lopdf::Document::load(path).expect("a PDF");
    let pages: Vec<u32> = document.get_pages().keys().copied().collect();
    (pages.len(), document.extract_text(&pages).unwrap())
}

#[test]
fn print_book_writes_the_chosen_files_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book.pdf");
    let mut h = app(Some(puzzle("tiny.kakuro")));
    settle(&mut h);
    click(&mut h, "File");
    click(&mut h, "Print book… Ctrl+P");
    let files = format!(
        "{}\n{}",
        puzzle("wikipedia.kakuro").display(),
        puzzle("cryptic.txt").display()
    );
    fill(&mut h, Role::MultilineTextInput, "Puzzles", &files);
    fill(&mut h, Role::TextInput, "Title", "From the app");
    fill(&mut h, Role::TextInput, "Save as", out.to_str().unwrap());
    click(&mut h, "4");
    click(&mut h, "Write PDF");
    let status = wait_for_status(&mut h, "Printed");
    assert!(status.contains("Printed 4 puzzles on 2 pages"), "{status}");
    let (pages, text) = read_pdf(&out);
    assert_eq!(pages, 2, "four puzzles on a page, then their solutions");
    assert!(
        text.contains("From the app") && text.contains("Solutions"),
        "{text}"
    );
    assert!(
        h.query_by_label("Write PDF").is_none(),
        "the window closes when done"
    );
}

#[test]
fn export_pdf_prints_the_open_puzzle_solved() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tiny.pdf");
    let mut h = app(Some(puzzle("tiny.kakuro")));
    settle(&mut h);
    click(&mut h, "File");
    click(&mut h, "Export PDF… Ctrl+E");
    click(&mut h, "Solved");
    fill(&mut h, Role::TextInput, "Save as", out.to_str().unwrap());
    click(&mut h, "Write PDF");
    wait_for_status(&mut h, "Exported");
    let (pages, text) = read_pdf(&out);
    assert_eq!(pages, 1);
    // The solution's digits 1 2 / 9 7 are on the page, with the clues 3, 16, 10, 9.
    let words: Vec<&str> = text.split_whitespace().collect();
    for word in ["1", "2", "7", "3", "16", "10", "9"] {
        assert!(words.contains(&word), "{word} in {text:?}");
    }
    assert!(words.contains(&"Easy"), "the band in the caption: {text:?}");
}

/// Ctrl+P opens the book's window, Ctrl+E the one-page export's (each window's own choices
/// show which).
#[test]
fn ctrl_p_and_ctrl_e_open_the_print_windows() {
    for (key, shown, absent) in [
        (egui::Key::P, "Puzzles", "Solved"),
        (egui::Key::E, "Solved", "Puzzles"),
    ] {
        let mut h = app(Some(puzzle("tiny.kakuro")));
        settle(&mut h);
        assert!(h.query_by_label("Write PDF").is_none());
        h.key_press_modifiers(egui::Modifiers::COMMAND, key);
        settle(&mut h);
        assert!(
            h.query_by_label("Write PDF").is_some(),
            "{key:?} opens a window"
        );
        assert!(h.query_by_label(shown).is_some(), "{key:?}: {shown}");
        assert!(h.query_by_label(absent).is_none(), "{key:?}: no {absent}");
    }
}

/// With twenty files listed, the book's window keeps its size and its buttons (the list
/// scrolls), and it opens under the menu bar.
#[test]
fn the_book_window_keeps_its_buttons_with_twenty_files() {
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_eframe(|cc| {
            KakuroApp::new(
                cc,
                kakuro::app::AppOptions {
                    file: Some(puzzle("tiny.kakuro")),
                    native_dialogs: true,
                    ..Default::default()
                },
            )
        });
    settle(&mut h);
    click(&mut h, "File");
    click(&mut h, "Print book… Ctrl+P");
    let menu = h.get_by_label("File").rect();
    let title = h.get_by_label("Print book").rect();
    assert!(
        title.top() >= menu.bottom(),
        "{title:?} over the menu {menu:?}"
    );
    let save_as = h.get_by_role_and_label(Role::TextInput, "Save as").rect();
    let files: Vec<String> = (0..20)
        .map(|i| format!("/some/folder/puzzle-{i}.kakuro"))
        .collect();
    fill(
        &mut h,
        Role::MultilineTextInput,
        "Puzzles",
        &files.join("\n"),
    );
    let screen = h.ctx.content_rect();
    for label in ["Add files…", "Choose…", "Write PDF"] {
        let rect = h.get_by_label(label).rect();
        assert!(
            screen.contains_rect(rect),
            "{label} at {rect:?} is off the window"
        );
    }
    let moved = h.get_by_role_and_label(Role::TextInput, "Save as").rect();
    assert_eq!(moved, save_as, "the fields below the list stay put");
}

/// A `side` × `side` puzzle text: walls every third row and column, two-cell runs of sum 3.
fn squares(side: usize) -> String {
    let white =
        |r: usize, c: usize| r < side && c < side && !r.is_multiple_of(3) && !c.is_multiple_of(3);
    let mut text = String::new();
    for r in 0..side {
        let row: Vec<String> = (0..side)
            .map(|c| {
                if white(r, c) {
                    return "__".into();
                }
                let down = if white(r + 1, c) { "3" } else { "" };
                let across = if white(r, c + 1) { "3" } else { "" };
                format!("{down}\\{across}")
            })
            .collect();
        text += &row.join(" ");
        text.push('\n');
    }
    text
}

/// A book of a small and a large puzzle at four a page, in the light style: the large one gets
/// a page of its own (and its solution too), and the walls print light grey.
#[test]
fn print_book_gives_a_large_grid_its_own_page_in_the_light_style() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.kakuro");
    std::fs::write(&big, squares(31)).unwrap();
    let out = dir.path().join("book.pdf");
    let mut h = app(Some(puzzle("tiny.kakuro")));
    settle(&mut h);
    click(&mut h, "File");
    click(&mut h, "Print book… Ctrl+P");
    let files = format!("{}\n{}", puzzle("tiny.kakuro").display(), big.display());
    fill(&mut h, Role::MultilineTextInput, "Puzzles", &files);
    fill(&mut h, Role::TextInput, "Save as", out.to_str().unwrap());
    click(&mut h, "4");
    click(&mut h, "Light");
    click(&mut h, "Write PDF");
    let status = wait_for_status(&mut h, "Printed");
    // The tiny alone, the 31 × 31 alone; their solutions likewise.
    assert!(
        status.starts_with("Printed 2 puzzles on 4 pages"),
        "{status}"
    );
    let (pages, _) = read_pdf(&out);
    assert_eq!(pages, 4);
    let rendered = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "30", "-f", "2", "-l", "2", "-singlefile"])
        .arg(&out)
        .arg(dir.path().join("page"))
        .status();
    let Ok(status) = rendered else {
        eprintln!("skipped the picture: pdftoppm is not installed");
        return;
    };
    assert!(status.success());
    let page = tiny_skia::Pixmap::load_png(dir.path().join("page.png")).unwrap();
    let grey = page
        .pixels()
        .iter()
        .filter(|p| (0xc0..=0xd0).contains(&p.red()) && p.red() == p.blue())
        .count();
    let black = page.pixels().iter().filter(|p| p.red() < 0x40).count();
    // In the classic style the walls are black and nothing is this grey.
    assert!(grey > black, "{grey} grey pixels, {black} black");
}
