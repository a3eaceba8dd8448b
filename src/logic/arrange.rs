//! Putting a run's digits into its cells: whether a digit set fits the open cells (a perfect
//! matching), and which digits each cell takes in some arrangement.

use crate::solve::combos::Mask;

/// Whether each cell can take a different digit of `digits`, using every digit (`cands` has as
/// many cells as `digits` has digits).
pub(crate) fn fits(cands: &[Mask], digits: Mask) -> bool {
    if cands.len() != digits.count_ones() as usize {
        return false;
    }
    // Kuhn's augmenting paths: owner[d] is the cell holding digit d.
    let mut owner = [usize::MAX; 10];
    for cell in 0..cands.len() {
        let mut seen: Mask = 0;
        if !augment(cands, digits, cell, &mut owner, &mut seen) {
            return false;
        }
    }
    true
}

fn augment(
    cands: &[Mask],
    digits: Mask,
    cell: usize,
    owner: &mut [usize; 10],
    seen: &mut Mask,
) -> bool {
    let mut free = cands[cell] & digits & !*seen;
    while free != 0 {
        let d = free.trailing_zeros() as usize;
        free &= free - 1;
        *seen |= 1 << d;
        if owner[d] == usize::MAX || augment(cands, digits, owner[d], owner, seen) {
            owner[d] = cell;
            return true;
        }
    }
    false
}

/// The digits each cell takes in some way of putting `set` into the cells, one digit each
/// (added to `reach`); false when there is no way at all. A digit is kept when the other cells
/// can still share out the rest of the set.
pub(crate) fn reach(cands: &[Mask], set: Mask, reach: &mut [Mask]) -> bool {
    reach_some(cands, set, reach, u32::MAX)
}

/// Same as [`reach`], but a cell with two digits in `reach` gets no more: enough to tell
/// whether a cell takes one digit only (a chain's reading of a run).
pub(crate) fn reach_two(cands: &[Mask], set: Mask, reach: &mut [Mask]) -> bool {
    reach_some(cands, set, reach, 2)
}

fn reach_some(cands: &[Mask], set: Mask, reach: &mut [Mask], enough: u32) -> bool {
    if !fits(cands, set) {
        return false;
    }
    let n = cands.len();
    let mut others = [0; 9];
    for i in 0..n {
        let mut k = 0;
        for (j, &m) in cands.iter().enumerate() {
            if j != i {
                others[k] = m;
                k += 1;
            }
        }
        if reach[i].count_ones() >= enough {
            continue;
        }
        let mut free = cands[i] & set & !reach[i];
        if n == 1 {
            reach[i] |= free;
            continue;
        }
        while free != 0 {
            let d = free.trailing_zeros();
            free &= free - 1;
            if fits(&others[..n - 1], set & !(1 << d)) {
                reach[i] |= 1 << d;
                if reach[i].count_ones() >= enough {
                    break;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_fits_when_the_cells_can_share_it_out() {
        assert!(fits(&[0b110, 0b110], 0b110));
        assert!(!fits(&[0b010, 0b010], 0b110));
        assert!(fits(&[0b1110, 0b0010, 0b0110], 0b1110));
        assert!(!fits(&[0b0110, 0b0110, 0b0110], 0b1110));
        assert!(!fits(&[0b110], 0b110));
    }

    #[test]
    fn reach_keeps_the_digits_some_arrangement_gives() {
        let mut got = [0; 2];
        assert!(reach(&[0b110, 0b110], 0b110, &mut got));
        assert_eq!(got, [0b110, 0b110]);
        let mut got = [0; 2];
        assert!(reach(&[0b010, 0b110], 0b110, &mut got));
        assert_eq!(got, [0b010, 0b100]);
        assert!(!reach(&[0b010, 0b010], 0b110, &mut [0; 2]));
    }
}
