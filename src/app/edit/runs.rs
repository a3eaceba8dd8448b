//! The digit sets a run can take, for the designer's hints ("17 in 2: {8 9}").

use crate::{Clue, Direction, Grid, Pos, Segment};

/// Every set of `len` different digits 1–9 adding up to `sum`, as 9-bit masks (bit d-1 for
/// digit d), smallest digits first.
pub fn digit_sets(len: usize, sum: u32) -> Vec<u16> {
    let mut sets: Vec<u16> = (1u16..512)
        .filter(|m| m.count_ones() as usize == len && mask_sum(*m) == sum)
        .collect();
    sets.sort_by_key(|m| std::cmp::Reverse(m.reverse_bits()));
    sets
}

fn mask_sum(mask: u16) -> u32 {
    (1..=9).filter(|d| mask & (1 << (d - 1)) != 0).sum()
}

/// A set written as the designer reads it: `{8 9}`.
pub fn set_text(mask: u16) -> String {
    let digits: Vec<String> = (1..=9)
        .filter(|d| mask & (1 << (d - 1)) != 0)
        .map(|d: u32| d.to_string())
        .collect();
    format!("{{{}}}", digits.join(" "))
}

/// The hint for a run of `len` cells with `clue`: "17 in 2: {8 9}", or why there is none.
pub fn hint(len: usize, clue: Option<Clue>) -> String {
    match clue {
        None if len == 1 => "no sum in 1: any digit".into(),
        None => format!("no sum in {len}: any {len} different digits"),
        Some(Clue::Cipher(c)) => format!("{} in {len}: a cryptic sum", Clue::Cipher(c)),
        Some(Clue::Sum(sum)) => {
            let sets = digit_sets(len, u32::from(sum));
            if sets.is_empty() {
                format!("{sum} in {len}: impossible")
            } else {
                let text: Vec<String> = sets.into_iter().map(set_text).collect();
                format!("{sum} in {len}: {}", text.join(" "))
            }
        }
    }
}

/// A hint as the panel shows it: the spaces inside each set do not break, so that a narrow panel
/// wraps the list between sets ("{1 9} {2 8}"), never in the middle of one.
pub fn unbroken_sets(hint: &str) -> String {
    let mut depth = 0u32;
    hint.chars()
        .map(|c| {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if c == ' ' && depth > 0 { '\u{a0}' } else { c }
        })
        .collect()
}

/// The run of white cells the wall at `wall` starts in `dir`, if any.
pub fn run_after(grid: &Grid, wall: Pos, dir: Direction) -> Option<Segment> {
    let start = wall.step(dir);
    if grid.is_white(wall) || !grid.is_white(start) {
        return None;
    }
    let len = std::iter::successors(Some(start), |p| Some(p.step(dir)))
        .take_while(|p| grid.is_white(*p))
        .count();
    Some(Segment {
        dir,
        start,
        len,
        wall: Some(wall),
        clue: grid.get(wall).clue(dir),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wrapped to a width a few sets wide, every row of the hint holds whole sets.
    #[test]
    fn a_wrapped_hint_breaks_between_sets() {
        let text = unbroken_sets(&hint(4, Some(Clue::Sum(20))));
        let ctx = egui::Context::default();
        // One frame, for the fonts; its textures are not drawn anywhere.
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let galley = ctx.fonts_mut(|f| {
            f.layout(
                text,
                egui::FontId::monospace(12.0),
                egui::Color32::WHITE,
                130.0,
            )
        });
        assert!(galley.rows.len() > 2, "the hint wraps");
        for row in &galley.rows {
            let row: String = row.glyphs.iter().map(|g| g.chr).collect();
            assert_eq!(
                row.matches('{').count(),
                row.matches('}').count(),
                "{row:?}"
            );
        }
    }

    #[test]
    fn sets_match_the_classic_tables() {
        assert_eq!(hint(2, Some(Clue::Sum(17))), "17 in 2: {8 9}");
        assert_eq!(hint(3, Some(Clue::Sum(7))), "7 in 3: {1 2 4}");
        assert_eq!(
            hint(2, Some(Clue::Sum(10))),
            "10 in 2: {1 9} {2 8} {3 7} {4 6}"
        );
        assert_eq!(hint(2, Some(Clue::Sum(18))), "18 in 2: impossible");
        assert_eq!(hint(1, None), "no sum in 1: any digit");
        assert_eq!(hint(4, None), "no sum in 4: any 4 different digits");
        assert_eq!(digit_sets(9, 45).len(), 1);
        // The largest number of sets for any (length, sum) is 12.
        let most = (1..=9)
            .flat_map(|len| (1..=45).map(move |s| digit_sets(len, s).len()))
            .max();
        assert_eq!(most, Some(12));
    }
}
