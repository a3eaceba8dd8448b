//! The window around the board: the status bar, the Help menu, the icon, frame times and
//! screenshot mode.

pub(super) mod frames;
pub(super) mod help;
pub(super) mod icon;
pub(super) mod launch;
pub(super) mod screenshot;
pub(super) mod status;
