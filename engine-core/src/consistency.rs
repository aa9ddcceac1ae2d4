//! The consistency checker: every invariant of a [`Position`] (listed in
//! the `position` module's documentation) tested against the board, with
//! nothing carried trusted.
//!
//! One owner for each rule: the rules a position's men must obey are the
//! FEN parser's (`fen::placement_rules`), and [`Position::is_consistent`]
//! starts with them, then adds what only a position in play can get wrong
//! (the carried totals and king squares, the dead zone, an en passant
//! square without a capture). `make` and `unmake` assert it in debug builds (tests included);
//! release and C64 builds never call it, so it costs them nothing.

use core::fmt;

use crate::fen::{placement_rules, FenError};
use crate::piece::*;
use crate::position::Position;
use crate::square::*;

/// The first invariant a position breaks, as [`Position::is_consistent`]
/// finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inconsistency {
    /// A rule the FEN parser enforces (the parser's own words): a missing
    /// king, a pawn on rank 1 or 8, a castling right without its men at
    /// home, an en passant square no double push could have crossed.
    Placement(FenError),
    /// A cell holds a byte that is no piece (its square).
    NotAPiece(Square),
    /// A cell of the 0x88 dead zone is not empty (its index, off the board).
    DeadZone(Square),
    /// A side has more than one king, or none (the colour).
    KingCount(Color),
    /// The king square carried for a side does not hold its king.
    KingSquare(Color),
    /// The en passant square is set, but no legal capture onto it exists.
    EnPassantUnusable(Square),
    /// The running totals (evaluation, phase, hash, piece counts) differ
    /// from a recount of the board.
    Totals,
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Color| if *c == Color::White { "White" } else { "Black" };
        match self {
            Inconsistency::Placement(e) => write!(f, "{}", e.problem),
            Inconsistency::NotAPiece(sq) => write!(f, "square {sq} holds no piece"),
            Inconsistency::DeadZone(i) => write!(f, "dead-zone cell {i} is not empty"),
            Inconsistency::KingCount(c) => write!(f, "{} does not have exactly one king", side(c)),
            Inconsistency::KingSquare(c) => write!(f, "{}'s king is not on its carried square", side(c)),
            Inconsistency::EnPassantUnusable(sq) => write!(f, "en passant square {sq} without a legal capture"),
            Inconsistency::Totals => f.write_str("the running totals differ from a recount of the board"),
        }
    }
}

impl core::error::Error for Inconsistency {}

impl Position {
    /// Every invariant of the position (the `position` module's list),
    /// tested against the board: the FEN parser's placement rules, then
    /// every cell a piece or empty, the dead zone empty, exactly one king a
    /// side and on its carried square, an en passant square only while a
    /// legal capture onto it exists, and the running totals equal to a
    /// recount. Not the legality of the last move: the search makes
    /// pseudo-legal moves and asks afterwards.
    ///
    /// For tests and debug builds: it walks the whole board and may copy
    /// the position (1.4 KB) to try an en passant capture.
    pub fn is_consistent(&self) -> Result<(), Inconsistency> {
        placement_rules(self).map_err(Inconsistency::Placement)?;
        let mut kings = ByColor::new(0u8, 0);
        for (i, &p) in self.cells().iter().enumerate() {
            let sq = Square::from_x88(i as u8);
            if sq.offboard() {
                if p != EMPTY {
                    return Err(Inconsistency::DeadZone(sq));
                }
            } else if p != EMPTY && (p.bits() & !(TYPE_MASK | BLACK_BIT) != 0 || !(PAWN..=KING).contains(&p.kind())) {
                return Err(Inconsistency::NotAPiece(sq));
            } else if p.kind() == KING {
                kings[p.color()] += 1;
            }
        }
        for c in Color::BOTH {
            if kings[c] != 1 {
                return Err(Inconsistency::KingCount(c));
            }
            let sq = self.kings[c];
            if sq.offboard() || self.at(sq) != Piece::new(KING, c) {
                return Err(Inconsistency::KingSquare(c));
            }
        }
        if self.ep != NO_SQUARE && !self.clone().ep_capture_exists() {
            return Err(Inconsistency::EnPassantUnusable(self.ep));
        }
        let (recount, phase) = self.count_board();
        if self.totals() != recount || self.phase != phase {
            return Err(Inconsistency::Totals);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::position::{CASTLE_ALL, CASTLE_BK, CASTLE_BQ};
    use std::string::ToString;

    fn fen(text: &str) -> Position {
        Position::from_fen(text).unwrap()
    }

    /// Each corruption of a sound position is found, and named.
    #[test]
    fn every_broken_invariant_is_found() {
        let start = Position::startpos();
        assert_eq!(start.is_consistent(), Ok(()));
        let corrupt = |f: &dyn Fn(&mut Position)| {
            let mut p = start.clone();
            f(&mut p);
            p.is_consistent()
        };
        assert_eq!(
            corrupt(&|p| p.board[0x0F] = Piece::new(PAWN, Color::White)),
            Err(Inconsistency::DeadZone(Square::from_x88(0x0F)))
        );
        assert_eq!(
            corrupt(&|p| p.board[Square::E4.index()] = Piece::from_bits(7)),
            Err(Inconsistency::NotAPiece(Square::E4))
        );
        assert_eq!(
            corrupt(&|p| p.board[Square::E4.index()] = Piece::from_bits(0x17)),
            Err(Inconsistency::NotAPiece(Square::E4))
        );
        assert_eq!(corrupt(&|p| p.kings[Color::Black] = Square::D8), Err(Inconsistency::KingSquare(Color::Black)));
        let no_white_king = |p: &mut Position| (p.board[Square::E1.index()], p.castle) = (EMPTY, CASTLE_BK | CASTLE_BQ);
        assert_eq!(corrupt(&no_white_king), Err(Inconsistency::KingCount(Color::White)));
        assert_eq!(
            corrupt(&|p| p.board[Square::E4.index()] = Piece::new(KING, Color::Black)),
            Err(Inconsistency::KingCount(Color::Black))
        );
        let placement = |what: &Result<(), Inconsistency>| match what {
            Err(Inconsistency::Placement(e)) => e.problem,
            other => panic!("{other:?}"),
        };
        assert_eq!(placement(&corrupt(&|p| p.kings[Color::White] = NO_SQUARE)), "each side needs exactly one king");
        assert_eq!(
            placement(&corrupt(&|p| p.board[Square::B8.index()] = Piece::new(PAWN, Color::White))),
            "a pawn on rank 1 or 8"
        );
        assert_eq!(
            placement(&corrupt(&|p| p.board[Square::H1.index()] = EMPTY)),
            "a right without its king and rook at home"
        );
        assert_eq!(placement(&corrupt(&|p| p.ep = Square::E4)), "no double push could have made this square");
        assert_eq!(corrupt(&|p| p.mg += 1), Err(Inconsistency::Totals));
        assert_eq!(corrupt(&|p| p.eg -= 1), Err(Inconsistency::Totals));
        assert_eq!(corrupt(&|p| p.hash ^= 1 << 20), Err(Inconsistency::Totals));
        assert_eq!(corrupt(&|p| p.pieces[Color::White] -= 1), Err(Inconsistency::Totals));
        assert_eq!(corrupt(&|p| p.men[Color::Black] ^= 1), Err(Inconsistency::Totals));
        // The sum is right, one side's part is not: the attack test reads each.
        assert_eq!(
            corrupt(&|p| (p.phase[Color::White], p.phase[Color::Black]) =
                (p.phase[Color::White] + 1, p.phase[Color::Black] - 1)),
            Err(Inconsistency::Totals)
        );
        assert_eq!(start.castle, CASTLE_ALL);
    }

    /// Debug builds (tests included) check after every make: a drifted
    /// total is caught at the first move, not at the end of a search.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "inconsistent after make e2e4: the running totals differ")]
    fn make_asserts_consistency_in_debug_builds() {
        let mut p = Position::startpos();
        p.mg += 1;
        let m = p.parse_move("e2e4").unwrap();
        p.make(m);
    }

    /// The en passant square: kept only while a legal capture exists.
    #[test]
    fn en_passant_needs_a_capture() {
        // After 1. e4 (no Black pawn can take): FEN keeps the square, the
        // parser drops it, and setting it back is an inconsistency.
        let mut p = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assert_eq!(p.is_consistent(), Ok(()));
        p.ep = Square::E3;
        assert_eq!(p.is_consistent(), Err(Inconsistency::EnPassantUnusable(Square::E3)));
        // A capture is possible: the square stays and is consistent.
        let q = fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assert_eq!((q.ep, q.is_consistent()), (Square::E3, Ok(())));
        // Taking would empty the rank between Black's king and White's rook.
        let mut r = fen("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
        r.ep = Square::E3;
        assert_eq!(placement_rules(&r), Ok(()));
        assert_eq!(r.is_consistent(), Err(Inconsistency::EnPassantUnusable(Square::E3)));
    }

    #[test]
    fn every_finding_reads_as_a_sentence() {
        let all = [
            Inconsistency::Placement(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err()),
            Inconsistency::KingCount(Color::White),
            Inconsistency::EnPassantUnusable(Square::E3),
            Inconsistency::NotAPiece(Square::E4),
            Inconsistency::DeadZone(Square::from_x88(0x0F)),
            Inconsistency::KingSquare(Color::Black),
            Inconsistency::Totals,
        ];
        for finding in all {
            let text = finding.to_string();
            assert!(text.len() > 10, "{finding:?}: {text}");
        }
    }
}
