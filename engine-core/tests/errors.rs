//! Every public error type of the core reads as words (`Display`) and is a
//! `core::error::Error`, so a host can box it, `?` it into its own errors
//! and print it: `FenError`, `Inconsistency` and the tile interface's
//! `NotLegal`. The checker's every finding is pinned in `consistency.rs`'s
//! own tests, FEN's every rejection in `tests/tests/fen.rs`.

use core::error::Error;

use engine_core::game::NotLegal;
use engine_core::square::Square;
use engine_core::{FenError, FenField, Game, Inconsistency, Position, Tile};

/// The message of an error, through the `Error` trait object (so each type
/// must implement it).
fn message(e: &dyn Error) -> String {
    e.to_string()
}

#[test]
fn fen_error_reads_as_words() {
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1").unwrap_err();
    assert_eq!(e, FenError { field: FenField::Side, problem: "expected w or b" });
    assert_eq!(message(&e), "bad FEN side to move: expected w or b");
    assert!(e.source().is_none());
}

#[test]
fn inconsistency_reads_as_words() {
    let placement = Inconsistency::Placement(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err());
    assert_eq!(message(&placement), "each side needs exactly one king");
    assert_eq!(message(&Inconsistency::Totals), "the running totals differ from a recount of the board");
    assert_eq!(message(&Inconsistency::DeadZone(Square::from_x88(0x0F))), "dead-zone cell 0x0f is not empty");
    assert_eq!(message(&Inconsistency::NotAPiece(Square::E4)), "square e4 holds no piece");
}

#[test]
fn not_legal_reads_as_words() {
    let game = Game::new();
    // e2 (tile 52) to e5 (tile 28): no such move.
    let e = game.find_move(Tile::masked(52), Tile::masked(28), 0).unwrap_err();
    assert_eq!(e, NotLegal);
    assert_eq!(message(&e), "the move is not legal in this position");
}
