//! The board mode's keys: the cursor, selecting a man and its targets,
//! moves typed as coordinates (`e2e4`), the attack displays and undo/redo.

use engine_core::game::{LogLine, NotLegal, SearcherHome};
use engine_core::piece::{BISHOP, KNIGHT, QUEEN, ROOK};
use engine_core::Tile;

use super::{
    App, MaybeTile, Message, Mode, Step, DRAW_BOARD, DRAW_HELP, DRAW_MAIN, DRAW_TYPED, SHOW_A, SHOW_B, SHOW_D,
};
use crate::input::Key;

impl<H: SearcherHome> App<H> {
    /// A key on the board: a typed move's letters first, then the board's
    /// own keys.
    ///
    /// Why it is long (81 lines): it is the board's whole key map, one
    /// match a reader can check against docs/ui.md's table, and the typed
    /// move's state machine before it; split, each part would repeat the
    /// keys it leaves to the other.
    pub(super) fn board_key(&mut self, key: Key) -> Step {
        let pending = self.pending;
        self.pending = 0;
        if pending != 0 {
            if let Key::Char(digit @ b'1'..=b'8') = key {
                // "b1": a square, not the B display: take the toggle back;
                // "h2": a square, not a hint.
                if pending == b'h' {
                    self.hint_due = false;
                } else {
                    self.toggle_overlay(pending);
                }
                // Only the first `typed_len` letters count: the rest may be
                // an older move's, and are not cleared.
                [self.typed[0], self.typed[1]] = [pending, digit];
                self.typed_len = 2;
                self.mark(DRAW_TYPED);
                return Step::Busy;
            }
        }
        if self.typed_len > 0 {
            // Every key redraws the typed move (one store for all of them;
            // a full line's letter redraws it unchanged).
            self.mark(DRAW_TYPED);
            let n = self.typed_len;
            match key {
                Key::Char(c) => {
                    if (n as usize) < self.typed.len() {
                        self.typed[n as usize] = c;
                        self.typed_len = n + 1;
                    }
                    return Step::Busy;
                }
                Key::Delete => {
                    self.typed_len = n - 1;
                    return Step::Busy;
                }
                Key::Fire => {
                    self.submit_typed();
                    return Step::Busy;
                }
                Key::Back => {
                    self.typed_len = 0;
                    return Step::Busy;
                }
                // Anything else abandons the typing and does its own job.
                _ => self.typed_len = 0,
            }
        }
        match key {
            Key::Up | Key::Down | Key::Left | Key::Right => self.move_cursor(key),
            Key::Fire => self.fire(),
            Key::Back => {
                if self.selected != MaybeTile::NONE {
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
            Key::Char(b'h') => self.ask_hint(),
            Key::Char(b's') => return Step::Save,
            Key::Char(b'l') => return Step::Load,
            Key::Char(c @ (b'c' | b'e'..=b'g')) => {
                self.typed[0] = c;
                self.typed_len = 1;
                self.mark(DRAW_TYPED);
            }
            Key::Char(b'q') | Key::Quit => return Step::Quit,
            _ => {}
        }
        Step::Busy
    }

    /// Move the cursor one square the way `arrow` (up, down, left or
    /// right) points on the screen, wrapping at the edges. One call for
    /// the four keys: their steps are chosen here.
    fn move_cursor(&mut self, arrow: Key) {
        // Up and left step back, down and right on; flipped, the other way.
        let step: i8 = if matches!(arrow, Key::Up | Key::Left) != self.flipped { -1 } else { 1 };
        let (rows, files) = if matches!(arrow, Key::Up | Key::Down) { (step, 0) } else { (0, step) };
        let old = self.cursor;
        self.cursor = old.offset_wrapping(rows, files);
        self.redraw_tile(old);
        self.redraw_tile(self.cursor);
        if self.overlays & (SHOW_A | SHOW_D) != 0 {
            self.refresh_marks();
            self.mark(DRAW_BOARD);
        }
    }

    /// Out of line: `fire` and `move_to`'s promotion select with it.
    #[inline(never)]
    fn select(&mut self, tile: Tile) {
        self.selected = MaybeTile::some(tile);
        self.targets = self.game.legal_targets(tile);
        self.mark(DRAW_BOARD);
    }

    #[inline(never)]
    pub(super) fn deselect(&mut self) {
        self.selected = MaybeTile::NONE;
        self.mark(DRAW_BOARD);
    }

    fn fire(&mut self) {
        if !self.players_turn() {
            return;
        }
        let t = self.cursor;
        if let Some(selected) = self.selected.get() {
            if t == selected {
                self.deselect();
            } else if self.targets.contains(t) {
                self.move_to(selected, t, 0);
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

    /// Play the legal move from/to with `promotion` (a piece type, or 0:
    /// ask for the piece if it promotes), or say there is none: the one
    /// way in for a chosen man's move, a typed move (with or without its
    /// piece), the chooser's piece and the computer's move (its piece
    /// given, or 0 for a move that cannot promote), so that `App::play`
    /// has one caller and is inlined here.
    pub(super) fn move_to(&mut self, from: Tile, to: Tile, promotion: u8) {
        // One search of the legal moves: with no piece given, a queen asked
        // for (a promoting pair finds its queen's, as `Game::is_promotion`
        // asks; any other pair its one move).
        match self.game.find_move(from, to, if promotion == 0 { QUEEN } else { promotion }) {
            // A promotion not given: the move found promotes to more than
            // none (a piece given, the move found is that piece's or none's:
            // never more). One test, not a second of `promotion == 0`, which
            // had the compiler copy the search for each way it went.
            Ok(m) if m.promotion() > promotion => {
                // The cursor on the promotion square (a typed move's is not
                // yet), the board drawn again with the selection.
                self.cursor = to;
                self.select(from);
                self.promo_from = from;
                self.promo_to = to;
                self.item = 0;
                self.mode = Mode::Promotion;
                self.mark(DRAW_MAIN | DRAW_HELP | DRAW_BOARD);
            }
            Ok(m) => self.play(m, to),
            Err(NotLegal) => self.say(Message::Illegal),
        }
    }

    fn submit_typed(&mut self) {
        let len = self.typed_len;
        let t = self.typed;
        self.typed_len = 0;
        self.dirty |= DRAW_TYPED;
        let (Some(from), Some(to)) = (Tile::from_name([t[0], t[1]]), Tile::from_name([t[2], t[3]])) else {
            return self.say(Message::NotAMove);
        };
        let promotion = match (len, promotion_piece(t[4])) {
            (4, _) => 0,
            (5, Some(piece)) => piece,
            _ => return self.say(Message::NotAMove),
        };
        if !self.players_turn() {
            return;
        }
        // Refused, the cursor stays where it was; played or promoting, it
        // goes to the move's square (`move_to` and `play` move it).
        self.move_to(from, to, promotion);
    }

    /// True if the game is on and it is the player's turn, else says why
    /// not: one out-of-line copy for the moves and the hint.
    #[inline(never)]
    fn players_turn(&mut self) -> bool {
        let why = if self.outcome.is_over() {
            Message::GameOver
        } else if !self.human_to_move() {
            Message::NotYourTurn
        } else {
            return true;
        };
        self.say(why);
        false
    }

    /// `h`: a hint on the player's turn, searched by the next step unless a
    /// digit follows at once (`h2h4` is a move).
    fn ask_hint(&mut self) {
        self.pending = b'h';
        if !self.players_turn() {
            return;
        }
        self.hint_due = true;
    }

    fn toggle_overlay(&mut self, letter: u8) {
        let bit = match letter {
            b'a' => SHOW_A,
            b'd' => SHOW_D,
            _ => SHOW_B,
        };
        self.overlays ^= bit;
        // The B display just switched on: one mask tests both.
        if bit & self.overlays & SHOW_B != 0 {
            self.game.attack_counts(&mut self.counts);
        }
        self.refresh_marks();
        self.mark(DRAW_BOARD);
    }

    /// Take back (to the human's turn); the cursor goes to the origin of the
    /// first ply taken back. Always inlined into its one caller: out of
    /// line it measured 48 bytes more.
    ///
    /// An undo takes back one ply or two (the computer's reply with the
    /// human's ply), and a redo replays as many: two exactly when the side
    /// to move is the same after (no plies counted).
    #[inline(always)]
    fn undo(&mut self) {
        let before = self.game.side_to_move();
        // The last two plies' origins, each kept in a byte: kept as
        // whole lines, both were decoded in full (76 bytes more code).
        let origin = |line: Option<LogLine>| line.map_or(MaybeTile::NONE, |line| MaybeTile::some(line.from));
        let (last, before_last) = (origin(self.game.log_line(1)), origin(self.game.log_line(2)));
        if !self.game.undo() {
            return self.say(Message::NoUndo);
        }
        let twice = self.game.side_to_move() == before;
        self.position_changed();
        if let Some(from) = if twice { before_last } else { last }.get() {
            self.cursor = from;
        }
    }

    /// Replay what undo took back; the cursor goes to the destination of
    /// the human's replayed ply. Always inlined, as `undo` is.
    #[inline(always)]
    fn redo(&mut self) {
        let before = self.game.side_to_move();
        if !self.game.redo() {
            return self.say(Message::NoRedo);
        }
        let twice = self.game.side_to_move() == before;
        self.position_changed();
        if let Some(line) = self.game.log_line(if twice { 2 } else { 1 }) {
            self.cursor = line.to;
        }
    }
}

/// The piece type a promotion's letter names (`q`, `r`, `b`, `n`), typed
/// after a move or pressed in the chooser.
#[inline(never)]
pub(super) fn promotion_piece(letter: u8) -> Option<u8> {
    match letter {
        b'q' => Some(QUEEN),
        b'r' => Some(ROOK),
        b'b' => Some(BISHOP),
        b'n' => Some(KNIGHT),
        _ => None,
    }
}
