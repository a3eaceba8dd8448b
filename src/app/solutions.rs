//! Solutions kept compactly: two digits per byte, in fixed-size chunks, up to a byte cap.
//!
//! Chunks instead of one growing buffer: a `Vec` that doubles would copy hundreds of megabytes
//! and briefly hold old and new buffers; chunks never move, so resident memory is what is stored
//! plus at most one partly filled chunk.

/// At most this many bytes of packed solutions are kept; the count goes on past it.
/// 10 million solutions of a 100-cell puzzle take 500,000,000 bytes and still fit.
pub const CAP_BYTES: usize = 512 * 1024 * 1024;

/// Bytes per chunk (rounded down to whole solutions).
const CHUNK_BYTES: usize = 4 * 1024 * 1024;

/// Packs one solution (one digit 1–9 per cell) at half a byte per cell onto `out`.
pub fn pack(digits: &[u8], out: &mut Vec<u8>) {
    for pair in digits.chunks(2) {
        let high = pair.get(1).copied().unwrap_or(0);
        out.push(pair[0] | (high << 4));
    }
}

/// Bytes one packed solution of `cells` cells takes.
pub fn stride(cells: usize) -> usize {
    cells.div_ceil(2).max(1)
}

/// Every stored solution of one run, packed at half a byte per white cell.
pub struct Solutions {
    cells: usize,
    stride: usize,
    per_chunk: usize,
    chunks: Vec<Vec<u8>>,
    stored: u64,
    cap: u64,
    /// Which digits each cell took in some solution (bit d for digit d), stored or not.
    seen: Vec<u16>,
}

impl Solutions {
    /// An empty store for solutions of `cells` white cells, keeping at most `cap_bytes`.
    pub fn new(cells: usize, cap_bytes: usize) -> Solutions {
        let stride = stride(cells);
        Solutions {
            cells,
            stride,
            per_chunk: (CHUNK_BYTES / stride).max(1),
            chunks: Vec::new(),
            stored: 0,
            cap: (cap_bytes / stride) as u64,
            seen: vec![0; cells],
        }
    }

    /// How many solutions are stored.
    pub fn stored(&self) -> u64 {
        self.stored
    }

    /// Whether the byte cap stopped the storing.
    pub fn is_full(&self) -> bool {
        self.stored >= self.cap
    }

    /// Bytes the stored solutions take (their chunks may reserve more).
    pub fn used_bytes(&self) -> u64 {
        self.stored * self.stride as u64
    }

    /// Bytes reserved for the stored solutions (the tests bound it).
    #[cfg(test)]
    pub fn reserved_bytes(&self) -> usize {
        self.chunks.iter().map(Vec::capacity).sum()
    }

    /// Stores packed solutions (see [`pack`]) and merges the digits they use (`seen`, one mask
    /// per cell); what goes past the cap is only counted in `seen`. Returns how many were stored.
    pub fn append(&mut self, packed: &[u8], seen: &[u16]) -> u64 {
        for (mine, theirs) in self.seen.iter_mut().zip(seen) {
            *mine |= theirs;
        }
        let count = (packed.len() / self.stride) as u64;
        let take = count.min(self.cap - self.stored.min(self.cap));
        let mut rest = &packed[..take as usize * self.stride];
        let chunk_len = self.per_chunk * self.stride;
        while !rest.is_empty() {
            if self.chunks.last().is_none_or(|c| c.len() == chunk_len) {
                self.chunks.push(Vec::with_capacity(chunk_len));
            }
            let Some(chunk) = self.chunks.last_mut() else {
                break;
            };
            let room = (chunk_len - chunk.len()).min(rest.len());
            chunk.extend_from_slice(&rest[..room]);
            rest = &rest[room..];
        }
        self.stored += take;
        take
    }

    /// Stores one solution (one digit 1–9 per cell); false when the cap is reached.
    #[cfg(test)]
    pub fn push(&mut self, digits: &[u8]) -> bool {
        debug_assert_eq!(digits.len(), self.cells);
        let mut packed = Vec::with_capacity(self.stride);
        pack(digits, &mut packed);
        let seen: Vec<u16> = digits.iter().map(|&d| 1 << d).collect();
        self.append(&packed, &seen) == 1
    }

    /// Solution `k` (0-based) unpacked into `out`; false if it isn't stored.
    pub fn get(&self, k: u64, out: &mut Vec<u8>) -> bool {
        if k >= self.stored {
            return false;
        }
        let chunk = &self.chunks[(k / self.per_chunk as u64) as usize];
        let start = (k % self.per_chunk as u64) as usize * self.stride;
        out.clear();
        for &byte in &chunk[start..start + self.stride] {
            out.push(byte & 0x0f);
            out.push(byte >> 4);
        }
        out.truncate(self.cells);
        true
    }

    /// The digits cell `id` took across every solution seen so far (bit d for digit d).
    pub fn digits_of(&self, id: usize) -> u16 {
        self.seen.get(id).copied().unwrap_or(0)
    }

    /// Whether cell `id` held more than one digit across every solution seen so far.
    pub fn is_ambiguous(&self, id: usize) -> bool {
        self.digits_of(id).count_ones() > 1
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
        assert_eq!(store.stored(), 2);
        let mut out = Vec::new();
        assert!(store.get(1, &mut out));
        assert_eq!(out, [2, 3, 4]);
        assert!(store.get(0, &mut out));
        assert_eq!(out, [1, 9, 5]);
        assert!(!store.get(2, &mut out));
        assert!(store.is_ambiguous(0));
        assert!(!store.is_ambiguous(1) || store.digits_of(1) == (1 << 9) | (1 << 3));
        assert_eq!(store.digits_of(2), (1 << 5) | (1 << 4));
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
        assert!(store.is_ambiguous(0), "the ambiguity goes on past the cap");
    }

    #[test]
    fn solutions_span_chunks_and_come_back_intact() {
        let cells = 101;
        let mut store = Solutions::new(cells, CAP_BYTES);
        let per_chunk = store.per_chunk as u64;
        let digits = |k: u64| -> Vec<u8> {
            (0..cells)
                .map(|i| 1 + ((k as usize + i) % 9) as u8)
                .collect()
        };
        let mut batch = Vec::new();
        let total = per_chunk * 2 + 7;
        for k in 0..total {
            pack(&digits(k), &mut batch);
        }
        assert_eq!(store.append(&batch, &vec![0b10; cells]), total);
        assert_eq!(store.chunks.len(), 3);
        let mut out = Vec::new();
        for k in [0, per_chunk - 1, per_chunk, 2 * per_chunk + 6] {
            assert!(store.get(k, &mut out));
            assert_eq!(out, digits(k), "solution {k}");
        }
    }

    /// 10 million solutions of 100 cells: the arithmetic of the memory bound, checked on
    /// the real store without allocating it (each chunk is reserved as it fills).
    #[test]
    fn ten_million_solutions_of_a_hundred_cells_fit_in_600_mb() {
        let store = Solutions::new(100, CAP_BYTES);
        assert!(store.cap >= 10_000_000, "the cap keeps them all");
        let chunk = store.per_chunk * store.stride;
        let chunks = 10_000_000u64.div_ceil(store.per_chunk as u64) as usize;
        assert!(chunks * chunk < 600_000_000, "{} bytes", chunks * chunk);
        // And a real, smaller store reserves no more than one chunk beyond what it holds.
        let mut small = Solutions::new(100, CAP_BYTES);
        let mut batch = Vec::new();
        for _ in 0..100_000 {
            pack(&[5; 100], &mut batch);
        }
        small.append(&batch, &[0; 100]);
        assert!(small.reserved_bytes() <= 100_000 * 50 + chunk);
    }
}
