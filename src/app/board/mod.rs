//! The board view: paints the grid (only the visible cells), turns clicks and drags into edits,
//! and zooms and pans.

pub(super) mod overlay;
pub(super) mod palette;
mod repeats;
pub(super) mod step_view;

use egui::{
    Align2, Color32, FontId, PointerButton, Pos2, Rect, Role, Sense, Shape, Stroke, StrokeKind, Ui,
    Vec2, WidgetInfo, pos2, vec2,
};

use super::play::look::Look;
use crate::app::board::overlay::{ChainMark, Lesson, Mark, Origin, Overlay};
use crate::app::board::palette::{
    CANVAS_DARK, CANVAS_LIGHT, CAUSE, CHAIN, CHANGED, CLUE, CURSOR, DIAGONAL, DIGIT, ERROR, FAILED,
    FIXED, FOCUS, GUESSED, MISTAKE, PENCIL, PLACED, SOLUTION, SOLVED, TRYING, VARIES, WALL,
    WARNING, WHITE,
};
use crate::app::check::problems::Problems;
use crate::app::edit::{Editor, Tool};
use crate::{Cell, Clue, Direction, Grid, Pos, Severity};

/// The smallest and largest cell sizes, in points.
const MIN_CELL: f32 = 3.0;
const MAX_CELL: f32 = 160.0;
/// Largest cell size "fit to window" picks: bigger cells look clumsy on small grids.
const FIT_MAX: f32 = 64.0;
const MARGIN: f32 = 16.0;
/// Above this many visible cells, only the selected cell gets a widget of its own.
const MAX_CELL_WIDGETS: usize = 2500;

/// Zoom and pan of the board.
pub struct BoardView {
    /// Cell size in points.
    cell: f32,
    /// Where the board's top-left corner sits, relative to the view's top-left corner.
    offset: Vec2,
    /// Fit the board to the view on the next frame (after a load, or Ctrl+0).
    fit_pending: bool,
    /// Whether the board is as the last fit left it (no zoom or pan since): it then follows
    /// the window's size and the grid's, staying whole and centred.
    fitted: bool,
    /// The grid's size at the last frame.
    grid_size: (usize, usize),
    view: Rect,
    /// A drag is stretching a rectangle selection.
    selecting: bool,
    /// The typed digits that repeat in a line.
    repeats: repeats::Repeats,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            cell: 40.0,
            offset: Vec2::splat(MARGIN),
            fit_pending: true,
            fitted: false,
            grid_size: (0, 0),
            view: Rect::NOTHING,
            selecting: false,
            repeats: repeats::Repeats::default(),
        }
    }
}

/// What a white cell shows: its digit in a colour, and the solution's digit beside a typed one
/// that differs from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CellDigit {
    digit: u8,
    color: Color32,
    solution: Option<u8>,
}

/// The digit a white cell shows, from the designer's typed digit (0 for none) and the overlay's
/// mark. A watched search shows its own state. Over a solution a typed digit stays in view, so
/// that typing while browsing shows what was typed and a hand solve can be checked: in its own
/// colour where it agrees, in the error colour (with the solution's digit in the corner) where
/// it does not. The check's outlines carry no digits and leave the typed ones showing.
fn cell_digit(typed: u8, mark: Mark) -> CellDigit {
    let show = |digit, color| CellDigit {
        digit,
        color,
        solution: None,
    };
    let watched = mark.origin.is_some() || mark.pencil != 0 || mark.own;
    match (typed, mark.digit) {
        (_, shown) if watched => show(shown, SOLUTION),
        (typed, 0) => show(typed, DIGIT),
        (0, shown) => show(shown, SOLUTION),
        (typed, shown) if typed == shown => show(typed, DIGIT),
        (typed, shown) => CellDigit {
            solution: Some(shown),
            ..show(typed, ERROR)
        },
    }
}

/// How a cell is named for screen readers and tests: "r3c4, white cell",
/// "r1c2, wall, down 16 across 5".
pub fn cell_label(grid: &Grid, pos: Pos) -> String {
    match grid.get(pos) {
        Cell::White { shown: None } => format!("{pos}, white cell"),
        Cell::White { shown: Some(l) } => format!("{pos}, white cell, shows {l}"),
        Cell::Wall { down, across } => {
            let mut label = format!("{pos}, wall");
            let mut sep = ", ";
            for (name, clue) in [("down", down), ("across", across)] {
                if let Some(clue) = clue {
                    label.push_str(&format!("{sep}{name} {clue}"));
                    sep = " ";
                }
            }
            label
        }
    }
}

impl BoardView {
    /// Fits the whole board into the view on the next frame.
    pub fn fit(&mut self) {
        self.fit_pending = true;
    }

    /// Zooms by `factor` around the view's centre.
    pub fn zoom_by(&mut self, factor: f32) {
        let centre = self.view.center();
        self.zoom_at(centre, factor);
    }

    /// The cell size in points (for the status bar's zoom figure).
    pub fn cell_size(&self) -> f32 {
        self.cell
    }

    fn zoom_at(&mut self, point: Pos2, factor: f32) {
        self.fitted = false;
        let new = (self.cell * factor).clamp(MIN_CELL, MAX_CELL);
        let anchor = point - self.view.min;
        // Keep the board point under `point` where it is.
        self.offset = anchor - (anchor - self.offset) * (new / self.cell);
        self.cell = new;
    }

    fn origin(&self) -> Pos2 {
        self.view.min + self.offset
    }

    fn cell_rect(&self, pos: Pos) -> Rect {
        let min = self.origin() + vec2(pos.col as f32, pos.row as f32) * self.cell;
        Rect::from_min_size(min, Vec2::splat(self.cell))
    }

    fn cell_at(&self, (width, height): (usize, usize), point: Pos2) -> Option<Pos> {
        let rel = (point - self.origin()) / self.cell;
        if rel.x < 0.0 || rel.y < 0.0 {
            return None;
        }
        let pos = Pos::new(rel.y as usize, rel.x as usize);
        (pos.row < height && pos.col < width).then_some(pos)
    }

    fn do_fit(&mut self, grid: &Grid) {
        let (w, h) = (grid.width().max(1) as f32, grid.height().max(1) as f32);
        let avail = self.view.size() - Vec2::splat(2.0 * MARGIN);
        self.cell = (avail.x / w).min(avail.y / h).clamp(MIN_CELL, FIT_MAX);
        let board = vec2(w, h) * self.cell;
        self.offset = ((self.view.size() - board) / 2.0).max(Vec2::splat(MARGIN));
        self.fit_pending = false;
        self.fitted = true;
    }

    /// Keeps at least a corner of the board in view.
    fn clamp_offset(&mut self, grid: &Grid) {
        let board = vec2(grid.width() as f32, grid.height() as f32) * self.cell;
        let keep = Vec2::splat(2.0 * self.cell.max(MARGIN));
        let size = self.view.size();
        // max-then-min, not clamp: a view smaller than the board's margins must not panic.
        self.offset = self.offset.min(size - keep).max(keep - board);
    }

    /// Shows the board in all the space left, and applies the pointer's edits, zoom and pan.
    /// While playing, `play` paints the white cells (the editor's tool is then Select).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        editor: &mut Editor,
        problems: &Problems,
        overlay: Option<&Overlay>,
        play: Option<&Look>,
    ) {
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        response.widget_info(|| WidgetInfo::labeled(Role::Grid, true, "Board"));
        let grid_size = (editor.grid().width(), editor.grid().height());
        if self.fitted && (rect.size() != self.view.size() || grid_size != self.grid_size) {
            self.fit_pending = true;
        }
        self.grid_size = grid_size;
        self.view = rect;
        if self.fit_pending && rect.width() > 4.0 * MARGIN && rect.height() > 4.0 * MARGIN {
            self.do_fit(editor.grid());
        }
        self.zoom_and_pan(ui, &response);
        self.clamp_offset(editor.grid());
        self.pointer_edits(ui, &response, editor);
        self.repeats.update(editor);
        if response.has_focus() {
            let filter = egui::EventFilter {
                tab: true,
                horizontal_arrows: true,
                vertical_arrows: true,
                escape: false,
            };
            ui.memory_mut(|m| m.set_focus_lock_filter(response.id, filter));
        }
        self.paint(ui, editor, problems, overlay, play, response.id);
    }

    fn zoom_and_pan(&mut self, ui: &Ui, response: &egui::Response) {
        if let Some(hover) = response.hover_pos() {
            let (zoom, scroll) = ui.input(|i| (i.zoom_delta(), i.smooth_scroll_delta()));
            if zoom != 1.0 {
                self.zoom_at(hover, zoom);
            }
            if scroll != Vec2::ZERO {
                self.offset += scroll;
                self.fitted = false;
            }
        }
        if response.dragged_by(PointerButton::Secondary)
            || response.dragged_by(PointerButton::Middle)
        {
            self.offset += response.drag_delta();
            self.fitted = false;
        }
    }

    fn pointer_edits(&mut self, ui: &Ui, response: &egui::Response, editor: &mut Editor) {
        // Only the board's size is needed to find cells; the grid itself changes as we edit.
        let size = (editor.grid().width(), editor.grid().height());
        // Shift+drag, or a drag in the Select tool, selects a rectangle; Shift+click stretches
        // the selection to the cell.
        let shift = ui.input(|i| i.modifiers.shift);
        if response.drag_started_by(PointerButton::Primary) {
            let origin = ui.input(|i| i.pointer.press_origin());
            if let Some(pos) = origin.and_then(|p| self.cell_at(size, p)) {
                if shift || editor.tool == Tool::Select {
                    if !shift {
                        editor.select(pos);
                    }
                    self.selecting = true;
                } else if editor.tool == Tool::Draw {
                    editor.begin_stroke(pos);
                }
            }
        }
        if self.selecting {
            if let Some(pos) = response
                .interact_pointer_pos()
                .and_then(|p| self.cell_at(size, p))
            {
                editor.extend_selection(pos);
            }
            if !response.dragged_by(PointerButton::Primary) {
                self.selecting = false;
            }
        }
        if editor.stroking() {
            if let Some(pos) = response
                .interact_pointer_pos()
                .and_then(|p| self.cell_at(size, p))
            {
                editor.extend_stroke(pos);
            }
            if !response.dragged_by(PointerButton::Primary) {
                editor.end_stroke();
            }
        }
        if response.clicked() {
            response.request_focus();
            let Some(point) = response.interact_pointer_pos() else {
                return;
            };
            let Some(pos) = self.cell_at(size, point) else {
                return;
            };
            if shift {
                editor.extend_selection(pos);
                return;
            }
            editor.select(pos);
            match editor.tool {
                Tool::Draw => editor.toggle_cursor(),
                Tool::Clues if !editor.grid().is_white(pos) => {
                    // The lower-left triangle holds the down clue, the upper-right the across.
                    let r = self.cell_rect(pos);
                    let rel = point - r.min;
                    // Clearly below the diagonal means down; its centre picks across.
                    let pointed = if rel.y - rel.x > 0.05 * self.cell {
                        Direction::Down
                    } else {
                        Direction::Across
                    };
                    editor.field = clue_to_edit(editor.grid(), pos, pointed);
                }
                _ => {}
            }
        }
    }

    fn paint(
        &self,
        ui: &mut Ui,
        editor: &Editor,
        problems: &Problems,
        overlay: Option<&Overlay>,
        play: Option<&Look>,
        board_id: egui::Id,
    ) {
        let mark = |pos: Pos| overlay.map(|o| o.get(pos)).unwrap_or_default();
        let digit_at = |pos: Pos| cell_digit(editor.sheet().digit(pos), mark(pos));
        let grid = editor.grid();
        let painter = ui.painter_at(self.view);
        let s = self.cell;
        let origin = self.origin();
        let board =
            Rect::from_min_size(origin, vec2(grid.width() as f32, grid.height() as f32) * s);
        let line = (s * 0.035).clamp(1.0, 2.5);
        let canvas = if ui.visuals().dark_mode {
            CANVAS_DARK
        } else {
            CANVAS_LIGHT
        };
        painter.rect_filled(self.view, 0.0, canvas);
        painter.rect_filled(board.expand(line * 2.0), 2.0, WALL);

        // Only the cells that intersect the view are painted and get a widget.
        let visible = self.view.intersect(board);
        if !visible.is_positive() {
            return;
        }
        let first = |v: f32, o: f32| ((v - o) / s).floor().max(0.0) as usize;
        let (r0, c0) = (
            first(visible.top(), origin.y),
            first(visible.left(), origin.x),
        );
        let r1 = (((visible.bottom() - origin.y) / s).ceil() as usize).min(grid.height());
        let c1 = (((visible.right() - origin.x) / s).ceil() as usize).min(grid.width());
        let text = s >= 12.0;
        // A widget per cell lets screen readers and tests find every visible cell; when zoomed
        // out over thousands of cells, only the selected one gets a widget, keeping frames cheap.
        let every_cell = (r1 - r0) * (c1 - c0) <= MAX_CELL_WIDGETS;
        for row in r0..r1 {
            for col in c0..c1 {
                let pos = Pos::new(row, col);
                let rect = self.cell_rect(pos);
                match grid.get(pos) {
                    Cell::White { .. } if play.is_some() => {
                        if let Some(play) = play {
                            play.paint(&painter, rect, pos, line, text, mark(pos).lesson);
                        }
                    }
                    Cell::White { shown } => {
                        let mark = mark(pos);
                        let fill = match mark.origin {
                            Some(Origin::Fixed) => FIXED,
                            Some(Origin::Guessed) => GUESSED,
                            Some(Origin::Trying) => TRYING,
                            Some(Origin::Failed) => FAILED,
                            Some(Origin::Solved) => SOLVED,
                            None if mark.lesson.placed => PLACED,
                            None if mark.lesson.focus => FOCUS,
                            None if mark.changed => CHANGED,
                            None => WHITE,
                        };
                        painter.rect_filled(rect.shrink(line / 2.0), 0.0, fill);
                        if mark.varies {
                            let width = (s * 0.08).clamp(1.5, 4.0);
                            painter.rect_stroke(
                                rect.shrink(line * 2.0),
                                0.0,
                                Stroke::new(width, VARIES),
                                StrokeKind::Inside,
                            );
                        }
                        let CellDigit {
                            digit,
                            mut color,
                            solution,
                        } = digit_at(pos);
                        if digit != 0 && self.repeats.at(pos) && mark.origin.is_none() {
                            color = MISTAKE;
                            super::play::look::paint_mistake(&painter, rect, line);
                        }
                        if text && digit != 0 {
                            let font = FontId::proportional(s * 0.6);
                            painter.text(rect.center(), Align2::CENTER_CENTER, digit, font, color);
                            if let Some(d) = solution {
                                // The solution's own digit, small in the corner.
                                let font = FontId::proportional(s * 0.28);
                                let corner = rect.shrink(s * 0.1).right_top();
                                painter.text(corner, Align2::RIGHT_TOP, d, font, SOLUTION);
                            }
                        } else if text && (mark.pencil | mark.lesson.struck) != 0 {
                            paint_pencil(&painter, rect, mark.pencil, mark.lesson.struck);
                        } else if let (true, Some(l)) = (text, shown) {
                            let font = FontId::proportional(s * 0.5);
                            painter.text(rect.center(), Align2::CENTER_CENTER, l, font, DIAGONAL);
                        }
                    }
                    Cell::Wall { down, across } => {
                        let slot = |dir| grid.is_white(pos.step(dir));
                        let has_slot = slot(Direction::Down) || slot(Direction::Across);
                        if has_slot || down.is_some() || across.is_some() {
                            let inset = rect.shrink(line * 1.5);
                            painter.line_segment(
                                [inset.left_top(), inset.right_bottom()],
                                Stroke::new(line * 0.8, DIAGONAL),
                            );
                        }
                        if text {
                            paint_clue(&painter, rect, Direction::Down, down);
                            paint_clue(&painter, rect, Direction::Across, across);
                        }
                    }
                }
                // A cell the watch colours (fixed, guessed, tried) shows that colour alone:
                // a warning's orange on top would read as "guessed".
                if mark(pos).origin.is_none()
                    && play.is_none()
                    && let Some(severity) = problems.mark(pos)
                {
                    let color = match severity {
                        Severity::Error => ERROR,
                        Severity::Warning => WARNING,
                    };
                    let width = (s * 0.06).clamp(1.5, 3.0);
                    painter.rect_stroke(
                        rect.shrink(line),
                        0.0,
                        Stroke::new(width, color),
                        StrokeKind::Inside,
                    );
                }
                paint_lesson(&painter, rect, mark(pos).lesson, s, line);
                if !every_cell && pos != editor.cursor {
                    continue;
                }
                let id = board_id.with(pos);
                let response = ui.interact(rect.intersect(self.view), id, Sense::hover());
                let selected = editor.selection().contains(pos);
                let digit = match play {
                    Some(play) => play.get(pos).digit,
                    None => digit_at(pos).digit,
                };
                let label = match play {
                    Some(play) if grid.is_white(pos) => cell_label(grid, pos) + &play.describe(pos),
                    None if digit != 0 && self.repeats.at(pos) => {
                        cell_label(grid, pos) + ", mistake: repeated in its run"
                    }
                    _ => cell_label(grid, pos),
                };
                response.widget_info(|| {
                    let mut info = WidgetInfo::selected(Role::GridCell, true, selected, &label);
                    info.current_text_value = (digit != 0).then(|| digit.to_string());
                    info
                });
            }
        }
        if let Some(overlay) = overlay {
            self.paint_chain(&painter, &overlay.chain);
        }
        self.paint_selection(&painter, editor);
        self.paint_cursor(&painter, editor);
    }

    /// A chain's links in order: an arrow from each cell to the next, and on each cell a
    /// badge with its number and a ring round the digit it takes.
    fn paint_chain(&self, painter: &egui::Painter, chain: &[ChainMark]) {
        let s = self.cell;
        let width = (s * 0.06).clamp(1.5, 3.5);
        let centres: Vec<Pos2> = chain
            .iter()
            .map(|link| self.cell_rect(link.pos).center())
            .collect();
        for pair in centres.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let dir = to - from;
            let len = dir.length();
            if len < 1.0 {
                continue;
            }
            // From edge to edge of the badges, so the arrow head stays visible.
            let unit = dir / len;
            let start = from + unit * s * 0.3;
            let vector = unit * (len - s * 0.6).max(s * 0.1);
            painter.arrow(start, vector, Stroke::new(width, CHAIN));
        }
        let font = FontId::proportional((s * 0.26).max(8.5));
        for (i, link) in chain.iter().enumerate() {
            let rect = self.cell_rect(link.pos);
            // The link's digit is ringed where its pencil mark sits, and crossed out if denied.
            let digit = link.digit;
            let (row, col) = (f32::from((digit - 1) / 3), f32::from((digit - 1) % 3));
            let slot = rect.min + vec2(0.2 + 0.3 * col, 0.2 + 0.3 * row) * s;
            let radius = (s * 0.15).max(5.0);
            painter.circle_stroke(slot, radius, Stroke::new(width, CHAIN));
            if link.denied {
                let arm = vec2(radius, radius) * std::f32::consts::FRAC_1_SQRT_2;
                painter.line_segment([slot - arm, slot + arm], Stroke::new(width, CHAIN));
            }
            // Its number in a badge on the cell's corner; links one after the other in the
            // same cell (a denied digit, then the cell's only other one) share a wider badge.
            if i > 0 && chain[i - 1].pos == link.pos {
                continue;
            }
            let last = chain[i..].iter().take_while(|l| l.pos == link.pos).count() + i;
            let label = if last > i + 1 {
                format!("{}–{}", i + 1, last)
            } else {
                (i + 1).to_string()
            };
            let badge = rect.left_top() + vec2(0.04, 0.04) * s;
            let radius = (s * 0.16).max(6.0);
            let galley = painter.layout_no_wrap(label, font.clone(), Color32::WHITE);
            let half = vec2((galley.size().x / 2.0 + radius * 0.4).max(radius), radius);
            let corner = badge - vec2(radius, radius);
            let pill = egui::Rect::from_min_size(corner, half * 2.0);
            painter.rect_filled(pill, radius, CHAIN);
            painter.galley(pill.center() - galley.size() / 2.0, galley, Color32::WHITE);
        }
    }

    /// A rectangle selection: a tint over its cells and a dashed-looking frame.
    fn paint_selection(&self, painter: &egui::Painter, editor: &Editor) {
        if !editor.has_rectangle() {
            return;
        }
        let rect = editor.selection();
        let area = self.cell_rect(rect.min).union(self.cell_rect(rect.max));
        painter.rect_filled(area, 0.0, CURSOR.gamma_multiply(0.22));
        let width = (self.cell * 0.05).clamp(1.5, 3.0);
        painter.rect_stroke(area, 0.0, Stroke::new(width, CURSOR), StrokeKind::Inside);
    }

    fn paint_cursor(&self, painter: &egui::Painter, editor: &Editor) {
        let pos = editor.cursor;
        if !editor.grid().contains(pos) {
            return;
        }
        let rect = self.cell_rect(pos);
        let width = (self.cell * 0.08).clamp(2.0, 4.0);
        // The half of a wall that typing goes into, in the tool made for typing clues.
        if editor.tool == Tool::Clues && !editor.grid().is_white(pos) {
            let [tl, tr, bl, br] = [
                rect.left_top(),
                rect.right_top(),
                rect.left_bottom(),
                rect.right_bottom(),
            ];
            let triangle = match editor.field {
                Direction::Down => vec![tl, br, bl],
                Direction::Across => vec![tl, tr, br],
            };
            let fill = CURSOR.gamma_multiply(0.45);
            painter.add(Shape::convex_polygon(triangle, fill, Stroke::NONE));
        }
        // The way typed digits move the cursor on, in the tool that types them.
        if editor.tool == Tool::Digits && editor.grid().is_white(pos) {
            let (tip, side) = match editor.field {
                Direction::Across => (rect.right_center(), egui::vec2(0.0, 1.0)),
                Direction::Down => (rect.center_bottom(), egui::vec2(1.0, 0.0)),
            };
            let size = self.cell * 0.12;
            let inward = (rect.center() - tip).normalized() * size;
            let triangle = vec![tip, tip + inward + side * size, tip + inward - side * size];
            painter.add(Shape::convex_polygon(triangle, CURSOR, Stroke::NONE));
        }
        painter.rect_stroke(rect, 2.0, Stroke::new(width, CURSOR), StrokeKind::Middle);
    }
}

/// Paints candidates as pencil marks: digit d in the d-th place of a 3×3 block; the `struck`
/// ones (a deduction removes them) in red, crossed out.
fn paint_pencil(painter: &egui::Painter, rect: Rect, mask: u16, struck: u16) {
    let s = rect.width();
    // Never below a size a person can read: a fitted 15 × 15 under the Explain panel has
    // cells of 20-odd points, and the 3 × 3 block still fits at this size.
    let font = FontId::proportional((s * 0.26).max(8.5));
    let struck_font = FontId::proportional((s * 0.3).max(9.5));
    for d in 1..=9u8 {
        let gone = struck & (1 << d) != 0;
        if mask & (1 << d) == 0 && !gone {
            continue;
        }
        let (row, col) = (f32::from((d - 1) / 3), f32::from((d - 1) % 3));
        let at = rect.min + vec2(0.2 + 0.3 * col, 0.2 + 0.3 * row) * s;
        let (color, font) = if gone {
            (ERROR, &struck_font)
        } else {
            (PENCIL, &font)
        };
        painter.text(at, Align2::CENTER_CENTER, d, font.clone(), color);
        if gone {
            let half = vec2(0.12, 0.12) * s;
            let stroke = Stroke::new((s * 0.04).max(1.5), ERROR);
            painter.line_segment([at - half, at + half], stroke);
        }
    }
}

/// The outlines of a deduction: its cause cells, and digits no solution agrees with.
fn paint_lesson(painter: &egui::Painter, rect: Rect, lesson: Lesson, s: f32, line: f32) {
    let width = (s * 0.07).clamp(2.0, 4.0);
    for (on, color) in [(lesson.cause, CAUSE), (lesson.wrong, ERROR)] {
        if on {
            let stroke = Stroke::new(width, color);
            painter.rect_stroke(rect.shrink(line), 0.0, stroke, StrokeKind::Inside);
        }
    }
}

/// Paints one clue of a wall: the down clue in the lower-left half, the across in the upper-right.
fn paint_clue(painter: &egui::Painter, rect: Rect, dir: Direction, clue: Option<Clue>) {
    let Some(clue) = clue else { return };
    let s = rect.width();
    let at = match dir {
        Direction::Down => rect.min + vec2(0.29, 0.72) * s,
        Direction::Across => rect.min + vec2(0.71, 0.30) * s,
    };
    let font = FontId::proportional(s * 0.3);
    painter.text(pos2(at.x, at.y), Align2::CENTER_CENTER, clue, font, CLUE);
}

/// The clue of the wall at `pos` that a click pointing at `pointed` edits: the only run the
/// wall starts, if it starts one; else the pointed one.
fn clue_to_edit(grid: &Grid, pos: Pos, pointed: Direction) -> Direction {
    let below = grid.is_white(Pos::new(pos.row + 1, pos.col));
    let right = grid.is_white(Pos::new(pos.row, pos.col + 1));
    match (below, right) {
        (true, false) => Direction::Down,
        (false, true) => Direction::Across,
        _ => pointed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_digits_stay_in_view_over_a_solution_and_show_where_they_differ() {
        let solution = |digit| Mark {
            digit,
            ..Mark::default()
        };
        let plain = |digit, color| CellDigit {
            digit,
            color,
            solution: None,
        };
        assert_eq!(cell_digit(0, solution(4)), plain(4, SOLUTION));
        assert_eq!(cell_digit(4, solution(4)), plain(4, DIGIT));
        assert_eq!(
            cell_digit(7, solution(4)),
            CellDigit {
                digit: 7,
                color: ERROR,
                solution: Some(4)
            }
        );
        // The check's outlines carry no digit.
        let outlined = Mark {
            varies: true,
            ..Mark::default()
        };
        assert_eq!(cell_digit(7, outlined), plain(7, DIGIT));
        assert_eq!(cell_digit(0, Mark::default()), plain(0, DIGIT));
        // A watched search shows its own state, typed digits or not.
        let watched = Mark {
            digit: 2,
            origin: Some(Origin::Guessed),
            ..Mark::default()
        };
        assert_eq!(cell_digit(7, watched), plain(2, SOLUTION));
        let undecided = Mark {
            pencil: 0b110,
            ..Mark::default()
        };
        assert_eq!(cell_digit(7, undecided).digit, 0);
    }
}
