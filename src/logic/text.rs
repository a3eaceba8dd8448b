//! The plain-English sentences of steps: positions as `r4c2` (1-based), runs as "23 in 3
//! across at r4c2", digit sets as `{6 8 9}`.

use crate::puzzle::{CellId, Puzzle, RunId};
use crate::solve::combos::Mask;

use super::chain::{Because, End, Link};
use super::step::{BoundCut, SetFault, Step, Why};

/// A cell's position as people write it: `r4c2`.
pub fn cell_name(puzzle: &Puzzle, cell: CellId) -> String {
    puzzle.cell(cell).pos.to_string()
}

/// A run by its clue, length, direction and first cell: "23 in 3 across at r4c2" ("the across
/// run at r4c2" when it has no number for a sum).
pub fn run_name(puzzle: &Puzzle, run: RunId) -> String {
    let r = puzzle.run(run);
    let at = r
        .cells
        .first()
        .map(|&c| cell_name(puzzle, c))
        .unwrap_or_default();
    match r.sum() {
        Some(sum) => format!("{sum} in {} {} at {at}", r.len(), r.dir),
        None => format!("the {} run at {at}", r.dir),
    }
}

/// The digits of a mask in order.
pub(crate) fn digits(mask: Mask) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| mask & 1 << d != 0)
}

/// A digit set in braces: `{6 8 9}`.
pub fn set_text(mask: Mask) -> String {
    format!("{{{}}}", list(mask))
}

/// Digits separated by spaces: `6 8 9`.
pub fn list(mask: Mask) -> String {
    digits(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Digits as a reader takes them in: "7", "1 or 2", "1, 2 or 5".
fn or_list(mask: Mask) -> String {
    words(digits(mask).map(|d| d.to_string()).collect(), "or")
}

/// Items joined as in a sentence: "a", "a and b", "a, b and c".
fn words(items: Vec<String>, last: &str) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {last} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn cells_text(puzzle: &Puzzle, cells: &[CellId]) -> String {
    words(cells.iter().map(|&c| cell_name(puzzle, c)).collect(), "and")
}

/// "r3c4 loses 1 2 and r3c5 loses 9" (cells losing the same digits together: "r3c4 and r3c5
/// lose 1 2"): what the step's eliminations take.
fn losses(puzzle: &Puzzle, step: &Step) -> String {
    let mut groups: Vec<(Mask, Vec<CellId>)> = Vec::new();
    for &(c, m) in &step.eliminations {
        match groups.iter_mut().find(|(g, _)| *g == m) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((m, vec![c])),
        }
    }
    words(
        groups
            .iter()
            .map(|(m, cells)| {
                let verb = if cells.len() == 1 { "loses" } else { "lose" };
                format!("{} {verb} {}", cells_text(puzzle, cells), list(*m))
            })
            .collect(),
        "and",
    )
}

impl Step {
    /// The plain-English sentence, e.g. "r4c2 = 9: 23 in 3 across at r4c2 needs 9, and only
    /// r4c2 can take it".
    pub fn text(&self, puzzle: &Puzzle) -> String {
        let cell = |c: CellId| cell_name(puzzle, c);
        let run = |r: RunId| run_name(puzzle, r);
        match &self.why {
            Why::UniqueCombination {
                run: r,
                set,
                placed,
            } => {
                let mut text = if *placed == 0 {
                    format!("{} is always {}", run(*r), set_text(*set))
                } else {
                    format!(
                        "with {} placed, {} can only be {}",
                        words(digits_vec(*placed), "and"),
                        run(*r),
                        set_text(*set)
                    )
                };
                if !self.eliminations.is_empty() {
                    text += &format!(", so {}", losses(puzzle, self));
                }
                text
            }
            Why::CrossReference { cell: c, allowed } => {
                let parts: Vec<String> = allowed
                    .iter()
                    .map(|&(r, m)| format!("{} allows {}", run(r), list(m)))
                    .collect();
                format!(
                    "{} keeps only digits both its runs allow ({}), so it loses {}",
                    cell(*c),
                    words(parts, "and"),
                    self.eliminations
                        .first()
                        .map(|&(_, m)| list(m))
                        .unwrap_or_default()
                )
            }
            Why::NoRepeats { cell: c, digit } => {
                let others: Vec<CellId> = self.eliminations.iter().map(|&(c, _)| c).collect();
                format!(
                    "{} is {digit}, so no other cell of its runs can be {digit}: {} {} it",
                    cell(*c),
                    cells_text(puzzle, &others),
                    if others.len() == 1 { "loses" } else { "lose" }
                )
            }
            Why::LastCell {
                run: r,
                cell: c,
                digit,
            } => {
                let sum = puzzle.run(*r).sum().unwrap_or(0);
                format!(
                    "{} = {digit}: it is the last open cell of {}, and {sum} minus the placed \
                     digits leaves {digit}",
                    cell(*c),
                    run(*r)
                )
            }
            Why::NakedSingle { cell: c, digit } => {
                format!("{} = {digit}: it is the only candidate left", cell(*c))
            }
            Why::HiddenSingle {
                run: r,
                cell: c,
                digit,
            } => format!(
                "{} = {digit}: {} needs {digit} (every digit set left has it), and only {} can \
                 take it",
                cell(*c),
                run(*r),
                cell(*c)
            ),
            Why::CombinationElimination {
                run: r,
                struck,
                left,
            } => {
                let reasons: Vec<String> = struck
                    .iter()
                    .map(|&(set, fault)| {
                        format!("{} ({})", set_text(set), fault_text(puzzle, fault))
                    })
                    .collect();
                let left = words(left.iter().map(|&s| set_text(s)).collect(), "or");
                let mut text = format!(
                    "{} cannot be {}; it is {left}",
                    run(*r),
                    words(reasons, "or")
                );
                if !self.eliminations.is_empty() {
                    text += &format!(", so {}", losses(puzzle, self));
                }
                text
            }
            Why::SumBounds {
                run: r,
                remaining,
                cuts,
            } => {
                let parts: Vec<String> = cuts.iter().map(|b| bound_text(puzzle, b)).collect();
                format!(
                    "the open cells of {} add up to {remaining}: {}",
                    run(*r),
                    words(parts, "and")
                )
            }
            Why::TwoCellComplement {
                run: r,
                cells,
                total,
            } => format!(
                "{} and {} add up to {total} ({}), so each digit needs {total} minus it in the \
                 other cell: {}",
                cell(cells[0]),
                cell(cells[1]),
                run(*r),
                losses(puzzle, self)
            ),
            Why::NakedSubset {
                run: r,
                cells,
                digits,
            } => format!(
                "{} can only hold {} between them, so the other cells of {} cannot: {}",
                cells_text(puzzle, cells),
                or_list(*digits),
                run(*r),
                losses(puzzle, self)
            ),
            Why::HiddenSubset {
                run: r,
                cells,
                digits,
            } => format!(
                "{} needs {} and only {} can take them, so those cells keep only them: {}",
                run(*r),
                words(digits_vec(*digits), "and"),
                cells_text(puzzle, cells),
                losses(puzzle, self)
            ),
            Why::AreaSum {
                across,
                down,
                plus,
                minus,
                difference,
            } => {
                let a: u32 = across
                    .iter()
                    .filter_map(|&r| puzzle.run(r).sum())
                    .map(u32::from)
                    .sum();
                let d: u32 = down
                    .iter()
                    .filter_map(|&r| puzzle.run(r).sum())
                    .map(u32::from)
                    .sum();
                let outlets = match (plus.as_slice(), minus.as_slice()) {
                    ([p], []) => format!("{} = {difference}", cell(*p)),
                    ([], [m]) => format!("{} = {}", cell(*m), -difference),
                    ([p, q], []) => format!("{} + {} = {difference}", cell(*p), cell(*q)),
                    ([], [p, q]) => format!("{} + {} = {}", cell(*p), cell(*q), -difference),
                    ([p], [m]) => format!("{} − {} = {difference}", cell(*p), cell(*m)),
                    _ => format!("the outlets differ by {difference}"),
                };
                let mut text = format!(
                    "the area of {} across runs and {} down runs (from {} to {}) has across clues \
                     adding up to {a} and down clues to {d}; with the placed digits, {outlets}",
                    across.len(),
                    down.len(),
                    across.first().map(|&r| run(r)).unwrap_or_default(),
                    across.last().map(|&r| run(r)).unwrap_or_default(),
                );
                if !self.eliminations.is_empty() {
                    text += &format!(", so {}", losses(puzzle, self));
                }
                text
            }
            Why::PermutationLogic { run: r, sets } => format!(
                "however the {} {} of {} {} arranged in its cells, {}",
                sets,
                if *sets == 1 {
                    "digit set"
                } else {
                    "digit sets"
                },
                run(*r),
                if *sets == 1 { "is" } else { "are" },
                losses(puzzle, self)
            ),
            Why::CrossRunSubset { digit, base, cover } => format!(
                "{} and {} both need {digit}, and can take it only where they cross {} and {}, \
                 so each of those holds its {digit} there: {}",
                run(base[0]),
                run(base[1]),
                run(cover[0]),
                run(cover[1]),
                losses(puzzle, self)
            ),
            Why::DomainShaving {
                cell: c,
                digit,
                failed,
                through,
            } => {
                let via = through
                    .map(|t| format!(" through {}", cell(t)))
                    .unwrap_or_default();
                format!(
                    "if {} were {digit}, {} could not be completed{via}, so {} is not {digit}",
                    cell(*c),
                    run(*failed),
                    cell(*c)
                )
            }
            Why::Chain { links, end } | Why::Trial { links, end } => {
                let start = links[0];
                let then = then_text(puzzle, &links[1..], ", and");
                let chain = if matches!(self.why, Why::Chain { .. }) {
                    format!(" (a chain of {} links)", links.len())
                } else {
                    String::new()
                };
                let (supposed, so) = if start.because == Because::Denied {
                    ("not ", "=")
                } else {
                    ("", "is not")
                };
                format!(
                    "if {} were {supposed}{},{then} {}, so {} {so} {}{chain}",
                    cell(start.cell),
                    start.digit,
                    end_text(puzzle, *end),
                    cell(start.cell),
                    start.digit
                )
            }
            Why::EitherOr { links } => {
                let (start, last) = (links[0], links[links.len() - 1]);
                let then = then_text(puzzle, &links[1..], "");
                let losers: Vec<CellId> = self.eliminations.iter().map(|&(c, _)| c).collect();
                let (share, are) = if losers.len() == 1 {
                    ("shares", "is")
                } else {
                    ("share", "are")
                };
                format!(
                    "if {} were not {d},{then}: either {} or {} is {d}, so {}, which {share} a \
                     run with both, {are} not {d} (a chain of {} links)",
                    cell(start.cell),
                    cell(start.cell),
                    cell(last.cell),
                    cells_text(puzzle, &losers),
                    links.len(),
                    d = start.digit,
                )
            }
        }
    }
}

/// The links after a chain's start, in words: " then r2c3 = 4 and r2c5 = 1" and `tail`, or
/// nothing when there are none.
fn then_text(puzzle: &Puzzle, links: &[Link], tail: &str) -> String {
    if links.is_empty() {
        return String::new();
    }
    let then: Vec<String> = links
        .iter()
        .map(|l| format!("{} = {}", cell_name(puzzle, l.cell), l.digit))
        .collect();
    format!(" then {}{tail}", words(then, "and"))
}

/// Where a chain breaks, in words: "r5c6 would have no digit left".
pub(crate) fn end_text(puzzle: &Puzzle, end: End) -> String {
    match end {
        End::NoDigit(c) => format!("{} would have no digit left", cell_name(puzzle, c)),
        End::NoWay(r) => format!("{} would have no digit set left", run_name(puzzle, r)),
    }
}

impl Link {
    /// The link as one line of a chain: "r6c12 = 3: the only digit its runs leave it" ("r6c12
    /// is not 3: assumed" for a denied start).
    pub fn text(&self, puzzle: &Puzzle) -> String {
        if self.because == Because::Denied {
            return format!(
                "{} is not {}: assumed",
                cell_name(puzzle, self.cell),
                self.digit
            );
        }
        format!(
            "{} = {}: {}",
            cell_name(puzzle, self.cell),
            self.digit,
            self.reason(puzzle)
        )
    }

    /// Why the link holds, in words: "the only place for 7 in 34 in 7 down at r5c15".
    pub fn reason(&self, puzzle: &Puzzle) -> String {
        match self.because {
            Because::Assumed => "assumed".to_string(),
            Because::Denied => "assumed absent".to_string(),
            Because::OnlyDigit => "the only digit its runs leave it".to_string(),
            Because::OnlyPlace(r) => format!(
                "the only place for {} in {}",
                self.digit,
                run_name(puzzle, r)
            ),
            Because::OnlyWay(r) => format!("the only way to make {}", run_name(puzzle, r)),
            Because::Follows => "what its runs' digit sets leave".to_string(),
        }
    }
}

fn digits_vec(mask: Mask) -> Vec<String> {
    digits(mask).map(|d| d.to_string()).collect()
}

fn fault_text(puzzle: &Puzzle, fault: SetFault) -> String {
    match fault {
        SetFault::Placed(c, d) => format!("{} is {d}", cell_name(puzzle, c)),
        SetFault::Homeless(d) => format!("no cell can take {d}"),
        SetFault::Empty(c) => format!("{} can take none of it", cell_name(puzzle, c)),
        SetFault::Crowded => "its digits do not fit the cells".into(),
    }
}

fn bound_text(puzzle: &Puzzle, b: &BoundCut) -> String {
    let mut parts = Vec::new();
    if b.low != 0 {
        parts.push(format!(
            "{} cannot be {} (the others reach at most {})",
            cell_name(puzzle, b.cell),
            or_list(b.low),
            b.most
        ));
    }
    if b.high != 0 {
        parts.push(format!(
            "{} cannot be {} (the others need at least {})",
            cell_name(puzzle, b.cell),
            or_list(b.high),
            b.least
        ));
    }
    words(parts, "and")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_lists_read_as_written() {
        assert_eq!(set_text(0b11_0100_0000), "{6 8 9}");
        assert_eq!(or_list(0b110), "1 or 2");
        assert_eq!(or_list(0b1110), "1, 2 or 3");
        assert_eq!(words(vec!["a".into()], "and"), "a");
    }
}
