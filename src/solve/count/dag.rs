//! A swept component's states kept as a layered graph, so that `nth` can count the component
//! under its own decisions without counting again.
//!
//! A sweep fills a component's cells in one order; its states after each cell, and the digits
//! that lead from one to the next, form a graph in which every path from the start to the end
//! is one filling that satisfies the runs. Restricting each cell to the digits a later state
//! allows and counting the paths left gives the number of solutions under that state, since
//! propagation never removes a digit that some solution uses. So the counts `nth` asks for on
//! its way down (one per digit of the branching cell, one per part when the component falls
//! apart) are passes over this graph, not fresh counts of the states below.
//!
//! A sweep that starts where an earlier one left off shares that one's first steps
//! ([`Segment`]); its own graph holds only the steps after them.

mod layer;
mod passes;
mod recording;
mod segment;

use std::ops::{AddAssign, Mul};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::solve::combos::{Mask, is_single};
use layer::Layer;
use passes::{Kept, Passes};
pub(crate) use recording::Recording;
use segment::Back;
pub(crate) use segment::Segment;

/// Transitions a recording may hold (8 bytes each) before it gives up; the count goes on.
const MAX_EDGES: usize = 1 << 22;

/// Bytes a recorded transition takes.
const EDGE_BYTES: usize = 8;

/// What a sweep reports of its transitions besides their counts.
pub(crate) trait Trace {
    /// What the sweep keeps per state: its count, and what the trace needs to know it by.
    type Slot: Slot;
    /// A new step: the next transitions fill `var`.
    fn step(&mut self, var: u32);
    /// A state new in this step, the `arrived`-th to arrive, with no fillings yet.
    fn fresh(&mut self, arrived: usize) -> Self::Slot;
    /// The digit `digit` leads from the state `from` (before the step) to `to` (after it).
    fn edge(&mut self, from: Self::Slot, to: Self::Slot, digit: u8);
    /// A state's count went past what its slot holds: the sweep gives up.
    fn overflow(&mut self);
    /// What the trace keeps of the steps so far for a later sweep that makes the same steps.
    type Sealed: Clone + std::fmt::Debug;
    /// The steps so far, for a later sweep that starts after them; `None` if not kept.
    fn seal(&mut self) -> Option<Self::Sealed>;
    /// Starts after the steps `sealed` holds: the sweep's states are those they ended in.
    fn resume(&mut self, sealed: &Self::Sealed);
    /// Whether the sweep may start where an earlier one left off and keep its steps for later.
    fn shares(&self) -> bool {
        true
    }
}

/// A state's fillings as the sweep holds them.
pub(crate) trait Slot: Copy {
    /// A state reached by `n` fillings so far.
    fn reached(self, n: u128) -> Self;
    /// The fillings that reach the state.
    fn count(self) -> u128;
    /// Adds `n` fillings; `None` past what the slot holds.
    fn add(self, n: u128) -> Option<Self>;
    /// The slot as a number, to keep for a later sweep.
    fn raw(self) -> u128;
    /// A slot kept as [`Slot::raw`].
    fn from_raw(raw: u128) -> Self;
}

impl Slot for u128 {
    #[inline(always)]
    fn reached(self, n: u128) -> u128 {
        n
    }
    #[inline(always)]
    fn count(self) -> u128 {
        self
    }
    #[inline(always)]
    fn add(self, n: u128) -> Option<u128> {
        self.checked_add(n)
    }
    fn raw(self) -> u128 {
        self
    }
    fn from_raw(raw: u128) -> u128 {
        raw
    }
}

/// Keeps nothing: the plain count.
impl Trace for () {
    type Slot = u128;
    #[inline(always)]
    fn step(&mut self, _: u32) {}
    #[inline(always)]
    fn fresh(&mut self, _: usize) -> u128 {
        0
    }
    #[inline(always)]
    fn edge(&mut self, _: u128, _: u128, _: u8) {}
    fn overflow(&mut self) {}
    type Sealed = ();
    fn seal(&mut self) -> Option<()> {
        Some(())
    }
    fn resume(&mut self, _: &()) {}
}

/// Bits of a [`Numbered`] slot that hold the state's number.
const ID_BITS: u32 = 24;

/// A state's fillings (up to 2^104) and its number in its step (in order of arrival), in one
/// `u128` so that the sweep's table stays as compact as without a recording.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numbered(u128);

impl Numbered {
    fn id(self) -> u64 {
        (self.0 & ((1 << ID_BITS) - 1)) as u64
    }
}

impl Slot for Numbered {
    #[inline(always)]
    fn reached(self, n: u128) -> Numbered {
        Numbered(n << ID_BITS | self.0 & ((1 << ID_BITS) - 1))
    }
    #[inline(always)]
    fn count(self) -> u128 {
        self.0 >> ID_BITS
    }
    #[inline(always)]
    fn add(self, n: u128) -> Option<Numbered> {
        let sum = self.count().checked_add(n)?;
        (sum >> (128 - ID_BITS) == 0).then(|| self.reached(sum))
    }
    fn raw(self) -> u128 {
        self.0
    }
    fn from_raw(raw: u128) -> Numbered {
        Numbered(raw)
    }
}

/// Whether a step's digits kept from an earlier pass count as the digits `now` would.
///
/// They do when they hold `now` and `now` is not a decided digit. `now` comes from a state's
/// domains, and the paths that agree with its decided variables are the paths within them
/// (propagation never removes a digit some solution uses), so any masks between the domains
/// and "any digit but where decided" count the same; keeping the old ones spares redoing the
/// passes for digits that propagation removed near a decision.
fn keeps(kept: Mask, now: Mask) -> bool {
    kept == now || !is_single(now) && kept & now == now
}

/// A swept component's states and transitions, step by step (see the module's notes): its first
/// steps perhaps shared with other graphs ([`Segment`]), and its own with their living states.
#[derive(Debug)]
pub(crate) struct Dag {
    /// The variable each step fills.
    vars: Vec<u32>,
    /// The steps it shares with other graphs (`vars[..first]`), if any.
    shared: Option<Arc<Segment>>,
    /// States before each of its own steps (the first: those the shared steps end in), and
    /// after the last.
    widths: Vec<u32>,
    /// Its own steps' transitions.
    layers: Vec<Layer>,
    /// Whether every count fits in a `u64` (then the passes use it: half the memory traffic).
    small: bool,
    /// The passes of the last evaluation (see [`passes`]).
    kept: Mutex<Kept>,
    /// Bytes of the shared steps that no graph made before held.
    sealed: usize,
}

/// The digits of a mask that a step can take (1 to 9).
fn digits_of(mask: Mask) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask >> d & 1 != 0)
}

/// Numbers of paths: `u64` when the component's count fits, else `u128`.
trait Paths:
    Copy + Default + PartialEq + AddAssign + Mul<Output = Self> + Into<u128> + From<u8>
{
    /// `n` in this width; cut short only where no path goes on (the count fits otherwise).
    fn wrap(n: u128) -> Self;
}

impl Paths for u64 {
    fn wrap(n: u128) -> u64 {
        n as u64
    }
}
impl Paths for u128 {
    fn wrap(n: u128) -> u128 {
        n
    }
}

impl Dag {
    /// The number of fillings the digits `allowed` (a mask per variable) leave.
    pub(crate) fn count(&self, allowed: &[Mask]) -> u128 {
        match &mut *self.passes(allowed) {
            Kept::Small(passes) => passes.total(self),
            Kept::Big(passes) => passes.total(self),
            Kept::None => unreachable!("passes were made"),
        }
    }

    /// Per digit of `var`, the fillings `allowed` leave with `var` taking it.
    pub(crate) fn digit_counts(&self, allowed: &[Mask], var: u32) -> [u128; 10] {
        let s = self
            .vars
            .iter()
            .position(|&v| v == var)
            .expect("the variable is in the component");
        let first = self.first();
        if s < first {
            return self.shared_digit_counts(allowed, s);
        }
        match &mut *self.passes(allowed) {
            Kept::Small(passes) => passes.digit_counts(self, s - first),
            Kept::Big(passes) => passes.digit_counts(self, s - first),
            Kept::None => unreachable!("passes were made"),
        }
    }

    /// Writes into `out` (a digit per variable) the filling that `allowed` leaves that takes
    /// the lowest digit at each step; `false` if there is none.
    pub(crate) fn pick(&self, allowed: &[Mask], out: &mut [u8]) -> bool {
        let Some(shared) = &self.shared else {
            return match &mut *self.passes(allowed) {
                Kept::Small(passes) => passes.pick(self, out, 0),
                Kept::Big(passes) => passes.pick(self, out, 0),
                Kept::None => unreachable!("passes were made"),
            };
        };
        // Down from the start through the shared steps, on states with paths to the end.
        let chain = shared.chain();
        let back = self.shared_backward(allowed, &chain, 0);
        if back.at(0)[0] == 0 {
            return false;
        }
        let mut state = 0u32;
        for segment in &chain {
            for (s, layer) in segment.layers.iter().enumerate() {
                let step = segment.first + s;
                let var = segment.vars[s];
                let after = back.at(step + 1);
                let next = digits_of(back.masks[step]).find_map(|d| {
                    let to = layer.next(d, state, |to| after[to as usize] != 0)?;
                    Some((d, to))
                });
                let Some((d, to)) = next else {
                    unreachable!("a state with paths to the end has a step on them");
                };
                out[var as usize] = d;
                state = to;
            }
        }
        drop(back);
        match &mut *self.passes(allowed) {
            Kept::Small(passes) => passes.pick(self, out, state),
            Kept::Big(passes) => passes.pick(self, out, state),
            Kept::None => unreachable!("passes were made"),
        }
    }

    /// Paths to the end from each state the shared steps end in.
    fn paths_after_shared(&self, allowed: &[Mask]) -> Vec<u128> {
        match &mut *self.passes(allowed) {
            Kept::Small(passes) => passes.paths_on(self),
            Kept::Big(passes) => passes.paths_on(self),
            Kept::None => unreachable!("passes were made"),
        }
    }

    /// Per digit of the shared step `s`, the fillings through it: the kept paths from the
    /// start to the states before it, and to the end from those after it.
    fn shared_digit_counts(&self, allowed: &[Mask], s: usize) -> [u128; 10] {
        let chain = self.shared.as_ref().expect("a shared step").chain();
        let back = self.shared_backward(allowed, &chain, s + 1);
        let after = back.at(s + 1);
        let segment = chain
            .iter()
            .find(|c| c.first <= s && s < c.end_step())
            .expect("the step is shared");
        let local = s - segment.first;
        let forward = segment.forward(allowed, local);
        let before = forward.before(local);
        let mut counts = [0u128; 10];
        for d in digits_of(forward.allowed(local)) {
            let mut n = 0;
            segment.layers[local].on_digit(d, |from, to| n += before[from] * after[to]);
            counts[usize::from(d)] = n;
        }
        counts
    }

    /// The paths to the end from the shared steps' states, current for the states before
    /// steps `down_to..`, kept with the last shared segment (`chain`'s) for the paths after it
    /// that were last asked about (this graph's, or another's that ends alike): the walk asks
    /// one graph about one variable after another, each time changing the digits of a few
    /// steps, so the steps after the last change keep their paths.
    fn shared_backward<'c>(
        &self,
        allowed: &[Mask],
        chain: &'c [Arc<Segment>],
        down_to: usize,
    ) -> MutexGuard<'c, Back> {
        let junction = self.paths_after_shared(allowed);
        let last = chain.last().expect("a shared segment");
        let mut back = last.back.lock().unwrap_or_else(PoisonError::into_inner);
        let first = self.first();
        if back.starts.is_empty() {
            let mut starts = vec![0];
            for segment in chain {
                for &w in &segment.widths[..segment.layers.len()] {
                    starts.push(starts.last().expect("one at least") + w as usize);
                }
            }
            starts.push(starts.last().expect("one at least") + junction.len());
            back.paths = vec![0; *starts.last().expect("one at least")];
            back.starts = starts;
        }
        if back.junction != junction {
            back.masks = (0..first).map(|t| allowed[self.vars[t] as usize]).collect();
            let at = back.starts[first];
            back.paths[at..].copy_from_slice(&junction);
            back.junction = junction;
            back.valid_from = first;
        } else {
            let Back {
                masks, valid_from, ..
            } = &mut *back;
            for (t, kept) in masks.iter_mut().enumerate() {
                let now = allowed[self.vars[t] as usize];
                if !keeps(*kept, now) {
                    *kept = now;
                    *valid_from = (*valid_from).max(t + 1);
                }
            }
        }
        let mut segments = chain.iter().rev().peekable();
        while back.valid_from > down_to {
            let t = back.valid_from - 1;
            while segments.peek().is_some_and(|c| c.first > t) {
                segments.next();
            }
            let segment = segments.peek().expect("the step is shared");
            let local = t - segment.first;
            let Back {
                masks,
                starts,
                paths,
                ..
            } = &mut *back;
            segment.layers[local].backward(masks[t], paths, starts, t);
            back.valid_from = t;
        }
        back
    }

    /// The kept passes, brought to the digits `allowed`.
    fn passes(&self, allowed: &[Mask]) -> MutexGuard<'_, Kept> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        match &mut *kept {
            Kept::None if self.small => *kept = Kept::Small(Passes::new(self, allowed)),
            Kept::None => *kept = Kept::Big(Passes::new(self, allowed)),
            Kept::Small(passes) => passes.update(self, allowed),
            Kept::Big(passes) => passes.update(self, allowed),
        }
        kept
    }

    /// The variables the graph fills, in its steps' order.
    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    /// Whether its first steps are shared with other graphs.
    #[cfg(test)]
    pub(crate) fn shares_steps(&self) -> bool {
        self.shared.is_some()
    }

    /// Steps shared with other graphs.
    fn first(&self) -> usize {
        self.shared.as_ref().map_or(0, |s| s.end_step())
    }

    /// One past the highest variable the graph fills: the length `allowed` must reach.
    fn scope_end(&self) -> usize {
        self.vars.iter().max().map_or(0, |&v| v as usize + 1)
    }

    /// The digits its own step `s` may take under `allowed` (a mask per variable).
    #[inline]
    fn at(&self, allowed: &[Mask], s: usize) -> Mask {
        allowed[self.vars[self.first() + s] as usize]
    }

    /// Bytes held (approximately), with the shared steps it was the first to hold.
    pub(crate) fn bytes(&self) -> usize {
        let edges: usize = self.layers.iter().map(Layer::bytes).sum();
        let per_step = std::mem::size_of::<Layer>() + 4 + 4 + 2 * 24;
        let states: usize = self.widths.iter().map(|&w| w as usize).sum();
        // The passes a walk keeps: paths to and from every state.
        let per_state = if self.small { 2 * 8 } else { 2 * 16 };
        edges + per_step * self.layers.len() + per_state * states + self.sealed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_numbered_slot_keeps_its_number_and_refuses_past_its_width() {
        let slot = Numbered(5).reached(3);
        assert_eq!((slot.count(), slot.id()), (3, 5));
        let more = slot.add(4).unwrap();
        assert_eq!((more.count(), more.id()), (7, 5));
        assert!(slot.add((1 << 104) - 3).is_none());
        assert_eq!(
            slot.add((1 << 104) - 4).map(Slot::count),
            Some((1 << 104) - 1)
        );
    }
}
