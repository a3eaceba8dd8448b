//! The puzzles a book is printed from: a folder's puzzle files, and every puzzle of a file.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::format::{self, Format, FormatError, pe424};
use crate::grid::Grid;

/// A folder's puzzle files in name order: `.kakuro`, `.ron`, `.pe424`, and `.txt` files that
/// hold Project Euler 424 lines. Hidden files and subfolders are left out.
pub fn puzzle_files(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for item in fs::read_dir(folder)? {
        let path = item?.path();
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden || !path.is_file() {
            continue;
        }
        let wanted = match Format::from_path(&path) {
            Some(format) => format.can_read(),
            None => {
                path.extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("txt"))
                    && fs::read_to_string(&path).is_ok_and(|t| Format::sniff(&t) == Format::Pe424)
            }
        };
        if wanted {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// The title a puzzle is printed under: its own, else its file's name, numbered when the file
/// holds several (`stem` is the file's name without its extension).
pub fn title_for(own: &str, stem: &str, index: usize, several: bool) -> String {
    match own.trim() {
        "" if several => format!("{stem} {}", index + 1),
        "" => stem.to_string(),
        title => title.to_string(),
    }
}

/// Every puzzle of a file with its title: one, or all of a Project Euler 424 file.
pub fn read_puzzles(path: &Path) -> Result<Vec<(Grid, String)>, FormatError> {
    let text = format::read_text(path)?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let kind = Format::from_path(path).unwrap_or_else(|| Format::sniff(&text));
    if kind == Format::Pe424 {
        let grids = pe424::parse_file(&text).map_err(|e| e.in_file(path))?;
        let several = grids.len() > 1;
        return Ok(grids
            .into_iter()
            .enumerate()
            .map(|(i, grid)| (grid, title_for("", &stem, i, several)))
            .collect());
    }
    let loaded = format::parse(&text, kind).map_err(|e| e.in_file(path))?;
    let title = title_for(&loaded.document.title, &stem, 0, false);
    Ok(vec![(loaded.document.grid, title)])
}
