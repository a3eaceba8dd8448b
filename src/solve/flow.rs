//! The sums as a flow: every across run sends its clue's sum through its cells to the down
//! runs, each cell carrying its value, between its smallest and largest candidate. A state
//! whose bounds admit no such flow has no solution, however the runs' digit sets fit one by one.
//!
//! Propagation looks at one run at a time; a dense puzzle also ties distant cells together
//! through sums alone (the designer's "innies and outies": a block of whole across runs holds
//! the same total as the down runs that cover it). A decision can break such a balance far
//! from where any run notices, and a search without this check finds out only after deciding
//! everything in between, again and again.
//!
//! The flow is kept from one check to the next and repaired where bounds cut it: undoing a
//! decision only widens bounds, so the flow of a narrower state stays feasible and backtracking
//! costs nothing. Repairs are shortest augmenting paths between runs that hold too much and
//! runs that hold too little; runs without a sum (and cryptic runs, and a cell's missing run)
//! are one node, `FREE`, that may hold any amount.

use super::combos::{self, Mask};
use super::model::{Kind, Model};

/// A node the augmenting-path search has not reached (nodes are the runs `0..runs`, then
/// `FREE`).
const UNSEEN: u32 = u32::MAX;

/// A flow of the sums through the cells, kept feasible under the bounds it was last checked on.
#[derive(Clone, Debug)]
pub(crate) struct Flow {
    /// Per cell: the across node it draws from and the down node it feeds.
    ends: Vec<(u32, u32)>,
    /// Per cell: the value it carries.
    value: Vec<u8>,
    /// Per node: what its sum asks minus what its cells carry (0 when balanced; kept 0 for
    /// `FREE`). For an across node, positive means it has more to send; for a down node,
    /// positive means it wants more.
    need: Vec<i32>,
    /// Per node, its cells as the sending end: `sends[send_at[n]..send_at[n + 1]]`.
    sends: Vec<u32>,
    send_at: Vec<u32>,
    /// Per node, its cells as the receiving end: `takes[take_at[n]..take_at[n + 1]]`.
    takes: Vec<u32>,
    take_at: Vec<u32>,
    /// Whether a node is an across run (a down run otherwise; `FREE` is both).
    across: Vec<bool>,
    free: u32,
    /// Nodes whose `need` may be non-zero.
    pending: Vec<u32>,
    /// The cells changed by the check under way, with their old values (to take it back).
    log: Vec<(u32, u8)>,
    /// Breadth-first search: the cell by which each node was reached, the queue.
    via: Vec<u32>,
    queue: Vec<u32>,
    /// Whether the flow is feasible under the bounds of the last check.
    ready: bool,
    /// The runs the last failure rests on (see [`Flow::cut`]).
    cut: Vec<u32>,
}

impl Flow {
    /// The flow network of `model`'s sums, not yet balanced.
    pub(crate) fn new(model: &Model) -> Flow {
        let runs = model.constraints.len();
        let free = runs as u32;
        let nodes = runs + 1;
        let sum_of = |c: usize| {
            let live = model.initial_live[c];
            (model.constraints[c].kind == Kind::Sum && live != 0).then(|| {
                let table = combos::table(model.cells_of(c).len().min(9));
                i32::from(table.sums[live.trailing_zeros() as usize])
            })
        };
        let mut need = vec![0i32; nodes];
        let mut across = vec![false; nodes];
        across[free as usize] = true;
        let mut ends = Vec::with_capacity(model.cells);
        for v in 0..model.cells {
            let summed: Vec<u32> = model
                .constraints_of(v)
                .iter()
                .copied()
                .filter(|&c| sum_of(c as usize).is_some())
                .collect();
            // A run's direction shows in its first two cells; a one-cell run takes the
            // direction the cell's other run leaves.
            let row_wise = |c: u32| {
                let cells = model.cells_of(c as usize);
                (cells.len() > 1)
                    .then(|| model.pos[cells[0] as usize].0 == model.pos[cells[1] as usize].0)
            };
            let (a, d) = match summed[..] {
                [c1, c2] if row_wise(c1) == Some(true) || row_wise(c2) == Some(false) => (c1, c2),
                [c1, c2] => (c2, c1),
                [c] if row_wise(c) == Some(false) => (free, c),
                [c] => (c, free),
                _ => (free, free),
            };
            across[a as usize] = true;
            ends.push((a, d));
        }
        for (c, n) in need.iter_mut().enumerate().take(runs) {
            *n = sum_of(c).unwrap_or(0);
        }
        let (send_at, sends) = grouped(nodes, ends.iter().map(|&(a, _)| a));
        let (take_at, takes) = grouped(nodes, ends.iter().map(|&(_, d)| d));
        Flow {
            value: vec![0; ends.len()],
            ends,
            need,
            sends,
            send_at,
            takes,
            take_at,
            across,
            free,
            pending: (0..runs as u32).collect(),
            log: Vec::new(),
            via: vec![UNSEEN; nodes],
            queue: Vec::new(),
            ready: false,
            cut: Vec::new(),
        }
    }

    /// Whether some flow fits the bounds of `domains`, given that only the `changed` cells'
    /// bounds narrowed since the last check that fitted (every cell is looked at until one
    /// has). On `false` a flow that has fitted is left as it was, feasible for those bounds;
    /// one that never has keeps what the attempt carried (see [`Flow::take_back`]).
    pub(crate) fn check(&mut self, domains: &[Mask], changed: impl Iterator<Item = u32>) -> bool {
        self.log.clear();
        let cells = self.ends.len() as u32;
        if self.ready {
            for v in changed.filter(|&v| v < cells) {
                self.clip(domains, v);
            }
        } else {
            // Never fitted: every cell into its bounds, from what the last attempt left.
            for v in 0..cells {
                self.clip(domains, v);
            }
        }
        let ok = self.balance(domains);
        if ok {
            self.ready = true;
        } else {
            self.take_back();
        }
        ok
    }

    /// Whether some check has fitted the flow (it still fits the bounds of the last one that
    /// did, and any wider).
    pub(crate) fn balanced(&self) -> bool {
        self.ready
    }

    /// After a failed check, the runs the failure rests on: their sums and their cells'
    /// bounds leave too much or too little among them (every run when that set is not known).
    pub(crate) fn cut(&self) -> &[u32] {
        &self.cut
    }

    /// Brings what cell `v` carries into its bounds.
    fn clip(&mut self, domains: &[Mask], v: u32) {
        let (lo, hi) = bounds(domains[v as usize]);
        let now = self.value[v as usize];
        if now < lo {
            self.shift(v, i32::from(lo - now));
        } else if now > hi {
            self.shift(v, -i32::from(now - hi));
        }
    }

    /// Changes what cell `v` carries by `by`, noting the nodes it unbalances.
    fn shift(&mut self, v: u32, by: i32) {
        self.carry(v, by);
        let (a, d) = self.ends[v as usize];
        self.pending
            .extend([a, d].into_iter().filter(|&n| n != self.free));
    }

    /// Changes what cell `v` carries by `by`, logged to take back.
    fn carry(&mut self, v: u32, by: i32) {
        let (a, d) = self.ends[v as usize];
        self.log.push((v, self.value[v as usize]));
        self.value[v as usize] = (i32::from(self.value[v as usize]) + by) as u8;
        for n in [a, d] {
            if n != self.free {
                self.need[n as usize] -= by;
            }
        }
    }

    /// Undoes the check under way. A flow that never fitted keeps what it carries instead: no
    /// bounds need it, and the next attempt (often at a state nearby, as a search backtracks)
    /// starts from a flow that is mostly balanced rather than from nothing.
    fn take_back(&mut self) {
        if !self.ready {
            self.log.clear();
            self.pending.clear();
            self.pending.extend(0..self.free);
            return;
        }
        while let Some((v, old)) = self.log.pop() {
            let (a, d) = self.ends[v as usize];
            let by = i32::from(old) - i32::from(self.value[v as usize]);
            self.value[v as usize] = old;
            for n in [a, d] {
                if n != self.free {
                    self.need[n as usize] -= by;
                }
            }
        }
        self.pending.clear();
    }

    /// Routes every pending node's surplus to nodes short of it, then feeds what is still
    /// short from `FREE`; `false` if some cannot be.
    fn balance(&mut self, domains: &[Mask]) -> bool {
        let pending = std::mem::take(&mut self.pending);
        let mut ok = true;
        'nodes: for surplus in [true, false] {
            for &n in &pending {
                loop {
                    let need = self.need[n as usize];
                    // A surplus: an across node with more to send, or a down node given too
                    // much; the rest are short.
                    if need == 0 || ((need > 0) == self.across[n as usize]) != surplus {
                        break;
                    }
                    let (from, to) = if surplus {
                        (n, None)
                    } else {
                        (self.free, Some(n))
                    };
                    if !self.augment(domains, from, to) {
                        // Nothing short of flow can be reached from a surplus: the nodes
                        // reached hold more than their boundary lets out. What cannot be
                        // fed from `FREE` is short for reasons this search does not narrow.
                        self.cut.clear();
                        if surplus {
                            self.cut.extend_from_slice(&self.queue);
                        } else {
                            self.cut.extend(0..self.free);
                        }
                        ok = false;
                        break 'nodes;
                    }
                }
            }
        }
        self.pending = pending;
        self.pending.clear();
        ok
    }

    /// Finds a shortest path of cells that can carry one more (across to down) or one less
    /// (down to across) from `from` to `to`, or, without `to`, to any node short of flow or
    /// `FREE`, and moves as much as the path and the ends allow along it.
    fn augment(&mut self, domains: &[Mask], from: u32, to: Option<u32>) -> bool {
        self.queue.clear();
        self.queue.push(from);
        self.via[from as usize] = from;
        let mut end = None;
        let mut head = 0;
        'search: while head < self.queue.len() {
            let n = self.queue[head];
            head += 1;
            for k in 0..2 {
                let (list, at) = if k == 0 {
                    (&self.sends, &self.send_at)
                } else {
                    (&self.takes, &self.take_at)
                };
                for &v in &list[at[n as usize] as usize..at[n as usize + 1] as usize] {
                    let (lo, hi) = bounds(domains[v as usize]);
                    let now = self.value[v as usize];
                    let (a, d) = self.ends[v as usize];
                    let next = if k == 0 && now < hi {
                        d
                    } else if k == 1 && now > lo {
                        a
                    } else {
                        continue;
                    };
                    if self.via[next as usize] != UNSEEN {
                        continue;
                    }
                    self.via[next as usize] = v;
                    self.queue.push(next);
                    let short = match to {
                        Some(t) => next == t,
                        None => next == self.free || self.short(next, k == 0),
                    };
                    if short {
                        end = Some(next);
                        break 'search;
                    }
                }
            }
        }
        let found = end.map(|end| self.push_along(domains, from, end));
        for &n in &self.queue {
            self.via[n as usize] = UNSEEN;
        }
        found.is_some()
    }

    /// Whether node `n`, reached by a cell carrying more (`more`) or less, is short of what
    /// it holds: a down node wanting more, or an across node that sent too much.
    fn short(&self, n: u32, more: bool) -> bool {
        let need = self.need[n as usize];
        if more { need > 0 } else { need < 0 }
    }

    /// Moves flow along the path the search found, from `from` to `end`.
    fn push_along(&mut self, domains: &[Mask], from: u32, end: u32) {
        // How much: the path's room, and no more than either end can use.
        let mut amount = i32::MAX;
        if from != self.free {
            amount = amount.min(self.need[from as usize].abs());
        }
        if end != self.free {
            amount = amount.min(self.need[end as usize].abs());
        }
        let mut n = end;
        while n != from {
            let v = self.via[n as usize];
            let (lo, hi) = bounds(domains[v as usize]);
            let (a, d) = self.ends[v as usize];
            let now = self.value[v as usize];
            if d == n && a != n {
                amount = amount.min(i32::from(hi - now));
                n = a;
            } else {
                amount = amount.min(i32::from(now - lo));
                n = d;
            }
        }
        let mut n = end;
        while n != from {
            let v = self.via[n as usize];
            let (a, d) = self.ends[v as usize];
            if d == n && a != n {
                self.carry(v, amount);
                n = a;
            } else {
                self.carry(v, -amount);
                n = d;
            }
        }
    }
}

/// Items grouped by key (`0..keys`): where each key's items start (one more entry at the
/// end), and the items' indices in key order.
fn grouped(keys: usize, key_of: impl Iterator<Item = u32> + Clone) -> (Vec<u32>, Vec<u32>) {
    let mut at = vec![0u32; keys + 1];
    for k in key_of.clone() {
        at[k as usize + 1] += 1;
    }
    for k in 0..keys {
        at[k + 1] += at[k];
    }
    let mut fill = at.clone();
    let mut items = vec![0u32; at[keys] as usize];
    for (i, k) in key_of.enumerate() {
        items[fill[k as usize] as usize] = i as u32;
        fill[k as usize] += 1;
    }
    (at, items)
}

/// A domain's smallest and largest digit.
fn bounds(domain: Mask) -> (u8, u8) {
    (
        domain.trailing_zeros() as u8,
        (15 - domain.leading_zeros()) as u8,
    )
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::grid::{Cell, Clue};
    use crate::puzzle::Puzzle;
    use crate::solve::generate;

    /// Whether whole numbers within the cells' bounds give every summed run its sum (digits
    /// may repeat): cell by cell, each run kept within reach of its sum.
    fn brute_force(model: &Model, domains: &[Mask]) -> bool {
        let summed: Vec<(usize, i32)> = (0..model.constraints.len())
            .filter(|&c| model.constraints[c].kind == Kind::Sum && model.initial_live[c] != 0)
            .map(|c| {
                let table = combos::table(model.cells_of(c).len());
                (
                    c,
                    i32::from(table.sums[model.initial_live[c].trailing_zeros() as usize]),
                )
            })
            .collect();
        let mut value = vec![0i32; model.cells];
        fn go(
            model: &Model,
            domains: &[Mask],
            summed: &[(usize, i32)],
            value: &mut [i32],
            v: usize,
        ) -> bool {
            let fits = |value: &[i32], done: usize| {
                summed.iter().all(|&(c, sum)| {
                    let (mut lo, mut hi) = (0, 0);
                    for &u in model.cells_of(c) {
                        let (l, h) = bounds(domains[u as usize]);
                        if (u as usize) < done {
                            lo += value[u as usize];
                            hi += value[u as usize];
                        } else {
                            lo += i32::from(l);
                            hi += i32::from(h);
                        }
                    }
                    lo <= sum && sum <= hi
                })
            };
            if !fits(value, v) {
                return false;
            }
            if v == value.len() {
                return true;
            }
            let (lo, hi) = bounds(domains[v]);
            (lo..=hi).any(|x| {
                value[v] = i32::from(x);
                go(model, domains, summed, value, v + 1)
            })
        }
        go(model, domains, &summed, &mut value, 0)
    }

    /// Small puzzles, some with runs whose clue is taken away.
    fn puzzles() -> impl Iterator<Item = Puzzle> {
        (0..120u64).filter_map(|seed| {
            let mut grid = generate::random_grid(5, 6, 0.25, seed);
            if seed % 3 == 0 {
                let walls: Vec<_> = grid.positions().collect();
                for (i, &at) in walls.iter().enumerate() {
                    if let Some(Cell::Wall { across, down }) = grid.get_mut(at) {
                        if (i as u64 + seed).is_multiple_of(4) {
                            *across = None;
                        } else if (i as u64 + seed).is_multiple_of(5)
                            && matches!(down, Some(Clue::Sum(_)))
                        {
                            *down = None;
                        }
                    }
                }
            }
            Puzzle::from_grid(&grid).ok()
        })
    }

    /// A flow that never fitted keeps what its failed attempts carried; each attempt, at
    /// bounds unrelated to the last, still answers exactly.
    #[test]
    fn failed_first_fits_leave_a_flow_that_still_answers_exactly() {
        let (mut fits, mut misfits, mut after_misfits) = (0, 0, 0);
        for (n, puzzle) in puzzles().enumerate() {
            let model = Model::new(&puzzle);
            if model.cells == 0 {
                continue;
            }
            let mut rng = StdRng::seed_from_u64(1000 + n as u64);
            let mut flow = Flow::new(&model);
            let mut failed = false;
            for _ in 0..40 {
                // Every third cell or so narrowed to a random digit: often no flow.
                let mut domains = model.initial_domains.clone();
                for d in domains.iter_mut().take(model.cells) {
                    if rng.random_range(0..3) == 0 {
                        let narrower = *d & (1 << rng.random_range(1..=9));
                        if narrower != 0 {
                            *d = narrower;
                        }
                    }
                }
                let ok = flow.check(&domains, std::iter::empty());
                assert_eq!(ok, brute_force(&model, &domains), "puzzle {n}");
                if ok {
                    fits += 1;
                    after_misfits += usize::from(failed);
                    // Fitted: later checks would be incremental. Start again.
                    flow = Flow::new(&model);
                    failed = false;
                } else {
                    misfits += 1;
                    failed = true;
                }
            }
        }
        assert!(
            fits > 300 && misfits > 300 && after_misfits > 100,
            "{fits} fits ({after_misfits} after misfits), {misfits} misfits"
        );
    }

    #[test]
    fn the_flow_fits_exactly_when_whole_numbers_in_the_bounds_do() {
        let (mut fits, mut misfits) = (0, 0);
        for (n, puzzle) in puzzles().enumerate() {
            let model = Model::new(&puzzle);
            if model.cells == 0 {
                continue;
            }
            let mut rng = StdRng::seed_from_u64(n as u64);
            let mut flow = Flow::new(&model);
            let mut domains = model.initial_domains.clone();
            let first = flow.check(&domains, std::iter::empty());
            assert_eq!(
                first,
                brute_force(&model, &domains),
                "puzzle {n} at the start"
            );
            if !first {
                continue;
            }
            for step in 0..60 {
                if step % 20 == 19 {
                    // Back to the start: wider bounds, which the kept flow still fits.
                    domains.clone_from(&model.initial_domains);
                    assert!(flow.check(&domains, std::iter::empty()));
                    continue;
                }
                // Narrow one or two cells to random digits they still have.
                let before = domains.clone();
                let mut changed = Vec::new();
                for _ in 0..rng.random_range(1..=2) {
                    let v = rng.random_range(0..model.cells);
                    let narrower = domains[v] & rng.random::<u16>();
                    if narrower != 0 {
                        domains[v] = narrower;
                        changed.push(v as u32);
                    }
                }
                let ok = flow.check(&domains, changed.into_iter());
                assert_eq!(ok, brute_force(&model, &domains), "puzzle {n} step {step}");
                if ok {
                    fits += 1;
                } else {
                    // As a search would: back to where the flow last fit.
                    misfits += 1;
                    domains = before;
                }
            }
        }
        assert!(
            fits > 1000 && misfits > 200,
            "{fits} fits, {misfits} misfits"
        );
    }
}
