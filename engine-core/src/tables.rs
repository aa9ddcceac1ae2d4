//! The running totals' tables, built at compile time from the values in
//! [`crate::eval_tables`]: per piece byte (colour and sign folded in, Black
//! reading White's tables with the rank flipped, `tile ^ 56`), so the hot
//! path is one lookup per piece and square. A leaf: the incremental layer,
//! the position and the evaluation all read these, and nothing here reads
//! them.

use crate::eval_tables::{PIECE_VALUE, PST_EG_KING, PST_EG_PAWN, PST_MG};
use crate::piece::*;

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

/// The table entry for piece byte `p` on `tile`, White's view, no sign.
const fn white_view(table: &[i8; 64], p: Piece, tile: usize) -> i16 {
    let t = if matches!(p.color(), Color::White) { tile } else { tile ^ 56 };
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
        let piece = Piece::from_bits(p as u8);
        if k >= 1 && k <= 6 {
            let mut t = 0;
            while t < 64 {
                let v = white_view(&PST_MG[k], piece, t);
                // A square bonus and its negation both fit an i8.
                assert!(v > -128 && v < 128);
                out[PIECE_ROW[p] as usize][t] = if matches!(piece.color(), Color::White) { v as i8 } else { -v as i8 };
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
        let piece = Piece::from_bits(p as u8);
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
                let v = white_view(table, piece, t) - white_view(&PST_MG[k], piece, t);
                // The difference and its negation fit an i8 too.
                assert!(v > -128 && v < 128);
                out[EG_ROW[p] as usize][t] = if matches!(piece.color(), Color::White) { v as i8 } else { -v as i8 };
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
            out[p] = if matches!(Piece::from_bits(p as u8).color(), Color::White) {
                PIECE_VALUE[k]
            } else {
                -PIECE_VALUE[k]
            };
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
