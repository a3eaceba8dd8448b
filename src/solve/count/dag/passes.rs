//! The passes over a [`Dag`] kept from one evaluation to the next.
//!
//! `nth`'s walk asks a graph for counts once per decision, and each decision changes the digits
//! of a few steps only. The paths from the start to each state before step `i` depend only on
//! the steps before `i`, and the paths from there to the end only on the steps from `i` on, so
//! after a change at step `c` the passes before `c` (forward) and after it (backward) still hold;
//! an evaluation redoes the steps between the changes and the step it asks about.

use super::{Dag, Paths, digits_of, keeps};
use crate::solve::combos::Mask;

/// The kept passes of a graph, in the width its counts need.
#[derive(Debug, Default)]
pub(super) enum Kept {
    #[default]
    None,
    Small(Passes<u64>),
    Big(Passes<u128>),
}

/// Paths from the start and to the end, per state of the graph's own steps (after those it
/// shares with other graphs), under the digits last evaluated.
#[derive(Debug)]
pub(super) struct Passes<P> {
    /// The stamp of the shared steps' forward pass that the paths into the own steps came
    /// from (0: none shared).
    entry: u64,
    /// Each step's digits, as last evaluated.
    allowed: Vec<Mask>,
    /// Where the states before step `i` begin in `forward` and `backward` (one flat array each,
    /// so that a step's pass touches two short slices and nothing is allocated).
    starts: Vec<usize>,
    /// Paths from the start to each state before step `i` (at `starts[i]..`); current for
    /// `i <= forward_to`.
    forward: Vec<P>,
    forward_to: usize,
    /// Paths from each state before step `i` to the end; current for `i >= backward_from`.
    backward: Vec<P>,
    backward_from: usize,
}

impl<P: Paths> Passes<P> {
    /// Passes under `allowed` (a mask per variable), none of them made yet.
    pub(super) fn new(dag: &Dag, allowed: &[Mask]) -> Self {
        let steps = dag.layers.len();
        let mut starts = Vec::with_capacity(steps + 2);
        starts.push(0);
        for &w in &dag.widths {
            starts.push(starts.last().copied().unwrap_or(0) + w as usize);
        }
        let states = starts[steps + 1];
        let forward = vec![P::default(); states];
        let mut backward = vec![P::default(); states];
        backward[starts[steps]..].fill(P::from(1));
        let mut passes = Passes {
            entry: u64::MAX,
            allowed: (0..steps).map(|s| dag.at(allowed, s)).collect(),
            starts,
            forward,
            forward_to: 0,
            backward,
            backward_from: steps,
        };
        passes.enter(dag, allowed);
        passes
    }

    /// Brings the paths into the own steps' first states to `allowed`: one path into the
    /// start, or those the shared steps' forward pass ends in.
    fn enter(&mut self, dag: &Dag, allowed: &[Mask]) {
        let Some(shared) = &dag.shared else {
            if self.entry != 0 {
                self.forward[0] = P::from(1);
                self.entry = 0;
            }
            return;
        };
        let forward = shared.forward(allowed, shared.layers.len());
        if forward.stamp != self.entry {
            for (to, &n) in self.forward.iter_mut().zip(forward.end()) {
                *to = P::wrap(n);
            }
            self.entry = forward.stamp;
            self.forward_to = 0;
        }
    }

    /// Takes in the digits `allowed`: the passes that cross a step whose digits changed (see
    /// [`keeps`]), or that start from shared paths that changed, are no longer current.
    pub(super) fn update(&mut self, dag: &Dag, allowed: &[Mask]) {
        for (s, kept) in self.allowed.iter_mut().enumerate() {
            let now = dag.at(allowed, s);
            if !keeps(*kept, now) {
                *kept = now;
                self.forward_to = self.forward_to.min(s);
                self.backward_from = self.backward_from.max(s + 1);
            }
        }
        self.enter(dag, allowed);
    }

    /// The states before step `s` in a flat array.
    fn before(&self, s: usize) -> std::ops::Range<usize> {
        self.starts[s]..self.starts[s + 1]
    }

    /// Makes the forward pass current up to the states before step `upto`.
    fn forward(&mut self, dag: &Dag, upto: usize) {
        while self.forward_to < upto {
            let s = self.forward_to;
            dag.layers[s].forward(self.allowed[s], &mut self.forward, &self.starts, s);
            self.forward_to = s + 1;
        }
    }

    /// Makes the backward pass current down to the states before step `from`.
    fn backward(&mut self, dag: &Dag, from: usize) {
        while self.backward_from > from {
            let s = self.backward_from - 1;
            dag.layers[s].backward(self.allowed[s], &mut self.backward, &self.starts, s);
            self.backward_from = s;
        }
    }

    /// The number of paths: the paths to and from the states before a step where both passes
    /// are current, which takes redoing only the steps between the changes. When the paths
    /// into the own steps changed (the shared steps' digits did), that step is their first:
    /// the backward pass made down to it then stays current while only shared digits change.
    pub(super) fn total(&mut self, dag: &Dag) -> u128 {
        let at = match self.forward_to {
            0 => {
                self.backward(dag, 0);
                0
            }
            _ => {
                self.forward(dag, self.backward_from);
                self.backward_from
            }
        };
        let range = self.before(at);
        let (to, from) = (&self.forward[range.clone()], &self.backward[range]);
        to.iter()
            .zip(from)
            .fold(0, |sum, (&t, &f)| sum + (t * f).into())
    }

    /// Per digit of step `s`, the paths through it.
    pub(super) fn digit_counts(&mut self, dag: &Dag, s: usize) -> [u128; 10] {
        self.forward(dag, s);
        self.backward(dag, s + 1);
        let before = &self.forward[self.before(s)];
        let after = &self.backward[self.before(s + 1)];
        let mut counts = [0u128; 10];
        for d in digits_of(self.allowed[s]) {
            let mut n = P::default();
            dag.layers[s].on_digit(d, |from, to| n += before[from] * after[to]);
            counts[usize::from(d)] = n.into();
        }
        counts
    }

    /// Paths to the end from each state before the own steps.
    pub(super) fn paths_on(&mut self, dag: &Dag) -> Vec<u128> {
        self.backward(dag, 0);
        self.backward[self.before(0)]
            .iter()
            .map(|&n| n.into())
            .collect()
    }

    /// Writes into `out` (a digit per own step's variable) the path from the state `state`
    /// before the own steps that takes the lowest digit at each step among those that still
    /// reach the end; `false` if there is none.
    pub(super) fn pick(&mut self, dag: &Dag, out: &mut [u8], mut state: u32) -> bool {
        self.backward(dag, 0);
        let alive =
            |s: usize, state: u32| self.backward[self.starts[s] + state as usize] != P::default();
        if !alive(0, state) {
            return false;
        }
        let first = dag.first();
        for s in 0..dag.layers.len() {
            let next = digits_of(self.allowed[s]).find_map(|d| {
                let to = dag.layers[s].next(d, state, |to| alive(s + 1, to))?;
                Some((d, to))
            });
            let Some((d, to)) = next else {
                unreachable!("a state with paths to the end has a step on them");
            };
            out[dag.vars[first + s] as usize] = d;
            state = to;
        }
        true
    }
}
