//! Screenshot mode (`kakuro --screenshot OUT.png`): render the window, write a PNG, close.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// Frames to let the layout settle (panel sizes, fonts) before taking the picture.
const SETTLE_FRAMES: u32 = 6;

/// Where the screenshot's outcome goes, for `run` to report after the window closes.
#[derive(Clone, Default)]
pub struct ResultSlot(Arc<Mutex<Option<Result<(), String>>>>);

impl ResultSlot {
    fn set(&self, result: Result<(), String>) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(result);
        }
    }

    fn is_set(&self) -> bool {
        self.0.lock().map(|s| s.is_some()).unwrap_or(true)
    }

    /// The outcome once the window has closed: an error if the picture was not written.
    pub fn finish(&self, expected: bool) -> anyhow::Result<()> {
        let outcome = self.0.lock().ok().and_then(|mut s| s.take());
        match outcome {
            Some(Ok(())) => Ok(()),
            Some(Err(e)) => anyhow::bail!(e),
            None if expected => anyhow::bail!("the window closed before the screenshot was taken"),
            None => Ok(()),
        }
    }
}

/// The screenshot in progress.
pub struct Screenshot {
    path: PathBuf,
    frames: u32,
    requested: bool,
    slot: ResultSlot,
}

impl Screenshot {
    /// A screenshot to be written to `path`.
    pub fn new(path: PathBuf) -> Screenshot {
        Screenshot {
            path,
            frames: 0,
            requested: false,
            slot: ResultSlot::default(),
        }
    }

    /// Reports the outcome into `slot` as well.
    pub fn report_to(&mut self, slot: ResultSlot) {
        self.slot = slot;
    }

    /// Counts frames, asks for the picture, and closes the window once it is written.
    pub fn logic(&mut self, ctx: &egui::Context) {
        if self.slot.is_set() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        self.frames += 1;
        if self.frames >= SETTLE_FRAMES && !self.requested {
            self.requested = true;
            let path = self.path.clone();
            let slot = self.slot.clone();
            let repaint = ctx.clone();
            ctx.request_screenshot(move |image| {
                slot.set(write_png(&path, &image));
                repaint.request_repaint();
            });
        }
        ctx.request_repaint();
    }
}

fn write_png(path: &std::path::Path, image: &egui::ColorImage) -> Result<(), String> {
    let [w, h] = image.size;
    let pixels: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
    let buffer = image::RgbaImage::from_raw(w as u32, h as u32, pixels)
        .ok_or_else(|| "the screenshot has the wrong size".to_string())?;
    let mut png = Vec::new();
    buffer
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode the screenshot: {e}"))?;
    crate::atomic::write_atomic(path, &png)
        .map_err(|e| format!("{}: cannot write the screenshot: {e}", path.display()))
}
