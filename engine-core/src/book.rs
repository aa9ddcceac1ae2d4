//! Opening tables: White's first move and Black's reply to it.
//!
//! The search rates e4 and d4 below a knight move at these budgets, and four
//! centuries of practice disagree; a table asks nothing and costs no search.
//! Black's table exists for variety: a deterministic engine answering 1.e4
//! one way plays one game. Entries are looked up in the legal move list, so a
//! wrong entry matches nothing and the search plays instead.

use crate::mv::Move;
use crate::piece::{BLACK, WHITE};
use crate::position::{Position, CASTLE_ALL, START_BOARD};
use crate::search::Lfsr;
use crate::square::parse_square;

/// White's first moves.
const WHITE_FIRST: [&[u8; 4]; 4] = [b"e2e4", b"d2d4", b"g1f3", b"c2c4"];

/// Black's replies, keyed by White's first move: two each.
const BLACK_REPLY: [(&[u8; 4], [&[u8; 4]; 2]); 5] = [
    (b"e2e4", [b"e7e5", b"c7c5"]),
    (b"d2d4", [b"d7d5", b"g8f6"]),
    (b"c2c4", [b"e7e5", b"g8f6"]),
    (b"g1f3", [b"d7d5", b"g8f6"]),
    (b"f2f4", [b"d7d5", b"g8f6"]),
];

/// The move of `legal` written as `text` (four coordinate characters).
fn find(legal: &[Move], text: &[u8; 4]) -> Option<Move> {
    let from = parse_square(&text[..2])?;
    let to = parse_square(&text[2..])?;
    legal.iter().copied().find(|m| m.from == from && m.to == to)
}

/// True if `pos` is the start position after White's `first` move: the
/// start board with one piece moved, Black to move. Compared cell by cell,
/// so no move list of the start position is needed.
fn after_first_move(pos: &Position, first: &[u8; 4]) -> bool {
    let (Some(from), Some(to)) = (parse_square(&first[..2]), parse_square(&first[2..])) else {
        return false;
    };
    let mut cells = START_BOARD;
    cells[to as usize] = cells[from as usize];
    cells[from as usize] = 0;
    pos.side_to_move() == BLACK && pos.fullmove_number() == 1 && *pos.cells() == cells
}

/// A book move for `pos` (whose legal moves are `legal`), if it is the
/// start position or the start position after one listed White move.
/// `rng` picks among the entries (state 0 always picks the first).
pub fn book_move(pos: &Position, legal: &[Move], rng: &mut Lfsr) -> Option<Move> {
    if pos.side_to_move() == WHITE && pos.castling() == CASTLE_ALL && *pos.cells() == START_BOARD {
        return find(legal, WHITE_FIRST[(rng.next() & 3) as usize]);
    }
    let (_, replies) = BLACK_REPLY.iter().find(|(first, _)| after_first_move(pos, first))?;
    find(legal, replies[(rng.next() & 1) as usize])
}
