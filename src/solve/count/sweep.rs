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
use std::rc::Rc;

use super::Cancelled;
use super::dag::{Slot, Trace};
use crate::solve::combos::Mask;
use crate::solve::memo::WordHasher;
use crate::solve::model::Model;
use resume::{Begin, Resume};
use table::{RunTable, Tables, Way};

mod order;
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
    /// The run tables earlier plans made, for the next plans.
    tables: RefCell<Tables>,
    /// The last few plain sweeps, for the next to start where it can.
    resume: Resume,
}

impl Default for Learnt {
    fn default() -> Learnt {
        Learnt {
            ceiling: MAX_COST,
            smaller_than: usize::MAX,
            tables: RefCell::default(),
            resume: Resume::default(),
        }
    }
}

/// A step's states: the frontier's classes (nine bits per slot) and what the trace keeps of each.
pub(crate) type States<S> = HashMap<u128, S, BuildHasherDefault<WordHasher>>;

/// One cell's step: its domain (nine-bit) and, per run it is in, the run (local index), the
/// run's slot in the key, whether the run opens or closes at this cell, and how many of the
/// run's cells came before.
#[derive(Debug)]
struct Step {
    var: u32,
    domain: Digits,
    runs: [(usize, u32, bool, bool, usize); 2],
    len: usize,
}

/// The number of ways to fill the component `comp` (undecided cells, connected) from `domains`
/// such that every run touching it completes one of its live digit sets (`live`); `Ok(None)`
/// when the sweep declines: a cryptic puzzle, a component `learnt` rules out, a frontier over
/// [`MAX_WIDTH`] runs in every order, more than [`MAX_STATES`] states (both teach `learnt`),
/// or a count past `u128` (2^104 with a [`Recording`](super::dag::Recording)). `on_step` is
/// called before each cell's step with the share of the estimated work done so far (0.0 to
/// 1.0); its error (a cancel) ends the sweep. `trace` hears every transition; a plain count
/// may start from the states a recent sweep reached after the steps they share (see
/// [`resume`]).
pub(crate) fn count<T: Trace>(
    model: &Model,
    domains: &[Mask],
    live: &[u128],
    comp: &[u32],
    learnt: &mut Learnt,
    on_step: &mut dyn FnMut(f64) -> Result<(), Cancelled>,
    trace: &mut T,
) -> Result<Option<u128>, Cancelled> {
    if model.cryptic || comp.len() >= learnt.smaller_than {
        return Ok(None);
    }
    let Some(part) = Part::new(model, domains, live, comp, &learnt.tables) else {
        return Ok(None);
    };
    let plan = match part.best_plan(learnt.ceiling) {
        Planned::Ready(plan) => plan,
        Planned::Costly => return Ok(None),
        Planned::TooWide => {
            // Too wide in every order: a part this big rarely narrows in a few decisions.
            learnt.smaller_than = comp.len();
            return Ok(None);
        }
    };
    let mut begin = if T::PLAIN {
        learnt.resume.begin(&part, plan)
    } else {
        Begin::fresh(plan)
    };
    let mut states = States::default();
    if !T::plain(&mut states).is_some_and(|plain| begin.restore(plain)) {
        begin.from = 0;
        states.insert(0, trace.fresh(0).reached(1));
    }
    let swept = sweep(&mut begin, states, learnt, on_step, trace);
    if T::PLAIN {
        learnt.resume.end(begin);
    }
    swept
}

/// Sweeps the plan `begin` made ready from its step `begin.from`, whose states are `states`.
fn sweep<T: Trace>(
    begin: &mut Begin,
    mut states: States<T::Slot>,
    learnt: &mut Learnt,
    on_step: &mut dyn FnMut(f64) -> Result<(), Cancelled>,
    trace: &mut T,
) -> Result<Option<u128>, Cancelled> {
    let mut next = States::default();
    for i in begin.from..begin.plan().steps.len() {
        if begin.save_at == Some(i)
            && let Some(plain) = T::plain(&mut states)
        {
            begin.save(i, plain);
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
            let mut ways: [Way; 2] = [Way::Free(0); 2];
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

/// The runs touching the component `comp`, and each cell's runs (local indices into them);
/// `None` when a cell has more than two constraints.
fn runs_of(model: &Model, comp: &[u32]) -> Option<(Vec<u32>, Vec<[usize; 2]>)> {
    let mut runs: Vec<u32> = Vec::new();
    let mut local: HashMap<u32, usize, BuildHasherDefault<WordHasher>> = HashMap::default();
    let mut of_cell: Vec<[usize; 2]> = Vec::with_capacity(comp.len());
    for &v in comp {
        let mut mine = [usize::MAX; 2];
        let cons = model.constraints_of(v as usize);
        if cons.len() > 2 {
            return None;
        }
        for (k, &c) in cons.iter().enumerate() {
            mine[k] = *local.entry(c).or_insert_with(|| {
                runs.push(c);
                runs.len() - 1
            });
        }
        of_cell.push(mine);
    }
    Some((runs, of_cell))
}

/// A sweep made ready: the runs' tables and the cells' steps in the chosen order, with an
/// estimate of the states it may hold (the sum over steps of the product of the open runs'
/// classes).
#[derive(Debug)]
struct Plan {
    tables: Vec<Rc<RunTable>>,
    steps: Vec<Step>,
    cost: f64,
    /// The estimate's part before each step, for progress.
    work: Vec<f64>,
}

/// A component as the sweep's orders and plans see it: its state, the runs touching it and
/// each cell's runs.
struct Part<'a> {
    model: &'a Model,
    domains: &'a [Mask],
    live: &'a [u128],
    comp: &'a [u32],
    runs: Vec<u32>,
    /// Each cell's runs (local indices into `runs`; `usize::MAX` for none).
    of_cell: Vec<[usize; 2]>,
    /// The tables made so far: most orders fill most runs' cells in the same order, and most
    /// components share most runs with one swept before.
    made: &'a RefCell<Tables>,
}

impl<'a> Part<'a> {
    /// The component `comp` in the state `domains`/`live`; `None` when a cell has more than
    /// two constraints (a cryptic puzzle's letters).
    fn new(
        model: &'a Model,
        domains: &'a [Mask],
        live: &'a [u128],
        comp: &'a [u32],
        made: &'a RefCell<Tables>,
    ) -> Option<Part<'a>> {
        let (runs, of_cell) = runs_of(model, comp)?;
        Some(Part {
            model,
            domains,
            live,
            comp,
            runs,
            of_cell,
            made,
        })
    }

    /// The sweep in the cell order `order` (indices into the component), unless its frontier
    /// is too wide, a run's table cannot be made, or its estimate passes `limit` (found as
    /// soon as it does: the estimate only grows step by step, and the tables of runs not yet
    /// reached need not be made).
    fn plan(&self, order: &[u32], limit: f64) -> Planned {
        let cells_in = cells_in(&self.of_cell, self.runs.len(), order.iter().copied());
        // The steps first: they refuse a frontier too wide before any table is made.
        let Some(steps) = steps(order, &self.of_cell, &cells_in, self.comp, self.domains) else {
            return Planned::TooWide;
        };
        let mut made = self.made();
        let mut tables: Vec<Option<Rc<RunTable>>> = vec![None; self.runs.len()];
        // Classes of each open run after each step, and the open runs (ascending, at most
        // `MAX_WIDTH`): the product over them alone is the product over every run, as the
        // others are 1, but costs the frontier's width and not the part's runs per step.
        let mut open: Vec<f64> = vec![1.0; self.runs.len()];
        let mut frontier: Vec<usize> = Vec::with_capacity(MAX_WIDTH + 1);
        let mut cost = 0.0;
        let mut work = Vec::with_capacity(steps.len());
        for step in &steps {
            work.push(cost);
            for &(r, _, opens, closes, k) in &step.runs[..step.len] {
                if opens {
                    match self.table(&mut made, r, cells_in.of(r)) {
                        Some(table) => tables[r] = Some(table),
                        None => return Planned::TooWide,
                    }
                }
                let at = frontier.binary_search(&r);
                if closes {
                    open[r] = 1.0;
                    if let Ok(i) = at {
                        frontier.remove(i);
                    }
                } else {
                    let table = tables[r]
                        .as_ref()
                        .expect("a run's table is made as it opens");
                    open[r] = table.classes(k + 1);
                    if let Err(i) = at {
                        frontier.insert(i, r);
                    }
                }
            }
            cost += frontier.iter().map(|&r| open[r]).product::<f64>();
            if cost > limit {
                return Planned::Costly;
            }
        }
        Planned::Ready(Plan {
            tables: tables
                .into_iter()
                .map(|t| t.expect("every run opens at one of the steps"))
                .collect(),
            steps,
            cost,
            work,
        })
    }
}

/// A plan, or why there is none.
enum Planned {
    Ready(Plan),
    /// The frontier is too wide in this order, or a run's table cannot be made.
    TooWide,
    /// The estimate passes the limit asked for.
    Costly,
}

/// Each run's cells (indices into the component) in a sweep's order, side by side in one
/// array: an order is planned for each component a count offers to a sweep (over a hundred
/// thousand on a 30 × 100 puzzle), and a vector per run made most of their cost in allocation.
pub(super) struct RunCells {
    /// Where each run's cells begin in `cells` (one more entry than runs).
    starts: Vec<u32>,
    cells: Vec<u32>,
}

impl RunCells {
    /// Run `r`'s cells, in order.
    pub(super) fn of(&self, r: usize) -> &[u32] {
        &self.cells[self.starts[r] as usize..self.starts[r + 1] as usize]
    }

    /// Every run's cells, by run.
    pub(super) fn iter(&self) -> impl Iterator<Item = &[u32]> {
        (0..self.starts.len() - 1).map(|r| self.of(r))
    }
}

/// Each run's cells (indices into the component) in the order `order`.
fn cells_in(
    of_cell: &[[usize; 2]],
    runs: usize,
    order: impl IntoIterator<Item = u32> + Clone,
) -> RunCells {
    let mut starts = vec![0u32; runs + 1];
    for i in order.clone() {
        for &r in of_cell[i as usize].iter().filter(|&&r| r != usize::MAX) {
            starts[r + 1] += 1;
        }
    }
    for r in 0..runs {
        starts[r + 1] += starts[r];
    }
    let mut next = starts.clone();
    let mut cells = vec![0; starts[runs] as usize];
    for i in order {
        for &r in of_cell[i as usize].iter().filter(|&&r| r != usize::MAX) {
            cells[next[r] as usize] = i;
            next[r] += 1;
        }
    }
    RunCells { starts, cells }
}

/// The sweep's steps in `order`, with a slot per open run (a freed slot is reused); `None` when
/// more than [`MAX_WIDTH`] runs would be open at once.
fn steps(
    order: &[u32],
    of_cell: &[[usize; 2]],
    cells_in: &RunCells,
    comp: &[u32],
    domains: &[Mask],
) -> Option<Vec<Step>> {
    let mut left: Vec<u32> = cells_in.iter().map(|c| c.len() as u32).collect();
    let mut slot_of = vec![u32::MAX; left.len()];
    let mut free: Vec<u32> = (0..MAX_WIDTH as u32).rev().collect();
    let mut steps = Vec::with_capacity(order.len());
    for &i in order {
        let i = i as usize;
        let mut step = Step {
            var: comp[i],
            domain: domains[comp[i] as usize] >> 1,
            runs: [(0, 0, false, false, 0); 2],
            len: 0,
        };
        for &r in of_cell[i].iter().filter(|&&r| r != usize::MAX) {
            let full = cells_in.of(r).len() as u32;
            let opens = left[r] == full;
            let k = (full - left[r]) as usize;
            left[r] -= 1;
            let closes = left[r] == 0;
            if opens && !closes {
                slot_of[r] = free.pop()?;
            }
            let slot = if opens && closes { 0 } else { slot_of[r] };
            if closes && !opens {
                free.push(slot);
            }
            step.runs[step.len] = (r, slot, opens, closes, k);
            step.len += 1;
        }
        steps.push(step);
    }
    Some(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::CancelToken;
    use crate::solve::combos::is_single;
    use crate::solve::count::dag::Recording;
    use crate::solve::count::{Counter, generated_root};
    use crate::solve::memo::{Memo, Tally};
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
                    assert_eq!(Tally::Small(n), branched, "seed {seed}, part {part:?}");
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
        fn sweep<T: Trace>(
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
