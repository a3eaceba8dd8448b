//! Steps that several sweeps' graphs share.
//!
//! Branching next to a component too wide to sweep offers its children to the sweep one after
//! another, and a sweep that starts where an earlier one left off (see the sweep's `resume`)
//! makes the same first steps from the same start: the same states and the same transitions. A
//! recording keeps those steps once, as a segment that the graphs of both sweeps begin with,
//! instead of thousands of graphs of one component each keeping them apart.
//!
//! A segment's states are kept as the sweep numbered them, those that reach no end included:
//! which of them reach an end depends on the steps each graph takes after it. The paths from the
//! start to its states depend only on its steps and those before, so they are kept with it,
//! once for every graph that shares it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::{Layer, keeps};
use crate::solve::combos::Mask;

/// Stamps forward passes, so that the steps after a segment know when its paths changed.
static PASSES: AtomicU64 = AtomicU64::new(1);

/// Steps of a sweep that later sweeps' graphs share (see the module's notes).
#[derive(Debug)]
pub(crate) struct Segment {
    /// The steps before these; `None` when these are the first.
    pub(super) before: Option<Arc<Segment>>,
    /// Steps before this segment.
    pub(super) first: usize,
    /// The variable each step fills.
    pub(super) vars: Vec<u32>,
    /// States before each step, and after the last.
    pub(super) widths: Vec<u32>,
    pub(super) layers: Vec<Layer>,
    /// Paths from the start, under the digits last asked for.
    forward: Mutex<Forward>,
    /// Paths to the end from the states of the steps up to this segment's end, for the paths
    /// after it last asked about (see `Dag::shared_backward`).
    pub(super) back: Mutex<Back>,
    /// Whether a graph's bytes hold this segment's (see [`Segment::claim`]).
    claimed: AtomicBool,
}

/// Paths to a graph's end from the states before the steps up to a segment's end.
#[derive(Debug, Default)]
pub(crate) struct Back {
    /// The paths to the end from the states after the segment, these were made from.
    pub(super) junction: Vec<u128>,
    /// Each step's digits, as last made.
    pub(super) masks: Vec<Mask>,
    /// Where the states before step `t` begin in `paths`.
    pub(super) starts: Vec<usize>,
    pub(super) paths: Vec<u128>,
    /// Current for the states before steps `valid_from..`.
    pub(super) valid_from: usize,
}

impl Back {
    /// Paths to the end from the states before step `t`.
    pub(super) fn at(&self, t: usize) -> &[u128] {
        &self.paths[self.starts[t]..self.starts[t + 1]]
    }
}

/// A segment's forward pass.
#[derive(Debug, Default)]
pub(super) struct Forward {
    /// Each step's digits, as last made.
    allowed: Vec<Mask>,
    /// Where the states before step `i` begin in `paths`.
    starts: Vec<usize>,
    /// Paths from the component's start to each state.
    paths: Vec<u128>,
    /// Current for the states before steps `0..=forward_to`.
    forward_to: usize,
    /// This pass's stamp, new whenever the paths after the segment's last step are made
    /// again; 0 before the first.
    pub(super) stamp: u64,
    /// The stamp of the segment before's pass this one was made from.
    made_from: u64,
}

impl Forward {
    /// Paths to the states before the segment's step `s` (`s` = its steps: after the last).
    pub(super) fn before(&self, s: usize) -> &[u128] {
        &self.paths[self.starts[s]..self.starts[s + 1]]
    }

    /// The states after the segment's last step.
    pub(super) fn end(&self) -> &[u128] {
        self.before(self.allowed.len())
    }

    /// The digits step `s` was made with.
    pub(super) fn allowed(&self, s: usize) -> Mask {
        self.allowed[s]
    }
}

impl Segment {
    /// Steps `first..first + layers.len()` after `before`.
    pub(super) fn new(
        before: Option<Arc<Segment>>,
        first: usize,
        vars: Vec<u32>,
        widths: Vec<u32>,
        layers: Vec<Layer>,
    ) -> Segment {
        Segment {
            before,
            first,
            vars,
            widths,
            layers,
            forward: Mutex::default(),
            back: Mutex::default(),
            claimed: AtomicBool::new(false),
        }
    }

    /// Steps from the start to the end of this segment.
    pub(super) fn end_step(&self) -> usize {
        self.first + self.layers.len()
    }

    /// The segments from the first to this one.
    pub(super) fn chain(self: &Arc<Segment>) -> Vec<Arc<Segment>> {
        let mut chain = vec![Arc::clone(self)];
        while let Some(before) = &chain.last().expect("one at least").before {
            chain.push(Arc::clone(before));
        }
        chain.reverse();
        chain
    }

    /// The forward pass brought to the digits `allowed` (a mask per variable) up to the
    /// states before the segment's step `upto` (its steps: to the end), redoing only the steps
    /// from the first whose digits changed, or all when the paths into this segment did.
    pub(super) fn forward(&self, allowed: &[Mask], upto: usize) -> MutexGuard<'_, Forward> {
        let before = self
            .before
            .as_ref()
            .map(|b| b.forward(allowed, b.layers.len()));
        let made_from = before.as_ref().map_or(0, |b| b.stamp);
        let mut pass = self.forward.lock().unwrap_or_else(PoisonError::into_inner);
        let steps = self.layers.len();
        if pass.starts.is_empty() {
            pass.allowed = self.vars.iter().map(|&v| allowed[v as usize]).collect();
            pass.starts = Vec::with_capacity(steps + 2);
            pass.starts.push(0);
            for &w in &self.widths {
                let last = *pass.starts.last().expect("one at least");
                pass.starts.push(last + w as usize);
            }
            pass.paths = vec![0; pass.starts[steps + 1]];
            pass.forward_to = 0;
            pass.made_from = u64::MAX;
        }
        if pass.made_from != made_from {
            let entry = pass.starts[1];
            match &before {
                Some(b) => pass.paths[..entry].copy_from_slice(b.end()),
                None => pass.paths[0] = 1,
            }
            pass.made_from = made_from;
            pass.forward_to = 0;
        }
        let Forward {
            allowed: masks,
            starts,
            paths,
            forward_to,
            stamp,
            ..
        } = &mut *pass;
        for (s, kept) in masks.iter_mut().enumerate() {
            let now = allowed[self.vars[s] as usize];
            if !keeps(*kept, now) {
                *kept = now;
                *forward_to = (*forward_to).min(s);
            }
        }
        while *forward_to < upto {
            let s = *forward_to;
            self.layers[s].forward(masks[s], paths, starts, s);
            *forward_to = s + 1;
            if s + 1 == steps {
                // Only redoing the last step changes the paths after it.
                *stamp = PASSES.fetch_add(1, Ordering::Relaxed);
            }
        }
        pass
    }

    /// This segment's bytes if no graph holds them yet, and from now on the caller's: the
    /// first graph made with it counts it in its bytes, so that a memory budget that adds
    /// graphs' bytes counts each segment once.
    pub(super) fn claim(&self) -> usize {
        match self.claimed.swap(true, Ordering::Relaxed) {
            true => 0,
            false => self.bytes(),
        }
    }

    /// Bytes held: transitions, and the paths kept per state both ways.
    fn bytes(&self) -> usize {
        let edges: usize = self.layers.iter().map(Layer::bytes).sum();
        let states: usize = self.widths.iter().map(|&w| w as usize).sum();
        edges + self.layers.len() * std::mem::size_of::<Layer>() + states * 32
    }
}
