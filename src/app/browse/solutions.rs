//! Solutions kept compactly: two digits per byte, in fixed-size chunks, up to a byte cap; past
//! it, or once the browser sees that all of them would not fit, the first chunk and a window of
//! the latest ones.
//!
//! Chunks instead of one growing buffer: a `Vec` that doubles would copy hundreds of megabytes
//! and briefly hold old and new buffers; chunks never move, so resident memory is what is stored
//! plus at most one partly filled chunk. A window drops its oldest chunk when it starts a new
//! one, and fills the dropped one's buffer again.

use std::collections::VecDeque;

/// At most this many bytes of packed solutions are kept; the count goes on past it.
/// 10 million solutions of a 100-cell puzzle take 500,000,000 bytes and still fit.
pub const CAP_BYTES: usize = 512 * 1024 * 1024;

/// Bytes per chunk (rounded down to whole solutions), at most.
const CHUNK_BYTES: usize = 4 * 1024 * 1024;
/// A chunk is at most this share of the cap, so that a small cap still has a window of several.
const CHUNKS_IN_CAP: usize = 64;
/// Chunks a window keeps after the first one.
const WINDOW_CHUNKS: usize = 8;

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

/// The stored solutions of one run, packed at half a byte per white cell: every one, up to the
/// cap; or, in a window, the first chunk of them and the latest chunks.
pub struct Solutions {
    cells: usize,
    stride: usize,
    per_chunk: usize,
    /// Chunk `j` holds solutions `j × per_chunk` on; the first is always here, and after it
    /// those from `dropped + 1` on.
    chunks: VecDeque<Vec<u8>>,
    /// Chunks dropped after the first (a window's oldest).
    dropped: u64,
    /// Solutions received: held, or dropped from the window.
    received: u64,
    /// Solutions held at most while every one is kept.
    cap: u64,
    /// Whether only a window is kept.
    window: bool,
    /// A dropped chunk's buffer, filled again next.
    spare: Option<Vec<u8>>,
    /// Which digits each cell took in some solution (bit d for digit d), stored or not.
    seen: Vec<u16>,
}

impl Solutions {
    /// An empty store for solutions of `cells` white cells, keeping at most `cap_bytes`.
    pub fn new(cells: usize, cap_bytes: usize) -> Solutions {
        let stride = stride(cells);
        let chunk_bytes = CHUNK_BYTES.min(cap_bytes / CHUNKS_IN_CAP);
        Solutions {
            cells,
            stride,
            per_chunk: (chunk_bytes / stride).max(1),
            chunks: VecDeque::new(),
            dropped: 0,
            received: 0,
            cap: (cap_bytes / stride) as u64,
            window: false,
            spare: None,
            seen: vec![0; cells],
        }
    }

    /// How many solutions are held now.
    pub fn stored(&self) -> u64 {
        self.received - self.dropped * self.per_chunk as u64
    }

    /// How many solutions were received, held or dropped from the window: the next is number
    /// `received` (0-based).
    pub fn received(&self) -> u64 {
        self.received
    }

    /// Whether solution `k` (0-based) is held.
    pub fn has(&self, k: u64) -> bool {
        k < self.received && !self.is_dropped(k / self.per_chunk as u64)
    }

    fn is_dropped(&self, chunk: u64) -> bool {
        chunk > 0 && chunk <= self.dropped
    }

    /// Whether the store no longer keeps every solution it receives: the cap was reached, or
    /// it keeps a window.
    pub fn is_full(&self) -> bool {
        self.window
    }

    /// Bytes a window holds at most: the first chunk and the latest ones.
    pub fn window_bytes(&self) -> u64 {
        ((1 + WINDOW_CHUNKS) * self.per_chunk * self.stride) as u64
    }

    /// Bytes every solution up to the cap takes.
    pub fn cap_bytes(&self) -> u64 {
        self.cap * self.stride as u64
    }

    /// Bytes `n` solutions would take.
    pub fn bytes_for(&self, n: f64) -> f64 {
        n * self.stride as f64
    }

    /// Keeps a window from now on: the first chunk and the latest [`WINDOW_CHUNKS`], the ones
    /// between dropped (their memory given back).
    pub fn keep_window(&mut self) {
        self.window = true;
        while self.chunks.len() > 1 + WINDOW_CHUNKS {
            self.chunks.remove(1);
            self.dropped += 1;
        }
    }

    /// Bytes the stored solutions take (their chunks may reserve more).
    pub fn used_bytes(&self) -> u64 {
        self.stored() * self.stride as u64
    }

    /// Bytes reserved for the stored solutions (the tests bound it).
    #[cfg(test)]
    pub fn reserved_bytes(&self) -> usize {
        self.chunks
            .iter()
            .chain(&self.spare)
            .map(Vec::capacity)
            .sum()
    }

    /// Stores packed solutions (see [`pack`]) and merges the digits they use (`seen`, one mask
    /// per cell). At the cap the store turns to a window. Returns how many were received.
    pub fn append(&mut self, packed: &[u8], seen: &[u16]) -> u64 {
        for (mine, theirs) in self.seen.iter_mut().zip(seen) {
            *mine |= theirs;
        }
        let count = (packed.len() / self.stride) as u64;
        let mut rest = &packed[..count as usize * self.stride];
        let chunk_len = self.per_chunk * self.stride;
        while !rest.is_empty() {
            if !self.window && self.received >= self.cap {
                self.keep_window();
            }
            if self.received.is_multiple_of(self.per_chunk as u64) {
                self.start_chunk(chunk_len);
            }
            let Some(chunk) = self.chunks.back_mut() else {
                break;
            };
            let mut room = (chunk_len - chunk.len()).min(rest.len());
            if !self.window {
                let below_cap = (self.cap - self.received) as usize * self.stride;
                room = room.min(below_cap);
            }
            chunk.extend_from_slice(&rest[..room]);
            rest = &rest[room..];
            self.received += (room / self.stride) as u64;
        }
        count
    }

    /// Starts the next chunk; a window drops its oldest one first, and fills its buffer again.
    fn start_chunk(&mut self, chunk_len: usize) {
        if self.window && self.chunks.len() > WINDOW_CHUNKS {
            if let Some(old) = self.chunks.remove(1) {
                self.spare = Some(old);
            }
            self.dropped += 1;
        }
        let mut chunk = self
            .spare
            .take()
            .unwrap_or_else(|| Vec::with_capacity(chunk_len));
        chunk.clear();
        self.chunks.push_back(chunk);
    }

    /// Stores one solution (one digit 1–9 per cell); false when the cap is reached.
    #[cfg(test)]
    pub fn push(&mut self, digits: &[u8]) -> bool {
        debug_assert_eq!(digits.len(), self.cells);
        let mut packed = Vec::with_capacity(self.stride);
        pack(digits, &mut packed);
        let seen: Vec<u16> = digits.iter().map(|&d| 1 << d).collect();
        let full = self.is_full();
        self.append(&packed, &seen);
        !full && !self.is_full()
    }

    /// Solution `k` (0-based) unpacked into `out`; false if it isn't held.
    pub fn get(&self, k: u64, out: &mut Vec<u8>) -> bool {
        if !self.has(k) {
            return false;
        }
        let index = k / self.per_chunk as u64;
        let slot = if index == 0 {
            0
        } else {
            (index - self.dropped) as usize
        };
        let chunk = &self.chunks[slot];
        let start = (k % self.per_chunk as u64) as usize * self.stride;
        self.unpack(&chunk[start..start + self.stride], out);
        true
    }

    fn unpack(&self, bytes: &[u8], out: &mut Vec<u8>) {
        out.clear();
        for &byte in bytes {
            out.push(byte & 0x0f);
            out.push(byte >> 4);
        }
        out.truncate(self.cells);
    }

    /// Solution `k` (0-based) unpacked from `packed`, a batch whose first solution is number
    /// `first`; `None` when `k` is not in it.
    pub fn unpack_from(
        &self,
        packed: &[u8],
        first: u64,
        k: &num_bigint::BigUint,
    ) -> Option<Vec<u8>> {
        let at = u64::try_from(k).ok()?.checked_sub(first)?;
        let start = usize::try_from(at).ok()?.checked_mul(self.stride)?;
        let bytes = packed.get(start..start.checked_add(self.stride)?)?;
        let mut out = Vec::with_capacity(self.cells + 1);
        self.unpack(bytes, &mut out);
        Some(out)
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
    fn turns_to_a_window_at_the_cap() {
        let mut store = Solutions::new(4, 5);
        assert!(store.push(&[1, 2, 3, 4]));
        assert!(store.push(&[1, 2, 3, 4]));
        assert!(!store.is_full());
        assert!(!store.push(&[5, 2, 3, 4]));
        assert!(store.is_full());
        assert_eq!(store.received(), 3);
        let mut out = Vec::new();
        assert!(store.get(2, &mut out), "the latest is kept");
        assert_eq!(out, [5, 2, 3, 4]);
        assert!(store.is_ambiguous(0), "the ambiguity goes on past the cap");
    }

    /// The digits of solution `k` of a made-up stream of `cells` cells.
    fn made_up(k: u64, cells: usize) -> Vec<u8> {
        (0..cells)
            .map(|i| 1 + ((k as usize / 7 + k as usize + i) % 9) as u8)
            .collect()
    }

    /// A window keeps the first chunk and the latest ones, whatever streams through it, in the
    /// memory of those chunks: the ones between are dropped, and their buffers filled again.
    #[test]
    fn a_window_keeps_the_first_and_the_latest() {
        let cells = 33;
        let mut store = Solutions::new(cells, 1 << 20);
        let per_chunk = store.per_chunk as u64;
        let mut batch = Vec::new();
        for k in 0..per_chunk * 3 {
            pack(&made_up(k, cells), &mut batch);
        }
        store.append(&batch, &[0; 33]);
        store.keep_window();
        assert!(store.is_full());
        let total = per_chunk * 40 + 5;
        for k in per_chunk * 3..total {
            let mut one = Vec::new();
            pack(&made_up(k, cells), &mut one);
            store.append(&one, &[0; 33]);
        }
        assert_eq!(store.received(), total);
        // The oldest of the latest chunks, the last one partly filled.
        let oldest = (total / per_chunk - (WINDOW_CHUNKS as u64 - 1)) * per_chunk;
        let mut out = Vec::new();
        for k in [0, per_chunk - 1, total - 1, oldest] {
            assert!(store.get(k, &mut out), "solution {k} is kept");
            assert_eq!(out, made_up(k, cells), "solution {k}");
        }
        for k in [per_chunk, per_chunk * 20, oldest - 1, total] {
            assert!(!store.has(k) && !store.get(k, &mut out), "solution {k}");
        }
        assert!(store.stored() <= per_chunk * (WINDOW_CHUNKS as u64 + 1));
        assert_eq!(store.used_bytes(), store.stored() * store.stride as u64);
        let window = store.window_bytes() as usize;
        assert!(
            store.reserved_bytes() <= window + store.per_chunk * store.stride,
            "{} bytes reserved for a window of {window}",
            store.reserved_bytes()
        );
    }

    /// A batch longer than the window passes through it in one append: a solution it dropped
    /// is still read from the batch.
    #[test]
    fn a_solution_is_read_from_a_batch_the_window_dropped() {
        let cells = 33;
        let mut store = Solutions::new(cells, 64 << 10);
        store.keep_window();
        let first = 5;
        let mut head = Vec::new();
        for k in 0..first {
            pack(&made_up(k, cells), &mut head);
        }
        store.append(&head, &[0; 33]);
        let total = store.per_chunk as u64 * 40;
        let mut batch = Vec::new();
        for k in first..total {
            pack(&made_up(k, cells), &mut batch);
        }
        store.append(&batch, &[0; 33]);
        let k = store.per_chunk as u64 * 20 + 3;
        assert!(!store.has(k), "the window dropped it");
        let big = |k: u64| num_bigint::BigUint::from(k);
        assert_eq!(
            store.unpack_from(&batch, first, &big(k)),
            Some(made_up(k, cells))
        );
        assert_eq!(
            store.unpack_from(&batch, first, &big(first)),
            Some(made_up(first, cells))
        );
        assert_eq!(store.unpack_from(&batch, first, &big(first - 1)), None);
        assert_eq!(store.unpack_from(&batch, first, &big(total)), None);
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
