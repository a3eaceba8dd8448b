//! One deduction (`Step`): its technique, what it changes on the board and why.

use crate::puzzle::{CellId, RunId};
use crate::solve::combos::Mask;

use super::chain::{End, Link};

/// How hard a technique is for a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Tier {
    /// Reading single runs and cells: combinations, crossings, singles.
    One = 1,
    /// Working a run's digit sets and its cells together: bounds, pairs, struck sets.
    Two = 2,
    /// Looking at several runs at once: areas, arrangements, crossings of runs, shaving.
    Three = 3,
    /// Assuming a digit and following named single-reason links to a contradiction.
    Chain = 4,
    /// Assuming a digit and following it to a contradiction.
    Trial = 5,
}

impl Tier {
    /// The tier's number, 1–5, as `kakuro explain --json` prints it.
    pub const fn number(self) -> u8 {
        self as u8
    }
}

/// A named deduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A run whose sum and length allow one digit set: its cells keep that set's digits.
    UniqueCombination,
    /// A cell keeps only the digits both its runs' sets allow.
    CrossReference,
    /// A placed digit leaves the other cells of its runs.
    NoRepeats,
    /// The last open cell of a run takes the clue minus the placed digits.
    LastCell,
    /// A cell with one candidate left takes it.
    NakedSingle,
    /// A digit the run needs fits only one of its cells.
    HiddenSingle,
    /// Digit sets the cells can no longer make are struck; digits in none of the rest go.
    CombinationElimination,
    /// A digit goes when the rest of the run could no longer reach the sum with it.
    SumBounds,
    /// Two open cells of a run: each digit needs its complement in the other.
    TwoCellComplement,
    /// Cells of a run that share as many digits as they are keep those digits to themselves.
    NakedSubset,
    /// Digits a run needs that fit only as many cells take those cells.
    HiddenSubset,
    /// A region closed by walls: its across clues minus its down clues pin its outlets.
    AreaSum,
    /// A digit no arrangement of the run's sets puts in a cell goes; a digit all put there stays.
    PermutationLogic,
    /// Two parallel runs that need a digit in the same two crossing runs keep it from the rest.
    CrossRunSubset,
    /// A digit goes when, with it, a neighbouring run could not be completed.
    DomainShaving,
    /// A digit assumed leads, link by link, each a single or a hidden single, to a
    /// contradiction: it goes.
    Chain,
    /// A digit assumed leads, link by link, some links the only way to make a run, to a
    /// contradiction: it goes.
    ForcingChain,
    /// A digit denied at one cell comes back, link by link, at another: one of the two holds
    /// it, so the cells that share a run with both lose it.
    EitherOrChain,
    /// A digit assumed leads to a contradiction: it goes.
    Trial,
}

impl Technique {
    /// Every technique, in the order `next_step` tries them (easiest first).
    pub const ALL: [Technique; 19] = [
        Technique::UniqueCombination,
        Technique::CrossReference,
        Technique::NoRepeats,
        Technique::LastCell,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::TwoCellComplement,
        Technique::SumBounds,
        Technique::CombinationElimination,
        Technique::NakedSubset,
        Technique::HiddenSubset,
        Technique::PermutationLogic,
        Technique::CrossRunSubset,
        Technique::AreaSum,
        Technique::DomainShaving,
        Technique::Chain,
        Technique::ForcingChain,
        Technique::EitherOrChain,
        Technique::Trial,
    ];

    /// The technique's tier.
    pub fn tier(self) -> Tier {
        use Technique::*;
        match self {
            UniqueCombination | CrossReference | NoRepeats | LastCell | NakedSingle
            | HiddenSingle => Tier::One,
            CombinationElimination | SumBounds | TwoCellComplement | NakedSubset | HiddenSubset => {
                Tier::Two
            }
            AreaSum | PermutationLogic | CrossRunSubset | DomainShaving => Tier::Three,
            Chain | ForcingChain | EitherOrChain => Tier::Chain,
            Trial => Tier::Trial,
        }
    }

    /// The name as `kakuro explain` prints it ("Hidden single").
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            UniqueCombination => "Unique combination",
            CrossReference => "Cross reference",
            NoRepeats => "No repeats",
            LastCell => "Last cell",
            NakedSingle => "Naked single",
            HiddenSingle => "Hidden single",
            CombinationElimination => "Combination elimination",
            SumBounds => "Sum bounds",
            TwoCellComplement => "Two-cell complement",
            NakedSubset => "Naked subset",
            HiddenSubset => "Hidden subset",
            AreaSum => "Area sum",
            PermutationLogic => "Permutation logic",
            CrossRunSubset => "Cross-run subset",
            DomainShaving => "Domain shaving",
            Chain => "Chain",
            ForcingChain => "Forcing chain",
            EitherOrChain => "Either-or chain",
            Trial => "Trial",
        }
    }
}

/// One deduction: what it does and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique that finds it.
    pub technique: Technique,
    /// Digits it places.
    pub placements: Vec<(CellId, u8)>,
    /// Digits it removes from each cell's candidates.
    pub eliminations: Vec<(CellId, Mask)>,
    /// Digit sets it strikes from each run.
    pub struck: Vec<(RunId, Vec<Mask>)>,
    /// The cells that cause it.
    pub because: Vec<CellId>,
    /// The runs (or a region's runs) to look at: a hint's nudge.
    pub runs: Vec<RunId>,
    /// The facts the sentence is built from.
    pub(crate) why: Why,
}

/// The facts behind a step, per technique: what [`Step::text`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// The run's only digit set holding the digits placed in it.
    UniqueCombination { run: RunId, set: Mask, placed: Mask },
    /// What each of the cell's runs allows (all digits for a missing run).
    CrossReference {
        cell: CellId,
        allowed: Vec<(RunId, Mask)>,
    },
    /// The placed cell and its digit.
    NoRepeats { cell: CellId, digit: u8 },
    /// The run whose last cell is placed.
    LastCell { run: RunId, cell: CellId, digit: u8 },
    /// The cell and its only candidate.
    NakedSingle { cell: CellId, digit: u8 },
    /// The run that needs the digit and the only cell that can take it.
    HiddenSingle { run: RunId, cell: CellId, digit: u8 },
    /// The struck sets with why each, and the sets left.
    CombinationElimination {
        run: RunId,
        struck: Vec<(Mask, SetFault)>,
        left: Vec<Mask>,
    },
    /// What the rest of the run can reach, per cell that loses digits: (cell, lost low
    /// digits with the most the rest reaches, lost high digits with the least it needs).
    SumBounds {
        run: RunId,
        remaining: u8,
        cuts: Vec<BoundCut>,
    },
    /// The two open cells and what they add up to.
    TwoCellComplement {
        run: RunId,
        cells: [CellId; 2],
        total: u8,
    },
    /// The cells and the digits they keep to themselves.
    NakedSubset {
        run: RunId,
        cells: Vec<CellId>,
        digits: Mask,
    },
    /// The digits the run needs and the only cells that can take them.
    HiddenSubset {
        run: RunId,
        cells: Vec<CellId>,
        digits: Mask,
    },
    /// The region's runs: across clues total minus down clues total, and the outlets.
    AreaSum {
        across: Vec<RunId>,
        down: Vec<RunId>,
        /// Cells counted by the across runs only, and by the down runs only (unplaced).
        plus: Vec<CellId>,
        minus: Vec<CellId>,
        /// sum(plus) − sum(minus).
        difference: i32,
    },
    /// The run whose arrangements were tried, and how many of its digit sets fit.
    PermutationLogic { run: RunId, sets: usize },
    /// The digit, the two runs that need it, and the two crossing runs it is confined to.
    CrossRunSubset {
        digit: u8,
        base: [RunId; 2],
        cover: [RunId; 2],
    },
    /// The digit assumed in the cell, and the run that could not be completed with it
    /// (through the cell that the assumption squeezed, if any).
    DomainShaving {
        cell: CellId,
        digit: u8,
        failed: RunId,
        through: Option<CellId>,
    },
    /// The chain's links, the assumption first, and where it breaks.
    Chain { links: Vec<Link>, end: End },
    /// The chain's links, the denied start first and the digit's return last.
    EitherOr { links: Vec<Link> },
    /// The digit assumed (the first link), the digits it led to, and where it broke.
    Trial { links: Vec<Link>, end: End },
}

/// Why a digit set was struck.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetFault {
    /// A cell of the run is placed with a digit outside the set.
    Placed(CellId, u8),
    /// A digit of the set fits no cell of the run.
    Homeless(u8),
    /// A cell can take none of the set's digits.
    Empty(CellId),
    /// The digits fit the cells only with some digit twice.
    Crowded,
}

/// One cell's digits removed by [`Technique::SumBounds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoundCut {
    pub cell: CellId,
    /// Digits too small, and the most the other open cells can add up to.
    pub low: Mask,
    pub most: u8,
    /// Digits too large, and the least the other open cells add up to.
    pub high: Mask,
    pub least: u8,
}

impl Step {
    /// A step with nothing in it yet but its technique and reasons.
    pub(crate) fn new(technique: Technique, why: Why) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            struck: Vec::new(),
            because: Vec::new(),
            runs: Vec::new(),
            why,
        }
    }

    /// A step that only removes digits, looking at one run: `None` when every mask in
    /// `eliminations` is empty (those are left out).
    pub(crate) fn eliminating(
        technique: Technique,
        why: Why,
        run: RunId,
        because: Vec<CellId>,
        eliminations: impl IntoIterator<Item = (CellId, Mask)>,
    ) -> Option<Step> {
        let eliminations: Vec<(CellId, Mask)> =
            eliminations.into_iter().filter(|&(_, m)| m != 0).collect();
        if eliminations.is_empty() {
            return None;
        }
        let mut step = Step::new(technique, why);
        step.eliminations = eliminations;
        step.because = because;
        step.runs = vec![run];
        Some(step)
    }

    /// Whether the step changes nothing (never returned by `next_step`).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty() && self.struck.is_empty()
    }

    /// The technique's tier.
    pub fn tier(&self) -> Tier {
        self.technique.tier()
    }
}
