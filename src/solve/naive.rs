//! A plain backtracking search: cell by cell, digits 1–9, run sums checked as they fill.
//! Correct and simple; the engine's fast search replaces it.

use std::ops::ControlFlow;
use std::time::Instant;

use super::{CancelToken, Outcome, Solution, Stats};
use crate::puzzle::Puzzle;

pub(super) fn search(
    puzzle: &Puzzle,
    cancel: &CancelToken,
    mut sink: impl FnMut(&Solution) -> ControlFlow<()>,
) -> (Outcome, Stats) {
    let start = Instant::now();
    let mut s = State {
        puzzle,
        digits: vec![0; puzzle.cells().len()],
        used: vec![0u16; puzzle.runs().len()],
        total: vec![0u32; puzzle.runs().len()],
        filled: vec![0usize; puzzle.runs().len()],
        stats: Stats::default(),
        cancel,
    };
    let mut solution = Solution {
        digits: Vec::new(),
        letters: None,
    };
    let outcome = match s.go(0, &mut |digits| {
        solution.digits.clear();
        solution.digits.extend_from_slice(digits);
        sink(&solution)
    }) {
        Ok(ControlFlow::Continue(())) => Outcome::Complete,
        Ok(ControlFlow::Break(())) => Outcome::Stopped,
        Err(Cancelled) => Outcome::Cancelled,
    };
    s.stats.elapsed = start.elapsed();
    (outcome, s.stats)
}

struct Cancelled;

struct State<'a> {
    puzzle: &'a Puzzle,
    digits: Vec<u8>,
    used: Vec<u16>,
    total: Vec<u32>,
    filled: Vec<usize>,
    stats: Stats,
    cancel: &'a CancelToken,
}

impl State<'_> {
    fn go(
        &mut self,
        i: usize,
        sink: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, Cancelled> {
        self.stats.nodes += 1;
        if self.stats.nodes % 4096 == 0 && self.cancel.is_cancelled() {
            return Err(Cancelled);
        }
        if i == self.digits.len() {
            self.stats.solutions += 1;
            return Ok(sink(&self.digits));
        }
        let cell = &self.puzzle.cells()[i];
        let runs: Vec<_> = cell.runs().collect();
        for d in 1..=9u8 {
            let bit = 1u16 << d;
            let ok = runs.iter().all(|r| {
                let run = self.puzzle.run(*r);
                if self.used[r.index()] & bit != 0 {
                    return false;
                }
                match run.sum() {
                    None => true,
                    Some(sum) => {
                        let t = self.total[r.index()] + u32::from(d);
                        let left = run.len() - self.filled[r.index()] - 1;
                        // The remaining cells need at least 1+2+..+left and at most 9+8+..
                        let lo = (left * (left + 1) / 2) as u32;
                        let hi = (left * (19 - left.min(9)) / 2) as u32;
                        t + lo <= u32::from(sum) && t + hi >= u32::from(sum)
                    }
                }
            });
            if !ok {
                continue;
            }
            self.stats.guesses += 1;
            for r in &runs {
                self.used[r.index()] |= bit;
                self.total[r.index()] += u32::from(d);
                self.filled[r.index()] += 1;
            }
            self.digits[i] = d;
            let flow = self.go(i + 1, sink);
            for r in &runs {
                self.used[r.index()] &= !bit;
                self.total[r.index()] -= u32::from(d);
                self.filled[r.index()] -= 1;
            }
            if !matches!(flow, Ok(ControlFlow::Continue(()))) {
                return flow;
            }
        }
        self.stats.backtracks += 1;
        Ok(ControlFlow::Continue(()))
    }
}
