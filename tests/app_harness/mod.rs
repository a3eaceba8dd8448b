//! The real app in an egui_kittest harness, shared by the GUI test suites.
#![allow(dead_code)] // each test crate uses its own subset

use std::path::PathBuf;

use egui_kittest::Harness;
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
