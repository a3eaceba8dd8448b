//! Counting a component by sweeping its cells in one order and counting partial fillings by
//! what the rest still needs to know: for each run begun but not finished (the *frontier*), the
//! completions its remaining cells may still take. Fillings that agree there have the same
//! continuations, so they are merged and carried as a number (the transfer-matrix method).
//!
//! Branching visits a frontier state once per propagated state that reaches it, and keys that
//! hold every domain of a component seldom meet again; the sweep's states are the frontier alone,
//! so a component a few runs wide counts in thousands of states, with no propagation. A
//! component too wide for that is left to branching, whose children are offered to the sweep
//! again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use super::Cancelled;
use super::dag::{Recording, Segment, Slot, Trace};
use crate::solve::combos::Mask;
use crate::solve::memo::WordHasher;
use crate::solve::model::Model;
use plan::{Known, KnownPlans, Part, Plan, Planned, RunCells, Step, cells_in};
use resume::{Begin, Resume};
use table::{RunTable, Tables, Way};

mod order;
mod plan;
mod resume;
mod table;

/// Runs open at once that a state can hold: nine bits each in a `u128`.
const MAX_WIDTH: usize = 14;

/// A digit set as nine bits (digit 1 in bit 0), the frontier's unit.
type Digits = u16;

/// States the sweep may hold in one step before it gives up (about 40 MB with the step
/// before).
const MAX_STATES: usize = 1 << 19;

/// The largest estimated cost (see [`Plan`]) of a sweep worth starting. Measured on generated
/// 21 × 21 puzzles, a sweep peaks at about 1/200 to 1/500 of its estimate in states.
const MAX_COST: f64 = 2e8;

/// What one count's sweeps have learnt: what not to try, and the run tables made so far.
#[derive(Debug)]
pub(crate) struct Learnt {
    /// The largest estimated cost (see [`Plan`]) worth starting: halved below a sweep's
    /// estimate when it gives up, so that components about as hard are not tried again.
    pub(crate) ceiling: f64,
    /// Components this big or bigger are not tried: one was too wide in every order.
    pub(crate) smaller_than: usize,
    /// What planning found for components by their cells: the order a sweep took, or that
    /// every order was past the ceiling. A count meets the same few cell sets over and over
    /// as branching decides cells elsewhere, and the same cells with other digits left mostly
    /// plan alike. Declining cells once past the ceiling is a guess: such cells may become
    /// sweepable as their digits narrow, and are branched on instead.
    planned: KnownPlans,
    /// The run tables earlier plans made, for the next plans.
    tables: RefCell<Tables>,
    /// The last few plain sweeps, for the next to start where it can.
    resume: Resume<()>,
    /// The last few recorded sweeps, for the next to start where it can and share their steps.
    recorded: Resume<Arc<Segment>>,
}

/// A trace a sweep may start midway with.
pub(crate) trait Resumes: Trace {
    /// The sweeps remembered for this kind of trace, of those for plain counts and for
    /// recordings.
    fn resumes<'a>(
        plain: &'a mut Resume<()>,
        recorded: &'a mut Resume<Arc<Segment>>,
    ) -> &'a mut Resume<Self::Sealed>;
}

impl Resumes for () {
    fn resumes<'a>(
        plain: &'a mut Resume<()>,
        _: &'a mut Resume<Arc<Segment>>,
    ) -> &'a mut Resume<()> {
        plain
    }
}

impl Resumes for Recording {
    fn resumes<'a>(
        _: &'a mut Resume<()>,
        recorded: &'a mut Resume<Arc<Segment>>,
    ) -> &'a mut Resume<Arc<Segment>> {
        recorded
    }
}

impl Default for Learnt {
    fn default() -> Learnt {
        Learnt {
            ceiling: MAX_COST,
            smaller_than: usize::MAX,
            planned: HashMap::default(),
            tables: RefCell::default(),
            resume: Resume::default(),
            recorded: Resume::default(),
        }
    }
}

/// A step's states: the frontier's classes (nine bits per slot) and what the trace keeps of each.
pub(crate) type States<S> = HashMap<u128, S, BuildHasherDefault<WordHasher>>;

/// The number of ways to fill the component `comp` (undecided cells, connected) from `domains`
/// such that every run touching it completes one of its live digit sets (`live`); `Ok(None)`
/// when the sweep declines: a cryptic puzzle, a component `learnt` rules out, a frontier over
/// [`MAX_WIDTH`] runs in every order, more than [`MAX_STATES`] states (both teach `learnt`),
/// or a count past `u128` (2^104 with a [`Recording`](super::dag::Recording)). `on_step` is
/// called before each cell's step with the share of the estimated work done so far (0.0 to
/// 1.0); its error (a cancel) ends the sweep. `trace` hears every transition; a count may
/// start from the states a recent sweep with the same kind of trace reached after the steps
/// they share, whose transitions a recording then shares (see [`resume`]).
pub(crate) fn count<T: Resumes>(
    model: &Model,
    domains: &[Mask],
    live: &[u128],
    comp: &[u32],
    learnt: &mut Learnt,
    on_step: &mut dyn FnMut(f64) -> Result<(), Cancelled>,
    trace: &mut T,
) -> Result<Option<u128>, Cancelled> {
    let costly = matches!(learnt.planned.get(comp), Some(Known::Costly));
    if model.cryptic || comp.len() >= learnt.smaller_than || costly {
        return Ok(None);
    }
    let Some(part) = Part::new(model, domains, live, comp, &learnt.tables) else {
        return Ok(None);
    };
    let Some(plan) = plan::choose(
        &part,
        &mut learnt.planned,
        learnt.ceiling,
        &mut learnt.smaller_than,
    ) else {
        return Ok(None);
    };
    let shares = trace.shares();
    let mut begin = match shares {
        true => T::resumes(&mut learnt.resume, &mut learnt.recorded).begin(&part, plan),
        false => Begin::fresh(plan),
    };
    let mut states = States::default();
    match begin.restore(&mut states) {
        Some(sealed) => trace.resume(sealed),
        None => {
            begin.from = 0;
            states.insert(0, trace.fresh(0).reached(1));
        }
    }
    let swept = sweep(&mut begin, states, learnt, on_step, trace);
    if shares {
        T::resumes(&mut learnt.resume, &mut learnt.recorded).end(begin);
    }
    swept
}

/// Whether a sweep by rows or by columns keeps the frontier of the component `comp` within
/// [`MAX_WIDTH`] runs (see [`Part::narrow_in_lines`]); `false` on a cryptic puzzle.
pub(crate) fn narrow_in_lines(
    model: &Model,
    domains: &[Mask],
    live: &[u128],
    comp: &[u32],
) -> bool {
    let tables = RefCell::default();
    !model.cryptic
        && Part::new(model, domains, live, comp, &tables).is_some_and(|part| part.narrow_in_lines())
}

/// Sweeps the plan `begin` made ready from its step `begin.from`, whose states are `states`.
fn sweep<T: Trace>(
    begin: &mut Begin<T::Sealed>,
    mut states: States<T::Slot>,
    learnt: &mut Learnt,
    on_step: &mut dyn FnMut(f64) -> Result<(), Cancelled>,
    trace: &mut T,
) -> Result<Option<u128>, Cancelled> {
    let mut next = States::default();
    for i in begin.from..begin.plan().steps.len() {
        if begin.save_at == Some(i)
            && !Begin::<T::Sealed>::too_many(states.len())
            && let Some(sealed) = trace.seal()
        {
            begin.save(i, &states, sealed);
        }
        let Plan {
            tables,
            steps,
            cost,
            work,
        } = begin.plan();
        let (step, before) = (&steps[i], work[i]);
        on_step(before / cost)?;
        trace.step(step.var);
        next.clear();
        let runs = &step.runs[..step.len];
        for (&key, &from) in &states {
            let n = from.count();
            // Each run's class and its way on from there, read once for all the digits: the
            // digits either run refuses are never tried.
            let mut digits = step.domain;
            let mut ways: [Way<'_>; 2] = [Way::Free(0); 2];
            for (way, &(r, slot, opens, _, k)) in ways.iter_mut().zip(runs) {
                let at = if opens {
                    0
                } else {
                    (key >> (slot * 9)) as u16 & 0x1FF
                };
                *way = match &*tables[r] {
                    RunTable::Free { .. } => {
                        digits &= !at;
                        Way::Free(at)
                    }
                    RunTable::Sum(levels) => {
                        let row = &levels[k][usize::from(at)];
                        digits &= row.alive;
                        Way::Sum(&row.to)
                    }
                };
            }
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut new = key;
                for (way, &(_, slot, opens, closes, _)) in ways.iter().zip(runs) {
                    let shift = slot * 9;
                    if closes {
                        if !opens {
                            new &= !(0x1FFu128 << shift);
                        }
                    } else {
                        let to = match *way {
                            Way::Free(at) => at | 1 << d,
                            Way::Sum(to) => to[d],
                        };
                        new = new & !(0x1FFu128 << shift) | u128::from(to) << shift;
                    }
                }
                let arrived = next.len();
                let to = next.entry(new).or_insert_with(|| trace.fresh(arrived));
                let Some(more) = to.add(n) else {
                    trace.overflow();
                    return Ok(None);
                };
                *to = more;
                trace.edge(from, more, d as u8 + 1);
            }
        }
        if next.len() > MAX_STATES {
            learnt.ceiling = learnt.ceiling.min(cost / 2.0);
            return Ok(None);
        }
        std::mem::swap(&mut states, &mut next);
    }
    Ok(states
        .values()
        .try_fold(0u128, |a, s| a.checked_add(s.count())))
}

/// A plain sweep of `part` that is never cancelled, for tests.
#[cfg(test)]
fn plain_count(
    model: &Model,
    domains: &[Mask],
    live: &[u128],
    part: &[u32],
    learnt: &mut Learnt,
) -> Option<u128> {
    count(model, domains, live, part, learnt, &mut |_| Ok(()), &mut ()).expect("not cancelled")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::CancelToken;
    use crate::solve::combos::is_single;
    use crate::solve::count::dag::Recording;
    use crate::solve::count::{Counter, generated_root};
    use crate::solve::memo::{ExactCount, Memo};
    use crate::solve::state::State;

    /// Every root part of small generated puzzles: the sweep's count is the branching's.
    #[test]
    fn sweeps_count_root_parts_as_branching_does() {
        let mut swept_parts = 0;
        for seed in 0..400 {
            let size = 3 + (seed % 3) as usize;
            let walls = [0.2, 0.3, 0.45][seed as usize % 3];
            let Some((model, state)) = generated_root(size, size + 1, walls, seed) else {
                continue;
            };
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let mut memo = Memo::default();
            let cancel = CancelToken::new();
            let mut counter = Counter::new(&model, state, &mut memo, &cancel, None);
            for part in counter.components(&all) {
                let mut learnt = Learnt {
                    ceiling: f64::INFINITY,
                    ..Learnt::default()
                };
                let (domains, live) = (&counter.state.domains, &counter.state.live);
                let swept = count(
                    &model,
                    domains,
                    live,
                    &part,
                    &mut learnt,
                    &mut |_| Ok(()),
                    &mut (),
                )
                .unwrap();
                let branched = counter.count_component(&part, (0.0, 1.0)).unwrap();
                if let Some(n) = swept {
                    swept_parts += 1;
                    assert_eq!(ExactCount::Small(n), branched, "seed {seed}, part {part:?}");
                }
            }
        }
        assert!(swept_parts > 200, "only {swept_parts} parts swept");
    }

    /// The root part of a 6 × 6 generated puzzle with few walls, propagated: one sweep.
    fn open_part() -> (Model, State, Vec<u32>) {
        let (model, state) = generated_root(6, 6, 0.2, 1).unwrap();
        let part: Vec<u32> = (0..model.vars as u32)
            .filter(|&v| !is_single(state.domains[v as usize]))
            .collect();
        (model, state, part)
    }

    /// A count sweeps a component's cells again in the order they took, and does not plan
    /// again cells whose every order was past the ceiling.
    #[test]
    fn a_count_remembers_what_planning_found_for_a_components_cells() {
        let (model, state, part) = open_part();
        let sweep =
            |learnt: &mut Learnt| plain_count(&model, &state.domains, &state.live, &part, learnt);
        let mut learnt = Learnt::default();
        let first = sweep(&mut learnt);
        assert!(first.is_some_and(|n| n > 1), "{first:?}");
        let Some(plan::Known::Order(order)) = learnt.planned.get(&part[..]) else {
            panic!("no order remembered: {:?}", learnt.planned);
        };
        let mut cells = order.to_vec();
        cells.sort_unstable();
        assert_eq!(cells, (0..part.len() as u32).collect::<Vec<_>>());
        assert_eq!(sweep(&mut learnt), first);

        let mut cramped = Learnt {
            ceiling: 1.0,
            ..Learnt::default()
        };
        assert_eq!(sweep(&mut cramped), None);
        assert!(matches!(
            cramped.planned.get(&part[..]),
            Some(plan::Known::Costly)
        ));
        cramped.ceiling = f64::INFINITY;
        assert_eq!(sweep(&mut cramped), None, "planned again");
        cramped.planned.clear();
        assert_eq!(sweep(&mut cramped), first);
    }

    #[test]
    fn a_sweep_reports_its_progress_step_by_step() {
        let (model, state, part) = open_part();
        let mut shares = Vec::new();
        let mut learnt = Learnt::default();
        let swept = count(
            &model,
            &state.domains,
            &state.live,
            &part,
            &mut learnt,
            &mut |done| {
                shares.push(done);
                Ok(())
            },
            &mut (),
        );
        assert!(matches!(swept, Ok(Some(_))), "{swept:?}");
        assert_eq!(shares.len(), part.len(), "a report per cell");
        assert_eq!(shares[0], 0.0);
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
        assert!(
            shares[part.len() / 2] > 0.0 && shares[part.len() - 1] < 1.0,
            "{shares:?}"
        );
    }

    /// The counter passes its cancel token into a sweep.
    #[test]
    fn a_cancelled_sweep_says_so() {
        let (model, state, part) = open_part();
        let mut memo = Memo::default();
        let cancel = CancelToken::new();
        cancel.cancel();
        let mut counter = Counter::new(&model, state, &mut memo, &cancel, None);
        counter.sweep_from = 2;
        assert_eq!(counter.count_component(&part, (0.0, 1.0)), Err(Cancelled));
    }

    /// A recording without room gives up, and the sweep counts on as without one.
    #[test]
    fn a_recording_out_of_room_keeps_nothing_and_changes_no_count() {
        fn sweep<T: Resumes>(
            model: &Model,
            state: &State,
            part: &[u32],
            trace: &mut T,
        ) -> Option<u128> {
            let (d, l) = (&state.domains, &state.live);
            count(
                model,
                d,
                l,
                part,
                &mut Learnt::default(),
                &mut |_| Ok(()),
                trace,
            )
            .unwrap()
        }
        let (model, state, part) = open_part();
        let plain = sweep(&model, &state, &part, &mut ());
        let mut roomy = Recording::within(usize::MAX);
        let recorded = sweep(&model, &state, &part, &mut roomy);
        let mut cramped = Recording::within(64);
        let given_up = sweep(&model, &state, &part, &mut cramped);
        assert!(plain.is_some_and(|n| n > 1));
        assert_eq!(recorded, plain);
        assert_eq!(given_up, plain);
        let all = vec![Mask::MAX; model.vars];
        assert_eq!(roomy.finish(part.len()).map(|g| g.count(&all)), plain);
        assert!(cramped.finish(part.len()).is_none());
    }
}
