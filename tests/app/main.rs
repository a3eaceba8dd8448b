//! The desktop app driven like a user would: clicks, keys and the file prompts (no display, no
//! GPU, no real file dialogs). One test binary for every suite, because each links the whole app.
#![cfg(feature = "gui")]

#[path = "../common/mod.rs"]
mod common;
mod harness;

mod browsing;
mod design;
mod editing;
mod explain;
mod fixes;
mod generator;
mod giant;
mod layout;
mod play;
mod print;
mod shape_fill;
mod solving;
mod watch;
