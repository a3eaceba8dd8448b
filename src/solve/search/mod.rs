//! The enumeration: a depth-first search without recursion, over independent parts.
//!
//! The agenda is a stack of frames, each a list of variables (a part of the puzzle) still to
//! decide. The top frame is processed: decided variables are written to the solution buffer; if
//! its undecided variables fall apart into independent parts (see [`split_due`]), it is replaced
//! by one frame per part, the part with the lowest variable on top; otherwise the search
//! branches on one of its variables (a [`Choice`]) and the frame stays on the agenda. When the
//! agenda is empty, every variable is decided and the buffer is a solution.
//!
//! Parts after the first of a split are enumerated again for every solution of the parts before
//! them, so their solutions are recorded the first time through (within a memory budget) and
//! replayed afterwards; a part too large for the budget is searched again instead. Undo is by
//! trail: domains and live sets (in [`State`]), agenda pushes and pops, and the arena of
//! variable lists, each truncated back to the marks a choice saved.

//!
//! The concepts live in the submodules: [`components`] (splitting a part into independent
//! ones), [`replay`] (recording and replaying later parts' solutions), [`backjump`] (skipping
//! choices a failure does not depend on), [`dead`] (failing at once on a residual problem
//! already searched out), [`guide`] (going back past a choice whose branch probes show to have
//! no solution, when the search thrashes), [`choice`] (opening a choice, taking its next
//! alternative, backtracking to it) and [`view`] (what an observer sees); this file is the
//! depth-first search itself.

mod backjump;
mod choice;
mod components;
mod dead;
mod guide;
mod replay;
mod view;

pub(crate) use dead::DEAD_ENDS_AFTER;
pub(crate) use guide::GUIDE_AFTER;

/// Backtracks the stream and the count take before they check each decision against the sums'
/// flow (`Flow`): easy puzzles never pay for building it, dense ones soon stop thrashing.
pub(crate) const FLOW_AFTER: u64 = 64;

/// Backtracks a search takes before it checks each decision against the digits' tally
/// (`DigitTally`) as well; before that, only the root is checked.
pub(crate) const TALLY_AFTER: u64 = 64;

pub use view::progress;

use std::ops::ControlFlow;
use std::time::Instant;

use super::combos::{Mask, digit_of, is_single};
use super::flow::Flow;
use super::model::Model;
use super::observe::{Event, Observer};
use super::order::{branch_rank, lead, split_due};
use super::propagate::propagate_all;
use super::state::{Mark, State};
use super::tally::DigitTally;
pub(crate) use super::tuning::Tuning;
use super::{CancelToken, Cancelled, Outcome, Solution, Stats};
use crate::grid::Letter;
pub(crate) use components::Splitter;
use dead::DeadEnds;
use guide::Guide;
use replay::{NO_SLOT, Recording, Slot, SlotState};

#[derive(Clone, Copy, Debug)]
enum Frame {
    /// Decide the variables `arena[start..start + len]`.
    Search {
        start: u32,
        len: u32,
        slot: u32,
        checked: u32,
    },
    /// The part `arena[start..start + len]` is complete: record its digits into `slot`.
    Record { start: u32, len: u32, slot: u32 },
}

#[derive(Clone, Copy, Debug)]
enum FrameOp {
    Popped(Frame),
    Pushed,
}

#[derive(Clone, Copy, Debug)]
struct Marks {
    state: Mark,
    log: usize,
    arena: usize,
    slots: usize,
}

#[derive(Clone, Copy, Debug)]
enum Alternatives {
    Branch {
        var: u32,
        rest: Mask,
        digit: u8,
        /// The digit tried first (the anchor's, see [`crate::solve::anchor`]); `NO_LEAD` for
        /// none.
        lead: u8,
        /// Alternatives taken so far, the current one included.
        index: u8,
        count: u8,
    },
    Replay {
        slot: u32,
        next: u32,
        start: u32,
        len: u32,
    },
}

#[derive(Clone, Copy, Debug)]
struct Choice {
    alts: Alternatives,
    marks: Marks,
    /// Tags the constraints its propagation logs (see [`State::note_read`]).
    serial: u32,
    /// Where its part of the read log starts: `read_log[log_start..]` is every constraint
    /// revised below it since it was opened.
    log_start: u32,
    /// The residual problem it was opened on (see [`dead`]), when dead ends are remembered.
    key: Option<u128>,
    /// Solutions sent before it was opened.
    solutions: u64,
}

/// One run of the enumeration.
pub(super) struct Search<'a, O: Observer> {
    model: &'a Model,
    state: State,
    frames: Vec<Frame>,
    log: Vec<FrameOp>,
    arena: Vec<u32>,
    choices: Vec<Choice>,
    slots: Vec<Slot>,
    live_slots: usize,
    cached_bytes: usize,
    recordings: Vec<Recording>,
    // Splitting workspace.
    splitter: Splitter,
    /// The variables of a part decided since its last split check.
    decided: Vec<u32>,
    solution: Solution,
    stats: Stats,
    cancel: &'a CancelToken,
    cancelled: bool,
    /// After a doomed split or a failure explained by shallower choices, the choice-stack
    /// height to go back to.
    fail_to: Option<usize>,
    /// The choices below this height have seen a solution below them: they cannot be jumped
    /// from (their failure is no nogood).
    tainted_below: usize,
    serial: u32,
    /// Log compaction workspace: constraint stamps and which entries to keep.
    seen: Vec<u32>,
    seen_epoch: u32,
    /// The read log's length that triggers the next compaction.
    compact_at: usize,
    work: u32,
    /// Residual problems known to have no solution.
    dead: DeadEnds,
    /// The sums' flow, once the search has backtracked `flow_after` times.
    flow: Option<Flow>,
    flow_after: u64,
    /// How often each digit occurs, checked at the root and, once the search has backtracked
    /// `tally_after` times, after each decision (`tally_whole`: the next check looks at every
    /// run, the state having narrowed unchecked since the root).
    tally: Option<DigitTally>,
    tally_after: u64,
    tally_whole: bool,
    give_up_after: u64,
    /// Probes that check the stack when the search thrashes, once it has.
    guide: Option<Guide>,
    /// Backtracks without a solution before the stack is checked (see [`guide`]).
    guide_after: u64,
    /// The backtrack count at which the stack is checked next, if no solution came since
    /// the count was set (`solutions_at_check`).
    next_check: u64,
    solutions_at_check: u64,
    /// The choices below this height are known to have a solution below their current
    /// alternative: the guide's witness agrees with them (it only grows by that agreement).
    known_good: usize,
    /// The solution the order leads with, per variable its digit's mask (see
    /// [`crate::solve::anchor`]).
    anchor: Option<&'a [Mask]>,
    /// Backtracks before the first solution after which the search stops, `lost`.
    anchor_after: u64,
    lost: bool,
    observer: O,
}

/// [`Alternatives::Branch`]'s lead when the order leads with no digit there.
const NO_LEAD: u8 = 15;

enum Step {
    Backtrack,
    Stop,
}

impl<'a, O: Observer> Search<'a, O> {
    pub(super) fn new(
        model: &'a Model,
        cancel: &'a CancelToken,
        observer: O,
        tuning: Tuning,
        anchor: Option<&'a [Mask]>,
    ) -> Self {
        let mut state = State::new(model);
        state.track_reads = true;
        Search {
            model,
            state,
            frames: Vec::new(),
            log: Vec::new(),
            arena: Vec::with_capacity(4 * model.vars),
            choices: Vec::new(),
            slots: Vec::new(),
            live_slots: 0,
            cached_bytes: 0,
            recordings: Vec::new(),
            splitter: Splitter::new(model),
            decided: Vec::new(),
            solution: Solution {
                digits: vec![0; model.cells],
                letters: model.cryptic.then_some([0; Letter::COUNT]),
            },
            stats: Stats::default(),
            cancel,
            cancelled: false,
            fail_to: None,
            tainted_below: 0,
            serial: 0,
            seen: vec![0; model.constraints.len()],
            seen_epoch: 0,
            compact_at: 2 * model.constraints.len() + 64,
            work: 0,
            dead: DeadEnds::new(tuning.dead_ends_after),
            flow: None,
            flow_after: tuning.flow_after,
            tally: None,
            // A search that decides the order stops after so many backtracks: cutting more
            // would change where, and so the order. Its root is checked all the same (a
            // puzzle refuted there has no order to decide).
            tally_after: if tuning.anchor_after == u64::MAX {
                tuning.tally_after
            } else {
                u64::MAX
            },
            tally_whole: true,
            give_up_after: tuning.give_up_after,
            guide: None,
            guide_after: tuning.guide_after,
            next_check: tuning.guide_after,
            solutions_at_check: 0,
            known_good: 0,
            anchor,
            anchor_after: tuning.anchor_after,
            lost: false,
            observer,
        }
    }

    /// Streams every solution to `sink`; returns how it ended, the counters, and whether it
    /// stopped for having no solution within `anchor_after` backtracks (then `Cancelled`).
    pub(crate) fn run<F>(mut self, sink: &mut F) -> (Result<Outcome, Cancelled>, Stats, bool)
    where
        F: FnMut(&Solution) -> ControlFlow<()>,
    {
        let start = Instant::now();
        let outcome = self.enumerate(sink);
        self.stats.propagations = self.state.revisions;
        if let Some(guide) = &self.guide {
            // The probes' decisions are the search's work too (as in `Solver::some`).
            let (nodes, revisions) = guide.work();
            self.stats.nodes += nodes;
            self.stats.guesses += nodes;
            self.stats.propagations += revisions;
        }
        self.stats.elapsed = start.elapsed();
        (outcome, self.stats, self.lost)
    }

    fn enumerate<F>(&mut self, sink: &mut F) -> Result<Outcome, Cancelled>
    where
        F: FnMut(&Solution) -> ControlFlow<()>,
    {
        if self.cancel.is_cancelled() {
            return Err(Cancelled);
        }
        self.stats.nodes += 1;
        if propagate_all(self.model, &mut self.state).is_err() {
            self.observer.event(Event::Contradiction);
            return Ok(Outcome::Complete);
        }
        // A grid that propagation alone fills is a solution: the tally could refute nothing
        // there, and building it would cost more than the whole search.
        let filled = self.state.domains.iter().all(|&d| is_single(d));
        if !filled {
            let mut tally = DigitTally::new(self.model);
            if !tally.check_all(self.model, &self.state) {
                self.observer.event(Event::Contradiction);
                return Ok(Outcome::Complete);
            }
            if self.tally_after != u64::MAX {
                self.tally = Some(tally);
            }
        }
        self.arena.extend(0..self.model.vars as u32);
        self.frames.push(Frame::Search {
            start: 0,
            len: self.model.vars as u32,
            slot: NO_SLOT,
            checked: u32::MAX,
        });
        loop {
            if let Step::Stop = self.descend(sink) {
                return Ok(Outcome::Stopped);
            }
            if self.cancelled || !self.backtrack() {
                break;
            }
        }
        if self.cancelled {
            Err(Cancelled)
        } else {
            Ok(Outcome::Complete)
        }
    }

    /// Counts work and polls the cancel token now and then.
    #[inline]
    fn tick(&mut self) -> bool {
        self.work = self.work.wrapping_add(1);
        if self.work.is_multiple_of(1024) && self.cancel.is_cancelled() {
            self.cancelled = true;
        }
        self.cancelled
    }

    /// Processes the agenda until a solution is sent or the branch fails.
    fn descend<F>(&mut self, sink: &mut F) -> Step
    where
        F: FnMut(&Solution) -> ControlFlow<()>,
    {
        loop {
            if self.tick() {
                return Step::Backtrack;
            }
            if self.observer.wants_snapshot() {
                self.send_snapshot();
            }
            let Some(frame) = self.pop_frame() else {
                // Every choice on the stack now has a solution below it.
                self.tainted_below = self.choices.len();
                self.state.read_log.clear();
                self.stats.solutions += 1;
                self.observer.event(Event::Solution);
                return match sink(&self.solution) {
                    ControlFlow::Continue(()) => Step::Backtrack,
                    ControlFlow::Break(()) => Step::Stop,
                };
            };
            match frame {
                Frame::Record { start, len, slot } => self.record(start, len, slot),
                Frame::Search {
                    start,
                    len,
                    slot,
                    checked,
                } => {
                    if !self.search_frame(start, len, slot, checked) {
                        return Step::Backtrack;
                    }
                }
            }
        }
    }

    /// Processes one frame; `false` when the branch has no solution.
    fn search_frame(&mut self, start: u32, len: u32, slot: u32, checked: u32) -> bool {
        if slot != NO_SLOT {
            match self.slots[slot as usize].state {
                SlotState::Complete if self.slots[slot as usize].data.is_empty() => {
                    // A part without solutions dooms the whole split: go back past it instead
                    // of trying every solution of the parts before it.
                    self.fail_to = Some(self.slots[slot as usize].base);
                    return false;
                }
                SlotState::Complete => {
                    let marks = self.marks();
                    let alts = Alternatives::Replay {
                        slot,
                        next: 0,
                        start,
                        len,
                    };
                    return self.open_choice(alts, marks);
                }
                SlotState::Fresh => {
                    self.slots[slot as usize].state = SlotState::Recording;
                    self.push_frame(Frame::Record { start, len, slot });
                    self.recordings.push(Recording {
                        slot,
                        choices: self.choices.len(),
                    });
                }
                SlotState::Recording | SlotState::Overflow => {}
            }
        }
        // Write what is decided; find the undecided variable with the fewest candidates.
        let mut open = 0u32;
        let mut best = u32::MAX;
        let mut best_count = u32::MAX;
        for i in start as usize..(start + len) as usize {
            let v = self.arena[i];
            let d = self.state.domains[v as usize];
            if is_single(d) {
                write(&mut self.solution, self.model.cells, v, digit_of(d));
            } else {
                open += 1;
                let n = branch_rank(d);
                if n < best_count {
                    best_count = n;
                    best = v;
                }
            }
        }
        if open == 0 {
            return true;
        }
        let frame = if split_due(open, checked) {
            let a0 = self.arena.len();
            for i in start as usize..(start + len) as usize {
                let v = self.arena[i];
                if !is_single(self.state.domains[v as usize]) {
                    self.arena.push(v);
                }
            }
            let parts = self.parts(start, len, checked, a0);
            if parts > 1 {
                self.observer.event(Event::Split { parts });
                let mut end = self.arena.len() as u32;
                for k in (0..parts).rev() {
                    let size = self.splitter.sizes[k];
                    end -= size;
                    let slot = if k > 0 {
                        self.new_slot(self.choices.len())
                    } else {
                        NO_SLOT
                    };
                    self.push_frame(Frame::Search {
                        start: end,
                        len: size,
                        slot,
                        checked: size,
                    });
                }
                return true;
            }
            Frame::Search {
                start: a0 as u32,
                len: open,
                slot: NO_SLOT,
                checked: open,
            }
        } else {
            Frame::Search {
                start,
                len,
                slot: NO_SLOT,
                checked,
            }
        };
        let key = self.dead_end_key();
        if key.is_some_and(|k| self.is_dead_end(k)) {
            return false;
        }
        self.push_frame(frame);
        let marks = self.marks();
        let rest = self.state.domains[best as usize];
        let part = match frame {
            Frame::Search { start, len, .. } => &self.arena[start as usize..(start + len) as usize],
            Frame::Record { .. } => unreachable!("a search frame"),
        };
        let lead = lead(self.anchor, &self.state.domains, part, best).unwrap_or(NO_LEAD);
        let alts = Alternatives::Branch {
            var: best,
            rest,
            digit: 0,
            lead,
            index: 0,
            count: rest.count_ones() as u8,
        };
        self.open_choice_keyed(alts, marks, key)
    }

    fn push_frame(&mut self, f: Frame) {
        self.frames.push(f);
        self.log.push(FrameOp::Pushed);
    }

    fn pop_frame(&mut self) -> Option<Frame> {
        let f = self.frames.pop()?;
        self.log.push(FrameOp::Popped(f));
        Some(f)
    }
}

/// Writes a decided variable into a solution: a cell's digit, or a cryptic letter's value.
#[inline]
pub(crate) fn write(solution: &mut Solution, cells: usize, var: u32, digit: u8) {
    let v = var as usize;
    if v < cells {
        solution.digits[v] = digit;
    } else if let Some(letters) = &mut solution.letters {
        letters[v - cells] = digit;
    }
}

#[inline]
pub(crate) fn read(solution: &Solution, cells: usize, var: u32) -> u8 {
    let v = var as usize;
    if v < cells {
        solution.digits[v]
    } else {
        solution.letters.map_or(0, |l| l[v - cells])
    }
}
