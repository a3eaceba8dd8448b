//! Solutions kept compactly: two digits per byte, in one growable buffer, up to a byte cap.

/// At most this many bytes of packed solutions are kept; the count goes on past it.
pub const CAP_BYTES: usize = 512 * 1024 * 1024;

/// Every stored solution of one run, packed at half a byte per white cell.
pub struct Solutions {
    cells: usize,
    stride: usize,
    data: Vec<u8>,
    cap_bytes: usize,
    /// Which digits each cell took in some solution (bit d for digit d).
    seen: Vec<u16>,
}

impl Solutions {
    /// An empty store for solutions of `cells` white cells, keeping at most `cap_bytes`.
    pub fn new(cells: usize, cap_bytes: usize) -> Solutions {
        Solutions {
            cells,
            stride: cells.div_ceil(2).max(1),
            data: Vec::new(),
            cap_bytes,
            seen: vec![0; cells],
        }
    }

    /// How many solutions are stored.
    pub fn stored(&self) -> u64 {
        (self.data.len() / self.stride) as u64
    }

    /// Whether the byte cap stopped the storing.
    pub fn is_full(&self) -> bool {
        self.data.len() + self.stride > self.cap_bytes
    }

    /// Stores one solution (one digit 1–9 per cell); returns false when the cap is reached.
    pub fn push(&mut self, digits: &[u8]) -> bool {
        debug_assert_eq!(digits.len(), self.cells);
        for (seen, &d) in self.seen.iter_mut().zip(digits) {
            *seen |= 1 << d;
        }
        if self.is_full() {
            return false;
        }
        for pair in digits.chunks(2) {
            let high = pair.get(1).copied().unwrap_or(0);
            self.data.push(pair[0] | (high << 4));
        }
        true
    }

    /// Solution `k` (0-based) unpacked into `out`; false if it isn't stored.
    pub fn get(&self, k: u64, out: &mut Vec<u8>) -> bool {
        if k >= self.stored() {
            return false;
        }
        let start = k as usize * self.stride;
        out.clear();
        for &byte in &self.data[start..start + self.stride] {
            out.push(byte & 0x0f);
            out.push(byte >> 4);
        }
        out.truncate(self.cells);
        true
    }

    /// Whether cell `id` held more than one digit across every solution seen so far.
    pub fn is_ambiguous(&self, id: usize) -> bool {
        self.seen.get(id).is_some_and(|m| m.count_ones() > 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_unpacks_odd_cell_counts() {
        let mut store = Solutions::new(3, CAP_BYTES);
        assert!(store.push(&[1, 9, 5]));
        assert!(store.push(&[2, 3, 4]));
        assert_eq!(store.data.len(), 4);
        let mut out = Vec::new();
        assert!(store.get(1, &mut out));
        assert_eq!(out, [2, 3, 4]);
        assert!(store.get(0, &mut out));
        assert_eq!(out, [1, 9, 5]);
        assert!(!store.get(2, &mut out));
        assert!(store.is_ambiguous(0));
        assert!(!Solutions::new(3, CAP_BYTES).is_ambiguous(0));
    }

    #[test]
    fn stops_storing_at_the_cap() {
        let mut store = Solutions::new(4, 5);
        assert!(store.push(&[1, 2, 3, 4]));
        assert!(store.push(&[1, 2, 3, 4]));
        assert!(!store.push(&[5, 2, 3, 4]));
        assert_eq!(store.stored(), 2);
        assert!(store.is_full());
        assert!(store.is_ambiguous(0), "the count and the ambiguity go on");
    }
}
