//! The difficulty rating of a logical solve: the hardest technique it needs, a weighted effort
//! score, how hard it is to start, and a band.
//!
//! # Weights (effort per step)
//!
//! | Technique | Tier | Weight |
//! |---|---|---|
//! | unique combination, cross reference, no repeats, last cell, naked single | 1 | 1 |
//! | hidden single | 1 | 2 |
//! | two-cell complement | 2 | 3 |
//! | sum bounds, combination elimination | 2 | 4 |
//! | naked subset | 2 | 5 |
//! | hidden subset | 2 | 6 |
//! | permutation logic | 3 | 8 |
//! | cross-run subset, area sum | 3 | 12 |
//! | domain shaving | 3 | 15 |
//! | chain | 4 | 20, and [`CHAIN_LINK_WEIGHT`] per link |
//! | forcing chain | 4 | 24, and [`CHAIN_LINK_WEIGHT`] per link |
//! | trial | 5 | 60 |
//!
//! The score is the sum of the weights of every step. Like the ratings of rule-based solvers
//! that rate a puzzle by its longest chain, a chain weighs more the longer it is, and the
//! longest chain and how many chains there are decide between Hard and Expert.
//!
//! # Bands
//!
//! - **Easy**: tier 1, and tier-2 steps weighing at most one point per [`EASY_CELLS_PER_POINT`]
//!   white cells in all (at least [`EASY_EXTRA`]): a few two-cell complements in a small
//!   puzzle (the Wikipedia puzzle, 36 cells, needs three), proportionally more in a large one,
//!   since a person meets a tier-2 spot now and then in any region of a big grid.
//! - **Medium**: tier 2 at the most.
//! - **Hard**: tier 3, in at most [`EXPERT_FROM`] − 1 steps, and not needed to start; or
//!   chains too, at most [`HARD_CHAINS`] of them, none longer than [`HARD_CHAIN`] links.
//! - **Expert**: tier 3 in [`EXPERT_FROM`] steps or more, or tier 3 or a chain before the
//!   first digit is placed, or a chain longer than [`HARD_CHAIN`] links, or more than
//!   [`HARD_CHAINS`] chains.
//! - **Needs trial**: logic alone got stuck, or a trial was needed.

use crate::puzzle::Puzzle;

use super::explain::explain;
use super::step::{Step, Technique, Tier};

/// The least the tier-2 steps of an Easy puzzle may weigh together, however small it is.
pub const EASY_EXTRA: u32 = 12;

/// White cells per point of tier-2 weight an Easy puzzle may have.
pub const EASY_CELLS_PER_POINT: u32 = 3;

/// The most the tier-2 steps of an Easy puzzle of `cells` white cells may weigh together.
pub fn easy_allowance(cells: usize) -> u32 {
    EASY_EXTRA.max(cells as u32 / EASY_CELLS_PER_POINT)
}

/// Tier-3 steps from which a puzzle is Expert rather than Hard.
pub const EXPERT_FROM: usize = 6;

/// The longest chain (in links) a Hard puzzle may need.
pub const HARD_CHAIN: usize = 5;

/// The most chains a Hard puzzle may need.
pub const HARD_CHAINS: usize = 3;

/// What each link of a chain adds to its step's weight.
pub const CHAIN_LINK_WEIGHT: u32 = 2;

/// A difficulty band, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    /// Tier 1, and a few light tier-2 steps.
    Easy,
    /// Tier 2 at the most.
    Medium,
    /// A few tier-3 steps, or a few short chains.
    Hard,
    /// Many tier-3 steps, or one to start, or long or many chains.
    Expert,
    /// Logic alone gets stuck, or needs a trial.
    Trial,
}

impl Band {
    /// The band as people read it: "Easy" … "Needs trial".
    pub fn name(self) -> &'static str {
        match self {
            Band::Easy => "Easy",
            Band::Medium => "Medium",
            Band::Hard => "Hard",
            Band::Expert => "Expert",
            Band::Trial => "Needs trial",
        }
    }

    /// The band in JSON and on the command line: "easy" … "trial".
    pub fn key(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Expert => "expert",
            Band::Trial => "trial",
        }
    }
}

/// How hard a puzzle is to solve by logic.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The band.
    pub band: Band,
    /// The weighted effort: the sum of the steps' weights (see the module's table).
    pub score: u32,
    /// The hardest technique used (the heaviest of the highest tier).
    pub hardest: Technique,
    /// The hardest technique used before the first digit is placed.
    pub start: Technique,
    /// The links of the longest chain (0 when none is needed).
    pub longest_chain: usize,
    /// How many chain steps the solve needs.
    pub chains: usize,
}

/// The effort one step of a technique counts for.
pub fn weight(technique: Technique) -> u32 {
    use Technique::*;
    match technique {
        UniqueCombination | CrossReference | NoRepeats | LastCell | NakedSingle => 1,
        HiddenSingle => 2,
        TwoCellComplement => 3,
        SumBounds | CombinationElimination => 4,
        NakedSubset => 5,
        HiddenSubset => 6,
        PermutationLogic => 8,
        CrossRunSubset | AreaSum => 12,
        DomainShaving => 15,
        Chain | EitherOrChain => 20,
        ForcingChain => 24,
        Trial => 60,
    }
}

/// The effort a step counts for: its technique's weight, and its chain's links.
pub fn step_weight(step: &Step) -> u32 {
    let links = match step.tier() {
        Tier::Chain => step.chain().len() as u32,
        _ => 0,
    };
    weight(step.technique) + CHAIN_LINK_WEIGHT * links
}

/// The rating of a puzzle's logical solve.
pub fn rate(puzzle: &Puzzle) -> Rating {
    explain(puzzle).rating
}

/// The rating of a list of steps from the empty board of `puzzle`; `solved`: whether they fill
/// the grid.
pub fn rating_of(puzzle: &Puzzle, steps: &[Step], solved: bool) -> Rating {
    let harder = |a: Technique, b: Technique| (a.tier(), weight(a)) < (b.tier(), weight(b));
    let hardest_of = |steps: &[Step]| {
        steps
            .iter()
            .map(|s| s.technique)
            .reduce(|a, b| if harder(a, b) { b } else { a })
            .unwrap_or(Technique::NakedSingle)
    };
    let first_placement = steps
        .iter()
        .position(|s| !s.placements.is_empty())
        .map_or(steps.len(), |i| i + 1);
    let hardest = hardest_of(steps);
    let start = hardest_of(&steps[..first_placement]);
    let score = steps.iter().map(step_weight).sum();
    let chain_steps = steps.iter().filter(|s| s.tier() == Tier::Chain);
    let chains = chain_steps.clone().count();
    let longest_chain = chain_steps.map(|s| s.chain().len()).max().unwrap_or(0);
    let tier_two_weight: u32 = steps
        .iter()
        .filter(|s| s.technique.tier() == Tier::Two)
        .map(|s| weight(s.technique))
        .sum();
    let deep = steps
        .iter()
        .filter(|s| s.technique.tier() == Tier::Three)
        .count();
    let band = if !solved || hardest.tier() == Tier::Trial {
        Band::Trial
    } else {
        match hardest.tier() {
            Tier::One => Band::Easy,
            Tier::Two if tier_two_weight <= easy_allowance(puzzle.cells().len()) => Band::Easy,
            Tier::Two => Band::Medium,
            _ if deep >= EXPERT_FROM
                || start.tier() >= Tier::Three
                || longest_chain > HARD_CHAIN
                || chains > HARD_CHAINS =>
            {
                Band::Expert
            }
            _ => Band::Hard,
        }
    };
    Rating {
        band,
        score,
        hardest,
        start,
        longest_chain,
        chains,
    }
}
