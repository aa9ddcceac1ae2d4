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
//! assert_eq!(app.game().log_line(1).map(|l| l.to), Some(28)); // 1...e5
//! ```
//!
//! Nothing here touches hardware, allocates, multiplies by a variable or
//! goes through `dyn`: screen and keys are generic parameters. Small
//! helpers called from several places are `#[inline(never)]` where the
//! C64's proxy link measured their inlined copies as more code than the
//! calls (docs/c64.md, "Where the fit stands"): the UI is not the hot path.

use engine_core::game::{move_from, move_to, Game, LogLine, NotLegal, Outcome, Player, TileSet};
use engine_core::piece::{color, kind, BISHOP, BLACK, KING, KNIGHT, QUEEN, ROOK, WHITE};
use engine_core::attacks::MAX_ATTACKERS;
use engine_core::game::SearcherHome;
use engine_core::search::{SearchHooks, Searcher};
use engine_core::{Move, Tile};

use crate::glyphs::{CENTRE_PART, EMPTY_CENTRE, PART_COL, PART_ROW, PIECE_GLYPH};
use crate::input::{Input, Key};
use crate::layout::*;
use crate::screen::{attr, colour, Screen};
use crate::text::{decimal5, tile_name};

/// What a step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nothing to do until a key arrives.
    Idle,
    /// Handled a key or played a move; call again.
    Busy,
    /// The player chose to leave.
    Quit,
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
}

impl Message {
    /// The words, a table in the variants' order.
    fn text(self) -> &'static [u8] {
        const TEXT: [&[u8]; 11] = [
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
        ];
        TEXT[self as usize]
    }
}

/// "No tile".
const NO_TILE: Tile = 0xFF;

// Redraw flags.
const DRAW_BOARD: u8 = 1;
const DRAW_SIDES: u8 = 2;
const DRAW_MAIN: u8 = 4;
const DRAW_STATUS: u8 = 8;
const DRAW_MESSAGE: u8 = 16;
const DRAW_TYPED: u8 = 32;
const DRAW_HELP: u8 = 64;
const DRAW_ALL: u8 = 127;

// Attack displays.
const SHOW_A: u8 = 1;
const SHOW_D: u8 = 2;
const SHOW_B: u8 = 4;

/// Menu entries, top to bottom.
const MENU_RESUME: u8 = 0;
const MENU_NEW: u8 = 1;
const MENU_WHITE: u8 = 2;
const MENU_BLACK: u8 = 3;
const MENU_LEVEL: u8 = 4;
const MENU_FLIP: u8 = 5;
const MENU_PAUSE: u8 = 6;
const MENU_QUIT: u8 = 7;
const MENU_ITEMS: u8 = 8;
/// Each entry's words, in that order.
const MENU_WORDS: [&[u8]; MENU_ITEMS as usize] =
    [b"Resume", b"New game", b"White", b"Black", b"Level", b"Flip board", b"Pause", b"Quit"];

/// Promotion choices, top to bottom.
const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];
const PROMOTION_NAMES: [&[u8]; 4] = [b"Queen", b"Rook", b"Bishop", b"Knight"];

/// The whole user interface: the game and everything about how it is shown.
pub struct App<H = Searcher> {
    game: Game<H>,
    mode: Mode,
    /// The cursor's tile.
    cursor: Tile,
    /// The selected man's tile, or `NO_TILE`.
    selected: Tile,
    /// Where the selected man may go.
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
    /// "B": attackers per tile, `[white, black]`.
    counts: [[u8; 2]; 64],
    flipped: bool,
    /// Pause between the computer's moves when it plays both sides.
    pause: bool,
    /// The computer, playing both sides, has just moved with `pause` on:
    /// the platform's cue to wait ([`App::take_pause`]).
    pause_due: bool,
    message: Message,
    /// The move being typed.
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
    /// The computer's last move (from, to), ringed until the position changes.
    last: [Tile; 2],
}

impl<H: SearcherHome> App<H> {
    /// The interface for `game`, with its players and level as set. The
    /// first step seeds the game from [`Input::seed`] (unless
    /// [`App::keep_seed`]). The board is flipped when Black is the only human.
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
            cursor: 0,
            selected: 0,
            targets: TileSet([0; 8]),
            item: 0,
            promo_from: 0,
            promo_to: 0,
            overlays: 0,
            marks_a: TileSet([0; 8]),
            marks_d: TileSet([0; 8]),
            counts: [[0; 2]; 64],
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
            last: [0; 2],
        }
    }

    /// Become `App::new(Game::new())`, in place.
    pub fn reset(&mut self) {
        self.game.reset();
        self.restart();
    }

    /// Everything but the game as [`App::new`] sets it, for the game as it is.
    fn restart(&mut self) {
        let game = &self.game;
        self.flipped = game.player(WHITE) == Player::Computer && game.player(BLACK) == Player::Human;
        self.pause = true;
        self.mode = Mode::Board;
        self.cursor = 0;
        self.selected = NO_TILE;
        self.targets = TileSet::default();
        self.item = 0;
        self.promo_from = 0;
        self.promo_to = 0;
        self.overlays = 0;
        self.marks_a = TileSet::default();
        self.marks_d = TileSet::default();
        self.counts = [[0; 2]; 64];
        self.message = Message::None;
        self.typed = [0; 5];
        self.typed_len = 0;
        self.pending = 0;
        self.seeded = false;
        self.outcome = Outcome::Normal;
        self.dirty = DRAW_ALL;
        self.dirty_tiles = TileSet::default();
        self.last = [NO_TILE; 2];
        self.home_cursor();
        self.position_changed();
    }

    /// Leave the seed as the game has it (the first step otherwise asks
    /// [`Input::seed`] for one).
    pub fn keep_seed(&mut self) {
        self.seeded = true;
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
        (self.selected != NO_TILE).then_some(self.selected)
    }

    /// True if the board is drawn with Black at the bottom.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// Show the board with Black at the bottom, or not.
    pub fn set_flipped(&mut self, flipped: bool) {
        self.flipped = flipped;
        self.dirty |= DRAW_BOARD;
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
            self.seeded = true;
        }
        let result = if let Some(key) = input.poll() {
            self.key(key)
        } else if self.computer_to_move() {
            self.think(screen, input)
        } else {
            Step::Idle
        };
        if self.dirty != 0 || !self.dirty_tiles.is_empty() || result != Step::Idle {
            self.draw(screen);
            screen.show(false);
        }
        result
    }

    /// Handle one key (what [`App::step`] does with a key from the input).
    pub fn key(&mut self, key: Key) -> Step {
        if self.message != Message::None {
            self.message = Message::None;
            self.dirty |= DRAW_MESSAGE;
        }
        match self.mode {
            Mode::Board => self.board_key(key),
            Mode::Menu => self.menu_key(key),
            Mode::Promotion => self.promotion_key(key),
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
    #[inline(never)]
    fn own(&self, tile: Tile) -> bool {
        let p = self.game.piece_at(tile);
        p != 0 && color(p) == self.game.side_to_move()
    }

    /// True if `tile` holds one of the mover's men with a legal move (only
    /// the mover's men have legal moves).
    #[inline(never)]
    fn movable(&self, tile: Tile) -> bool {
        !self.game.legal_targets(tile).is_empty()
    }

    #[inline(never)]
    fn say(&mut self, message: Message) {
        self.message = message;
        self.dirty |= DRAW_MESSAGE;
    }

    /// The cursor on the human's king's pawn: e2 for White, e7 for Black
    /// (the side to move if a human plays it, else the human side).
    #[inline(never)]
    fn home_cursor(&mut self) {
        let stm = self.game.side_to_move();
        let black = if self.human_to_move() {
            stm == BLACK
        } else {
            self.game.player(BLACK) == Player::Human && self.game.player(WHITE) == Player::Computer
        };
        self.cursor = if black { 12 } else { 52 };
    }

    /// After any change of position: drop the selection, refresh the
    /// outcome and the attack displays, redraw board and panel.
    fn position_changed(&mut self) {
        self.last = [NO_TILE; 2];
        self.selected = NO_TILE;
        self.targets = TileSet::default();
        self.outcome = self.game.outcome();
        if self.overlays & SHOW_B != 0 {
            self.game.attack_counts(&mut self.counts);
        }
        self.refresh_marks();
        self.dirty |= DRAW_BOARD | DRAW_SIDES | DRAW_MAIN | DRAW_STATUS;
    }

    fn refresh_marks(&mut self) {
        self.marks_a = TileSet::default();
        self.marks_d = TileSet::default();
        if self.overlays & (SHOW_A | SHOW_D) == 0 {
            return;
        }
        let p = self.game.piece_at(self.cursor);
        let owner = if p != 0 { color(p) } else { self.game.side_to_move() };
        let mut tiles = [0u8; MAX_ATTACKERS];
        let n = self.game.attackers_of(self.cursor, owner ^ 1, &mut tiles);
        for &t in &tiles[..n as usize] {
            self.marks_a.insert(t);
        }
        let n = self.game.attackers_of(self.cursor, owner, &mut tiles);
        for &t in &tiles[..n as usize] {
            self.marks_d.insert(t);
        }
    }

    /// Play a move; the cursor follows a human's move to its destination.
    fn play(&mut self, m: Move) {
        let human = self.human_to_move();
        match self.game.play(m) {
            Ok(_) => {
                if human {
                    self.cursor = move_to(m);
                }
                self.position_changed();
            }
            Err(NotLegal) => self.say(Message::Illegal),
        }
    }

    // ---- the board ---------------------------------------------------------

    fn board_key(&mut self, key: Key) -> Step {
        let pending = self.pending;
        self.pending = 0;
        if pending != 0 {
            if let Key::Char(digit @ b'1'..=b'8') = key {
                // "b1": a square, not the B display: take the toggle back.
                self.toggle_overlay(pending);
                self.typed = [pending, digit, 0, 0, 0];
                self.typed_len = 2;
                self.dirty |= DRAW_TYPED;
                return Step::Busy;
            }
        }
        if self.typed_len > 0 {
            match key {
                Key::Char(c) => {
                    if (self.typed_len as usize) < self.typed.len() {
                        self.typed[self.typed_len as usize] = c;
                        self.typed_len += 1;
                        self.dirty |= DRAW_TYPED;
                    }
                    return Step::Busy;
                }
                Key::Delete => {
                    self.typed_len -= 1;
                    self.dirty |= DRAW_TYPED;
                    return Step::Busy;
                }
                Key::Fire => {
                    self.submit_typed();
                    return Step::Busy;
                }
                Key::Back => {
                    self.typed_len = 0;
                    self.dirty |= DRAW_TYPED;
                    return Step::Busy;
                }
                _ => {
                    // Anything else abandons the typing and does its own job.
                    self.typed_len = 0;
                    self.dirty |= DRAW_TYPED;
                }
            }
        }
        match key {
            Key::Up => self.move_cursor(0xF8, 0),
            Key::Down => self.move_cursor(8, 0),
            Key::Left => self.move_cursor(0, 0xFF),
            Key::Right => self.move_cursor(0, 1),
            Key::Fire => self.fire(),
            Key::Back => {
                if self.selected != NO_TILE {
                    self.deselect();
                } else {
                    self.open_menu();
                }
            }
            Key::Menu | Key::Char(b'm') => self.open_menu(),
            Key::Char(b'u') => self.undo(),
            Key::Char(b'r') => self.redo(),
            Key::Char(c @ (b'a' | b'b' | b'd')) => {
                self.toggle_overlay(c);
                self.pending = c;
            }
            Key::Char(c @ (b'c' | b'e'..=b'h')) => {
                self.typed = [c, 0, 0, 0, 0];
                self.typed_len = 1;
                self.dirty |= DRAW_TYPED;
            }
            Key::Char(b'q') | Key::Quit => return Step::Quit,
            _ => {}
        }
        Step::Busy
    }

    /// Move the cursor by `rows` (0xF8 = up one, 8 = down one) and `files`
    /// (0xFF = left, 1 = right) as seen on the screen, wrapping at the edges.
    fn move_cursor(&mut self, rows: u8, files: u8) {
        let (mut rows, mut files) = (rows, files);
        if self.flipped {
            rows = rows.wrapping_neg();
            files = files.wrapping_neg();
        }
        let old = self.cursor;
        let row = old & 0x38;
        let file = old & 7;
        self.cursor = (row.wrapping_add(rows) & 0x38) | (file.wrapping_add(files) & 7);
        self.dirty_tiles.insert(old);
        self.dirty_tiles.insert(self.cursor);
        if self.overlays & (SHOW_A | SHOW_D) != 0 {
            self.refresh_marks();
            self.dirty |= DRAW_BOARD;
        }
    }

    fn select(&mut self, tile: Tile) {
        self.selected = tile;
        self.targets = self.game.legal_targets(tile);
        self.dirty |= DRAW_BOARD;
    }

    #[inline(never)]
    fn deselect(&mut self) {
        self.selected = NO_TILE;
        self.targets = TileSet::default();
        self.dirty |= DRAW_BOARD;
    }

    fn fire(&mut self) {
        if self.outcome.is_over() {
            return self.say(Message::GameOver);
        }
        if !self.human_to_move() {
            return self.say(Message::NotYourTurn);
        }
        let t = self.cursor;
        if self.selected != NO_TILE {
            if t == self.selected {
                self.deselect();
            } else if self.targets.contains(t) {
                self.move_to(self.selected, t);
            } else if self.movable(t) {
                self.select(t);
            } else {
                self.say(Message::CantGoThere);
            }
        } else if self.movable(t) {
            self.select(t);
        } else if self.own(t) {
            self.say(Message::NoMoves);
        } else {
            self.say(Message::NotYours);
        }
    }

    /// Play from/to, asking for the piece if it promotes.
    fn move_to(&mut self, from: Tile, to: Tile) {
        if self.game.is_promotion(from, to) {
            self.selected = from;
            self.targets = self.game.legal_targets(from);
            self.promo_from = from;
            self.promo_to = to;
            self.item = 0;
            self.mode = Mode::Promotion;
            self.dirty |= DRAW_MAIN | DRAW_HELP | DRAW_BOARD;
            return;
        }
        self.play_move(from, to, 0);
    }

    /// Play the legal move from/to (with `promotion`, a piece type, or 0),
    /// or say there is none.
    fn play_move(&mut self, from: Tile, to: Tile, promotion: u8) {
        match self.game.find_move(from, to, promotion) {
            Ok(m) => self.play(m),
            Err(NotLegal) => self.say(Message::Illegal),
        }
    }

    fn submit_typed(&mut self) {
        let len = self.typed_len;
        let t = self.typed;
        self.typed_len = 0;
        self.dirty |= DRAW_TYPED;
        let square = |f: u8, r: u8| -> Option<Tile> {
            (matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8')).then(|| ((b'8' - r) << 3) | (f - b'a'))
        };
        let (Some(from), Some(to)) = (square(t[0], t[1]), square(t[2], t[3])) else {
            return self.say(Message::NotAMove);
        };
        let promotion = match (len, t[4]) {
            (4, _) => 0,
            (5, b'q') => QUEEN,
            (5, b'r') => ROOK,
            (5, b'b') => BISHOP,
            (5, b'n') => KNIGHT,
            _ => return self.say(Message::NotAMove),
        };
        if self.outcome.is_over() {
            return self.say(Message::GameOver);
        }
        if !self.human_to_move() {
            return self.say(Message::NotYourTurn);
        }
        if !self.game.legal_targets(from).contains(to) {
            return self.say(Message::Illegal);
        }
        self.dirty_tiles.insert(self.cursor);
        self.cursor = to;
        if promotion == 0 {
            self.move_to(from, to);
        } else {
            self.play_move(from, to, promotion);
        }
    }

    fn toggle_overlay(&mut self, letter: u8) {
        let bit = match letter {
            b'a' => SHOW_A,
            b'd' => SHOW_D,
            _ => SHOW_B,
        };
        self.overlays ^= bit;
        if bit == SHOW_B && self.overlays & SHOW_B != 0 {
            self.game.attack_counts(&mut self.counts);
        }
        self.refresh_marks();
        self.dirty |= DRAW_BOARD;
    }

    /// Take back (to the human's turn); the cursor goes to the origin of the
    /// first ply taken back.
    fn undo(&mut self) {
        let before = self.ply_count();
        let lines = [self.game.log_line(1), self.game.log_line(2)];
        if !self.game.undo() {
            return self.say(Message::NoUndo);
        }
        let undone = before.wrapping_sub(self.ply_count());
        self.position_changed();
        let line = if undone >= 2 { lines[1] } else { lines[0] };
        if let Some(line) = line {
            self.cursor = line.from;
        }
    }

    /// Replay what undo took back; the cursor goes to the destination of
    /// the human's replayed ply.
    fn redo(&mut self) {
        let before = self.ply_count();
        if !self.game.redo() {
            return self.say(Message::NoRedo);
        }
        let redone = self.ply_count().wrapping_sub(before);
        self.position_changed();
        if let Some(line) = self.game.log_line(if redone >= 2 { 2 } else { 1 }) {
            self.cursor = line.to;
        }
    }

    /// Plies since move 1 of the position's numbering.
    #[inline(never)]
    fn ply_count(&self) -> u16 {
        let pos = self.game.position();
        (pos.fullmove_number().wrapping_sub(1) << 1) | self.game.side_to_move() as u16
    }

    // ---- menu and chooser ---------------------------------------------------

    fn open_menu(&mut self) {
        self.mode = Mode::Menu;
        self.item = MENU_RESUME;
        self.dirty |= DRAW_MAIN | DRAW_HELP;
    }

    #[inline(never)]
    fn close_panel(&mut self) {
        self.mode = Mode::Board;
        self.dirty |= DRAW_MAIN | DRAW_HELP | DRAW_SIDES | DRAW_STATUS;
    }

    fn menu_key(&mut self, key: Key) -> Step {
        match key {
            Key::Up => self.item = if self.item == 0 { MENU_ITEMS - 1 } else { self.item - 1 },
            Key::Down => self.item = if self.item == MENU_ITEMS - 1 { 0 } else { self.item + 1 },
            Key::Back | Key::Menu | Key::Char(b'm') => self.close_panel(),
            Key::Fire | Key::Right => return self.menu_choose(true),
            Key::Left => return self.menu_choose(false),
            Key::Quit | Key::Char(b'q') => return Step::Quit,
            _ => {}
        }
        self.dirty |= DRAW_MAIN;
        Step::Busy
    }

    /// Carry out the highlighted entry; `forward` is RETURN or right, as
    /// opposed to left (which steps the level down).
    fn menu_choose(&mut self, forward: bool) -> Step {
        match self.item {
            MENU_RESUME => self.close_panel(),
            MENU_NEW => {
                self.game.new_game();
                self.seeded = false;
                self.overlays &= SHOW_B;
                self.home_cursor();
                self.position_changed();
                self.close_panel();
            }
            MENU_WHITE | MENU_BLACK => {
                let side = if self.item == MENU_WHITE { WHITE } else { BLACK };
                let other = match self.game.player(side) {
                    Player::Human => Player::Computer,
                    Player::Computer => Player::Human,
                };
                self.game.set_player(side, other);
                self.deselect();
                self.dirty |= DRAW_SIDES;
            }
            MENU_LEVEL => {
                let level = self.game.level();
                let next = match (forward, level) {
                    (true, 4) => 1,
                    (true, l) => l + 1,
                    (false, 1) => 4,
                    (false, l) => l - 1,
                };
                self.game.set_level(next);
                self.dirty |= DRAW_SIDES;
            }
            MENU_FLIP => self.set_flipped(!self.flipped),
            MENU_PAUSE => self.pause = !self.pause,
            MENU_QUIT => return Step::Quit,
            _ => {}
        }
        self.dirty |= DRAW_MAIN;
        Step::Busy
    }

    fn promotion_key(&mut self, key: Key) -> Step {
        let choice = match key {
            Key::Up => {
                self.item = self.item.wrapping_sub(1) & 3;
                None
            }
            Key::Down => {
                self.item = (self.item + 1) & 3;
                None
            }
            Key::Fire => Some(PROMOTIONS[(self.item & 3) as usize]),
            Key::Char(b'q') => Some(QUEEN),
            Key::Char(b'r') => Some(ROOK),
            Key::Char(b'b') => Some(BISHOP),
            Key::Char(b'n') => Some(KNIGHT),
            Key::Back | Key::Menu => {
                self.close_panel();
                self.deselect();
                return Step::Busy;
            }
            Key::Quit => return Step::Quit,
            _ => None,
        };
        if let Some(piece) = choice {
            self.close_panel();
            self.play_move(self.promo_from, self.promo_to, piece);
        }
        self.dirty |= DRAW_MAIN;
        Step::Busy
    }

    // ---- the computer ------------------------------------------------------

    fn think<S: Screen, I: Input>(&mut self, screen: &mut S, input: &mut I) -> Step {
        self.draw(screen);
        let a = attr(TITLE, PAPER);
        line(screen, ROW_THINK, b"Thinking...", a);
        line(screen, ROW_NODES, b"Nodes", attr(LABEL, PAPER));
        line(screen, ROW_TYPED, b"Best", attr(LABEL, PAPER));
        screen.show(false);
        let mut hooks = Thinking { screen, input, key: None, shown: [b' '; 5], best: Move::NONE, stack_full: false };
        let best = self.game.engine_move(&mut hooks);
        let (key, stack_full) = (hooks.key, hooks.stack_full);
        clear(screen, ROW_THINK);
        clear(screen, ROW_NODES);
        self.dirty |= DRAW_TYPED;
        if let Some(m) = best {
            self.play(m);
            self.pause_due = self.pause && self.game.player(WHITE) == Player::Computer && self.game.player(BLACK) == Player::Computer;
            self.last = [move_from(m), move_to(m)];
        }
        if stack_full {
            self.say(Message::StackFull);
        }
        match key {
            Some(k) => self.key(k),
            None => Step::Busy,
        }
    }

    // ---- drawing -----------------------------------------------------------

    /// Redraw everything that changed since the last draw.
    pub fn draw<S: Screen>(&mut self, screen: &mut S) {
        let dirty = self.dirty;
        self.dirty = 0;
        if dirty & DRAW_BOARD != 0 {
            self.draw_labels(screen);
            for tile in 0..64 {
                self.draw_square(screen, tile);
            }
        } else if !self.dirty_tiles.is_empty() {
            for tile in 0..64 {
                if self.dirty_tiles.contains(tile) {
                    self.draw_square(screen, tile);
                }
            }
        }
        self.dirty_tiles = TileSet::default();
        if dirty & DRAW_SIDES != 0 {
            self.draw_sides(screen);
        }
        if dirty & DRAW_MAIN != 0 {
            match self.mode {
                Mode::Board => self.draw_log(screen),
                Mode::Menu => self.draw_menu(screen),
                Mode::Promotion => self.draw_chooser(screen),
            }
        }
        if dirty & DRAW_STATUS != 0 {
            self.draw_status(screen);
        }
        if dirty & DRAW_MESSAGE != 0 {
            line(screen, ROW_MESSAGE, self.message.text(), attr(TITLE, PAPER));
        }
        if dirty & DRAW_TYPED != 0 {
            self.draw_typed(screen);
        }
        if dirty & DRAW_HELP != 0 {
            let help: &[u8] = match self.mode {
                Mode::Board => b"M=menu U=undo",
                Mode::Menu => b"Return=change",
                Mode::Promotion => b"Return=choose",
            };
            line(screen, ROW_HELP, help, attr(LABEL, PAPER));
            // The column between board and panel stays blank.
            for row in 0..25 {
                screen.put(PANEL - 1, row, b' ', attr(LABEL, PAPER));
            }
        }
    }

    fn draw_labels<S: Screen>(&self, screen: &mut S) {
        let a = attr(LABEL, PAPER);
        for i in 0..8u8 {
            let (rank, file) = if self.flipped { (b'1' + i, b'h' - i) } else { (b'8' - i, b'a' + i) };
            // Each label on its square's middle row or column, blanks beside.
            for k in 0..3u8 {
                let at = SQUARE_AT[i as usize] + k;
                let (rank, file) = if k == 1 { (rank, file) } else { (b' ', b' ') };
                screen.put(RANK_COL, BOARD_ROW + at, rank, a);
                screen.put(BOARD_COL + at, FILE_ROW, file, a);
            }
        }
        screen.put(RANK_COL, FILE_ROW, b' ', a);
    }

    /// The whole-square colour of `tile` under the cursor.
    fn cursor_colour(&self, tile: Tile) -> u8 {
        if self.selected != NO_TILE {
            if tile == self.selected {
                SELECTED
            } else if self.targets.contains(tile) {
                DESTINATION
            } else if self.movable(tile) {
                CURSOR_MOVABLE
            } else {
                CURSOR_STUCK
            }
        } else if self.own(tile) {
            if self.movable(tile) {
                CURSOR_MOVABLE
            } else {
                CURSOR_STUCK
            }
        } else {
            CURSOR_OTHER
        }
    }

    fn draw_square<S: Screen>(&self, screen: &mut S, tile: Tile) {
        let tile = tile & 63;
        let (row, file) = if self.flipped { (7 - (tile >> 3), 7 - (tile & 7)) } else { (tile >> 3, tile & 7) };
        let top = BOARD_ROW + SQUARE_AT[row as usize];
        let left = BOARD_COL + SQUARE_AT[file as usize];
        let square = if ((tile >> 3) ^ tile) & 1 == 0 { LIGHT_SQUARE } else { DARK_SQUARE };
        let whole = if tile == self.cursor {
            self.cursor_colour(tile)
        } else if tile == self.selected {
            SELECTED
        } else {
            square
        };
        let ring = if whole != square {
            whole
        } else if self.targets.contains(tile) {
            DESTINATION
        } else if self.overlays & SHOW_A != 0 && self.marks_a.contains(tile) {
            ATTACKER
        } else if self.overlays & SHOW_D != 0 && self.marks_d.contains(tile) {
            DEFENDER
        } else if tile == self.last[0] || tile == self.last[1] {
            LAST_MOVE
        } else {
            square
        };
        let piece = self.game.piece_at(tile);
        let ink = if piece != 0 && color(piece) == BLACK { BLACK_MAN } else { WHITE_MAN };
        let first = PIECE_GLYPH[kind(piece) as usize];
        for part in 0..9u8 {
            let glyph = if first != 0 {
                first + part
            } else if part == CENTRE_PART {
                EMPTY_CENTRE
            } else {
                b' '
            };
            let paper = if part == CENTRE_PART { whole } else { ring };
            screen.put(left + PART_COL[part as usize], top + PART_ROW[part as usize], glyph, attr(ink, paper));
        }
        if self.overlays & SHOW_B != 0 {
            let [white, black] = self.counts[tile as usize];
            if white != 0 {
                screen.put(left, top + 2, count_glyph(white), attr(colour::WHITE, colour::BLACK));
            }
            if black != 0 {
                screen.put(left + 2, top + 2, count_glyph(black), attr(colour::BLACK, colour::WHITE));
            }
        }
    }

    fn draw_sides<S: Screen>(&self, screen: &mut S) {
        for side in [WHITE, BLACK] {
            let row = ROW_SIDES + side;
            let to_move = side == self.game.side_to_move();
            let ink = if to_move { colour::WHITE } else { LABEL };
            let a = attr(ink, PAPER);
            // In pieces, each padded: a line built in a buffer costs the
            // 6502 a copy per piece.
            text(screen, PANEL, row, if to_move { b">" } else { b" " }, a, 1);
            text(screen, PANEL + 1, row, if side == WHITE { b"White" } else { b"Black" }, a, 7);
            match self.game.player(side) {
                Player::Human => text(screen, PANEL + 8, row, b"Human", a, 6),
                Player::Computer => text(screen, PANEL + 8, row, &[b'C', b'P', b'U', b' ', b'L', b'0' + self.game.level()], a, 6),
            }
        }
    }

    fn draw_log<S: Screen>(&self, screen: &mut S) {
        let mut shown = 0u8;
        while shown < MAIN_ROWS && self.game.log_line(shown + 1).is_some() {
            shown += 1;
        }
        let now = self.ply_count();
        for i in 0..MAIN_ROWS {
            let row = ROW_MAIN + i;
            if i >= shown {
                clear(screen, row);
                continue;
            }
            let back = shown - i;
            if let Some(line) = self.game.log_line(back) {
                draw_log_line(screen, row, &line, now.wrapping_sub(back as u16));
            }
        }
    }

    fn draw_status<S: Screen>(&self, screen: &mut S) {
        let side: &[u8] = if self.game.side_to_move() == WHITE { b"White" } else { b"Black" };
        let mut lines: [&[u8]; 3] = [b"", b"", b""];
        if self.outcome.is_over() {
            lines[0] = b"GAME OVER";
            lines[1] = match self.outcome {
                Outcome::Checkmate => b"Checkmate",
                Outcome::Stalemate => b"Stalemate",
                Outcome::FiftyMove => b"50-move rule",
                Outcome::Threefold => b"Repetition",
                _ => b"No material",
            };
            lines[2] = match (self.outcome, self.game.side_to_move()) {
                (Outcome::Checkmate, WHITE) => b"Black wins",
                (Outcome::Checkmate, _) => b"White wins",
                _ => b"Draw",
            };
        } else if self.outcome == Outcome::Check {
            lines[1] = b"Check!";
        }
        let title = attr(TITLE, PAPER);
        let plain = attr(colour::WHITE, PAPER);
        if self.outcome.is_over() {
            line(screen, ROW_STATUS, lines[0], title);
        } else {
            text(screen, PANEL, ROW_STATUS, side, plain, 5);
            text(screen, PANEL + 5, ROW_STATUS, b" to move", plain, PANEL_WIDTH - 5);
        }
        line(screen, ROW_STATUS + 1, lines[1], if self.outcome.is_over() { plain } else { title });
        line(screen, ROW_STATUS + 2, lines[2], title);
    }

    fn draw_typed<S: Screen>(&self, screen: &mut S) {
        if self.typed_len == 0 {
            clear(screen, ROW_TYPED);
            return;
        }
        let (a, n) = (attr(colour::WHITE, PAPER), self.typed_len);
        text(screen, PANEL, ROW_TYPED, b"Move ", a, 5);
        text(screen, PANEL + 5, ROW_TYPED, &self.typed[..n as usize], a, PANEL_WIDTH - 5);
        screen.put(PANEL + 5 + n, ROW_TYPED, b'_', a);
    }

    fn draw_menu<S: Screen>(&self, screen: &mut S) {
        line(screen, ROW_MAIN, b"MENU", attr(TITLE, PAPER));
        for i in 0..MENU_ITEMS {
            let level = [b'0' + self.game.level()];
            let value: &[u8] = match i {
                MENU_WHITE | MENU_BLACK => {
                    let side = if i == MENU_WHITE { WHITE } else { BLACK };
                    match self.game.player(side) {
                        Player::Human => b"Human",
                        Player::Computer => b"CPU",
                    }
                }
                MENU_LEVEL => &level,
                MENU_PAUSE if self.pause => b"on",
                MENU_PAUSE => b"off",
                _ => b"",
            };
            let row = ROW_MAIN + 1 + i;
            let a = self.mark_item(screen, i, row);
            text(screen, PANEL + 1, row, MENU_WORDS[(i & 7) as usize], a, PANEL_WIDTH - 1);
            if !value.is_empty() {
                text(screen, PANEL + 8, row, value, a, PANEL_WIDTH - 8);
            }
        }
        for row in ROW_MAIN + 1 + MENU_ITEMS..ROW_MAIN + MAIN_ROWS {
            clear(screen, row);
        }
    }

    /// Entry `i` of a list (menu or chooser) on `row`: its first cell, the
    /// `>` mark under the cursor, and the colours of the rest, inverted
    /// under the cursor.
    fn mark_item<S: Screen>(&self, screen: &mut S, i: u8, row: u8) -> u8 {
        let (mark, a) =
            if i == self.item { (b'>', attr(colour::BLACK, colour::LIGHT_BLUE)) } else { (b' ', attr(LABEL, PAPER)) };
        screen.put(PANEL, row, mark, a);
        a
    }

    fn draw_chooser<S: Screen>(&self, screen: &mut S) {
        line(screen, ROW_MAIN, b"PROMOTE TO", attr(TITLE, PAPER));
        for i in 0..4u8 {
            let row = ROW_MAIN + 1 + i;
            let a = self.mark_item(screen, i, row);
            text(screen, PANEL + 1, row, PROMOTION_NAMES[i as usize], a, PANEL_WIDTH - 1);
        }
        for row in ROW_MAIN + 5..ROW_MAIN + MAIN_ROWS {
            clear(screen, row);
        }
    }
}

/// The engine's hooks while it thinks: the live node count, the best move
/// so far, and "any key moves now".
struct Thinking<'a, S: Screen, I: Input> {
    screen: &'a mut S,
    input: &'a mut I,
    key: Option<Key>,
    shown: [u8; 5],
    best: Move,
    /// The input's stack guard stopped the search.
    stack_full: bool,
}

impl<S: Screen, I: Input> SearchHooks for Thinking<'_, S, I> {
    fn progress(&mut self, nodes: u32, best: Move) -> bool {
        // At most a level's budget, 65,000 (clamped, should one grow).
        let digits = decimal5(nodes.min(u16::MAX as u32) as u16);
        let a = attr(colour::WHITE, PAPER);
        for i in 0..5u8 {
            let d = digits[i as usize];
            if d != self.shown[i as usize] {
                self.shown[i as usize] = d;
                self.screen.put(NODES_COL + i, ROW_NODES, d, a);
            }
        }
        if best != self.best && !best.is_none() {
            self.best = best;
            let (from, to) = (tile_name(move_from(best)), tile_name(move_to(best)));
            let line = [from[0], from[1], to[0], to[1]];
            text(self.screen, NODES_COL + 1, ROW_TYPED, &line, a, 4);
        }
        self.screen.show(true);
        if let Some(key) = self.input.poll() {
            self.key = Some(key);
            return false;
        }
        true
    }

    #[inline(always)]
    fn stack_ok(&mut self) -> bool {
        let ok = self.input.stack_ok();
        self.stack_full |= !ok;
        ok
    }
}

/// Write `s` at (col, row), padded with blanks to `width` cells. Out of
/// line, as are [`line`] and [`clear`] for the panel's whole rows: they are
/// called from many places, and every argument a call passes is code on
/// the C64.
#[inline(never)]
fn text<S: Screen>(screen: &mut S, col: u8, row: u8, s: &[u8], a: u8, width: u8) {
    for i in 0..width {
        let g = s.get(i as usize).copied().unwrap_or(b' ');
        screen.put(col + i, row, g, a);
    }
}

/// A whole row of the panel: `s` padded with blanks.
#[inline(never)]
fn line<S: Screen>(screen: &mut S, row: u8, s: &[u8], a: u8) {
    text(screen, PANEL, row, s, a, PANEL_WIDTH);
}

/// A row of the panel blanked.
#[inline(never)]
fn clear<S: Screen>(screen: &mut S, row: u8) {
    line(screen, row, b"", attr(LABEL, PAPER));
}

fn count_glyph(n: u8) -> u8 {
    if n > 9 {
        b'+'
    } else {
        b'0' + n
    }
}

/// Text written left to right from a cell, in one colour: lines made of
/// pieces (a log line, at most 13 cells) go straight to the screen, with
/// no buffer to fill and copy. `put` and `text` are out of line: each is
/// called from several places, and inlined they cost the C64 more code.
struct Pen {
    col: u8,
    row: u8,
    attr: u8,
}

impl Pen {
    /// One glyph, then the next cell.
    #[inline(never)]
    fn put<S: Screen>(&mut self, screen: &mut S, glyph: u8) {
        screen.put(self.col, self.row, glyph, self.attr);
        self.col += 1;
    }

    #[inline(never)]
    fn text<S: Screen>(&mut self, screen: &mut S, s: &[u8]) {
        for &glyph in s {
            self.put(screen, glyph);
        }
    }

    /// A tile's name, e.g. `e4`.
    fn tile<S: Screen>(&mut self, screen: &mut S, tile: Tile) {
        self.put(screen, b'a' + (tile & 7));
        self.put(screen, b'8' - ((tile >> 3) & 7));
    }

    /// Blanks up to column `end` (not included).
    fn pad<S: Screen>(&mut self, screen: &mut S, end: u8) {
        while self.col < end {
            self.put(screen, b' ');
        }
    }
}

/// A log line across the panel, e.g. `  1. e2-e4`, ` 12...Ng8xf6+`,
/// `  9. e7xd8Q#`, `  5. O-O`, then blanks. `ply` counts from White's
/// first move (0) and numbers the line.
fn draw_log_line<S: Screen>(screen: &mut S, row: u8, line: &LogLine, ply: u16) {
    let ink = if ply & 1 == 0 { colour::WHITE } else { colour::LIGHT_GREY };
    let mut pen = Pen { col: PANEL, row, attr: attr(ink, PAPER) };
    let number = decimal5((ply >> 1) + 1);
    pen.text(screen, &number[2..]);
    pen.text(screen, if ply & 1 == 0 { b". " } else { b"..." });
    let k = kind(line.piece);
    let (from_file, to_file) = (line.from & 7, line.to & 7);
    if k == KING && from_file == 4 && (to_file == 6 || to_file == 2) {
        pen.text(screen, if to_file == 6 { b"O-O" } else { b"O-O-O" });
    } else {
        if k > 1 {
            pen.put(screen, PIECE_LETTER[k as usize]);
        }
        pen.tile(screen, line.from);
        pen.put(screen, if line.captured != 0 { b'x' } else { b'-' });
        pen.tile(screen, line.to);
        if line.promotion != 0 {
            pen.put(screen, PIECE_LETTER[(line.promotion & 7) as usize]);
        }
    }
    // The outcome's mark: `+` check, `#` mate, `=` a draw.
    match line.outcome {
        Outcome::Normal => {}
        Outcome::Check => pen.put(screen, b'+'),
        Outcome::Checkmate => pen.put(screen, b'#'),
        _ => pen.put(screen, b'='),
    }
    pen.pad(screen, PANEL + PANEL_WIDTH);
}

/// A piece type's letter in the log (pawns have none).
const PIECE_LETTER: &[u8; 7] = b".PNBRQK";

#[cfg(test)]
mod tests {
    use super::*;

    /// `Message::text`'s table follows the variants' order.
    #[test]
    fn every_message_has_its_words() {
        let expected: [(Message, &[u8]); 11] = [
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
        ];
        for (message, words) in expected {
            assert_eq!(message.text(), words, "{message:?}");
        }
    }
}
