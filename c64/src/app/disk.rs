//! Saving and loading the game (`s` and `l` on the board). The step that
//! reads the key answers [`Step::Save`] or [`Step::Load`], and the platform
//! does the rest before the next step: a save writes [`App::record`] (the
//! start the undo ring reaches back to and every ply, those taken back
//! too: [`Game::write_record`]) to its disk and answers [`App::saved`]; a
//! load reads the record and answers [`App::loaded`], which puts the game
//! on the board with its undo and redo, or says why not and keeps the
//! game. The platform holds the record: the PC a buffer of its own
//! ([`App::use_disk`]), the C64 the soft stack's idle region, and the
//! C64's call of its drive is made by the glue's `main` between two steps
//! (docs/c64.md, "The glue").
//!
//! [`Game::write_record`]: engine_core::game::Game::write_record

use engine_core::game::{SearcherHome, RECORD_LEN};

use super::{App, Message, Step};
use crate::input::{Disk, DiskError};

impl<H: SearcherHome> App<H> {
    /// The game as a record, for a save ([`Step::Save`]): written into
    /// `into`, its length returned.
    pub fn record(&mut self, into: &mut [u8; RECORD_LEN]) -> usize {
        self.game.write_record(into)
    }

    /// The platform's answer to a save.
    pub fn saved(&mut self, answer: Result<(), DiskError>) {
        self.say_disk(answer.map(|()| Message::Saved));
    }

    /// The platform's answer to a load ([`Step::Load`]): the record it read,
    /// or why there is none. A record the engine refuses leaves the game as
    /// it was: it is put back from its own record, which the load first
    /// writes into `kept`, the platform's (the record's length of RAM).
    ///
    /// The record's start is made in the editor's set-up, not in a frame:
    /// a load is asked on the board, and the editor fills its set-up anew
    /// from the game whenever it opens.
    pub fn loaded(&mut self, answer: Result<&[u8], DiskError>, kept: &mut [u8; RECORD_LEN]) {
        let said = answer.map(|record| match self.game.read_record_in(record, &mut self.editor.setup, kept) {
            Ok(()) => {
                self.game_started();
                Message::Loaded
            }
            Err(_) => Message::BadFile,
        });
        self.say_disk(said);
    }

    /// For a platform whose disk answers at once: the save or load `step`
    /// asked for ([`Step::Save`], [`Step::Load`]; any other step, nothing),
    /// done with `disk` and a record buffer of its own.
    pub fn use_disk(&mut self, step: Step, disk: &mut impl Disk) {
        let (mut buffer, mut kept) = ([0; RECORD_LEN], [0; RECORD_LEN]);
        match step {
            Step::Save => {
                let len = self.record(&mut buffer);
                self.saved(disk.save(&buffer[..len]));
            }
            Step::Load => {
                let answer = disk.load(&mut buffer).map(|len| &buffer[..len.min(RECORD_LEN)]);
                self.loaded(answer, &mut kept);
            }
            _ => {}
        }
    }

    /// The message for what the disk did.
    fn say_disk(&mut self, said: Result<Message, DiskError>) {
        self.say(said.unwrap_or_else(|e| match e {
            DiskError::NoDisk => Message::NoDisk,
            DiskError::DiskFull => Message::DiskFull,
            DiskError::NoFile => Message::NoSavedGame,
            DiskError::BadFile => Message::BadFile,
            DiskError::Failed => Message::DiskFailed,
        }));
    }
}
