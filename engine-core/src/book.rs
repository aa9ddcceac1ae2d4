//! Opening tables: White's first move and Black's reply to it.
//!
//! The search rates e4 and d4 below a knight move at these budgets, and four
//! centuries of practice disagree; a table asks nothing and costs no search.
//! Black's table exists for variety: a deterministic engine answering 1.e4
//! one way plays one game. Entries are looked up in the legal move list, so a
//! wrong entry matches nothing and the search plays instead.

use crate::movegen::MAX_MOVES;
use crate::mv::Move;
use crate::position::Position;
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

/// The legal move of `pos` written as `text` (four coordinate characters).
fn find(pos: &mut Position, text: &[u8; 4], moves: &mut [Move; MAX_MOVES]) -> Option<Move> {
    let from = parse_square(&text[..2])?;
    let to = parse_square(&text[2..])?;
    let n = pos.legal_moves(moves);
    moves[..n].iter().copied().find(|m| m.from == from && m.to == to)
}

/// A book move for `pos`, if it is the start position or the start position
/// after one listed White move. `rng` picks among the entries (state 0
/// always picks the first). `moves` is scratch space.
pub fn book_move(pos: &mut Position, rng: &mut Lfsr, moves: &mut [Move; MAX_MOVES]) -> Option<Move> {
    let start = Position::startpos();
    if pos.key() == start.key() && *pos.cells() == *start.cells() {
        let pick = WHITE_FIRST[(rng.next() & 3) as usize];
        return find(pos, pick, moves);
    }
    for (first, replies) in BLACK_REPLY {
        let mut after = start.clone();
        let m = find(&mut after, first, moves)?;
        after.make(m);
        if pos.key() == after.key() && *pos.cells() == *after.cells() {
            let pick = replies[(rng.next() & 1) as usize];
            return find(pos, pick, moves);
        }
    }
    None
}
