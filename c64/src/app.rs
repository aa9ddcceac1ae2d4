//! The game flow: keys in, moves played, screen kept up to date.
//!
//! [`App::step`] is the whole main loop of a platform: it handles one key
//! if one is waiting, otherwise lets the computer move if it is its turn,
//! and redraws what changed. The C64 program is essentially the loop
//! below, with its own screen and keys in place of the host's:
//!
//! ```
//! use c64::{App, Input, Key, ScreenBuffer, Step};
//! use engine_core::Game;
//!
//! struct Keys(&'static [u8]);
//! impl Input for Keys {
//!     fn poll(&mut self) -> Option<Key> {
//!         let (&first, rest) = self.0.split_first()?;
//!         self.0 = rest;
//!         Some(Key::from_ascii(first))
//!     }
//! }
//!
//! let mut app = App::new(Game::new()); // White: human, Black: computer
//! let (mut screen, mut keys) = (ScreenBuffer::new(), Keys(b"e2e4\r"));
//! // The C64 loops until `Step::Quit`; here, until nothing is left to do.
//! while app.step(&mut screen, &mut keys) == Step::Busy {}
//! assert_eq!(app.game().log_line(1).map(|l| l.to.name()), Some(*b"e5")); // 1...e5
//! ```
//!
//! Nothing here touches hardware, allocates, multiplies by a variable or
//! goes through `dyn`: screen and keys are generic parameters. Small
//! helpers called from several places are `#[inline(never)]` where their
//! inlined copies measured as more code than the calls (docs/c64.md,
//! "Memory budget"): the UI is not the hot path.
//!
//! `App` is one struct (the C64 keeps it as one `static`), its methods
//! spread over `impl` blocks by concept; private items here are visible
//! to all of them:
//!
//! | file | holds |
//! |---|---|
//! | `app.rs` | [`Step`], [`Mode`], [`Message`], the redraw and display flags, `App`'s fields, setting up, the accessors, [`App::step`] and [`App::key`], the game-state helpers |
//! | `app/board.rs` | the board's keys: cursor, selection, typed moves, attack displays, undo and redo |
//! | `app/menu.rs` | the menu's and the promotion chooser's entries and keys |
//! | `app/thinking.rs` | the computer's turn and its [`SearchHooks`](engine_core::search::SearchHooks): live node count, best move, "any key moves now" |
//! | `app/draw.rs` | [`App::draw`]: board, labels, panel, menu and chooser |
//! | `app/paint.rs` | the row helpers `text`, `line`, `clear` and the sides' names: a leaf, which imports none of the other files here |
//! | `app/log.rs` | the move log: one line per ply, written with a `Pen` |
//! | `app/ponder.rs` | thinking on the player's time: when, and its hooks |
//! | `app/setup.rs` | the position editor: its keys, its panel, starting a game from it |
//! | `app/disk.rs` | saving and loading the game through the platform's disk |

use engine_core::attacks::MAX_ATTACKERS;
use engine_core::game::{Game, NotLegal, Outcome, Player, SearcherHome, TileSet};
use engine_core::level::seconds;
use engine_core::piece::{ByColor, Color};
use engine_core::search::Searcher;
use engine_core::{Move, Tile};

use crate::input::{Input, Key};
use crate::screen::Screen;
use crate::words::{count, letters, Words};

mod board;
mod disk;
mod draw;
mod log;
mod menu;
mod paint;
mod ponder;
mod setup;
mod thinking;

use thinking::Figures;

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nothing to do until a key arrives.
    Idle,
    /// Handled a key or played a move; call again.
    Busy,
    /// The player chose to leave.
    Quit,
    /// The player asked to save the game: the platform writes
    /// [`App::record`] to its disk and answers with [`App::saved`] before
    /// the next step.
    Save,
    /// The player asked to load the saved game: the platform reads it and
    /// answers with [`App::loaded`] before the next step.
    Load,
}

/// What the keys currently drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The board: cursor, selection, typed moves.
    Board,
    /// The menu, in the panel.
    Menu,
    /// The promotion chooser, in the panel.
    Promotion,
    /// The position editor: the board shows the set-up, the panel its keys.
    Setup,
}

/// A one-line note about the last key, shown until the next key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// Nothing to say.
    None,
    /// A typed or chosen move is not legal here.
    Illegal,
    /// Typed text is not a move.
    NotAMove,
    /// Undo had nothing to take back.
    NoUndo,
    /// Redo had nothing to replay.
    NoRedo,
    /// The man under the cursor cannot move.
    NoMoves,
    /// The selected man cannot go to the cursor square.
    CantGoThere,
    /// RETURN on an empty square or an enemy man.
    NotYours,
    /// It is the computer's turn.
    NotYourTurn,
    /// The game has ended; undo or start a new one.
    GameOver,
    /// The engine's search reached the end of the machine's stack and
    /// played the best move it had ([`Input::stack_ok`]).
    StackFull,
    /// The game is saved ([`Step::Save`]).
    Saved,
    /// The saved game is on the board ([`Step::Load`]).
    Loaded,
    /// A save or load failed: no disk.
    NoDisk,
    /// A save failed: the disk is full.
    DiskFull,
    /// A load failed: no game saved.
    NoSavedGame,
    /// A load failed: what is there is not a game (the game is kept).
    BadFile,
    /// A save or load failed for another reason.
    DiskFailed,
}

impl Message {
    /// The words, a table in the variants' order (the disk's too, where
    /// there is one: one table, not a second lookup before it), read from
    /// [`LINE_WORDS`].
    fn text(self) -> &'static [u8] {
        LINE_WORDS.get(self as u8)
    }

    /// Each message's words, in the variants' order.
    const WORDS: [&[u8]; Message::COUNT] = [
        b"",
        b"Illegal move",
        b"Type eg e2e4",
        b"No undo",
        b"No redo",
        b"No legal moves",
        b"Can't go there",
        b"Not your man",
        b"Not your turn",
        b"Game over",
        b"Stack full",
        b"Game saved",
        b"Game loaded",
        b"No disk",
        b"Disk full",
        b"No saved game",
        b"Not a game",
        b"Disk error",
    ];

    /// How many messages there are.
    const COUNT: usize = Message::DiskFailed as usize + 1;
}

/// The one-line rows' words, packed: the messages' ([`Message::text`]),
/// then the help rows' ([`HELPS`] on, in [`Mode`]'s order).
const LINE_WORDS: Words<{ count(&LINE_LISTS) + 1 }, { letters(&LINE_LISTS) }> = Words::pack(&LINE_LISTS);
const LINE_LISTS: [&[&[u8]]; 2] = [&Message::WORDS, &HELP_WORDS];
/// The help row's words for each mode, in [`Mode`]'s order.
const HELP_WORDS: [&[u8]; 4] = [b"M=menu U=undo", b"Return=change", b"Return=choose", b"G=go STOP=back"];
/// [`HELP_WORDS`]' first in [`LINE_WORDS`].
const HELPS: u8 = Message::COUNT as u8;

/// A tile or none, in one byte: the tile's number, or [`MaybeTile::NONE`]
/// (no tile's). Not an `Option<Tile>`: that is two bytes, and its `None`
/// leaves the tile's byte undefined, which a zeroed `App` (the C64's
/// `App::unstarted`, checked byte for byte) cannot be. Zero is a8.
#[derive(Clone, Copy, PartialEq, Eq)]
struct MaybeTile(u8);

impl MaybeTile {
    /// No tile.
    const NONE: MaybeTile = MaybeTile(0xFF);

    const fn some(tile: Tile) -> MaybeTile {
        MaybeTile(tile.number())
    }

    /// The tile, if there is one.
    const fn get(self) -> Option<Tile> {
        Tile::new(self.0)
    }

    /// True if it is `tile`.
    #[inline(always)]
    fn is(self, tile: Tile) -> bool {
        self.0 == tile.number()
    }
}

// Redraw flags.
const DRAW_BOARD: u8 = 1;
const DRAW_SIDES: u8 = 2;
const DRAW_MAIN: u8 = 4;
const DRAW_STATUS: u8 = 8;
const DRAW_MESSAGE: u8 = 16;
const DRAW_TYPED: u8 = 32;
const DRAW_HELP: u8 = 64;
const DRAW_FIGURES: u8 = 128;
const DRAW_ALL: u8 = 255;

// Attack displays.
const SHOW_A: u8 = 1;
const SHOW_D: u8 = 2;
const SHOW_B: u8 = 4;

/// The whole user interface: the game and everything about how it is shown.
pub struct App<H = Searcher> {
    game: Game<H>,
    mode: Mode,
    /// The cursor's tile.
    cursor: Tile,
    /// The selected man's tile, if any.
    selected: MaybeTile,
    /// Where the selected man may go: read only while one is selected (a
    /// deselect leaves the last man's, and clearing them would be code).
    targets: TileSet,
    /// Highlighted entry of the menu or chooser.
    item: u8,
    /// The promotion being chosen.
    promo_from: Tile,
    promo_to: Tile,
    /// `SHOW_*` bits.
    overlays: u8,
    /// "A" and "D" marks for the cursor square.
    marks_a: TileSet,
    marks_d: TileSet,
    /// "B": attackers per tile and side.
    counts: [ByColor<u8>; 64],
    flipped: bool,
    /// Pause between the computer's moves when it plays both sides.
    pause: bool,
    /// The computer, playing both sides, has just moved with `pause` on:
    /// the platform's cue to wait ([`App::take_pause`]).
    pause_due: bool,
    message: Message,
    /// The move being typed: its first `typed_len` letters (the rest may
    /// be an older move's; fewer than four are no move).
    typed: [u8; 5],
    typed_len: u8,
    /// An `a`, `b` or `d` that toggled a display but may begin a typed move.
    pending: u8,
    seeded: bool,
    outcome: Outcome,
    /// `DRAW_*` bits.
    dirty: u8,
    /// Squares to redraw when the whole board is not.
    dirty_tiles: TileSet,
    /// The computer's last move (from, to), or a hint's, ringed until the
    /// position changes.
    last: [MaybeTile; 2],
    /// `last` is a hint's move.
    hinted: bool,
    /// The player asked for a hint: the next step with no key waiting
    /// searches (so that `h` and a digit still type a move).
    hint_due: bool,
    /// What the thinking display shows.
    figures: Figures,
    /// Each side's clock.
    clocks: ByColor<Clock>,
    /// Think on the player's time (the menu's `Ponder`).
    ponder: bool,
    /// The player's reply the computer's last line expects, to ponder on
    /// (NONE: nothing to ponder).
    expected: Move,
    /// The input's clock at the last tick.
    clock_seen: u16,
    /// The position editor's set-up and what it says.
    editor: setup::Editor,
}

/// A side's time used: minutes, seconds, jiffies (no divide to show it).
#[derive(Clone, Copy)]
struct Clock {
    minutes: u8,
    seconds: u8,
    jiffies: u8,
}

impl Clock {
    const ZERO: Clock = Clock { minutes: 0, seconds: 0, jiffies: 0 };

    /// Add `jiffies`; the minutes stop at 99. True if the seconds changed.
    fn add(&mut self, jiffies: u16) -> bool {
        let mut left = jiffies;
        let mut changed = false;
        loop {
            let to_next = 60 - self.jiffies as u16;
            if left < to_next {
                self.jiffies += left as u8;
                return changed;
            }
            left -= to_next;
            self.jiffies = 0;
            changed = true;
            self.seconds += 1;
            if self.seconds == 60 {
                self.seconds = 0;
                if self.minutes < 99 {
                    self.minutes += 1;
                }
            }
        }
    }
}

impl<H: SearcherHome> App<H> {
    /// The interface for `game`, with its players and level as set. The
    /// first step seeds the game from [`Input::seed`]. The board is flipped
    /// when Black is the only human.
    pub fn new(game: Game<H>) -> App<H> {
        let mut app = App::around(game);
        app.restart();
        app
    }

    /// Nothing set up, the game's searcher in `home` as it is (on the C64
    /// every byte zero): the value of the interface in a `static`, which
    /// costs the C64's program file nothing, until [`App::reset`] starts it
    /// in place (an `App` built by value is a large frame there).
    pub const fn unstarted(home: H) -> App<H> {
        App::around(Game::unstarted(home))
    }

    /// `game` in an interface with nothing else set up.
    const fn around(game: Game<H>) -> App<H> {
        App {
            game,
            mode: Mode::Board,
            cursor: Tile::masked(0),
            selected: MaybeTile(0),
            targets: TileSet([0; 8]),
            item: 0,
            promo_from: Tile::masked(0),
            promo_to: Tile::masked(0),
            overlays: 0,
            marks_a: TileSet([0; 8]),
            marks_d: TileSet([0; 8]),
            counts: [ByColor::new(0, 0); 64],
            flipped: false,
            pause: false,
            pause_due: false,
            message: Message::None,
            typed: [0; 5],
            typed_len: 0,
            pending: 0,
            seeded: false,
            outcome: Outcome::Normal,
            dirty: 0,
            dirty_tiles: TileSet([0; 8]),
            last: [MaybeTile(0); 2],
            hinted: false,
            hint_due: false,
            figures: Figures::NONE,
            clocks: ByColor::new(Clock::ZERO, Clock::ZERO),
            clock_seen: 0,
            ponder: false,
            expected: Move::NONE,
            editor: setup::Editor::NONE,
        }
    }

    /// Become `App::new(Game::new())`, in place.
    pub fn reset(&mut self) {
        self.game.reset();
        self.restart();
    }

    /// Everything but the game as [`App::new`] sets it, for the game as it is.
    /// Only what can show is stored (each store is code): not what
    /// [`App::game_started`] stores (the seed's flag, the clocks, the
    /// cursor, the selection, the outcome, the A and D marks, the mode),
    /// nor what is read only after it is set again: the B counts
    /// (recomputed when the B display goes on; off here), the squares
    /// marked for redrawing (the whole board is, and the draw clears
    /// them), the list's entry and the promotion's squares (set as the
    /// menu or the chooser opens), the typed letters past `typed_len` (0)
    /// and the thinking display's figures past `started` (set as a search
    /// starts). `game_started` keeps of the displays only B, off here, and
    /// its redraw flags are all set here already.
    fn restart(&mut self) {
        let game = &self.game;
        self.flipped = game.player(Color::White) == Player::Computer && game.player(Color::Black) == Player::Human;
        self.pause = true;
        self.overlays = 0;
        self.message = Message::None;
        self.typed_len = 0;
        self.pending = 0;
        self.dirty = DRAW_ALL;
        self.hint_due = false;
        self.ponder = true;
        self.game_started();
    }

    /// The game (read-only).
    pub fn game(&self) -> &Game<H> {
        &self.game
    }

    /// What the keys drive now.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// True while a move is being typed (`e2e4`): letters and digits go to
    /// it, `q` among them as a promotion's queen.
    pub fn typing(&self) -> bool {
        self.typed_len > 0
    }

    /// The cursor's tile.
    pub fn cursor(&self) -> Tile {
        self.cursor
    }

    /// The selected tile, if any.
    pub fn selected(&self) -> Option<Tile> {
        self.selected.get()
    }

    /// True if the board is drawn with Black at the bottom.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// Show the board with Black at the bottom, or not.
    pub fn set_flipped(&mut self, flipped: bool) {
        self.flipped = flipped;
        self.mark(DRAW_BOARD);
    }

    /// Whether the computer thinks on the player's time (the menu's
    /// `Ponder`; on at start).
    pub fn ponder(&self) -> bool {
        self.ponder
    }

    /// Whether to pause between the computer's moves when it plays both
    /// sides, so a person can follow the game (the menu's `Pause`; on at
    /// start).
    pub fn pause(&self) -> bool {
        self.pause
    }

    /// True once after each move the computer made while it plays both
    /// sides and [`App::pause`] is on: the platform then waits a while (a
    /// key may end the wait). `App::step` itself never blocks.
    pub fn take_pause(&mut self) -> bool {
        core::mem::take(&mut self.pause_due)
    }

    /// The message currently shown.
    pub fn message(&self) -> Message {
        self.message
    }

    /// Handle one key if one is waiting, else let the computer move if it is
    /// its turn; then redraw what changed and show it.
    pub fn step<S: Screen, I: Input>(&mut self, screen: &mut S, input: &mut I) -> Step {
        if !self.seeded {
            self.game.set_seed(input.seed());
            self.clock_seen = input.clock();
            self.seeded = true;
        }
        self.tick(input.clock());
        let result = if let Some(key) = input.poll() {
            self.key(key)
        } else if self.hint_due || self.computer_to_move() {
            self.think(screen, input, self.hint_due)
        } else if self.ponder_due() {
            self.ponder_step(screen, input)
        } else {
            Step::Idle
        };
        // (Only keys and searches mark tiles, and they are never Idle.)
        if self.dirty != 0 || result != Step::Idle {
            self.draw(screen);
            screen.show(false);
        }
        result
    }

    /// Charge the time since the last tick to the side to move, while a
    /// game is on and the board or the chooser is open (not the menu, not
    /// the editor).
    fn tick(&mut self, now: u16) {
        let jiffies = now.wrapping_sub(self.clock_seen);
        self.clock_seen = now;
        if self.outcome.is_over() || !matches!(self.mode, Mode::Board | Mode::Promotion) {
            return;
        }
        // A second more: the sides' rows again (the clocks show at a timed
        // level only; the test costs more code than the redraw's cells).
        if self.clocks[self.game.side_to_move()].add(jiffies) {
            self.mark(DRAW_SIDES);
        }
    }

    /// The game's level is a timed one.
    fn timed(&self) -> bool {
        seconds(self.game.level()).is_some()
    }

    /// Handle one key (what [`App::step`] does with a key from the input).
    pub fn key(&mut self, key: Key) -> Step {
        if self.message != Message::None {
            self.message = Message::None;
            self.mark(DRAW_MESSAGE);
        }
        self.drop_refusal();
        match self.mode {
            Mode::Menu => self.menu_key(key),
            Mode::Promotion => self.promotion_key(key),
            // The editor's arrows are the board's (one call of
            // `move_cursor`): nothing is typed or pending in the editor, so
            // the board's keys go straight to it.
            Mode::Setup if !matches!(key, Key::Up | Key::Down | Key::Left | Key::Right) => self.setup_key(key),
            _ => self.board_key(key),
        }
    }

    // ---- game state helpers ------------------------------------------------

    #[inline(never)]
    fn human_to_move(&self) -> bool {
        self.game.player(self.game.side_to_move()) == Player::Human
    }

    fn computer_to_move(&self) -> bool {
        self.mode == Mode::Board && !self.outcome.is_over() && !self.human_to_move()
    }

    /// True if `tile` holds one of the mover's men.
    fn own(&self, tile: Tile) -> bool {
        let p = self.game.piece_at(tile);
        !p.is_empty() && p.color() == self.game.side_to_move()
    }

    /// True if `tile` holds one of the mover's men with a legal move (only
    /// the mover's men have legal moves).
    #[inline(never)]
    fn movable(&self, tile: Tile) -> bool {
        !self.game.legal_targets(tile).is_empty()
    }

    /// Draw `tile` again at the next draw. Out of line: each inlined copy
    /// shifts its bit.
    #[inline(never)]
    fn redraw_tile(&mut self, tile: Tile) {
        self.dirty_tiles.insert(tile);
    }

    /// Draw what `flags` (`DRAW_*`) name again at the next draw. Out of
    /// line: inlined, each of its many callers loads, ors and stores.
    #[inline(never)]
    fn mark(&mut self, flags: u8) {
        self.dirty |= flags;
    }

    #[inline(never)]
    fn say(&mut self, message: Message) {
        self.message = message;
        self.mark(DRAW_MESSAGE);
    }

    /// The cursor on the human's king's pawn: e2 for White, e7 for Black
    /// (the side to move if a human plays it, else the human side).
    #[inline(never)]
    fn home_cursor(&mut self) {
        let stm = self.game.side_to_move();
        let black = if self.human_to_move() {
            stm == Color::Black
        } else {
            self.game.player(Color::Black) == Player::Human && self.game.player(Color::White) == Player::Computer
        };
        // e7 or e2.
        self.cursor = Tile::at(if black { 1 } else { 6 }, 4);
    }

    /// After any change of position: drop the selection, refresh the
    /// outcome and the attack displays, redraw board and panel.
    fn position_changed(&mut self) {
        self.expected = Move::NONE;
        self.last = [MaybeTile::NONE; 2];
        self.hinted = false;
        self.deselect();
        self.outcome = self.game.outcome();
        if self.overlays & SHOW_B != 0 {
            self.game.attack_counts(&mut self.counts);
        }
        self.refresh_marks();
        self.mark(DRAW_BOARD | DRAW_SIDES | DRAW_MAIN | DRAW_STATUS);
    }

    fn refresh_marks(&mut self) {
        self.marks_a = TileSet::default();
        self.marks_d = TileSet::default();
        if self.overlays & (SHOW_A | SHOW_D) == 0 {
            return;
        }
        let p = self.game.piece_at(self.cursor);
        let owner = if !p.is_empty() { p.color() } else { self.game.side_to_move() };
        // The enemy's attackers ("A"), then the owner's ("D").
        mark_attackers(&self.game, self.cursor, owner.other(), &mut self.marks_a);
        mark_attackers(&self.game, self.cursor, owner, &mut self.marks_d);
    }

    /// Play a move to `to` (its destination, the caller's tile: no second
    /// conversion from the move's square); the cursor follows a human's
    /// move there.
    fn play(&mut self, m: Move, to: Tile) {
        let human = self.human_to_move();
        match self.game.play(m) {
            Ok(_) => {
                if human {
                    self.cursor = to;
                }
                self.position_changed();
            }
            Err(NotLegal) => self.say(Message::Illegal),
        }
    }

    /// Plies since move 1 of the position's numbering, for the log's move
    /// numbers (its one caller: inlined there).
    fn ply_count(&self) -> u16 {
        let pos = self.game.position();
        (pos.fullmove_number().wrapping_sub(1) << 1) | self.game.side_to_move() as u16
    }
}

/// The tiles of `by`'s men that attack `tile` into `marks`. Out of line,
/// called for each side: the one loop over the two passes kept more of
/// its state through the calls (the C64's game: 22 bytes more code).
#[inline(never)]
fn mark_attackers<H: SearcherHome>(game: &Game<H>, tile: Tile, by: Color, marks: &mut TileSet) {
    let mut tiles = [Tile::default(); MAX_ATTACKERS];
    let n = game.attackers_of(tile, by, &mut tiles);
    // The first `n` by a byte's index (a slice's `take` counts in 16
    // bits), masked to the array (`n` is at most its length).
    let mut i = 0u8;
    while i < n {
        marks.insert(tiles[i as usize & (MAX_ATTACKERS - 1)]);
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Message::text`'s table follows the variants' order.
    #[test]
    fn every_message_has_its_words() {
        let expected: &[(Message, &[u8])] = &[
            (Message::None, b""),
            (Message::Illegal, b"Illegal move"),
            (Message::NotAMove, b"Type eg e2e4"),
            (Message::NoUndo, b"No undo"),
            (Message::NoRedo, b"No redo"),
            (Message::NoMoves, b"No legal moves"),
            (Message::CantGoThere, b"Can't go there"),
            (Message::NotYours, b"Not your man"),
            (Message::NotYourTurn, b"Not your turn"),
            (Message::GameOver, b"Game over"),
            (Message::StackFull, b"Stack full"),
            (Message::Saved, b"Game saved"),
            (Message::Loaded, b"Game loaded"),
            (Message::NoDisk, b"No disk"),
            (Message::DiskFull, b"Disk full"),
            (Message::NoSavedGame, b"No saved game"),
            (Message::BadFile, b"Not a game"),
            (Message::DiskFailed, b"Disk error"),
        ];
        assert_eq!(expected.len(), Message::COUNT, "every message listed");
        for &(message, words) in expected {
            assert_eq!(message.text(), words, "{message:?}");
        }
    }
}
