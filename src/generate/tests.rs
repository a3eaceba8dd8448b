use crate::grid::{Grid, Pos};
use crate::logic::Band;
use crate::solve::{CancelToken, Solver, Uniqueness};
use crate::validate;

use super::shape::is_symmetric;
use super::{GenerateError, Options, Symmetry, generate};

/// Checks everything a generated puzzle promises.
fn check_generated(options: Options) {
    let g = generate(&options, &CancelToken::new()).unwrap_or_else(|e| panic!("{options:?}: {e}"));
    assert!(
        validate(&g.grid).iter().all(|p| !p.is_error()),
        "{options:?}: invalid grid"
    );
    assert_eq!(
        (g.grid.width(), g.grid.height()),
        (options.width, options.height)
    );
    assert!(
        matches!(
            Solver::new(&g.puzzle).uniqueness(),
            Ok(Uniqueness::Unique(_))
        ),
        "{options:?}: not unique"
    );
    assert!(
        is_symmetric(&g.grid, options.symmetry),
        "{options:?}: not symmetric"
    );
    for seg in g.grid.segments() {
        assert!(
            (2..=options.max_run).contains(&seg.len),
            "{options:?}: run of {}",
            seg.len
        );
    }
    let explanation = crate::logic::explain(&g.puzzle);
    assert!(
        explanation.solved && !explanation.trial,
        "{options:?}: logic does not solve it"
    );
    assert_eq!(explanation.rating.band, options.band, "{options:?}");
    assert_whole_grid(&g.grid, &format!("{options:?}"));
    // The same seed gives the same text.
    let again = generate(&options, &CancelToken::new()).unwrap();
    assert_eq!(again.to_text(), g.to_text());
}

/// White cells reach every edge of the interior (within one cell) and every quadrant of it.
fn assert_whole_grid(grid: &Grid, what: &str) {
    let whites: Vec<Pos> = grid.positions().filter(|&p| grid.is_white(p)).collect();
    let (w, h) = (grid.width(), grid.height());
    let near = |f: &dyn Fn(&Pos) -> bool, edge: &str| {
        assert!(
            whites.iter().any(f),
            "{what}: no white cell near the {edge} edge"
        );
    };
    near(&|p| p.row <= 2, "top");
    near(&|p| p.row >= h - 2, "bottom");
    near(&|p| p.col <= 2, "left");
    near(&|p| p.col >= w - 2, "right");
    let (mid_r, mid_c) = (h.div_ceil(2), w.div_ceil(2));
    for (top, left) in [(true, true), (true, false), (false, true), (false, false)] {
        assert!(
            whites
                .iter()
                .any(|p| (p.row < mid_r) == top && (p.col < mid_c) == left),
            "{what}: a quadrant without white cells"
        );
    }
}

#[test]
fn generated_puzzles_are_unique_symmetric_and_in_band() {
    let symmetries = [Symmetry::None, Symmetry::Rotate, Symmetry::Mirror];
    for seed in 0..6u64 {
        let mut options = Options::new(5 + seed as usize % 3, 6 + seed as usize % 2, seed);
        options.symmetry = symmetries[seed as usize % 3];
        check_generated(options);
    }
}

#[test]
fn medium_puzzles_come_out_medium() {
    for seed in 0..3u64 {
        let mut options = Options::new(8, 8, seed);
        options.band = Band::Medium;
        options.symmetry = Symmetry::Rotate;
        check_generated(options);
    }
}

#[test]
fn a_short_run_cap_is_kept() {
    let mut options = Options::new(9, 9, 7);
    options.max_run = 4;
    check_generated(options);
}

#[test]
fn different_seeds_give_different_puzzles() {
    let a = generate(&Options::new(7, 7, 1), &CancelToken::new()).unwrap();
    let b = generate(&Options::new(7, 7, 2), &CancelToken::new()).unwrap();
    assert_ne!(a.grid, b.grid);
}

#[test]
fn bad_options_are_refused() {
    for (w, h) in [(0, 5), (3, 8), (50, 50), (41, 10)] {
        let err = generate(&Options::new(w, h, 0), &CancelToken::new()).unwrap_err();
        assert!(
            matches!(err, GenerateError::BadOptions(_)),
            "{w}x{h}: {err}"
        );
    }
    let mut options = Options::new(6, 6, 0);
    options.band = Band::Trial;
    assert!(matches!(
        generate(&options, &CancelToken::new()),
        Err(GenerateError::BadOptions(_))
    ));
    options.band = Band::Easy;
    options.walls = 0.95;
    assert!(matches!(
        generate(&options, &CancelToken::new()),
        Err(GenerateError::BadOptions(_))
    ));
}

#[test]
fn a_cancelled_token_stops_the_generator() {
    let cancel = CancelToken::new();
    cancel.cancel();
    assert_eq!(
        generate(&Options::new(10, 10, 0), &cancel).unwrap_err(),
        GenerateError::Cancelled
    );
}

#[test]
fn ten_by_ten_puzzles_fill_the_grid_in_every_band() {
    let symmetries = [Symmetry::None, Symmetry::Rotate, Symmetry::Mirror];
    for (i, band) in [Band::Easy, Band::Medium, Band::Hard]
        .into_iter()
        .enumerate()
    {
        let mut options = Options::new(10, 10, 40 + i as u64);
        options.band = band;
        options.symmetry = symmetries[i];
        check_generated(options);
    }
}

#[test]
fn bigger_grids_and_the_expert_band_keep_every_promise() {
    for (side, band, symmetry) in [
        (15, Band::Hard, Symmetry::Rotate),
        (20, Band::Medium, Symmetry::Mirror),
        (10, Band::Expert, Symmetry::None),
    ] {
        let mut options = Options::new(side, side, 7);
        options.band = band;
        options.symmetry = symmetry;
        check_generated(options);
    }
}

#[test]
fn layouts_spread_over_the_interior_at_the_density_asked() {
    use rand::SeedableRng;
    let symmetries = [Symmetry::None, Symmetry::Rotate, Symmetry::Mirror];
    for seed in 0..18u64 {
        let side = [6, 10, 15, 22, 30, 40][seed as usize % 6];
        let walls = [0.2, 0.3, 0.4][seed as usize % 3];
        let symmetry = symmetries[seed as usize / 6];
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let grid = (0..5)
            .find_map(|_| super::shape::random_layout(side, side, walls, symmetry, 9, &mut rng))
            .unwrap_or_else(|| panic!("{side}x{side}: no layout"));
        let what = format!("{side}x{side} {symmetry:?} seed {seed}");
        assert!(super::shape::is_sound(&grid, 9), "{what}");
        assert!(is_symmetric(&grid, symmetry), "{what}");
        assert_whole_grid(&grid, &what);
        let interior = ((side - 1) * (side - 1)) as f64;
        let density = 1.0 - grid.white_count() as f64 / interior;
        assert!(
            (density - walls).abs() <= 0.05,
            "{what}: walls {density}, asked {walls}"
        );
    }
}

#[test]
fn a_share_asking_for_no_walls_is_refused_at_once() {
    for (side, walls, says) in [
        (6, 0.0, "no walls"),
        (6, 1e-300, "no walls"),
        (6, 0.01, "no walls"),
        (8, 0.0, "no walls"),
        (12, 0.05, "none has given"),
        (40, 0.09, "none has given"),
    ] {
        let mut options = Options::new(side, side, 0);
        options.walls = walls;
        let err = generate(&options, &CancelToken::new()).unwrap_err();
        assert!(
            matches!(&err, GenerateError::BadOptions(m) if m.contains(says)),
            "{side} {walls}: {err}"
        );
    }
    let mut options = Options::new(6, 6, 1);
    options.walls = 0.05;
    assert!(generate(&options, &CancelToken::new()).is_ok());
}

#[test]
fn a_grid_too_open_for_any_unique_puzzle_is_given_up_early() {
    let mut options = Options::new(10, 10, 1);
    options.walls = 0.12;
    let err = generate(&options, &CancelToken::new()).unwrap_err();
    assert!(
        matches!(err, GenerateError::TooOpen { layouts: 16, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("stayed ambiguous"), "{err}");
    assert_eq!(super::open_layouts(20, 20), 4);
}
