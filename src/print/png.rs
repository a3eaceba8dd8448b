//! A sheet as a PNG picture (tiny-skia), text drawn from the embedded font's outlines so the
//! picture matches the PDF.

use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::font::Face;
use super::sheet::{Anchor, Gray, Mark, Sheet};

/// Pixels per point of the PNG export: twice the SVG's size, sharp enough to print.
pub const SCALE: f32 = 2.0;

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The picture would be empty or too large to hold in memory.
    #[error("a picture of {0} × {1} pixels cannot be made")]
    Size(u32, u32),
    /// The encoder failed.
    #[error("the PNG could not be encoded: {0}")]
    Encode(String),
}

/// The most pixels a picture has: a bigger sheet is drawn smaller. The pixmap takes four bytes
/// a pixel, and encoding copies it once, so this keeps a huge grid's picture near 256 MB.
pub const MAX_PIXELS: f64 = 32_000_000.0;

/// The pixels per point a sheet is drawn at: `scale`, or less, so that the picture has at most
/// [`MAX_PIXELS`].
pub fn fitting_scale(width: f32, height: f32, scale: f32) -> f32 {
    let pixels = f64::from(width * scale) * f64::from(height * scale);
    if pixels <= MAX_PIXELS {
        scale
    } else {
        scale * (MAX_PIXELS / pixels).sqrt() as f32
    }
}

/// The sheet drawn at `scale` pixels per point (less for a huge sheet, see
/// [`fitting_scale`]), as a pixmap.
pub fn render(sheet: &Sheet, scale: f32) -> Result<Pixmap, PngError> {
    let scale = fitting_scale(sheet.width, sheet.height, scale);
    let width = (sheet.width * scale).ceil() as u32;
    let height = (sheet.height * scale).ceil() as u32;
    let mut pixmap = Pixmap::new(width, height).ok_or(PngError::Size(width, height))?;
    pixmap.fill(Color::WHITE);
    let transform = Transform::from_scale(scale, scale);
    for mark in &sheet.marks {
        draw(&mut pixmap, mark, transform);
    }
    Ok(pixmap)
}

/// The sheet as PNG bytes at `scale` pixels per point.
pub fn encode(sheet: &Sheet, scale: f32) -> Result<Vec<u8>, PngError> {
    render(sheet, scale)?
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

fn paint(gray: Gray) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(gray.0, gray.0, gray.0, 255);
    paint.anti_alias = true;
    paint
}

fn draw(pixmap: &mut Pixmap, mark: &Mark, transform: Transform) {
    match mark {
        Mark::Rect {
            x,
            y,
            width,
            height,
            fill,
            stroke,
        } => {
            let Some(rect) = Rect::from_xywh(*x, *y, *width, *height) else {
                return;
            };
            let path = PathBuilder::from_rect(rect);
            if let Some(gray) = fill {
                pixmap.fill_path(&path, &paint(*gray), FillRule::Winding, transform, None);
            }
            if let Some((gray, width)) = stroke {
                let stroke = Stroke {
                    width: *width,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&path, &paint(*gray), &stroke, transform, None);
            }
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
            if let Some(path) = builder.finish() {
                let stroke = Stroke {
                    width: *width,
                    ..Stroke::default()
                };
                pixmap.stroke_path(&path, &paint(*gray), &stroke, transform, None);
            }
        }
        Mark::Text {
            x,
            y,
            size,
            gray,
            anchor,
            text,
        } => {
            let face = Face::get();
            let placed = face.set(text);
            let width: f32 = placed.iter().map(|g| g.advance).sum::<f32>() * size;
            let mut pen_x = match anchor {
                Anchor::Start => *x,
                Anchor::Middle => x - width / 2.0,
                Anchor::End => x - width,
            };
            let outlines = face.font().outline_glyphs();
            let mut pen = Outline {
                builder: PathBuilder::new(),
                x: 0.0,
                y: *y,
            };
            for glyph in placed {
                pen.x = pen_x;
                if let Some(outline) = outlines.get(glyph.glyph.into()) {
                    let settings = DrawSettings::unhinted(Size::new(*size), LocationRef::default());
                    // A glyph that cannot be drawn is left out; the others still are.
                    let _ = outline.draw(settings, &mut pen);
                }
                pen_x += glyph.advance * size;
            }
            if let Some(path) = pen.builder.finish() {
                pixmap.fill_path(&path, &paint(*gray), FillRule::Winding, transform, None);
            }
        }
    }
}

/// Collects glyph outlines (y up, from the pen's place on the baseline) into one path.
struct Outline {
    builder: PathBuilder,
    x: f32,
    y: f32,
}

impl OutlinePen for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.builder.move_to(self.x + x, self.y - y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.builder.line_to(self.x + x, self.y - y);
    }

    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.builder
            .quad_to(self.x + cx0, self.y - cy0, self.x + x, self.y - y);
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.builder.cubic_to(
            self.x + cx0,
            self.y - cy0,
            self.x + cx1,
            self.y - cy1,
            self.x + x,
            self.y - y,
        );
    }

    fn close(&mut self) {
        self.builder.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::kakuro_text;
    use crate::print::picture;

    /// A huge grid's picture is drawn smaller, within the pixel bound; a usual one at its scale.
    #[test]
    fn a_huge_picture_is_drawn_within_the_pixel_bound() {
        assert_eq!(fitting_scale(400.0, 300.0, SCALE), SCALE);
        let scale = fitting_scale(8044.0, 8044.0, SCALE);
        let pixels = f64::from((8044.0 * scale).ceil()).powi(2);
        assert!(pixels <= MAX_PIXELS * 1.001, "{pixels}");
        assert!(scale > 0.6, "{scale}");
        let sheet = Sheet::new(8044.0, 8044.0);
        let pixmap = render(&sheet, SCALE).unwrap();
        assert!(f64::from(pixmap.width() * pixmap.height()) <= MAX_PIXELS * 1.001);
    }

    #[test]
    fn walls_are_dark_and_white_cells_light() {
        let (grid, _) =
            kakuro_text::parse("\\   2\\ 4\\ \\\n\\13 __ __ _\n\\    \\ __ \\\n").unwrap();
        let pixmap = render(&picture(&grid, "", "", Some(&[2, 3, 8, 1])), 1.0).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (164, 124));
        let shade = |x: u32, y: u32| pixmap.pixel(x, y).unwrap().red();
        // The wall at r1c1, away from its diagonal and clues; the empty corner of a white cell.
        assert!(shade(2 + 36, 2 + 4) < 0x40);
        assert!(shade(2 + 40 + 4, 2 + 40 + 36) > 0xf0);
        // The digit 2 in r2c2 puts ink near the cell's middle.
        let inked = (42..82)
            .flat_map(|x| (42..82).map(move |y| (x, y)))
            .filter(|&(x, y)| shade(x, y) < 0x80)
            .count();
        assert!(inked > 20, "{inked}");
    }
}
