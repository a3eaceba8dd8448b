//! Live validation: the grid's problems, kept up to date as the sheet changes, listed in the
//! side panel and marked on the board.

use std::collections::HashSet;

use crate::{Direction, Grid, Pos, Problem, ProblemKind, Severity, validate};

use crate::app::edit::Editor;

/// The problems of the current sheet and the cells they mark.
#[derive(Default)]
pub struct Problems {
    generation: Option<u64>,
    list: Vec<Problem>,
    /// Per cell (row-major): the worst problem touching it, if any.
    marks: Vec<Option<Severity>>,
    width: usize,
    /// Another puzzle was opened: the list starts again at its top.
    opened: bool,
    /// An error that the last edit brought, to scroll into view once.
    reveal: Option<usize>,
}

impl Problems {
    /// Revalidates when the sheet changed since the last call.
    pub fn refresh(&mut self, editor: &Editor) {
        if self.generation == Some(editor.generation()) {
            return;
        }
        self.generation = Some(editor.generation());
        let grid = editor.grid();
        let list = validate(grid);
        self.reveal = if self.opened {
            None
        } else {
            let before: HashSet<&Problem> = self.list.iter().filter(|p| p.is_error()).collect();
            list.iter()
                .position(|p| p.is_error() && !before.contains(p))
        };
        self.list = list;
        self.width = grid.width();
        self.marks = marks(grid, &self.list);
    }

    /// Another puzzle is opened: its list is shown from the top.
    pub fn opened(&mut self) {
        self.opened = true;
    }

    /// Every problem: errors first, then warnings, each in reading order.
    pub fn list(&self) -> &[Problem] {
        &self.list
    }

    /// How many errors (not warnings) there are.
    pub fn errors(&self) -> usize {
        self.list.iter().filter(|p| p.is_error()).count()
    }

    /// The worst problem touching the cell at `pos`.
    pub fn mark(&self, pos: Pos) -> Option<Severity> {
        self.marks
            .get(pos.row * self.width + pos.col)
            .copied()
            .flatten()
    }

    /// The list, for the side panel: clicking a problem selects its cell.
    pub fn ui(&mut self, ui: &mut egui::Ui, editor: &mut Editor) {
        let opened = std::mem::take(&mut self.opened);
        let reveal = self.reveal.take();
        if self.list.is_empty() {
            ui.label("No problems.");
        } else {
            self.list_ui(ui, editor, opened, reveal);
        }
        // Offered while there are one-cell runs to warn about, or they are allowed.
        let allowed = editor.grid().allows_one_cell_runs();
        let warned = self
            .list
            .iter()
            .any(|p| matches!(p.kind, ProblemKind::OneCellRuns { .. }));
        if allowed || warned {
            let mut allow = allowed;
            if ui
                .checkbox(&mut allow, "Allow one-cell runs")
                .on_hover_text(
                    "No warning for runs of one cell in this puzzle (saved with it; the rules \
                     stay the same)",
                )
                .changed()
            {
                editor.set_one_cell_runs(allow);
            }
        }
    }

    /// The problems, each a button that selects its cell.
    fn list_ui(&self, ui: &mut egui::Ui, editor: &mut Editor, opened: bool, reveal: Option<usize>) {
        let mut area = egui::ScrollArea::vertical()
            .id_salt("problems")
            .max_height(220.0);
        if opened {
            area = area.vertical_scroll_offset(0.0);
        }
        area.show(ui, |ui| {
            for (index, problem) in self.list.iter().enumerate() {
                let color = match problem.severity() {
                    Severity::Error => ui.visuals().error_fg_color,
                    Severity::Warning => ui.visuals().warn_fg_color,
                };
                let text = egui::RichText::new(problem.to_string()).color(color);
                let response = ui.add(egui::Button::new(text).frame(false).wrap());
                if reveal == Some(index) {
                    response.scroll_to_me(None);
                }
                if response.clicked()
                    && let Some(pos) = problem.pos
                {
                    editor.select(pos);
                }
            }
        });
    }
}

/// Per cell (row-major), the worst problem touching it. An error marks its wall and the run's
/// cells; a warning (a run without a sum) marks only where the sum goes, so that a new grid,
/// whose every run still lacks one, is not outlined all over.
fn marks(grid: &Grid, list: &[Problem]) -> Vec<Option<Severity>> {
    let mut marks = vec![None; grid.width() * grid.height()];
    for problem in list {
        let Some(pos) = problem.pos else { continue };
        let severity = problem.severity();
        let mut cells = vec![pos];
        if let (Severity::Error, Some(dir)) = (severity, run_dir(&problem.kind)) {
            cells.extend(run_cells(grid, pos, dir));
        }
        // One warning for every one-cell run: each is marked where it is.
        if let ProblemKind::OneCellRuns { runs } = &problem.kind {
            cells.extend(runs.iter().map(|r| r.pos));
        }
        for cell in cells {
            if grid.contains(cell) {
                let mark = &mut marks[grid.index(cell)];
                *mark = (*mark).max(Some(severity));
            }
        }
    }
    marks
}

/// The run direction a problem is about, for outlining the run as well as its wall.
fn run_dir(kind: &ProblemKind) -> Option<Direction> {
    match kind {
        ProblemKind::ImpossibleSum { dir, .. }
        | ProblemKind::RunTooLong { dir, .. }
        | ProblemKind::RunWithoutSum { dir, .. } => Some(*dir),
        _ => None,
    }
}

/// The cells of the run a problem at `pos` names: after the wall, or starting at `pos` itself
/// when the run begins at the grid's edge.
fn run_cells(grid: &Grid, pos: Pos, dir: Direction) -> Vec<Pos> {
    let start = if grid.is_white(pos) {
        pos
    } else {
        pos.step(dir)
    };
    std::iter::successors(Some(start), |p| Some(p.step(dir)))
        .take_while(|p| grid.is_white(*p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cell, Clue};

    #[test]
    fn a_run_without_a_sum_marks_its_wall_and_an_error_its_run() {
        // Row 0: walls; row 1: a wall, then three white cells; the across run has no sum and
        // each down run of one cell has an impossible sum 12.
        let mut grid = Grid::new(4, 2);
        for col in 1..4 {
            let clue = Some(Clue::Sum(12));
            grid.set(
                Pos::new(0, col),
                Cell::Wall {
                    down: clue,
                    across: None,
                },
            );
            grid.set(Pos::new(1, col), Cell::WHITE);
        }
        let marks = marks(&grid, &validate(&grid));
        let at = |row, col| marks[grid.index(Pos::new(row, col))];
        assert_eq!(
            at(1, 0),
            Some(Severity::Warning),
            "the wall where the sum goes"
        );
        for col in 1..4 {
            assert_eq!(
                at(0, col),
                Some(Severity::Error),
                "the impossible sum's wall"
            );
            assert_eq!(at(1, col), Some(Severity::Error), "its run's cell");
        }
        // Two rows of three white cells: runs of two and three, none with a sum.
        let mut open = Grid::new(4, 3);
        for row in 1..3 {
            for col in 1..4 {
                open.set(Pos::new(row, col), Cell::WHITE);
            }
        }
        let marks = super::marks(&open, &validate(&open));
        for row in 1..3 {
            for col in 1..4 {
                let mark = marks[open.index(Pos::new(row, col))];
                assert_eq!(mark, None, "a cell of runs without sums is not outlined");
            }
        }
    }
}
