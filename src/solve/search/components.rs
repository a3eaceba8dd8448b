//! Component splitting: the connected components of a part's undecided variables (two are
//! connected when some constraint holds both), found in full when a part may have fallen apart,
//! and a cheap local test that says when it cannot have. When a part splits, the enumeration
//! takes the product of its pieces' solutions.

use super::Search;
use crate::solve::combos::is_single;
use crate::solve::model::Model;
use crate::solve::observe::Observer;
use crate::solve::stamps::Stamps;

impl<O: Observer> Search<'_, O> {
    /// Into how many parts the undecided variables `arena[a0..]` (copied, ascending, from the
    /// frame `arena[start..start + len]` last checked with `checked` of them open) fall; when
    /// several, they are laid out in place and their sizes are in the splitter.
    pub(super) fn parts(&mut self, start: u32, len: u32, checked: u32, a0: usize) -> usize {
        if checked == u32::MAX {
            // The root frame was never checked.
            return self.split(a0);
        }
        // A part found connected (every frame but the root's holds only variables that were
        // undecided then) stays so unless the variables decided since cut it apart.
        self.decided.clear();
        for &v in &self.arena[start as usize..(start + len) as usize] {
            if is_single(self.state.domains[v as usize]) {
                self.decided.push(v);
            }
        }
        let connected =
            self.splitter
                .stays_connected(self.model, &self.state.domains, &self.decided);
        if !connected {
            return self.split(a0);
        }
        // (With nothing to split, the full check leaves the arena as it is.)
        debug_assert_eq!(self.split(a0), 1, "the local check missed a split");
        1
    }

    /// Splits `arena[a0..]` into its parts (see [`Splitter::split`]).
    fn split(&mut self, a0: usize) -> usize {
        self.splitter
            .split(self.model, &self.state.domains, &mut self.arena, a0)
    }
}

/// Workspace for finding parts, reused from node to node so the search allocates nothing.
pub(crate) struct Splitter {
    /// A variable's mark: reached in the current pass; a constraint's: it seeded a group in the
    /// current test.
    stamps: Stamps,
    /// The part (full split) or group (local test) that reached a stamped variable.
    label: Vec<u32>,
    bfs: Vec<u32>,
    /// Sizes of the parts the last [`Splitter::split`] found, in order.
    pub(super) sizes: Vec<u32>,
    scratch: Vec<u32>,
    offsets: Vec<u32>,
    /// Local test: one search queue per group, the union-find over groups, and how many
    /// variables wait in the queues of each set of merged groups.
    queues: Vec<Vec<u32>>,
    parent: Vec<u32>,
    pending: Vec<u32>,
}

impl Splitter {
    pub(crate) fn new(model: &Model) -> Splitter {
        Splitter {
            stamps: Stamps::new(model),
            label: vec![0; model.vars],
            bfs: Vec::new(),
            sizes: Vec::new(),
            scratch: Vec::new(),
            offsets: Vec::new(),
            queues: Vec::new(),
            parent: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Splits `vars[a0..]` (undecided variables, ascending) into its parts, laid out in place
    /// one after the other, ordered by their lowest variable, each ascending; their sizes go to
    /// [`Splitter::sizes`]. Returns the number of parts.
    pub(super) fn split(
        &mut self,
        model: &Model,
        domains: &[u16],
        vars: &mut [u32],
        a0: usize,
    ) -> usize {
        let epoch = self.stamps.next();
        let total = (vars.len() - a0) as u32;
        self.sizes.clear();
        for &v in &vars[a0..] {
            if self.stamps.vars[v as usize] == epoch {
                continue;
            }
            let part = self.sizes.len() as u32;
            self.stamps.vars[v as usize] = epoch;
            self.label[v as usize] = part;
            self.bfs.push(v);
            let mut size = 1;
            while let Some(x) = self.bfs.pop() {
                for &c in model.constraints_of(x as usize) {
                    for &y in model.vars_of(c as usize) {
                        let y = y as usize;
                        if self.stamps.vars[y] != epoch && !is_single(domains[y]) {
                            self.stamps.vars[y] = epoch;
                            self.label[y] = part;
                            size += 1;
                            self.bfs.push(y as u32);
                        }
                    }
                }
            }
            self.sizes.push(size);
            if size == total {
                return 1;
            }
        }
        let parts = self.sizes.len();
        if parts > 1 {
            // A stable counting sort by part keeps each part ascending.
            self.scratch.clear();
            self.scratch.extend_from_slice(&vars[a0..]);
            self.offsets.clear();
            let mut offset = a0 as u32;
            for &s in &self.sizes {
                self.offsets.push(offset);
                offset += s;
            }
            for &v in &self.scratch {
                let p = self.label[v as usize] as usize;
                vars[self.offsets[p] as usize] = v;
                self.offsets[p] += 1;
            }
        }
        parts
    }

    /// Whether a connected part stays connected now that the variables `decided` (all of it
    /// that got decided since it was last found connected) are out.
    ///
    /// Every piece left must touch a constraint of a decided variable, so the part is still
    /// connected exactly when the undecided variables of those constraints reach each other.
    /// One search grows from each such constraint, in turn, merging on contact: it stops as
    /// soon as all have met, or as soon as one set of merged searches runs out (a piece on its
    /// own), so it costs about the size of the smallest piece, not of the part.
    pub(crate) fn stays_connected(
        &mut self,
        model: &Model,
        domains: &[u16],
        decided: &[u32],
    ) -> bool {
        let epoch = self.stamps.next();
        let mut groups = 0usize;
        for &d in decided {
            for &c in model.constraints_of(d as usize) {
                if self.stamps.cons[c as usize] == epoch {
                    continue;
                }
                self.stamps.cons[c as usize] = epoch;
                let g = groups as u32;
                let mut seeded = false;
                for &y in model.vars_of(c as usize) {
                    if is_single(domains[y as usize]) {
                        continue;
                    }
                    if !seeded {
                        seeded = true;
                        if self.queues.len() == groups {
                            self.queues.push(Vec::new());
                        }
                        self.queues[groups].clear();
                        self.parent.truncate(groups);
                        self.parent.push(g);
                        self.pending.truncate(groups);
                        self.pending.push(0);
                        groups += 1;
                    }
                    self.reach(y, g, epoch);
                }
            }
        }
        if groups <= 1 {
            return true;
        }
        // Seeds shared by two constraints merged their groups already.
        let mut sets = (0..groups).filter(|&g| self.parent[g] == g as u32).count();
        if sets == 1 {
            return true;
        }
        loop {
            let mut progressed = false;
            for g in 0..groups {
                let Some(x) = self.queues[g].pop() else {
                    continue;
                };
                progressed = true;
                let root = self.find(g as u32);
                self.pending[root as usize] -= 1;
                for &c in model.constraints_of(x as usize) {
                    for &y in model.vars_of(c as usize) {
                        if !is_single(domains[y as usize]) && self.reach(y, g as u32, epoch) {
                            sets -= 1;
                            if sets == 1 {
                                return true;
                            }
                        }
                    }
                }
                let root = self.find(g as u32);
                if self.pending[root as usize] == 0 {
                    // This piece is explored and met no other: the part fell apart.
                    return false;
                }
            }
            if !progressed {
                return sets == 1;
            }
        }
    }

    /// Marks `y` as reached by group `g` (queueing it) or, if another set of groups reached it
    /// first, merges the two sets; returns whether two sets merged.
    fn reach(&mut self, y: u32, g: u32, epoch: u32) -> bool {
        let yi = y as usize;
        let rg = self.find(g);
        if self.stamps.vars[yi] != epoch {
            self.stamps.vars[yi] = epoch;
            self.label[yi] = g;
            self.queues[g as usize].push(y);
            self.pending[rg as usize] += 1;
            return false;
        }
        let ry = self.find(self.label[yi]);
        if ry == rg {
            return false;
        }
        // Union: the lower root survives and takes the other's waiting count.
        let (keep, gone) = if ry < rg { (ry, rg) } else { (rg, ry) };
        self.parent[gone as usize] = keep;
        self.pending[keep as usize] += self.pending[gone as usize];
        true
    }

    fn find(&mut self, mut g: u32) -> u32 {
        while self.parent[g as usize] != g {
            let up = self.parent[self.parent[g as usize] as usize];
            self.parent[g as usize] = up;
            g = up;
        }
        g
    }
}
