//! The typeface of printed pages: DejaVu Sans (the SVG export's first choice), built into the
//! program so that a page looks the same everywhere; its licence is in `assets/fonts/`.
//!
//! Text is set glyph by glyph from the font's character map and advance widths: the pages
//! carry digits, titles and labels in one line each, which need no shaping beyond that.

use std::ops::Range;
use std::sync::OnceLock;

use skrifa::instance::{LocationRef, Size};
use skrifa::raw::TableProvider;
use skrifa::{FontRef, GlyphId, MetadataProvider};

/// The font file's bytes.
pub(crate) const BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// The font's name, as the PDF and the README give it.
pub const FONT_NAME: &str = "DejaVu Sans";

/// One glyph of a line of text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Placed {
    /// The glyph in the font (0, the "missing" box, for a character it lacks).
    pub glyph: u32,
    /// How far it moves the pen, in ems.
    pub advance: f32,
    /// The bytes of the text it stands for.
    pub text: Range<usize>,
}

/// The parsed font.
pub(crate) struct Face {
    font: FontRef<'static>,
    units_per_em: f32,
}

impl Face {
    /// The embedded font, parsed once.
    pub fn get() -> &'static Face {
        static FACE: OnceLock<Face> = OnceLock::new();
        FACE.get_or_init(|| {
            // The bytes are part of the program; a font that does not parse is a build mistake.
            let font = FontRef::new(BYTES).expect("the embedded font parses");
            let units_per_em = f32::from(font.head().map_or(2048, |h| h.units_per_em()));
            Face { font, units_per_em }
        })
    }

    /// The parsed font, for drawing outlines.
    pub fn font(&self) -> &FontRef<'static> {
        &self.font
    }

    /// The glyphs of a line of text, one per character, left to right.
    pub fn set(&self, text: &str) -> Vec<Placed> {
        let charmap = self.font.charmap();
        let metrics = self
            .font
            .glyph_metrics(Size::unscaled(), LocationRef::default());
        text.char_indices()
            .map(|(at, c)| {
                let glyph = charmap.map(c).unwrap_or(GlyphId::NOTDEF);
                let advance = metrics.advance_width(glyph).unwrap_or(0.0) / self.units_per_em;
                Placed {
                    glyph: glyph.to_u32(),
                    advance,
                    text: at..at + c.len_utf8(),
                }
            })
            .collect()
    }

    /// How wide a line of text is at a font size, in the size's units.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        self.set(text).iter().map(|g| g.advance).sum::<f32>() * size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_have_glyphs_and_the_same_width() {
        let face = Face::get();
        let digits = face.set("0123456789");
        assert!(digits.iter().all(|g| g.glyph != 0));
        assert!(digits.iter().all(|g| g.advance == digits[0].advance));
        assert!((face.width("10", 10.0) - 2.0 * face.width("1", 10.0)).abs() < 1e-4);
        // A character the font lacks still takes a glyph (the missing box), not a panic.
        assert_eq!(face.set("\u{10ffff}")[0].glyph, 0);
    }
}
