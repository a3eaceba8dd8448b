//! Standard output for the subcommands: buffered, with write errors passed up (a closed pipe
//! ends the program quietly instead of panicking in `println!`), each saying that standard
//! output failed, so that `kakuro solve FILE > /dev/full` fails with a message rather than an
//! error code alone.

use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered standard output.
pub type Out = BufWriter<Stdout>;

/// Standard output, its errors naming it.
pub struct Stdout(StdoutLock<'static>);

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named)
    }
}

/// The error of a write to standard output, saying so; of the same kind (a closed pipe stays
/// one, which ends the program quietly).
fn named(err: io::Error) -> io::Error {
    io::Error::new(
        err.kind(),
        format!("cannot write to standard output: {err}"),
    )
}

/// Locks and buffers standard output.
pub fn stdout() -> Out {
    BufWriter::new(Stdout(io::stdout().lock()))
}

/// Writes text and makes sure it ends with exactly one line break.
pub fn write_block(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.trim_end_matches(['\n', '\r']).as_bytes())?;
    out.write_all(b"\n")
}

/// Where a command writes: its result (`out`, standard output for one file) and its messages
/// (`err`, standard error), and the word that counts it in a run over many files.
pub struct Sink<'a> {
    /// The result.
    pub out: &'a mut dyn Write,
    /// Messages: `kakuro: FILE: ...` lines.
    pub err: &'a mut dyn Write,
    /// What the answer was, for the summary of a run over many files (`unique`, `Hard`);
    /// left `None`, the exit code names it.
    pub tally: Option<String>,
}

impl Sink<'_> {
    /// Writes one message line (a message that cannot be written has nowhere else to go).
    pub fn say(&mut self, line: &str) {
        let _ = writeln!(self.err, "{line}");
    }
}

/// Runs `work` writing to standard output (buffered) and standard error.
pub fn to_stdio<T>(work: impl FnOnce(&mut Sink<'_>) -> T) -> T {
    let mut out = stdout();
    // Unlocked: a progress bar's thread writes to standard error meanwhile.
    let mut err = io::stderr();
    work(&mut Sink {
        out: &mut out,
        err: &mut err,
        tally: None,
    })
}
