//! Random access: solution #k in the enumeration order, found by descending that order with the
//! counts of the branches and components passed over instead of their solutions.
//!
//! The walk follows the module's documented order step by step: the same splitting rule
//! ([`super::split_due`]) on the same parts, the product of components read as a mixed-radix
//! number (the component with the lowest variable is the most significant digit), and the same
//! branching variable with its digits ascending, skipping a digit's whole subtree by its count.

use std::sync::Arc;
use std::time::Instant;

use num_bigint::BigUint;
use rand::Rng;

use super::Cancelled;
use super::anchor;
use super::combos::{Mask, is_single};
use super::count::{Counter, Graph, on_deep_stack};
use super::memo::ExactCount;
use super::order::{arms, branch_var, lead, split_due};
use super::propagate::assign;
use super::recall::Recall;
use super::search::write;
use super::{Solution, Solver, Stats};
use crate::grid::Letter;

/// A walk inside a root component whose graph a count kept: counts are read off the graph
/// (see [`Graph`]) instead of counted.
pub(crate) struct Within {
    graph: Arc<Graph>,
    /// A digit per variable for the component's undecided variables outside the walk's current
    /// part, which hold them while that part is counted; empty until the component falls apart.
    fixed: Vec<u8>,
}

/// The branching variable of a part and its counts per digit, found while splitting `k`
/// between the parts: the part's first evaluation, not made twice.
type First = (u32, [ExactCount; 10]);

/// The walk's fixed inputs: the order's anchor (see [`super::anchor`]), the answers of walks
/// before it, and the output.
pub(crate) struct Walk<'a> {
    pub(crate) anchor: Option<&'a [Mask]>,
    pub(crate) recall: &'a mut Recall,
    pub(crate) out: &'a mut Solution,
}

/// Writes solution #`k` of the part `vars` (last checked for splitting at `checked` undecided
/// variables) into `walk.out`. `k` must be below the part's count. `within`: the graph of the
/// root component the part lies in, if one was kept.
pub(crate) fn descend(
    counter: &mut Counter<'_, '_>,
    vars: &[u32],
    checked: u32,
    mut k: BigUint,
    walk: &mut Walk<'_>,
    within: Option<&Within>,
    first: Option<First>,
) -> Result<(), Cancelled> {
    let mut open = Vec::new();
    for &v in vars {
        let d = counter.state.domains[v as usize];
        if is_single(d) {
            write(walk.out, counter.model.cells, v, d.trailing_zeros() as u8);
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
            let (counts, inner, firsts) = match within {
                Some(w) => {
                    let (graph, domains) = (&w.graph, &counter.state.domains);
                    let fixed = walk
                        .recall
                        .pick(graph, &graph.allowed(domains, &open, &w.fixed))
                        .expect("a part being walked has solutions");
                    // A part's count is the sum of its first branching's counts, which its walk
                    // needs next: the parts are independent, so the other parts' digits (held
                    // to `fixed` here, their own when it goes down) do not change them.
                    let mut counts = Vec::with_capacity(parts.len());
                    let mut firsts = Vec::with_capacity(parts.len());
                    for p in &parts {
                        let var = branch_var(domains, p).expect("a part is undecided");
                        let allowed = graph.allowed(domains, p, &fixed);
                        let per = walk.recall.digit_counts(graph, &allowed, var);
                        let total: ExactCount = per.iter().sum();
                        counts.push(total.to_big());
                        firsts.push(Some((var, per)));
                    }
                    let graph = graph.clone();
                    (counts, Some(Within { graph, fixed }), firsts)
                }
                None => {
                    let mut counts = Vec::with_capacity(parts.len());
                    for p in &parts {
                        counts.push(BigUint::from(walk.recall.count(counter, p)?));
                    }
                    (counts, None, vec![None; parts.len()])
                }
            };
            // The last component is the least significant digit of k.
            let mut indices = vec![BigUint::ZERO; parts.len()];
            for (i, n) in counts.iter().enumerate().rev() {
                indices[i] = &k % n;
                k /= n;
            }
            for ((p, i), first) in parts.iter().zip(indices).zip(firsts) {
                descend(counter, p, p.len() as u32, i, walk, inner.as_ref(), first)?;
            }
            return Ok(());
        }
        (&open, open.len() as u32)
    } else {
        (vars, checked)
    };
    // `open` is one component here (it was when last checked, and nothing was decided since):
    // the count may have kept its graph.
    let kept = within
        .is_none()
        .then(|| counter.graph(&open))
        .flatten()
        .map(|graph| Within {
            graph,
            fixed: Vec::new(),
        });
    let within = within.or(kept.as_ref());
    let var = branch_var(&counter.state.domains, frame).expect("the part is undecided");
    let dom = counter.state.domains[var as usize];
    // The enumeration's digit order here: the anchor's first, if it leads, then ascending.
    let lead = lead(walk.anchor, &counter.state.domains, frame, var);
    let order = arms(dom, lead);
    if let Some(w) = within {
        let mut counts = match first {
            Some((v, counts)) if v == var => counts,
            _ => {
                let allowed = w.graph.allowed(&counter.state.domains, frame, &w.fixed);
                walk.recall.digit_counts(&w.graph, &allowed, var)
            }
        };
        counter.nodes += 1;
        for d in order {
            let n = BigUint::from(std::mem::replace(&mut counts[d as usize], ExactCount::ZERO));
            if k < n {
                assign(counter.model, &mut counter.state, var as usize, d as u8)
                    .expect("a digit with solutions survives propagation");
                return descend(counter, frame, checked, k, walk, within, None);
            }
            k -= n;
        }
        unreachable!("k was below the part's count")
    }
    for d in order {
        let mark = counter.state.mark();
        if counter.decide(var, d as u8) {
            let n = BigUint::from(walk.recall.count(counter, frame)?);
            if k < n {
                return descend(counter, frame, checked, k, walk, None, None);
            }
            k -= n;
        }
        counter.state.undo(mark);
    }
    unreachable!("k was below the part's count")
}

/// A uniformly random number below `n` (which is positive), by rejection from random bits.
pub fn random_below(n: &BigUint, rng: &mut impl Rng) -> BigUint {
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
    /// [`Solver::nth`]: the walk to solution #`k` through the order, by counts.
    pub(crate) fn walk_to(&mut self, k: &BigUint) -> Result<Option<Solution>, Cancelled> {
        // Without a solution the walk's count could take hours to find 0 (see `has_none`).
        if self.has_none()? {
            return Ok(None);
        }
        let start = Instant::now();
        let mut decided = Stats::default();
        if self.order.is_none() {
            self.order =
                anchor::decide(&self.model, self.tuning, &self.cancel, false, &mut decided);
        }
        let Some(order) = &self.order else {
            decided.elapsed = start.elapsed();
            self.stats = decided;
            return Err(Cancelled);
        };
        let anchor = order.anchor();
        let (model, memo, cancel) = (&self.model, &mut self.memo, &self.cancel);
        let recall = &mut self.recall;
        let (sweep_from, flow_after) = (self.sweep_from, self.tuning.flow_after);
        let (found, mut stats) = on_deep_stack::<_, ()>(model.vars, None, |_| {
            let mut stats = Stats::default();
            let Some(state) = recall.root(model) else {
                return (Ok(None), stats);
            };
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let mut counter = Counter::new(model, state, memo, cancel, None);
            // Counted as `count` would, so that root components keep their graphs (swept) or
            // circuits (cut in the plan's order); the walk itself counts in the enumeration's
            // order, which neither follows. Once a walk has counted, the total is remembered:
            // the states a walk counts may push the root's out of the cache.
            let total = recall.total(&mut counter, &all, |counter| {
                counter.count_all(sweep_from, true, flow_after)
            });
            (counter.sweep_from, counter.record) = (usize::MAX, true);
            // Each of the walk's decisions checked against the sums' flow from the start (unless
            // the solver never checks it): a walk then never counts a digit the flow refutes,
            // whatever the walks before it counted (which made the flow only once they had
            // backtracked), so walks that share decisions ask the recall the same questions.
            if flow_after != u64::MAX && counter.flow.is_none() {
                counter.flow_after = 0;
            }
            let found = match total {
                Ok(total) if *k < total.to_big() => {
                    let mut out = blank(model.cells, model.cryptic);
                    let mut walk = Walk {
                        anchor,
                        recall: &mut *recall,
                        out: &mut out,
                    };
                    descend(
                        &mut counter,
                        &all,
                        u32::MAX,
                        k.clone(),
                        &mut walk,
                        None,
                        None,
                    )
                    .map(|()| Some(out))
                }
                Ok(_) => Ok(None),
                Err(Cancelled) => Err(Cancelled),
            };
            counter.add_to(&mut stats);
            stats.solutions = u64::from(matches!(found, Ok(Some(_))));
            (found, stats)
        });
        anchor::add(&mut stats, &decided);
        stats.elapsed = start.elapsed();
        self.stats = stats;
        found
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use crate::puzzle::Puzzle;
    use crate::solve::count::SWEEP_FROM;
    use crate::solve::{Outcome, Solution, Solver, generate};

    /// Every solution of a puzzle with some and at most 3,000 of them, in the stream's order.
    fn every_solution(puzzle: &Puzzle) -> Option<Vec<Solution>> {
        let (stream, outcome) = Solver::new(puzzle).solutions(3001);
        (outcome == Ok(Outcome::Complete) && !stream.is_empty()).then_some(stream)
    }

    /// Counts with `solver`, whose puzzle's solutions are `stream` (all of them), and if the
    /// count kept a graph, checks that each jump lands where the stream put that solution; whether it did.
    fn jumps_land_on_the_stream(solver: &mut Solver<'_>, stream: &[Solution], seed: u64) -> bool {
        let count = solver.count();
        assert_eq!(count, Ok(BigUint::from(stream.len())), "seed {seed}");
        if !solver.memo.has_graphs() {
            return false;
        }
        for (k, s) in stream.iter().enumerate() {
            let got = solver.nth(&BigUint::from(k)).ok().flatten();
            assert_eq!(got.as_ref(), Some(s), "seed {seed} #{k}");
        }
        true
    }

    /// Walks through parts whose graph a count kept (read off the graph, also after the part
    /// falls apart) find every solution where the stream puts it.
    #[test]
    fn walks_through_kept_graphs_follow_the_stream() {
        let mut walked = 0;
        for seed in 0..60 {
            let grid = generate::random_grid(7, 7, 0.25, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let Some(stream) = every_solution(&puzzle) else {
                continue;
            };
            let mut solver = Solver::new(&puzzle);
            if !jumps_land_on_the_stream(&mut solver, &stream, seed) {
                continue;
            }
            // The walks after the first asked the graphs what it did, at least at the top.
            assert!(
                stream.len() < 2 || solver.recall.recalled > 0,
                "seed {seed}"
            );
            // A counting-only solver keeps none, and still jumps right (by branching).
            let mut counter = Solver::new(&puzzle).counting_only();
            assert_eq!(counter.count(), Ok(BigUint::from(stream.len())));
            assert!(!counter.memo.has_graphs(), "seed {seed}");
            let last = stream.len() - 1;
            assert_eq!(
                counter.nth(&BigUint::from(last)).ok().flatten().as_ref(),
                stream.last()
            );
            // The walk to the one before recalls the states the last one counted.
            if last > 0 {
                let recalled = counter.recall.recalled_states;
                let before = counter.nth(&BigUint::from(last - 1)).ok().flatten();
                assert_eq!(before.as_ref(), Some(&stream[last - 1]), "seed {seed}");
                assert!(counter.recall.recalled_states > recalled, "seed {seed}");
            }
            walked += 1;
        }
        assert!(
            walked >= 3,
            "only {walked} puzzles with a kept graph (parts of {SWEEP_FROM}+)"
        );
    }

    /// Counts generated 7 × 7 puzzles whose root parts the count cuts in an elimination order,
    /// with a cache made by `memo`, and checks every jump through the circuits it kept; the
    /// puzzles walked, how many of them had counts dropped from the cache, and the branchings
    /// with one arm that the circuits' arms took over. `forgetful`: the walks remember few
    /// answers of the walks before them. `closing`: how the circuits' evaluations find closed
    /// arms (see `Circuit::find_closed_arms`).
    fn walk_kept_circuits(
        memo: impl Fn() -> crate::solve::memo::Memo,
        forgetful: bool,
        closing: Option<bool>,
    ) -> (usize, usize, usize) {
        use crate::solve::count::{Graph, Plan, generated_root};

        let (mut walked, mut dropped, mut taken_over) = (0, 0, 0);
        for seed in 0..40 {
            let Some((model, root)) = generated_root(7, 7, 0.25, seed) else {
                continue;
            };
            let grid = generate::random_grid(7, 7, 0.25, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let Some(stream) = every_solution(&puzzle) else {
                continue;
            };
            let mut solver = Solver::new(&puzzle);
            solver.memo = memo();
            solver
                .memo
                .plan(|| Plan::eliminating_all(&model, &root.domains));
            // Branching all the way: the circuits hold no sweeps (the graph tests cover those).
            solver.sweep_from = usize::MAX;
            if forgetful {
                solver.recall = crate::solve::recall::Recall::within(1 << 10);
            }
            if closing.is_some() {
                solver.count().unwrap();
                for graph in solver.memo.graphs() {
                    if let Graph::Cut(circuit) = graph {
                        circuit.find_closed_arms(closing);
                    }
                }
            }
            if !jumps_land_on_the_stream(&mut solver, &stream, seed) {
                continue;
            }
            assert!(forgetful || stream.len() < 2 || solver.recall.recalled > 0);
            walked += 1;
            dropped += usize::from(solver.memo.evicted > 0);
            for graph in solver.memo.graphs() {
                if let Graph::Cut(circuit) = graph {
                    taken_over += circuit.taken_over;
                }
            }
        }
        (walked, dropped, taken_over)
    }

    /// Walks through root parts the count cut in an elimination order (their circuits read
    /// under the walk's decisions) find every solution where the stream puts it.
    #[test]
    fn walks_through_kept_circuits_follow_the_stream() {
        let (walked, _, taken_over) =
            walk_kept_circuits(crate::solve::memo::Memo::default, false, None);
        assert!(walked >= 5, "only {walked} puzzles with a kept circuit");
        assert!(
            taken_over >= 10,
            "only {taken_over} branchings with one arm taken over"
        );
    }

    /// The same with every evaluation finding closed arms by the digits ruled out, and with
    /// none doing so.
    #[test]
    fn walks_through_kept_circuits_follow_the_stream_however_they_find_closed_arms() {
        for closing in [true, false] {
            let (walked, _, _) =
                walk_kept_circuits(crate::solve::memo::Memo::default, false, Some(closing));
            assert!(walked >= 5, "only {walked} puzzles with a kept circuit");
        }
    }

    /// A recording whose cache drops the states it met (and their nodes) counts them again
    /// into new nodes: the circuits it keeps still put every solution where the stream does,
    /// also when the walks forget the answers of the walks before them.
    #[test]
    fn circuits_recorded_while_the_cache_drops_states_follow_the_stream() {
        use crate::solve::memo::Memo;

        // Room for a few counts, and for every graph.
        let (_, dropped, _) = walk_kept_circuits(
            || Memo::new(2 << 10).with_graph_budget(64 << 20),
            true,
            None,
        );
        assert!(
            dropped >= 5,
            "only {dropped} puzzles with a circuit and counts dropped"
        );
    }

    /// Grids without sums count states that differ by a renaming of digits under one key;
    /// jumps on such grids, with sweeps down to small parts, land where branching does.
    #[test]
    fn jumps_through_swept_grids_without_sums_land_where_branching_does() {
        use rand::SeedableRng;
        use rand::rngs::StdRng;

        let mut rng = StdRng::seed_from_u64(3);
        for (w, h) in [(4, 4), (5, 3)] {
            let text: String = std::iter::once(format!("{}\n", "\\ ".repeat(w + 1)))
                .chain((0..h).map(|_| format!("\\ {}\n", "__ ".repeat(w))))
                .collect();
            let grid = crate::format::parse(&text, crate::format::Format::Kakuro)
                .unwrap()
                .document
                .grid;
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let mut jumping = Solver::new(&puzzle);
            jumping.sweep_from = 6;
            let mut branching = Solver::new(&puzzle).counting_only();
            branching.sweep_from = 6;
            let count = jumping.count().unwrap();
            assert_eq!(branching.count().unwrap(), count);
            for _ in 0..12 {
                let k = crate::solve::nth::random_below(&count, &mut rng);
                let (a, b) = (
                    jumping.nth(&k).ok().flatten(),
                    branching.nth(&k).ok().flatten(),
                );
                assert!(a.is_some(), "{w}x{h} #{k}");
                assert_eq!(a, b, "{w}x{h} #{k}");
            }
        }
    }

    /// A solver whose candidates are narrowed after it has walked starts its next walks from
    /// the narrowed root, not the one it kept: its jumps land where a fresh solver with those
    /// candidates puts them.
    #[test]
    fn candidates_narrowed_after_walks_are_walked_from() {
        let mut checked = 0;
        for seed in 0..40 {
            let grid = generate::random_grid(6, 6, 0.3, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let Some(stream) = every_solution(&puzzle) else {
                continue;
            };
            // A cell whose digit differs between the first solution and another.
            let Some((cell, digit)) = stream.iter().skip(1).find_map(|s| {
                let cell = (0..s.digits.len()).find(|&c| s.digits[c] != stream[0].digits[c])?;
                Some((cell, s.digits[cell]))
            }) else {
                continue;
            };
            let mut solver = Solver::new(&puzzle);
            assert_eq!(
                solver.nth(&BigUint::ZERO).ok().flatten().as_ref(),
                Some(&stream[0])
            );
            let id = crate::CellId(cell as u32);
            let mut narrowed = solver.with_candidates(id, 1 << digit);
            let mut fresh = Solver::new(&puzzle).with_candidates(id, 1 << digit);
            let count = fresh.count().unwrap();
            assert_eq!(narrowed.count().unwrap(), count, "seed {seed}");
            for k in [BigUint::ZERO, count - 1u8] {
                let got = narrowed.nth(&k).ok().flatten();
                assert_eq!(got, fresh.nth(&k).ok().flatten(), "seed {seed} #{k}");
                assert_eq!(got.map(|s| s.digits[cell]), Some(digit), "seed {seed} #{k}");
            }
            checked += 1;
        }
        assert!(
            checked >= 10,
            "only {checked} puzzles with two solutions or more"
        );
    }
}
