//! Crash insurance for a game in progress: a few seconds after changes, the whole document is
//! written to the app's data folder; a clean exit removes it, so finding one at the next start
//! means the app did not close cleanly, and the game is offered back.
//!
//! The file is an ordinary `.ron` save, with the file it belongs to on a comment line first.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::atomic::write_atomic;
use crate::format::{self, Document};

/// Quiet time between writes: changes within it go into the next write.
const EVERY: Duration = Duration::from_secs(3);

/// The comment line that names the document's own file.
const SOURCE: &str = "// kakuro autosave of: ";

/// A game found in the data folder at start.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The document as it was autosaved.
    pub document: Document,
    /// The file it belongs to, if it had one.
    pub source: Option<PathBuf>,
}

/// The autosave file and what was last written to it.
#[derive(Debug, Default)]
pub struct Autosave {
    path: Option<PathBuf>,
    /// The game's change count last written (or found already saved).
    written: Option<u64>,
    last_write: Option<Instant>,
}

impl Autosave {
    /// Autosaves to `path` (`None`: never, as in tests and screenshots).
    pub fn new(path: Option<PathBuf>) -> Autosave {
        Autosave {
            path,
            ..Autosave::default()
        }
    }

    /// The game left by a session that did not close cleanly, if any.
    pub fn recover(&self) -> Option<Recovered> {
        let path = self.path.as_ref()?;
        let text = std::fs::read_to_string(path).ok()?;
        let source = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix(SOURCE))
            .map(PathBuf::from);
        let document = format::ron::from_str(&text).ok()?;
        document.play.as_ref()?;
        Some(Recovered { document, source })
    }

    /// Whether the game changed (`changes`) since the last write, and there is a file to
    /// write it to.
    pub fn pending(&self, changes: u64) -> bool {
        self.path.is_some() && self.written != Some(changes)
    }

    /// Whether a write is due: a change is pending, and the last write is a few seconds old.
    pub fn due(&self, changes: u64, now: Instant) -> bool {
        self.pending(changes) && self.last_write.is_none_or(|at| now - at >= EVERY)
    }

    /// How long until a pending write is due.
    pub fn wait(&self, now: Instant) -> Duration {
        self.last_write
            .map_or(Duration::ZERO, |at| EVERY.saturating_sub(now - at))
    }

    /// Writes `doc` (of the file `source`) as of change `changes`.
    pub fn write(&mut self, doc: &Document, source: Option<&Path>, changes: u64, now: Instant) {
        let Some(path) = &self.path else { return };
        self.written = Some(changes);
        self.last_write = Some(now);
        let mut text = String::new();
        if let Some(source) = source.and_then(Path::to_str).filter(|s| !s.contains('\n')) {
            text = format!("{SOURCE}{source}\n");
        }
        text += &format::ron::to_string(doc);
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // Losing an autosave is no reason to disturb the player: the next one tries again.
        let _ = write_atomic(path, text.as_bytes());
    }

    /// Notes that the game as of `changes` is safe elsewhere (saved to its file), and removes
    /// the autosave.
    pub fn clear(&mut self, changes: Option<u64>) {
        self.written = changes;
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{PlayRecord, kakuro_text};

    #[test]
    fn a_written_game_is_recovered_with_its_file_and_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let mut autosave = Autosave::new(Some(dir.path().join("data").join("autosave.ron")));
        assert!(autosave.recover().is_none());
        let (grid, _) = kakuro_text::parse("\\ 3\\ \\\n\\3 __ __\n").unwrap();
        let doc = Document {
            play: Some(PlayRecord {
                digits: vec![1, 0],
                marks: vec![0, 1 << 2],
                seconds: 42,
                ..PlayRecord::default()
            }),
            ..Document::new(grid)
        };
        let now = Instant::now();
        assert!(autosave.due(1, now));
        autosave.write(&doc, Some(Path::new("/puzzles/a.ron")), 1, now);
        assert!(!autosave.due(1, now + EVERY));
        assert!(!autosave.due(2, now + Duration::from_secs(1)));
        assert!(autosave.due(2, now + EVERY));
        let found = autosave.recover().unwrap();
        assert_eq!(found.document, doc);
        assert_eq!(found.source.as_deref(), Some(Path::new("/puzzles/a.ron")));
        autosave.clear(Some(1));
        assert!(autosave.recover().is_none());
    }
}
