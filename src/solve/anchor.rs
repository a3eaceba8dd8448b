//! The order's anchor: on a puzzle whose plain order (digits ascending) is slow to reach its
//! first solution, the enumeration leads with a solution found another way.
//!
//! In the plain order the first solution is the smallest one, and reaching it means proving
//! every branch before it empty: on dense puzzles one such proof can take a probe tens of
//! thousands of nodes, where a probe finds *a* solution far sooner (see BENCHMARKS.md). So the
//! order is decided per puzzle, once: the plain search runs until its first solution, and if it
//! needs more than [`ANCHOR_AFTER`] backtracks,
//! a probe's solution becomes the *anchor* `A` and the order leads with it: at a node where every
//! undecided variable of the part being searched still allows its digit in `A`, the branching
//! variable tries `A`'s digit first, then the others ascending. The first solution is then `A`
//! itself, reached without a backtrack. Where the plain search reaches its first solution
//! soon, that solution would be the anchor, and leading with it changes nothing (every digit
//! before it on its path has an empty branch): the order is the plain one.
//!
//! The rule reads only the part's variables and their domains, which the parts enumerated
//! before it do not touch, so a part's solutions come in the same order whatever the other
//! parts hold (the product, the replayed parts and `nth` rely on this).

use std::ops::ControlFlow;

use super::combos::Mask;
use super::model::Model;
use super::probe::{Answer, Probe};
use super::propagate::propagate_all;
use super::search::{Search, Tuning, read};
use super::state::State;
use super::{CancelToken, Stats};

/// Backtracks the plain search may take before its first solution; past them, the order is
/// anchored on a probe's solution.
pub(crate) const ANCHOR_AFTER: u64 = 128;

/// Nodes of the first probe for an anchor; each next one gets twice as many.
const FIRST_PROBE: u64 = 4096;

/// Probe nodes per backtrack a search that gives up (see `Solver::with_give_up_after`) lets the
/// probe take for an anchor before it gives up too.
const PROBE_SHARE: u64 = 16;

/// How a puzzle's solutions are ordered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// Digits ascending at every choice.
    Plain,
    /// Led by this solution: per variable, its digit as a one-bit mask.
    Anchored(Vec<Mask>),
    /// None at all: the probe proved it, and a stream has nothing to search.
    Empty,
}

impl Order {
    /// The anchor's digits per variable, if the order has one.
    pub(crate) fn anchor(&self) -> Option<&[Mask]> {
        match self {
            Order::Plain | Order::Empty => None,
            Order::Anchored(digits) => Some(digits),
        }
    }
}

/// The tuning the order is decided with: the default one, with `anchor_after` from `tuning`
/// (the other knobs change how many backtracks the search takes, and the order must not
/// depend on them; `probes_after` is kept as it is, since only `Solver::some` reads it).
pub(crate) fn deciding(tuning: Tuning) -> Tuning {
    Tuning {
        anchor_after: tuning.anchor_after,
        probes_after: tuning.probes_after,
        ..Tuning::default()
    }
}

/// Decides `model`'s order (see the module's doc), adding the work to `total`; `None` when
/// cancelled first, or when `tuning` gives up after some backtracks and the probe has not
/// answered within [`PROBE_SHARE`] nodes per backtrack. `lost`: the plain search is already
/// known to need more than `tuning.anchor_after` backtracks (the caller's stream just found
/// out).
pub(crate) fn decide(
    model: &Model,
    tuning: Tuning,
    cancel: &CancelToken,
    lost: bool,
    total: &mut Stats,
) -> Option<Order> {
    if !lost {
        let search = Search::new(model, cancel, (), deciding(tuning), None);
        let (outcome, stats, lost) = search.run(&mut |_| ControlFlow::Break(()));
        add(total, &stats);
        if !lost {
            return outcome.is_ok().then_some(Order::Plain);
        }
    }
    anchor(
        model,
        cancel,
        tuning.give_up_after.saturating_mul(PROBE_SHARE),
        total,
    )
}

/// A probe's solution of `model` as the anchor (empty when there is none); `None` when
/// cancelled, or when the probes so far took `nodes` or more. The probe is deterministic and
/// its budgets are the same for every caller (one with fewer `nodes` stops between probes, not
/// within one), so every caller that finds an anchor finds the same one.
fn anchor(model: &Model, cancel: &CancelToken, nodes: u64, total: &mut Stats) -> Option<Order> {
    let mut root = State::new(model);
    if propagate_all(model, &mut root).is_err() {
        return Some(Order::Empty);
    }
    let mut probe = Probe::new(model);
    let mut budget = FIRST_PROBE;
    let order = loop {
        match probe.ask(model, &mut root, budget, cancel, &[]) {
            Answer::Solution(s) => {
                break Some(Order::Anchored(
                    (0..model.vars as u32)
                        .map(|v| 1 << read(&s, model.cells, v))
                        .collect(),
                ));
            }
            Answer::None => break Some(Order::Empty),
            Answer::Unknown if cancel.is_cancelled() || probe.nodes >= nodes => break None,
            Answer::Unknown => budget = budget.saturating_mul(2),
        }
    };
    probe.add_work(&root, total);
    order
}

/// Adds one search's work to `total` (not the solutions it sent, nor the time).
pub(crate) fn add(total: &mut Stats, stats: &Stats) {
    total.nodes += stats.nodes;
    total.guesses += stats.guesses;
    total.backtracks += stats.backtracks;
    total.propagations += stats.propagations;
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use super::*;
    use crate::grid::{Cell, Clue, Direction};
    use crate::puzzle::Puzzle;
    use crate::solve::{Outcome, Solution, Solver, generate};

    /// Every solution (at most 3,000) in `solver`'s order, or `None`.
    fn all(solver: &mut Solver<'_>) -> Option<Vec<Solution>> {
        let (stream, outcome) = solver.solutions(3000);
        (outcome == Ok(Outcome::Complete) && !stream.is_empty()).then_some(stream)
    }

    #[test]
    fn anchored_streams_lead_with_the_anchor_and_jumps_follow_them() {
        let (mut anchored, mut led) = (0, 0);
        for seed in 0..60 {
            let Ok(puzzle) = Puzzle::from_grid(&generate::random_grid(9, 9, 0.25, seed)) else {
                continue;
            };
            let mut solver = Solver::new(&puzzle).with_tuning(Tuning {
                anchor_after: 0,
                ..Tuning::default()
            });
            let Some(stream) = all(&mut solver) else {
                continue;
            };
            let Some(Order::Anchored(anchor)) = solver.order.clone() else {
                continue;
            };
            anchored += 1;
            let model = solver.model();
            for v in 0..model.vars as u32 {
                assert_eq!(1 << read(&stream[0], model.cells, v), anchor[v as usize]);
            }
            let plain = all(&mut Solver::new(&puzzle).with_tuning(Tuning {
                anchor_after: u64::MAX,
                ..Tuning::default()
            }))
            .unwrap();
            if plain[0] != stream[0] {
                led += 1;
            }
            let mut jumper = Solver::new(&puzzle).with_tuning(Tuning {
                anchor_after: 0,
                ..Tuning::default()
            });
            for k in (0..stream.len()).step_by(stream.len() / 40 + 1) {
                let got = jumper.nth(&BigUint::from(k)).ok().flatten();
                assert_eq!(got.as_ref(), Some(&stream[k]), "seed {seed} #{k}");
            }
        }
        // Anchors other than the plain first solution, or this shows nothing.
        assert!(
            led >= 5,
            "{led} of {anchored} anchored puzzles led by another solution"
        );
    }

    /// Records the counters of every snapshot.
    struct Counters(Vec<Stats>);

    impl crate::solve::Observer for Counters {
        fn wants_snapshot(&mut self) -> bool {
            true
        }

        fn snapshot(&mut self, snapshot: &crate::solve::Snapshot<'_>) {
            self.0.push(snapshot.stats);
        }
    }

    #[test]
    fn a_watched_stream_counts_on_across_deciding_its_order() {
        let mut anchored = 0;
        for seed in 0..20 {
            let Ok(puzzle) = Puzzle::from_grid(&generate::random_grid(9, 9, 0.25, seed)) else {
                continue;
            };
            let mut solver = Solver::new(&puzzle).with_tuning(Tuning {
                anchor_after: 0,
                ..Tuning::default()
            });
            let mut seen = Counters(Vec::new());
            // A snapshot a node: a few solutions past the anchor are enough.
            let mut left = 20;
            let _ = solver.for_each_observed(&mut seen, |_| {
                left -= 1;
                if left == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if !matches!(solver.order, Some(Order::Anchored(_))) {
                continue;
            }
            anchored += 1;
            let total = solver.stats();
            for pair in seen.0.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                assert!(
                    a.nodes <= b.nodes && a.backtracks <= b.backtracks,
                    "seed {seed}: {a:?} then {b:?}"
                );
                assert!(a.solutions <= b.solutions, "seed {seed}");
            }
            let last = seen.0.last().expect("snapshots");
            assert!(last.nodes <= total.nodes && last.backtracks <= total.backtracks);
        }
        assert!(anchored >= 5, "{anchored} anchored puzzles");
    }

    #[test]
    fn a_probe_that_proves_no_solution_ends_the_stream() {
        let mut empty = 0;
        for seed in 0..40 {
            let mut grid = generate::random_grid(9, 8, 0.3, seed);
            // Nudge a clue: often no solution at all.
            let at = grid
                .positions()
                .find(|&p| grid.get(p).clue(Direction::Across).is_some())
                .unwrap();
            if let Some(Cell::Wall {
                across: Some(Clue::Sum(s)),
                ..
            }) = grid.get_mut(at)
            {
                *s += 1;
            }
            let Ok(puzzle) = Puzzle::from_grid(&grid) else {
                continue;
            };
            let mut solver = Solver::new(&puzzle).with_tuning(Tuning {
                anchor_after: 0,
                ..Tuning::default()
            });
            assert_eq!(
                solver.for_each(|_| ControlFlow::Continue(())),
                Ok(Outcome::Complete)
            );
            if solver.order != Some(Order::Empty) {
                continue;
            }
            empty += 1;
            // The plain search's one backtrack before the probe, and no stream after it.
            assert_eq!(solver.stats().backtracks, 1, "seed {seed}");
            assert_eq!(solver.stats().solutions, 0);
            assert_eq!(
                Solver::new(&puzzle).first().ok().flatten(),
                None,
                "seed {seed}"
            );
        }
        assert!(
            empty >= 5,
            "{empty} puzzles without solutions reached the probe"
        );
    }

    #[test]
    fn a_stream_that_gives_up_gives_up_deciding_its_order_too() {
        // 30 × 100 at 25% walls: the first probe (4,096 nodes) finds no anchor here.
        let puzzle = Puzzle::from_grid(&generate::random_grid(100, 30, 0.25, 7)).unwrap();
        let mut solver = Solver::new(&puzzle).with_tuning(Tuning {
            give_up_after: 8,
            ..Tuning::default()
        });
        assert_eq!(solver.first().ok().flatten(), None);
        assert!(solver.order.is_none());
        // The plain search until it gave up, and one first probe (4,096 nodes), not more.
        assert!(
            solver.stats().nodes < 6_000,
            "{} nodes",
            solver.stats().nodes
        );
        let mut patient = Solver::new(&puzzle).with_tuning(Tuning {
            give_up_after: 10_000,
            ..Tuning::default()
        });
        assert!(patient.first().ok().flatten().is_some());
        assert!(matches!(patient.order, Some(Order::Anchored(_))));
    }

    #[test]
    fn orders_found_soon_stay_plain() {
        for seed in 0..8 {
            let puzzle = Puzzle::from_grid(&generate::random_grid(12, 10, 0.45, seed)).unwrap();
            let mut solver = Solver::new(&puzzle);
            let Some(stream) = all(&mut solver) else {
                continue;
            };
            assert_eq!(solver.order, Some(Order::Plain), "seed {seed}");
            let plain = all(&mut Solver::new(&puzzle).with_tuning(Tuning {
                anchor_after: u64::MAX,
                ..Tuning::default()
            }));
            assert_eq!(Some(stream), plain, "seed {seed}");
        }
    }

    #[test]
    fn dense_puzzles_reach_their_first_solution_without_refuting_branches() {
        // 30 × 100 at 30% walls: the plain order reaches its first solution only after
        // refuting many branches.
        let puzzle = Puzzle::from_grid(&generate::random_grid(100, 30, 0.30, 4)).unwrap();
        let mut solver = Solver::new(&puzzle);
        let first = solver.first().ok().flatten().expect("a solution");
        let stats = solver.stats();
        assert!(matches!(solver.order, Some(Order::Anchored(_))));
        // The plain search's backtracks until it gave up, none after.
        assert_eq!(stats.backtracks, ANCHOR_AFTER + 1);
        assert!(stats.nodes < 60_000, "{} nodes", stats.nodes);
        let model = solver.model();
        let mut jumper = Solver::new(&puzzle);
        let anchor = decide(
            model,
            jumper.tuning,
            &CancelToken::new(),
            false,
            &mut Stats::default(),
        );
        assert_eq!(anchor, solver.order);
        assert_eq!(jumper.first().ok().flatten().as_ref(), Some(&first));
    }
}
