//! Digit sets: every set of different digits 1–9, grouped by size and, within a size, ordered by
//! sum (then by mask), so the sets of one (length, sum) pair are a contiguous range of indices.
//! A run keeps its live sets as a `u128` of indices into its length's table (at most 126 sets).

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
    pub masks: &'static [Mask],
    /// Each set's digit sum.
    pub sums: &'static [u8],
    /// Per mask of digits 1–9 (shifted down one bit), the live-set bits of the sets holding
    /// one of its digits.
    meets: &'static [u128; 512],
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

// The tables are computed by the compiler: a program that only solves one puzzle would
// otherwise pay for building all of them at start-up.

/// Sums 0..=45 of a set: one more than the largest.
const SUMS: usize = 46;

/// Every set of digits 1–9 ordered by size, then sum, then mask; where each size starts; and
/// per size, where each sum starts (relative to the size's start).
struct Sets {
    masks: [Mask; 512],
    sums: [u8; 512],
    start: [usize; 11],
    first: [[u8; 47]; 10],
}

static SETS: Sets = sets();

static MEETS: [[u128; 512]; 10] = meets();

static TABLES: [SizeTable; 10] = [
    size_table(0),
    size_table(1),
    size_table(2),
    size_table(3),
    size_table(4),
    size_table(5),
    size_table(6),
    size_table(7),
    size_table(8),
    size_table(9),
];

/// A counting sort of the 512 sets by (size, sum), stable in the mask.
const fn sets() -> Sets {
    let mut count = [0usize; 10 * SUMS];
    let mut q = 0;
    while q < 512 {
        let m = (q as Mask) << 1;
        count[m.count_ones() as usize * SUMS + digit_sum(m) as usize] += 1;
        q += 1;
    }
    let mut offset = [0usize; 10 * SUMS];
    let mut total = 0;
    let mut k = 0;
    while k < offset.len() {
        offset[k] = total;
        total += count[k];
        k += 1;
    }
    let mut start = [512usize; 11];
    let mut first = [[0u8; 47]; 10];
    let mut size = 0;
    while size < 10 {
        start[size] = offset[size * SUMS];
        size += 1;
    }
    size = 0;
    while size < 10 {
        let mut s = 0;
        while s < SUMS {
            first[size][s] = (offset[size * SUMS + s] - start[size]) as u8;
            s += 1;
        }
        first[size][SUMS] = (start[size + 1] - start[size]) as u8;
        size += 1;
    }
    let mut masks = [0; 512];
    let mut sums = [0; 512];
    q = 0;
    while q < 512 {
        let m = (q as Mask) << 1;
        let key = m.count_ones() as usize * SUMS + digit_sum(m) as usize;
        masks[offset[key]] = m;
        sums[offset[key]] = digit_sum(m);
        offset[key] += 1;
        q += 1;
    }
    Sets {
        masks,
        sums,
        start,
        first,
    }
}

/// Per size and mask of digits 1–9 (shifted down one bit), the live-set bits of the sets
/// holding one of the mask's digits: the sets holding its lowest digit, with those of the rest.
const fn meets() -> [[u128; 512]; 10] {
    let sets = sets();
    let mut out = [[0u128; 512]; 10];
    let mut size = 0;
    while size < 10 {
        let (lo, hi) = (sets.start[size], sets.start[size + 1]);
        let mut holding = [0u128; 9];
        let mut i = lo;
        while i < hi {
            let mut d = 0;
            while d < 9 {
                if sets.masks[i] & (1 << (d + 1)) != 0 {
                    holding[d] |= 1 << (i - lo);
                }
                d += 1;
            }
            i += 1;
        }
        let mut q = 1;
        while q < 512 {
            out[size][q] = out[size][q & (q - 1)] | holding[q.trailing_zeros() as usize];
            q += 1;
        }
        size += 1;
    }
    out
}

const fn size_table(size: usize) -> SizeTable {
    let (lo, hi) = (SETS.start[size], SETS.start[size + 1]);
    SizeTable {
        masks: SETS.masks.split_at(lo).1.split_at(hi - lo).0,
        sums: SETS.sums.split_at(lo).1.split_at(hi - lo).0,
        meets: &MEETS[size],
        first: SETS.first[size],
    }
}

/// The table of sets with `size` digits (0..=9).
pub fn table(size: usize) -> &'static SizeTable {
    &TABLES[size]
}

/// The sum of the digits in a mask.
pub const fn digit_sum(mask: Mask) -> u8 {
    let mut sum = 0;
    let mut d = 1;
    while d <= 9 {
        if mask & (1 << d) != 0 {
            sum += d;
        }
        d += 1;
    }
    sum
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

    /// The compiler's tables against the plain definition: every set of each size, sorted
    /// by (sum, mask), and for every digit mask the sets meeting it.
    #[test]
    fn tables_match_their_plain_definition() {
        for size in 0..=9u32 {
            let mut sets: Vec<(u8, Mask)> = (0u16..512)
                .map(|m| m << 1)
                .filter(|m| m.count_ones() == size)
                .map(|m| ((1..=9u8).filter(|d| m & (1 << d) != 0).sum(), m))
                .collect();
            sets.sort_unstable();
            let t = table(size as usize);
            let masks: Vec<Mask> = sets.iter().map(|&(_, m)| m).collect();
            let sums: Vec<u8> = sets.iter().map(|&(s, _)| s).collect();
            assert_eq!((t.masks, t.sums), (&masks[..], &sums[..]), "size {size}");
            for sum in 0..=46u8 {
                let expected = sets
                    .iter()
                    .enumerate()
                    .filter(|&(_, &(s, _))| s == sum)
                    .fold(0u128, |bits, (i, _)| bits | 1 << i);
                assert_eq!(t.with_sum(sum), expected, "size {size}, sum {sum}");
            }
            for q in 0u16..512 {
                let expected = masks
                    .iter()
                    .enumerate()
                    .filter(|&(_, &m)| (m >> 1) & q != 0)
                    .fold(0u128, |bits, (i, _)| bits | 1 << i);
                assert_eq!(t.meeting(q << 1), expected, "size {size}, digits {q:#b}");
            }
        }
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
