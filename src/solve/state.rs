//! `State`: the search's mutable part — domains, live digit sets, the undo trail and the
//! propagation queue. Every change goes through [`State::set_domain`] or
//! [`State::set_live`], which record the old value so [`State::undo`] can put it back.
//!
//! For backjumping, the search can also have the state note the decision level of every domain
//! change and log which constraints propagation revised (see `search`).

use super::combos::Mask;
use super::model::Model;

/// A point on the trail to come back to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    domains: usize,
    live: usize,
}

/// A constraint could not be satisfied: the current branch has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Domains, live sets, trail and queue of one search.
#[derive(Clone, Debug)]
pub struct State {
    /// Candidate digits per variable (never empty in a consistent state).
    pub domains: Vec<Mask>,
    /// Live digit sets per constraint (runs with a sum or a cipher; unused otherwise).
    pub live: Vec<u128>,
    domain_trail: Vec<(u32, Mask, u32)>,
    live_trail: Vec<(u32, u128)>,
    /// How much of the domain trail is as it was when a reader last looked (see
    /// [`State::unseen`]); undoing below it lowers it.
    seen: usize,
    pub(super) queue: Vec<u32>,
    pub(super) queued: Vec<bool>,
    /// Constraint revisions done so far.
    pub revisions: u64,
    /// The constraint whose revision found the last contradiction.
    pub failed: u32,
    /// The decision level that domain changes are made at now (0 unless the search sets it).
    pub(super) level: u32,
    /// Per variable, the level of its domain's last change.
    pub(super) var_level: Vec<u32>,
    /// Whether propagation logs the constraints it revises into `read_log`.
    pub(super) track_reads: bool,
    /// Revised constraints, each logged once per `read_serial`.
    pub(super) read_log: Vec<u32>,
    pub(super) read_mark: Vec<u32>,
    pub(super) read_serial: u32,
    /// Whether changes are noted in `dirty` (for the search's keys of residual problems).
    pub(super) track_changes: bool,
    /// Whether revisions are quick (a probe's): a run with many undecided cells keeps each
    /// digit set that passes the whole-word filters, without matching its cells onto it (see
    /// `propagate::QUICK_MATCH_UP_TO`).
    pub(super) quick: bool,
    /// Variables whose domains and constraints whose live sets changed since the last look.
    pub(super) dirty: Dirty,
}

/// Variables and constraints changed since the search last looked (see `track_changes`).
#[derive(Clone, Debug, Default)]
pub(super) struct Dirty {
    pub(super) vars: Vec<u32>,
    pub(super) var_flag: Vec<bool>,
    pub(super) constraints: Vec<u32>,
    pub(super) constraint_flag: Vec<bool>,
}

impl Dirty {
    #[inline]
    fn var(&mut self, v: u32) {
        if !self.var_flag[v as usize] {
            self.var_flag[v as usize] = true;
            self.vars.push(v);
        }
    }

    /// Notes a constraint as changed.
    #[inline]
    pub(super) fn constraint(&mut self, c: u32) {
        if !self.constraint_flag[c as usize] {
            self.constraint_flag[c as usize] = true;
            self.constraints.push(c);
        }
    }
}

impl State {
    /// The state before any propagation.
    pub fn new(model: &Model) -> State {
        State {
            domains: model.initial_domains.clone(),
            live: model.initial_live.clone(),
            domain_trail: Vec::with_capacity(4 * model.vars),
            live_trail: Vec::with_capacity(model.constraints.len()),
            seen: 0,
            queue: Vec::with_capacity(model.constraints.len()),
            queued: vec![false; model.constraints.len()],
            revisions: 0,
            failed: 0,
            level: 0,
            var_level: vec![0; model.vars],
            track_reads: false,
            read_log: Vec::new(),
            read_mark: vec![u32::MAX; model.constraints.len()],
            read_serial: 0,
            track_changes: false,
            quick: false,
            dirty: Dirty {
                vars: Vec::new(),
                var_flag: vec![false; model.vars],
                constraints: Vec::new(),
                constraint_flag: vec![false; model.constraints.len()],
            },
        }
    }

    /// Makes this state a copy of `other`'s domains and live sets, with an empty trail.
    pub(crate) fn copy_from(&mut self, other: &State) {
        self.domains.copy_from_slice(&other.domains);
        self.live.copy_from_slice(&other.live);
        self.domain_trail.clear();
        self.live_trail.clear();
        self.seen = 0;
        self.clear_queue();
    }

    /// The current trail position.
    #[inline]
    pub fn mark(&self) -> Mark {
        Mark {
            domains: self.domain_trail.len(),
            live: self.live_trail.len(),
        }
    }

    /// Undoes every change made since `mark`.
    #[inline]
    pub fn undo(&mut self, mark: Mark) {
        self.seen = self.seen.min(mark.domains);
        while self.domain_trail.len() > mark.domains {
            let (v, old, level) = self
                .domain_trail
                .pop()
                .expect("trail is longer than the mark");
            self.domains[v as usize] = old;
            self.var_level[v as usize] = level;
            if self.track_changes {
                self.dirty.var(v);
            }
        }
        while self.live_trail.len() > mark.live {
            let (c, old) = self
                .live_trail
                .pop()
                .expect("trail is longer than the mark");
            self.live[c as usize] = old;
            if self.track_changes {
                self.dirty.constraint(c);
            }
        }
    }

    /// Narrows a variable's domain to `to` (a subset of the current one), queueing its
    /// constraints; an empty domain is a contradiction.
    #[inline]
    pub fn set_domain(&mut self, model: &Model, var: usize, to: Mask) -> Result<(), Contradiction> {
        let old = self.domains[var];
        if to == old {
            return Ok(());
        }
        if to == 0 {
            return Err(Contradiction);
        }
        self.domain_trail
            .push((var as u32, old, self.var_level[var]));
        self.domains[var] = to;
        self.var_level[var] = self.level;
        if self.track_changes {
            self.dirty.var(var as u32);
        }
        for &c in model.constraints_of(var) {
            self.enqueue(c);
        }
        Ok(())
    }

    /// Queues constraint `c` for revision, unless it is queued already.
    #[inline]
    pub(super) fn enqueue(&mut self, c: u32) {
        let q = &mut self.queued[c as usize];
        if !*q {
            *q = true;
            self.queue.push(c);
        }
    }

    /// Replaces a constraint's live sets.
    #[inline]
    pub fn set_live(&mut self, constraint: usize, to: u128) {
        let old = self.live[constraint];
        if old != to {
            self.live_trail.push((constraint as u32, old));
            self.live[constraint] = to;
            if self.track_changes {
                self.dirty.constraint(constraint as u32);
            }
        }
    }

    /// Queues every constraint (before the first propagation).
    pub fn queue_all(&mut self) {
        for c in 0..self.queued.len() as u32 {
            self.enqueue(c);
        }
    }

    /// The variables whose domains changed since `mark` (some more than once).
    pub(super) fn changed_since(&self, mark: Mark) -> impl Iterator<Item = u32> + '_ {
        self.domain_trail[mark.domains..].iter().map(|&(v, _, _)| v)
    }

    /// The variables whose domains narrowed since the last [`State::see`] and are still
    /// narrowed (some more than once), for a reader that follows the state whatever branch it
    /// is on: what was undone since only widened.
    pub(crate) fn unseen(&self) -> impl Iterator<Item = u32> + '_ {
        self.domain_trail[self.seen..].iter().map(|&(v, _, _)| v)
    }

    /// Whether no domain narrowed since the last [`State::see`].
    pub(crate) fn all_seen(&self) -> bool {
        self.seen == self.domain_trail.len()
    }

    /// Notes that the reader of [`State::unseen`] has taken in every change so far.
    pub(crate) fn see(&mut self) {
        self.seen = self.domain_trail.len();
    }

    /// How many changes the trail holds.
    #[inline]
    pub(super) fn trail_len(&self) -> usize {
        self.domain_trail.len() + self.live_trail.len()
    }

    /// Logs constraint `c` as read under the current serial (when reads are tracked).
    #[inline]
    pub(super) fn note_read(&mut self, c: usize) {
        if self.track_reads && self.read_mark[c] != self.read_serial {
            self.read_mark[c] = self.read_serial;
            self.read_log.push(c as u32);
        }
    }

    /// Empties the queue (after a contradiction).
    pub fn clear_queue(&mut self) {
        for c in self.queue.drain(..) {
            self.queued[c as usize] = false;
        }
    }
}
