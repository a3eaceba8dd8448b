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

mod passes;

use std::ops::{AddAssign, Mul};
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::sweep::States;
use crate::solve::combos::Mask;
use passes::{Kept, Passes};

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
    /// Whether the trace keeps nothing but counts, so that a sweep may start from states an
    /// earlier sweep reached ([`Trace::plain`]).
    const PLAIN: bool = false;
    /// A step's states as plain counts, when the trace keeps nothing else.
    fn plain(_states: &mut States<Self::Slot>) -> Option<&mut States<u128>> {
        None
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
    const PLAIN: bool = true;
    fn plain(states: &mut States<u128>) -> Option<&mut States<u128>> {
        Some(states)
    }
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
}

/// A sweep's transitions as it runs.
#[derive(Default)]
pub(crate) struct Recording {
    vars: Vec<u32>,
    /// Per step, its transitions packed as `from << 32 | digit << 28 | to`.
    layers: Vec<Vec<u64>>,
    edges: usize,
    /// The transitions it may hold.
    room: usize,
    /// Too many transitions: nothing more is kept.
    full: bool,
    /// A count went past what a slot holds (2^104): the sweep gave up because of the recording.
    overflowed: bool,
}

impl Trace for Recording {
    type Slot = Numbered;

    fn step(&mut self, var: u32) {
        if !self.full {
            self.vars.push(var);
            self.layers.push(Vec::new());
        }
    }

    #[inline]
    fn fresh(&mut self, arrived: usize) -> Numbered {
        if arrived >= 1 << ID_BITS {
            // Past what a slot can number: this sweep is not recorded.
            self.give_up();
            return Numbered(0);
        }
        Numbered(arrived as u128)
    }

    #[inline]
    fn edge(&mut self, from: Numbered, to: Numbered, digit: u8) {
        if self.full {
            return;
        }
        self.layers
            .last_mut()
            .expect("a step began")
            .push(from.id() << 32 | u64::from(digit) << 28 | to.id());
        self.edges += 1;
        if self.edges > self.room {
            self.give_up();
        }
    }

    fn overflow(&mut self) {
        self.give_up();
        self.overflowed = true;
    }
}

impl Recording {
    /// Whether the sweep gave up only because a count outgrew the recording's slots (a plain
    /// sweep may still take it).
    pub(crate) fn overflowed(&self) -> bool {
        self.overflowed
    }

    fn give_up(&mut self) {
        *self = Recording {
            full: true,
            ..Recording::default()
        };
    }

    /// A recording that gives up past `bytes` (and past [`MAX_EDGES`] transitions).
    pub(crate) fn within(bytes: usize) -> Recording {
        Recording {
            room: MAX_EDGES.min(bytes / EDGE_BYTES),
            ..Recording::default()
        }
    }

    /// The graph of the finished sweep over a component of `cells` variables, without the
    /// states that lead to no complete filling; `None` if the recording gave up.
    pub(crate) fn finish(self, cells: usize) -> Option<Dag> {
        if self.full || self.layers.len() != cells {
            return None;
        }
        let steps = self.layers.len();
        // Which states reach the end, from the last step back.
        let mut alive: Vec<Vec<bool>> = vec![Vec::new(); steps + 1];
        alive[steps] = vec![true; self.width_before(steps)];
        for s in (0..steps).rev() {
            let width = if s == 0 { 1 } else { self.width_before(s) };
            let mut here = vec![false; width];
            for &e in &self.layers[s] {
                let (from, _, to) = unpack(e);
                if alive[s + 1][to] {
                    here[from] = true;
                }
            }
            alive[s] = here;
        }
        if !alive[0].first().is_some_and(|&live| live) {
            // No filling at all: nothing to walk through.
            return None;
        }
        // Number the living states afresh and keep the edges between them.
        let numbers: Vec<Vec<u32>> = alive
            .iter()
            .map(|a| {
                let mut n = 0;
                a.iter()
                    .map(|&live| {
                        let id = n;
                        n += u32::from(live);
                        id
                    })
                    .collect()
            })
            .collect();
        let widths = alive
            .iter()
            .map(|a| a.iter().filter(|&&x| x).count() as u32)
            .collect();
        let layers = self
            .layers
            .iter()
            .enumerate()
            .map(|(s, edges)| {
                let mut kept: Vec<(u8, Edge)> = edges
                    .iter()
                    .map(|&e| unpack(e))
                    .filter(|&(_, _, to)| alive[s + 1][to])
                    .map(|(from, digit, to)| {
                        let (from, to) = (numbers[s][from], numbers[s + 1][to]);
                        (digit, Edge { from, to })
                    })
                    .collect();
                kept.sort_unstable_by_key(|&(digit, e)| (digit, e.from));
                let mut starts = [0u32; 11];
                for &(digit, _) in &kept {
                    starts[usize::from(digit) + 1] += 1;
                }
                for d in 0..10 {
                    starts[d + 1] += starts[d];
                }
                let digits = (1..10)
                    .filter(|&d| starts[d + 1] > starts[d])
                    .fold(0, |m: Mask, d| m | 1 << d);
                Layer {
                    edges: kept.into_iter().map(|(_, e)| e).collect(),
                    starts,
                    digits,
                }
            })
            .collect();
        let mut dag = Dag {
            vars: self.vars,
            widths,
            layers,
            small: false,
            kept: Mutex::default(),
        };
        let all: Vec<Mask> = vec![Mask::MAX; dag.scope_end()];
        dag.small = u64::try_from(Passes::<u128>::new(&dag, &all).total(&dag)).is_ok();
        Some(dag)
    }

    /// The states before step `s` (after step `s - 1`), from the largest number its
    /// transitions reached.
    fn width_before(&self, s: usize) -> usize {
        self.layers[s - 1]
            .iter()
            .map(|&e| unpack(e).2 + 1)
            .max()
            .unwrap_or(0)
    }
}

fn unpack(e: u64) -> (usize, u8, usize) {
    (
        (e >> 32) as usize,
        (e >> 28 & 0xF) as u8,
        (e & 0x0FFF_FFFF) as usize,
    )
}

/// One transition: from a state before a step to a state after it.
#[derive(Clone, Copy, Debug)]
struct Edge {
    from: u32,
    to: u32,
}

/// A step's transitions grouped by digit, so that a pass reads only the digits allowed.
#[derive(Debug)]
struct Layer {
    /// By digit, then by source.
    edges: Vec<Edge>,
    /// Digit `d`'s transitions are `edges[starts[d]..starts[d + 1]]`.
    starts: [u32; 11],
    /// The digits with transitions.
    digits: Mask,
}

impl Layer {
    fn with_digit(&self, d: u8) -> &[Edge] {
        let d = usize::from(d);
        &self.edges[self.starts[d] as usize..self.starts[d + 1] as usize]
    }

    /// Calls `f` on each transition whose digit `allowed` holds; in one run over them all when
    /// it holds every digit the step has (most steps of a pass are undecided cells).
    #[inline]
    fn each(&self, allowed: Mask, mut f: impl FnMut(&Edge)) {
        if allowed & self.digits == self.digits {
            self.edges.iter().for_each(f);
            return;
        }
        let mut left = allowed & self.digits;
        while left != 0 {
            let d = left.trailing_zeros() as u8;
            left &= left - 1;
            self.with_digit(d).iter().for_each(&mut f);
        }
    }
}

/// A swept component's living states and transitions, step by step (see the module's notes).
#[derive(Debug)]
pub(crate) struct Dag {
    /// The variable each step fills.
    vars: Vec<u32>,
    /// States before each step, and after the last.
    widths: Vec<u32>,
    /// Each step's transitions.
    layers: Vec<Layer>,
    /// Whether every count fits in a `u64` (then the passes use it: half the memory traffic).
    small: bool,
    /// The passes of the last evaluation (see [`passes`]).
    kept: Mutex<Kept>,
}

/// The digits of a mask that a step can take (1 to 9).
fn digits_of(mask: Mask) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask >> d & 1 != 0)
}

/// Numbers of paths: `u64` when the component's count fits, else `u128`.
trait Paths:
    Copy + Default + PartialEq + AddAssign + Mul<Output = Self> + Into<u128> + From<u8>
{
}

impl Paths for u64 {}
impl Paths for u128 {}

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
        match &mut *self.passes(allowed) {
            Kept::Small(passes) => passes.digit_counts(self, s),
            Kept::Big(passes) => passes.digit_counts(self, s),
            Kept::None => unreachable!("passes were made"),
        }
    }

    /// Writes into `out` (a digit per variable) one filling that `allowed` leaves; `false` if
    /// there is none.
    pub(crate) fn pick(&self, allowed: &[Mask], out: &mut [u8]) -> bool {
        match &mut *self.passes(allowed) {
            Kept::Small(passes) => passes.pick(self, out),
            Kept::Big(passes) => passes.pick(self, out),
            Kept::None => unreachable!("passes were made"),
        }
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

    /// One past the highest variable the graph fills: the length `allowed` must reach.
    fn scope_end(&self) -> usize {
        self.vars.iter().max().map_or(0, |&v| v as usize + 1)
    }

    /// The digits step `s` may take under `allowed` (a mask per variable).
    #[inline]
    fn at(&self, allowed: &[Mask], s: usize) -> Mask {
        allowed[self.vars[s] as usize]
    }

    /// Bytes held (approximately).
    pub(crate) fn bytes(&self) -> usize {
        let edges: usize = self.layers.iter().map(|l| l.edges.len()).sum();
        let per_step = std::mem::size_of::<Layer>() + 4 + 4 + 2 * 24;
        let states: usize = self.widths.iter().map(|&w| w as usize).sum();
        // The passes a walk keeps: paths to and from every state.
        let per_state = if self.small { 2 * 8 } else { 2 * 16 };
        edges * std::mem::size_of::<Edge>() + per_step * self.vars.len() + per_state * states
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
