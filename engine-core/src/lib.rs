//! # engine-core: the c64chess engine
//!
//! A `no_std`, heap-free chess engine written for a 1 MHz 6502 with 16-bit
//! `usize` and no multiply instruction, and run unchanged on a PC.
//!
//! The whole interface on one screen:
//!
//! | module | holds |
//! |---|---|
//! | [`square`] | the 0x88 square (row 0 = rank 8) and the 0..63 tile of the front ends |
//! | [`piece`] | the one-byte piece: type in bits 0–2, colour in bit 3 |
//! | [`mv`] | the 4-byte [`Move`] and 4-byte [`Undo`] |
//! | [`position`] | [`Position`]: board, state, `make` / `unmake`, attack queries |
//! | [`consistency`] | [`Position::is_consistent`]: every invariant against the board |
//! | [`movegen`] | pseudo-legal generation into a caller's slice; captures-only mode |
//! | [`eval`] | material and piece-square tables as running totals; `evaluate` |
//! | [`eval_tables`] | the evaluation's values, as the tuner writes them |
//! | [`hash`] | 32-bit Zobrist keys |
//! | [`incremental`] | the per-move change of every running total |
//! | [`fen`] | FEN parsing with named errors, and FEN output |
//! | [`perft`](mod@perft) | leaf counts of the legal move tree |
//! | [`search`] | node-budgeted negamax, quiescence, iterative deepening |
//! | [`level`] | the four skill levels |
//! | [`book`] | White's first move and Black's reply, from tables |
//! | [`game`] | **the tile interface**: the frozen API every front end uses |
//!
//! Legality is decided by trying: `make`, ask whether the mover's king is
//! attacked ([`Position::last_move_was_legal`]), `unmake`.
//!
//! Sixteen-bit rules: every quantity has an explicit width, `usize` is only
//! an index, nothing multiplies toward a limit.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod bench;
pub mod book;
pub mod consistency;
pub mod eval;
pub mod eval_tables;
pub mod fen;
pub mod game;
pub mod hash;
pub mod incremental;
pub mod level;
pub mod movegen;
pub mod mv;
pub mod perft;
pub mod piece;
pub mod position;
pub mod pv;
pub mod search;
pub mod square;
pub mod tt;

pub use consistency::Inconsistency;
pub use fen::{FenError, FenField};
pub use game::{Game, Outcome, Player, Tile};
pub use movegen::{GenMode, MAX_MOVES};
pub use mv::{Move, Undo};
pub use perft::{perft, perft_in};
pub use position::Position;
pub use search::{Limits, SearchHooks, SearchResult, Searcher};

/// FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_matches_its_fen_and_counts() {
        let mut pos = Position::startpos();
        assert_eq!(Position::from_fen(START_FEN).unwrap(), pos);
        assert_eq!(perft(&mut pos, 1), Some(20));
        assert_eq!(perft(&mut pos, 2), Some(400));
        assert_eq!(perft(&mut pos, 3), Some(8902));
        assert_eq!(pos, Position::startpos());
    }
}
