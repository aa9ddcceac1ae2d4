//! The 0x88 board's geometry: the steps of every piece, and which line
//! joins two squares. Tables only, read by the attack queries
//! ([`crate::attacks`]), legality ([`crate::legality`]) and the generator
//! ([`crate::movegen`]); nothing here reads a position.
//!
//! A step is the difference of two 0x88 squares one move apart (a row is
//! 16 cells, so up the board is -16). Differences are unique for every
//! file and rank offset, which is what lets `line_step` be one lookup.

use crate::square::Square;

/// Every piece step in generation order: knight (0..8), king and queen
/// (8..16), rook (16..20), bishop (20..24). One table so one loop of the
/// generator serves every piece but the pawn; the named sets below are
/// copies of its parts, made at compile time. Padded with zeros to 32
/// entries (no piece's range reaches them): the generator's walk indexes
/// it with a byte masked by 31, which needs no bounds check (issue 37).
#[rustfmt::skip]
pub(crate) const STEPS: [i8; 32] = [
    -33, -31, -18, -14, 14, 18, 31, 33,
    -17, -16, -15, -1, 1, 15, 16, 17,
    -16, -1, 1, 16,
    -17, -15, 15, 17,
    0, 0, 0, 0, 0, 0, 0, 0,
];

/// `STEPS[first..last]` of each piece type (pawn and empty unused).
pub(crate) const PIECE_STEPS: [(u8, u8); 7] = [(0, 0), (0, 0), (0, 8), (20, 24), (16, 20), (8, 16), (8, 16)];

/// `N` steps of [`STEPS`] from `first`, as an array of their own.
const fn steps<const N: usize>(first: usize) -> [i8; N] {
    let mut out = [0i8; N];
    let mut i = 0;
    while i < N {
        out[i] = STEPS[first + i];
        i += 1;
    }
    out
}

/// Knight steps, in generation order.
pub(crate) const KNIGHT_STEPS: [i8; 8] = steps(0);
/// King steps (and queen directions), in generation order.
pub(crate) const KING_STEPS: [i8; 8] = steps(8);
/// Rook directions.
pub(crate) const ROOK_DIRS: [i8; 4] = steps(16);
/// Bishop directions.
pub(crate) const BISHOP_DIRS: [i8; 4] = steps(20);

/// The step from a king to a square on one of its lines, indexed by
/// `square - king + 119` (0x88 differences are unique for every file and
/// rank offset), or 0 when the square is on no line with the king. 256
/// bytes: the 16 past the last real difference (238) are 0 and never read,
/// and a byte's index needs no bounds check.
static LINE: [i8; 256] = {
    let mut t = [0i8; 256];
    let dirs = KING_STEPS;
    let mut i = 0;
    while i < 8 {
        let mut n = 1;
        while n < 8 {
            t[(dirs[i] as i16 * n + 119) as usize] = dirs[i];
            n += 1;
        }
        i += 1;
    }
    t
};

/// The step that leads from `from` to `to` along a rank, file or diagonal
/// (`to` is then `from` plus a multiple of it), or 0 when no line joins
/// them. Both are real squares; one table read.
#[inline(always)]
pub(crate) fn line_step(from: Square, to: Square) -> i8 {
    // to + 119 - from is in 0..=238 for real squares: no wrap.
    LINE[((to.x88() + 119) - from.x88()) as usize]
}

/// Is `d` (a 0x88 difference) one knight's jump?
#[inline(always)]
pub(crate) const fn is_knight_step(d: i8) -> bool {
    // By its size, as two pairs 4 and 2 apart: `a - 14` is 0 or 4, or
    // `a - 31` is 0 or 2. Not `matches!(a, 14 | 18 | 31 | 33)`: LLVM
    // turned that into a 16-bit mask tested by a variable shift, which
    // the 6502 does by a call of `__ashlhi3`.
    let a = d.unsigned_abs();
    a.wrapping_sub(14) & !4 == 0 || a.wrapping_sub(31) & !2 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_step_is_one_of_the_eight_jumps() {
        for d in i8::MIN..=i8::MAX {
            assert_eq!(is_knight_step(d), KNIGHT_STEPS.contains(&d), "difference {d}");
        }
    }
}
