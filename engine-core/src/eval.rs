//! Evaluation: material and piece-square tables, kept as running totals;
//! and the bound on what one capture can gain, which quiescence prunes by.
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
//! The values are [`crate::eval_tables`] (the tuner's output); the
//! per-piece tables the totals are kept with are [`crate::tables`], built
//! from them at compile time.
//!
//! Bounds (checked by tests): each side has at most 10,400 of non-pawn
//! material (nine queens, two rooks, two bishops, two knights), so `phase`
//! fits in 0..=20,800, and `|mg|`, `|eg|` stay far below the mate scores.

use crate::incremental::delta;
use crate::mv::Move;
use crate::piece::*;
use crate::position::Position;
use crate::square::Square;

use crate::eval_tables::PIECE_VALUE;
use crate::tables::{PHASE_WEIGHT, VALUE_OVER_WEIGHT};

/// Phase at and above which the endgame tables do not count at all.
pub const PHASE_ENDGAME: i16 = 3200;
/// The mate drive runs only at or below this phase: just above the material
/// of the basic mates (rook 500, bishop+knight 650, queen 900, two rooks 1000).
pub const PHASE_MATE_DRIVE: i16 = 1100;
/// ...and only when one side leads by more than this.
pub const MATE_DRIVE_LEAD: i16 = 400;

/// Distance of a file or rank (0..7) from the middle of the board.
const CENTRE_DIST: [u8; 8] = [3, 2, 1, 0, 0, 1, 2, 3];

impl Position {
    /// The position's value for `side` in centipawns (positive = good).
    pub fn evaluate(&self, side: Color) -> i16 {
        let score = value(self.mg, self.eg, self.phase(), self.kings);
        if side == Color::White {
            score
        } else {
            -score
        }
    }

    /// What [`Position::evaluate`] would say, for the side to move after
    /// it, once the side to move's king steps to `to` (taking whatever
    /// stands there; a step, not castling), without making the move:
    /// quiescence asks this of a bare king's moves, to see the reply stand
    /// pat before paying for `make` and `unmake`. [`value`] is handed the
    /// running totals and the king's square with the step's [`delta`] (a
    /// pure function, as `make` applies it) added; the position is not
    /// touched.
    ///
    /// The move handed to `delta` has no flags (its capture is the piece
    /// on `to`): its promotion, en passant and castling terms fold away,
    /// and this copy of `delta` is the plain move's alone.
    ///
    /// Out of line: inlined into `quiesce_moves` it grew that recursive
    /// function's soft-stack frame (issue 37: 54 -> 46 bytes, the drive
    /// 7,723 -> 7,700 cycles a node, the game 224 bytes smaller).
    #[inline(never)]
    pub fn evaluate_after_king_step(&mut self, to: Square) -> i16 {
        let side = self.side;
        let from = self.kings[side];
        let d = delta(Move::new(from, to, 0), self.at(from), self.at(to));
        // The totals after the step handed to `value` as values, not
        // written to the position and put back (issue 37: fewer stores).
        let mut kings = self.kings;
        kings[side] = to;
        let phase = (self.phase[side] + d.phase_us) + (self.phase[side.other()] + d.phase_them);
        let score = value(self.mg + d.mg, self.eg + d.eg, phase, kings);
        if side.other() == Color::White {
            score
        } else {
            -score
        }
    }

    /// The most material one move of the side to move can win: the largest
    /// enemy piece it could take (bounded by the enemy's non-pawn material,
    /// so a pawn when there is none), plus a queen's promotion gain if one
    /// of its pawns stands on the seventh rank. Cheap: eight cells read.
    ///
    /// The enemy's material is in phase weights, the hand-written values;
    /// a piece's tuned value exceeds its weight by at most
    /// [`VALUE_OVER_WEIGHT`], which is added so the bound holds for any
    /// values the tuner writes (0 with the hand-written ones).
    pub fn max_gain(&self) -> i16 {
        let them = self.phase[self.side.other()];
        let mut gain = if them == 0 {
            PIECE_VALUE[PAWN as usize]
        } else {
            them.min(PHASE_WEIGHT[QUEEN as usize]) + VALUE_OVER_WEIGHT
        };
        if self.pawn_on_seventh(self.side) {
            gain += PIECE_VALUE[QUEEN as usize] - PIECE_VALUE[PAWN as usize];
        }
        gain
    }

    /// Does a pawn of `side` stand on its seventh rank (one push from
    /// promoting)? Eight cells read.
    pub fn pawn_on_seventh(&self, side: Color) -> bool {
        let pawn = Piece::new(PAWN, side);
        // The seventh rank: row 1 for White, row 6 for Black.
        let row = if side == Color::White { 1 } else { 6 };
        let mut f = 0;
        while f < 8 {
            if self.board[Square::new(f, row).index()] == pawn {
                return true;
            }
            f += 1;
        }
        false
    }
}

/// The value, White-positive, of a position with these running totals and
/// kings (public for the tuner, which scores its positions through it): `mg`, blended with `eg` by quarters of the phase below
/// [`PHASE_ENDGAME`], and the mate drive when little is left and one side
/// is decisively ahead.
///
/// Out of line: one copy for [`Position::evaluate`] and
/// [`Position::evaluate_after_king_step`] (issue 37: inlined into both,
/// the game's code was 314 bytes larger).
#[inline(never)]
pub fn value(mg: i16, eg: i16, phase: i16, kings: ByColor<Square>) -> i16 {
    let mut score = mg;
    if phase < PHASE_ENDGAME {
        // Division (rounding toward zero), not a shift: a shift rounds
        // negative values down and would score mirrored positions a
        // centipawn apart. By a constant the compiler makes it a few
        // shifts; the quarter is taken once, before the branches, because
        // with `eg / 4` and `eg / 2` in two of them LLVM merged the two
        // into one division by a chosen 4 or 2: a call of the 6502's
        // 16-bit division routine (hundreds of cycles) in every tapered
        // evaluation, and 0.3 KB of library code.
        let quarter = eg / 4;
        score += if phase >= 2400 {
            quarter
        } else if phase >= 1600 {
            eg / 2
        } else if phase >= 800 {
            eg - quarter
        } else {
            eg
        };
        if phase <= PHASE_MATE_DRIVE && !(-MATE_DRIVE_LEAD..=MATE_DRIVE_LEAD).contains(&score) {
            let (white, black) = (kings[Color::White], kings[Color::Black]);
            score += if score > 0 { mate_drive(white, black) } else { -mate_drive(black, white) };
        }
    }
    score
}

/// Reward for the winner: the losing king near an edge and corner, the
/// winning king close to it. Weighted nearly equally (10 : 8): at these
/// depths the search cannot see the corner pay off, so proximity must pull.
///
/// `w` is the winner's king, `l` the loser's: two bytes, where the pair of
/// kings and a colour were a pair in memory indexed at run time on the
/// 6502. The sum is at most 6 × 10 + 14 × 8 = 172, so it is taken in a
/// byte (exact: no term is negative) and widened once (issue 37).
fn mate_drive(w: Square, l: Square) -> i16 {
    let (wf, wr, lf, lr) = (w.file(), w.row(), l.file(), l.row());
    let corner = CENTRE_DIST[(lf & 7) as usize] + CENTRE_DIST[(lr & 7) as usize];
    let apart = wf.abs_diff(lf) + wr.abs_diff(lr);
    (corner * 10 + (14 - apart) * 8) as i16
}
