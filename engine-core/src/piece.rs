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

/// A side: White (0) or Black (1), the colour bit of a piece byte shifted
/// down. An enum, one byte: the compiler knows it is 0 or 1, so indexing a
/// pair by it needs no mask and no bounds check, and [`Color::other`] is
/// one XOR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// White, the side that moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both sides, White first: the order of a [`ByColor`].
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The opponent.
    #[inline(always)]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The side whose number is bit 0 of `bit` (0 White, 1 Black).
    #[inline(always)]
    pub const fn from_bit(bit: u8) -> Color {
        if bit & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// 0 for White, 1 for Black: an index into a pair.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's colour bit in a piece byte: 0 for White, [`BLACK_BIT`]
    /// for Black.
    #[inline(always)]
    pub const fn piece_bit(self) -> u8 {
        (self as u8) << 3
    }
}

/// One value per side, indexed by [`Color`]: the per-side arrays of the
/// position (king squares, material, piece counts) and of the game (who
/// plays each side). Two `T`s and nothing else; the index is the colour's
/// number, masked so no bounds check is ever compiled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct ByColor<T>([T; 2]);

impl<T> ByColor<T> {
    /// White's value and Black's.
    #[inline(always)]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor([white, black])
    }

    /// The value of `c` (for `const` code; elsewhere, index by the colour).
    #[inline(always)]
    pub const fn get(&self, c: Color) -> &T {
        &self.0[c.index() & 1]
    }

    /// The value of `c`, to change (for `const` code; elsewhere, index).
    #[inline(always)]
    pub const fn get_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c.index() & 1]
    }

    /// Both values, White's first.
    #[inline(always)]
    pub const fn as_array(&self) -> &[T; 2] {
        &self.0
    }
}

impl<T> core::ops::Index<Color> for ByColor<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, c: Color) -> &T {
        self.get(c)
    }
}

impl<T> core::ops::IndexMut<Color> for ByColor<T> {
    #[inline(always)]
    fn index_mut(&mut self, c: Color) -> &mut T {
        self.get_mut(c)
    }
}

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
    kind | color.piece_bit()
}

/// The type bits of a piece (0 for `EMPTY`).
#[inline(always)]
pub const fn kind(p: Piece) -> u8 {
    p & TYPE_MASK
}

/// The colour of a non-empty piece.
#[inline(always)]
pub const fn color(p: Piece) -> Color {
    Color::from_bit(p >> 3)
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
    if p & BLACK_BIT == 0 {
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
    Some(make_piece(kind, if c.is_ascii_uppercase() { Color::White } else { Color::Black }))
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
