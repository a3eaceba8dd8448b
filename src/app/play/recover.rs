//! The offer, at start, to bring back a game the last session left unsaved (see
//! [`super::autosave`]), and the clean exit that leaves nothing to offer.

use std::time::Duration;

use super::state::Game;
use super::timer::clock;
use crate::app::sheet::Sheet;
use crate::app::{KakuroApp, Meta};

impl KakuroApp {
    /// A clean exit: nothing to recover next time (unless the offer was never answered).
    pub(crate) fn play_exit(&mut self) {
        if self.play.offer.is_none() {
            self.play.autosave.clear(None);
        }
    }

    /// Whether the offer to restore a game is showing.
    pub(crate) fn play_offers(&self) -> bool {
        self.play.offer.is_some()
    }

    /// The offer to restore a game the last session left unsaved.
    pub(crate) fn play_offer_ui(&mut self, ctx: &egui::Context) {
        let Some(offer) = &self.play.offer else {
            return;
        };
        let name = offer
            .source
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(
                || "an unsaved puzzle".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
        let (placed, seconds) = offer.document.play.as_ref().map_or((0, 0), |p| {
            (p.digits.iter().filter(|&&d| d != 0).count(), p.seconds)
        });
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("restore-game")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading("Restore the game in progress?");
            ui.label(format!(
                "Kakuro did not close cleanly while you were playing {name}: {placed} digits \
                 placed, {} played.",
                clock(Duration::from_secs(seconds))
            ));
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    answer = Some(true);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => self.restore_offer(),
            Some(false) => {
                self.play.offer = None;
                self.play.autosave.clear(None);
            }
            None => {}
        }
    }

    /// Brings back the game the last session left: on its own file when it still has the same
    /// grid, else as an unsaved puzzle.
    pub fn restore_offer(&mut self) {
        let Some(offer) = self.play.offer.take() else {
            return;
        };
        let doc = offer.document;
        let Some(record) = doc.play.clone() else {
            return;
        };
        let on_file = offer
            .source
            .as_ref()
            .is_some_and(|p| self.load_path(p).is_ok() && *self.editor.grid() == doc.grid);
        if !on_file {
            let meta = Meta {
                title: doc.title.clone(),
                author: doc.author.clone(),
                notes: doc.notes.clone(),
            };
            self.set_document(Sheet::new(doc.grid.clone()), meta, None);
            self.unsaved_name = Some("recovered game".into());
        }
        match Game::from_record(self.editor.grid(), &record) {
            Ok(game) => {
                self.select_saved_cursor(&record);
                let saved = self.play.saved.clone();
                self.play
                    .start(game, Duration::from_secs(record.seconds), saved);
                self.enter_play();
                self.status.info("The game in progress is back");
            }
            Err(e) => self
                .status
                .error(format!("The game could not be restored: {e}")),
        }
    }
}
