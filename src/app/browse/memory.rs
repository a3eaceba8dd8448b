//! The memory a solving run may take, as the panel states it, all counted; and what the process
//! holds now.

use crate::app::browse::oracle::COUNT_MEMORY;

/// The count's working space beside its cache and graphs: a sweep's tables, the states kept for
/// later sweeps and `nth`'s recall, as `Solver::with_count_memory` lists them.
const COUNT_WORKING: u64 = 160 << 20;
/// The rest of the app: its window and textures, the stream's own caches, the designer's check.
const APP: u64 = 320 << 20;

/// The most memory the app holds while a run's store may take `store` bytes: the solutions, the
/// exact count's cache and its graphs for jumps, the count's working space, and the app's own.
pub(super) fn budget(store: u64) -> u64 {
    store + 2 * COUNT_MEMORY as u64 + COUNT_WORKING + APP
}

/// The resident memory of this process now, where the system says (Linux).
pub(super) fn resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// A size for the memory line: "612 MB", "1.3 GB".
pub(super) fn size(bytes: u64) -> String {
    match bytes {
        ..1_000_000_000 => format!("{} MB", bytes.div_ceil(1_000_000)),
        _ => format!("{:.1} GB", bytes as f64 / 1e9),
    }
}

#[cfg(test)]
mod tests {
    /// The budget counts the store whole, beside everything else.
    #[test]
    fn the_budget_counts_the_store_and_the_count() {
        let small = super::budget(0);
        assert!(small > 2 * super::COUNT_MEMORY as u64);
        assert_eq!(super::budget(1 << 30), small + (1 << 30));
        assert_eq!(super::size(611_200_000), "612 MB");
        assert_eq!(super::size(1_340_000_000), "1.3 GB");
        if cfg!(target_os = "linux") {
            let now = super::resident().expect("Linux says");
            assert!(now > 1 << 20, "{now} bytes");
        }
    }
}
