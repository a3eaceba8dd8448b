//! Putting a run's digits into its cells: whether a digit set fits the open cells (a perfect
//! matching), and every arrangement of the sets when a technique lists them.

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

/// Every way to put the digits of `set` into the cells, one each: per cell, the digits some
/// arrangement gives it (added to `reach`); returns how many arrangements there are, or `None`
/// past `cap` of them.
pub(crate) fn arrangements(
    cands: &[Mask],
    set: Mask,
    reach: &mut [Mask],
    cap: usize,
) -> Option<usize> {
    let mut picked = vec![0u8; cands.len()];
    let mut count = 0;
    walk(cands, set, 0, &mut picked, reach, &mut count, cap).then_some(count)
}

fn walk(
    cands: &[Mask],
    left: Mask,
    at: usize,
    picked: &mut [u8],
    reach: &mut [Mask],
    count: &mut usize,
    cap: usize,
) -> bool {
    if at == cands.len() {
        *count += 1;
        for (r, &d) in reach.iter_mut().zip(picked.iter()) {
            *r |= 1 << d;
        }
        return *count <= cap;
    }
    let mut free = cands[at] & left;
    while free != 0 {
        let d = free.trailing_zeros() as u8;
        free &= free - 1;
        picked[at] = d;
        if !walk(cands, left & !(1 << d), at + 1, picked, reach, count, cap) {
            return false;
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
    fn arrangements_list_each_way_once() {
        let mut reach = [0; 2];
        assert_eq!(
            arrangements(&[0b110, 0b110], 0b110, &mut reach, 10),
            Some(2)
        );
        assert_eq!(reach, [0b110, 0b110]);
        let mut reach = [0; 2];
        assert_eq!(
            arrangements(&[0b010, 0b110], 0b110, &mut reach, 10),
            Some(1)
        );
        assert_eq!(reach, [0b010, 0b100]);
        assert_eq!(arrangements(&[0b110, 0b110], 0b110, &mut [0; 2], 1), None);
    }
}
