//! One step of a recorded sweep: its transitions grouped by digit, each end numbered in the
//! narrowest width that holds its step's states.
//!
//! A walk's passes stream a graph's transitions from memory (a graph of many megabytes does
//! not stay in the caches between evaluations), so their bytes are its time: hence two bytes
//! an end instead of four where they suffice. Nearly every step has fewer than 2^16 states; the
//! others keep four bytes an end.

use std::ops::AddAssign;

use crate::solve::combos::Mask;

/// A transition from the state `from` before a step to the state `to` after it.
#[derive(Clone, Copy, Debug)]
struct Edge<N> {
    from: N,
    to: N,
}

/// A state's number within its step, as a transition keeps it.
trait End: Copy {
    fn index(self) -> usize;
}

impl End for u16 {
    #[inline(always)]
    fn index(self) -> usize {
        usize::from(self)
    }
}

impl End for u32 {
    #[inline(always)]
    fn index(self) -> usize {
        self as usize
    }
}

/// A step's transitions, by digit then by source, in one width.
#[derive(Debug)]
enum Edges {
    Short(Vec<Edge<u16>>),
    Long(Vec<Edge<u32>>),
}

/// A step's transitions grouped by digit, so that a pass reads only the digits allowed.
#[derive(Debug)]
pub(super) struct Layer {
    edges: Edges,
    /// Digit `d`'s transitions are `edges[starts[d]..starts[d + 1]]`.
    starts: [u32; 11],
    /// The digits with transitions.
    digits: Mask,
}

impl Layer {
    /// The layer of the transitions `(from, digit, to)`.
    pub(super) fn new(edges: impl Iterator<Item = (u32, u8, u32)>) -> Layer {
        let mut kept: Vec<(u8, Edge<u32>)> = edges
            .map(|(from, digit, to)| (digit, Edge { from, to }))
            .collect();
        kept.sort_unstable_by_key(|&(digit, e)| (digit, e.from));
        let mut starts = [0u32; 11];
        for &(digit, _) in &kept {
            starts[usize::from(digit) + 1] += 1;
        }
        for d in 0..10 {
            starts[d + 1] += starts[d];
        }
        let digits = (1..10)
            .filter(|&d| starts[d + 1] > starts[d])
            .fold(0, |m: Mask, d| m | 1 << d);
        let short = |e: Edge<u32>| {
            Some(Edge {
                from: u16::try_from(e.from).ok()?,
                to: u16::try_from(e.to).ok()?,
            })
        };
        let edges = match kept.iter().map(|&(_, e)| short(e)).collect() {
            Some(shorts) => Edges::Short(shorts),
            None => Edges::Long(kept.into_iter().map(|(_, e)| e).collect()),
        };
        Layer {
            edges,
            starts,
            digits,
        }
    }

    /// Bytes the transitions take.
    pub(super) fn bytes(&self) -> usize {
        match &self.edges {
            Edges::Short(edges) => std::mem::size_of_val(&edges[..]),
            Edges::Long(edges) => std::mem::size_of_val(&edges[..]),
        }
    }

    /// Makes the paths from the start to the states after this step (`paths[starts[s + 1]..
    /// starts[s + 2]]`, the step being number `s` in the flat array) from those before it,
    /// through the transitions whose digit `allowed` holds.
    pub(super) fn forward<P: Copy + Default + AddAssign>(
        &self,
        allowed: Mask,
        paths: &mut [P],
        starts: &[usize],
        s: usize,
    ) {
        let (done, rest) = paths.split_at_mut(starts[s + 1]);
        let here = &done[starts[s]..];
        let next = &mut rest[..starts[s + 2] - starts[s + 1]];
        next.fill(P::default());
        self.each(allowed, |from, to| next[to] += here[from]);
    }

    /// Makes the paths to the end from the states before this step (`paths[starts[s]..
    /// starts[s + 1]]`) from those after it, as [`Layer::forward`] the other way.
    pub(super) fn backward<P: Copy + Default + AddAssign>(
        &self,
        allowed: Mask,
        paths: &mut [P],
        starts: &[usize],
        s: usize,
    ) {
        let (here, after) = paths.split_at_mut(starts[s + 1]);
        let here = &mut here[starts[s]..];
        let after = &after[..starts[s + 2] - starts[s + 1]];
        here.fill(P::default());
        self.each(allowed, |from, to| here[from] += after[to]);
    }

    /// Calls `f` with the ends of each transition of the digit `d`.
    #[inline]
    pub(super) fn on_digit(&self, d: u8, mut f: impl FnMut(usize, usize)) {
        let range = self.range(d);
        match &self.edges {
            Edges::Short(edges) => edges[range]
                .iter()
                .for_each(|e| f(e.from.index(), e.to.index())),
            Edges::Long(edges) => edges[range]
                .iter()
                .for_each(|e| f(e.from.index(), e.to.index())),
        }
    }

    /// The state the digit `d` leads to from the state `from`, if it leads anywhere that
    /// `alive` holds.
    pub(super) fn next(&self, d: u8, from: u32, alive: impl Fn(u32) -> bool) -> Option<u32> {
        let range = self.range(d);
        match &self.edges {
            Edges::Short(edges) => next_in(&edges[range], from, alive),
            Edges::Long(edges) => next_in(&edges[range], from, alive),
        }
    }

    fn range(&self, d: u8) -> std::ops::Range<usize> {
        let d = usize::from(d);
        self.starts[d] as usize..self.starts[d + 1] as usize
    }

    /// Calls `f` with the ends of each transition whose digit `allowed` holds; in one run over
    /// them all when it holds every digit the step has (most steps of a pass are undecided
    /// cells).
    #[inline]
    fn each(&self, allowed: Mask, f: impl FnMut(usize, usize)) {
        match &self.edges {
            Edges::Short(edges) => self.each_in(edges, allowed, f),
            Edges::Long(edges) => self.each_in(edges, allowed, f),
        }
    }

    #[inline(always)]
    fn each_in<N: End>(&self, edges: &[Edge<N>], allowed: Mask, mut f: impl FnMut(usize, usize)) {
        if allowed & self.digits == self.digits {
            for e in edges {
                f(e.from.index(), e.to.index());
            }
            return;
        }
        let mut left = allowed & self.digits;
        while left != 0 {
            let d = left.trailing_zeros() as u8;
            left &= left - 1;
            for e in &edges[self.range(d)] {
                f(e.from.index(), e.to.index());
            }
        }
    }
}

/// Among one digit's transitions (sorted by source), the target of the one from `from` whose
/// target `alive` holds.
fn next_in<N: End>(edges: &[Edge<N>], from: u32, alive: impl Fn(u32) -> bool) -> Option<u32> {
    let from = from as usize;
    let first = edges.partition_point(|e| e.from.index() < from);
    edges[first..]
        .iter()
        .take_while(|e| e.from.index() == from)
        .map(|e| e.to.index() as u32)
        .find(|&to| alive(to))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step whose states number past 2^16 keeps four bytes an end, the others two, and both
    /// pass, count and step alike.
    #[test]
    fn wide_and_narrow_steps_pass_alike() {
        for far in [9u32, 70_000] {
            // Two states before the step (0 and 1), `far + 1` after it.
            let layer = Layer::new([(0, 3, far), (1, 3, 0), (0, 5, 1), (1, 7, far)].into_iter());
            assert_eq!(layer.bytes(), if far < 1 << 16 { 16 } else { 32 });
            let starts = [0, 2, 2 + far as usize + 1];
            let mut paths = vec![0u64; starts[2]];
            paths[..2].copy_from_slice(&[10, 100]);
            let all = 1 << 3 | 1 << 5 | 1 << 7;
            layer.forward(all, &mut paths, &starts, 0);
            let after = &paths[2..];
            assert_eq!((after[0], after[1], after[far as usize]), (100, 10, 110));
            assert_eq!(after.iter().sum::<u64>(), 220);
            // Without the digit 3: only 0 → 1 (5) and 1 → far (7).
            layer.forward(1 << 5 | 1 << 7, &mut paths, &starts, 0);
            assert_eq!((paths[2], paths[3], paths[2 + far as usize]), (0, 10, 100));

            let mut back = vec![0u64; starts[2]];
            back[2..].fill(1);
            back[2 + far as usize] = 1000;
            layer.backward(all, &mut back, &starts, 0);
            assert_eq!(&back[..2], &[1001, 1001]);
            layer.backward(1 << 3, &mut back, &starts, 0);
            assert_eq!(&back[..2], &[1000, 1]);

            let mut seen = Vec::new();
            layer.on_digit(3, |from, to| seen.push((from, to)));
            assert_eq!(seen, [(0, far as usize), (1, 0)]);
            assert_eq!(layer.next(3, 1, |_| true), Some(0));
            assert_eq!(layer.next(3, 0, |to| to != far), None);
            assert_eq!(layer.next(5, 0, |_| true), Some(1));
            assert_eq!(layer.next(5, 1, |_| true), None);
        }
    }
}
