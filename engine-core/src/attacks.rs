//! Attack geometry on the board: is a square attacked, by what, is the
//! side to move in check, does a move give check. Queries only: nothing
//! here changes the position.
//!
//! The search asks these at every node, so each is shaped for the 6502:
//! the attacking king by one `line_step` lookup, knights and rays only
//! when the side has such pieces (its non-pawn material), and after a move
//! only the lines the move can have opened.

use crate::geometry::{is_knight_step, line_step, BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRS};
use crate::mv::{Move, CASTLE_KING, CASTLE_QUEEN, EN_PASSANT, PROMO};
use crate::piece::*;
use crate::position::Position;
use crate::square::*;
use crate::tables::PHASE;

/// The check the side to move is in, as the move that gave it tells
/// ([`Position::in_check_after`]): none, the square of the one man giving
/// it, a double check, or a check whose giver is not known (after
/// castling, en passant or a discovery: [`Position::legality`] then
/// leaves the other men's moves to the test after `make`). One byte, as
/// the flag it stands for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Check(pub(crate) Square);

impl Check {
    /// Not in check.
    pub const NONE: Check = Check(NO_SQUARE);
    /// In check by two men: only a king move answers it.
    pub const DOUBLE: Check = Check(Square::from_x88(0x88));
    /// In check, the checker not known.
    pub const UNKNOWN: Check = Check(Square::from_x88(0x8F));

    /// [`Check::UNKNOWN`] if `in_check`, else [`Check::NONE`]: for callers
    /// that know only whether (perft, the legal-move list).
    #[inline(always)]
    pub fn unknown_if(in_check: bool) -> Check {
        if in_check {
            Check::UNKNOWN
        } else {
            Check::NONE
        }
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn is_check(self) -> bool {
        self != Check::NONE
    }
}

/// The most attackers one side can have on one square (8 rays + 8 knight
/// squares), so a list of this length never overflows.
pub const MAX_ATTACKERS: usize = 16;

impl Position {
    /// Does the knight, bishop, rook or queen on `at` attack `sq`? Asked by
    /// `is_attacked` for a side with one such man and nothing else but its
    /// king, where it replaces up to eight ray walks (about 600 cycles a
    /// call on the 6502 in the drive's bare-king endings).
    #[inline(always)]
    fn man_attacks(&self, at: Square, sq: Square) -> bool {
        self.piece_attacks(self.at(at).kind(), at, sq, line_step(sq, at), NO_SQUARE)
    }

    /// True if the side to move is in check. Out of line: asked from
    /// several places, none of them in the search's loops (it knows the
    /// check from the move it made), and each inlined copy was the king's
    /// square and the side's other read, a few dozen bytes.
    #[inline(never)]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.kings[self.side], self.side.other())
    }

    /// Does any piece of `by` attack `sq`? The king by one table lookup
    /// (its square is known), then two pawn squares, and only if the board
    /// holds any piece of `by` other than pawns and king (the running
    /// `phase[by]`, exact by invariant, is their material) eight knight
    /// squares and, if `by` can have a bishop, rook or queen at all
    /// (`phase[by]` at least a bishop's worth), the eight rays; but a side
    /// with one such man and nothing else besides its king (the running
    /// `men[by]` is then its square) asks that man alone.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        // kings[by] + 119 - sq: no wrap, both are squares (<= 0x77).
        let king = self.kings[by];
        let d = line_step(sq, king);
        if d != 0 && sq.step(d) == king {
            return true;
        }
        if self.pawn_attacks(sq, by) {
            return true;
        }
        let material = self.phase[by];
        if material == 0 {
            return false;
        }
        if self.pieces[by] == 2 {
            // One man besides the king, and not a pawn (its material is
            // not 0): a won ending's winner against a bare king. That man
            // alone is asked, where it stands, not the eight rays.
            return self.man_attacks(Square::from_x88(self.men[by]), sq);
        }
        // A side with at most one man besides its king and pawns (its
        // only piece, or material below two knights') has a knight only if
        // that material is a knight's: the won endings' winner (a queen, a
        // rook) skips the knight squares.
        let one_piece = self.pieces[by] == 2 || material < 2 * PHASE[KNIGHT as usize];
        if !one_piece || material == PHASE[KNIGHT as usize] {
            let knight = Piece::new(KNIGHT, by);
            // The step tables read where they are (by value, each was built
            // on the stack first, as in `attackers`).
            for &d in KNIGHT_STEPS.iter() {
                let t = sq.step(d);
                if !t.offboard() && self.at(t) == knight {
                    return true;
                }
            }
        }
        if material < PHASE[BISHOP as usize] {
            return false;
        }
        let (rook, bishop, queen) = (Piece::new(ROOK, by), Piece::new(BISHOP, by), Piece::new(QUEEN, by));
        for &d in ROOK_DIRS.iter() {
            let mut t = sq.step(d);
            while !t.offboard() {
                let p = self.at(t);
                if p != EMPTY {
                    if p == rook || p == queen {
                        return true;
                    }
                    break;
                }
                t = t.step(d);
            }
        }
        for &d in BISHOP_DIRS.iter() {
            let mut t = sq.step(d);
            while !t.offboard() {
                let p = self.at(t);
                if p != EMPTY {
                    if p == bishop || p == queen {
                        return true;
                    }
                    break;
                }
                t = t.step(d);
            }
        }
        false
    }

    /// Does a pawn of `by` attack `sq` (a real square)? The pawn half of
    /// the attack test, and the cheap half of "is this capture safe?",
    /// which quiescence asks.
    #[inline(always)]
    pub fn pawn_attacks(&self, sq: Square, by: Color) -> bool {
        // A White pawn attacks up (-15/-17), so it stands at sq+15 or sq+17.
        let (a, b): (i8, i8) = if by == Color::White { (15, 17) } else { (-17, -15) };
        let pawn = Piece::new(PAWN, by);
        let (a, b) = (sq.step(a), sq.step(b));
        (!a.offboard() && self.at(a) == pawn) || (!b.offboard() && self.at(b) == pawn)
    }

    /// Every piece of `by` that attacks `sq` directly (no x-rays), written to
    /// `out`; returns how many. `out` has room for the most attackers
    /// possible, so nothing is ever dropped. One walk along each of the
    /// eight lines finds the line's slider, king or pawn (the first piece
    /// met), then the knight squares: lines first, each in `KING_STEPS`
    /// order, then knights in `KNIGHT_STEPS` order.
    pub fn attackers(&self, sq: Square, by: Color, out: &mut [Square; MAX_ATTACKERS]) -> u8 {
        // A byte's count, and each index masked below the room (the last
        // one written is at most 15 anyway): no bounds check.
        let mut n = 0u8;
        // The pieces looked for, made once (made at each test, the C64
        // build's AVR code was 22 bytes larger).
        let (king, pawn) = (Piece::new(KING, by), Piece::new(PAWN, by));
        let (queen, knight) = (Piece::new(QUEEN, by), Piece::new(KNIGHT, by));
        let (rook, bishop) = (Piece::new(ROOK, by), Piece::new(BISHOP, by));
        // The step tables read where they are: iterated by value, each is
        // built on the stack first (32 bytes of AVR code apiece).
        for &d in KING_STEPS.iter() {
            let straight = d == 1 || d == -1 || d == 16 || d == -16;
            let slider = if straight { rook } else { bishop };
            // A White pawn attacks up the board (-15, -17): it stands at
            // sq + 15 or sq + 17, a Black one at sq - 15 or sq - 17.
            let pawn_line = !straight && (d > 0) == (by == Color::White);
            let mut t = sq.step(d);
            let mut near = true;
            while !t.offboard() {
                let p = self.at(t);
                if p != EMPTY {
                    let one_step = p == king || (pawn_line && p == pawn);
                    if p == slider || p == queen || (near && one_step) {
                        out[n as usize & (MAX_ATTACKERS - 1)] = t;
                        n += 1;
                    }
                    break;
                }
                near = false;
                t = t.step(d);
            }
        }
        for &d in KNIGHT_STEPS.iter() {
            let t = sq.step(d);
            if !t.offboard() && self.at(t) == knight {
                out[n as usize & (MAX_ATTACKERS - 1)] = t;
                n += 1;
            }
        }
        n
    }

    /// Is the first piece from `sq` along the step `d` a slider of `by`
    /// that moves along it (a queen, or a rook on a file or rank, or a bishop
    /// on a diagonal)?
    #[inline(never)]
    pub(crate) fn slider_on_line(&self, sq: Square, d: i8, by: Color) -> bool {
        let mut t = sq.step(d);
        while !t.offboard() {
            let p = self.at(t);
            if p != EMPTY {
                if p.color() != by {
                    return false;
                }
                let k = p.kind();
                let straight = d == 1 || d == -1 || d == 16 || d == -16;
                return k == QUEEN || k == if straight { ROOK } else { BISHOP };
            }
            t = t.step(d);
        }
        false
    }

    /// Called right after `make(m)` of a legal move: the check the side now
    /// to move is in. Whether, the same answer as [`Position::in_check`],
    /// is found from the move: that side was not in check before it (its
    /// opponent was to move), so only the piece now on `to` can attack its
    /// king directly, and only a slider uncovered on the line through
    /// `from` can attack it anew (a different man, unless the mover stays
    /// on that line). Which man: the mover, or a double check when both
    /// check; a discovered check alone, castling and en passant (a second
    /// piece moves) say [`Check::UNKNOWN`].
    pub fn in_check_after(&self, m: Move) -> Check {
        if m.flags & (EN_PASSANT | CASTLE_KING | CASTLE_QUEEN) != 0 {
            return Check::unknown_if(self.in_check());
        }
        let them = self.side.other(); // the side that moved
        let king = self.kings[self.side];
        // king - to as a signed 0x88 difference: both are squares, so it fits.
        let diff = king.diff(m.to);
        let p = self.at(m.to);
        let line = line_step(king, m.to);
        let d = line_step(king, m.from);
        let discovered = d != 0 && d != line && self.slider_on_line(king, d, them);
        // What a check by the mover is: its own, or a double check.
        let direct = if discovered { Check::DOUBLE } else { Check(m.to) };
        match p.kind() {
            PAWN => {
                // A White pawn attacks up (-15 / -17), a Black one down.
                let (a, b): (i8, i8) = if them == Color::White { (-15, -17) } else { (15, 17) };
                if diff == a || diff == b {
                    return direct;
                }
            }
            KNIGHT if is_knight_step(diff) => return direct,
            BISHOP | ROOK | QUEEN if line != 0 && self.slider_on_line(king, line, them) => return direct,
            _ => {}
        }
        if discovered {
            Check::UNKNOWN
        } else {
            Check::NONE
        }
    }

    /// Does the pseudo-legal move `m` give check? Decided before making it,
    /// on the board as it stands: the same answer as `make(m)` followed by
    /// [`Position::in_check_after`] for a legal `m`. `None` for castling,
    /// en passant and promotions (a second piece moves or the piece changes):
    /// make those and ask.
    pub fn gives_check(&self, m: Move) -> Option<bool> {
        if m.flags & (EN_PASSANT | CASTLE_KING | CASTLE_QUEEN | PROMO) != 0 {
            return None;
        }
        Some(self.move_checks(self.at(m.from).kind(), m.from, m.to, self.discovery_line(m.from)))
    }

    /// Would our piece of type `k` (not promoting) give check by moving
    /// from `from` to `to`? `disc` is [`Position::discovery_line`] of `from`.
    /// The generator asks this square by square, with `disc` found once per
    /// piece; [`Position::gives_check`] asks it for one move.
    ///
    /// Directly: the piece attacks the enemy king from `to` (a slider
    /// through squares that are empty or are `from`, which it leaves).
    /// Discovered: `to` is off the line `disc` that the piece was blocking.
    ///
    /// Out of line: its callers are the checks generator (the mate drive's
    /// first quiescence ply) and `gives_check` (futility's quiet moves),
    /// neither in the common path, and each inlined copy was large (0.37
    /// KB of AVR code in all).
    #[inline(never)]
    pub(crate) fn move_checks(&self, k: u8, from: Square, to: Square, disc: i8) -> bool {
        let us = self.side;
        let king = self.kings[us.other()];
        // to + 119 <= 238 and king <= 119: no wrap.
        let line = line_step(king, to);
        if disc != 0 && line != disc {
            return true;
        }
        if k == PAWN {
            // king - to as a signed 0x88 difference: both are squares, so
            // it fits. A White pawn attacks up (-15 / -17), a Black one down.
            let diff = king.diff(to);
            let (a, b): (i8, i8) = if us == Color::White { (-15, -17) } else { (15, 17) };
            return diff == a || diff == b;
        }
        self.piece_attacks(k, to, king, line, from)
    }

    /// Does a piece of type `k` standing on `at` attack `target`? `line` is
    /// `line_step(target, at)`, and the squares between must be empty or
    /// `vacated` (the square a moving piece leaves). A knight by its jump;
    /// a bishop, rook or queen along a line that suits it; a pawn or king
    /// never (their callers test them apart). One copy, out of line, for
    /// `move_checks` and `man_attacks`: inlined into both, the game's code
    /// was 286 bytes larger for 28 cycles a drive node (issue 37).
    #[inline(never)]
    fn piece_attacks(&self, k: u8, at: Square, target: Square, line: i8, vacated: Square) -> bool {
        match k {
            // target - at as a signed 0x88 difference: both are squares.
            KNIGHT => is_knight_step(target.diff(at)),
            BISHOP | ROOK | QUEEN => {
                let straight = line == 1 || line == -1 || line == 16 || line == -16;
                let moves_along = line != 0 && (k == QUEEN || (k == ROOK) == straight);
                moves_along && self.clear_between(target, at, line, vacated)
            }
            _ => false,
        }
    }

    /// The line along which the piece on `from` (ours) shields the enemy
    /// king from one of our sliders: the step from that king towards
    /// `from`, or 0 if it shields none. Moving the piece off that line
    /// gives a discovered check.
    pub(crate) fn discovery_line(&self, from: Square) -> i8 {
        let king = self.kings[self.side.other()];
        // from + 119 <= 238 and king <= 119: no wrap.
        let d = line_step(king, from);
        if d != 0 && self.clear_between(king, from, d, NO_SQUARE) && self.slider_on_line(from, d, self.side) {
            d
        } else {
            0
        }
    }

    /// True if every square strictly between `from` and `to` along the step
    /// `d` (which leads from one to the other) is empty or is `vacated`.
    fn clear_between(&self, from: Square, to: Square, d: i8, vacated: Square) -> bool {
        let mut t = from.step(d);
        while t != to {
            if self.at(t) != EMPTY && t != vacated {
                return false;
            }
            t = t.step(d);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::MAX_MOVES;

    /// What is asked of a move before making it agrees with making it, for
    /// every legal move at every node of the standard perft trees to depth
    /// 3 and of won endings (where the mate drive counts): `gives_check`
    /// answers as make + `in_check_after` does (where it answers at all:
    /// castling, en passant and promotions say "make it"), and for a
    /// king's step (not castling) `evaluate_after_king_step` is what
    /// `evaluate` says afterwards.
    #[test]
    fn predictions_before_make_agree_with_making_the_move() {
        fn walk(pos: &mut Position, depth: u8, checks: &mut u32, drives: &mut [u32; 3]) {
            let mut moves = [Move::NONE; crate::movegen::MAX_MOVES];
            let n = pos.legal_moves(&mut moves);
            for &m in &moves[..n] {
                let predicted = pos.gives_check(m);
                let step = pos.at(m.from).kind() == KING && m.flags & (CASTLE_KING | CASTLE_QUEEN) == 0;
                let value = step.then(|| pos.evaluate_after_king_step(m.to));
                let undo = pos.make(m);
                let actual = pos.in_check_after(m).is_check();
                assert_eq!(actual, pos.in_check(), "{m} in {}", pos.fen());
                if let Some(p) = predicted {
                    assert_eq!(p, actual, "{m} gives check?");
                    *checks += u32::from(p);
                }
                let after = pos.evaluate(pos.side_to_move());
                if let Some(value) = value {
                    assert_eq!(value, after, "value after {m} in {}", pos.fen());
                    drives[1] += 1;
                    drives[2] += u32::from(m.is_capture());
                }
                drives[0] += u32::from(pos.phase() <= crate::eval::PHASE_MATE_DRIVE && after.abs() > 400);
                if depth > 1 {
                    walk(pos, depth - 1, checks, drives);
                }
                pos.unmake(m, undo);
            }
        }
        let (mut checks, mut drives) = (0, [0; 3]);
        for fen in [
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/4k3/8/8/1K6/R7 w - - 0 1",
            "4k3/8/8/8/8/8/3B4/R3K2Q w - - 0 1",
            "8/8/2k5/8/8/5Q2/8/6K1 b - - 0 1",
            "8/1P6/8/3k4/8/8/8/4K3 w - - 0 1",
        ] {
            walk(&mut Position::from_fen(fen).unwrap(), 3, &mut checks, &mut drives);
        }
        assert!(checks > 3_000, "only {checks} checks seen");
        let [drives, steps, takes] = drives;
        assert!(drives > 3_000, "only {drives} moves into a mate drive");
        assert!(steps > 3_000 && takes > 100, "only {steps} king steps, {takes} of them captures");
    }

    /// Does the piece on `from` attack `to`? Piece by piece, the slow way:
    /// the reference for [`Position::attackers`].
    fn attacks(pos: &Position, from: Square, to: Square) -> bool {
        let p = pos.at(from);
        let d = to.diff(from);
        let ray = |dirs: &[i8]| {
            dirs.iter().any(|&dir| {
                let mut t = from.step(dir);
                while !t.offboard() {
                    if t == to {
                        return true;
                    }
                    if pos.at(t) != EMPTY {
                        return false;
                    }
                    t = t.step(dir);
                }
                false
            })
        };
        match p.kind() {
            PAWN if p.color() == Color::White => d == -15 || d == -17,
            PAWN => d == 15 || d == 17,
            KNIGHT => KNIGHT_STEPS.contains(&d),
            KING => KING_STEPS.contains(&d),
            BISHOP => ray(&BISHOP_DIRS),
            ROOK => ray(&ROOK_DIRS),
            QUEEN => ray(&KING_STEPS),
            _ => false,
        }
    }

    /// `attackers` lists exactly the pieces of a side that attack a square
    /// (and `is_attacked` agrees), for every square and side at every node
    /// of trees with every kind of move, and of won endings' trees (where
    /// `is_attacked` asks a lone man where `men` says it stands).
    #[test]
    fn attackers_are_the_pieces_that_attack() {
        fn check(pos: &Position) {
            for sq in Square::all() {
                for by in Color::BOTH {
                    let mut out = [NO_SQUARE; MAX_ATTACKERS];
                    let n = pos.attackers(sq, by, &mut out) as usize;
                    out[..n].sort_unstable();
                    let (mut want, mut m) = ([NO_SQUARE; MAX_ATTACKERS], 0);
                    for f in Square::all() {
                        if pos.at(f) != EMPTY && pos.at(f).color() == by && attacks(pos, f, sq) {
                            want[m] = f;
                            m += 1;
                        }
                    }
                    assert_eq!(out[..n], want[..m], "side {by:?} on {sq} in {}", pos.fen());
                    assert_eq!(n > 0, pos.is_attacked(sq, by), "{sq} in {}", pos.fen());
                }
            }
        }
        fn walk(pos: &mut Position, depth: u8) {
            check(pos);
            if depth == 0 {
                return;
            }
            let mut moves = [Move::NONE; MAX_MOVES];
            let n = pos.legal_moves(&mut moves);
            for &m in &moves[..n] {
                let undo = pos.make(m);
                walk(pos, depth - 1);
                pos.unmake(m, undo);
            }
        }
        for fen in [
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            // A king and one man (`is_attacked` asks that man alone), one
            // of each kind, the other side's men as blockers, and captures
            // that leave one.
            "8/8/4k3/4p3/2K5/3Q4/8/8 w - - 0 1",
            "8/8/3pk3/8/2K5/3R4/8/8 b - - 0 1",
            "8/8/6k1/3B4/2K2p2/8/8/8 w - - 0 1",
            "8/8/4k3/3N4/2K5/8/8/7q b - - 0 1",
            "8/8/4k3/8/2K2r2/3Q4/8/8 w - - 0 1",
        ] {
            walk(&mut Position::from_fen(fen).unwrap(), 2);
        }
    }
}
