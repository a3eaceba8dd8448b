//! `State`: the search's mutable part — domains, live digit sets, the undo trail and the
//! propagation queue. Every change goes through [`State::set_domain`] or
//! [`State::set_live`], which record the old value so [`State::undo`] can put it back.

use super::combos::Mask;
use super::model::Model;

/// A point on the trail to come back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    domain_trail: Vec<(u32, Mask)>,
    live_trail: Vec<(u32, u128)>,
    pub(super) queue: Vec<u32>,
    pub(super) queued: Vec<bool>,
    /// Constraint revisions done so far.
    pub revisions: u64,
}

impl State {
    /// The state before any propagation.
    pub fn new(model: &Model) -> State {
        State {
            domains: model.initial_domains.clone(),
            live: model.initial_live.clone(),
            domain_trail: Vec::with_capacity(4 * model.vars),
            live_trail: Vec::with_capacity(model.constraints.len()),
            queue: Vec::with_capacity(model.constraints.len()),
            queued: vec![false; model.constraints.len()],
            revisions: 0,
        }
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
        while self.domain_trail.len() > mark.domains {
            let (v, old) = self
                .domain_trail
                .pop()
                .expect("trail is longer than the mark");
            self.domains[v as usize] = old;
        }
        while self.live_trail.len() > mark.live {
            let (c, old) = self
                .live_trail
                .pop()
                .expect("trail is longer than the mark");
            self.live[c as usize] = old;
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
        self.domain_trail.push((var as u32, old));
        self.domains[var] = to;
        for &c in model.constraints_of(var) {
            let q = &mut self.queued[c as usize];
            if !*q {
                *q = true;
                self.queue.push(c);
            }
        }
        Ok(())
    }

    /// Replaces a constraint's live sets.
    #[inline]
    pub fn set_live(&mut self, constraint: usize, to: u128) {
        let old = self.live[constraint];
        if old != to {
            self.live_trail.push((constraint as u32, old));
            self.live[constraint] = to;
        }
    }

    /// Queues every constraint (before the first propagation).
    pub fn queue_all(&mut self) {
        for c in 0..self.queued.len() {
            if !self.queued[c] {
                self.queued[c] = true;
                self.queue.push(c as u32);
            }
        }
    }

    /// Empties the queue (after a contradiction).
    pub fn clear_queue(&mut self) {
        for c in self.queue.drain(..) {
            self.queued[c as usize] = false;
        }
    }
}
