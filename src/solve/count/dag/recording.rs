//! Recording a sweep's transitions as it runs, into a [`Dag`].

use std::sync::{Arc, Mutex};

use super::passes::Passes;
use super::segment::Segment;
use super::{Dag, EDGE_BYTES, ID_BITS, Layer, MAX_EDGES, Numbered, Trace};
use crate::solve::combos::Mask;

/// A sweep's transitions as it runs.
#[derive(Default)]
pub(crate) struct Recording {
    /// The steps before `layers`, recorded by an earlier sweep or sealed by this one.
    shared: Option<Arc<Segment>>,
    /// The variable each step since `shared` fills.
    vars: Vec<u32>,
    /// Per step since `shared`, its transitions packed as `from << 32 | digit << 28 | to`.
    layers: Vec<Vec<u64>>,
    /// Transitions this recording made (those it shares with an earlier one not counted).
    edges: usize,
    /// The transitions it may hold.
    room: usize,
    /// Too many transitions: nothing more is kept.
    full: bool,
    /// A count went past what a slot holds (2^104): the sweep gave up because of the recording.
    overflowed: bool,
    /// Whether it shares steps with other recordings (see [`Recording::sharing`]).
    sharing: bool,
}

impl Trace for Recording {
    type Slot = Numbered;
    type Sealed = Arc<Segment>;

    fn step(&mut self, var: u32) {
        if !self.full {
            self.vars.push(var);
            self.layers.push(Vec::new());
        }
    }

    #[inline]
    fn fresh(&mut self, arrived: usize) -> Numbered {
        if arrived >= 1 << ID_BITS {
            // Past what a slot can number: this sweep is not recorded.
            self.give_up();
            return Numbered(0);
        }
        Numbered(arrived as u128)
    }

    #[inline]
    fn edge(&mut self, from: Numbered, to: Numbered, digit: u8) {
        if self.full {
            return;
        }
        self.layers
            .last_mut()
            .expect("a step began")
            .push(from.id() << 32 | u64::from(digit) << 28 | to.id());
        self.edges += 1;
        if self.edges > self.room {
            self.give_up();
        }
    }

    fn overflow(&mut self) {
        self.give_up();
        self.overflowed = true;
    }

    fn seal(&mut self) -> Option<Arc<Segment>> {
        if self.full {
            return None;
        }
        if self.layers.is_empty() {
            return self.shared.clone();
        }
        let first = self.shared.as_ref().map_or(0, |s| s.end_step());
        let mut widths = vec![self.entry_width() as u32];
        widths.extend((1..=self.layers.len()).map(|s| self.width_before(s) as u32));
        let layers = std::mem::take(&mut self.layers)
            .iter()
            .map(|edges| Layer::new(edges.iter().map(|&e| unpack(e))))
            .collect();
        let vars = std::mem::take(&mut self.vars);
        let segment = Segment::new(self.shared.take(), first, vars, widths, layers);
        let segment = Arc::new(segment);
        self.shared = Some(Arc::clone(&segment));
        Some(segment)
    }

    fn shares(&self) -> bool {
        self.sharing
    }

    fn resume(&mut self, sealed: &Arc<Segment>) {
        debug_assert!(self.layers.is_empty() && self.shared.is_none());
        self.shared = Some(Arc::clone(sealed));
    }
}

impl Recording {
    /// Whether the sweep gave up only because a count outgrew the recording's slots (a plain
    /// sweep may still take it).
    pub(crate) fn overflowed(&self) -> bool {
        self.overflowed
    }

    fn give_up(&mut self) {
        *self = Recording {
            full: true,
            ..Recording::default()
        };
    }

    /// A recording that gives up past `bytes` (and past [`MAX_EDGES`] transitions).
    pub(crate) fn within(bytes: usize) -> Recording {
        Recording {
            room: MAX_EDGES.min(bytes / EDGE_BYTES),
            ..Recording::default()
        }
    }

    /// The recording, sharing steps with earlier recordings and keeping its own for later ones
    /// if `sharing`. Shared steps save room and time where a component is swept again and
    /// again, but make evaluations dearer: a change in them makes every graph that shares
    /// them redo its paths from the shared ones on, and a count per digit of a shared step
    /// walks back through them.
    pub(crate) fn sharing(self, sharing: bool) -> Recording {
        Recording { sharing, ..self }
    }

    /// The graph of the finished sweep over a component of `cells` variables, without the
    /// states after the shared steps that lead to no complete filling; `None` if the recording
    /// gave up.
    pub(crate) fn finish(self, cells: usize) -> Option<Dag> {
        let first = self.shared.as_ref().map_or(0, |s| s.end_step());
        if self.full || first + self.layers.len() != cells || self.layers.is_empty() {
            return None;
        }
        let steps = self.layers.len();
        // Which states reach the end, from the last step back.
        let mut alive: Vec<Vec<bool>> = vec![Vec::new(); steps + 1];
        alive[steps] = vec![true; self.width_before(steps)];
        for s in (0..steps).rev() {
            let width = if s == 0 {
                self.entry_width()
            } else {
                self.width_before(s)
            };
            let mut here = vec![false; width];
            for &e in &self.layers[s] {
                let (from, _, to) = unpack(e);
                if alive[s + 1][to as usize] {
                    here[from as usize] = true;
                }
            }
            alive[s] = here;
        }
        if !alive[0].iter().any(|&live| live) {
            // No filling at all: nothing to walk through.
            return None;
        }
        // Number the living states afresh (those the shared steps end in keep their numbers,
        // which the shared steps' transitions hold) and keep the edges between them.
        let numbers: Vec<Vec<u32>> = alive
            .iter()
            .enumerate()
            .map(|(s, a)| {
                if s == 0 {
                    return (0..a.len() as u32).collect();
                }
                let mut n = 0;
                a.iter()
                    .map(|&live| {
                        let id = n;
                        n += u32::from(live);
                        id
                    })
                    .collect()
            })
            .collect();
        let widths: Vec<u32> = alive
            .iter()
            .enumerate()
            .map(|(s, a)| match s {
                0 => a.len() as u32,
                _ => a.iter().filter(|&&x| x).count() as u32,
            })
            .collect();
        let layers: Vec<Layer> = self
            .layers
            .iter()
            .enumerate()
            .map(|(s, edges)| {
                Layer::new(
                    edges
                        .iter()
                        .map(|&e| unpack(e))
                        .filter(|&(_, _, to)| alive[s + 1][to as usize])
                        .map(|(from, digit, to)| {
                            let (from, to) =
                                (numbers[s][from as usize], numbers[s + 1][to as usize]);
                            (from, digit, to)
                        }),
                )
            })
            .collect();
        let chain = self.shared.as_ref().map(Segment::chain).unwrap_or_default();
        let mut vars: Vec<u32> = chain.iter().flat_map(|c| c.vars.clone()).collect();
        vars.extend(&self.vars);
        let sealed = chain.iter().map(|c| c.claim()).sum();
        let mut dag = Dag {
            vars,
            shared: self.shared,
            widths,
            layers,
            small: false,
            kept: Mutex::default(),
            sealed,
        };
        let all: Vec<Mask> = vec![Mask::MAX; dag.scope_end()];
        dag.small = u64::try_from(Passes::<u128>::new(&dag, &all).total(&dag)).is_ok();
        Some(dag)
    }

    /// The states before the first step since the shared ones.
    fn entry_width(&self) -> usize {
        self.shared.as_ref().map_or(1, |s| {
            *s.widths.last().expect("a width per step and one") as usize
        })
    }

    /// The states before step `s` since the shared ones (after step `s - 1`), from the
    /// largest number its transitions reached.
    fn width_before(&self, s: usize) -> usize {
        self.layers[s - 1]
            .iter()
            .map(|&e| unpack(e).2 as usize + 1)
            .max()
            .unwrap_or(0)
    }
}

/// A packed transition: (from, digit, to).
fn unpack(e: u64) -> (u32, u8, u32) {
    (
        (e >> 32) as u32,
        (e >> 28 & 0xF) as u8,
        (e & 0x0FFF_FFFF) as u32,
    )
}
