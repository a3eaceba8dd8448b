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
//! counts faster varies from puzzle to puzzle, so each big part takes the one of the two whose
//! estimated work is smaller (see [`Elimination`]): a choice made from the part alone, so the
//! same puzzle is always counted in the same order.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::OnceLock;

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
/// A part takes the order of smaller [`induced_cost`], ties to min-degree: the digits of the
/// decided variables a piece's count depends on bound how many distinct pieces the cache must
/// hold, and the widths of the two orders (the most such variables) are often equal or a
/// vertex apart where one order counts several times faster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Elimination {
    /// Fewest neighbours.
    MinDegree,
    /// Fewest pairs of neighbours that are not neighbours yet (edges its elimination adds).
    MinFill,
}

/// The rank of every variable: the counter branches on the lowest rank first.
///
/// A big part's order is made the first time the counter branches in it: most big parts are
/// swept whole and never need one, and the min-fill order of a wide part is costly.
#[derive(Debug, Default)]
pub(crate) struct Plan {
    /// [`FOLLOW`], [`ORDERED`] in a big part, or a rank given outright (tests).
    rank: Vec<u32>,
    /// Each variable's big part (an index into `parts`), or [`NO_PART`].
    part_of: Vec<u32>,
    /// Each variable's place in its big part's variables.
    place: Vec<u32>,
    parts: Vec<BigPart>,
    /// The propagated root state's domains, which the orders are made from.
    domains: Vec<Mask>,
}

/// A root part counted in an elimination order, made when first asked.
#[derive(Debug)]
struct BigPart {
    /// Its variables, ascending.
    vars: Vec<u32>,
    /// The rank of each of them, once made.
    rank: OnceLock<Vec<u32>>,
}

/// The rank of a variable of a big part, whose order is made when the counter first branches
/// there (see [`Plan::branch_rank`]).
pub(crate) const ORDERED: u32 = u32::MAX - 1;

/// No big part.
const NO_PART: u32 = u32::MAX;

impl Plan {
    /// The plan for the root parts `parts` (undecided variables of the propagated root state
    /// `domains`, ascending): parts under [`OWN_ORDER_FROM`] variables keep the enumeration's
    /// order ([`FOLLOW`]), bigger ones get the elimination order [`cheaper_order`] picks.
    pub(crate) fn new(model: &Model, domains: &[Mask], parts: &[Vec<u32>]) -> Plan {
        let mut plan = Plan {
            rank: vec![FOLLOW; model.vars],
            part_of: vec![NO_PART; model.vars],
            place: vec![0; model.vars],
            parts: Vec::new(),
            domains: domains.to_vec(),
        };
        for part in parts.iter().filter(|p| p.len() >= OWN_ORDER_FROM) {
            for (i, &v) in part.iter().enumerate() {
                plan.rank[v as usize] = ORDERED;
                plan.part_of[v as usize] = plan.parts.len() as u32;
                plan.place[v as usize] = i as u32;
            }
            plan.parts.push(BigPart {
                vars: part.clone(),
                rank: OnceLock::new(),
            });
        }
        plan
    }

    /// The rank the counter branches by of variable `v`, not [`FOLLOW`]: in a big part, its
    /// place in the reverse of the part's elimination order (made now if not yet).
    pub(crate) fn branch_rank(&self, model: &Model, v: u32) -> u32 {
        let part = self.part_of[v as usize];
        if part == NO_PART {
            return self.rank[v as usize];
        }
        let part = &self.parts[part as usize];
        let rank = part.rank.get_or_init(|| {
            let (order, _) = cheaper_order(model, &self.domains, &part.vars);
            let mut rank = vec![0; part.vars.len()];
            for (r, &v) in order.iter().rev().enumerate() {
                rank[self.place[v as usize] as usize] = r as u32;
            }
            rank
        });
        rank[self.place[v as usize] as usize]
    }

    /// Whether some root part is counted in the plan's own order (so that the elimination
    /// matters).
    #[cfg(test)]
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
        Plan::from_ranks(rank)
    }

    /// A plan with the given ranks (for testing that counts do not depend on the plan).
    #[cfg(test)]
    pub(crate) fn from_ranks(rank: Vec<u32>) -> Plan {
        Plan {
            part_of: vec![NO_PART; rank.len()],
            rank,
            ..Plan::default()
        }
    }

    /// The rank of variable `v`: [`FOLLOW`] in a part that keeps the enumeration's order,
    /// [`ORDERED`] in a big part (see [`Plan::branch_rank`]).
    #[inline]
    pub(crate) fn rank(&self, v: u32) -> u32 {
        self.rank[v as usize]
    }
}

/// The elimination order of the undecided variables `vars` (ascending) of smaller estimated
/// cost ([`induced_cost`] with the root domains `domains`), min-degree's or min-fill's (ties to
/// min-degree), and which it is.
pub(crate) fn cheaper_order(
    model: &Model,
    domains: &[Mask],
    vars: &[u32],
) -> (Vec<u32>, Elimination) {
    let degree = elimination_order(model, domains, vars);
    let fill = min_fill_order(model, domains, vars);
    let adj = neighbour_sets(model, domains, vars);
    let sizes = domain_sizes(domains, vars);
    if cost_of(&adj, vars, &sizes, &fill) < cost_of(&adj, vars, &sizes, &degree) {
        (fill, Elimination::MinFill)
    } else {
        (degree, Elimination::MinDegree)
    }
}

/// log2 of the estimated work of counting the undecided variables `vars` (ascending) under
/// `domains`: the [`induced_cost`] of their min-degree order.
pub(crate) fn estimated_work(model: &Model, domains: &[Mask], vars: &[u32]) -> f64 {
    let order = elimination_order(model, domains, vars);
    let adj = neighbour_sets(model, domains, vars);
    cost_of(&adj, vars, &domain_sizes(domains, vars), &order)
}

/// The number of digits each of `vars` has left in `domains`.
fn domain_sizes(domains: &[Mask], vars: &[u32]) -> Vec<u32> {
    vars.iter()
        .map(|&v| domains[v as usize].count_ones())
        .collect()
}

/// The [`induced_cost`] of `order`, an elimination order of `vars` (ascending) whose neighbour
/// sets are `adj` and domain sizes `sizes`.
fn cost_of(adj: &[u64], vars: &[u32], sizes: &[u32], order: &[u32]) -> f64 {
    let local: Vec<usize> = order
        .iter()
        .map(|v| vars.binary_search(v).expect("an order of `vars`"))
        .collect();
    induced_cost(adj.to_vec(), vars.len(), &local, sizes)
}

/// The neighbour bit sets (`vars.len().div_ceil(64)` words per variable) of the undecided
/// variables `vars` (ascending), two adjacent when a constraint holds both.
fn neighbour_sets(model: &Model, domains: &[Mask], vars: &[u32]) -> Vec<u64> {
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
    adj
}

/// The vertices of `adj`'s row `i` (`words` words per row).
fn row(adj: &[u64], words: usize, i: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for (w, &bits) in adj[i * words..(i + 1) * words].iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            out.push(w * 64 + b.trailing_zeros() as usize);
            b &= b - 1;
        }
    }
    out
}

/// The log2 of the estimated work of eliminating the `n` vertices of the graph `adj` (neighbour
/// bit sets, as in [`fill_order`]) in `order`, with `sizes` the vertices' domain sizes: the
/// sum, over the vertices, of the product of the domain sizes of the vertex and of the
/// neighbours it has left when it goes, its neighbours having been joined to each other as each
/// vertex before it went. A vertex's product bounds the states the cache may hold for the piece
/// below it in the plan (its own digit and those of the decided vertices next to the piece),
/// so the sum tracks the count's work where the induced width (the largest such neighbourhood)
/// tells two orders apart only by a vertex or two.
fn induced_cost(mut adj: Vec<u64>, n: usize, order: &[usize], sizes: &[u32]) -> f64 {
    let words = n.div_ceil(64);
    let mut total = f64::NEG_INFINITY;
    for &v in order {
        let near = row(&adj, words, v);
        let bag: f64 = std::iter::once(v)
            .chain(near.iter().copied())
            .map(|u| f64::from(sizes[u]).log2())
            .sum();
        // log2(2^total + 2^bag), without overflow.
        let (hi, lo) = if total > bag {
            (total, bag)
        } else {
            (bag, total)
        };
        total = hi + (lo - hi).exp2().ln_1p() / std::f64::consts::LN_2;
        for &a in &near {
            for w in 0..words {
                let joined = adj[a * words + w] | adj[v * words + w];
                adj[a * words + w] = joined;
            }
            adj[a * words + a / 64] &= !(1 << (a % 64));
            adj[a * words + v / 64] &= !(1 << (v % 64));
        }
        adj[v * words..(v + 1) * words].fill(0);
    }
    total
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
    fill_order(neighbour_sets(model, domains, vars), vars.len(), MAX_DEGREE)
        .into_iter()
        .map(|i| vars[i])
        .collect()
}

/// A minimum-fill elimination order of the `n` vertices of the graph whose neighbour sets are
/// the rows of `adj` (`n.div_ceil(64)` words each). Once every vertex left has more than
/// `max_degree` neighbours, the rest follow in index order, as in [`elimination_order`].
fn fill_order(mut adj: Vec<u64>, n: usize, max_degree: usize) -> Vec<usize> {
    let words = n.div_ceil(64);
    // Per vertex: (fill, degree).
    let rate = |adj: &[u64], i: usize| -> (usize, usize) {
        let near = row(adj, words, i);
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
        let near = row(&adj, words, v);
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
            for b in std::iter::once(a).chain(row(&adj, words, a)) {
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
    use crate::solve::CancelToken;
    use crate::solve::count::{Counter, generated_root};
    use crate::solve::memo::Memo;

    /// A vertex's bag is itself and the neighbours it has left, edges added included: a path
    /// eliminated from an end has bags of two, from its middle of three; a star eliminated from
    /// its centre first joins its leaves into a clique. Each bag weighs the product of its
    /// domain sizes.
    #[test]
    fn induced_cost_sums_the_bags_domain_products() {
        let cost = |adj: Vec<u64>, n, order: &[usize], sizes: &[u32]| {
            induced_cost(adj, n, order, sizes).exp2()
        };
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * b;
        let path = graph(4, &[(0, 1), (1, 2), (2, 3)]);
        assert!(close(cost(path.clone(), 4, &[0, 1, 2, 3], &[2; 4]), 14.0));
        assert!(close(cost(path.clone(), 4, &[1, 2, 0, 3], &[2; 4]), 22.0));
        assert!(close(cost(path, 4, &[0, 1, 2, 3], &[3, 2, 2, 5]), 25.0));
        let star = graph(5, &[(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert!(close(
            cost(star.clone(), 5, &[0, 1, 2, 3, 4], &[2; 5]),
            62.0
        ));
        assert!(close(cost(star, 5, &[1, 2, 3, 4, 0], &[2; 5]), 18.0));
    }

    /// Each big root part of generated puzzles takes the order of smaller estimated cost,
    /// min-degree's on a tie; across them both kinds are taken, so the choice is not always the
    /// same.
    #[test]
    fn a_part_takes_the_cheaper_elimination() {
        let mut taken = Vec::new();
        for seed in [0, 2, 8] {
            let Some((model, root)) = generated_root(100, 30, 0.4, seed) else {
                continue;
            };
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let mut blank = Memo::new(0);
            blank.plan(Plan::default);
            let cancel = CancelToken::new();
            let parts =
                Counter::new(&model, root.clone(), &mut blank, &cancel, None).components(&all);
            for part in parts.iter().filter(|p| p.len() >= OWN_ORDER_FROM) {
                let domains = &root.domains;
                let sizes = domain_sizes(domains, part);
                let (order, kind) = cheaper_order(&model, domains, part);
                let adj = neighbour_sets(&model, domains, part);
                let degree = elimination_order(&model, domains, part);
                let degree = cost_of(&adj, part, &sizes, &degree);
                let fill = min_fill_order(&model, domains, part);
                let fill = cost_of(&adj, part, &sizes, &fill);
                let expected = if fill < degree {
                    Elimination::MinFill
                } else {
                    Elimination::MinDegree
                };
                assert_eq!(kind, expected, "seed {seed}: costs {degree} and {fill}");
                assert_eq!(
                    cost_of(&adj, part, &sizes, &order),
                    degree.min(fill),
                    "seed {seed}"
                );
                taken.push(kind);
            }
        }
        assert!(taken.contains(&Elimination::MinDegree), "{taken:?}");
        assert!(taken.contains(&Elimination::MinFill), "{taken:?}");
    }

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
