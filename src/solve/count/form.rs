//! Prototype (not wired in) of issue 47's compiled, counted form: a decision on the lowest-rank
//! undecided variable with its digit arms ascending, a product of independent parts ordered by
//! their lowest variable, and a leaf. `nth` is one descent subtracting child counts, and the
//! order it follows is the order of a depth-first search that branches by the same rule, so a
//! stream and random access agree by construction. Swept parts and eviction are left out here.

use std::collections::HashMap;

/// A constraint of the toy model: its variables take distinct digits summing to `sum`.
pub struct Sum {
    pub vars: Vec<usize>,
    pub sum: u32,
}

/// A node of the compiled form, with its count.
enum Node {
    Leaf,
    /// Branching on `var`: each arm is a digit, its child, and the solutions of the arms before.
    Decide {
        var: usize,
        arms: Vec<(u8, usize, u128)>,
    },
    /// Independent parts, the one holding the lowest variable first (most significant).
    Product {
        parts: Vec<usize>,
    },
}

/// The compiled form of a toy model: nodes in an arena, the root last.
pub struct Form {
    nodes: Vec<(Node, u128)>,
    root: usize,
    vars: usize,
}

/// Whether every constraint can still hold under `digits` (0: undecided).
fn consistent(sums: &[Sum], digits: &[u8]) -> bool {
    sums.iter().all(|c| {
        let (mut seen, mut total, mut open) = (0u16, 0, false);
        for &v in &c.vars {
            match digits[v] {
                0 => open = true,
                d if seen & (1 << d) != 0 => return false,
                d => {
                    seen |= 1 << d;
                    total += u32::from(d);
                }
            }
        }
        if open {
            total < c.sum
        } else {
            total == c.sum
        }
    })
}

/// The connected components of `vars` (two joined when a constraint holds both), each sorted,
/// ordered by their lowest variable.
fn components(sums: &[Sum], vars: &[usize]) -> Vec<Vec<usize>> {
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut placed = vec![false; vars.len()];
    for i in 0..vars.len() {
        if placed[i] {
            continue;
        }
        placed[i] = true;
        let mut part = vec![vars[i]];
        let mut at = 0;
        while at < part.len() {
            let v = part[at];
            at += 1;
            for (j, &w) in vars.iter().enumerate() {
                let joined = sums
                    .iter()
                    .any(|c| c.vars.contains(&v) && c.vars.contains(&w));
                if !placed[j] && joined {
                    placed[j] = true;
                    part.push(w);
                }
            }
        }
        part.sort_unstable();
        parts.push(part);
    }
    parts
}

struct Builder<'a> {
    sums: &'a [Sum],
    digits: Vec<u8>,
    nodes: Vec<(Node, u128)>,
    memo: HashMap<Vec<u8>, usize>,
}

impl Builder<'_> {
    /// The node of the part `vars` (all undecided) under the current digits, shared by key: the
    /// part's variables and the digits of every variable a constraint of the part holds.
    fn part(&mut self, vars: &[usize]) -> usize {
        let mut key: Vec<u8> = vars.iter().map(|&v| v as u8).collect();
        key.push(u8::MAX);
        for c in self
            .sums
            .iter()
            .filter(|c| c.vars.iter().any(|v| vars.contains(v)))
        {
            key.extend(c.vars.iter().map(|&v| self.digits[v]));
        }
        if let Some(&id) = self.memo.get(&key) {
            return id;
        }
        let parts = components(self.sums, vars);
        let node = if vars.is_empty() {
            (Node::Leaf, 1)
        } else if parts.len() > 1 {
            let parts: Vec<usize> = parts.iter().map(|p| self.part(p)).collect();
            let count = parts.iter().map(|&p| self.nodes[p].1).product();
            (Node::Product { parts }, count)
        } else {
            let (var, rest) = (vars[0], &vars[1..]);
            let mut arms = Vec::new();
            let mut before = 0;
            for d in 1..=9 {
                self.digits[var] = d;
                if consistent(self.sums, &self.digits) {
                    let child = self.part(rest);
                    if self.nodes[child].1 > 0 {
                        arms.push((d, child, before));
                        before += self.nodes[child].1;
                    }
                }
            }
            self.digits[var] = 0;
            (Node::Decide { var, arms }, before)
        };
        self.nodes.push(node);
        self.memo.insert(key, self.nodes.len() - 1);
        self.nodes.len() - 1
    }
}

impl Form {
    /// Compiles the toy model of `vars` variables (digits 1–9) under `sums`.
    pub fn compile(vars: usize, sums: &[Sum]) -> Form {
        let mut b = Builder {
            sums,
            digits: vec![0; vars],
            nodes: Vec::new(),
            memo: HashMap::new(),
        };
        let all: Vec<usize> = (0..vars).collect();
        let root = b.part(&all);
        Form {
            nodes: b.nodes,
            root,
            vars,
        }
    }

    /// The number of solutions.
    pub fn count(&self) -> u128 {
        self.nodes[self.root].1
    }

    /// Solution `k` (from 0) in the form's order, by one descent.
    pub fn nth(&self, k: u128) -> Option<Vec<u8>> {
        (k < self.count()).then(|| {
            let mut digits = vec![0; self.vars];
            self.descend(self.root, k, &mut digits);
            digits
        })
    }

    fn descend(&self, id: usize, mut k: u128, digits: &mut [u8]) {
        match &self.nodes[id].0 {
            Node::Leaf => {}
            Node::Decide { var, arms } => {
                let at = arms.partition_point(|&(_, _, before)| before <= k) - 1;
                let (d, child, before) = arms[at];
                digits[*var] = d;
                self.descend(child, k - before, digits);
            }
            Node::Product { parts } => {
                // Mixed radix, the first part most significant.
                for &p in parts.iter().rev() {
                    let n = self.nodes[p].1;
                    self.descend(p, k % n, digits);
                    k /= n;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The depth-first search that branches by the form's rule, as the stream would.
    fn stream(sums: &[Sum], vars: &[usize], digits: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let parts = components(sums, vars);
        if vars.is_empty() {
            out.push(digits.clone());
        } else if parts.len() > 1 {
            // Product: the first part's solutions change slowest.
            let mut partial = vec![digits.clone()];
            for p in &parts {
                let mut next = Vec::new();
                for base in &partial {
                    let mut found = Vec::new();
                    stream(sums, p, &mut base.clone(), &mut found);
                    next.extend(found);
                }
                partial = next;
            }
            out.extend(partial);
        } else {
            for d in 1..=9 {
                digits[vars[0]] = d;
                if consistent(sums, digits) {
                    stream(sums, &vars[1..], digits, out);
                }
            }
            digits[vars[0]] = 0;
        }
    }

    fn check(vars: usize, sums: Vec<Sum>) {
        let form = Form::compile(vars, &sums);
        let mut all = Vec::new();
        stream(
            &sums,
            &(0..vars).collect::<Vec<_>>(),
            &mut vec![0; vars],
            &mut all,
        );
        assert_eq!(form.count(), all.len() as u128);
        for (k, s) in all.iter().enumerate() {
            assert_eq!(form.nth(k as u128).as_ref(), Some(s), "solution {k}");
        }
        assert_eq!(form.nth(all.len() as u128), None);
    }

    #[test]
    fn nth_follows_the_branching_order_through_products() {
        // Two runs sharing variable 2, then a separate run: a decision on 0, 1, 2 cuts the rest
        // into independent parts.
        check(
            8,
            vec![
                Sum {
                    vars: vec![0, 1, 2],
                    sum: 12,
                },
                Sum {
                    vars: vec![2, 3, 4],
                    sum: 15,
                },
                Sum {
                    vars: vec![2, 5],
                    sum: 9,
                },
                Sum {
                    vars: vec![6, 7],
                    sum: 10,
                },
            ],
        );
    }

    #[test]
    fn a_puzzle_without_solutions_has_none() {
        check(
            2,
            vec![Sum {
                vars: vec![0, 1],
                sum: 2,
            }],
        );
    }
}
