//! Puzzle files: reading and writing `.kakuro` text, the native `.ron` save, Project Euler 424
//! lines, and SVG pictures.
//!
//! The format of a file comes from its extension (`.kakuro`, `.ron`, `.pe424`, `.svg`); a file
//! with any other extension (such as the published `.txt` of PE 424) is recognised by its
//! content, see [`Format::sniff`]. Every error names its place; no input panics, and huge inputs
//! are refused as soon as they exceed the size limit.

mod error;
mod input;
pub mod kakuro_text;
pub mod pe424;
pub mod play;
pub mod ron;
mod ron_place;
mod source;
pub mod svg;

use std::fmt;
use std::path::Path;

pub use error::{FormatError, printable};
pub use input::{MAX_BYTES, STDIN_NAME, read_stdin, read_text};
pub use play::PlayRecord;
pub use source::SourceMap;

use crate::atomic::write_atomic;
use crate::grid::Grid;

/// A kind of puzzle file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The `.kakuro` text format.
    Kakuro,
    /// The native `.ron` save.
    Ron,
    /// Project Euler 424 cryptic lines (`.pe424`, or recognised by content).
    Pe424,
    /// An SVG picture (written only).
    Svg,
}

impl Format {
    /// Every format, in the order they are offered to users.
    pub const ALL: [Format; 4] = [Format::Kakuro, Format::Ron, Format::Pe424, Format::Svg];

    /// The format named by a path's extension (case-insensitive): `.kakuro`, `.ron`, `.pe424`,
    /// `.svg`. `None` for anything else; [`load`] then looks at the content.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL.into_iter().find(|f| f.extension() == ext)
    }

    /// The format of a text by its first line that is not blank or a comment: `(` starts a
    /// `.ron` save, `N,` (digits then a comma) a PE 424 line, anything else is `.kakuro` text.
    pub fn sniff(text: &str) -> Format {
        let first = text
            .split('\n')
            .map(|l| l.trim_matches([' ', '\t', '\r', '\u{feff}']))
            .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("//"));
        let Some(line) = first else {
            return Format::Kakuro;
        };
        if line.starts_with('(') {
            return Format::Ron;
        }
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0
            && line[digits..]
                .trim_start_matches([' ', '\t'])
                .starts_with(',')
        {
            Format::Pe424
        } else {
            Format::Kakuro
        }
    }

    /// The file extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Kakuro => "kakuro",
            Format::Ron => "ron",
            Format::Pe424 => "pe424",
            Format::Svg => "svg",
        }
    }

    /// A name for people.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Kakuro => "Kakuro text",
            Format::Ron => "Kakuro studio save",
            Format::Pe424 => "Project Euler 424",
            Format::Svg => "SVG picture",
        }
    }

    /// Whether files of this format can be opened (SVG is export only).
    pub const fn can_read(self) -> bool {
        !matches!(self, Format::Svg)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A puzzle file's content: the grid and what the designer wrote about it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Document {
    /// The board.
    pub grid: Grid,
    /// A short name for the puzzle.
    pub title: String,
    /// Who made it.
    pub author: String,
    /// Anything else, free text.
    pub notes: String,
    /// Digits per white cell in reading order, as saved (0 for an empty cell).
    pub solution: Option<Vec<u8>>,
    /// A game in progress (only the `.ron` save keeps one).
    pub play: Option<PlayRecord>,
}

impl Document {
    /// A document holding only a grid.
    pub fn new(grid: Grid) -> Document {
        Document {
            grid,
            ..Document::default()
        }
    }
}

/// What [`load`] or [`parse`] read: the document, where its cells were (for text formats), and
/// the format it was in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The content.
    pub document: Document,
    /// The place of each cell's token, for `.kakuro`, `.ron` and PE 424 files.
    pub source: Option<SourceMap>,
    /// The format the text was read as.
    pub format: Format,
}

/// Reads a puzzle file, choosing the format by extension or else by content. A PE 424 file
/// gives its first puzzle (use [`pe424::parse_file`] for all of them).
pub fn load(path: &Path) -> Result<Loaded, FormatError> {
    let text = read_text(path)?;
    let format = Format::from_path(path).unwrap_or_else(|| Format::sniff(&text));
    parse(&text, format).map_err(|e| e.in_file(path))
}

/// Reads a text in the given format; errors carry no path.
pub fn parse(text: &str, format: Format) -> Result<Loaded, FormatError> {
    let (document, source) = match format {
        Format::Kakuro => {
            let (grid, map) = kakuro_text::parse(text)?;
            let (title, author, notes) = kakuro_text::read_header(text);
            let document = Document {
                grid,
                title,
                author,
                notes,
                solution: None,
                play: None,
            };
            (document, Some(map))
        }
        Format::Ron => {
            let (document, map) = ron::from_str_mapped(text)?;
            (document, Some(map))
        }
        Format::Pe424 => {
            let (grid, map) = pe424::parse_first(text)?;
            (Document::new(grid), Some(map))
        }
        Format::Svg => {
            return Err(FormatError::new(
                "SVG pictures can only be written; open a .kakuro, .ron or PE 424 file",
            ));
        }
    };
    Ok(Loaded {
        document,
        source,
        format,
    })
}

/// The file content for a document in a format (SVG: the empty puzzle's picture).
pub fn render(doc: &Document, format: Format) -> Result<String, FormatError> {
    match format {
        Format::Kakuro => {
            if doc.grid.is_cryptic() {
                return Err(FormatError::new(
                    "a cryptic puzzle (letters) cannot be written as .kakuro text; \
                     save it as .ron or .pe424",
                ));
            }
            let header = kakuro_text::write_header(
                &doc.title,
                &doc.author,
                &doc.notes,
                doc.grid.allows_one_cell_runs(),
            );
            Ok(header + &kakuro_text::write(&doc.grid))
        }
        Format::Ron => Ok(ron::to_string(doc)),
        Format::Pe424 => pe424::write_line(&doc.grid)
            .map(|line| line + "\n")
            .ok_or_else(|| {
                FormatError::new(
                    "only a square grid whose clues are letters can be written as a PE 424 line",
                )
            }),
        Format::Svg => Ok(svg::titled(&doc.grid, &doc.title, &doc.author)),
    }
}

/// Writes a document atomically in the format its extension names; `.svg` exports the puzzle's
/// picture.
pub fn save(path: &Path, doc: &Document) -> Result<(), FormatError> {
    let format = Format::from_path(path).ok_or_else(|| {
        FormatError::new("unknown file extension: use .kakuro, .ron, .pe424 or .svg").in_file(path)
    })?;
    let text = render(doc, format).map_err(|e| e.in_file(path))?;
    write_atomic(path, text.as_bytes())
        .map_err(|e| FormatError::new(format!("cannot write the file: {e}")).in_file(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_extension_and_content() {
        assert_eq!(
            Format::from_path(Path::new("a/b.KAKURO")),
            Some(Format::Kakuro)
        );
        assert_eq!(Format::from_path(Path::new("b.ron")), Some(Format::Ron));
        assert_eq!(Format::from_path(Path::new("b.pe424")), Some(Format::Pe424));
        assert_eq!(Format::from_path(Path::new("b.svg")), Some(Format::Svg));
        assert_eq!(Format::from_path(Path::new("b.txt")), None);
        assert_eq!(Format::sniff("\n6,X,O"), Format::Pe424);
        assert_eq!(Format::sniff("# c\n\\ 3\\"), Format::Kakuro);
        assert_eq!(Format::sniff("// save\n(version: 1)"), Format::Ron);
        assert_eq!(Format::sniff(""), Format::Kakuro);
    }

    #[test]
    fn cryptic_grids_are_not_kakuro_text() {
        let g = pe424::parse_line("2,X,(hA),(vB),O").unwrap();
        assert!(render(&Document::new(g.clone()), Format::Kakuro).is_err());
        assert!(render(&Document::new(g), Format::Pe424).is_ok());
    }
}
