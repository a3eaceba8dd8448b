//! Exact counting by components: the solutions of independent parts multiply, and the count of a
//! part depends only on its state, so counts are cached by state and reused.
//!
//! A *component* is a connected set of undecided variables (two are connected when a constraint
//! holds both), as in the enumeration's splitting. Its count is the number of ways to give its
//! variables digits from their domains that satisfy every constraint touching them, the other
//! variables of those constraints being decided. Propagation at a fixed point leaves each
//! undecided cell of a run without the digits fixed elsewhere in that run, so that count is fixed
//! by the component's variables and domains plus, for each run with a sum that it touches, the
//! sum of the run's decided digits (and, for a cryptic run, its decided letters): that is the
//! cache key.
//!
//! The counter branches in its own order, not the enumeration's: on the variables of a small
//! separator of the component first (see `plan`), so that components fall apart soon and
//! their pieces are counted and cached on their own. A count does not depend on the order it
//! was found in, so `nth`, which descends in the enumeration order, reads the counts
//! of the states it meets off the kept graphs (below), or asks the counter for them; most of
//! their pieces are in the cache already.
//!
//! [`Solver::count`] first offers a big component to `sweep`, which counts it whole by its
//! frontier when the component is a few runs wide; branching takes the rest, and its children
//! are offered again. A swept component leaves no counts of its inner states; where `nth` will
//! walk through it (a root component, or one below branching in the enumeration's order) the
//! sweep keeps its graph of states (`dag`), from which `nth` reads those counts. A root
//! component cut in the plan's order keeps the circuit of that branching instead
//! (`circuit`), whose swept parts keep their graphs in it. Where neither was kept (too big
//! for the budget), the first `nth` branches through the component (as the count did before
//! sweeps) and caches them.

mod circuit;
mod component;
mod dag;
mod deep_stack;
mod graph;
mod plan;
mod solver;
mod sweep;

pub(crate) use circuit::Circuit;
pub(crate) use dag::Dag;
pub(crate) use deep_stack::on_deep_stack;
pub(crate) use graph::Graph;
pub(crate) use plan::Plan;
pub(crate) use solver::root_parts;

use std::sync::Arc;
use std::time::{Duration, Instant};

#[cfg(doc)]
use super::Solver;
use super::Stats;
use super::combos::is_single;
use super::flow::Flow;
use super::memo::{ExactCount, Memo};
use super::model::Model;
use super::order::branch_var;
#[cfg(test)]
use super::propagate::propagate_all;
use super::propagate::{assign, digits};
use super::search::Splitter;
use super::stamps::Stamps;
use super::state::{Mark, State};
use super::{CancelToken, Cancelled};
use circuit::Building;
use dag::Recording;

/// Components of this many variables or more are offered to the sweep by [`Solver::count`]
/// (smaller ones branch faster than a sweep is planned). `nth`'s walk does not sweep: it
/// descends the enumeration's order, and the counts it asks for along the way are those of the
/// states that branching in that order caches, or passes over a kept graph.
pub(crate) const SWEEP_FROM: usize = 24;

/// The least room for graphs in which a circuit is worth recording (a recording recounts the
/// states its count meets instead of finding them in the cache).
const MIN_CIRCUIT_ROOM: usize = 1 << 20;

/// How often the progress callback may be called.
const REPORT_EVERY: Duration = Duration::from_millis(50);

/// The least share of the progress bar that is split among components by their estimated
/// work (a fraction of a percent): thinner shares are split evenly, as nobody sees them.
const WEIGH_FROM: f64 = 1e-3;

/// How far a count is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CountProgress {
    /// The share of the search space resolved, 0.0 to 1.0. Independent parts weigh by their
    /// estimated work in it, so it grows about as the count's time does; a choice's
    /// alternatives weigh alike, so where the first alternatives take nearly all the time (the
    /// later ones find much of their work cached), it lags, and on a giant puzzle it can stay
    /// near 0 for long.
    pub done: f64,
    /// Search nodes visited (digits tried) so far: the count's work, which moves when the share
    /// does not.
    pub nodes: u64,
}

/// Progress reporting: the share of the search space finished and when it was last reported.
struct Progress<'a, 'f> {
    sink: Option<&'a mut (dyn FnMut(CountProgress) + 'f)>,
    done: f64,
    /// The most reported: a sweep reports inside its share before it is done, and a sweep
    /// that then declines must not send the bar back.
    shown: f64,
    last: Instant,
}

impl Progress<'_, '_> {
    /// Reports `at` (or what was reported before, if more) and the `nodes` visited when the
    /// last report is old enough.
    fn show(&mut self, at: f64, nodes: u64) {
        if let Some(sink) = &mut self.sink
            && self.last.elapsed() >= REPORT_EVERY
        {
            self.last = Instant::now();
            self.shown = self.shown.max(at).min(1.0);
            sink(CountProgress {
                done: self.shown,
                nodes,
            });
        }
    }
}

/// Counts components of one state, descending from it by branching and propagation.
pub(crate) struct Counter<'a, 'f> {
    pub(crate) model: &'a Model,
    pub(crate) state: State,
    memo: &'a mut Memo,
    cancel: &'a CancelToken,
    progress: Progress<'a, 'f>,
    plan: Arc<Plan>,
    // Component finding and key building.
    stamps: Stamps,
    bfs: Vec<u32>,
    /// Each variable's part, as [`Counter::components`] last numbered them.
    part_of: Vec<u32>,
    /// Whether a decision cut a component, tested around the variables it decided
    /// (`decided`).
    splitter: Splitter,
    decided: Vec<u32>,
    touched: Vec<u32>,
    key: Vec<u32>,
    /// Per digit, the variables of a component that can take it (bit sets, back to back).
    takers: Vec<u64>,
    work: u32,
    /// Search nodes visited (digits tried).
    pub(crate) nodes: u64,
    /// Digits that led to a contradiction.
    pub(crate) backtracks: u64,
    /// Components of this many variables or more are first offered to [`sweep`].
    pub(crate) sweep_from: usize,
    /// What sweeps in this count have learnt: what not to try, and the run tables made.
    sweep_learnt: sweep::Learnt,
    /// Whether graphs are kept for `nth` (of the states it will meet: a root component's, and
    /// those below a part counted in the enumeration's order): sweeps' graphs, and the circuits
    /// of root components cut in the plan's order.
    pub(crate) record: bool,
    /// The least graph room in which a root circuit is recorded.
    pub(crate) min_circuit_room: usize,
    /// The bytes a circuit's recording takes before its sweeps share steps.
    pub(crate) share_from: usize,
    /// The root state's place on the trail.
    root: Mark,
    /// The circuit being recorded of a root component cut in the plan's order, if any.
    building: Option<Building>,
    /// The circuit node of the part last counted, while a circuit is recorded.
    built: u32,
    /// The clues' sums as a flow through the cells' bounds (see [`Counter::decide`]), once
    /// made.
    pub(crate) flow: Option<Flow>,
    /// Backtracks after which the flow is made (`u64::MAX`: never, or not again).
    pub(crate) flow_after: u64,
}

impl<'a, 'f> Counter<'a, 'f> {
    /// A counter over `state` (already propagated: the root state, when the cache holds no
    /// plan yet).
    pub(crate) fn new(
        model: &'a Model,
        state: State,
        memo: &'a mut Memo,
        cancel: &'a CancelToken,
        progress: Option<&'a mut (dyn FnMut(CountProgress) + 'f)>,
    ) -> Self {
        let plan = memo.cached_plan();
        let planned = plan.is_some();
        let mut counter = Counter {
            plan: plan.unwrap_or_default(),
            model,
            state,
            memo,
            cancel,
            progress: Progress {
                sink: progress,
                done: 0.0,
                shown: 0.0,
                last: Instant::now(),
            },
            stamps: Stamps::new(model),
            bfs: Vec::new(),
            part_of: vec![0; model.vars],
            splitter: Splitter::new(model),
            decided: Vec::new(),
            touched: Vec::new(),
            key: Vec::new(),
            takers: Vec::new(),
            work: 0,
            nodes: 0,
            backtracks: 0,
            sweep_from: usize::MAX,
            sweep_learnt: sweep::Learnt::default(),
            record: false,
            min_circuit_room: MIN_CIRCUIT_ROOM,
            share_from: circuit::SHARE_FROM,
            root: Mark::default(),
            building: None,
            built: 0,
            flow: None,
            flow_after: u64::MAX,
        };
        counter.root = counter.state.mark();
        if !planned {
            // The plan depends on the root parts, so it is made from the root state.
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let parts = counter.components(&all);
            let plan = Plan::new(model, &counter.state.domains, &parts);
            counter.plan = counter.memo.plan(|| plan);
        }
        counter
    }

    /// Counts every variable from the root state as the solver's settings ask: parts of
    /// `sweep_from` variables or more offered to a sweep, graphs and circuits kept for `nth` if
    /// `record`, the sums' flow checked after `flow_after` backtracks.
    pub(crate) fn count_all(
        &mut self,
        sweep_from: usize,
        record: bool,
        flow_after: u64,
    ) -> Result<ExactCount, Cancelled> {
        self.sweep_from = sweep_from;
        self.record = record;
        self.flow_after = flow_after;
        let all: Vec<u32> = (0..self.model.vars as u32).collect();
        self.count_part(&all, (0.0, 1.0))
    }

    /// The solutions of the undecided variables among `vars` (a union of components): the
    /// product of their components' counts. `share` is the slice of the progress bar it covers.
    pub(crate) fn count_part(
        &mut self,
        vars: &[u32],
        share: (f64, f64),
    ) -> Result<ExactCount, Cancelled> {
        let parts = self.components(vars);
        self.count_parts(&parts, share)
    }

    /// The solutions of what a decision left of the component `comp` (see
    /// [`Counter::rest_parts`]).
    fn count_rest(&mut self, comp: &[u32], share: (f64, f64)) -> Result<ExactCount, Cancelled> {
        let parts = self.rest_parts(comp);
        self.count_parts(&parts, share)
    }

    /// The components of what a decision left of the component `comp`: its undecided
    /// variables, still one component unless the variables decided cut it. That is tested
    /// around them, as the search does, at about the cost of the smallest piece; finding the
    /// components anew at every node is a large share of a count that branches on big parts.
    fn rest_parts(&mut self, comp: &[u32]) -> Vec<Vec<u32>> {
        self.decided.clear();
        let mut rest = Vec::with_capacity(comp.len());
        for &v in comp {
            if is_single(self.state.domains[v as usize]) {
                self.decided.push(v);
            } else {
                rest.push(v);
            }
        }
        let (model, domains) = (self.model, &self.state.domains);
        if rest.is_empty() || !self.splitter.stays_connected(model, domains, &self.decided) {
            return self.components(comp);
        }
        // The local test holds only for a part that was one component before the decision.
        debug_assert_eq!(self.components(&rest).len(), 1, "a cut part taken as one");
        vec![rest]
    }

    /// The product of the counts of the components `parts`.
    fn count_parts(
        &mut self,
        parts: &[Vec<u32>],
        share: (f64, f64),
    ) -> Result<ExactCount, Cancelled> {
        let mut total = ExactCount::ONE;
        let bounds = self.split_share(parts, share);
        let mut nodes = Vec::new();
        for (part, slice) in parts.iter().zip(bounds.windows(2)) {
            let n = self.count_component(part, (slice[0], slice[1]))?;
            if n.is_zero() {
                self.finish(share.1);
                return Ok(ExactCount::ZERO);
            }
            total.mul(&n);
            nodes.push(self.built);
        }
        if let Some(b) = self.building.as_mut().filter(|b| b.on()) {
            self.built = b.product(&nodes);
        }
        self.finish(share.1);
        Ok(total)
    }

    /// The bounds of the slices of the progress bar's `share` that the components `parts`
    /// cover, in proportion to their estimated work, so that the bar moves with the time the
    /// count takes: the cheap parts of a big puzzle count in an instant, one big part takes
    /// nearly all its time. Slices too thin to show are even, which costs no estimate.
    fn split_share(&self, parts: &[Vec<u32>], share: (f64, f64)) -> Vec<f64> {
        let width = share.1 - share.0;
        let mut bounds = Vec::with_capacity(parts.len() + 1);
        bounds.push(share.0);
        let weighed = self.progress.sink.is_some() && parts.len() > 1 && width >= WEIGH_FROM;
        let weights: Vec<f64> = if weighed {
            let (model, state) = (self.model, &self.state);
            // A part no sweep by lines takes is branched on: it outweighs every part a sweep
            // takes, whatever their estimates say.
            let work: Vec<(bool, f64)> = parts
                .iter()
                .map(|p| {
                    let wide = p.len() >= self.sweep_from
                        && !sweep::narrow_in_lines(model, &state.domains, &state.live, p);
                    (wide, plan::estimated_work(model, &state.domains, p))
                })
                .collect();
            let wide = work.iter().any(|&(w, _)| w);
            let counted = work.iter().filter(|&&(w, _)| w == wide);
            let most = counted.map(|&(_, e)| e).fold(f64::NEG_INFINITY, f64::max);
            work.iter()
                .map(|&(w, e)| if w == wide { (e - most).exp2() } else { 0.0 })
                .collect()
        } else {
            vec![1.0; parts.len()]
        };
        let sum: f64 = weights.iter().sum();
        let mut before = 0.0;
        for w in &weights {
            before += w;
            bounds.push(share.0 + width * (before / sum).min(1.0));
        }
        if let Some(last) = bounds.last_mut() {
            *last = share.1;
        }
        bounds
    }

    /// The solutions of one component (undecided, connected, ascending).
    pub(crate) fn count_component(
        &mut self,
        comp: &[u32],
        share: (f64, f64),
    ) -> Result<ExactCount, Cancelled> {
        if let [v] = comp {
            // Every constraint on a lone variable has left it exactly its completing digits.
            let digits = self.state.domains[*v as usize];
            if let Some(b) = self.building.as_mut().filter(|b| b.on()) {
                self.built = b.lone(*v, digits);
            }
            return Ok(ExactCount::Small(digits.count_ones().into()));
        }
        self.build_key(comp);
        let mut building = self.building.as_ref().is_some_and(Building::on);
        if let Some(b) = self
            .building
            .as_mut()
            .filter(|_| building && self.touched.is_empty())
        {
            // Renamed digits (see below): a circuit holds the digits of one renaming.
            b.fail();
            building = false;
        }
        if building {
            // Counts found outside this recording have no node: only its own are reused.
            let recording = self.building.as_ref().expect("recording").recording();
            if let Some((node, n)) = self.memo.recorded(&self.key, recording) {
                self.built = node;
                self.finish(share.1);
                return Ok(n);
            }
        } else if let Some(n) = self.memo.get(&self.key) {
            self.finish(share.1);
            return Ok(n);
        }
        let key: Box<[u32]> = self.key.as_slice().into();
        if comp.len() >= self.sweep_from
            && let Some(n) = self.sweep(comp, &key, share, building)?
        {
            return Ok(n);
        }
        // A root component cut in the plan's order keeps the circuit of its branching, which
        // `nth` walks in the enumeration's order instead of counting the states it meets.
        // (Not when one is kept already, as after its count left the cache, nor without room:
        // a recording recounts every state its count meets.)
        let room = self
            .memo
            .graph_room()
            .saturating_sub(Memo::graph_overhead(&key));
        let starts = !building
            && self.record
            && self.state.mark() == self.root
            && self.plan.rank(comp[0]) != plan::FOLLOW
            && !self.touched.is_empty()
            && room >= self.min_circuit_room
            && self.memo.graph(&key).is_none();
        if starts {
            self.building = Some(Building::within(room, self.memo.new_recording(), share));
        }
        let total = self.branch(comp, share, building || starts);
        if starts {
            let circuit = self
                .building
                .take()
                .and_then(|b| b.finish(self.built, comp));
            if let (Ok(_), Some(c)) = (&total, circuit) {
                self.memo.keep_graph(&key, Graph::Cut(Box::new(c)));
            }
        }
        let total = total?;
        self.remember(&key, total.clone());
        Ok(total)
    }

    /// Offers the component `comp` (its state's key `key`) to the sweep: its count, or `None`
    /// if the sweep declined. `building`: a circuit is being recorded, which the sweep's graph
    /// joins.
    fn sweep(
        &mut self,
        comp: &[u32],
        key: &[u32],
        share: (f64, f64),
        building: bool,
    ) -> Result<Option<ExactCount>, Cancelled> {
        let (cancel, progress, nodes) = (self.cancel, &mut self.progress, self.nodes);
        let (lo, width) = (share.0, share.1 - share.0);
        let mut on_step = |done| {
            if cancel.is_cancelled() {
                return Err(Cancelled);
            }
            progress.show(lo + width * done, nodes);
            Ok(())
        };
        let (model, state, learnt) = (self.model, &self.state, &mut self.sweep_learnt);
        let (domains, live) = (&state.domains, &state.live);
        // `nth` walks the enumeration's order: it meets the root's components and those below
        // branching in that order, not those below a plan's own order (whose graphs join the
        // root's circuit instead).
        let on_walk = state.mark() == self.root || self.plan.rank(comp[0]) == plan::FOLLOW;
        // A key with renamed digits stands for every renaming of the state, and a graph holds
        // the digits of one.
        let on_walk = on_walk && !self.touched.is_empty();
        let room = match &self.building {
            Some(b) if building => b.room_left(),
            _ => self.memo.graph_room(),
        };
        let share_from = self.share_from;
        let sharing = building && self.building.as_ref().is_some_and(|b| b.shares(share_from));
        let mut recording =
            (building || self.record && on_walk).then(|| Recording::within(room).sharing(sharing));
        let mut swept = match &mut recording {
            Some(r) => sweep::count(model, domains, live, comp, learnt, &mut on_step, r),
            None => sweep::count(model, domains, live, comp, learnt, &mut on_step, &mut ()),
        }?;
        if swept.is_none() && recording.as_ref().is_some_and(Recording::overflowed) {
            // Past the count a recording's slot holds (2^104), which a plain sweep may still
            // take.
            recording = None;
            swept = sweep::count(model, domains, live, comp, learnt, &mut on_step, &mut ())?;
        }
        let Some(n) = swept else {
            return Ok(None);
        };
        let dag = recording.and_then(|r| r.finish(comp.len()));
        match (&mut self.building, dag) {
            (Some(b), Some(dag)) if building => self.built = b.swept(dag),
            // A part without solutions has no graph.
            (Some(b), None) if building && n == 0 => self.built = b.none(),
            (Some(b), None) if building => b.fail(),
            (_, Some(dag)) if !building => self.memo.keep_graph(key, Graph::Swept(Box::new(dag))),
            _ => {}
        }
        let n = ExactCount::Small(n);
        self.remember(key, n.clone());
        self.finish(share.1);
        Ok(Some(n))
    }

    /// Caches the count of the component state `key`, with its node if a recording is on.
    fn remember(&mut self, key: &[u32], count: ExactCount) {
        match self.building.as_ref().filter(|b| b.on()) {
            Some(b) => self
                .memo
                .insert_recorded(key, count, b.recording(), self.built),
            None => self.memo.insert(key, count),
        }
    }

    /// Counts the component `comp` by branching on one variable. `building`: a circuit is
    /// being recorded, which gets a node for the branching.
    fn branch(
        &mut self,
        comp: &[u32],
        share: (f64, f64),
        building: bool,
    ) -> Result<ExactCount, Cancelled> {
        let var = self.count_var(comp);
        let dom = self.state.domains[var as usize];
        let step = (share.1 - share.0) / f64::from(dom.count_ones());
        let mut total = ExactCount::ZERO;
        let mut arms = Vec::new();
        for (i, d) in digits(dom).enumerate() {
            self.tick()?;
            self.nodes += 1;
            let mark = self.state.mark();
            let lo = share.0 + step * i as f64;
            if self.decide(var, d as u8) {
                let forced = match &mut self.building {
                    Some(b) if building && b.on() => Some(b.forced(comp, &self.state.domains)),
                    _ => None,
                };
                let n = self.count_rest(comp, (lo, lo + step));
                self.state.undo(mark);
                let n = n?;
                if let Some(forced) = forced.filter(|_| !n.is_zero()) {
                    arms.push((forced, self.built));
                }
                total.add(&n);
            } else {
                self.backtracks += 1;
                self.state.undo(mark);
                self.finish(lo + step);
            }
        }
        if let Some(b) = self.building.as_mut().filter(|b| building && b.on()) {
            self.built = b.decide(&arms);
        }
        Ok(total)
    }

    /// Gives `var` the digit `d` and propagates; `false` when that leaves the component no
    /// solution: propagation failed, or the clues' sums no longer flow through the cells'
    /// bounds.
    ///
    /// The flow spans every component, but they share no undecided run and it may carry any
    /// amount through a run without a sum, so it fits as a whole exactly when it fits each
    /// one. So a failure right after the decision is this component's own (its count, which
    /// the cache keeps, is 0 whatever the others hold) when the flow fitted everything
    /// before: changes no check has seen are checked first, and if they do not fit, the
    /// decision is not checked (the state has no solution, but which component's fault that
    /// is, is not known).
    pub(crate) fn decide(&mut self, var: u32, d: u8) -> bool {
        if self.backtracks >= self.flow_after {
            // Made only once easy counts are past: most never backtrack this often.
            self.flow_after = u64::MAX;
            self.flow = Some(Flow::new(self.model));
        }
        let fitted = self.flow_fits() == Some(true);
        assign(self.model, &mut self.state, var as usize, d).is_ok()
            && !(fitted && self.flow_fits() == Some(false))
    }

    /// Whether the flow fits the state, once it takes in the domains that narrowed since it
    /// last fitted; `None` without a flow.
    fn flow_fits(&mut self) -> Option<bool> {
        let (flow, state) = (self.flow.as_mut()?, &mut self.state);
        if flow.balanced() && state.all_seen() {
            return Some(true);
        }
        // A flow that never fitted starts from the cells' bounds, whatever changed.
        let fits = flow.check(&state.domains, state.unseen());
        if fits {
            state.see();
        }
        Some(fits)
    }

    /// The variable the counter branches on in a component: the enumeration's in a part that
    /// follows it, else the lowest rank of the plan.
    fn count_var(&self, comp: &[u32]) -> u32 {
        if self.plan.rank(comp[0]) == plan::FOLLOW {
            return branch_var(&self.state.domains, comp).expect("a component is undecided");
        }
        comp.iter()
            .copied()
            .min_by_key(|&v| self.plan.branch_rank(self.model, v))
            .expect("a component is undecided")
    }

    /// The graph a count kept of the component `comp` in its present state, if any.
    pub(crate) fn graph(&mut self, comp: &[u32]) -> Option<Arc<Graph>> {
        if !self.memo.has_graphs() {
            return None;
        }
        self.build_key(comp);
        if self.touched.is_empty() {
            // Renamed digits (see `count_component`): no graph is kept under such a key.
            return None;
        }
        self.memo.graph(&self.key)
    }

    /// Polls the cancel token and reports progress now and then.
    #[inline]
    fn tick(&mut self) -> Result<(), Cancelled> {
        self.work = self.work.wrapping_add(1);
        if self.work.is_multiple_of(1024) {
            if self.cancel.is_cancelled() {
                return Err(Cancelled);
            }
            self.progress.show(self.progress.done, self.nodes);
        }
        Ok(())
    }

    /// Notes that the search space up to `at` is resolved.
    #[inline]
    fn finish(&mut self, at: f64) {
        if at > self.progress.done {
            self.progress.done = at.min(1.0);
            if let Some(b) = &mut self.building {
                b.foresee(self.progress.done);
            }
        }
    }

    /// Reports the end of the count.
    pub(crate) fn report_done(&mut self) {
        if let Some(sink) = &mut self.progress.sink {
            sink(CountProgress {
                done: 1.0,
                nodes: self.nodes,
            });
        }
    }

    /// Adds the work done so far to `stats`: each node a guess, its backtracks and revisions.
    pub(crate) fn add_to(&self, stats: &mut Stats) {
        stats.nodes += self.nodes;
        stats.guesses = self.nodes;
        stats.backtracks = self.backtracks;
        stats.propagations = self.state.revisions;
    }
}

/// The model of `generate::random_grid(width, height, walls, seed)` and its root state after
/// propagation; `None` when propagation finds no solution. For the counting modules' tests.
#[cfg(test)]
pub(crate) fn generated_root(
    width: usize,
    height: usize,
    walls: f64,
    seed: u64,
) -> Option<(Model, State)> {
    let grid = super::generate::random_grid(width, height, walls, seed);
    let puzzle = crate::puzzle::Puzzle::from_grid(&grid).unwrap();
    let model = Model::new(&puzzle);
    let mut state = State::new(&model);
    propagate_all(&model, &mut state).ok()?;
    Some((model, state))
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::puzzle::Puzzle;
    use crate::solve::{Solver, Tuning, generate};

    /// The progress bar is split among a state's parts by their estimated work: on generated
    /// 100 × 30s whose parts are swept in an instant but for one too wide for a sweep (that
    /// takes seconds), that one part covers all the bar, and it is not split evenly.
    #[test]
    fn the_bar_goes_to_the_part_too_wide_to_sweep() {
        for seed in [0, 8] {
            let (model, root) = generated_root(100, 30, 0.4, seed).expect("solvable");
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let (mut memo, cancel) = (Memo::new(0), CancelToken::new());
            let mut sink = |_: CountProgress| {};
            let mut counter =
                Counter::new(&model, root.clone(), &mut memo, &cancel, Some(&mut sink));
            counter.sweep_from = SWEEP_FROM;
            let parts = counter.components(&all);
            let wide: Vec<usize> = (0..parts.len())
                .filter(|&i| {
                    let part = &parts[i];
                    !sweep::narrow_in_lines(&model, &root.domains, &root.live, part)
                })
                .collect();
            assert_eq!(wide.len(), 1, "seed {seed}: one part too wide to sweep");
            let bounds = counter.split_share(&parts, (0.0, 1.0));
            assert_eq!(
                (bounds.len(), bounds[0], bounds[parts.len()]),
                (parts.len() + 1, 0.0, 1.0)
            );
            assert!(
                bounds.windows(2).all(|w| w[0] <= w[1]),
                "seed {seed}: {bounds:?}"
            );
            let i = wide[0];
            assert!(bounds[i + 1] - bounds[i] > 0.999, "seed {seed}: {bounds:?}");
        }
    }

    /// Checking each decision against the sums' flow cuts branches that propagation lets
    /// through on dense puzzles, and moves no count, nor any solution `nth` finds.
    #[test]
    fn the_flow_cuts_branches_and_keeps_the_counts() {
        use rand::SeedableRng;

        let (mut with, mut without) = (0, 0);
        let mut rng = StdRng::seed_from_u64(5);
        for seed in [8, 9] {
            let grid = generate::random_grid(30, 30, 0.40, seed);
            let puzzle = Puzzle::from_grid(&grid).unwrap();
            let mut plain = Solver::new(&puzzle).with_tuning(Tuning {
                flow_after: u64::MAX,
                ..Tuning::default()
            });
            let mut flowing = Solver::new(&puzzle).with_tuning(Tuning {
                flow_after: 0,
                ..Tuning::default()
            });
            let count = plain.count().unwrap();
            assert_eq!(flowing.count().unwrap(), count, "seed {seed}");
            without += plain.stats().nodes;
            with += flowing.stats().nodes;
            for _ in 0..3 {
                let k = crate::solve::nth::random_below(&count, &mut rng);
                let expected = plain.nth(&k).ok().flatten();
                assert!(expected.is_some(), "seed {seed} #{k}");
                assert_eq!(flowing.nth(&k).ok().flatten(), expected, "seed {seed} #{k}");
            }
        }
        assert!(
            with < without,
            "{with} nodes with the flow, {without} without"
        );
    }

    /// The count with a given plan (a fresh cache), sweeping components from `sweep_from`
    /// variables.
    fn count_with(model: &Model, plan: Plan, sweep_from: usize) -> BigUint {
        let mut memo = Memo::default();
        memo.plan(|| plan);
        let mut state = State::new(model);
        if propagate_all(model, &mut state).is_err() {
            return BigUint::ZERO;
        }
        let all: Vec<u32> = (0..model.vars as u32).collect();
        let cancel = CancelToken::new();
        let mut counter = Counter::new(model, state, &mut memo, &cancel, None);
        counter.sweep_from = sweep_from;
        BigUint::from(counter.count_part(&all, (0.0, 1.0)).expect("not cancelled"))
    }

    /// After a decision (and its propagation) in a component, the parts the counter goes on
    /// with are the components found anew.
    #[test]
    fn a_decision_leaves_the_components_a_full_search_finds() {
        let (mut cut, mut kept) = (0, 0);
        for seed in 0..40 {
            let Some((model, state)) = generated_root(10, 10, 0.4, seed) else {
                continue;
            };
            let mut memo = Memo::default();
            let cancel = CancelToken::new();
            let mut counter = Counter::new(&model, state, &mut memo, &cancel, None);
            let all: Vec<u32> = (0..model.vars as u32).collect();
            for comp in counter.components(&all) {
                for &v in comp.iter().step_by(3) {
                    for d in digits(counter.state.domains[v as usize]) {
                        let mark = counter.state.mark();
                        if counter.decide(v, d as u8) {
                            let parts = counter.rest_parts(&comp);
                            assert_eq!(parts, counter.components(&comp), "seed {seed}, {v}={d}");
                            cut += usize::from(parts.len() > 1);
                            kept += usize::from(parts.len() == 1);
                        }
                        counter.state.undo(mark);
                    }
                }
            }
        }
        assert!(
            cut > 20 && kept > 20,
            "{cut} decisions cut, {kept} kept one part"
        );
    }

    #[test]
    fn the_count_does_not_depend_on_the_branching_plan() {
        let mut rng = StdRng::seed_from_u64(4);
        for seed in 0..16 {
            let side = rng.random_range(4..=7);
            let grid = generate::random_grid(side, side, 0.3, seed);
            let Ok(puzzle) = Puzzle::from_grid(&grid) else {
                continue;
            };
            let model = Model::new(&puzzle);
            let mut state = State::new(&model);
            let _ = propagate_all(&model, &mut state);
            let planned = count_with(
                &model,
                Plan::eliminating_all(&model, &state.domains),
                usize::MAX,
            );
            let by_index = count_with(
                &model,
                Plan::from_ranks((0..model.vars as u32).collect()),
                usize::MAX,
            );
            let mut shuffled: Vec<u32> = (0..model.vars as u32).collect();
            shuffled.shuffle(&mut rng);
            let at_random = count_with(&model, Plan::from_ranks(shuffled), usize::MAX);
            // Sweeping every component of two variables or more, and those of ten or more
            // (the rest branching, the sweep counting what branching leaves).
            let follow = || Plan::from_ranks(vec![plan::FOLLOW; model.vars]);
            let swept = count_with(&model, follow(), 2);
            let mixed = count_with(&model, follow(), 10);
            let streamed = {
                let mut n = 0u64;
                let _ = crate::solve::Solver::new(&puzzle).for_each(|_| {
                    n += 1;
                    std::ops::ControlFlow::Continue(())
                });
                BigUint::from(n)
            };
            assert_eq!(planned, streamed, "seed {seed}");
            assert_eq!(by_index, streamed, "seed {seed}");
            assert_eq!(at_random, streamed, "seed {seed}");
            assert_eq!(swept, streamed, "seed {seed}");
            assert_eq!(mixed, streamed, "seed {seed}");
        }
    }

    /// A recording finds the states it meets again through the cache, which keeps their
    /// nodes, so the graphs' room holds the circuits alone: room for exactly the bytes they
    /// took with room to spare keeps the same circuits.
    #[test]
    fn circuits_fit_in_their_own_bytes() {
        let mut checked = 0;
        for seed in 0..30 {
            let Some((model, root)) = generated_root(7, 7, 0.25, seed) else {
                continue;
            };
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let cancel = CancelToken::new();
            let record = |graph_budget: usize| {
                let mut memo = Memo::default().with_graph_budget(graph_budget);
                memo.plan(|| Plan::eliminating_all(&model, &root.domains));
                let mut counter = Counter::new(&model, root.clone(), &mut memo, &cancel, None);
                counter.record = true;
                counter.min_circuit_room = 0;
                let n = counter.count_part(&all, (0.0, 1.0)).unwrap();
                let cut = counter
                    .components(&all)
                    .iter()
                    .filter(|&part| matches!(counter.graph(part).as_deref(), Some(Graph::Cut(_))))
                    .count();
                (n, cut, counter.memo.graph_bytes())
            };
            let (n, cut, bytes) = record(usize::MAX);
            if cut == 0 {
                continue;
            }
            assert_eq!(record(bytes), (n, cut, bytes), "seed {seed}");
            checked += 1;
            if checked == 8 {
                break;
            }
        }
        assert!(checked >= 5, "only {checked} puzzles with a circuit");
    }

    #[test]
    fn a_plan_ranks_every_undecided_variable_once() {
        let grid = generate::random_grid(12, 12, 0.3, 7);
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let model = Model::new(&puzzle);
        let mut state = State::new(&model);
        propagate_all(&model, &mut state).unwrap();
        let plan = Plan::eliminating_all(&model, &state.domains);
        let mut ranks: Vec<u32> = (0..model.vars as u32)
            .filter(|&v| !is_single(state.domains[v as usize]))
            .map(|v| plan.rank(v))
            .collect();
        let open = ranks.len();
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), open);
        assert_eq!(ranks.last().copied(), open.checked_sub(1).map(|r| r as u32));
        // The min-fill order too, of each root part: every variable once.
        let all: Vec<u32> = (0..model.vars as u32).collect();
        let mut memo = Memo::default();
        let cancel = CancelToken::new();
        let mut counter = Counter::new(&model, state.clone(), &mut memo, &cancel, None);
        for part in counter.components(&all) {
            let mut order = plan::min_fill_order(&model, &state.domains, &part);
            order.sort_unstable();
            assert_eq!(order, part);
        }
    }
}
