//! Making a sweep ready: a component's runs and cells as the sweep sees them, the steps and
//! estimate of a sweep in a given order, and what a count remembers of the orders its
//! components took.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use super::table::{RunTable, Tables};
use super::{Digits, MAX_WIDTH};
use crate::solve::combos::Mask;
use crate::solve::memo::WordHasher;
use crate::solve::model::Model;

/// Cell sets whose plans [`Learnt`](super::Learnt) remembers, at most (past this many it starts afresh).
const MAX_PLANNED: usize = 1 << 14;

/// What planning found for components, by their cells.
pub(super) type KnownPlans = HashMap<Box<[u32]>, Known, BuildHasherDefault<WordHasher>>;

/// What planning found for a component's cells.
#[derive(Debug)]
pub(super) enum Known {
    /// The order of the cells (indices into the component) planning chose, in which, or
    /// reversed, a sweep took them.
    Order(Box<[u32]>),
    /// Every order was past the ceiling.
    Costly,
}

/// One cell's step: its domain (nine-bit) and, per run it is in, the run (local index), the
/// run's slot in the key, whether the run opens or closes at this cell, and how many of the
/// run's cells came before.
#[derive(Debug)]
pub(super) struct Step {
    pub(super) var: u32,
    pub(super) domain: Digits,
    pub(super) runs: [(usize, u32, bool, bool, usize); 2],
    pub(super) len: usize,
}

/// The plan for `part` within `ceiling`: in the order its cells took before if that is still
/// within it, else the best, remembered in `planned` (see [`Learnt`](super::Learnt)); `None`
/// when there is none within the ceiling, or none at all (which lowers `smaller_than`).
pub(super) fn choose(
    part: &Part<'_>,
    planned: &mut KnownPlans,
    ceiling: f64,
    smaller_than: &mut usize,
) -> Option<Plan> {
    let known = planned.get(part.comp);
    if let Some(Known::Order(order)) = known
        && let Planned::Ready(plan) = part.plan(order, ceiling)
    {
        return Some(plan);
    }
    let best = match known {
        Some(Known::Costly) => return None,
        _ => part.best_plan(ceiling),
    };
    if planned.len() == MAX_PLANNED {
        planned.clear();
    }
    match best {
        Planned::Ready(plan) => {
            let order = part.order_of(&plan).into();
            planned.insert(part.comp.into(), Known::Order(order));
            Some(plan)
        }
        Planned::Costly => {
            planned.insert(part.comp.into(), Known::Costly);
            None
        }
        Planned::TooWide => {
            // Too wide in every order: a part this big rarely narrows in a few decisions.
            *smaller_than = part.comp.len();
            None
        }
    }
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
pub(super) struct Plan {
    pub(super) tables: Vec<Rc<RunTable>>,
    pub(super) steps: Vec<Step>,
    pub(super) cost: f64,
    /// The estimate's part before each step, for progress.
    pub(super) work: Vec<f64>,
}

/// A component as the sweep's orders and plans see it: its state, the runs touching it and
/// each cell's runs.
pub(super) struct Part<'a> {
    pub(super) model: &'a Model,
    pub(super) domains: &'a [Mask],
    pub(super) live: &'a [u128],
    pub(super) comp: &'a [u32],
    pub(super) runs: Vec<u32>,
    /// Each cell's runs (local indices into `runs`; `usize::MAX` for none).
    pub(super) of_cell: Vec<[usize; 2]>,
    /// The tables made so far: most orders fill most runs' cells in the same order, and most
    /// components share most runs with one swept before.
    pub(super) made: &'a RefCell<Tables>,
}

impl<'a> Part<'a> {
    /// The component `comp` in the state `domains`/`live`; `None` when a cell has more than
    /// two constraints (a cryptic puzzle's letters).
    pub(super) fn new(
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

    /// The order of `plan`'s cells (indices into the component).
    pub(super) fn order_of(&self, plan: &Plan) -> Vec<u32> {
        let comp = self.comp;
        plan.steps
            .iter()
            .map(|s| {
                comp.binary_search(&s.var)
                    .expect("a plan's cells are the component's") as u32
            })
            .collect()
    }

    /// Whether a sweep in the cell order `order` (indices into the component) keeps its
    /// frontier within [`MAX_WIDTH`] runs.
    pub(super) fn narrow_in(&self, order: &[u32]) -> bool {
        let cells_in = cells_in(&self.of_cell, self.runs.len(), order.iter().copied());
        steps(order, &self.of_cell, &cells_in, self.comp, self.domains).is_some()
    }

    /// The sweep in the cell order `order` (indices into the component), unless its frontier
    /// is too wide, a run's table cannot be made, or its estimate passes `limit` (found as
    /// soon as it does: the estimate only grows step by step, and the tables of runs not yet
    /// reached need not be made).
    pub(super) fn plan(&self, order: &[u32], limit: f64) -> Planned {
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
pub(super) enum Planned {
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
pub(super) fn cells_in(
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
