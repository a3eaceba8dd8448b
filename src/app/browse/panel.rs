//! The browser's panel: Solve / Stop, "Solution k of N", paging, a slider, a number to jump to,
//! the highlight options and the selected cell's digits across the solutions. `ui` returns the
//! [`Command`]s asked for; the app carries them out in one place.

use egui::{Key, RichText, Ui};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::Pos;
use crate::app::browse::command::{Command, with_key};
use crate::app::browse::{Browser, RunState, back};
use crate::app::numbers::{compact, group, group_big, magnitude};

/// The lines that describe a run, blank before one.
struct RunLines {
    /// How much of the search is done; `None` where that says nothing (a count too large for
    /// the search ever to list).
    done: Option<f32>,
    count: String,
    state: String,
    exact: String,
    kept: String,
    /// Why the kept ones stop there, on a line of its own (blank until the store is full).
    cap: String,
    /// What the process holds and the most it may, all counted.
    memory: String,
}

impl Browser {
    /// The panel; `cursor` is the selected cell, whose digits across the solutions are listed.
    /// Returns what was asked for; the field, the highlight options and the notice are its own.
    pub fn ui(&mut self, ui: &mut Ui, cursor: Pos) -> Vec<Command> {
        let mut commands = Vec::new();
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            let running = self.is_running();
            for (command, text, hover, enabled) in [
                (
                    Command::Solve,
                    "Solve",
                    "Find every solution in the background",
                    !running,
                ),
                (
                    Command::Stop,
                    "Stop",
                    "Stop the search, keeping what it found",
                    running,
                ),
            ] {
                if ui
                    .add_enabled(enabled, egui::Button::new(text))
                    .on_hover_text(with_key(&ctx, hover, &command))
                    .clicked()
                {
                    commands.push(command);
                }
            }
        });
        headline_ui(ui, &self.headline());
        // Before the first run the panel has the shape it will have during one, its lines blank
        // and its controls disabled, so nothing below moves when Solve is pressed.
        let lines = self.run_lines();
        match lines.done {
            Some(done) => {
                ui.add(thin_bar(done))
                    .on_hover_text(format!("{:.1}% of the search done", done * 100.0));
            }
            // Its place is kept, so that nothing below moves.
            None => {
                ui.add_visible(false, thin_bar(0.0));
            }
        }
        // The status lines are one line each however narrow the panel (hover for the whole of
        // a long one), so that the controls below stay put as their words change, as when the
        // memory cap is reached.
        ui.add(egui::Label::new(RichText::new(lines.count).small()).truncate());
        ui.add(egui::Label::new(RichText::new(lines.state).small()).truncate());
        ui.add(egui::Label::new(RichText::new(lines.exact).small()).truncate());
        ui.add(egui::Label::new(RichText::new(lines.kept).small().weak()).truncate());
        ui.add(
            egui::Label::new(
                RichText::new(lines.cap)
                    .small()
                    .color(ui.visuals().warn_fg_color),
            )
            .truncate(),
        );
        ui.add(egui::Label::new(RichText::new(lines.memory).small().weak()).truncate())
            .on_hover_text(
                "The most counts every part: the solutions kept, the exact count's cache and \
                 its graphs for jumps, and the app itself",
            );
        let browsable = self
            .run
            .as_ref()
            .map_or(BigUint::ZERO, |run| run.browsable());
        ui.add_enabled_ui(browsable > BigUint::ZERO, |ui| {
            commands.extend(self.paging_ui(ui, &browsable));
        });
        // A notice ("Fetching solution 12…") comes and goes: its line is always there, one line
        // (long numbers in the compact form, hover for every digit), so the options below stay
        // under the pointer.
        let notice = self.notice.as_deref().unwrap_or("");
        let line = ui.add(
            egui::Label::new(
                RichText::new(compact(notice))
                    .small()
                    .color(ui.visuals().warn_fg_color),
            )
            .truncate(),
        );
        if !notice.is_empty() {
            line.on_hover_text(notice);
        }
        ui.checkbox(
            &mut self.show_changes,
            "Highlight changes from the previous",
        )
        .on_hover_text("Cells whose digit differs from the solution before this one");
        ui.checkbox(&mut self.show_ambiguous, "Highlight cells that vary")
            .on_hover_text(
                "Cells that are not the same in every solution: those seen so far, then every \
                 one once the check has found them all",
            );
        // Two lines whether or not a cell is selected, for the controls below.
        crate::app::edit::tools::at_least_lines(ui, 2.0, |ui| {
            if let Some(mask) = self.digits_at(cursor)
                && mask != 0
            {
                let digits: Vec<String> = (1..=9u8)
                    .filter(|d| mask & (1 << d) != 0)
                    .map(|d| d.to_string())
                    .collect();
                ui.label(format!(
                    "r{}c{} takes {} across the solutions",
                    cursor.row + 1,
                    cursor.col + 1,
                    digits.join(", ")
                ));
            }
        });
        commands
    }

    /// The run's lines under the headline: progress, count and rate, nodes and state, the exact
    /// count, what is kept in memory and whether that is the cap. Blank before a run.
    fn run_lines(&self) -> RunLines {
        let Some(run) = &self.run else {
            return RunLines {
                done: Some(0.0),
                // A space, not nothing: an empty label is shorter than a line of text.
                count: " ".into(),
                state: " ".into(),
                exact: "Exact count: —".into(),
                kept: " ".into(),
                cap: " ".into(),
                memory: " ".into(),
            };
        };
        // The bar stays when the run ends, full or where it stopped, so that the controls below
        // do not jump up under the pointer.
        // Past 2^52 solutions the search lists a sliver of them however long it runs: its
        // progress would be a bar with nothing in it (the slider shows where the solution is).
        let listless = run
            .exact
            .as_ref()
            .or(run.known.as_ref())
            .is_some_and(|n| *n > BigUint::from(STEPPED));
        let done = match run.state {
            RunState::Done => Some(1.0),
            _ if listless => None,
            _ => Some(run.live.progress as f32),
        };
        let (count, state) = self.status_parts().unwrap_or_default();
        // The headline has every digit of a count this long ("of N"); this line says how big it
        // is, which a row of 60 digits does not.
        let size = |n: &BigUint| match n.bits() > 54 {
            true => format!("{} ({} digits)", magnitude(n), n.to_string().len()),
            false => group_big(n),
        };
        let exact = match (&run.exact, &run.known) {
            (Some(n), _) => format!("Exact count: {}", size(n)),
            (None, Some(n)) if run.counting() => format!(
                "Exact count: {} · jumps: {:.0}%",
                size(n),
                run.counted.done * 100.0
            ),
            (None, Some(n)) => format!("Exact count: {}", size(n)),
            (None, None) if run.counting() => {
                format!("Counting: {}", run.count_progress())
            }
            (None, None) if run.count_unknown().is_some() => {
                format!("Exact count: {}", run.count_unknown().unwrap_or_default())
            }
            (None, None) => "Exact count: not known (stopped before it was counted)".into(),
        };
        let kept = format!(
            "{} kept in {}",
            group(run.store.stored()),
            bytes(run.store.used_bytes())
        );
        let full = run.store.is_full();
        RunLines {
            done,
            count,
            state,
            exact,
            kept,
            cap: match (full, run.state) {
                (false, _) => " ".into(),
                (true, RunState::Capped) => "Kept the first and latest: others by number".into(),
                (true, _) if run.exact.is_none() && run.counting() => {
                    "Kept the first and latest: others by number once counted".into()
                }
                (true, _) if run.exact.is_none() => {
                    "Kept the first and latest: stopped before the count".into()
                }
                (true, _) => "Kept the first and latest: others by number".into(),
            },
            memory: run.memory_line(),
        }
    }

    /// First, Previous, Next and Last, the slider, the Go to field and Random; what was asked.
    fn paging_ui(&mut self, ui: &mut Ui, browsable: &BigUint) -> Vec<Command> {
        let last = back(browsable, 1);
        let current = self.current.clone();
        let mut commands = Vec::new();
        let ctx = ui.ctx().clone();
        crate::app::window::row(ui, |ui| {
            let (back_on, on) = (current > BigUint::ZERO, current < last);
            // Last needs the count: the last one streamed is not the last solution.
            let final_one = self.run.as_ref().map(|run| run.last());
            let (final_one, why) = match final_one {
                Some(Ok(k)) => (k, String::new()),
                Some(Err(why)) => (last.clone(), why),
                None => (last.clone(), String::new()),
            };
            let to_final = why.is_empty() && current < final_one;
            for (command, text, hover, enabled) in [
                (Command::First, "First", "First solution", back_on),
                (Command::Previous, "Previous", "Previous solution", back_on),
                (Command::Next, "Next", "Next solution", on),
                (Command::Last, "Last", "Last solution", to_final),
            ] {
                let mut button = ui.add_enabled(enabled, egui::Button::new(text));
                if command == Command::Last && !why.is_empty() {
                    button = button.on_disabled_hover_text(why.as_str());
                }
                if button
                    .on_hover_text(with_key(&ctx, hover, &command))
                    .clicked()
                {
                    commands.push(command);
                }
            }
        });
        // The slider spans the panel without a number box beside it: the headline says the
        // number, and a box as wide as the number would widen the panel as numbers grow.
        let response = ui
            .scope(|ui| {
                // Clear of the panel's scroll bar, which floats over the right edge.
                let clear = ui.spacing().scroll.bar_width;
                ui.spacing_mut().slider_width = (ui.available_width() - clear).max(60.0);
                slider(ui, &current, &last)
            })
            .inner;
        commands.extend(response.map(Command::GoTo));
        ui.horizontal(|ui| {
            let label = ui.label("Go to");
            // The field takes the row, less the Go button and the scroll bar's strip: room for
            // a number of a dozen digits and more (a longer one scrolls in the field).
            let go = button_width(ui, "Go") + ui.spacing().item_spacing.x;
            let width = ui.available_width() - go - ui.spacing().scroll.bar_width;
            let field = ui
                .add(egui::TextEdit::singleline(&mut self.jump).desired_width(width.max(60.0)))
                .labelled_by(label.id)
                .on_hover_text("A solution number, 1 for the first");
            if field.changed() {
                self.jump_drawn = false;
            }
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            if ui.button("Go").clicked() || enter {
                commands.push(Command::Typed);
            }
        });
        ui.horizontal(|ui| {
            // Every solution equally likely: once counted, any of them can be fetched.
            let counted = self.run.as_ref().is_some_and(|run| run.exact.is_some());
            if ui
                .add_enabled(
                    counted && *browsable > BigUint::from(1u32),
                    egui::Button::new("Random"),
                )
                .on_hover_text("A solution drawn at random, each as likely as any other")
                .on_disabled_hover_text(
                    "Available once the solutions are counted (the count line shows how far)",
                )
                .clicked()
            {
                commands.push(Command::Random);
            }
        });
        commands
    }
}

/// "Solution k of N" on one line however long its numbers: past
/// [`COMPACT_PAST`](crate::app::numbers::COMPACT_PAST) digits they
/// show as "9.41 × 10^107", and the whole line, every digit, is in the hover text and copied by
/// a click. A headline that wrapped to more lines as the count grew would move the buttons
/// below it away from the pointer.
fn headline_ui(ui: &mut Ui, full: &str) {
    let shown = compact(full);
    let response = ui
        .add(
            egui::Label::new(RichText::new(&shown).strong())
                .truncate()
                .sense(egui::Sense::click()),
        )
        .on_hover_text(format!("{full}\n(click to copy)"));
    if response.clicked() {
        ui.ctx().copy_text(full.to_string());
    }
}

/// Solutions up to this many get a slider with a step per solution; past it (where `f64`
/// misses integers) the slider gives a position along the count, as a fraction of the way.
const STEPPED: u64 = 1 << 52;

/// The slider through solutions 0..=`last`, at `current`; the solution it was dragged to.
fn slider(ui: &mut Ui, current: &BigUint, last: &BigUint) -> Option<BigUint> {
    let hover = "Drag through the solutions";
    let enabled = *last > BigUint::ZERO;
    match u64::try_from(last) {
        Ok(last) if last < STEPPED => {
            let mut number = u64::try_from(current).unwrap_or(last) + 1;
            // A lone solution's knob sits at the left end, not in the middle of a 1..=1 range.
            let slider = egui::Slider::new(&mut number, 1..=(last + 1).max(2))
                .show_value(false)
                .integer();
            let response = ui.add_enabled(enabled, slider).on_hover_text(hover);
            response.changed().then(|| BigUint::from(number - 1))
        }
        _ => {
            let mut at = fraction(current, last);
            let slider = egui::Slider::new(&mut at, 0.0..=1.0).show_value(false);
            let response = ui.add_enabled(enabled, slider).on_hover_text(hover);
            response.changed().then(|| along(last, at))
        }
    }
}

/// The solution `along` (0 to 1) of the way through 0..=`last`.
fn along(last: &BigUint, along: f64) -> BigUint {
    // last × along in integers: along to 52 bits, then scaled, so that 1 is exactly the last.
    let scaled = (along.clamp(0.0, 1.0) * STEPPED as f64).round() as u64;
    last * scaled / STEPPED
}

/// How far `k` is along 0..=`last`, from 0 to 1.
fn fraction(k: &BigUint, last: &BigUint) -> f64 {
    // Both to f64 with the same shift, so that neither overflows.
    let shift = last.bits().saturating_sub(60);
    let (k, last) = ((k >> shift).to_f64(), (last >> shift).to_f64());
    match (k, last) {
        (Some(k), Some(last)) if last > 0.0 => (k / last).clamp(0.0, 1.0),
        _ => 0.0,
    }
}

/// A size for people: "48 bytes", "12.5 kB", "21.0 MB".
fn bytes(n: u64) -> String {
    match n {
        0..1_000 => format!("{n} bytes"),
        1_000..1_000_000 => format!("{:.1} kB", n as f64 / 1e3),
        _ => format!("{:.1} MB", n as f64 / 1e6),
    }
}

/// "1,000,000", "1_000_000" and "1 000 000" all mean 1000000, however big; 0 is not a
/// solution number.
pub(super) fn parse_number(text: &str) -> Option<BigUint> {
    let digits: String = text
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | ' ' | '#'))
        .collect();
    digits.parse().ok().filter(|k| *k > BigUint::ZERO)
}

/// The width of a button showing `text`.
fn button_width(ui: &Ui, text: &str) -> f32 {
    let galley = egui::WidgetText::from(text).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Button,
    );
    galley.size().x + 2.0 * ui.spacing().button_padding.x
}

/// The panels' thin progress bar. egui rounds a bar's ends by half its height and draws its
/// fill at least that wide, so a run a thousandth of the way through showed a dot as wide as the
/// bar is high, which reads as nothing at all: square ends let the fill be as long as the
/// progress, and an empty bar has no fill.
pub(crate) fn thin_bar(done: f32) -> egui::ProgressBar {
    let bar = egui::ProgressBar::new(done)
        .desired_height(6.0)
        .corner_radius(1);
    if done > 0.0 {
        bar
    } else {
        bar.fill(egui::Color32::TRANSPARENT)
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use egui_kittest::Harness;
    use egui_kittest::kittest::{NodeT, Queryable};
    use num_bigint::BigUint;

    use crate::Pos;
    use crate::app::browse::{Browser, HUNG_AFTER};

    /// The exact count the designer's check found shows in the headline and the count line
    /// while the oracle counts again (before it has said anything); a count for another
    /// generation of the grid is not taken.
    #[test]
    fn the_checks_count_shows_while_the_oracle_counts_again() {
        let (grid, puzzle) = crate::app::browse::millions();
        let ctx = egui::Context::default();
        let mut browser = Browser::with_cap(64 << 10);
        browser.start(puzzle, &grid, 3, &ctx).unwrap();
        browser.learn_count(2, &BigUint::from(7u8));
        assert_eq!(browser.headline(), "Searching…");
        assert!(
            browser
                .run_lines()
                .exact
                .starts_with("Counting: no estimate yet ("),
            "{}",
            browser.run_lines().exact
        );
        browser.learn_count(3, &BigUint::from(3_048_192u32));
        assert_eq!(browser.headline(), "Solution 1 of 3,048,192");
        assert_eq!(
            browser.run_lines().exact,
            "Exact count: 3,048,192 · jumps: 0%"
        );
        browser.stop();
        assert_eq!(browser.run_lines().exact, "Exact count: 3,048,192");
    }

    #[test]
    fn sizes_read_in_the_unit_that_fits() {
        assert_eq!(super::bytes(6), "6 bytes");
        assert_eq!(super::bytes(12_500), "12.5 kB");
        assert_eq!(super::bytes(3_048_192 * 6), "18.3 MB");
    }

    /// Reaching the memory cap changes a line's words, not the number of lines: the paging
    /// controls stay where the pointer left them.
    #[test]
    fn the_memory_cap_does_not_move_the_controls() {
        let (grid, puzzle) = crate::app::browse::millions();
        let mut started = false;
        // Narrow enough that the warning is longer than a line (as in the app with a 500 MB cap)
        // and so is the state line at times.
        let mut harness = Harness::builder().with_size((240.0, 500.0)).build_ui_state(
            |ui, browser: &mut Browser| {
                if !started {
                    started = true;
                    browser.start(puzzle.clone(), &grid, 0, ui.ctx()).unwrap();
                }
                browser.logic(ui.ctx(), 0, &grid);
                browser.ui(ui, Pos::new(1, 1));
            },
            // Room for a few hundred thousand of millions.kakuro's three million solutions.
            Browser::with_cap(8 << 20),
        );
        let full = |b: &Browser| b.run.as_ref().is_some_and(|r| r.store.is_full());
        let deadline = Instant::now() + HUNG_AFTER;
        // Taken on the run's first frame: the count may turn the store to a window before the
        // first solution shows.
        harness.run_steps(1);
        let before = harness.get_by_label("Next").rect();
        while !full(harness.state()) {
            assert!(Instant::now() < deadline, "the run never passed the cap");
            std::thread::sleep(Duration::from_millis(5));
            harness.run_steps(1);
        }
        // The warning is on a line that was there, blank, before.
        // "once counted" while counting, or "others by number" once counted (the run stops there).
        let capped = harness.state().state() == Some(super::RunState::Capped);
        let warning = match capped {
            true => "Kept the first and latest: others by number",
            false => "Kept the first and latest: others by number once counted",
        };
        // Whole, not cut off at the panel's edge: its line is as wide as its text.
        for line in [
            warning,
            &harness
                .get_by_label_contains(" kept in ")
                .accesskit_node()
                .value()
                .unwrap(),
        ] {
            let font = egui::TextStyle::Small.resolve(&harness.ctx.global_style());
            let wide = harness.ctx.fonts_mut(|f| {
                f.layout_no_wrap(line.to_string(), font, egui::Color32::WHITE)
                    .size()
                    .x
            });
            let shown = harness.get_by_label(line).rect().width();
            assert!(shown + 0.5 >= wide, "{line:?} cut to {shown} of {wide}");
        }
        assert_eq!(harness.get_by_label("Next").rect(), before);
        harness.state_mut().stop();
    }

    #[test]
    fn solution_numbers_take_separators() {
        let big = |n: u64| Some(BigUint::from(n));
        assert_eq!(super::parse_number(" 1,000,000 "), big(1_000_000));
        assert_eq!(super::parse_number("#12_345"), big(12_345));
        // Past every integer type: counts can be.
        let huge = "123456789012345678901234567890";
        assert_eq!(super::parse_number(huge), huge.parse().ok());
        assert_eq!(super::parse_number("0"), None);
        assert_eq!(super::parse_number("ten"), None);
    }

    /// Past 2^52 solutions the slider is a fraction of the way: its ends are the first and the
    /// last solution, and the middle is the middle, however big the count.
    #[test]
    fn a_slider_along_a_huge_count_reaches_both_ends() {
        let last: BigUint = "123456789012345678901234567890".parse().unwrap();
        assert_eq!(super::fraction(&BigUint::ZERO, &last), 0.0);
        assert_eq!(super::fraction(&last, &last), 1.0);
        let half = super::fraction(&(&last / 2u32), &last);
        assert!((half - 0.5).abs() < 1e-12, "{half}");
        assert_eq!(super::along(&last, 0.0), BigUint::ZERO);
        assert_eq!(super::along(&last, 1.0), last);
        let middle = super::along(&last, 0.5);
        assert!(middle.clone() * 2u32 <= last && middle * 2u32 + 2u32 >= last);
    }
}
