//! The PC's disk for `play`: the game file that `s` saves and `l` loads.
//!
//! A file whose name ends in `.pgn` holds the game in PGN (the moves
//! played, in SAN, from the `FEN` tag's position or the initial one; what
//! redo could replay is not PGN's and is left out); any other holds the
//! C64's own record, byte for byte what the C64 keeps on its disk
//! (`engine_core::game::Game::write_record`). Loading a PGN file reads its
//! first game: tags (only `FEN` matters), comments, variations, NAGs and
//! move numbers are skipped, each move is SAN or coordinates (`e2e4`,
//! `e7e8q`) and must be legal. The record's file starts as the C64's PRG
//! file does, with the two bytes of its load address
//! ([`c64::kernal::LOAD_ADDRESS`]), so the same file goes onto a disk
//! image and back unchanged.
//!
//! The app's message row has the C64's words (`No disk`, `Not a game`);
//! on the PC each failure also leaves a note in the PC's words
//! ([`GameFile::take_note`]), which the front ends show: the path and the
//! system's reason for a file that cannot be read or written, the move
//! (its number and text) at which a PGN game stops being legal. A saved
//! PGN names the players (`Human`, `c64chess level N`), the date and the
//! result.

use std::fs;
use std::io::ErrorKind;
use std::path::PathBuf;

use c64::kernal::LOAD_ADDRESS;
use c64::{Disk, DiskError};
use engine_core::game::{move_from, move_to, Game, Outcome, Player, SearcherHome, RECORD_LEN};
use engine_core::piece::Color;
use engine_core::{Move, Position, MAX_MOVES};

use crate::matchplay::pgn::{today, write_tagged};
use crate::matchplay::san::san;

/// Where `play` keeps its game.
#[derive(Clone, Debug)]
pub struct GameFile {
    /// The file.
    pub path: PathBuf,
    /// The players' names for a PGN's `White` and `Black` tags.
    names: [String; 2],
    /// What went wrong with the last save or load, in the PC's words.
    note: Option<String>,
}

impl GameFile {
    /// The game file at `path`; the players unnamed until
    /// [`GameFile::name_players`].
    pub fn new(path: PathBuf) -> GameFile {
        GameFile { path, names: ["?".into(), "?".into()], note: None }
    }

    fn is_pgn(&self) -> bool {
        self.path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
    }

    /// Name the players of `game` for the next save: `Human`, or
    /// `c64chess level N` for the computer.
    pub fn name_players<H: SearcherHome>(&mut self, game: &Game<H>) {
        self.names = [Color::White, Color::Black].map(|side| match game.player(side) {
            Player::Human => "Human".to_string(),
            Player::Computer => format!("c64chess level {}", game.level()),
        });
    }

    /// What went wrong with the last save or load, once: the path and the
    /// system's reason, or the move a PGN game fails at.
    pub fn take_note(&mut self) -> Option<String> {
        self.note.take()
    }

    /// Keep `note` for [`GameFile::take_note`]; `error`.
    fn fail(&mut self, error: DiskError, note: String) -> DiskError {
        self.note = Some(note);
        error
    }
}

impl Disk for GameFile {
    /// Write `record` (PGN if the name says so), replacing the file.
    fn save(&mut self, record: &[u8]) -> Result<(), DiskError> {
        self.note = None;
        let bytes = if self.is_pgn() {
            let [white, black] = &self.names;
            pgn_of(record, white, black).ok_or(DiskError::Failed)?.into_bytes()
        } else {
            [&LOAD_ADDRESS[..], record].concat()
        };
        fs::write(&self.path, bytes).map_err(|e| {
            let error = match e.kind() {
                ErrorKind::StorageFull | ErrorKind::ReadOnlyFilesystem | ErrorKind::PermissionDenied => {
                    DiskError::DiskFull
                }
                ErrorKind::NotFound => DiskError::NoDisk,
                _ => DiskError::Failed,
            };
            self.fail(error, format!("cannot write {}: {e}", self.path.display()))
        })
    }

    /// Read the file into `into` as a record; how many bytes.
    fn load(&mut self, into: &mut [u8; RECORD_LEN]) -> Result<usize, DiskError> {
        self.note = None;
        let path = self.path.display().to_string();
        let bytes = fs::read(&self.path).map_err(|e| {
            let error = if e.kind() == ErrorKind::NotFound { DiskError::NoFile } else { DiskError::Failed };
            self.fail(error, format!("cannot read {path}: {e}"))
        })?;
        let record = if self.is_pgn() {
            let text = String::from_utf8(bytes)
                .map_err(|_| self.fail(DiskError::BadFile, format!("{path} is not text (UTF-8), so not PGN")))?;
            record_of_pgn(&text).map_err(|why| self.fail(DiskError::BadFile, format!("{path}: {why}")))?
        } else {
            let bad = |file: &mut GameFile| {
                file.fail(DiskError::BadFile, format!("{path} is not a c64chess game (a .pgn name reads PGN)"))
            };
            match bytes.strip_prefix(&LOAD_ADDRESS[..]) {
                Some(record) => record.to_vec(),
                None => return Err(bad(self)),
            }
        };
        // Longer than any record: not one (the engine says so for the rest).
        let Some(into) = into.get_mut(..record.len()) else {
            return Err(self.fail(DiskError::BadFile, format!("{path} is too long for a c64chess game")));
        };
        into.copy_from_slice(&record);
        Ok(record.len())
    }
}

/// A game of two humans (undo and redo a ply at a time).
fn humans() -> Game {
    let mut game = Game::new();
    game.set_player(Color::Black, Player::Human);
    game
}

/// The record's game in PGN, `white` and `black` its players; `None` if it
/// is not a record.
pub fn pgn_of(record: &[u8], white: &str, black: &str) -> Option<String> {
    let mut game = humans();
    game.read_record(record).ok()?;
    let mut played = 0;
    while game.undo() {
        played += 1;
    }
    let start = game.position().clone();
    let mut moves = Vec::new();
    for _ in 0..played {
        // The ply's tiles from its log line, its move found before it.
        game.redo();
        let line = game.log_line(1)?;
        game.undo();
        let m = game.find_move(line.from, line.to, line.promotion).ok()?;
        moves.push(san(&mut game.position().clone(), m));
        game.redo();
    }
    let result = match game.outcome() {
        Outcome::Checkmate if game.side_to_move() == Color::White => "0-1",
        Outcome::Checkmate => "1-0",
        Outcome::Normal | Outcome::Check => "*",
        _ => "1/2-1/2",
    };
    let fen = start.fen().to_string();
    let mut tags = vec![
        ("Event", "c64chess game".to_string()),
        ("Site", "?".to_string()),
        ("Date", today()),
        ("Round", "-".to_string()),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", result.to_string()),
    ];
    if start != Position::startpos() {
        tags.push(("FEN", fen));
        tags.push(("SetUp", "1".to_string()));
    }
    let mut out = String::new();
    write_tagged(&mut out, &tags, &start, &moves, &[result.to_string()]);
    Some(out)
}

/// The first game of a PGN text as a record, or why it is none.
pub fn record_of_pgn(text: &str) -> Result<Vec<u8>, String> {
    let mut fen = None;
    let mut movetext = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.trim().is_empty() {
                break; // the next game's tags
            }
            if let Some(value) = tag.strip_prefix("FEN \"").and_then(|v| v.strip_suffix("\"]")) {
                fen = Some(value.to_string());
            }
        } else if !line.starts_with('%') {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let mut game = match &fen {
        Some(f) => Game::from_fen(f).map_err(|e| e.to_string())?,
        None => humans(),
    };
    game.set_player(Color::Black, Player::Human);
    game.set_player(Color::White, Player::Human);
    let mut pos = game.position().clone();
    for token in tokens(&movetext)? {
        // The move's number as PGN writes it: `3.` for White, `3...` for Black.
        let number = pos.fullmove_number();
        let dots = if pos.side_to_move() == Color::White { "." } else { "..." };
        let bad = || format!("move {number}{dots}{token} is not legal there");
        let m = parse_move(&mut pos, &token).ok_or_else(bad)?;
        let found = game.find_move(move_from(m), move_to(m), m.promotion()).map_err(|_| bad())?;
        game.play(found).map_err(|_| bad())?;
        pos.make(m);
    }
    let mut out = [0; RECORD_LEN];
    let n = game.write_record(&mut out);
    Ok(out[..n].to_vec())
}

/// The moves of a movetext: no comments, variations, NAGs, numbers or result.
fn tokens(movetext: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let (mut comment, mut rest_of_line, mut depth) = (false, false, 0u32);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<String>| {
        let whole = std::mem::take(word);
        // A move number before the move ("12.", "12...Nc6"), not castling's "0-0".
        let w = match whole.rfind('.') {
            Some(dot) if whole[..dot].bytes().all(|c| c.is_ascii_digit() || c == b'.') => &whole[dot + 1..],
            _ => &whole[..],
        };
        let end = ["1-0", "0-1", "1/2-1/2", "*"].contains(&w);
        if !w.is_empty() && !end && !w.starts_with('$') {
            out.push(w.to_string());
        }
    };
    for c in movetext.chars() {
        match c {
            _ if rest_of_line => rest_of_line = c != '\n',
            '}' if comment => comment = false,
            _ if comment => {}
            '{' => comment = true,
            ';' => rest_of_line = true,
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1).ok_or("a ')' without its '('")?,
            _ if depth > 0 => {}
            c if c.is_whitespace() => flush(&mut word, &mut out),
            c => word.push(c),
        }
    }
    if comment || depth > 0 {
        return Err("a comment or variation is not closed".into());
    }
    flush(&mut word, &mut out);
    Ok(out)
}

/// The legal move of `pos` that `token` names: SAN (check marks and
/// annotations ignored, `0-0` as `O-O`) or coordinates.
pub fn parse_move(pos: &mut Position, token: &str) -> Option<Move> {
    let bare = |t: &str| t.trim_end_matches(['+', '#', '!', '?']).replace('0', "O");
    let wanted = bare(token);
    let mut moves = [Move::NONE; MAX_MOVES];
    let n = pos.legal_moves(&mut moves);
    let legal = &moves[..n];
    legal.iter().copied().find(|&m| bare(&san(pos, m)) == wanted || m.to_string() == token)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record_after(moves: &[&str]) -> Vec<u8> {
        let text = format!("1. {}", moves.join(" "));
        record_of_pgn(&text).unwrap()
    }

    #[test]
    fn pgn_round_trips_through_the_record() {
        let record = record_after(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]);
        let pgn = pgn_of(&record, "?", "?").unwrap();
        assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *"), "{pgn}");
        assert!(!pgn.contains("[FEN"), "the initial position needs no FEN tag");
        assert_eq!(record_of_pgn(&pgn).unwrap(), record);
    }

    #[test]
    fn pgn_from_a_position_with_a_result() {
        let text = "[Event \"x\"]\n[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 30\"]\n\n30. Ra8# 1-0\n";
        let record = record_of_pgn(text).unwrap();
        let pgn = pgn_of(&record, "?", "?").unwrap();
        assert!(pgn.contains("[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 30\"]") && pgn.contains("30. Ra8# 1-0"), "{pgn}");
    }

    #[test]
    fn pgn_reading_skips_what_is_not_a_move() {
        let text = "[Event \"x\"]\n% escape\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3!? $1 ; a comment\n2... Nc6 3. 0-0?? *\n";
        assert!(record_of_pgn(text).is_err(), "castling is not legal yet");
        let good = "1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3!? $1 ; rest\nNc6 3. g1f3 *";
        assert!(record_of_pgn(good).is_err(), "Nf3 twice");
        let ok = "1. e4 {x} e5 (1... c5) 2. Nf3!? $1 ; rest\nNc6 3. f1b5 a6 *\n\n[Event \"next\"]\n1. d4";
        let pgn = pgn_of(&record_of_pgn(ok).unwrap(), "?", "?").unwrap();
        assert!(pgn.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"), "{pgn}");
    }

    #[test]
    fn an_illegal_move_is_named_with_its_number() {
        assert_eq!(record_of_pgn("1. e4 e5 2. Nf3 Nf6 3. Ke3").unwrap_err(), "move 3.Ke3 is not legal there");
        assert_eq!(record_of_pgn("1. e4 e4").unwrap_err(), "move 1...e4 is not legal there");
        let fen = "[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 30\"]\n\n30. Ra7 Kg8 31. Ra9";
        assert_eq!(record_of_pgn(fen).unwrap_err(), "move 31.Ra9 is not legal there");
    }

    #[test]
    fn bad_pgn_is_refused() {
        for text in ["1. e5", "1. e4 {open", "1. e4 (1. d4", "1. e4 )", "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4"] {
            assert!(record_of_pgn(text).is_err(), "{text}");
        }
    }
}
