//! `position fen`: the FEN faults GUIs commonly send, repaired as the widely
//! used engines repair them, each with a note for an `info string`.
//!
//! The core's parser is strict ([`Position::from_fen`]); here a FEN it
//! rejects for one of these reasons is mended and parsed again:
//! * castling rights the men on the board cannot have (the king or the rook
//!   has left home): those rights are dropped;
//! * an en passant square no double push could have made: dropped;
//! * a halfmove clock above 255 (the core keeps a byte): read as 255, which
//!   the fifty-move rule treats exactly as the larger number.
//!
//! An en passant square on which no pawn can take is accepted by the core
//! and dropped silently; it gets a note here too. Anything else is really
//! unusable and is rejected with the core's reason.

use engine_core::square::NO_SQUARE;
use engine_core::{FenError, FenField, Position};

/// The largest halfmove clock the core keeps.
const MAX_CLOCK: &str = "255";

/// Parse `fen`, mending the faults listed in the module documentation.
/// Returns the position and a note for each repair.
pub fn parse(fen: &str) -> Result<(Position, Vec<String>), FenError> {
    let mut fields: Vec<String> = fen.split_ascii_whitespace().map(str::to_owned).collect();
    let mut notes = Vec::new();
    if let Some(clock) = fields.get_mut(4) {
        let digits = !clock.is_empty() && clock.bytes().all(|b| b.is_ascii_digit());
        if digits && clock.parse::<u8>().is_err() {
            notes.push(format!("halfmove clock {} read as {MAX_CLOCK}", super::printable(clock, 20)));
            *clock = MAX_CLOCK.to_owned();
        }
    }
    // Each repair changes one field once, so this ends.
    loop {
        match Position::from_fen(&fields.join(" ")) {
            Ok(pos) => {
                if fields[3] != "-" && pos.ep_square() == NO_SQUARE {
                    notes.push(format!("en passant square {} dropped: no pawn can take there", fields[3]));
                }
                return Ok((pos, notes));
            }
            Err(e) if e.field == FenField::Castling && e.problem == "a right without its king and rook at home" => {
                let (kept, dropped) = split_rights(&fields);
                notes.push(format!("castling rights {dropped} dropped: their king or rook is not at home"));
                fields[2] = if kept.is_empty() { "-".to_owned() } else { kept };
            }
            Err(e) if e.field == FenField::EnPassant && e.problem == "no double push could have made this square" => {
                notes.push(format!("en passant square {} dropped: no double push could have made it", fields[3]));
                fields[3] = "-".to_owned();
            }
            Err(e) => return Err(e),
        }
    }
}

/// The castling letters of `fields` that the board allows, and those it
/// does not: each letter is tried alone, and kept unless the parser then
/// still objects to the castling field.
fn split_rights(fields: &[String]) -> (String, String) {
    let mut kept = String::new();
    let mut dropped = String::new();
    for letter in fields[2].chars() {
        let mut alone = fields.to_vec();
        alone[2] = letter.to_string();
        match Position::from_fen(&alone.join(" ")) {
            Err(e) if e.field == FenField::Castling => dropped.push(letter),
            _ => kept.push(letter),
        }
    }
    (kept, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mended(fen: &str) -> (String, Vec<String>) {
        let (pos, notes) = parse(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        (pos.fen().to_string(), notes)
    }

    #[test]
    fn impossible_rights_and_squares_are_dropped_with_a_note() {
        let (fen, notes) = mended("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
        assert_eq!(fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(notes, ["castling rights Qkq dropped: their king or rook is not at home"]);
        let (fen, notes) = mended("4k3/8/8/8/8/8/8/R3K3 b Q a3 0 1");
        assert_eq!(fen, "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1");
        assert_eq!(notes, ["en passant square a3 dropped: no double push could have made it"]);
        let (fen, notes) = mended("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
        assert_eq!(fen, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
        assert_eq!(notes, ["en passant square e3 dropped: no pawn can take there"]);
        let (fen, notes) = mended("4k3/8/8/8/8/8/8/4K3 w KQkq e6 300 80");
        assert_eq!(fen, "4k3/8/8/8/8/8/8/4K3 w - - 255 80");
        assert_eq!(notes.len(), 3, "{notes:?}");
    }

    #[test]
    fn good_fens_get_no_note_and_bad_ones_are_still_rejected() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            assert_eq!(mended(fen), (fen.to_owned(), vec![]));
        }
        for fen in [
            "",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w KX - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
            "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",
        ] {
            assert!(parse(fen).is_err(), "{fen}");
        }
    }
}
