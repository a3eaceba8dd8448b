//! Painting with the mouse: a stroke flips the first cell and drags its kind over the cells
//! it crosses, mirrored by the symmetry, as one undo step.

use super::Editor;
use crate::Pos;
use crate::app::edit::history::Snapshot;
use crate::app::edit::symmetry::Area;

/// A drag that paints: every cell it crosses takes the kind the first cell was switched to.
pub(super) struct Stroke {
    before: Snapshot,
    white: bool,
    last: Pos,
    /// What the stroke mirrors about, fixed when it starts: painting the border itself must
    /// not move the centre under the rest of the stroke.
    area: Area,
}
impl Editor {
    pub(super) fn paint(&mut self, pos: Pos, white: bool, area: Area) {
        self.sheet.set_white(pos, white);
        for image in self.symmetry.images(area, pos) {
            self.sheet.set_white(image, white);
        }
    }

    /// Starts a paint stroke at `pos`: the cell flips, and cells dragged over follow it.
    pub fn begin_stroke(&mut self, pos: Pos) {
        if !self.grid().contains(pos) {
            return;
        }
        let before = self.snapshot();
        let white = !self.grid().is_white(pos);
        let area = Area::of(self.grid());
        self.select(pos);
        self.paint(pos, white, area);
        self.stroke = Some(Stroke {
            before,
            white,
            last: pos,
            area,
        });
        self.generation += 1;
    }

    /// Continues the stroke to `pos`, painting every cell on the straight line from the last one
    /// (a fast drag skips no cells).
    pub fn extend_stroke(&mut self, pos: Pos) {
        let Some(stroke) = &self.stroke else { return };
        if !self.grid().contains(pos) || pos == stroke.last {
            return;
        }
        let (white, last, area) = (stroke.white, stroke.last, stroke.area);
        let (r0, c0) = (last.row as f32, last.col as f32);
        let (r1, c1) = (pos.row as f32, pos.col as f32);
        let steps = (r1 - r0).abs().max((c1 - c0).abs()) as usize;
        for i in 1..=steps {
            let t = i as f32 / steps as f32;
            let p = Pos::new(
                (r0 + (r1 - r0) * t).round() as usize,
                (c0 + (c1 - c0) * t).round() as usize,
            );
            self.paint(p, white, area);
        }
        self.cursor = pos;
        if let Some(stroke) = &mut self.stroke {
            stroke.last = pos;
        }
        self.generation += 1;
    }

    /// Ends the stroke: everything it painted is one undo step.
    pub fn end_stroke(&mut self) {
        if let Some(stroke) = self.stroke.take()
            && stroke.before.sheet != self.sheet
        {
            self.history.record(stroke.before, None);
        }
    }

    /// Whether a paint stroke is under way.
    pub fn stroking(&self) -> bool {
        self.stroke.is_some()
    }

    /// Flips the selected cell between white and wall (one step).
    pub fn toggle_cursor(&mut self) {
        let pos = self.cursor;
        self.begin_stroke(pos);
        self.end_stroke();
    }
}
