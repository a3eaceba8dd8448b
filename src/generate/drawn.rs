//! Filling a drawn shape: a unique puzzle, in the band asked, on exactly the walls a designer
//! drew. The shape's clues and digits are ignored; its walls are never moved, so repair only
//! changes digits. A shape that can never take a puzzle (a run of ten, a one-cell run, a run
//! with no wall for its clue) is refused with the places named; one whose fillings never
//! landed in the band says which band they reached, and where they stayed ambiguous.

use std::fmt;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::grid::{Cell, Direction, Grid, Pos};
use crate::logic::Band;
use crate::solve::CancelToken;

use super::repair::{self, Seen};
pub use super::shape::symmetry_of;
use super::{GenerateError, Generated, MAX_SIDE, MIN_SIDE, Options, fill};

/// Fillings tried on a shape before it gives up.
pub const MAX_FILLINGS: usize = 200;
/// Fillings tried in each other band when the one asked gave nothing, to name one that works.
const PROBE_FILLINGS: usize = 24;
/// The most trouble cells named when no filling was unique.
const MAX_TROUBLE: usize = 8;

/// Why a shape cannot take a puzzle at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeProblem {
    /// The run's first cell (or the cell) at fault.
    pub at: Pos,
    /// The cells to outline.
    pub cells: Vec<Pos>,
    /// What is wrong, for a person.
    pub why: String,
}

impl fmt::Display for ShapeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.cells.is_empty() {
            write!(f, "{}", self.why)
        } else {
            write!(f, "{}: {}", self.at, self.why)
        }
    }
}

/// Everything about `shape`'s walls that keeps it from taking a generated puzzle: its size,
/// runs longer than 9 or of one cell, runs starting at the grid's edge (no wall for the clue),
/// no white cell at all.
pub fn shape_problems(shape: &Grid) -> Vec<ShapeProblem> {
    let (w, h) = (shape.width(), shape.height());
    let side = MIN_SIDE..=MAX_SIDE;
    if !side.contains(&w) || !side.contains(&h) {
        return vec![ShapeProblem {
            at: Pos::new(0, 0),
            cells: Vec::new(),
            why: format!(
                "the shape is {w}x{h}: each side must be {MIN_SIDE} to {MAX_SIDE} (the clue row \
                 and column included)"
            ),
        }];
    }
    let mut problems = Vec::new();
    for seg in shape.segments() {
        let cells: Vec<Pos> = seg.cells().collect();
        let dir = seg.dir;
        let why = if seg.wall.is_none() {
            Some(format!(
                "the {dir} run starts at the grid's edge, with no wall for its clue (make the \
                 clue row and column walls)"
            ))
        } else if seg.len == 1 {
            Some(format!(
                "a one-cell {dir} run (wall the cell, or open one beside it {})",
                match dir {
                    Direction::Across => "left or right",
                    Direction::Down => "above or below",
                }
            ))
        } else if seg.len > 9 {
            Some(format!(
                "an {dir} run of {} cells: a run holds 9 digits at most (add a wall in it)",
                seg.len
            ))
        } else {
            None
        };
        if let Some(why) = why {
            problems.push(ShapeProblem {
                at: seg.start,
                cells,
                why,
            });
        }
    }
    if shape.white_count() == 0 {
        problems.push(ShapeProblem {
            at: Pos::new(0, 0),
            cells: Vec::new(),
            why: "the shape has no white cell".into(),
        });
    }
    problems
}

/// The shape of `grid`: its walls, with no clue and no digit.
pub fn bare_shape(grid: &Grid) -> Grid {
    let mut bare = grid.clone();
    for pos in bare.positions() {
        let cell = match bare.get(pos) {
            Cell::Wall { .. } => Cell::WALL,
            Cell::White { .. } => Cell::White { shown: None },
        };
        bare.set(pos, cell);
    }
    bare
}

/// A unique puzzle that logic alone solves, rating in `options.band`, on exactly `shape`'s
/// walls (its clues and digits ignored). `options.width` and `height` are taken from the shape,
/// `walls` and `symmetry` from its walls; the seed and band are the caller's.
pub fn generate_on(
    shape: &Grid,
    options: &Options,
    cancel: &CancelToken,
) -> Result<Generated, GenerateError> {
    let problems = shape_problems(shape);
    if !problems.is_empty() {
        return Err(GenerateError::BadShape(problems));
    }
    let options = shaped(shape, options);
    // The shape's own walls stand in for a density: any share in range passes.
    super::check(&Options {
        walls: super::DEFAULT_WALLS,
        ..options
    })?;
    let mut seen = Seen::default();
    if let Some(g) = fill_in(shape, &options, MAX_FILLINGS, &mut seen, cancel)? {
        return Ok(g);
    }
    // Which band the shape does take, nearest to the one asked first.
    let mut others: Vec<Band> = [Band::Easy, Band::Medium, Band::Hard, Band::Expert]
        .into_iter()
        .filter(|&b| b != options.band)
        .collect();
    others.sort_by_key(|&b| (b as i32 - options.band as i32).abs());
    let mut works = seen.bands.iter().copied().find(|&b| b != options.band);
    for band in others {
        if works.is_some() {
            break;
        }
        let probe = Options { band, ..options };
        let mut unused = Seen::default();
        if fill_in(shape, &probe, PROBE_FILLINGS, &mut unused, cancel)?.is_some() {
            works = Some(band);
        }
    }
    let mut trouble: Vec<(Pos, u32)> = seen.ambiguous.into_iter().collect();
    trouble.sort_by_key(|&(p, n)| (std::cmp::Reverse(n), p.row, p.col));
    trouble.truncate(MAX_TROUBLE);
    let mut trouble: Vec<Pos> = trouble.into_iter().map(|(p, _)| p).collect();
    trouble.sort_by_key(|p| (p.row, p.col));
    Err(GenerateError::ShapeGaveUp {
        band: options.band.name(),
        fillings: MAX_FILLINGS,
        works: works.map(Band::name),
        trouble: if works.is_some() { Vec::new() } else { trouble },
    })
}

/// `options` with the size, wall share and symmetry of `shape`.
fn shaped(shape: &Grid, options: &Options) -> Options {
    let (w, h) = (shape.width(), shape.height());
    let interior = (w - 1) * (h - 1);
    Options {
        width: w,
        height: h,
        walls: (interior - shape.white_count()) as f64 / interior as f64,
        symmetry: symmetry_of(shape),
        max_run: 9,
        ..*options
    }
}

/// Up to `fillings` fillings of `shape`, each repaired (digits only) toward one solution in the
/// band; the first that lands.
fn fill_in(
    shape: &Grid,
    options: &Options,
    fillings: usize,
    seen: &mut Seen,
    cancel: &CancelToken,
) -> Result<Option<Generated>, GenerateError> {
    let mut rng = StdRng::seed_from_u64(options.seed);
    let bare = bare_shape(shape);
    let walls = (bare.width() - 1) * (bare.height() - 1) - bare.white_count();
    let aim = repair::Aim {
        band: options.band,
        symmetry: options.symmetry,
        // No wall may be added: the shape is the designer's.
        most_walls: walls,
    };
    for _ in 0..fillings {
        if cancel.is_cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let mut grid = bare.clone();
        let Some(mut filling) = fill::lean_filling(&grid, &mut rng) else {
            continue;
        };
        repair::unswap(&grid, &mut filling, &mut rng);
        let Some(settled) = repair::settle(&mut grid, &mut filling, aim, &mut rng, seen, cancel)?
        else {
            continue;
        };
        if settled.explanation.rating.band == options.band {
            return Ok(Some(Generated {
                grid,
                puzzle: settled.puzzle,
                explanation: settled.explanation,
                options: *options,
            }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;
    use crate::generate::{Symmetry, generate};
    use crate::solve::{Solver, Uniqueness};

    fn walls_of(grid: &Grid) -> Vec<bool> {
        grid.positions().map(|p| !grid.is_white(p)).collect()
    }

    #[test]
    fn a_shape_is_filled_on_exactly_its_walls_in_the_band() {
        let drawn = generate(&Options::new(9, 9, 7), &CancelToken::new()).unwrap();
        let shape = bare_shape(&drawn.grid);
        for (band, seed) in [(Band::Easy, 1), (Band::Medium, 2)] {
            let options = Options {
                band,
                ..Options::new(4, 4, seed)
            };
            let g = generate_on(&shape, &options, &CancelToken::new()).unwrap();
            assert_eq!(walls_of(&g.grid), walls_of(&shape));
            assert!(matches!(
                Solver::new(&g.puzzle).uniqueness(),
                Ok(Uniqueness::Unique(_))
            ));
            let e = crate::logic::explain(&g.puzzle);
            assert!(e.solved && !e.trial);
            assert_eq!(e.rating.band, band);
            assert_eq!((g.options.width, g.options.height), (9, 9));
            // The same seed fills it alike.
            let again = generate_on(&shape, &options, &CancelToken::new()).unwrap();
            assert_eq!(again.to_text(), g.to_text());
        }
    }

    #[test]
    fn a_symmetric_shape_says_so() {
        let options = Options {
            symmetry: Symmetry::Rotate,
            ..Options::new(8, 8, 3)
        };
        let drawn = generate(&options, &CancelToken::new()).unwrap();
        let shape = bare_shape(&drawn.grid);
        assert_eq!(symmetry_of(&shape), Symmetry::Rotate);
        let g = generate_on(&shape, &Options::new(4, 4, 9), &CancelToken::new()).unwrap();
        assert_eq!(g.options.symmetry, Symmetry::Rotate);
        assert!(
            g.to_text()
                .starts_with("# seed 9, size 8x8, symmetry rotate")
        );
    }

    #[test]
    fn a_run_of_ten_and_a_one_cell_run_are_named() {
        let mut text = String::from("\\ ");
        text.push_str(&"\\ ".repeat(10));
        text.push('\n');
        text.push_str("\\ ");
        text.push_str(&"_ ".repeat(10));
        text.push('\n');
        text.push_str("\\ _ \\ ");
        text.push_str(&"\\ ".repeat(8));
        text.push('\n');
        text.push_str(&"\\ ".repeat(11));
        text.push('\n');
        let (grid, _) = kakuro_text::parse(&text).unwrap();
        let problems = shape_problems(&bare_shape(&grid));
        let whys: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert!(
            whys.iter()
                .any(|w| w.starts_with("r2c2: an across run of 10 cells")),
            "{whys:?}"
        );
        assert!(
            whys.iter()
                .any(|w| w.starts_with("r2c3: a one-cell down run")),
            "{whys:?}"
        );
        let err = generate_on(&grid, &Options::new(4, 4, 1), &CancelToken::new()).unwrap_err();
        assert!(matches!(err, GenerateError::BadShape(_)), "{err}");
        assert!(
            err.to_string()
                .starts_with("the shape cannot take a puzzle: r2c2: ")
        );
    }

    #[test]
    fn a_run_without_a_wall_for_its_clue_is_named() {
        let (grid, _) =
            kakuro_text::parse("\\ \\ \\ \\\n_ _ _ \\\n\\ _ _ \\\n\\ \\ \\ \\\n").unwrap();
        let problems = shape_problems(&grid);
        assert!(
            problems
                .iter()
                .any(|p| p.at == Pos::new(1, 0) && p.why.contains("grid's edge")),
            "{problems:?}"
        );
    }
}
