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
