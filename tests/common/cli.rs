//! Running the `kakuro` binary as a script would, for the command-line test crates.

use serde_json::Value;
use std::process::Command;

/// What one run of the binary did.
pub struct Run {
    /// The exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// Stdout split into lines.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// Stdout parsed as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.stdout))
    }

    /// The run failed cleanly: exit 2, no stdout noise from a panic, every stderr line ours.
    pub fn assert_error(&self) {
        assert_eq!(self.code, 2, "exit code; stderr:\n{}", self.stderr);
        self.assert_clean_stderr();
        assert!(!self.stderr.is_empty(), "an error must say what is wrong");
    }

    /// Whatever is on stderr is `kakuro: ` lines, never a panic or a backtrace.
    pub fn assert_clean_stderr(&self) {
        assert!(
            !self.stderr.contains("panicked") && !self.stderr.contains("RUST_BACKTRACE"),
            "panic on stderr:\n{}",
            self.stderr
        );
        for line in self.stderr.lines() {
            assert!(line.starts_with("kakuro: "), "stray stderr line: {line:?}");
        }
    }
}

/// The `kakuro` binary under test: this build's, or the one `KAKURO_WITHOUT_APP` names (a build
/// without the `gui` feature, so CI tests the command-line-only build without compiling the
/// tests, and the app they depend on, a second time).
pub fn binary() -> std::path::PathBuf {
    match std::env::var_os("KAKURO_WITHOUT_APP") {
        Some(path) => std::path::PathBuf::from(path),
        None => env!("CARGO_BIN_EXE_kakuro").into(),
    }
}

/// Runs `kakuro ARGS` from the crate's root, where `puzzles/` is.
pub fn kakuro(args: &[&str]) -> Run {
    // No command-line test may open a window, even in a build with the app.
    let output = Command::new(binary())
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the kakuro binary runs");
    Run {
        code: output
            .status
            .code()
            .expect("exited, not killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}
