//! The `--json` shapes of formats.md. Counts are decimal strings (they outgrow every integer
//! type a JSON reader has); times are seconds as floats.

use std::io::{self, Write};

use num_bigint::BigUint;
use serde::Serialize;

/// `kakuro count --json`.
#[derive(Debug, Serialize)]
pub struct CountReport {
    /// The exact number of solutions.
    pub count: String,
    /// Engine time, parsing excluded.
    pub seconds: f64,
}

impl CountReport {
    /// The report for a count and the time it took.
    pub fn new(count: &BigUint, seconds: f64) -> CountReport {
        CountReport {
            count: count.to_string(),
            seconds,
        }
    }
}

/// One puzzle's row of `kakuro bench --json`.
#[derive(Debug, Serialize)]
pub struct BenchReport {
    /// The file, as given on the command line.
    pub file: String,
    /// White cells.
    pub cells: usize,
    /// Runs (across and down) in the puzzle.
    pub runs: usize,
    /// Solutions found (all of them when `complete`).
    pub solutions: String,
    /// Whether the enumeration finished (false when `--limit` or `--max-seconds` stopped it).
    pub complete: bool,
    /// Median time to the first solution (the whole search when there is none).
    pub first_seconds: f64,
    /// Median time to prove uniqueness or finish the enumeration.
    pub total_seconds: f64,
    /// Search nodes of the median run.
    pub nodes: u64,
    /// Guesses of the median run.
    pub guesses: u64,
    /// Backtracks of the median run.
    pub backtracks: u64,
}

/// Writes a value as one line of compact JSON.
pub fn write_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// `kakuro solve --json`, written as it streams so that millions of solutions never sit in
/// memory: `{"width":W,"height":H,"solutions":[...],"complete":B,"count":"K"}`.
pub struct SolutionsWriter {
    listed: u64,
}

impl SolutionsWriter {
    /// Writes the object's opening, up to the start of the solutions array.
    pub fn start(out: &mut impl Write, width: usize, height: usize) -> io::Result<SolutionsWriter> {
        write!(
            out,
            "{{\"width\":{width},\"height\":{height},\"solutions\":["
        )?;
        Ok(SolutionsWriter { listed: 0 })
    }

    /// Writes one solution as rows of digits, 0 for walls.
    pub fn solution(&mut self, out: &mut impl Write, rows: &[Vec<u8>]) -> io::Result<()> {
        if self.listed > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, rows)?;
        self.listed += 1;
        Ok(())
    }

    /// Closes the array and the object when the count is not known (`--max-seconds` ran out):
    /// `"complete":false,"count":null`.
    pub fn finish_uncounted(self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "],\"complete\":false,\"count\":null}}")
    }

    /// Closes the array and the object.
    pub fn finish(self, out: &mut impl Write, complete: bool, count: &BigUint) -> io::Result<()> {
        let count = serde_json::to_string(&count.to_string())?;
        writeln!(out, "],\"complete\":{complete},\"count\":{count}}}")
    }
}
