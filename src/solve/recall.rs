//! What walks to a solution asked, remembered for the walks after them.
//!
//! The walks to solutions #k−1 and #k+1 make the decisions the walk to #k made until near their
//! end, so they ask the same questions: of the kept graphs, the counts per digit of the next
//! branching variable under the same digits; where no graph was kept, the counts of the same
//! states after each digit. The browser asks for #k−1 after each jump (to show what changed)
//! and pages one solution at a time, and random draws share their first few decisions. An
//! evaluation of a big circuit reaches up to hundreds of thousands of nodes, and a state
//! without a graph may take seconds to count again once the cache has dropped it (the walk's
//! own counts push it out); a lookup hashes a word per variable.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, Weak};

use super::Cancelled;
use super::combos::Mask;
use super::count::{Counter, Graph};
use super::memo::{ExactCount, WordHasher};
use super::model::Model;
use super::propagate::propagate_all;
use super::state::State;

/// Bytes of answers kept at most (keys included); past it, they are all forgotten. A walk asks
/// some hundreds of questions of about a kilobyte each, so this holds many walks' worth.
const RECALL_BYTES: usize = 16 << 20;

/// Bytes an answer takes besides its key's masks: the key's other fields, the counts and the
/// table's own.
const ANSWER_BYTES: usize = std::mem::size_of::<(Question, Answer)>() + 16;

/// Bytes a state's count takes besides its key's words and a big count's digits.
const COUNT_BYTES: usize = std::mem::size_of::<(Box<[u32]>, ExactCount)>() + 16;

/// The answers of recent walks, by graph and question, and the counts of states they met.
#[derive(Default)]
pub(crate) struct Recall {
    graphs: HashMap<usize, Asked>,
    /// Counts of states by their key (see [`Counter::state_key`]).
    counts: HashMap<Box<[u32]>, ExactCount, BuildHasherDefault<WordHasher>>,
    bytes: usize,
    limit: Option<usize>,
    /// The state every walk starts from: the root after propagation (`None`: it fails). Made
    /// once, not per walk: on a big puzzle it is a good part of a short walk.
    root: OnceCell<Option<State>>,
    /// Questions of graphs answered from memory, for tests.
    #[cfg(test)]
    pub(crate) recalled: u64,
    /// Counts of walks' states answered from memory (totals aside), for tests.
    #[cfg(test)]
    pub(crate) recalled_states: u64,
}

/// The questions asked of one graph.
struct Asked {
    /// Holds the graph's allocation, so that no other graph takes its address (the key) while
    /// its answers are kept; the graph itself goes when the cache drops it.
    _graph: Weak<Graph>,
    /// Hashed by words: a question holds a mask per variable of the graph, hundreds of them,
    /// and a walk asks hundreds of questions.
    answers: HashMap<Question, Answer, BuildHasherDefault<WordHasher>>,
}

/// A question: the digits allowed to the graph's variables (in its order) and what is asked.
#[derive(PartialEq, Eq, Hash)]
struct Question {
    /// The variable whose digits split the count, or `None` for a pick.
    split_by: Option<u32>,
    allowed: Box<[Mask]>,
}

enum Answer {
    Counts(Box<[ExactCount; 10]>),
    /// A solution's digits, in the order of the graph's variables.
    Pick(Option<Box<[u8]>>),
}

impl Recall {
    /// A recall keeping at most `bytes` of answers (tests make it small).
    #[cfg(test)]
    pub(crate) fn within(bytes: usize) -> Recall {
        Recall {
            limit: Some(bytes),
            ..Recall::default()
        }
    }

    /// A copy of `model`'s root state after propagation (the recall serves one model);
    /// `None` if propagation fails there.
    pub(crate) fn root(&self, model: &Model) -> Option<State> {
        let root = self.root.get_or_init(|| {
            let mut state = State::new(model);
            propagate_all(model, &mut state).ok().map(|()| state)
        });
        root.clone()
    }

    /// [`Graph::digit_counts`], remembered.
    pub(crate) fn digit_counts(
        &mut self,
        graph: &Arc<Graph>,
        allowed: &[Mask],
        var: u32,
    ) -> [ExactCount; 10] {
        let question = question(graph, allowed, Some(var));
        if let Some(Answer::Counts(counts)) = self.answer(graph, &question) {
            let counts = (**counts).clone();
            self.recalled();
            return counts;
        }
        let counts = graph.digit_counts(allowed, var);
        self.keep(graph, question, Answer::Counts(Box::new(counts.clone())));
        counts
    }

    /// [`Graph::pick`], remembered.
    pub(crate) fn pick(&mut self, graph: &Arc<Graph>, allowed: &[Mask]) -> Option<Vec<u8>> {
        let question = question(graph, allowed, None);
        if let Some(Answer::Pick(picked)) = self.answer(graph, &question) {
            let picked = picked.as_ref().map(|digits| {
                let mut out = vec![0; allowed.len()];
                for (&v, &d) in graph.vars().iter().zip(digits.iter()) {
                    out[v as usize] = d;
                }
                out
            });
            self.recalled();
            return picked;
        }
        let picked = graph.pick(allowed);
        let kept = picked
            .as_ref()
            .map(|out| graph.vars().iter().map(|&v| out[v as usize]).collect());
        self.keep(graph, question, Answer::Pick(kept));
        picked
    }

    /// The count of the variables `vars` in the counter's state ([`Counter::count_part`]),
    /// remembered.
    pub(crate) fn count(
        &mut self,
        counter: &mut Counter<'_, '_>,
        vars: &[u32],
    ) -> Result<ExactCount, Cancelled> {
        let (n, remembered) = self.remembered(counter, vars, |counter| {
            counter.count_part(vars, (0.0, 1.0))
        })?;
        if remembered {
            self.recalled_state();
        }
        Ok(n)
    }

    /// The count of every variable `vars` in the counter's state, remembered; `count` counts
    /// them when it is not (as the solver's count would: the walks need what it keeps).
    pub(crate) fn total(
        &mut self,
        counter: &mut Counter<'_, '_>,
        vars: &[u32],
        count: impl FnOnce(&mut Counter<'_, '_>) -> Result<ExactCount, Cancelled>,
    ) -> Result<ExactCount, Cancelled> {
        Ok(self.remembered(counter, vars, count)?.0)
    }

    /// The count of `vars` in the counter's state and whether it was remembered; `count`
    /// counts them when it was not.
    fn remembered(
        &mut self,
        counter: &mut Counter<'_, '_>,
        vars: &[u32],
        count: impl FnOnce(&mut Counter<'_, '_>) -> Result<ExactCount, Cancelled>,
    ) -> Result<(ExactCount, bool), Cancelled> {
        let key = counter.state_key(vars);
        if let Some(n) = self.counts.get(&key) {
            return Ok((n.clone(), true));
        }
        let n = count(counter)?;
        let bytes = COUNT_BYTES + std::mem::size_of_val(&*key) + n.heap_bytes();
        self.make_room(bytes);
        self.counts.insert(key, n.clone());
        Ok((n, false))
    }

    fn answer(&self, graph: &Arc<Graph>, question: &Question) -> Option<&Answer> {
        self.graphs
            .get(&id(graph))
            .and_then(|asked| asked.answers.get(question))
    }

    fn recalled(&mut self) {
        #[cfg(test)]
        {
            self.recalled += 1;
        }
    }

    fn recalled_state(&mut self) {
        #[cfg(test)]
        {
            self.recalled_states += 1;
        }
    }

    fn keep(&mut self, graph: &Arc<Graph>, question: Question, answer: Answer) {
        let bytes = ANSWER_BYTES
            + std::mem::size_of_val(&*question.allowed)
            + match &answer {
                Answer::Counts(_) => std::mem::size_of::<[ExactCount; 10]>(),
                Answer::Pick(digits) => digits.as_ref().map_or(0, |d| d.len()),
            };
        self.make_room(bytes);
        self.graphs
            .entry(id(graph))
            .or_insert_with(|| Asked {
                _graph: Arc::downgrade(graph),
                answers: HashMap::default(),
            })
            .answers
            .insert(question, answer);
    }

    /// Counts `bytes` more in, forgetting everything first if they would pass the budget:
    /// crude, but the next walk asks again only what it needs, and the budget holds tens of
    /// walks.
    fn make_room(&mut self, bytes: usize) {
        if self.bytes + bytes > self.limit.unwrap_or(RECALL_BYTES) {
            self.graphs.clear();
            self.counts.clear();
            self.bytes = 0;
        }
        self.bytes += bytes;
    }
}

/// A graph's key: its address, which its `Weak` in the recall keeps from being reused.
fn id(graph: &Arc<Graph>) -> usize {
    Arc::as_ptr(graph) as usize
}

fn question(graph: &Graph, allowed: &[Mask], split_by: Option<u32>) -> Question {
    Question {
        split_by,
        allowed: graph.vars().iter().map(|&v| allowed[v as usize]).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Clue, Grid};
    use crate::puzzle::Puzzle;
    use crate::solve::combos::is_single;
    use crate::solve::count::generated_root;
    use crate::solve::propagate::assign;

    const ANY: Mask = 0b11_1111_1110;

    /// Answers asked again come from memory and are the graph's; a full recall forgets and
    /// still answers right.
    #[test]
    fn answers_asked_again_are_remembered_until_the_budget_is_spent() {
        let graph = Arc::new(Graph::free(&[0, 2], 0b1010));
        let mut allowed = vec![ANY; 3];
        let mut recall = Recall::within(4 * ANSWER_BYTES);
        let counts = recall.digit_counts(&graph, &allowed, 2);
        assert_eq!(counts[1], ExactCount::Small(2));
        assert_eq!(counts[3], ExactCount::Small(2));
        assert_eq!(recall.digit_counts(&graph, &allowed, 2), counts);
        assert_eq!(recall.pick(&graph, &allowed), Some(vec![1, 0, 1]));
        assert_eq!(recall.pick(&graph, &allowed), Some(vec![1, 0, 1]));
        assert_eq!(recall.recalled, 2);
        // Another question: the other variable, other digits, no solution.
        assert_eq!(
            recall.digit_counts(&graph, &allowed, 0)[1],
            ExactCount::Small(2)
        );
        allowed[2] = 0b1000;
        assert_eq!(recall.pick(&graph, &allowed), Some(vec![1, 0, 3]));
        allowed[0] = 0b100;
        assert_eq!(recall.pick(&graph, &allowed), None);
        assert_eq!(recall.pick(&graph, &allowed), None);
        assert_eq!(recall.recalled, 3);
        // Past the budget, forgotten: asked again, answered by the graph.
        assert!(recall.bytes <= 4 * ANSWER_BYTES + 64);
        allowed = vec![ANY; 3];
        assert_eq!(recall.digit_counts(&graph, &allowed, 2), counts);
        assert_eq!(recall.recalled, 3);
    }

    /// A graph dropped while its answers are kept leaves its address to no other graph, whose
    /// answers (to the same question) differ.
    #[test]
    fn a_new_graph_never_gets_the_answers_of_a_dropped_one() {
        let mut recall = Recall::default();
        let allowed = vec![ANY; 2];
        for round in 0..50u8 {
            let low = 1 + round % 4;
            let graph = Arc::new(Graph::free(&[0, 1], 1 << low | 1 << (low + 4)));
            assert_eq!(
                recall.pick(&graph, &allowed),
                Some(vec![low, low]),
                "round {round}"
            );
        }
        assert_eq!(recall.graphs.len(), 50);
    }

    /// Walks start from a copy of the root after propagation, made once: the domains of a fresh
    /// propagation however often asked (a walk's decisions in one copy leave the next as it
    /// was), and none where propagation fails.
    #[test]
    fn walks_start_from_the_root_after_propagation() {
        let mut checked = 0;
        for seed in 0..8 {
            let Some((model, fresh)) = generated_root(8, 8, 0.3, seed) else {
                continue;
            };
            let recall = Recall::default();
            let mut walked = recall.root(&model).expect("propagation succeeds");
            assert_eq!(walked.domains, fresh.domains, "seed {seed}");
            let Some(v) = walked.domains.iter().position(|&d| !is_single(d)) else {
                continue;
            };
            let digit = walked.domains[v].trailing_zeros() as u8;
            assign(&model, &mut walked, v, digit).expect("a digit of the root has solutions");
            assert_ne!(walked.domains, fresh.domains, "seed {seed}");
            let again = recall.root(&model).expect("propagation succeeds");
            assert_eq!(again.domains, fresh.domains, "seed {seed}");
            checked += 1;
        }
        assert!(checked >= 4, "only {checked} puzzles with undecided cells");

        // Both columns add up to 3 (1 and 2), and the bottom row to 17 (8 and 9).
        let sum = |n| Some(Clue::Sum(n));
        let across = |n| Cell::Wall {
            down: None,
            across: sum(n),
        };
        let down = Cell::Wall {
            down: sum(3),
            across: None,
        };
        let grid = Grid::from_rows(vec![
            vec![Cell::WALL, down, down],
            vec![across(3), Cell::WHITE, Cell::WHITE],
            vec![across(17), Cell::WHITE, Cell::WHITE],
        ]);
        let puzzle = Puzzle::from_grid(&grid).expect("a well-formed puzzle");
        let model = Model::new(&puzzle);
        assert!(Recall::default().root(&model).is_none());
    }
}
