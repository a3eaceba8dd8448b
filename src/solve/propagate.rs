//! Propagation to a fixed point: revise queued constraints until none changes a domain.
//!
//! A run revision keeps the digit sets that contain every fixed digit and fit in the union of
//! the cells' candidates, narrows each cell to the union of those sets minus the digits fixed
//! elsewhere in the run, and applies hidden singles (a digit every live set needs that only one
//! cell can take). Runs without a sum get "all different" plus a pigeonhole check. Whenever a
//! constraint has one undecided variable left, its revision leaves that variable exactly the
//! digits that complete the constraint — the search's component splitting relies on this.

use super::combos::{self, DIGITS, Mask, is_single};
use super::model::{Kind, Model};
use super::state::{Contradiction, State};

/// Revises queued constraints until the queue is empty; on a contradiction the queue is
/// emptied and the state is left for the caller to undo.
pub fn propagate(model: &Model, state: &mut State) -> Result<(), Contradiction> {
    while let Some(c) = state.queue.pop() {
        let c = c as usize;
        // A run's revision leaves it at its own fixed point (every surviving digit set keeps a
        // matching, every kept digit a matching through it), so its own changes need not queue
        // it again; "all different" can fix a cell and must look again.
        let idempotent = matches!(model.constraints[c].kind, Kind::Sum | Kind::Cipher { .. });
        state.queued[c] = idempotent;
        state.revisions += 1;
        let before = state.trail_len();
        let revised = revise(model, state, c);
        state.queued[c] = false;
        // A revision that changed nothing is no step of any contradiction derived later.
        if revised.is_err() || state.trail_len() != before {
            state.note_read(c);
        }
        if let Err(e) = revised {
            state.clear_queue();
            return Err(e);
        }
    }
    Ok(())
}

/// Fixes `var` to `digit` and propagates.
pub fn assign(
    model: &Model,
    state: &mut State,
    var: usize,
    digit: u8,
) -> Result<(), Contradiction> {
    let bit = 1 << digit;
    if state.domains[var] & bit == 0 {
        return Err(Contradiction);
    }
    state.set_domain(model, var, bit)?;
    propagate(model, state)
}

/// Propagates from scratch: every constraint is revised at least once.
pub fn propagate_all(model: &Model, state: &mut State) -> Result<(), Contradiction> {
    if model.hopeless {
        return Err(Contradiction);
    }
    state.queue_all();
    propagate(model, state)
}

fn revise(model: &Model, state: &mut State, c: usize) -> Result<(), Contradiction> {
    match model.constraints[c].kind {
        Kind::Sum => revise_run(model, state, c, None),
        Kind::Cipher { tens, units } => revise_run(model, state, c, Some((tens, units))),
        Kind::Free => revise_all_different(model, state, model.vars_of(c)),
        Kind::Letters => revise_all_different(model, state, model.vars_of(c)),
        Kind::Equal => {
            let vars = model.vars_of(c);
            let (a, b) = (vars[0] as usize, vars[1] as usize);
            let both = state.domains[a] & state.domains[b];
            state.set_domain(model, a, both)?;
            state.set_domain(model, b, both)
        }
    }
}

/// What one pass over a constraint's variables learns.
struct Scan {
    fixed: Mask,
    union: Mask,
    /// Digits open to at least one undecided variable, and to at least two.
    once: Mask,
    twice: Mask,
    free: u32,
}

#[inline]
fn scan(state: &State, vars: &[u32]) -> Result<Scan, Contradiction> {
    let mut s = Scan {
        fixed: 0,
        union: 0,
        once: 0,
        twice: 0,
        free: 0,
    };
    for &v in vars {
        let d = state.domains[v as usize];
        s.union |= d;
        if is_single(d) {
            if s.fixed & d != 0 {
                return Err(Contradiction);
            }
            s.fixed |= d;
        } else {
            s.free += 1;
            s.twice |= s.once & d;
            s.once |= d;
        }
    }
    if (s.once & !s.fixed).count_ones() < s.free {
        return Err(Contradiction);
    }
    Ok(s)
}

/// Narrows undecided variables to `keep`, then forces hidden singles among `required`.
#[inline]
fn narrow(
    model: &Model,
    state: &mut State,
    vars: &[u32],
    s: &Scan,
    keep: Mask,
    required: Mask,
) -> Result<(), Contradiction> {
    let required = required & !s.fixed;
    if required & !s.once != 0 {
        return Err(Contradiction);
    }
    let singles = required & !s.twice;
    for &v in vars {
        let d = state.domains[v as usize];
        if is_single(d) {
            continue;
        }
        let mut nd = d & keep;
        let forced = nd & singles;
        if forced != 0 {
            if !is_single(forced) {
                return Err(Contradiction);
            }
            nd = forced;
        }
        state.set_domain(model, v as usize, nd)?;
    }
    Ok(())
}

fn revise_all_different(
    model: &Model,
    state: &mut State,
    vars: &[u32],
) -> Result<(), Contradiction> {
    let s = scan(state, vars)?;
    let open = s.once & !s.fixed;
    // When the undecided variables have exactly as many digits as they are, each is needed.
    let required = if open.count_ones() == s.free { open } else { 0 };
    narrow(model, state, vars, &s, !s.fixed, required)
}

fn revise_run(
    model: &Model,
    state: &mut State,
    c: usize,
    cipher: Option<(Option<u32>, u32)>,
) -> Result<(), Contradiction> {
    let cells = model.cells_of(c);
    let s = scan(state, cells)?;
    let table = combos::table(cells.len());
    let sums_ok = match cipher {
        Some((tens, units)) => cipher_sums(state, tens, units),
        None => !0,
    };
    let mut live = state.live[c];
    let mut bits = live;
    let mut allowed: Mask = 0;
    let mut must: Mask = DIGITS;
    let mut sums: u64 = 0;
    let mut support = [0 as Mask; 9];
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let set = table.masks[i];
        let sum = table.sums[i];
        if set & s.fixed != s.fixed
            || set & !s.union != 0
            || (sums_ok >> sum) & 1 == 0
            || !match_set(state, cells, set, &mut support)
        {
            live &= !(1u128 << i);
            continue;
        }
        allowed |= set;
        must &= set;
        sums |= 1 << sum;
    }
    if live == 0 {
        return Err(Contradiction);
    }
    state.set_live(c, live);
    if let Some((tens, units)) = cipher {
        restrict_letters(model, state, tens, units, sums)?;
    }
    for (&c, &sup) in cells.iter().zip(&support) {
        let d = state.domains[c as usize];
        state.set_domain(model, c as usize, d & sup)?;
    }
    narrow(model, state, cells, &s, allowed & !s.fixed, must)
}

/// If the cells can take the digits of `set` one each, adds to `support[i]` every digit cell
/// `i` holds in some such assignment and returns `true`.
///
/// One perfect matching is found by augmenting paths; then cell `i` can also take the digit
/// of cell `j` exactly when `i` can take it and `j` can reach `i` by such moves (an
/// alternating cycle), which a transitive closure over at most nine cells answers at once.
#[inline]
fn match_set(state: &State, cells: &[u32], set: Mask, support: &mut [Mask; 9]) -> bool {
    let k = cells.len();
    let mut masks = [0 as Mask; 9];
    let mut covered = 0;
    let mut open = true;
    let mut news = false;
    for i in 0..k {
        let m = state.domains[cells[i] as usize] & set;
        if m == 0 {
            return false;
        }
        masks[i] = m;
        covered |= m;
        open &= m == set;
        news |= m & !support[i] != 0;
    }
    if covered != set {
        return false;
    }
    if open {
        // Every cell can take every digit of the set: any arrangement works.
        for s in &mut support[..k] {
            *s |= set;
        }
        return true;
    }
    let masks = &masks[..k];
    let mut owner = [NOBODY; 10];
    for i in 0..k {
        if !augment(masks, &mut owner, i, &mut 0) {
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
    // moves[i]: the cells whose digit cell i could take instead of its own.
    let mut moves = [0u16; 9];
    for (i, (mv, &m)) in moves.iter_mut().zip(masks).enumerate() {
        for (j, &other) in mate[..k].iter().enumerate() {
            if j != i && m & other != 0 {
                *mv |= 1 << j;
            }
        }
    }
    let mut reach = moves;
    for m in 0..k {
        for i in 0..k {
            if reach[i] >> m & 1 != 0 {
                reach[i] |= reach[m];
            }
        }
    }
    for i in 0..k {
        let mut s = mate[i];
        for (j, (&r, &other)) in reach[..k].iter().zip(&mate[..k]).enumerate() {
            if moves[i] >> j & 1 != 0 && r >> i & 1 != 0 {
                s |= other;
            }
        }
        support[i] |= s;
    }
    true
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

/// The sums a cipher clue can still spell, as bits of a `u64` (sums 0..=63).
fn cipher_sums(state: &State, tens: Option<u32>, units: u32) -> u64 {
    let du = state.domains[units as usize];
    match tens {
        None => u64::from(du),
        Some(t) => {
            let dt = state.domains[t as usize] & !1;
            let mut sums = 0u64;
            for x in digits(dt) {
                if t == units {
                    sums |= 1 << (11 * x).min(63);
                } else {
                    for y in digits(du & !(1 << x)) {
                        sums |= 1 << (10 * x + y).min(63);
                    }
                }
            }
            sums
        }
    }
}

/// Keeps the letter digits that spell one of `sums`.
fn restrict_letters(
    model: &Model,
    state: &mut State,
    tens: Option<u32>,
    units: u32,
    sums: u64,
) -> Result<(), Contradiction> {
    let du = state.domains[units as usize];
    match tens {
        None => state.set_domain(model, units as usize, du & (sums as Mask & 0x3FF)),
        Some(t) if t == units => {
            let keep = digits(du & !1)
                .filter(|&x| x <= 4 && sums >> (11 * x) & 1 != 0)
                .fold(0, |m, x| m | 1 << x);
            state.set_domain(model, units as usize, keep)
        }
        Some(t) => {
            let dt = state.domains[t as usize] & !1;
            let (mut kt, mut ku): (Mask, Mask) = (0, 0);
            for x in digits(dt).filter(|&x| x <= 4) {
                for y in digits(du & !(1 << x)) {
                    if sums >> (10 * x + y) & 1 != 0 {
                        kt |= 1 << x;
                        ku |= 1 << y;
                    }
                }
            }
            state.set_domain(model, t as usize, kt)?;
            state.set_domain(model, units as usize, ku)
        }
    }
}

/// The digits of a mask, ascending.
#[inline]
pub fn digits(mut mask: Mask) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros();
            mask &= mask - 1;
            d
        })
    })
}
