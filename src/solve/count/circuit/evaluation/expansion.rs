//! A circuit's count, under digits that close none of its arms, as a sum of products of its
//! leaves' counts (its lone variables and swept parts): made once, then each such evaluation
//! counts the leaves and sums a few products instead of valuing every node.
//!
//! Under digits that close no arm, only the leaves' counts change from one evaluation to the
//! next: the circuit's branchings add their arms and its products multiply their parts, the
//! same each time. A walk makes many such evaluations a draw, each valuing a big circuit,
//! while the circuit's count is often a sum of a handful of products of a few swept parts.

use super::super::{Circuit, Node};
use super::Evaluation;
use super::narrow::{Narrow, full_order};
use crate::solve::combos::Mask;
use crate::solve::propagate::digits;

/// Leaves an expansion may hold: a term is a set of them, as a bit mask.
const MAX_LEAVES: usize = 64;

/// Terms a node's expansion may hold while it is made; past it the circuit is not expanded
/// (its leaves are many and combine in many ways).
const MAX_TERMS: usize = 256;

/// Terms all the nodes' expansions may hold together while they are made, bounding the
/// memory it takes for a moment (32 bytes each, 32 MiB in all).
const MAX_ALL_TERMS: usize = 1 << 20;

/// The count of a circuit's root under digits that close no arm, as a polynomial in its
/// leaves' counts (see the module's notes).
#[derive(Debug)]
pub(super) struct Expansion {
    /// The leaf nodes, in the order of their bits in the terms.
    leaves: Vec<u32>,
    /// The terms: the leaves multiplied, and how many times the product counts.
    terms: Vec<(u64, u128)>,
}

impl Expansion {
    /// The expansion of `circuit`'s root, its nodes taken in `order` (each after the nodes it
    /// leads to); `None` if it has more leaves or terms than it may hold, or a coefficient
    /// passes 128 bits.
    pub(super) fn new(circuit: &Circuit, order: &[u32]) -> Option<Expansion> {
        let mut leaves = Vec::new();
        let mut bit = vec![0u64; circuit.nodes.len()];
        for (n, node) in circuit.nodes.iter().enumerate() {
            if let Node::Lone { .. } | Node::Swept(_) = node {
                if leaves.len() == MAX_LEAVES {
                    return None;
                }
                bit[n] = 1 << leaves.len();
                leaves.push(n as u32);
            }
        }
        // Per node, where its terms lie in `all`, each node's sorted by their leaves.
        let mut at = vec![(0u32, 0u32); circuit.nodes.len()];
        let mut all: Vec<(u64, u128)> = Vec::new();
        let mut terms: Vec<(u64, u128)> = Vec::new();
        let mut next: Vec<(u64, u128)> = Vec::new();
        for &node in order {
            let of = |n: u32| {
                let (from, to) = at[n as usize];
                &all[from as usize..to as usize]
            };
            terms.clear();
            match circuit.nodes[node as usize] {
                Node::Lone { .. } | Node::Swept(_) => terms.push((bit[node as usize], 1)),
                Node::Product { from, to } => {
                    terms.push((0, 1));
                    for &part in &circuit.parts[from as usize..to as usize] {
                        // The parts' leaves are apart (their variables are): each pair of
                        // terms makes a term of its own.
                        next.clear();
                        for &(a, x) in &terms {
                            for &(b, y) in of(part) {
                                next.push((a | b, x.checked_mul(y)?));
                            }
                        }
                        if next.len() > MAX_TERMS {
                            return None;
                        }
                        std::mem::swap(&mut terms, &mut next);
                    }
                    terms.sort_unstable_by_key(|&(leaves, _)| leaves);
                }
                Node::Decide { from, to } => {
                    for arm in &circuit.arms[from as usize..to as usize] {
                        terms.extend_from_slice(of(arm.child));
                    }
                    terms.sort_unstable_by_key(|&(leaves, _)| leaves);
                    next.clear();
                    for &(leaves, n) in &terms {
                        match next.last_mut() {
                            Some((last, sum)) if *last == leaves => *sum = sum.checked_add(n)?,
                            _ => next.push((leaves, n)),
                        }
                    }
                    if next.len() > MAX_TERMS {
                        return None;
                    }
                    std::mem::swap(&mut terms, &mut next);
                }
            }
            if all.len() + terms.len() > MAX_ALL_TERMS {
                return None;
            }
            at[node as usize] = (all.len() as u32, (all.len() + terms.len()) as u32);
            all.extend_from_slice(&terms);
        }
        let (from, to) = at[circuit.root as usize];
        Some(Expansion {
            leaves,
            terms: all[from as usize..to as usize].to_vec(),
        })
    }

    /// Writes into `out` the root's counts split by the digits of `narrow`'s target, which
    /// lies in leaves and no arm forces, under `allowed` (which closes no arm); false if it
    /// lies in no leaf or a count passes 128 bits.
    pub(super) fn count(
        &self,
        circuit: &Circuit,
        allowed: &[Mask],
        narrow: &Narrow,
        out: &mut [u128; 10],
    ) -> bool {
        let Some(target) = narrow.target else {
            return false;
        };
        // Per leaf, its count, split by the target's digits in the leaves that hold it.
        let mut flat = [0u128; MAX_LEAVES];
        let mut split = [[0u128; 10]; MAX_LEAVES];
        let mut holding = 0u64;
        for (i, &leaf) in self.leaves.iter().enumerate() {
            match &circuit.nodes[leaf as usize] {
                &Node::Lone { var, digits: d } => {
                    let left = d & allowed[var as usize];
                    if var == target {
                        holding |= 1 << i;
                        for (n, d) in split[i].iter_mut().zip(digits(narrow.digits)) {
                            *n = u128::from(left >> d & 1);
                        }
                    } else {
                        flat[i] = left.count_ones().into();
                    }
                }
                Node::Swept(dag) if dag.vars().contains(&target) => {
                    holding |= 1 << i;
                    let per = dag.digit_counts(allowed, target);
                    for (n, d) in split[i].iter_mut().zip(digits(narrow.digits)) {
                        *n = per[d as usize];
                    }
                }
                Node::Swept(dag) => flat[i] = dag.count(allowed),
                Node::Product { .. } | Node::Decide { .. } => unreachable!("a leaf"),
            }
        }
        if holding == 0 {
            return false;
        }
        *out = [0; 10];
        for (j, n) in out[..narrow.width].iter_mut().enumerate() {
            for &(leaves, coefficient) in &self.terms {
                // Each solution sets the target once, in one leaf of each term.
                debug_assert_eq!((leaves & holding).count_ones(), 1);
                // A leaf without solutions makes the product none, though the others may pass
                // 128 bits before it.
                let mut product = Some(coefficient);
                let mut rest = leaves;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let value = match holding >> i & 1 {
                        1 => split[i][j],
                        _ => flat[i],
                    };
                    if value == 0 {
                        product = Some(0);
                        break;
                    }
                    product = product.and_then(|p| p.checked_mul(value));
                }
                let Some(sum) = product.and_then(|p| n.checked_add(p)) else {
                    return false;
                };
                *n = sum;
            }
        }
        true
    }
}

impl Evaluation<'_> {
    /// Counts the root from the circuit's expansion (made on the first call), for an
    /// evaluation whose digits close no arm, where no arm forces the target: its counts left
    /// where a narrow evaluation leaves them. False where the expansion cannot answer.
    pub(super) fn expanded(&mut self, narrow: &Narrow) -> bool {
        let circuit = self.circuit;
        let Some(target) = narrow.target else {
            return false;
        };
        if circuit
            .forcing
            .forcing(&circuit.vars, target)
            .next()
            .is_some()
        {
            return false;
        }
        let scratch = &mut *self.scratch;
        if scratch.expansion.is_none() {
            if scratch.full.is_empty() {
                scratch.full = full_order(circuit);
            }
            scratch.expansion = Some(Expansion::new(circuit, &scratch.full).map(Box::new));
        }
        let Some(Some(expansion)) = &scratch.expansion else {
            return false;
        };
        let mut out = [0u128; 10];
        if !expansion.count(circuit, self.allowed, narrow, &mut out) {
            return false;
        }
        let Ok(mark) = u32::try_from(scratch.counts.len() << 1 | 1) else {
            return false;
        };
        scratch.marks[circuit.root as usize] = (scratch.stamp, mark);
        scratch.counts.extend_from_slice(&out[..narrow.width]);
        scratch.reached = circuit.nodes.len();
        true
    }
}
