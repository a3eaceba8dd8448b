//! Atomic file writing: a crash mid-save leaves either the old file or the new one, never half.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` through a temporary file in the same folder: write, fsync, rename
/// over the target (which keeps its permissions), then fsync the folder where that is possible.
/// A symbolic link is written through: the file it leads to is replaced, next to itself, and
/// the link stays. A read-only target is refused (a rename would replace it all the same).
/// On error the temporary file is removed and the target is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = &follow_links(path)?;
    if fs::metadata(path).is_ok_and(|meta| meta.permissions().readonly()) {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "the file is read-only",
        ));
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let (temp, file) = create_temp(&dir, &name.to_string_lossy())?;
    let result = fill(file, path, bytes).and_then(|()| fs::rename(&temp, path));
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result?;
    sync_dir(&dir);
    Ok(())
}

/// How many links in a row are followed before giving up (the usual system limit).
const MAX_LINKS: usize = 40;

/// The path a chain of symbolic links leads to; the last one may name a file not there yet,
/// which the save then creates. A path that is no link is returned as it is.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&path)?;
                // A relative target is relative to the link's folder; joining keeps an absolute one.
                path = match path.parent() {
                    Some(parent) => parent.join(target),
                    None => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Creates a new, uniquely named hidden file next to the target.
fn create_temp(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            // Left behind by a crashed process with a recycled id: try the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Writes and flushes the content, copying the target's permissions when it exists.
fn fill(mut file: File, target: &Path, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    if let Ok(meta) = fs::metadata(target) {
        file.set_permissions(meta.permissions())?;
    }
    file.sync_all()
}

/// Makes the rename itself durable; only some platforms can open a folder for syncing, and a
/// failure here does not undo a completed rename, so it is not reported.
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.kakuro");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.kakuro")]);
    }

    #[cfg(unix)]
    #[test]
    fn writes_through_a_link_and_keeps_it() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.kakuro");
        fs::write(&target, b"old").unwrap();
        let link = dir.path().join("link.kakuro");
        std::os::unix::fs::symlink("target.kakuro", &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_loop_of_links_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        std::os::unix::fs::symlink("b", &a).unwrap();
        std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
        assert!(write_atomic(&a, b"x").is_err());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn a_read_only_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.kakuro");
        fs::write(&path, b"old").unwrap();
        let mut permissions = fs::metadata(&path).unwrap().permissions();
        permissions.set_readonly(true);
        fs::set_permissions(&path, permissions).unwrap();
        let err = write_atomic(&path, b"new").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
        assert_eq!(err.to_string(), "the file is read-only");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sub");
        fs::create_dir(&target).unwrap();
        // Renaming a file over a non-empty directory fails.
        fs::write(target.join("x"), b"x").unwrap();
        assert!(write_atomic(&target, b"new").is_err());
        assert!(target.join("x").exists());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
