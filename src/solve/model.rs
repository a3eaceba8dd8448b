//! `Model`: the puzzle compiled into variables and constraints for the search.
//!
//! Variables are the white cells (index = [`crate::CellId`]) followed, in a cryptic puzzle, by
//! the ten letters A–J (index = cell count + letter index). Each variable has a [`Mask`] domain.
//! Constraints are the runs, then (cryptic only) "letters all different" and one equality per
//! letter-shown cell.

use super::combos::{self, DIGITS, LETTER_DIGITS, Mask};
use crate::grid::{Clue, Letter};
use crate::puzzle::Puzzle;

/// What a constraint asks of its variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A run with a known sum: its digits form one of the live digit sets.
    Sum,
    /// A run without a sum: all different only.
    Free,
    /// A cryptic run: its digits form a live set whose sum is spelled by the letter variables
    /// (`tens` then `units`; `tens == units` for a clue like `CC`).
    Cipher {
        /// Variable of the tens letter, for a two-letter clue.
        tens: Option<u32>,
        /// Variable of the units letter.
        units: u32,
    },
    /// The ten letters take ten different digits.
    Letters,
    /// A letter-shown cell and its letter hold the same digit.
    Equal,
}

/// One constraint: its kind and its variables (run cells first, then any letters).
#[derive(Clone, Copy, Debug)]
pub struct Constraint {
    /// What the constraint asks.
    pub kind: Kind,
    start: u32,
    /// How many of the variables are run cells (the rest are letters).
    pub cells: u8,
    len: u8,
}

/// The compiled puzzle: variables, constraints, and who touches whom.
#[derive(Clone, Debug)]
pub struct Model {
    /// White cells (the first variables).
    pub cells: usize,
    /// All variables: cells, then letters in a cryptic puzzle.
    pub vars: usize,
    /// Whether variables `cells..cells + 10` are the letters A–J.
    pub cryptic: bool,
    /// The constraints; a run's constraint has the run's index.
    pub constraints: Vec<Constraint>,
    con_vars: Vec<u32>,
    var_start: Vec<u32>,
    var_cons: Vec<u32>,
    /// Per variable, its constraints with a sum or a cipher (`summed[summed_start[v]..]`).
    summed_start: Vec<u32>,
    summed: Vec<u32>,
    /// Domains before any propagation.
    pub initial_domains: Vec<Mask>,
    /// Live digit sets before any propagation (runs only; 0 for other constraints).
    pub initial_live: Vec<u128>,
    /// Whether some constraint is impossible from the start (a run over nine cells).
    pub hopeless: bool,
    /// Each cell's row and column.
    pub pos: Vec<(u16, u16)>,
    /// Each cell's across and down run (their constraints), [`NO_RUN`] where it has none.
    pub lines: Vec<[u32; 2]>,
}

/// [`Model::lines`] for a cell without a run in that direction.
pub const NO_RUN: u32 = u32::MAX;

impl Model {
    /// Allows only `digits` in `cell` from the start (none left: the model is hopeless).
    pub(crate) fn restrict(&mut self, cell: crate::CellId, digits: Mask) {
        let domain = &mut self.initial_domains[cell.0 as usize];
        *domain &= digits;
        if *domain == 0 {
            self.hopeless = true;
        }
    }

    /// Compiles a puzzle.
    pub fn new(puzzle: &Puzzle) -> Model {
        let cells = puzzle.cells().len();
        let cryptic = puzzle.is_cryptic();
        let vars = cells + if cryptic { Letter::COUNT } else { 0 };
        let letter_var = |l: Letter| (cells + l.index()) as u32;
        let runs = puzzle.runs().len();
        let mut m = Model {
            cells,
            vars,
            cryptic,
            constraints: Vec::with_capacity(runs + 1 + if cryptic { cells } else { 0 }),
            con_vars: Vec::with_capacity(2 * cells + 3 * runs + Letter::COUNT),
            var_start: Vec::new(),
            var_cons: Vec::new(),
            summed_start: Vec::new(),
            summed: Vec::new(),
            initial_domains: Vec::with_capacity(vars),
            initial_live: Vec::with_capacity(runs + 1),
            hopeless: false,
            pos: puzzle
                .cells()
                .iter()
                .map(|c| (c.pos.row as u16, c.pos.col as u16))
                .collect(),
            lines: puzzle
                .cells()
                .iter()
                .map(|c| [c.across, c.down].map(|r| r.map_or(NO_RUN, |r| r.0)))
                .collect(),
        };
        m.initial_domains.resize(cells, DIGITS);
        m.initial_domains.resize(vars, LETTER_DIGITS);
        for run in puzzle.runs() {
            let len = run.len();
            if len > 9 {
                m.hopeless = true;
            }
            let table = combos::table(len.min(9));
            let (kind, letters, live) = match run.clue {
                Some(Clue::Sum(s)) => (Kind::Sum, &[][..], table.with_sum(s)),
                None => (Kind::Free, &[][..], 0),
                Some(Clue::Cipher(c)) => {
                    let tens = c.tens.map(letter_var);
                    let units = letter_var(c.units);
                    let kind = Kind::Cipher { tens, units };
                    match tens {
                        Some(t) if t != units => (kind, &[t, units][..], table.all()),
                        _ => (kind, &[units][..], table.all()),
                    }
                }
            };
            m.push(kind, run.cells.iter().map(|c| c.0), letters, live);
        }
        if cryptic {
            let letters: Vec<u32> = Letter::all().map(letter_var).collect();
            m.push(Kind::Letters, std::iter::empty(), &letters, 0);
            for (i, cell) in puzzle.cells().iter().enumerate() {
                if let Some(l) = cell.shown {
                    m.push(Kind::Equal, [i as u32].into_iter(), &[letter_var(l)], 0);
                }
            }
        }
        m.index_vars();
        m
    }

    fn push(&mut self, kind: Kind, cells: impl Iterator<Item = u32>, letters: &[u32], live: u128) {
        let start = self.con_vars.len();
        self.con_vars.extend(cells);
        let cells = self.con_vars.len() - start;
        self.con_vars.extend_from_slice(letters);
        self.constraints.push(Constraint {
            kind,
            start: start as u32,
            cells: cells as u8,
            len: (cells + letters.len()) as u8,
        });
        self.initial_live.push(live);
    }

    fn index_vars(&mut self) {
        let mut count = vec![0u32; self.vars + 1];
        for &v in &self.con_vars {
            count[v as usize + 1] += 1;
        }
        for v in 0..self.vars {
            count[v + 1] += count[v];
        }
        let mut fill = count.clone();
        self.var_cons = vec![0; self.con_vars.len()];
        for (ci, c) in self.constraints.iter().enumerate() {
            for &v in &self.con_vars[c.start as usize..(c.start + u32::from(c.len)) as usize] {
                self.var_cons[fill[v as usize] as usize] = ci as u32;
                fill[v as usize] += 1;
            }
        }
        self.var_start = count;
        let mut summed_start = Vec::with_capacity(self.vars + 1);
        let mut summed = Vec::new();
        summed_start.push(0);
        for v in 0..self.vars {
            summed.extend(self.constraints_of(v).iter().filter(|&&c| {
                matches!(
                    self.constraints[c as usize].kind,
                    Kind::Sum | Kind::Cipher { .. }
                )
            }));
            summed_start.push(summed.len() as u32);
        }
        self.summed_start = summed_start;
        self.summed = summed;
    }

    /// Every variable of a constraint (run cells first).
    #[inline]
    pub fn vars_of(&self, c: usize) -> &[u32] {
        let c = &self.constraints[c];
        &self.con_vars[c.start as usize..c.start as usize + usize::from(c.len)]
    }

    /// The run cells of a constraint (empty for `Letters`).
    #[inline]
    pub fn cells_of(&self, c: usize) -> &[u32] {
        let c = &self.constraints[c];
        &self.con_vars[c.start as usize..c.start as usize + usize::from(c.cells)]
    }

    /// The constraints a variable takes part in.
    #[inline]
    pub fn constraints_of(&self, var: usize) -> &[u32] {
        &self.var_cons[self.var_start[var] as usize..self.var_start[var + 1] as usize]
    }

    /// The constraints with a sum or a cipher that a variable takes part in (its runs that
    /// say what they add up to), in the order of [`Model::constraints_of`].
    #[inline]
    pub fn summed_of(&self, var: usize) -> &[u32] {
        &self.summed[self.summed_start[var] as usize..self.summed_start[var + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    /// A variable's summed constraints are its runs with a sum, without its runs without one.
    #[test]
    fn summed_constraints_leave_out_runs_without_a_sum() {
        // Two across runs with sums; the down runs have no clue.
        let (grid, _) = kakuro_text::parse("\\ \\ \\\n\\3 __ __\n\\4 __ __\n").unwrap();
        let model = Model::new(&Puzzle::from_grid(&grid).unwrap());
        assert_eq!(model.vars, 4);
        for v in 0..model.vars {
            assert_eq!(model.constraints_of(v).len(), 2);
            let summed = model.summed_of(v);
            assert_eq!(summed.len(), 1, "variable {v}");
            assert!(matches!(
                model.constraints[summed[0] as usize].kind,
                Kind::Sum
            ));
            assert!(model.constraints_of(v).contains(&summed[0]));
        }
    }
}
