//! Squares: the 0x88 index used inside the engine, and the 0..63 tile used
//! outside it.
//!
//! A square is a `u8` equal to `row * 16 + file`, where row 0 is rank 8 and
//! row 7 is rank 1, file 0 is the a-file. So a8 = 0x00, h8 = 0x07, a1 = 0x70,
//! h1 = 0x77: the board reads in the order it prints. The right half of each
//! 16-wide row (files 8..15) does not exist; any index with `sq & 0x88 != 0`
//! is off the board, which turns every edge test into one AND.
//!
//! Consequences worth remembering: "up" for White is `-16`, White pawns push
//! by `-16` and Black pawns by `+16`. Steps are added with wrapping `u8`
//! arithmetic; a step off any edge lands on an index with bit 3 or bit 7 set.
//!
//! A tile is the front ends' numbering (0 = a8, 7 = h8, 56 = a1, 63 = h1), the
//! same order compressed to 64 entries. Conversion happens only at the tile
//! interface, through [`to_tile`] and [`from_tile`].

/// A 0x88 board index. Invariant where a real square is meant: `sq & 0x88 == 0`.
pub type Square = u8;

/// "No square": used for an absent en passant square. Off the board by design.
pub const NO_SQUARE: Square = 0x80;

/// True when `sq` is not a square of the board.
#[inline(always)]
pub const fn offboard(sq: u8) -> bool {
    sq & 0x88 != 0
}

/// The square `sq` moved by a signed step (wrapping; test with [`offboard`]).
#[inline(always)]
pub const fn step(sq: Square, delta: i8) -> u8 {
    sq.wrapping_add(delta as u8)
}

/// File 0..7 (a..h) of an on-board square.
#[inline(always)]
pub const fn file(sq: Square) -> u8 {
    sq & 7
}

/// Row 0..7 of an on-board square; row 0 is rank 8.
#[inline(always)]
pub const fn row(sq: Square) -> u8 {
    sq >> 4
}

/// The square at `file` (0 = a) and `row` (0 = rank 8).
#[inline(always)]
pub const fn make_square(file: u8, row: u8) -> Square {
    (row << 4) | file
}

/// The tile (0 = a8 .. 63 = h1) of an on-board square.
#[inline(always)]
pub const fn to_tile(sq: Square) -> u8 {
    ((sq & 0x70) >> 1) | (sq & 7)
}

/// The 0x88 square of a tile 0..63 (bits above 63 are ignored).
#[inline(always)]
pub const fn from_tile(tile: u8) -> Square {
    ((tile & 0x38) << 1) | (tile & 7)
}

/// Parse algebraic coordinates such as `b"e4"`; `None` for anything else.
pub fn parse_square(text: &[u8]) -> Option<Square> {
    match text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(make_square(f - b'a', b'8' - r)),
        _ => None,
    }
}

/// The two ASCII characters naming an on-board square, e.g. `[b'e', b'4']`.
#[inline]
pub const fn square_name(sq: Square) -> [u8; 2] {
    [b'a' + file(sq), b'8' - row(sq)]
}

/// Iterate the 64 real squares in board order (a8, b8, .., h1).
pub fn all_squares() -> impl Iterator<Item = Square> {
    (0u8..64).map(from_tile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_round_trip_and_corners() {
        for t in 0u8..64 {
            let sq = from_tile(t);
            assert!(!offboard(sq));
            assert_eq!(to_tile(sq), t);
        }
        assert_eq!(from_tile(0), 0x00); // a8
        assert_eq!(from_tile(7), 0x07); // h8
        assert_eq!(from_tile(56), 0x70); // a1
        assert_eq!(from_tile(63), 0x77); // h1
        assert_eq!(parse_square(b"e4"), Some(0x44));
        assert_eq!(square_name(0x44), *b"e4");
        assert_eq!(parse_square(b"i1"), None);
        assert_eq!(parse_square(b"e9"), None);
    }

    #[test]
    fn every_step_off_an_edge_is_offboard() {
        let steps: [i8; 16] = [-33, -31, -18, -14, 14, 18, 31, 33, -17, -16, -15, -1, 1, 15, 16, 17];
        for sq in all_squares() {
            for &d in &steps {
                let df = (d + 40).rem_euclid(16) as i16 - 8; // file delta in -2..2
                let f = file(sq) as i16 + df;
                let r = row(sq) as i16 + (d as i16 - df) / 16;
                let on = (0..8).contains(&f) && (0..8).contains(&r);
                assert_eq!(!offboard(step(sq, d)), on, "sq {sq:#x} step {d}");
            }
        }
    }
}
