//! Opening the window: the renderer, the launch options and eframe's run loop.

use std::path::PathBuf;
use std::str::FromStr;

use crate::app::{AppOptions, FrameTimes, KakuroApp};

/// Which graphics backend eframe draws with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Renderer {
    /// OpenGL (works under Xvfb with Mesa's llvmpipe).
    Glow,
    /// wgpu (Vulkan, Metal, DX12, or GL).
    #[default]
    Wgpu,
}

impl FromStr for Renderer {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "glow" => Ok(Renderer::Glow),
            "wgpu" => Ok(Renderer::Wgpu),
            other => Err(format!("unknown renderer {other:?}: use glow or wgpu")),
        }
    }
}

/// How `kakuro` (without a subcommand) starts the window.
#[derive(Clone, Debug, Default)]
pub struct LaunchOptions {
    /// A puzzle to open; `None` opens the last file, or the sample on a first run.
    pub file: Option<PathBuf>,
    /// Render the window once, write this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// The graphics backend.
    pub renderer: Renderer,
    /// Print the frame times (median, 99th percentile) when the window closes.
    pub frame_stats: bool,
}

/// Opens the window and runs the app until it is closed.
pub fn run(options: LaunchOptions) -> anyhow::Result<()> {
    let shot_result = super::screenshot::ResultSlot::default();
    let frame_times = options.frame_stats.then(FrameTimes::default);
    let app_options = AppOptions {
        file: options.file.clone(),
        screenshot: options.screenshot.clone(),
        native_dialogs: true,
        frame_times: frame_times.clone(),
        autosave: eframe::storage_dir("kakuro").map(|dir| dir.join("autosave.ron")),
    };
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Kakuro")
        .with_app_id("kakuro")
        .with_inner_size([1100.0, 760.0])
        .with_min_inner_size([480.0, 360.0])
        .with_drag_and_drop(true);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(super::icon::PNG) {
        viewport = viewport.with_icon(icon);
    }
    let renderer = match options.renderer {
        Renderer::Glow => eframe::Renderer::Glow,
        Renderer::Wgpu => eframe::Renderer::Wgpu,
    };
    let native = eframe::NativeOptions {
        viewport,
        renderer,
        persist_window: options.screenshot.is_none(),
        ..Default::default()
    };
    let slot = shot_result.clone();
    let started = eframe::run_native(
        "kakuro",
        native,
        Box::new(move |cc| {
            let mut app = KakuroApp::new(cc, app_options);
            if let Some(shot) = &mut app.screenshot {
                shot.report_to(slot);
            }
            Ok(Box::new(app))
        }),
    );
    if let Err(e) = started {
        anyhow::bail!(
            "could not open the window ({:?} renderer): {e}",
            options.renderer
        );
    }
    if let Some(times) = frame_times {
        eprintln!("{}", times.report());
    }
    shot_result.finish(options.screenshot.is_some())
}
