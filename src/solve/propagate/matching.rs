//! Which digits each cell of a run can take when the cells take a digit set's digits one each:
//! short runs try every arrangement, longer ones find a perfect matching and its alternating
//! cycles.

use super::super::combos::{Mask, size};
use super::digits;

/// If cells of these `domains` can take the digits of `set` one each, adds to `support[i]`
/// every digit cell `i` holds in some such assignment and returns `true`.
///
/// One perfect matching is found by augmenting paths; then cell `i` can also take the digit
/// of cell `j` exactly when `i` can take it and `j` can reach `i` by such moves (an
/// alternating cycle), which a transitive closure over at most nine cells answers at once.
#[inline]
pub(super) fn match_set(domains: &[Mask], set: Mask, support: &mut [Mask; 9]) -> bool {
    let k = domains.len();
    let mut masks = [0 as Mask; 9];
    let mut covered = 0;
    let mut news = false;
    for i in 0..k {
        let m = domains[i] & set;
        if m == 0 {
            return false;
        }
        masks[i] = m;
        covered |= m;
        news |= m & !support[i] != 0;
    }
    if covered != set {
        return false;
    }
    match k {
        1 => {
            support[0] |= masks[0];
            return true;
        }
        2 => return add_support(support, &pair(masks[0], masks[1], set)),
        3 => return add_support(support, &triple(masks[0], masks[1], masks[2], set)),
        4 => return add_support(support, &quad(&masks, set)),
        // Five cells only when their choices are few (else a matching is cheaper).
        5 if masks[..5].iter().map(|&m| size(m)).sum::<u32>() <= 12 => {
            return add_support(support, &quint(&masks, set));
        }
        _ => {}
    }
    match_by_augmenting(&masks[..k], news, support)
}

/// [`match_set`] for any run length: `masks` are the cells' digits within the set (covering
/// it); without `news` only whether a matching exists is answered.
fn match_by_augmenting(masks: &[Mask], news: bool, support: &mut [Mask; 9]) -> bool {
    let k = masks.len();
    let mut owner = [NOBODY; 10];
    // A free digit first, if the cell has one: only the cells left without one need an
    // augmenting path (which would try to move the owners of its lower digits first).
    let mut taken: Mask = 0;
    for i in 0..k {
        let free = masks[i] & !taken;
        if free != 0 {
            let d = free.trailing_zeros();
            owner[d as usize] = i as u8;
            taken |= 1 << d;
        } else if augment(masks, &mut owner, i, &mut 0) {
            taken = owner
                .iter()
                .enumerate()
                .filter(|&(_, &o)| o != NOBODY)
                .fold(0, |t, (d, _)| t | 1 << d);
        } else {
            return false;
        }
    }
    if !news {
        // The set is possible, and cannot support anything not supported already.
        return true;
    }
    let mut mate = [0 as Mask; 9];
    for (d, &o) in owner.iter().enumerate() {
        if o != NOBODY {
            mate[usize::from(o)] = 1 << d;
        }
    }
    // moves[i]: the cells whose digit cell i could take instead of its own (every digit of
    // the set has an owner: the matching is perfect).
    let mut moves = [0u16; 9];
    for (mv, (&m, &own)) in moves.iter_mut().zip(masks.iter().zip(&mate)) {
        for d in digits(m & !own) {
            *mv |= 1 << owner[d as usize];
        }
    }
    // Transitive closure, branch-free: row `r` takes row `m`'s cells when it reaches `m`.
    let mut reach = moves;
    for m in 0..k {
        let via = reach[m];
        for r in &mut reach[..k] {
            *r |= via & 0u16.wrapping_sub((*r >> m) & 1);
        }
    }
    // Cell i can also take cell j's digit when it can move there and j reaches back to i.
    let mut back = [0u16; 9];
    for (j, &r) in reach[..k].iter().enumerate() {
        for (i, b) in back[..k].iter_mut().enumerate() {
            *b |= ((r >> i) & 1) << j;
        }
    }
    for i in 0..k {
        let mut s = mate[i];
        let mut cycle = moves[i] & back[i];
        while cycle != 0 {
            s |= mate[cycle.trailing_zeros() as usize];
            cycle &= cycle - 1;
        }
        support[i] |= s;
    }
    true
}

/// Adds per-cell supports found by enumerating a short run's arrangements; `false` when there
/// are none (the first cell then has no support).
#[inline]
fn add_support<const K: usize>(support: &mut [Mask; 9], found: &[Mask; K]) -> bool {
    if found[0] == 0 {
        return false;
    }
    for (s, &f) in support.iter_mut().zip(found) {
        *s |= f;
    }
    true
}

// Short runs: every arrangement of the set's digits over the cells is tried outright (at most
// 2, 6, 24 or 120), which is cheaper than a matching and its closure. Each function returns, per
// cell, the digits it holds in some arrangement (all zero when there is none); the cell masks
// are subsets of `set`, which has one digit per cell.

#[inline]
fn pair(a: Mask, b: Mask, set: Mask) -> [Mask; 2] {
    let lo = set & set.wrapping_neg();
    let hi = set ^ lo;
    let mut s = [0; 2];
    if a & lo != 0 && b & hi != 0 {
        s[0] |= lo;
        s[1] |= hi;
    }
    if a & hi != 0 && b & lo != 0 {
        s[0] |= hi;
        s[1] |= lo;
    }
    s
}

#[inline]
fn triple(a: Mask, b: Mask, c: Mask, set: Mask) -> [Mask; 3] {
    let mut s = [0; 3];
    let mut xs = a;
    while xs != 0 {
        let x = xs & xs.wrapping_neg();
        xs ^= x;
        let rest = set ^ x;
        let [p, q] = pair(b & rest, c & rest, rest);
        if p != 0 {
            s[0] |= x;
            s[1] |= p;
            s[2] |= q;
        }
    }
    s
}

#[inline]
fn quad(m: &[Mask; 9], set: Mask) -> [Mask; 4] {
    let mut s = [0; 4];
    let mut xs = m[0];
    while xs != 0 {
        let x = xs & xs.wrapping_neg();
        xs ^= x;
        let rest = set ^ x;
        let [p, q, r] = triple(m[1] & rest, m[2] & rest, m[3] & rest, rest);
        if p != 0 {
            s[0] |= x;
            s[1] |= p;
            s[2] |= q;
            s[3] |= r;
        }
    }
    s
}

#[inline]
fn quint(m: &[Mask; 9], set: Mask) -> [Mask; 5] {
    let mut s = [0; 5];
    let mut xs = m[0];
    while xs != 0 {
        let x = xs & xs.wrapping_neg();
        xs ^= x;
        let rest = set ^ x;
        let tail = [
            m[1] & rest,
            m[2] & rest,
            m[3] & rest,
            m[4] & rest,
            0,
            0,
            0,
            0,
            0,
        ];
        let [p, q, r, t] = quad(&tail, rest);
        if p != 0 {
            s[0] |= x;
            s[1] |= p;
            s[2] |= q;
            s[3] |= r;
            s[4] |= t;
        }
    }
    s
}

const NOBODY: u8 = u8::MAX;

fn augment(masks: &[Mask], owner: &mut [u8; 10], i: usize, seen: &mut Mask) -> bool {
    for d in digits(masks[i] & !*seen) {
        *seen |= 1 << d;
        let o = owner[d as usize];
        if o == NOBODY || augment(masks, owner, usize::from(o), seen) {
            owner[d as usize] = i as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::super::combos::{self, DIGITS};
    use super::super::tests::xorshift;
    use super::*;

    /// Per cell, the digits it holds in some arrangement of `set` (by trying them all).
    fn brute(masks: &[Mask], set: Mask) -> Vec<Mask> {
        fn go(masks: &[Mask], i: usize, free: Mask, chosen: &mut Vec<Mask>, out: &mut Vec<Mask>) {
            if i == masks.len() {
                for (o, &c) in out.iter_mut().zip(chosen.iter()) {
                    *o |= c;
                }
                return;
            }
            for d in digits(masks[i] & free) {
                chosen.push(1 << d);
                go(masks, i + 1, free & !(1 << d), chosen, out);
                chosen.pop();
            }
        }
        let mut out = vec![0; masks.len()];
        go(masks, 0, set, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn short_runs_and_matching_find_every_arrangement() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
        for k in 2..=9 {
            let table = combos::table(k);
            // Long runs: fewer, as trying every arrangement costs up to 9! each.
            for _ in 0..if k <= 6 { 3000 } else { 400 } {
                let set = table.masks[next() as usize % table.masks.len()];
                let mut masks = [0 as Mask; 9];
                for m in &mut masks[..k] {
                    *m = set & (next() as Mask) & DIGITS;
                    if *m == 0 {
                        *m = set & set.wrapping_neg();
                    }
                }
                let want = brute(&masks[..k], set);
                let possible = want.iter().all(|&w| w != 0);
                let mut by_matching = [0; 9];
                assert_eq!(
                    match_by_augmenting(&masks[..k], true, &mut by_matching),
                    possible
                );
                if possible {
                    assert_eq!(&by_matching[..k], &want[..]);
                }
                let short: Vec<Mask> = match k {
                    2 => pair(masks[0], masks[1], set).to_vec(),
                    3 => triple(masks[0], masks[1], masks[2], set).to_vec(),
                    4 => quad(&masks, set).to_vec(),
                    5 => quint(&masks, set).to_vec(),
                    _ => continue,
                };
                if possible {
                    assert_eq!(short, want, "set {set:#b}, masks {:?}", &masks[..k]);
                } else {
                    assert_eq!(short[0], 0);
                }
            }
        }
    }
}
