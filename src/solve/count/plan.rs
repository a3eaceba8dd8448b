//! The counter's branching plan: the reverse of an elimination order (minimum degree, or
//! minimum fill) of the puzzle's constraint graph after root propagation.
//!
//! Counting by components is fast when branching soon cuts a component into independent
//! pieces, whose counts multiply and are cached on their own. Take the graph whose vertices are
//! the undecided variables, two adjacent when a constraint holds both, and eliminate its
//! vertices one by one, each time joining the eliminated vertex's neighbours to each other. The
//! order defines a tree (each vertex hangs below the first of its neighbours eliminated after
//! it) in which two subtrees of a vertex share no edge once the vertex and everything above it
//! are decided. Branching in the reverse order walks that tree from the top, so components
//! split along it, and a piece's count depends only on the few decided vertices next to it
//! (the tree's width). Eliminating the vertex of fewest neighbours first, or the one whose
//! elimination adds the fewest edges, are the classic cheap ways to keep that width small; which
//! counts faster varies from puzzle to puzzle (see [`Elimination`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::solve::combos::{Mask, is_single};
use crate::solve::model::Model;

/// When every vertex left has more neighbours than this, the rest of the part (dense already,
/// so hardly splittable) is put at the top of the plan in index order, which keeps the
/// elimination's cost bounded on huge puzzles.
const MAX_DEGREE: usize = 400;

/// Root parts with this many variables or more are counted in their own order. Smaller ones
/// are counted in the enumeration's order: they count fast either way, and `nth`, which walks
/// the enumeration's order, then finds every count it needs in the cache (the elimination
/// order pays off on parts of about this size and more).
pub(crate) const OWN_ORDER_FROM: usize = 90;

/// The rank of a variable whose part is counted in the enumeration's order.
pub(crate) const FOLLOW: u32 = u32::MAX;

/// How the elimination picks the vertex it eliminates next. Neither is better everywhere: on
/// some puzzles the min-fill order counts several times faster, on others several times slower.
/// So a count on two cores tries both at once (see `Solver::count`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Elimination {
    /// Fewest neighbours.
    #[default]
    MinDegree,
    /// Fewest pairs of neighbours that are not neighbours yet (edges its elimination adds).
    MinFill,
}

/// The rank of every variable: the counter branches on the lowest rank first.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Plan {
    rank: Vec<u32>,
}

impl Plan {
    /// The plan for the root parts `parts` (undecided variables of the propagated root state
    /// `domains`, ascending): parts under [`OWN_ORDER_FROM`] variables keep the enumeration's
    /// order ([`FOLLOW`]), bigger ones get an elimination order.
    pub(crate) fn new(
        model: &Model,
        domains: &[Mask],
        parts: &[Vec<u32>],
        elimination: Elimination,
    ) -> Plan {
        let mut rank = vec![FOLLOW; model.vars];
        let mut next = 0u32;
        for part in parts.iter().filter(|p| p.len() >= OWN_ORDER_FROM) {
            let order = match elimination {
                Elimination::MinDegree => elimination_order(model, domains, part),
                Elimination::MinFill => min_fill_order(model, domains, part),
            };
            for &v in order.iter().rev() {
                rank[v as usize] = next;
                next += 1;
            }
        }
        Plan { rank }
    }

    /// Whether some root part is counted in the plan's own order (so that the elimination
    /// matters).
    pub(crate) fn orders_a_part(parts: &[Vec<u32>]) -> bool {
        parts.iter().any(|p| p.len() >= OWN_ORDER_FROM)
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

/// A minimum-fill elimination order of the undecided variables `vars` (ascending), in the same
/// graph as [`elimination_order`]: each time, the vertex whose elimination joins the fewest
/// pairs of its neighbours (then the one of fewest neighbours, then the lowest). Neighbour sets
/// are bit sets: parts have up to a few thousand variables.
pub(crate) fn min_fill_order(model: &Model, domains: &[Mask], vars: &[u32]) -> Vec<u32> {
    let n = vars.len();
    let words = n.div_ceil(64);
    let mut adj = vec![0u64; n * words];
    for (i, &v) in vars.iter().enumerate() {
        for &c in model.constraints_of(v as usize) {
            for &y in model.vars_of(c as usize) {
                if y != v
                    && !is_single(domains[y as usize])
                    && let Ok(j) = vars.binary_search(&y)
                {
                    adj[i * words + j / 64] |= 1 << (j % 64);
                }
            }
        }
    }
    fill_order(adj, n, MAX_DEGREE)
        .into_iter()
        .map(|i| vars[i])
        .collect()
}

/// A minimum-fill elimination order of the `n` vertices of the graph whose neighbour sets are
/// the rows of `adj` (`n.div_ceil(64)` words each). Once every vertex left has more than
/// `max_degree` neighbours, the rest follow in index order, as in [`elimination_order`].
fn fill_order(mut adj: Vec<u64>, n: usize, max_degree: usize) -> Vec<usize> {
    let words = n.div_ceil(64);
    let row = |adj: &[u64], i: usize| -> Vec<usize> {
        let mut out = Vec::new();
        for (w, &bits) in adj[i * words..(i + 1) * words].iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                out.push(w * 64 + b.trailing_zeros() as usize);
                b &= b - 1;
            }
        }
        out
    };
    // Per vertex: (fill, degree).
    let rate = |adj: &[u64], i: usize| -> (usize, usize) {
        let near = row(adj, i);
        let mine = &adj[i * words..(i + 1) * words];
        let linked: usize = near
            .iter()
            .map(|&a| {
                let theirs = &adj[a * words..(a + 1) * words];
                mine.iter()
                    .zip(theirs)
                    .map(|(x, y)| (x & y).count_ones() as usize)
                    .sum::<usize>()
            })
            .sum();
        // Each linked pair is seen from both ends.
        let pairs = near.len() * near.len().saturating_sub(1) / 2;
        (pairs - linked / 2, near.len())
    };
    let mut rating: Vec<(usize, usize)> = (0..n).map(|i| rate(&adj, i)).collect();
    let mut gone = vec![false; n];
    let mut seen = vec![usize::MAX; n];
    let mut order = Vec::with_capacity(n);
    for step in 0..n {
        let left = || (0..n).filter(|&i| !gone[i]);
        let v = left()
            .min_by_key(|&i| (rating[i], i))
            .expect("a vertex is left");
        // The cap is on the fewest neighbours left, as in `elimination_order`: a vertex of many
        // neighbours that adds no edge (all of them joined already) is the best next, and
        // giving up at it would leave sparse vertices to the index order.
        if left().all(|i| rating[i].1 > max_degree) {
            // Dense already: the rest in index order, as `elimination_order` does.
            let mut rest: Vec<usize> = left().collect();
            rest.reverse();
            order.extend(rest);
            break;
        }
        gone[v] = true;
        order.push(v);
        let near = row(&adj, v);
        for &a in &near {
            for &b in &near {
                if a != b {
                    adj[a * words + b / 64] |= 1 << (b % 64);
                }
            }
            adj[a * words + v / 64] &= !(1 << (v % 64));
        }
        adj[v * words..(v + 1) * words].fill(0);
        // A fill changes where a neighbourhood changed (v's neighbours) or gained an edge
        // between two of its vertices (the neighbours of v's neighbours).
        for &a in &near {
            for b in std::iter::once(a).chain(row(&adj, a)) {
                if seen[b] != step {
                    seen[b] = step;
                    rating[b] = rate(&adj, b);
                }
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The neighbour bit sets of the graph on `n` vertices with the edges `edges`.
    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<u64> {
        let words = n.div_ceil(64);
        let mut adj = vec![0u64; n * words];
        for &(a, b) in edges {
            adj[a * words + b / 64] |= 1 << (b % 64);
            adj[b * words + a / 64] |= 1 << (a % 64);
        }
        adj
    }

    /// A clique of six (every vertex of five neighbours, adding no edge) and a ring of five
    /// (two neighbours, adding one): under a cap of four neighbours, the clique's vertices are
    /// still the fewest fill, and the ring is eliminated by fill too, not left in index order.
    #[test]
    fn min_fill_gives_up_only_when_every_vertex_left_is_over_the_cap() {
        let mut edges = Vec::new();
        for a in 0..6 {
            for b in a + 1..6 {
                edges.push((a, b));
            }
        }
        edges.extend([(6, 7), (7, 8), (8, 9), (9, 10), (10, 6)]);
        let order = fill_order(graph(11, &edges), 11, 4);
        assert_eq!(order, (0..11).collect::<Vec<_>>());
        // The clique alone is over the cap from the start: its vertices in index order (the
        // plan's top, as the order is reversed into ranks).
        let clique = &edges[..15];
        assert_eq!(fill_order(graph(6, clique), 6, 4), [5, 4, 3, 2, 1, 0]);
        // A leaf on it goes first; then every vertex left is over the cap.
        let leaf = [clique, &[(0, 6)]].concat();
        assert_eq!(fill_order(graph(7, &leaf), 7, 4), [6, 5, 4, 3, 2, 1, 0]);
    }
}
