//! The preferences kept between sessions: one value under one storage key, apart from the
//! app's runtime state. Every field has a default, so a save from an older or newer version
//! still loads, and the loose keys of versions before `Prefs` are read once so nobody loses
//! their recent files on the upgrade.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The storage key the preferences are saved under.
const KEY: &str = "kakuro.prefs";

/// The keys older versions saved each preference under.
const OLD_RECENT: &str = "kakuro.recent";
const OLD_LAST_FILE: &str = "kakuro.last_file";
const OLD_SHOW_TOOLS: &str = "kakuro.show_tools";

/// What the app remembers between sessions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Files opened lately, newest first.
    pub recent: Vec<PathBuf>,
    /// The file open when the app last closed, reopened at start.
    pub last_file: Option<PathBuf>,
    /// Whether the side panels are shown.
    pub show_tools: bool,
    /// The generator's choices last used (New from generator, New game).
    pub generator: crate::app::generator::Choices,
    /// The best times of finished games.
    pub best_times: crate::app::play::best::BestTimes,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            recent: Vec::new(),
            last_file: None,
            show_tools: true,
            generator: Default::default(),
            best_times: Default::default(),
        }
    }
}

impl Prefs {
    /// The stored preferences; when none are stored yet, those an older version kept under
    /// its loose keys; a field missing from either takes its default.
    pub fn load(storage: &dyn eframe::Storage) -> Prefs {
        if let Some(prefs) = eframe::get_value(storage, KEY) {
            return prefs;
        }
        let default = Prefs::default();
        Prefs {
            recent: eframe::get_value(storage, OLD_RECENT).unwrap_or(default.recent),
            last_file: eframe::get_value(storage, OLD_LAST_FILE).unwrap_or(default.last_file),
            show_tools: eframe::get_value(storage, OLD_SHOW_TOOLS).unwrap_or(default.show_tools),
            generator: default.generator,
            best_times: default.best_times,
        }
    }

    /// Stores the preferences under their one key, and drops the old loose keys: they were
    /// read once, by the first `load` after the upgrade.
    pub fn save(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, KEY, self);
        for old in [OLD_RECENT, OLD_LAST_FILE, OLD_SHOW_TOOLS] {
            storage.remove_string(old);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use eframe::Storage;

    use super::*;

    /// Storage in memory, as eframe's file storage keeps it: a string per key.
    #[derive(Default)]
    struct Memory(HashMap<String, String>);

    impl eframe::Storage for Memory {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }

        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_string(), value);
        }

        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }

        fn flush(&mut self) {}
    }

    fn sample() -> Prefs {
        Prefs {
            recent: vec![PathBuf::from("/p/a.kakuro"), PathBuf::from("/p/b.ron")],
            last_file: Some(PathBuf::from("/p/a.kakuro")),
            show_tools: false,
            generator: crate::app::generator::Choices {
                width: 10,
                height: 10,
                band: "Hard".into(),
                ..Default::default()
            },
            best_times: crate::app::play::best::BestTimes {
                puzzles: [("0123456789abcdef".to_string(), 129)].into(),
                classes: [("10x10 hard".to_string(), 740)].into(),
            },
        }
    }

    #[test]
    fn round_trip() {
        let mut storage = Memory::default();
        sample().save(&mut storage);
        assert_eq!(Prefs::load(&storage), sample());
        assert_eq!(storage.0.keys().collect::<Vec<_>>(), vec![KEY]);
    }

    #[test]
    fn nothing_stored_is_the_default() {
        let prefs = Prefs::load(&Memory::default());
        assert_eq!(prefs, Prefs::default());
        assert!(prefs.show_tools);
    }

    #[test]
    fn old_keys_are_read_once() {
        let mut storage = Memory::default();
        let old = sample();
        eframe::set_value(&mut storage, OLD_RECENT, &old.recent);
        eframe::set_value(&mut storage, OLD_LAST_FILE, &old.last_file);
        eframe::set_value(&mut storage, OLD_SHOW_TOOLS, &old.show_tools);
        let upgraded = Prefs::load(&storage);
        assert_eq!(
            upgraded,
            Prefs {
                generator: Default::default(),
                best_times: Default::default(),
                ..old
            }
        );

        // Once saved, only the one key is left, and it is what loads.
        let changed = Prefs {
            show_tools: true,
            ..upgraded
        };
        changed.save(&mut storage);
        assert_eq!(storage.0.keys().collect::<Vec<_>>(), vec![KEY]);
        assert_eq!(Prefs::load(&storage), changed);
    }

    #[test]
    fn a_missing_field_takes_its_default() {
        let mut storage = Memory::default();
        storage.set_string(KEY, r#"(recent: ["/p/a.kakuro"])"#.into());
        let prefs = Prefs::load(&storage);
        assert_eq!(prefs.recent, vec![PathBuf::from("/p/a.kakuro")]);
        assert_eq!(prefs.last_file, None);
        assert!(prefs.show_tools);
    }
}
