//! Files: open, save, save as, export SVG (PDF and books: `printing`), recent files, drag
//! and drop, and the file dialogs.
//!
//! Native dialogs (rfd) run on a named thread and send the picked path back over a channel, so a
//! frame never waits on them. When no dialog can be shown (rfd returns nothing at once: no
//! desktop portal on Linux) the app asks for the path in the window instead, and says why.

pub(super) mod completion;
pub(super) mod dialogs;

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use super::sheet::Sheet;
use super::{KakuroApp, Meta};
use crate::app::files::dialogs::{Confirm, PathPrompt, Pe424Choice};
use crate::format::{self, Document, Format, FormatError};
use crate::{Grid, Pos};

/// How many recent files the File menu lists.
const RECENT: usize = 10;

/// A dialog answering faster than this did not show anything: there is no dialog to show.
const NO_DIALOG: Duration = Duration::from_millis(400);

/// What a file dialog or path prompt is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Open a puzzle.
    Open,
    /// Save the puzzle under a new name.
    SaveAs,
    /// Write the puzzle as an SVG picture.
    ExportSvg,
}

impl Purpose {
    /// The verb on the confirm button.
    pub fn verb(self) -> &'static str {
        match self {
            Purpose::Open => "Open",
            Purpose::SaveAs => "Save",
            Purpose::ExportSvg => "Export",
        }
    }
}

/// Actions that would throw away unsaved changes, so they ask first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Start a new puzzle.
    New,
    /// Start a new puzzle from the generator.
    Generate,
    /// Play a new puzzle from the generator, made with its last choices.
    NewGame,
    /// Choose a file to open.
    Open,
    /// Open this file.
    OpenPath(PathBuf),
    /// Open a copy of this shipped sample (an index into the Help menu's list).
    OpenSample(usize),
    /// Close the window.
    Quit,
}

struct DialogReply {
    purpose: Purpose,
    picked: Option<PathBuf>,
    elapsed: Duration,
}

/// The file being edited, the recent list and the state of file dialogs.
pub struct Files {
    /// The current file; `None` for an untitled puzzle.
    pub path: Option<PathBuf>,
    /// The file an untitled puzzle was read from (a PE 424 file, which is not written back):
    /// Save As proposes its folder and name.
    pub origin: Option<PathBuf>,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    dialog: Option<Receiver<DialogReply>>,
    /// Native dialogs turned out to be unavailable: ask in the window from now on.
    no_native: bool,
}

impl Files {
    /// The file Save As starts from: the current one, else the one the puzzle was read from.
    fn near(&self) -> Option<&Path> {
        self.path.as_deref().or(self.origin.as_deref())
    }

    /// No file yet, and the recent list from storage.
    pub fn new(recent: Vec<PathBuf>) -> Files {
        Files {
            path: None,
            origin: None,
            recent,
            dialog: None,
            no_native: false,
        }
    }

    /// Whether a native dialog is open (the window waits for it).
    pub fn is_busy(&self) -> bool {
        self.dialog.is_some()
    }

    fn remember(&mut self, path: &Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT);
    }
}

/// The sheet's digits as a document's solution: per white cell in reading order.
fn solution_of(sheet: &Sheet) -> Option<Vec<u8>> {
    let grid = &sheet.grid;
    sheet.has_digits().then(|| {
        grid.positions()
            .filter(|p| grid.is_white(*p))
            .map(|p| sheet.digit(p))
            .collect()
    })
}

/// A document's grid and saved digits as a sheet.
fn sheet_of(grid: Grid, solution: Option<&[u8]>) -> Sheet {
    let mut sheet = Sheet::new(grid);
    if let Some(digits) = solution {
        let whites: Vec<Pos> = sheet
            .grid
            .positions()
            .filter(|p| sheet.grid.is_white(*p))
            .collect();
        for (pos, &d) in whites.into_iter().zip(digits) {
            sheet.set_digit(pos, d);
        }
    }
    sheet
}

impl KakuroApp {
    /// Opens the file at `path`. PE 424 files with several puzzles ask which one. On failure the
    /// current puzzle stays as it was and the error (with line and column) is returned.
    pub fn load_path(&mut self, path: &Path) -> Result<(), String> {
        // Read once: a PE 424 file is looked at whole (how many puzzles) before one is loaded.
        let text = format::read_text(path).map_err(|e| e.to_string())?;
        let read_as = Format::from_path(path).unwrap_or_else(|| Format::sniff(&text));
        if read_as == Format::Pe424 {
            let grids =
                format::pe424::parse_file(&text).map_err(|e| e.in_file(path).to_string())?;
            if grids.len() > 1 {
                self.dialogs.pe424 = Some(Pe424Choice::new(path.to_path_buf(), grids));
                return Ok(());
            }
        }
        let loaded =
            format::parse(&text, read_as).map_err(|e| every_error(path, &text, read_as, e))?;
        let mut doc = loaded.document;
        let game = doc.play.take();
        let sheet = sheet_of(doc.grid, doc.solution.as_deref());
        let meta = Meta {
            title: doc.title,
            author: doc.author,
            notes: doc.notes,
        };
        // A PE 424 file cannot be written back as it was read: saving goes to a new .ron file.
        let path_kept = (loaded.format != Format::Pe424).then(|| path.to_path_buf());
        self.set_document(sheet, meta, path_kept);
        self.open_game(game);
        if loaded.format == Format::Pe424 {
            // Not the file being edited (saving writes a new one), but still its name.
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            self.unsaved_name = Some(file.into_owned());
            self.files.origin = Some(path.to_path_buf());
        }
        self.files.remember(path);
        self.status.info(format!("Opened {}", path.display()));
        Ok(())
    }

    /// Opens puzzle number `index` (from 0) of a PE 424 file's `grids`.
    pub(super) fn open_pe424(&mut self, path: &Path, grids: Vec<Grid>, index: usize) {
        if let Some(grid) = grids.into_iter().nth(index) {
            self.set_document(Sheet::new(grid), Meta::default(), None);
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            self.unsaved_name = Some(format!("{file}, puzzle {}", index + 1));
            self.files.origin = Some(path.to_path_buf());
            self.files.remember(path);
            self.status
                .info(format!("Opened puzzle {} of {}", index + 1, path.display()));
        }
    }

    /// Saves the puzzle to `path` in the format its extension names (atomically), and makes it
    /// the current file. An `.svg` path exports a picture and leaves the current file as it is.
    pub fn save_path(&mut self, path: &Path) -> Result<(), String> {
        let doc = Document {
            grid: self.editor.grid().clone(),
            title: self.meta.title.clone(),
            author: self.meta.author.clone(),
            notes: self.meta.notes.clone(),
            solution: solution_of(self.editor.sheet()),
            play: self.play_record(),
        };
        format::save(path, &doc).map_err(|e| e.to_string())?;
        if Format::from_path(path) == Some(Format::Svg) {
            self.status.info(format!("Exported {}", path.display()));
            return Ok(());
        }
        // Only the native format keeps typed digits: elsewhere they stay unsaved, so that
        // closing still asks about them.
        let mut kept = self.editor.sheet().clone();
        let is_ron = Format::from_path(path) == Some(Format::Ron);
        let dropped = !is_ron && kept.clear_digits();
        let game_dropped = !is_ron && self.play_record().is_some();
        if is_ron {
            self.play.saved_now(self.editor.grid());
        }
        self.saved = (kept, self.meta.clone());
        self.files.path = Some(crate::app::absolute(path));
        self.files.remember(path);
        self.status.info(if game_dropped {
            format!(
                "Saved {} without the game in progress: only a .ron file keeps it",
                path.display()
            )
        } else if dropped {
            format!(
                "Saved {} without the typed digits: only a .ron file keeps them",
                path.display()
            )
        } else {
            format!("Saved {}", path.display())
        });
        Ok(())
    }

    /// Ctrl+S: saves to the current file, or asks for a name. Returns whether it saved now.
    pub(super) fn save(&mut self) -> bool {
        match self.files.path.clone() {
            Some(path) => {
                let result = self.save_path(&path);
                self.report("Could not save", result)
            }
            None => {
                self.save_as();
                false
            }
        }
    }

    /// Ctrl+Shift+S: asks for a name to save under.
    pub(super) fn save_as(&mut self) {
        self.ask_path(Purpose::SaveAs);
    }

    /// Asks for an SVG file name and writes the picture there.
    pub(super) fn export_svg(&mut self) {
        self.ask_path(Purpose::ExportSvg);
    }

    /// Shows an error in the status bar and in a message box titled `title`; returns whether
    /// `result` was Ok.
    pub(super) fn report(&mut self, title: &'static str, result: Result<(), String>) -> bool {
        match result {
            Ok(()) => true,
            Err(e) => {
                // The status line has room for the first of several errors; the box has them all.
                let mut lines = e.lines();
                let first = lines.next().unwrap_or_default();
                self.status.error(match lines.count() {
                    0 => first.to_string(),
                    more => format!("{first} (and {more} more)"),
                });
                self.dialogs.error = Some((title, e));
                self.dialogs.error_fresh = true;
                false
            }
        }
    }

    /// Runs `action`, first asking about unsaved changes if there are any.
    pub(super) fn request(&mut self, action: Action) {
        if self.is_dirty() {
            self.dialogs.confirm = Some(Confirm { action });
        } else {
            self.perform(action);
        }
    }

    /// Runs `action` without asking.
    pub(super) fn perform(&mut self, action: Action) {
        match action {
            Action::New => self.dialogs.open_new(self.editor.grid()),
            Action::Generate => self.generator.open(),
            Action::NewGame => self.generator.new_game(&self.ctx),
            Action::Open => self.ask_path(Purpose::Open),
            Action::OpenPath(path) => {
                let result = self.load_path(&path);
                self.report("Could not open the file", result);
            }
            Action::OpenSample(index) => self.open_sample(index),
            Action::Quit => {
                self.allow_close = true;
                self.quit_requested = true;
            }
        }
    }

    /// Starts a New puzzle of `width × height`: walls along the top and left, white inside.
    pub(super) fn new_puzzle(&mut self, width: usize, height: usize) {
        let mut grid = Grid::new(width, height);
        for pos in grid.positions() {
            if pos.row > 0 && pos.col > 0 {
                grid.set(pos, crate::Cell::WHITE);
            }
        }
        self.set_document(Sheet::new(grid), Meta::default(), None);
        // A new puzzle is drawn first.
        self.editor.tool = super::Tool::Draw;
        // A new puzzle has nothing worth asking about until it is edited.
        self.status.info(format!("New {width} × {height} puzzle"));
    }

    /// Asks for a path: a native dialog on its own thread, or the in-app path field.
    fn ask_path(&mut self, purpose: Purpose) {
        if !self.options.native_dialogs || self.files.no_native {
            let reason = if self.options.native_dialogs {
                "No file dialog is available on this desktop (no portal or zenity), so type the path here."
            } else {
                "Type the file's path."
            };
            self.dialogs.path = Some(PathPrompt::new(
                purpose,
                reason,
                self.suggested_path(purpose),
            ));
            return;
        }
        let mut dialog = rfd::FileDialog::new();
        if let Some(dir) = self.files.near().and_then(Path::parent) {
            dialog = dialog.set_directory(dir);
        }
        dialog = match purpose {
            Purpose::Open => dialog
                .add_filter("Kakuro puzzles", &["kakuro", "ron", "pe424", "txt"])
                .add_filter("All files", &["*"]),
            Purpose::SaveAs if self.save_extension() == "ron" => dialog
                .add_filter("Kakuro studio save", &["ron"])
                .add_filter("Kakuro text", &["kakuro"])
                .set_file_name(self.suggested_name("ron")),
            Purpose::SaveAs => dialog
                .add_filter("Kakuro text", &["kakuro"])
                .add_filter("Kakuro studio save", &["ron"])
                .set_file_name(self.suggested_name("kakuro")),
            Purpose::ExportSvg => dialog
                .add_filter("SVG picture", &["svg"])
                .set_file_name(self.suggested_name("svg")),
        };
        let (tx, rx) = channel();
        self.files.dialog = Some(rx);
        let ctx = self.ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("file-dialog".into())
            .spawn(move || {
                let started = Instant::now();
                let picked = match purpose {
                    Purpose::Open => dialog.pick_file(),
                    Purpose::SaveAs | Purpose::ExportSvg => dialog.save_file(),
                };
                let elapsed = started.elapsed();
                let _ = tx.send(DialogReply {
                    purpose,
                    picked,
                    elapsed,
                });
                ctx.request_repaint();
            });
        if spawned.is_err() {
            self.files.dialog = None;
            self.files.no_native = true;
            self.ask_path(purpose);
        }
    }

    fn suggested_name(&self, ext: &str) -> String {
        let stem = self
            .files
            .near()
            .and_then(Path::file_stem)
            .map_or_else(|| "puzzle".to_string(), |s| s.to_string_lossy().into());
        format!("{stem}.{ext}")
    }

    /// The extension Save As proposes: `.ron` when only it keeps the puzzle whole (letters of
    /// a cryptic puzzle, typed digits) or the file is one already, else `.kakuro`.
    pub(super) fn save_extension(&self) -> &'static str {
        let sheet = self.editor.sheet();
        let is_ron =
            self.files.path.as_ref().and_then(|p| Format::from_path(p)) == Some(Format::Ron);
        if is_ron
            || sheet.grid.is_cryptic()
            || sheet.digits().iter().any(|&d| d != 0)
            || self.play_record().is_some()
        {
            "ron"
        } else {
            "kakuro"
        }
    }

    fn suggested_path(&self, purpose: Purpose) -> String {
        let dir = self.files.near().and_then(Path::parent);
        let name = match purpose {
            Purpose::Open => return String::new(),
            Purpose::SaveAs => self.suggested_name(self.save_extension()),
            Purpose::ExportSvg => self.suggested_name("svg"),
        };
        dir.map_or(name.clone(), |d| d.join(&name).display().to_string())
    }

    /// The answer of a path prompt or dialog: opens, saves or exports.
    pub(super) fn path_chosen(&mut self, purpose: Purpose, path: PathBuf) {
        let path = with_extension(purpose, path, self.save_extension());
        let (title, result) = match purpose {
            Purpose::Open => ("Could not open the file", self.load_path(&path)),
            Purpose::SaveAs => ("Could not save", self.save_path(&path)),
            Purpose::ExportSvg => ("Could not export the picture", self.save_path(&path)),
        };
        if self.report(title, result) && purpose == Purpose::SaveAs {
            self.after_save();
        }
    }

    /// Drains the dialog thread's reply (called every frame from `logic`).
    pub(super) fn poll_dialogs(&mut self, _ctx: &egui::Context) {
        let Some(rx) = &self.files.dialog else { return };
        let Ok(reply) = rx.try_recv() else { return };
        self.files.dialog = None;
        match reply.picked {
            Some(path) => self.path_chosen(reply.purpose, path),
            None if reply.elapsed < NO_DIALOG => {
                self.files.no_native = true;
                self.ask_path(reply.purpose);
            }
            None => self.pending_after_save = None,
        }
    }

    /// A file dropped onto the window opens (asking first about unsaved changes).
    pub(super) fn drop_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        if let Some(path) = dropped {
            self.request(Action::OpenPath(path));
        }
    }

    /// The File menu.
    pub(super) fn file_menu(&mut self, ui: &mut egui::Ui) {
        let item = |ui: &mut egui::Ui, text: &str, keys: &str| {
            let mut button = egui::Button::new(text);
            if !keys.is_empty() {
                button = button.shortcut_text(keys);
            }
            ui.add(button).clicked()
        };
        if item(ui, "New…", "Ctrl+N") {
            self.request(Action::New);
        }
        if item(ui, "New from generator…", "") {
            self.request(Action::Generate);
        }
        if item(ui, "Open…", "Ctrl+O") {
            self.request(Action::Open);
        }
        ui.menu_button("Open Recent", |ui| {
            if self.files.recent.is_empty() {
                ui.label("No recent files");
            }
            for path in self.files.recent.clone() {
                if ui.button(path.display().to_string()).clicked() {
                    self.request(Action::OpenPath(path));
                }
            }
        });
        ui.separator();
        if item(ui, "Save", "Ctrl+S") {
            self.save();
        }
        if item(ui, "Save As…", "Ctrl+Shift+S") {
            self.save_as();
        }
        if item(ui, "Export SVG…", "") {
            self.export_svg();
        }
        if item(ui, "Export PDF…", "Ctrl+E") {
            self.open_printing(super::printing::Kind::ExportPdf);
        }
        if item(ui, "Print book…", "Ctrl+P") {
            self.open_printing(super::printing::Kind::Book);
        }
        ui.separator();
        if item(ui, "Quit", "") {
            self.request(Action::Quit);
        }
    }
}

/// The file a chosen path names: an SVG export always ends in `.svg`, and a name saved without
/// an extension gets `save_extension` (`.kakuro`, or `.ron` where only it keeps the puzzle).
pub(super) fn with_extension(purpose: Purpose, path: PathBuf, save_extension: &str) -> PathBuf {
    match purpose {
        Purpose::ExportSvg => path.with_extension("svg"),
        Purpose::SaveAs if path.extension().is_none() => path.with_extension(save_extension),
        _ => path,
    }
}

/// Errors of a file one per line: for a `.kakuro` text, every line's first error (up to
/// [`MAX_ERRORS_SHOWN`]), where parsing stops at the file's first; a user fixing the file by
/// hand wants them all at once, as `kakuro check` gives them.
fn every_error(path: &Path, text: &str, format: Format, first: FormatError) -> String {
    let all = match format {
        Format::Kakuro => format::kakuro_text::diagnose(text),
        _ => Vec::new(),
    };
    if all.len() < 2 {
        return first.in_file(path).to_string();
    }
    let more = all.len().saturating_sub(MAX_ERRORS_SHOWN);
    let mut lines: Vec<String> = all
        .into_iter()
        .take(MAX_ERRORS_SHOWN)
        .map(|e| e.in_file(path).to_string())
        .collect();
    if more > 0 {
        lines.push(format!("… and {more} more lines with errors"));
    }
    lines.join("\n")
}

/// Errors a message box lists before it says how many more there are.
const MAX_ERRORS_SHOWN: usize = 12;
