//! One solution of a circuit under some allowed digits, found by descending it: the first open
//! arm whose child has a solution, every part of a product. A walk picks a solution to hold the
//! other parts of a split while it counts one; valuing every node reached to find one would
//! cost a full evaluation, where the descent meets a few hundred nodes.

use super::super::Node;
use super::{Evaluation, open};

impl Evaluation<'_> {
    /// Writes into `out` the digits of a solution below `node` (every variable below it, on
    /// the way down), if it has one. Nodes found without one are marked reached, so that no
    /// other way down searches them again; a node with one is searched again when met again,
    /// since the ways down that failed since may have written over its digits.
    pub(super) fn pick_below(&mut self, node: u32, out: &mut [u8]) -> bool {
        if self.scratch.is_reached(node) {
            return false;
        }
        let (circuit, allowed) = (self.circuit, self.allowed);
        let found = match &circuit.nodes[node as usize] {
            &Node::Lone { var, digits } => {
                let left = digits & allowed[var as usize];
                out[var as usize] = left.trailing_zeros() as u8;
                left != 0
            }
            Node::Swept(dag) => dag.pick(allowed, out),
            &Node::Product { from, to } => {
                let parts = &circuit.parts[from as usize..to as usize];
                let swept = |&part: &u32| matches!(circuit.nodes[part as usize], Node::Swept(_));
                // Parts known to fail first, swept parts last: a pass over a swept part's
                // graph is the costly step, wasted if a part after it fails.
                !parts.iter().any(|&part| self.scratch.is_reached(part))
                    && parts
                        .iter()
                        .filter(|p| !swept(p))
                        .chain(parts.iter().filter(|p| swept(p)))
                        .all(|&part| self.pick_below(part, out))
            }
            &Node::Decide { from, to } => circuit.arms[from as usize..to as usize]
                .iter()
                .find(|arm| open(circuit, allowed, arm) && self.pick_below(arm.child, out))
                .map(|arm| {
                    for &(v, d) in &circuit.forced[arm.from as usize..arm.to as usize] {
                        out[v as usize] = d;
                    }
                })
                .is_some(),
        };
        if !found {
            self.scratch.reach(node);
        }
        found
    }
}
