//! The logical solve Explain shows, worked out on a background thread: the steps, their
//! sentences, and the board before each step, so that stepping through it costs nothing.

use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;

use crate::logic::{Board, Rating, Step, Technique, explain_cancellable, next_step, rating_of};
use crate::{CancelToken, Grid, Puzzle};

use super::super::background;

/// A puzzle's logical solve, ready to step through.
pub struct Explained {
    /// The puzzle solved.
    pub puzzle: Puzzle,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Each step's sentence.
    pub texts: Vec<String>,
    /// The board before each step, and last the board after the last step.
    pub boards: Vec<Board>,
    /// Whether logic filled every cell.
    pub solved: bool,
    /// Whether it needed trial.
    pub trial: bool,
    /// How hard the puzzle is for a person.
    pub rating: Rating,
    /// The solve starts from a position (a player's, or a hint's), not the empty board.
    pub from_position: bool,
}

impl Explained {
    /// Explains `puzzle` from the empty board; `None` when cancelled.
    pub fn work_out(puzzle: Puzzle, cancel: &CancelToken) -> Option<Explained> {
        let explanation = explain_cancellable(&puzzle, cancel).ok()?;
        let mut board = Board::new(&puzzle);
        let mut boards = Vec::with_capacity(explanation.steps.len() + 1);
        let mut texts = Vec::with_capacity(explanation.steps.len());
        for step in &explanation.steps {
            if cancel.is_cancelled() {
                return None;
            }
            boards.push(board.clone());
            texts.push(step.text(&puzzle));
            board.apply(step);
        }
        boards.push(board);
        Some(Explained {
            puzzle,
            steps: explanation.steps,
            texts,
            boards,
            solved: explanation.solved,
            trial: explanation.trial,
            rating: explanation.rating,
            from_position: false,
        })
    }

    /// Explains `puzzle` on from `board` (a player's digits and marks, or a hint's board);
    /// `None` when cancelled.
    pub fn work_out_from(
        puzzle: Puzzle,
        mut board: Board,
        cancel: &CancelToken,
    ) -> Option<Explained> {
        let mut steps = Vec::new();
        let mut boards = Vec::new();
        let mut texts = Vec::new();
        loop {
            if cancel.is_cancelled() {
                return None;
            }
            let Some(step) = next_step(&puzzle, &board) else {
                break;
            };
            boards.push(board.clone());
            texts.push(step.text(&puzzle));
            board.apply(&step);
            steps.push(step);
        }
        let solved = board.is_solved();
        boards.push(board);
        Some(Explained {
            rating: rating_of(&puzzle, &steps, solved),
            trial: steps.iter().any(|s| s.technique == Technique::Trial),
            puzzle,
            steps,
            texts,
            boards,
            solved,
            from_position: true,
        })
    }
}

/// An explanation being worked out for one grid; dropping it cancels it.
pub struct Job {
    /// The grid explained.
    pub grid: Grid,
    cancel: CancelToken,
    receiver: Receiver<Explained>,
    handle: Option<JoinHandle<()>>,
}

impl Job {
    /// Starts explaining `puzzle` (of `grid`) from the empty board, or from `from`, waking
    /// `ctx` when done.
    pub fn start(
        grid: Grid,
        puzzle: Puzzle,
        from: Option<Board>,
        ctx: egui::Context,
    ) -> std::io::Result<Job> {
        let cancel = CancelToken::new();
        let token = cancel.clone();
        let (sender, receiver) = channel();
        let handle = background::spawn("kakuro-explain", move || {
            let explained = match from {
                Some(board) => Explained::work_out_from(puzzle, board, &token),
                None => Explained::work_out(puzzle, &token),
            };
            if let Some(explained) = explained {
                let _ = sender.send(explained);
            }
            ctx.request_repaint();
        })?;
        Ok(Job {
            grid,
            cancel,
            receiver,
            handle: Some(handle),
        })
    }

    /// The explanation, once the worker has sent it.
    pub fn result(&self) -> Option<Explained> {
        self.receiver.try_recv().ok()
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        // A cancelled solve stops at its next look at the token; no need to wait for it.
        self.cancel.cancel();
        if let Some(handle) = self.handle.take()
            && handle.is_finished()
        {
            let _ = handle.join();
        }
    }
}
