//! The position: the 0x88 board and the state the board cannot show, its
//! running totals, keys and repetition history. What reads or changes it
//! lives a layer up, each concept in its own `impl Position` module:
//! [`crate::attacks`], [`crate::legality`], [`crate::make`] (`make` /
//! `unmake`), [`crate::movegen`], [`crate::eval`], [`crate::fen`].
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
//! * the running totals (`mg`, `eg`, `phase`, `hash`, `pieces`, `men`) equal a
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

use crate::hash::{CASTLE_KEYS, EP_KEYS, SIDE_KEY};
use crate::incremental::Totals;
use crate::piece::*;
use crate::square::*;
use crate::tables::PHASE;

/// The running totals of `board` and each side's non-pawn material, from
/// a walk of its 64 squares: one way to count, for set-up (at run time) and
/// for [`START_TOTALS`] (at compile time). Always inlined: on the C64 its
/// one caller is [`Position::refresh`], which then writes the results
/// straight to the fields (out of line, as the set-up's second caller of
/// `refresh` made it, its 20 bytes of results went through the stack and
/// were copied at each caller: 0.14 KB of AVR code).
#[inline(always)]
const fn count(board: &[Piece; 128]) -> (Totals, ByColor<i16>) {
    let mut t = Totals { mg: 0, eg: 0, phase: 0, hash: 0, pieces: ByColor::new(0, 0), men: ByColor::new(0, 0) };
    // White's share of the phase, and Black's the rest of the total: one
    // accumulator fewer than a share each (12 bytes of the AVR code of
    // `unmake`, where the count is inlined).
    let mut white = 0i16;
    let mut tile = 0u8;
    while tile < 64 {
        let p = board[Square::from_ordinal(tile).index()];
        if !p.is_empty() {
            t.place(p, tile);
            if matches!(p.color(), Color::White) {
                white += PHASE[p.index()];
            }
        }
        tile += 1;
    }
    (t, ByColor::new(white, t.phase - white))
}

/// [`count`] of [`START_BOARD`].
const START_TOTALS: (Totals, ByColor<i16>) = count(&START_BOARD);

/// The cells of the standard starting position.
pub const START_BOARD: [Piece; 128] = {
    let mut board = [EMPTY; 128];
    let mut i = 0;
    while i < 128 {
        board[i] = start_piece(i as u8);
        i += 1;
    }
    board
};

/// The start position's cell at 0x88 index `index` (below 128): what
/// [`START_BOARD`] holds there, computed, so the program needs neither the
/// 128-byte table nor a copy of it.
pub(crate) const fn start_piece(index: u8) -> Piece {
    const BACK: [u8; 8] = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
    let file = index & 15;
    if file >= 8 {
        return EMPTY;
    }
    match index >> 4 {
        0 => Piece::new(BACK[file as usize], Color::Black),
        1 => Piece::new(PAWN, Color::Black),
        6 => Piece::new(PAWN, Color::White),
        7 => Piece::new(BACK[file as usize], Color::White),
        _ => EMPTY,
    }
}

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

/// Entries of the key history ring (a power of two: indices wrap by masking).
pub const HISTORY_SIZE: usize = 256;
/// The most history entries a scan reads: one less than the ring, so the
/// slot a `make` overwrites on a full ring is never read again.
pub const HISTORY_LIVE: u16 = 127;

/// Slots of the totals ring (a power of two): more than the moves a search
/// has outstanding at once (a line to `DEEPEST_PLY`, 22, and a legality
/// test's make below it).
pub(crate) const SAVED_SLOTS: usize = 32;

/// The running totals as a `make` found them, for its `unmake` to put
/// back, in two rings of small slots: each ring is at most 256 bytes, so a
/// slot's offset is a byte (the 6502's `sta ring,x`), where one ring of
/// 14-byte slots cost a multiply by 14 and a 16-bit pointer a field. The
/// depth is in the first, which `unmake` reads before the rest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SavedRing {
    eval: [SavedEval; SAVED_SLOTS],
    rest: [SavedRest; SAVED_SLOTS],
}

/// A slot's first part (6 bytes).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct SavedEval {
    /// `hist_len` at the make: the slot is that make's if it still says so
    /// (a later make of another depth in the slot says otherwise).
    depth: u16,
    mg: i16,
    eg: i16,
}

/// A slot's second part (8 bytes).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct SavedRest {
    phase: ByColor<i16>,
    hash: u32,
}

impl SavedRing {
    const NONE: SavedRing = SavedRing {
        eval: [SavedEval { depth: 0, mg: 0, eg: 0 }; SAVED_SLOTS],
        rest: [SavedRest { phase: ByColor::new(0, 0), hash: 0 }; SAVED_SLOTS],
    };

    /// The slot of `depth`, a byte.
    #[inline(always)]
    const fn slot(depth: u16) -> usize {
        (depth as u8 & (SAVED_SLOTS as u8 - 1)) as usize
    }

    /// Keep the totals a make at `depth` found.
    #[inline(always)]
    pub(crate) fn store(&mut self, depth: u16, mg: i16, eg: i16, phase: ByColor<i16>, hash: u32) {
        let i = Self::slot(depth);
        self.eval[i] = SavedEval { depth, mg, eg };
        self.rest[i] = SavedRest { phase, hash };
    }

    /// The totals the make at `depth` found, if its slot is still its own.
    #[inline(always)]
    pub(crate) fn load(&self, depth: u16) -> Option<(i16, i16, ByColor<i16>, u32)> {
        let i = Self::slot(depth);
        let e = self.eval[i];
        if e.depth != depth {
            return None;
        }
        let r = self.rest[i];
        Some((e.mg, e.eg, r.phase, r.hash))
    }
}

/// Why the rules draw a position on the board ([`Position::draw_rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// A hundred plies without a capture or pawn move.
    FiftyMoves,
    /// The same position for the third time (two earlier occurrences).
    Threefold,
    /// Neither side can ever mate.
    InsufficientMaterial,
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
    pub(crate) kings: ByColor<Square>,
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
    pub(crate) phase: ByColor<i16>,
    /// Pieces of each side on the board, kings and pawns included: changed
    /// only by captures. The generator finds a lone king without a scan and
    /// ends its scan at the last piece.
    pub(crate) pieces: ByColor<u8>,
    /// Each side's men but its king, their 0x88 squares XORed: with one
    /// such man (`pieces` 2), its square ([`Totals::men`]). Changed by
    /// every move of a man, a capture and castling.
    pub(crate) men: ByColor<u8>,
    /// Entries pushed since the position was set up, less those popped
    /// (saturating: a game of 65,535 plies is not a concern).
    pub(crate) hist_len: u16,
    /// Zobrist hash of the placement (rights, ep, side folded in by [`Position::key`]).
    pub(crate) hash: u32,
    /// 0x88 cells; the dead zone stays `EMPTY`.
    pub(crate) board: [Piece; 128],
    /// Keys of earlier positions; `history.get(hist_top - 1)` is the newest.
    /// During a search, the slots of positions quiescence made hold 0
    /// ([`Position::make_keyed`]): no repetition test reads them.
    pub(crate) history: KeyRing,
    /// What each outstanding make found, at `hist_len % SAVED_SLOTS`:
    /// `unmake` puts the totals back from here rather than computing the
    /// move's change again. Scratch: no part of the position's value.
    pub(crate) saved: SavedRing,
}

/// The key history ring as four byte planes, entry `i`'s byte `b` (0 the
/// low byte) at `[b][i]`: on the 6502 each plane is a 256-byte table that
/// the entry's index reaches directly (`lda plane,x`), where a
/// `[u32; 256]` needed `i × 4` computed for every access, about 50 cycles
/// an entry of the repetition walk (issue 37). The index is a byte: the
/// ring has 256 entries, and `hist_top` wraps round it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct KeyRing([[u8; HISTORY_SIZE]; 4]);

const _: () = assert!(HISTORY_SIZE == 256);

impl KeyRing {
    /// Every key 0.
    pub(crate) const fn new() -> KeyRing {
        KeyRing([[0; HISTORY_SIZE]; 4])
    }

    /// Entry `i`.
    #[inline(always)]
    pub(crate) fn get(&self, i: u8) -> u32 {
        let i = i as usize;
        u32::from_le_bytes([self.0[0][i], self.0[1][i], self.0[2][i], self.0[3][i]])
    }

    /// Set entry `i` to `key`.
    #[inline(always)]
    pub(crate) fn set(&mut self, i: u8, key: u32) {
        let i = i as usize;
        let [b0, b1, b2, b3] = key.to_le_bytes();
        (self.0[0][i], self.0[1][i], self.0[2][i], self.0[3][i]) = (b0, b1, b2, b3);
    }

    /// Whether entry `i` is `key`: the high byte first, which differs for
    /// almost every other position.
    #[inline(always)]
    pub(crate) fn holds(&self, i: u8, key: u32) -> bool {
        let i = i as usize;
        let [b0, b1, b2, b3] = key.to_le_bytes();
        self.0[3][i] == b3 && self.0[2][i] == b2 && self.0[1][i] == b1 && self.0[0][i] == b0
    }
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
            men,
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
            .field("men", men)
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
            men,
            hist_len,
            hash,
            board,
            history,
            saved,
        } = source;
        (self.side, self.castle, self.ep, self.halfmove, self.kings) = (*side, *castle, *ep, *halfmove, *kings);
        (self.hist_top, self.fullmove, self.mg, self.eg, self.phase) = (*hist_top, *fullmove, *mg, *eg, *phase);
        (self.pieces, self.men, self.hist_len, self.hash) = (*pieces, *men, *hist_len, *hash);
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

impl Position {
    /// Every byte zero: an empty board without kings, White to move, no
    /// rights, no en passant square read (the square is a8, byte 0): a blank for
    /// the FEN parser to fill, and the value of a position in a `static`
    /// before [`Position::set_start`] (zero bytes cost a `static` nothing in
    /// the C64's program file). Not valid until filled.
    pub(crate) const fn blank() -> Position {
        Position {
            board: [EMPTY; 128],
            side: Color::White,
            castle: 0,
            ep: Square::A8,
            halfmove: 0,
            fullmove: 0,
            kings: ByColor::new(Square::A8, Square::A8),
            mg: 0,
            eg: 0,
            phase: ByColor::new(0, 0),
            pieces: ByColor::new(0, 0),
            men: ByColor::new(0, 0),
            hash: 0,
            history: KeyRing::new(),
            hist_top: 0,
            hist_len: 0,
            saved: SavedRing::NONE,
        }
    }

    /// Become an empty board in place: no men and no kings (`NO_SQUARE`),
    /// White to move, no rights, no en passant square, move 1, no history,
    /// zero totals. What the FEN parser fills; not valid until filled. In
    /// place, not `*self = Position::blank()`: that is a 1.2 KB temporary
    /// on the C64.
    pub(crate) fn clear(&mut self) {
        self.board = [EMPTY; 128];
        self.side = Color::White;
        self.castle = 0;
        self.ep = NO_SQUARE;
        self.halfmove = 0;
        self.fullmove = 1;
        self.kings = ByColor::new(NO_SQUARE, NO_SQUARE);
        self.hist_top = 0;
        self.hist_len = 0;
        (self.mg, self.eg, self.phase, self.pieces, self.hash) = (0, 0, ByColor::new(0, 0), ByColor::new(0, 0), 0);
        self.men = ByColor::new(0, 0);
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
        for (index, cell) in (0..).zip(self.board.iter_mut()) {
            *cell = start_piece(index);
        }
        self.side = Color::White;
        self.castle = CASTLE_ALL;
        self.ep = NO_SQUARE;
        self.halfmove = 0;
        self.fullmove = 1;
        self.kings = ByColor::new(Square::E1, Square::E8);
        self.hist_top = 0;
        self.hist_len = 0;
        // Counted at compile time: a new game on the C64 needs no walk, and
        // the game build no counting code (0.5 KB).
        self.set_totals(START_TOTALS);
    }

    /// The running totals as carried.
    #[inline]
    pub fn totals(&self) -> Totals {
        Totals { mg: self.mg, eg: self.eg, phase: self.phase(), hash: self.hash, pieces: self.pieces, men: self.men }
    }

    /// The running totals recounted from the board (a full walk: for set-up
    /// and for tests that prove the carried totals never drift).
    pub fn recount(&self) -> Totals {
        count(&self.board).0
    }

    /// The running totals and each side's non-pawn material, recounted.
    pub(crate) fn count_board(&self) -> (Totals, ByColor<i16>) {
        count(&self.board)
    }

    /// The phase: non-pawn material of both sides, 0..=20,800.
    #[inline(always)]
    pub(crate) fn phase(&self) -> i16 {
        self.phase[Color::White] + self.phase[Color::Black]
    }

    /// Set the running totals from the board. Called wherever pieces arrive
    /// without going through `make` (start position, FEN).
    pub(crate) fn refresh(&mut self) {
        self.set_totals(count(&self.board));
    }

    /// The stores in the order of `unmake`'s own restore of the totals
    /// (mg, eg, phase, hash), so that its two ways share them (the order
    /// of the fields cost its AVR code 66 bytes).
    fn set_totals(&mut self, (t, phase): (Totals, ByColor<i16>)) {
        (self.pieces, self.mg, self.eg, self.phase, self.hash) = (t.pieces, t.mg, t.eg, phase, t.hash);
        self.men = t.men;
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
        if self.side == Color::Black {
            k ^= SIDE_KEY;
        }
        if self.ep != NO_SQUARE {
            k ^= EP_KEYS[self.ep.file() as usize];
        }
        k
    }

    /// The key of the position `back` plies ago (1 = before the last move).
    /// Meaningful for `back` in `1..=min(history_len, 127)`.
    #[inline]
    fn history_key(&self, back: u16) -> u32 {
        self.history.get(self.hist_top.wrapping_sub(back as u8))
    }

    /// Copy the ring slots above the newest key (the next `out.len()` a
    /// `make` would write) into `out`.
    pub(crate) fn history_ahead(&self, out: &mut [u32]) {
        let mut at = self.hist_top;
        for key in out {
            *key = self.history.get(at);
            at = at.wrapping_add(1);
        }
    }

    /// Put back what [`Position::history_ahead`] copied.
    pub(crate) fn restore_history_ahead(&mut self, from: &[u32]) {
        let mut at = self.hist_top;
        for key in from {
            self.history.set(at, *key);
            at = at.wrapping_add(1);
        }
    }

    /// How many positions of the history may repeat the current one: no
    /// further back than the fifty-move clock, the entries pushed, or 127.
    #[inline]
    fn repetition_window(&self) -> u8 {
        // At most 127: a byte (no 16-bit count in the walk).
        self.halfmove.min(self.hist_len.min(HISTORY_LIVE) as u8)
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
    /// (the search's test stops at the first). Out of line: the main
    /// search's node, the first quiescence ply and the game's outcome had
    /// a copy each of the walk's 32-bit compares (0.18 KB of AVR code);
    /// the call is a few cycles against the walk it makes.
    #[inline(never)]
    fn occurrences(&self, key: u32, most: u8) -> u8 {
        let mut count = 0;
        // Entries 4, 6, ... back (a u8 index wraps round the 256-entry
        // ring). Not 2: in two reversible plies each side has moved a man
        // of its own that the other cannot put back, so no position
        // repeats in fewer than four.
        let mut at = self.hist_top.wrapping_sub(4);
        let mut left = (self.repetition_window() / 2).saturating_sub(1);
        while left > 0 {
            if self.history.holds(at, key) {
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

    /// The draw rule that holds in this position, if any: the one owner of
    /// these rules (the tile interface's outcome and the host's match
    /// referee both ask it). Checked in the order reported when several
    /// hold: fifty moves, threefold repetition, insufficient material.
    /// Mate and stalemate come first and are the caller's (they need the
    /// legal moves).
    pub fn draw_rule(&self) -> Option<DrawRule> {
        if self.halfmove >= 100 {
            Some(DrawRule::FiftyMoves)
        } else if self.repetitions() >= 2 {
            Some(DrawRule::Threefold)
        } else if self.insufficient_material() {
            Some(DrawRule::InsufficientMaterial)
        } else {
            None
        }
    }

    /// True if no sequence of legal moves can mate: no pawns, rooks or
    /// queens, and at most one minor piece on the board, or only bishops,
    /// all on squares of one colour (two knights, or knight against bishop,
    /// can still be mated with help, so those play on). One walk over the
    /// board's cells (the dead zone is empty).
    pub fn insufficient_material(&self) -> bool {
        let mut minors = 0u8;
        // Bit 0: a bishop on a light square, bit 1: on a dark one, bit 2: a knight.
        let mut seen = 0u8;
        for (i, &p) in self.board.iter().enumerate() {
            match p.kind() {
                PAWN | ROOK | QUEEN => return false,
                KNIGHT => {
                    minors += 1;
                    seen |= 4;
                }
                BISHOP => {
                    minors += 1;
                    // 1 on a light square, 2 on a dark one.
                    seen |= 1 + !Square::from_x88(i as u8).is_light() as u8;
                }
                _ => {}
            }
        }
        minors <= 1 || seen == 1 || seen == 2
    }

    /// Entries pushed onto the key history since set-up, less those popped.
    pub fn history_len(&self) -> u16 {
        self.hist_len
    }

    /// The cell at `sq` (any `u8`: the index is masked into the array).
    #[inline(always)]
    pub fn at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    #[inline(always)]
    pub(crate) fn set(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = p;
    }

    /// Pieces of `side` on the board, king and pawns included.
    #[inline]
    pub fn pieces(&self, side: Color) -> u8 {
        self.pieces[side]
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
        self.kings[c]
    }
    /// The 128 cells, for byte-exact comparisons in tests and digests.
    pub fn cells(&self) -> &[Piece; 128] {
        &self.board
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
}
