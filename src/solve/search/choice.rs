//! The search's choices: opening one on a variable or a recorded part, taking its next
//! alternative (checked against the sums' flow and the digits' tally), and backtracking to the
//! deepest one with an alternative left.

use super::super::flow::Flow;
use super::super::observe::{Event, Observer};
use super::super::propagate::assign;
use super::super::state::Mark;
use super::replay::SlotState;
use super::{Alternatives, Choice, FrameOp, Marks, Search, write};

impl<O: Observer> Search<'_, O> {
    /// Pushes a choice and takes its first alternative; `false` (choice removed) if none works.
    pub(super) fn open_choice(&mut self, alts: Alternatives, marks: Marks) -> bool {
        self.open_choice_keyed(alts, marks, None)
    }

    /// [`Search::open_choice`] for a choice opened on the residual problem `key`.
    pub(super) fn open_choice_keyed(
        &mut self,
        alts: Alternatives,
        marks: Marks,
        key: Option<u128>,
    ) -> bool {
        if self.state.read_log.len() > self.compact_at {
            self.compact_log();
        }
        self.serial = self.serial.wrapping_add(1);
        if self.serial == u32::MAX {
            self.state.read_mark.fill(u32::MAX);
            self.serial = 0;
        }
        self.choices.push(Choice {
            alts,
            marks,
            serial: self.serial,
            log_start: self.state.read_log.len() as u32,
            key,
            solutions: self.stats.solutions,
        });
        if let Alternatives::Branch { var, .. } = alts {
            // The branching variable's domain is part of what its failure depends on.
            self.state.read_serial = self.serial;
            for &c in self.model.constraints_of(var as usize) {
                self.state.note_read(c as usize);
            }
        }
        if self.next_alternative() {
            return true;
        }
        let top = self.choices.len() - 1;
        let keep = self.jump_height(top);
        self.searched_out(keep, top);
        if keep < top {
            self.forget_skipped(keep, top);
            self.fail_to = Some(keep);
        }
        self.choices.pop();
        self.tainted_below = self.tainted_below.min(self.choices.len());
        false
    }

    /// Takes the next alternative of the top choice (the state is at its marks).
    fn next_alternative(&mut self) -> bool {
        let top = self.choices.len() - 1;
        let Choice { alts, marks, .. } = self.choices[top];
        match alts {
            Alternatives::Branch {
                var,
                mut rest,
                lead,
                mut index,
                count,
                ..
            } => {
                self.state.level = self.choices.len() as u32;
                self.state.read_serial = self.choices[top].serial;
                while rest != 0 {
                    // The lead first (a mask has no bit `NO_LEAD`), then ascending.
                    let digit = if rest & 1 << lead != 0 {
                        lead
                    } else {
                        rest.trailing_zeros() as u8
                    };
                    rest &= !(1 << digit);
                    index += 1;
                    self.choices[top].alts = Alternatives::Branch {
                        var,
                        rest,
                        digit,
                        lead,
                        index,
                        count,
                    };
                    self.stats.nodes += 1;
                    self.stats.guesses += 1;
                    self.observer.event(Event::Decision {
                        var: var as usize,
                        digit,
                        depth: top,
                    });
                    self.known_good = self.known_good.min(top);
                    if assign(self.model, &mut self.state, var as usize, digit).is_ok()
                        && self.flows(marks.state)
                        && self.tallies(marks.state)
                    {
                        self.observer.event(Event::Propagated {
                            open: self.open_hint(),
                        });
                        return true;
                    }
                    self.stats.backtracks += 1;
                    self.observer.event(Event::Contradiction);
                    self.state.undo(marks.state);
                    if self.stats.backtracks >= self.give_up_after {
                        self.cancelled = true;
                    }
                    if self.stats.solutions == 0 && self.stats.backtracks > self.anchor_after {
                        self.cancelled = true;
                        self.lost = true;
                    }
                    if self.tick() {
                        return false;
                    }
                }
                false
            }
            Alternatives::Replay {
                slot,
                next,
                start,
                len,
            } => {
                let data = &self.slots[slot as usize].data;
                let from = next as usize * len as usize;
                if from >= data.len() {
                    return false;
                }
                let vars = &self.arena[start as usize..(start + len) as usize];
                for (&v, &d) in vars.iter().zip(&data[from..from + len as usize]) {
                    write(&mut self.solution, self.model.cells, v, d);
                }
                self.choices[top].alts = Alternatives::Replay {
                    slot,
                    next: next + 1,
                    start,
                    len,
                };
                true
            }
        }
    }

    /// Whether the sums still have a flow after the changes since `mark` (always, until the
    /// search has backtracked enough to check). A failure logs the runs it rests on as read,
    /// so that backjumping and dead ends see what it depends on.
    fn flows(&mut self, mark: Mark) -> bool {
        if self.stats.backtracks < self.flow_after {
            return true;
        }
        let model = self.model;
        let flow = self.flow.get_or_insert_with(|| Flow::new(model));
        if flow.check(&self.state.domains, self.state.changed_since(mark)) {
            return true;
        }
        for &c in flow.cut() {
            self.state.note_read(c as usize);
        }
        false
    }

    /// Whether each digit can still occur as often as the runs need it after the changes since
    /// `mark` (always, until the search has backtracked enough to check). A failure logs the
    /// runs it rests on as read, as [`Search::flows`] does.
    fn tallies(&mut self, mark: Mark) -> bool {
        if self.stats.backtracks < self.tally_after {
            return true;
        }
        let Some(tally) = &mut self.tally else {
            return true;
        };
        let ok = if self.tally_whole {
            self.tally_whole = false;
            tally.check_all(self.model, &self.state)
        } else {
            tally.check(self.model, &self.state, self.state.changed_since(mark))
        };
        if !ok {
            for &c in tally.cut() {
                self.state.note_read(c as usize);
            }
        }
        ok
    }

    /// Goes back to the deepest choice with an alternative left and takes it.
    pub(super) fn backtrack(&mut self) -> bool {
        if self.stats.backtracks >= self.next_check && !self.cancelled {
            if self.stats.solutions == self.solutions_at_check {
                self.check_stack();
            }
            // A stream that finds solutions is not lost: checks wait until it has gone
            // `guide_after` backtracks without one (noticed here, not on the solutions' path).
            self.solutions_at_check = self.stats.solutions;
            self.next_check = self.stats.backtracks.saturating_add(self.guide_after);
        }
        if let Some(base) = self.fail_to.take() {
            // The choices made since the split (or since the culprit of a failure) cannot
            // help; the recordings they hold are of parts inside the doomed split (freed
            // below) or saw every solution (the skipped branches hold none).
            self.choices.truncate(base);
            self.tainted_below = self.tainted_below.min(self.choices.len());
        }
        while let Some(top) = self.choices.len().checked_sub(1) {
            if self.cancelled {
                return false;
            }
            // Recordings begun inside this choice's current alternative have seen every
            // solution of their part.
            while let Some(r) = self.recordings.last() {
                if r.choices <= top {
                    break;
                }
                let slot = &mut self.slots[r.slot as usize];
                if slot.state == SlotState::Recording {
                    slot.state = SlotState::Complete;
                }
                self.recordings.pop();
            }
            let marks = self.choices[top].marks;
            self.restore(marks);
            if self.next_alternative() {
                return true;
            }
            let keep = self.jump_height(top);
            self.searched_out(keep, top);
            if keep < top {
                self.forget_skipped(keep, top);
            }
            for depth in (keep..=top).rev() {
                self.observer.event(Event::Backtrack { depth });
            }
            self.choices.truncate(keep);
            self.tainted_below = self.tainted_below.min(keep);
        }
        false
    }

    pub(super) fn marks(&self) -> Marks {
        Marks {
            state: self.state.mark(),
            log: self.log.len(),
            arena: self.arena.len(),
            slots: self.live_slots,
        }
    }

    fn restore(&mut self, marks: Marks) {
        self.state.undo(marks.state);
        while self.log.len() > marks.log {
            match self.log.pop() {
                Some(FrameOp::Popped(f)) => self.frames.push(f),
                Some(FrameOp::Pushed) => {
                    self.frames.pop();
                }
                None => break,
            }
        }
        self.arena.truncate(marks.arena);
        while self.live_slots > marks.slots {
            self.live_slots -= 1;
            let slot = &mut self.slots[self.live_slots];
            self.cached_bytes -= slot.data.len();
            slot.data.clear();
        }
    }
}
