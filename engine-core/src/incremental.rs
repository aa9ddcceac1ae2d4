//! The change a move makes to the running totals: evaluation and hash.
//!
//! [`delta`] is a pure function of the move and the two piece bytes it is
//! handed; it reads no board state. `make` adds its result and `unmake`
//! subtracts (or, for the hash, XORs again) the result of the identical call,
//! so the pair cannot disagree and the totals cannot drift. Anything added to
//! the evaluation must be expressible this way, or be computed outside the
//! hot path (as the mate drive is).

use crate::eval::{EG, EG_ROW, MG, PHASE, PIECE_ROW};
use crate::hash::PIECE_KEYS;
use crate::mv::{Move, CASTLE_KING, CASTLE_QUEEN, EN_PASSANT, PROMO};
use crate::piece::*;
use crate::square::to_tile;

/// What one move adds to each running total.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Delta {
    /// Change of the material + middlegame total.
    pub mg: i16,
    /// Change of the endgame-extra total.
    pub eg: i16,
    /// Change of the phase (non-pawn material).
    pub phase: i16,
    /// XOR into the placement hash.
    pub hash: u32,
}

/// The running totals of a position, as carried or as recomputed.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Totals {
    /// Material + middlegame tables, White-positive.
    pub mg: i16,
    /// Endgame tables minus middlegame tables (pawns and kings), White-positive.
    pub eg: i16,
    /// Non-pawn material of both sides, 0..=20,800.
    pub phase: i16,
    /// Zobrist hash of the piece placement.
    pub hash: u32,
}

impl Totals {
    /// Account for `p` standing on `tile` (add it, or take it away: XOR and
    /// the signed tables make `place` / `remove` exact inverses).
    #[inline(always)]
    pub(crate) fn place(&mut self, p: Piece, tile: u8) {
        let (p, t) = ((p & 15) as usize, (tile & 63) as usize);
        let row = PIECE_ROW[p] as usize;
        self.mg += MG[row][t];
        self.eg += EG[EG_ROW[p] as usize][t] as i16;
        self.phase += PHASE[p];
        self.hash ^= PIECE_KEYS[row][t];
    }
}

/// The change `m` makes to the totals, given the piece that moved (`moved`,
/// a pawn for a promotion) and the piece it took (`captured`, `EMPTY` if none).
#[inline]
pub fn delta(m: Move, moved: Piece, captured: Piece) -> Delta {
    let from = to_tile(m.from) as usize;
    let to = to_tile(m.to) as usize;
    let p = (moved & 15) as usize;
    let promo = m.flags & PROMO;
    let arrived = if promo != 0 { make_piece(promo, color(moved)) as usize } else { p };
    let (row_p, row_a) = (PIECE_ROW[p] as usize, PIECE_ROW[arrived] as usize);
    let mut d = Delta {
        mg: MG[row_a][to] - MG[row_p][from],
        eg: EG[EG_ROW[arrived] as usize][to] as i16 - EG[EG_ROW[p] as usize][from] as i16,
        phase: PHASE[arrived] - PHASE[p],
        hash: PIECE_KEYS[row_p][from] ^ PIECE_KEYS[row_a][to],
    };
    if captured != EMPTY {
        let c = (captured & 15) as usize;
        let row_c = PIECE_ROW[c] as usize;
        // An en passant victim stands beside `to`, on the mover's from-rank.
        let at = if m.flags & EN_PASSANT != 0 { to_tile(m.to ^ 0x10) as usize } else { to };
        d.mg -= MG[row_c][at];
        d.eg -= EG[EG_ROW[c] as usize][at] as i16;
        d.phase -= PHASE[c];
        d.hash ^= PIECE_KEYS[row_c][at];
    }
    if m.flags & (CASTLE_KING | CASTLE_QUEEN) != 0 {
        let rook = PIECE_ROW[make_piece(ROOK, color(moved)) as usize] as usize;
        // Tiles of one rank are consecutive: h-file rook to f, a-file rook to d.
        let (rf, rt) = if m.flags & CASTLE_KING != 0 {
            (from.wrapping_add(3), from.wrapping_add(1))
        } else {
            (from.wrapping_sub(4), from.wrapping_sub(1))
        };
        let (rf, rt) = (rf & 63, rt & 63);
        d.mg += MG[rook][rt] - MG[rook][rf];
        d.hash ^= PIECE_KEYS[rook][rf] ^ PIECE_KEYS[rook][rt];
    }
    d
}
