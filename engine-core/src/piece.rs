//! Pieces: one byte per board cell.
//!
//! | bits | meaning |
//! |---|---|
//! | 0–2 | type: 0 empty, 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king |
//! | 3   | colour: 0 White, 1 Black |
//!
//! Types are numbered by value so tables indexed by type read in value order,
//! and a piece byte is below 16, so a 16-entry table indexed by the whole byte
//! serves both colours with no shifting. `EMPTY` (0) is a valid cell value.
//! This is the only piece encoding in the project.

/// A board cell: `EMPTY` or a piece type with the colour bit.
pub type Piece = u8;
/// A side: [`WHITE`] (0) or [`BLACK`] (1).
pub type Color = u8;

/// White, the side that moves first.
pub const WHITE: Color = 0;
/// Black.
pub const BLACK: Color = 1;

/// The empty cell.
pub const EMPTY: Piece = 0;
/// Pawn type.
pub const PAWN: u8 = 1;
/// Knight type.
pub const KNIGHT: u8 = 2;
/// Bishop type.
pub const BISHOP: u8 = 3;
/// Rook type.
pub const ROOK: u8 = 4;
/// Queen type.
pub const QUEEN: u8 = 5;
/// King type.
pub const KING: u8 = 6;

/// Mask of the type bits.
pub const TYPE_MASK: u8 = 7;
/// The colour bit: set for Black.
pub const BLACK_BIT: u8 = 8;

/// The piece of `kind` (a type) and `color`.
#[inline(always)]
pub const fn make_piece(kind: u8, color: Color) -> Piece {
    kind | (color << 3)
}

/// The type bits of a piece (0 for `EMPTY`).
#[inline(always)]
pub const fn kind(p: Piece) -> u8 {
    p & TYPE_MASK
}

/// The colour of a non-empty piece.
#[inline(always)]
pub const fn color(p: Piece) -> Color {
    (p >> 3) & 1
}

/// The FEN letter of a piece: upper case for White, `.` for empty.
pub const fn piece_char(p: Piece) -> u8 {
    let c = match kind(p) {
        PAWN => b'p',
        KNIGHT => b'n',
        BISHOP => b'b',
        ROOK => b'r',
        QUEEN => b'q',
        KING => b'k',
        _ => return b'.',
    };
    if color(p) == WHITE {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// The piece of a FEN letter, or `None`.
pub const fn piece_from_char(c: u8) -> Option<Piece> {
    let kind = match c.to_ascii_lowercase() {
        b'p' => PAWN,
        b'n' => KNIGHT,
        b'b' => BISHOP,
        b'r' => ROOK,
        b'q' => QUEEN,
        b'k' => KING,
        _ => return None,
    };
    Some(make_piece(kind, if c.is_ascii_uppercase() { WHITE } else { BLACK }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for c in b"PNBRQKpnbrqk" {
            let p = piece_from_char(*c).unwrap();
            assert!(p < 16 && p != EMPTY);
            assert_eq!(piece_char(p), *c);
        }
        assert_eq!(piece_from_char(b'x'), None);
        assert_eq!(piece_char(EMPTY), b'.');
    }
}
