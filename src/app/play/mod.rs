//! Play mode: solving a puzzle by hand, with pencil marks, the combination helper, mistakes
//! shown by the rules, checks against the solution, a timer, undo, and the game saved with the
//! document (and autosaved against a crash).
//!
//! One concept per file: [`state`] (the game and its position), [`candidates`] (what runs
//! allow, the helper's struck sets), [`mistakes`], [`timer`], [`answer`] (the solution, found in
//! the background), [`look`] (how the board shows it), [`autosave`], [`panel`] (the side panel,
//! whose `ui` returns commands), `mode` (where the app applies them), `keys` and `recover` (the
//! offer to bring back an autosaved game).
//!
//! Hints read the position with `KakuroApp::play_position` (the puzzle, and per cell a digit, 0
//! for none, and pencil marks as a mask with bit d for digit d, 0 for none written), apply a step
//! with `KakuroApp::apply_play_step` and count themselves with `KakuroApp::count_play_hint`.

pub mod answer;
pub mod autosave;
pub mod best;
pub mod candidates;
pub mod history;
mod keys;
pub mod look;
pub mod mistakes;
mod mode;
pub mod panel;
mod recover;
pub mod state;
pub mod timer;

use std::time::{Duration, Instant};

use crate::Grid;
use crate::format::PlayRecord;
use answer::Answer;
use autosave::{Autosave, Recovered};
use best::BestTimes;
use mistakes::Mistake;
use state::Game;
use timer::Timer;

pub use panel::Command;

/// A help that needs the solution, waiting for the background search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Count the wrong cells.
    Check,
    /// Reveal the selected cell.
    Reveal,
    /// Show which digits a check found wrong.
    ShowWrong,
    /// Fill in everything.
    Solve,
}

/// Play mode's state: whether it is on, the game, its clock and its options.
pub struct Play {
    active: bool,
    game: Option<Game>,
    timer: Timer,
    /// The player pressed Pause: the board is hidden until Resume.
    paused: bool,
    /// Digit keys write pencil marks instead of digits.
    pub pencil: bool,
    /// Placing a digit removes it from the marks of its runs' other cells.
    pub prune: bool,
    answer: Option<Answer>,
    wanted: Option<Wanted>,
    /// The game as last saved or opened (time left out: the clock alone changes nothing).
    saved: Option<PlayRecord>,
    autosave: Autosave,
    /// A game found in the data folder at start, offered back.
    offer: Option<Recovered>,
    /// What the last help said, for the panel, with the game's change count it is about: a
    /// later change (an undo of a Reveal too) makes it stale.
    message: Option<(u64, String)>,
    /// The change count of a check that found wrong digits: "Show which" is offered until the
    /// next change.
    checked_wrong: Option<u64>,
    /// The wrong digits "Show which" showed, at the change count they were shown at.
    shown_wrong: Option<(u64, Vec<crate::CellId>)>,
    /// Digits that are not the solution's are flagged as they are typed (a beginner's option).
    pub check_as_you_type: bool,
    /// When the board became full and right: the time it took.
    finished: Option<Duration>,
    /// The best times, kept with the preferences.
    pub best: BestTimes,
    /// The best times the finish shows.
    best_shown: Option<best::Shown>,
    /// A finish whose size-and-band best waits for the puzzle's rating.
    class_pending: Option<Duration>,
    /// Mistakes of the position at a change count.
    mistakes: Option<(u64, Vec<Mistake>)>,
    /// The tool to give back when play mode ends.
    previous_tool: Option<crate::app::Tool>,
}

impl Play {
    /// Play mode off, autosaving to `autosave` (see [`autosave`]).
    pub fn new(autosave: Option<std::path::PathBuf>) -> Play {
        let autosave = Autosave::new(autosave);
        let offer = autosave.recover();
        Play {
            active: false,
            game: None,
            timer: Timer::default(),
            paused: false,
            pencil: false,
            prune: true,
            answer: None,
            wanted: None,
            saved: None,
            autosave,
            offer,
            message: None,
            checked_wrong: None,
            shown_wrong: None,
            check_as_you_type: false,
            finished: None,
            best: BestTimes::default(),
            best_shown: None,
            class_pending: None,
            mistakes: None,
            previous_tool: None,
        }
    }

    /// Whether play mode is on.
    pub fn is_active(&self) -> bool {
        self.active
    }

    /// The game, if one was started.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether the board is hidden (paused by the player).
    pub fn hides_board(&self) -> bool {
        self.active && self.paused && self.finished.is_none()
    }

    /// What the last help said, while the game is as the help left it.
    pub fn message(&self) -> Option<&str> {
        let (changes, text) = self.message.as_ref()?;
        let game = self.game.as_ref()?;
        (game.changes() == *changes).then_some(text.as_str())
    }

    /// Whether the last check found wrong digits and nothing changed since: "Show which" is
    /// offered.
    pub fn offers_show_wrong(&self) -> bool {
        let changes = self.game.as_ref().map(Game::changes);
        self.checked_wrong.is_some() && self.checked_wrong == changes
    }

    /// Says `text` in the panel about the game as it is now.
    fn say(&mut self, text: String) {
        self.message = self.game.as_ref().map(|g| (g.changes(), text));
    }

    /// Time played.
    pub fn elapsed(&self) -> Duration {
        self.timer.elapsed(Instant::now())
    }

    /// The time it took, once the board is full and right.
    pub fn finished(&self) -> Option<Duration> {
        self.finished
    }

    /// The best times the finish shows (none when Solve filled the board in).
    pub fn best_shown(&self) -> Option<&best::Shown> {
        self.best_shown.as_ref().filter(|_| self.finished.is_some())
    }

    /// The game as a save keeps it, if there is one worth keeping on `grid` (the cursor is the
    /// app's to add).
    pub fn record(&self, grid: &Grid) -> Option<PlayRecord> {
        let game = self.game.as_ref().filter(|g| g.grid() == grid)?;
        let record = game.record(self.elapsed().as_secs());
        (!record.is_blank()).then_some(record)
    }

    /// Whether the game changed since it was last saved or opened (the clock and the cursor
    /// alone do not count).
    pub fn is_dirty(&self, grid: &Grid) -> bool {
        let untimed = |r: Option<PlayRecord>| {
            r.map(|r| PlayRecord {
                seconds: 0,
                cursor: None,
                ..r
            })
            .filter(|r| !r.is_blank())
        };
        untimed(self.record(grid)) != untimed(self.saved.clone())
    }

    /// Notes that the game as it is now was saved.
    pub fn saved_now(&mut self, grid: &Grid) {
        self.saved = self.record(grid);
        let changes = self.game.as_ref().map(Game::changes);
        self.autosave.clear(changes);
    }

    /// Mistakes of the current position (by cell), computed once per change.
    pub fn mistakes(&mut self) -> &[Mistake] {
        let Some(game) = &self.game else { return &[] };
        let changes = game.changes();
        if self.mistakes.as_ref().is_none_or(|(c, _)| *c != changes) {
            let found = mistakes::find(game.puzzle(), &game.position().digits);
            self.mistakes = Some((changes, found));
        }
        self.mistakes.as_ref().map_or(&[], |(_, m)| m)
    }

    /// Ends play mode and forgets the game (another document was opened).
    pub fn close(&mut self) {
        self.active = false;
        self.game = None;
        self.answer = None;
        self.wanted = None;
        self.saved = None;
        self.paused = false;
        self.finished = None;
        self.best_shown = None;
        self.class_pending = None;
        self.message = None;
        self.checked_wrong = None;
        self.shown_wrong = None;
        self.mistakes = None;
        self.timer = Timer::default();
        // A game found at start stays on disk until the player answers the offer.
        if self.offer.is_none() {
            self.autosave.clear(None);
        }
    }
}
