//! Sheets as a PDF (krilla): vector lines and rectangles, text in the embedded font (subset to
//! the glyphs used, with its character map, so the text can be selected and searched).

use krilla::color::luma;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};
use krilla::{Data, Document, SerializeSettings};

use super::font::{BYTES, Face};
use super::sheet::{Anchor, Gray, Mark, Sheet};

/// Why a PDF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// A page's size is not a positive, finite size.
    #[error("page {0} has no size")]
    PageSize(usize),
    /// The PDF writer refused the content.
    #[error("the PDF could not be written: {0}")]
    Writer(String),
}

/// The PDF of these pages, in order, with `title` in its metadata (left out when empty).
pub fn write(pages: &[Sheet], title: &str) -> Result<Vec<u8>, PdfError> {
    let settings = SerializeSettings {
        enable_tagging: false,
        ..SerializeSettings::default()
    };
    let mut document = Document::new_with(settings);
    let mut metadata = Metadata::new().creator(format!("kakuro {}", env!("CARGO_PKG_VERSION")));
    if !title.trim().is_empty() {
        metadata = metadata.title(title.trim().to_string());
    }
    document.set_metadata(metadata);
    let font = Font::new(Data::from(BYTES), 0)
        .ok_or_else(|| PdfError::Writer("the embedded font does not load".into()))?;
    for (index, sheet) in pages.iter().enumerate() {
        let settings = PageSettings::from_wh(sheet.width, sheet.height)
            .ok_or(PdfError::PageSize(index + 1))?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for mark in &sheet.marks {
            draw(&mut surface, mark, &font);
        }
        surface.finish();
        page.finish();
    }
    document
        .finish()
        .map_err(|e| PdfError::Writer(format!("{e:?}")))
}

/// The paint of a shade of grey.
fn fill(gray: Gray) -> Fill {
    Fill {
        paint: luma::Color::new(gray.0).into(),
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }
}

fn stroke(gray: Gray, width: f32) -> Stroke {
    Stroke {
        paint: luma::Color::new(gray.0).into(),
        width,
        ..Stroke::default()
    }
}

fn draw(surface: &mut Surface<'_>, mark: &Mark, font: &Font) {
    match mark {
        Mark::Rect {
            x,
            y,
            width,
            height,
            fill: paint,
            stroke: outline,
        } => {
            let Some(rect) = Rect::from_xywh(*x, *y, *width, *height) else {
                return;
            };
            let mut builder = PathBuilder::new();
            builder.push_rect(rect);
            let Some(path) = builder.finish() else {
                return;
            };
            surface.set_fill(paint.map(fill));
            surface.set_stroke(outline.map(|(gray, width)| stroke(gray, width)));
            surface.draw_path(&path);
        }
        Mark::Line {
            from,
            to,
            gray,
            width,
        } => {
            let mut builder = PathBuilder::new();
            builder.move_to(from.0, from.1);
            builder.line_to(to.0, to.1);
            let Some(path) = builder.finish() else {
                return;
            };
            surface.set_fill(None);
            surface.set_stroke(Some(stroke(*gray, *width)));
            surface.draw_path(&path);
        }
        Mark::Text {
            x,
            y,
            size,
            gray,
            anchor,
            text,
        } => {
            let placed = Face::get().set(text);
            let width: f32 = placed.iter().map(|g| g.advance).sum::<f32>() * size;
            let start = match anchor {
                Anchor::Start => *x,
                Anchor::Middle => x - width / 2.0,
                Anchor::End => x - width,
            };
            let glyphs: Vec<KrillaGlyph> = placed
                .into_iter()
                .map(|g| {
                    KrillaGlyph::new(
                        GlyphId::new(g.glyph),
                        g.advance,
                        0.0,
                        0.0,
                        0.0,
                        g.text,
                        None,
                    )
                })
                .collect();
            surface.set_fill(Some(fill(*gray)));
            surface.set_stroke(None);
            surface.draw_glyphs(
                Point::from_xy(start, *y),
                &glyphs,
                font.clone(),
                text,
                *size,
                false,
            );
        }
    }
}
