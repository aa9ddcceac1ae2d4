//! The tile: a front end's name for a square of the board, 0..63 in the
//! order a board prints (0 = a8, 7 = h8, 56 = a1, 63 = h1), so its row
//! (0 = rank 8) is `tile / 8` and its column (0 = the a-file) `tile % 8`.
//!
//! A type of its own, not the engine's [`Square`]: the tile interface
//! takes and gives tiles, and the conversion to and from the 0x88 board is
//! here, private to the game module, so the board never leaks out. A
//! front end gets a tile from a number (checked, [`Tile::new`], or masked
//! to 0..63, [`Tile::masked`]), a row and column ([`Tile::at`]), a name
//! ([`Tile::from_name`]), a neighbour ([`Tile::offset_wrapping`]) or the
//! interface itself.

use core::fmt;

use crate::square::Square;

/// A tile, 0 = a8 .. 63 = h1: always below 64. One byte.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
#[repr(transparent)]
pub struct Tile(u8);

impl Tile {
    /// The tile numbered `number`, if it is one (below 64).
    #[inline]
    pub const fn new(number: u8) -> Option<Tile> {
        if number < 64 {
            Some(Tile(number))
        } else {
            None
        }
    }

    /// The tile numbered `number & 63`: any byte names a tile.
    #[inline(always)]
    pub const fn masked(number: u8) -> Tile {
        Tile(number & 63)
    }

    /// The tile at `row` (0 = rank 8) and `column` (0 = the a-file), each
    /// taken modulo 8.
    #[inline(always)]
    pub const fn at(row: u8, column: u8) -> Tile {
        Tile(((row & 7) << 3) | (column & 7))
    }

    /// The tile's number, 0..63.
    #[inline(always)]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The tile's number as an index (of a 64-entry table), 0..63.
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The row, 0 (rank 8) .. 7 (rank 1).
    #[inline(always)]
    pub const fn row(self) -> u8 {
        (self.0 >> 3) & 7
    }

    /// The column, 0 (the a-file) .. 7 (the h-file).
    #[inline(always)]
    pub const fn column(self) -> u8 {
        self.0 & 7
    }

    /// The tile in the same place on the board turned round (a8 <-> h1):
    /// where it is drawn when Black is at the bottom.
    #[inline(always)]
    pub const fn flipped(self) -> Tile {
        Tile(self.0 ^ 63)
    }

    /// The tile `rows` rows down and `columns` columns right (negative:
    /// up, left), wrapping round at the board's edges: a cursor's move.
    #[inline(always)]
    pub const fn offset_wrapping(self, rows: i8, columns: i8) -> Tile {
        let row = (self.0 & 0x38).wrapping_add((rows as u8) << 3) & 0x38;
        Tile(row | ((self.0 & 7).wrapping_add(columns as u8) & 7))
    }

    /// True for a light square (a8 is light).
    #[inline(always)]
    pub const fn is_light(self) -> bool {
        self.square().is_light()
    }

    /// The square's name, e.g. `*b"e4"`.
    #[inline]
    pub const fn name(self) -> [u8; 2] {
        self.square().name()
    }

    /// The tile a name such as `*b"e4"` names, or `None`.
    #[inline]
    pub const fn from_name(name: [u8; 2]) -> Option<Tile> {
        // Column and row, each below 8 exactly when the letter and the
        // digit name a file and a rank: both tested by one compare.
        let (column, row) = (name[0].wrapping_sub(b'a'), b'8'.wrapping_sub(name[1]));
        if (column | row) < 8 {
            Some(Tile((row << 3) | column))
        } else {
            None
        }
    }

    /// The 64 tiles in order, a8 .. h1.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..64).map(Tile)
    }

    /// The engine's square of the tile: the tile interface's one way in.
    #[inline(always)]
    pub(crate) const fn square(self) -> Square {
        Square::from_ordinal(self.0)
    }

    /// The tile of an on-board square: the tile interface's one way out.
    /// Out of line: its callers are many and cold, and each inlined copy
    /// of the shifts and masks is more 6502 code than a call (-40 bytes
    /// in the game; `Tile::square` out of line was 144 bytes more).
    #[inline(never)]
    pub(crate) const fn of_square(sq: Square) -> Tile {
        Tile(sq.ordinal())
    }
}

/// The square's name, `e4`: the square's own [`Display`](fmt::Display)
/// (a tile is always on the board).
impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.square(), f)
    }
}

/// The square's name, as [`Display`](fmt::Display).
impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_rows_columns_names_and_squares_agree() {
        for n in 0..=255u8 {
            assert_eq!(Tile::new(n).is_some(), n < 64);
            assert_eq!(Tile::masked(n).number(), n & 63);
        }
        for t in Tile::all() {
            assert_eq!(Tile::at(t.row(), t.column()), t);
            assert_eq!(t.number(), t.row() * 8 + t.column());
            assert_eq!(Tile::from_name(t.name()), Some(t));
            assert_eq!(Tile::of_square(t.square()), t);
            assert_eq!(t.square().name(), t.name());
            assert_eq!(t.is_light(), t.square().is_light());
            assert_eq!((t.flipped().row(), t.flipped().column()), (7 - t.row(), 7 - t.column()));
            for (rows, columns) in [(-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (7, 9)] {
                let o = t.offset_wrapping(rows, columns);
                assert_eq!(o.row() as i8, (t.row() as i8 + rows).rem_euclid(8));
                assert_eq!(o.column() as i8, (t.column() as i8 + columns).rem_euclid(8));
            }
        }
        let e2 = Tile::at(6, 4);
        assert_eq!((e2.number(), e2.name(), Tile::from_name(*b"e9")), (52, *b"e2", None));
        assert_eq!(e2.square(), Square::E2);
        assert_eq!(Tile::all().count(), 64);
    }
}
