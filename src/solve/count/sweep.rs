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
use crate::solve::combos::{self, Mask, is_single};
use crate::solve::memo::WordHasher;
use crate::solve::model::{Kind, Model};

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

/// Components up to this many cells also try greedy orders.
const GREEDY_UP_TO: usize = 200;

/// Starts the greedy order is tried from (spread over the component's cells).
const GREEDY_STARTS: usize = 16;

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
}

impl Default for Learnt {
    fn default() -> Learnt {
        Learnt {
            ceiling: MAX_COST,
            smaller_than: usize::MAX,
            tables: RefCell::default(),
        }
    }
}

type States<S> = HashMap<u128, S, BuildHasherDefault<WordHasher>>;

/// One cell's step: its domain (nine-bit) and, per run it is in, the run (local index), the
/// run's slot in the key, whether the run opens or closes at this cell, and how many of the
/// run's cells came before.
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
/// 1.0); its error (a cancel) ends the sweep. `trace` hears every transition.
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
    let best = part.best_plan();
    let Some(Plan {
        tables,
        steps,
        cost,
        work,
    }) = best
    else {
        // Too wide in every order: a part this big rarely narrows in a few decisions.
        learnt.smaller_than = comp.len();
        return Ok(None);
    };
    if cost > learnt.ceiling {
        return Ok(None);
    }

    let mut states = States::default();
    let start = trace.fresh(0).reached(1);
    states.insert(0, start);
    let mut next = States::default();
    for (step, before) in steps.iter().zip(work) {
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
    let mut local: HashMap<u32, usize> = HashMap::new();
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
struct Plan {
    tables: Vec<Rc<RunTable>>,
    steps: Vec<Step>,
    cost: f64,
    /// The estimate's part before each step, for progress.
    work: Vec<f64>,
}

/// Tables kept at most: past this many, the cache starts afresh (a table takes a few
/// hundred bytes).
const MAX_TABLES: usize = 1 << 14;

/// What a run's table depends on: the run, its live digit sets, the digits decided in it, and
/// its cells' digits (nine-bit) in the order a sweep fills them (0 past the last).
type TableKey = (u32, u128, Mask, [Digits; 9]);

/// The run tables one count's plans have made, so that the next plans reuse them: a count
/// plans sweeps of thousands of components, most of whose runs are unchanged from one to the
/// next (on 30 × 100 puzzles at 40% walls, making tables took up to 60% of a count).
#[derive(Debug, Default)]
struct Tables(HashMap<TableKey, Option<Rc<RunTable>>, BuildHasherDefault<WordHasher>>);

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

    /// The sweep of the component with the smallest estimate (see [`Plan`]) among its orders
    /// by rows, by columns, and the greedy order from [`GREEDY_STARTS`] starts whose estimate
    /// from the runs' classes in the component's own cell order (cheap to make) is smallest
    /// among those not too wide. `None` when every order is too wide or a run's table cannot
    /// be made.
    fn best_plan(&self) -> Option<Plan> {
        let (comp, of_cell) = (self.comp, &self.of_cell[..]);
        let mut plans: Vec<Plan> = [false, true]
            .into_iter()
            .filter_map(|by_columns| self.plan(&line_order(self.model, comp, by_columns)))
            .collect();
        // The greedy order costs a pass over the cells per cell: only for parts a sweep may take.
        let own = (comp.len() <= GREEDY_UP_TO)
            .then(|| cells_in(of_cell, self.runs.len(), 0..comp.len() as u32));
        if let Some(own) = own
            && let Some(tables) = self.tables(&own)
        {
            let classes = log_classes(&tables, &own);
            let starts = comp.len().min(GREEDY_STARTS);
            let mut greedy: Vec<(f64, Vec<u32>)> = (0..starts)
                .map(|t| greedy_order(of_cell, &classes, t * comp.len() / starts))
                .map(|order| (estimate(&order, of_cell, &classes), order))
                .collect();
            greedy.sort_by(|a, b| a.0.total_cmp(&b.0));
            plans.extend(greedy.iter().find_map(|(_, order)| self.plan(order)));
        }
        plans.into_iter().min_by(|a, b| a.cost.total_cmp(&b.cost))
    }

    /// The sweep in the cell order `order` (indices into the component); `None` when its
    /// frontier is too wide or a run's table cannot be made.
    fn plan(&self, order: &[u32]) -> Option<Plan> {
        let cells_in = cells_in(&self.of_cell, self.runs.len(), order.iter().copied());
        // The steps first: they refuse a frontier too wide before any table is made.
        let steps = steps(order, &self.of_cell, &cells_in, self.comp, self.domains)?;
        let tables = self.tables(&cells_in)?;
        // Classes of each open run after each step.
        let mut open: Vec<f64> = vec![1.0; self.runs.len()];
        let mut cost = 0.0;
        let mut work = Vec::with_capacity(steps.len());
        for step in &steps {
            work.push(cost);
            for &(r, _, _, closes, k) in &step.runs[..step.len] {
                open[r] = if closes {
                    1.0
                } else {
                    tables[r].classes(k + 1)
                };
            }
            cost += open.iter().product::<f64>();
        }
        Some(Plan {
            tables,
            steps,
            cost,
            work,
        })
    }

    /// The tables of the component's runs, each run's cells taken as `cells_in` orders them.
    fn tables(&self, cells_in: &[Vec<u32>]) -> Option<Vec<Rc<RunTable>>> {
        let (model, domains, live) = (self.model, self.domains, self.live);
        let mut made = self.made.borrow_mut();
        if made.0.len() > MAX_TABLES {
            made.0.clear();
        }
        (0..self.runs.len())
            .zip(cells_in)
            .map(|(r, cells)| {
                let c = self.runs[r];
                let mut digits = [0; 9];
                for (d, &i) in digits.iter_mut().zip(cells) {
                    *d = domains[self.comp[i as usize] as usize] >> 1;
                }
                let decided = model
                    .cells_of(c as usize)
                    .iter()
                    .map(|&v| domains[v as usize])
                    .filter(|&d| is_single(d))
                    .fold(0, |a, d| a | d);
                made.0
                    .entry((c, live[c as usize], decided, digits))
                    .or_insert_with(|| {
                        run_table(model, domains, live, c as usize, &digits[..cells.len()])
                            .map(Rc::new)
                    })
                    .clone()
            })
            .collect()
    }
}

fn binomial(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |a, i| a * f64::from(n - i) / f64::from(i + 1))
}

/// Each run's cells (indices into the component) in the order `order`.
fn cells_in(
    of_cell: &[[usize; 2]],
    runs: usize,
    order: impl IntoIterator<Item = u32>,
) -> Vec<Vec<u32>> {
    let mut cells_in = vec![Vec::new(); runs];
    for i in order {
        for &r in of_cell[i as usize].iter().filter(|&&r| r != usize::MAX) {
            cells_in[r].push(i);
        }
    }
    cells_in
}

/// A transition to no state: the digit cannot go there.
const DEAD: u16 = u16::MAX;

/// How a run's part of the frontier moves as its cells are filled in the sweep's order.
#[derive(Clone, Debug)]
enum RunTable {
    /// A run without a sum: its state is the digits used (all different is all it asks), of
    /// the `digits` its cells can take between them.
    Free { digits: u32 },
    /// A run with a sum: after `k` of its cells, its state is a class of the digits used,
    /// two sets sharing a class when they leave the same completions for the cells after;
    /// `levels[k][class]` is the class's way on.
    Sum(Vec<Vec<Row>>),
}

/// A class's way on: `to[digit - 1]` is the class after the next cell takes the digit (0 once
/// the run is complete), or [`DEAD`]; `alive` holds the digits that are not.
#[derive(Clone, Debug)]
struct Row {
    to: [u16; 9],
    alive: Digits,
}

/// How a run goes on from a state of the sweep: the digits a run without a sum has used, or
/// a run with a sum's row.
#[derive(Clone, Copy)]
enum Way<'t> {
    Free(Digits),
    Sum(&'t [u16; 9]),
}

impl RunTable {
    /// How many classes the run has after `k` of its cells, before the last (at least one, so
    /// that an estimate stays finite even for a run that cannot complete).
    fn classes(&self, k: usize) -> f64 {
        match self {
            RunTable::Free { digits } => binomial(*digits, k as u32).max(1.0),
            RunTable::Sum(levels) => levels[k].len().max(1) as f64,
        }
    }
}

/// The table of run `c`, whose undecided cells have the domains `cells` (nine-bit, in the
/// sweep's order); `None` for a kind the sweep does not take or too many classes.
fn run_table(
    model: &Model,
    domains: &[Mask],
    live: &[u128],
    c: usize,
    cells: &[Digits],
) -> Option<RunTable> {
    match model.constraints[c].kind {
        Kind::Free => Some(RunTable::Free {
            digits: cells.iter().fold(0, |a, &d| a | d).count_ones(),
        }),
        Kind::Sum => {
            let all = model.cells_of(c);
            let decided: Mask = all
                .iter()
                .map(|&v| domains[v as usize])
                .filter(|&d| is_single(d))
                .fold(0, |a, d| a | d);
            let table = combos::table(all.len());
            let mut targets: Vec<Digits> = Vec::new();
            let mut bits = live[c];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let set = table.masks[i];
                if set & decided == decided {
                    targets.push((set & !decided) >> 1);
                }
            }
            let len = cells.len();
            let mut levels: Vec<Vec<Row>> = Vec::with_capacity(len);
            let mut reps: Vec<Digits> = vec![0];
            for k in 0..len {
                let mut classes: HashMap<[u64; 8], u16, BuildHasherDefault<WordHasher>> =
                    HashMap::default();
                let mut next_reps: Vec<Digits> = Vec::new();
                let mut level = Vec::with_capacity(reps.len());
                for &m in &reps {
                    let mut row = [DEAD; 9];
                    for (d, to) in row.iter_mut().enumerate() {
                        let bit = 1 << d;
                        if cells[k] & bit == 0 || m & bit != 0 {
                            continue;
                        }
                        let now = m | bit;
                        if k + 1 == len {
                            if targets.contains(&now) {
                                *to = 0;
                            }
                            continue;
                        }
                        // The digit sets the cells after may still take.
                        let mut future = [0u64; 8];
                        let mut any = false;
                        for &set in &targets {
                            let rest = set & !now;
                            if set & now == now && matchable(rest, &cells[k + 1..]) {
                                future[usize::from(rest) >> 6] |= 1 << (rest & 63);
                                any = true;
                            }
                        }
                        if !any {
                            continue;
                        }
                        let id = *classes.entry(future).or_insert_with(|| {
                            next_reps.push(now);
                            (next_reps.len() - 1) as u16
                        });
                        *to = id;
                    }
                    let alive = (0..9)
                        .filter(|&d| row[d] != DEAD)
                        .fold(0, |a, d| a | 1 << d);
                    level.push(Row { to: row, alive });
                }
                if next_reps.len() > 0x1FF {
                    return None;
                }
                levels.push(level);
                reps = next_reps;
            }
            Some(RunTable::Sum(levels))
        }
        _ => None,
    }
}

/// Whether the cells (nine-bit domains) can take the digits of `set` one each (as many digits
/// as cells): Hall's condition on every subset of cells.
fn matchable(set: Digits, cells: &[Digits]) -> bool {
    let n = cells.len();
    (1u32..1 << n).all(|sub| {
        let mut union = 0;
        for (i, &c) in cells.iter().enumerate() {
            if sub >> i & 1 == 1 {
                union |= c & set;
            }
        }
        union.count_ones() >= sub.count_ones()
    })
}

/// The component's cells (indices into it) by rows, or by columns.
fn line_order(model: &Model, comp: &[u32], by_columns: bool) -> Vec<u32> {
    let mut order: Vec<u32> = (0..comp.len() as u32).collect();
    order.sort_by_key(|&i| {
        let (row, col) = model.pos[comp[i as usize] as usize];
        if by_columns { (col, row) } else { (row, col) }
    });
    order
}

/// Per run (local index), the natural log of how many classes it has after each number of its
/// cells (0 to all of them, in `cells_in`'s order): what an order's estimate is made of.
fn log_classes(tables: &[Rc<RunTable>], cells_in: &[Vec<u32>]) -> Vec<Vec<f64>> {
    tables
        .iter()
        .zip(cells_in)
        .map(|(table, cells)| {
            let len = cells.len();
            (0..=len)
                .map(|k| {
                    if k == 0 || k == len {
                        0.0
                    } else {
                        table.classes(k).ln()
                    }
                })
                .collect()
        })
        .collect()
}

/// The estimated states of a sweep in `order` (the sum over steps of the product of the open
/// runs' classes), from [`log_classes`].
fn estimate(order: &[u32], of_cell: &[[usize; 2]], classes: &[Vec<f64>]) -> f64 {
    let mut placed = vec![0usize; classes.len()];
    let (mut log, mut total) = (0.0, 0.0);
    for &i in order {
        for &r in of_cell[i as usize].iter().filter(|&&r| r != usize::MAX) {
            log += classes[r][placed[r] + 1] - classes[r][placed[r]];
            placed[r] += 1;
        }
        total += f64::exp(log);
    }
    total
}

/// An order of the component's cells (indices into it) from `start`: greedily the cell whose
/// step multiplies the open runs' classes the least, among the cells of runs already open (any
/// cell when none is), preferring cells of more open runs on a tie.
fn greedy_order(of_cell: &[[usize; 2]], classes: &[Vec<f64>], start: usize) -> Vec<u32> {
    let n = of_cell.len();
    let mut cells_of_run: Vec<Vec<usize>> = vec![Vec::new(); classes.len()];
    for (i, runs) in of_cell.iter().enumerate() {
        for &r in runs.iter().filter(|&&r| r != usize::MAX) {
            cells_of_run[r].push(i);
        }
    }
    let mut placed = vec![0usize; classes.len()];
    let mut done = vec![false; n];
    // The cells not placed yet of the runs open so far (ascending): the only ones the rule
    // takes while there are any, so the scan need not look at the rest.
    let mut frontier: Vec<usize> = Vec::new();
    let mut order = Vec::with_capacity(n);
    let mut pick = start;
    loop {
        done[pick] = true;
        order.push(pick as u32);
        if let Ok(at) = frontier.binary_search(&pick) {
            frontier.remove(at);
        }
        for &r in of_cell[pick].iter().filter(|&&r| r != usize::MAX) {
            placed[r] += 1;
            if placed[r] == 1 {
                for &i in &cells_of_run[r] {
                    if let (false, Err(at)) = (done[i], frontier.binary_search(&i)) {
                        frontier.insert(at, i);
                    }
                }
            }
        }
        if order.len() == n {
            return order;
        }
        // Best so far: (touches an open run, growth of the log product, open runs touched).
        let mut best = (false, f64::INFINITY, 0);
        let mut consider = |i: usize, best: &mut (bool, f64, usize)| {
            let (mut growth, mut touched) = (0.0, 0);
            for &r in of_cell[i].iter().filter(|&&r| r != usize::MAX) {
                let k = placed[r];
                touched += usize::from(k > 0);
                growth += classes[r][k + 1] - classes[r][k];
            }
            let touches = touched > 0;
            let better = match (touches, best.0) {
                (true, false) => true,
                (false, true) => false,
                _ => growth < best.1 - 1e-9 || (growth < best.1 + 1e-9 && touched > best.2),
            };
            if better {
                *best = (touches, growth, touched);
                pick = i;
            }
        };
        if frontier.is_empty() {
            for i in (0..n).filter(|&i| !done[i]) {
                consider(i, &mut best);
            }
        } else {
            for &i in &frontier {
                consider(i, &mut best);
            }
        }
    }
}

/// The sweep's steps in `order`, with a slot per open run (a freed slot is reused); `None` when
/// more than [`MAX_WIDTH`] runs would be open at once.
fn steps(
    order: &[u32],
    of_cell: &[[usize; 2]],
    cells_in: &[Vec<u32>],
    comp: &[u32],
    domains: &[Mask],
) -> Option<Vec<Step>> {
    let mut left: Vec<u32> = cells_in.iter().map(|c| c.len() as u32).collect();
    let mut slot_of = vec![u32::MAX; cells_in.len()];
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
            let full = cells_in[r].len() as u32;
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

    /// Choosing more digits than a run's cells can take counts no ways (an order's estimate of
    /// a run that cannot complete), instead of overflowing.
    #[test]
    fn choosing_more_than_there_are_is_no_way() {
        assert_eq!(binomial(2, 4), 0.0);
        assert_eq!(binomial(9, 2), 36.0);
    }

    /// The greedy order looks only at the cells of open runs while there are any; it must pick
    /// what a scan of every cell picks (the rule prefers those cells, ties to the lowest).
    #[test]
    fn the_greedy_order_is_the_rule_applied_to_every_cell() {
        fn by_full_scan(of_cell: &[[usize; 2]], classes: &[Vec<f64>], start: usize) -> Vec<u32> {
            let n = of_cell.len();
            let (mut placed, mut done) = (vec![0usize; classes.len()], vec![false; n]);
            let (mut order, mut pick) = (Vec::new(), start);
            loop {
                done[pick] = true;
                order.push(pick as u32);
                for &r in of_cell[pick].iter().filter(|&&r| r != usize::MAX) {
                    placed[r] += 1;
                }
                if order.len() == n {
                    return order;
                }
                let mut best = (false, f64::INFINITY, 0);
                for (i, runs) in of_cell.iter().enumerate().filter(|&(i, _)| !done[i]) {
                    let (mut growth, mut touched) = (0.0, 0);
                    for &r in runs.iter().filter(|&&r| r != usize::MAX) {
                        touched += usize::from(placed[r] > 0);
                        growth += classes[r][placed[r] + 1] - classes[r][placed[r]];
                    }
                    let better = match (touched > 0, best.0) {
                        (true, false) => true,
                        (false, true) => false,
                        _ => growth < best.1 - 1e-9 || (growth < best.1 + 1e-9 && touched > best.2),
                    };
                    if better {
                        best = (touched > 0, growth, touched);
                        pick = i;
                    }
                }
            }
        }
        let mut compared = 0;
        for seed in 0..12 {
            let Some((model, state)) = generated_root(12, 12, 0.3, seed) else {
                continue;
            };
            let (mut memo, cancel) = (Memo::default(), CancelToken::new());
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let mut counter = Counter::new(&model, state.clone(), &mut memo, &cancel, None);
            let made = RefCell::default();
            for part in counter.components(&all) {
                let Some(part_view) = Part::new(&model, &state.domains, &state.live, &part, &made)
                else {
                    continue;
                };
                let own = cells_in(
                    &part_view.of_cell,
                    part_view.runs.len(),
                    0..part.len() as u32,
                );
                let Some(tables) = part_view.tables(&own) else {
                    continue;
                };
                let classes = log_classes(&tables, &own);
                for start in [0, part.len() / 2, part.len() - 1] {
                    let of_cell = &part_view.of_cell;
                    assert_eq!(
                        greedy_order(of_cell, &classes, start),
                        by_full_scan(of_cell, &classes, start),
                        "seed {seed}, part of {}, start {start}",
                        part.len()
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared >= 20, "only {compared} orders compared");
    }

    /// The largest root part of a generated 21 × 21 puzzle (101 cells), which no order by rows or
    /// columns, nor a greedy order by open runs alone, could sweep (3·10^8 states estimated):
    /// the order chosen by the runs' classes sweeps it whole, and its estimate holds.
    #[test]
    fn a_wide_part_is_swept_in_an_order_that_keeps_it_narrow() {
        let (model, state) = generated_root(21, 21, 0.42, 3).unwrap();
        let (mut memo, cancel) = (Memo::default(), CancelToken::new());
        let all: Vec<u32> = (0..model.vars as u32).collect();
        let mut counter = Counter::new(&model, state.clone(), &mut memo, &cancel, None);
        let part = counter
            .components(&all)
            .into_iter()
            .max_by_key(Vec::len)
            .unwrap();
        assert_eq!(part.len(), 101);
        let (domains, live) = (&state.domains, &state.live);
        let made = RefCell::default();
        let sweepable = Part::new(&model, domains, live, &part, &made).unwrap();
        let plan = sweepable.best_plan().unwrap();
        assert!(plan.cost < 2e7, "estimated {:e} states", plan.cost);
        for by_columns in [false, true] {
            let order = line_order(&model, &part, by_columns);
            let cost = sweepable.plan(&order).map_or(f64::INFINITY, |p| p.cost);
            assert!(
                cost > 1e8,
                "by columns: {by_columns}, estimated {cost:e} states"
            );
        }
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
