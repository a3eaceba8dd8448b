//! A page (or picture) as a list of marks in points, origin at the top left, y downwards:
//! what the PDF writer and the rasteriser both draw.

/// A shade of grey: 0 is black, 255 white (the printed look needs no colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gray(pub u8);

impl Gray {
    /// The paper.
    pub const PAPER: Gray = Gray(255);
    /// Lines, walls and digits (the SVG export's `#222222`).
    pub const INK: Gray = Gray(0x22);
    /// A wall's diagonal, light enough not to compete with the clues.
    pub const DIAGONAL: Gray = Gray(0xbb);
    /// A cryptic puzzle's letters and other secondary text.
    pub const SOFT: Gray = Gray(0x66);
    /// A wall in the light print style: grey enough to tell from a white cell, light enough
    /// for black sums.
    pub const LIGHT_WALL: Gray = Gray(0xc8);
}

/// Where a text's `x` is: its start, its middle or its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is where the text starts.
    Start,
    /// `x` is the text's middle.
    Middle,
    /// `x` is where the text ends.
    End,
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A rectangle, filled and/or outlined (the outline centred on its edge).
    Rect {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        width: f32,
        /// Height.
        height: f32,
        /// The fill, if any.
        fill: Option<Gray>,
        /// The outline's shade and width, if any.
        stroke: Option<(Gray, f32)>,
    },
    /// A straight line.
    Line {
        /// Start point.
        from: (f32, f32),
        /// End point.
        to: (f32, f32),
        /// Shade.
        gray: Gray,
        /// Width.
        width: f32,
    },
    /// One line of text in the embedded font.
    Text {
        /// Horizontal place, see `anchor`.
        x: f32,
        /// The baseline.
        y: f32,
        /// Font size (the em, in points).
        size: f32,
        /// Shade.
        gray: Gray,
        /// What `x` is.
        anchor: Anchor,
        /// The text.
        text: String,
    },
}

/// A page or picture: its size in points and its marks, drawn in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sheet {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// What is on it, bottom first.
    pub marks: Vec<Mark>,
}

impl Sheet {
    /// An empty sheet of this size.
    pub fn new(width: f32, height: f32) -> Sheet {
        Sheet {
            width,
            height,
            marks: Vec::new(),
        }
    }

    /// Adds a rectangle.
    pub fn rect(
        &mut self,
        (x, y, width, height): (f32, f32, f32, f32),
        fill: Option<Gray>,
        stroke: Option<(Gray, f32)>,
    ) {
        self.marks.push(Mark::Rect {
            x,
            y,
            width,
            height,
            fill,
            stroke,
        });
    }

    /// Adds a line.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), gray: Gray, width: f32) {
        self.marks.push(Mark::Line {
            from,
            to,
            gray,
            width,
        });
    }

    /// Adds a line of text with its baseline at `y` (nothing for empty text).
    pub fn text(&mut self, (x, y): (f32, f32), size: f32, gray: Gray, anchor: Anchor, text: &str) {
        if text.trim().is_empty() {
            return;
        }
        self.marks.push(Mark::Text {
            x,
            y,
            size,
            gray,
            anchor,
            text: text.to_string(),
        });
    }

    /// Every text on the sheet, in drawing order.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.marks.iter().filter_map(|m| match m {
            Mark::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
    }
}
