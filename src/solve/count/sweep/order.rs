//! Choosing the order a sweep fills a component's cells in: the frontier's width, and so the
//! sweep's cost, depends on the order, and finding a narrow one (by rows, by columns, or greedily
//! by the runs' classes) is a search of its own.

use std::rc::Rc;

use super::table::RunTable;
use super::{Part, Planned, RunCells, cells_in};
use crate::solve::model::Model;

/// Components up to this many cells also try greedy orders.
const GREEDY_UP_TO: usize = 200;

/// Starts the greedy order is tried from (spread over the component's cells).
const GREEDY_STARTS: usize = 16;

impl Part<'_> {
    /// Whether a sweep by rows or by columns keeps the frontier narrow: a component where
    /// neither does is branched on, and takes far longer to count than one a sweep takes.
    pub(super) fn narrow_in_lines(&self) -> bool {
        [false, true]
            .into_iter()
            .any(|by_columns| self.narrow_in(&line_order(self.model, self.comp, by_columns)))
    }

    /// The sweep of the component with the smallest estimate (see [`Plan`]) among its orders
    /// by rows, by columns, and the greedy order from [`GREEDY_STARTS`] starts whose estimate
    /// from the runs' classes in the component's own cell order (cheap to make) is smallest
    /// among those not too wide. [`Planned::TooWide`] when every order is too wide or a run's
    /// table cannot be made; [`Planned::Costly`] when no order's estimate is within `limit`.
    pub(super) fn best_plan(&self, limit: f64) -> Planned {
        let (comp, of_cell) = (self.comp, &self.of_cell[..]);
        let mut best = Planned::TooWide;
        // An order is planned only as far as it could still beat the best so far.
        let offer = |planned: Planned, best: &mut Planned| match (planned, &*best) {
            (Planned::Ready(plan), Planned::Ready(b)) if plan.cost >= b.cost => {}
            (Planned::Ready(plan), _) => *best = Planned::Ready(plan),
            (Planned::Costly, Planned::TooWide) => *best = Planned::Costly,
            _ => {}
        };
        let within = |best: &Planned| match best {
            Planned::Ready(b) => b.cost.min(limit),
            _ => limit,
        };
        for by_columns in [false, true] {
            let order = line_order(self.model, comp, by_columns);
            let planned = self.plan(&order, within(&best));
            offer(planned, &mut best);
        }
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
            // The first greedy order not too wide is the one planned, within reach or not.
            let limit = within(&best);
            let first = greedy
                .iter()
                .find_map(|(_, order)| match self.plan(order, limit) {
                    Planned::TooWide => None,
                    planned => Some(planned),
                });
            if let Some(planned) = first {
                offer(planned, &mut best);
            }
        }
        best
    }
}

/// The component's cells (indices into it) by rows, or by columns.
fn line_order(model: &Model, comp: &[u32], by_columns: bool) -> Vec<u32> {
    let pos = |i: u32| model.pos[comp[i as usize] as usize];
    let mut order: Vec<u32> = (0..comp.len() as u32).collect();
    // A component's variables ascend, and a sum puzzle's cells are numbered in reading order:
    // by rows they are in order already, and by columns a pass per column places them (a
    // count offers components by the hundred thousand, and sorting each would show).
    if order.is_sorted_by_key(|&i| pos(i)) {
        if by_columns {
            let columns = order
                .iter()
                .map(|&i| pos(i).1 as usize + 1)
                .max()
                .unwrap_or(0);
            let mut starts = vec![0usize; columns + 1];
            for &i in &order {
                starts[pos(i).1 as usize + 1] += 1;
            }
            for c in 0..columns {
                starts[c + 1] += starts[c];
            }
            let mut by_column = vec![0; order.len()];
            for &i in &order {
                let at = &mut starts[pos(i).1 as usize];
                by_column[*at] = i;
                *at += 1;
            }
            order = by_column;
        }
        return order;
    }
    // Each cell has its own place: an unstable sort gives the one order.
    order.sort_unstable_by_key(|&i| {
        let (row, col) = pos(i);
        if by_columns { (col, row) } else { (row, col) }
    });
    order
}

/// Per run (local index), the natural log of how many classes it has after each number of its
/// cells (0 to all of them, in `cells_in`'s order): what an order's estimate is made of.
fn log_classes(tables: &[Rc<RunTable>], cells_in: &RunCells) -> Vec<Vec<f64>> {
    tables
        .iter()
        .zip(cells_in.iter())
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

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::super::Plan;
    use super::*;
    use crate::solve::CancelToken;
    use crate::solve::count::{Counter, generated_root};
    use crate::solve::memo::Memo;

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

    /// Cells by rows or by columns, whether the component comes in reading order or not.
    #[test]
    fn line_orders_sort_cells_by_rows_or_columns() {
        let (model, _) = generated_root(9, 7, 0.25, 5).unwrap();
        let mut comp: Vec<u32> = (0..model.vars as u32).filter(|v| v % 3 != 1).collect();
        // In reading order first (the quick way), then reversed (sorted).
        assert!(comp.is_sorted_by_key(|&v| model.pos[v as usize]));
        for _ in 0..2 {
            for by_columns in [false, true] {
                let key = |i: &u32| {
                    let (row, col) = model.pos[comp[*i as usize] as usize];
                    if by_columns { (col, row) } else { (row, col) }
                };
                let order = line_order(&model, &comp, by_columns);
                let mut want: Vec<u32> = (0..comp.len() as u32).collect();
                want.sort_by_key(key);
                assert_eq!(order, want, "by columns: {by_columns}");
            }
            comp.reverse();
        }
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
        let Planned::Ready(plan) = sweepable.best_plan(f64::INFINITY) else {
            panic!("no plan");
        };
        assert!(plan.cost < 2e7, "estimated {:e} states", plan.cost);
        for by_columns in [false, true] {
            let order = line_order(&model, &part, by_columns);
            let cost = match sweepable.plan(&order, f64::INFINITY) {
                Planned::Ready(p) => p.cost,
                _ => f64::INFINITY,
            };
            assert!(
                cost > 1e8,
                "by columns: {by_columns}, estimated {cost:e} states"
            );
            // Planned within a limit, an order stops as soon as it passes it.
            assert!(matches!(sweepable.plan(&order, 1e8), Planned::Costly));
        }
        // Within a limit the best plan is the same, or none if it is past the limit.
        let Planned::Ready(within) = sweepable.best_plan(plan.cost) else {
            panic!("the best plan is within its own cost");
        };
        assert_eq!(within.cost, plan.cost);
        let order = |p: &Plan| p.steps.iter().map(|s| s.var).collect::<Vec<_>>();
        assert_eq!(order(&within), order(&plan));
        assert!(matches!(
            sweepable.best_plan(plan.cost * 0.99),
            Planned::Costly
        ));
    }
}
