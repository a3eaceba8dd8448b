//! Narrow evaluations: counts in `u128`s, split by the digits of one target variable, for the
//! walks' questions; they give way to wide values past 128 bits.

use super::super::{Circuit, Node};
use super::Evaluation;
use crate::solve::combos::Mask;
use crate::solve::propagate::digits;

/// A narrow evaluation's target and its allowed digits. Its split counts take a `u128` per
/// allowed digit (two or three, at a walk's decisions) instead of a wide `Value`'s 176 bytes: an
/// evaluation reaches tens of thousands of nodes, and their values no longer fit in the
/// processor's caches as `Value`s.
#[derive(Clone, Copy)]
pub(super) struct Narrow {
    pub(super) target: Option<u32>,
    pub(super) digits: Mask,
    pub(super) width: usize,
}

impl Narrow {
    /// Splitting by the digits `allowed` leaves `target` (not split without one).
    pub(super) fn new(target: Option<u32>, allowed: &[Mask]) -> Narrow {
        let digits = target.map_or(0, |t| allowed[t as usize]);
        let width = digits.count_ones() as usize;
        Narrow {
            target,
            digits,
            width,
        }
    }

    /// Where the target's digit `d` is among its split counts.
    fn index(&self, d: u8) -> usize {
        (self.digits & ((1 << d) - 1)).count_ones() as usize
    }
}

impl Evaluation<'_> {
    /// Values every node of the circuit, each after the nodes it leads to, as
    /// [`Evaluation::narrow_value`] does; for an evaluation under which no arm is closed, which
    /// reaches them all: in an order made once (the circuit's nodes are all the root reaches)
    /// instead of a search that tests each arm. False if a count passed 128 bits.
    ///
    /// Most such evaluations are answered by the circuit's expansion instead (see
    /// `expansion.rs`); this serves those whose target arms force, or circuits too big to
    /// expand, and is quicker than the search.
    pub(super) fn value_all(&mut self, narrow: &Narrow, marked: bool) -> bool {
        let circuit = self.circuit;
        if self.scratch.full.is_empty() {
            self.scratch.full = full_order(circuit);
        }
        // `narrow_value` reads each arm's openness.
        self.scratch.open.fill(true);
        let order = std::mem::take(&mut self.scratch.full);
        let stamp = self.scratch.stamp;
        let mut fits = true;
        for &node in &order {
            // Reached, with no value yet (as `Scratch::reach` leaves it).
            self.scratch.marks[node as usize] = (stamp, u32::MAX);
            fits = self.narrow_value(node, narrow, marked);
            if !fits {
                break;
            }
        }
        self.scratch.full = order;
        self.scratch.reached = circuit.nodes.len();
        fits
    }

    /// Counts a reached node whose reached children have theirs, as
    /// [`Evaluation::wide_value`] does, in `u128`s at the end of the narrow counts; false if a
    /// count passes 128 bits. `marked`: the arms forcing the target are marked (see
    /// [`Evaluation::mark_target`]).
    pub(super) fn narrow_value(&mut self, node: u32, narrow: &Narrow, marked: bool) -> bool {
        let (circuit, allowed) = (self.circuit, self.allowed);
        let scratch = &mut *self.scratch;
        let width = narrow.width;
        let mut acc = [0u128; 10];
        let mut split = false;
        match &circuit.nodes[node as usize] {
            &Node::Lone { var, digits: d } => {
                let left = d & allowed[var as usize];
                if Some(var) == narrow.target {
                    split = true;
                    for (n, d) in acc.iter_mut().zip(digits(narrow.digits)) {
                        *n = u128::from(left >> d & 1);
                    }
                } else {
                    acc[0] = left.count_ones().into();
                }
            }
            Node::Swept(dag) => {
                if let Some(t) = narrow.target.filter(|t| dag.vars().contains(t)) {
                    split = true;
                    let per = dag.digit_counts(allowed, t);
                    for (n, d) in acc.iter_mut().zip(digits(narrow.digits)) {
                        *n = per[d as usize];
                    }
                } else {
                    acc[0] = dag.count(allowed);
                }
            }
            &Node::Product { from, to } => {
                let parts = &circuit.parts[from as usize..to as usize];
                // A part without solutions leaves none, whatever the others hold: multiplying
                // them first could pass 128 bits and give up for nothing.
                let none = |&part: &u32| scratch.counts(part, width).0.iter().all(|&n| n == 0);
                if parts.iter().any(none) {
                    acc[0] = 0;
                } else {
                    acc[0] = 1;
                    for &part in parts {
                        let (counts, part_split) = scratch.counts(part, width);
                        // The target lies in one part at most: one side of each product is flat.
                        let a = if part_split {
                            debug_assert!(!split, "a variable lies in one part of a product");
                            split = true;
                            let a = acc[0];
                            acc[..width].copy_from_slice(counts);
                            a
                        } else {
                            counts[0]
                        };
                        for n in &mut acc[..if split { width } else { 1 }] {
                            let Some(p) = n.checked_mul(a) else {
                                return false;
                            };
                            *n = p;
                        }
                    }
                }
            }
            &Node::Decide { from, to } => {
                let mut flat = 0u128;
                for a in from as usize..to as usize {
                    if !scratch.open[a] {
                        continue;
                    }
                    let arm = &circuit.arms[a];
                    let (counts, child_split) = scratch.counts(arm.child, width);
                    let target = match marked {
                        true => Some(scratch.targets[a])
                            .filter(|&(stamp, _)| stamp == scratch.stamp)
                            .map(|(_, d)| d),
                        false => narrow.target.and_then(|t| {
                            let forced = &circuit.forced[arm.from as usize..arm.to as usize];
                            let i = forced.binary_search_by_key(&t, |&(v, _)| v).ok()?;
                            Some(forced[i].1)
                        }),
                    };
                    let sums = match target {
                        Some(d) => {
                            split = true;
                            let Some(total) =
                                counts.iter().try_fold(0u128, |s, &n| s.checked_add(n))
                            else {
                                return false;
                            };
                            let at = narrow.index(d);
                            acc[at].checked_add(total).map(|s| acc[at] = s)
                        }
                        None if child_split => {
                            split = true;
                            acc.iter_mut()
                                .zip(counts)
                                .try_for_each(|(x, &n)| x.checked_add(n).map(|s| *x = s))
                        }
                        None => flat.checked_add(counts[0]).map(|s| flat = s),
                    };
                    if sums.is_none() {
                        return false;
                    }
                }
                // Every arm holds the target when the node does (forced or in a part), so a
                // flat arm next to a split one has no solutions.
                if split {
                    debug_assert_eq!(flat, 0, "a flat arm beside split ones");
                } else {
                    acc[0] = flat;
                }
            }
        }
        // Past a mark's range (hundreds of millions of reached nodes), the wide values take over.
        let Ok(mark) = u32::try_from(scratch.counts.len() << 1 | usize::from(split)) else {
            return false;
        };
        scratch.marks[node as usize].1 = mark;
        // By element: a call to copy two or three counts costs more than the copy.
        for &n in &acc[..if split { width } else { 1 }] {
            scratch.counts.push(n);
        }
        true
    }
}

/// The circuit's nodes in an order that puts each after the nodes it leads to (depth first from
/// the root, each node once its children are done).
pub(super) fn full_order(circuit: &Circuit) -> Vec<u32> {
    let mut order = Vec::with_capacity(circuit.nodes.len());
    let mut seen = vec![false; circuit.nodes.len()];
    // A node, and whether its children are on the stack above it already.
    let mut stack = vec![(circuit.root, false)];
    while let Some((node, expanded)) = stack.pop() {
        if expanded {
            order.push(node);
            continue;
        }
        if std::mem::replace(&mut seen[node as usize], true) {
            continue;
        }
        stack.push((node, true));
        match circuit.nodes[node as usize] {
            Node::Product { from, to } => {
                let parts = &circuit.parts[from as usize..to as usize];
                stack.extend(parts.iter().map(|&part| (part, false)));
            }
            Node::Decide { from, to } => {
                let arms = &circuit.arms[from as usize..to as usize];
                stack.extend(arms.iter().map(|arm| (arm.child, false)));
            }
            Node::Lone { .. } | Node::Swept(_) => {}
        }
    }
    order
}
