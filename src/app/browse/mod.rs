//! The solution browser: starts and stops a solving run, drains its batches, pages through the
//! stored solutions and says what the board should show. Its panel is in [`panel`], what its
//! buttons and keys ask for in [`command`], carried out by `KakuroApp::browse_command`.

pub(super) mod command;
pub(super) mod oracle;
pub(super) mod panel;
pub(super) mod solutions;
pub(super) mod solver;
pub(super) mod solving;

mod jump;
mod memory;
mod run;
mod stream;
mod view;

use std::time::{Duration, Instant};

use num_bigint::BigUint;

use crate::app::browse::oracle::Oracle;
use crate::app::browse::solutions::{CAP_BYTES, Solutions};
use crate::app::browse::solver::{Live, Worker};
use crate::solve::count::CountProgress;
use crate::{Grid, Pos, Puzzle};
pub(super) use jump::back;
use run::Run;
pub use run::RunState;
use stream::end_search;

/// The browser's state: the current run, the solution shown and the display options.
#[derive(Default)]
pub struct Browser {
    pub(super) run: Option<Run>,
    /// Index (0-based) of the shown solution: any below the count, which can outgrow every
    /// integer type.
    pub(super) current: BigUint,
    /// The text of the "Go to" field.
    pub(super) jump: String,
    /// The field holds the number Random drew, not one typed: moving on clears it.
    pub(super) jump_drawn: bool,
    /// Why the last jump did not go where asked.
    pub(super) notice: Option<String>,
    /// Highlight the cells that differ from the previous solution.
    pub show_changes: bool,
    /// Highlight the cells that are not the same in every solution found so far.
    pub show_ambiguous: bool,
    scratch: Vec<u8>,
    previous: Vec<u8>,
    /// The bytes of solutions a run keeps, when not [`CAP_BYTES`] (tests reach the cap).
    cap_bytes: Option<usize>,
    /// The last run ended by an edit, stopped, with the solution it showed: an undo that
    /// brings its grid back brings it back too, so one slip of the mouse costs no solutions.
    parked: Option<(Run, BigUint)>,
}

impl Browser {
    /// A browser whose runs keep at most `cap_bytes` of solutions.
    #[cfg(test)]
    pub(super) fn with_cap(cap_bytes: usize) -> Browser {
        Browser {
            cap_bytes: Some(cap_bytes),
            ..Browser::default()
        }
    }

    /// Keeps at most `cap_bytes` of solutions in the runs started from now on.
    pub(super) fn set_cap(&mut self, cap_bytes: usize) {
        self.cap_bytes = Some(cap_bytes);
    }

    /// Starts solving `puzzle` (cancelling any earlier run).
    pub fn start(
        &mut self,
        puzzle: Puzzle,
        grid: &Grid,
        editor_generation: u64,
        ctx: &egui::Context,
    ) -> std::io::Result<()> {
        self.run = None;
        self.parked = None;
        let positions: Vec<Pos> = puzzle.cells().iter().map(|c| c.pos).collect();
        let oracle = Oracle::start(puzzle.clone(), ctx.clone())?;
        let worker = Worker::start(puzzle, ctx.clone())?;
        self.current = BigUint::ZERO;
        self.notice = None;
        self.jump.clear();
        self.run = Some(Run {
            worker: Some(worker),
            store: Solutions::new(positions.len(), self.cap_bytes.unwrap_or(CAP_BYTES)),
            positions,
            width: grid.width(),
            height: grid.height(),
            state: RunState::Running,
            started: Instant::now(),
            elapsed: Duration::ZERO,
            live: Live::default(),
            editor_generation,
            grid: grid.clone(),
            oracle: Some(oracle),
            exact: None,
            known: None,
            counted: CountProgress::default(),
            count_gave_up: None,
            fetched: None,
            pending: None,
        });
        Ok(())
    }

    /// Takes the exact count `n` that the designer's check found for the grid of editor
    /// generation `generation`, for the headline while the oracle counts again.
    pub fn learn_count(&mut self, generation: u64, n: &BigUint) {
        if let Some(run) = &mut self.run
            && run.editor_generation == generation
            && run.exact.is_none()
            && run.known.is_none()
        {
            run.known = Some(n.clone());
        }
    }

    /// Stops the run; its solutions stay browsable. Returns within the engine's cancel time.
    pub fn stop(&mut self) {
        if let Some(run) = &mut self.run {
            end_search(run, RunState::Stopped);
            if run.exact.is_none() {
                // Stop ends all searching; once counted, the oracle only answers jumps.
                run.oracle = None;
            }
        }
    }

    /// Whether a run is searching.
    pub fn is_running(&self) -> bool {
        self.state() == Some(RunState::Running)
    }

    /// The current run's state.
    pub fn state(&self) -> Option<RunState> {
        self.run.as_ref().map(|r| r.state)
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.run.as_ref().map_or(0, Run::found)
    }

    /// Solutions that can be shown.
    pub fn stored(&self) -> u64 {
        self.run.as_ref().map_or(0, |r| r.store.stored())
    }
}

/// How long the browser's tests wait for background work before calling it hung: far past
/// its usual time, because a loaded CI machine running every test at once can be slow.
#[cfg(test)]
pub(super) const HUNG_AFTER: Duration = Duration::from_secs(600);

/// puzzles/millions.kakuro (3,048,192 solutions), for the browser's tests.
#[cfg(test)]
pub(super) fn millions() -> (Grid, Puzzle) {
    let path = std::path::Path::new("puzzles/millions.kakuro");
    let grid = crate::format::load(path).unwrap().document.grid;
    let puzzle = Puzzle::from_grid(&grid).unwrap();
    (grid, puzzle)
}
