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
//! promotions included: quiescence searches them). [`GenMode::Checks`] keeps
//! those, castling, and the quiet moves that give check, again in the full
//! list's order. Search breaks ties by list position, so this order property
//! is part of the engine's behaviour.
//!
//! Each move carries its ordering score ([`order`]): captures their
//! victim-and-attacker score, promotions theirs, every other move 0. The
//! search then only marks its stored move and killers.
//!
//! Castling is emitted only when fully legal: the right is held, the squares
//! between are empty, and the king is not in check, does not cross an
//! attacked square and does not land on one. Every other move may still leave
//! the mover's king in check; legality is make / [`Position::last_move_was_legal`] / unmake.

use crate::attacks::Check;
use crate::geometry::{PIECE_STEPS, STEPS};
use crate::legality::Legality;
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
    /// What `Captures` gives, plus castling and every quiet move for which
    /// [`Position::gives_check`] is not `Some(false)`: the moves of the mate
    /// drive's first quiescence ply, without generating the rest.
    Checks,
}

/// Which quiet moves of one piece to generate: all, none, or those that
/// give check (`k` is the piece's type, `disc` its
/// [`Position::discovery_line`]).
#[derive(Clone, Copy)]
struct Quiet {
    mode: GenMode,
    k: u8,
    disc: i8,
}

/// Writes moves into a slice without ever passing its end.
struct Sink<'a> {
    out: &'a mut [Move],
    len: usize,
}

impl Sink<'_> {
    /// Write a move with its ordering score ([`order`]). A field at a
    /// time: a whole `Move` written at once was assembled as a 32-bit word
    /// first, which on an 8-bit CPU is a run of shifts and ORs per move.
    #[inline(always)]
    fn push(&mut self, from: Square, to: Square, flags: u8, score: u8) {
        if let Some(slot) = self.out.get_mut(self.len) {
            slot.from = from;
            slot.to = to;
            slot.flags = flags;
            slot.score = score;
            self.len += 1;
        }
    }

    /// A pawn arriving on its last rank becomes four moves: queen, rook,
    /// bishop, knight. Out of line: a pawn one step from its last rank is
    /// rare, and the pawn's two ways there (a push, a capture) then share
    /// one copy of the four writes.
    #[inline(never)]
    fn push_promotions(&mut self, from: Square, to: Square, capture: u8) {
        // Queen down to knight: the piece types count down (one write in
        // a loop, not four written out).
        const _: () = assert!(ROOK == QUEEN - 1 && BISHOP == QUEEN - 2 && KNIGHT == QUEEN - 3);
        let mut promo = QUEEN;
        while promo >= KNIGHT {
            let score = if promo == QUEEN { order::QUEEN_PROMOTION } else { order::UNDERPROMOTION };
            self.push(from, to, promo | capture, score);
            promo -= 1;
        }
    }
}

impl Position {
    /// Generate pseudo-legal moves for the side to move into `out`; returns
    /// the number written (never more than `out.len()`).
    pub fn generate(&self, out: &mut [Move], mode: GenMode) -> usize {
        let mut sink = Sink { out, len: 0 };
        let our_bit = self.side.piece_bit();
        // Our pieces not yet found: a lone king (a won ending's loser) needs
        // no scan, and the scan ends after the row of the last piece.
        let mut left = self.pieces[self.side];
        if left == 1 {
            // A lone king: its eight steps here, without gen_from's call. It
            // cannot castle (no rook) or give check (no piece behind it), so
            // only All keeps its quiet moves.
            let from = self.kings[self.side];
            let (first, last) = PIECE_STEPS[KING as usize];
            let mode = if mode == GenMode::All { GenMode::All } else { GenMode::Captures };
            self.gen_piece(&mut sink, from, first, last, false, Quiet { mode, k: KING, disc: 0 });
            return sink.len;
        }
        if mode == GenMode::Captures && self.pieces[self.side.other()] == 1 {
            // Nothing to take but a king, which is never taken: only a pawn
            // on its seventh rank has a move here, a promotion. (The winner
            // of a won ending, in quiescence.)
            let seventh = if self.side == Color::White { 1 } else { 6 };
            let pawn = Piece::new(PAWN, self.side);
            let mut f: u8 = 0;
            while f < 8 {
                let sq = Square::new(f, seventh);
                if self.at(sq) == pawn {
                    self.gen_pawn_from(&mut sink, sq, mode);
                }
                f += 1;
            }
            return sink.len;
        }
        // The scan, a8..h8 down to a1..h1: one byte index over the board's
        // cells, stepping over each row's dead half, and the masked index
        // needs no bounds check. (Row by row, each row a slice of eight
        // cells, llvm-mos kept the walk's state in memory: about 28 cycles
        // a cell; issue 37.) The piece's own work is a call, which keeps
        // the scan's registers free.
        let mut i: u8 = 0;
        loop {
            // Most cells are empty: that test first. Then the byte XOR
            // `our_bit` is the piece's type 1..=6 exactly when it is ours
            // (theirs -> 9..14): one operation for both questions.
            let cell = self.board[(i & 0x7F) as usize];
            if cell != EMPTY {
                let k = cell.bits() ^ our_bit;
                if k <= KING {
                    let from = Square::from_x88(i);
                    if k == PAWN {
                        self.gen_pawn_at(&mut sink, from, mode);
                    } else {
                        self.gen_from(&mut sink, from, k, mode);
                    }
                    left -= 1;
                    if left == 0 {
                        break;
                    }
                }
            }
            i += 1;
            if i & 8 != 0 {
                // Past the h-file: the next row's a-file, if any.
                i += 8;
                if i >= 0x80 {
                    break;
                }
            }
        }
        sink.len
    }

    /// The legal moves, in generation order; returns how many. `out` should
    /// hold [`MAX_MOVES`]; with less the list may be cut short.
    pub fn legal_moves(&mut self, out: &mut [Move]) -> usize {
        // At most `out.len()` (the clamp tells the compiler: no bounds
        // checks), and a kept move's slot is never past the one it was read
        // from.
        let n = self.generate(out, GenMode::All).min(out.len());
        let check = Check::unknown_if(self.in_check());
        let mut kept = 0;
        for i in 0..n {
            let m = out[i];
            if self.is_legal(m, check) {
                out[kept.min(i)] = m;
                kept += 1;
            }
        }
        kept
    }

    /// Whether the pseudo-legal move `m` is legal (`check`: the check the
    /// side to move is in, a [`Check`]): decided without making it where
    /// that is exact, else by make, test, unmake.
    pub fn is_legal(&mut self, m: Move, check: Check) -> bool {
        match self.legality(m, check) {
            Legality::Legal => true,
            Legality::Illegal => false,
            Legality::AfterMake => {
                let undo = self.make(m);
                let legal = self.last_move_was_legal();
                self.unmake(m, undo);
                legal
            }
        }
    }

    /// The legal move written in coordinate notation (`e2e4`, `e7e8q`;
    /// castling as the king's two-square move), or `None` if the text is
    /// malformed or names no legal move. The position is left unchanged.
    pub fn parse_move(&mut self, text: &str) -> Option<Move> {
        let b = text.as_bytes();
        if b.len() != 4 && b.len() != 5 {
            return None;
        }
        let from = Square::parse(&b[..2])?;
        let to = Square::parse(&b[2..4])?;
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

    /// The scan's call for a pawn: [`Position::gen_pawn_from`], unless the
    /// mode is [`GenMode::Captures`] and the pawn has nothing it keeps: no
    /// en passant square is set, the pawn is not one push from promoting,
    /// and no man of theirs stands on either forward diagonal. Small and
    /// out of line, it saves no registers: a quiescence node's pawn with
    /// nothing to take (most of them) costs this call, not
    /// `gen_pawn_from`'s register saves (a third of the pawns' cost). The
    /// diagonals are read without an off-board test: a cell of the 0x88
    /// dead zone is empty ([`Position::is_consistent`] holds it), and
    /// [`Square::index`] keeps any step inside the 128 cells.
    #[inline(never)]
    fn gen_pawn_at(&self, sink: &mut Sink, from: Square, mode: GenMode) {
        if mode == GenMode::Captures && self.ep == NO_SQUARE {
            let side = self.side as u8;
            // White's pawns step -16, Black's +16.
            let push = ((side << 5) as i8).wrapping_sub(16);
            let ahead = from.step(push);
            // Theirs XOR our colour bit is 9..=14; ours 1..=6, empty our bit.
            let theirs = |sq: Square| self.at(sq).bits() ^ (side << 3) > BLACK_BIT;
            // Two pushes off the board: the pawn stands on its seventh rank.
            if !ahead.step(push).offboard() && !theirs(ahead.step(-1)) && !theirs(ahead.step(1)) {
                return;
            }
        }
        self.gen_pawn_from(sink, from, mode);
    }

    /// Every move of our pawn standing on `from`. A function of its own,
    /// apart from the other pieces' `gen_from`: each saves only
    /// the registers its own walk uses, at every call (a call a piece).
    #[inline(never)]
    fn gen_pawn_from(&self, sink: &mut Sink, from: Square, mode: GenMode) {
        let disc = if mode == GenMode::Checks { self.discovery_line(from) } else { 0 };
        self.gen_pawn(sink, from, Quiet { mode, k: PAWN, disc });
    }

    /// Every move of our piece of type `k` (not a pawn) standing on `from`.
    #[inline(never)]
    fn gen_from(&self, sink: &mut Sink, from: Square, k: u8, mode: GenMode) {
        let (first, last) = PIECE_STEPS[(k & 7) as usize];
        let slides = k != KNIGHT && k != KING;
        // One inlined walk per mode, each with its mode a constant: the
        // All and Captures walks pay nothing for the Checks test.
        let (all, captures) = (Quiet { mode: GenMode::All, k, disc: 0 }, Quiet { mode: GenMode::Captures, k, disc: 0 });
        match mode {
            GenMode::All => self.gen_piece(sink, from, first, last, slides, all),
            GenMode::Captures => self.gen_piece(sink, from, first, last, slides, captures),
            GenMode::Checks => {
                let checks = Quiet { mode: GenMode::Checks, k, disc: self.discovery_line(from) };
                self.gen_piece(sink, from, first, last, slides, checks)
            }
        }
        if k == KING && mode != GenMode::Captures && self.castle != 0 {
            self.gen_castles(sink, from);
        }
    }

    /// Is the quiet move `from`-`to` of the piece `quiet` describes one its
    /// mode generates?
    #[inline(always)]
    fn wanted(&self, quiet: Quiet, from: Square, to: Square) -> bool {
        match quiet.mode {
            GenMode::All => true,
            GenMode::Captures => false,
            GenMode::Checks => self.move_checks(quiet.k, from, to, quiet.disc),
        }
    }

    /// Moves of a knight, bishop, rook, queen or king: the steps
    /// `STEPS[first..last]` in order, each repeated along its ray for a slider.
    #[inline(always)]
    fn gen_piece(&self, sink: &mut Sink, from: Square, first: u8, last: u8, slides: bool, quiet: Quiet) {
        let our_bit = self.side.piece_bit();
        // A byte index masked into the padded table: no bounds check, and
        // on the 6502 one `lda STEPS,x` a direction (a walk over a slice
        // kept a 16-bit pointer and compared it with the end's, issue 37).
        let mut i = first;
        while i != last {
            let d = STEPS[(i & 31) as usize];
            i += 1;
            let mut to = from;
            loop {
                to = to.step(d);
                if to.offboard() {
                    break;
                }
                let q = self.at(to);
                if q != EMPTY {
                    if q.color_bit() != our_bit {
                        sink.push(from, to, CAPTURE, order::capture(q.kind(), quiet.k));
                    }
                    break;
                }
                if self.wanted(quiet, from, to) {
                    sink.push(from, to, 0, 0);
                }
                if !slides {
                    break;
                }
            }
        }
    }

    #[inline(always)]
    fn gen_pawn(&self, sink: &mut Sink, from: Square, quiet: Quiet) {
        let white = self.side == Color::White;
        let (push, start_row, last_row): (i8, u8, u8) = if white { (-16, 6, 0) } else { (16, 1, 7) };
        let our_bit = self.side.piece_bit();
        // Pushes. A pawn is never on its last rank, so one step stays on the board.
        let one = from.step(push);
        if self.at(one) == EMPTY {
            if one.row() == last_row {
                sink.push_promotions(from, one, 0);
            } else if quiet.mode != GenMode::Captures {
                if self.wanted(quiet, from, one) {
                    sink.push(from, one, 0, 0);
                }
                let two = one.step(push);
                if from.row() == start_row && self.at(two) == EMPTY && self.wanted(quiet, from, two) {
                    sink.push(from, two, DOUBLE_PUSH, 0);
                }
            }
        }
        // Captures toward the a-file side first, then the h-file side.
        for d in [push - 1, push + 1] {
            let to = from.step(d);
            if to.offboard() {
                continue;
            }
            let q = self.at(to);
            if q != EMPTY {
                if q.color_bit() != our_bit {
                    if to.row() == last_row {
                        sink.push_promotions(from, to, CAPTURE);
                    } else {
                        sink.push(from, to, CAPTURE, order::capture(q.kind(), PAWN));
                    }
                }
            } else if to == self.ep {
                sink.push(from, to, EN_PASSANT | CAPTURE, order::capture(PAWN, PAWN));
            }
        }
    }

    /// Castling moves, checked in full: see the module documentation.
    fn gen_castles(&self, sink: &mut Sink, king: Square) {
        let us = self.side;
        let them = us.other();
        let (home, king_right, queen_right) =
            if us == Color::White { (Square::E1, CASTLE_WK, CASTLE_WQ) } else { (Square::E8, CASTLE_BK, CASTLE_BQ) };
        if king != home || self.castle & (king_right | queen_right) == 0 {
            return;
        }
        let rook = Piece::new(ROOK, us);
        // Asked at most once, and only if some castling is otherwise possible.
        let mut in_check: Option<bool> = None;
        let mut safe = |pos: &Position, squares: [Square; 2]| {
            let checked = *in_check.get_or_insert_with(|| pos.is_attacked(home, them));
            !checked && !pos.is_attacked(squares[0], them) && !pos.is_attacked(squares[1], them)
        };
        if self.castle & king_right != 0
            && self.at(home.step(1)) == EMPTY
            && self.at(home.step(2)) == EMPTY
            && self.at(home.step(3)) == rook
            && safe(self, [home.step(1), home.step(2)])
        {
            sink.push(home, home.step(2), CASTLE_KING, 0);
        }
        if self.castle & queen_right != 0
            && self.at(home.step(-1)) == EMPTY
            && self.at(home.step(-2)) == EMPTY
            && self.at(home.step(-3)) == EMPTY
            && self.at(home.step(-4)) == rook
            && safe(self, [home.step(-1), home.step(-2)])
        {
            sink.push(home, home.step(-2), CASTLE_QUEEN, 0);
        }
    }
}
