//! Solution #k in the counter's own order, by one descent through its counts: issue 47's
//! compiled, counted form as a view (no node is stored; each step's counts are the cache's, or
//! counted anew where they left it).
//!
//! The order is the one the counter branches in: the undecided variables of a state split into
//! components, whose solutions multiply, the component holding the lowest variable most
//! significant; in a component, the counter's branching variable (the plan's lowest rank, or the
//! enumeration's choice in a part that follows it) with its digits ascending. So `nth(k)` picks
//! the arm in which `k` falls by the arms' counts, and takes the mixed-radix digits of `k`
//! across a product. Not wired in yet: the stream does not walk this order (see the plan in
//! docs/notes/counting-redesign-plan.md).

use num_bigint::BigUint;

use super::Counter;
use crate::solve::Cancelled;
use crate::solve::combos::Mask;
use crate::solve::order::{arms, lead};
use crate::solve::propagate::{assign, digits};

impl Counter<'_, '_> {
    /// Solution #`k` (from 0) of the undecided variables among `vars` (ascending) in the
    /// counter's order, led by `anchor` as the stream is (see [`lead`]), as every variable's
    /// digit; `None` when `k` is not below their count. The state is left as it was.
    pub(crate) fn nth_by_plan(
        &mut self,
        vars: &[u32],
        k: &BigUint,
        anchor: Option<&[Mask]>,
    ) -> Result<Option<Vec<u8>>, Cancelled> {
        let mark = self.state.mark();
        let parts = self.components(vars);
        let found = self
            .descend_parts(&parts, k.clone(), anchor)
            .map(|found| found.then(|| self.digits_now()));
        self.state.undo(mark);
        found
    }

    /// Every variable's digit in a state where all are decided.
    pub(crate) fn digits_now(&self) -> Vec<u8> {
        self.state
            .domains
            .iter()
            .map(|&d| digits(d).next().expect("a decided variable") as u8)
            .collect()
    }

    /// The product of the counts of the components `parts`, each from the cache or counted.
    fn product_count(&mut self, parts: &[Vec<u32>]) -> Result<BigUint, Cancelled> {
        let mut total = BigUint::from(1u8);
        for part in parts {
            // An empty share: the descent is no part of a count's progress.
            total *= BigUint::from(self.count_component(part, (0.0, 0.0))?);
        }
        Ok(total)
    }

    /// Decides the components `parts` to their solution #`k`: in the product's mixed radix,
    /// the first part is the most significant digit. `false` when `k` is past their count.
    fn descend_parts(
        &mut self,
        parts: &[Vec<u32>],
        mut k: BigUint,
        anchor: Option<&[Mask]>,
    ) -> Result<bool, Cancelled> {
        let mut counts = Vec::with_capacity(parts.len());
        for part in parts {
            counts.push(self.product_count(std::slice::from_ref(part))?);
        }
        let mut below: BigUint = counts.iter().product();
        if k >= below {
            return Ok(false);
        }
        for (part, n) in parts.iter().zip(&counts) {
            // The solutions of the parts after this one.
            below /= n;
            let here = &k / &below;
            k %= &below;
            // Deciding this part leaves the later ones as they were: they share no run.
            if !self.descend_component(part, here, anchor)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Decides the component `comp` to its solution #`k` (below its count).
    fn descend_component(
        &mut self,
        comp: &[u32],
        mut k: BigUint,
        anchor: Option<&[Mask]>,
    ) -> Result<bool, Cancelled> {
        if let [v] = comp {
            // As the count takes it: every digit left completes the lone variable's runs.
            let dom = self.state.domains[*v as usize];
            let lead = lead(anchor, &self.state.domains, comp, *v);
            let Some(d) = usize::try_from(&k)
                .ok()
                .and_then(|i| arms(dom, lead).nth(i))
            else {
                return Ok(false);
            };
            return Ok(assign(self.model, &mut self.state, *v as usize, d as u8).is_ok());
        }
        let var = self.count_var(comp);
        let lead = lead(anchor, &self.state.domains, comp, var);
        for d in arms(self.state.domains[var as usize], lead) {
            let mark = self.state.mark();
            if self.decide(var, d as u8) {
                let rest = self.rest_parts(comp);
                let n = self.product_count(&rest)?;
                if k < n {
                    return self.descend_parts(&rest, k, anchor);
                }
                k -= n;
            }
            self.state.undo(mark);
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use num_bigint::BigUint;

    use super::*;
    use crate::puzzle::Puzzle;
    use crate::solve::count::plan::{self, Plan};
    use crate::solve::generate;
    use crate::solve::memo::Memo;
    use crate::solve::model::Model;
    use crate::solve::propagate::propagate_all;
    use crate::solve::state::State;
    use crate::solve::{CancelToken, Solver, Tuning};

    /// Every solution of the components `pending` (the next to decide last) in the counter's
    /// order, found by deciding every digit of the counter's branching variable in turn,
    /// without a count: each component's solutions with the parts its decisions leave, then
    /// the next component's.
    fn every_by_plan(
        counter: &mut Counter<'_, '_>,
        pending: &mut Vec<Vec<u32>>,
        out: &mut Vec<Vec<u8>>,
    ) {
        let Some(comp) = pending.pop() else {
            out.push(counter.digits_now());
            return;
        };
        let var = counter.count_var(&comp);
        for d in digits(counter.state.domains[var as usize]) {
            let mark = counter.state.mark();
            if counter.decide(var, d as u8) {
                let depth = pending.len();
                pending.extend(counter.rest_parts(&comp).into_iter().rev());
                every_by_plan(counter, pending, out);
                pending.truncate(depth);
            }
            counter.state.undo(mark);
        }
        pending.push(comp);
    }

    /// A small generated puzzle with a few solutions, and its root after propagation.
    struct Small {
        seed: u64,
        puzzle: Puzzle,
        /// Its number of solutions, 2 to 2,000.
        total: u64,
        model: Model,
        root: State,
    }

    /// The generated 7 × 7s (30% walls, seeds 0 to 39) with 2 to 2,000 solutions.
    fn small_puzzles() -> impl Iterator<Item = Small> {
        (0..40).filter_map(|seed| {
            let puzzle = Puzzle::from_grid(&generate::random_grid(7, 7, 0.3, seed)).ok()?;
            let total = streamed(&puzzle, 2_000).filter(|&n| n >= 2)?;
            let model = Model::new(&puzzle);
            let mut root = State::new(&model);
            propagate_all(&model, &mut root).expect("a puzzle with solutions");
            Some(Small {
                seed,
                puzzle,
                total,
                model,
                root,
            })
        })
    }

    /// The solutions a stream finds, if the puzzle has at most `most`.
    fn streamed(puzzle: &Puzzle, most: u64) -> Option<u64> {
        let mut n = 0u64;
        let done = Solver::new(puzzle).for_each(|_| {
            n += 1;
            if n > most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (done.is_ok() && n <= most).then_some(n)
    }

    /// On small generated puzzles, with the plan of an elimination and the enumeration's
    /// choice, and components counted by branching or by sweeps: solution #k of the descent,
    /// for every k below the count, is the k-th that a search branching by the counter's rule
    /// finds (so they are distinct, and as many as the stream finds), and #count is none.
    #[test]
    fn the_descent_lands_where_the_counters_order_puts_each_solution() {
        let mut checked = 0;
        for Small {
            seed,
            puzzle: _,
            total,
            model,
            root,
        } in small_puzzles()
        {
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let cancel = CancelToken::new();
            // An elimination's plan, and the enumeration's choice everywhere.
            let plan_of = |p: usize| match p {
                0 => Plan::eliminating_all(&model, &root.domains),
                _ => Plan::from_ranks(vec![plan::FOLLOW; model.vars]),
            };
            for p in 0..2 {
                for sweep_from in [usize::MAX, 2] {
                    let mut memo = Memo::default();
                    memo.plan(|| plan_of(p));
                    let mut counter = Counter::new(&model, root.clone(), &mut memo, &cancel, None);
                    counter.sweep_from = sweep_from;
                    let mut expected = Vec::new();
                    let mut pending: Vec<Vec<u32>> =
                        counter.components(&all).into_iter().rev().collect();
                    every_by_plan(&mut counter, &mut pending, &mut expected);
                    assert_eq!(expected.len() as u64, total, "seed {seed}, plan {p}");
                    for (k, solution) in expected.iter().enumerate() {
                        let got = counter.nth_by_plan(&all, &BigUint::from(k), None).unwrap();
                        assert_eq!(
                            got.as_ref(),
                            Some(solution),
                            "seed {seed}, plan {p}, sweep from {sweep_from}, #{k}"
                        );
                    }
                    let past = counter
                        .nth_by_plan(&all, &BigUint::from(total), None)
                        .unwrap();
                    assert_eq!(past, None, "seed {seed}, plan {p}");
                    let mut distinct = expected.clone();
                    distinct.sort_unstable();
                    distinct.dedup();
                    assert_eq!(distinct.len(), expected.len(), "seed {seed}, plan {p}");
                }
            }
            checked += 1;
        }
        assert!(
            checked >= 8,
            "only {checked} puzzles with 2 to 2,000 solutions"
        );
    }

    /// A measurement more than a check (it only asks that each draw lands): how long the
    /// descent takes on generated 100 × 30s at 40% walls once counted, with the counter's
    /// default cache and no graphs kept. Run in release: `SEEDS=4,9 cargo test --release --lib
    /// descent_timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn descent_timing() {
        use crate::solve::count::{SWEEP_FROM, generated_root};
        use std::time::Instant;
        let seeds: Vec<u64> = std::env::var("SEEDS")
            .map(|s| s.split(',').map(|x| x.parse().unwrap()).collect())
            .unwrap_or(vec![4, 9, 0, 8]);
        for seed in seeds {
            let (model, root) = generated_root(100, 30, 0.4, seed).expect("solvable");
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let (mut memo, cancel) = (Memo::default(), CancelToken::new());
            let mut counter = Counter::new(&model, root, &mut memo, &cancel, None);
            let t = Instant::now();
            let total = BigUint::from(counter.count_all(SWEEP_FROM, false, 200).unwrap());
            eprintln!("seed {seed}: count in {:?}", t.elapsed());
            for i in 0..5u32 {
                let k = &total * BigUint::from(2 * i + 1) / BigUint::from(10u32);
                let t = Instant::now();
                let found = counter.nth_by_plan(&all, &k, None).unwrap();
                eprintln!("  nth {i}: {:?}", t.elapsed());
                assert!(found.is_some(), "seed {seed}: draw {i} is below the count");
            }
        }
    }

    /// The stream, branching by the counter's plan, finds the solutions in the descent's
    /// order: on small generated puzzles with every variable ordered by elimination, the k-th
    /// streamed is `nth_by_plan(k)` for every k, in the plain order and in one led by an
    /// anchor (decided at the first backtrack, so that small puzzles have one).
    #[test]
    fn a_stream_by_the_plan_walks_the_descents_order() {
        let (mut checked, mut anchored) = (0, 0);
        for Small {
            seed,
            puzzle,
            total,
            model,
            root,
        } in small_puzzles()
        {
            for anchor_after in [u64::MAX - 1, 0] {
                let tuning = Tuning {
                    anchor_after,
                    ..Tuning::default()
                };
                let mut solver = Solver::new(&puzzle)
                    .with_tuning(tuning)
                    .by_plan(Some(Plan::eliminating_all(&model, &root.domains)));
                let mut stream = Vec::new();
                solver
                    .for_each(|s| {
                        stream.push(s.digits.clone());
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                assert_eq!(stream.len() as u64, total, "seed {seed}");
                let anchor = solver.order.as_ref().and_then(|o| o.anchor());
                anchored += usize::from(anchor.is_some());
                let all: Vec<u32> = (0..model.vars as u32).collect();
                let cancel = CancelToken::new();
                let mut memo = Memo::default();
                memo.plan(|| Plan::eliminating_all(&model, &root.domains));
                let mut counter = Counter::new(&model, root.clone(), &mut memo, &cancel, None);
                for (k, solution) in stream.iter().enumerate() {
                    let got = counter
                        .nth_by_plan(&all, &BigUint::from(k), anchor)
                        .unwrap();
                    assert_eq!(got.as_ref(), Some(solution), "seed {seed}, #{k}");
                }
            }
            checked += 1;
        }
        assert!(checked >= 8, "only {checked} puzzles");
        assert!(anchored >= 4, "only {anchored} anchored orders");
    }

    /// A measurement more than a check: the first solution and the rate of the stream by the
    /// plan (the search with static ranks, anchor and all) against today's stream. Run in
    /// release with `--ignored --nocapture`.
    #[test]
    #[ignore]
    fn stream_by_plan_timing() {
        use std::time::Instant;
        let time_first = |puzzle: &Puzzle, name: &str| {
            let t = Instant::now();
            let a = Solver::new(puzzle).first().unwrap();
            let today = t.elapsed();
            let t = Instant::now();
            let mut solver = Solver::new(puzzle).by_plan(None);
            let ranked = t.elapsed();
            let b = solver.first().unwrap();
            let plan = t.elapsed();
            assert!(a.is_some() && b.is_some(), "{name}");
            let anchored = matches!(solver.order, Some(crate::solve::anchor::Order::Anchored(_)));
            eprintln!(
                "{name}: first: today {today:?}, by plan {plan:?} (ranks made in {ranked:?}, anchored {anchored})"
            );
        };
        for (w, h, walls) in [(30, 100, 0.4), (100, 30, 0.25), (100, 30, 0.3)] {
            for seed in 0..3 {
                let grid = generate::random_grid(w, h, walls, seed);
                let name = format!("{w} x {h} {walls} s{seed}");
                time_first(&Puzzle::from_grid(&grid).unwrap(), &name);
            }
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/enum-blocks.kakuro");
        let text = std::fs::read_to_string(path).unwrap();
        let grid = crate::format::kakuro_text::parse(&text).unwrap().0;
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        for round in 0..2 {
            for by_plan in [false, true] {
                let t = Instant::now();
                let mut solver = Solver::new(&puzzle);
                if by_plan {
                    solver = solver.by_plan(None);
                }
                let mut n = 0u64;
                solver
                    .for_each(|_| {
                        n += 1;
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                let took = t.elapsed();
                eprintln!(
                    "enum-blocks round {round}, by plan {by_plan}: {n} in {took:?} ({:.1} M/s)",
                    n as f64 / took.as_secs_f64() / 1e6
                );
            }
        }
    }
}
