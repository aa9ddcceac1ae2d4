//! Squares: the 0x88 index used inside the engine.
//!
//! A [`Square`] is a byte equal to `row * 16 + file`, where row 0 is rank 8
//! and row 7 is rank 1, file 0 is the a-file. So a8 = 0x00, h8 = 0x07,
//! a1 = 0x70, h1 = 0x77: the board reads in the order it prints. The right
//! half of each 16-wide row (files 8..15) does not exist; any index with
//! `sq & 0x88 != 0` is off the board ([`Square::offboard`]), which turns
//! every edge test into one AND.
//!
//! Consequences worth remembering: "up" for White is `-16`, White pawns push
//! by `-16` and Black pawns by `+16`. Steps are added with wrapping byte
//! arithmetic ([`Square::step`]); a step off any edge lands on an index
//! with bit 3 or bit 7 set. So a `Square` is any 0x88 index, on the board
//! or not: what a step gives is tested with `offboard`, and [`NO_SQUARE`]
//! is off it by design. Where a real square is meant (a piece's, a king's,
//! an en passant square), `sq.offboard()` is false.
//!
//! The per-square tables (piece-square values, hash keys) are indexed by
//! [`Square::ordinal`], 0..63 in the same order (a8 = 0, h1 = 63). The
//! front ends' tiles use that order too, but a tile is a type of its own
//! ([`crate::game::Tile`]), converted only at the tile interface: the 0x88
//! board never leaks out.

use core::fmt;

/// A 0x88 board index, on the board or off it (see the module
/// documentation). One byte; where a real square is meant,
/// `!sq.offboard()`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Square(u8);

/// "No square": an absent en passant square, a king not yet placed.
/// Off the board by design.
pub const NO_SQUARE: Square = Square(0x80);

/// The named squares, `Square::A8` .. `Square::H1`, each row of the board
/// from the a-file.
macro_rules! named_squares {
    ($($row:literal: $a:ident $b:ident $c:ident $d:ident $e:ident $f:ident $g:ident $h:ident;)*) => {
        impl Square {
            $(
                named_squares!(@one $a 0 $row);
                named_squares!(@one $b 1 $row);
                named_squares!(@one $c 2 $row);
                named_squares!(@one $d 3 $row);
                named_squares!(@one $e 4 $row);
                named_squares!(@one $f 5 $row);
                named_squares!(@one $g 6 $row);
                named_squares!(@one $h 7 $row);
            )*
        }
    };
    (@one $name:ident $file:literal $row:literal) => {
        #[doc = concat!("The square ", stringify!($name), ".")]
        pub const $name: Square = Square::new($file, $row);
    };
}

named_squares! {
    0: A8 B8 C8 D8 E8 F8 G8 H8;
    1: A7 B7 C7 D7 E7 F7 G7 H7;
    2: A6 B6 C6 D6 E6 F6 G6 H6;
    3: A5 B5 C5 D5 E5 F5 G5 H5;
    4: A4 B4 C4 D4 E4 F4 G4 H4;
    5: A3 B3 C3 D3 E3 F3 G3 H3;
    6: A2 B2 C2 D2 E2 F2 G2 H2;
    7: A1 B1 C1 D1 E1 F1 G1 H1;
}

impl Square {
    /// The square at `file` (0 = a) and `row` (0 = rank 8).
    #[inline(always)]
    pub const fn new(file: u8, row: u8) -> Square {
        Square((row << 4) | file)
    }

    /// The square whose 0x88 index is `index`, on the board or not: for
    /// walking the board's 128 cells and for tests. Not a check.
    #[inline(always)]
    pub const fn from_x88(index: u8) -> Square {
        Square(index)
    }

    /// The 0x88 index itself: for digests, and for the 0x88 arithmetic of
    /// the line table ([`crate::geometry`]).
    #[inline(always)]
    pub const fn x88(self) -> u8 {
        self.0
    }

    /// True when `self` is not a square of the board.
    #[inline(always)]
    pub const fn offboard(self) -> bool {
        self.0 & 0x88 != 0
    }

    /// The square moved by a signed 0x88 step (wrapping; test the result
    /// with [`Square::offboard`]).
    #[inline(always)]
    pub const fn step(self, delta: i8) -> Square {
        Square(self.0.wrapping_add(delta as u8))
    }

    /// `self - from` as a signed 0x88 difference (wrapping): for two real
    /// squares, the step that leads from `from` to `self` in one move, if
    /// one does.
    #[inline(always)]
    pub const fn diff(self, from: Square) -> i8 {
        self.0.wrapping_sub(from.0) as i8
    }

    /// File 0..7 (a..h) of an on-board square.
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Row 0..7 of an on-board square; row 0 is rank 8.
    #[inline(always)]
    pub const fn row(self) -> u8 {
        self.0 >> 4
    }

    /// The board cell's index, 0..127 (masked: any square indexes the
    /// 128-cell board without a bounds check).
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 0x7F) as usize
    }

    /// 0..63 in board order (a8 = 0, h1 = 63), of an on-board square: the
    /// index of the per-square tables.
    #[inline(always)]
    pub const fn ordinal(self) -> u8 {
        ((self.0 & 0x70) >> 1) | (self.0 & 7)
    }

    /// The square of an ordinal 0..63 (bits above 63 are ignored).
    #[inline(always)]
    pub const fn from_ordinal(n: u8) -> Square {
        Square(((n & 0x38) << 1) | (n & 7))
    }

    /// True for a light square (a8 is light).
    #[inline(always)]
    pub const fn is_light(self) -> bool {
        (self.0 ^ (self.0 >> 4)) & 1 == 0
    }

    /// Where the pawn stands that an en passant capture onto `self` takes:
    /// beside the capturer, on its rank (rank 6 <-> 5, rank 3 <-> 4).
    #[inline(always)]
    pub const fn en_passant_victim(self) -> Square {
        Square(self.0 ^ 0x10)
    }

    /// The square a pawn's double push from `self` crosses (row 6 -> 5 for
    /// White, row 1 -> 2 for Black).
    #[inline(always)]
    pub const fn double_push_crossed(self) -> Square {
        Square(self.0 ^ 0x30)
    }

    /// Parse algebraic coordinates such as `b"e4"`; `None` for anything else.
    pub const fn parse(text: &[u8]) -> Option<Square> {
        match text {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::new(*f - b'a', b'8' - *r)),
            _ => None,
        }
    }

    /// The two ASCII characters naming an on-board square, e.g. `[b'e', b'4']`.
    #[inline]
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.file(), b'8' - self.row()]
    }

    /// The 64 real squares in board order (a8, b8, .., h1).
    pub fn all() -> impl Iterator<Item = Square> {
        (0u8..64).map(Square::from_ordinal)
    }
}

/// The square's name (`e4`), or its index in hex if it is off the board.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.offboard() {
            write!(f, "{:#04x}", self.0)
        } else {
            let [file, rank] = self.name();
            write!(f, "{}{}", file as char, rank as char)
        }
    }
}

/// As [`Display`](fmt::Display).
impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn ordinals_round_trip_and_corners() {
        for n in 0u8..64 {
            let sq = Square::from_ordinal(n);
            assert!(!sq.offboard());
            assert_eq!(sq.ordinal(), n);
        }
        assert_eq!(Square::from_ordinal(0), Square::A8);
        assert_eq!(Square::from_ordinal(7), Square::H8);
        assert_eq!(Square::from_ordinal(56), Square::A1);
        assert_eq!(Square::from_ordinal(63), Square::H1);
        assert_eq!((Square::A8.x88(), Square::H8.x88(), Square::A1.x88(), Square::H1.x88()), (0x00, 0x07, 0x70, 0x77));
        assert_eq!(Square::parse(b"e4"), Some(Square::E4));
        assert_eq!(Square::E4.x88(), 0x44);
        assert_eq!(Square::E4.name(), *b"e4");
        assert_eq!(Square::parse(b"i1"), None);
        assert_eq!(Square::parse(b"e9"), None);
        assert_eq!((Square::E4.to_string(), NO_SQUARE.to_string()), ("e4".to_string(), "0x80".to_string()));
        assert!(
            Square::A8.is_light()
                && Square::H1.is_light()
                && !Square::A1.is_light()
                && Square::E4.is_light()
                && !Square::D4.is_light()
        );
        assert_eq!((Square::E3.en_passant_victim(), Square::D6.en_passant_victim()), (Square::E4, Square::D5));
        assert_eq!((Square::E2.double_push_crossed(), Square::D7.double_push_crossed()), (Square::E3, Square::D6));
        assert_eq!((Square::E4.diff(Square::E2), Square::B1.diff(Square::C3)), (-32, 31));
    }

    #[test]
    fn every_step_off_an_edge_is_offboard() {
        let steps: [i8; 16] = [-33, -31, -18, -14, 14, 18, 31, 33, -17, -16, -15, -1, 1, 15, 16, 17];
        for sq in Square::all() {
            for &d in &steps {
                let df = (d + 40).rem_euclid(16) as i16 - 8; // file delta in -2..2
                let f = sq.file() as i16 + df;
                let r = sq.row() as i16 + (d as i16 - df) / 16;
                let on = (0..8).contains(&f) && (0..8).contains(&r);
                assert_eq!(!sq.step(d).offboard(), on, "sq {sq} step {d}");
            }
        }
    }
}
