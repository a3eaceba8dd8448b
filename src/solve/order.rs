//! The solution order: the rules that fix it, in one place, for the stream (the search), the
//! counter's branching where it must follow the stream, and `nth`.
//!
//! Solutions come in this order, which is fixed by the puzzle alone (counting and random access
//! by index must follow it):
//! 0. Decide the *anchor* (see `anchor`, and [`lead`] below): run steps 1–4 without one until
//!    the first solution. If that takes more than [`super::Tuning::anchor_after`] backtracks (of
//!    the default search, with the sums' flow checked from 64 on), the anchor is the solution a
//!    probe finds (deterministic: the same every time); otherwise there is none.
//! 1. Propagate at the root. The current *part* is the set of all variables.
//! 2. At a node, look at the part's undecided variables. If [`split_due`] says so,
//!    find the connected components of these variables (two undecided variables are connected
//!    when some constraint holds both). If there are several, the part's solutions are the
//!    Cartesian product of the components' solutions, ordered lexicographically with the
//!    component holding the lowest variable index most significant (its solutions change
//!    slowest) and the others following in the order of their lowest variable index; each
//!    component is enumerated by this same procedure, starting from the current state.
//! 3. Otherwise branch on the part's undecided variable with the fewest candidates, three or
//!    more counting alike (ties go to the lowest variable index), trying its candidate digits in
//!    ascending order, except that when every undecided variable of the part still allows its
//!    digit in the anchor, the anchor's digit comes first (so the anchor is the first solution);
//!    after each digit propagate to a fixed point (a contradiction skips the digit) and
//!    continue at 2.
//! 4. A part with no undecided variable has exactly one solution.
//!
//! The search also skips subtrees it can prove hold no solution without visiting them
//! (backjumping over choices a failure does not depend on; failing at once on a residual
//! problem it already searched out without a solution). Cutting solution-free subtrees leaves
//! this order as it is: only the node counts in [`super::Stats`] change.

use super::combos::{Mask, is_single, size};
use super::propagate::digits;

/// Whether a part with `open` undecided variables, last checked for splitting when it had
/// `checked`, is checked again now: whenever it has shrunk. (Checking less often lets the
/// search interleave decisions of independent parts, and a failing part then makes it retry
/// the others' choices: thrashing.)
pub fn split_due(open: u32, checked: u32) -> bool {
    open < checked
}

/// How an undecided variable ranks for branching: fewer candidates first, but every variable
/// with three or more counts the same, so that ties go to the lowest index and the search stays
/// local.
pub(crate) fn branch_rank(domain: Mask) -> u32 {
    size(domain).min(3)
}

/// The variable the order branches on among `vars` (ascending): the best [`branch_rank`], ties
/// to the lowest index; `None` when every one is decided.
pub(crate) fn branch_var(domains: &[Mask], vars: &[u32]) -> Option<u32> {
    let mut best = None;
    let mut best_count = u32::MAX;
    for &v in vars {
        let d = domains[v as usize];
        if !is_single(d) {
            let n = branch_rank(d);
            if n < best_count {
                best_count = n;
                best = Some(v);
            }
        }
    }
    best
}

/// The digits of `domain` in the order a branch tries them: `lead` first (see [`lead`]), if
/// the domain has it, then ascending.
pub(crate) fn arms(domain: Mask, lead: Option<u8>) -> impl Iterator<Item = u32> {
    let lead = lead.filter(|&d| domain & 1 << d != 0);
    lead.map(u32::from)
        .into_iter()
        .chain(digits(domain & !lead.map_or(0, |d| 1 << d)))
}

/// The digit a part's branching variable `var` tries first: the anchor's, when every
/// undecided variable of `part` still allows its digit in the anchor.
pub(crate) fn lead(
    anchor: Option<&[Mask]>,
    domains: &[Mask],
    part: &[u32],
    var: u32,
) -> Option<u8> {
    let anchor = anchor?;
    part.iter()
        .all(|&v| {
            let d = domains[v as usize];
            is_single(d) || d & anchor[v as usize] != 0
        })
        .then(|| anchor[var as usize].trailing_zeros() as u8)
}
