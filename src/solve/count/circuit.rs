//! A component the count cut by branching in the plan's order, kept as a circuit, so that `nth`
//! can count it under the enumeration's decisions without counting again.
//!
//! The count of such a component branches on one variable at a time; each digit that survives
//! propagation decides some variables (an *arm*'s forced digits) and leaves the rest as
//! independent parts, each of them a lone variable, a swept component (its [`Dag`]) or another
//! branching. Recording those choices gives a circuit of decisions and products (a
//! decision-DNNF, in model counting's terms) whose solutions are the component's. A state met
//! twice in the count is one node with two parents.
//!
//! Restricting each variable to the digits a later state allows and evaluating the circuit
//! counts the solutions under that state: an arm counts only if its forced digits are allowed,
//! a product multiplies, a lone variable counts its allowed digits and a swept part passes over
//! its graph. An evaluation visits only the nodes below arms the state allows, which are few
//! once the state decides the plan's first variables. Under digits that close no arm, the
//! root's count is a fixed sum of products of the leaves' counts, made once (see
//! `evaluation/expansion.rs`); a solution is found by descending, not by evaluating.

mod evaluation;
mod forcing;
mod value;

use std::sync::Mutex;

use super::Dag;
use crate::solve::combos::{Mask, is_single};
use evaluation::Scratch;
use forcing::Forcing;
use value::Value;

/// Bytes a node (with what evaluations keep of it), an arm, a forced digit or a product's part
/// take, for the memory budget (vectors' spare capacity aside).
const NODE_BYTES: usize = std::mem::size_of::<Node>() + SCRATCH_BYTES;
/// Bytes per node that evaluations keep (its mark, its place in the order of an evaluation
/// that reaches every node, and if reached its narrow counts, at most ten `u128`s, or its wide
/// value), counted with the node.
const SCRATCH_BYTES: usize =
    std::mem::size_of::<Value>() + std::mem::size_of::<(u32, u32)>() + std::mem::size_of::<u32>();
const ARM_BYTES: usize = std::mem::size_of::<Arm>() + evaluation::ARM_SCRATCH_BYTES;
/// A forced digit's bytes, its entry in the arms by the digits they force ([`Forcing`])
/// included: charged while recording, so that a circuit that fits its room still does once
/// that index is made.
const FORCED_BYTES: usize = std::mem::size_of::<(u32, u8)>() + forcing::ARM_BYTES;
const PART_BYTES: usize = std::mem::size_of::<u32>();

/// Bytes a recording takes before its progress may give it up ([`Building::foresee`]): a
/// circuit that small is cheap to record, and the progress of a count's first branchings says
/// little about the rest (an early rate can foretell hundreds of times the room a circuit
/// ends up taking).
const FORESEE_FROM: usize = 128 << 20;

/// Bytes a recording takes before its sweeps share steps ([`Building::shares`]).
pub(crate) const SHARE_FROM: usize = 32 << 20;

/// How many times its room a recording's rate must foretell for it to give up
/// ([`Building::foresee`]).
const OUTGROWN: f64 = 16.0;

/// A node of the circuit; once recorded, numbered in the order an evaluation meets them (see
/// [`Circuit::lay_out`]).
#[derive(Debug)]
enum Node {
    /// A variable whose every constraint is otherwise decided: its digits complete them all.
    Lone { var: u32, digits: Mask },
    /// A component counted by a sweep.
    Swept(Box<Dag>),
    /// Independent parts (`parts[from..to]`): the counts multiply. None: one solution.
    Product { from: u32, to: u32 },
    /// A branching: each arm (`arms[from..to]`) is one digit of the branching variable.
    Decide { from: u32, to: u32 },
}

/// One digit of a branching: the digits it decides (`forced[from..to]`, the branching
/// variable's own among them) and the node of what it leaves undecided.
#[derive(Clone, Copy, Debug)]
struct Arm {
    from: u32,
    to: u32,
    child: u32,
}

/// The kept circuit of one component (see the module's notes).
#[derive(Debug, Default)]
pub(crate) struct Circuit {
    /// The component's variables, ascending.
    vars: Vec<u32>,
    nodes: Vec<Node>,
    arms: Vec<Arm>,
    forced: Vec<(u32, u8)>,
    parts: Vec<u32>,
    root: u32,
    bytes: usize,
    /// The arms by the digits they force, made once the nodes are laid out.
    forcing: Forcing,
    /// What the last evaluation left (see [`Scratch`]).
    scratch: Mutex<Scratch>,
    /// How many branchings with one arm arms took over (see [`Circuit::lay_out`]).
    #[cfg(test)]
    pub(crate) taken_over: usize,
}

impl Circuit {
    /// The component's variables, ascending.
    pub(crate) fn vars(&self) -> &[u32] {
        &self.vars
    }

    /// Bytes held (approximately).
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// How many swept parts it holds that share steps with others.
    #[cfg(test)]
    pub(crate) fn sharing_parts(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n, Node::Swept(dag) if dag.shares_steps()))
            .count()
    }

    /// How many swept parts it holds.
    #[cfg(test)]
    pub(crate) fn swept_parts(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n, Node::Swept(_)))
            .count()
    }
}

/// A circuit as the count records it, within a byte budget.
#[derive(Default)]
pub(crate) struct Building {
    circuit: Circuit,
    /// The recording's number, under which the cache keeps the nodes of the states it counted
    /// (see `Memo::recorded`).
    recording: u32,
    room: usize,
    /// Past the budget, or a part the circuit cannot hold: nothing more is recorded.
    failed: bool,
    /// The node of nothing left to decide (one solution), once made.
    one: Option<u32>,
    /// The share of the count's search space that the component holds (see
    /// [`Building::foresee`]).
    share: (f64, f64),
}

impl Building {
    /// The recording numbered `recording` of a component holding the share `share` of the
    /// count's search space, which gives up past `room` bytes.
    pub(crate) fn within(room: usize, recording: u32, share: (f64, f64)) -> Building {
        Building {
            room,
            recording,
            share,
            ..Building::default()
        }
    }

    /// Gives the recording up once it has taken [`FORESEE_FROM`] bytes and, at its rate so far,
    /// would outgrow its room [`OUTGROWN`] times over before its component is counted: `done`
    /// is the count's progress (see [`Counter`](super::Counter)). That progress splits a
    /// branching's share evenly between its digits, so the rate is only a guess, and the
    /// margin is wide: circuits foretold to outgrow their room a few times over still fit, and
    /// recording one that does not until its room runs out costs the count little.
    pub(crate) fn foresee(&mut self, done: f64) {
        if self.failed || self.circuit.bytes < FORESEE_FROM {
            return;
        }
        let (lo, hi) = self.share;
        let counted = (done - lo) / (hi - lo);
        if self.circuit.bytes as f64 > counted * OUTGROWN * self.room as f64 {
            self.fail();
        }
    }

    /// The recording's number.
    pub(crate) fn recording(&self) -> u32 {
        self.recording
    }

    /// Whether the recording still goes on.
    pub(crate) fn on(&self) -> bool {
        !self.failed
    }

    /// Gives the recording up: the count goes on without it.
    pub(crate) fn fail(&mut self) {
        *self = Building {
            failed: true,
            recording: self.recording,
            ..Building::default()
        };
    }

    /// Whether the sweeps' recordings share steps (see `Recording::sharing`): once the circuit
    /// holds `from` bytes ([`SHARE_FROM`] but in tests), big enough that they may be what keeps
    /// it from fitting: repeated sweeps of one component can take many times the room apart
    /// that they take with shared steps; but where a circuit fits anyway, shared steps make
    /// `nth` slower.
    pub(crate) fn shares(&self, from: usize) -> bool {
        self.circuit.bytes >= from
    }

    /// Bytes a sweep's recording may still take.
    pub(crate) fn room_left(&self) -> usize {
        self.room.saturating_sub(self.circuit.bytes)
    }

    fn push(&mut self, node: Node, bytes: usize) -> u32 {
        self.circuit.nodes.push(node);
        let id = self.circuit.nodes.len() as u32 - 1;
        self.circuit.bytes += NODE_BYTES + bytes;
        if self.circuit.bytes > self.room {
            self.fail();
        }
        id
    }

    /// The node of a lone variable with digits `digits`.
    pub(crate) fn lone(&mut self, var: u32, digits: Mask) -> u32 {
        self.push(Node::Lone { var, digits }, 0)
    }

    /// The node of a swept component.
    pub(crate) fn swept(&mut self, dag: Dag) -> u32 {
        let bytes = dag.bytes();
        self.push(Node::Swept(Box::new(dag)), bytes)
    }

    /// The node of independent parts.
    pub(crate) fn product(&mut self, parts: &[u32]) -> u32 {
        if let [part] = parts {
            return *part;
        }
        if parts.is_empty()
            && let Some(one) = self.one
        {
            return one;
        }
        let from = self.circuit.parts.len() as u32;
        self.circuit.parts.extend_from_slice(parts);
        let to = self.circuit.parts.len() as u32;
        let node = self.push(Node::Product { from, to }, PART_BYTES * parts.len());
        if parts.is_empty() {
            self.one = Some(node);
        }
        node
    }

    /// The node of a state without solutions (a branching without arms).
    pub(crate) fn none(&mut self) -> u32 {
        self.decide(&[])
    }

    /// Records the digits the arm about to be counted decides: the undecided variables of
    /// `comp` before the branching that `domains` decide. Returns where they are kept.
    pub(crate) fn forced(&mut self, comp: &[u32], domains: &[Mask]) -> (u32, u32) {
        let from = self.circuit.forced.len() as u32;
        for &v in comp {
            let d = domains[v as usize];
            if is_single(d) {
                self.circuit.forced.push((v, d.trailing_zeros() as u8));
            }
        }
        let to = self.circuit.forced.len() as u32;
        // By variable, so that an evaluation finds its target's digit by bisection.
        self.circuit.forced[from as usize..].sort_unstable_by_key(|&(v, _)| v);
        self.circuit.bytes += FORCED_BYTES * (to - from) as usize;
        (from, to)
    }

    /// The node of a branching whose arms are `(forced, child)` (see [`Building::forced`]).
    pub(crate) fn decide(&mut self, arms: &[((u32, u32), u32)]) -> u32 {
        let from = self.circuit.arms.len() as u32;
        self.circuit.arms.extend(
            arms.iter()
                .map(|&((from, to), child)| Arm { from, to, child }),
        );
        let to = self.circuit.arms.len() as u32;
        self.push(Node::Decide { from, to }, ARM_BYTES * arms.len())
    }

    /// The circuit of the component `vars` with root `root`; `None` if the recording failed.
    pub(crate) fn finish(self, root: u32, vars: &[u32]) -> Option<Circuit> {
        if self.failed || self.circuit.nodes.is_empty() {
            return None;
        }
        let mut circuit = Circuit {
            vars: vars.to_vec(),
            root,
            ..self.circuit
        };
        circuit.lay_out();
        circuit.forcing = Forcing::new(&circuit.vars, &circuit.arms, &circuit.forced);
        circuit.bytes += circuit.forcing.rows_bytes();
        Some(circuit)
    }
}

impl Circuit {
    /// Renumbers the nodes in the order an evaluation meets them (depth first from the root),
    /// each branching's arms and their forced digits side by side, and drops what the root
    /// does not reach (the parts of arms without solutions). As recorded, each arm's digits sit
    /// after everything counted below its sibling before it, and a walk's evaluations test
    /// millions of arms: in this order they read memory front to back.
    ///
    /// An arm into a branching left with one arm (its other digits had no solutions), which no
    /// other node leads to, takes that arm over: its digits and its child. Such branchings
    /// can be a large share of a circuit's nodes, and an evaluation would pay for each of them.
    fn lay_out(&mut self) {
        let through = self.single_arms();
        // The node an arm into `child` leads to once it has taken over the branchings with one
        // arm in a row.
        let end = |mut child: u32| {
            while let Some(arm) = through[child as usize] {
                child = self.arms[arm as usize].child;
            }
            child
        };
        let mut order = Vec::with_capacity(self.nodes.len());
        let mut number = vec![u32::MAX; self.nodes.len()];
        let mut stack = vec![self.root];
        while let Some(node) = stack.pop() {
            if number[node as usize] != u32::MAX {
                continue;
            }
            number[node as usize] = order.len() as u32;
            order.push(node);
            match self.nodes[node as usize] {
                Node::Product { from, to } => {
                    stack.extend_from_slice(&self.parts[from as usize..to as usize]);
                }
                Node::Decide { from, to } => {
                    stack.extend(
                        self.arms[from as usize..to as usize]
                            .iter()
                            .map(|a| end(a.child)),
                    );
                }
                Node::Lone { .. } | Node::Swept(_) => {}
            }
        }
        let mut old: Vec<Option<Node>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        // The bytes stay those recorded: what the budget let the recording take, a little
        // more than what is left.
        let mut laid = Circuit {
            vars: std::mem::take(&mut self.vars),
            bytes: self.bytes,
            root: 0,
            ..Circuit::default()
        };
        for &node in &order {
            let node = match old[node as usize].take().expect("numbered once") {
                Node::Product { from, to } => {
                    let at = laid.parts.len() as u32;
                    let parts = &self.parts[from as usize..to as usize];
                    laid.parts.extend(parts.iter().map(|&p| number[p as usize]));
                    Node::Product {
                        from: at,
                        to: laid.parts.len() as u32,
                    }
                }
                Node::Decide { from, to } => {
                    let at = laid.arms.len() as u32;
                    for arm in &self.arms[from as usize..to as usize] {
                        let start = laid.forced.len();
                        let mut arm = *arm;
                        loop {
                            let forced = &self.forced[arm.from as usize..arm.to as usize];
                            laid.forced.extend_from_slice(forced);
                            let Some(next) = through[arm.child as usize] else {
                                break;
                            };
                            arm = self.arms[next as usize];
                            #[cfg(test)]
                            {
                                laid.taken_over += 1;
                            }
                        }
                        // By variable (see `Building::forced`): each branching passed through
                        // decided variables the ones before it left undecided.
                        laid.forced[start..].sort_unstable_by_key(|&(v, _)| v);
                        laid.arms.push(Arm {
                            from: start as u32,
                            to: laid.forced.len() as u32,
                            child: number[arm.child as usize],
                        });
                    }
                    Node::Decide {
                        from: at,
                        to: laid.arms.len() as u32,
                    }
                }
                other => other,
            };
            laid.nodes.push(node);
        }
        *self = laid;
    }

    /// Per node, its arm if it is a branching with one arm that only one arm leads to (not the
    /// root, nor a product's part).
    fn single_arms(&self) -> Vec<Option<u32>> {
        // Arms leading to each node, two for the root and each product's part: never one.
        let mut into = vec![0u8; self.nodes.len()];
        into[self.root as usize] = 2;
        for node in &self.nodes {
            match *node {
                Node::Product { from, to } => {
                    for &part in &self.parts[from as usize..to as usize] {
                        into[part as usize] = 2;
                    }
                }
                Node::Decide { from, to } => {
                    for arm in &self.arms[from as usize..to as usize] {
                        let n = &mut into[arm.child as usize];
                        *n = n.saturating_add(1);
                    }
                }
                Node::Lone { .. } | Node::Swept(_) => {}
            }
        }
        self.nodes
            .iter()
            .zip(&into)
            .map(|(node, &n)| match *node {
                Node::Decide { from, to } if n == 1 && to - from == 1 => Some(from),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;

    use super::*;
    use crate::solve::memo::ExactCount;

    /// A hand-made circuit counts each arm whose forced digits are allowed, under the digits
    /// allowed, whatever it was asked before.
    #[test]
    fn a_circuit_counts_the_arms_the_digits_allow() {
        // Variable 0 picks the digits variable 1 may take: 1 to 3, or 4 and 5.
        let mut b = Building::within(1 << 20, 1, (0.0, 1.0));
        let low = b.lone(1, 0b1110);
        let one = b.forced(&[0], &[1 << 1, 0]);
        let high = b.lone(1, 0b11_0000);
        let two = b.forced(&[0], &[1 << 2, 0]);
        let root = b.decide(&[(one, low), (two, high)]);
        let circuit = b.finish(root, &[0, 1]).expect("recorded");
        let any: Mask = 0b11_1111_1110;
        assert_eq!(circuit.count(&[1 << 1, any]), ExactCount::Small(3));
        assert_eq!(circuit.count(&[1 << 2, 1 << 1]), ExactCount::ZERO);
        assert_eq!(
            circuit.count(&[1 << 1 | 1 << 2, 1 << 1]),
            ExactCount::Small(1)
        );
        let per_digit = circuit.digit_counts(&[1 << 1 | 1 << 2, 1 << 4 | 1 << 2], 0);
        assert_eq!(
            (&per_digit[1], &per_digit[2]),
            (&ExactCount::ONE, &ExactCount::ONE)
        );
        assert_eq!(circuit.count(&[any, any]), ExactCount::Small(5));
    }

    /// A branching left with one arm, met through one arm only, joins that arm: its digits
    /// are the arm's, its child the arm's child; the counts stay as recorded.
    #[test]
    fn arms_into_a_branching_with_one_arm_take_it_over() {
        // Variable 0 takes 1 (then 1 is forced to 2, then 2 to 3, and 3 is free in 4 to 6) or
        // 2 (then 1 is free in 1 and 2, 2 is 5, and under a product 4 is forced to 5 and 3 is
        // free in 7 and 8: that branching with one arm stays).
        let mut b = Building::within(1 << 20, 1, (0.0, 1.0));
        let forcing = |b: &mut Building, v: usize, d: u8| {
            let mut domains = [0 as Mask; 5];
            domains[v] = 1 << d;
            b.forced(&[v as u32], &domains)
        };
        let free = b.lone(3, 0b111_0000);
        let two = forcing(&mut b, 2, 3);
        let second = b.decide(&[(two, free)]);
        let one = forcing(&mut b, 1, 2);
        let first = b.decide(&[(one, second)]);
        let high = b.lone(3, 0b1_1000_0000);
        let four = forcing(&mut b, 4, 5);
        let under_product = b.decide(&[(four, high)]);
        let parts = [under_product, b.lone(1, 0b110), b.lone(2, 1 << 5)];
        let kept = b.product(&parts);
        let (at_one, at_two) = (forcing(&mut b, 0, 1), forcing(&mut b, 0, 2));
        let root = b.decide(&[(at_one, first), (at_two, kept)]);
        let recorded = b.circuit.nodes.len();
        let circuit = b.finish(root, &[0, 1, 2, 3, 4]).expect("recorded");
        assert_eq!(circuit.nodes.len(), recorded - 2);
        let any: Mask = 0b11_1111_1110;
        assert_eq!(circuit.count(&[any; 5]), ExactCount::Small(7));
        assert_eq!(
            circuit.count(&[any, 1 << 2, any, any, any]),
            ExactCount::Small(5)
        );
        assert_eq!(
            circuit.count(&[any, any, 1 << 5, any, 1 << 5]),
            ExactCount::Small(4)
        );
        assert_eq!(
            circuit.count(&[any, any, any, any, 1 << 4]),
            ExactCount::Small(3)
        );
        let per_digit = circuit.digit_counts(&[any; 5], 2);
        assert_eq!(
            (&per_digit[3], &per_digit[5]),
            (&ExactCount::Small(3), &ExactCount::Small(4))
        );
        let per_digit = circuit.digit_counts(&[any; 5], 1);
        assert_eq!(
            (&per_digit[1], &per_digit[2]),
            (&ExactCount::Small(2), &ExactCount::Small(5))
        );
        let mut out = [0; 5];
        assert!(circuit.pick(&[1 << 1, any, any, any, any], &mut out));
        assert_eq!(out[..4], [1, 2, 3, 4]);
    }

    /// The bytes a recording charges as it goes cover its forced digits with their entries in
    /// the index of arms by the digits they force, made once it is finished: a recording that
    /// fits its room still fits with the index.
    #[test]
    fn a_recording_charges_the_index_of_its_arms_as_it_goes() {
        const VARS: usize = 200;
        let mut b = Building::within(1 << 20, 1, (0.0, 1.0));
        let mut arms = Vec::new();
        for d in 1..=9 {
            let child = b.lone(1, 0b11_1111_1110 & !(1 << d));
            let mut domains = [1 << d; VARS];
            domains[1] = 0b11_1111_1110;
            let vars: Vec<u32> = (0..VARS as u32).filter(|&v| v != 1).collect();
            arms.push((b.forced(&vars, &domains), child));
        }
        let root = b.decide(&arms);
        let charged = b.circuit.bytes;
        let vars: Vec<u32> = (0..VARS as u32).collect();
        let circuit = b.finish(root, &vars).expect("recorded");
        assert_eq!(circuit.forced.len(), 9 * (VARS - 1));
        let held = std::mem::size_of_val(circuit.forced.as_slice())
            + std::mem::size_of_val(circuit.forcing.arms.as_slice());
        assert!(charged >= held, "{charged} < {held}");
        assert!(circuit.bytes() >= held + circuit.forcing.rows_bytes());
    }

    /// Digit counts past 128 bits come out exact (the narrow evaluation gives way to the wide),
    /// and picks find a solution or none though their counts would pass 128 bits.
    #[test]
    fn digit_counts_past_128_bits_are_exact() {
        // Variable 0 takes 1 (then variables 1 to 45 take any of 9 digits) or 2 (any of 8).
        let any: Mask = 0b11_1111_1110;
        let mut b = Building::within(1 << 20, 1, (0.0, 1.0));
        let mut arms = Vec::new();
        for (d, digits) in [(1, any), (2, any & !(1 << 9))] {
            let lones: Vec<u32> = (1..=45).map(|v| b.lone(v, digits)).collect();
            let rest = b.product(&lones);
            let mut domains = vec![0; 46];
            domains[0] = 1 << d;
            arms.push((b.forced(&[0], &domains), rest));
        }
        let root = b.decide(&arms);
        let vars: Vec<u32> = (0..=45).collect();
        let circuit = b.finish(root, &vars).expect("recorded");
        let (nine, eight) = (BigUint::from(9u8), BigUint::from(8u8));
        let per_digit = circuit.digit_counts(&[any; 46], 0);
        assert_eq!(per_digit[1].to_big(), nine.pow(45));
        assert_eq!(per_digit[2].to_big(), eight.pow(45));
        let mut out = [0; 46];
        assert!(circuit.pick(&[any; 46], &mut out));
        assert_eq!(out, [1; 46]);
        let mut allowed = [any; 46];
        allowed[0] = 1 << 2;
        allowed[45] = 1 << 9;
        assert!(!circuit.pick(&allowed, &mut out));
        // Variable 7 inside the products: 9^44 + 8^44 for each digit it takes in both, 9^44
        // for 9.
        let per_digit = circuit.digit_counts(&[any; 46], 7);
        assert_eq!(per_digit[3].to_big(), nine.pow(44) + eight.pow(44));
        assert_eq!(per_digit[9].to_big(), nine.pow(44));
        // Small enough once the rest are decided (the narrow evaluation answers).
        let mut allowed = [1 << 3; 46];
        allowed[0] = any;
        allowed[7] = any;
        let per_digit = circuit.digit_counts(&allowed, 7);
        assert_eq!(per_digit[3], ExactCount::Small(2));
        assert_eq!(per_digit[9], ExactCount::ONE);
        assert_eq!(per_digit[5], ExactCount::Small(2));
    }

    /// A recording that has taken enough to judge gives up when its rate foretells more than
    /// [`OUTGROWN`] rooms before its component is counted, and goes on when it does not; a
    /// small one is not judged.
    #[test]
    fn recordings_bound_to_outgrow_their_room_give_up_early() {
        let room = 4 * FORESEE_FROM;
        let recording = |bytes: usize, done: f64| {
            // The component holds the count's share from 0.2 to 0.6.
            let mut b = Building::within(room, 1, (0.2, 0.6));
            b.circuit.bytes = bytes;
            b.foresee(done);
            b.on()
        };
        let rooms = |counted: f64| 0.25 / counted / OUTGROWN;
        // A quarter of the room in a hundredth of the share: 25 rooms at the end.
        assert!(rooms(0.01) > 1.0);
        assert!(!recording(FORESEE_FROM, 0.2 + 0.4 * 0.01));
        // The same bytes in a tenth of the share: 2.5 rooms, within the margin.
        assert!(rooms(0.1) < 1.0);
        assert!(recording(FORESEE_FROM, 0.2 + 0.4 * 0.1));
        // Nothing of the share counted yet.
        assert!(!recording(FORESEE_FROM, 0.2));
        // Too small to judge.
        assert!(recording(FORESEE_FROM - 1, 0.2));
    }
}
