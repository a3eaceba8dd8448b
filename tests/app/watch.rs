//! Watch mode: single steps, pause, full speed, and cancelling like a normal run.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::harness::{app_with, group, puzzle};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kakuro::app::{KakuroApp, WatchSummary};
use kakuro::solve::{CancelToken, Outcome, Solver, Stats};
use kakuro::{Puzzle, format};

fn summary(h: &Harness<'_, KakuroApp>) -> WatchSummary {
    h.state().watch_summary().expect("watch mode is open")
}

/// Steps the app until `done` holds for the watch summary.
fn wait_until(h: &mut Harness<'_, KakuroApp>, what: &str, done: impl Fn(&WatchSummary) -> bool) {
    for _ in 0..4000 {
        h.run_steps(1);
        if h.state().watch_summary().as_ref().is_some_and(&done) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("timed out waiting for {what}");
}

fn solution_count(name: &str) -> u64 {
    let text = std::fs::read_to_string(puzzle(name)).unwrap();
    let doc = format::parse(&text, format::Format::Kakuro)
        .unwrap()
        .document;
    let p = Puzzle::from_grid(&doc.grid).unwrap();
    let mut count = 0;
    let _ = Solver::new(&p).for_each(|_| {
        count += 1;
        ControlFlow::Continue(())
    });
    count
}

/// What the board shows of a step: candidates, the cell tried, the event and the depth.
fn board(s: &WatchSummary) -> (Vec<u16>, Option<(kakuro::Pos, u8)>, &'static str, usize) {
    (s.candidates.clone(), s.trying, s.step, s.depth)
}

#[test]
fn single_steps_change_the_board_each_step() {
    let mut h = app_with(puzzle("two.kakuro"));
    assert!(h.state().watch_summary().is_none());
    h.key_press(Key::F8);
    wait_until(&mut h, "the first step", |s| s.steps >= 1);
    // The first F8 shows one step and the search waits there.
    std::thread::sleep(Duration::from_millis(200));
    h.run_steps(2);
    let mut last = summary(&h);
    assert_eq!(last.steps, 1, "{last:?}");
    assert!(last.running);
    let mut steps = 0;
    let mut decisions = 0;
    while last.end.is_none() {
        h.key_press(Key::F8);
        let before = last.steps;
        wait_until(&mut h, "the next step", |s| s.steps > before);
        let now = summary(&h);
        // One permit, one step: the worker waits at the next.
        assert_eq!(now.steps, before + 1, "{now:?}");
        if now.end.is_none() {
            assert_ne!(
                board(&now),
                board(&last),
                "step {} showed nothing new",
                now.steps
            );
        }
        decisions += usize::from(now.step == "trying a digit");
        steps += 1;
        assert!(steps < 500, "the search of a small puzzle did not end");
        last = now;
    }
    assert_eq!(last.end, Some(Ok(Outcome::Complete)));
    assert_eq!(last.stats.solutions, 2);
    assert!(decisions >= 1, "two solutions need a guess");
    assert!(steps >= 4, "only {steps} steps");
    // The board shows the search: a white cell with pencil marks or a decided digit.
    assert!(last.candidates.iter().all(|&c| c != 0));
}

#[test]
fn pause_stops_changes_and_resume_goes_on() {
    let mut h = app_with(puzzle("millions.kakuro"));
    h.state_mut().set_watch_speed(Some(60.0));
    h.get_by_label("Watch").click();
    h.run_steps(1);
    wait_until(&mut h, "a few steps", |s| s.steps >= 5);
    h.get_by_label("Pause").click();
    h.run_steps(1);
    // At most the step in progress is shown after the pause.
    std::thread::sleep(Duration::from_millis(100));
    h.run_steps(1);
    let paused = summary(&h);
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(15));
        h.run_steps(1);
    }
    assert_eq!(summary(&h), paused);
    assert!(paused.running);
    h.get_by_label("Resume").click();
    wait_until(&mut h, "steps after resuming", |s| {
        s.steps > paused.steps + 2
    });
    // Esc stops it like a normal run; the last view stays.
    h.key_press(Key::Escape);
    h.run_steps(1);
    let stopped = summary(&h);
    assert!(!stopped.running);
    assert_eq!(h.state().status_message(), "Watch stopped");
}

#[test]
fn full_speed_finds_every_solution() {
    let expected = solution_count("millions.kakuro");
    let mut h = app_with(puzzle("millions.kakuro"));
    h.state_mut().set_watch_speed(None);
    h.key_press(Key::F6);
    wait_until(&mut h, "the end of the search", |s| s.end.is_some());
    let end = summary(&h);
    assert_eq!(end.end, Some(Ok(Outcome::Complete)));
    assert_eq!(end.stats.solutions, expected);
    assert_eq!(
        h.state().status_message(),
        format!("Watch finished: {} solutions", group(expected))
    );
    // F6 again leaves watch mode.
    h.key_press(Key::F6);
    h.run_steps(1);
    assert!(h.state().watch_summary().is_none());
}

#[test]
fn an_edit_ends_the_watch_and_solve_replaces_it() {
    let mut h = app_with(puzzle("millions.kakuro"));
    h.state_mut().set_watch_speed(Some(1.0));
    h.key_press(Key::F6);
    h.run_steps(2);
    assert!(summary(&h).running);
    // Solve takes the board back from the watch.
    h.key_press(Key::F5);
    h.run_steps(1);
    assert!(h.state().watch_summary().is_none());
    h.key_press(Key::Escape);
    h.run_steps(1);
    h.key_press(Key::F6);
    h.run_steps(2);
    assert!(summary(&h).running);
    // Clicking a white cell (draw tool) turns it into a wall: the search is of another puzzle.
    h.get_by_label("Draw").click();
    h.run_steps(1);
    h.get_by_label("r2c2, white cell").click();
    h.run_steps(2);
    assert!(h.state().watch_summary().is_none());
}

/// The plain engine on a background thread while the UI thread builds idle frames every 16 ms
/// (the same load on the machine as a watched run), cancelled after `limit`.
fn unwatched(p: &Puzzle, h: &mut Harness<'_, KakuroApp>, limit: Duration) -> Stats {
    let cancel = CancelToken::new();
    let token = cancel.clone();
    let p = p.clone();
    // A worker thread like the app's own (as urgent as the watcher's), so that the two runs
    // compete with the UI thread on the same terms.
    let worker = kakuro::app::background::spawn("unwatched", move || {
        let mut solver = Solver::new(&p).with_cancel(token);
        let _ = solver.for_each(|_| ControlFlow::Continue(()));
        solver.stats()
    })
    .unwrap();
    let started = Instant::now();
    while !worker.is_finished() {
        if started.elapsed() >= limit {
            cancel.cancel();
        }
        h.step();
        std::thread::sleep(Duration::from_millis(16));
    }
    worker.join().unwrap()
}

/// The same search watched at full speed in the app, stopped after `limit`.
fn watched(h: &mut Harness<'_, KakuroApp>, limit: Duration) -> Stats {
    h.state_mut().set_watch_speed(None);
    h.state_mut().watch();
    let started = Instant::now();
    while h.state().watch_summary().is_none_or(|s| s.end.is_none()) {
        if started.elapsed() >= limit {
            h.state_mut().stop_watching();
            break;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(16));
    }
    let stats = summary(h).stats;
    h.state_mut().close_watch();
    stats
}

/// Benchmark, not a check of speed: search speed watched at full speed against unwatched, both
/// with the UI thread building frames: `millions.kakuro` (every solution; mostly replays of
/// cached parts), `enum-blocks.kakuro` (8^9 solutions, 3 s of them) and a generated 30×30 grid
/// whose search thrashes (nodes in 3 s). Rounds alternate which run goes first; the median
/// ratio is the figure.
/// `cargo test --release --test app -- --ignored --nocapture watch_speed`
#[test]
#[ignore]
fn watch_speed() {
    let dir = std::env::temp_dir().join(format!("kakuro-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let thrash = dir.join("thrash.kakuro");
    let grid = kakuro::solve::generate::random_grid(30, 30, 0.35, 2);
    format::save(&thrash, &format::Document::new(grid)).unwrap();
    for (path, limit) in [
        (puzzle("millions.kakuro"), Duration::from_secs(60)),
        (puzzle("enum-blocks.kakuro"), Duration::from_secs(3)),
        (thrash, Duration::from_secs(3)),
    ] {
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = format::parse(&text, format::Format::Kakuro)
            .unwrap()
            .document;
        let p = Puzzle::from_grid(&doc.grid).unwrap();
        let mut h = app_with(path.clone());
        let rate =
            |s: &Stats| (s.nodes.max(1) as f64 + s.solutions as f64) / s.elapsed.as_secs_f64();
        let mut ratios = Vec::new();
        for round in 0..6 {
            let (plain, seen) = if round % 2 == 0 {
                let plain = unwatched(&p, &mut h, limit);
                (plain, watched(&mut h, limit))
            } else {
                let seen = watched(&mut h, limit);
                (unwatched(&p, &mut h, limit), seen)
            };
            let ratio = 100.0 * rate(&seen) / rate(&plain);
            println!(
                "{} round {round}: unwatched {} nodes {} solutions in {:?}; watched {} nodes {} \
                 solutions in {:?}: {ratio:.1}% of the unwatched speed",
                path.file_name().unwrap().to_string_lossy(),
                plain.nodes,
                plain.solutions,
                plain.elapsed,
                seen.nodes,
                seen.solutions,
                seen.elapsed,
            );
            ratios.push(ratio);
        }
        ratios.sort_by(f64::total_cmp);
        println!(
            "{}: median {:.1}% of the unwatched speed (range {:.1}–{:.1}%)",
            path.file_name().unwrap().to_string_lossy(),
            (ratios[2] + ratios[3]) / 2.0,
            ratios[0],
            ratios[5]
        );
    }
}

/// Whether the widget labelled `label` is greyed out.
fn disabled(h: &Harness<'_, KakuroApp>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

/// Every text the app shows, one per label (AccessKit keeps a label's text as its value).
fn texts(h: &Harness<'_, KakuroApp>) -> Vec<String> {
    h.query_all_by_role(egui::accesskit::Role::Label)
        .filter_map(|n| n.accesskit_node().value())
        .collect()
}

/// The watch panel's counters line ("12 nodes · 3 guesses · … · 0.4 s"), not the colour
/// legend below it, which names backtracks too.
fn counters(h: &Harness<'_, KakuroApp>) -> String {
    texts(h)
        .into_iter()
        .find(|t| t.contains("backtrack") && t.ends_with(" s"))
        .expect("the watch panel shows its counters")
}

/// The seconds at the end of the counters line.
fn seconds(line: &str) -> f64 {
    let (_, last) = line.rsplit_once(" · ").unwrap();
    last.trim_end_matches(" s").parse().unwrap()
}

/// "1 solution", "2 solutions" and so on for every counted word of every text shown.
fn assert_agreement(h: &Harness<'_, KakuroApp>) {
    let nouns = [
        ("solution", "solutions"),
        ("node", "nodes"),
        ("guess", "guesses"),
        ("backtrack", "backtracks"),
        ("step", "steps"),
    ];
    for text in texts(h) {
        let words: Vec<&str> = text.split_whitespace().collect();
        for pair in words.windows(2) {
            let Ok(n) = pair[0].replace(',', "").parse::<u64>() else {
                continue;
            };
            let word = pair[1].trim_end_matches([',', '.', ':', ';']);
            for (one, many) in nouns {
                if word == one || word == many {
                    let right = if n == 1 { one } else { many };
                    assert_eq!(word, right, "in {text:?}");
                }
            }
        }
    }
}

#[test]
fn a_finished_watch_says_so_and_closes_back_to_the_plain_board() {
    let mut h = app_with(puzzle("two.kakuro"));
    h.state_mut().set_watch_speed(None);
    h.key_press(Key::F6);
    wait_until(&mut h, "the end of the search", |s| s.end.is_some());
    h.run_steps(2);
    let end = summary(&h);
    assert_eq!(end.end, Some(Ok(Outcome::Complete)));
    let finished = format!("Finished: 2 solutions, {} nodes", group(end.stats.nodes));
    assert!(h.query_by_label(&finished).is_some(), "{:?}", texts(&h));
    // Nothing is left to pause or step; the one way out is Close (or Esc, or F6).
    assert!(disabled(&h, "Pause"));
    assert!(disabled(&h, "Step"));
    assert!(!disabled(&h, "Close"));
    assert!(h.query_by_label("Stop watching").is_none());
    // F8 and F7 do what their greyed-out buttons do: nothing.
    h.key_press(Key::F8);
    h.key_press(Key::F7);
    h.run_steps(3);
    std::thread::sleep(Duration::from_millis(50));
    h.run_steps(2);
    assert_eq!(summary(&h), end, "F8 restarted a finished watch");
    // Esc leaves the finished watch: the plain board again.
    h.key_press(Key::Escape);
    h.run_steps(1);
    assert!(h.state().watch_summary().is_none());
    assert!(disabled(&h, "Stop watching"));
    assert!(!disabled(&h, "Step"));
    // And so does the Close button.
    h.key_press(Key::F6);
    wait_until(&mut h, "the end of the search", |s| s.end.is_some());
    h.run_steps(2);
    h.get_by_label("Close").click();
    h.run_steps(1);
    assert!(h.state().watch_summary().is_none());
}

#[test]
fn a_stopped_watch_says_so_and_esc_again_closes_it() {
    let mut h = app_with(puzzle("millions.kakuro"));
    h.state_mut().set_watch_speed(Some(1.0));
    h.key_press(Key::F6);
    h.run_steps(2);
    assert!(summary(&h).running);
    assert!(!disabled(&h, "Stop watching"));
    assert!(!disabled(&h, "Step"));
    // Esc stops the search; its last picture stays, and the panel says it stopped.
    h.key_press(Key::Escape);
    h.run_steps(2);
    let stopped = summary(&h);
    assert!(!stopped.running);
    assert!(
        texts(&h).iter().any(|t| t.starts_with("Stopped")),
        "{:?}",
        texts(&h)
    );
    assert!(disabled(&h, "Step"));
    assert!(!disabled(&h, "Close"));
    // A second Esc, like the button it now stands for, closes it.
    h.key_press(Key::Escape);
    h.run_steps(1);
    assert!(h.state().watch_summary().is_none());
}

#[test]
fn the_watch_panel_counts_in_singular_and_plural() {
    for (name, found) in [("tiny.kakuro", "1 solution"), ("two.kakuro", "2 solutions")] {
        let mut h = app_with(puzzle(name));
        h.state_mut().set_watch_speed(None);
        h.key_press(Key::F6);
        wait_until(&mut h, "the end of the search", |s| s.end.is_some());
        h.run_steps(2);
        assert!(counters(&h).contains(found), "{name}: {}", counters(&h));
        assert_agreement(&h);
        // And while a search is under way, one step at a time.
        h.key_press(Key::Escape);
        h.run_steps(1);
        h.key_press(Key::F8);
        wait_until(&mut h, "the first step", |s| s.steps >= 1);
        h.run_steps(2);
        assert_agreement(&h);
    }
}

#[test]
fn the_clock_stops_while_the_watch_is_paused() {
    let mut h = app_with(puzzle("millions.kakuro"));
    h.state_mut().set_watch_speed(Some(60.0));
    let started = Instant::now();
    h.key_press(Key::F6);
    wait_until(&mut h, "a few steps", |s| s.steps >= 5);
    h.key_press(Key::F7);
    h.run_steps(1);
    let paused = counters(&h);
    let pause = Duration::from_millis(800);
    let until = Instant::now() + pause;
    while Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        h.run_steps(1);
    }
    assert_eq!(counters(&h), paused, "the clock ran while paused");
    h.key_press(Key::F7);
    for _ in 0..20 {
        std::thread::sleep(Duration::from_millis(20));
        h.run_steps(1);
    }
    let resumed = seconds(&counters(&h));
    assert!(resumed > seconds(&paused), "the clock goes on after Resume");
    // Not counted: the pause (the 0.1 s is the display's rounding).
    let wall = started.elapsed().as_secs_f64();
    assert!(
        resumed <= wall - pause.as_secs_f64() + 0.1,
        "{resumed} s shown after {wall} s with {} s paused",
        pause.as_secs_f64()
    );
}

#[test]
fn pause_and_resume_keep_the_controls_in_place() {
    let mut h = app_with(puzzle("millions.kakuro"));
    h.state_mut().set_watch_speed(Some(1.0));
    let watch = |h: &Harness<'_, KakuroApp>| h.get_by_label("Watch").rect();
    h.key_press(Key::F6);
    h.run_steps(2);
    let (pause, panel) = (h.get_by_label("Pause").rect(), watch(&h));
    let stop = h.get_by_label("Stop watching").rect();
    h.key_press(Key::F7);
    h.run_steps(2);
    assert_eq!(h.get_by_label("Resume").rect(), pause);
    assert_eq!(watch(&h), panel, "the panel moved");
    h.key_press(Key::F7);
    h.run_steps(2);
    assert_eq!(h.get_by_label("Pause").rect(), pause);
    // Stop watching becomes Close in the same place.
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert_eq!(h.get_by_label("Close").rect(), stop);
    assert_eq!(watch(&h), panel, "the panel moved");
}

/// Stepping a paused watch one step at a time, the counters never go back.
#[test]
fn the_counters_never_go_back_while_stepping() {
    for name in [
        "wikipedia.kakuro",
        "expert.kakuro",
        "hard.kakuro",
        "watch-demo.kakuro",
    ] {
        let mut h = app_with(puzzle(name));
        h.key_press(Key::F8);
        wait_until(&mut h, "the first step", |s| s.steps >= 1);
        let mut last = summary(&h);
        for _ in 0..400 {
            if last.end.is_some() {
                break;
            }
            h.key_press(Key::F8);
            let before = last.steps;
            wait_until(&mut h, "the next step", |s| s.steps > before);
            let now = summary(&h);
            let (a, b) = (last.stats, now.stats);
            assert!(
                b.nodes >= a.nodes
                    && b.guesses >= a.guesses
                    && b.backtracks >= a.backtracks
                    && b.solutions >= a.solutions,
                "{name}, step {}: {a:?} then {b:?}",
                now.steps
            );
            last = now;
        }
    }
}

/// Esc typed to leave the speed field leaves the field; the watch goes on.
#[test]
fn esc_in_the_speed_field_leaves_the_field_not_the_watch() {
    let mut h = app_with(puzzle("millions.kakuro"));
    h.key_press(Key::F6);
    wait_until(&mut h, "a step", |s| s.steps >= 1);
    // A click on the slider's number edits it as text.
    h.get_by_role(egui::accesskit::Role::SpinButton).click();
    h.run_steps(2);
    assert!(h.ctx.text_edit_focused(), "the speed is being typed");
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(!h.ctx.text_edit_focused());
    assert!(summary(&h).running, "Esc stopped the watch");
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(!summary(&h).running, "a second Esc stops it");
}
