//! The desktop app: board in the centre, tools on the side, status at the bottom.
//!
//! One folder per feature (edit, browse, check, watch, hint, explain, files, play), each panel
//! with a small `ui` entry point (play's, watch's and the browser's return commands, which one
//! function of the app carries out); the board and the window around it are shared.
//! ARCHITECTURE.md says where a new panel goes.

pub mod background;
mod board;
mod browse;
mod check;
mod edit;
mod explain;
mod files;
mod generator;
mod hint;
mod numbers;
pub mod play;
mod prefs;
mod printing;
mod shape_fill;
mod sheet;
mod watch;
mod window;

use std::path::{Path, PathBuf};

use egui::{Key, KeyboardShortcut, Modifiers, RichText, ViewportCommand};

pub use board::cell_label;
pub use board::overlay::ChainMark;
pub use board::step_view::ShownLesson;
pub use edit::runs::{digit_sets, hint};
pub use edit::{Edge, Tool};
pub use explain::ExplainSummary;
pub use hint::{HintStage, HintSummary};
pub use watch::WatchSummary;
pub use window::frames::FrameTimes;
pub use window::help::SHORTCUTS;
pub use window::launch::{LaunchOptions, Renderer, run};

use crate::{Grid, Problem};
use board::BoardView;
use browse::Browser;
pub use browse::RunState;
use check::problems::Problems;
use edit::Editor;
use files::Files;
use files::dialogs::Dialogs;
use prefs::Prefs;
use sheet::Sheet;
use window::screenshot::Screenshot;

/// The sample puzzle shown on the very first run.
const SAMPLE: &str = include_str!("../../puzzles/wikipedia.kakuro");

/// Options of the app itself, independent of the window (tests build the app with these).
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// A puzzle to open at start.
    pub file: Option<PathBuf>,
    /// Screenshot mode: render, write this PNG, close; no stored state is read or written.
    pub screenshot: Option<PathBuf>,
    /// Use the system's file dialogs (rfd). Off in tests: Open and Save As then ask for a path
    /// in the window.
    pub native_dialogs: bool,
    /// Where to note every frame's time, if anyone wants them.
    pub frame_times: Option<FrameTimes>,
    /// Where a game in progress is autosaved against a crash (`None`: nowhere).
    pub autosave: Option<PathBuf>,
}

/// Title, author and notes of the puzzle (saved in `.ron` files).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The puzzle's title.
    pub title: String,
    /// Who made it.
    pub author: String,
    /// Free text.
    pub notes: String,
}

/// The app: the sheet being edited and every panel around it.
pub struct KakuroApp {
    editor: Editor,
    board: BoardView,
    problems: Problems,
    files: Files,
    dialogs: Dialogs,
    meta: Meta,
    saved: (Sheet, Meta),
    status: window::status::Status,
    screenshot: Option<Screenshot>,
    options: AppOptions,
    /// What to call a puzzle that has no file yet: the sample, a puzzle of a PE 424 file.
    unsaved_name: Option<String>,
    title: String,
    allow_close: bool,
    quit_requested: bool,
    /// An action waiting for a Save As (asked for by "Save" in the unsaved-changes dialog).
    pending_after_save: Option<files::Action>,
    show_tools: bool,
    /// A text field had the keyboard at the end of the last frame.
    was_typing: bool,
    browser: Browser,
    check: check::Check,
    watch: watch::WatchMode,
    hint: hint::HintMode,
    explain: explain::ExplainMode,
    printing: printing::Printing,
    play: play::Play,
    fixes: check::fixes::FixSearch,
    generator: generator::GeneratorDialog,
    shape_fill: shape_fill::ShapeFill,
    ctx: egui::Context,
}

/// Help lines and the run's status are small, dim text: egui's defaults (9 points, 60% of the
/// text colour) are hard to read on the dark theme, so both are raised a little.
fn legible(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style
            .text_styles
            .insert(egui::TextStyle::Small, egui::FontId::proportional(11.0));
        style.visuals.weak_text_alpha = 0.75;
    });
}

impl KakuroApp {
    /// Builds the app: opens `options.file`, else the last file, else the sample.
    pub fn new(cc: &eframe::CreationContext<'_>, options: AppOptions) -> KakuroApp {
        // Ctrl +/-/0 zoom the board, not the whole interface.
        cc.egui_ctx.options_mut(|o| o.zoom_with_keyboard = false);
        legible(&cc.egui_ctx);
        let prefs = cc
            .storage
            .filter(|_| options.screenshot.is_none())
            .map(Prefs::load)
            .unwrap_or_default();
        let Prefs {
            recent,
            last_file: last,
            show_tools,
            generator,
            best_times,
        } = prefs;
        let (sample, sample_meta) = sample();
        let autosave = options
            .autosave
            .clone()
            .filter(|_| options.screenshot.is_none());
        let mut app = KakuroApp {
            editor: Editor::new(sample.clone()),
            board: BoardView::default(),
            problems: Problems::default(),
            files: Files::new(recent),
            dialogs: Dialogs::default(),
            meta: sample_meta.clone(),
            saved: (sample, sample_meta),
            status: window::status::Status::default(),
            screenshot: options.screenshot.clone().map(Screenshot::new),
            options,
            title: String::new(),
            unsaved_name: Some("wikipedia.kakuro (sample)".into()),
            allow_close: false,
            quit_requested: false,
            pending_after_save: None,
            show_tools,
            was_typing: false,
            browser: Browser::default(),
            check: check::Check::default(),
            watch: watch::WatchMode::default(),
            hint: hint::HintMode::default(),
            explain: explain::ExplainMode::default(),
            printing: printing::Printing::default(),
            play: play::Play::new(autosave),
            fixes: check::fixes::FixSearch::default(),
            generator: generator::GeneratorDialog::default(),
            shape_fill: shape_fill::ShapeFill::default(),
            ctx: cc.egui_ctx.clone(),
        };
        app.generator.set_choices(&generator);
        app.play.best = best_times;
        let asked = app.options.file.clone();
        let start = asked.clone().or(last.filter(|p| p.exists()));
        if let Some(path) = start
            && let Err(e) = app.load_path(&path)
        {
            // A file named on the command line that fails must not pass for the sample shown
            // instead: say so in a box. The last session's file only gets the status line.
            if asked.is_some() {
                app.report("Could not open the file", Err(e));
            } else {
                app.status.error(e);
            }
        }
        if app.screenshot.is_some() {
            app.stage_for_screenshot();
        }
        app
    }

    /// The grid being edited.
    pub fn grid(&self) -> &Grid {
        self.editor.grid()
    }

    /// The digits typed into the white cells, row by row (0 = none).
    pub fn digits(&self) -> &[u8] {
        self.editor.sheet().digits()
    }

    /// The current problems of the grid.
    pub fn problems(&self) -> &[Problem] {
        self.problems.list()
    }

    /// The worst problem outlined at `pos`, if any.
    pub fn problem_at(&self, pos: crate::Pos) -> Option<crate::Severity> {
        self.problems.mark(pos)
    }

    /// The file being edited, if it has one.
    pub fn path(&self) -> Option<&Path> {
        self.files.path.as_deref()
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        *self.editor.sheet() != self.saved.0 || self.meta != self.saved.1 || self.play_dirty()
    }

    /// The message in the status bar (the last action's result or error, until the next edit).
    pub fn status_message(&self) -> &str {
        self.status.message(self.editor.generation())
    }

    /// Puts a new sheet in the editor as the saved state (after New or a load).
    fn set_document(&mut self, sheet: Sheet, meta: Meta, path: Option<PathBuf>) {
        self.editor.replace(sheet.clone());
        self.saved = (sheet, meta.clone());
        self.meta = meta;
        self.files.path = path.map(|p| absolute(&p));
        self.files.origin = None;
        self.unsaved_name = None;
        self.board.fit();
        // A click on a puzzle just opened must not change it: drawing is one key (D) away.
        self.editor.tool = Tool::Select;
        // The last puzzle's symmetry is no promise about this one: a Draw click changes one cell.
        self.editor.symmetry = edit::symmetry::Symmetry::None;
        // Lists start at their top, not where the last puzzle's were scrolled.
        self.problems.opened();
        self.play.close();
    }

    /// The picture for the docs shows the clue tool on the first clued wall, with its hints.
    fn stage_for_screenshot(&mut self) {
        // A game opened in play mode is pictured as it is.
        if self.playing() {
            return;
        }
        let grid = self.editor.grid();
        let wall = grid
            .positions()
            .find(|p| grid.get(*p).clue(crate::Direction::Down).is_some());
        if let Some(wall) = wall {
            self.editor.tool = Tool::Clues;
            self.editor.field = crate::Direction::Down;
            self.editor.select(wall);
        }
    }

    /// Runs the action that waited for a save, unless something is still unsaved (digits in a
    /// format that keeps none, or a picture exported instead): then the puzzle stays and the
    /// status says why.
    fn after_save(&mut self) {
        if let Some(action) = self.pending_after_save.take() {
            if self.is_dirty() {
                self.status.error(
                    "Not closed: the puzzle is not all saved (only a .ron file keeps typed \
                     digits; an SVG picture is not a save)"
                        .to_string(),
                );
            } else {
                self.perform(action);
            }
        }
    }

    /// What is kept for the next session.
    fn prefs(&self) -> Prefs {
        Prefs {
            recent: self.files.recent.clone(),
            last_file: self.files.path.clone(),
            show_tools: self.show_tools,
            generator: self.generator.choices(),
            best_times: self.play.best.clone(),
        }
    }

    /// The window title: file name, and `•` when there are unsaved changes.
    /// The file's name, else what the puzzle came from (the sample, a puzzle of a PE 424 file),
    /// else "untitled"; a dot in front while there are unsaved changes.
    pub fn window_title(&self) -> String {
        let name = match self.files.path.as_ref().and_then(|p| p.file_name()) {
            Some(name) => name.to_string_lossy().into_owned(),
            None => self
                .unsaved_name
                .clone()
                .unwrap_or_else(|| "untitled".into()),
        };
        let dirty = if self.is_dirty() { "• " } else { "" };
        format!("{dirty}{name} — Kakuro")
    }

    /// Shortcuts that work wherever the focus is.
    fn shortcuts(&mut self, ctx: &egui::Context) {
        let shortcut = |m, k| KeyboardShortcut::new(m, k);
        let save_as = shortcut(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        let pressed = |s: KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(&s));
        if pressed(save_as) {
            self.save_as();
        } else if pressed(shortcut(Modifiers::COMMAND, Key::S)) {
            self.save();
        }
        if pressed(shortcut(Modifiers::COMMAND, Key::O)) {
            self.request(files::Action::Open);
        }
        if pressed(shortcut(Modifiers::COMMAND, Key::N)) {
            self.request(files::Action::New);
        }
        if pressed(shortcut(Modifiers::COMMAND, Key::E)) {
            self.open_printing(printing::Kind::ExportPdf);
        }
        if pressed(shortcut(Modifiers::COMMAND, Key::P)) {
            self.open_printing(printing::Kind::Book);
        }
        if pressed(shortcut(Modifiers::COMMAND, Key::Plus))
            || pressed(shortcut(Modifiers::COMMAND, Key::Equals))
        {
            self.board.zoom_by(1.25);
        }
        if pressed(shortcut(Modifiers::COMMAND, Key::Minus)) {
            self.board.zoom_by(0.8);
        }
        if pressed(shortcut(Modifiers::COMMAND, Key::Num0)) {
            self.board.fit();
        }
        if !self.playing() {
            self.solving_shortcuts(ctx);
            self.watch_shortcuts(ctx);
            self.explain_shortcuts(ctx);
            self.hint_shortcuts(ctx);
        }
        self.help_shortcuts(ctx);
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu(ui));
            ui.menu_button("Edit", |ui| {
                if self.playing() {
                    self.play_edit_menu(ui);
                    return;
                }
                if ui
                    .add_enabled(
                        self.editor.can_undo(),
                        egui::Button::new("Undo").shortcut_text("Ctrl+Z"),
                    )
                    .clicked()
                {
                    self.editor.undo();
                }
                if ui
                    .add_enabled(
                        self.editor.can_redo(),
                        egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z"),
                    )
                    .clicked()
                {
                    self.editor.redo();
                }
                self.edit_menu(ui);
            });
            ui.menu_button("View", |ui| {
                if ui
                    .add(egui::Button::new("Zoom in").shortcut_text("Ctrl++"))
                    .clicked()
                {
                    self.board.zoom_by(1.25);
                }
                if ui
                    .add(egui::Button::new("Zoom out").shortcut_text("Ctrl+-"))
                    .clicked()
                {
                    self.board.zoom_by(0.8);
                }
                if ui
                    .add(egui::Button::new("Fit to window").shortcut_text("Ctrl+0"))
                    .clicked()
                {
                    self.board.fit();
                }
                ui.checkbox(&mut self.show_tools, "Side panels");
            });
            ui.menu_button("Play", |ui| self.play_menu(ui));
            ui.menu_button("Help", |ui| self.help_menu(ui));
        });
    }
}

impl KakuroApp {
    /// What Solve counted is the check's count too: once the run knows exactly how many
    /// solutions there are, the check line stops saying "at least".
    fn share_solve_count(&mut self) {
        // The browser's logic has dropped a run of another grid by now.
        let Some(run) = &self.browser.run else { return };
        let stored;
        let exact = match (&run.exact, run.state) {
            (Some(n), _) => n,
            // Every solution found and kept: their number is the count.
            (None, RunState::Done) if !run.store.is_full() => {
                stored = run.store.stored().into();
                &stored
            }
            _ => return,
        };
        self.check.learn_count(self.editor.generation(), exact);
    }
}

/// `path` made absolute against the working folder, so that the file kept for the next start
/// (and named in an autosave) is found again whatever folder the app starts in.
pub(crate) fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The puzzle shown on a first run, with the title and notes of its header.
fn sample() -> (Sheet, Meta) {
    match crate::format::parse(SAMPLE, crate::format::Format::Kakuro) {
        Ok(loaded) => {
            let doc = loaded.document;
            let meta = Meta {
                title: doc.title,
                author: doc.author,
                notes: doc.notes,
            };
            (Sheet::new(doc.grid), meta)
        }
        Err(_) => (Sheet::new(Grid::new(8, 8)), Meta::default()),
    }
}

impl eframe::App for KakuroApp {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        if let Some(times) = &self.options.frame_times {
            times.record(
                frame.info().cpu_usage,
                self.browser.is_running() || self.watch.running(),
            );
        }
        self.poll_dialogs(ctx);
        self.printing_logic(ctx);
        self.drop_files(ctx);
        if let Some(shot) = &mut self.screenshot {
            shot.logic(ctx);
            return;
        }
        if let Some(end) = self
            .browser
            .logic(ctx, self.editor.generation(), self.editor.grid())
        {
            self.solving_ended(end);
        }
        self.watch_logic(ctx);
        self.hint_logic();
        self.explain_logic();
        self.play_logic(ctx);
        self.fixes_logic();
        self.generator_logic();
        self.shape_fill_logic();
        self.check
            .logic(ctx, self.editor.grid(), self.editor.generation());
        if let Some(crate::solve::Verdict::Several {
            count, exact: true, ..
        }) = self.check.found(self.editor.generation())
        {
            self.browser.learn_count(self.editor.generation(), count);
        }
        self.share_solve_count();
        if ctx.input(|i| i.viewport().close_requested()) && self.is_dirty() && !self.allow_close {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.request(files::Action::Quit);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        // A text field that had the keyboard as the frame began keeps this frame's keys, even
        // if it lets go of it during the frame (Enter after the last digit, in one frame).
        let typing = ctx.text_edit_focused();
        let modal = self.dialogs.is_open()
            || self.generator.is_open()
            || self.shape_fill.is_open()
            || self.files.is_busy()
            || self.play_offers();
        // Esc in a text field only leaves the field: egui lets go of the field before the
        // frame, so the Esc would otherwise stop a watch or a run as well.
        if !modal && self.was_typing {
            ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape));
        }
        if !modal {
            self.shortcuts(&ctx);
        }
        // Play's keys go before the panels, so that a focused button does not take them too.
        if !modal && !typing && self.playing() {
            self.play_keys(&ctx);
        }
        self.problems.refresh(&self.editor);
        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        let menu = egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        // Windows open under the menu bar, never over it.
        let windows = ctx.content_rect().with_min_y(menu.response.rect.bottom());
        egui::Panel::bottom("status").show(ui, |ui| {
            let playing = self.play_status();
            self.status.ui(
                ui,
                &self.editor,
                &self.problems,
                &self.board,
                playing.as_deref(),
            );
        });
        // The run's status lines are in the side panel. With the panels hidden the status has a
        // line of its own, there before Solve too, so that the board does not shift up when a
        // run starts.
        if !self.show_tools {
            let line = self.browser.status_line().unwrap_or_else(|| " ".into());
            egui::Panel::bottom("solving").show(ui, |ui| ui.label(RichText::new(line).small()));
        }
        // Designing on the left, solving on the right: what one side shows never moves the
        // other's controls (the browser appearing on Solve used to push the tools down).
        // Playing, the design tools give way to the game's panel, and the solutions (which
        // would give the game away) are not shown.
        // In a small window the side panels give way first: each takes at most a share of the
        // width (panels of their own, so that the full-size ones keep their widths) and their
        // rows wrap.
        let cap = window::side_cap(ctx.content_rect().width());
        window::set_narrow(&ctx, cap.is_some());
        let panel = |id: &'static str, default: f32, min: f32| match cap {
            None => (id.to_string(), default, min, f32::INFINITY),
            Some(side) => (
                format!("{id} (narrow)"),
                default.min(side),
                min.min(side),
                side,
            ),
        };
        if self.playing() {
            let (id, default, min, max) = panel("play", 270.0, 230.0);
            egui::Panel::left(id)
                .resizable(true)
                .default_size(default)
                .min_size(min)
                .max_size(max)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("play")
                        .show(ui, |ui| self.play_panel(ui));
                });
        } else if self.show_tools {
            let (id, default, min, max) = panel("solutions", 280.0, 230.0);
            egui::Panel::right(id)
                .resizable(true)
                .default_size(default)
                .min_size(min)
                .max_size(max)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("solutions")
                        .show(ui, |ui| self.solutions_ui(ui));
                });
            let (id, default, min, max) = panel("tools", 250.0, 210.0);
            egui::Panel::left(id)
                .resizable(true)
                .default_size(default)
                .min_size(min)
                .max_size(max)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("tools")
                        .show(ui, |ui| self.tools_ui(ui));
                });
        }
        // Under the board alone, so that the side panels keep their height (the check line at
        // the foot of the right one stays whole). Playing, it opens only from the game's panel,
        // as a help.
        self.explain_panel(ui);
        let overlay = self.overlay();
        let look = self.play_look();
        egui::CentralPanel::no_frame().show(ui, |ui| {
            if self.play.hides_board() {
                self.paused_ui(ui);
            } else {
                if self.playing() {
                    play::panel::banner(ui, &self.play);
                }
                self.board.ui(
                    ui,
                    &mut self.editor,
                    &self.problems,
                    overlay.as_ref(),
                    look.as_ref(),
                );
            }
        });
        if !modal && !typing && !ctx.text_edit_focused() && !self.playing() {
            self.browse_keys(&ctx);
            self.editor.keys(&ctx);
            self.play_key(&ctx);
        }
        if let Some(notice) = self.editor.take_notice() {
            self.status.info(notice);
        }
        self.printing_ui(&ctx, windows);
        self.dialogs_ui(&ctx);
        self.generator_ui(&ctx);
        self.shape_fill_ui(&ctx);
        self.play_offer_ui(&ctx);
        self.was_typing = ctx.text_edit_focused();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // Dropping the run and the check cancels and joins their workers.
        self.browser = Browser::default();
        self.check = check::Check::default();
        self.watch = watch::WatchMode::default();
        self.hint = hint::HintMode::default();
        self.explain = explain::ExplainMode::default();
        self.fixes = check::fixes::FixSearch::default();
        self.generator = generator::GeneratorDialog::default();
        self.shape_fill = shape_fill::ShapeFill::default();
        self.play_exit();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.options.screenshot.is_some() {
            return;
        }
        self.prefs().save(storage);
    }
}
