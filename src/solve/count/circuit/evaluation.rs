//! An evaluation of a circuit under some allowed digits: the value of every node the root
//! reaches through allowed arms. A walk evaluates the same circuit once per decision and reaches
//! a small part of its nodes each time (hundreds to tens of thousands, of up to hundreds of
//! thousands), so each evaluation keeps its scratch for the next, and costs what it reaches, not
//! the whole circuit.

use std::sync::{MutexGuard, PoisonError};

use super::value::Value;
use super::{Arm, Circuit, Node};
use crate::solve::combos::Mask;
use crate::solve::memo::ExactCount;
use crate::solve::propagate::digits;
use expansion::Expansion;
use narrow::Narrow;

mod expansion;
mod narrow;
mod pick;

/// Bytes per arm that evaluations keep (whether it is open, closed by the digits ruled out,
/// and its target digit), counted with the arm.
pub(super) const ARM_SCRATCH_BYTES: usize =
    std::mem::size_of::<bool>() + std::mem::size_of::<u32>() + std::mem::size_of::<(u32, u8)>();

/// What an evaluation leaves behind for the next one, so that it costs what it reaches, not
/// the whole circuit (see the module's notes).
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Per node, the evaluation that last reached it and where its value is: its index in
    /// `values`, or in a narrow evaluation its first count's index in `counts`, doubled, plus
    /// one if it is split; current where the first is this evaluation's number.
    marks: Vec<(u32, u32)>,
    stamp: u32,
    /// The values of the nodes reached, in the order they were valued: side by side, not
    /// spread over a slot per node of the circuit.
    values: Vec<Value>,
    /// The counts of the nodes reached when they all fit in 128 bits (see [`Narrow`]): one per
    /// node, or one per digit of the target; a node's mark holds where its first is, doubled,
    /// plus one if it is split.
    counts: Vec<u128>,
    /// The depth-first search's stack.
    stack: Vec<(u32, bool)>,
    /// Per arm of a reached branching, whether its forced digits are all allowed.
    open: Vec<bool>,
    /// Per arm, the evaluation that found it closed by the digits it rules out (see
    /// [`Forcing`](super::forcing::Forcing)), where it did.
    closed: Vec<u32>,
    /// Per arm, the evaluation that found it forcing the target a digit, and the digit.
    targets: Vec<(u32, u8)>,
    /// The nodes the last evaluation reached.
    reached: usize,
    /// Every node of the circuit, each after the nodes it leads to (see
    /// [`Evaluation::value_all`]); empty until an evaluation needs it.
    full: Vec<u32>,
    /// The root's count as a polynomial in the leaves' counts, once an evaluation that closes
    /// no arm needed it (`None` inside where the circuit has none); boxed, as the scratch sits
    /// in every circuit.
    expansion: Option<Option<Box<Expansion>>>,
    /// Whether evaluations find closed arms by the digits ruled out (`Some(true)`) or by
    /// testing each arm they reach (`Some(false)`), instead of as they see fit.
    #[cfg(test)]
    pub(super) closing: Option<bool>,
}

impl Scratch {
    /// Starts an evaluation of a circuit of `nodes` nodes: none reached yet.
    fn start(&mut self, nodes: usize, arms: usize) {
        if self.marks.len() != nodes || self.stamp == u32::MAX {
            self.marks = vec![(0, 0); nodes];
            self.stamp = 0;
            self.open = vec![false; arms];
            self.closed = vec![0; arms];
            self.targets = vec![(0, 0); arms];
            self.reached = nodes;
            self.full = Vec::new();
            self.expansion = None;
        }
        self.stamp += 1;
        self.values.clear();
        self.counts.clear();
    }

    fn is_reached(&self, node: u32) -> bool {
        self.marks[node as usize].0 == self.stamp
    }

    /// Marks `node` reached; whether it was not before.
    fn reach(&mut self, node: u32) -> bool {
        let fresh = !self.is_reached(node);
        if fresh {
            // No value yet: reading it would be out of bounds, not another node's.
            self.marks[node as usize] = (self.stamp, u32::MAX);
        }
        fresh
    }

    /// Keeps the value of the reached node `node`.
    fn set(&mut self, node: u32, value: Value) {
        self.marks[node as usize].1 = self.values.len() as u32;
        self.values.push(value);
    }

    /// The narrow counts of a reached node that has them, and whether they are split.
    fn counts(&self, node: u32, width: usize) -> (&[u128], bool) {
        debug_assert!(self.is_reached(node));
        let at = self.marks[node as usize].1;
        let (from, split) = ((at >> 1) as usize, at & 1 == 1);
        (
            &self.counts[from..from + if split { width } else { 1 }],
            split,
        )
    }

    /// The value of a reached node, once it has one.
    fn value(&self, node: u32) -> &Value {
        debug_assert!(self.is_reached(node));
        let at = self.marks[node as usize].1 as usize;
        self.values.get(at).expect("a child is valued first")
    }
}

/// One evaluation of a circuit under some allowed digits (a mask per variable): the value of
/// every node reachable from the root through arms whose forced digits are allowed.
struct Evaluation<'c> {
    circuit: &'c Circuit,
    allowed: &'c [Mask],
    scratch: MutexGuard<'c, Scratch>,
}

/// How an evaluation found the arms the digits ruled out close.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Closing {
    /// It tests each arm it reaches.
    Tested,
    /// It marked them by the digits ruled out ([`Scratch::closed`]).
    Marked,
    /// Every arm is open: it reaches every node.
    Open,
}

/// How an evaluation values its nodes.
#[derive(Clone, Copy)]
enum Mode {
    /// As [`Value`]s, split by the digit of the target if given: exact at any size.
    Wide(Option<u32>),
    /// As `u128` counts split by the digit of the target, giving up past 128 bits.
    Narrow(Narrow),
}

impl<'c> Evaluation<'c> {
    /// Evaluates the nodes reached from the root as [`Value`]s, splitting the counts by the
    /// digit of `target` if given.
    fn new(circuit: &'c Circuit, allowed: &'c [Mask], target: Option<u32>) -> Self {
        let mut eval = Evaluation::start(circuit, allowed);
        eval.reach(Mode::Wide(target));
        eval
    }

    /// An evaluation with nothing reached yet.
    fn start(circuit: &'c Circuit, allowed: &'c [Mask]) -> Self {
        let mut scratch = circuit
            .scratch
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        scratch.start(circuit.nodes.len(), circuit.arms.len());
        Evaluation {
            circuit,
            allowed,
            scratch,
        }
    }

    /// Whether this evaluation likely reaches most of the circuit: the last one reached an
    /// eighth of its nodes or more (a walk's evaluations come in runs of either kind).
    fn reaches_most(&self) -> bool {
        8 * self.scratch.reached >= self.circuit.nodes.len()
    }

    /// Finds how the digits `allowed` rules out close arms: none at all (the evaluation reaches
    /// every node), or marks the arms they close where that is likely cheaper than testing each
    /// arm reached (those arms are fewer than an eighth of the forced digits and, unless the
    /// last evaluation reached an eighth of the nodes or more, than eight per node it
    /// reached), or leaves each arm reached to be tested.
    ///
    /// Whether any arm closes is read off the arms' rows by digit, whatever the last
    /// evaluation reached: a walk's evaluations that close no arm (its digits so far all lie in
    /// the circuit's swept parts) come between ones that close most (another part's digits
    /// held where arms force them), and judged by the one before, they tested every arm.
    fn close_arms(&mut self) -> Closing {
        // Marking costs the arms closed; testing, the forced digits of the arms reached, which
        // the last evaluation's reach foretells (most arms reached and a few closed, or the
        // other way round).
        let few = self.circuit.forced.len() / 8;
        let limit = match self.reaches_most() {
            true => few,
            false => (8 * self.scratch.reached).min(few),
        };
        let work = self.closed_past(limit);
        // Tests ask for either way (`Scratch::closing`): testing each arm even where none closes.
        #[cfg(test)]
        if let Some(by_digits) = self.scratch.closing {
            return match (by_digits, work) {
                (false, _) => Closing::Tested,
                (true, 0) => Closing::Open,
                (true, _) => self.mark_closed(),
            };
        }
        match work {
            0 => Closing::Open,
            _ if work <= limit => self.mark_closed(),
            _ => Closing::Tested,
        }
    }

    /// Whether the digits `allowed` rules out close fewer arms than an eighth of the forced
    /// digits (and so are cheaper to mark than testing most arms).
    fn closes_few(&self) -> bool {
        // Tests that ask for testing each arm get it throughout.
        #[cfg(test)]
        if self.scratch.closing == Some(false) {
            return false;
        }
        let few = self.circuit.forced.len() / 8;
        self.closed_past(few) <= few
    }

    /// The arms the digits `allowed` rules out close (counted once per digit they force), as
    /// far as `limit`: past it, some number above it.
    fn closed_past(&self, limit: usize) -> usize {
        let circuit = self.circuit;
        let mut work = 0;
        for arms in circuit.forcing.closed(&circuit.vars, self.allowed) {
            work += arms.len();
            if work > limit {
                break;
            }
        }
        work
    }

    /// Marks the arms closed by the digits `allowed` rules out.
    fn mark_closed(&mut self) -> Closing {
        let (circuit, allowed) = (self.circuit, self.allowed);
        let scratch = &mut *self.scratch;
        for arms in circuit.forcing.closed(&circuit.vars, allowed) {
            for &a in arms {
                scratch.closed[a as usize] = scratch.stamp;
            }
        }
        Closing::Marked
    }

    /// Marks the arms that force `target` a digit, with the digit, where this evaluation
    /// reaches `everywhere` or the last one reached an eighth of the nodes or more: cheaper
    /// then than finding the target among the forced digits of each arm reached. Whether it
    /// did.
    fn mark_target(&mut self, target: Option<u32>, everywhere: bool) -> bool {
        let circuit = self.circuit;
        let Some(target) = target.filter(|_| everywhere || self.reaches_most()) else {
            return false;
        };
        let scratch = &mut *self.scratch;
        for (d, arms) in circuit.forcing.forcing(&circuit.vars, target) {
            for &a in arms {
                scratch.targets[a as usize] = (scratch.stamp, d);
            }
        }
        true
    }

    /// Reaches the nodes from the root through the open arms and values each after its reached
    /// children (depth first, without recursion); false if a narrow count passed 128 bits.
    fn reach(&mut self, mode: Mode) -> bool {
        let circuit = self.circuit;
        let closing = self.close_arms();
        if let (Closing::Open, Mode::Narrow(narrow)) = (closing, mode)
            && self.expanded(&narrow)
        {
            return true;
        }
        let mut marked = match mode {
            Mode::Narrow(narrow) => self.mark_target(narrow.target, closing == Closing::Open),
            Mode::Wide(_) => false,
        };
        if let (Closing::Open, Mode::Narrow(narrow)) = (closing, mode) {
            return self.value_all(&narrow, marked);
        }
        let mut by_digits = closing != Closing::Tested;
        // A node on the stack, and whether its children are on it above it already.
        let mut stack = std::mem::take(&mut self.scratch.stack);
        stack.clear();
        stack.push((circuit.root, false));
        let mut fits = true;
        let mut reached = 0;
        while let Some((node, expanded)) = stack.pop() {
            if expanded {
                match mode {
                    Mode::Wide(target) => self.value(node, target),
                    Mode::Narrow(narrow) => fits = self.narrow_value(node, &narrow, marked),
                }
                if !fits {
                    break;
                }
                continue;
            }
            // Met before: done, since a node met again below itself would be a cycle.
            if !self.scratch.reach(node) {
                continue;
            }
            reached += 1;
            // Past an eighth of the nodes, marking the closed arms and the target's is the
            // cheaper way on, whatever the last evaluation foretold; the arms and nodes met so
            // far were found apart.
            if reached == circuit.nodes.len().div_ceil(8) {
                if let Mode::Narrow(narrow) = mode
                    && !marked
                {
                    marked = self.mark_target(narrow.target, true);
                }
                if !by_digits && self.closes_few() {
                    self.mark_closed();
                    by_digits = true;
                }
            }
            stack.push((node, true));
            match circuit.nodes[node as usize] {
                Node::Product { from, to } => {
                    let parts = &circuit.parts[from as usize..to as usize];
                    stack.extend(parts.iter().map(|&part| (part, false)));
                }
                Node::Decide { from, to } => {
                    for a in from as usize..to as usize {
                        let arm = &circuit.arms[a];
                        let open = match by_digits {
                            true => self.scratch.closed[a] != self.scratch.stamp,
                            false => open(circuit, self.allowed, arm),
                        };
                        self.scratch.open[a] = open;
                        if open {
                            stack.push((arm.child, false));
                        }
                    }
                }
                Node::Lone { .. } | Node::Swept(_) => {}
            }
        }
        self.scratch.stack = stack;
        self.scratch.reached = reached;
        fits
    }

    /// Values a reached node whose reached children have theirs.
    fn value(&mut self, node: u32, target: Option<u32>) {
        let value = self.wide_value(node as usize, target);
        self.scratch.set(node, value);
    }

    /// The value of a reached node whose reached children have theirs.
    fn wide_value(&self, node: usize, target: Option<u32>) -> Value {
        let circuit = self.circuit;
        let of = |n: u32| self.scratch.value(n);
        match &circuit.nodes[node] {
            &Node::Lone { var, digits } => {
                let left = digits & self.allowed[var as usize];
                if target == Some(var) {
                    Value::one_each(left)
                } else {
                    Value::Flat(ExactCount::Small(left.count_ones().into()))
                }
            }
            Node::Swept(dag) => match target {
                Some(t) if dag.vars().contains(&t) => {
                    let per = dag.digit_counts(self.allowed, t);
                    Value::Digits(per)
                }
                _ => Value::Flat(ExactCount::Small(dag.count(self.allowed))),
            },
            &Node::Product { from, to } => {
                let mut product = Value::Flat(ExactCount::ONE);
                for &part in &circuit.parts[from as usize..to as usize] {
                    let v = of(part);
                    if v.is_zero() {
                        return Value::ZERO;
                    }
                    product = product.times(v);
                }
                product
            }
            &Node::Decide { from, to } => {
                let mut sum = Value::ZERO;
                for a in from as usize..to as usize {
                    if !self.scratch.open[a] {
                        continue;
                    }
                    let arm = &circuit.arms[a];
                    let child = of(arm.child);
                    let forced = &circuit.forced[arm.from as usize..arm.to as usize];
                    let at = target.and_then(|t| forced.binary_search_by_key(&t, |&(v, _)| v).ok());
                    match at {
                        Some(i) => sum.add_at(forced[i].1, &child.total()),
                        None => sum.add(child),
                    }
                }
                sum
            }
        }
    }

    /// The value of the root.
    fn root(&mut self) -> Value {
        let root = self.scratch.marks[self.circuit.root as usize].1;
        std::mem::replace(&mut self.scratch.values[root as usize], Value::ZERO)
    }
}

/// Whether the arm's forced digits are all allowed.
fn open(circuit: &Circuit, allowed: &[Mask], arm: &Arm) -> bool {
    circuit.forced[arm.from as usize..arm.to as usize]
        .iter()
        .all(|&(v, d)| allowed[v as usize] >> d & 1 != 0)
}

impl Circuit {
    /// Has evaluations find closed arms by the digits ruled out (`Some(true)`), by testing each
    /// arm they reach (`Some(false)`), or as they see fit (`None`).
    #[cfg(test)]
    pub(crate) fn find_closed_arms(&self, by_digits: Option<bool>) {
        self.scratch
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .closing = by_digits;
    }

    /// The solutions the digits `allowed` (a mask per variable) leave.
    #[cfg(test)]
    pub(crate) fn count(&self, allowed: &[Mask]) -> ExactCount {
        self.wide(allowed, None, |eval| eval.root().total())
    }

    /// Per digit of `var`, the solutions `allowed` leave with `var` taking it.
    pub(crate) fn digit_counts(&self, allowed: &[Mask], var: u32) -> [ExactCount; 10] {
        let narrow = Narrow::new(Some(var), allowed);
        let mut eval = Evaluation::start(self, allowed);
        if eval.reach(Mode::Narrow(narrow)) {
            let (counts, split) = eval.scratch.counts(self.root, narrow.width);
            let mut per: [ExactCount; 10] = std::array::from_fn(|_| ExactCount::ZERO);
            if split {
                for (&n, d) in counts.iter().zip(digits(narrow.digits)) {
                    per[d as usize] = ExactCount::Small(n);
                }
            }
            return per;
        }
        drop(eval);
        self.wide(allowed, Some(var), |eval| eval.root().per_digit())
    }

    /// Writes into `out` (a digit per variable) one solution that `allowed` leaves; `false` if
    /// there is none.
    pub(crate) fn pick(&self, allowed: &[Mask], out: &mut [u8]) -> bool {
        Evaluation::start(self, allowed).pick_below(self.root, out)
    }

    /// Reads an evaluation with wide values (splitting by `target`'s digits if given), then
    /// gives their memory back: such evaluations are rare, and a circuit's budget counts one
    /// value per node, not wide values and narrow counts both.
    fn wide<R>(
        &self,
        allowed: &[Mask],
        target: Option<u32>,
        read: impl FnOnce(&mut Evaluation<'_>) -> R,
    ) -> R {
        let mut eval = Evaluation::new(self, allowed, target);
        let read = read(&mut eval);
        eval.scratch.values = Vec::new();
        read
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made circuit of four variables with branchings, products and parts without
    /// solutions under some digits: variable 0 takes 3 (then 1 is 3, 5 or 7 and 2 decides 3's
    /// digits) or 7 (then 1, 2 and 3 are free within their digits).
    fn sample_circuit() -> Circuit {
        use crate::solve::count::circuit::Building;

        let set = |ds: &[u8]| ds.iter().fold(0 as Mask, |m, &d| m | 1 << d);
        let forced = |b: &mut Building, v: u32, d: u8| {
            let mut domains = [0; 4];
            domains[v as usize] = 1 << d;
            b.forced(&[v], &domains)
        };
        let mut b = Building::within(1 << 20, 1, (0.0, 1.0));
        let one = b.lone(1, set(&[3, 5, 7]));
        let low = b.lone(3, set(&[1, 2]));
        let high = b.lone(3, set(&[2, 9]));
        let (four, six) = (forced(&mut b, 2, 4), forced(&mut b, 2, 6));
        let two = b.decide(&[(four, low), (six, high)]);
        let three = b.product(&[one, two]);
        let parts = [
            b.lone(1, set(&[3, 7])),
            b.lone(2, set(&[4, 6, 8])),
            b.lone(3, set(&[1, 9])),
        ];
        let seven = b.product(&parts);
        let (at_three, at_seven) = (forced(&mut b, 0, 3), forced(&mut b, 0, 7));
        let root = b.decide(&[(at_three, three), (at_seven, seven)]);
        b.finish(root, &[0, 1, 2, 3]).expect("recorded")
    }

    /// Narrow evaluations answer (without giving way to the wide values) what the wide ones do:
    /// digit counts for every target under random digits, sparse target digits among them, on
    /// a hand-made circuit, and picks find a solution exactly when the wide count has one.
    #[test]
    fn narrow_evaluations_answer_as_wide_ones_do() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};

        let circuit = sample_circuit();
        let mut rng = StdRng::seed_from_u64(5);
        let any: Mask = 0b11_1111_1110;
        let mut solutions = 0;
        for _ in 0..300 {
            let allowed: Vec<Mask> = (0..4).map(|_| rng.random::<u16>() & any).collect();
            for target in 0..4 {
                let narrow = Narrow::new(Some(target), &allowed);
                assert!(Evaluation::start(&circuit, &allowed).reach(Mode::Narrow(narrow)));
                let wide = Evaluation::new(&circuit, &allowed, Some(target))
                    .root()
                    .per_digit();
                assert_eq!(circuit.digit_counts(&allowed, target), wide, "{allowed:?}");
            }
            let mut picked = [0; 4];
            let found = circuit.pick(&allowed, &mut picked);
            assert_eq!(found, !circuit.count(&allowed).is_zero(), "{allowed:?}");
            if found {
                // A solution: its digits alone leave exactly one.
                let only: Vec<Mask> = picked.iter().map(|&d| 1 << d).collect();
                assert_eq!(
                    circuit.count(&only),
                    ExactCount::ONE,
                    "{allowed:?} {picked:?}"
                );
                assert!(picked.iter().zip(&allowed).all(|(&d, &a)| a >> d & 1 != 0));
                solutions += 1;
            }
        }
        assert!(solutions > 30, "only {solutions} draws with a solution");
    }

    /// The sample circuit's counts per digit of each of its 4 variables and a pick under
    /// `allowed`, finding closed arms by the digits ruled out or by testing each arm.
    fn answers(
        circuit: &Circuit,
        allowed: &[Mask],
        by_digits: bool,
    ) -> (Vec<[ExactCount; 10]>, Option<[u8; 4]>) {
        circuit.find_closed_arms(Some(by_digits));
        let counts = (0..4).map(|t| circuit.digit_counts(allowed, t)).collect();
        let mut picked = [0; 4];
        let found = circuit.pick(allowed, &mut picked);
        (counts, found.then_some(picked))
    }

    /// Arms found closed by the digits ruled out are those that testing each arm finds closed:
    /// counts per digit, and picks, come out the same either way under random digits.
    #[test]
    fn arms_closed_by_the_digits_ruled_out_are_those_testing_finds() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};

        let circuit = sample_circuit();
        let mut rng = StdRng::seed_from_u64(9);
        let any: Mask = 0b11_1111_1110;
        for _ in 0..300 {
            // Mostly all digits, as early in a walk.
            let allowed: Vec<Mask> = (0..4)
                .map(|_| match rng.random_bool(0.5) {
                    true => any,
                    false => rng.random::<u16>() & any,
                })
                .collect();
            let answers = |by_digits| answers(&circuit, &allowed, by_digits);
            assert_eq!(answers(true), answers(false), "{allowed:?}");
        }
    }

    /// An evaluation under which no arm is closed values every node in one order made for it,
    /// or counts the root from the circuit's expansion where no arm forces the target, and
    /// answers what testing each arm does: counts per digit and picks, with all digits allowed
    /// and with the variables no arm forces narrowed.
    #[test]
    fn evaluations_that_close_no_arm_value_every_node_as_a_search_would() {
        let circuit = sample_circuit();
        let any: Mask = 0b11_1111_1110;
        let set = |ds: &[u8]| ds.iter().fold(0 as Mask, |m, &d| m | 1 << d);
        // Variables 1 and 3 are forced by no arm; 0 and 2 take every digit they are forced.
        let mut cases = vec![vec![any; 4]];
        for one in [set(&[3]), set(&[5, 7]), set(&[4])] {
            for three in [any, set(&[1]), set(&[2, 9]), 0] {
                cases.push(vec![set(&[3, 7]), one, set(&[4, 6, 8]), three]);
            }
        }
        for allowed in cases {
            let answers = |by_digits| answers(&circuit, &allowed, by_digits);
            // Made again by the evaluations that value every node or expand the circuit, and
            // only by them.
            let clear = || {
                let mut scratch = circuit.scratch.lock().unwrap();
                scratch.full.clear();
                scratch.expansion = None;
            };
            clear();
            let all = answers(true);
            let scratch = circuit.scratch.lock().unwrap();
            assert!(!scratch.full.is_empty());
            assert!(matches!(scratch.expansion, Some(Some(_))));
            drop(scratch);
            clear();
            assert_eq!(all, answers(false), "{allowed:?}");
        }
    }

    /// A product with a part without solutions has none, and a narrow evaluation says so
    /// without multiplying the other parts past 128 bits and giving up.
    #[test]
    fn a_part_without_solutions_ends_a_product_before_it_passes_128_bits() {
        use crate::solve::count::circuit::Building;

        let any: Mask = 0b11_1111_1110;
        let mut b = Building::within(1 << 20, 1, (0.0, 1.0));
        let lones: Vec<u32> = (0..100).map(|v| b.lone(v, any)).collect();
        let root = b.product(&lones);
        let vars: Vec<u32> = (0..100).collect();
        let circuit = b.finish(root, &vars).expect("recorded");
        let mut allowed = [any; 100];
        // In the middle: 9^50 past 128 bits come before it, in either order.
        allowed[50] = 0;
        let narrow = Narrow::new(Some(7), &allowed);
        assert!(Evaluation::start(&circuit, &allowed).reach(Mode::Narrow(narrow)));
        assert!(
            circuit
                .digit_counts(&allowed, 7)
                .iter()
                .all(ExactCount::is_zero)
        );
        assert!(!circuit.pick(&allowed, &mut [0; 100]));
    }
}
