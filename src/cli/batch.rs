//! Many files in one call: `kakuro rate puzzles/`, `kakuro check *.kakuro`. One file keeps the
//! command's own output; several are worked on at once (one thread a core) and answered in
//! the order given, each result marked with its file, then a summary line on stderr.
//!
//! The layout is a contract (docs/formats.md, "Many files in one call").

use std::collections::HashMap;
use std::io::{self, IsTerminal, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kakuro::format;
use kakuro::print::gather;

use super::busy::{self, QUIET_FOR};
use super::input::Input;
use super::output::{self, Sink};
use super::{EXIT_INVALID, EXIT_NO, EXIT_UNKNOWN, budget};

/// How often the writer looks whether Ctrl+C was pressed while it waits for an answer.
const WATCH_EVERY: Duration = Duration::from_millis(50);

/// The exit code of a run stopped by Ctrl+C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// How a command's text answers are marked with their file when there are several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Every line starts `FILE: ` (a line that names its file already is left as it is).
    Lines,
    /// A `== FILE` line, then the answer as for one file.
    Blocks,
}

/// How a command's answers are written and counted.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The text layout.
    pub layout: Layout,
    /// Whether the answers are JSON objects (one line each).
    pub json: bool,
    /// The summary's word for exit codes 0, 1, 2 and 3, where the command names no other.
    pub words: [&'static str; 4],
}

/// The files a command is asked about, and how many to work on at once.
#[derive(Clone, Debug)]
pub struct Files<'a> {
    /// Paths as given: files, `-`, or folders.
    pub paths: &'a [PathBuf],
    /// Files worked on at once; the machine's cores when `None`.
    pub threads: Option<usize>,
}

/// Whether the paths ask for the many-files form: more than one, or a folder.
pub fn is_many(paths: &[PathBuf]) -> bool {
    paths.len() > 1 || paths.iter().any(|p| names_folder(p))
}

/// Whether a path stands for a folder's puzzle files: it is a folder, or ends with a separator
/// (`puzzles/`, as a shell's completion writes a folder: one that cannot be listed is then
/// reported as a folder).
pub fn names_folder(path: &Path) -> bool {
    path.is_dir()
        || path
            .as_os_str()
            .to_string_lossy()
            .ends_with(std::path::is_separator)
}

/// Runs `work` on each file: one file (not a folder) exactly as the command always did, on
/// standard output and standard error; several as this module says.
pub fn run<F>(files: &Files<'_>, plan: Plan, work: F) -> Result<ExitCode>
where
    F: Fn(&Path, &mut Sink<'_>) -> Result<ExitCode> + Sync,
{
    if !is_many(files.paths) {
        return output::to_stdio(|sink| work(&files.paths[0], sink));
    }
    let items = expand(files.paths);
    busy::set_quiet();
    catch_interrupt();
    let cores = thread::available_parallelism().map_or(1, usize::from);
    let threads = files.threads.unwrap_or(cores).clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (send, answers) = mpsc::channel::<(usize, Answer)>();
    thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (items, next, stop, work) = (&items, &next, &stop, &work);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() || stop.load(Ordering::Relaxed) || interrupted() {
                        break;
                    }
                    let answer = answer(&items[i], work);
                    if send.send((i, answer)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let written = write_in_order(&items, plan, &answers);
        // Whatever ended the writing (the end, Ctrl+C, a reader gone), the files still being
        // worked on stop.
        stop.store(true, Ordering::Relaxed);
        budget::run_token().cancel();
        written
    })
}

/// One path to answer: a file, or what went wrong listing a folder.
enum Item {
    /// A file (or `-`).
    File(PathBuf),
    /// A folder that gave no file: its name and why.
    Refused(String, String),
}

impl Item {
    /// The name results are marked with.
    fn name(&self) -> String {
        match self {
            Item::File(path) => shown(path),
            Item::Refused(name, _) => name.clone(),
        }
    }
}

/// A path as messages name it (`<stdin>` for `-`), with anything a terminal would act on
/// escaped.
fn shown(path: &Path) -> String {
    format::printable(&Input::shown_path(path).display().to_string()).into_owned()
}

/// The files of the paths, in the order given; a folder's puzzle files in name order.
fn expand(paths: &[PathBuf]) -> Vec<Item> {
    let mut items = Vec::new();
    for path in paths {
        if !names_folder(path) {
            items.push(Item::File(path.clone()));
            continue;
        }
        match gather::puzzle_files(path) {
            Ok(found) if found.is_empty() => items.push(Item::Refused(
                shown(path),
                "the folder holds no puzzle file (.kakuro, .ron, .pe424, or a Project Euler \
                 424 .txt)"
                    .into(),
            )),
            Ok(found) => items.extend(found.into_iter().map(Item::File)),
            Err(e) => items.push(Item::Refused(
                shown(path),
                format!("cannot list the folder: {e}"),
            )),
        }
    }
    items
}

/// One file's answer, kept until those before it are written.
struct Answer {
    /// What the command wrote on standard output.
    out: Vec<u8>,
    /// Its message lines (standard error).
    err: Vec<u8>,
    /// Its exit code: 0 to 3.
    code: u8,
    /// The summary's word for it, when the command named one.
    tally: Option<String>,
}

/// Runs the command on one item into buffers; a panic in it is that file's internal error
/// (the panic hook has printed its line), not the run's end.
fn answer<F>(item: &Item, work: &F) -> Answer
where
    F: Fn(&Path, &mut Sink<'_>) -> Result<ExitCode> + Sync,
{
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let path = match item {
        Item::File(path) => path,
        Item::Refused(name, why) => {
            let _ = writeln!(err, "kakuro: {name}: {why}");
            return failed(out, err);
        }
    };
    let mut sink = Sink {
        out: &mut out,
        err: &mut err,
        tally: None,
    };
    let done = panic::catch_unwind(AssertUnwindSafe(|| work(path, &mut sink)));
    let tally = sink.tally.take();
    match done {
        Ok(Ok(code)) => Answer {
            out,
            err,
            code: code_number(code),
            tally,
        },
        Ok(Err(e)) => {
            for line in super::error_lines(&e) {
                let _ = writeln!(err, "kakuro: {line}");
            }
            failed(out, err)
        }
        Err(_) => failed(out, err),
    }
}

/// The answer of a file that could not be answered: exit 2.
fn failed(out: Vec<u8>, err: Vec<u8>) -> Answer {
    Answer {
        out,
        err,
        code: EXIT_INVALID,
        tally: None,
    }
}

/// The number of an exit code the commands return (0 to 3).
fn code_number(code: ExitCode) -> u8 {
    [0, EXIT_NO, EXIT_INVALID, EXIT_UNKNOWN]
        .into_iter()
        .find(|&n| code == ExitCode::from(n))
        .unwrap_or(EXIT_INVALID)
}

/// How bad an exit code is, for the run's: an invalid file, then a "no", then an unknown.
fn severity(code: u8) -> u8 {
    match code {
        0 => 0,
        EXIT_UNKNOWN => 1,
        EXIT_NO => 2,
        _ => 3,
    }
}

/// Writes the answers as they come, each once those before it are written, with a progress
/// bar on a terminal for a long run; then the summary. Returns the run's exit code.
fn write_in_order(
    items: &[Item],
    plan: Plan,
    answers: &mpsc::Receiver<(usize, Answer)>,
) -> Result<ExitCode> {
    let start = Instant::now();
    let terminal = io::stderr().is_terminal();
    let mut bar: Option<ProgressBar> = None;
    let mut waiting: HashMap<usize, Answer> = HashMap::new();
    let mut tally = Tally::default();
    let mut worst = 0u8;
    let mut out = output::stdout();
    loop {
        // Waits a little at a time: Ctrl+C only sets a flag, which is seen here.
        let received = answers.recv_timeout(WATCH_EVERY);
        if interrupted() {
            budget::run_token().cancel();
            break;
        }
        match received {
            Ok((i, answer)) => {
                waiting.insert(i, answer);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        while let Some(answer) = waiting.remove(&tally.files) {
            let name = items[tally.files].name();
            let mut show = || write_answer(&mut out, &name, &answer, plan);
            match &bar {
                Some(bar) => bar.suspend(show)?,
                None => show()?,
            }
            if severity(answer.code) > severity(worst) {
                worst = answer.code;
            }
            let word = answer
                .tally
                .clone()
                .unwrap_or_else(|| plan.words[usize::from(answer.code.min(3))].into());
            tally.add(word);
        }
        if terminal && bar.is_none() && start.elapsed() >= QUIET_FOR {
            bar = Some(new_bar(items.len()));
        }
        if let Some(bar) = &bar {
            bar.set_position(tally.files as u64);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if interrupted() {
        eprintln!(
            "kakuro: interrupted: {} of {} files answered",
            tally.files,
            items.len()
        );
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    eprintln!("{}", tally.summary());
    Ok(ExitCode::from(worst))
}

/// Writes one file's answer on standard output (flushed, so that a long run shows each as it
/// comes) and its messages on standard error.
fn write_answer(out: &mut output::Out, name: &str, answer: &Answer, plan: Plan) -> io::Result<()> {
    let text = String::from_utf8_lossy(&answer.out);
    let messages = String::from_utf8_lossy(&answer.err);
    if plan.json {
        let file = serde_json::to_string(name)?;
        let objects: Vec<&str> = text.lines().filter(|l| l.starts_with('{')).collect();
        for object in &objects {
            writeln!(
                out,
                "{{\"file\":{file},\"exit\":{},{}",
                answer.code,
                &object[1..]
            )?;
        }
        if objects.is_empty() {
            let error = messages
                .lines()
                .map(|l| l.strip_prefix("kakuro: ").unwrap_or(l))
                .collect::<Vec<_>>()
                .join("; ");
            let error = serde_json::to_string(&error)?;
            writeln!(
                out,
                "{{\"file\":{file},\"exit\":{},\"error\":{error}}}",
                answer.code
            )?;
        }
    } else {
        match plan.layout {
            Layout::Blocks => {
                writeln!(out, "== {name}")?;
                out.write_all(&answer.out)?;
            }
            Layout::Lines => {
                let own = format!("{name}:");
                for line in text.lines() {
                    if line.starts_with(&own) {
                        writeln!(out, "{line}")?;
                    } else {
                        writeln!(out, "{name}: {line}")?;
                    }
                }
            }
        }
    }
    out.flush()?;
    io::stderr().write_all(messages.as_bytes())?;
    Ok(())
}

/// How many files gave each answer, in the order the answers first came.
#[derive(Default)]
struct Tally {
    /// Files answered.
    files: usize,
    /// Each answer's word and count.
    words: Vec<(String, usize)>,
}

impl Tally {
    fn add(&mut self, word: String) {
        self.files += 1;
        match self.words.iter_mut().find(|(w, _)| *w == word) {
            Some((_, n)) => *n += 1,
            None => self.words.push((word, 1)),
        }
    }

    /// `980 files: 979 unique, 1 multiple`: the most common answer first.
    fn summary(&self) -> String {
        let mut words: Vec<&(String, usize)> = self.words.iter().collect();
        words.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
        let counts: Vec<String> = words
            .iter()
            .map(|(word, n)| format!("{n} {word}"))
            .collect();
        let files = if self.files == 1 { "file" } else { "files" };
        format!("{} {files}: {}", self.files, counts.join(", "))
    }
}

/// The run's bar: files answered of all.
fn new_bar(files: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} files  {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Set by Ctrl+C (or SIGTERM, SIGHUP) during a run over many files.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl+C stopped the run.
fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Makes Ctrl+C (or a closing terminal, or `kill`) set [`INTERRUPTED`] instead of ending the
/// process: the run then cancels the files being worked on, keeps the answers written whole,
/// and says how far it got.
fn catch_interrupt() {
    #[cfg(unix)]
    let signals = [
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ];
    #[cfg(not(unix))]
    let signals = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];
    for signal in signals {
        // A signal that cannot be caught keeps its default: it ends the process, as it did.
        let _ = signal_hook::flag::register(signal, &INTERRUPTED);
    }
}
