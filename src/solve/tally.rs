//! How often each digit occurs: a global check, per digit, that propagation run by run misses.
//!
//! The cells that hold a digit `d` hold it at most once in every run, and exactly once in every
//! run whose remaining digit sets all hold `d` (the run *needs* `d`). Each such cell lies in one
//! across run and one down run, so for each digit the cells holding it pair across runs with
//! down runs, one to one: a matching, which must cover every across run that needs `d` and,
//! read the other way, every down run that does. A region that a set of across runs and a set
//! of down runs both cover exactly holds as many `d`s counted from either side, so where the
//! across runs of a block need `d` more often than its down runs can take it, the block has no
//! solution, however the runs' digit sets fit one by one: an 8 × 8 block whose rows miss other
//! digits than its columns is refuted before any decision. The matching says more than such
//! counts (Hall's theorem: it fails exactly when some set of runs that need `d` reaches fewer
//! runs across than it holds), and needs no region to be found first.
//!
//! For each direction and digit one matching is kept, from one check to the next, as
//! [`super::flow`] keeps its flow: undoing a decision only widens domains and drops needs, so a
//! matching of a narrower state stays one of a wider state, and a check repairs only what the
//! cells changed since then broke. The check refutes and never narrows a domain: the
//! solutions' order rests on what propagation leaves.

use super::combos::{self, Mask, size};
use super::model::{Kind, Model, NO_RUN};
use super::state::State;

/// No cell: a run that holds none in a matching.
const NOBODY: u32 = u32::MAX;

/// Slots per run in a matching's table: one per digit 0–9 (0 unused), so a run's are adjacent.
const SLOTS: usize = 10;

/// Per direction and digit, a matching of runs that need the digit to cells that can hold it.
#[derive(Clone, Debug)]
pub(crate) struct DigitTally {
    /// Per constraint, the direction of its run (0 across, 1 down), or `OTHER`.
    side: Vec<u8>,
    /// Per direction `s`, the matching of the runs of that direction: at `run * SLOTS + d`,
    /// the cell holding digit `d` for that run, or `NOBODY`. A cell in the matching appears at
    /// both its runs (the one of direction `s`, that needs `d`, and the other, whose one `d` it
    /// takes); a cell without a run in the other direction takes nobody's.
    held: [Vec<u32>; 2],
    /// Per direction, per cell: the digits for which the cell is in that direction's matching.
    holds: [Vec<Mask>; 2],
    /// Runs whose needs may not all be held (a check failed before it got to them).
    unsure: Vec<u32>,
    /// The runs a check looks at, each once (`listed` marks them with `epoch`).
    pending: Vec<u32>,
    listed: Vec<u32>,
    epoch: u32,
    /// Augmenting-path search: runs reached (marked with `visit`), and the cell each was
    /// reached by.
    queue: Vec<u32>,
    reached: Vec<u32>,
    visit: u32,
    via: Vec<u32>,
    /// Whether the matchings hold every need of the last check's state but `unsure` runs'.
    ready: bool,
    /// The runs the last failure rests on.
    cut: Vec<u32>,
}

/// [`DigitTally::side`] of a constraint that is not a run (cryptic letters, equalities).
const OTHER: u8 = 2;

impl DigitTally {
    /// Empty matchings for `model`'s runs.
    pub(crate) fn new(model: &Model) -> DigitTally {
        let runs = model.constraints.len();
        let mut side = vec![OTHER; runs];
        for line in &model.lines {
            for (s, &r) in line.iter().enumerate() {
                if r != NO_RUN {
                    side[r as usize] = s as u8;
                }
            }
        }
        DigitTally {
            side,
            held: [vec![NOBODY; runs * SLOTS], vec![NOBODY; runs * SLOTS]],
            holds: [vec![0; model.cells], vec![0; model.cells]],
            unsure: Vec::new(),
            pending: Vec::new(),
            listed: vec![0; runs],
            epoch: 0,
            queue: Vec::new(),
            reached: vec![0; runs],
            visit: 0,
            via: vec![NOBODY; runs],
            ready: false,
            cut: Vec::new(),
        }
    }

    /// Whether every digit can still be placed as often as the runs need it, looking at every
    /// run: for the first check, and for a state that may not be nearby the last one checked.
    pub(crate) fn check_all(&mut self, model: &Model, state: &State) -> bool {
        self.ready = false;
        self.check(model, state, std::iter::empty())
    }

    /// [`DigitTally::check_all`], given that only the `changed` cells narrowed since a state at
    /// least as wide as the last one checked (every run is looked at until some check has).
    pub(crate) fn check(
        &mut self,
        model: &Model,
        state: &State,
        changed: impl Iterator<Item = u32>,
    ) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.listed.fill(0);
            self.epoch = 1;
        }
        self.pending.clear();
        let unsure = std::mem::take(&mut self.unsure);
        for &r in &unsure {
            self.list(r);
        }
        self.unsure = unsure;
        self.unsure.clear();
        if self.ready {
            for v in changed.filter(|&v| (v as usize) < model.cells) {
                self.drop_lost(model, state, v);
                for r in model.lines[v as usize] {
                    self.list(r);
                }
            }
        } else {
            for v in 0..model.cells as u32 {
                self.drop_lost(model, state, v);
            }
            for r in 0..self.side.len() as u32 {
                self.list(r);
            }
            self.ready = true;
        }
        let mut at = 0;
        while at < self.pending.len() {
            let r = self.pending[at];
            let s = usize::from(self.side[r as usize]);
            let base = r as usize * SLOTS;
            let mut open = needs(model, state, r as usize);
            for d in super::propagate::digits(open) {
                if self.held[s][base + d as usize] != NOBODY {
                    open &= !(1 << d);
                }
            }
            for d in super::propagate::digits(open) {
                if !self.augment(model, state, s, d as u8, r) {
                    // The runs not looked at yet keep their doubt for the next check.
                    self.unsure.extend_from_slice(&self.pending[at..]);
                    return false;
                }
            }
            at += 1;
        }
        true
    }

    /// After a failed check, the runs the failure rests on: runs that need one digit and can
    /// place it only in fewer runs across than they are (their live sets and their cells'
    /// domains say so).
    pub(crate) fn cut(&self) -> &[u32] {
        &self.cut
    }

    /// Notes run `r` for this check's look (once; not for constraints that are not runs).
    fn list(&mut self, r: u32) {
        if r != NO_RUN && self.side[r as usize] != OTHER && self.listed[r as usize] != self.epoch {
            self.listed[r as usize] = self.epoch;
            self.pending.push(r);
        }
    }

    /// Takes cell `v` out of the matchings of the digits it lost.
    fn drop_lost(&mut self, model: &Model, state: &State, v: u32) {
        let domain = state.domains[v as usize];
        for s in 0..2 {
            let lost = self.holds[s][v as usize] & !domain;
            for d in super::propagate::digits(lost) {
                self.release(model, s, d as u8, v);
            }
        }
    }

    /// Takes cell `v` out of direction `s`'s matching for digit `d`.
    fn release(&mut self, model: &Model, s: usize, d: u8, v: u32) {
        for r in model.lines[v as usize] {
            if r != NO_RUN {
                let slot = &mut self.held[s][r as usize * SLOTS + usize::from(d)];
                if *slot == v {
                    *slot = NOBODY;
                }
            }
        }
        self.holds[s][v as usize] &= !(1 << d);
    }

    /// Finds a cell for run `root` (direction `s`, needing `d`, holding none) to hold `d` in,
    /// moving other runs' cells along a shortest alternating path; a run reached that no longer
    /// needs `d` gives its cell up. `false` when none can be found: the runs reached all need
    /// `d` and reach one run across fewer than they are (the cut).
    fn augment(&mut self, model: &Model, state: &State, s: usize, d: u8, root: u32) -> bool {
        self.visit = self.visit.wrapping_add(1);
        if self.visit == 0 {
            self.reached.fill(0);
            self.visit = 1;
        }
        let bit: Mask = 1 << d;
        let other = 1 - s;
        self.queue.clear();
        self.queue.push(root);
        self.reached[root as usize] = self.visit;
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            for &v in model.cells_of(x as usize) {
                if state.domains[v as usize] & bit == 0 {
                    continue;
                }
                let partner = model.lines[v as usize][other];
                let holder = if partner == NO_RUN {
                    NOBODY
                } else {
                    self.held[s][partner as usize * SLOTS + usize::from(d)]
                };
                if holder == v {
                    // The cell `x` holds already.
                    continue;
                }
                if holder != NOBODY {
                    let next = model.lines[holder as usize][s];
                    if self.reached[next as usize] == self.visit {
                        continue;
                    }
                    if needs(model, state, next as usize) & bit != 0 {
                        self.reached[next as usize] = self.visit;
                        self.via[next as usize] = v;
                        self.queue.push(next);
                        continue;
                    }
                    self.release(model, s, d, holder);
                }
                self.shift(model, s, d, x, v);
                return true;
            }
        }
        self.cut.clear();
        self.cut.extend_from_slice(&self.queue);
        false
    }

    /// Gives run `x` cell `v` for digit `d`, and each run on the path back to the root the
    /// cell it was reached by (the root held none).
    fn shift(&mut self, model: &Model, s: usize, d: u8, mut x: u32, mut v: u32) {
        let bit: Mask = 1 << d;
        loop {
            let slot = x as usize * SLOTS + usize::from(d);
            let old = self.held[s][slot];
            if old != NOBODY {
                // Its other run is taken over by the cell the run before on the path takes.
                self.holds[s][old as usize] &= !bit;
            }
            self.held[s][slot] = v;
            let partner = model.lines[v as usize][1 - s];
            if partner != NO_RUN {
                self.held[s][partner as usize * SLOTS + usize::from(d)] = v;
            }
            self.holds[s][v as usize] |= bit;
            if old == NOBODY {
                return;
            }
            v = self.via[x as usize];
            x = model.lines[v as usize][s];
        }
    }
}

/// The digits run `c` needs: those in every digit set it can still take (a run with a sum or
/// a cipher), or, for a run without a sum, its candidates when they are as many as its cells.
fn needs(model: &Model, state: &State, c: usize) -> Mask {
    let cells = model.cells_of(c);
    match model.constraints[c].kind {
        Kind::Sum | Kind::Cipher { .. } => {
            let live = state.live[c];
            if live == 0 {
                return 0;
            }
            let table = combos::table(cells.len().min(9));
            (1..=9)
                .filter(|&d| live & !table.meeting(1 << d) == 0)
                .fold(0, |m, d| m | 1 << d)
        }
        Kind::Free => {
            let union = cells.iter().fold(0, |m, &v| m | state.domains[v as usize]);
            if size(union) as usize == cells.len() {
                union
            } else {
                0
            }
        }
        Kind::Letters | Kind::Equal => 0,
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::format::kakuro_text;
    use crate::grid::{Cell, Clue, Direction, Grid, Pos};
    use crate::puzzle::Puzzle;
    use crate::solve::propagate::{assign, propagate_all};

    /// An 8 × 8 block of white cells whose rows miss the digits 1–8 and whose columns miss 1–6,
    /// 6 and 9: the totals agree, but 9 is needed in all eight rows and only seven columns.
    const PIGEONHOLE: &str = "\
\\   44\\ 43\\ 42\\ 41\\ 40\\ 39\\ 39\\ 36\\
\\44 __  __  __  __  __  __  __  __
\\43 __  __  __  __  __  __  __  __
\\42 __  __  __  __  __  __  __  __
\\41 __  __  __  __  __  __  __  __
\\40 __  __  __  __  __  __  __  __
\\39 __  __  __  __  __  __  __  __
\\38 __  __  __  __  __  __  __  __
\\37 __  __  __  __  __  __  __  __
";

    #[test]
    fn a_block_whose_rows_and_columns_miss_other_digits_is_refuted_before_any_decision() {
        let (grid, _) = kakuro_text::parse(PIGEONHOLE).unwrap();
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let model = Model::new(&puzzle);
        let mut state = State::new(&model);
        // Run by run, every digit set fits.
        propagate_all(&model, &mut state).unwrap();
        let mut tally = DigitTally::new(&model);
        assert!(!tally.check_all(&model, &state));
        // The first failure: the seven rows that need a 6 (all but the one that misses it, the
        // sixth) reach only the six columns that can take one.
        let mut cut: Vec<u32> = tally.cut().to_vec();
        cut.sort_unstable();
        assert_eq!(cut, [0, 1, 2, 3, 4, 6, 7]);
        // With one column's 9 swapped for a 7, the digits' counts agree (a Latin-like block).
        let fair = PIGEONHOLE.replace(
            "\\   44\\ 43\\ 42\\ 41\\ 40\\ 39\\ 39\\ 36\\",
            "\\   44\\ 43\\ 42\\ 41\\ 40\\ 39\\ 38\\ 37\\",
        );
        let (grid, _) = kakuro_text::parse(&fair).unwrap();
        let puzzle = Puzzle::from_grid(&grid).unwrap();
        let model = Model::new(&puzzle);
        let mut state = State::new(&model);
        propagate_all(&model, &mut state).unwrap();
        assert!(DigitTally::new(&model).check_all(&model, &state));
    }

    /// A grid of up to `w` × `h` cells inside a border of walls, each white with chance
    /// `white`, every run given a random sum its length allows, often one of the few whose
    /// digits are all but forced (or, now and then, none).
    fn random_sums_grid(rng: &mut StdRng, w: usize, h: usize, white: f64) -> Grid {
        let mut grid = Grid::new(w + 1, h + 1);
        for r in 1..=h {
            for c in 1..=w {
                if rng.random_bool(white) {
                    grid.set(Pos::new(r, c), Cell::WHITE);
                }
            }
        }
        for seg in grid.segments() {
            let Some(wall) = seg.wall else { continue };
            let n = seg.len as u32;
            let (lo, hi) = (n * (n + 1) / 2, n * (19 - n) / 2);
            let sum = (n <= 9 && !rng.random_bool(0.1)).then(|| {
                let near = [lo, lo + 1, hi.saturating_sub(1).max(lo), hi];
                (if rng.random_bool(0.2) {
                    near[rng.random_range(0..4)]
                } else {
                    rng.random_range(lo..=hi)
                }) as u8
            });
            if let Some(Cell::Wall { down, across }) = grid.get_mut(wall) {
                match seg.dir {
                    Direction::Across => *across = sum.map(Clue::Sum),
                    Direction::Down => *down = sum.map(Clue::Sum),
                }
            }
        }
        grid
    }

    /// Whether the cells can take digits of their `domains` that satisfy every run: cell by
    /// cell, each run's digits kept different and its sum within reach; `None` past 100,000
    /// steps.
    fn has_solution(model: &Model, domains: &[Mask]) -> Option<bool> {
        fn fits(model: &Model, domains: &[Mask], digits: &[u8], upto: usize) -> bool {
            (0..model.constraints.len()).all(|c| {
                let cells = model.cells_of(c);
                let mut seen: Mask = 0;
                let (mut lo, mut hi) = (0u32, 0u32);
                for &v in cells {
                    if (v as usize) < upto {
                        let bit = 1 << digits[v as usize];
                        if seen & bit != 0 {
                            return false;
                        }
                        seen |= bit;
                        lo += u32::from(digits[v as usize]);
                        hi += u32::from(digits[v as usize]);
                    } else {
                        let d = domains[v as usize];
                        lo += d.trailing_zeros();
                        hi += 15 - d.leading_zeros();
                    }
                }
                match model.constraints[c].kind {
                    Kind::Sum => {
                        let live = model.initial_live[c];
                        let table = combos::table(cells.len().min(9));
                        live != 0 && {
                            let sum = u32::from(table.sums[live.trailing_zeros() as usize]);
                            lo <= sum && sum <= hi
                        }
                    }
                    _ => true,
                }
            })
        }
        fn go(
            model: &Model,
            domains: &[Mask],
            digits: &mut [u8],
            v: usize,
            steps: &mut u32,
        ) -> bool {
            *steps += 1;
            if *steps > 100_000 || !fits(model, domains, digits, v) {
                return false;
            }
            if v == model.cells {
                return true;
            }
            super::super::propagate::digits(domains[v]).any(|d| {
                digits[v] = d as u8;
                go(model, domains, digits, v + 1, steps)
            })
        }
        let mut steps = 0;
        let found = go(model, domains, &mut vec![0; model.cells], 0, &mut steps);
        (found || steps <= 100_000).then_some(found)
    }

    /// Random searches over random dense grids: after each decision the kept tally, told
    /// only what changed, answers as a fresh one does, and it refutes only states that brute
    /// force finds no solution in.
    #[test]
    fn the_tally_refutes_only_states_without_a_solution_and_repairs_as_a_fresh_one_checks() {
        let mut rng = StdRng::seed_from_u64(42);
        let (mut refuted, mut passed) = (0, 0);
        for n in 0..1500 {
            let (w, h) = (rng.random_range(3..=5), rng.random_range(3..=5));
            // Whole blocks now and then: their runs need the most digits.
            let white = if n % 3 == 0 {
                1.0
            } else {
                rng.random_range(0.8..1.0)
            };
            let grid = random_sums_grid(&mut rng, w, h, white);
            let Ok(puzzle) = Puzzle::from_grid(&grid) else {
                continue;
            };
            let model = Model::new(&puzzle);
            let mut state = State::new(&model);
            if propagate_all(&model, &mut state).is_err() {
                continue;
            }
            let mut tally = DigitTally::new(&model);
            let mut marks = Vec::new();
            if !tally.check_all(&model, &state) {
                assert_ne!(has_solution(&model, &state.domains), Some(true), "grid {n}");
                refuted += 1;
                continue;
            }
            let mut ok = true;
            for step in 0..100 {
                let fresh = DigitTally::new(&model).check_all(&model, &state);
                assert_eq!(ok, fresh, "grid {n} step {step}");
                if ok {
                    passed += 1;
                } else {
                    let solvable = has_solution(&model, &state.domains);
                    assert_ne!(solvable, Some(true), "grid {n} step {step}: has a solution");
                    refuted += 1;
                }
                // Decide a random open cell on a random digit, or (after a failure, and now
                // and then) go back a decision or two, as a search would.
                let open: Vec<usize> = (0..model.cells)
                    .filter(|&v| !combos::is_single(state.domains[v]))
                    .collect();
                if !ok || open.is_empty() || rng.random_bool(0.2) {
                    for _ in 0..rng.random_range(1..=2) {
                        if let Some(mark) = marks.pop() {
                            state.undo(mark);
                        }
                    }
                    // Back at a state that passed.
                    ok = true;
                    continue;
                }
                let v = open[rng.random_range(0..open.len())];
                let digits: Vec<u32> = super::super::propagate::digits(state.domains[v]).collect();
                let d = digits[rng.random_range(0..digits.len())] as u8;
                let mark = state.mark();
                if assign(&model, &mut state, v, d).is_err() {
                    state.undo(mark);
                    continue;
                }
                marks.push(mark);
                ok = tally.check(&model, &state, state.changed_since(mark));
            }
        }
        assert!(
            refuted > 20 && passed > 10_000,
            "{refuted} refuted, {passed} passed"
        );
    }
}
