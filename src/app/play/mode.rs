//! Play mode in the app: entering and leaving it, its keys and menu, the panel's commands
//! applied in one place, the clock and the helps that wait for the solution, autosave and the
//! offer to restore a game after a crash.

use std::time::{Duration, Instant};

use egui::RichText;

use super::answer::{Answer, Found};
use super::look::Look;
use super::panel::{self, Command};
use super::state::{Game, Position};
use super::timer::{Timer, clock};
use super::{Play, Wanted};
use crate::app::{KakuroApp, Tool};
use crate::format::{Document, PlayRecord};
use crate::solve::combos::Mask;
use crate::{CellId, Pos, Puzzle};

impl Play {
    /// Starts (or resumes, from a save) `game` with `played` on the clock; `saved` is the game
    /// as its file holds it.
    pub(super) fn start(&mut self, game: Game, played: Duration, saved: Option<PlayRecord>) {
        self.game = Some(game);
        self.timer = Timer::with(played);
        self.saved = saved;
        self.answer = None;
        self.wanted = None;
        self.paused = false;
        self.message = None;
        self.finished = None;
        self.best_shown = None;
        self.class_pending = None;
        self.mistakes = None;
        self.note_finish();
    }

    /// Notes the finish in `time` in the best times, unless Solve filled the board in; the
    /// size-and-band best waits for the rating when it is not known yet.
    fn note_best(&mut self, time: Duration) {
        self.best_shown = None;
        self.class_pending = None;
        let Some(game) = self.game.as_ref().filter(|g| !g.helps.solved) else {
            return;
        };
        let grid = game.grid().clone();
        let puzzle = self.best.note_puzzle(&grid, time);
        self.best_shown = Some(super::best::Shown {
            puzzle,
            class: None,
        });
        self.class_pending = Some(time);
        self.note_class_best();
    }

    /// Notes a finish's size-and-band best once the puzzle's band is known.
    fn note_class_best(&mut self) {
        let Some(time) = self.class_pending else {
            return;
        };
        let Some(band) = self.answer.as_mut().and_then(Answer::band) else {
            return;
        };
        let Some(grid) = self.game.as_ref().map(|g| g.grid().clone()) else {
            return;
        };
        self.class_pending = None;
        let class = self.best.note_class(&grid, band, time);
        if let Some(shown) = &mut self.best_shown {
            shown.class = Some(class);
        }
    }

    /// Notes whether the board is full and right (by the rules: every run adds up, no repeats),
    /// and if so, the time it took.
    fn note_finish(&mut self) -> bool {
        let done = self.game.as_ref().is_some_and(Game::is_full)
            && self.mistakes().iter().all(|m| !m.any());
        let newly = done && self.finished.is_none();
        if newly {
            self.finished = Some(self.elapsed());
        } else if !done {
            self.finished = None;
        }
        newly
    }
}

impl KakuroApp {
    /// Whether play mode is on.
    pub fn playing(&self) -> bool {
        self.play.is_active()
    }

    /// The player's digits per white cell in reading order (0 for none), while a game is on.
    pub fn play_digits(&self) -> Option<Vec<u8>> {
        Some(self.play.game()?.position().digits.clone())
    }

    /// The player's pencil marks per white cell in reading order (bit d for digit d).
    pub fn play_marks(&self) -> Option<Vec<u16>> {
        Some(self.play.game()?.position().marks.clone())
    }

    /// Time played in the current game.
    pub fn play_time(&self) -> Option<Duration> {
        self.play.game().map(|_| self.play.elapsed())
    }

    /// The time the game took, once the board is full and right.
    pub fn play_finished(&self) -> Option<Duration> {
        self.play.finished()
    }

    /// The best times kept between sessions.
    pub fn best_times(&self) -> &super::best::BestTimes {
        &self.play.best
    }

    /// The status bar's line while playing: "Playing · 12:34 · 3 helps" (or Paused, or Solved).
    pub fn play_status(&self) -> Option<String> {
        let game = self.play.game().filter(|_| self.playing())?;
        let (state, time) = match self.play.finished() {
            Some(time) => ("Solved", time),
            None if self.play.paused => ("Paused", self.play.elapsed()),
            None => ("Playing", self.play.elapsed()),
        };
        let helps = match game.helps.count() {
            0 => "no help".to_string(),
            1 => "1 help".to_string(),
            n => format!("{n} helps"),
        };
        Some(format!("{state}  ·  {}  ·  {helps}", clock(time)))
    }

    /// The cells whose digits break a rule (repeated in a run, a full run's wrong sum).
    pub fn play_mistakes(&self) -> Vec<Pos> {
        let Some(game) = self.play.game() else {
            return Vec::new();
        };
        let mistakes = super::mistakes::find(game.puzzle(), &game.position().digits);
        game.puzzle()
            .cells()
            .iter()
            .zip(mistakes)
            .filter(|(_, m)| m.any())
            .map(|(c, _)| c.pos)
            .collect()
    }

    /// What a hint reads: the puzzle and the player's position (digits and marks per cell).
    pub fn play_position(&self) -> Option<(&Puzzle, &Position)> {
        let game = self.play.game()?;
        Some((game.puzzle(), game.position()))
    }

    /// Applies a hint's step to the game as one undo step: `placements` place digits,
    /// `eliminations` rub out pencil marks (bit d for digit d; a cell without marks first gets
    /// what its runs allow). Returns whether anything changed. Counting the hint is
    /// [`KakuroApp::count_play_hint`]'s.
    pub fn apply_play_step(
        &mut self,
        placements: &[(CellId, u8)],
        eliminations: &[(CellId, Mask)],
    ) -> bool {
        let prune = self.play.prune;
        let Some(game) = &mut self.play.game else {
            return false;
        };
        let changed = game.apply_step(placements, eliminations, prune);
        self.after_play_change();
        changed
    }

    /// Counts a hint taken (once per hint, however many of its steps the player looks at).
    pub fn count_play_hint(&mut self) {
        if let Some(game) = &mut self.play.game {
            game.count_hint();
        }
    }

    /// Starts playing the puzzle on the board (a new game if the grid changed since the last).
    pub(crate) fn enter_play(&mut self) {
        let grid = self.editor.grid().clone();
        if self.play.game().is_none_or(|g| *g.grid() != grid) {
            match Game::new(&grid) {
                Ok(game) => self.play.start(game, Duration::ZERO, None),
                Err(e) => {
                    self.status.error(e);
                    return;
                }
            }
        }
        self.stop_solving();
        self.close_watch();
        self.set_explain_open(false);
        // The designer's hint marks are not the player's.
        self.clear_hints();
        self.play.active = true;
        self.play.previous_tool = Some(self.editor.tool);
        self.editor.tool = Tool::Select;
        if !grid.is_white(self.editor.cursor)
            && let Some(first) = grid.positions().find(|p| grid.is_white(*p))
        {
            self.editor.select(first);
        }
        if self.play.answer.is_none()
            && let Some(game) = self.play.game()
        {
            self.play.answer = Some(Answer::start(game.puzzle().clone(), &self.ctx));
        }
        self.status
            .info("Playing: type digits, Shift+digit for pencil marks; P goes back to designing");
    }

    /// Back to designing; the game stays for when play resumes.
    fn leave_play(&mut self) {
        self.play.active = false;
        self.play.timer.set_running(false, Instant::now());
        self.clear_hints();
        if let Some(tool) = self.play.previous_tool.take() {
            self.editor.tool = tool;
        }
        self.status
            .info("Designing: the game waits until you play again (P)");
    }

    /// After opening a document: its saved game, if it has one, resumes in play mode.
    pub(crate) fn open_game(&mut self, record: Option<PlayRecord>) {
        let Some(record) = record else { return };
        match Game::from_record(self.editor.grid(), &record) {
            Ok(game) => {
                self.select_saved_cursor(&record);
                let played = Duration::from_secs(record.seconds);
                self.play.start(game, played, Some(record));
                self.enter_play();
            }
            Err(e) => self
                .status
                .error(format!("The saved game could not resume: {e}")),
        }
    }

    /// Selects the cell a saved game was at, when it is on the grid.
    pub(super) fn select_saved_cursor(&mut self, record: &PlayRecord) {
        if let Some(cursor) = record.cursor.filter(|&p| self.editor.grid().contains(p)) {
            self.editor.select(cursor);
        }
    }

    /// The game as the document saves it, with the selected cell.
    pub(crate) fn play_record(&self) -> Option<PlayRecord> {
        let record = self.play.record(self.editor.grid())?;
        Some(PlayRecord {
            cursor: Some(self.editor.cursor),
            ..record
        })
    }

    /// Whether the game changed since it was saved.
    pub(crate) fn play_dirty(&self) -> bool {
        self.play.is_dirty(self.editor.grid())
    }

    /// Applies what the player asked for.
    pub(crate) fn play_command(&mut self, command: Command) {
        match command {
            Command::Enter => return self.enter_play(),
            Command::Leave => return self.leave_play(),
            Command::TogglePause => {
                self.play.paused = !self.play.paused;
                return;
            }
            _ => {}
        }
        if self.play.hides_board() {
            return;
        }
        if command == Command::Hint {
            return self.hint();
        }
        if command == Command::Explain {
            return self.play_explain();
        }
        let cursor = self.editor.cursor;
        let prune = self.play.prune;
        let pencil = self.play.pencil;
        let Some(game) = &mut self.play.game else {
            return;
        };
        let cell = game.puzzle().cell_at(cursor);
        match (command, cell) {
            (Command::Digit(d), Some(c)) if !pencil => {
                game.place(c, d, prune);
            }
            (Command::Digit(d) | Command::Mark(d), Some(c)) => {
                game.toggle_mark(c, d);
            }
            (Command::Clear, Some(c)) => {
                game.clear(c);
            }
            (Command::Digit(_) | Command::Mark(_) | Command::Clear, None) => {}
            (Command::Undo, _) => {
                let said = self.play.message().map(str::to_string);
                if let Some(game) = &mut self.play.game
                    && game.undo()
                    && let Some(said) = said
                {
                    // The status line would otherwise go on saying what is no longer so.
                    self.status.info(format!("Taken back: {said}"));
                }
            }
            (Command::Redo, _) => {
                game.redo();
            }
            (Command::FillCandidates, _) => {
                game.fill_candidates();
            }
            (Command::TogglePencil, _) => self.play.pencil = !self.play.pencil,
            (Command::TogglePrune, _) => self.play.prune = !self.play.prune,
            (Command::Check, _) => self.play.wanted = Some(Wanted::Check),
            (Command::Reveal, _) => self.play.wanted = Some(Wanted::Reveal),
            (Command::ShowWrong, _) => self.play.wanted = Some(Wanted::ShowWrong),
            (Command::ToggleCheckAsYouType, _) => {
                self.play.check_as_you_type = !self.play.check_as_you_type;
                if self.play.check_as_you_type {
                    game.count_check();
                }
            }
            (Command::Solve, _) => self.play.wanted = Some(Wanted::Solve),
            (Command::Move(dr, dc), _) => self.move_along(dr, dc),
            (Command::NextEmpty(back), _) => self.next_empty(back),
            (
                Command::Enter
                | Command::Leave
                | Command::TogglePause
                | Command::Hint
                | Command::Explain,
                _,
            ) => {}
        }
        if self.play.wanted.is_some() {
            self.answer_wanted();
        }
        self.after_play_change();
    }

    /// Opens Explain on the player's position, or on the shown hint's step, or closes it. The
    /// logical solve from the position is a help, counted as a hint; the shown hint's was
    /// counted already.
    fn play_explain(&mut self) {
        if self.explain_open() {
            return self.set_explain_open(false);
        }
        if self.hint_handoff().is_none() {
            self.count_play_hint();
        }
        self.set_explain_open(true);
    }

    /// Notes a finished board and says so; the next frame autosaves.
    fn after_play_change(&mut self) {
        self.ctx.request_repaint();
        let was_finished = self.play.finished.is_some();
        if self.play.note_finish()
            && let (Some(time), Some(game)) = (self.play.finished(), self.play.game())
        {
            let text = game.helps.finish(&clock(time));
            self.status.info(text.clone());
            self.play.say(text);
            self.play.note_best(time);
        } else if was_finished && self.play.finished.is_none() {
            // An undo took the finish back: its message would now be false.
            self.play.message = None;
            self.status
                .info("Not solved any more: an entry was taken back");
        }
    }

    /// Does the help that waited for the solution, once the search has it.
    fn answer_wanted(&mut self) {
        let Some(wanted) = self.play.wanted else {
            return;
        };
        let Some(found) = self.play.answer.as_mut().and_then(|a| a.found()).cloned() else {
            return;
        };
        self.play.wanted = None;
        let cursor = self.editor.cursor;
        let prune = self.play.prune;
        let Some(game) = &mut self.play.game else {
            return;
        };
        let message = match (&found, wanted) {
            (Found::Unique(solution), Wanted::Check) => {
                game.count_check();
                let digits = &game.position().digits;
                let filled = digits.iter().filter(|&&d| d != 0).count();
                let wrong = digits
                    .iter()
                    .zip(solution)
                    .filter(|(d, s)| **d != 0 && d != s)
                    .count();
                if wrong > 0 {
                    self.play.checked_wrong = Some(game.changes());
                }
                match (filled, wrong) {
                    (0, _) => "Check: no digits placed yet".to_string(),
                    (n, 0) => format!("Check: all {n} digits placed are right"),
                    (n, 1) => format!("Check: 1 of the {n} digits placed is wrong"),
                    (n, w) => format!("Check: {w} of the {n} digits placed are wrong"),
                }
            }
            (Found::Unique(solution), Wanted::Reveal) => match game.puzzle().cell_at(cursor) {
                Some(cell) => {
                    let d = solution[cell.index()];
                    if game.reveal(cell, d, prune) {
                        format!("{cursor} is {d}")
                    } else {
                        format!("{cursor} is already {d}")
                    }
                }
                None => "Select a white cell to reveal".into(),
            },
            (Found::Unique(solution), Wanted::ShowWrong) => {
                let wrong = wrong_cells(game, solution);
                game.count_reveal();
                self.play.shown_wrong = Some((game.changes(), wrong.clone()));
                let names: Vec<String> = wrong
                    .iter()
                    .map(|&c| game.puzzle().cell(c).pos.to_string())
                    .collect();
                format!("Wrong: {}", names.join(", "))
            }
            (Found::Unique(solution), Wanted::Solve) => {
                game.solve(solution);
                "Solved by the app".into()
            }
            (Found::Several, _) => "This puzzle has more than one solution, so there is no one \
                                    answer to compare with; mistakes by the rules still show"
                .into(),
            (Found::None, _) => "This puzzle has no solution".into(),
            (Found::Failed(e), _) => format!("No solution to compare with: {e}"),
        };
        self.status.info(message.clone());
        self.play.say(message);
        self.after_play_change();
    }

    /// Arrow keys: the next white cell that way, over walls.
    fn move_along(&mut self, dr: i32, dc: i32) {
        let grid = self.editor.grid();
        let (h, w) = (grid.height() as i32, grid.width() as i32);
        let (mut r, mut c) = (self.editor.cursor.row as i32, self.editor.cursor.col as i32);
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= h || c >= w {
                return;
            }
            let pos = Pos::new(r as usize, c as usize);
            if grid.is_white(pos) {
                self.editor.select(pos);
                return;
            }
        }
    }

    /// Tab: the next empty white cell in reading order (Shift+Tab: the previous), around the
    /// end; where every cell is full, the next white cell.
    fn next_empty(&mut self, back: bool) {
        let Some(game) = self.play.game() else { return };
        let cells = game.puzzle().cells();
        if cells.is_empty() {
            return;
        }
        let n = cells.len();
        let here = cells.iter().position(|c| c.pos >= self.editor.cursor);
        let start = match (here, back) {
            (Some(i), false) if cells[i].pos == self.editor.cursor => i,
            (Some(i), false) => (i + n - 1) % n,
            (Some(i), true) => i,
            (None, _) => n - 1,
        };
        let step = |k: usize| {
            if back {
                (start + n * 2 - k) % n
            } else {
                (start + k) % n
            }
        };
        let empty = (1..=n)
            .map(step)
            .find(|&i| game.digit(CellId(i as u32)) == 0);
        let target = empty.unwrap_or_else(|| step(1));
        let pos = cells[target].pos;
        self.editor.select(pos);
    }

    /// The Play menu.
    pub(crate) fn play_menu(&mut self, ui: &mut egui::Ui) {
        let playing = self.playing();
        let item = |ui: &mut egui::Ui, enabled: bool, text: &str, keys: &str| {
            ui.add_enabled(enabled, egui::Button::new(text).shortcut_text(keys))
                .clicked()
        };
        let mut commands = Vec::new();
        if item(ui, true, "New game", "") {
            self.request(crate::app::files::Action::NewGame);
        }
        if !playing && item(ui, true, "Play this puzzle", "P") {
            commands.push(Command::Enter);
        }
        if playing && item(ui, true, "Stop playing", "P") {
            commands.push(Command::Leave);
        }
        ui.separator();
        let pause = if self.play.paused { "Resume" } else { "Pause" };
        if item(ui, playing, pause, "F7") {
            commands.push(Command::TogglePause);
        }
        if item(ui, playing, "Hint", "H") {
            commands.push(Command::Hint);
        }
        if item(ui, playing, "Fill candidates", "") {
            commands.push(Command::FillCandidates);
        }
        if item(ui, playing, "Check", "") {
            commands.push(Command::Check);
        }
        if item(ui, playing, "Reveal cell", "") {
            commands.push(Command::Reveal);
        }
        if item(ui, playing, "Solve", "") {
            commands.push(Command::Solve);
        }
        for command in commands {
            self.play_command(command);
        }
    }

    /// The Edit menu while playing: undo and redo of entries (the grid is locked).
    pub(crate) fn play_edit_menu(&mut self, ui: &mut egui::Ui) {
        let game = self.play.game();
        let (undo, redo) = game.map_or((false, false), |g| (g.can_undo(), g.can_redo()));
        let undo_button = egui::Button::new("Undo").shortcut_text("Ctrl+Z");
        if ui.add_enabled(undo, undo_button).clicked() {
            self.play_command(Command::Undo);
        }
        let redo_button = egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z");
        if ui.add_enabled(redo, redo_button).clicked() {
            self.play_command(Command::Redo);
        }
        ui.separator();
        ui.label(RichText::new("The grid is locked while you play").weak());
    }

    /// The play panel (in place of the design tools).
    pub(crate) fn play_panel(&mut self, ui: &mut egui::Ui) {
        self.play.mistakes();
        let hint = self.hint_summary();
        let explain = self.explain_open();
        let commands = panel::ui(ui, &self.play, self.editor.cursor, hint.as_ref(), explain);
        for command in commands {
            self.play_command(command);
        }
    }

    /// The Play button beside the design tools.
    pub(crate) fn play_button(&mut self, ui: &mut egui::Ui) {
        if ui
            .button("Play")
            .on_hover_text("Solve it yourself: the grid locks, digits and pencil marks (key P)")
            .clicked()
        {
            self.enter_play();
        }
    }

    /// What the board shows of the game, while playing.
    pub(crate) fn play_look(&mut self) -> Option<Look> {
        if !self.playing() {
            return None;
        }
        let cursor = self.editor.cursor;
        let mut mistakes = self.play.mistakes().to_vec();
        for cell in self.play_wrong_shown() {
            if let Some(mistake) = mistakes.get_mut(cell.index()) {
                mistake.wrong = true;
            }
        }
        Some(Look::new(self.play.game()?, &mistakes, cursor))
    }

    /// The digits flagged as not the solution's: those "Show which" showed, until the next
    /// change, and with checking as you type, every one (once the solution is known).
    fn play_wrong_shown(&mut self) -> Vec<CellId> {
        let Some(changes) = self.play.game().map(Game::changes) else {
            return Vec::new();
        };
        if self.play.check_as_you_type
            && let Some(Found::Unique(solution)) = self.play.answer.as_mut().and_then(|a| a.found())
        {
            let solution = solution.clone();
            return self
                .play
                .game()
                .map_or_else(Vec::new, |game| wrong_cells(game, &solution));
        }
        match &self.play.shown_wrong {
            Some((at, cells)) if *at == changes => cells.clone(),
            _ => Vec::new(),
        }
    }

    /// The board's place while paused: the puzzle is hidden.
    pub(crate) fn paused_ui(&mut self, ui: &mut egui::Ui) {
        ui.centered_and_justified(|ui| {
            if ui
                .button(RichText::new("Paused: the board is hidden. Resume (F7)").heading())
                .clicked()
            {
                self.play_command(Command::TogglePause);
            }
        });
    }

    /// Every frame: the clock (it runs only while the board is seen), the helps that wait for
    /// the solution, and autosave.
    pub(crate) fn play_logic(&mut self, ctx: &egui::Context) {
        let now = Instant::now();
        let (focused, minimized) = ctx.input(|i| {
            let v = i.viewport();
            (v.focused.unwrap_or(true), v.minimized.unwrap_or(false))
        });
        let running = self.play.active
            && self.play.game.is_some()
            && self.play.finished.is_none()
            && !self.play.paused
            && self.play.offer.is_none()
            && focused
            && !minimized;
        self.play.timer.set_running(running, now);
        if running {
            // Repaint as the shown second changes.
            let into = self.play.elapsed().subsec_millis();
            ctx.request_repaint_after(Duration::from_millis(u64::from(1000 - into)));
        }
        if self.play.wanted.is_some() {
            self.answer_wanted();
        }
        self.play.note_class_best();
        let changes = self.play.game().map(Game::changes);
        if let Some(changes) = changes
            && self.play.autosave.pending(changes)
            && self.play_dirty()
        {
            if self.play.autosave.due(changes, now) {
                let doc = Document {
                    grid: self.editor.grid().clone(),
                    title: self.meta.title.clone(),
                    author: self.meta.author.clone(),
                    notes: self.meta.notes.clone(),
                    solution: None,
                    play: self.play_record(),
                };
                let source = self.files.path.clone();
                self.play
                    .autosave
                    .write(&doc, source.as_deref(), changes, now);
            } else {
                ctx.request_repaint_after(self.play.autosave.wait(now));
            }
        }
    }
}

/// The cells whose placed digit is not `solution`'s.
fn wrong_cells(game: &Game, solution: &[u8]) -> Vec<CellId> {
    let digits = &game.position().digits;
    (0..digits.len())
        .filter(|&i| digits[i] != 0 && solution.get(i) != Some(&digits[i]))
        .map(|i| CellId(i as u32))
        .collect()
}
