//! Cipher clues (cryptic puzzles): the sums their letters can still spell, and the letter
//! digits that spell one of them.

use super::super::combos::Mask;
use super::super::model::Model;
use super::super::state::{Contradiction, State};
use super::digits;

/// The sums a cipher clue can still spell, as bits of a `u64` (sums 0..=63).
pub(super) fn cipher_sums(state: &State, tens: Option<u32>, units: u32) -> u64 {
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
pub(super) fn restrict_letters(
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
