//! Best times: per puzzle, and per size and band ("10 × 10 Hard"), kept with the preferences
//! and shown when a game is finished. A finish counts unless Solve filled the board in.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::Grid;
use crate::logic::Band;

/// The best times kept between sessions, in whole seconds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BestTimes {
    /// Per puzzle, by [`puzzle_key`].
    pub puzzles: BTreeMap<String, u64>,
    /// Per size and band, by [`class_key`].
    pub classes: BTreeMap<String, u64>,
}

/// What one best time was before a finish, and whether the finish beat it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The best time now (the finish's own when it is the first or a new best).
    pub best: u64,
    /// The finish beat an earlier best, or there was none.
    pub new: bool,
    /// There was an earlier time at all.
    pub had: bool,
}

/// The best times shown with a finish: the puzzle's, and its size and band's once the band is
/// known (the rating is worked out in the background).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The puzzle's best.
    pub puzzle: Record,
    /// "10 × 10 Hard" and its best.
    pub class: Option<(String, Record)>,
}

impl BestTimes {
    /// Notes a finish in `seconds` under `key` of `map`; returns the best as it now stands.
    fn note(map: &mut BTreeMap<String, u64>, key: String, seconds: u64) -> Record {
        let earlier = map.get(&key).copied();
        let new = earlier.is_none_or(|e| seconds < e);
        if new {
            map.insert(key, seconds);
        }
        Record {
            best: if new {
                seconds
            } else {
                earlier.unwrap_or(seconds)
            },
            new,
            had: earlier.is_some(),
        }
    }

    /// Notes a finish of the puzzle on `grid` in `time`.
    pub fn note_puzzle(&mut self, grid: &Grid, time: Duration) -> Record {
        Self::note(&mut self.puzzles, puzzle_key(grid), time.as_secs())
    }

    /// Notes a finish of a puzzle of `grid`'s size in `band` in `time`; returns the class's
    /// name as people read it and the record.
    pub fn note_class(&mut self, grid: &Grid, band: Band, time: Duration) -> (String, Record) {
        let record = Self::note(&mut self.classes, class_key(grid, band), time.as_secs());
        (class_name(grid, band), record)
    }
}

/// A puzzle's key: a hash of its walls and clues as `.kakuro` text (FNV-1a, which stays the
/// same across Rust versions, unlike the standard library's hasher), in hex.
pub fn puzzle_key(grid: &Grid) -> String {
    let text = crate::format::kakuro_text::write(grid);
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// A size and band's key: "10x10 hard".
pub fn class_key(grid: &Grid, band: Band) -> String {
    format!("{}x{} {}", grid.width(), grid.height(), band.key())
}

/// A size and band as people read it: "10 × 10 Hard".
pub fn class_name(grid: &Grid, band: Band) -> String {
    format!("{} × {} {}", grid.width(), grid.height(), band.name())
}

/// "Best for this puzzle: 2:09, a new best!" and the like, for `what` ("this puzzle").
pub fn line(what: &str, record: &Record) -> String {
    let time = super::timer::clock(Duration::from_secs(record.best));
    match (record.new, record.had) {
        (true, true) => format!("New best for {what}: {time}!"),
        (true, false) => format!("First time for {what}: {time}"),
        (false, _) => format!("Best for {what}: {time}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        crate::format::kakuro_text::parse(text).unwrap().0
    }

    const A: &str = "\\ 3\\ 4\\\n\\3 __ __\n\\4 __ __\n";
    const B: &str = "\\ 4\\ 3\\\n\\3 __ __\n\\4 __ __\n";

    #[test]
    fn a_faster_finish_is_a_new_best_and_a_slower_one_is_not() {
        let mut best = BestTimes::default();
        let a = grid(A);
        let first = best.note_puzzle(&a, Duration::from_secs(90));
        assert_eq!((first.best, first.new, first.had), (90, true, false));
        let slower = best.note_puzzle(&a, Duration::from_secs(120));
        assert_eq!((slower.best, slower.new, slower.had), (90, false, true));
        let faster = best.note_puzzle(&a, Duration::from_secs(61));
        assert_eq!((faster.best, faster.new, faster.had), (61, true, true));
        assert_eq!(
            line("this puzzle", &faster),
            "New best for this puzzle: 1:01!"
        );
        assert_eq!(line("this puzzle", &slower), "Best for this puzzle: 1:30");
    }

    #[test]
    fn puzzles_are_told_apart_by_their_clues_and_classes_by_size_and_band() {
        let mut best = BestTimes::default();
        let (a, b) = (grid(A), grid(B));
        assert_ne!(puzzle_key(&a), puzzle_key(&b));
        assert_eq!(puzzle_key(&a), puzzle_key(&grid(A)));
        best.note_puzzle(&a, Duration::from_secs(50));
        assert!(best.note_puzzle(&b, Duration::from_secs(70)).new);
        let (name, record) = best.note_class(&a, Band::Easy, Duration::from_secs(50));
        assert_eq!(name, "3 × 3 Easy");
        assert!(record.new);
        // Another puzzle of the same size and band competes with it; another band does not.
        assert!(
            !best
                .note_class(&b, Band::Easy, Duration::from_secs(70))
                .1
                .new
        );
        assert!(
            best.note_class(&b, Band::Hard, Duration::from_secs(70))
                .1
                .new
        );
        assert_eq!(best.classes.len(), 2);
    }
}
