//! Guidance: when the stream thrashes, probes check that the branch it is on holds a solution
//! at all, and the stream jumps back past the first choice that left it none.
//!
//! The stream's order is fixed, and on dense puzzles an early choice can leave a branch without
//! a solution that propagation and the sums' flow do not see: the stream then searches it out
//! node by node, which can take longer than anyone waits. Each time the stream has backtracked
//! a while, the guide looks at the choices on its stack from the bottom: the branch below a
//! choice's current digit has a solution exactly when some solution agrees with every decision
//! up to it, so a probe (see `probe`) asked from those decisions either finds one, a *witness*
//! that vouches for every later choice it agrees with as well, or proves there is none, and the
//! stream goes back to take that choice's next digit. Only branches without solutions are cut,
//! so the solutions and their order are unchanged.
//!
//! Most checks find a witness at once: the last witness disagrees with the choice being checked,
//! and a solution that differs from it only a few runs around that choice's cell is usually
//! there (see `Guide::repair`), so only the cells near it are searched. A probe that runs out of
//! nodes leaves the rest of the stack unchecked, and the next one gets twice as many; checks
//! start only while the probes have taken at most `SHARE` times the stream's nodes, so a stream
//! that finds its way alone pays a bounded share for them.

use super::{Alternatives, Search};
use crate::solve::CancelToken;
use crate::solve::combos::Mask;
use crate::solve::model::Model;
use crate::solve::observe::Observer;
use crate::solve::probe::{Answer, Probe};
use crate::solve::propagate::{propagate, propagate_all};
use crate::solve::state::State;

/// Backtracks without a solution before the stream checks its branch, and between checks.
pub(crate) const GUIDE_AFTER: u64 = 256;

/// Probe nodes the guide may have taken per node of the stream's when it starts a check.
const SHARE: u64 = 16;

/// Nodes a probe may take at first to answer for a branch.
const FIRST_BUDGET: u64 = 1024;

/// How many runs away from the disagreeing choice's cell a repair searches, one try each.
const REPAIR_RADII: [u32; 3] = [2, 4, 8];

/// Nodes a probe may take to repair the witness.
const REPAIR_NODES: u64 = 256;

/// What a probe found out about a branch.
enum Verdict {
    /// It has a solution (the witness is one).
    Solution,
    /// It has none.
    Empty,
    /// The probe ran out of nodes, or the search was cancelled.
    Unknown,
}

/// The probe, the states it starts from and the last witness.
pub(super) struct Guide {
    probe: Probe,
    /// The puzzle propagated before any decision.
    root: State,
    /// The state of the branch being asked about.
    state: State,
    /// Per variable, its digit in the witness (a one-bit mask).
    witness: Vec<Mask>,
    /// Whether a witness has been found yet. It agrees with every choice below the stream's
    /// `known_good` height: that height grows only by this agreement, or to the level asked.
    found: bool,
    /// Nodes a probe may take; doubles whenever one runs out.
    budget: u64,
    /// Breadth-first search around a decision: per variable, the stamp of the search that
    /// reached it; the queue with distances.
    reached: Vec<u32>,
    stamp: u32,
    queue: Vec<(u32, u32)>,
    decisions: Vec<(u32, u8)>,
}

impl Guide {
    /// A guide for `model`'s puzzle, whose root propagation succeeds (the stream is past it).
    pub(super) fn new(model: &Model) -> Guide {
        let mut root = State::new(model);
        let _ = propagate_all(model, &mut root);
        Guide {
            probe: Probe::new(model),
            state: State::new(model),
            root,
            witness: vec![0; model.vars],
            found: false,
            reached: vec![0; model.vars],
            stamp: 0,
            queue: Vec::new(),
            decisions: Vec::new(),
            budget: FIRST_BUDGET,
        }
    }

    /// The probes' nodes and run revisions so far.
    pub(super) fn work(&self) -> (u64, u64) {
        (self.probe.nodes, self.state.revisions)
    }

    /// Whether the witness agrees with a choice's current alternative (a part replayed from
    /// the cache decides nothing: any witness of the rest agrees with it).
    fn agrees(&self, alts: &Alternatives) -> bool {
        match *alts {
            Alternatives::Branch { var, digit, .. } => {
                self.found && self.witness[var as usize] == 1 << digit
            }
            Alternatives::Replay { .. } => true,
        }
    }

    /// Whether some solution agrees with `decisions` (variable, digit); a solution found
    /// becomes the witness. Unknown without asking while the probes have taken more than
    /// their share of `nodes` (the stream's).
    fn ask(
        &mut self,
        model: &Model,
        decisions: impl Iterator<Item = (u32, u8)>,
        nodes: u64,
        cancel: &CancelToken,
    ) -> Verdict {
        if self.probe.nodes > nodes.saturating_mul(SHARE) {
            return Verdict::Unknown;
        }
        self.state.copy_from(&self.root);
        self.decisions.clear();
        self.decisions.extend(decisions);
        for &(var, digit) in &self.decisions {
            let to = self.state.domains[var as usize] & 1 << digit;
            if self.state.set_domain(model, var as usize, to).is_err() {
                self.state.clear_queue();
                return Verdict::Empty;
            }
        }
        if propagate(model, &mut self.state).is_err() {
            return Verdict::Empty;
        }
        // The last decision is the one the witness disagrees with.
        if let Some(&(var, _)) = self.decisions.last()
            && self.found
            && self.repair(model, var, cancel)
        {
            return Verdict::Solution;
        }
        // Failures blamed in another branch point the probe at the wrong cells: on 30 × 100 at
        // 25–30% walls the stream's first solution came 1.5× sooner at the median without
        // them, and one of 24 seeds instead of 4 gave up within 5 s (see BENCHMARKS.md).
        self.probe.forget_failures(model);
        match self
            .probe
            .ask(model, &mut self.state, self.budget, cancel, &[])
        {
            Answer::Solution(s) => {
                self.adopt(model, &s);
                Verdict::Solution
            }
            Answer::None => Verdict::Empty,
            Answer::Unknown => {
                self.budget = self.budget.saturating_mul(2);
                Verdict::Unknown
            }
        }
    }

    /// Makes solution `s` the witness.
    fn adopt(&mut self, model: &Model, s: &crate::solve::Solution) {
        for (v, w) in self.witness.iter_mut().enumerate() {
            *w = 1 << super::read(s, model.cells, v as u32);
        }
        self.found = true;
    }

    /// Looks for a solution that differs from the witness only near `var` (whose decision
    /// the witness disagrees with): every variable farther than a few runs away keeps its
    /// witness digit, and a probe searches the rest; wider and wider.
    fn repair(&mut self, model: &Model, var: u32, cancel: &CancelToken) -> bool {
        let mark = self.state.mark();
        for radius in REPAIR_RADII {
            self.near(model, var, radius);
            for v in 0..model.vars {
                let d = self.state.domains[v];
                // A digit the decisions rule out stays open: the probe finds another.
                let to = d & self.witness[v];
                if self.reached[v] != self.stamp && to != 0 {
                    self.state
                        .set_domain(model, v, to)
                        .expect("a non-empty subset of the domain");
                }
            }
            if propagate(model, &mut self.state).is_ok()
                && let Answer::Solution(s) =
                    self.probe
                        .ask(model, &mut self.state, REPAIR_NODES, cancel, &[])
            {
                self.state.undo(mark);
                self.adopt(model, &s);
                return true;
            }
            self.state.undo(mark);
            self.state.clear_queue();
        }
        false
    }

    /// Marks with a new stamp the variables at most `radius` runs away from `var`.
    fn near(&mut self, model: &Model, var: u32, radius: u32) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.reached.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
        self.queue.push((var, 0));
        self.reached[var as usize] = self.stamp;
        let mut i = 0;
        while i < self.queue.len() {
            let (v, dist) = self.queue[i];
            i += 1;
            if dist == radius {
                continue;
            }
            for &c in model.constraints_of(v as usize) {
                for &w in model.vars_of(c as usize) {
                    if self.reached[w as usize] != self.stamp {
                        self.reached[w as usize] = self.stamp;
                        self.queue.push((w, dist + 1));
                    }
                }
            }
        }
    }
}

impl<O: Observer> Search<'_, O> {
    /// Checks the choices on the stack from the lowest not known to have a solution below its
    /// current alternative, up to the one the search goes back to (see the module's doc); on
    /// finding one without, has the search go back to it.
    pub(super) fn check_stack(&mut self) {
        let model = self.model;
        let guide = self.guide.get_or_insert_with(|| Guide::new(model));
        // The top choice's alternative has failed; a jump pending goes back further.
        let upto = match self.fail_to {
            Some(base) => base.saturating_sub(1),
            None => self.choices.len().saturating_sub(1),
        };
        self.known_good = self.known_good.min(upto);
        loop {
            while self.known_good < upto && guide.agrees(&self.choices[self.known_good].alts) {
                self.known_good += 1;
            }
            if self.known_good >= upto {
                break;
            }
            let level = self.known_good;
            let decisions = self.choices[..=level].iter().filter_map(|c| match c.alts {
                Alternatives::Branch { var, digit, .. } => Some((var, digit)),
                Alternatives::Replay { .. } => None,
            });
            match guide.ask(model, decisions, self.stats.nodes, self.cancel) {
                Verdict::Solution => {}
                Verdict::Empty => {
                    // The refutation rests on every decision up to this choice: noting every
                    // constraint as read under it keeps backjumping from skipping any of them.
                    let serial = self.state.read_serial;
                    self.state.read_serial = self.choices[level].serial;
                    for c in 0..model.constraints.len() {
                        self.state.note_read(c);
                    }
                    self.state.read_serial = serial;
                    self.fail_to = Some(level + 1);
                    break;
                }
                Verdict::Unknown => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use crate::grid::{Cell, Clue, Direction};
    use crate::puzzle::Puzzle;
    use crate::solve::{Solution, Solver, Tuning, generate};

    /// The first solutions the stream sends (all, if there are at most `LIMIT`) with checks
    /// after `guide_after` backtracks, and the stream's backtracks (probes take none).
    fn stream(puzzle: &Puzzle, guide_after: u64) -> (Vec<Solution>, u64) {
        const LIMIT: usize = 100;
        let mut solver = Solver::new(puzzle).with_tuning(Tuning {
            guide_after,
            ..Tuning::default()
        });
        let mut sent = Vec::new();
        let _ = solver.for_each(|s| {
            sent.push(s.clone());
            if sent.len() > LIMIT {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (sent, solver.stats().backtracks)
    }

    #[test]
    fn checks_cut_only_branches_without_solutions() {
        let (mut tried, mut cut) = (0, 0);
        for seed in 0..60 {
            let mut grid = generate::random_grid(8, 7, 0.25, seed);
            if seed % 3 != 0 {
                // Nudge a clue: branches without solutions, often no solution at all.
                let walls: Vec<_> = grid
                    .positions()
                    .filter(|&p| grid.get(p).clue(Direction::Down).is_some())
                    .collect();
                let at = walls[seed as usize * 7 % walls.len()];
                if let Some(Cell::Wall {
                    down: Some(Clue::Sum(s)),
                    ..
                }) = grid.get_mut(at)
                {
                    *s += if seed % 3 == 1 { 1 } else { 2 };
                }
            }
            let Ok(puzzle) = Puzzle::from_grid(&grid) else {
                continue;
            };
            let (plain, plain_backtracks) = stream(&puzzle, u64::MAX);
            tried += 1;
            let (guided, guided_backtracks) = stream(&puzzle, 1);
            assert_eq!(
                guided, plain,
                "seed {seed}: the same solutions in the same order"
            );
            if guided_backtracks < plain_backtracks {
                cut += 1;
            }
        }
        assert!(tried >= 30, "{tried} puzzles tried");
        // The checks must have found branches to cut, or this test shows nothing.
        assert!(cut >= 5, "checks cut branches on {cut} of {tried} puzzles");
    }
}
