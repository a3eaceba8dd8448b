//! The command line: `solve`, `count`, `check`, `explain`, `rate`, `generate`, `fix`, `convert`,
//! `print`, `pe424`, `bench`, `completions`, `man`, and the app launcher.
//!
//! The machine-readable outputs and exit codes are a contract (docs/formats.md): scripts
//! outside the project parse them.

mod args;
mod batch;
mod bench;
mod budget;
mod busy;
mod check;
mod convert;
mod count;
mod docs;
mod explain;
mod fix;
mod generate;
mod input;
mod json;
mod launch;
mod output;
mod pe424;
mod print;
#[cfg(test)]
mod screen;
mod solve;

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

pub use args::*;
use batch::Layout::{Blocks, Lines};

/// Exit code for "the answer is no" (`check`: no solution or several; `solve`: no solution).
pub const EXIT_NO: u8 = 1;
/// Exit code for an invalid file or usage (clap uses it for usage errors too).
pub const EXIT_INVALID: u8 = 2;
/// Exit code for "unknown": `--max-seconds` ran out before the answer was complete.
pub const EXIT_UNKNOWN: u8 = 3;

/// Runs `work` on the files: one as the command always did, several each marked with its file.
fn on_files<F>(files: &Files, plan: batch::Plan, work: F) -> anyhow::Result<ExitCode>
where
    F: Fn(&std::path::Path, &mut output::Sink<'_>) -> anyhow::Result<ExitCode> + Sync,
{
    let paths = files.paths();
    let files = batch::Files {
        paths: &paths,
        threads: files.threads.map(usize::from),
    };
    batch::run(&files, plan, work)
}

/// How a command's answers over many files are laid out and counted.
fn plan(layout: batch::Layout, json: bool, words: [&'static str; 4]) -> batch::Plan {
    batch::Plan {
        layout,
        json,
        words,
    }
}

/// How long the search for a verdict (unique, multiple or none) may take.
/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let Some(command) = cli.command else {
        if let Some(file) = &cli.file {
            launch::check_file(file)?;
        }
        return launch::open_app(cli.file, cli.screenshot, cli.renderer, cli.frame_stats);
    };
    match command {
        Command::Solve {
            files,
            limit,
            nth,
            random,
            seed,
            json,
            max_seconds,
        } => {
            let pick = match (nth, random) {
                (Some(k), _) => Some(solve::Pick::Nth(k)),
                (None, true) => Some(solve::Pick::Random(seed)),
                (None, false) => None,
            };
            let words = ["solved", "no solution", "invalid", "unknown"];
            on_files(
                &files,
                plan(Blocks, json, words),
                |file, sink| match &pick {
                    Some(pick) => solve::run_one(file, pick, json, max_seconds, sink),
                    None => solve::run(file, limit, json, max_seconds, sink),
                },
            )
        }
        Command::Count {
            files,
            json,
            max_seconds,
        } => {
            let words = ["counted", "", "invalid", "unknown"];
            on_files(&files, plan(Lines, json, words), |file, sink| {
                count::run(file, json, max_seconds, sink)
            })
        }
        Command::Check {
            files,
            json,
            verdict,
        } => {
            let words = ["unique", "none or multiple", "invalid", "unknown"];
            on_files(&files, plan(Lines, json, words), |file, sink| {
                check::run(file, json, verdict.max_seconds, sink)
            })
        }
        Command::Explain {
            files,
            json,
            max_chain,
            verdict,
        } => {
            let words = ["solved by logic", "logic stops", "invalid", "unknown"];
            on_files(&files, plan(Blocks, json, words), |file, sink| {
                explain::run(file, json, verdict.max_seconds, max_chain, sink)
            })
        }
        Command::Rate {
            files,
            json,
            max_seconds,
        } => {
            let one_line = batch::is_many(&files.paths());
            let words = ["rated", "logic stops", "invalid", "unknown"];
            on_files(&files, plan(Lines, json, words), |file, sink| {
                explain::rate(file, json, one_line, max_seconds, sink)
            })
        }
        Command::Generate {
            size,
            shape,
            walls,
            symmetry,
            difficulty,
            seed,
            count,
            output,
        } => {
            let shape = shape.as_deref().map(generate::load_shape).transpose()?;
            let (width, height) = match (&shape, size) {
                (Some(s), _) => (s.width(), s.height()),
                (None, Some(size)) => size,
                (None, None) => unreachable!("clap asks for --size or --shape"),
            };
            let options = kakuro::generate::Options {
                walls,
                symmetry: symmetry.into(),
                band: difficulty.into(),
                ..kakuro::generate::Options::new(width, height, seed.unwrap_or_else(rand::random))
            };
            generate::run(options, shape.as_ref(), count, output.as_deref())
        }
        Command::Fix {
            files,
            json,
            max_edits,
            max_seconds,
        } => {
            let limits = kakuro::generate::fix::Limits {
                max_edits: usize::from(max_edits),
                max_time: max_seconds,
            };
            let words = ["fixed or unique", "no fix found", "invalid", "unknown"];
            on_files(&files, plan(Blocks, json, words), |file, sink| {
                fix::fix(file, json, limits, sink)
            })
        }
        Command::Convert {
            input,
            mut output,
            solution,
            to,
            threads,
        } => {
            let folder = output.pop().expect("clap asks for an output");
            let inputs: Vec<PathBuf> = std::iter::once(input).chain(output).collect();
            convert::run_many(
                &inputs,
                &folder,
                solution,
                to.as_deref(),
                threads.map(usize::from),
            )
        }
        Command::Print {
            files,
            output,
            paper,
            per_page,
            solutions,
            title,
        } => print::run(
            &files,
            &output,
            &print::Options {
                paper: paper.into(),
                per_page,
                solutions,
                title,
            },
        ),
        Command::Pe424 { file } => pe424::run(&file),
        Command::Bench {
            files,
            runs,
            limit,
            max_seconds,
            json,
        } => bench::run(&files, runs, limit, max_seconds, json),
        Command::Completions { shell } => docs::completions(shell),
        Command::Man => docs::man(),
    }
}

/// A failure already phrased as stderr lines, each naming its file, line and column (a puzzle
/// with several validation errors reports them all).
#[derive(Debug)]
pub struct Failure {
    /// The lines, without the `kakuro: ` prefix.
    pub lines: Vec<String>,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines.join("; "))
    }
}

impl std::error::Error for Failure {}

/// Prints an error as `kakuro: ...` lines on stderr and returns the exit code for it.
pub fn report(err: &anyhow::Error) -> ExitCode {
    // A reader that went away (`kakuro solve big.kakuro | head`) is not an error of ours.
    if err
        .chain()
        .filter_map(|e| e.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
    {
        return ExitCode::SUCCESS;
    }
    for line in error_lines(err) {
        eprintln!("kakuro: {line}");
    }
    ExitCode::from(EXIT_INVALID)
}

/// An error's message lines, each on one line, without the `kakuro: ` prefix.
pub fn error_lines(err: &anyhow::Error) -> Vec<String> {
    match err.downcast_ref::<Failure>() {
        Some(failure) => failure.lines.iter().map(|l| one_line(l)).collect(),
        None => vec![one_line(&format!("{err:#}"))],
    }
}

/// Makes a panic print one line (`kakuro: internal error: ...`) instead of a backtrace note; the
/// caller turns it into exit code 2.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into());
        let place = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!("kakuro: internal error: {}{place}", one_line(&message));
    }));
}

/// Folds a message onto one line (stderr errors are one line each), with anything a terminal
/// would act on escaped: a file's bytes and names reach the message.
fn one_line(text: &str) -> String {
    let folded = text
        .split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    kakuro::format::printable(&folded).into_owned()
}

/// Parses the command line, or returns the exit code when there is nothing to run: help and
/// the version print as clap writes them (exit 0), a usage error prints one line (`error: ...`
/// and where to read the usage; exit 2).
pub fn parse_args() -> Result<Cli, ExitCode> {
    use clap::Parser;
    use clap::error::ErrorKind;
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    match Cli::try_parse_from(&args) {
        Ok(cli) => Ok(cli),
        Err(e) => {
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return Err(ExitCode::from(e.exit_code().clamp(0, 255) as u8));
            }
            if let Some(line) = args.get(1).and_then(|word| launch::mistyped_command(word)) {
                eprintln!("kakuro: {}", one_line(&line));
            } else {
                eprintln!("{}", usage_line(&e.render().to_string(), &args));
            }
            Err(ExitCode::from(EXIT_INVALID))
        }
    }
}

/// Clap's usage error on one line: its message, then where to read the usage.
fn usage_line(rendered: &str, args: &[std::ffi::OsString]) -> String {
    let message = rendered
        .split("\n\nUsage:")
        .next()
        .unwrap_or(rendered)
        .split("\n\nFor more information")
        .next()
        .unwrap_or(rendered);
    let command = args
        .get(1)
        .and_then(|a| a.to_str())
        .filter(|a| {
            use clap::CommandFactory;
            Cli::command().get_subcommands().any(|c| c.get_name() == *a)
        })
        .map(|a| format!("kakuro {a}"))
        .unwrap_or_else(|| "kakuro".into());
    format!("{} (see `{command} --help`)", one_line(message))
}
