//! Saving and loading the game (`s` and `l` on the board): the engine
//! writes the game as a record and hands it over ([`Game::keep_record`]:
//! the start the undo ring reaches back to and every ply, those taken back
//! too), the platform keeps it ([`Input::save_game`], [`Input::load_game`]: a file on the PC,
//! the disk in drive 8 on the C64), and a load puts it on the board with
//! its undo and redo, or says why not and keeps the game.
//!
//! [`Game::keep_record`]: engine_core::game::Game::keep_record

use engine_core::game::{SearcherHome, RECORD_LEN};

use super::{App, Message, Step};
use crate::input::{DiskError, Input};

/// What the next step does with the disk.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Due {
    /// Nothing (zero: the value in a zeroed `App`).
    Nothing,
    /// Save the game.
    Save,
    /// Load the saved game.
    Load,
}

impl<H: SearcherHome> App<H> {
    /// `s` (save) or `l` (load) on the board: done by the next step, which
    /// has the platform's disk.
    pub(super) fn ask_disk(&mut self, due: Due) {
        self.disk_due = due;
    }

    /// The save or load asked for, if one was: `Busy`; `None` if none.
    /// Out of line: the frames of the save's and the load's record buffers
    /// are under it, not part of [`App::step`]'s, which the search's
    /// deepest chain of calls is under.
    #[inline(never)]
    pub(super) fn disk_step<I: Input>(&mut self, input: &mut I) -> Option<Step> {
        let due = core::mem::replace(&mut self.disk_due, Due::Nothing);
        if due == Due::Nothing {
            return None;
        }
        let said = if due == Due::Save {
            self.game.keep_record(|record| input.save_game(record)).map(|()| Message::Saved)
        } else {
            self.load(input)
        };
        self.say(said.unwrap_or_else(|e| match e {
            DiskError::NoDisk => Message::NoDisk,
            DiskError::DiskFull => Message::DiskFull,
            DiskError::NoFile => Message::NoSavedGame,
            DiskError::BadFile => Message::BadFile,
            DiskError::Failed => Message::DiskFailed,
        }));
        Some(Step::Busy)
    }

    /// Load the saved game: its message, or why the disk failed. Out of
    /// line: its record buffer is a frame of its own, beside the save's.
    #[inline(never)]
    fn load<I: Input>(&mut self, input: &mut I) -> Result<Message, DiskError> {
        let mut record = [0; RECORD_LEN];
        input.load_game(&mut record).map(|len| match self.game.read_record(&record[..len.min(RECORD_LEN)]) {
            Ok(()) => {
                self.game_started();
                Message::Loaded
            }
            Err(_) => Message::BadFile,
        })
    }
}
