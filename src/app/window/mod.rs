//! The window around the board: the status bar, the Help menu, the icon, frame times and
//! screenshot mode.

pub(super) mod frames;
pub(super) mod help;
pub(super) mod icon;
pub(super) mod launch;
pub(super) mod screenshot;
pub(super) mod status;

/// Below this width the window is small: the side panels give way to the board.
const NARROW_WINDOW: f32 = 1000.0;
/// The most of a small window's width a side panel takes, and the least it is given.
const SIDE_SHARE: f32 = 0.3;
const MIN_SIDE: f32 = 160.0;

/// How wide the side panels may be in a window of `width`: `None` leaves them as they are
/// (growing to fit their rows), else at most this, with their rows wrapping.
pub(super) fn side_cap(width: f32) -> Option<f32> {
    (width < NARROW_WINDOW).then(|| (width * SIDE_SHARE).max(MIN_SIDE))
}

fn narrow_id() -> egui::Id {
    egui::Id::unique("kakuro-narrow-panels")
}

/// Notes for this frame's rows whether the side panels are capped.
pub(super) fn set_narrow(ctx: &egui::Context, narrow: bool) {
    ctx.data_mut(|d| d.insert_temp(narrow_id(), narrow));
}

/// A row of a side panel's buttons: one line, or wrapped while the panels are capped.
pub(in crate::app) fn row<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let narrow = ui.data(|d| d.get_temp(narrow_id())).unwrap_or(false);
    if narrow {
        ui.horizontal_wrapped(add).inner
    } else {
        ui.horizontal(add).inner
    }
}
