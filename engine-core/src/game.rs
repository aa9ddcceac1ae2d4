//! # The tile interface
//!
//! The only way a front end (the C64 program, the terminal `play`) talks to
//! the engine. Everything here speaks tiles ([`Tile`]), 0..63 in the order a
//! board prints: 0 = a8, 7 = h8, 56 = a1, 63 = h1. The 0x88 board never
//! leaks out (a tile is not a [`Square`], and only this module converts);
//! the one engine value a front end holds is a [`Move`], as an opaque handle
//! it got from [`Game::find_move`] or [`Game::engine_move`] and hands back to
//! [`Game::play`] (its tiles: [`move_from`], [`move_to`]).
//!
//! ## Contract (frozen: a change is a design decision recorded in CHANGELOG.md)
//!
//! | call | answers |
//! |---|---|
//! | [`Game::new`], [`Game::from_fen`], [`Game::new_game`] | game set-up; players and level are kept by `new_game` |
//! | [`Game::write_record`], [`Game::read_record`] | the game as at most [`RECORD_LEN`] bytes for a disk (the start the undo ring reaches, every ply, the ones taken back too); a game from them, or the reason they are none ([`BadRecord`]), the game kept |
//! | [`Game::read_setup`], [`Game::set_up`] | the position as a [`Setup`] (men by tile, side, rights); a game from one, or the FEN parser's reason it is none, the game kept |
//! | [`Game::piece_at`], [`Game::side_to_move`] | the [`Piece`] on a tile (its `kind`, `color`, `is_empty`); whose turn (a [`Color`]) |
//! | [`Game::legal_targets`] | the tiles a piece may move to; a promotion's four moves are one tile |
//! | [`Game::is_promotion`], [`Game::find_move`] | whether a from/to pair promotes; the legal move for from/to and a chosen piece, or [`NotLegal`] |
//! | [`Game::play`] | make a legal move, record it for undo, discard the redo branch; the [`Outcome`] |
//! | [`Game::outcome`] | the outcome of the position on the board |
//! | [`Game::undo`], [`Game::redo`] | take back / replay, over the last [`UNDO_DEPTH`] plies; against the computer one undo takes back to the human's turn |
//! | [`Game::log_line`] | the move `n` plies back: piece, tiles, capture, promotion, outcome |
//! | [`Game::attack_counts`], [`Game::attackers_of`] | the "B" overlay (attackers per tile per side); the "A" / "D" lists for one tile |
//! | [`Game::engine_move`] | the engine's move at the game's level, opening tables and seed, with progress hooks that can stop it |
//! | [`Game::ponder`] | think on the player's time, on the position after the reply expected; the next `engine_move` takes it up if the player played it |
//! | [`Game::set_player`], [`Game::set_level`], [`Game::set_seed`], [`Game::set_book`] | who plays each side; skill 1..=4; randomiser seed; opening tables |
//!
//! Every call is safe with any argument: a [`Tile`] is always one of the 64
//! (a number becomes one through [`Tile::new`], checked, or
//! [`Tile::masked`]), and a move that is not legal in the current position
//! is refused, never played.
//!
//! The game keeps the legal moves of the current position (computed once per
//! position change), because a front end asks about them on every cursor
//! move and a 1 MHz machine should not regenerate them each time.

use crate::attacks::MAX_ATTACKERS;
use crate::book::book_squares;
use crate::fen::FenError;
use crate::level::{game_limits, TOP_LEVEL};
use crate::movegen::MAX_MOVES;
use crate::mv::{Move, Undo};
use crate::piece::*;
use crate::position::{DrawRule, Position};
use crate::search::{SearchHooks, Searcher};
use crate::square::{Square, NO_SQUARE};
use crate::tt::{InPlace, Slots};

mod record;
mod tile;
pub use record::{BadRecord, RECORD_LEN};
pub use tile::Tile;

/// Plies the game can take back (and redo).
pub const UNDO_DEPTH: u8 = 127;
/// Slots of the undo ring: one more than the plies, a power of two, so a
/// slot index wraps by masking with [`UNDO_DEPTH`].
const UNDO_SLOTS: usize = UNDO_DEPTH as usize + 1;
const _: () = assert!(UNDO_SLOTS.is_power_of_two());

/// What a position means for the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Outcome {
    /// Play on.
    Normal = 0,
    /// Play on; the side to move is in check.
    Check = 1,
    /// The side to move is mated.
    Checkmate = 2,
    /// The side to move has no legal move and is not in check.
    Stalemate = 3,
    /// A hundred plies without a capture or pawn move.
    FiftyMove = 4,
    /// The same position for the third time.
    Threefold = 5,
    /// Neither side can mate: K-K, K+minor-K, K+B-K+B with bishops on one colour.
    Insufficient = 6,
}

impl Outcome {
    /// True if the game is over.
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Normal | Outcome::Check)
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// The engine.
    Computer,
}

/// The requested move is not legal in the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotLegal;

impl core::fmt::Display for NotLegal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the move is not legal in this position")
    }
}

impl core::error::Error for NotLegal {}

/// A set of tiles, one bit each (64 bits as eight bytes: no 64-bit
/// arithmetic on the 6502).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileSet(pub [u8; 8]);

impl TileSet {
    /// True if `tile` is in the set. Out of line, as `insert`: a front end
    /// asks it from many places, and each inlined copy shifts a bit into
    /// place one step at a time (an 8-bit CPU has no barrel shifter).
    #[inline(never)]
    pub fn contains(&self, tile: Tile) -> bool {
        self.0[tile.row() as usize] & (1 << tile.column()) != 0
    }
    /// Add `tile`. Out of line, as `contains`.
    #[inline(never)]
    pub fn insert(&mut self, tile: Tile) {
        self.0[tile.row() as usize] |= 1 << tile.column();
    }
    /// True if no tile is in the set. The bytes or'ed together: comparing
    /// the array with zeros calls `memcmp`.
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |any, &b| any | b) == 0
    }
    /// How many tiles are in the set.
    pub fn len(&self) -> u8 {
        self.0.iter().map(|b| b.count_ones() as u8).sum()
    }
}

/// A position as a set-up editor holds it: the man on each tile (`men[0]`
/// is a8, as [`Tile`] numbers them), the side to move and the castling
/// rights (the `CASTLE_*` bits of [`crate::position`]). Any value is one:
/// [`Game::set_up`] decides whether it is a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The men, by tile.
    pub men: [Piece; 64],
    /// Whose move it is.
    pub side: Color,
    /// The castling rights.
    pub castle: u8,
}

impl Setup {
    /// An empty board, White to move, no rights (every byte zero).
    pub const EMPTY: Setup = Setup { men: [EMPTY; 64], side: Color::White, castle: 0 };
}

/// One line of the move log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The piece that moved (a pawn for a promotion).
    pub piece: Piece,
    /// Where it came from.
    pub from: Tile,
    /// Where it went.
    pub to: Tile,
    /// What it took (`EMPTY` if nothing; a pawn for en passant).
    pub captured: Piece,
    /// The promotion piece type, 0 if none.
    pub promotion: u8,
    /// The outcome after the move.
    pub outcome: Outcome,
}

/// The tile a move starts from.
pub const fn move_from(m: Move) -> Tile {
    Tile::of_square(m.from)
}

/// The tile a move goes to.
pub const fn move_to(m: Move) -> Tile {
    Tile::of_square(m.to)
}

/// One played ply, enough to take it back, to replay it and to log it, in
/// 7 bytes (the ring's 128 are 896): the move, whose ordering byte, no
/// one's once the move is played, holds the piece that moved (low 4 bits)
/// and the [`Outcome`] after it (high 4); and the [`Undo`] record, its
/// captured piece and castling rights (4 bits each: a piece byte is at most
/// 14, the rights at most 15) sharing a byte.
#[derive(Clone, Copy, Debug)]
struct Played {
    mv: Move,
    /// `Undo::captured | Undo::castle << 4`.
    captured_castle: u8,
    ep: Square,
    halfmove: u8,
}

const _: () = assert!(core::mem::size_of::<Played>() == 7);

const NO_PLAY: Played = Played { mv: Move::NONE, captured_castle: 0, ep: Square::A8, halfmove: 0 };

impl Played {
    /// The record of `mv`, a move of `piece` that `make` answered with
    /// `undo` and that led to `outcome`.
    fn new(mv: Move, undo: Undo, piece: Piece, outcome: Outcome) -> Played {
        Played {
            mv: Move { score: piece.bits() | (outcome as u8) << 4, ..mv },
            captured_castle: undo.captured.bits() | undo.castle << 4,
            ep: undo.ep,
            halfmove: undo.halfmove,
        }
    }

    /// What `unmake` needs.
    fn undo(self) -> Undo {
        Undo { captured: self.captured(), ep: self.ep, castle: self.captured_castle >> 4, halfmove: self.halfmove }
    }

    fn captured(self) -> Piece {
        Piece::from_bits(self.captured_castle & 15)
    }

    fn piece(self) -> Piece {
        Piece::from_bits(self.mv.score & 15)
    }

    fn outcome(self) -> Outcome {
        match self.mv.score >> 4 {
            0 => Outcome::Normal,
            1 => Outcome::Check,
            2 => Outcome::Checkmate,
            3 => Outcome::Stalemate,
            4 => Outcome::FiftyMove,
            5 => Outcome::Threefold,
            _ => Outcome::Insufficient,
        }
    }
}

/// Where a [`Game`] keeps its searcher: inside it (a [`Searcher`] is its
/// own home: the host), or elsewhere through a handle (the C64 keeps it in
/// the RAM under its KERNAL, apart from the rest of the game).
pub trait SearcherHome {
    /// Where the searcher's table keeps its slots.
    type Slots: Slots;
    /// The searcher.
    fn get(&self) -> &Searcher<Self::Slots>;
    /// The searcher, to change.
    fn get_mut(&mut self) -> &mut Searcher<Self::Slots>;
}

impl<S: Slots> SearcherHome for Searcher<S> {
    type Slots = S;
    #[inline(always)]
    fn get(&self) -> &Searcher<S> {
        self
    }
    #[inline(always)]
    fn get_mut(&mut self) -> &mut Searcher<S> {
        self
    }
}

/// A game: the engine's searcher (in `H`), whose position is the game's,
/// the undo ring, the players and the engine's settings. The C64 keeps one.
///
/// One position and one move list serve the game and the search: the
/// position is the searcher's ([`Searcher::think`] leaves it as it found
/// it), and the legal moves are the first `legal_len` of the searcher's
/// arena, which a search overwrites, so [`Game::engine_move`] lists them
/// again before it returns. Outside `engine_move` they are always those of
/// the position on the board.
pub struct Game<H = Searcher> {
    home: H,
    legal_len: u8,
    ring: [Played; UNDO_SLOTS],
    /// Plies that can be undone (0..=UNDO_DEPTH).
    undoable: u8,
    /// Plies that can be redone.
    redoable: u8,
    /// Ring slot of the next ply to record.
    next: u8,
    players: ByColor<Player>,
    level: u8,
    seed: u8,
    book: bool,
    /// The engine has not moved since the game started: seed the searcher.
    fresh: bool,
    /// `engine_move` is pondering ([`Game::ponder`]).
    pondering: bool,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A new game from the start position: White human, Black computer,
    /// level 1, opening tables on, seed 0; the table inside it.
    pub fn new() -> Game {
        Game::with_slots(InPlace::new())
    }

    /// A game from a FEN position (players and settings as [`Game::new`]).
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        let mut game = Game::new();
        game.pos_mut().set_fen(fen)?;
        game.position_set();
        Ok(game)
    }
}

impl<S: Slots> Game<Searcher<S>> {
    /// [`Game::new`] with the table's slots in `slots`.
    pub fn with_slots(slots: S) -> Game<Searcher<S>> {
        let mut game = Game::unstarted(Searcher::unstarted(slots));
        game.reset();
        game
    }
}

impl<H: SearcherHome> Game<H> {
    /// Nothing set up, the searcher in `home` as it is (on the C64 every
    /// byte of the game zero): the value of a game in a `static`, which
    /// costs the C64's program file nothing, until [`Game::reset`] makes it
    /// a new game in place (a `Game` built by value is a large frame
    /// there). It has no legal moves.
    pub const fn unstarted(home: H) -> Game<H> {
        Game {
            home,
            legal_len: 0,
            ring: [NO_PLAY; UNDO_SLOTS],
            undoable: 0,
            redoable: 0,
            next: 0,
            players: ByColor::new(Player::Human, Player::Human),
            level: 0,
            seed: 0,
            book: false,
            fresh: false,
            pondering: false,
        }
    }

    /// Become [`Game::new`]'s game, in place: players, level, opening
    /// tables and seed as there, and the start position.
    pub fn reset(&mut self) {
        self.players = ByColor::new(Player::Human, Player::Computer);
        self.level = 1;
        self.seed = 0;
        self.book = true;
        self.new_game();
    }

    /// Start again from the start position, keeping players and settings.
    /// Out of line: `reset` and a front end's "new game" share it.
    #[inline(never)]
    pub fn new_game(&mut self) {
        self.pos_mut().set_start();
        self.position_set();
    }

    /// A new position is in place: no plies to undo or redo, the engine
    /// not yet seeded, its legal moves listed. Out of line: a new game, a
    /// set-up and a load share it.
    #[inline(never)]
    fn position_set(&mut self) {
        self.undoable = 0;
        self.redoable = 0;
        self.fresh = true;
        self.refresh_legal();
    }

    /// Out of line: called from four places.
    #[inline(never)]
    fn refresh_legal(&mut self) {
        let s = self.home.get_mut();
        self.legal_len = s.pos.legal_moves(&mut s.arena[..MAX_MOVES]) as u8;
    }

    fn legal(&self) -> &[Move] {
        &self.home.get().arena[..self.legal_len as usize]
    }

    /// Whether `m` is one of the legal moves. Out of line: `play` and
    /// `ponder` share the walk.
    #[inline(never)]
    fn is_legal(&self, m: Move) -> bool {
        // The one legal move with its squares and piece, through the walk
        // `find_move` has out of line (a `contains` was a second walk and
        // a second compare: 0.1 KB on the C64), then all of `m` compared.
        self.find_legal(m.from, m.to, m.promotion()).is_some_and(|l| *l == m)
    }

    /// The ring's slot `at` (masked below [`UNDO_SLOTS`]). Out of line:
    /// `step` and `log_line` share the slot's address (`at` × 7) and
    /// read the ply through it.
    #[inline(never)]
    fn slot(&self, at: u8) -> &Played {
        &self.ring[(at & UNDO_DEPTH) as usize]
    }

    /// [`Game::slot`] to write: `play` stores the ply through its address,
    /// a byte at a time at offsets from it.
    #[inline(never)]
    fn slot_mut(&mut self, at: u8) -> &mut Played {
        &mut self.ring[(at & UNDO_DEPTH) as usize]
    }

    /// The current position (read-only: for display and for tests).
    pub fn position(&self) -> &Position {
        &self.home.get().pos
    }

    fn pos_mut(&mut self) -> &mut Position {
        &mut self.home.get_mut().pos
    }

    /// The piece on `tile` ([`EMPTY`] if none). Out of line: a front end asks
    /// it from many places, and each inlined copy is a tile conversion.
    #[inline(never)]
    pub fn piece_at(&self, tile: Tile) -> Piece {
        self.position().at(tile.square())
    }

    /// The position on the board as a set-up: where an editor starts.
    pub fn read_setup(&self, setup: &mut Setup) {
        // By a byte's tile number (the tiles zipped with the men count in
        // 16 bits).
        let mut number = 0u8;
        while number < 64 {
            let tile = Tile::masked(number);
            setup.men[tile.index()] = self.piece_at(tile);
            number += 1;
        }
        setup.side = self.side_to_move();
        setup.castle = self.position().castling();
    }

    /// Start the game again from `setup` (move 1, nothing to undo, players
    /// and settings kept), or refuse it with the FEN parser's reason (the
    /// same rules: a king each, no pawn on rank 1 or 8, each castling right
    /// with its king and rook at home, the side not to move not in check)
    /// and keep the game as it was. `Ok` leaves `setup` holding the men of
    /// the game it replaced (exchanged, not copied: no second position);
    /// an `Err` leaves it as it was.
    pub fn set_up(&mut self, setup: &mut Setup) -> Result<(), FenError> {
        self.set_up_at(setup, NO_SQUARE, (0, 1))
    }

    /// [`Game::set_up`] with an en passant square (`NO_SQUARE` for none:
    /// checked and dropped as the FEN parser does) and the clocks
    /// (halfmove, fullmove): a set-up's start and a record's are one code.
    fn set_up_at(&mut self, setup: &mut Setup, ep: Square, clocks: (u8, u16)) -> Result<(), FenError> {
        self.pos_mut().exchange_placement(&mut setup.men, (setup.side, setup.castle, ep), clocks)?;
        self.position_set();
        Ok(())
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// Who plays `side`.
    pub fn player(&self, side: Color) -> Player {
        self.players[side]
    }

    /// Set who plays `side`.
    pub fn set_player(&mut self, side: Color, player: Player) {
        self.players[side] = player;
    }

    /// The skill level, 1..=4.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Set the skill level (clamped to 1..=[`TOP_LEVEL`]: the node levels
    /// 1-4, then the timed ones, [`crate::level::seconds`]).
    pub fn set_level(&mut self, level: u8) {
        self.level = level.clamp(1, TOP_LEVEL);
    }

    /// Set the randomiser seed for the engine's next game start (0 = deterministic).
    pub fn set_seed(&mut self, seed: u8) {
        self.seed = seed;
        self.fresh = true;
    }

    /// Use the opening tables or not.
    pub fn set_book(&mut self, on: bool) {
        self.book = on;
    }

    /// The tiles the piece on `from` may legally move to (empty for an empty
    /// tile, an enemy piece or a piece without moves).
    pub fn legal_targets(&self, from: Tile) -> TileSet {
        let sq = from.square();
        let mut set = TileSet::default();
        for m in self.legal() {
            if m.from == sq {
                // The 0x88 square's row and file are the tile's.
                set.0[m.to.row() as usize & 7] |= 1 << m.to.file();
            }
        }
        set
    }

    /// True if moving from `from` to `to` is a legal promotion (the front end
    /// then asks which piece).
    pub fn is_promotion(&self, from: Tile, to: Tile) -> bool {
        // A promoting pair has its four promotions and no other move, so
        // asking for a queen finds one exactly when the pair promotes.
        self.find_move(from, to, QUEEN).is_ok_and(|m| m.promotion() != 0)
    }

    /// The legal move from `from` to `to`; `promotion` is the piece type a
    /// promoting pawn becomes (knight..queen; ignored for other moves).
    #[inline(always)]
    pub fn find_move(&self, from: Tile, to: Tile, promotion: u8) -> Result<Move, NotLegal> {
        self.find_legal(from.square(), to.square(), promotion).copied().ok_or(NotLegal)
    }

    /// [`Game::find_move`] by squares. Out of line: the opening tables'
    /// entry is looked up through it too. The move by reference, copied by
    /// the callers: an `Option<Move>` returned is built on the stack and
    /// copied out again (the C64's game: 64 bytes more code).
    #[inline(never)]
    fn find_legal(&self, f: Square, t: Square, promotion: u8) -> Option<&Move> {
        for m in self.legal() {
            if m.from == f && m.to == t {
                let p = m.promotion();
                if p == 0 || p == promotion {
                    return Some(m);
                }
            }
        }
        None
    }

    /// Play `m` if it is legal here: record it for undo, discard the redo
    /// branch, and return the outcome.
    ///
    /// ```
    /// use engine_core::{Game, Outcome, Tile};
    /// let mut game = Game::new();
    /// // Tiles count from a8 (0) to h1 (63): e2 is 52, e4 is 36.
    /// let (e2, to) = (Tile::new(52).unwrap(), Tile::from_name(*b"e4").unwrap());
    /// assert_eq!(to.number(), 36);
    /// let e4 = game.find_move(e2, to, 0).unwrap();
    /// assert_eq!(game.play(e4), Ok(Outcome::Normal));
    /// // The same move again is Black's turn and not legal: refused, nothing changes.
    /// assert!(game.play(e4).is_err());
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Outcome, NotLegal> {
        if !self.is_legal(m) {
            return Err(NotLegal);
        }
        let piece = self.position().at(m.from);
        let undo = self.pos_mut().make(m);
        self.refresh_legal();
        let outcome = self.outcome();
        *self.slot_mut(self.next) = Played::new(m, undo, piece, outcome);
        self.next = (self.next + 1) & UNDO_DEPTH;
        self.undoable = (self.undoable + 1).min(UNDO_DEPTH);
        self.redoable = 0;
        Ok(outcome)
    }

    /// The outcome of the position on the board.
    pub fn outcome(&self) -> Outcome {
        let in_check = self.position().in_check();
        if self.legal_len == 0 {
            return if in_check { Outcome::Checkmate } else { Outcome::Stalemate };
        }
        match self.position().draw_rule() {
            Some(DrawRule::FiftyMoves) => Outcome::FiftyMove,
            Some(DrawRule::Threefold) => Outcome::Threefold,
            Some(DrawRule::InsufficientMaterial) => Outcome::Insufficient,
            None if in_check => Outcome::Check,
            None => Outcome::Normal,
        }
    }

    /// True if a ply can be taken back.
    pub fn can_undo(&self) -> bool {
        self.undoable > 0
    }

    /// True if a taken-back ply can be replayed.
    pub fn can_redo(&self) -> bool {
        self.redoable > 0
    }

    /// Take back the last ply (`back`) or replay the next one taken back;
    /// false if there is none. One function for both: they differ only in
    /// the direction the ring's cursor and counts move.
    fn step(&mut self, back: bool) -> bool {
        if (if back { self.undoable } else { self.redoable }) == 0 {
            return false;
        }
        // The slot of the ply: the one before the cursor going back, the
        // cursor's own going forward: the cursor plus half the step, 127
        // or 0 (`slot` masks the sum: 127 is one back), no second choice.
        let d: u8 = if back { 0xFF } else { 1 };
        let slot = self.next.wrapping_add(d >> 1);
        self.next = self.next.wrapping_add(d) & UNDO_DEPTH;
        self.undoable = self.undoable.wrapping_add(d);
        self.redoable = self.redoable.wrapping_sub(d);
        let p = self.slot(slot);
        let mv = p.mv;
        if back {
            let undo = p.undo();
            self.pos_mut().unmake(mv, undo);
        } else {
            self.pos_mut().make(mv);
        }
        true
    }

    /// True if exactly one side is played by the computer.
    fn against_computer(&self) -> bool {
        self.players[Color::White] != self.players[Color::Black]
    }

    /// [`Game::undo`] (`back`) or [`Game::redo`].
    fn walk(&mut self, back: bool) -> bool {
        if !self.step(back) {
            return false;
        }
        while self.against_computer() && self.player(self.side_to_move()) == Player::Computer && self.step(back) {}
        self.refresh_legal();
        true
    }

    /// Take back one ply; against the computer, keep taking back until it is
    /// the human's turn (so the computer's reply goes too). False if nothing
    /// could be taken back.
    pub fn undo(&mut self) -> bool {
        self.walk(true)
    }

    /// Replay what [`Game::undo`] took back, symmetrically; false if nothing
    /// to redo.
    pub fn redo(&mut self) -> bool {
        self.walk(false)
    }

    /// The ply `back` plies ago (1 = the last one played), if it can still
    /// be taken back. Always inlined: its one caller on the C64 (the
    /// log's lines) then builds the line in place, without a frame to
    /// return it through.
    #[inline(always)]
    pub fn log_line(&self, back: u8) -> Option<LogLine> {
        if back == 0 || back > self.undoable {
            return None;
        }
        let p = *self.slot(self.next.wrapping_sub(back));
        Some(LogLine {
            piece: p.piece(),
            from: Tile::of_square(p.mv.from),
            to: Tile::of_square(p.mv.to),
            captured: p.captured(),
            promotion: p.mv.promotion(),
            outcome: p.outcome(),
        })
    }

    /// For every tile, how many pieces of each side attack it.
    pub fn attack_counts(&self, out: &mut [ByColor<u8>; 64]) {
        let mut scratch = [Square::A8; MAX_ATTACKERS];
        for tile in 0..64u8 {
            let sq = Square::from_ordinal(tile);
            let pos = self.position();
            // Each count stored as it comes: a `ByColor` of the two was
            // assembled as a 16-bit value first (18 bytes of AVR code).
            let counts = &mut out[tile as usize];
            counts[Color::White] = pos.attackers(sq, Color::White, &mut scratch);
            counts[Color::Black] = pos.attackers(sq, Color::Black, &mut scratch);
        }
    }

    /// The tiles of the pieces of `by` that attack `tile` ("A": the enemy's,
    /// "D": one's own); returns how many were written.
    pub fn attackers_of(&self, tile: Tile, by: Color, out: &mut [Tile; MAX_ATTACKERS]) -> u8 {
        let mut squares = [Square::A8; MAX_ATTACKERS];
        let n = self.position().attackers(tile.square(), by, &mut squares);
        // By a byte's index, masked to the arrays (`n` is at most their
        // length, a power of two: no bounds check); a slice's walk counts
        // in 16 bits.
        const _: () = assert!(MAX_ATTACKERS.is_power_of_two());
        let mut i = 0u8;
        while i < n {
            let at = i as usize & (MAX_ATTACKERS - 1);
            out[at] = Tile::of_square(squares[at]);
            i += 1;
        }
        n
    }

    /// The engine's move for the side to move, at the game's level, from the
    /// opening tables when they apply, else searched; `None` if the side to
    /// move has no legal move. The move is not played: hand it to
    /// [`Game::play`]. `hooks` sees the search's progress and can stop it
    /// (the best move so far is then returned).
    #[inline(never)]
    pub fn engine_move<K: SearchHooks>(&mut self, hooks: &mut K) -> Option<Move> {
        if self.legal_len == 0 {
            return None;
        }
        let mut limits = game_limits(self.level);
        if self.pondering {
            // Three budgets (no multiply), an iteration begun past one at most.
            limits.nodes = limits.nodes.saturating_add(limits.nodes << 1);
        } else {
            if self.fresh {
                self.home.get_mut().new_game(self.seed);
                self.fresh = false;
            }
            if self.book {
                let s = self.home.get_mut();
                // An entry is never a promotion: found as a move without one.
                if let Some(m) = book_squares(&s.pos, &mut s.rng).and_then(|&[f, t]| self.find_legal(f, t, 0).copied())
                {
                    return Some(m);
                }
            }
        }
        let s = self.home.get_mut();
        let played = s.moves_played();
        let result = s.think(limits, hooks);
        // The search used the arena, where the legal moves were.
        self.refresh_legal();
        if self.pondering {
            self.home.get_mut().pondered(played, &result);
        }
        (!result.best.is_none()).then_some(result.best)
    }

    /// Think on the player's time: search the position after `expected`,
    /// the player's reply the engine's last line foresaw, until the hooks
    /// stop it (a key: the player is moving) or for as long as the engine
    /// would think itself (a timed level's hooks keep its clock; a node
    /// level may spend three times its budget, starting no iteration past
    /// the budget). If the player then plays `expected`, the engine's next
    /// move takes up where this left off ([`Searcher::ponder`]); nothing
    /// on the board changes. False, with nothing searched, if `expected`
    /// is not legal here.
    pub fn ponder<K: SearchHooks>(&mut self, expected: Move, hooks: &mut K) -> bool {
        if !self.is_legal(expected) {
            return false;
        }
        // Through `engine_move`, so that the search is one copy of
        // `Searcher::think` in the C64's code: its legal moves stay those of
        // the position before `expected` (the count is only tested for
        // none), and are listed again once `expected` is taken back.
        // `expected` writes the key ring's next slot, the one slot kept here
        // (the search puts back the ones after it, as it keeps its own).
        let mut ahead = [0u32; 1];
        self.position().history_ahead(&mut ahead);
        let undo = self.pos_mut().make(expected);
        self.pondering = true;
        self.engine_move(hooks);
        self.pondering = false;
        let pos = self.pos_mut();
        pos.unmake(expected, undo);
        pos.restore_history_ahead(&ahead);
        self.refresh_legal();
        true
    }
}
