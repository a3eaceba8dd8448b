//! Random access: solution #k in the enumeration order, found by descending that order with the
//! counts of the branches and components passed over instead of their solutions.
//!
//! The walk follows the module's documented order step by step: the same splitting rule
//! ([`super::split_due`]) on the same parts, the product of components read as a mixed-radix
//! number (the component with the lowest variable is the most significant digit), and the same
//! branching variable with its digits ascending, skipping a digit's whole subtree by its count.

use std::time::Instant;

use num_bigint::BigUint;
use rand::Rng;

use super::combos::is_single;
use super::count::{Cancelled, Counter, branch_var, on_deep_stack};
use super::propagate::{assign, digits, propagate_all};
use super::search::write;
use super::split_due;
use super::state::State;
use super::{Solution, Solver, Stats};
use crate::grid::Letter;

/// Writes solution #`k` of the part `vars` (last checked for splitting at `checked` undecided
/// variables) into `out`. `k` must be below the part's count.
pub(crate) fn descend(
    counter: &mut Counter<'_, '_>,
    vars: &[u32],
    checked: u32,
    mut k: BigUint,
    out: &mut Solution,
) -> Result<(), Cancelled> {
    let mut open = Vec::new();
    for &v in vars {
        let d = counter.state.domains[v as usize];
        if is_single(d) {
            write(out, counter.model.cells, v, d.trailing_zeros() as u8);
        } else {
            open.push(v);
        }
    }
    if open.is_empty() {
        return Ok(());
    }
    let (frame, checked): (&[u32], u32) = if split_due(open.len() as u32, checked) {
        let parts = counter.components(&open);
        if parts.len() > 1 {
            let mut counts = Vec::with_capacity(parts.len());
            for p in &parts {
                counts.push(BigUint::from(counter.count_component(p, (0.0, 1.0))?));
            }
            // The last component is the least significant digit of k.
            let mut indices = vec![BigUint::ZERO; parts.len()];
            for (i, n) in counts.iter().enumerate().rev() {
                indices[i] = &k % n;
                k /= n;
            }
            for (p, i) in parts.iter().zip(indices) {
                descend(counter, p, p.len() as u32, i, out)?;
            }
            return Ok(());
        }
        (&open, open.len() as u32)
    } else {
        (vars, checked)
    };
    let var = branch_var(&counter.state.domains, frame).expect("the part is undecided");
    for d in digits(counter.state.domains[var as usize]) {
        let mark = counter.state.mark();
        if assign(counter.model, &mut counter.state, var as usize, d as u8).is_ok() {
            let n = BigUint::from(counter.count_part(frame, (0.0, 1.0))?);
            if k < n {
                return descend(counter, frame, checked, k, out);
            }
            k -= n;
        }
        counter.state.undo(mark);
    }
    unreachable!("k was below the part's count")
}

/// A uniformly random number below `n` (which is positive), by rejection from random bits.
pub(crate) fn random_below(n: &BigUint, rng: &mut impl Rng) -> BigUint {
    let bits = n.bits();
    let bytes = bits.div_ceil(8) as usize;
    let spare = bytes as u64 * 8 - bits;
    let mut buf = vec![0u8; bytes];
    loop {
        rng.fill_bytes(&mut buf);
        // Big-endian: clear the top bits past n's length, so each try succeeds with p > 1/2.
        buf[0] &= 0xFF >> spare;
        let k = BigUint::from_bytes_be(&buf);
        if &k < n {
            return k;
        }
    }
}

/// An empty solution for a model's variables.
pub(crate) fn blank(cells: usize, cryptic: bool) -> Solution {
    Solution {
        digits: vec![0; cells],
        letters: cryptic.then_some([0; Letter::COUNT]),
    }
}

impl Solver<'_> {
    /// Solution #`k` (from 0) in the order [`Solver::for_each`] streams them, found without
    /// going through the ones before it; `None` when `k` is not below the count or the search
    /// was cancelled. Counts cached by an earlier call make later calls fast; the first call
    /// after [`Solver::count`] may still have to count the inner states of parts the count
    /// swept whole (in the time a count took before sweeps), and later calls find them cached.
    pub fn nth(&mut self, k: &BigUint) -> Option<Solution> {
        let start = Instant::now();
        let (model, memo, cancel) = (&self.model, &mut self.memo, &self.cancel);
        let (found, mut stats) = on_deep_stack(model.vars, None, |_| {
            let mut stats = Stats::default();
            let mut state = State::new(model);
            if propagate_all(model, &mut state).is_err() {
                return (None, stats);
            }
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let mut counter = Counter::new(model, state, memo, cancel, None);
            let found = match counter.count_part(&all, (0.0, 1.0)) {
                Ok(total) if *k < total.to_big() => {
                    let mut out = blank(model.cells, model.cryptic);
                    descend(&mut counter, &all, u32::MAX, k.clone(), &mut out)
                        .ok()
                        .map(|()| out)
                }
                _ => None,
            };
            stats.nodes = counter.nodes;
            stats.guesses = counter.nodes;
            stats.backtracks = counter.backtracks;
            stats.propagations = counter.state.revisions;
            stats.solutions = u64::from(found.is_some());
            (found, stats)
        });
        stats.elapsed = start.elapsed();
        self.stats = stats;
        found
    }

    /// A solution drawn uniformly at random (solution #k for a random k below the count);
    /// `None` when there is none or the search was cancelled.
    pub fn random(&mut self, rng: &mut impl Rng) -> Option<Solution> {
        let total = self.count().ok()?;
        if total == BigUint::ZERO {
            return None;
        }
        let k = random_below(&total, rng);
        self.nth(&k)
    }
}
