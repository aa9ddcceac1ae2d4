//! Evaluation: material and piece-square tables, kept as running totals.
//!
//! A position's value is a fact about the board, White-positive, in
//! centipawns; [`Position::evaluate`] negates it for Black. Three totals ride
//! along with the board and are updated by `make` / `unmake` (see
//! [`crate::incremental`]):
//!
//! * `mg`: material plus the middlegame piece-square tables;
//! * `eg`: what the endgame tables (pawns and kings only) add on top of `mg`;
//! * `phase`: non-pawn material of both sides.
//!
//! `evaluate` blends `eg` in by quarters of the phase with shifts, and in a
//! middlegame is a read and a compare. One term is not a running total: the
//! bare-king mate drive, which runs only where it is cheap (little material
//! left and one side decisively ahead), because no piece-and-square property
//! can push a lone king to the edge.
//!
//! Tables are written the way a board prints (index 0 = a8) from White's
//! side; Black reads them with the tile's rank flipped (`tile ^ 56`). The
//! combined tables below fold in colour, sign and flip at compile time, so
//! the hot path is one lookup per piece and square.
//!
//! Bounds (checked by tests): each side has at most 10,400 of non-pawn
//! material (nine queens, two rooks, two bishops, two knights), so `phase`
//! fits in 0..=20,800, and `|mg|`, `|eg|` stay far below the mate scores.

use crate::incremental::delta;
use crate::mv::{Move, EN_PASSANT};
use crate::piece::*;
use crate::position::Position;
use crate::square::Square;

pub use crate::eval_tables::{PIECE_VALUE, PST_EG_KING, PST_EG_PAWN, PST_MG};

/// Phase weight by piece type: the hand-written material of knights,
/// bishops, rooks and queens (pawns and kings count nothing). Fixed, not
/// tuned with [`PIECE_VALUE`]: the phase thresholds below, the mate drive's
/// and the bound tests are written in these units.
pub const PHASE_WEIGHT: [i16; 7] = [0, 0, 320, 330, 500, 900, 0];

/// How far a piece's value may exceed its phase weight: the most any of
/// knight, bishop, rook and queen has of [`PIECE_VALUE`] over
/// [`PHASE_WEIGHT`] (0 if none has more). A bound on what a capture wins
/// that reads the phase ([`crate::Position::max_gain`]) adds it, so tuned
/// values cannot outgrow it.
pub const VALUE_OVER_WEIGHT: i16 = {
    let mut most = 0;
    let mut k = 2;
    while k <= 5 {
        let over = PIECE_VALUE[k] - PHASE_WEIGHT[k];
        if over > most {
            most = over;
        }
        k += 1;
    }
    most
};

/// Phase at and above which the endgame tables do not count at all.
pub const PHASE_ENDGAME: i16 = 3200;
/// The mate drive runs only at or below this phase: just above the material
/// of the basic mates (rook 500, bishop+knight 650, queen 900, two rooks 1000).
pub const PHASE_MATE_DRIVE: i16 = 1100;
/// ...and only when one side leads by more than this.
pub const MATE_DRIVE_LEAD: i16 = 400;

/// The table entry for piece byte `p` on `tile`, White's view, no sign.
const fn white_view(table: &[i8; 64], p: Piece, tile: usize) -> i16 {
    let t = if color(p) == WHITE { tile } else { tile ^ 56 };
    table[t] as i16
}

/// Row of a piece byte in the per-piece tables: White pawn..king 0..5,
/// Black pawn..king 6..11 (other bytes are never looked up). Twelve rows
/// rather than sixteen: the AVR stand-in copies every table into its 16 KB
/// of RAM, and on the C64 the bytes are better spent on the search.
/// Compile-time only: the hot path reads the row references of
/// [`MG_BY_PIECE`] and friends, which need no row multiply.
pub(crate) const PIECE_ROW: [u8; 16] = [0, 0, 1, 2, 3, 4, 5, 0, 0, 6, 7, 8, 9, 10, 11, 0];

const fn build_mg() -> [[i8; 64]; 12] {
    let mut out = [[0i8; 64]; 12];
    let mut p = 0;
    while p < 16 {
        let k = p & 7;
        if k >= 1 && k <= 6 {
            let mut t = 0;
            while t < 64 {
                let v = white_view(&PST_MG[k], p as u8, t);
                // A square bonus and its negation both fit an i8.
                assert!(v > -128 && v < 128);
                out[PIECE_ROW[p] as usize][t] = if color(p as u8) == WHITE { v as i8 } else { -v as i8 };
                t += 1;
            }
        }
        p += 1;
    }
    out
}

/// Row of a piece byte in [`EG`]: 0 (all zero) for everything but pawns and
/// kings, which alone have endgame tables.
pub(crate) const EG_ROW: [u8; 16] = [0, 1, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 4, 0];

const fn build_eg() -> [[i8; 64]; 5] {
    let mut out = [[0i8; 64]; 5];
    let mut p = 0;
    while p < 16 {
        let k = p & 7;
        let table = if k == PAWN as usize {
            Some(&PST_EG_PAWN)
        } else if k == KING as usize {
            Some(&PST_EG_KING)
        } else {
            None
        };
        if let Some(table) = table {
            let mut t = 0;
            while t < 64 {
                let v = white_view(table, p as u8, t) - white_view(&PST_MG[k], p as u8, t);
                // The difference and its negation fit an i8 too.
                assert!(v > -128 && v < 128);
                out[EG_ROW[p] as usize][t] = if color(p as u8) == WHITE { v as i8 } else { -v as i8 };
                t += 1;
            }
        }
        p += 1;
    }
    out
}

/// Middlegame square bonus by [`PIECE_ROW`] and tile, signed (Black
/// negative). The material is [`MATERIAL`], apart: a quiet move's delta is
/// then the difference of two bytes (the material cancels), and the table
/// is 768 bytes, not 1,536.
pub(crate) static MG: [[i8; 64]; 12] = build_mg();
/// Endgame minus middlegame table by [`EG_ROW`] and tile, signed.
pub(crate) static EG: [[i8; 64]; 5] = build_eg();

/// The [`MG`] row of each piece byte (bytes that are no piece get row 0,
/// never read). A reference per byte instead of a row number: on an 8-bit
/// CPU, `row * 128` is a dozen instructions and a pointer load is two.
/// 32 bytes on the 6502 and the AVR (16-bit pointers).
#[rustfmt::skip]
pub(crate) static MG_BY_PIECE: [&[i8; 64]; 16] = [
    &MG[0], &MG[0], &MG[1], &MG[2], &MG[3], &MG[4], &MG[5], &MG[0],
    &MG[0], &MG[6], &MG[7], &MG[8], &MG[9], &MG[10], &MG[11], &MG[0],
];

/// The [`EG`] row of each piece byte (the all-zero row 0 for everything but
/// pawns and kings). 32 bytes on 8-bit targets.
#[rustfmt::skip]
pub(crate) static EG_BY_PIECE: [&[i8; 64]; 16] = [
    &EG[0], &EG[1], &EG[0], &EG[0], &EG[0], &EG[0], &EG[2], &EG[0],
    &EG[0], &EG[3], &EG[0], &EG[0], &EG[0], &EG[0], &EG[4], &EG[0],
];

/// Material per piece byte, signed (Black negative; 0 for bytes that are no
/// piece, and for kings): with [`MG`], a piece's middlegame term.
pub(crate) static MATERIAL: [i16; 16] = {
    let mut out = [0i16; 16];
    let mut p = 0;
    while p < 16 {
        let k = p & 7;
        if k >= 1 && k <= 6 {
            out[p] = if color(p as u8) == WHITE { PIECE_VALUE[k] } else { -PIECE_VALUE[k] };
        }
        p += 1;
    }
    out
};

/// Phase weight per piece byte: [`PHASE_WEIGHT`] of knights, bishops, rooks, queens.
pub(crate) static PHASE: [i16; 16] = {
    let mut out = [0i16; 16];
    let mut p = 0;
    while p < 16 {
        let k = p & 7;
        if k >= KNIGHT as usize && k <= QUEEN as usize {
            out[p] = PHASE_WEIGHT[k];
        }
        p += 1;
    }
    out
};

/// Distance of a file or rank (0..7) from the middle of the board.
const CENTRE_DIST: [u8; 8] = [3, 2, 1, 0, 0, 1, 2, 3];

impl Position {
    /// The position's value for `side` in centipawns (positive = good).
    pub fn evaluate(&self, side: Color) -> i16 {
        let score = value(self.mg, self.eg, self.phase(), self.kings);
        if side == WHITE {
            score
        } else {
            -score
        }
    }

    /// What [`Position::evaluate`] would say, for the side to move after
    /// it, once the pseudo-legal move `m` is made: computed from the
    /// running totals and the move's [`delta`] (a pure function, as `make`
    /// applies it) without making the move. Quiescence asks this to see a
    /// reply stand pat before paying for `make` and `unmake`.
    pub fn evaluate_after(&self, m: Move) -> i16 {
        let moved = self.at(m.from);
        // En passant takes a pawn that is not on `to`.
        let captured = self.at(if m.flags & EN_PASSANT != 0 { m.to ^ 0x10 } else { m.to });
        let d = delta(m, moved, captured);
        let mut kings = self.kings;
        if kind(moved) == KING {
            kings[(self.side & 1) as usize] = m.to;
        }
        let phase = self.phase() + d.phase[0] + d.phase[1];
        let score = value(self.mg + d.mg, self.eg + d.eg, phase, kings);
        if self.side == WHITE {
            -score
        } else {
            score
        }
    }
}

/// The value, White-positive, of a position with these running totals and
/// kings (public for the tuner, which scores its positions through it): `mg`, blended with `eg` by quarters of the phase below
/// [`PHASE_ENDGAME`], and the mate drive when little is left and one side
/// is decisively ahead.
#[inline(always)]
pub fn value(mg: i16, eg: i16, phase: i16, kings: [Square; 2]) -> i16 {
    let mut score = mg;
    if phase < PHASE_ENDGAME {
        // Division (rounding toward zero), not a shift: a shift rounds
        // negative values down and would score mirrored positions a
        // centipawn apart. The compiler makes both cheap on the 6502.
        score += if phase >= 2400 {
            eg / 4
        } else if phase >= 1600 {
            eg / 2
        } else if phase >= 800 {
            eg - eg / 4
        } else {
            eg
        };
        if phase <= PHASE_MATE_DRIVE && !(-MATE_DRIVE_LEAD..=MATE_DRIVE_LEAD).contains(&score) {
            score += if score > 0 { mate_drive(kings, WHITE) } else { -mate_drive(kings, BLACK) };
        }
    }
    score
}

/// Reward for `winner`: the losing king near an edge and corner, the
/// winning king close to it. Weighted nearly equally (10 : 8): at these
/// depths the search cannot see the corner pay off, so proximity must pull.
fn mate_drive(kings: [Square; 2], winner: Color) -> i16 {
    let w = kings[(winner & 1) as usize];
    let l = kings[((winner ^ 1) & 1) as usize];
    let (wf, wr, lf, lr) = (w & 7, w >> 4, l & 7, l >> 4);
    let corner = (CENTRE_DIST[lf as usize] + CENTRE_DIST[lr as usize]) as i16;
    let apart = (wf.abs_diff(lf) + wr.abs_diff(lr)) as i16;
    (corner << 3) + (corner << 1) + ((14 - apart) << 3)
}
