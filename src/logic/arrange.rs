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
/// (added to `reach`); false when there is no way at all.
///
/// One way is found first; another way gives cell `i` the digit cell `j` holds exactly when
/// the rest can shift along: `j` takes the digit of some cell, that cell the digit of another,
/// and so on until one takes `i`'s. So the cells are linked `a → b` when `a` can take `b`'s
/// digit, and `i` can have `j`'s digit when `j` reaches `i`.
// The loops index several arrays of cells at once: plain indices read best.
#[allow(clippy::needless_range_loop)]
pub(crate) fn reach(cands: &[Mask], set: Mask, reach: &mut [Mask]) -> bool {
    let n = cands.len();
    if n != set.count_ones() as usize {
        return false;
    }
    let mut owner = [usize::MAX; 10];
    for cell in 0..n {
        let mut seen: Mask = 0;
        if !augment(cands, set, cell, &mut owner, &mut seen) {
            return false;
        }
    }
    let mut held = [0u8; 9];
    for (d, &cell) in owner.iter().enumerate() {
        if cell != usize::MAX {
            held[cell] = d as u8;
        }
    }
    // reaches[a]: the cells whose digits `a` can end up passing along to, as a bit set.
    let mut reaches = [0u16; 9];
    for a in 0..n {
        for b in 0..n {
            if cands[a] & 1 << held[b] != 0 {
                reaches[a] |= 1 << b;
            }
        }
    }
    for k in 0..n {
        for a in 0..n {
            if reaches[a] & 1 << k != 0 {
                reaches[a] |= reaches[k];
            }
        }
    }
    for i in 0..n {
        reach[i] |= 1 << held[i];
        for j in 0..n {
            if j != i && cands[i] & 1 << held[j] != 0 && reaches[j] & 1 << i != 0 {
                reach[i] |= 1 << held[j];
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

    /// Every way of giving each cell a different digit of `set`, by brute force.
    fn every_way(cands: &[Mask], set: Mask, out: &mut Vec<Vec<u8>>, way: &mut Vec<u8>) {
        let k = way.len();
        if k == cands.len() {
            out.push(way.clone());
            return;
        }
        for d in 1..=9u8 {
            if cands[k] & set & 1 << d != 0 && !way.contains(&d) {
                way.push(d);
                every_way(cands, set, out, way);
                way.pop();
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn reach_gives_what_brute_force_gives(
            raw in proptest::collection::vec(0u16..1 << 10, 1..6),
            set_raw in 0u16..1 << 10,
        ) {
            let cands: Vec<Mask> = raw.iter().map(|m| m & !1).collect();
            let set = set_raw & !1;
            let mut ways = Vec::new();
            if set.count_ones() as usize == cands.len() {
                every_way(&cands, set, &mut ways, &mut Vec::new());
            }
            let mut want = vec![0; cands.len()];
            for way in &ways {
                for (i, &d) in way.iter().enumerate() {
                    want[i] |= 1 << d;
                }
            }
            let mut got = vec![0; cands.len()];
            let any = reach(&cands, set, &mut got);
            proptest::prop_assert_eq!(any, !ways.is_empty());
            proptest::prop_assert_eq!(fits(&cands, set), !ways.is_empty());
            if any {
                proptest::prop_assert_eq!(got, want);
            }
        }
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
