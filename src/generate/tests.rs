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
    // The same seed gives the same text.
    let again = generate(&options, &CancelToken::new()).unwrap();
    assert_eq!(again.to_text(), g.to_text());
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
