//! A terminal for tests of progress output: it keeps what is drawn on it.

use std::io;
use std::sync::{Arc, Mutex};

use indicatif::{ProgressDrawTarget, TermLike};

/// A terminal that keeps what is written to it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Screen(Arc<Mutex<String>>);

impl Screen {
    /// Everything written so far (`<clear>` where a line was cleared).
    pub(crate) fn text(&self) -> String {
        self.0.lock().unwrap().clone()
    }
}

impl TermLike for Screen {
    fn width(&self) -> u16 {
        80
    }
    fn move_cursor_up(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_down(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_right(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn move_cursor_left(&self, _: usize) -> io::Result<()> {
        Ok(())
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.write_str(&format!("{s}\n"))
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.lock().unwrap().push_str(s);
        Ok(())
    }
    fn clear_line(&self) -> io::Result<()> {
        self.write_str("<clear>")
    }
    fn flush(&self) -> io::Result<()> {
        Ok(())
    }
}

/// A draw target that draws on `screen`, made when a bar or spinner needs it.
pub(crate) fn target(screen: &Screen) -> impl FnOnce() -> ProgressDrawTarget + use<> {
    let screen = screen.clone();
    move || ProgressDrawTarget::term_like(Box::new(screen))
}
