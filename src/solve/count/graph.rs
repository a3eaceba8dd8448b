//! What a count keeps of a component for `nth`: the graph of its sweep ([`Dag`]) or, for a
//! root component cut in the plan's order, the circuit of its branching ([`Circuit`]). Either
//! counts the component under later decisions without counting again.

use super::{Circuit, Dag};
use crate::solve::combos::{Mask, is_single};
use crate::solve::memo::ExactCount;

/// A component's kept graph.
#[derive(Debug)]
pub(crate) enum Graph {
    /// The component was swept whole.
    Swept(Box<Dag>),
    /// The component was branched on in the plan's order.
    Cut(Box<Circuit>),
}

impl Graph {
    /// The digits each variable may take under `domains`, with the undecided variables of the
    /// component outside `frame` held to `fixed` (a digit per variable, or none): counts of
    /// `frame` alone.
    pub(crate) fn allowed(&self, domains: &[Mask], frame: &[u32], fixed: &[u8]) -> Vec<Mask> {
        let mut allowed = domains.to_vec();
        if !fixed.is_empty() {
            for &v in self.vars() {
                let v = v as usize;
                if !is_single(domains[v]) && frame.binary_search(&(v as u32)).is_err() {
                    allowed[v] = 1 << fixed[v];
                }
            }
        }
        allowed
    }

    /// The component's variables (a sweep's in its steps' order).
    pub(crate) fn vars(&self) -> &[u32] {
        match self {
            Graph::Swept(dag) => dag.vars(),
            Graph::Cut(circuit) => circuit.vars(),
        }
    }

    /// The solutions the digits `allowed` leave.
    #[cfg(test)]
    pub(crate) fn count(&self, allowed: &[Mask]) -> ExactCount {
        match self {
            Graph::Swept(dag) => ExactCount::Small(dag.count(allowed)),
            Graph::Cut(circuit) => circuit.count(allowed),
        }
    }

    /// Per digit of `var`, the solutions `allowed` leave with `var` taking it.
    pub(crate) fn digit_counts(&self, allowed: &[Mask], var: u32) -> [ExactCount; 10] {
        match self {
            Graph::Swept(dag) => dag.digit_counts(allowed, var).map(ExactCount::Small),
            Graph::Cut(circuit) => circuit.digit_counts(allowed, var),
        }
    }

    /// One solution `allowed` leaves, a digit per variable (of the component; 0 elsewhere);
    /// `None` if there is none.
    pub(crate) fn pick(&self, allowed: &[Mask]) -> Option<Vec<u8>> {
        let mut out = vec![0; allowed.len()];
        let found = match self {
            Graph::Swept(dag) => dag.pick(allowed, &mut out),
            Graph::Cut(circuit) => circuit.pick(allowed, &mut out),
        };
        found.then_some(out)
    }

    /// A graph of independent variables, each free to take `digits`.
    #[cfg(test)]
    pub(crate) fn free(vars: &[u32], digits: Mask) -> Graph {
        let mut b = super::Building::within(1 << 20, 1, (0.0, 1.0));
        let lones: Vec<u32> = vars.iter().map(|&v| b.lone(v, digits)).collect();
        let root = b.product(&lones);
        Graph::Cut(Box::new(b.finish(root, vars).expect("recorded")))
    }

    /// Bytes held (approximately).
    pub(crate) fn bytes(&self) -> usize {
        match self {
            Graph::Swept(dag) => dag.bytes(),
            Graph::Cut(circuit) => circuit.bytes(),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::solve::CancelToken;
    use crate::solve::count::{Counter, Plan, generated_root};
    use crate::solve::memo::Memo;
    use crate::solve::propagate::{assign, digits};

    /// Under random decisions, the graphs a count kept of the root parts count what branching
    /// counts, per digit of a cell too, and pick a solution the decisions allow. `cut`: every
    /// part is counted in an elimination order (circuits), else in the enumeration's (sweeps).
    /// `share`: the circuits' sweeps share steps from the first. Returns the graphs checked of
    /// each kind, and the swept parts inside the circuits (those sharing steps if `share`).
    fn check_graphs(cut: bool, share: bool) -> (usize, usize, usize) {
        let mut rng = StdRng::seed_from_u64(7);
        let (mut swept, mut circuits, mut inner) = (0, 0, 0);
        for seed in 0..24 {
            let Some((model, state)) = generated_root(6, 6, 0.2, seed) else {
                continue;
            };
            let all: Vec<u32> = (0..model.vars as u32).collect();
            let mut memo = Memo::default();
            if cut {
                memo.plan(|| Plan::eliminating_all(&model, &state.domains));
            }
            let cancel = CancelToken::new();
            let mut counter = Counter::new(&model, state, &mut memo, &cancel, None);
            // Parts this small branch faster than they sweep, but they are many. Circuits: the
            // root parts are too big to sweep, and the parts branching leaves are swept.
            counter.sweep_from = 8;
            if cut {
                counter.sweep_learnt.smaller_than = 16;
            }
            counter.record = true;
            if share {
                counter.share_from = 0;
            }
            counter.count_part(&all, (0.0, 1.0)).unwrap();
            counter.sweep_from = usize::MAX;
            for part in counter.components(&all) {
                let Some(graph) = counter.graph(&part) else {
                    continue;
                };
                match &*graph {
                    Graph::Swept(_) => swept += 1,
                    Graph::Cut(c) => {
                        circuits += 1;
                        inner += match share {
                            true => c.sharing_parts(),
                            false => c.swept_parts(),
                        };
                    }
                }
                for _ in 0..6 {
                    let mark = counter.state.mark();
                    for _ in 0..rng.random_range(0..4) {
                        let open: Vec<u32> = part
                            .iter()
                            .copied()
                            .filter(|&v| !is_single(counter.state.domains[v as usize]))
                            .collect();
                        if open.is_empty() {
                            break;
                        }
                        let v = open[rng.random_range(0..open.len())];
                        let ds: Vec<u32> = digits(counter.state.domains[v as usize]).collect();
                        let d = ds[rng.random_range(0..ds.len())];
                        let before = counter.state.mark();
                        if assign(&model, &mut counter.state, v as usize, d as u8).is_err() {
                            counter.state.undo(before);
                        }
                    }
                    let allowed = graph.allowed(&counter.state.domains, &part, &[]);
                    let branched = counter.count_part(&part, (0.0, 1.0)).unwrap();
                    let counted = graph.count(&allowed);
                    assert_eq!(counted, branched, "seed {seed}");
                    let picked = graph.pick(&allowed);
                    assert_eq!(picked.is_some(), !counted.is_zero(), "seed {seed}");
                    if let Some(picked) = picked {
                        // The pick is a solution under the decisions: each of its digits is
                        // allowed and they all hold together.
                        let at = counter.state.mark();
                        for &v in &part {
                            let d = picked[v as usize];
                            assert!(allowed[v as usize] >> d & 1 != 0, "seed {seed}");
                            assign(&model, &mut counter.state, v as usize, d).unwrap();
                        }
                        counter.state.undo(at);
                    }
                    let open: Vec<u32> = part
                        .iter()
                        .copied()
                        .filter(|&v| !is_single(counter.state.domains[v as usize]))
                        .collect();
                    if !open.is_empty() {
                        // Any of them: a circuit splits by a variable wherever it lies in it.
                        let v = open[rng.random_range(0..open.len())];
                        let per_digit = graph.digit_counts(&allowed, v);
                        for d in digits(counter.state.domains[v as usize]) {
                            let at = counter.state.mark();
                            let n = match assign(&model, &mut counter.state, v as usize, d as u8) {
                                Ok(()) => counter.count_part(&part, (0.0, 1.0)).unwrap(),
                                Err(_) => ExactCount::ZERO,
                            };
                            counter.state.undo(at);
                            assert_eq!(per_digit[d as usize], n, "seed {seed} digit {d}");
                        }
                    }
                    counter.state.undo(mark);
                }
            }
        }
        (swept, circuits, inner)
    }

    #[test]
    fn a_swept_graph_counts_as_branching_does_under_decisions() {
        let (swept, _, _) = check_graphs(false, false);
        assert!(swept >= 10, "only {swept} graphs kept");
    }

    #[test]
    fn a_circuit_counts_as_branching_does_under_decisions() {
        let (_, circuits, inner) = check_graphs(true, false);
        assert!(circuits >= 10, "only {circuits} circuits kept");
        assert!(inner >= 10, "only {inner} swept parts in them");
    }

    /// The same with the circuits' sweeps sharing steps wherever they can.
    #[test]
    fn a_circuit_whose_sweeps_share_steps_counts_as_branching_does_under_decisions() {
        let (_, circuits, sharing) = check_graphs(true, true);
        assert!(circuits >= 10, "only {circuits} circuits kept");
        assert!(
            sharing >= 10,
            "only {sharing} swept parts sharing steps in them"
        );
    }
}
