//! Pseudo-legal move generation into a caller-given slice.
//!
//! The generator walks the board from a8 to h1 and, for each piece of the
//! side to move, emits its moves in a fixed order. It writes only into the
//! slice it is handed: when the slice is full it stops writing and the count
//! it returns equals the slice length, which callers treat as "possibly
//! incomplete". [`MAX_MOVES`] slots always suffice for a real game position.
//!
//! [`GenMode::Captures`] walks exactly the same squares in exactly the same
//! order and suppresses quiet moves, so its output is the ordered subsequence
//! of the full list made of captures, en passant and all promotions (push
//! promotions included: quiescence searches them). Search breaks ties by list
//! position, so this order property is part of the engine's behaviour.
//!
//! Castling is emitted only when fully legal: the right is held, the squares
//! between are empty, and the king is not in check, does not cross an
//! attacked square and does not land on one. Every other move may still leave
//! the mover's king in check; legality is make / [`Position::last_move_was_legal`] / unmake.

use crate::mv::*;
use crate::piece::*;
use crate::position::*;
use crate::square::*;

/// Slots that always hold every pseudo-legal move of a position reachable in
/// a game (the most legal moves known in any position is 218).
pub const MAX_MOVES: usize = 256;

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenMode {
    /// Every pseudo-legal move.
    All,
    /// Captures, en passant and promotions only.
    Captures,
}

/// Writes moves into a slice without ever passing its end.
struct Sink<'a> {
    out: &'a mut [Move],
    len: usize,
}

impl Sink<'_> {
    #[inline(always)]
    fn push(&mut self, from: Square, to: Square, flags: u8) {
        if self.len < self.out.len() {
            self.out[self.len] = Move::new(from, to, flags);
            self.len += 1;
        }
    }

    /// A pawn arriving on its last rank becomes four moves: queen, rook, bishop, knight.
    #[inline(always)]
    fn push_promotions(&mut self, from: Square, to: Square, capture: u8) {
        for promo in [QUEEN, ROOK, BISHOP, KNIGHT] {
            self.push(from, to, promo | capture);
        }
    }
}

impl Position {
    /// Generate pseudo-legal moves for the side to move into `out`; returns
    /// the number written (never more than `out.len()`).
    pub fn generate(&self, out: &mut [Move], mode: GenMode) -> usize {
        let quiet = mode == GenMode::All;
        let mut sink = Sink { out, len: 0 };
        let us = self.side;
        let our_bit = us << 3;
        for row_start in (0u8..0x80).step_by(16) {
            for from in row_start..row_start + 8 {
                let p = self.at(from);
                if p == EMPTY || p & BLACK_BIT != our_bit {
                    continue;
                }
                match kind(p) {
                    PAWN => self.gen_pawn(&mut sink, from, quiet),
                    KNIGHT => self.gen_steps(&mut sink, from, &KNIGHT_STEPS, quiet),
                    BISHOP => self.gen_slides(&mut sink, from, &BISHOP_DIRS, quiet),
                    ROOK => self.gen_slides(&mut sink, from, &ROOK_DIRS, quiet),
                    QUEEN => self.gen_slides(&mut sink, from, &KING_STEPS, quiet),
                    _ => {
                        self.gen_steps(&mut sink, from, &KING_STEPS, quiet);
                        if quiet && self.castle != 0 {
                            self.gen_castles(&mut sink, from);
                        }
                    }
                }
            }
        }
        sink.len
    }

    /// The legal moves, in generation order; returns how many. `out` should
    /// hold [`MAX_MOVES`]; with less the list may be cut short.
    pub fn legal_moves(&mut self, out: &mut [Move]) -> usize {
        let n = self.generate(out, GenMode::All);
        let mut kept = 0;
        for i in 0..n {
            let m = out[i];
            let undo = self.make(m);
            let legal = self.last_move_was_legal();
            self.unmake(m, undo);
            if legal {
                out[kept] = m;
                kept += 1;
            }
        }
        kept
    }

    /// The legal move written in coordinate notation (`e2e4`, `e7e8q`;
    /// castling as the king's two-square move), or `None` if the text is
    /// malformed or names no legal move. The position is left unchanged.
    pub fn parse_move(&mut self, text: &str) -> Option<Move> {
        let b = text.as_bytes();
        if b.len() != 4 && b.len() != 5 {
            return None;
        }
        let from = parse_square(&b[..2])?;
        let to = parse_square(&b[2..4])?;
        let promo = match b.get(4) {
            None => 0,
            Some(b'q') => QUEEN,
            Some(b'r') => ROOK,
            Some(b'b') => BISHOP,
            Some(b'n') => KNIGHT,
            Some(_) => return None,
        };
        let mut moves = [Move::NONE; MAX_MOVES];
        let n = self.legal_moves(&mut moves);
        moves[..n].iter().copied().find(|m| m.from == from && m.to == to && m.promotion() == promo)
    }

    #[inline(always)]
    fn gen_steps(&self, sink: &mut Sink, from: Square, steps: &[i8; 8], quiet: bool) {
        let our_bit = self.side << 3;
        for &d in steps {
            let to = step(from, d);
            if offboard(to) {
                continue;
            }
            let q = self.at(to);
            if q == EMPTY {
                if quiet {
                    sink.push(from, to, 0);
                }
            } else if q & BLACK_BIT != our_bit {
                sink.push(from, to, CAPTURE);
            }
        }
    }

    #[inline(always)]
    fn gen_slides(&self, sink: &mut Sink, from: Square, dirs: &[i8], quiet: bool) {
        let our_bit = self.side << 3;
        for &d in dirs {
            let mut to = step(from, d);
            while !offboard(to) {
                let q = self.at(to);
                if q != EMPTY {
                    if q & BLACK_BIT != our_bit {
                        sink.push(from, to, CAPTURE);
                    }
                    break;
                }
                if quiet {
                    sink.push(from, to, 0);
                }
                to = step(to, d);
            }
        }
    }

    #[inline(always)]
    fn gen_pawn(&self, sink: &mut Sink, from: Square, quiet: bool) {
        let white = self.side == WHITE;
        let (push, start_row, last_row): (i8, u8, u8) = if white { (-16, 6, 0) } else { (16, 1, 7) };
        let our_bit = self.side << 3;
        // Pushes. A pawn is never on its last rank, so one step stays on the board.
        let one = step(from, push);
        if self.at(one) == EMPTY {
            if row(one) == last_row {
                sink.push_promotions(from, one, 0);
            } else if quiet {
                sink.push(from, one, 0);
                let two = step(one, push);
                if row(from) == start_row && self.at(two) == EMPTY {
                    sink.push(from, two, DOUBLE_PUSH);
                }
            }
        }
        // Captures toward the a-file side first, then the h-file side.
        for d in [push - 1, push + 1] {
            let to = step(from, d);
            if offboard(to) {
                continue;
            }
            let q = self.at(to);
            if q != EMPTY {
                if q & BLACK_BIT != our_bit {
                    if row(to) == last_row {
                        sink.push_promotions(from, to, CAPTURE);
                    } else {
                        sink.push(from, to, CAPTURE);
                    }
                }
            } else if to == self.ep {
                sink.push(from, to, EN_PASSANT | CAPTURE);
            }
        }
    }

    /// Castling moves, checked in full: see the module documentation.
    fn gen_castles(&self, sink: &mut Sink, king: Square) {
        let us = self.side;
        let them = us ^ 1;
        let (home, king_right, queen_right) =
            if us == WHITE { (0x74, CASTLE_WK, CASTLE_WQ) } else { (0x04, CASTLE_BK, CASTLE_BQ) };
        if king != home || self.castle & (king_right | queen_right) == 0 {
            return;
        }
        let rook = make_piece(ROOK, us);
        // Asked at most once, and only if some castling is otherwise possible.
        let mut in_check: Option<bool> = None;
        let mut safe = |pos: &Position, squares: [Square; 2]| {
            let checked = *in_check.get_or_insert_with(|| pos.is_attacked(home, them));
            !checked && !pos.is_attacked(squares[0], them) && !pos.is_attacked(squares[1], them)
        };
        if self.castle & king_right != 0
            && self.at(home + 1) == EMPTY
            && self.at(home + 2) == EMPTY
            && self.at(home + 3) == rook
            && safe(self, [home + 1, home + 2])
        {
            sink.push(home, home + 2, CASTLE_KING);
        }
        if self.castle & queen_right != 0
            && self.at(home - 1) == EMPTY
            && self.at(home - 2) == EMPTY
            && self.at(home - 3) == EMPTY
            && self.at(home - 4) == rook
            && safe(self, [home - 1, home - 2])
        {
            sink.push(home, home - 2, CASTLE_QUEEN);
        }
    }
}
