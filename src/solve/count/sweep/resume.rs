//! Starting a sweep where a recent one left off. Branching above a component too wide to sweep
//! offers its children to the sweep one after another, and most of them are one component with
//! the few cells by the cut in different states: the same component swept again and again, most
//! of its steps the same each time.
//! Swept from the end away from the cut, the steps two sweeps share come first, and the states
//! after them are those the earlier sweep reached there: the sweep starts from those.

use std::rc::Rc;

use super::table::RunTable;
use super::{Part, Plan, Planned, States, Step};
use crate::solve::count::dag::Slot;

/// Sweeps remembered: branching on a cut offers the parts on its two sides in turn.
const REMEMBERED: usize = 4;

/// States kept of one sweep, at most.
const MAX_SAVED: usize = 2;

/// A step's states are kept only when there are at most this many (8 MB; with
/// [`REMEMBERED`] sweeps of [`MAX_SAVED`] lists, 64 MB at most for plain sweeps and as much for
/// recordings, besides the shared steps those hold).
const MAX_SAVED_STATES: usize = 1 << 18;

/// A step's states as a list (a copy of their table would take the room of the largest step
/// before), and what the trace kept of the steps before (`X`: a recording's shared steps).
type Saved<X> = (Vec<(u128, u128)>, X);

/// What the last few sweeps of a count (with traces that keep `X` of their steps) leave for the
/// next.
#[derive(Debug)]
pub(crate) struct Resume<X> {
    /// The sweeps remembered, oldest first.
    recent: Vec<Last<X>>,
    /// Steps sweeps did not make, starting from states kept.
    skipped: u64,
}

impl<X> Default for Resume<X> {
    fn default() -> Resume<X> {
        Resume {
            recent: Vec::new(),
            skipped: 0,
        }
    }
}

/// A sweep: its plan in both directions, and the states it had after some of its steps.
#[derive(Debug)]
struct Last<X> {
    /// The plan's order and its reverse.
    plans: [Plan; 2],
    /// Which of the two was swept.
    swept: usize,
    /// The states after so many steps of the swept plan, fewest steps first.
    saved: Vec<(usize, Saved<X>)>,
}

/// How a sweep begins: which plan, and from which step.
#[derive(Debug)]
pub(super) struct Begin<X> {
    /// The plan in the best order, and its reverse if it could be made.
    plans: [Option<Plan>; 2],
    /// Which of the two to sweep.
    swept: usize,
    /// Steps done before the sweep starts (their states are the last kept).
    pub(super) from: usize,
    /// After how many steps the states are worth keeping for the next sweep: as many as this
    /// sweep shares with the remembered one most like it.
    pub(super) save_at: Option<usize>,
    /// States kept of that sweep that hold for this one too.
    saved: Vec<(usize, Saved<X>)>,
}

impl<X> Begin<X> {
    /// A sweep of `plan` from its first step, keeping nothing.
    pub(super) fn fresh(plan: Plan) -> Begin<X> {
        Begin::from_start([Some(plan), None])
    }

    fn from_start(plans: [Option<Plan>; 2]) -> Begin<X> {
        Begin {
            plans,
            swept: 0,
            from: 0,
            save_at: None,
            saved: Vec::new(),
        }
    }

    /// The plan to sweep.
    pub(super) fn plan(&self) -> &Plan {
        self.plans[self.swept]
            .as_ref()
            .expect("the swept plan is made")
    }

    /// Whether the states after `steps` steps are too many to keep.
    pub(super) fn too_many(states: usize) -> bool {
        states > MAX_SAVED_STATES
    }

    /// Keeps the states after `steps` steps, and what the trace kept of those steps, for the
    /// next sweep.
    pub(super) fn save<S: Slot>(&mut self, steps: usize, states: &States<S>, sealed: X) {
        if self.saved.len() == MAX_SAVED {
            self.saved.remove(0);
        }
        let states = states.iter().map(|(&k, s)| (k, s.raw())).collect();
        self.saved.push((steps, (states, sealed)));
    }

    /// Fills `states` (empty) with the states after the steps the sweep need not make, and
    /// gives what the trace kept of those steps; `None` when it starts from the first.
    pub(super) fn restore<S: Slot>(&self, states: &mut States<S>) -> Option<&X> {
        match self.saved.last() {
            Some((steps, (saved, sealed))) if *steps == self.from && self.from > 0 => {
                states.reserve(saved.len());
                states.extend(saved.iter().map(|&(k, raw)| (k, S::from_raw(raw))));
                Some(sealed)
            }
            _ => None,
        }
    }
}

impl<X> Resume<X> {
    /// How to sweep the part whose best plan is `plan`: in its order or the reverse, whichever
    /// leaves the least of its estimate after the steps it shares with a remembered sweep in
    /// the same direction, from the latest states that sweep kept within them.
    pub(super) fn begin(&mut self, part: &Part<'_>, plan: Plan) -> Begin<X> {
        let reversed = part.reversed(&plan);
        let plans = [Some(plan), reversed];
        // (remembered sweep, direction, steps shared), the least left to sweep.
        let mut best = None;
        let mut least = f64::INFINITY;
        for (i, last) in self.recent.iter().enumerate() {
            for (d, plan) in plans.iter().enumerate() {
                let Some(plan) = plan else { continue };
                let shared = shared_steps(plan, &last.plans[d]);
                let left = plan.cost - plan.work.get(shared).copied().unwrap_or(plan.cost);
                if shared > 0 && left < least {
                    least = left;
                    best = Some((i, d, shared));
                }
            }
        }
        let Some((i, swept, shared)) = best else {
            return Begin::from_start(plans);
        };
        let last = self.recent.remove(i);
        let mut saved = if last.swept == swept {
            last.saved
        } else {
            Vec::new()
        };
        saved.retain(|&(steps, _)| steps <= shared);
        let from = saved.last().map_or(0, |&(steps, _)| steps);
        self.skipped += from as u64;
        Begin {
            plans,
            swept,
            from,
            save_at: (from < shared).then_some(shared),
            saved,
        }
    }

    /// Remembers the sweep `begin` began (when it had both plans), in place of the one it
    /// started from, if any, and of the oldest past [`REMEMBERED`].
    pub(super) fn end(&mut self, begin: Begin<X>) {
        let Begin {
            plans: [Some(plan), Some(reversed)],
            swept,
            saved,
            ..
        } = begin
        else {
            return;
        };
        if self.recent.len() == REMEMBERED {
            self.recent.remove(0);
        }
        self.recent.push(Last {
            plans: [plan, reversed],
            swept,
            saved,
        });
    }
}

impl Part<'_> {
    /// The plan `plan` in the reverse order; `None` when a run's table cannot be made that
    /// way. The frontier between two cells is the same either way, so it is as wide.
    fn reversed(&self, plan: &Plan) -> Option<Plan> {
        let mut order = self.order_of(plan);
        order.reverse();
        match self.plan(&order, f64::INFINITY) {
            Planned::Ready(plan) => Some(plan),
            Planned::TooWide | Planned::Costly => None,
        }
    }
}

/// How many first steps two plans share: the same cell, domain and runs' slots, with the same
/// tables (the very same: a plan holds its tables, so no other can take their place).
fn shared_steps(a: &Plan, b: &Plan) -> usize {
    a.steps
        .iter()
        .zip(&b.steps)
        .take_while(|(x, y)| same_step(x, &a.tables, y, &b.tables))
        .count()
}

fn same_step(x: &Step, x_tables: &[Rc<RunTable>], y: &Step, y_tables: &[Rc<RunTable>]) -> bool {
    x.var == y.var
        && x.domain == y.domain
        && x.len == y.len
        && x.runs[..x.len].iter().zip(&y.runs[..y.len]).all(
            |(&(r, slot, opens, closes, k), &(s, y_slot, y_opens, y_closes, y_k))| {
                (slot, opens, closes, k) == (y_slot, y_opens, y_closes, y_k)
                    && Rc::ptr_eq(&x_tables[r], &y_tables[s])
            },
        )
}

#[cfg(test)]
mod tests {
    use super::super::{Learnt, count, plain_count};
    use crate::solve::CancelToken;
    use crate::solve::combos::{Mask, is_single};
    use crate::solve::count::dag::{Dag, Recording};
    use crate::solve::count::{Counter, generated_root};
    use crate::solve::memo::Memo;
    use crate::solve::model::Model;
    use crate::solve::propagate::digits;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The children of branching on two cells at one end of generated parts, in turn: the
    /// parts they leave, for `visit`.
    fn children(visit: impl FnMut(u64, &Model, &[Mask], &[u128], &[u32])) {
        children_of(6, 0.22, 2, visit);
    }

    /// The children of branching on `cells` cells at one end of generated `width` × 24 parts
    /// with `walls`, in turn: the parts each decision leaves, for `visit`.
    fn children_of(
        width: usize,
        walls: f64,
        cells: usize,
        mut visit: impl FnMut(u64, &Model, &[Mask], &[u128], &[u32]),
    ) {
        for seed in 0..16 {
            let Some((model, state)) = generated_root(width, 24, walls, seed) else {
                continue;
            };
            let mut memo = Memo::default();
            let cancel = CancelToken::new();
            let mut counter = Counter::new(&model, state, &mut memo, &cancel, None);
            let all: Vec<u32> = (0..model.vars as u32).collect();
            // Cells at the top, or at the bottom.
            let undecided = all
                .iter()
                .copied()
                .filter(|&v| !is_single(counter.state.domains[v as usize]));
            let ends: Vec<u32> = if seed % 2 == 0 {
                undecided.take(cells).collect()
            } else {
                undecided.rev().take(cells).collect()
            };
            if ends.len() < cells {
                continue;
            }
            // Every choice of digits for them, in order.
            let mut choices: Vec<Vec<u8>> = vec![Vec::new()];
            for &v in &ends {
                choices = choices
                    .iter()
                    .flat_map(|c| {
                        digits(counter.state.domains[v as usize]).map(move |d| {
                            let mut c = c.clone();
                            c.push(d as u8);
                            c
                        })
                    })
                    .collect();
            }
            for choice in choices {
                let mark = counter.state.mark();
                if ends
                    .iter()
                    .zip(&choice)
                    .all(|(&v, &d)| counter.decide(v, d))
                {
                    for part in counter.components(&all) {
                        let (domains, live) = (&counter.state.domains, &counter.state.live);
                        visit(seed, &model, domains, live, &part);
                    }
                }
                counter.state.undo(mark);
            }
        }
    }

    /// The graph a recorded sweep of `part` leaves, with `learnt` from the sweeps before.
    fn recorded(
        model: &Model,
        domains: &[Mask],
        live: &[u128],
        part: &[u32],
        learnt: &mut Learnt,
    ) -> Option<Dag> {
        let mut recording = Recording::within(usize::MAX).sharing(true);
        count(
            model,
            domains,
            live,
            part,
            learnt,
            &mut |_| Ok(()),
            &mut recording,
        )
        .expect("not cancelled")?;
        recording.finish(part.len())
    }

    /// Recorded sweeps that start where the last left off share its first steps' transitions:
    /// their graphs count, count per digit and pick under decided digits as fresh ones do.
    #[test]
    fn recorded_sweeps_that_share_steps_keep_the_graphs_of_fresh_ones() {
        let (mut graphs, mut shared) = (0, 0);
        let mut learnt = Learnt::default();
        let mut rng = StdRng::seed_from_u64(7);
        children(|seed, model, domains, live, part| {
            let fresh = recorded(model, domains, live, part, &mut Learnt::default());
            let skipped = learnt.recorded.skipped;
            let resumed = recorded(model, domains, live, part, &mut learnt);
            let (Some(fresh), Some(resumed)) = (fresh, resumed) else {
                return;
            };
            graphs += 1;
            shared += usize::from(learnt.recorded.skipped > skipped);
            // Under no decision, then each time one more variable decided to a digit that
            // leaves fillings: the same counts, per digit of every variable too.
            let mut allowed = vec![Mask::MAX; model.vars];
            for _ in 0..4 {
                let n = fresh.count(&allowed);
                assert_eq!(resumed.count(&allowed), n, "seed {seed}, {allowed:?}");
                for &v in part {
                    assert_eq!(
                        resumed.digit_counts(&allowed, v),
                        fresh.digit_counts(&allowed, v),
                        "seed {seed}, variable {v}"
                    );
                }
                let mut picked = vec![0u8; model.vars];
                assert_eq!(resumed.pick(&allowed, &mut picked), n > 0);
                if n == 0 {
                    break;
                }
                let only: Vec<Mask> = picked.iter().map(|&d| 1 << d).collect();
                assert_eq!(fresh.count(&only), 1, "a filling picked: {picked:?}");
                let v = part[rng.random_range(0..part.len())];
                let per = fresh.digit_counts(&allowed, v);
                let d = (1..10).rfind(|&d| per[d] > 0).expect("fillings");
                allowed[v as usize] = 1 << d;
            }
        });
        assert!(shared >= 20, "{shared} of {graphs} graphs share steps");
    }

    /// Graphs that share steps (in chains of segments, some chains shared by several graphs),
    /// all kept and asked in turn, each under its own decisions taken and undone at random:
    /// the same answers as fresh graphs. What each keeps between questions (the shared
    /// steps' paths from the start, the backward paths of the graph that last asked) must
    /// follow changes made while other graphs asked.
    #[test]
    fn graphs_that_share_steps_answer_as_fresh_ones_whatever_order_they_are_asked_in() {
        let mut pairs: Vec<(Dag, Dag, Vec<u32>, Vec<Mask>)> = Vec::new();
        for (width, walls, cells) in [(6, 0.22, 3), (5, 0.2, 1)] {
            let mut learnt = Learnt::default();
            children_of(width, walls, cells, |_, model, domains, live, part| {
                let fresh = recorded(model, domains, live, part, &mut Learnt::default());
                let shared = recorded(model, domains, live, part, &mut learnt);
                if let (Some(fresh), Some(shared)) = (fresh, shared) {
                    let allowed = vec![Mask::MAX; model.vars];
                    pairs.push((fresh, shared, part.to_vec(), allowed));
                }
            });
        }
        let chained = pairs.iter().filter(|p| p.1.shares_steps()).count();
        assert!(
            chained >= 100,
            "{chained} of {} graphs share steps",
            pairs.len()
        );
        let mut rng = StdRng::seed_from_u64(3);
        for round in 0..5000 {
            let i = rng.random_range(0..pairs.len());
            let (fresh, shared, part, allowed) = &mut pairs[i];
            let v = part[rng.random_range(0..part.len())];
            match rng.random_range(0..10) {
                0 => allowed.fill(Mask::MAX),
                1..=3 => allowed[v as usize] = Mask::MAX,
                _ => {
                    let per = fresh.digit_counts(allowed, v);
                    let ds: Vec<usize> = (1..10).filter(|&d| per[d] > 0).collect();
                    if !ds.is_empty() {
                        allowed[v as usize] = 1 << ds[rng.random_range(0..ds.len())];
                    }
                }
            }
            let n = fresh.count(allowed);
            assert_eq!(shared.count(allowed), n, "round {round}, graph {i}");
            let v = part[rng.random_range(0..part.len())];
            assert_eq!(
                shared.digit_counts(allowed, v),
                fresh.digit_counts(allowed, v),
                "round {round}, graph {i}, variable {v}"
            );
            let mut picked = vec![0u8; allowed.len()];
            assert_eq!(shared.pick(allowed, &mut picked), n > 0, "round {round}");
            if n > 0 {
                let mut only = allowed.clone();
                for &v in part.iter() {
                    assert!(allowed[v as usize] >> picked[v as usize] & 1 != 0);
                    only[v as usize] = 1 << picked[v as usize];
                }
                assert_eq!(fresh.count(&only), 1, "round {round}: a filling picked");
            }
        }
    }

    /// The children of branching on a few cells at one end of a generated part, swept one
    /// after another with what each sweep leaves for the next: the counts of sweeps that
    /// start afresh, with many steps not made.
    #[test]
    fn sweeps_that_start_where_the_last_left_off_count_as_fresh_ones() {
        let (mut sweeps, mut resumed) = (0, 0);
        let mut learnt = Learnt::default();
        children(|seed, model, domains, live, part| {
            let sweep = |learnt: &mut Learnt| plain_count(model, domains, live, part, learnt);
            let fresh = sweep(&mut Learnt::default());
            let skipped = learnt.resume.skipped;
            assert_eq!(sweep(&mut learnt), fresh, "seed {seed}, part {part:?}");
            sweeps += 1;
            resumed += usize::from(learnt.resume.skipped > skipped);
        });
        assert!(resumed >= 20, "{resumed} of {sweeps} sweeps resumed");
    }
}
