//! Pages of a puzzle book: puzzles in a grid of slots, each under a caption with its number,
//! title, size and difficulty; then the solutions, smaller and more to a page, each labelled
//! with its puzzle's number. Also the picture of one puzzle (the PNG export).

use crate::grid::Grid;

use super::board::{Style, draw_board, draw_board_in};
use super::font::Face;
use super::sheet::{Anchor, Gray, Sheet};

/// A page size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
    /// ISO A5, 148 × 210 mm.
    A5,
    /// 6 × 9 in, the common size of self-published books.
    Book6x9,
}

impl Paper {
    /// Every size, in the order the command line lists them.
    pub const ALL: [Paper; 4] = [Paper::A4, Paper::Letter, Paper::A5, Paper::Book6x9];

    /// The name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A5 => "a5",
            Paper::Book6x9 => "6x9",
        }
    }

    /// The size named (case-insensitive), if any.
    pub fn parse(name: &str) -> Option<Paper> {
        Paper::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Width and height in points (1/72 in), portrait.
    pub const fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
            Paper::A5 => (419.53, 595.28),
            Paper::Book6x9 => (432.0, 648.0),
        }
    }

    /// The white border around the printed area: less on the small sizes.
    fn margin(self) -> f32 {
        match self {
            Paper::A4 | Paper::Letter => 40.0,
            Paper::A5 | Paper::Book6x9 => 30.0,
        }
    }
}

/// How many puzzles a page holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerPage {
    /// One puzzle, as large as fits.
    One,
    /// Two, one above the other.
    Two,
    /// Four, two by two.
    Four,
    /// Six, two across and three down.
    Six,
}

impl PerPage {
    /// The counts allowed, in order.
    pub const ALL: [PerPage; 4] = [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six];

    /// The count for `n`, if it is one of 1, 2, 4, 6.
    pub fn from_count(n: usize) -> Option<PerPage> {
        PerPage::ALL.into_iter().find(|p| p.count() == n)
    }

    /// How many puzzles a page holds.
    pub const fn count(self) -> usize {
        let (columns, rows) = self.slots();
        columns * rows
    }

    /// Columns and rows of puzzle slots.
    const fn slots(self) -> (usize, usize) {
        match self {
            PerPage::One => (1, 1),
            PerPage::Two => (1, 2),
            PerPage::Four => (2, 2),
            PerPage::Six => (2, 3),
        }
    }

    /// Columns and rows of solution slots: one more each way than the puzzles'.
    const fn solution_slots(self) -> (usize, usize) {
        let (columns, rows) = self.slots();
        (columns + 1, rows + 1)
    }

    /// The caption's font size: smaller as the slots shrink.
    fn caption_size(self) -> f32 {
        match self {
            PerPage::One => 13.0,
            PerPage::Two => 12.0,
            PerPage::Four => 10.0,
            PerPage::Six => 9.0,
        }
    }
}

/// One puzzle of a book.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Its number in the book (printed before the title, and on its solution); `None` for a
    /// page of one puzzle alone.
    pub number: Option<usize>,
    /// Its title (may be empty).
    pub title: String,
    /// The board.
    pub grid: Grid,
    /// How hard it is, as the caption should say it ("hard"); `None` leaves it out.
    pub difficulty: Option<String>,
    /// Digits shown in the puzzle's own board (one per white cell in reading order, 0 for
    /// empty): the solution or a player's digits, for a picture of one puzzle.
    pub filled: Option<Vec<u8>>,
    /// The solution for the pages at the back (one digit per white cell in reading order);
    /// `None` prints "no solution" there (or the note).
    pub solution: Option<Vec<u8>>,
    /// A word after the solution's label, such as "one of several".
    pub note: Option<String>,
}

impl Entry {
    /// A puzzle with nothing but its board and title.
    pub fn new(grid: Grid, title: &str) -> Entry {
        Entry {
            number: None,
            title: title.trim().to_string(),
            grid,
            difficulty: None,
            filled: None,
            solution: None,
            note: None,
        }
    }

    /// The right-hand part of the caption: "15 × 15" and the difficulty.
    pub(crate) fn facts(&self) -> String {
        let size = format!("{} × {}", self.grid.width(), self.grid.height());
        match &self.difficulty {
            Some(d) if !d.trim().is_empty() => format!("{size} · {}", d.trim()),
            _ => size,
        }
    }
}

/// A book: its puzzles, the paper and how many a page, and whether solutions follow.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    /// Printed at the head of every page (may be empty).
    pub title: String,
    /// The page size.
    pub paper: Paper,
    /// Puzzles a page.
    pub per_page: PerPage,
    /// Whether pages of solutions follow the puzzles.
    pub solutions: bool,
    /// The puzzles, in order.
    pub entries: Vec<Entry>,
}

/// The largest printed cell, in points (about 12.7 mm): a small puzzle alone on a page does
/// not need to fill it.
const MAX_CELL: f32 = 36.0;
/// The largest cell of a solution (about 5.6 mm).
const MAX_SOLUTION_CELL: f32 = 16.0;
/// The smallest cell a puzzle is printed with when a larger slot allows (about 5.3 mm): its
/// sums are then 6 points high, the least that reads comfortably.
const MIN_CELL: f32 = 15.0;
/// The smallest cell of a solution when a larger slot allows: digits of 5 points.
const MIN_SOLUTION_CELL: f32 = 8.5;
/// Room between slots, in points.
const GAP: f32 = 18.0;
/// The running head's and the page number's font size.
const HEAD_SIZE: f32 = 9.0;
/// The "Solutions" heading's font size.
const SECTION_SIZE: f32 = 14.0;
/// The solutions' label size.
const LABEL_SIZE: f32 = 8.0;

/// A rectangle in points: left, top, width, height.
type Area = (f32, f32, f32, f32);

impl Book {
    /// The pages in the classic style: the puzzles, then (when asked for) the solutions.
    pub fn pages(&self) -> Vec<Sheet> {
        self.pages_in(Style::Classic)
    }

    /// The pages with boards in `style`. A puzzle takes a slot of the page's size unless its
    /// sums would print under 6 points there: then it gets a larger one, half a page
    /// or a page, on a page of its own size (the order stays). The solutions likewise.
    pub fn pages_in(&self, style: Style) -> Vec<Sheet> {
        let mut pages = Vec::new();
        let area = self.page(0, None).1;
        let puzzles = self.entries.iter().map(|entry| {
            let layout = self
                .layouts()
                .find(|p| puzzle_cell(entry, area, *p) >= MIN_CELL)
                .unwrap_or(PerPage::One);
            (layout.slots(), layout.caption_size())
        });
        for run in runs(&self.entries, puzzles) {
            let (slots, caption) = run.layout;
            let (mut page, area) = self.page(pages.len() + 1, None);
            for (entry, slot) in run.entries.iter().zip(split(area, slots)) {
                puzzle_slot(&mut page, entry, slot, caption, style);
            }
            pages.push(page);
        }
        if self.solutions && !self.entries.is_empty() {
            let solutions = self.entries.iter().map(|entry| {
                let slots = self
                    .layouts()
                    .map(PerPage::solution_slots)
                    .chain([(1, 1)])
                    .find(|&slots| solution_cell(entry, area, slots) >= MIN_SOLUTION_CELL)
                    .unwrap_or((1, 1));
                (slots, LABEL_SIZE)
            });
            for (index, run) in runs(&self.entries, solutions).into_iter().enumerate() {
                let heading = (index == 0).then_some("Solutions");
                let (mut page, area) = self.page(pages.len() + 1, heading);
                for (entry, slot) in run.entries.iter().zip(split(area, run.layout.0)) {
                    solution_slot(&mut page, entry, slot, style);
                }
                pages.push(page);
            }
        }
        pages
    }

    /// The puzzles whose sums print too small even on a page of their own (a grid too large
    /// for the paper), by their place in `entries`.
    pub fn cramped(&self) -> Vec<usize> {
        let area = self.page(0, None).1;
        (0..self.entries.len())
            .filter(|&i| puzzle_cell(&self.entries[i], area, PerPage::One) < MIN_CELL)
            .collect()
    }

    /// The slot layouts a puzzle may take: the book's, then fewer to a page, down to one.
    fn layouts(&self) -> impl Iterator<Item = PerPage> + use<> {
        let most = self.per_page.count();
        PerPage::ALL
            .into_iter()
            .rev()
            .filter(move |p| p.count() <= most)
    }

    /// A page with its running head, page number and an optional heading; returns the page and
    /// the area left for slots.
    fn page(&self, number: usize, heading: Option<&str>) -> (Sheet, Area) {
        let (width, height) = self.paper.size();
        let margin = self.paper.margin();
        let mut page = Sheet::new(width, height);
        let mut top = margin;
        if !self.title.trim().is_empty() {
            let title = fit(self.title.trim(), HEAD_SIZE, width - 2.0 * margin);
            page.text(
                (width / 2.0, top + HEAD_SIZE),
                HEAD_SIZE,
                Gray::SOFT,
                Anchor::Middle,
                &title,
            );
            top += 2.5 * HEAD_SIZE;
        }
        if let Some(heading) = heading {
            page.text(
                (margin, top + SECTION_SIZE),
                SECTION_SIZE,
                Gray::INK,
                Anchor::Start,
                heading,
            );
            top += 2.0 * SECTION_SIZE;
        }
        let bottom = height - margin;
        page.text(
            (width / 2.0, bottom),
            HEAD_SIZE,
            Gray::SOFT,
            Anchor::Middle,
            &number.to_string(),
        );
        let area = (
            margin,
            top,
            width - 2.0 * margin,
            bottom - 2.5 * HEAD_SIZE - top,
        );
        (page, area)
    }
}

/// Entries after each other that share a layout, at most a page of them.
struct Run<'a> {
    layout: ((usize, usize), f32),
    entries: &'a [Entry],
}

/// The pages of `entries` in order, each of the layout its entries were given: a page ends when
/// it is full or the next entry needs another layout.
fn runs(entries: &[Entry], layouts: impl Iterator<Item = ((usize, usize), f32)>) -> Vec<Run<'_>> {
    let mut runs: Vec<Run<'_>> = Vec::new();
    let mut start = 0;
    for (i, layout) in layouts.enumerate() {
        match runs.last_mut() {
            Some(run) if run.layout == layout && run.entries.len() < layout.0.0 * layout.0.1 => {
                run.entries = &entries[start..=i];
            }
            _ => {
                start = i;
                runs.push(Run {
                    layout,
                    entries: &entries[i..=i],
                });
            }
        }
    }
    runs
}

/// The cell size a puzzle gets in a slot of `layout` on a page of `area`.
fn puzzle_cell(entry: &Entry, area: Area, layout: PerPage) -> f32 {
    let (_, _, width, height) = split(area, layout.slots())[0];
    let band = 1.8 * layout.caption_size();
    cell_to_fit(&entry.grid, width, height - band, MAX_CELL)
}

/// The cell size a solution gets in a slot of `slots` on a page of `area`.
fn solution_cell(entry: &Entry, area: Area, slots: (usize, usize)) -> f32 {
    let (_, _, width, height) = split(area, slots)[0];
    cell_to_fit(
        &entry.grid,
        width,
        height - 1.8 * LABEL_SIZE,
        MAX_SOLUTION_CELL,
    )
}

/// The area cut into `columns` × `rows` slots, row by row, with [`GAP`] between them.
fn split((x, y, width, height): Area, (columns, rows): (usize, usize)) -> Vec<Area> {
    let w = (width - GAP * (columns - 1) as f32) / columns as f32;
    let h = (height - GAP * (rows - 1) as f32) / rows as f32;
    (0..rows)
        .flat_map(|r| {
            (0..columns).map(move |c| (x + c as f32 * (w + GAP), y + r as f32 * (h + GAP), w, h))
        })
        .collect()
}

/// The cell size at which a grid fits `width` × `height`, at most `max`.
fn cell_to_fit(grid: &Grid, width: f32, height: f32, max: f32) -> f32 {
    let across = width / grid.width().max(1) as f32;
    let down = height / grid.height().max(1) as f32;
    across.min(down).min(max).max(0.0)
}

/// A puzzle with its caption, centred in its slot and as large as fits.
fn puzzle_slot(
    page: &mut Sheet,
    entry: &Entry,
    (x, y, width, height): Area,
    size: f32,
    style: Style,
) {
    let band = 1.8 * size;
    let cell = cell_to_fit(&entry.grid, width, height - band, MAX_CELL);
    let board_width = cell * entry.grid.width() as f32;
    let left = x + (width - board_width) / 2.0;
    // The caption spans the board, or more when the board is too narrow for it.
    let facts = entry.facts();
    let number = entry.number.map(|n| n.to_string()).unwrap_or_default();
    let face = Face::get();
    let number_width = face.width(&number, 1.3 * size);
    let gap = if number.is_empty() { 0.0 } else { size };
    // Number, gap, title, a space of one em, facts.
    let fixed = number_width + gap + size + face.width(&facts, size);
    let wanted = fixed + face.width(&entry.title, size);
    let span = board_width.max(wanted.min(width));
    let start = x + (width - span) / 2.0;
    let baseline = y + 1.2 * size;
    page.text(
        (start, baseline),
        1.3 * size,
        Gray::INK,
        Anchor::Start,
        &number,
    );
    page.text(
        (start + span, baseline),
        size,
        Gray::SOFT,
        Anchor::End,
        &facts,
    );
    let title = fit(&entry.title, size, span - fixed);
    page.text(
        (start + number_width + gap, baseline),
        size,
        Gray::INK,
        Anchor::Start,
        &title,
    );
    let digits = entry.filled.as_deref();
    draw_board_in(page, &entry.grid, digits, (left, y + band), cell, style);
}

/// A solution under its label ("12", and the entry's note).
fn solution_slot(page: &mut Sheet, entry: &Entry, (x, y, width, height): Area, style: Style) {
    let band = 1.8 * LABEL_SIZE;
    let mut label = match entry.number {
        Some(n) => n.to_string(),
        None => entry.title.clone(),
    };
    match (&entry.solution, &entry.note) {
        (_, Some(note)) => label.push_str(&format!(" · {note}")),
        (None, None) => label.push_str(" · no solution"),
        (Some(_), None) => {}
    }
    let cell = cell_to_fit(&entry.grid, width, height - band, MAX_SOLUTION_CELL);
    let board_width = cell * entry.grid.width() as f32;
    let left = x + (width - board_width) / 2.0;
    let label = fit(&label, LABEL_SIZE, width);
    page.text(
        (
            left.min(x + width - Face::get().width(&label, LABEL_SIZE)),
            y + 1.2 * LABEL_SIZE,
        ),
        LABEL_SIZE,
        Gray::INK,
        Anchor::Start,
        &label,
    );
    if let Some(solution) = &entry.solution {
        draw_board_in(
            page,
            &entry.grid,
            Some(solution),
            (left, y + band),
            cell,
            style,
        );
    }
}

/// The text, shortened with an ellipsis to fit `width` at `size` (empty when nothing fits).
fn fit(text: &str, size: f32, width: f32) -> String {
    let face = Face::get();
    // A text measured to fit exactly must not lose a letter to rounding.
    let width = width + 0.01;
    if face.width(text, size) <= width {
        return text.to_string();
    }
    // The longest start that fits with its ellipsis, found by halving: measuring every
    // shorter start in turn would be quadratic in a long title.
    let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    let shortened = |chars: usize| format!("{}…", text[..ends[chars]].trim_end());
    let fits = |chars: usize| face.width(&shortened(chars), size) <= width;
    // A start of `lo` characters fits with its ellipsis; the whole text, `hi`, does not.
    let (mut lo, mut hi) = (0, ends.len());
    if !fits(0) {
        return String::new();
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if fits(mid) { lo = mid } else { hi = mid }
    }
    shortened(lo)
}

/// The SVG export's units: a cell is 40, and the title and author lines above the board are
/// 20 and 14 high.
const PICTURE_CELL: f32 = 40.0;
const PICTURE_MARGIN: f32 = 2.0;

/// One puzzle as a picture (the PNG export): the same size, heading and board as the SVG
/// export, one point per SVG unit.
pub fn picture(grid: &Grid, title: &str, author: &str, digits: Option<&[u8]>) -> Sheet {
    let face = Face::get();
    let lines: Vec<(&str, f32, Gray)> = [
        (title.trim(), 20.0, Gray::INK),
        (author.trim(), 14.0, Gray::SOFT),
    ]
    .into_iter()
    .filter(|(text, _, _)| !text.is_empty())
    .collect();
    let top = if lines.is_empty() {
        0.0
    } else {
        lines.iter().map(|(_, size, _)| 1.5 * size).sum::<f32>() + 6.0
    };
    let widest = lines
        .iter()
        .map(|(text, size, _)| face.width(text, *size))
        .fold(0.0, f32::max);
    let board_width = grid.width() as f32 * PICTURE_CELL;
    let width = board_width.max(widest.ceil()) + 2.0 * PICTURE_MARGIN;
    let height = top + grid.height() as f32 * PICTURE_CELL + 2.0 * PICTURE_MARGIN;
    let mut sheet = Sheet::new(width, height);
    sheet.rect((0.0, 0.0, width, height), Some(Gray::PAPER), None);
    let mut baseline = 0.0;
    for (text, size, gray) in lines {
        baseline += 1.25 * size;
        sheet.text((PICTURE_MARGIN, baseline), size, gray, Anchor::Start, text);
        baseline += 0.25 * size;
    }
    draw_board(
        &mut sheet,
        grid,
        digits,
        (PICTURE_MARGIN, top + PICTURE_MARGIN),
        PICTURE_CELL,
    );
    sheet
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;

    fn small() -> Grid {
        kakuro_text::parse("\\   2\\ 4\\ \\\n\\13 __ __ _\n\\    \\ __ \\\n")
            .unwrap()
            .0
    }

    fn book(entries: usize, per_page: PerPage, solutions: bool) -> Book {
        Book {
            title: "Tests".into(),
            paper: Paper::A5,
            per_page,
            solutions,
            entries: (1..=entries)
                .map(|n| Entry {
                    number: Some(n),
                    solution: Some(vec![2, 3, 8, 1]),
                    ..Entry::new(small(), &format!("Puzzle {n}"))
                })
                .collect(),
        }
    }

    #[test]
    fn puzzles_fill_pages_then_solutions_follow() {
        // 7 puzzles at 4 a page: 2 pages; their solutions at 9 a page: 1 more.
        let pages = book(7, PerPage::Four, true).pages();
        assert_eq!(pages.len(), 3);
        assert!(
            pages
                .iter()
                .all(|p| (p.width, p.height) == Paper::A5.size())
        );
        let last: Vec<&str> = pages[2].texts().collect();
        assert!(last.contains(&"Solutions"), "{last:?}");
        assert!(last.contains(&"7") && last.contains(&"8"), "{last:?}");
        assert_eq!(book(7, PerPage::Six, false).pages().len(), 2);
        assert_eq!(book(0, PerPage::One, true).pages().len(), 0);
    }

    #[test]
    fn captions_say_number_title_size_and_difficulty() {
        let mut book = book(1, PerPage::One, false);
        book.entries[0].difficulty = Some("hard".into());
        let pages = book.pages();
        let texts: Vec<&str> = pages[0].texts().collect();
        for wanted in ["Tests", "1", "Puzzle 1", "4 × 3 · hard", "13"] {
            assert!(texts.contains(&wanted), "{wanted} in {texts:?}");
        }
    }

    #[test]
    fn slots_stay_on_the_page() {
        for paper in Paper::ALL {
            for per_page in PerPage::ALL {
                let mut book = book(per_page.count(), per_page, true);
                book.paper = paper;
                for page in book.pages() {
                    for mark in &page.marks {
                        if let crate::print::Mark::Rect {
                            x,
                            y,
                            width,
                            height,
                            ..
                        } = mark
                        {
                            assert!(*x >= 0.0 && *y >= 0.0, "{paper:?} {per_page:?}");
                            assert!(x + width <= page.width && y + height <= page.height);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn long_titles_are_shortened() {
        let long = "A very long title ".repeat(20);
        let short = fit(&long, 10.0, 100.0);
        assert!(short.ends_with('…'));
        assert!(Face::get().width(&short, 10.0) <= 100.0);
        assert_eq!(fit("ok", 10.0, 100.0), "ok");
        // The longest start that fits, as shortening a letter at a time finds it.
        for width in [5.0, 20.0, 57.5, 100.0, 300.0] {
            let mut kept = long.clone();
            let slow = loop {
                kept.pop();
                let candidate = format!("{}…", kept.trim_end());
                if Face::get().width(&candidate, 10.0) <= width + 0.01 {
                    break candidate;
                }
                if kept.is_empty() {
                    break String::new();
                }
            };
            assert_eq!(fit(&long, 10.0, width), slow, "{width}");
        }
    }

    /// A title of a few hundred thousand letters is shortened at once, not letter by letter.
    #[test]
    fn a_huge_title_is_shortened_quickly() {
        let huge = "Kakuro ".repeat(40_000);
        let short = fit(&huge, 10.0, 200.0);
        assert!(short.ends_with('…') && short.len() < 100, "{short}");
    }

    #[test]
    fn the_picture_has_the_svg_size() {
        let grid = small();
        let sheet = picture(&grid, "", "", None);
        assert_eq!((sheet.width, sheet.height), (164.0, 124.0));
        assert!(Paper::parse("A4") == Some(Paper::A4) && Paper::parse("a3").is_none());
        assert_eq!(PerPage::from_count(5), None);
    }

    /// A `side` × `side` grid: the clue border, then two-cell runs of sum 3 across and down
    /// between walls every third row and column.
    fn square(side: usize) -> Grid {
        use crate::grid::{Cell, Clue, Pos};
        let mut grid = Grid::new(side, side);
        for pos in grid.positions() {
            let wall = pos.row.is_multiple_of(3) || pos.col.is_multiple_of(3);
            if !wall {
                grid.set(pos, Cell::WHITE);
            }
        }
        for pos in grid.positions() {
            if !grid.is_white(pos) {
                let sum = |next: Pos| grid.is_white(next).then_some(Clue::Sum(3));
                let cell = Cell::Wall {
                    down: sum(Pos::new(pos.row + 1, pos.col)),
                    across: sum(Pos::new(pos.row, pos.col + 1)),
                };
                grid.set(pos, cell);
            }
        }
        grid
    }

    /// The sizes of the sums ("3") printed on a page.
    fn sum_sizes(page: &Sheet) -> Vec<f32> {
        page.marks
            .iter()
            .filter_map(|m| match m {
                crate::print::Mark::Text { size, text, .. } if text == "3" => Some(*size),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_large_grid_gets_a_larger_slot_so_that_its_sums_stay_readable() {
        let entry = |n: usize, side: usize| Entry {
            number: Some(n),
            ..Entry::new(square(side), &format!("Puzzle {n}"))
        };
        let book = Book {
            title: String::new(),
            paper: Paper::A4,
            per_page: PerPage::Four,
            solutions: true,
            entries: vec![
                entry(1, 7),
                entry(2, 31),
                entry(3, 7),
                entry(4, 7),
                entry(5, 16),
            ],
        };
        let pages = book.pages();
        // The 7 × 7 alone (the next needs more room), the 31 × 31 on a page, then the two 7 × 7
        // and the 16 × 16 (readable at four a page still) together; then the solutions.
        let numbers = |page: &Sheet| {
            let texts: Vec<&str> = page.texts().collect();
            (1..=5)
                .filter(|n| texts.contains(&format!("Puzzle {n}").as_str()))
                .collect::<Vec<_>>()
        };
        let puzzle_pages: Vec<Vec<usize>> = pages[..3].iter().map(numbers).collect();
        assert_eq!(puzzle_pages, [vec![1], vec![2], vec![3, 4, 5]]);
        assert!(pages[3].texts().any(|t| t == "Solutions"));
        for page in &pages[..3] {
            for size in sum_sizes(page) {
                assert!(size >= 0.4 * MIN_CELL - 0.01, "sums {size} pt high");
            }
        }
        assert!(book.cramped().is_empty());
        // At four a page the 31 × 31's sums would be under 4 points.
        assert!(puzzle_cell(&book.entries[1], book.page(0, None).1, PerPage::Four) * 0.4 < 4.0);
        // A grid too large for any slot is printed on a page of its own, and named.
        let mut huge = book.clone();
        huge.entries.push(entry(6, 60));
        assert_eq!(huge.cramped(), [5]);
    }

    #[test]
    fn the_light_style_has_grey_walls_and_black_sums() {
        let book = book(1, PerPage::One, true);
        let walls = |page: &Sheet| {
            page.marks
                .iter()
                .filter_map(|m| match m {
                    crate::print::Mark::Rect {
                        fill: Some(fill), ..
                    } if *fill != Gray::PAPER => Some(*fill),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let sums = |page: &Sheet| {
            page.marks
                .iter()
                .filter_map(|m| match m {
                    crate::print::Mark::Text { gray, text, .. } if text == "13" => Some(*gray),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let classic = book.pages();
        let light = book.pages_in(Style::Light);
        assert_eq!(classic.len(), light.len());
        assert!(walls(&classic[0]).iter().all(|&g| g == Gray::INK));
        assert!(!walls(&light[0]).is_empty());
        assert!(walls(&light[0]).iter().all(|&g| g == Gray::LIGHT_WALL));
        assert_eq!(sums(&classic[0]), [Gray::PAPER]);
        assert_eq!(sums(&light[0]), [Gray::INK]);
    }
}
