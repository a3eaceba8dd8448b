//! Splitting a state into components and naming each by the key its count is cached under
//! (see the `count` module's notes). Both walk the constraints between variables with the
//! counter's stamps, apart from the counting that uses what they find.

use super::Counter;
use crate::solve::combos::is_single;
use crate::solve::model::Kind;
use crate::solve::propagate::digits;

impl Counter<'_, '_> {
    /// The undecided variables among `vars` (ascending) as connected components, each
    /// ascending, ordered by their lowest variable.
    pub(crate) fn components(&mut self, vars: &[u32]) -> Vec<Vec<u32>> {
        debug_assert!(vars.is_sorted(), "components of unsorted variables");
        let epoch = self.stamps.next();
        // Each undecided variable gets its part's number, found by a search that reads each
        // constraint once; the parts are then filled in `vars`' order, so none needs sorting.
        let mut count = 0;
        for &v in vars {
            if self.stamps.vars[v as usize] == epoch || is_single(self.state.domains[v as usize]) {
                continue;
            }
            self.stamps.vars[v as usize] = epoch;
            self.part_of[v as usize] = count;
            self.bfs.push(v);
            while let Some(x) = self.bfs.pop() {
                for &c in self.model.constraints_of(x as usize) {
                    if self.stamps.cons[c as usize] == epoch {
                        continue;
                    }
                    self.stamps.cons[c as usize] = epoch;
                    for &y in self.model.vars_of(c as usize) {
                        let yu = y as usize;
                        if self.stamps.vars[yu] != epoch && !is_single(self.state.domains[yu]) {
                            self.stamps.vars[yu] = epoch;
                            self.part_of[yu] = count;
                            self.bfs.push(y);
                        }
                    }
                }
            }
            count += 1;
        }
        let mut parts = vec![Vec::new(); count as usize];
        for &v in vars {
            if self.stamps.vars[v as usize] == epoch {
                parts[self.part_of[v as usize] as usize].push(v);
            }
        }
        parts
    }

    /// The key of the state of `vars` (one component or several, with decided variables
    /// among them): states with the same key have as many solutions.
    pub(crate) fn state_key(&mut self, vars: &[u32]) -> Box<[u32]> {
        self.build_key(vars);
        self.key.as_slice().into()
    }

    /// Encodes a component's state into `self.key`: its size, each variable with its domain,
    /// then each run with a sum that it touches with the run's decided digits' sum (and a
    /// cryptic run's decided letters). A component that touches no such run has its digits
    /// renamed first (see [`Counter::rename_digits`]).
    pub(super) fn build_key(&mut self, comp: &[u32]) {
        let epoch = self.stamps.next();
        self.key.clear();
        self.touched.clear();
        self.key.push(comp.len() as u32);
        for &v in comp {
            self.key
                .push(v << 10 | u32::from(self.state.domains[v as usize]));
            for &c in self.model.summed_of(v as usize) {
                if self.stamps.cons[c as usize] != epoch {
                    self.stamps.cons[c as usize] = epoch;
                    self.touched.push(c);
                }
            }
        }
        if self.touched.is_empty() {
            self.rename_digits(comp);
            return;
        }
        // The runs come in the order the component's variables first touch them, which the
        // variables alone decide: the same component always lists them the same way.
        for &c in &self.touched {
            let domains = &self.state.domains;
            let decided = |v: u32| {
                let d = domains[v as usize];
                is_single(d).then(|| d.trailing_zeros())
            };
            let fixed_sum: u32 = self
                .model
                .cells_of(c as usize)
                .iter()
                .filter_map(|&v| decided(v))
                .sum();
            let letters = match self.model.constraints[c as usize].kind {
                Kind::Cipher { tens, units } => {
                    let digit = |v: Option<u32>| v.and_then(decided).unwrap_or(15);
                    digit(tens) << 4 | digit(Some(units))
                }
                _ => 0,
            };
            // The runs follow from the variables, so their order alone tells them apart.
            self.key.push(letters << 8 | fixed_sum);
        }
    }

    /// Renames the digits in the key of a component whose constraints are all "all different"
    /// or "equal": swapping two digits everywhere in it changes none of its solutions' number,
    /// so states that differ only by such a swap (after each digit of an open grid's first
    /// cell, say) should share their count. Digits are ranked by the set of variables that can
    /// take them, which names every state of such a family the same way: two digits with the
    /// same set are interchangeable, so their order between them does not matter.
    fn rename_digits(&mut self, comp: &[u32]) {
        const DIGITS: usize = 10;
        let words = comp.len().div_ceil(64);
        self.takers.clear();
        self.takers.resize(DIGITS * words, 0);
        for (i, &v) in comp.iter().enumerate() {
            for d in digits(self.state.domains[v as usize]) {
                self.takers[d as usize * words + i / 64] |= 1 << (i % 64);
            }
        }
        let takers = |d: usize| &self.takers[d * words..(d + 1) * words];
        let mut order: [usize; DIGITS] = std::array::from_fn(|d| d);
        order.sort_unstable_by(|&a, &b| takers(a).cmp(takers(b)));
        let mut rank = [0u32; DIGITS];
        for (r, &d) in order.iter().enumerate() {
            rank[d] = r as u32;
        }
        for (i, &v) in comp.iter().enumerate() {
            let renamed =
                digits(self.state.domains[v as usize]).fold(0, |m, d| m | 1 << rank[d as usize]);
            self.key[1 + i] = v << 10 | renamed;
        }
    }
}
