//! The command line's shape: its commands, options and their parsing (clap), apart from
//! running them.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use num_bigint::BigUint;

use super::generate;

/// Kakuro studio: design, solve, count and check Kakuro puzzles.
///
/// Without a subcommand, opens the app (on FILE if given).
#[derive(Debug, Parser)]
#[command(name = "kakuro", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; none opens the app.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A puzzle to open in the app (.kakuro, .ron, Project Euler 424 .txt).
    pub file: Option<PathBuf>,
    /// Render the app window once, save it as a PNG here, and exit.
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<PathBuf>,
    /// The app's graphics back end.
    #[arg(long, value_enum)]
    pub renderer: Option<RendererChoice>,
    /// Print the app's frame times (median, 99th percentile, while searching and otherwise)
    /// when its window closes.
    #[arg(long)]
    pub frame_stats: bool,
}

/// The app's graphics back end, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RendererChoice {
    /// OpenGL (works on software rendering, e.g. under Xvfb).
    Glow,
    /// wgpu (Vulkan, Metal, DX12 or GL).
    Wgpu,
}

/// The symmetry of a generated puzzle's walls, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryChoice {
    /// No symmetry.
    None,
    /// 180° rotation.
    Rotate,
    /// Left-right mirror.
    Mirror,
}

impl From<SymmetryChoice> for kakuro::generate::Symmetry {
    fn from(choice: SymmetryChoice) -> Self {
        match choice {
            SymmetryChoice::None => kakuro::generate::Symmetry::None,
            SymmetryChoice::Rotate => kakuro::generate::Symmetry::Rotate,
            SymmetryChoice::Mirror => kakuro::generate::Symmetry::Mirror,
        }
    }
}

/// The band of a generated puzzle, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DifficultyChoice {
    /// Tier-1 techniques and a few light tier-2 steps.
    Easy,
    /// Tier 2 at the most.
    Medium,
    /// A few tier-3 steps.
    Hard,
    /// Many tier-3 steps, or one to start.
    Expert,
}

impl From<DifficultyChoice> for kakuro::logic::Band {
    fn from(choice: DifficultyChoice) -> Self {
        match choice {
            DifficultyChoice::Easy => kakuro::logic::Band::Easy,
            DifficultyChoice::Medium => kakuro::logic::Band::Medium,
            DifficultyChoice::Hard => kakuro::logic::Band::Hard,
            DifficultyChoice::Expert => kakuro::logic::Band::Expert,
        }
    }
}

/// A subcommand.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every solution (or the first N, or solution #K, or a random one) in the .kakuro
    /// layout, or as JSON.
    ///
    /// Exit code: 0 solved, 1 no solution, 2 invalid file or usage. Exit code 3: stopped by
    /// --max-seconds (what was printed is right, but may not be all). With no solution, --json
    /// still prints its object, with no solutions and a count of 0.
    Solve {
        #[command(flatten)]
        files: Files,
        /// Stop after this many solutions (at least 1).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Print only solution #K (from 1) of the full listing, found without listing the others.
        #[arg(long, value_name = "K", value_parser = parse_solution_number, conflicts_with_all = ["limit", "random"])]
        nth: Option<BigUint>,
        /// Print one solution drawn uniformly at random.
        #[arg(long, conflicts_with = "limit")]
        random: bool,
        /// Seed for --random: the same seed draws the same solution.
        #[arg(long, value_name = "S", requires = "random")]
        seed: Option<u64>,
        /// Print one JSON object: {"width","height","solutions","complete","count"}.
        #[arg(long)]
        json: bool,
        /// Stop after this many seconds and say "unknown after S s" on stderr (exit 3);
        /// without it, no limit, but for --nth and --random (which count first): 60 s.
        #[arg(long, value_name = "S", value_parser = parse_seconds, allow_negative_numbers = true)]
        max_seconds: Option<Duration>,
    },
    /// Print the exact number of solutions.
    ///
    /// Exit code: 0 counted, 2 invalid file or usage. Exit code 3: stopped by --max-seconds
    /// (60 s unless told).
    Count {
        #[command(flatten)]
        files: Files,
        /// Print {"count": "K", "seconds": S}.
        #[arg(long)]
        json: bool,
        /// Stop after this many seconds and say "unknown after S s" on stderr, with the
        /// solutions listed as a lower bound (exit 3).
        #[arg(
            long,
            value_name = "S",
            default_value = "60",
            value_parser = parse_seconds,
            allow_negative_numbers = true
        )]
        max_seconds: Duration,
    },
    /// List the file's problems, then say `none`, `unique` or `multiple` (exit 0 only for unique).
    ///
    /// Warnings go to stdout before the verdict; errors go to stderr, with no verdict.
    ///
    /// Exit code: 0 unique, 1 none or multiple, 2 invalid file or usage. Exit code 3: unknown
    /// (the last line is then "unknown after S s").
    Check {
        #[command(flatten)]
        files: Files,
        /// Print {"verdict","warnings"}.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        verdict: VerdictTime,
    },
    /// Solve by logic, as a person would: one named step a line, then the verdict (the
    /// search's: unique, multiple, none or unknown) and the difficulty rating.
    ///
    /// Exit code: 0 when the steps solve the puzzle, 1 when logic stops short (a line says
    /// why), 2 invalid file or usage, 3 when the steps ran past --max-seconds.
    Explain {
        #[command(flatten)]
        files: Files,
        /// Print one JSON object: {"steps","solved","trial","verdict","rating"}.
        #[arg(long)]
        json: bool,
        /// The longest chain (in links, the assumption included) tried before a trial.
        #[arg(long, value_name = "N", default_value_t = kakuro::logic::DEFAULT_MAX_CHAIN)]
        max_chain: usize,
        #[command(flatten)]
        verdict: VerdictTime,
    },
    /// Rate how hard a puzzle is to solve by logic: Easy, Medium, Hard, Expert or Needs trial
    /// (on the last line).
    ///
    /// Exit code: 0 when logic solves the puzzle, 1 when it stops short, 2 invalid file or
    /// usage, 3 when it ran past --max-seconds.
    Rate {
        #[command(flatten)]
        files: Files,
        /// Print {"band","score","hardest","start","solved"}.
        #[arg(long)]
        json: bool,
        /// Give up the logical solve after this many seconds; the band is then "unknown after
        /// S s" (exit 3).
        #[arg(
            long,
            value_name = "S",
            default_value = "10",
            value_parser = parse_seconds,
            allow_negative_numbers = true
        )]
        max_seconds: Duration,
    },
    /// Generate puzzles with one solution that logic alone solves, in a difficulty band.
    ///
    /// Each puzzle is `.kakuro` text starting with a comment line naming its seed, size,
    /// symmetry and rating. Exit code: 0 written, 2 bad options or no puzzle found.
    Generate {
        /// The grid size, WIDTHxHEIGHT, 4 to 40 each (the clue row and column included).
        #[arg(long, value_name = "WxH", value_parser = generate::parse_size, required_unless_present = "shape")]
        size: Option<(usize, usize)>,
        /// Fill this drawn shape (a .kakuro or .ron file): its walls are kept exactly, its
        /// clues and digits ignored; the size, walls and symmetry are the shape's.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "walls", "symmetry"])]
        shape: Option<PathBuf>,
        /// About this share of the interior is walls (0 to 0.6).
        #[arg(long, value_name = "F", default_value = "0.35", value_parser = generate::parse_walls)]
        walls: f64,
        /// How the walls mirror each other.
        #[arg(long, value_enum, default_value = "none")]
        symmetry: SymmetryChoice,
        /// The band the puzzles must rate in.
        #[arg(long, value_enum, default_value = "easy")]
        difficulty: DifficultyChoice,
        /// The seed (a random one when left out; the comment line names it). Puzzle i of
        /// --count uses seed S + i - 1.
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// How many puzzles (more than one needs -o DIR).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        count: u32,
        /// The file to write (its extension names the format), or a directory for
        /// NNNN.kakuro files; stdout when left out or `-`.
        #[arg(short = 'o', long = "output", value_name = "FILE_OR_DIR")]
        output: Option<PathBuf>,
    },
    /// Suggest the fewest edits (a missing sum, a clue and the crossing clue it forces, a wall
    /// or a symmetric wall pair, a run split) that give a puzzle with several solutions (or
    /// none) exactly one, ranked.
    ///
    /// Exit code: 0 when the puzzle is unique or an edit was found, 1 otherwise, 2 invalid
    /// file or usage, 3 when the time ran out before the verdict.
    Fix {
        #[command(flatten)]
        files: Files,
        /// Print {"verdict","suggestions":[{"edit","cells","edits","band","puzzle"}],...}.
        #[arg(long)]
        json: bool,
        /// The most edits combined in one suggestion (1 to 8).
        #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=8))]
        max_edits: u8,
        /// Stop looking after this many seconds and answer with what was found.
        #[arg(
            long,
            value_name = "S",
            default_value = "10",
            value_parser = parse_seconds,
            allow_negative_numbers = true
        )]
        max_seconds: Duration,
    },
    /// Convert a puzzle between formats, chosen by extension: .kakuro, .ron, .pe424, .svg,
    /// .png, .pdf.
    ///
    /// SVG, PNG and PDF are written only (a picture of the empty puzzle; the PDF is one A4
    /// page). When read, a Project Euler 424 file is recognised by its content whatever its
    /// extension (such as the published .txt). A grid with errors (or no white cells) is
    /// refused, exit 2, and nothing is written.
    Convert {
        /// The puzzle to read (`-` reads standard input).
        input: PathBuf,
        /// The file to write: replaced atomically, through a symbolic link, keeping its mode
        /// and owner; a read-only file is refused; a file with other hard links is replaced
        /// under this name only, with a note on stderr. `-` writes .kakuro text on standard
        /// output. For several puzzles (or a folder): the other
        /// inputs, then the folder to write into, with --to naming the format.
        #[arg(value_name = "OUTPUT", required = true, num_args = 1..)]
        output: Vec<PathBuf>,
        /// Draw the solved grid (.svg, .png, .pdf); a puzzle with several solutions shows the
        /// first, with a warning.
        #[arg(long)]
        solution: bool,
        /// With OUT a folder: write each puzzle there as its own name with this extension
        /// (kakuro, ron, pe424, svg, png or pdf).
        #[arg(long, value_name = "EXT")]
        to: Option<String>,
        /// Files worked on at once (the machine's cores unless told).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// Print puzzles as a PDF book: several a page, each with its number, title and size;
    /// with --solutions, the solutions follow, smaller.
    ///
    /// A folder gives its puzzle files in name order (.kakuro, .ron, .pe424, and Project
    /// Euler 424 .txt files); a Project Euler 424 file gives all its puzzles. A puzzle without
    /// exactly one solution is printed with a warning on stderr. A file that cannot be read
    /// is skipped with its error, the rest printed: exit 2. On success it prints
    /// `OUT.pdf: N puzzles, P pages`.
    Print {
        /// Puzzle files or folders (`-` reads standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The PDF to write (atomically; `-` writes it on standard output).
        #[arg(short = 'o', long = "output", value_name = "OUT.pdf", required = true)]
        output: PathBuf,
        /// The page size (6x9: 6 × 9 in).
        #[arg(long, value_enum, default_value = "a4")]
        paper: PaperChoice,
        /// Puzzles a page: 1, 2, 4 or 6.
        #[arg(long, value_name = "N", default_value = "2", value_parser = parse_per_page)]
        per_page: kakuro::print::PerPage,
        /// Print the solutions at the back, each labelled with its puzzle's number.
        #[arg(long)]
        solutions: bool,
        /// A title for the head of every page (and the PDF's title).
        #[arg(long, value_name = "TEXT")]
        title: Option<String>,
    },
    /// Solve Project Euler 424 cryptic puzzles: each puzzle's 10-digit answer, then their sum.
    Pe424 {
        /// A file with one cryptic puzzle per line (`-` reads standard input).
        file: PathBuf,
    },
    /// Time the engine on puzzles: median of repeated runs, parsing excluded.
    Bench {
        /// The puzzle files (`-` reads standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// How many times to solve each puzzle (the median is reported).
        #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        runs: u32,
        /// Stop each enumeration after this many solutions (at least 1).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        limit: Option<u64>,
        /// Stop each search after this many seconds; a stopped puzzle is searched once and
        /// shows the solutions found so far, with a +.
        #[arg(
            long,
            value_name = "S",
            default_value = "10",
            value_parser = parse_seconds,
            allow_negative_numbers = true
        )]
        max_seconds: Duration,
        /// Print a JSON array, one object per puzzle.
        #[arg(long)]
        json: bool,
    },
    /// Print a completion script for a shell, such as `source <(kakuro completions bash)`.
    Completions {
        /// The shell the script is for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), such as `kakuro man > kakuro.1` or `kakuro man | man -l -`.
    Man,
}

/// The files a command answers, and how many it works on at once.
#[derive(Debug, Args)]
pub struct Files {
    /// The puzzle file (`-` reads standard input). With several files, or a folder (its
    /// .kakuro, .ron, .pe424 and Project Euler 424 .txt files), each answer is marked with its
    /// file and a summary line ends the run.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// More puzzle files or folders.
    #[arg(value_name = "FILE")]
    more: Vec<PathBuf>,
    /// Files worked on at once (the machine's cores unless told).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub(super) threads: Option<u16>,
}

impl Files {
    /// Every path given, in order.
    pub(super) fn paths(&self) -> Vec<PathBuf> {
        std::iter::once(self.file.clone())
            .chain(self.more.iter().cloned())
            .collect()
    }
}

#[derive(Debug, Args)]
pub struct VerdictTime {
    /// Give up the search for the verdict after this many seconds; it is then "unknown after
    /// S s". Explain's logical solve has as long again: past it, the steps found so far are
    /// printed and the rating is "unknown after S s" (exit 3).
    #[arg(
        long,
        value_name = "S",
        default_value = "10",
        value_parser = parse_seconds,
        allow_negative_numbers = true
    )]
    pub(super) max_seconds: Duration,
}

/// A page size, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PaperChoice {
    /// ISO A4 (210 × 297 mm).
    A4,
    /// US Letter (8.5 × 11 in).
    Letter,
    /// ISO A5 (148 × 210 mm).
    A5,
    /// 6 × 9 in, the common size of self-published books.
    #[value(name = "6x9")]
    Book6x9,
}

impl From<PaperChoice> for kakuro::print::Paper {
    fn from(choice: PaperChoice) -> Self {
        use kakuro::print::Paper;
        match choice {
            PaperChoice::A4 => Paper::A4,
            PaperChoice::Letter => Paper::Letter,
            PaperChoice::A5 => Paper::A5,
            PaperChoice::Book6x9 => Paper::Book6x9,
        }
    }
}

/// Puzzles a page for `--per-page`: 1, 2, 4 or 6.
fn parse_per_page(text: &str) -> Result<kakuro::print::PerPage, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .and_then(kakuro::print::PerPage::from_count)
        .ok_or_else(|| format!("{text:?} puzzles a page cannot be laid out: use 1, 2, 4 or 6"))
}

/// The longest time limit kept: a century stands for "no limit" and still adds to a clock
/// without overflowing it.
const LONGEST: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// A time limit for `--max-seconds`: a finite number of seconds above 0 (a limit past a century
/// is a century).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds = text
        .parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0)
        .ok_or("a number of seconds above 0 is needed, such as 2.5")?;
    if !seconds.is_finite() {
        return Err("a number of seconds above 0 is needed, and a finite one".into());
    }
    let limit = Duration::try_from_secs_f64(seconds).unwrap_or(LONGEST);
    Ok(limit.clamp(Duration::from_nanos(1), LONGEST))
}

/// A solution number for `--nth`: a decimal number from 1 (counts outgrow every integer type).
fn parse_solution_number(text: &str) -> Result<BigUint, String> {
    let k: BigUint = text
        .parse()
        .map_err(|_| format!("{text:?} is not a solution number"))?;
    if k == BigUint::ZERO {
        return Err("solutions are numbered from 1".into());
    }
    Ok(k)
}
