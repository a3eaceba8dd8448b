//! The counter's branching plan: the reverse of a minimum-degree elimination order of the
//! puzzle's constraint graph after root propagation.
//!
//! Counting by components is fast when branching soon cuts a component into independent
//! pieces, whose counts multiply and are cached on their own. Take the graph whose vertices are
//! the undecided variables, two adjacent when a constraint holds both, and eliminate its
//! vertices one by one, each time joining the eliminated vertex's neighbours to each other. The
//! order defines a tree (each vertex hangs below the first of its neighbours eliminated after
//! it) in which two subtrees of a vertex share no edge once the vertex and everything above it
//! are decided. Branching in the reverse order walks that tree from the top, so components
//! split along it, and a piece's count depends only on the few decided vertices next to it
//! (the tree's width). Eliminating the vertex of fewest neighbours first is the classic cheap
//! way to keep that width small.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::solve::combos::{Mask, is_single};
use crate::solve::model::Model;

/// When the vertex eliminated next has more neighbours than this, the rest of the part (dense
/// already, so hardly splittable) is put at the top of the plan in index order, which keeps the
/// elimination's cost bounded on huge puzzles.
const MAX_DEGREE: usize = 400;

/// Root parts with this many variables or more are counted in their own order. Smaller ones
/// are counted in the enumeration's order: they count fast either way, and `nth`, which walks
/// the enumeration's order, then finds every count it needs in the cache (measured on the
/// 21 × 21 benchmarks: the elimination order pays off from about 100 variables on).
pub(crate) const OWN_ORDER_FROM: usize = 90;

/// The rank of a variable whose part is counted in the enumeration's order.
pub(crate) const FOLLOW: u32 = u32::MAX;

/// The rank of every variable: the counter branches on the lowest rank first.
#[derive(Debug, Default)]
pub(crate) struct Plan {
    rank: Vec<u32>,
}

impl Plan {
    /// The plan for the root parts `parts` (undecided variables of the propagated root state
    /// `domains`, ascending): parts under [`OWN_ORDER_FROM`] variables keep the enumeration's
    /// order ([`FOLLOW`]), bigger ones get an elimination order.
    pub(crate) fn new(model: &Model, domains: &[Mask], parts: &[Vec<u32>]) -> Plan {
        let mut rank = vec![FOLLOW; model.vars];
        let mut next = 0u32;
        for part in parts.iter().filter(|p| p.len() >= OWN_ORDER_FROM) {
            let order = elimination_order(model, domains, part);
            for &v in order.iter().rev() {
                rank[v as usize] = next;
                next += 1;
            }
        }
        Plan { rank }
    }

    /// A plan that orders every undecided variable by elimination, whatever its part's size.
    #[cfg(test)]
    pub(crate) fn eliminating_all(model: &Model, domains: &[Mask]) -> Plan {
        let open: Vec<u32> = (0..model.vars as u32)
            .filter(|&v| !is_single(domains[v as usize]))
            .collect();
        let mut rank = vec![FOLLOW; model.vars];
        for (i, &v) in elimination_order(model, domains, &open)
            .iter()
            .rev()
            .enumerate()
        {
            rank[v as usize] = i as u32;
        }
        Plan { rank }
    }

    /// A plan with the given ranks (for testing that counts do not depend on the plan).
    #[cfg(test)]
    pub(crate) fn from_ranks(rank: Vec<u32>) -> Plan {
        Plan { rank }
    }

    /// The rank of variable `v`: [`FOLLOW`] in a part that keeps the enumeration's order.
    #[inline]
    pub(crate) fn rank(&self, v: u32) -> u32 {
        self.rank[v as usize]
    }
}

/// A minimum-degree elimination order of the undecided variables `vars` (ascending), in the
/// graph where two are adjacent when a constraint holds both.
pub(crate) fn elimination_order(model: &Model, domains: &[Mask], vars: &[u32]) -> Vec<u32> {
    let n = vars.len();
    let local = |v: u32| vars.binary_search(&v).ok().map(|i| i as u32);
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, list) in adj.iter_mut().enumerate() {
        let v = vars[i];
        for &c in model.constraints_of(v as usize) {
            for &y in model.vars_of(c as usize) {
                if y != v
                    && !is_single(domains[y as usize])
                    && let Some(j) = local(y)
                {
                    list.push(j);
                }
            }
        }
        list.sort_unstable();
        list.dedup();
    }
    let mut heap: BinaryHeap<Reverse<(usize, u32)>> = (0..n as u32)
        .map(|i| Reverse((adj[i as usize].len(), i)))
        .collect();
    let mut gone = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut merged = Vec::new();
    while let Some(Reverse((degree, v))) = heap.pop() {
        let vu = v as usize;
        if gone[vu] || degree != adj[vu].len() {
            continue; // A stale entry.
        }
        if degree > MAX_DEGREE {
            let mut rest: Vec<u32> = (0..n as u32).filter(|&x| !gone[x as usize]).collect();
            rest.reverse();
            order.extend(rest.into_iter().map(|i| vars[i as usize]));
            break;
        }
        gone[vu] = true;
        order.push(vars[vu]);
        let neighbours = std::mem::take(&mut adj[vu]);
        for &a in &neighbours {
            // a's neighbours become a's old ones plus v's, without v and a.
            let au = a as usize;
            merged.clear();
            let (mut i, mut j) = (0, 0);
            let (x, y) = (&adj[au], &neighbours);
            while i < x.len() || j < y.len() {
                let next = match (x.get(i), y.get(j)) {
                    (Some(&p), Some(&q)) if p == q => {
                        i += 1;
                        j += 1;
                        p
                    }
                    (Some(&p), Some(&q)) if p < q => {
                        i += 1;
                        p
                    }
                    (Some(&p), None) => {
                        i += 1;
                        p
                    }
                    (_, Some(&q)) => {
                        j += 1;
                        q
                    }
                    (None, None) => unreachable!("the loop stops first"),
                };
                if next != v && next != a {
                    merged.push(next);
                }
            }
            std::mem::swap(&mut adj[au], &mut merged);
            heap.push(Reverse((adj[au].len(), a)));
        }
    }
    order
}
