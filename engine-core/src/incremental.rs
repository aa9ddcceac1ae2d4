//! The change a move makes to the running totals: evaluation and hash.
//!
//! [`delta`] is a pure function of the move and the two piece bytes it is
//! handed; it reads no board state. `make` adds its result; `unmake` puts
//! back the totals `make` found (the position's ring of them, or a recount
//! from the board), so the totals cannot drift. Anything added to the
//! evaluation must be expressible this way, or be computed outside the hot
//! path (as the mate drive is).

use crate::hash::{piece_key, KEYS_BY_PIECE};
use crate::mv::{Move, CASTLE_KING, CASTLE_QUEEN, PROMO};
use crate::piece::*;
use crate::square::Square;
use crate::tables::{EG_BY_PIECE, MATERIAL, MG_BY_PIECE, PHASE};

/// What one move adds to each running total.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Delta {
    /// Change of the material + middlegame total.
    pub mg: i16,
    /// Change of the endgame-extra total.
    pub eg: i16,
    /// Change of the mover's non-pawn material (a promotion's gain). The
    /// phase is both colours' sum, and the attack test reads each side's
    /// alone. Named by the mover, not by colour: a colour-indexed pair was
    /// kept in memory and indexed at run time on the 6502 (issue 37).
    pub phase_us: i16,
    /// Change of the other colour's non-pawn material (a capture's loss).
    pub phase_them: i16,
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
    /// Pieces of each colour (White, Black), kings and pawns included.
    pub pieces: ByColor<u8>,
    /// Each colour's men other than its king, their 0x88 squares XORed
    /// together: with one such man (`pieces` 2) its square, which lets
    /// [`Position::is_attacked`](crate::Position::is_attacked) ask that man
    /// alone instead of walking eight rays (the won endings' bare king).
    pub men: ByColor<u8>,
}

impl Totals {
    /// Account for `p` standing on `tile`.
    #[inline(always)]
    pub(crate) const fn place(&mut self, piece: Piece, tile: u8) {
        let (c, p, t) = (piece.color(), piece.index(), (tile & 63) as usize);
        self.mg += MATERIAL[p] + MG_BY_PIECE[p][t] as i16;
        self.eg += EG_BY_PIECE[p][t] as i16;
        self.phase += PHASE[p];
        self.hash ^= piece_key(KEYS_BY_PIECE[p], t);
        *self.pieces.get_mut(c) += 1;
        if piece.kind() != KING {
            *self.men.get_mut(c) ^= Square::from_ordinal(tile).index() as u8;
        }
    }
}

/// The change `m` makes to the totals, given the piece that moved (`moved`,
/// a pawn for a promotion) and the piece it took (`captured`, `EMPTY` if none).
///
/// Shaped for an 8-bit CPU: each piece byte selects its table rows by
/// reference (no row multiply), and the terms that are zero for a move are
/// skipped rather than looked up: the phase changes only with a promotion
/// or a capture, and a capture or castling adds its own terms. The result
/// is the same pure function of `(m, moved, captured)` either way.
#[inline(always)]
pub fn delta(m: Move, moved: Piece, captured: Piece) -> Delta {
    let from = (m.from.ordinal() & 63) as usize;
    let to = (m.to.ordinal() & 63) as usize;
    let p = moved.index();
    let promo = m.flags & PROMO;
    let mut d = if promo == 0 {
        let (mg, eg, key) = (MG_BY_PIECE[p], EG_BY_PIECE[p], KEYS_BY_PIECE[p]);
        // The material cancels; the square bonuses are bytes, so these
        // differences cannot
        // overflow: wrapping arithmetic spares the 8-bit CPU a check that
        // cannot fire. The running totals are still added with checks.
        Delta {
            mg: (mg[to] as i16).wrapping_sub(mg[from] as i16),
            eg: (eg[to] as i16).wrapping_sub(eg[from] as i16),
            phase_us: 0,
            phase_them: 0,
            hash: piece_key(key, from) ^ piece_key(key, to),
        }
    } else {
        let a = moved.with_kind(promo).index();
        Delta {
            mg: MATERIAL[a] + MG_BY_PIECE[a][to] as i16 - MATERIAL[p] - MG_BY_PIECE[p][from] as i16,
            eg: EG_BY_PIECE[a][to] as i16 - EG_BY_PIECE[p][from] as i16,
            phase_us: PHASE[a] - PHASE[p],
            phase_them: 0,
            hash: piece_key(KEYS_BY_PIECE[p], from) ^ piece_key(KEYS_BY_PIECE[a], to),
        }
    };
    if captured != EMPTY {
        let c = captured.index();
        // An en passant victim stands beside `to`, on the mover's from-rank.
        let at = (m.victim_square().ordinal() & 63) as usize;
        d.mg -= MATERIAL[c] + MG_BY_PIECE[c][at] as i16;
        d.eg -= EG_BY_PIECE[c][at] as i16;
        // The victim is the other colour's (a generated move takes no man of its own).
        d.phase_them -= PHASE[c];
        d.hash ^= piece_key(KEYS_BY_PIECE[c], at);
    }
    if m.flags & (CASTLE_KING | CASTLE_QUEEN) != 0 {
        let rook = moved.with_kind(ROOK).index();
        let (mg, key) = (MG_BY_PIECE[rook], KEYS_BY_PIECE[rook]);
        // Tiles of one rank are consecutive: h-file rook to f, a-file rook to d.
        let (rf, rt) = if m.flags & CASTLE_KING != 0 {
            (from.wrapping_add(3), from.wrapping_add(1))
        } else {
            (from.wrapping_sub(4), from.wrapping_sub(1))
        };
        let (rf, rt) = (rf & 63, rt & 63);
        d.mg += mg[rt] as i16 - mg[rf] as i16;
        d.hash ^= piece_key(key, rf) ^ piece_key(key, rt);
    }
    d
}
