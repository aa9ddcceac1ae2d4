//! Opening tables: White's first move and Black's reply to it.
//!
//! The search rates e4 and d4 below a knight move at these budgets, and four
//! centuries of practice disagree; a table asks nothing and costs no search.
//! Black's table exists for variety: a deterministic engine answering 1.e4
//! one way plays one game. Entries are looked up in the legal move list, so a
//! wrong entry matches nothing and the search plays instead.

use crate::mv::Move;
use crate::piece::{Color, EMPTY};
use crate::position::{start_piece, Position, CASTLE_ALL, START_BOARD};
use crate::rng::Lfsr;
use crate::square::Square;

/// A move's two squares, from its four coordinate characters (`b"e2e4"`),
/// at compile time: the tables hold squares, and a malformed entry does
/// not compile.
const fn squares(text: &[u8; 4]) -> [Square; 2] {
    let (from, to) = text.split_at(2);
    match (Square::parse(from), Square::parse(to)) {
        (Some(from), Some(to)) => [from, to],
        _ => panic!("a square is a file and a rank"),
    }
}

/// White's first moves.
const WHITE_FIRST: [[Square; 2]; 4] = [squares(b"e2e4"), squares(b"d2d4"), squares(b"g1f3"), squares(b"c2c4")];

/// Black's replies: White's first move, then the two replies to it.
const BLACK_REPLY: [[[Square; 2]; 3]; 5] = [
    [squares(b"e2e4"), squares(b"e7e5"), squares(b"c7c5")],
    [squares(b"d2d4"), squares(b"d7d5"), squares(b"g8f6")],
    [squares(b"c2c4"), squares(b"e7e5"), squares(b"g8f6")],
    [squares(b"g1f3"), squares(b"d7d5"), squares(b"g8f6")],
    [squares(b"f2f4"), squares(b"d7d5"), squares(b"g8f6")],
];

// What `book_move` rests on: a power of two entries to pick from (4, 2),
// and the squares of the first moves that it recognises.
const _: () = assert!(WHITE_FIRST.len().is_power_of_two() && (BLACK_REPLY[0].len() - 1).is_power_of_two());
const _: () = {
    let mut i = 0;
    while i < BLACK_REPLY.len() {
        let [from, to] = BLACK_REPLY[i][0];
        assert!(!START_BOARD[from.index()].is_empty() && START_BOARD[to.index()].is_empty());
        i += 1;
    }
};

/// A book move for `pos` (whose legal moves are `legal`), if it is the
/// start position (White to move, every castling right) or the start
/// position after one listed White move (Black to move, move 1). `rng`
/// picks among the entries (state 0 always picks the first), and is asked
/// only when the position is one of these: [`book_squares`]'s entry, found
/// in `legal`.
pub fn book_move(pos: &Position, legal: &[Move], rng: &mut Lfsr) -> Option<Move> {
    let &[from, to] = book_squares(pos, rng)?;
    legal.iter().copied().find(|m| m.from == from && m.to == to)
}

/// The squares of [`book_move`]'s entry (from, to), before it is looked up
/// in the legal moves (an entry is never a promotion): the game finds it
/// in its own list. The entry by reference into the tables (copied out,
/// the pair cost the C64's game 4 bytes more code).
///
/// One walk over the board counts the cells that differ from the start's:
/// none is the start, and two are the start after a first move `from`-`to`
/// exactly when `from` is empty and `to` holds what stood on `from` (every
/// listed `from` holds a piece at the start, every `to` is empty).
pub fn book_squares(pos: &Position, rng: &mut Lfsr) -> Option<&'static [Square; 2]> {
    let mut changed = 0u8;
    // By a byte's index (numbers zipped with the cells count in 16 bits).
    let mut index = 0u8;
    while index < 128 {
        if pos.cells()[index as usize & 127] != start_piece(index) {
            changed += 1;
        }
        index += 1;
    }
    let entries: &[[Square; 2]] = if pos.side_to_move() == Color::White {
        if changed != 0 || pos.castling() != CASTLE_ALL {
            return None;
        }
        &WHITE_FIRST
    } else {
        if changed != 2 || pos.fullmove_number() != 1 {
            return None;
        }
        let [_, replies @ ..] = BLACK_REPLY
            .iter()
            .find(|[[from, to], ..]| pos.at(*from) == EMPTY && pos.at(*to) == start_piece(from.x88()))?;
        replies
    };
    // A power of two entries: the randomiser's low bits pick one.
    // (`get`: the compiler cannot see that an index masked below the
    // length is inside; it always is.)
    entries.get(rng.next() as usize & (entries.len() - 1))
}

#[cfg(test)]
mod tests {
    use super::book_move;
    use crate::movegen::MAX_MOVES;
    use crate::mv::Move;
    use crate::position::Position;
    use crate::rng::Lfsr;

    /// Every answer, and the randomiser's state after it, for every seed in
    /// positions the tables answer and positions they must not: pinned by a
    /// digest, so a change to the tables or their lookup that picks another
    /// move, or asks the randomiser at other times, fails.
    #[test]
    fn the_answers_for_every_seed_are_pinned() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
            "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPP1PP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
        ];
        let mut digest = 0x811C_9DC5u32;
        for fen in fens {
            let mut pos = Position::startpos();
            pos.set_fen(fen).unwrap();
            let mut legal = [Move::NONE; MAX_MOVES];
            let n = pos.legal_moves(&mut legal);
            for seed in 0..=255u8 {
                let mut rng = Lfsr(seed);
                let (from, to) =
                    book_move(&pos, &legal[..n], &mut rng).map_or((0xFF, 0xFF), |m| (m.from.x88(), m.to.x88()));
                for byte in [from, to, rng.0] {
                    digest = (digest ^ byte as u32).wrapping_mul(0x0100_0193);
                }
            }
        }
        assert_eq!(digest, 0x9E25_D905);
    }
}
