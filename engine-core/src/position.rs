//! The position: the 0x88 board and the state the board cannot show, with
//! `make` / `unmake` and the attack queries.
//!
//! Invariants, held by every `Position` this crate hands out (FEN parsing
//! validates them, `make` preserves them; [`Position::is_consistent`] tests
//! them all, and debug builds assert it after every `make` and `unmake`):
//! * exactly one king per side, and `kings[c]` is where it stands;
//! * no pawn on rank 1 or 8;
//! * the cells of the 0x88 dead zone (files 8..15) are `EMPTY` and never read;
//! * a castling right implies its king and rook on their home squares;
//! * `ep` is [`NO_SQUARE`] or the square just crossed by a double push, and
//!   only while a legal en passant capture onto it exists.
//!
//! * the running totals (`mg`, `eg`, `phase`, `hash`, `pieces`) equal a
//!   recount of the board ([`Position::recount`]), and so does each side's
//!   part of `phase` (its non-pawn material, which the attack test reads);
//! * the key history holds the keys of the positions before each of the last
//!   `min(history_len, 127)` moves, newest last.
//!
//! `make(m)` followed by `unmake(m, undo)` restores every field exactly.
//! The running totals come back from a 32-slot ring of what each
//! outstanding make found (scratch, not part of the position's value): a
//! search's line has at most 24 makes outstanding, so `unmake` never
//! computes a move's change twice. A slot a later make of another depth has
//! taken (a game taking back more than a few plies after a search) is told
//! by its depth, and the totals are then recounted from the board.
//!
//! ## Repetition
//! `make` pushes the key of the position it leaves onto a 256-entry ring and
//! `unmake` pops it, so the ring always holds the game's history followed by
//! the line being searched, with nothing for a caller to maintain. Scans look
//! back at most as far as the fifty-move clock allows (an irreversible move
//! makes older positions unreachable), as far as entries were actually pushed
//! (a FEN load pushes none, whatever its clock says) and 127 entries.
//!
//! Why a ring twice the scan: `unmake` cannot restore the entry a `make`
//! overwrote on a full ring. With 256 slots and scans of at most 127, the
//! entries a scan reads stay intact through up to 129 net take-backs: more
//! than the 127 plies the tile interface can undo, plus the search's own
//! makes on top. Whole 32-bit keys: with 16 bits, a long shuffle's scans (up
//! to 63 compares each) found false repetitions within a few thousand plies.

use crate::eval::{PHASE, PHASE_WEIGHT, PIECE_VALUE, VALUE_OVER_WEIGHT};
use crate::hash::{CASTLE_KEYS, EP_KEYS, SIDE_KEY};
use crate::incremental::{delta, Delta, Totals};
use crate::mv::{Move, Undo, CAPTURE, CASTLE_KING, CASTLE_QUEEN, DOUBLE_PUSH, EN_PASSANT, PROMO};
use crate::piece::*;
use crate::square::*;

/// The running totals of `board` and each side's non-pawn material, from
/// a walk of its 64 squares: one way to count, for set-up (at run time) and
/// for [`START_TOTALS`] (at compile time).
const fn count(board: &[Piece; 128]) -> (Totals, [i16; 2]) {
    let mut t = Totals { mg: 0, eg: 0, phase: 0, hash: 0, pieces: [0, 0] };
    let mut phase = [0i16; 2];
    let mut tile = 0u8;
    while tile < 64 {
        let p = board[from_tile(tile) as usize & 127];
        if p != EMPTY {
            t.place(p, tile);
            phase[(color(p) & 1) as usize] += PHASE[(p & 15) as usize];
        }
        tile += 1;
    }
    (t, phase)
}

/// [`count`] of [`START_BOARD`].
const START_TOTALS: (Totals, [i16; 2]) = count(&START_BOARD);

/// The cells of the standard starting position.
pub const START_BOARD: [Piece; 128] = {
    const BACK: [u8; 8] = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
    let mut board = [EMPTY; 128];
    let mut f = 0;
    while f < 8 {
        board[make_square(f, 0) as usize] = make_piece(BACK[f as usize], BLACK);
        board[make_square(f, 1) as usize] = make_piece(PAWN, BLACK);
        board[make_square(f, 6) as usize] = make_piece(PAWN, WHITE);
        board[make_square(f, 7) as usize] = make_piece(BACK[f as usize], WHITE);
        f += 1;
    }
    board
};

/// Castling right: White king side.
pub const CASTLE_WK: u8 = 1;
/// Castling right: White queen side.
pub const CASTLE_WQ: u8 = 2;
/// Castling right: Black king side.
pub const CASTLE_BK: u8 = 4;
/// Castling right: Black queen side.
pub const CASTLE_BQ: u8 = 8;
/// Every castling right: the start position's.
pub const CASTLE_ALL: u8 = CASTLE_WK | CASTLE_WQ | CASTLE_BK | CASTLE_BQ;

/// Knight steps, in generation order.
pub(crate) const KNIGHT_STEPS: [i8; 8] = [-33, -31, -18, -14, 14, 18, 31, 33];
/// King steps (and queen directions), in generation order.
pub(crate) const KING_STEPS: [i8; 8] = [-17, -16, -15, -1, 1, 15, 16, 17];
/// Rook directions.
pub(crate) const ROOK_DIRS: [i8; 4] = [-16, -1, 1, 16];
/// Bishop directions.
pub(crate) const BISHOP_DIRS: [i8; 4] = [-17, -15, 15, 17];

/// The step from a king to a square on one of its lines, indexed by
/// `square - king + 119` (0x88 differences are unique for every file and
/// rank offset), or 0 when the square is on no line with the king. 240 bytes.
static LINE: [i8; 240] = {
    let mut t = [0i8; 240];
    let dirs: [i8; 8] = [-17, -16, -15, -1, 1, 15, 16, 17];
    let mut i = 0;
    while i < 8 {
        let mut n = 1;
        while n < 8 {
            t[(dirs[i] as i16 * n + 119) as usize] = dirs[i];
            n += 1;
        }
        i += 1;
    }
    t
};

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

/// The most attackers one side can have on one square (8 rays + 8 knight
/// squares), so a list of this length never overflows.
pub const MAX_ATTACKERS: usize = 16;

/// Entries of the key history ring (a power of two: indices wrap by masking).
pub const HISTORY_SIZE: usize = 256;
/// The most history entries a scan reads: one less than the ring, so the
/// slot a `make` overwrites on a full ring is never read again.
pub const HISTORY_LIVE: u16 = 127;

/// Slots of the totals ring (a power of two): more than the moves a search
/// has outstanding at once (a line to `DEEPEST_PLY`, 22, and a legality
/// test's make below it).
const SAVED_SLOTS: usize = 32;

/// The running totals as a `make` found them, for its `unmake` to put back.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct Saved {
    /// `hist_len` at the make: the slot is that make's if it still says so
    /// (a later make of another depth in the slot says otherwise).
    depth: u16,
    mg: i16,
    eg: i16,
    phase: [i16; 2],
    hash: u32,
}

impl Saved {
    const NONE: Saved = Saved { depth: 0, mg: 0, eg: 0, phase: [0, 0], hash: 0 };
}

/// A chess position. See the module documentation for its invariants.
///
/// `repr(C)` for the 8-bit targets: the one-byte and two-byte state comes
/// first and the board right after it, so every field but the history ring
/// sits within 63 bytes of the start and a board read is one indexed load
/// with a constant displacement (the AVR's `ldd`, the 6502's `lda abs,y`),
/// instead of a 16-bit pointer addition past a 512-byte ring.
#[repr(C)]
pub struct Position {
    /// Side to move.
    pub(crate) side: Color,
    /// Castling rights, `CASTLE_*` bits.
    pub(crate) castle: u8,
    /// En passant square or `NO_SQUARE`.
    pub(crate) ep: Square,
    /// Plies since the last capture or pawn move (saturates at 255).
    pub(crate) halfmove: u8,
    /// King square per colour.
    pub(crate) kings: [Square; 2],
    /// Next ring slot to write.
    pub(crate) hist_top: u8,
    /// Full-move number; wraps rather than fails, and `unmake` reverses it.
    pub(crate) fullmove: u16,
    /// Material + middlegame tables, White-positive. Bound: |mg| < 12,000.
    pub(crate) mg: i16,
    /// Endgame extra for pawns and kings, White-positive. Bound: |eg| < 1,000.
    pub(crate) eg: i16,
    /// Non-pawn material of each side (White, Black); the phase is their
    /// sum. Bound: 0..=10,400 each.
    pub(crate) phase: [i16; 2],
    /// Pieces of each side on the board, kings and pawns included: changed
    /// only by captures. The generator finds a lone king without a scan and
    /// ends its scan at the last piece.
    pub(crate) pieces: [u8; 2],
    /// Entries pushed since the position was set up, less those popped
    /// (saturating: a game of 65,535 plies is not a concern).
    pub(crate) hist_len: u16,
    /// Zobrist hash of the placement (rights, ep, side folded in by [`Position::key`]).
    pub(crate) hash: u32,
    /// 0x88 cells; the dead zone stays `EMPTY`.
    pub(crate) board: [Piece; 128],
    /// Keys of earlier positions; `history[hist_top - 1]` is the newest.
    pub(crate) history: [u32; HISTORY_SIZE],
    /// What each outstanding make found, at `hist_len % SAVED_SLOTS`:
    /// `unmake` puts the totals back from here rather than computing the
    /// move's change again. Scratch: no part of the position's value.
    saved: [Saved; SAVED_SLOTS],
}

/// Every field but the totals ring, which is scratch: a search leaves the
/// position as it found it, but not the ring's slots above it.
impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Every field named: a new field fails to compile until shown here.
        let Position {
            side,
            castle,
            ep,
            halfmove,
            kings,
            hist_top,
            fullmove,
            mg,
            eg,
            phase,
            pieces,
            hist_len,
            hash,
            board,
            history,
            saved: _,
        } = self;
        f.debug_struct("Position")
            .field("side", side)
            .field("castle", castle)
            .field("ep", ep)
            .field("halfmove", halfmove)
            .field("kings", kings)
            .field("hist_top", hist_top)
            .field("fullmove", fullmove)
            .field("mg", mg)
            .field("eg", eg)
            .field("phase", phase)
            .field("pieces", pieces)
            .field("hist_len", hist_len)
            .field("hash", hash)
            .field("board", board)
            .field("history", history)
            .finish()
    }
}

/// `clone_from` copies field by field into place: the derived one builds
/// the whole 1.2 KB clone first, which on the C64 is a 1.2 KB frame.
impl Clone for Position {
    fn clone(&self) -> Self {
        let mut pos = Position::blank();
        pos.clone_from(self);
        pos
    }

    fn clone_from(&mut self, source: &Self) {
        // Every field named: a new field fails to compile until copied here.
        let Position {
            side,
            castle,
            ep,
            halfmove,
            kings,
            hist_top,
            fullmove,
            mg,
            eg,
            phase,
            pieces,
            hist_len,
            hash,
            board,
            history,
            saved,
        } = source;
        (self.side, self.castle, self.ep, self.halfmove, self.kings) = (*side, *castle, *ep, *halfmove, *kings);
        (self.hist_top, self.fullmove, self.mg, self.eg, self.phase) = (*hist_top, *fullmove, *mg, *eg, *phase);
        (self.pieces, self.hist_len, self.hash) = (*pieces, *hist_len, *hash);
        self.board = *board;
        self.history = *history;
        self.saved = *saved;
    }
}

/// Equality of positions as the engine sees them: every field, and the live
/// part of the history ring (stale slots beyond it are never read).
impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        let same_state = self.board == other.board
            && self.side == other.side
            && self.castle == other.castle
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.kings == other.kings
            && self.totals() == other.totals()
            && self.phase == other.phase
            && self.hist_top == other.hist_top
            && self.hist_len == other.hist_len;
        same_state
            && (1..=self.hist_len.min(HISTORY_LIVE)).all(|back| self.history_key(back) == other.history_key(back))
    }
}
impl Eq for Position {}

/// The castling rights that survive a move touching `sq` (as origin or target).
#[inline(always)]
const fn rights_kept(sq: Square) -> u8 {
    match sq {
        0x70 => !CASTLE_WQ,
        0x77 => !CASTLE_WK,
        0x74 => !(CASTLE_WK | CASTLE_WQ),
        0x00 => !CASTLE_BQ,
        0x07 => !CASTLE_BK,
        0x04 => !(CASTLE_BK | CASTLE_BQ),
        _ => 0xFF,
    }
}

impl Position {
    /// Every byte zero: an empty board without kings, White to move, no
    /// rights, no en passant square read (the square is 0): a blank for
    /// the FEN parser to fill, and the value of a position in a `static`
    /// before [`Position::set_start`] (zero bytes cost a `static` nothing in
    /// the C64's program file). Not valid until filled.
    pub(crate) const fn blank() -> Position {
        Position {
            board: [EMPTY; 128],
            side: WHITE,
            castle: 0,
            ep: 0,
            halfmove: 0,
            fullmove: 0,
            kings: [0; 2],
            mg: 0,
            eg: 0,
            phase: [0, 0],
            pieces: [0, 0],
            hash: 0,
            history: [0; HISTORY_SIZE],
            hist_top: 0,
            hist_len: 0,
            saved: [Saved::NONE; SAVED_SLOTS],
        }
    }

    /// Become an empty board in place: no men and no kings (`NO_SQUARE`),
    /// White to move, no rights, no en passant square, move 1, no history,
    /// zero totals. What the FEN parser fills; not valid until filled. In
    /// place, not `*self = Position::blank()`: that is a 1.2 KB temporary
    /// on the C64.
    pub(crate) fn clear(&mut self) {
        self.board = [EMPTY; 128];
        self.side = WHITE;
        self.castle = 0;
        self.ep = NO_SQUARE;
        self.halfmove = 0;
        self.fullmove = 1;
        self.kings = [NO_SQUARE; 2];
        self.hist_top = 0;
        self.hist_len = 0;
        (self.mg, self.eg, self.phase, self.pieces, self.hash) = (0, 0, [0, 0], [0, 0], 0);
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        let mut pos = Position::blank();
        pos.set_start();
        pos
    }

    /// Become the standard starting position, with no history, in place:
    /// the C64 sets up its games this way, as a 1.2 KB `Position` built by
    /// value is a 1.2 KB frame there.
    pub fn set_start(&mut self) {
        self.board = START_BOARD;
        self.side = WHITE;
        self.castle = CASTLE_ALL;
        self.ep = NO_SQUARE;
        self.halfmove = 0;
        self.fullmove = 1;
        self.kings = [0x74, 0x04];
        self.hist_top = 0;
        self.hist_len = 0;
        // Counted at compile time: a new game on the C64 needs no walk, and
        // the game build no counting code (0.5 KB).
        self.set_totals(START_TOTALS);
    }

    /// The running totals as carried.
    #[inline]
    pub fn totals(&self) -> Totals {
        Totals { mg: self.mg, eg: self.eg, phase: self.phase(), hash: self.hash, pieces: self.pieces }
    }

    /// The running totals recounted from the board (a full walk: for set-up
    /// and for tests that prove the carried totals never drift).
    pub fn recount(&self) -> Totals {
        count(&self.board).0
    }

    /// The running totals and each side's non-pawn material, recounted.
    pub(crate) fn count_board(&self) -> (Totals, [i16; 2]) {
        count(&self.board)
    }


    /// The phase: non-pawn material of both sides, 0..=20,800.
    #[inline(always)]
    pub(crate) fn phase(&self) -> i16 {
        self.phase[0] + self.phase[1]
    }

    /// Set the running totals from the board. Called wherever pieces arrive
    /// without going through `make` (start position, FEN).
    pub(crate) fn refresh(&mut self) {
        self.set_totals(count(&self.board));
    }

    fn set_totals(&mut self, (t, phase): (Totals, [i16; 2])) {
        (self.mg, self.eg, self.hash, self.pieces, self.phase) = (t.mg, t.eg, t.hash, t.pieces, phase);
    }

    /// The key of the position for repetition and the transposition table:
    /// placement, side to move, castling rights, and the en passant file.
    /// The en passant square is only ever set while a legal capture there
    /// exists (see [`Position::make`]), so two positions with the same moves
    /// available have the same key, as the repetition rule requires.
    pub fn key(&self) -> u32 {
        let mut k = self.hash;
        if self.castle != 0 {
            // CASTLE_KEYS[0] is 0: no rights, nothing to fold in.
            k ^= CASTLE_KEYS[(self.castle & 15) as usize];
        }
        if self.side == BLACK {
            k ^= SIDE_KEY;
        }
        if self.ep != NO_SQUARE {
            k ^= EP_KEYS[file(self.ep) as usize];
        }
        k
    }

    /// Can the side to move legally capture en passant on `ep`? Tried on
    /// the board alone (the pawn to `ep`, the victim off, the king's safety
    /// asked, all put back), and only when a pawn stands ready, which is
    /// rare: a pinned pawn, or one whose capture would empty the king's rank
    /// of both pawns, cannot take. Not through `make`: `make` calls this, and
    /// a cycle of calls would give `make` a soft-stack frame on the C64.
    pub(crate) fn ep_capture_exists(&mut self) -> bool {
        let ep = self.ep;
        let us = self.side;
        // A White pawn takes up (-15/-17), so it stands at ep+15 or ep+17.
        let (a, b): (i8, i8) = if us == WHITE { (15, 17) } else { (-17, -15) };
        let pawn = make_piece(PAWN, us);
        // The pawn taken stands beside `ep`, on the capturer's rank.
        let victim = ep ^ 0x10;
        let taken = self.at(victim);
        for d in [a, b] {
            let from = step(ep, d);
            if !offboard(from) && self.at(from) == pawn {
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
        }
        false
    }

    /// The key of the position `back` plies ago (1 = before the last move).
    /// Meaningful for `back` in `1..=min(history_len, 127)`.
    #[inline]
    fn history_key(&self, back: u16) -> u32 {
        self.history[self.hist_top.wrapping_sub(back as u8) as usize]
    }

    /// Copy the ring slots above the newest key (the next `out.len()` a
    /// `make` would write) into `out`.
    pub(crate) fn history_ahead(&self, out: &mut [u32]) {
        let mut at = self.hist_top;
        for key in out {
            *key = self.history[at as usize];
            at = at.wrapping_add(1);
        }
    }

    /// Put back what [`Position::history_ahead`] copied.
    pub(crate) fn restore_history_ahead(&mut self, from: &[u32]) {
        let mut at = self.hist_top;
        for key in from {
            self.history[at as usize] = *key;
            at = at.wrapping_add(1);
        }
    }

    /// How many positions of the history may repeat the current one: no
    /// further back than the fifty-move clock, the entries pushed, or 127.
    #[inline]
    fn repetition_window(&self) -> u16 {
        (self.halfmove as u16).min(self.hist_len).min(HISTORY_LIVE)
    }

    /// True if the current position occurred before, within the window in
    /// which it can (same side to move, so every second entry). The search
    /// scores one repeat as a draw.
    pub fn is_repetition(&self) -> bool {
        self.is_repetition_keyed(self.key())
    }

    /// [`Position::is_repetition`] given `key`, which must be
    /// [`Position::key`] (a caller that also makes moves from this position
    /// computes it once for both).
    #[inline]
    pub fn is_repetition_keyed(&self, key: u32) -> bool {
        debug_assert_eq!(key, self.key());
        self.occurrences(key, 1) != 0
    }

    /// How many positions of the repetition window (every second entry,
    /// the same side to move) have `key`, counting no further than `most`
    /// (the search's test stops at the first).
    #[inline(always)]
    fn occurrences(&self, key: u32, most: u8) -> u8 {
        let mut count = 0;
        // Entries 2, 4, ... back: a u8 index wraps round the 256-entry ring.
        let mut at = self.hist_top.wrapping_sub(2);
        let mut left = self.repetition_window() / 2;
        while left > 0 {
            if self.history[at as usize] == key {
                count += 1;
                if count == most {
                    break;
                }
            }
            at = at.wrapping_sub(2);
            left -= 1;
        }
        count
    }

    /// How many times the current position occurred before (threefold
    /// repetition is two earlier occurrences).
    pub fn repetitions(&self) -> u8 {
        self.occurrences(self.key(), u8::MAX)
    }

    /// Entries pushed onto the key history since set-up, less those popped.
    pub fn history_len(&self) -> u16 {
        self.hist_len
    }

    /// The cell at `sq` (any `u8`: the index is masked into the array).
    #[inline(always)]
    pub fn at(&self, sq: Square) -> Piece {
        self.board[(sq & 0x7F) as usize]
    }

    #[inline(always)]
    pub(crate) fn set(&mut self, sq: Square, p: Piece) {
        self.board[(sq & 0x7F) as usize] = p;
    }

    /// Pieces of `side` on the board, king and pawns included.
    #[inline]
    pub fn pieces(&self, side: Color) -> u8 {
        self.pieces[(side & 1) as usize]
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// Castling rights (`CASTLE_*` bits).
    #[inline]
    pub fn castling(&self) -> u8 {
        self.castle
    }
    /// En passant square, or [`NO_SQUARE`].
    #[inline]
    pub fn ep_square(&self) -> Square {
        self.ep
    }
    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u8 {
        self.halfmove
    }
    /// The full-move number.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    /// Where the king of `c` stands.
    #[inline]
    pub fn king_square(&self, c: Color) -> Square {
        self.kings[(c & 1) as usize]
    }
    /// The 128 cells, for byte-exact comparisons in tests and digests.
    pub fn cells(&self) -> &[Piece; 128] {
        &self.board
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.kings[self.side as usize], self.side ^ 1)
    }

    /// Called right after `make`: true if the move did not leave the mover's
    /// own king attacked, i.e. the move was legal.
    #[inline]
    pub fn last_move_was_legal(&self) -> bool {
        !self.is_attacked(self.kings[(self.side ^ 1) as usize], self.side)
    }

    /// What can be said of a pseudo-legal move's legality before it is made,
    /// given whether the side to move is in check. Never wrong: `Legal` and
    /// `Illegal` are what make / [`Position::last_move_was_legal`] / unmake
    /// would answer; `AfterMake` (en passant, and non-king moves out of
    /// check) says to ask that after `make`.
    ///
    /// * A king move: the destination is attacked with the king lifted off
    ///   its square (so it cannot shield a ray along which it retreats).
    ///   Castling is generated only when fully legal.
    /// * Not in check, not en passant: the piece can only be pinned, on the
    ///   line from the king through `from` (the 240-byte `LINE` table). If
    ///   nothing stands between the king and `from` and the first piece
    ///   beyond `from` is an enemy slider moving along that line, the move is
    ///   legal only along the same line.
    pub fn legality(&mut self, m: Move, in_check: bool) -> Legality {
        let us = self.side;
        let king = self.kings[us as usize];
        if m.from == king {
            if m.flags & (CASTLE_KING | CASTLE_QUEEN) != 0 {
                return Legality::Legal;
            }
            let k = self.at(king);
            self.set(king, EMPTY);
            let attacked = self.is_attacked(m.to, us ^ 1);
            self.set(king, k);
            return if attacked { Legality::Illegal } else { Legality::Legal };
        }
        if in_check || m.flags & EN_PASSANT != 0 {
            return Legality::AfterMake;
        }
        // from + 119 <= 238 and king <= 119: no wrap in either step.
        let d = LINE[((m.from + 119) - king) as usize];
        if d == 0 {
            return Legality::Legal;
        }
        let mut t = step(king, d);
        while t != m.from {
            if self.at(t) != EMPTY {
                return Legality::Legal;
            }
            t = step(t, d);
        }
        if !self.slider_on_line(m.from, d, us ^ 1) || LINE[((m.to + 119) - king) as usize] == d {
            Legality::Legal
        } else {
            Legality::Illegal
        }
    }

    /// Called right after `make(m)` of a legal move: is the side now to move
    /// in check? The same answer as [`Position::in_check`], found from the
    /// move: that side was not in check before it (its opponent was to
    /// move), so only the piece now on `to` can attack its king directly,
    /// and only a slider uncovered on the line through `from` can attack it
    /// anew. Castling and en passant (a second piece moves) take the full test.
    pub fn in_check_after(&self, m: Move) -> bool {
        if m.flags & (EN_PASSANT | CASTLE_KING | CASTLE_QUEEN) != 0 {
            return self.in_check();
        }
        let them = self.side ^ 1; // the side that moved
        let king = self.kings[self.side as usize];
        // king - to as a signed 0x88 difference: both are squares, so it fits.
        let diff = king.wrapping_sub(m.to) as i8;
        let p = self.at(m.to);
        match kind(p) {
            PAWN => {
                // A White pawn attacks up (-15 / -17), a Black one down.
                let (a, b): (i8, i8) = if them == WHITE { (-15, -17) } else { (15, 17) };
                if diff == a || diff == b {
                    return true;
                }
            }
            KNIGHT => {
                if matches!(diff, -33 | -31 | -18 | -14 | 14 | 18 | 31 | 33) {
                    return true;
                }
            }
            BISHOP | ROOK | QUEEN => {
                let d = LINE[((m.to + 119) - king) as usize];
                if d != 0 && self.slider_on_line(king, d, them) {
                    return true;
                }
            }
            _ => {}
        }
        let d = LINE[((m.from + 119) - king) as usize];
        d != 0 && self.slider_on_line(king, d, them)
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
        Some(self.move_checks(kind(self.at(m.from)), m.from, m.to, self.discovery_line(m.from)))
    }

    /// Would our piece of type `k` (not promoting) give check by moving
    /// from `from` to `to`? `disc` is [`Position::discovery_line`] of `from`.
    /// The generator asks this square by square, with `disc` found once per
    /// piece; [`Position::gives_check`] asks it for one move.
    ///
    /// Directly: the piece attacks the enemy king from `to` (a slider
    /// through squares that are empty or are `from`, which it leaves).
    /// Discovered: `to` is off the line `disc` that the piece was blocking.
    #[inline(always)]
    pub(crate) fn move_checks(&self, k: u8, from: Square, to: Square, disc: i8) -> bool {
        let us = self.side;
        let king = self.kings[(us ^ 1) as usize];
        // to + 119 <= 238 and king <= 119: no wrap.
        let line = LINE[((to + 119) - king) as usize];
        if disc != 0 && line != disc {
            return true;
        }
        // king - to as a signed 0x88 difference: both are squares, so it fits.
        let diff = king.wrapping_sub(to) as i8;
        match k {
            // A White pawn attacks up (-15 / -17), a Black one down.
            PAWN => {
                let (a, b): (i8, i8) = if us == WHITE { (-15, -17) } else { (15, 17) };
                diff == a || diff == b
            }
            KNIGHT => matches!(diff, -33 | -31 | -18 | -14 | 14 | 18 | 31 | 33),
            BISHOP | ROOK | QUEEN => {
                let straight = line == 1 || line == -1 || line == 16 || line == -16;
                let moves_along = line != 0 && (k == QUEEN || (k == ROOK) == straight);
                moves_along && self.clear_between(king, to, line, from)
            }
            _ => false,
        }
    }

    /// The line along which the piece on `from` (ours) shields the enemy
    /// king from one of our sliders: the step from that king towards
    /// `from`, or 0 if it shields none. Moving the piece off that line
    /// gives a discovered check.
    pub(crate) fn discovery_line(&self, from: Square) -> i8 {
        let king = self.kings[(self.side ^ 1) as usize];
        // from + 119 <= 238 and king <= 119: no wrap.
        let d = LINE[((from + 119) - king) as usize];
        if d != 0 && self.clear_between(king, from, d, NO_SQUARE) && self.slider_on_line(from, d, self.side) {
            d
        } else {
            0
        }
    }

    /// True if every square strictly between `from` and `to` along the step
    /// `d` (which leads from one to the other) is empty or is `vacated`.
    fn clear_between(&self, from: Square, to: Square, d: i8, vacated: Square) -> bool {
        let mut t = step(from, d);
        while t != to {
            if self.at(t) != EMPTY && t != vacated {
                return false;
            }
            t = step(t, d);
        }
        true
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
        let king = self.kings[(them ^ 1) as usize];
        if was_in_check || king == m.to || m.flags & EN_PASSANT != 0 {
            return !self.is_attacked(king, them);
        }
        // from + 119 <= 238 and king <= 119: no wrap in either step.
        let d = LINE[((m.from + 119) - king) as usize];
        if d == 0 {
            return true;
        }
        !self.slider_on_line(king, d, them)
    }

    /// Is the first piece from `sq` along the step `d` a slider of `by`
    /// that moves along it (a queen, or a rook on a file or rank, or a bishop
    /// on a diagonal)?
    #[inline(never)]
    fn slider_on_line(&self, sq: Square, d: i8, by: Color) -> bool {
        let mut t = step(sq, d);
        while !offboard(t) {
            let p = self.at(t);
            if p != EMPTY {
                if color(p) != by {
                    return false;
                }
                let k = kind(p);
                let straight = d == 1 || d == -1 || d == 16 || d == -16;
                return k == QUEEN || k == if straight { ROOK } else { BISHOP };
            }
            t = step(t, d);
        }
        false
    }

    /// Does any piece of `by` attack `sq`? The king by one table lookup
    /// (its square is known), then two pawn squares, and only if the board
    /// holds any piece of `by` other than pawns and king (the running
    /// `phase[by]`, exact by invariant, is their material) eight knight
    /// squares and, if `by` can have a bishop, rook or queen at all
    /// (`phase[by]` at least a bishop's worth), the eight rays.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let shift = by << 3;
        // kings[by] + 119 - sq: no wrap, both are squares (<= 0x77).
        let king = self.kings[(by & 1) as usize];
        let d = LINE[((king + 119) - sq) as usize];
        if d != 0 && step(sq, d) == king {
            return true;
        }
        if self.pawn_attacks(sq, by) {
            return true;
        }
        let material = self.phase[(by & 1) as usize];
        if material == 0 {
            return false;
        }
        let knight = KNIGHT | shift;
        for d in KNIGHT_STEPS {
            let t = step(sq, d);
            if !offboard(t) && self.at(t) == knight {
                return true;
            }
        }
        if material < PHASE[BISHOP as usize] {
            return false;
        }
        let (rook, bishop, queen) = (ROOK | shift, BISHOP | shift, QUEEN | shift);
        for d in ROOK_DIRS {
            let mut t = step(sq, d);
            while !offboard(t) {
                let p = self.at(t);
                if p != EMPTY {
                    if p == rook || p == queen {
                        return true;
                    }
                    break;
                }
                t = step(t, d);
            }
        }
        for d in BISHOP_DIRS {
            let mut t = step(sq, d);
            while !offboard(t) {
                let p = self.at(t);
                if p != EMPTY {
                    if p == bishop || p == queen {
                        return true;
                    }
                    break;
                }
                t = step(t, d);
            }
        }
        false
    }

    /// Does a pawn of `by` attack `sq`?
    #[inline(always)]
    fn pawn_attacks(&self, sq: Square, by: Color) -> bool {
        // A White pawn attacks up (-15/-17), so it stands at sq+15 or sq+17.
        let (a, b): (i8, i8) = if by == WHITE { (15, 17) } else { (-17, -15) };
        let pawn = make_piece(PAWN, by);
        let (a, b) = (step(sq, a), step(sq, b));
        (!offboard(a) && self.at(a) == pawn) || (!offboard(b) && self.at(b) == pawn)
    }

    /// Every piece of `by` that attacks `sq` directly (no x-rays), written to
    /// `out`; returns how many. `out` has room for the most attackers
    /// possible, so nothing is ever dropped. One walk along each of the
    /// eight lines finds the line's slider, king or pawn (the first piece
    /// met), then the knight squares: lines first, each in `KING_STEPS`
    /// order, then knights in `KNIGHT_STEPS` order.
    pub fn attackers(&self, sq: Square, by: Color, out: &mut [Square; MAX_ATTACKERS]) -> u8 {
        let shift = by << 3;
        let mut n = 0usize;
        // The step tables read where they are: iterated by value, each is
        // built on the stack first (32 bytes of AVR code apiece).
        for &d in KING_STEPS.iter() {
            let straight = d == 1 || d == -1 || d == 16 || d == -16;
            let slider = if straight { ROOK } else { BISHOP } | shift;
            // A White pawn attacks up the board (-15, -17): it stands at
            // sq + 15 or sq + 17, a Black one at sq - 15 or sq - 17.
            let pawn_line = !straight && (d > 0) == (by == WHITE);
            let mut t = step(sq, d);
            let mut near = true;
            while !offboard(t) {
                let p = self.at(t);
                if p != EMPTY {
                    let one_step = p == KING | shift || (pawn_line && p == PAWN | shift);
                    if p == slider || p == QUEEN | shift || (near && one_step) {
                        out[n] = t;
                        n += 1;
                    }
                    break;
                }
                near = false;
                t = step(t, d);
            }
        }
        for &d in KNIGHT_STEPS.iter() {
            let t = step(sq, d);
            if !offboard(t) && self.at(t) == KNIGHT | shift {
                out[n] = t;
                n += 1;
            }
        }
        n as u8
    }

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
        let key = self.key();
        let us = self.side;
        let piece = self.at(m.from);
        let depth = self.hist_len;
        self.saved[depth as usize & (SAVED_SLOTS - 1)] =
            Saved { depth, mg: self.mg, eg: self.eg, phase: self.phase, hash: self.hash };
        self.history[self.hist_top as usize] = key;
        self.hist_top = self.hist_top.wrapping_add(1);
        self.hist_len = self.hist_len.saturating_add(1);
        let mut undo = Undo { captured: self.at(m.to), ep: self.ep, castle: self.castle, halfmove: self.halfmove };
        self.ep = NO_SQUARE;
        self.halfmove = self.halfmove.saturating_add(1);

        if m.flags & EN_PASSANT != 0 {
            // The victim stands on the from-rank, beside `to`: rank 6 <-> 5, rank 3 <-> 4.
            let victim = m.to ^ 0x10;
            undo.captured = self.at(victim);
            self.set(victim, EMPTY);
        }
        self.set(m.from, EMPTY);
        self.set(m.to, if m.flags & PROMO != 0 { make_piece(m.flags & PROMO, us) } else { piece });

        if kind(piece) == PAWN {
            self.halfmove = 0;
            if m.flags & DOUBLE_PUSH != 0 {
                // The crossed square: row 6 -> 5 for White, row 1 -> 2 for Black.
                self.ep = m.from ^ 0x30;
            }
        } else if kind(piece) == KING {
            self.kings[us as usize] = m.to;
            if m.flags & CASTLE_KING != 0 {
                self.set(m.from.wrapping_add(1), self.at(m.from.wrapping_add(3)));
                self.set(m.from.wrapping_add(3), EMPTY);
            } else if m.flags & CASTLE_QUEEN != 0 {
                self.set(m.from.wrapping_sub(1), self.at(m.from.wrapping_sub(4)));
                self.set(m.from.wrapping_sub(4), EMPTY);
            }
        }
        if m.flags & CAPTURE != 0 {
            self.halfmove = 0;
            self.pieces[(us ^ 1) as usize] -= 1;
        }
        if self.castle != 0 {
            self.castle &= rights_kept(m.from) & rights_kept(m.to);
        }
        if us == BLACK {
            self.fullmove = self.fullmove.wrapping_add(1);
        }
        self.side = us ^ 1;
        self.apply(&delta(m, piece, undo.captured));
        if m.flags & DOUBLE_PUSH != 0 && !self.ep_capture_exists() {
            self.ep = NO_SQUARE;
        }
        #[cfg(debug_assertions)]
        if let Err(e) = self.is_consistent() {
            panic!("inconsistent after make {m}: {e}");
        }
        undo
    }

    /// True if a pawn of `by` attacks `sq` (an on-board square): the cheap
    /// half of "is this capture safe?", which quiescence asks.
    #[inline]
    pub fn pawn_defends(&self, sq: Square, by: Color) -> bool {
        // White pawns attack towards row 0, so they defend from the row below.
        let pawn = make_piece(PAWN, by);
        let (left, right) = if by == WHITE { (step(sq, 15), step(sq, 17)) } else { (step(sq, -17), step(sq, -15)) };
        (!offboard(left) && self.at(left) == pawn) || (!offboard(right) && self.at(right) == pawn)
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
        let them = self.phase[self.side as usize ^ 1];
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
        let pawn = make_piece(PAWN, side);
        // The seventh rank: row 1 for White, row 6 for Black.
        let row_start: Square = if side == WHITE { 0x10 } else { 0x60 };
        let mut f = 0;
        while f < 8 {
            if self.board[(row_start + f) as usize] == pawn {
                return true;
            }
            f += 1;
        }
        false
    }

    /// Add a move's change to the totals.
    #[inline(always)]
    fn apply(&mut self, d: &Delta) {
        self.mg += d.mg;
        self.eg += d.eg;
        if (d.phase[0] | d.phase[1]) != 0 {
            self.phase[0] += d.phase[0];
            self.phase[1] += d.phase[1];
        }
        self.hash ^= d.hash;
    }

    /// Take back `m`, which must be the last move made, with its undo
    /// record. The running totals are put back as the make found them (its
    /// slot of the totals ring), or, if a later make of another depth has
    /// taken that slot (a game taking back more than a few plies after a
    /// search), recounted from the board. One copy, as for `make`.
    #[inline(never)]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        self.take_back(m, undo);
        let s = self.saved[self.hist_len as usize & (SAVED_SLOTS - 1)];
        if s.depth == self.hist_len {
            (self.mg, self.eg, self.phase, self.hash) = (s.mg, s.eg, s.phase, s.hash);
        } else {
            self.refresh();
        }
        #[cfg(debug_assertions)]
        if let Err(e) = self.is_consistent() {
            panic!("inconsistent after unmake {m}: {e}");
        }
    }

    /// Everything `unmake` does but the running totals.
    #[inline(always)]
    fn take_back(&mut self, m: Move, undo: Undo) {
        let us = self.side ^ 1;
        self.side = us;
        if us == BLACK {
            self.fullmove = self.fullmove.wrapping_sub(1);
        }
        let arrived = self.at(m.to);
        let moved = if m.flags & PROMO != 0 { make_piece(PAWN, us) } else { arrived };
        self.set(m.from, moved);
        if m.flags & EN_PASSANT != 0 {
            self.set(m.to, EMPTY);
            self.set(m.to ^ 0x10, undo.captured);
        } else {
            self.set(m.to, undo.captured);
        }
        if m.flags & CAPTURE != 0 {
            self.pieces[(us ^ 1) as usize] += 1;
        }
        if kind(moved) == KING {
            self.kings[us as usize] = m.from;
            if m.flags & CASTLE_KING != 0 {
                self.set(m.from.wrapping_add(3), self.at(m.from.wrapping_add(1)));
                self.set(m.from.wrapping_add(1), EMPTY);
            } else if m.flags & CASTLE_QUEEN != 0 {
                self.set(m.from.wrapping_sub(4), self.at(m.from.wrapping_sub(1)));
                self.set(m.from.wrapping_sub(1), EMPTY);
            }
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

    /// The start's totals, counted at compile time, are the board's as set
    /// up at run time (from FEN, by the walk).
    #[test]
    fn the_start_totals_are_the_walks() {
        let start = Position::startpos();
        let fen = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(start.totals(), fen.totals());
        assert_eq!((start.totals(), start.phase), (start.recount(), count(&start.board).1));
        assert_ne!(start.hash, 0);
    }

    /// What is asked of a move before making it agrees with making it, for
    /// every legal move at every node of the standard perft trees to depth
    /// 3 and of won endings (where the mate drive counts): `gives_check`
    /// answers as make + `in_check_after` does (where it answers at all:
    /// castling, en passant and promotions say "make it"), and
    /// `evaluate_after` is what `evaluate` says afterwards.
    #[test]
    fn predictions_before_make_agree_with_making_the_move() {
        fn walk(pos: &mut Position, depth: u8, checks: &mut u32, drives: &mut u32) {
            let mut moves = [Move::NONE; crate::movegen::MAX_MOVES];
            let n = pos.legal_moves(&mut moves);
            for &m in &moves[..n] {
                let predicted = pos.gives_check(m);
                let value = pos.evaluate_after(m);
                let undo = pos.make(m);
                let actual = pos.in_check_after(m);
                assert_eq!(actual, pos.in_check(), "{m} in {}", pos.fen());
                if let Some(p) = predicted {
                    assert_eq!(p, actual, "{m} gives check?");
                    *checks += u32::from(p);
                }
                assert_eq!(value, pos.evaluate(pos.side_to_move()), "value after {m} in {}", pos.fen());
                *drives += u32::from(pos.phase() <= crate::eval::PHASE_MATE_DRIVE && value.abs() > 400);
                if depth > 1 {
                    walk(pos, depth - 1, checks, drives);
                }
                pos.unmake(m, undo);
            }
        }
        let (mut checks, mut drives) = (0, 0);
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
        assert!(drives > 3_000, "only {drives} moves into a mate drive");
    }
    use crate::movegen::{GenMode, MAX_MOVES};

    /// Does the piece on `from` attack `to`? Piece by piece, the slow way:
    /// the reference for [`Position::attackers`].
    fn attacks(pos: &Position, from: Square, to: Square) -> bool {
        let p = pos.at(from);
        let d = (to as i16 - from as i16) as i8;
        let ray = |dirs: &[i8]| {
            dirs.iter().any(|&dir| {
                let mut t = step(from, dir);
                while !offboard(t) {
                    if t == to {
                        return true;
                    }
                    if pos.at(t) != EMPTY {
                        return false;
                    }
                    t = step(t, dir);
                }
                false
            })
        };
        match kind(p) {
            PAWN if color(p) == WHITE => d == -15 || d == -17,
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
    /// of trees with every kind of move.
    #[test]
    fn attackers_are_the_pieces_that_attack() {
        fn check(pos: &Position) {
            for sq in all_squares() {
                for by in [WHITE, BLACK] {
                    let mut out = [0; MAX_ATTACKERS];
                    let n = pos.attackers(sq, by, &mut out) as usize;
                    out[..n].sort_unstable();
                    let (mut want, mut m) = ([0; MAX_ATTACKERS], 0);
                    for f in all_squares() {
                        if pos.at(f) != EMPTY && color(pos.at(f)) == by && attacks(pos, f, sq) {
                            want[m] = f;
                            m += 1;
                        }
                    }
                    assert_eq!(out[..n], want[..m], "side {by} on {sq:#x} in {}", pos.fen());
                    assert_eq!(n > 0, pos.is_attacked(sq, by), "{sq:#x} in {}", pos.fen());
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
        ] {
            walk(&mut Position::from_fen(fen).unwrap(), 2);
        }
    }


    /// Every move of a tree (captures, promotions, castling, en passant):
    /// after make and after unmake, each side's non-pawn material equals a
    /// recount, and legality decided before make agrees with the test after.
    fn walk(pos: &mut Position, depth: u8) {
        let mut moves = [Move::NONE; MAX_MOVES];
        let n = pos.generate(&mut moves, GenMode::All);
        let in_check = pos.in_check();
        for &m in &moves[..n] {
            let pre = pos.legality(m, in_check);
            let undo = pos.make(m);
            assert_eq!(pos.phase, count(&pos.board).1, "after {m}");
            let legal = pos.last_move_was_legal();
            assert_eq!(pos.move_was_legal(m, in_check), legal, "after {m}");
            match pre {
                Legality::Legal => assert!(legal, "{m}"),
                Legality::Illegal => assert!(!legal, "{m}"),
                Legality::AfterMake => {}
            }
            if legal {
                assert_eq!(pos.in_check_after(m), pos.in_check(), "after {m}");
            }
            if legal && depth > 1 {
                walk(pos, depth - 1);
            }
            pos.unmake(m, undo);
            assert_eq!(pos.phase, count(&pos.board).1, "after undoing {m}");
        }
    }

    #[test]
    fn side_material_and_early_legality_hold_over_trees() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let mut pos = Position::from_fen(fen).unwrap();
            walk(&mut pos, 3);
        }
    }
}
