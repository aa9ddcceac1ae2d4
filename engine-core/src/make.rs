//! `make` and `unmake`: a move applied to the position and taken back,
//! exactly. The running totals change by [`crate::incremental::delta`], a
//! pure function of the move and the two piece bytes; `make` keeps what it
//! found in the position's ring of saved totals so `unmake` puts them back
//! without computing the change again (the position module's documentation
//! has the ring's rule). Debug and test builds assert
//! [`Position::is_consistent`] after both.

use crate::incremental::{delta, Delta};
use crate::mv::{Move, Undo, CAPTURE, CASTLE_KING, CASTLE_QUEEN, DOUBLE_PUSH, EN_PASSANT, PROMO};
use crate::piece::*;
use crate::position::{Position, CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
use crate::square::*;

/// The castling rights that survive a move touching `sq` (as origin or target).
#[inline(always)]
const fn rights_kept(sq: Square) -> u8 {
    match sq {
        Square::A1 => !CASTLE_WQ,
        Square::H1 => !CASTLE_WK,
        Square::E1 => !(CASTLE_WK | CASTLE_WQ),
        Square::A8 => !CASTLE_BQ,
        Square::H8 => !CASTLE_BK,
        Square::E8 => !(CASTLE_BK | CASTLE_BQ),
        _ => 0xFF,
    }
}

impl Position {
    /// Play a pseudo-legal move generated for this position. Returns what
    /// [`Position::unmake`] needs. Check legality afterwards with
    /// [`Position::last_move_was_legal`]. A move that was not generated here
    /// may corrupt the position (never memory).
    ///
    /// One copy in the program, called by everything that moves (the
    /// search, perft, the game): inlined into the search's two move loops
    /// and perft it was 5.6 KB more code on the C64's AVR proxy, for 2.4%
    /// fewer AVR cycles a drive node (docs/perf.md, docs/c64.md).
    ///
    /// ```
    /// use engine_core::Position;
    /// let mut pos = Position::startpos();
    /// let m = pos.parse_move("e2e4").unwrap();
    /// let undo = pos.make(m);
    /// assert!(pos.last_move_was_legal());
    /// assert_eq!(pos.fen().to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// pos.unmake(m, undo);
    /// assert!(pos == Position::startpos());
    /// ```
    #[inline(never)]
    pub fn make(&mut self, m: Move) -> Undo {
        self.make_keyed(m, self.key())
    }

    /// [`Position::make`], handed the key the history ring keeps for the
    /// position it leaves: the search's node has computed it already (for
    /// its table and its draw test), and quiescence hands any value (its
    /// positions' keys are never read: no repetition test looks below the
    /// first quiescence ply, whose ancestors are all the main search's).
    #[inline(never)]
    pub(crate) fn make_keyed(&mut self, m: Move, key: u32) -> Undo {
        let us = self.side;
        let piece = self.at(m.from);
        let depth = self.hist_len;
        self.history.set(self.hist_top, key);
        self.hist_top = self.hist_top.wrapping_add(1);
        self.hist_len = self.hist_len.saturating_add(1);
        let mut undo = Undo { captured: self.at(m.to), ep: self.ep, castle: self.castle, halfmove: self.halfmove };
        self.ep = NO_SQUARE;
        self.halfmove = self.halfmove.saturating_add(1);

        if m.flags & EN_PASSANT != 0 {
            // The victim stands on the from-rank, beside `to`.
            let victim = m.to.en_passant_victim();
            undo.captured = self.at(victim);
            self.set(victim, EMPTY);
        }
        self.set(m.from, EMPTY);
        self.set(m.to, if m.flags & PROMO != 0 { Piece::new(m.flags & PROMO, us) } else { piece });

        if piece.kind() == KING {
            self.kings[us] = m.to;
            if m.flags & CASTLE_KING != 0 {
                self.set(m.from.step(1), self.at(m.from.step(3)));
                self.set(m.from.step(3), EMPTY);
                self.men[us] ^= (m.from.step(3).index() ^ m.from.step(1).index()) as u8;
            } else if m.flags & CASTLE_QUEEN != 0 {
                self.set(m.from.step(-1), self.at(m.from.step(-4)));
                self.set(m.from.step(-4), EMPTY);
                self.men[us] ^= (m.from.step(-4).index() ^ m.from.step(-1).index()) as u8;
            }
        } else {
            self.men[us] ^= (m.from.index() ^ m.to.index()) as u8;
            if piece.kind() == PAWN {
                self.halfmove = 0;
                if m.flags & DOUBLE_PUSH != 0 {
                    self.ep = m.from.double_push_crossed();
                }
            }
        }
        if m.flags & CAPTURE != 0 {
            self.halfmove = 0;
            self.pieces[us.other()] -= 1;
            self.men[us.other()] ^= m.victim_square().index() as u8;
        }
        if self.castle != 0 {
            self.castle &= rights_kept(m.from) & rights_kept(m.to);
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        self.side = us.other();
        // The totals as found (nothing above changes them), saved next to
        // the change: each is read once for both. Saved at the top, their
        // values stayed live across the whole make, which the AVR spilled
        // to its stack (0.8% more cycles a perft leaf).
        self.saved.store(depth, self.mg, self.eg, self.phase, self.hash);
        self.apply(&delta(m, piece, undo.captured), us);
        if m.flags & DOUBLE_PUSH != 0 && !self.ep_capture_exists() {
            self.ep = NO_SQUARE;
        }
        #[cfg(debug_assertions)]
        if let Err(e) = self.is_consistent() {
            panic!("inconsistent after make {m}: {e}");
        }
        undo
    }

    /// Take back `m`, which must be the last move made, with its undo
    /// record. The running totals are put back as the make found them (its
    /// slot of the totals ring), or, if a later make of another depth has
    /// taken that slot (a game taking back more than a few plies after a
    /// search), recounted from the board. One copy, as for `make`.
    #[inline(never)]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        self.take_back(m, undo);
        if let Some(totals) = self.saved.load(self.hist_len) {
            (self.mg, self.eg, self.phase, self.hash) = totals;
        } else {
            self.refresh();
        }
        #[cfg(debug_assertions)]
        if let Err(e) = self.is_consistent() {
            panic!("inconsistent after unmake {m}: {e}");
        }
    }

    /// Add a move's change to the totals (`us`: the colour that moved).
    #[inline(always)]
    fn apply(&mut self, d: &Delta, us: Color) {
        self.mg += d.mg;
        self.eg += d.eg;
        if (d.phase_us | d.phase_them) != 0 {
            self.phase[us] += d.phase_us;
            self.phase[us.other()] += d.phase_them;
        }
        self.hash ^= d.hash;
    }

    /// Everything `unmake` does but the running totals.
    #[inline(always)]
    fn take_back(&mut self, m: Move, undo: Undo) {
        let us = self.side.other();
        self.side = us;
        if us == Color::Black {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let arrived = self.at(m.to);
        let moved = if m.flags & PROMO != 0 { Piece::new(PAWN, us) } else { arrived };
        self.set(m.from, moved);
        if m.flags & EN_PASSANT != 0 {
            self.set(m.to, EMPTY);
            self.set(m.to.en_passant_victim(), undo.captured);
        } else {
            self.set(m.to, undo.captured);
        }
        if m.flags & CAPTURE != 0 {
            self.pieces[us.other()] += 1;
            self.men[us.other()] ^= m.victim_square().index() as u8;
        }
        if moved.kind() == KING {
            self.kings[us] = m.from;
            if m.flags & CASTLE_KING != 0 {
                self.set(m.from.step(3), self.at(m.from.step(1)));
                self.set(m.from.step(1), EMPTY);
                self.men[us] ^= (m.from.step(3).index() ^ m.from.step(1).index()) as u8;
            } else if m.flags & CASTLE_QUEEN != 0 {
                self.set(m.from.step(-4), self.at(m.from.step(-1)));
                self.set(m.from.step(-1), EMPTY);
                self.men[us] ^= (m.from.step(-4).index() ^ m.from.step(-1).index()) as u8;
            }
        } else {
            self.men[us] ^= (m.from.index() ^ m.to.index()) as u8;
        }
        self.ep = undo.ep;
        self.castle = undo.castle;
        self.halfmove = undo.halfmove;
        self.hist_top = self.hist_top.wrapping_sub(1);
        self.hist_len = self.hist_len.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::Check;
    use crate::legality::Legality;
    use crate::movegen::{GenMode, MAX_MOVES};

    /// What a walk met: moves in check decided before make, and the kinds
    /// of check the moves gave.
    #[derive(Default)]
    struct Met {
        illegal_in_check: u32,
        by_square: u32,
        double: u32,
        unknown: u32,
    }

    /// Every move of a tree (captures, promotions, castling, en passant):
    /// after make and after unmake, each side's non-pawn material equals a
    /// recount, and legality decided before make agrees with the test
    /// after, told the check as the search tells it (`check`: from the
    /// move that led here, [`Position::in_check_after`]). A check that
    /// names its giver names the one man attacking the king; a double
    /// check has two.
    fn walk(pos: &mut Position, depth: u8, check: Check, met: &mut Met) {
        let mut moves = [Move::NONE; MAX_MOVES];
        let n = pos.generate(&mut moves, GenMode::All);
        let in_check = pos.in_check();
        assert_eq!(check.is_check(), in_check);
        for &m in &moves[..n] {
            let pre = pos.legality(m, check);
            let undo = pos.make(m);
            assert_eq!(pos.phase, pos.count_board().1, "after {m}");
            let legal = pos.last_move_was_legal();
            assert_eq!(pos.move_was_legal(m, in_check), legal, "after {m}");
            match pre {
                Legality::Legal => assert!(legal, "{m}"),
                Legality::Illegal => assert!(!legal, "{m}"),
                Legality::AfterMake => {}
            }
            met.illegal_in_check += u32::from(in_check && pre == Legality::Illegal);
            if legal {
                let gives = pos.in_check_after(m);
                assert_eq!(gives.is_check(), pos.in_check(), "after {m}");
                let mut found = [NO_SQUARE; crate::attacks::MAX_ATTACKERS];
                let n = pos.attackers(pos.kings[pos.side], pos.side.other(), &mut found);
                if gives == Check::DOUBLE {
                    assert_eq!(n, 2, "double check after {m}");
                    met.double += 1;
                } else if gives == Check::UNKNOWN {
                    met.unknown += 1;
                } else if gives.is_check() {
                    assert_eq!((n, found[0]), (1, gives.0), "the checker after {m}");
                    met.by_square += 1;
                }
                if depth > 1 {
                    walk(pos, depth - 1, gives, met);
                }
            }
            pos.unmake(m, undo);
            assert_eq!(pos.phase, pos.count_board().1, "after undoing {m}");
        }
    }

    #[test]
    fn side_material_and_early_legality_hold_over_trees() {
        let mut met = Met::default();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let mut pos = Position::from_fen(fen).unwrap();
            let check = Check::unknown_if(pos.in_check());
            walk(&mut pos, 4, check, &mut met);
        }
        // The walk met what it proves (otherwise it proves little).
        assert!(met.illegal_in_check > 50_000, "{} illegal moves in check", met.illegal_in_check);
        assert!(
            met.by_square > 100_000 && met.double > 1_000 && met.unknown > 5_000,
            "checks met: {} {} {}",
            met.by_square,
            met.double,
            met.unknown
        );
    }
}
