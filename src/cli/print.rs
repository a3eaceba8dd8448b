//! `kakuro print FILES... -o OUT.pdf`: a puzzle book. Folders give their puzzle files in name
//! order, a Project Euler 424 file all its puzzles; a file that cannot be read is skipped with
//! its error (exit 2 after the rest is printed). Each puzzle is checked: one without exactly
//! one solution is printed with a warning on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Result, bail};
use kakuro::format::{self, Format};
use kakuro::print::{Answer, Book, Entry, Paper, PerPage, gather, pdf};
use kakuro::{Puzzle, atomic};

use super::input::{Input, PuzzleFile};
use super::{EXIT_INVALID, budget, output, pe424};

/// How long each puzzle's check may take before it is printed unchecked.
const CHECK_SECONDS: u64 = 10;

/// What the book looks like.
pub struct Options {
    /// The page size.
    pub paper: Paper,
    /// Puzzles a page.
    pub per_page: PerPage,
    /// Whether solutions follow the puzzles.
    pub solutions: bool,
    /// The running head (and the PDF's title).
    pub title: Option<String>,
}

/// Prints the book; exit 0, or 2 when some file was skipped (the others are printed).
pub fn run(files: &[PathBuf], output: &Path, options: &Options) -> Result<ExitCode> {
    check_output(output)?;
    let mut skipped = false;
    let mut entries = Vec::new();
    for path in expand(files, &mut skipped) {
        match read(&path) {
            Ok(puzzles) => {
                for (file, title) in puzzles {
                    match entry(&file, &title, options.solutions) {
                        Ok(entry) => entries.push(entry),
                        Err(e) => {
                            super::report(&e);
                            skipped = true;
                        }
                    }
                }
            }
            Err(e) => {
                super::report(&e);
                skipped = true;
            }
        }
    }
    if entries.is_empty() {
        bail!("no puzzle to print: nothing was written");
    }
    for (index, entry) in entries.iter_mut().enumerate() {
        entry.number = Some(index + 1);
    }
    let count = entries.len();
    let title = options.title.clone().unwrap_or_default();
    let book = Book {
        title: title.clone(),
        paper: options.paper,
        per_page: options.per_page,
        solutions: options.solutions,
        entries,
    };
    let pages = book.pages();
    let bytes = pdf::write(&pages, &title)?;
    write(output, &bytes)?;
    if is_stdout(output) {
        // Standard output holds the PDF: no line may follow it.
        return Ok(exit_code(skipped));
    }
    let mut out = output::stdout();
    writeln!(
        out,
        "{}: {count} puzzle{}, {} page{}",
        format::printable(&output.display().to_string()),
        if count == 1 { "" } else { "s" },
        pages.len(),
        if pages.len() == 1 { "" } else { "s" },
    )?;
    out.flush()?;
    Ok(exit_code(skipped))
}

/// Exit 2 when some file was skipped, 0 otherwise.
fn exit_code(skipped: bool) -> ExitCode {
    if skipped {
        ExitCode::from(EXIT_INVALID)
    } else {
        ExitCode::SUCCESS
    }
}

/// Refuses an output that cannot be written before any work is done: a folder, or a file in a
/// folder that does not exist.
pub(super) fn check_output(output: &Path) -> Result<()> {
    let name = format::printable(&output.display().to_string()).into_owned();
    if is_stdout(output) {
        return Ok(());
    }
    if output.is_dir() {
        bail!("{name}: the output is a directory; name the file to write, such as book.pdf");
    }
    if let Some(parent) = output.parent().filter(|p| !p.as_os_str().is_empty())
        && !parent.is_dir()
    {
        bail!(
            "{name}: the folder {} does not exist",
            format::printable(&parent.display().to_string())
        );
    }
    Ok(())
}

/// Whether an output path means standard output: `-`, as for inputs.
pub(super) fn is_stdout(output: &Path) -> bool {
    output.as_os_str() == "-"
}

/// Writes the file atomically, or standard output for `-`; the error names it.
pub(super) fn write(output: &Path, bytes: &[u8]) -> Result<()> {
    if is_stdout(output) {
        let mut out = output::stdout();
        out.write_all(bytes)?;
        out.flush()?;
        return Ok(());
    }
    atomic::write_atomic(output, bytes).map_err(|e| {
        anyhow::anyhow!(
            "{}: cannot write the file: {e}",
            format::printable(&output.display().to_string())
        )
    })
}

/// The files to read: each argument, or a folder's puzzle files in name order. A folder that
/// cannot be listed is reported and skipped.
fn expand(files: &[PathBuf], skipped: &mut bool) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for path in files {
        if !path.is_dir() {
            paths.push(path.clone());
            continue;
        }
        match gather::puzzle_files(path) {
            Ok(found) if found.is_empty() => {
                super::report(&anyhow::anyhow!(
                    "{}: the folder holds no puzzle file (.kakuro, .ron, .pe424, or a Project \
                     Euler 424 .txt)",
                    format::printable(&path.display().to_string())
                ));
                *skipped = true;
            }
            Ok(found) => paths.extend(found),
            Err(e) => {
                super::report(&anyhow::anyhow!(
                    "{}: cannot list the folder: {e}",
                    format::printable(&path.display().to_string())
                ));
                *skipped = true;
            }
        }
    }
    paths
}

/// The puzzles of one file, each with the title it is printed under: the file's own, or its
/// name (and the puzzle's number in a Project Euler file of several).
fn read(path: &Path) -> Result<Vec<(PuzzleFile, String)>> {
    let input = Input::read(path)?;
    let stem = input
        .error_path()
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if input.format() == Format::Pe424 {
        let puzzles = pe424::puzzles_in(&input)?;
        let several = puzzles.len() > 1;
        return Ok(puzzles
            .into_iter()
            .enumerate()
            .map(|(i, file)| (file, gather::title_for("", &stem, i, several)))
            .collect());
    }
    let loaded = input.parse()?;
    let title = gather::title_for(&loaded.document.title, &stem, 0, false);
    let file = PuzzleFile {
        name: input.name(),
        loaded,
        line_offset: 0,
    };
    Ok(vec![(file, title)])
}

/// Checks a puzzle within the time limit; with `want_digits`, finds the first solution of one
/// that has several.
pub(super) fn answer(puzzle: &Puzzle, want_digits: bool) -> Answer {
    let limit = Some(Duration::from_secs(CHECK_SECONDS));
    Answer::of(puzzle, want_digits, &budget::token(limit))
}

/// The book's entry for a puzzle; warnings for one without exactly one solution go to
/// stderr. A grid with errors is refused with them.
fn entry(file: &PuzzleFile, title: &str, solutions: bool) -> Result<Entry> {
    let puzzle = file.puzzle()?;
    let mut entry = Entry::new(file.grid().clone(), title);
    let answer = answer(&puzzle, solutions);
    if let Some(warning) = answer.warning(solutions) {
        eprintln!("kakuro: {}: warning: {warning}", file.place(None));
    }
    answer.fill(&mut entry);
    Ok(entry)
}
