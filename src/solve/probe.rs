//! Probes: a search with restarts that looks for *some* solution, for the questions that do not
//! care which (is there one? a second one?) when the enumeration's fixed order thrashes.
//!
//! The enumeration's order is fixed (fewest candidates, lowest index, digits ascending), and on
//! dense puzzles it can make an early wrong choice whose refutation takes millions of nodes:
//! the contradiction lies far from the choice, and every choice made in between is tried again.
//! A probe searches in an order of its own: the variable with the fewest candidates per unit of
//! *weight*, a constraint's weight being one more than the failures it caused (dom/wdeg), ties
//! going to the cell nearest one end of the grid's long axis and then drawn at random, with
//! restarts on a Luby schedule. It soon branches where the puzzle is hard. Its digit for a
//! variable is the one the variable had at the deepest point of an earlier run (phase saving,
//! as SAT solvers do), else a random one: a restart keeps what went well and reconsiders the
//! rest. Its revisions are quick (long runs are not matched onto each digit set, see
//! `State::quick`): cheaper nodes matter more to it than the last bit of pruning. It answers
//! with a solution, with "none" (only when one run went through its whole tree, so that is a
//! proof), or "don't know" within its node budget. Solutions listed as excluded count as
//! failures, so a probe can look for a second solution.
//!
//! The weights persist between the probes of one [`Probe`], so a longer probe after a short one
//! starts where the short one learned the puzzle is hard. The stream's guide, which asks about
//! one branch after another, has the probe forget them before each question.

use std::ops::ControlFlow;
use std::time::Instant;

use super::anchor::add;
use super::combos::{Mask, digit_of, is_single, size};
use super::flow::Flow;
use super::model::Model;
use super::nth::blank;
use super::propagate::{assign, propagate, propagate_all};
use super::search::{Search, Tuning, write};
use super::state::{Mark, State};
use super::tally::DigitTally;
use super::{CancelToken, Cancelled, Outcome, Solution, Solver, Stats};

/// Failures in the first run; the later ones get this times the Luby sequence.
const RESTART_UNIT: u64 = 100;

/// Backtracks the stream may take in the second round of [`Solver::uniqueness`] and the third
/// of [`Solver::any`] (the first gives way to a probe sooner, see `FIRST_STREAM`, and `any`
/// leaves the second to the probe, see `SECOND_STREAM`); each later round streams and probes
/// twice as long as the one before.
pub(crate) const PROBES_AFTER: u64 = 1024;

/// Backtracks the stream may take before the first probe, when that is fewer than
/// [`PROBES_AFTER`]; later rounds stream from [`PROBES_AFTER`] backtracks on. Dense puzzles
/// get their first probe sooner and answer faster; a puzzle whose stream needs 128 to
/// [`PROBES_AFTER`] backtracks (a proof of uniqueness, say) pays for one probe more.
const FIRST_STREAM: u64 = 128;

/// Nodes of the first probe.
const FIRST_PROBE: u64 = 4096;

/// What part of a round's probe budget a probe gets to find another solution right after
/// finding one. Its phases lie at the solution found, and on dense puzzles a second one lay a
/// few hundred nodes away: `uniqueness()` on 30 × 100 at 25–35% walls answered 1.5–2× faster
/// than when a stream round came first (see BENCHMARKS.md). A quarter did as well as the whole
/// budget there, and costs a unique puzzle that reaches the probes less.
const REASK: u64 = 4;

/// How many solutions a search must want for its second round to stream as well as probe. A
/// stream whose fixed order thrashed through its first `FIRST_STREAM` backtracks seldom finds
/// a solution in the next [`PROBES_AFTER`], and a probe is more likely to: on 30 × 100 at
/// 25% walls, `any` went 1.9× faster without that stream, at 30% 1.15× (see BENCHMARKS.md).
/// A second solution is another matter: proving there is none takes the stream.
const SECOND_STREAM: usize = 2;

impl Solver<'_> {
    /// [`Solver::some`]: rounds of streaming and probing until `want` solutions or the proof
    /// that there are no more.
    pub(crate) fn probe_for(&mut self, want: usize) -> Result<Vec<Solution>, Cancelled> {
        let start = Instant::now();
        let mut total = Stats::default();
        let mut found: Vec<Solution> = Vec::new();
        // The probe and its root state, made when the stream first gives up.
        let mut side: Option<(Probe, State)> = None;
        let probes_after = self.tuning.probes_after;
        let (mut limit, mut budget) = (probes_after.min(FIRST_STREAM), FIRST_PROBE);
        let mut round = 0;
        let answer = 'rounds: loop {
            round += 1;
            if round != 2 || want >= SECOND_STREAM {
                if let ControlFlow::Break(answer) =
                    self.stream_round(want, limit, &mut total, &mut found)
                {
                    break answer;
                }
                limit = limit.saturating_mul(2).max(probes_after);
            }
            let (probe, root) = side.get_or_insert_with(|| {
                let mut root = State::new(&self.model);
                // An inconsistent root never gets here: the stream refutes it at once.
                let _ = propagate_all(&self.model, &mut root);
                (Probe::new(&self.model).tallying(&self.model), root)
            });
            // A probe that found a solution holds its phases there, and when more are wanted
            // another is often a few backtracks away: it asks again at once (see `REASK`).
            let mut nodes = budget;
            loop {
                match probe.ask(&self.model, root, nodes, &self.cancel, &found) {
                    Answer::Solution(s) => {
                        found.push(s);
                        if found.len() >= want {
                            break 'rounds Ok(found);
                        }
                        nodes = budget / REASK;
                    }
                    Answer::None => break 'rounds Ok(found),
                    Answer::Unknown if self.cancel.is_cancelled() => break 'rounds Err(Cancelled),
                    Answer::Unknown => break,
                }
            }
            budget = budget.saturating_mul(2);
        };
        if let Some((probe, root)) = &side {
            probe.add_work(root, &mut total);
        }
        total.solutions = answer.as_ref().map_or(0, |f| f.len() as u64);
        total.elapsed = start.elapsed();
        self.stats = total;
        answer
    }

    /// Streams until `limit` backtracks, adding its statistics to `total` and any new
    /// solutions to `found`; breaks with the answer when the stream gives one.
    fn stream_round(
        &mut self,
        want: usize,
        limit: u64,
        total: &mut Stats,
        found: &mut Vec<Solution>,
    ) -> ControlFlow<Result<Vec<Solution>, Cancelled>> {
        let tuning = Tuning {
            give_up_after: limit,
            // Probes take over where the stream thrashes; checks of its branches would only
            // delay them.
            guide_after: u64::MAX,
            // Any solutions will do: the plain order, never stopping to decide on another.
            anchor_after: u64::MAX,
            ..self.tuning
        };
        let mut streamed = Vec::new();
        let search = Search::new(&self.model, &self.cancel, (), tuning, None);
        let (outcome, stats, _) = search.run(&mut |s: &Solution| {
            streamed.push(s.clone());
            if streamed.len() >= want {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        add(total, &stats);
        if outcome == Ok(Outcome::Complete) || streamed.len() >= want {
            return ControlFlow::Break(Ok(streamed));
        }
        if self.cancel.is_cancelled() {
            return ControlFlow::Break(Err(Cancelled));
        }
        for s in streamed {
            if !found.contains(&s) {
                found.push(s);
            }
        }
        if found.len() >= want {
            return ControlFlow::Break(Ok(std::mem::take(found)));
        }
        ControlFlow::Continue(())
    }
}

/// What a probe found out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A solution not among the excluded ones.
    Solution(Solution),
    /// No solution besides the excluded ones.
    None,
    /// The node budget ran out first, or the search was cancelled.
    Unknown,
}

/// The side search's memory: constraint weights and workspace.
pub(crate) struct Probe {
    /// Per variable, the sum of its constraints' weights (one plus the failures each caused),
    /// kept up to date as failures come so that choosing a variable does not add them up.
    weights: Vec<u64>,
    /// Variables undecided at the start; the first `live` of them may still be undecided, the
    /// others were found decided (in the order found, so that undoing restores a count).
    open: Vec<u32>,
    live: usize,
    /// Per decision: the trail mark and `live` before it, the variable and the digit.
    stack: Vec<(Mark, usize, u32, u8)>,
    rng: u64,
    /// Failures in the first run of a probe.
    unit: u64,
    /// Per variable, its digit at the deepest point of a run (0: none yet).
    phase: Vec<Mask>,
    /// How many decisions deep the current run has been at most.
    deepest: usize,
    /// The sums as a flow, checked after each propagation.
    flow: Flow,
    /// How often each digit occurs, checked after the flow, when asked for (see
    /// [`Probe::tallying`]).
    tally: Option<DigitTally>,
    /// Nodes (decisions) visited by all probes so far.
    pub(crate) nodes: u64,
    /// Per variable, how far along the grid's long axis its cell lies (letters last): of the
    /// variables the weights rank equal, the probe takes the nearest one end, so that it
    /// fills the grid from that end and a failure shows close to the decisions behind it
    /// (on 30 × 100 at 25–30% walls, 10–20% fewer nodes than ties drawn anywhere).
    along: Vec<u16>,
}

impl Probe {
    /// A probe for `model`'s puzzle, every constraint of weight one.
    pub(crate) fn new(model: &Model) -> Probe {
        Probe {
            weights: (0..model.vars).map(|v| initial_weight(model, v)).collect(),
            open: Vec::new(),
            live: 0,
            stack: Vec::new(),
            rng: 0x9E37_79B9_7F4A_7C15,
            unit: RESTART_UNIT,
            phase: vec![0; model.vars],
            deepest: 0,
            flow: Flow::new(model),
            tally: None,
            nodes: 0,
            along: along_long_axis(model),
        }
    }

    /// This probe, checking each node against the digits' tally as well. The anchor's probe
    /// does not: its failures steer it, and the solution it finds is the order's.
    pub(crate) fn tallying(mut self, model: &Model) -> Probe {
        self.tally = Some(DigitTally::new(model));
        self
    }

    /// Whether each digit can still occur as often as the runs need it after the changes
    /// since `mark` (`None`: every run looked at); a failure weighs on the runs it rests on.
    fn tallies(&mut self, model: &Model, state: &State, mark: Option<Mark>) -> bool {
        let Some(tally) = &mut self.tally else {
            return true;
        };
        let ok = match mark {
            Some(mark) => tally.check(model, state, state.changed_since(mark)),
            None => tally.check_all(model, state),
        };
        if !ok {
            for &c in tally.cut() {
                for &v in model.vars_of(c as usize) {
                    self.weights[v as usize] += 1;
                }
            }
        }
        ok
    }

    /// Adds the probes' work to `total`: each node a guess, and the revisions of `root`, the
    /// state they searched from.
    pub(crate) fn add_work(&self, root: &State, total: &mut Stats) {
        total.nodes += self.nodes;
        total.guesses += self.nodes;
        total.propagations += root.revisions;
    }

    /// Forgets the failures the constraints were blamed for: every constraint weighs one again.
    pub(crate) fn forget_failures(&mut self, model: &Model) {
        for (v, w) in self.weights.iter_mut().enumerate() {
            *w = initial_weight(model, v);
        }
    }

    /// Searches `state` (propagated, consistent) for a solution other than the `excluded` ones
    /// within `budget` nodes, leaving the state as it was.
    pub(crate) fn ask(
        &mut self,
        model: &Model,
        state: &mut State,
        budget: u64,
        cancel: &CancelToken,
        excluded: &[Solution],
    ) -> Answer {
        let start = state.mark();
        self.open.clear();
        self.open
            .extend((0..model.vars as u32).filter(|&v| !is_single(state.domains[v as usize])));
        // The state may be on another branch than the last one asked about: every cell is
        // brought into its bounds.
        if !self.flow.check(&state.domains, 0..model.vars as u32)
            || !self.tallies(model, state, None)
        {
            // The sums cannot balance, or the digits not be placed, even before any decision.
            return Answer::None;
        }
        let mut nodes = 0;
        let quick = std::mem::replace(&mut state.quick, true);
        let mut answer = Answer::Unknown;
        'runs: for run in 1.. {
            let mut fails = 0;
            self.deepest = 0;
            let allowed = luby(run) * self.unit;
            self.stack.clear();
            state.undo(start);
            self.live = self.open.len();
            loop {
                if nodes >= budget || (nodes % 256 == 0 && cancel.is_cancelled()) {
                    break 'runs;
                }
                match self.pick(state) {
                    Some(var) => {
                        nodes += 1;
                        let digit = self.pick_digit(var, state.domains[var as usize]);
                        let mark = state.mark();
                        self.stack.push((mark, self.live, var, digit));
                        if assign(model, state, var as usize, digit).is_err() {
                            self.blame(model, state.failed);
                        } else if !self.flow.check(&state.domains, state.changed_since(mark)) {
                            self.blame_sums(model, var);
                        } else if !self.tallies(model, state, Some(mark)) {
                            // Blamed on the runs it rests on.
                        } else {
                            // The deepest point of the run so far: remember its digits. Those
                            // of cells unchanged since the last time are remembered already
                            // (undoing lowers what the state counts as seen).
                            if self.stack.len() > self.deepest {
                                self.deepest = self.stack.len();
                                for v in state.unseen() {
                                    let d = state.domains[v as usize];
                                    if is_single(d) {
                                        self.phase[v as usize] = d;
                                    }
                                }
                                state.see();
                            }
                            continue;
                        }
                    }
                    None => {
                        let found = solution_of(model, &state.domains);
                        if !excluded.contains(&found) {
                            answer = Answer::Solution(found);
                            break 'runs;
                        }
                    }
                }
                // Refute the failed digit where it was tried; a refutation that fails too
                // refutes the decision before it.
                loop {
                    fails += 1;
                    let Some((mark, live, var, digit)) = self.stack.pop() else {
                        // One run went through its whole tree: nothing else is left.
                        answer = Answer::None;
                        break 'runs;
                    };
                    state.undo(mark);
                    self.live = live;
                    let rest = state.domains[var as usize] & !(1 << digit);
                    if state.set_domain(model, var as usize, rest).is_ok() {
                        if propagate(model, state).is_err() {
                            self.blame(model, state.failed);
                        } else if !self.flow.check(&state.domains, state.changed_since(mark)) {
                            self.blame_sums(model, var);
                        } else if self.tallies(model, state, Some(mark)) {
                            break;
                        }
                    }
                }
                if fails >= allowed {
                    continue 'runs;
                }
            }
        }
        state.undo(start);
        state.clear_queue();
        state.quick = quick;
        self.nodes += nodes;
        answer
    }

    /// Adds a failure to constraint `c`'s weight, that is to each of its variables' sums.
    fn blame(&mut self, model: &Model, c: u32) {
        for &v in model.vars_of(c as usize) {
            self.weights[v as usize] += 1;
        }
    }

    /// Adds a failure to each of `var`'s constraints, for a decision on it that left the
    /// sums no flow (the cut lies somewhere around it).
    fn blame_sums(&mut self, model: &Model, var: u32) {
        for &c in model.constraints_of(var as usize) {
            self.blame(model, c);
        }
    }

    /// A digit of `domain` for `var`: its saved phase if still possible, else one at random
    /// (runs that differ in their values as well as their order cover more ground).
    fn pick_digit(&mut self, var: u32, domain: Mask) -> u8 {
        if self.phase[var as usize] & domain != 0 {
            return self.phase[var as usize].trailing_zeros() as u8;
        }
        let mut rest = domain;
        for _ in 0..self.next_random() % u64::from(domain.count_ones()) {
            rest &= rest - 1;
        }
        rest.trailing_zeros() as u8
    }

    /// The next number of a xorshift64 sequence: cheap, and the same every run.
    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// The undecided variable with the fewest candidates per weight of its constraints, ties
    /// going to the one nearest the start of the long axis, then drawn at random; `None` when
    /// every variable is decided.
    fn pick(&mut self, state: &State) -> Option<u32> {
        let mut best = u32::MAX;
        // size_a / weight_a < size_b / weight_b, as size_a * weight_b < size_b * weight_a; the
        // first variable beats a size of ten.
        let (mut best_size, mut best_weight, mut best_along) = (10u64, 1u64, u16::MAX);
        // How many variables tie with the best so far: each replaces it with chance 1/ties,
        // which leaves every one of them equally likely (a draw only on a tie: this loop runs
        // over every undecided variable at every node).
        let mut ties = 0u64;
        let mut i = 0;
        while i < self.live {
            let v = self.open[i];
            let d = state.domains[v as usize];
            if is_single(d) {
                // Out of the scan until an undo brings it back.
                self.live -= 1;
                self.open.swap(i, self.live);
                continue;
            }
            i += 1;
            let weight = self.weights[v as usize];
            let size = u64::from(size(d));
            let along = self.along[v as usize];
            let (a, b) = (size * best_weight, best_size * weight);
            if a < b || (a == b && along < best_along) {
                ties = 1;
            } else if a == b && along == best_along {
                ties += 1;
                if !self.next_random().is_multiple_of(ties) {
                    continue;
                }
            } else {
                continue;
            }
            best = v;
            (best_size, best_weight, best_along) = (size, weight, along);
        }
        (best != u32::MAX).then_some(best)
    }
}

/// Per variable, its cell's column when the grid is at least as wide as it is tall, else its
/// row; letters (no cell) come after every cell.
fn along_long_axis(model: &Model) -> Vec<u16> {
    let (rows, cols) = model
        .pos
        .iter()
        .fold((0, 0), |(r, c), &(row, col)| (r.max(row), c.max(col)));
    (0..model.vars)
        .map(|v| match model.pos.get(v) {
            Some(&(row, col)) => {
                if cols >= rows {
                    col
                } else {
                    row
                }
            }
            None => u16::MAX,
        })
        .collect()
}

/// A variable's weight before any failure: one per constraint it is in (and a variable in no
/// constraint, a lone cell without clues, still weighs one).
fn initial_weight(model: &Model, var: usize) -> u64 {
    model.constraints_of(var).len().max(1) as u64
}

/// The solution a state with every variable decided stands for (or an anchor: a one-bit mask
/// per variable).
pub(crate) fn solution_of(model: &Model, domains: &[Mask]) -> Solution {
    let mut solution = blank(model.cells, model.cryptic);
    for (v, &d) in domains.iter().enumerate() {
        write(&mut solution, model.cells, v as u32, digit_of(d));
    }
    solution
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, … (from 1).
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::grid::{Cell, Clue};
    use crate::puzzle::Puzzle;
    use crate::solve::generate;

    /// Every solution, by probes that restart after a few failures, each excluding the ones
    /// found before, until one proves there is no other.
    fn probe_all(puzzle: &Puzzle) -> Vec<Solution> {
        let solver = Solver::new(puzzle);
        let model = solver.model();
        let mut probe = Probe::new(model);
        probe.unit = 4;
        let mut state = State::new(model);
        if propagate_all(model, &mut state).is_err() {
            return Vec::new();
        }
        let cancel = CancelToken::new();
        let mut found = Vec::new();
        loop {
            match probe.ask(model, &mut state, u64::MAX, &cancel, &found) {
                Answer::Solution(s) => {
                    assert!(!found.contains(&s));
                    found.push(s);
                }
                Answer::None => return found,
                Answer::Unknown => unreachable!("no budget, no cancel"),
            }
        }
    }

    #[test]
    fn probes_find_every_solution_and_prove_there_is_no_other() {
        let mut tried = 0;
        for seed in 0..40 {
            let mut grid = generate::random_grid(7, 6, 0.3, seed);
            if seed % 2 == 1 {
                // Nudge one clue: often no solution, sometimes other ones.
                let walls: Vec<_> = grid
                    .positions()
                    .filter(|&p| grid.get(p).clue(crate::grid::Direction::Across).is_some())
                    .collect();
                let at = walls[seed as usize % walls.len()];
                if let Some(Cell::Wall {
                    across: Some(Clue::Sum(s)),
                    ..
                }) = grid.get_mut(at)
                {
                    *s += 1;
                }
            }
            let Ok(puzzle) = Puzzle::from_grid(&grid) else {
                continue;
            };
            let mut streamed = Vec::new();
            let _ = Solver::new(&puzzle).for_each(|s| {
                streamed.push(s.clone());
                ControlFlow::Continue(())
            });
            if streamed.len() > 40 {
                // Each probe excludes the ones before it: keep the test quadratic in little.
                continue;
            }
            tried += 1;
            let mut probed = probe_all(&puzzle);
            streamed.sort();
            probed.sort();
            assert_eq!(probed, streamed, "seed {seed}");
        }
        assert!(tried >= 20, "{tried} puzzles tried");
    }

    #[test]
    fn forgetting_failures_weighs_every_constraint_one_again() {
        let puzzle = Puzzle::from_grid(&generate::random_grid(12, 10, 0.25, 3)).unwrap();
        let solver = Solver::new(&puzzle);
        let model = solver.model();
        let mut probe = Probe::new(model);
        let fresh = probe.weights.clone();
        let mut state = State::new(model);
        propagate_all(model, &mut state).unwrap();
        // Solutions excluded one after another: failures to blame.
        let mut found = Vec::new();
        while let Answer::Solution(s) =
            probe.ask(model, &mut state, 10_000, &CancelToken::new(), &found)
        {
            found.push(s);
            if found.len() == 20 {
                break;
            }
        }
        assert_ne!(probe.weights, fresh, "the probes blamed no constraint");
        probe.forget_failures(model);
        assert_eq!(probe.weights, fresh);
    }

    #[test]
    fn the_luby_sequence_starts_as_published() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
