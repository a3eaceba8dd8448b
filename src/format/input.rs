//! Reading a puzzle file's text: once (a pipe cannot be read twice), at most [`MAX_BYTES`], and
//! only from a regular file or a pipe, so a device or a runaway stream never fills the memory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::format::error::FormatError;

/// The most a puzzle file may hold. A 500 × 500 puzzle, the largest grid, takes a few MB in
/// any format; the rest is room for padding and comments.
pub const MAX_BYTES: u64 = 16 << 20;

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// A file's text, read once (UTF-8, without a byte-order mark); errors name the file. A
/// directory or a device is refused, and so is anything over [`MAX_BYTES`].
pub fn read_text(path: &Path) -> Result<String, FormatError> {
    let fail = |message: String| FormatError::new(message).in_file(path);
    let meta = std::fs::metadata(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    if let Some(what) = not_a_file(&meta) {
        return Err(fail(format!(
            "{what}, not a puzzle file (a regular file or a pipe)"
        )));
    }
    if meta.is_file() && meta.len() > MAX_BYTES {
        return Err(fail(too_big()));
    }
    let file = File::open(path).map_err(|e| fail(format!("cannot read the file: {e}")))?;
    let bytes = read_capped(file).map_err(|e| e.in_file(path))?;
    decode(&bytes)
        .map(str::to_owned)
        .map_err(|e| e.in_file(path))
}

/// Standard input's text, read to its end the way [`read_text`] reads a file; errors name it
/// [`STDIN_NAME`].
pub fn read_stdin() -> Result<String, FormatError> {
    let stdin = Path::new(STDIN_NAME);
    let bytes = read_capped(io::stdin().lock()).map_err(|e| e.in_file(stdin))?;
    decode(&bytes)
        .map(str::to_owned)
        .map_err(|e| e.in_file(stdin))
}

/// What a path names when it is something no puzzle can be read from: a directory or a device.
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    if meta.is_dir() {
        return Some("it is a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_char_device() || kind.is_block_device() {
            return Some("it is a device");
        }
    }
    None
}

fn too_big() -> String {
    format!(
        "the file is over {} MiB, the most a puzzle file may hold (a 500 × 500 puzzle takes a \
         few MB)",
        MAX_BYTES >> 20
    )
}

/// Every byte of `reader`, or an error as soon as there are more than [`MAX_BYTES`].
fn read_capped(reader: impl Read) -> Result<Vec<u8>, FormatError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FormatError::new(format!("cannot read the file: {e}")))?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(FormatError::new(too_big()));
    }
    Ok(bytes)
}

/// The bytes as text; a byte that is not UTF-8 is an error at its line and column. A leading
/// byte-order mark is dropped.
pub(crate) fn decode(bytes: &[u8]) -> Result<&str, FormatError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.strip_prefix('\u{feff}').unwrap_or(text)),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            // The prefix is valid UTF-8 by construction.
            let good = std::str::from_utf8(good).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let line_start = good.rfind('\n').map_or(0, |i| i + 1);
            let col = good[line_start..].chars().count() + 1;
            let byte = bytes[e.valid_up_to()];
            Err(FormatError::at(
                line,
                col,
                format!("the file is not UTF-8 text (byte 0x{byte:02x})"),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_utf8_is_placed() {
        let e = decode(b"\\ 3\\\n__ \xff").unwrap_err();
        assert_eq!((e.line, e.col), (Some(2), Some(4)));
        assert!(e.message.contains("0xff"));
    }

    #[test]
    fn a_stream_past_the_cap_is_refused_after_reading_just_past_it() {
        let endless = io::repeat(b'_');
        let e = read_capped(endless).unwrap_err();
        assert!(e.message.contains("16 MiB"), "{e}");
        assert!(read_capped(&b"\\ 3\\"[..]).is_ok());
    }

    #[test]
    fn directories_are_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_text(dir.path()).unwrap_err();
        assert!(e.to_string().contains("it is a directory"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_without_reading() {
        let e = read_text(Path::new("/dev/zero")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/zero: it is a device, not a puzzle file (a regular file or a pipe)"
        );
    }
}
