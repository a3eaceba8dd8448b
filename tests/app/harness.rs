//! The real app in an egui_kittest harness, shared by the app test suites.

use std::path::PathBuf;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kakuro::app::{AppOptions, KakuroApp};

/// The app in a window of the README screenshot's size, opening `file` (or the sample), before
/// its first frame.
pub fn app(file: Option<PathBuf>) -> Harness<'static, KakuroApp> {
    Harness::builder()
        .with_size([1100.0, 760.0])
        .build_eframe(move |cc| {
            KakuroApp::new(
                cc,
                AppOptions {
                    file,
                    ..AppOptions::default()
                },
            )
        })
}

/// A puzzle of the project's own `puzzles/` folder.
pub fn puzzle(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}

/// 3048192 → "3,048,192", as the app writes numbers (however big).
pub fn group(n: impl ToString) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The app opening `file`, after its first two frames.
pub fn app_with(file: PathBuf) -> Harness<'static, KakuroApp> {
    let mut harness = app(Some(file));
    harness.run_steps(2);
    harness
}

/// Clicks the control labelled `label` and runs two frames.
pub fn click(h: &mut Harness<'_, KakuroApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

/// The selected cell, as the tool panel names it ("Selected: r3c3, white cell").
pub fn selected(h: &Harness<'_, KakuroApp>) -> String {
    h.get_by_label_contains("Selected: ")
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

/// Steps the app until `done` holds (the app keeps asking for repaints while it works), then
/// once more so the screen shows it; fails naming `what` after about 20 s.
pub fn wait_until(h: &mut Harness<'_, KakuroApp>, what: &str, done: impl Fn(&KakuroApp) -> bool) {
    for _ in 0..4000 {
        h.run_steps(1);
        if done(h.state()) {
            h.run_steps(1);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("{what} did not happen");
}

/// Driving the editor, where each action runs frames until the app asks for no more.
pub mod settled {
    use std::path::{Path, PathBuf};

    use egui::{Event, Key, Modifiers};
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use kakuro::app::KakuroApp;

    /// A 3 × 3 grid: walls along the top and left, four white cells.
    pub const SQUARE: &str = "\\ \\ \\\n\\ __ __\n\\ __ __\n";

    /// The app opening `file` (or the sample), settled.
    pub fn app_with(file: Option<PathBuf>) -> Harness<'static, KakuroApp> {
        let mut harness = super::app(file);
        settle(&mut harness);
        harness
    }

    /// Runs frames until the app asks for no more, or a few: the designer's check answers from a
    /// background thread whenever it is done, and its repaints must not fail a test that is not
    /// about it (`Harness::run` panics when a repaint comes late).
    pub fn settle(harness: &mut Harness<'_, KakuroApp>) {
        let _ = harness.try_run();
    }

    /// Writes `text` into a file `name` in `dir`.
    pub fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// Types `s`.
    pub fn text(harness: &mut Harness<'_, KakuroApp>, s: &str) {
        harness.event(Event::Text(s.into()));
        settle(harness);
    }

    /// Presses `key` with `modifiers`.
    pub fn key(harness: &mut Harness<'_, KakuroApp>, key: Key, modifiers: Modifiers) {
        harness.key_press_modifiers(modifiers, key);
        settle(harness);
    }

    /// Clicks the control labelled `label`.
    pub fn click(harness: &mut Harness<'_, KakuroApp>, label: &str) {
        harness.get_by_label(label).click();
        settle(harness);
    }

    /// Fills the path prompt's field.
    pub fn type_path(harness: &mut Harness<'_, KakuroApp>, path: &Path) {
        harness
            .get_by_role_and_label(egui::Role::TextInput, "Path")
            .set_text_value_accesskit(path.to_str().unwrap());
        settle(harness);
    }
}
