//! File › Export PDF… (the open puzzle on one page: empty, with the player's digits, or
//! solved) and File › Print book… (a set of files as a book): a window with the page options,
//! then the work on a background thread (each puzzle checked, the pages laid out, the PDF
//! written atomically) with its progress in the window.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use super::KakuroApp;
use super::background;
use crate::print::{Answer, Book, Entry, Paper, PerPage, Style, gather, pdf};
use crate::{CancelToken, Grid, Puzzle, atomic};

/// How long each puzzle's check may take before it is printed unchecked.
const CHECK_TIME: Duration = Duration::from_secs(10);

/// What the printed page of the open puzzle shows in its white cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// Nothing: the puzzle to solve.
    Empty,
    /// The digits typed in the app.
    Digits,
    /// The solution (the first, when there are several).
    Solution,
}

/// What the window makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The open puzzle, one page.
    ExportPdf,
    /// A book of puzzle files.
    Book,
}

/// The window's choices.
struct Form {
    kind: Kind,
    paper: Paper,
    per_page: PerPage,
    show: Show,
    solutions: bool,
    style: Style,
    title: String,
    /// The book's files and folders, one a line.
    files: String,
    output: String,
}

/// Work under way: how far it is, and its outcome (a line for the status bar, or the error).
struct Job {
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    outcome: Receiver<Result<String, String>>,
    cancel: CancelToken,
}

/// What a native file dialog picked, for which field.
enum Picked {
    Output(PathBuf),
    Files(Vec<PathBuf>),
}

/// The print window, its work and its file dialogs.
#[derive(Default)]
pub struct Printing {
    form: Option<Form>,
    job: Option<Job>,
    picker: Option<Receiver<Picked>>,
}

impl Drop for Printing {
    fn drop(&mut self) {
        if let Some(job) = &self.job {
            job.cancel.cancel();
        }
    }
}

impl KakuroApp {
    /// Opens the window for `kind`.
    pub(super) fn open_printing(&mut self, kind: Kind) {
        let stem = self
            .path()
            .and_then(Path::file_stem)
            .map_or_else(|| "puzzle".to_string(), |s| s.to_string_lossy().into());
        let folder = self.path().and_then(Path::parent);
        let name = match kind {
            Kind::ExportPdf => format!("{stem}.pdf"),
            Kind::Book => "book.pdf".to_string(),
        };
        let output = folder.map_or(name.clone(), |d| d.join(&name).display().to_string());
        self.printing.form = Some(Form {
            kind,
            paper: Paper::A4,
            per_page: PerPage::Two,
            show: Show::Empty,
            solutions: true,
            style: Style::Classic,
            title: String::new(),
            files: String::new(),
            output,
        });
    }

    /// Takes in a file dialog's answer and the finished work (called every frame from `logic`).
    pub(super) fn printing_logic(&mut self, ctx: &egui::Context) {
        if let Some(picked) = self
            .printing
            .picker
            .as_ref()
            .and_then(|rx| rx.try_recv().ok())
        {
            self.printing.picker = None;
            if let Some(form) = &mut self.printing.form {
                match picked {
                    Picked::Output(path) => form.output = path.display().to_string(),
                    Picked::Files(paths) => {
                        for path in paths {
                            if !form.files.is_empty() && !form.files.ends_with('\n') {
                                form.files.push('\n');
                            }
                            form.files.push_str(&path.display().to_string());
                        }
                    }
                }
            }
        }
        let Some(job) = &self.printing.job else {
            return;
        };
        match job.outcome.try_recv() {
            Ok(outcome) => {
                self.printing.job = None;
                match outcome {
                    Ok(line) => {
                        self.printing.form = None;
                        self.status.info(line);
                    }
                    Err(error) => {
                        self.report("Could not print", Err(error));
                    }
                }
            }
            Err(_) => ctx.request_repaint_after(Duration::from_millis(100)),
        }
    }

    /// The window, while it is open, inside `area` (under the menu bar).
    pub(super) fn printing_ui(&mut self, ctx: &egui::Context, area: egui::Rect) {
        let Some(form) = &mut self.printing.form else {
            return;
        };
        let title = match form.kind {
            Kind::ExportPdf => "Export PDF",
            Kind::Book => "Print book",
        };
        let busy = self.printing.job.is_some();
        let native = self.options.native_dialogs && self.printing.picker.is_none();
        let mut open = true;
        let mut start = false;
        let mut pick = None;
        egui::Window::new(title)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_pos(area.min + egui::vec2(24.0, 24.0))
            .constrain_to(area)
            .show(ctx, |ui| {
                ui.add_enabled_ui(!busy, |ui| {
                    form_ui(ui, form, native, &mut pick);
                });
                ui.separator();
                match &self.printing.job {
                    Some(job) => {
                        let total = job.total.load(Ordering::Relaxed).max(1);
                        let done = job.done.load(Ordering::Relaxed).min(total);
                        ui.add(
                            egui::ProgressBar::new(done as f32 / total as f32)
                                .text(format!("{done} of {total} puzzles checked")),
                        );
                    }
                    None => {
                        let ready = !form.output.trim().is_empty()
                            && (form.kind == Kind::ExportPdf || !form.files.trim().is_empty());
                        start = ui
                            .add_enabled(ready, egui::Button::new("Write PDF"))
                            .clicked();
                    }
                }
            });
        if let Some(which) = pick {
            self.pick(which);
        }
        if !open {
            self.printing.form = None;
            self.printing.job = None;
            return;
        }
        if start {
            self.start_printing();
        }
    }

    /// Starts a native dialog for the output (`false`) or the book's files (`true`).
    fn pick(&mut self, files: bool) {
        let (tx, rx) = channel();
        let ctx = self.ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("print-dialog".into())
            .spawn(move || {
                let picked = if files {
                    rfd::FileDialog::new()
                        .add_filter("Kakuro puzzles", &["kakuro", "ron", "pe424", "txt"])
                        .pick_files()
                        .map(Picked::Files)
                } else {
                    rfd::FileDialog::new()
                        .add_filter("PDF", &["pdf"])
                        .save_file()
                        .map(Picked::Output)
                };
                if let Some(picked) = picked {
                    let _ = tx.send(picked);
                }
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.printing.picker = Some(rx);
        }
    }

    /// Starts the work the window describes.
    fn start_printing(&mut self) {
        let Some(form) = &self.printing.form else {
            return;
        };
        let mut output = PathBuf::from(form.output.trim());
        if output.extension().is_none() {
            output.set_extension("pdf");
        }
        let done = Arc::new(AtomicUsize::new(0));
        let total = Arc::new(AtomicUsize::new(1));
        let cancel = CancelToken::new();
        let (tx, rx) = channel();
        let ctx = self.ctx.clone();
        let work: Box<dyn FnOnce() -> Result<String, String> + Send> = match form.kind {
            Kind::ExportPdf => {
                let sheet = self.editor.sheet();
                let grid = sheet.grid.clone();
                let digits: Vec<u8> = grid
                    .positions()
                    .filter(|p| grid.is_white(*p))
                    .map(|p| sheet.digit(p))
                    .collect();
                let page = OnePage {
                    grid,
                    title: self.meta.title.clone(),
                    digits,
                    show: form.show,
                    paper: form.paper,
                    style: form.style,
                };
                let (done, cancel) = (done.clone(), cancel.clone());
                Box::new(move || page.write(&output, &done, &cancel))
            }
            Kind::Book => {
                let order = BookOrder {
                    files: form
                        .files
                        .lines()
                        .map(str::trim)
                        .filter(|l| !l.is_empty())
                        .map(PathBuf::from)
                        .collect(),
                    paper: form.paper,
                    per_page: form.per_page,
                    solutions: form.solutions,
                    style: form.style,
                    title: form.title.trim().to_string(),
                };
                let (done, total, cancel) = (done.clone(), total.clone(), cancel.clone());
                Box::new(move || order.write(&output, &done, &total, &cancel))
            }
        };
        let started = background::spawn("print", move || {
            let _ = tx.send(work());
            ctx.request_repaint();
        });
        match started {
            Ok(_) => {
                self.printing.job = Some(Job {
                    done,
                    total,
                    outcome: rx,
                    cancel,
                })
            }
            Err(e) => {
                self.report(
                    "Could not print",
                    Err(format!("no thread to print on: {e}")),
                );
            }
        }
    }
}

/// The height of the book's list of files: four lines, and a scroll bar past them.
const FILES_HEIGHT: f32 = 80.0;

/// The window's fields; `pick` gets `Some(true)` for "Add files…", `Some(false)` for
/// "Choose…" (the output).
fn form_ui(ui: &mut egui::Ui, form: &mut Form, native: bool, pick: &mut Option<bool>) {
    egui::Grid::new("print-form")
        .num_columns(2)
        .spacing([12.0, 8.0])
        .show(ui, |ui| {
            if form.kind == Kind::Book {
                let label = ui.label("Puzzles");
                ui.vertical(|ui| {
                    // A long list scrolls in a box of its own size: the window keeps its size
                    // and the fields below stay where they are as lines are added.
                    egui::ScrollArea::vertical()
                        .id_salt("print-files")
                        .max_height(FILES_HEIGHT)
                        .auto_shrink([true, false])
                        .show(ui, |ui| {
                            ui.add(
                                egui::TextEdit::multiline(&mut form.files)
                                    .hint_text("files or folders, one a line")
                                    .desired_rows(4)
                                    .desired_width(360.0),
                            )
                            .labelled_by(label.id);
                        });
                    if native && ui.button("Add files…").clicked() {
                        *pick = Some(true);
                    }
                });
                ui.end_row();
                let label = ui.label("Title");
                ui.add(
                    egui::TextEdit::singleline(&mut form.title)
                        .hint_text("at the head of every page")
                        .desired_width(360.0),
                )
                .labelled_by(label.id);
                ui.end_row();
            }
            ui.label("Paper");
            ui.horizontal(|ui| {
                for paper in Paper::ALL {
                    let name = match paper {
                        Paper::A4 => "A4",
                        Paper::Letter => "Letter",
                        Paper::A5 => "A5",
                        Paper::Book6x9 => "6 × 9 in",
                    };
                    ui.radio_value(&mut form.paper, paper, name);
                }
            });
            ui.end_row();
            ui.label("Style");
            ui.horizontal(|ui| {
                for style in Style::ALL {
                    let tip = match style {
                        Style::Classic => "Black walls with white sums",
                        Style::Light => "Grey walls with black sums, as puzzle books print them",
                    };
                    ui.radio_value(&mut form.style, style, style.name())
                        .on_hover_text(tip);
                }
            });
            ui.end_row();
            match form.kind {
                Kind::Book => {
                    ui.label("Puzzles a page");
                    ui.horizontal(|ui| {
                        for per_page in PerPage::ALL {
                            ui.radio_value(
                                &mut form.per_page,
                                per_page,
                                per_page.count().to_string(),
                            );
                        }
                    });
                    ui.end_row();
                    ui.label("");
                    ui.checkbox(&mut form.solutions, "Solutions at the back");
                    ui.end_row();
                }
                Kind::ExportPdf => {
                    ui.label("White cells");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut form.show, Show::Empty, "Empty");
                        ui.radio_value(&mut form.show, Show::Digits, "With your digits");
                        ui.radio_value(&mut form.show, Show::Solution, "Solved");
                    });
                    ui.end_row();
                }
            }
            let label = ui.label("Save as");
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut form.output).desired_width(280.0))
                    .labelled_by(label.id);
                if native && ui.button("Choose…").clicked() {
                    *pick = Some(false);
                }
            });
            ui.end_row();
        });
}

/// The open puzzle's page, ready for the worker.
struct OnePage {
    grid: Grid,
    title: String,
    digits: Vec<u8>,
    show: Show,
    paper: Paper,
    style: Style,
}

impl OnePage {
    fn write(
        self,
        output: &Path,
        done: &AtomicUsize,
        cancel: &CancelToken,
    ) -> Result<String, String> {
        let puzzle = Puzzle::from_grid(&self.grid).map_err(|e| e.to_string())?;
        let solving = self.show == Show::Solution;
        let answer = Answer::of(&puzzle, solving, &cancel.with_deadline(CHECK_TIME));
        let difficulty = answer.band(&self.grid);
        let filled = match (self.show, answer) {
            (Show::Empty, _) => None,
            (Show::Digits, _) => Some(self.digits),
            (Show::Solution, Answer::Unique(digits) | Answer::Several(digits)) => Some(digits),
            (Show::Solution, Answer::Impossible) => {
                return Err("The puzzle has no solution to print.".into());
            }
            (Show::Solution, Answer::Unknown) => {
                return Err("No solution was found in time.".into());
            }
        };
        done.store(1, Ordering::Relaxed);
        let book = Book {
            title: String::new(),
            paper: self.paper,
            per_page: PerPage::One,
            solutions: false,
            entries: vec![Entry {
                filled,
                difficulty,
                ..Entry::new(self.grid, &self.title)
            }],
        };
        let bytes =
            pdf::write(&book.pages_in(self.style), &self.title).map_err(|e| e.to_string())?;
        write(output, &bytes)?;
        Ok(format!("Exported the puzzle to {}", output.display()))
    }
}

/// A book to print, ready for the worker.
struct BookOrder {
    files: Vec<PathBuf>,
    paper: Paper,
    per_page: PerPage,
    solutions: bool,
    style: Style,
    title: String,
}

impl BookOrder {
    fn write(
        self,
        output: &Path,
        done: &AtomicUsize,
        total: &AtomicUsize,
        cancel: &CancelToken,
    ) -> Result<String, String> {
        let mut problems = Vec::new();
        let mut puzzles = Vec::new();
        for path in &self.files {
            let paths = if path.is_dir() {
                gather::puzzle_files(path)
                    .map_err(|e| format!("{}: cannot list the folder: {e}", path.display()))?
            } else {
                vec![path.clone()]
            };
            for path in paths {
                match gather::read_puzzles(&path) {
                    Ok(found) => puzzles.extend(found),
                    Err(e) => problems.push(e.to_string()),
                }
            }
        }
        total.store(puzzles.len().max(1), Ordering::Relaxed);
        let mut entries = Vec::new();
        for (grid, title) in puzzles {
            if cancel.is_cancelled() {
                return Err("Printing was stopped.".into());
            }
            match Puzzle::from_grid(&grid) {
                Ok(puzzle) => {
                    let answer =
                        Answer::of(&puzzle, self.solutions, &cancel.with_deadline(CHECK_TIME));
                    if let Some(warning) = answer.warning(self.solutions) {
                        problems.push(format!("{title}: {warning}"));
                    }
                    let mut entry = Entry::new(grid, &title);
                    entry.number = Some(entries.len() + 1);
                    answer.fill(&mut entry);
                    entries.push(entry);
                }
                Err(e) => problems.push(format!("{title}: left out: {e}")),
            }
            done.fetch_add(1, Ordering::Relaxed);
        }
        if entries.is_empty() {
            problems.insert(0, "No puzzle to print: nothing was written.".into());
            return Err(problems.join("\n"));
        }
        let count = entries.len();
        let book = Book {
            title: self.title.clone(),
            paper: self.paper,
            per_page: self.per_page,
            solutions: self.solutions,
            entries,
        };
        for index in book.cramped() {
            let entry = &book.entries[index];
            problems.push(format!(
                "{}: {} is too large for the paper: its sums print small even on a page of \
                 its own",
                entry.title,
                entry.facts()
            ));
        }
        let pages = book.pages_in(self.style);
        let bytes = pdf::write(&pages, &self.title).map_err(|e| e.to_string())?;
        write(output, &bytes)?;
        let mut line = format!(
            "Printed {count} puzzles on {} pages to {}",
            pages.len(),
            output.display()
        );
        if let Some(first) = problems.first() {
            line.push_str(&format!(
                " ({} warnings; the first: {first})",
                problems.len()
            ));
        }
        Ok(line)
    }
}

/// Writes the PDF atomically; the error names the file.
fn write(output: &Path, bytes: &[u8]) -> Result<(), String> {
    atomic::write_atomic(output, bytes)
        .map_err(|e| format!("{}: cannot write the file: {e}", output.display()))
}
