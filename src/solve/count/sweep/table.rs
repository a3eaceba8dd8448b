//! The run tables a sweep reads its transitions from: for each run, the classes of its digit
//! sets that leave the same completions and how each moves on as its next cell takes a digit,
//! with the cache that keeps them across one count's plans. A table is made from one run alone,
//! apart from the sweep over the whole component that reads it.

use std::cell::RefMut;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use super::{Digits, Part, RunCells};
use crate::solve::combos::{self, Mask, is_single};
use crate::solve::memo::WordHasher;
use crate::solve::model::{Kind, Model};

/// A transition to no state: the digit cannot go there.
const DEAD: u16 = u16::MAX;

/// How a run's part of the frontier moves as its cells are filled in the sweep's order.
#[derive(Clone, Debug)]
pub(super) enum RunTable {
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
pub(super) struct Row {
    pub(super) to: [u16; 9],
    pub(super) alive: Digits,
}

/// How a run goes on from a state of the sweep: the digits a run without a sum has used, or
/// a run with a sum's row.
#[derive(Clone, Copy)]
pub(super) enum Way<'t> {
    Free(Digits),
    Sum(&'t [u16; 9]),
}

impl RunTable {
    /// How many classes the run has after `k` of its cells, before the last (at least one, so
    /// that an estimate stays finite even for a run that cannot complete).
    pub(super) fn classes(&self, k: usize) -> f64 {
        match self {
            RunTable::Free { digits } => binomial(*digits, k as u32).max(1.0),
            RunTable::Sum(levels) => levels[k].len().max(1) as f64,
        }
    }
}

fn binomial(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |a, i| a * f64::from(n - i) / f64::from(i + 1))
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

/// Tables kept at most: past this many, the cache starts afresh (a table takes a few
/// hundred bytes).
const MAX_TABLES: usize = 1 << 14;

/// What a run's table depends on: the run, its live digit sets, the digits decided in it, and
/// its cells' digits (nine-bit) in the order a sweep fills them (0 past the last).
type TableKey = (u32, u128, Mask, [Digits; 9]);

/// The run tables one count's plans have made, so that the next plans reuse them: a count
/// plans sweeps of thousands of components, most of whose runs are unchanged from one to the
/// next, and making the tables anew would be much of a count's time.
#[derive(Debug, Default)]
pub(super) struct Tables(HashMap<TableKey, Option<Rc<RunTable>>, BuildHasherDefault<WordHasher>>);

impl Part<'_> {
    /// The tables of the component's runs, each run's cells taken as `cells_in` orders them.
    pub(super) fn tables(&self, cells_in: &RunCells) -> Option<Vec<Rc<RunTable>>> {
        let mut made = self.made();
        (0..self.runs.len())
            .zip(cells_in.iter())
            .map(|(r, cells)| self.table(&mut made, r, cells))
            .collect()
    }

    /// The tables made so far, for [`Part::table`].
    pub(super) fn made(&self) -> RefMut<'_, Tables> {
        let mut made = self.made.borrow_mut();
        if made.0.len() > MAX_TABLES {
            made.0.clear();
        }
        made
    }

    /// The table of the component's run `r` (local index), its cells taken in the order
    /// `cells`; `None` when it cannot be made.
    pub(super) fn table(&self, made: &mut Tables, r: usize, cells: &[u32]) -> Option<Rc<RunTable>> {
        let (model, domains, live) = (self.model, self.domains, self.live);
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
                run_table(model, domains, live, c as usize, &digits[..cells.len()]).map(Rc::new)
            })
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Choosing more digits than a run's cells can take counts no ways (an order's estimate of
    /// a run that cannot complete), instead of overflowing.
    #[test]
    fn choosing_more_than_there_are_is_no_way() {
        assert_eq!(binomial(2, 4), 0.0);
        assert_eq!(binomial(9, 2), 36.0);
    }
}
