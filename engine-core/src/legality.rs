//! Legality: whether a pseudo-legal move leaves the mover's king attacked,
//! decided before the move is made wherever the board allows it, and the
//! en passant rule (a capture square counts only while a legal capture
//! onto it exists), which `make` and the FEN parser ask.
//!
//! The generator is pseudo-legal; the search, perft and `legal_moves` ask
//! [`Position::legality`] before making a move, and
//! [`Position::last_move_was_legal`] (or [`Position::move_was_legal`])
//! after making one when it could not tell.

use crate::attacks::Check;
use crate::geometry::line_step;
use crate::mv::{Move, CASTLE_KING, CASTLE_QUEEN, EN_PASSANT};
use crate::piece::*;
use crate::position::Position;

/// A pseudo-legal move's legality as far as [`Position::legality`] can
/// tell before making it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Legality {
    /// It leaves the king attacked.
    Illegal,
    /// It does not.
    Legal,
    /// Make it and ask [`Position::last_move_was_legal`].
    AfterMake,
}

impl Position {
    /// Called right after `make`: true if the move did not leave the mover's
    /// own king attacked, i.e. the move was legal. Out of line, as
    /// [`Position::in_check`] is: asked only of the moves whose legality
    /// [`Position::legality`] leaves to after the make.
    #[inline(never)]
    pub fn last_move_was_legal(&self) -> bool {
        !self.is_attacked(self.kings[self.side.other()], self.side)
    }

    /// What can be said of a pseudo-legal move's legality before it is made,
    /// given the check the side to move is in. Never wrong: `Legal` and
    /// `Illegal` are what make / [`Position::last_move_was_legal`] / unmake
    /// would answer; `AfterMake` (en passant, and in a check whose giver is
    /// not known another man's move) says to ask that after `make`.
    ///
    /// * A king move: the destination is attacked with the king lifted off
    ///   its square (so it cannot shield a ray along which it retreats).
    ///   Castling is generated only when fully legal. The lifting is why
    ///   this query takes `&mut self`: the king goes back before it
    ///   returns, and the position is as it was.
    /// * In check, another man's move must take the checker or stand
    ///   between it and the king (in a double check, no such move is
    ///   legal); one that does is then a move out of check, as below.
    /// * Out of check, not en passant: the piece can only be pinned, on the
    ///   line from the king through `from` (the 240-byte `LINE` table). If
    ///   nothing stands between the king and `from` and the first piece
    ///   beyond `from` is an enemy slider moving along that line, the move is
    ///   legal only along the same line.
    pub fn legality(&mut self, m: Move, check: Check) -> Legality {
        let us = self.side;
        let king = self.kings[us];
        if m.from == king {
            if m.flags & (CASTLE_KING | CASTLE_QUEEN) != 0 {
                return Legality::Legal;
            }
            let k = self.at(king);
            self.set(king, EMPTY);
            let attacked = self.is_attacked(m.to, us.other());
            self.set(king, k);
            return if attacked { Legality::Illegal } else { Legality::Legal };
        }
        if m.flags & EN_PASSANT != 0 {
            return Legality::AfterMake;
        }
        if check.is_check() && m.to != check.0 {
            // Not taking the checker: legal only between it and the king
            // (a knight's check, or an adjacent man's, has no square
            // between; a double check no answer but the king's).
            if check == Check::UNKNOWN {
                return Legality::AfterMake;
            }
            if check == Check::DOUBLE {
                return Legality::Illegal;
            }
            let d = line_step(king, check.0);
            if d == 0 {
                return Legality::Illegal;
            }
            let mut t = king.step(d);
            while t != m.to {
                if t == check.0 {
                    return Legality::Illegal;
                }
                t = t.step(d);
            }
        }
        // from + 119 <= 238 and king <= 119: no wrap in either step.
        let d = line_step(king, m.from);
        if d == 0 {
            return Legality::Legal;
        }
        let mut t = king.step(d);
        while t != m.from {
            if self.at(t) != EMPTY {
                return Legality::Legal;
            }
            t = t.step(d);
        }
        if !self.slider_on_line(m.from, d, us.other()) || line_step(king, m.to) == d {
            Legality::Legal
        } else {
            Legality::Illegal
        }
    }

    /// Called right after `make(m)`, with whether the mover was in check
    /// before it: true if the move did not leave the mover's own king
    /// attacked. Always the same answer as [`Position::last_move_was_legal`],
    /// usually far cheaper.
    ///
    /// The shortcut: when the mover was not in check and the move is neither
    /// a king move nor en passant, nothing can attack the king afterwards but
    /// a slider on the line from the king through `from` (the vacated
    /// square): pieces that did not move attack what they attacked before,
    /// and the arriving piece (on `to`, where any captured piece was) can
    /// only block. So if `from` is not on a line with the king the move is
    /// legal; otherwise one walk from the king along that line decides. King
    /// moves, en passant (two pieces leave one rank) and check evasions take
    /// the full test.
    #[inline]
    pub fn move_was_legal(&self, m: Move, was_in_check: bool) -> bool {
        let them = self.side;
        let king = self.kings[them.other()];
        if was_in_check || king == m.to || m.flags & EN_PASSANT != 0 {
            return !self.is_attacked(king, them);
        }
        // from + 119 <= 238 and king <= 119: no wrap in either step.
        let d = line_step(king, m.from);
        if d == 0 {
            return true;
        }
        !self.slider_on_line(king, d, them)
    }

    /// Can the side to move legally capture en passant on `ep`? Tried on
    /// the board alone (the pawn to `ep`, the victim off, the king's safety
    /// asked, all put back), and only when a pawn stands ready, which is
    /// rare: a pinned pawn, or one whose capture would empty the king's rank
    /// of both pawns, cannot take. Not through `make`: `make` calls this, and
    /// a cycle of calls would give `make` a soft-stack frame on the C64.
    /// Always inlined: `make` is its one caller in the search, and a set-up
    /// (no en passant square) folds its own call away.
    #[inline(always)]
    pub(crate) fn ep_capture_exists(&mut self) -> bool {
        let ep = self.ep;
        let us = self.side;
        // A White pawn takes up (-15/-17), so it stands at ep+15 or ep+17.
        let (a, b): (i8, i8) = if us == Color::White { (15, 17) } else { (-17, -15) };
        let pawn = Piece::new(PAWN, us);
        // The pawn taken stands beside `ep`, on the capturer's rank.
        let victim = ep.en_passant_victim();
        let taken = self.at(victim);
        // `a`, then `b` (`a` + 2): no array of the two on the stack.
        let mut d = a;
        while d <= b {
            let from = ep.step(d);
            if !from.offboard() && self.at(from) == pawn {
                // Pawns are not in `phase`, which the attack test reads:
                // it needs no update for this.
                self.set(from, EMPTY);
                self.set(victim, EMPTY);
                self.set(ep, pawn);
                let legal = !self.in_check();
                self.set(ep, EMPTY);
                self.set(victim, taken);
                self.set(from, pawn);
                if legal {
                    return true;
                }
            }
            d += 2;
        }
        false
    }
}
