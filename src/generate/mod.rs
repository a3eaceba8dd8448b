//! The puzzle generator: unique puzzles that logic alone solves, in a chosen difficulty band.
//!
//! A layout of walls ([`shape`]), a filling leaning as setters do ([`fill`]), clues summed from
//! it, then repair until the puzzle has one solution and logic solves it ([`repair`]); a puzzle
//! outside the requested band is dropped and another drawn. Every budget counts work (layouts
//! drawn, edits made), never time, so the same options and seed give the same puzzle on any
//! machine. [`fix`] turns the same tools on a designer's ambiguous draft.

pub mod conflict;
pub mod drawn;
pub mod fill;
pub mod fix;
pub mod repair;
pub mod shape;

#[cfg(test)]
mod tests;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::format::kakuro_text;
use crate::grid::{Grid, Pos};
use crate::logic::{Band, Explanation};
use crate::puzzle::Puzzle;
use crate::solve::{CancelToken, Cancelled};

/// The smallest side a generated grid may have (the clue row or column included).
pub const MIN_SIDE: usize = 4;
/// The largest side a generated grid may have.
pub const MAX_SIDE: usize = 40;
/// The largest wall density (of the interior) the generator takes.
pub const MAX_WALLS: f64 = 0.6;
/// The wall density the generator uses unless told otherwise: about a third of the interior,
/// as in published puzzles; much less makes long runs whose clues say little.
pub const DEFAULT_WALLS: f64 = 0.35;
/// Layouts the generator draws before it gives up.
pub const MAX_LAYOUTS: usize = 400;
/// The share of walls below which a grid may be given up as too open after a few layouts.
pub const OPEN_BELOW: f64 = 0.25;
/// The least share of walls taken on grids of [`OPEN_FROM`] interior cells or more: none of
/// them more open has given a unique puzzle.
pub const LEAST_WALLS: f64 = 0.1;
/// The interior cells (7 × 7) from which [`LEAST_WALLS`] holds; smaller grids take less.
pub const OPEN_FROM: usize = 49;
/// Layouts repaired before a grid more open than [`OPEN_BELOW`] is given up as too open,
/// when not one of them became unique (further layouts of that density fare no better): 16 on
/// a 10 × 10, more on smaller grids and fewer on bigger ones, whose layouts take longer.
pub fn open_layouts(width: usize, height: usize) -> usize {
    (1300 / ((width - 1) * (height - 1)).max(1)).clamp(4, 64)
}

/// How the walls of the interior mirror each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry.
    None,
    /// 180° rotation about the interior's centre.
    Rotate,
    /// Left-right mirror.
    Mirror,
}

impl Symmetry {
    /// "none", "rotate" or "mirror", as on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate => "rotate",
            Symmetry::Mirror => "mirror",
        }
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Grid width, the clue column included.
    pub width: usize,
    /// Grid height, the clue row included.
    pub height: usize,
    /// About this share of the interior's cells are walls (0.0 to [`MAX_WALLS`]).
    pub walls: f64,
    /// The symmetry of the walls.
    pub symmetry: Symmetry,
    /// The band the puzzle must rate in (not [`Band::Trial`]).
    pub band: Band,
    /// The longest run (2 to 9).
    pub max_run: usize,
    /// The seed: the same options and seed give the same puzzle.
    pub seed: u64,
}

impl Options {
    /// Options with the usual walls, no symmetry, Easy, runs up to 9 cells.
    pub fn new(width: usize, height: usize, seed: u64) -> Options {
        Options {
            width,
            height,
            walls: DEFAULT_WALLS,
            symmetry: Symmetry::None,
            band: Band::Easy,
            max_run: 9,
            seed,
        }
    }
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenerateError {
    /// An option is out of range.
    #[error("{0}")]
    BadOptions(String),
    /// The work budget ran out before a puzzle landed in the band.
    #[error(
        "no {band} puzzle of {width}x{height} found in {MAX_LAYOUTS} layouts (try another seed, \
         size or difficulty)"
    )]
    GaveUp {
        /// The band asked for, as people read it.
        band: &'static str,
        /// Grid width.
        width: usize,
        /// Grid height.
        height: usize,
    },
    /// Every layout tried stayed ambiguous: the density asked for leaves the grid too open.
    #[error(
        "walls {walls}: all {layouts} layouts of {width}x{height} tried stayed ambiguous, not one \
         became unique; a grid this open has white areas whose clues fit many fillings (give it \
         more walls, {DEFAULT_WALLS} is usual, or draw the walls and fill that shape)"
    )]
    TooOpen {
        /// The density asked for.
        walls: f64,
        /// Layouts repaired.
        layouts: usize,
        /// Grid width.
        width: usize,
        /// Grid height.
        height: usize,
    },
    /// A drawn shape cannot take a puzzle: every place at fault.
    #[error("the shape cannot take a puzzle: {}", list(.0))]
    BadShape(Vec<drawn::ShapeProblem>),
    /// No filling of a drawn shape landed in the band.
    #[error("{}", shape_gave_up(band, *fillings, *works, trouble))]
    ShapeGaveUp {
        /// The band asked for, as people read it.
        band: &'static str,
        /// Fillings tried.
        fillings: usize,
        /// A band the shape does take, if one was found.
        works: Option<&'static str>,
        /// Where the fillings stayed ambiguous most often (when no band was found).
        trouble: Vec<Pos>,
    },
    /// The cancel token fired.
    #[error("cancelled")]
    Cancelled,
}

/// The shape's problems, "r3c4: …; r5c1: …".
fn list(problems: &[drawn::ShapeProblem]) -> String {
    problems
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why a drawn shape gave no puzzle in the band, and what to try.
fn shape_gave_up(band: &str, fillings: usize, works: Option<&str>, trouble: &[Pos]) -> String {
    let head = format!("no {band} puzzle found on this shape in {fillings} fillings");
    match works {
        Some(other) => format!(
            "{head}; it takes {other} ones (--difficulty {})",
            other.to_lowercase()
        ),
        None if trouble.is_empty() => format!("{head} (try another seed)"),
        None => format!(
            "{head}: it stayed ambiguous around {} (walls there, or smaller open areas, would \
             help)",
            trouble
                .iter()
                .map(Pos::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

impl From<Cancelled> for GenerateError {
    fn from(_: Cancelled) -> Self {
        GenerateError::Cancelled
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The grid with its clues.
    pub grid: Grid,
    /// Its puzzle (one solution).
    pub puzzle: Puzzle,
    /// Its logical solve, which fills every cell; the rating is in it.
    pub explanation: Explanation,
    /// The options it was made with.
    pub options: Options,
}

impl Generated {
    /// The `.kakuro` text: a comment line naming seed, size, symmetry and rating, then the grid.
    pub fn to_text(&self) -> String {
        let o = &self.options;
        let r = &self.explanation.rating;
        format!(
            "# seed {}, size {}x{}, symmetry {}, rating {} (score {}, hardest: {})\n{}",
            o.seed,
            o.width,
            o.height,
            o.symmetry.key(),
            r.band.name(),
            r.score,
            r.hardest.name(),
            kakuro_text::write(&self.grid)
        )
    }
}

/// Checks the options: sides 4 to 40, walls 0 to 0.6 and some walls asked for, runs 2 to 9, a
/// band logic can reach.
pub fn check(options: &Options) -> Result<(), GenerateError> {
    let bad = |m: String| Err(GenerateError::BadOptions(m));
    let side = MIN_SIDE..=MAX_SIDE;
    if !side.contains(&options.width) || !side.contains(&options.height) {
        return bad(format!(
            "size {}x{}: each side must be {MIN_SIDE} to {MAX_SIDE} (the clue row and column \
             included)",
            options.width, options.height
        ));
    }
    if !(0.0..=MAX_WALLS).contains(&options.walls) {
        return bad(format!(
            "walls {}: the density must be 0 to {MAX_WALLS}",
            options.walls
        ));
    }
    if shape::wall_target(options.width, options.height, options.walls) == 0 {
        return bad(format!(
            "walls {}: that asks for no walls in the {}x{} grid's interior beyond those that cut \
             runs to their longest; white blocks that open fit their clues in many ways, so no \
             unique puzzle exists there (a share of {DEFAULT_WALLS} is usual)",
            options.walls, options.width, options.height
        ));
    }
    let interior = (options.width - 1) * (options.height - 1);
    if interior >= OPEN_FROM && options.walls < LEAST_WALLS {
        return bad(format!(
            "walls {}: on grids of 8x8 or more, a share this low leaves white blocks whose clues \
             fit many fillings, and none has given a unique puzzle (take {LEAST_WALLS} or more; \
             {DEFAULT_WALLS} is usual)",
            options.walls
        ));
    }
    if !(2..=9).contains(&options.max_run) {
        return bad(format!(
            "longest run {}: it must be 2 to 9",
            options.max_run
        ));
    }
    if options.band == Band::Trial {
        return bad(
            "a generated puzzle is solvable by logic: pick easy, medium, hard or expert".into(),
        );
    }
    Ok(())
}

/// The walls repair may add beyond the density asked for: a twentieth of the interior.
fn wall_slack(options: &Options) -> usize {
    ((options.width - 1) * (options.height - 1) / 20).max(2)
}

/// A unique puzzle that logic alone solves, rating in `options.band`.
pub fn generate(options: &Options, cancel: &CancelToken) -> Result<Generated, GenerateError> {
    check(options)?;
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut seen = repair::Seen::default();
    let mut repaired = 0;
    for _ in 0..MAX_LAYOUTS {
        if repaired == open_layouts(options.width, options.height)
            && seen.bands.is_empty()
            && options.walls < OPEN_BELOW
        {
            return Err(GenerateError::TooOpen {
                walls: options.walls,
                layouts: repaired,
                width: options.width,
                height: options.height,
            });
        }
        if cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let Some(mut grid) = shape::random_layout(
            options.width,
            options.height,
            options.walls,
            options.symmetry,
            options.max_run,
            &mut rng,
        ) else {
            continue;
        };
        let Some(mut filling) = fill::lean_filling(&grid, &mut rng) else {
            continue;
        };
        repair::unswap(&grid, &mut filling, &mut rng);
        let walls = (options.width - 1) * (options.height - 1) - grid.white_count();
        let aim = repair::Aim {
            band: options.band,
            symmetry: options.symmetry,
            most_walls: shape::wall_target(options.width, options.height, options.walls).max(walls)
                + wall_slack(options),
        };
        repaired += 1;
        let Some(settled) =
            repair::settle(&mut grid, &mut filling, aim, &mut rng, &mut seen, cancel)?
        else {
            continue;
        };
        if settled.explanation.rating.band == options.band {
            return Ok(Generated {
                grid,
                puzzle: settled.puzzle,
                explanation: settled.explanation,
                options: *options,
            });
        }
    }
    Err(GenerateError::GaveUp {
        band: options.band.name(),
        width: options.width,
        height: options.height,
    })
}
