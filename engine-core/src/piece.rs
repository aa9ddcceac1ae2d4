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
//! This is the only piece encoding in the project: [`Piece`] keeps it, and
//! the types stay plain numbers (`PAWN` .. `KING`), as they index tables
//! and are the promotion bits of a move's flags.

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

/// A board cell: [`EMPTY`] or a piece type (bits 0-2) with the colour bit
/// (bit 3). One byte, as the board stores it; the byte itself is
/// [`Piece::bits`], for packing and for tables by piece byte
/// ([`Piece::index`]).
#[derive(Clone, Copy, Eq, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Piece(u8);

/// The bytes compared, always inlined (the derived comparison, inlined
/// later, came out larger in the generator on the AVR).
impl PartialEq for Piece {
    #[inline(always)]
    fn eq(&self, other: &Piece) -> bool {
        self.0 == other.0
    }
}

/// The empty cell.
pub const EMPTY: Piece = Piece(0);

impl Piece {
    /// The piece of `kind` (a type, `PAWN` .. `KING`) and `color`.
    #[inline(always)]
    pub const fn new(kind: u8, color: Color) -> Piece {
        Piece(kind | color.piece_bit())
    }

    /// The piece whose byte is `bits`, as [`Piece::bits`] gave it: for
    /// unpacking what was packed, and for tests that corrupt a board. Not a
    /// check: any byte makes a `Piece`, a piece only if it was one.
    #[inline(always)]
    pub const fn from_bits(bits: u8) -> Piece {
        Piece(bits)
    }

    /// The byte: type in bits 0-2, Black in bit 3 (0 for [`EMPTY`]).
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The type bits (0 for [`EMPTY`]).
    #[inline(always)]
    pub const fn kind(self) -> u8 {
        self.0 & TYPE_MASK
    }

    /// The colour of a non-empty piece.
    #[inline(always)]
    pub const fn color(self) -> Color {
        Color::from_bit(self.0 >> 3)
    }

    /// The colour bit alone: [`Color::piece_bit`] of the piece's colour.
    #[inline(always)]
    pub const fn color_bit(self) -> u8 {
        self.0 & BLACK_BIT
    }

    /// True for [`EMPTY`].
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// A piece of the same colour and of type `kind` (a promotion's piece,
    /// a castling king's rook).
    #[inline(always)]
    pub const fn with_kind(self, kind: u8) -> Piece {
        Piece(kind | (self.0 & BLACK_BIT))
    }

    /// The row of a 16-entry table by piece byte (the byte, masked).
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 15) as usize
    }

    /// The FEN letter: upper case for White, `.` for empty.
    pub const fn char(self) -> u8 {
        let c = match self.kind() {
            PAWN => b'p',
            KNIGHT => b'n',
            BISHOP => b'b',
            ROOK => b'r',
            QUEEN => b'q',
            KING => b'k',
            _ => return b'.',
        };
        if self.0 & BLACK_BIT == 0 {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }

    /// The piece of a FEN letter, or `None`.
    pub const fn from_char(c: u8) -> Option<Piece> {
        let kind = match c.to_ascii_lowercase() {
            b'p' => PAWN,
            b'n' => KNIGHT,
            b'b' => BISHOP,
            b'r' => ROOK,
            b'q' => QUEEN,
            b'k' => KING,
            _ => return None,
        };
        Some(Piece::new(kind, if c.is_ascii_uppercase() { Color::White } else { Color::Black }))
    }
}

/// Its FEN letter (`.` for empty), or the byte if it is no piece.
impl core::fmt::Debug for Piece {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.0 == 0 || (self.char() != b'.' && self.0 < 16 && self.0 & TYPE_MASK != 7) {
            write!(f, "{}", self.char() as char)
        } else {
            write!(f, "Piece({:#04x})", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for c in b"PNBRQKpnbrqk" {
            let p = Piece::from_char(*c).unwrap();
            assert!(p.bits() < 16 && p != EMPTY);
            assert_eq!(p.char(), *c);
        }
        assert_eq!(Piece::from_char(b'x'), None);
        assert_eq!(EMPTY.char(), b'.');
    }
}
