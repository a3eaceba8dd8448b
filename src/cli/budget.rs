//! `--max-seconds S`: the time budget of `check`, `solve` and `count`. Past it the search
//! stops and the command says it does not know, with [`EXIT_UNKNOWN`](super::EXIT_UNKNOWN),
//! rather than leave the user waiting without an answer.

use std::sync::OnceLock;
use std::time::Duration;

use kakuro::CancelToken;

/// The token every search of the run obeys: cancelled when a run over many files is
/// interrupted (Ctrl+C), so that the files being worked on stop at once.
pub fn run_token() -> &'static CancelToken {
    static RUN: OnceLock<CancelToken> = OnceLock::new();
    RUN.get_or_init(CancelToken::new)
}

/// A token that cancels the search once `max` has passed (never, without a budget), or when
/// the run is interrupted.
pub fn token(max: Option<Duration>) -> CancelToken {
    // A deadline past the end of time is none.
    run_token().with_deadline(max.unwrap_or(Duration::MAX))
}

/// "unknown after S s", the seconds as given (`10`, `0.5`).
pub fn unknown_after(max: Duration) -> String {
    format!("unknown after {} s", max.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_read_as_given() {
        assert_eq!(unknown_after(Duration::from_secs(10)), "unknown after 10 s");
        assert_eq!(
            unknown_after(Duration::from_millis(500)),
            "unknown after 0.5 s"
        );
    }
}
