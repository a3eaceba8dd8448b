//! Tier 2: a run's digit sets and cells worked together — two-cell complements, sum bounds,
//! combination elimination, naked and hidden subsets.

use crate::puzzle::{CellId, Puzzle, Run, RunId};
use crate::solve::combos::{Mask, size};

use super::arrange::fits;
use super::board::Board;
use super::step::{BoundCut, SetFault, Step, Technique, Why};
use super::text::digits;

/// The sum the open cells of a run must still make, when the run has a sum.
fn remaining(board: &Board, run: &Run) -> Option<u32> {
    let (_, placed) = board.placed(run);
    u32::from(run.sum()?).checked_sub(placed)
}

/// A run with two open cells: each of their digits needs the complement in the other.
pub(crate) fn two_cell_complement(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let run = puzzle.run(id);
    let total = remaining(board, run)?;
    let open: Vec<CellId> = board.open(run).collect();
    let &[a, b] = open.as_slice() else {
        return None;
    };
    let keep = |mine: Mask, theirs: Mask| {
        digits(mine).fold(0, |m, d| {
            let other = total.wrapping_sub(u32::from(d));
            if (1..=9).contains(&other) && other != u32::from(d) && theirs & 1 << other != 0 {
                m | 1 << d
            } else {
                m
            }
        })
    };
    let (ca, cb) = (board.candidates(a), board.candidates(b));
    Step::eliminating(
        Technique::TwoCellComplement,
        Why::TwoCellComplement {
            run: id,
            cells: [a, b],
            total: total as u8,
        },
        id,
        vec![a, b],
        [(a, ca & !keep(ca, cb)), (b, cb & !keep(cb, ca))],
    )
}

/// The least and the most `k` different digits from `pool` add up to (`None` when it has
/// fewer than `k`).
fn extremes(pool: Mask, k: usize) -> Option<(u32, u32)> {
    let all: Vec<u32> = digits(pool).map(u32::from).collect();
    (all.len() >= k).then(|| (all[..k].iter().sum(), all[all.len() - k..].iter().sum()))
}

/// A run with a sum: a digit goes from an open cell when the other open cells could not make
/// the rest of the sum with it (too little at most, too much at least).
pub(crate) fn sum_bounds(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let run = puzzle.run(id);
    let total = remaining(board, run)?;
    let (placed, _) = board.placed(run);
    let open: Vec<CellId> = board.open(run).collect();
    if open.len() < 2 {
        return None;
    }
    let mut cuts = Vec::new();
    for &c in &open {
        let others: Vec<Mask> = open
            .iter()
            .filter(|&&o| o != c)
            .map(|&o| board.candidates(o) & !placed)
            .collect();
        // Each other cell alone, and the others as different digits from their union.
        let mins: u32 = others.iter().map(|&m| lowest(m)).sum();
        let maxs: u32 = others.iter().map(|&m| highest(m)).sum();
        let pool = others.iter().fold(0, |u, &m| u | m);
        let Some((lo, hi)) = extremes(pool, others.len()) else {
            continue;
        };
        let (least, most) = (lo.max(mins), hi.min(maxs));
        let mut cut = BoundCut {
            cell: c,
            low: 0,
            most: most as u8,
            high: 0,
            least: least as u8,
        };
        for d in digits(board.candidates(c)) {
            let d32 = u32::from(d);
            if d32 + most < total {
                cut.low |= 1 << d;
            } else if d32 + least > total {
                cut.high |= 1 << d;
            }
        }
        if cut.low | cut.high != 0 {
            cuts.push(cut);
        }
    }
    if cuts.is_empty() {
        return None;
    }
    let mut step = Step::new(
        Technique::SumBounds,
        Why::SumBounds {
            run: id,
            remaining: total as u8,
            cuts: cuts.clone(),
        },
    );
    step.eliminations = cuts.iter().map(|b| (b.cell, b.low | b.high)).collect();
    step.because = open;
    step.runs = vec![id];
    Some(step)
}

fn lowest(m: Mask) -> u32 {
    if m == 0 { 0 } else { m.trailing_zeros() }
}

fn highest(m: Mask) -> u32 {
    if m == 0 { 0 } else { 15 - m.leading_zeros() }
}

/// Why a live set of a run can no longer be its digits, if it cannot.
pub(crate) fn fault(board: &Board, run: &Run, open: &[CellId], set: Mask) -> Option<SetFault> {
    for &c in &run.cells {
        if let Some(d) = board.value(c)
            && set & 1 << d == 0
        {
            return Some(SetFault::Placed(c, d));
        }
    }
    let (placed, _) = board.placed(run);
    let rest = set & !placed;
    let cands: Vec<Mask> = open.iter().map(|&c| board.candidates(c)).collect();
    if let Some(&c) = open.iter().find(|&&c| board.candidates(c) & rest == 0) {
        return Some(SetFault::Empty(c));
    }
    let reach = cands.iter().fold(0, |u, &m| u | m);
    if let Some(d) = digits(rest & !reach).next() {
        return Some(SetFault::Homeless(d));
    }
    (!fits(&cands, rest)).then_some(SetFault::Crowded)
}

/// Digit sets of a run that its cells can no longer make are struck; digits in none of the
/// sets left leave the open cells.
pub(crate) fn combination_elimination(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let run = puzzle.run(id);
    let open: Vec<CellId> = board.open(run).collect();
    let (struck, left): (Vec<_>, Vec<_>) = board
        .live_sets(id)
        .iter()
        .map(|&s| (s, fault(board, run, &open, s)))
        .partition(|(_, f)| f.is_some());
    if struck.is_empty() || left.is_empty() {
        // Nothing to strike, or nothing left: a contradiction is not a step.
        return None;
    }
    let left: Vec<Mask> = left.into_iter().map(|(s, _)| s).collect();
    let union = left.iter().fold(0, |u, &s| u | s);
    let struck: Vec<(Mask, SetFault)> = struck
        .into_iter()
        .filter_map(|(s, f)| Some((s, f?)))
        .collect();
    let mut step = Step::new(
        Technique::CombinationElimination,
        Why::CombinationElimination {
            run: id,
            struck: struck.clone(),
            left: left.clone(),
        },
    );
    step.eliminations = open
        .iter()
        .map(|&c| (c, board.candidates(c) & !union))
        .filter(|&(_, m)| m != 0)
        .collect();
    step.struck = vec![(id, struck.iter().map(|&(s, _)| s).collect())];
    step.because = run.cells.clone();
    step.runs = vec![id];
    Some(step)
}

/// Subsets of `0..n` with `k` members, as bit masks.
fn subsets(n: usize, k: usize) -> impl Iterator<Item = u32> {
    (0u32..1 << n).filter(move |s| s.count_ones() as usize == k)
}

/// Cells of a run that can only hold as many digits as they are: the other open cells lose
/// those digits.
pub(crate) fn naked_subset(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let open: Vec<CellId> = board.open(puzzle.run(id)).collect();
    for k in 2..open.len() {
        for pick in subsets(open.len(), k) {
            let chosen: Vec<CellId> = (0..open.len())
                .filter(|i| pick >> i & 1 == 1)
                .map(|i| open[i])
                .collect();
            let held = chosen.iter().fold(0, |u, &c| u | board.candidates(c));
            if size(held) as usize != k {
                continue;
            }
            let elims = open
                .iter()
                .filter(|c| !chosen.contains(c))
                .map(|&c| (c, board.candidates(c) & held))
                .collect::<Vec<_>>();
            let why = Why::NakedSubset {
                run: id,
                cells: chosen.clone(),
                digits: held,
            };
            if let Some(step) = Step::eliminating(Technique::NakedSubset, why, id, chosen, elims) {
                return Some(step);
            }
        }
    }
    None
}

/// Digits a run needs (in every set that fits) that only as many open cells can take: those
/// cells keep only those digits.
pub(crate) fn hidden_subset(puzzle: &Puzzle, board: &Board, id: RunId) -> Option<Step> {
    let run = puzzle.run(id);
    let (placed, _) = board.placed(run);
    let mut sets = board.fitting(puzzle, id).peekable();
    sets.peek()?;
    let needed: Vec<u8> = digits(sets.fold(!0, |m, s| m & s) & !placed).collect();
    let open: Vec<CellId> = board.open(run).collect();
    for k in 2..needed.len().min(open.len()) {
        for pick in subsets(needed.len(), k) {
            let want: Mask = (0..needed.len())
                .filter(|i| pick >> i & 1 == 1)
                .fold(0, |m, i| m | 1 << needed[i]);
            let takers: Vec<CellId> = open
                .iter()
                .copied()
                .filter(|&c| board.candidates(c) & want != 0)
                .collect();
            if takers.len() != k {
                continue;
            }
            let elims: Vec<(CellId, Mask)> = takers
                .iter()
                .map(|&c| (c, board.candidates(c) & !want))
                .collect();
            let why = Why::HiddenSubset {
                run: id,
                cells: takers,
                digits: want,
            };
            if let Some(step) =
                Step::eliminating(Technique::HiddenSubset, why, id, open.clone(), elims)
            {
                return Some(step);
            }
        }
    }
    None
}
