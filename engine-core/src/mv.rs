//! Moves and undo records: four bytes each.
//!
//! Four, not three, so an array of moves is indexed by a shift: the 6502 has
//! no multiply. The fourth byte of a move is scratch space for ordering.

use crate::piece::{Color, Piece};
use crate::square::Square;

/// `flags` bits 0–2: the promotion piece type (knight..queen); 0 = none.
/// `flags & PROMO` is both the test and the type.
pub const PROMO: u8 = 0x07;
/// `flags` bit 3: en passant capture (the victim is beside `to`, not on it).
pub const EN_PASSANT: u8 = 0x08;
/// `flags` bit 4: castling king side (the rook moves h-file -> f-file).
pub const CASTLE_KING: u8 = 0x10;
/// `flags` bit 5: castling queen side (the rook moves a-file -> d-file).
pub const CASTLE_QUEEN: u8 = 0x20;
/// `flags` bit 6: pawn double push (sets the en passant square).
pub const DOUBLE_PUSH: u8 = 0x40;
/// `flags` bit 7: the move captures (en passant included).
pub const CAPTURE: u8 = 0x80;

/// Ordering scores (a move's `score` byte); only their order matters. The
/// generator writes the scores of captures and promotions, the search those
/// of the stored move and the killers; every other move scores 0.
pub mod order {
    /// The transposition table's move.
    pub const HASH_MOVE: u8 = 250;
    /// Any promotion to a queen, capturing or not.
    pub const QUEEN_PROMOTION: u8 = 200;
    /// Captures score [`capture`]: from here up to 150 + 6 * 8 - 1.
    pub const CAPTURE_BASE: u8 = 150;
    /// A promotion to a rook, bishop or knight.
    pub const UNDERPROMOTION: u8 = 120;
    /// The first killer of the ply.
    pub const KILLER_1: u8 = 100;
    /// The second killer of the ply.
    pub const KILLER_2: u8 = 99;
    /// Root scores at or above this are not perturbed by the randomiser.
    pub const RANDOM_CEILING: u8 = 252;

    /// Most valuable victim, then least valuable attacker (piece types,
    /// pawn 1 .. king 6; en passant takes a pawn).
    #[inline(always)]
    pub const fn capture(victim: u8, attacker: u8) -> u8 {
        CAPTURE_BASE + (victim << 3) - attacker
    }
}

/// A move, as the generator emits it.
///
/// | field | meaning |
/// |---|---|
/// | `from`, `to` | 0x88 squares |
/// | `flags` | [`PROMO`], [`EN_PASSANT`], [`CASTLE_KING`], [`CASTLE_QUEEN`], [`DOUBLE_PUSH`], [`CAPTURE`] |
/// | `score` | ordering scratch; ignored by equality |
///
/// Equality compares `from`, `to` and `flags` only.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct Move {
    /// Square the piece leaves.
    pub from: Square,
    /// Square the piece arrives on.
    pub to: Square,
    /// Kind of move, see the flag constants.
    pub flags: u8,
    /// Move-ordering score, owned by whoever sorts the list.
    pub score: u8,
}

const _: () = assert!(core::mem::size_of::<Move>() == 4);

impl PartialEq for Move {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.from == other.from && self.to == other.to && self.flags == other.flags
    }
}
impl Eq for Move {}

impl Move {
    /// The null move (`from == to`): never generated, never legal.
    pub const NONE: Move = Move { from: Square::A8, to: Square::A8, flags: 0, score: 0 };

    /// A move with a zero ordering score.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, flags: u8) -> Move {
        Move { from, to, flags, score: 0 }
    }

    /// A move with the ordering score `score` (see [`order`]).
    #[inline(always)]
    pub const fn scored(from: Square, to: Square, flags: u8, score: u8) -> Move {
        Move { from, to, flags, score }
    }

    /// True for [`Move::NONE`].
    #[inline]
    pub const fn is_none(self) -> bool {
        self.from.x88() == self.to.x88()
    }

    /// The promotion piece type, 0 if the move does not promote.
    #[inline(always)]
    pub const fn promotion(self) -> u8 {
        self.flags & PROMO
    }

    /// True if the move takes a piece (en passant included).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.flags & CAPTURE != 0
    }

    /// Where a capture's victim stands: `to`, or beside it for en passant.
    #[inline(always)]
    pub const fn victim_square(self) -> Square {
        if self.flags & EN_PASSANT != 0 {
            self.to.en_passant_victim()
        } else {
            self.to
        }
    }

    /// Coordinate notation (`e2e4`, `e7e8q`): 4 or 5 ASCII bytes and the length.
    pub fn uci(self) -> ([u8; 5], usize) {
        let f = self.from.name();
        let t = self.to.name();
        let mut out = [f[0], f[1], t[0], t[1], 0];
        if self.promotion() != 0 {
            // Lower case, as UCI writes it: Black's letter.
            out[4] = Piece::new(self.promotion(), Color::Black).char();
            (out, 5)
        } else {
            (out, 4)
        }
    }
}

impl core::fmt::Display for Move {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.is_none() {
            return f.write_str("0000");
        }
        let (text, len) = self.uci();
        // The bytes are ASCII letters and digits by construction.
        for &b in &text[..len] {
            core::fmt::Write::write_char(f, b as char)?;
        }
        Ok(())
    }
}

/// What `make` destroys and `unmake` needs back. Everything else is
/// recoverable from the move: the mover stands on `to` (or was a pawn if the
/// move promotes), castling says which rook moved, and the clocks' other
/// changes are fixed by the move kind.
///
/// * `captured`: the taken piece is overwritten, nothing else remembers it.
/// * `ep`: every move clears the en passant square.
/// * `castle`: rights are lost for good; the board cannot say what they were.
/// * `halfmove`: captures and pawn moves reset the fifty-move clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct Undo {
    /// The piece taken (for en passant, the pawn beside `to`), or `EMPTY`.
    pub captured: Piece,
    /// En passant square before the move.
    pub ep: Square,
    /// Castling rights before the move.
    pub castle: u8,
    /// Fifty-move clock before the move.
    pub halfmove: u8,
}

const _: () = assert!(core::mem::size_of::<Undo>() == 4);
