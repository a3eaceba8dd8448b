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

mod cipher;
mod matching;

use super::combos::{self, DIGITS, Mask, is_single, size};
use super::model::{Kind, Model};
use super::state::{Contradiction, State};
use cipher::{cipher_sums, restrict_letters};
use matching::match_set;

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

    /// A xorshift64 sequence from `seed`: cheap, and the same every run.
    pub(super) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// Per cell, the digits it holds in some filling of the run: distinct digits from the
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
}
