//! The app icon: a small Kakuro corner, drawn here in code and committed as assets/icon.png.
//!
//! `KAKURO_WRITE_ICON=1 cargo test --lib app::window::icon` redraws the file; the same test otherwise
//! checks that the committed file is what this code draws.

/// The committed icon, a 256 × 256 PNG.
pub const PNG: &[u8] = include_bytes!("../../../assets/icon.png");

/// Icon side in pixels.
#[cfg(test)]
const SIZE: u32 = 256;

/// Draws the icon: a rounded dark tile holding a 3 × 3 corner of a Kakuro grid — clue walls
/// with their diagonals along the top and left, white cells, one of them selected.
#[cfg(test)]
fn draw() -> image::RgbaImage {
    let wall = [0x26, 0x26, 0x2a, 0xff];
    let diagonal = [0x8a, 0x8a, 0x90, 0xff];
    let white = [0xff, 0xff, 0xfd, 0xff];
    let cursor = [0x2f, 0x80, 0xed, 0xff];
    let n = SIZE as f32;
    let (margin, cell) = (20.0, (n - 40.0) / 3.0);
    image::RgbaImage::from_fn(SIZE, SIZE, |x, y| {
        let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
        // Rounded tile; outside it is transparent.
        let r = 36.0;
        let cx = px.clamp(r, n - r);
        let cy = py.clamp(r, n - r);
        let out = ((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r;
        if out > 0.5 {
            return image::Rgba([0, 0, 0, 0]);
        }
        let (gx, gy) = ((px - margin) / cell, (py - margin) / cell);
        if !(0.0..3.0).contains(&gx) || !(0.0..3.0).contains(&gy) {
            return image::Rgba(wall);
        }
        let (col, row) = (gx as u32, gy as u32);
        let (fx, fy) = (gx.fract() * cell, gy.fract() * cell);
        let line = 5.0;
        if row == 0 || col == 0 {
            // A clue wall: its diagonal from top-left to bottom-right (the corner cell has none).
            let on_diagonal = (fx - fy).abs() < line * 0.8 && row + col > 0;
            return image::Rgba(if on_diagonal { diagonal } else { wall });
        }
        let edge = fx.min(fy).min(cell - fx).min(cell - fy);
        if edge < line / 2.0 {
            return image::Rgba(wall);
        }
        if (row, col) == (1, 1) && edge < line * 2.5 {
            return image::Rgba(cursor);
        }
        image::Rgba(white)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_icon_is_the_drawing() {
        let drawn = draw();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/icon.png");
        if std::env::var_os("KAKURO_WRITE_ICON").is_some() {
            drawn.save(path).expect("write assets/icon.png");
        }
        let committed = image::load_from_memory(&std::fs::read(path).expect("assets/icon.png"))
            .expect("decode the icon")
            .to_rgba8();
        assert!(
            committed == drawn,
            "assets/icon.png is stale: rerun with KAKURO_WRITE_ICON=1"
        );
    }
}
