//! Digit sets: every set of different digits 1–9, grouped by size and, within a size, ordered by
//! sum (then by mask), so the sets of one (length, sum) pair are a contiguous range of indices.
//! A run keeps its live sets as a `u128` of indices into its length's table (at most 126 sets).

use std::sync::LazyLock;

/// Candidate digits of a variable: bit `d` set when digit `d` is still possible (cells use bits
/// 1–9, letters bits 0–9).
pub type Mask = u16;

/// The nine digits 1–9 as a mask.
pub const DIGITS: Mask = 0b11_1111_1110;

/// The ten digits 0–9 as a mask (a letter's domain).
pub const LETTER_DIGITS: Mask = 0b11_1111_1111;

/// The sets of one size.
pub struct SizeTable {
    /// The sets, as digit masks.
    pub masks: Vec<Mask>,
    /// Each set's digit sum.
    pub sums: Vec<u8>,
    /// Per mask of digits 1–9 (shifted down one bit), the live-set bits of the sets holding
    /// one of its digits.
    meets: Box<[u128; 512]>,
    /// `first[s]..first[s + 1]` are the indices of the sets summing to `s` (s in 0..=45).
    first: [u8; 47],
}

impl SizeTable {
    /// The live-set bits of every set summing to `sum`; 0 for an impossible sum.
    pub fn with_sum(&self, sum: u8) -> u128 {
        let s = usize::from(sum);
        if s > 45 {
            return 0;
        }
        range_bits(self.first[s], self.first[s + 1])
    }

    /// The live-set bits of the sets holding some digit 1–9 of `mask`.
    #[inline]
    pub fn meeting(&self, mask: Mask) -> u128 {
        self.meets[usize::from(mask >> 1) & 511]
    }

    /// The live-set bits of every set of this size.
    pub fn all(&self) -> u128 {
        range_bits(0, self.masks.len() as u8)
    }
}

fn range_bits(lo: u8, hi: u8) -> u128 {
    let ones = |n: u8| if n >= 128 { !0 } else { (1u128 << n) - 1 };
    ones(hi) & !ones(lo)
}

static TABLES: LazyLock<Vec<SizeTable>> = LazyLock::new(|| (0..=9).map(build).collect());

fn build(size: u32) -> SizeTable {
    let mut sets: Vec<(u8, Mask)> = (0u16..512)
        .map(|m| m << 1)
        .filter(|m| m.count_ones() == size)
        .map(|m| (digit_sum(m), m))
        .collect();
    sets.sort_unstable();
    let mut first = [0u8; 47];
    for (s, f) in first.iter_mut().enumerate() {
        *f = sets.iter().filter(|(sum, _)| usize::from(*sum) < s).count() as u8;
    }
    let mut meets = Box::new([0u128; 512]);
    for (q, bits) in meets.iter_mut().enumerate() {
        for (i, &(_, m)) in sets.iter().enumerate() {
            if (m >> 1) as usize & q != 0 {
                *bits |= 1 << i;
            }
        }
    }
    SizeTable {
        meets,
        masks: sets.iter().map(|&(_, m)| m).collect(),
        sums: sets.iter().map(|&(s, _)| s).collect(),
        first,
    }
}

/// The table of sets with `size` digits (0..=9).
pub fn table(size: usize) -> &'static SizeTable {
    &TABLES[size]
}

/// The sum of the digits in a mask.
pub fn digit_sum(mask: Mask) -> u8 {
    (1..=9u8).filter(|d| mask & (1 << d) != 0).sum()
}

/// Whether the mask holds exactly one digit.
#[inline]
pub const fn is_single(mask: Mask) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

/// How many digits (0–9: a letter's can hold 0) a mask holds, by table: the portable build
/// has no population count instruction, and its bit-twiddling shows in loops over every
/// variable.
#[inline]
pub fn size(mask: Mask) -> u32 {
    u32::from(SIZES[usize::from(mask) & (SIZES.len() - 1)])
}

const SIZES: [u8; 1 << 10] = {
    let mut t = [0; 1 << 10];
    let mut i = 0;
    while i < t.len() {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The only digit of a one-digit mask.
#[inline]
pub const fn digit_of(mask: Mask) -> u8 {
    mask.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_count_every_digit_zero_to_nine() {
        for mask in 0..1 << 10 {
            assert_eq!(size(mask), mask.count_ones());
        }
    }

    #[test]
    fn tables_hold_every_set_once() {
        let counts: Vec<usize> = (0..=9).map(|n| table(n).masks.len()).collect();
        assert_eq!(counts, [1, 9, 36, 84, 126, 126, 84, 36, 9, 1]);
        let t = table(2);
        let sets: Vec<Mask> = bits(t.with_sum(4)).map(|i| t.masks[i]).collect();
        assert_eq!(sets, [(1 << 1) | (1 << 3)]);
        assert_eq!(bits(t.with_sum(10)).count(), 4);
        assert_eq!(t.with_sum(2), 0);
        assert_eq!(table(9).with_sum(45), 1);
        assert_eq!(table(4).all().count_ones(), 126);
    }

    fn bits(mut b: u128) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (b != 0).then(|| {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                i
            })
        })
    }
}
