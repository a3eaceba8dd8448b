//! `--max-seconds S`: the time budget of `check`, `solve` and `count`. Past it the search
//! stops and the command says it does not know, with [`EXIT_UNKNOWN`](super::EXIT_UNKNOWN),
//! rather than leave the user waiting without an answer.

use std::time::Duration;

use kakuro::CancelToken;

/// A token that cancels the search once `max` has passed (never, without a budget).
pub fn token(max: Option<Duration>) -> CancelToken {
    let token = CancelToken::new();
    match max {
        Some(max) => token.with_deadline(max),
        None => token,
    }
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
