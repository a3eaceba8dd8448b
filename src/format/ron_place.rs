//! Places in a `.ron` save: where the strings of a list field are, found by ron's own reading,
//! so comments, raw strings and escapes count as ron counts them.

use std::cell::Cell;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, Visitor};

/// A 1-based line and column (in characters).
pub(crate) type Place = (usize, usize);

/// The line starts of a text, to turn byte offsets into places and back.
pub(crate) struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
    /// The last place found and its offset: places asked for in order along a long line are
    /// counted on from there, not from the line's start each time.
    last: Cell<(usize, Place)>,
}

impl<'a> Lines<'a> {
    /// Indexes the text's lines.
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines {
            text,
            starts,
            last: Cell::new((0, (1, 1))),
        }
    }

    /// The place of a byte offset (on a character boundary).
    pub(crate) fn place(&self, offset: usize) -> Place {
        let line = self.starts.partition_point(|&s| s <= offset);
        let (last, (last_line, last_col)) = self.last.get();
        let (from, col) = if last_line == line && last <= offset {
            (last, last_col)
        } else {
            (self.starts[line - 1], 1)
        };
        let col = col + self.text.get(from..offset).map_or(0, |s| s.chars().count());
        self.last.set((offset, (line, col)));
        (line, col)
    }

    /// The byte offset of a place, as ron reports places.
    fn offset(&self, line: usize, col: usize) -> Option<usize> {
        let start = *self.starts.get(line.checked_sub(1)?)?;
        let rest = self.text.get(start..)?;
        let skipped: usize = rest
            .chars()
            .take(col.checked_sub(1)?)
            .map(char::len_utf8)
            .sum();
        Some(start + skipped)
    }
}

/// One string of a list, by byte offsets into the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    /// Where its token starts (the quote, or the `r` of a raw string).
    pub(crate) token: usize,
    /// Where its characters start, when the file holds them as they are (no escapes before
    /// the closing quote), so that a column inside the string is a column in the file.
    pub(crate) content: Option<usize>,
}

/// A list field of the save: where it opens, and its strings in order.
pub(crate) struct List {
    /// The byte offset of its `[`.
    pub(crate) open: usize,
    /// Its strings; cut short at anything that is not one.
    pub(crate) items: Vec<Item>,
}

/// The top-level field `field` of a save (a list of strings, or `Some` of one); `None` when the
/// field is missing or `None`, or when ron cannot read the text.
pub(crate) fn list(text: &str, field: &str) -> Option<List> {
    let lines = Lines::new(text);
    let mut de = ron::Deserializer::from_str(text).ok()?;
    let result = (&mut de).deserialize_struct("Kakuro", FIELDS, FindField(field));
    // Reading stops just after the list's `[` with this error, which says where that is.
    let err = de.span_error(result.err()?);
    if err.code != ron::Error::Message(HERE.into()) {
        return None;
    }
    let after = lines.offset(err.span.end.line, err.span.end.col)?;
    let open = after.checked_sub(1)?;
    if text.as_bytes().get(open) != Some(&b'[') {
        return None;
    }
    Some(List {
        open,
        items: strings_from(text, after),
    })
}

/// The list field `field` inside the struct field `outer` (the game in progress), found by its
/// name after the last `outer:` of the text: good enough to place an error in a file that ron
/// has read without one.
pub(crate) fn nested_list(text: &str, outer: &str, field: &str) -> Option<List> {
    let start = text.rfind(&format!("{outer}:"))?;
    let name = start + text[start..].find(&format!("{field}:"))?;
    let open = name + text[name..].find('[')?;
    Some(List {
        open,
        items: strings_from(text, open + 1),
    })
}

/// The strings of a list whose first item is at or after `pos`, up to its `]`.
fn strings_from(text: &str, mut pos: usize) -> Vec<Item> {
    let mut items = Vec::new();
    // A fresh reader skips the white space and comments before a token; `remainder` says where
    // the token starts.
    let next_token = |pos: usize| -> Option<(usize, ron::Deserializer<'_>)> {
        let de = ron::Deserializer::from_str(text.get(pos..)?).ok()?;
        Some((text.len() - de.remainder().len(), de))
    };
    loop {
        let Some((token, mut de)) = next_token(pos) else {
            return items;
        };
        if text[token..].starts_with(']') {
            return items;
        }
        let Ok(value) = String::deserialize(&mut de) else {
            return items;
        };
        let end = text.len() - de.remainder().len();
        items.push(Item {
            token,
            content: content_start(text, token, &value),
        });
        match next_token(end) {
            Some((sep, _)) if text[sep..].starts_with(',') => pos = sep + 1,
            _ => return items,
        }
    }
}

/// Where the characters of the string token at `token` start, when they are `value` as is.
fn content_start(text: &str, token: usize, value: &str) -> Option<usize> {
    let rest = &text[token..];
    let (open, hashes) = if rest.starts_with('"') {
        (1, 0)
    } else {
        let hashes = rest
            .strip_prefix('r')?
            .bytes()
            .take_while(|&b| b == b'#')
            .count();
        rest[1 + hashes..].starts_with('"').then_some(())?;
        (2 + hashes, hashes)
    };
    let body = token + open;
    let after = text.get(body..)?.strip_prefix(value)?;
    let closing = after.strip_prefix('"')?;
    closing
        .bytes()
        .take(hashes)
        .all(|b| b == b'#')
        .then_some(body)
}

/// The save's fields, as ron is told them.
const FIELDS: &[&str] = &[
    "version", "title", "author", "notes", "rows", "solution", "play",
];

/// The marker error that stops reading at the list.
const HERE: &str = "the list is here";

/// Reads the save's fields, skipping all but `0`, whose list stops the reading.
struct FindField<'f>(&'f str);

impl<'de> Visitor<'de> for FindField<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a puzzle")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == self.0 {
                return map.next_value_seed(StopAtList);
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

/// Fails on reaching a list (inside `Some` too); anything else is no list.
struct StopAtList;

impl<'de> DeserializeSeed<'de> for StopAtList {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for StopAtList {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, _seq: A) -> Result<(), A::Error> {
        Err(A::Error::custom(HERE))
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_found_past_comments_raw_strings_and_escapes() {
        let text = "// a save\n(\n  title: \"rows: [\\\"x\\\"]\",\n  rows: [ // the grid\n    \
                    r#\"\\ 3\\\"#,\n  /* c */ \"\\\\3 _\", \"__\"\n  ],\n  solution: Some([\"12\"]),\n)";
        let lines = Lines::new(text);
        let rows = list(text, "rows").unwrap();
        assert_eq!(lines.place(rows.open), (4, 9));
        let places: Vec<_> = rows.items.iter().map(|i| lines.place(i.token)).collect();
        assert_eq!(places, [(5, 5), (6, 11), (6, 20)]);
        assert_eq!(rows.items[0].content.map(|c| lines.place(c)), Some((5, 8)));
        assert_eq!(rows.items[1].content, None);
        assert_eq!(rows.items[2].content.map(|c| lines.place(c)), Some((6, 21)));
        let solution = list(text, "solution").unwrap();
        assert_eq!(lines.place(solution.items[0].token), (8, 19));
        assert!(list(text, "notes").is_none());
        assert!(list("(rows: [], solution: None)", "solution").is_none());
    }

    #[test]
    fn places_and_offsets_agree() {
        let text = "ab\néé x\n";
        let lines = Lines::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(lines.place(x), (2, 4));
        assert_eq!(lines.offset(2, 4), Some(x));
    }
}
