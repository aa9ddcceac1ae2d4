//! # engine-core: the c64chess engine
//!
//! A `no_std`, heap-free chess engine written for a 1 MHz 6502 with 16-bit
//! `usize` and no multiply instruction, and run unchanged on a PC.
//!
//! The whole crate on one screen, in layers: a module imports only from
//! its own layer or below (`tools/structure` checks it in CI, and that no two
//! modules import each other). Read it bottom-up for the data, top-down
//! for the interface.
//!
//! | layer | module | holds |
//! |---|---|---|
//! | 9 | [`game`] | **the tile interface**: the frozen API every front end uses |
//! | 9 | [`bench`](mod@bench) | the fixed workloads: the search fingerprint and the drive's endings |
//! | 8 | [`level`] | the four skill levels |
//! | 7 | [`search`] | node-budgeted negamax, quiescence, iterative deepening |
//! | 6 | [`perft`](mod@perft) | leaf counts of the legal move tree |
//! | 6 | [`tt`] | the transposition table: 8-byte entries in slots the front end places |
//! | 6 | [`pv`] | the triangular principal-variation table |
//! | 6 | [`book`] | White's first move and Black's reply, from tables |
//! | 5 | [`movegen`] | pseudo-legal generation into a caller's slice; captures-only and checks modes; coordinate moves |
//! | 5 | [`fen`] | FEN parsing with named errors, and FEN output |
//! | 5 | [`eval`] | `evaluate` from the running totals; the mate drive; the most a capture gains |
//! | 5 | [`consistency`] | [`Position::is_consistent`]: every invariant against the board |
//! | 4 | [`make`] | `make` / `unmake`: a move applied and taken back exactly |
//! | 3 | [`legality`] | whether a move leaves its king attacked, mostly before it is made; the en passant rule |
//! | 2 | [`attacks`] | attacked squares, attackers, check and the checks a move gives |
//! | 1 | [`position`] | [`Position`]: board, state, running totals, keys and repetition |
//! | 0 | [`incremental`] | the per-move change of every running total |
//! | 0 | [`tables`] | the running totals' per-piece tables, built from the values |
//! | 0 | [`eval_tables`] | the evaluation's values, as the tuner writes them |
//! | 0 | [`hash`] | 32-bit Zobrist keys |
//! | 0 | [`geometry`] | the 0x88 steps of every piece, and the line joining two squares |
//! | 0 | [`mv`] | the 4-byte [`Move`] and 4-byte [`Undo`] |
//! | 0 | [`score`] | the score scale: mate scores and their bounds |
//! | 0 | [`rng`] | the 8-bit LFSR behind every random choice |
//! | 0 | [`piece`] | the one-byte piece: type in bits 0–2, colour in bit 3 |
//! | 0 | [`square`] | the 0x88 [`Square`](square::Square) (row 0 = rank 8), the named squares, the 0..63 ordinal of the per-square tables |
//!
//! The layers are of imports. Calls follow them too, with one exception
//! that is not an import: in debug and test builds `make` and `unmake`
//! assert [`consistency`]'s check (release and C64 builds never call it).
//!
//! Legality is decided before a move is made wherever the board tells
//! ([`Position::legality`]: king moves, pins), and otherwise by trying:
//! `make`, ask whether the mover's king is attacked
//! ([`Position::last_move_was_legal`]), `unmake`.
//!
//! Sixteen-bit rules: every quantity has an explicit width, `usize` is only
//! an index, nothing multiplies toward a limit.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod attacks;
pub mod bench;
pub mod book;
pub mod consistency;
pub mod eval;
pub mod eval_tables;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod hash;
pub mod incremental;
pub mod legality;
pub mod level;
pub mod make;
pub mod movegen;
pub mod mv;
pub mod perft;
pub mod piece;
pub mod position;
pub mod pv;
pub mod rng;
pub mod score;
pub mod search;
pub mod square;
pub mod tables;
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
