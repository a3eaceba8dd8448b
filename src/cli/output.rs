//! Standard output for the subcommands: buffered, with write errors passed up (a closed pipe
//! ends the program quietly instead of panicking in `println!`).

use std::io::{self, BufWriter, StdoutLock, Write};

/// Buffered standard output.
pub type Out = BufWriter<StdoutLock<'static>>;

/// Locks and buffers standard output.
pub fn stdout() -> Out {
    BufWriter::new(io::stdout().lock())
}

/// Writes text and makes sure it ends with exactly one line break.
pub fn write_block(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.trim_end_matches(['\n', '\r']).as_bytes())?;
    out.write_all(b"\n")
}
