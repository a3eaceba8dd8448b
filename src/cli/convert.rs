//! `kakuro convert IN OUT`: read one format, write another; both chosen by extension (`.pdf`
//! and `.png` write a printed page and a picture). A grid with errors is refused rather than
//! written.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, bail};
use kakuro::atomic;
use kakuro::format::{self, Format, svg};
use kakuro::print::{self, Answer, Book, Entry, Paper, PerPage, pdf, png};

use super::Failure;
use super::input::PuzzleFile;
use super::print::{answer, write};

/// A picture format that only `convert` writes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Picture {
    /// One A4 page, as `kakuro print` prints a puzzle alone.
    Pdf,
    /// The SVG picture's layout, rasterised.
    Png,
}

impl Picture {
    fn of(path: &Path) -> Option<Picture> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pdf" => Some(Picture::Pdf),
            "png" => Some(Picture::Png),
            _ => None,
        }
    }
}

/// Converts the document (grid, title, author, notes, solution); prints nothing on success.
/// With `solution`, a picture (.svg, .png, .pdf) shows the solved grid.
pub fn run(input: &Path, output: &Path, solution: bool) -> Result<ExitCode> {
    // A directory has no extension to choose a format by; say what it is rather than that.
    if output.is_dir() {
        return Err(Failure {
            lines: vec![format!(
                "{}: the output is a directory; name the file to write, such as {}",
                output.display(),
                output.join(file_name_for(input)).display()
            )],
        }
        .into());
    }
    let picture = Picture::of(output);
    if solution && picture.is_none() && Format::from_path(output) != Some(Format::Svg) {
        bail!(
            "{}: --solution draws the solved grid: write a .svg, .png or .pdf",
            format::printable(&output.display().to_string())
        );
    }
    // Writing the first of a file's puzzles would drop the others without a word.
    let file = PuzzleFile::load(input)?;
    // A grid with errors would be written, and read back, as something other than a puzzle.
    let errors: Vec<String> = file
        .problems()
        .iter()
        .filter(|p| p.is_error())
        .map(|p| file.describe(p))
        .collect();
    if !errors.is_empty() {
        return Err(Failure { lines: errors }.into());
    }
    let links = atomic::hard_links(output);
    let digits = if solution { Some(solved(&file)?) } else { None };
    let document = &file.loaded.document;
    let (grid, title, author) = (&document.grid, &document.title, &document.author);
    match (picture, &digits) {
        (Some(Picture::Pdf), _) => {
            let book = Book {
                title: String::new(),
                paper: Paper::A4,
                per_page: PerPage::One,
                solutions: false,
                entries: vec![Entry {
                    filled: digits.clone(),
                    difficulty: answer(&file.puzzle()?, false).band(grid),
                    ..Entry::new(grid.clone(), title)
                }],
            };
            write(output, &pdf::write(&book.pages(), title)?)?;
        }
        (Some(Picture::Png), _) => {
            let sheet = print::picture(grid, title, author, digits.as_deref());
            write(output, &png::encode(&sheet, png::SCALE)?)?;
        }
        (None, Some(digits)) => {
            write(
                output,
                svg::titled_solved(grid, title, author, digits).as_bytes(),
            )?;
        }
        (None, None) => format::save(output, document)?,
    }
    if links > 1 {
        eprintln!(
            "kakuro: {}: note: the file had {links} hard links; this name now leads to the new \
             content, the other {} keep the old",
            format::printable(&output.display().to_string()),
            links - 1
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The digits of the puzzle's solution (the first, with a warning, when it has several).
fn solved(file: &PuzzleFile) -> Result<Vec<u8>> {
    let puzzle = file.puzzle()?;
    let place = file.place(None);
    match answer(&puzzle, true) {
        Answer::Unique(digits) => Ok(digits),
        Answer::Several(digits) => {
            eprintln!(
                "kakuro: {place}: warning: the puzzle has more than one solution; the picture \
                 shows the first"
            );
            Ok(digits)
        }
        Answer::Impossible => bail!("{place}: the puzzle has no solution to draw"),
        Answer::Unknown => bail!("{place}: no solution found in time to draw"),
    }
}

/// A file name to suggest for the converted `input`: its own name in another format.
fn file_name_for(input: &Path) -> String {
    let stem = input
        .file_stem()
        .map_or("puzzle".into(), |s| s.to_string_lossy());
    let format = match Format::from_path(input) {
        Some(Format::Ron) => Format::Kakuro,
        _ => Format::Ron,
    };
    format!("{stem}.{}", format.extension())
}
