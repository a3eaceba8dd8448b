//! Which arms of a circuit force each digit of each variable. An evaluation that reaches most
//! of a circuit finds the arms its allowed digits close from the digits they rule out, instead
//! of testing every forced digit of every arm it reaches: early in a walk the digits ruled out
//! since the count close no arm at all, and testing every forced digit of every arm would be
//! a large share of such an evaluation.

use super::Arm;
use crate::solve::combos::Mask;
use crate::solve::propagate::digits;

/// Bytes an arm's entry takes, one per forced digit.
pub(super) const ARM_BYTES: usize = std::mem::size_of::<u32>();

/// The arms forcing each digit of each variable of a circuit, in compressed rows by the
/// variable's place among the circuit's (ascending) variables and the digit.
#[derive(Debug, Default)]
pub(super) struct Forcing {
    /// Per variable, the digits some arm forces.
    digits: Vec<Mask>,
    /// Per variable and digit (`10 * place + digit`), where its arms start in `arms`; the
    /// last entry is where they end.
    from: Vec<u32>,
    /// The arms, by variable and digit.
    pub(super) arms: Vec<u32>,
}

impl Forcing {
    /// The arms of `arms` (their digits in `forced`) by the digits they force of `vars`.
    pub(super) fn new(vars: &[u32], arms: &[Arm], forced: &[(u32, u8)]) -> Forcing {
        let place = |&(v, d): &(u32, u8)| {
            let at = vars
                .binary_search(&v)
                .expect("a forced digit of the circuit's");
            10 * at + usize::from(d)
        };
        let mut from = vec![0u32; 10 * vars.len() + 1];
        let mut digits = vec![0 as Mask; vars.len()];
        for f in forced {
            from[place(f) + 1] += 1;
        }
        for i in 1..from.len() {
            from[i] += from[i - 1];
        }
        let mut next = from.clone();
        let mut by_digit = vec![0u32; forced.len()];
        for (a, arm) in arms.iter().enumerate() {
            for f in &forced[arm.from as usize..arm.to as usize] {
                let p = place(f);
                by_digit[next[p] as usize] = a as u32;
                next[p] += 1;
                digits[p / 10] |= 1 << f.1;
            }
        }
        Forcing {
            digits,
            from,
            arms: by_digit,
        }
    }

    /// Bytes held besides the arms' entries ([`ARM_BYTES`] each, charged with the forced
    /// digits they stand for).
    pub(super) fn rows_bytes(&self) -> usize {
        std::mem::size_of_val(self.digits.as_slice()) + std::mem::size_of_val(self.from.as_slice())
    }

    /// The arms that force `var` (one of `vars`, the circuit's) a digit, with the digit.
    pub(super) fn forcing<'f>(
        &'f self,
        vars: &[u32],
        var: u32,
    ) -> impl Iterator<Item = (u8, &'f [u32])> + 'f {
        let at = vars.binary_search(&var).ok();
        at.into_iter().flat_map(move |at| {
            digits(self.digits[at]).map(move |d| {
                let p = 10 * at + d as usize;
                (
                    d as u8,
                    &self.arms[self.from[p] as usize..self.from[p + 1] as usize],
                )
            })
        })
    }

    /// The arms that force a digit `allowed` rules out of one of `vars` (the circuit's), as
    /// slices that may share arms.
    pub(super) fn closed<'f>(
        &'f self,
        vars: &'f [u32],
        allowed: &'f [Mask],
    ) -> impl Iterator<Item = &'f [u32]> + 'f {
        vars.iter().enumerate().flat_map(move |(at, &v)| {
            let out = self.digits[at] & !allowed[v as usize];
            digits(out).map(move |d| {
                let p = 10 * at + d as usize;
                &self.arms[self.from[p] as usize..self.from[p + 1] as usize]
            })
        })
    }
}
