//! Marks on variables and constraints for one pass over a part of the model (a search for
//! components, a cache key), cleared for the next pass by taking a new number instead of
//! writing every mark: such passes run at every node and touch a few of thousands of entries.

use super::model::Model;

/// Per variable and per constraint, the number of the last pass that marked it.
pub(crate) struct Stamps {
    /// `vars[v] == pass` when variable `v` was marked in the pass numbered `pass`.
    pub(crate) vars: Vec<u32>,
    /// `cons[c] == pass` when constraint `c` was marked in the pass numbered `pass`.
    pub(crate) cons: Vec<u32>,
    pass: u32,
}

impl Stamps {
    /// Marks for `model`'s variables and constraints, none of them set.
    pub(crate) fn new(model: &Model) -> Stamps {
        Stamps {
            vars: vec![0; model.vars],
            cons: vec![0; model.constraints.len()],
            pass: 0,
        }
    }

    /// The number of a new pass, which no variable or constraint carries yet.
    pub(crate) fn next(&mut self) -> u32 {
        self.pass = self.pass.wrapping_add(1);
        if self.pass == 0 {
            // Wrapped: old marks could carry the numbers to come.
            self.vars.fill(0);
            self.cons.fill(0);
            self.pass = 1;
        }
        self.pass
    }
}
