//! `kakuro convert IN OUT`: read one format, write another; both chosen by extension (`.pdf`
//! and `.png` write a printed page and a picture). A grid with errors is refused rather than
//! written.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Mutex, PoisonError};

use anyhow::{Result, bail};
use kakuro::atomic;
use kakuro::format::{self, Document, Format, svg};
use kakuro::print::{self, Answer, Book, Entry, Paper, PerPage, pdf, png};

use super::Failure;
use super::batch::{self, Files, Layout, Plan};
use super::input::{Input, PuzzleFile};
use super::output::Sink;
use super::print::{answer, is_stdout, write};

/// What a file is written as, chosen by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// A puzzle format (`.kakuro`, `.ron`, `.pe424`) or the SVG picture.
    Text(Format),
    /// One A4 page, as `kakuro print` prints a puzzle alone.
    Pdf,
    /// The SVG picture's layout, rasterised.
    Png,
}

/// The extensions written, for messages.
pub(super) const EXTENSIONS: &str = ".kakuro, .ron, .pe424, .svg, .png or .pdf";

impl Target {
    /// The target its extension names; `None` for an extension nothing writes (or none).
    pub(super) fn of(path: &Path) -> Option<Target> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pdf" => Some(Target::Pdf),
            "png" => Some(Target::Png),
            _ => Format::from_path(path).map(Target::Text),
        }
    }

    /// The target of `path`, or the error naming the extensions written.
    pub(super) fn required(path: &Path) -> Result<Target> {
        Target::of(path).ok_or_else(|| {
            anyhow::anyhow!(
                "{}: unknown file extension: use {EXTENSIONS}",
                format::printable(&path.display().to_string())
            )
        })
    }

    /// Whether it is a picture, which `--solution` may fill in.
    fn is_picture(self) -> bool {
        matches!(self, Target::Pdf | Target::Png | Target::Text(Format::Svg))
    }
}

/// Converts each input: one file to `output` as [`run`] does (nothing printed on success);
/// several (or a folder, or with `to`) into the folder `output`, each under its own name with
/// the extension `to`, a line naming each file written.
pub fn run_many(
    inputs: &[PathBuf],
    output: &Path,
    solution: bool,
    to: Option<&str>,
    threads: Option<usize>,
) -> Result<ExitCode> {
    let plan = Plan {
        layout: Layout::Lines,
        json: false,
        words: ["converted", "", "not converted", ""],
    };
    let files = Files {
        paths: inputs,
        threads,
    };
    if to.is_none() && !batch::is_many(inputs) {
        return batch::run(&files, plan, |input, sink| {
            run(input, output, solution, sink)
        });
    }
    let Some(ext) = to else {
        bail!(
            "{}: with several puzzles the output is a folder: name the format written with \
             --to EXT (EXT: {EXTENSIONS})",
            format::printable(&output.display().to_string())
        );
    };
    let ext = ext.trim_start_matches('.');
    Target::required(Path::new(&format!("puzzle.{ext}")))?;
    if !output.is_dir() {
        bail!(
            "{}: --to writes into a folder, and this is none",
            format::printable(&output.display().to_string())
        );
    }
    // Two inputs of one name would write one file: the later is refused.
    let claimed = Mutex::new(HashSet::new());
    batch::run(&files, plan, |input, sink| {
        let stem = Input::shown_path(input)
            .file_stem()
            .map_or("puzzle".into(), |s| s.to_string_lossy().into_owned());
        let written = output.join(format!("{stem}.{ext}"));
        let taken = !claimed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(written.clone());
        let shown = format::printable(&written.display().to_string()).into_owned();
        if taken {
            bail!("{shown}: written already from another input of the same name");
        }
        let code = run(input, &written, solution, sink)?;
        writeln!(sink.out, "{shown}")?;
        Ok(code)
    })
}

/// Converts the document (grid, title, author, notes, solution); prints nothing on success.
/// With `solution`, a picture (.svg, .png, .pdf) shows the solved grid.
pub fn run(input: &Path, output: &Path, solution: bool, sink: &mut Sink<'_>) -> Result<ExitCode> {
    // A directory has no extension to choose a format by; say what it is rather than that.
    if output.is_dir() && !is_stdout(output) {
        return Err(Failure {
            lines: vec![format!(
                "{}: the output is a directory; name the file to write, such as {}",
                output.display(),
                output.join(file_name_for(input)).display()
            )],
        }
        .into());
    }
    // `-` is standard output, which takes `.kakuro` text.
    let target = if is_stdout(output) {
        Target::Text(Format::Kakuro)
    } else {
        Target::required(output)?
    };
    if solution && !target.is_picture() {
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
    let links = if is_stdout(output) {
        1
    } else {
        atomic::hard_links(output)
    };
    let digits = if solution {
        Some(solved(&file, sink)?)
    } else {
        None
    };
    let document = &file.loaded.document;
    let difficulty = if target == Target::Pdf {
        answer(&file.puzzle()?, false).band(&document.grid)
    } else {
        None
    };
    write_document(output, target, document, digits.as_deref(), difficulty)?;
    if links > 1 {
        sink.say(&format!(
            "kakuro: {}: note: the file had {links} hard links; this name now leads to the new \
             content, the other {} keep the old",
            format::printable(&output.display().to_string()),
            links - 1
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `document` as `target` to `output` (atomically); a picture shows `digits` when
/// given, a PDF page names the `difficulty` beside the size.
pub(super) fn write_document(
    output: &Path,
    target: Target,
    document: &Document,
    digits: Option<&[u8]>,
    difficulty: Option<String>,
) -> Result<()> {
    let (grid, title, author) = (&document.grid, &document.title, &document.author);
    match (target, digits) {
        (Target::Pdf, _) => {
            let book = Book {
                title: String::new(),
                paper: Paper::A4,
                per_page: PerPage::One,
                solutions: false,
                entries: vec![Entry {
                    filled: digits.map(<[u8]>::to_vec),
                    difficulty,
                    ..Entry::new(grid.clone(), title)
                }],
            };
            write(output, &pdf::write(&book.pages(), title)?)?;
        }
        (Target::Png, _) => {
            let sheet = print::picture(grid, title, author, digits);
            write(output, &png::encode(&sheet, png::SCALE)?)?;
        }
        (Target::Text(Format::Svg), Some(digits)) => {
            write(
                output,
                svg::titled_solved(grid, title, author, digits).as_bytes(),
            )?;
        }
        (Target::Text(format), _) if is_stdout(output) => {
            let text = format::render(document, format).map_err(|e| e.in_file(output))?;
            write(output, text.as_bytes())?;
        }
        (Target::Text(_), _) => format::save(output, document)?,
    }
    Ok(())
}

/// The digits of the puzzle's solution (the first, with a warning, when it has several).
fn solved(file: &PuzzleFile, sink: &mut Sink<'_>) -> Result<Vec<u8>> {
    let puzzle = file.puzzle()?;
    let place = file.place(None);
    match answer(&puzzle, true) {
        Answer::Unique(digits) => Ok(digits),
        Answer::Several(digits) => {
            sink.say(&format!(
                "kakuro: {place}: warning: the puzzle has more than one solution; the picture \
                 shows the first"
            ));
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
