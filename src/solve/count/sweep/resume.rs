//! Starting a sweep where a recent one left off. Branching above a component too wide to sweep
//! offers its children to the sweep one after another, and most of them are one component with
//! the few cells by the cut in different states: on a 100 × 30 puzzle at 40% walls (seed 0), one
//! component of 103 to 107 cells was swept 1,888 times, its last 66 steps the same each time.
//! Swept from the end away from the cut, the steps two sweeps share come first, and the states
//! after them are those the earlier sweep reached there: the sweep starts from those.

use std::rc::Rc;

use super::table::RunTable;
use super::{Part, Plan, Planned, States, Step};

/// Sweeps remembered: branching on a cut offers the parts on its two sides in turn.
const REMEMBERED: usize = 4;

/// States kept of one sweep, at most.
const MAX_SAVED: usize = 2;

/// A step's states are kept only when there are at most this many (8 MB; with
/// [`REMEMBERED`] sweeps of [`MAX_SAVED`] lists, 64 MB at most).
const MAX_SAVED_STATES: usize = 1 << 18;

/// A step's states as a list (a copy of their table would take the room of the largest step
/// before).
type Saved = Vec<(u128, u128)>;

/// What the last few plain sweeps of a count leave for the next.
#[derive(Debug, Default)]
pub(crate) struct Resume {
    /// The sweeps remembered, oldest first.
    recent: Vec<Last>,
    /// Steps sweeps did not make, starting from states kept.
    skipped: u64,
}

/// A sweep: its plan in both directions, and the states it had after some of its steps.
#[derive(Debug)]
struct Last {
    /// The plan's order and its reverse.
    plans: [Plan; 2],
    /// Which of the two was swept.
    swept: usize,
    /// The states after so many steps of the swept plan, fewest steps first.
    saved: Vec<(usize, Saved)>,
}

/// How a sweep begins: which plan, and from which step.
#[derive(Debug)]
pub(super) struct Begin {
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
    saved: Vec<(usize, Saved)>,
}

impl Begin {
    /// A sweep of `plan` from its first step, keeping nothing.
    pub(super) fn fresh(plan: Plan) -> Begin {
        Begin::from_start([Some(plan), None])
    }

    fn from_start(plans: [Option<Plan>; 2]) -> Begin {
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

    /// Keeps the states after `steps` steps for the next sweep.
    pub(super) fn save(&mut self, steps: usize, states: &States<u128>) {
        if states.len() <= MAX_SAVED_STATES {
            if self.saved.len() == MAX_SAVED {
                self.saved.remove(0);
            }
            self.saved
                .push((steps, states.iter().map(|(&k, &n)| (k, n)).collect()));
        }
    }

    /// Fills `states` (empty) with the states after the steps the sweep need not make;
    /// `false` when it starts from the first.
    pub(super) fn restore(&self, states: &mut States<u128>) -> bool {
        match self.saved.last() {
            Some((steps, saved)) if *steps == self.from && self.from > 0 => {
                states.reserve(saved.len());
                states.extend(saved.iter().copied());
                true
            }
            _ => false,
        }
    }
}

impl Resume {
    /// How to sweep the part whose best plan is `plan`: in its order or the reverse, whichever
    /// leaves the least of its estimate after the steps it shares with a remembered sweep in
    /// the same direction, from the latest states that sweep kept within them.
    pub(super) fn begin(&mut self, part: &Part, plan: Plan) -> Begin {
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
    pub(super) fn end(&mut self, begin: Begin) {
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
    use super::super::{Learnt, plain_count};
    use crate::solve::CancelToken;
    use crate::solve::combos::is_single;
    use crate::solve::count::{Counter, generated_root};
    use crate::solve::memo::Memo;
    use crate::solve::propagate::digits;

    /// The children of branching on a few cells at one end of a generated part, swept one
    /// after another with what each sweep leaves for the next: the counts of sweeps that
    /// start afresh, with many steps not made.
    #[test]
    fn sweeps_that_start_where_the_last_left_off_count_as_fresh_ones() {
        let (mut sweeps, mut resumed) = (0, 0);
        let mut learnt = Learnt::default();
        for seed in 0..16 {
            let Some((model, state)) = generated_root(6, 24, 0.22, seed) else {
                continue;
            };
            let mut memo = Memo::default();
            let cancel = CancelToken::new();
            let mut counter = Counter::new(&model, state, &mut memo, &cancel, None);
            let all: Vec<u32> = (0..model.vars as u32).collect();
            // Two cells at the top, or two at the bottom.
            let undecided = all
                .iter()
                .copied()
                .filter(|&v| !is_single(counter.state.domains[v as usize]));
            let ends: Vec<u32> = if seed % 2 == 0 {
                undecided.take(2).collect()
            } else {
                undecided.rev().take(2).collect()
            };
            let [a, b] = ends[..] else { continue };
            for da in digits(counter.state.domains[a as usize]) {
                for db in digits(counter.state.domains[b as usize]) {
                    let mark = counter.state.mark();
                    if counter.decide(a, da as u8) && counter.decide(b, db as u8) {
                        for part in counter.components(&all) {
                            let (domains, live) = (&counter.state.domains, &counter.state.live);
                            let sweep = |learnt: &mut Learnt| {
                                plain_count(&model, domains, live, &part, learnt)
                            };
                            let fresh = sweep(&mut Learnt::default());
                            let skipped = learnt.resume.skipped;
                            assert_eq!(
                                sweep(&mut learnt),
                                fresh,
                                "seed {seed}, {a}={da}, {b}={db}"
                            );
                            sweeps += 1;
                            resumed += usize::from(learnt.resume.skipped > skipped);
                        }
                    }
                    counter.state.undo(mark);
                }
            }
        }
        assert!(resumed >= 20, "{resumed} of {sweeps} sweeps resumed");
    }
}
