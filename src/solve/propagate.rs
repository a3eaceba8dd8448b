//! Propagation to a fixed point: revise queued constraints until none changes a domain.
//!
//! A run revision keeps the digit sets that contain every fixed digit and fit in the union of
//! the cells' candidates, narrows each cell to the union of those sets minus the digits fixed
//! elsewhere in the run, and applies hidden singles (a digit every live set needs that only one
//! cell can take). Runs without a sum get "all different" plus a pigeonhole check. Whenever a
//! constraint has one undecided variable left, its revision leaves that variable exactly the
//! digits that complete the constraint — the search's component splitting relies on this. (A
//! probe's quick revisions may leave a run one undecided cell with more digits than that;
//! probes split no components, and deciding that cell queues an exact revision.)

use super::combos::{self, DIGITS, Mask, is_single, size};
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
        if let Ok(Recheck::Exactly) = revised {
            state.enqueue(c as u32);
        }
        // A revision that changed nothing is no step of any contradiction derived later.
        if revised.is_err() || state.trail_len() != before {
            state.note_read(c);
        }
        if let Err(e) = revised {
            state.failed = c as u32;
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

/// Undecided cells up to which a quick revision (a probe's, see `State::quick`) still matches
/// a run's cells onto each digit set. Up to four, the arrangements are tried outright and cost
/// little; past them, a probe gains more from cheaper nodes than it loses to the weaker
/// pruning, and a run all of whose cells are decided is checked exactly either way.
const QUICK_MATCH_UP_TO: usize = 4;

/// Whether a revision left its constraint at its own fixed point.
enum Recheck {
    No,
    /// A quick revision decided the run's last cells: it stops short of the run's fixed point
    /// and may have decided them without a filling (3 6 6 8 9 for a 31), so the run is revised
    /// again, exactly. One that leaves a cell undecided is revised again when that cell is
    /// decided (by the search or another run), exactly by then.
    Exactly,
}

fn revise(model: &Model, state: &mut State, c: usize) -> Result<Recheck, Contradiction> {
    match model.constraints[c].kind {
        Kind::Sum => revise_run(model, state, c, None),
        Kind::Cipher { tens, units } => revise_run(model, state, c, Some((tens, units))),
        Kind::Free => revise_all_different(model, state, model.vars_of(c)).map(|()| Recheck::No),
        Kind::Letters => revise_all_different(model, state, model.vars_of(c)).map(|()| Recheck::No),
        Kind::Equal => {
            let vars = model.vars_of(c);
            let (a, b) = (vars[0] as usize, vars[1] as usize);
            let both = state.domains[a] & state.domains[b];
            state.set_domain(model, a, both)?;
            state.set_domain(model, b, both)?;
            Ok(Recheck::No)
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
    /// Digits every variable can take.
    common: Mask,
    free: u32,
}

#[inline]
fn scan(state: &State, vars: &[u32]) -> Result<Scan, Contradiction> {
    let mut s = Scan {
        fixed: 0,
        union: 0,
        once: 0,
        twice: 0,
        common: !0,
        free: 0,
    };
    for &v in vars {
        let d = state.domains[v as usize];
        s.union |= d;
        s.common &= d;
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
    if size(s.once & !s.fixed) < s.free {
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
    let required = if size(open) == s.free { open } else { 0 };
    narrow(model, state, vars, &s, !s.fixed, required)
}

fn revise_run(
    model: &Model,
    state: &mut State,
    c: usize,
    cipher: Option<(Option<u32>, u32)>,
) -> Result<Recheck, Contradiction> {
    let cells = model.cells_of(c);
    let s = scan(state, cells)?;
    let table = combos::table(cells.len());
    let sums_ok = match cipher {
        Some((tens, units)) => cipher_sums(state, tens, units),
        None => !0,
    };
    let mut live = state.live[c];
    // Whole-word filters first: a set needs a digit of every cell and no digit outside the
    // union (so it holds every fixed digit). Only the sets left need a matching.
    let mut bits = live & !table.meeting(DIGITS & !s.union);
    for &v in cells {
        let d = state.domains[v as usize];
        if d & s.union != s.union {
            bits &= table.meeting(d);
        }
    }
    live = bits;
    // Every set left holds the fixed digits (each fixed cell's domain met it), so only the
    // undecided cells need matching, onto the set's other digits: fewer cells, and short
    // runs' arrangements tried outright more often.
    let mut undecided = [0 as Mask; 9];
    let mut at = [0u8; 9];
    let mut free = 0;
    let mut common: Mask = DIGITS;
    for (i, &v) in cells.iter().enumerate() {
        let d = state.domains[v as usize];
        if !is_single(d) {
            undecided[free] = d;
            at[free] = i as u8;
            free += 1;
            common &= d;
        }
    }
    let undecided = &undecided[..free];
    let quick = state.quick && free > QUICK_MATCH_UP_TO;
    let mut allowed: Mask = 0;
    let mut must: Mask = DIGITS;
    let mut sums: u64 = 0;
    let mut found = [0 as Mask; 9];
    // Digits of sets every undecided cell can take whole: any arrangement of such a set works
    // (and, in a quick revision of a long run, of every set past the filters).
    let mut open: Mask = 0;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let set = table.masks[i];
        let sum = table.sums[i];
        if (sums_ok >> sum) & 1 == 0 {
            live &= !(1u128 << i);
            continue;
        }
        let rest = set & !s.fixed;
        if rest & !common == 0 || quick {
            // A quick revision supports each cell on the whole set: more than it may hold,
            // never less.
            open |= rest;
        } else if !match_set(undecided, rest, &mut found) {
            live &= !(1u128 << i);
            continue;
        }
        allowed |= set;
        must &= set;
        sums |= 1 << sum;
    }
    let mut support = [0 as Mask; 9];
    for (&i, &f) in at[..free].iter().zip(&found) {
        support[usize::from(i)] = f | open;
    }
    if live == 0 {
        return Err(Contradiction);
    }
    state.set_live(c, live);
    if let Some((tens, units)) = cipher {
        restrict_letters(model, state, tens, units, sums)?;
    }
    // As `narrow`, with each cell first cut to its support (one domain change per cell). A cell
    // the support fixes keeps its digit: no other set or hidden single applies to it.
    let required = must & !s.fixed;
    if required & !s.once != 0 {
        return Err(Contradiction);
    }
    let singles = required & !s.twice;
    let keep = allowed & !s.fixed;
    let mut decided = true;
    for (&v, &sup) in cells.iter().zip(&support) {
        let d = state.domains[v as usize];
        if is_single(d) {
            continue;
        }
        let mut nd = d & sup;
        if !is_single(nd) {
            nd &= keep;
            let forced = nd & singles;
            if forced != 0 {
                if !is_single(forced) {
                    return Err(Contradiction);
                }
                nd = forced;
            }
        }
        decided &= is_single(nd);
        state.set_domain(model, v as usize, nd)?;
    }
    Ok(if quick && decided {
        Recheck::Exactly
    } else {
        Recheck::No
    })
}

/// If cells of these `domains` can take the digits of `set` one each, adds to `support[i]`
/// every digit cell `i` holds in some such assignment and returns `true`.
///
/// One perfect matching is found by augmenting paths; then cell `i` can also take the digit
/// of cell `j` exactly when `i` can take it and `j` can reach `i` by such moves (an
/// alternating cycle), which a transitive closure over at most nine cells answers at once.
#[inline]
fn match_set(domains: &[Mask], set: Mask, support: &mut [Mask; 9]) -> bool {
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

#[cfg(test)]
mod tests {
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

    /// A xorshift64 sequence from `seed`: cheap, and the same every run.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Per cell, the digits it holds in some filling of the run: distinct digits from the
    /// cells' domains adding up to `sum` (empty when there is none).
    fn brute_run(domains: &[Mask], sum: u32) -> Vec<Mask> {
        let mut out = vec![0; domains.len()];
        let mut digits = vec![0u32; domains.len()];
        fn go(domains: &[Mask], sum: u32, i: usize, digits: &mut [u32], out: &mut [Mask]) {
            if i == domains.len() {
                if digits.iter().sum::<u32>() == sum {
                    for (o, &d) in out.iter_mut().zip(digits.iter()) {
                        *o |= 1 << d;
                    }
                }
                return;
            }
            for d in super::digits(domains[i]) {
                if !digits[..i].contains(&d) {
                    digits[i] = d;
                    go(domains, sum, i + 1, digits, out);
                }
            }
        }
        go(domains, sum, 0, &mut digits, &mut out);
        if out.contains(&0) {
            out.iter_mut().for_each(|o| *o = 0);
        }
        out
    }

    /// Revising a run leaves each cell exactly the digits it holds in some filling, whatever
    /// mix of decided and undecided cells it has (the decided ones take no part in the
    /// matching), and fails when there is no filling.
    #[test]
    fn a_run_keeps_exactly_the_digits_of_its_fillings() {
        revise_random_runs(false);
    }

    /// A quick revision (a probe's) never cuts a digit some filling holds, and is exact where
    /// at most `QUICK_MATCH_UP_TO` cells are undecided (a decided run among them).
    #[test]
    fn quick_revisions_keep_every_filling() {
        revise_random_runs(true);
    }

    /// Revises random one-run puzzles of every length against [`brute_run`], quickly or not.
    fn revise_random_runs(quick: bool) {
        use crate::format::kakuro_text;
        use crate::puzzle::Puzzle;
        let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut checked = [0usize; 10];
        // Quick revisions that left more than the fillings hold (they skip that work), and
        // those that decided every cell (and ask for an exact look).
        let mut weaker = 0;
        let mut rechecks = 0;
        for (k, checked) in checked.iter_mut().enumerate().skip(1) {
            for _ in 0..600 {
                let sum = if k == 9 {
                    45
                } else {
                    combos::table(k).sums[next() as usize % combos::table(k).sums.len()] as u32
                };
                let text = format!("\\{sum}{}\n", " __".repeat(k));
                let (grid, _) = kakuro_text::parse(&text).expect("a one-run puzzle");
                let puzzle = Puzzle::from_grid(&grid).expect("a valid puzzle");
                let model = Model::new(&puzzle);
                let mut state = State::new(&model);
                state.quick = quick;
                let mut domains = vec![0 as Mask; k];
                let mut fixed: Mask = 0;
                for d in &mut domains {
                    // Some cells decided on distinct digits, the others a random few.
                    *d = if next().is_multiple_of(3) {
                        let digit = 1 + (next() % 9) as u32;
                        if fixed & (1 << digit) != 0 {
                            DIGITS
                        } else {
                            fixed |= 1 << digit;
                            1 << digit
                        }
                    } else {
                        (next() as Mask & DIGITS) | (1 << (1 + next() % 9))
                    };
                }
                for (v, &d) in domains.iter().enumerate() {
                    state.domains[v] = d;
                }
                let want = brute_run(&domains, sum);
                let c = model.constraints_of(0)[0] as usize;
                let revised = revise_run(&model, &mut state, c, None);
                let undecided = domains.iter().filter(|&&d| !is_single(d)).count();
                if quick && undecided > QUICK_MATCH_UP_TO {
                    // Weaker, but never wrong: a filling's digits all stay.
                    if let Ok(recheck) = revised {
                        for (&got, &need) in state.domains[..k].iter().zip(&want) {
                            assert_eq!(got & need, need, "{domains:?} sum {sum}");
                        }
                        // Left with no undecided cell, the run asks for an exact look.
                        let decided = state.domains[..k].iter().all(|&d| is_single(d));
                        assert_eq!(matches!(recheck, Recheck::Exactly), decided);
                        rechecks += usize::from(decided);
                        weaker += usize::from(state.domains[..k] != want[..]);
                    } else {
                        assert_eq!(want[0], 0, "{domains:?} sum {sum}");
                    }
                    *checked += 1;
                } else if want[0] == 0 {
                    assert!(revised.is_err(), "{domains:?} sum {sum}");
                } else {
                    assert!(matches!(revised, Ok(Recheck::No)), "{domains:?} sum {sum}");
                    assert_eq!(&state.domains[..k], &want[..], "{domains:?} sum {sum}");
                    *checked += 1;
                }
            }
        }
        assert!(checked[1..].iter().all(|&n| n >= 20), "{checked:?}");
        assert_eq!(weaker > 0, quick, "{weaker} weaker revisions");
        assert_eq!(rechecks > 0, quick, "{rechecks} rechecks");
    }

    #[test]
    fn a_run_a_quick_revision_decides_is_checked_again() {
        use crate::format::kakuro_text;
        use crate::puzzle::Puzzle;
        // Cut to these, a quick revision fixes 3 6 6 8 9 (sum 32, 6 twice): only a second,
        // exact revision sees that the run has no filling.
        let (grid, _) = kakuro_text::parse("\\31 __ __ __ __ __\n").expect("a one-run puzzle");
        let puzzle = Puzzle::from_grid(&grid).expect("a valid puzzle");
        let model = Model::new(&puzzle);
        let mut state = State::new(&model);
        state.quick = true;
        for (v, digits) in [[3, 7], [6, 7], [6, 7], [5, 8], [5, 9]].iter().enumerate() {
            state.domains[v] = digits.iter().fold(0, |m, &d| m | 1 << d);
        }
        state.queue_all();
        assert!(propagate(&model, &mut state).is_err());
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
