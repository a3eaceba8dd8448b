//! Atomic file writing: a crash mid-save leaves either the old file or the new one, never half.
//!
//! The temporary file has a short name of fixed length (`.kakuro-` and 16 hex digits: the
//! process id, then a counter), so any file name the system allows can be saved; a save killed
//! mid-write leaves its temporary file behind, and the first save of a later process to the
//! same folder removes it (once it is a minute old and its process is gone). A process looks
//! at each folder once, so that saving thousands of files into one stays linear.
//!
//! Only a regular file is replaced: a character device or a named pipe (`/dev/null`, a FIFO a
//! reader waits on) is written into as the shell's `>` would, and any other kind of file is
//! refused, so that a save never puts a file where a device node was.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Writes `bytes` to `path` through a temporary file in the same folder: write, fsync, rename
/// over the target (which keeps its permissions, and its owner where the system lets us), then
/// fsync the folder where that is possible. A symbolic link is written through: the file it
/// leads to is replaced, next to itself, and the link stays. A read-only target is refused (a
/// rename would replace it all the same). A hard link cannot be kept: the path then names the
/// new file and the target's other names the old one (see [`hard_links`]). On error the
/// temporary file is removed and the target is untouched. A target that is not a regular
/// file is handled by `write_into_special`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let path = &follow_links(path)?;
    if let Ok(meta) = fs::metadata(path)
        && !meta.is_file()
        && !meta.is_dir()
    {
        return write_into_special(path, &meta, bytes);
    }
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
    if path.file_name().is_none() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path names no file",
        ));
    }
    if first_save_into(&dir) {
        remove_stale_temps(&dir);
    }
    let (temp, file) = create_temp(&dir)?;
    let filled = fill(&file, path, bytes);
    // Closed before the rename, which some systems refuse for an open file.
    drop(file);
    let result = filled.and_then(|()| fs::rename(&temp, path));
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result?;
    sync_dir(&dir);
    Ok(())
}

/// Writes into a target that is neither a regular file nor a folder: a character device or a
/// named pipe takes the bytes as a stream (there is nothing to replace atomically, and
/// renaming over it would destroy the node); a block device, a socket or anything else is
/// refused with what it is.
fn write_into_special(path: &Path, meta: &fs::Metadata, bytes: &[u8]) -> io::Result<()> {
    let kind = special_kind(meta);
    if !matches!(kind, "character device" | "named pipe") {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is a {kind}, not a regular file: nothing was written"),
        ));
    }
    let mut file = OpenOptions::new().write(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// What kind of file, not regular and not a folder, `meta` describes.
fn special_kind(meta: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_char_device() {
            return "character device";
        }
        if kind.is_fifo() {
            return "named pipe";
        }
        if kind.is_block_device() {
            return "block device";
        }
        if kind.is_socket() {
            return "socket";
        }
    }
    #[cfg(not(unix))]
    let _ = meta;
    "special file"
}

/// How many names the file at `path` has (hard links); 1 for a file not there yet or on a
/// system that does not say. A save through [`write_atomic`] gives `path` a new file, so
/// above 1 the other names keep the old content.
pub fn hard_links(path: &Path) -> u64 {
    let Ok(path) = follow_links(path) else {
        return 1;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fs::metadata(path).map_or(1, |meta| meta.nlink())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        1
    }
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

/// The start and end of our temporary files' names; between them, 16 hex digits (the process
/// id, then a counter).
const TEMP_PREFIX: &str = ".kakuro-";
const TEMP_SUFFIX: &str = ".tmp";

/// How long an unlocked temporary file of ours must have been left alone before it is taken
/// for a crashed save's: a minute where we can ask whether its process still runs (a process
/// id can be another process's in another container sharing the folder), an hour elsewhere.
#[cfg(target_os = "linux")]
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);
#[cfg(not(target_os = "linux"))]
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(3600);

/// Whether this is the process's first save into `dir`: only then are stale temporary files
/// looked for, since reading the folder at every save would make a run of saves into one
/// folder quadratic.
fn first_save_into(dir: &Path) -> bool {
    static SEEN: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let dir = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if seen.contains(&dir) {
        return false;
    }
    seen.push(dir);
    true
}

/// Creates a new hidden file with a short unique name in `dir`, locked while it is written so
/// that no other save takes it for a crashed one.
fn create_temp(dir: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let temp = dir.join(format!(
            "{TEMP_PREFIX}{:08x}{n:08x}{TEMP_SUFFIX}",
            std::process::id()
        ));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => {
                // A system without file locks still saves; only the clean-up is less sure.
                let _ = file.try_lock();
                return Ok((temp, file));
            }
            // Left behind by a crashed process with a recycled id: try the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The process id in one of our temporary files' names; `None` for any other name.
fn temp_owner(name: &str) -> Option<u32> {
    let hex = name.strip_prefix(TEMP_PREFIX)?.strip_suffix(TEMP_SUFFIX)?;
    if hex.len() != 16 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(&hex[..8], 16).ok()
}

/// Removes the temporary files that saves killed mid-write left in `dir`: ours by name, not
/// locked by a save that runs, and whose process is gone (or, where that cannot be asked, old).
/// Anything that goes wrong leaves the file where it is: cleaning up never fails a save.
fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(owner) = name.to_str().and_then(temp_owner) else {
            continue;
        };
        let path = entry.path();
        let Ok(file) = File::open(&path) else {
            continue;
        };
        if file.try_lock().is_err() || !is_abandoned(&file, owner) {
            continue;
        }
        drop(file);
        let _ = fs::remove_file(&path);
    }
}

/// Whether the save that made a temporary file is over: its process no longer runs, and
/// nothing has touched the file for a minute.
#[cfg(target_os = "linux")]
fn is_abandoned(file: &File, owner: u32) -> bool {
    owner != std::process::id()
        && !Path::new("/proc").join(owner.to_string()).exists()
        && is_old(file)
}

/// Whether nothing has written to `file` for [`STALE_AFTER`].
fn is_old(file: &File) -> bool {
    file.metadata()
        .and_then(|meta| meta.modified())
        .is_ok_and(|time| time.elapsed().is_ok_and(|age| age > STALE_AFTER))
}

/// Whether the save that made a temporary file is over: nothing has touched it for long.
#[cfg(not(target_os = "linux"))]
fn is_abandoned(file: &File, owner: u32) -> bool {
    owner != std::process::id() && is_old(file)
}

/// Writes and flushes the content, copying the target's permissions (and owner, which only
/// succeeds for the superuser or a file already ours) when it exists.
fn fill(mut file: &File, target: &Path, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    if let Ok(meta) = fs::metadata(target) {
        // The owner first: changing it may clear mode bits that the permissions then restore.
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let _ = std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid()));
        }
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

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_longest_file_name_saves() {
        let dir = tempfile::tempdir().unwrap();
        for len in [250, 255] {
            let name = format!("{}.kakuro", "p".repeat(len - ".kakuro".len()));
            let path = dir.path().join(&name);
            write_atomic(&path, b"one").unwrap();
            write_atomic(&path, b"two").unwrap();
            assert_eq!(fs::read(&path).unwrap(), b"two");
        }
        assert_eq!(names_in(dir.path()).len(), 2);
    }

    /// A save killed mid-write leaves its temporary file; the next save to the folder removes
    /// it, and leaves alone the temporary file of a save still running and files not ours.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_next_save_removes_what_a_killed_save_left() {
        let dir = tempfile::tempdir().unwrap();
        // No process has this id: the kernel's largest is 2^22.
        let dead = dir.path().join(".kakuro-7fffffff00000003.tmp");
        left_long_ago(&dead, b"half a puzzle");
        // Just left: a process of that id in another container may still be writing it.
        let dead_just_now = dir.path().join(".kakuro-7fffffff00000004.tmp");
        fs::write(&dead_just_now, b"half a puzzle").unwrap();
        let ours_running = dir
            .path()
            .join(format!(".kakuro-{:08x}00000009.tmp", std::process::id()));
        left_long_ago(&ours_running, b"being written");
        let theirs = dir.path().join(".kakuro-notours.tmp");
        left_long_ago(&theirs, b"x");
        write_atomic(&dir.path().join("a.kakuro"), b"new").unwrap();
        let running = ours_running.file_name().unwrap().to_string_lossy();
        let mut kept = [
            ".kakuro-7fffffff00000004.tmp",
            running.as_ref(),
            ".kakuro-notours.tmp",
            "a.kakuro",
        ];
        kept.sort();
        assert_eq!(names_in(dir.path()), kept);
    }

    /// Writes a file as a save an hour ago would have left it.
    fn left_long_ago(path: &Path, bytes: &[u8]) {
        fs::write(path, bytes).unwrap();
        let file = File::options().write(true).open(path).unwrap();
        let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        file.set_modified(hour_ago).unwrap();
    }

    /// Saving many files into one folder reads the folder once, at the first save.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_is_cleaned_at_the_first_save_only() {
        let dir = tempfile::tempdir().unwrap();
        write_atomic(&dir.path().join("a.kakuro"), b"one").unwrap();
        let dead = dir.path().join(".kakuro-7fffffff00000005.tmp");
        left_long_ago(&dead, b"half a puzzle");
        write_atomic(&dir.path().join("b.kakuro"), b"two").unwrap();
        assert!(dead.exists());
    }

    #[test]
    fn temporary_names_are_short_and_recognised() {
        let dir = tempfile::tempdir().unwrap();
        let (temp, _file) = create_temp(dir.path()).unwrap();
        let name = temp.file_name().unwrap().to_str().unwrap();
        assert_eq!(name.len(), 28, "{name}");
        assert_eq!(temp_owner(name), Some(std::process::id()));
        assert_eq!(temp_owner(".kakuro-1234.tmp"), None);
        assert_eq!(temp_owner("a.kakuro"), None);
    }

    #[cfg(unix)]
    #[test]
    fn hard_links_are_counted() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.kakuro");
        assert_eq!(hard_links(&path), 1);
        fs::write(&path, b"old").unwrap();
        fs::hard_link(&path, dir.path().join("b.kakuro")).unwrap();
        assert_eq!(hard_links(&path), 2);
        write_atomic(&path, b"new").unwrap();
        assert_eq!(hard_links(&path), 1);
        assert_eq!(fs::read(dir.path().join("b.kakuro")).unwrap(), b"old");
    }

    /// Makes a private character device node like `/dev/null` (1, 3) or `/dev/full` (1, 7) in
    /// `dir`; `None` where the system does not let us (not the superuser, a container).
    #[cfg(unix)]
    fn device_node(dir: &Path, name: &str, minor: u8) -> Option<PathBuf> {
        let node = dir.join(name);
        let made = std::process::Command::new("mknod")
            .arg(&node)
            .args(["c", "1", &minor.to_string()])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        made.then_some(node)
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let Some(null) = device_node(dir.path(), "null", 3) else {
            eprintln!("skipped: mknod is not allowed here");
            return;
        };
        write_atomic(&null, b"a puzzle").unwrap();
        assert!(fs::metadata(&null).unwrap().file_type().is_char_device());
        let full = device_node(dir.path(), "full", 7).unwrap();
        let err = write_atomic(&full, b"a puzzle").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert!(fs::metadata(&full).unwrap().file_type().is_char_device());
        assert_eq!(names_in(dir.path()), ["full", "null"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_socket_is_refused_and_kept() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
        let err = write_atomic(&path, b"a puzzle").unwrap_err();
        assert_eq!(
            err.to_string(),
            "it is a socket, not a regular file: nothing was written"
        );
        assert!(fs::metadata(&path).unwrap().file_type().is_socket());
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
