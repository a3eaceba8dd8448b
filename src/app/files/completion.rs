//! Path completion for the in-app path field: the folder's entries that fit what is typed, and
//! Tab completing as far as they agree.

use std::path::{MAIN_SEPARATOR, Path};

/// Entries listed at most (a folder of thousands would only slow the frame).
const MAX_ENTRIES: usize = 200;

/// One entry of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file or folder name.
    pub name: String,
    /// Whether it is a folder.
    pub is_dir: bool,
}

/// The entries of the folder a typed path is in, read once per folder.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    /// The folder part of the text it was read for, up to its last separator.
    folder: String,
    entries: Vec<Entry>,
    /// Why the folder could not be read, if it could not.
    pub error: Option<String>,
}

/// `text` split into its folder part (through the last separator) and the name being typed.
fn split(text: &str) -> (&str, &str) {
    match text.rfind(['/', MAIN_SEPARATOR]) {
        Some(i) => text.split_at(i + 1),
        None => ("", text),
    }
}

impl Listing {
    /// Rereads the folder when `text` names another one than last time.
    pub fn refresh(&mut self, text: &str) {
        let (folder, _) = split(text);
        if folder == self.folder && (self.error.is_some() || !self.entries.is_empty()) {
            return;
        }
        self.folder = folder.to_string();
        let dir = if folder.is_empty() {
            Path::new(".")
        } else {
            Path::new(folder)
        };
        match std::fs::read_dir(dir) {
            Ok(read) => {
                let mut entries: Vec<Entry> = read
                    .filter_map(Result::ok)
                    .map(|e| Entry {
                        name: e.file_name().to_string_lossy().into_owned(),
                        is_dir: e.path().is_dir(),
                    })
                    .collect();
                entries.sort_by(|a, b| b.is_dir.cmp(&a.is_dir).then(a.name.cmp(&b.name)));
                self.entries = entries;
                self.error = None;
            }
            Err(e) => {
                self.entries.clear();
                self.error = Some(format!("{}: {e}", dir.display()));
            }
        }
    }

    /// The entries that fit the name being typed in `text` (hidden ones only once a dot is
    /// typed).
    pub fn matches<'a>(&'a self, text: &'a str) -> impl Iterator<Item = &'a Entry> + 'a {
        let (_, name) = split(text);
        self.entries
            .iter()
            .filter(move |e| {
                e.name.starts_with(name) && (name.starts_with('.') || !e.name.starts_with('.'))
            })
            .take(MAX_ENTRIES)
    }

    /// `text` with `entry` in place of the name being typed (a folder ends in a separator).
    pub fn choose(text: &str, entry: &Entry) -> String {
        let (folder, _) = split(text);
        let slash = if entry.is_dir { "/" } else { "" };
        format!("{folder}{}{slash}", entry.name)
    }

    /// Tab: the name typed, completed as far as every fitting entry agrees (into a folder's
    /// inside when only one fits); `None` when that adds nothing.
    pub fn complete(&self, text: &str) -> Option<String> {
        let (folder, name) = split(text);
        let mut fits = self.matches(text);
        let first = fits.next()?;
        let mut common = first.name.as_str();
        let mut only = true;
        for entry in fits {
            only = false;
            let shared = common
                .char_indices()
                .zip(entry.name.chars())
                .find(|((_, a), b)| a != b)
                .map_or(common.len().min(entry.name.len()), |((i, _), _)| i);
            common = &common[..shared];
        }
        let completed = if only {
            Listing::choose(text, first)
        } else {
            format!("{folder}{common}")
        };
        (completed.len() > folder.len() + name.len()).then_some(completed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_completes_as_far_as_the_folder_agrees() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["tiny.kakuro", "two.kakuro", "two.ron"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("puzzles")).unwrap();
        let base = format!("{}/", dir.path().display());
        let mut listing = Listing::default();
        let typed = format!("{base}t");
        listing.refresh(&typed);
        assert_eq!(listing.matches(&typed).count(), 3);
        assert_eq!(listing.complete(&typed), None);
        let typed = format!("{base}tw");
        assert_eq!(listing.complete(&typed), Some(format!("{base}two.")));
        let typed = format!("{base}p");
        assert_eq!(listing.complete(&typed), Some(format!("{base}puzzles/")));
        // Folders are listed first.
        assert_eq!(listing.matches(&base).next().unwrap().name, "puzzles");
    }
}
