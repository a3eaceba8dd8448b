//! The counter's memory: solution counts of component states, within a byte budget.
//!
//! Counts are [`ExactCount`] values: a `u128` while it fits, a big integer past that, so the common
//! small counts cost no allocation. The cache keeps two generations: new entries go to the young
//! one; when it fills half the budget the old generation is dropped and the young one takes its
//! place, and a hit in the old generation moves the entry back to the young one. Recently used
//! counts survive, the memory stays bounded, and dropping entries only costs recounting.
//!
//! A count recorded into a circuit (see `count::circuit`) keeps its node beside it, so a state
//! the recording meets again joins the circuit as the same node without a second table of the
//! same keys. An entry dropped meanwhile costs a recount and a second node for that state; the
//! circuit stays exact.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};
use std::sync::Arc;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry as Place;
use num_bigint::BigUint;
use num_traits::Zero;

use super::count::{Graph, Plan};

/// Default bytes of cached counts kept by one solver.
pub const DEFAULT_BUDGET: usize = 512 << 20;

/// An exact solution count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExactCount {
    /// A count that fits in 128 bits.
    Small(u128),
    /// A count past 128 bits.
    Big(BigUint),
}

/// The total of several counts.
impl<'a> std::iter::Sum<&'a ExactCount> for ExactCount {
    fn sum<I: Iterator<Item = &'a ExactCount>>(counts: I) -> ExactCount {
        counts.fold(ExactCount::ZERO, |mut sum, n| {
            sum.add(n);
            sum
        })
    }
}

impl ExactCount {
    /// No solution.
    pub const ZERO: ExactCount = ExactCount::Small(0);
    /// One solution.
    pub const ONE: ExactCount = ExactCount::Small(1);

    /// Whether the count is zero.
    pub fn is_zero(&self) -> bool {
        match self {
            ExactCount::Small(n) => *n == 0,
            ExactCount::Big(n) => n.is_zero(),
        }
    }

    /// Adds `other` to this count.
    pub fn add(&mut self, other: &ExactCount) {
        if let (ExactCount::Small(a), ExactCount::Small(b)) = (&*self, other)
            && let Some(s) = a.checked_add(*b)
        {
            *self = ExactCount::Small(s);
            return;
        }
        *self = ExactCount::Big(self.to_big() + other.to_big());
    }

    /// Multiplies this count by `other`.
    pub fn mul(&mut self, other: &ExactCount) {
        if let (ExactCount::Small(a), ExactCount::Small(b)) = (&*self, other)
            && let Some(p) = a.checked_mul(*b)
        {
            *self = ExactCount::Small(p);
            return;
        }
        *self = ExactCount::Big(self.to_big() * other.to_big());
    }

    /// The count as a big integer.
    pub fn to_big(&self) -> BigUint {
        match self {
            ExactCount::Small(n) => BigUint::from(*n),
            ExactCount::Big(n) => n.clone(),
        }
    }

    /// Heap bytes the count holds.
    pub(crate) fn heap_bytes(&self) -> usize {
        match self {
            ExactCount::Small(_) => 0,
            ExactCount::Big(n) => n.bits().div_ceil(8) as usize,
        }
    }
}

impl From<ExactCount> for BigUint {
    fn from(t: ExactCount) -> BigUint {
        match t {
            ExactCount::Small(n) => BigUint::from(n),
            ExactCount::Big(n) => n,
        }
    }
}

impl From<&BigUint> for ExactCount {
    fn from(n: &BigUint) -> ExactCount {
        match u128::try_from(n) {
            Ok(s) => ExactCount::Small(s),
            Err(_) => ExactCount::Big(n.clone()),
        }
    }
}

/// A fast hash for keys that are lists of small integers, or words packing them (a
/// multiply-rotate mix per 64 bits).
#[derive(Default, Clone, Copy)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        // Eight bytes a step, read in place: a count's keys run to thousands of bytes, and
        // the table hashes each one again whenever it grows.
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u32(&mut self, w: u32) {
        self.write_u64(u64::from(w));
    }

    #[inline]
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }

    #[inline]
    fn write_u128(&mut self, w: u128) {
        self.write_u64(w as u64);
        self.write_u64((w >> 64) as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

type Table<V> = HashMap<Box<[u32]>, V, BuildHasherDefault<WordHasher>>;

/// One generation of cached counts. Each key is kept with its hash: growing the table moves
/// slots without hashing their keys again (a count's keys run to thousands of bytes), and a
/// lookup that misses the young generation looks in the old one with the same hash.
type Generation = HashTable<Slot>;

/// A cached count under its key, with the key's hash.
#[derive(Debug)]
struct Slot {
    hash: u64,
    key: Box<[u32]>,
    entry: Entry,
}

/// The hash a key is kept under.
fn hash_of(key: &[u32]) -> u64 {
    BuildHasherDefault::<WordHasher>::default().hash_one(key)
}

/// A cached count, and the node a circuit recording gave its state.
#[derive(Clone, Debug)]
struct Entry {
    count: ExactCount,
    /// The recording the node belongs to; 0: none.
    recording: u32,
    node: u32,
}

/// Bytes an entry costs besides its key and count: the table's slot and the box's allocation.
const ENTRY_OVERHEAD: usize = std::mem::size_of::<Slot>() + 16;

/// Counts of component states, keyed by the state's encoding, within a byte budget.
#[derive(Debug)]
pub struct Memo {
    young: Generation,
    old: Generation,
    young_bytes: usize,
    budget: usize,
    /// Lookups that found a count.
    pub hits: u64,
    /// Lookups that did not.
    pub misses: u64,
    /// Entries dropped to stay within the budget.
    pub evicted: u64,
    /// The counter's branching plan for the puzzle, made once and kept with the counts.
    plan: Option<Arc<Plan>>,
    /// The graphs a count kept for `nth` (of root components, and of swept components below
    /// branching in the enumeration's order), by key.
    graphs: Table<Arc<Graph>>,
    graph_bytes: usize,
    /// Bytes graphs may take.
    graph_budget: usize,
    /// The last recording handed out.
    recordings: u32,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::new(DEFAULT_BUDGET)
    }
}

impl Memo {
    /// An empty cache that keeps at most about `budget` bytes.
    pub fn new(budget: usize) -> Memo {
        Memo {
            young: Generation::new(),
            old: Generation::new(),
            young_bytes: 0,
            budget,
            hits: 0,
            misses: 0,
            evicted: 0,
            plan: None,
            graphs: Table::default(),
            graph_bytes: 0,
            graph_budget: budget,
            recordings: 0,
        }
    }

    /// The cache with `bytes` for graphs instead of as much as its budget.
    #[cfg(test)]
    pub(crate) fn with_graph_budget(mut self, bytes: usize) -> Memo {
        self.graph_budget = bytes;
        self
    }

    /// Bytes the kept graphs take.
    #[cfg(test)]
    pub(crate) fn graph_bytes(&self) -> usize {
        self.graph_bytes
    }

    /// A new circuit recording's number, which its entries carry with their nodes.
    pub(crate) fn new_recording(&mut self) -> u32 {
        self.recordings += 1;
        self.recordings
    }

    /// The branching plan, if one was made.
    pub(crate) fn cached_plan(&self) -> Option<Arc<Plan>> {
        self.plan.clone()
    }

    /// The branching plan, made by `make` the first time.
    pub(crate) fn plan(&mut self, make: impl FnOnce() -> Plan) -> Arc<Plan> {
        self.plan.get_or_insert_with(|| Arc::new(make())).clone()
    }

    /// Keeps the graph of the component state `key` (see [`Graph`]) while graphs take up to
    /// the budget again; later ones are dropped (`nth` then branches there).
    pub(crate) fn keep_graph(&mut self, key: &[u32], graph: Graph) {
        let bytes = graph.bytes() + Memo::graph_overhead(key);
        if self.graph_bytes + bytes <= self.graph_budget && !self.graphs.contains_key(key) {
            self.graph_bytes += bytes;
            self.graphs.insert(key.into(), Arc::new(graph));
        }
    }

    /// Bytes keeping a graph under `key` takes besides the graph.
    pub(crate) fn graph_overhead(key: &[u32]) -> usize {
        4 * key.len() + ENTRY_OVERHEAD
    }

    /// Bytes left for graphs.
    pub(crate) fn graph_room(&self) -> usize {
        self.graph_budget.saturating_sub(self.graph_bytes)
    }

    /// The graph kept for the component state `key`, if any.
    pub(crate) fn graph(&self, key: &[u32]) -> Option<Arc<Graph>> {
        self.graphs.get(key).cloned()
    }

    /// The graphs kept.
    #[cfg(test)]
    pub(crate) fn graphs(&self) -> impl Iterator<Item = &Graph> {
        self.graphs.values().map(|g| &**g)
    }

    /// Whether any graph was kept.
    pub(crate) fn has_graphs(&self) -> bool {
        !self.graphs.is_empty()
    }

    /// The count stored for `key`, if it is still cached.
    pub fn get(&mut self, key: &[u32]) -> Option<ExactCount> {
        let count = self.entry(key).map(|e| e.count);
        self.tally_lookup(count.is_some());
        count
    }

    /// The node and count that `recording` stored for `key`, if they are still cached.
    pub(crate) fn recorded(&mut self, key: &[u32], recording: u32) -> Option<(u32, ExactCount)> {
        let found = self
            .entry(key)
            .filter(|e| e.recording == recording)
            .map(|e| (e.node, e.count));
        self.tally_lookup(found.is_some());
        found
    }

    fn tally_lookup(&mut self, hit: bool) {
        if hit {
            self.hits += 1;
        } else {
            self.misses += 1;
        }
    }

    /// Remembers the count of `key`.
    pub fn insert(&mut self, key: &[u32], count: ExactCount) {
        self.insert_recorded(key, count, 0, 0);
    }

    /// Remembers the count of `key` and its node in `recording`.
    pub(crate) fn insert_recorded(
        &mut self,
        key: &[u32],
        count: ExactCount,
        recording: u32,
        node: u32,
    ) {
        let entry = Entry {
            count,
            recording,
            node,
        };
        let key: Box<[u32]> = key.into();
        let hash = hash_of(&key);
        self.store(Slot { hash, key, entry });
    }

    /// The entry of `key`, moved to the young generation if it was in the old one.
    fn entry(&mut self, key: &[u32]) -> Option<Entry> {
        let hash = hash_of(key);
        let same = |s: &Slot| s.hash == hash && *s.key == *key;
        if let Some(s) = self.young.find(hash, same) {
            return Some(s.entry.clone());
        }
        let (slot, _) = self.old.find_entry(hash, same).ok()?.remove();
        let entry = slot.entry.clone();
        self.store(slot);
        Some(entry)
    }

    /// Bytes held now (approximately).
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        let old: usize = self
            .old
            .iter()
            .map(|s| entry_bytes(&s.key, &s.entry.count))
            .sum();
        self.young_bytes + old
    }

    /// Entries held now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.young.len() + self.old.len()
    }

    fn store(&mut self, slot: Slot) {
        let bytes = entry_bytes(&slot.key, &slot.entry.count);
        if self.young_bytes + bytes > self.budget / 2 {
            self.evicted += self.old.len() as u64;
            // Sized for as many entries as the generation it follows, which it will hold
            // about as many of.
            let room = Generation::with_capacity(self.young.len());
            self.old = std::mem::replace(&mut self.young, room);
            self.young_bytes = 0;
        }
        if bytes > self.budget / 2 {
            return;
        }
        let same = |s: &Slot| s.hash == slot.hash && s.key == slot.key;
        match self.young.entry(slot.hash, same, |s| s.hash) {
            Place::Occupied(mut kept) => kept.get_mut().entry = slot.entry,
            Place::Vacant(room) => {
                self.young_bytes += bytes;
                room.insert(slot);
            }
        }
    }
}

fn entry_bytes(key: &[u32], count: &ExactCount) -> usize {
    ENTRY_OVERHEAD + 4 * key.len() + count.heap_bytes()
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher;

    use super::*;

    #[test]
    fn a_key_hashes_every_word_whatever_its_length() {
        let hash = |key: &[u32]| BuildHasherDefault::<WordHasher>::default().hash_one(key);
        for len in 1..12 {
            let key: Vec<u32> = (0..len).collect();
            // Every word counts, the odd last one of a key read eight bytes at a time too.
            for at in 0..key.len() {
                let mut other = key.clone();
                other[at] ^= 1 << (at % 32);
                assert_ne!(hash(&key), hash(&other), "length {len}, word {at}");
            }
        }
    }

    #[test]
    fn tallies_grow_past_128_bits_exactly() {
        let mut t = ExactCount::Small(u128::MAX);
        t.add(&ExactCount::ONE);
        assert_eq!(t.to_big(), BigUint::from(u128::MAX) + 1u32);
        let mut p = ExactCount::Small(1 << 100);
        p.mul(&ExactCount::Small(1 << 100));
        assert_eq!(p.to_big(), BigUint::from(1u32) << 200);
        assert_eq!(ExactCount::from(&BigUint::from(7u32)), ExactCount::Small(7));
    }

    #[test]
    fn the_cache_stays_within_its_budget() {
        let mut memo = Memo::new(10_000);
        for i in 0..1000u32 {
            memo.insert(&[i, i + 1, i + 2], ExactCount::Small(u128::from(i)));
        }
        assert!(memo.bytes() <= 10_000, "{} bytes", memo.bytes());
        assert!(memo.evicted > 0);
        assert_eq!(memo.get(&[999, 1000, 1001]), Some(ExactCount::Small(999)));
        assert_eq!(memo.get(&[0, 1, 2]), None);
    }

    /// A key stored again keeps one entry, with the later count; an entry the young
    /// generation lost to the old one is found there and moved back, so it outlives the next
    /// turn of generations.
    #[test]
    fn a_key_is_kept_once_and_survives_while_used() {
        let mut memo = Memo::new(20_000);
        memo.insert(&[7, 7, 7], ExactCount::Small(1));
        memo.insert(&[7, 7, 7], ExactCount::Small(2));
        assert_eq!(memo.len(), 1);
        assert_eq!(memo.get(&[7, 7, 7]), Some(ExactCount::Small(2)));
        let mut turns = 0;
        for i in 0..2000u32 {
            let evicted = memo.evicted;
            memo.insert(&[i, i + 1, 0], ExactCount::Small(u128::from(i)));
            turns += u32::from(memo.evicted > evicted);
            // Used now and then, so it is moved back before its generation is dropped.
            if i % 20 == 0 {
                assert_eq!(
                    memo.get(&[7, 7, 7]),
                    Some(ExactCount::Small(2)),
                    "after {i}"
                );
            }
        }
        assert!(turns >= 3, "{turns} generations dropped");
        assert_eq!(memo.get(&[1, 2, 0]), None);
    }
}
