//! How the app writes numbers for people: digits grouped in thousands however big, short
//! times, rates, and counts with their noun.

use num_bigint::BigUint;

/// A time under a second for the status line: "42 µs", "3.5 ms", "265 ms".
pub fn short_time(secs: f64) -> String {
    if secs < 1e-3 {
        format!("{:.0} µs", secs * 1e6)
    } else if secs < 0.01 {
        format!("{:.1} ms", secs * 1e3)
    } else {
        format!("{:.0} ms", secs * 1e3)
    }
}

/// A rate for the status line: "850/s", "12.5 k/s", "1.3 M/s".
pub fn per_second(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.1} M/s", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1} k/s", rate / 1e3)
    } else {
        format!("{rate:.0}/s")
    }
}

/// "1 solution", "2,048 solutions": a count with its noun.
pub fn solutions(n: u64) -> String {
    let noun = if n == 1 { "solution" } else { "solutions" };
    format!("{} {noun}", group(n))
}

/// 3048192 → "3,048,192".
pub fn group(n: u64) -> String {
    group_digits(&n.to_string())
}

/// A number however big, grouped: 3048192 → "3,048,192".
pub fn group_big(n: &BigUint) -> String {
    group_digits(&n.to_string())
}

/// A big number's size for people: "6.87 × 10^68" (three figures, rounded).
pub fn magnitude(n: &BigUint) -> String {
    let digits = n.to_string();
    let exponent = digits.len() - 1;
    // The first four digits, rounded to three: 9996… rounds up to the next power of ten.
    let lead: u32 = format!("{digits:0<4}")[..4].parse().unwrap_or(0);
    let (figures, exponent) = match (lead + 5) / 10 {
        1000 => (100, exponent + 1),
        f => (f, exponent),
    };
    format!("{}.{:02} × 10^{exponent}", figures / 100, figures % 100)
}

/// Numbers longer than this many digits are written in the compact form in a line of text.
pub const COMPACT_PAST: usize = 15;

/// `text` with every number of more than [`COMPACT_PAST`] digits (grouped "1,234,…" or not)
/// written in the compact form, "9.41 × 10^107": a line that names a count of a hundred digits
/// stays one line. Shorter numbers and the rest of the text are kept as they are.
pub fn compact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        out.push_str(&rest[..start]);
        let tail = &rest[start..];
        // Digits, and commas between digits.
        let mut end = 0;
        for (i, c) in tail.char_indices() {
            let between = c == ',' && tail[i + 1..].starts_with(|c: char| c.is_ascii_digit());
            if c.is_ascii_digit() || (between && end == i) {
                end = i + 1;
            } else {
                break;
            }
        }
        let number = &tail[..end];
        let digits: String = number.chars().filter(char::is_ascii_digit).collect();
        match digits.parse::<BigUint>() {
            Ok(n) if digits.len() > COMPACT_PAST => out.push_str(&magnitude(&n)),
            _ => out.push_str(number),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// "3048192" → "3,048,192" (a number's decimal digits, however big).
fn group_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_take_the_right_noun() {
        assert_eq!(super::solutions(1), "1 solution");
        assert_eq!(super::solutions(0), "0 solutions");
        assert_eq!(super::solutions(3_048_192), "3,048,192 solutions");
        assert_eq!(super::short_time(42e-6), "42 µs");
        assert_eq!(super::short_time(3.54e-3), "3.5 ms");
        assert_eq!(super::short_time(0.265), "265 ms");
        assert_eq!(super::per_second(850.4), "850/s");
        assert_eq!(super::per_second(12_540.0), "12.5 k/s");
        assert_eq!(super::per_second(1_330_000.0), "1.3 M/s");
    }

    #[test]
    fn big_numbers_have_a_size_people_can_read() {
        let big = |s: &str| super::magnitude(&s.parse().unwrap());
        assert_eq!(big("1237940039285380274899124224"), "1.24 × 10^27");
        assert_eq!(big("99960000000000000000"), "1.00 × 10^20");
        assert_eq!(big("99940000000000000000"), "9.99 × 10^19");
        assert_eq!(big("10000000000000000"), "1.00 × 10^16");
        assert_eq!(big("7"), "7.00 × 10^0");
    }

    #[test]
    fn long_numbers_in_a_line_take_the_compact_form() {
        let count = "9".repeat(15);
        let line = format!(
            "Solution 1 of {}",
            super::group_big(&count.parse().unwrap())
        );
        assert_eq!(super::compact(&line), line, "15 digits stay whole");
        let huge: num_bigint::BigUint = format!("941{}", "2".repeat(105)).parse().unwrap();
        let line = format!("Solution 12,345 of {}", super::group_big(&huge));
        assert_eq!(super::compact(&line), "Solution 12,345 of 9.41 × 10^107");
        assert_eq!(
            super::compact("Fetching solution 1234567890123456789 for 3 s…"),
            "Fetching solution 1.23 × 10^18 for 3 s…"
        );
        assert_eq!(super::compact("1, 2, 3 and r3c4"), "1, 2, 3 and r3c4");
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(super::group(3048192), "3,048,192");
        assert_eq!(super::group(999), "999");
        assert_eq!(super::group(1000), "1,000");
        assert_eq!(super::group(0), "0");
    }
}
