//! Saving and loading a game through the tile interface
//! (`Game::write_record`, `Game::read_record`): a round trip gives the same
//! game, undo and redo included; every kind of bad record is refused with
//! its reason and the game is kept.

use engine_core::game::{BadRecord, Game, Player, RECORD_LEN};
use engine_core::piece::*;
use engine_core::{Position, Tile};

fn tile(name: &str) -> Tile {
    let b = name.as_bytes();
    Tile::from_name([b[0], b[1]]).unwrap()
}

/// Two humans from `fen` (or the start) after `moves` ("e2e4", "e7e8q").
fn game(fen: Option<&str>, moves: &[&str]) -> Game {
    let mut g = fen.map(|f| Game::from_fen(f).unwrap()).unwrap_or_default();
    g.set_player(Color::Black, Player::Human);
    for text in moves {
        let promotion = match text.as_bytes().get(4) {
            Some(b'r') => ROOK,
            Some(b'b') => BISHOP,
            Some(b'n') => KNIGHT,
            _ => QUEEN,
        };
        let m = g.find_move(tile(&text[..2]), tile(&text[2..4]), promotion).unwrap_or_else(|_| panic!("{text}"));
        g.play(m).unwrap();
    }
    g
}

fn record(g: &mut Game) -> Vec<u8> {
    let mut out = [0; RECORD_LEN];
    let n = g.write_record(&mut out);
    out[..n].to_vec()
}

/// What a game is to a player: the position, and every position undo and
/// redo reach from it (walked and walked back).
fn walk(g: &mut Game) -> (String, Vec<String>, Vec<String>) {
    let now = g.position().fen().to_string();
    let mut back = Vec::new();
    while g.undo() {
        back.push(g.position().fen().to_string());
    }
    let mut forward = Vec::new();
    while g.redo() {
        forward.push(g.position().fen().to_string());
    }
    for _ in 0..forward.len() - back.len() {
        assert!(g.undo());
    }
    assert_eq!(g.position().fen().to_string(), now);
    (now, back, forward)
}

#[test]
fn a_round_trip_keeps_the_position_and_every_undo_and_redo() {
    let mut saved = game(None, &["e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d2", "b1d2", "e7e5"]);
    // Two plies taken back: redo must replay them after the load.
    assert!(saved.undo() && saved.undo());
    let bytes = record(&mut saved);
    assert_eq!(bytes.len(), 44 + 2 * 10);
    assert_eq!(&bytes[..5], b"C64G\x01");
    let before = walk(&mut saved);
    assert_eq!(record(&mut saved), bytes, "saving changes nothing");
    let mut loaded = Game::new();
    loaded.set_player(Color::Black, Player::Human);
    assert_eq!(loaded.read_record(&bytes), Ok(()));
    assert_eq!(*loaded.position(), *saved.position());
    assert_eq!(walk(&mut loaded), before);
    assert_eq!(record(&mut loaded), bytes);
}

#[test]
fn a_round_trip_from_a_fen_with_en_passant_clocks_and_promotions() {
    let fen = "4k3/1P4p1/8/3pP3/8/8/6p1/4K2R w K d6 7 41";
    let mut saved = game(Some(fen), &["e5d6", "g2g1b", "b7b8n", "g7g5"]);
    let bytes = record(&mut saved);
    assert_eq!(bytes[38], tile("d6").number(), "the start's en passant square");
    assert_eq!((bytes[39], u16::from_le_bytes([bytes[40], bytes[41]])), (7, 41));
    let mut loaded = Game::new();
    loaded.set_player(Color::Black, Player::Human);
    loaded.read_record(&bytes).unwrap();
    assert_eq!(loaded.position().fen().to_string(), saved.position().fen().to_string());
    assert_eq!(loaded.log_line(3).map(|l| l.promotion), Some(BISHOP));
    assert_eq!(loaded.log_line(2).map(|l| l.promotion), Some(KNIGHT));
    for _ in 0..4 {
        assert!(loaded.undo());
    }
    assert_eq!(loaded.position().fen().to_string(), fen);
}

#[test]
fn a_game_longer_than_the_ring_saves_from_the_oldest_ply_kept() {
    // Knights out and back: 200 plies, of which the ring keeps 127.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = shuffle.iter().cycle().take(200).copied().collect();
    let mut saved = game(None, &moves);
    let bytes = record(&mut saved);
    assert_eq!(bytes.len(), RECORD_LEN);
    let mut loaded = Game::new();
    loaded.set_player(Color::Black, Player::Human);
    loaded.read_record(&bytes).unwrap();
    assert_eq!(loaded.position().fen().to_string(), saved.position().fen().to_string());
    let mut undone = 0;
    while loaded.undo() {
        undone += 1;
    }
    assert_eq!(undone, 127);
}

#[test]
fn bad_records_are_refused_and_the_game_is_kept() {
    let good = record(&mut game(None, &["e2e4", "e7e5", "g1f3"]));
    let mut broken: Vec<(Vec<u8>, BadRecord)> = Vec::new();
    let mut with = |f: &dyn Fn(&mut Vec<u8>), why: BadRecord| {
        let mut r = good.clone();
        f(&mut r);
        broken.push((r, why));
    };
    with(&|r| r.clear(), BadRecord::NotARecord);
    with(&|r| r.truncate(43), BadRecord::NotARecord);
    with(&|r| r[0] = b'X', BadRecord::NotARecord);
    with(&|r| r[4] = 2, BadRecord::Version(2));
    with(&|r| r.push(0), BadRecord::NotARecord);
    with(&|r| r.truncate(r.len() - 1), BadRecord::NotARecord);
    with(&|r| r[42] = 128, BadRecord::NotARecord);
    with(&|r| r[43] = 4, BadRecord::NotARecord);
    with(&|r| r[37] |= 0x20, BadRecord::NotARecord);
    with(&|r| r[38] = 64, BadRecord::NotARecord);
    with(&|r| r[5] = 0x07, BadRecord::NotARecord); // a8: kind 7
    with(&|r| r[5] = 0x08, BadRecord::NotARecord); // a8: a colour, no kind
                                                   // Chess: the start's men (no White king), a ply not legal.
    let no_king = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1").unwrap_err();
    with(&|r| r[5 + 60 / 2] &= 0xF0, BadRecord::Position(no_king)); // e1: tile 60, a low nybble
    let no_push = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1").unwrap_err();
    with(&|r| r[38] = tile("e6").number(), BadRecord::Position(no_push)); // e7 still at home
    with(&|r| r[44 + 2 * 2 + 1] = tile("f4").number(), BadRecord::Ply(3)); // Ng1-f4
    with(&|r| r[44] = tile("e3").number(), BadRecord::Ply(1)); // from an empty square
    for (bytes, why) in broken {
        let mut g = game(None, &["d2d4", "d7d5"]);
        assert!(g.undo());
        let before = (g.position().clone(), walk(&mut g), record(&mut g));
        assert_eq!(g.read_record(&bytes), Err(why), "{bytes:?}");
        assert_eq!(*g.position(), before.0, "{why:?}");
        assert_eq!(walk(&mut g), before.1, "undo and redo kept: {why:?}");
        assert_eq!(record(&mut g), before.2);
        assert!(!why.to_string().is_empty());
    }
}

#[test]
fn the_reasons_read_well() {
    assert_eq!(BadRecord::NotARecord.to_string(), "not a saved c64chess game");
    assert_eq!(BadRecord::Ply(3).to_string(), "the saved game's ply 3 is not legal");
    let e = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert_eq!(
        BadRecord::Position(e).to_string(),
        "the saved game's start is not a position: each side needs exactly one king"
    );
}

/// A record's en passant square whose capture the record's men do not
/// allow (its capturing pawn gone: the square's geometry still holds) is
/// dropped, as the FEN parser drops one, and never set meanwhile: the
/// position stays consistent (the debug build checks it at every make and
/// unmake of the legal moves' search; a fuzz case found it set too early).
#[test]
fn an_en_passant_square_without_its_capture_is_dropped_on_load() {
    // White's king in check by the pawn that just came: the knight's legal
    // moves are found by making them, which checks the position each time.
    let mut from = game(Some("4k3/8/8/3pP3/4K3/2N5/8/8 w - d6 0 2"), &[]);
    let mut bytes = record(&mut from);
    assert_eq!(bytes[38], 19, "the record keeps d6 (its ordinal, a8 = 0)");
    // e5 is tile 28: byte 5 + 14, its low nybble; the pawn taken off.
    bytes[5 + 14] &= 0xF0;
    let mut g = game(None, &["e2e4"]);
    g.read_record(&bytes).unwrap();
    assert_eq!(g.position().fen().to_string(), "4k3/8/8/3p4/4K3/2N5/8/8 w - - 0 2");
    assert!(g.position().is_consistent().is_ok());
}
