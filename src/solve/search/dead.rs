//! Dead ends: the residual problems of choices whose every alternative failed, remembered so
//! that reaching the same residual problem again (by another route) fails at once.
//!
//! A state's residual problem is its undecided variables with their domains, and for every
//! constraint holding one of them what is left of it: for a run with a sum, the digit sets its
//! undecided cells may still take between them (each live set minus the fixed digits); for
//! any other constraint its live sets and fixed digits. Two states with the same residual
//! problem have the same solutions on their undecided variables, so a state whose subtree was
//! searched out without a solution condemns every later state with the same residual problem.
//! Only solution-free subtrees are cut, so the enumeration order does not change.
//!
//! A part being replayed from the cache keeps its variables undecided in the state, so the key
//! counts them as open: that is sound, the part being an independent component with solutions
//! (the residual problem has one exactly when the rest has). A dead end met again is explained
//! to the backjumping by the constraints its first refutation read, which is all it depends on.
//! The key is only kept once a search has backtracked [`DEAD_ENDS_AFTER`] times, so a search
//! that needs few backtracks (every real puzzle, enumeration) never pays for it.

use std::collections::HashMap;

use super::Search;
use crate::solve::combos::{self, Mask, is_single};
use crate::solve::model::{Kind, Model};
use crate::solve::observe::Observer;
use crate::solve::state::State;

/// Constraint indices the memo's explanations may hold at most (4 bytes each, plus 24 per
/// dead end); when full, the memo starts over.
const CAPACITY: usize = 2 << 20;

/// The memo of residual problems known to have no solution, each with the constraints its
/// refutation read (the explanation a backjump needs when it is met again).
pub(super) struct DeadEnds {
    /// Backtracks before keys are kept.
    after: u64,
    keys: HashMap<u128, (u32, u32), BuildKey>,
    reasons: Vec<u32>,
    /// The explanation being stored.
    scratch: Vec<u32>,
    /// The current residual problem's key and its parts (per variable, per constraint).
    key: u128,
    var_parts: Vec<u128>,
    constraint_parts: Vec<u128>,
}

impl DeadEnds {
    pub(super) fn new(after: u64) -> DeadEnds {
        DeadEnds {
            after,
            keys: HashMap::default(),
            reasons: Vec::new(),
            scratch: Vec::new(),
            key: 0,
            var_parts: Vec::new(),
            constraint_parts: Vec::new(),
        }
    }

    /// The explanation of a known dead end.
    pub(super) fn get(&mut self, key: u128) -> Option<&[u32]> {
        let &(from, len) = self.keys.get(&key)?;
        Some(&self.reasons[from as usize..(from + len) as usize])
    }

    /// Remembers a dead end explained by the constraints in `scratch`.
    fn insert(&mut self, key: u128) {
        if self.reasons.len() + self.keys.len() * 6 >= CAPACITY {
            self.keys.clear();
            self.reasons.clear();
        }
        let from = self.reasons.len();
        self.reasons.extend_from_slice(&self.scratch);
        self.keys
            .insert(key, (from as u32, self.scratch.len() as u32));
    }
}

/// The keys are hashes already: the set uses their low bits as they are.
#[derive(Default, Clone, Copy)]
struct BuildKey;

impl std::hash::BuildHasher for BuildKey {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, k: u128) {
        self.0 = k as u64 ^ (k >> 64) as u64;
    }
}

/// Two independent 64-bit hashes side by side (a wrong hit would cut a solution: 128 bits make
/// that as unlikely as a hardware fault).
#[derive(Clone, Copy)]
struct Key(u64, u64);

impl Key {
    #[inline]
    fn mix(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
        self.1 = (self.1 ^ x)
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(31)
            .wrapping_add(0x1656_67B1_9E37_79F9);
    }

    /// A hash of a tagged, indexed item's words.
    fn of(tag: u64, index: u32, words: &[u64]) -> u128 {
        let mut k = Key(0x243F_6A88_85A3_08D3 ^ tag, 0x1319_8A2E_0370_7344 ^ tag);
        k.mix(u64::from(index));
        for &w in words {
            k.mix(w);
        }
        // Final avalanche, so that the exclusive or of many parts stays a good hash.
        k.mix(0x5851_F42D_4C95_7F2D);
        k.finish()
    }

    fn finish(self) -> u128 {
        u128::from(self.0) << 64 | u128::from(self.1)
    }
}

/// Backtracks before a search starts remembering dead ends: one that needs few never pays for
/// the keys.
pub(crate) const DEAD_ENDS_AFTER: u64 = 256;

impl<O: Observer> Search<'_, O> {
    /// The residual problem's key at a node about to branch, once dead ends are remembered.
    pub(super) fn dead_end_key(&mut self) -> Option<u128> {
        if !self.state.track_changes {
            if self.stats.backtracks < self.dead.after {
                return None;
            }
            self.start_keys();
        }
        Some(self.residual_key())
    }

    /// Whether the state at a node about to branch is a known dead end; if so, its refutation's
    /// constraints are noted as read (they explain the failure as they did the first time).
    pub(super) fn is_dead_end(&mut self, key: u128) -> bool {
        let Some(reasons) = self.dead.get(key) else {
            return false;
        };
        for &c in reasons {
            self.state.note_read(c as usize);
        }
        true
    }

    /// Choice `top` ran out of alternatives, and the failure lets the search jump back to
    /// choice `keep - 1`: if nothing below them was a solution (and the search was not
    /// cancelled), the residual problems of `top` and of the choices skipped on the way
    /// (`keep..top`, whose other alternatives fail alike) have none. They are remembered with
    /// `top`'s reads, which explain all of them.
    pub(super) fn searched_out(&mut self, keep: usize, top: usize) {
        // A solution below `top` is below the choices it skips too.
        if self.cancelled
            || !self.state.track_changes
            || self.choices[top].solutions != self.stats.solutions
        {
            return;
        }
        let start = self.choices[top].log_start as usize;
        self.seen_epoch = self.seen_epoch.wrapping_add(1);
        if self.seen_epoch == 0 {
            self.seen.fill(0);
            self.seen_epoch = 1;
        }
        let (seen, epoch) = (&mut self.seen, self.seen_epoch);
        self.dead.scratch.clear();
        self.dead.scratch.extend(
            self.state
                .read_log
                .get(start..)
                .unwrap_or(&[])
                .iter()
                .copied()
                .filter(|&r| {
                    let new = seen[r as usize] != epoch;
                    seen[r as usize] = epoch;
                    new
                }),
        );
        if self.dead.scratch.is_empty() {
            // No explanation to give a backjump when met again (never for a branch choice,
            // which reads its variable's constraints): better not remembered.
            return;
        }
        for c in &self.choices[keep.min(top)..=top] {
            if let Some(key) = c.key {
                self.dead.insert(key);
            }
        }
    }

    /// Starts keeping the key: every variable and constraint counts as changed.
    fn start_keys(&mut self) {
        self.state.track_changes = true;
        self.dead.var_parts = vec![0; self.model.vars];
        self.dead.constraint_parts = vec![0; self.model.constraints.len()];
        self.dead.key = 0;
        let dirty = &mut self.state.dirty;
        dirty.vars.clear();
        dirty.vars.extend(0..self.model.vars as u32);
        dirty.var_flag.fill(true);
        dirty.constraints.clear();
        dirty
            .constraints
            .extend(0..self.model.constraints.len() as u32);
        dirty.constraint_flag.fill(true);
    }

    /// The key of the current state's residual problem (see the module comment): the
    /// exclusive or of one hash per undecided variable and per constraint holding one, each
    /// brought up to date when its variable or constraint changed since the last key.
    fn residual_key(&mut self) -> u128 {
        let model = self.model;
        let dead = &mut self.dead;
        let state = &mut self.state;
        for v in std::mem::take(&mut state.dirty.vars) {
            state.dirty.var_flag[v as usize] = false;
            let d = state.domains[v as usize];
            let part = if is_single(d) {
                0
            } else {
                Key::of(1, v, &[u64::from(d)])
            };
            dead.key ^= dead.var_parts[v as usize] ^ part;
            dead.var_parts[v as usize] = part;
            // A constraint's residual depends on which of its variables are fixed, and to what.
            for &c in model.constraints_of(v as usize) {
                state.dirty.constraint(c);
            }
        }
        let mut constraints = std::mem::take(&mut state.dirty.constraints);
        for &c in &constraints {
            state.dirty.constraint_flag[c as usize] = false;
            let part = constraint_part(model, state, c as usize);
            dead.key ^= dead.constraint_parts[c as usize] ^ part;
            dead.constraint_parts[c as usize] = part;
        }
        constraints.clear();
        state.dirty.constraints = constraints;
        dead.key
    }
}

/// A constraint's share of the key: 0 when all its variables are decided, else a hash of what
/// is left of it.
fn constraint_part(model: &Model, state: &State, c: usize) -> u128 {
    let mut fixed: Mask = 0;
    let mut open = false;
    for &v in model.vars_of(c) {
        let d = state.domains[v as usize];
        if is_single(d) {
            fixed |= d;
        } else {
            open = true;
        }
    }
    if !open {
        return 0;
    }
    let live = state.live[c];
    match model.constraints[c].kind {
        Kind::Sum => {
            // The sets the undecided cells can still fill, as a 512-bit bitmap.
            let table = combos::table(model.cells_of(c).len());
            let mut sets = [0u64; 8];
            let mut bits = live;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let m = usize::from((table.masks[i] & !fixed) >> 1);
                sets[m >> 6] |= 1 << (m & 63);
            }
            Key::of(2, c as u32, &sets)
        }
        _ => Key::of(
            3,
            c as u32,
            &[live as u64, (live >> 64) as u64, u64::from(fixed)],
        ),
    }
}
