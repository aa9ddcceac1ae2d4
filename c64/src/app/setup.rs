//! The position editor (the menu's `Board setup`): the board shows a
//! set-up ([`Setup`](engine_core::game::Setup)) that starts as the game's
//! position; the player places and removes men with the cursor, chooses
//! the side to move and the castling rights, and starts a game from it.
//! The game is not touched until then: RUN/STOP leaves the editor with the
//! game as it was, and a set-up the engine refuses stays in the editor
//! with the FEN parser's reason on the status rows.
//!
//! | key | does |
//! |---|---|
//! | cursor keys, joystick | move the cursor |
//! | RETURN, fire | the next man on the cursor's square: White's pawn to king, Black's, none |
//! | `p` `n` `b` `r` `q` `k` | White's man of that kind; the same key again, Black's |
//! | DEL | empty the square |
//! | `x` | empty the board (and no castling rights) |
//! | `s` | the other side to move |
//! | `1` `2` `3` `4` | White's king-side, White's queen-side, Black's king-side, Black's queen-side castling right on or off |
//! | `g` | start a game from the set-up |
//! | RUN/STOP, F1, `m` | leave the editor, the game kept |

use engine_core::game::{SearcherHome, Setup};
use engine_core::piece::{Color, Piece, EMPTY, PAWN};

use super::paint::{line, text, BLACK, WHITE};
use super::{App, MaybeTile, Mode, Step, DRAW_ALL, DRAW_BOARD, DRAW_MAIN, DRAW_STATUS};
use crate::input::Key;
use crate::layout::*;
use crate::screen::{attr, colour};

/// The editor's panel, its rows from its title down: the keys (the side
/// and the rights are written over the blanks after the last two; the
/// rows after them blank).
pub(super) const PANEL_LINES: [&[u8]; 8] =
    [b"SET UP", b"Fire=next man", b"PNBRQK=man,", b" again=Black", b"DEL=empty", b"X=empty all", b"S=side", b"1234="];
/// The men's letters, pawn to king (the piece types' order).
const MEN_LETTERS: &[u8; 6] = b"pnbrqk";
/// The castling rights' letters, in the order of their bits and keys.
const RIGHTS: &[u8; 4] = b"KQkq";

/// The editor's state in the [`App`]: the set-up (the game is untouched
/// until it is started) and why it was last refused.
pub(super) struct Editor {
    pub(super) setup: Setup,
    /// The FEN parser's words, copied (an `Option<&str>` has bytes no
    /// zeroed `App` can vouch for), shown until the next key; the first
    /// `refusal_len` count.
    refusal: [u8; REFUSAL_LEN],
    refusal_len: u8,
}

/// Letters kept of a refusal: the parser's longest set-up reason ("a right
/// without its king and rook at home") is 41.
const REFUSAL_LEN: usize = 41;

impl Editor {
    /// Nothing set up (every byte zero).
    pub(super) const NONE: Editor = Editor { setup: Setup::EMPTY, refusal: [0; REFUSAL_LEN], refusal_len: 0 };
}

impl<H: SearcherHome> App<H> {
    /// Open the editor on the game's position (no refusal to drop: the
    /// key that opens it dropped the last, in `drop_refusal`).
    pub(super) fn open_setup(&mut self) {
        self.game.read_setup(&mut self.editor.setup);
        self.selected = MaybeTile::NONE;
        self.mode = Mode::Setup;
        self.dirty = DRAW_ALL;
    }

    /// A refusal shows until the next key, whatever the mode (there is
    /// none outside the editor: each key in it drops the last).
    pub(super) fn drop_refusal(&mut self) {
        if self.editor.refusal_len != 0 {
            self.editor.refusal_len = 0;
            self.mark(DRAW_STATUS);
        }
    }

    /// A key in the editor, but the arrows ([`App::key`] gives them to the
    /// board's keys, which move the cursor).
    pub(super) fn setup_key(&mut self, key: Key) -> Step {
        let setup = &mut self.editor.setup;
        let cell = &mut setup.men[self.cursor.index()];
        let man = *cell;
        // Every key redraws the cursor's square and the panel (one store
        // for all: a key that changes neither redraws them as they are).
        let mut redraw = DRAW_MAIN;
        match key {
            Key::Fire => *cell = next_man(man),
            Key::Delete => *cell = EMPTY,
            Key::Char(b'x') => {
                // No men, so no rights either.
                setup.men = [EMPTY; 64];
                setup.castle = 0;
                redraw = DRAW_BOARD | DRAW_MAIN;
            }
            Key::Char(b's') => setup.side = setup.side.other(),
            Key::Char(digit @ b'1'..=b'4') => setup.castle ^= 1 << (digit - b'1'),
            Key::Char(b'g') => self.start_setup(),
            // The game as it was; its displays as they were.
            Key::Back | Key::Menu | Key::Char(b'm') => {
                self.position_changed();
                self.close_panel();
            }
            Key::Quit => return Step::Quit,
            Key::Char(letter) => {
                if let Some(at) = MEN_LETTERS.iter().position(|&c| c == letter) {
                    let kind = at as u8 + PAWN;
                    let white = man == Piece::new(kind, Color::White);
                    *cell = Piece::new(kind, if white { Color::Black } else { Color::White });
                }
            }
            _ => {}
        }
        self.redraw_tile(self.cursor);
        self.mark(redraw);
        Step::Busy
    }

    /// `g`: a game from the set-up, or the engine's reason not to. Out of
    /// line: inlined, [`Game::set_up`] is inlined with it and the FEN
    /// parser's placement check it calls is not (the proxy link: 170 bytes
    /// more code).
    ///
    /// [`Game::set_up`]: engine_core::game::Game::set_up
    #[inline(never)]
    fn start_setup(&mut self) {
        match self.game.set_up(&mut self.editor.setup) {
            Ok(()) => self.game_started(),
            Err(refused) => {
                // By a byte's count (the letters zipped with the cells
                // count in 16 bits).
                let letters = refused.problem.as_bytes();
                let n = letters.len().min(REFUSAL_LEN) as u8;
                let mut i = 0u8;
                while i < n {
                    self.editor.refusal[i as usize] = letters[i as usize];
                    i += 1;
                }
                self.editor.refusal_len = n;
                self.mark(DRAW_STATUS);
            }
        }
    }

    /// The editor's side to move and rights, over its panel's blanks
    /// (`App::draw_panel` writes its keys).
    pub(super) fn draw_setup<S: crate::screen::Screen>(&self, screen: &mut S) {
        let (side_row, rights_row) = (ROW_MAIN + 6, ROW_MAIN + 7);
        let side = if self.editor.setup.side == Color::White { WHITE } else { BLACK };
        text(screen, PANEL + 7, side_row, side, 5, attr(colour::WHITE, PAPER));
        // The rights' bits shifted out one a letter (no shift by a count),
        // the letters by a byte's index (a slice's walk counts in 16 bits).
        let (mut rights, mut i) = (self.editor.setup.castle, 0u8);
        while i < 4 {
            let letter = RIGHTS[i as usize & 3];
            screen.put(
                PANEL + 5 + i,
                rights_row,
                if rights & 1 != 0 { letter } else { b'-' },
                attr(colour::WHITE, PAPER),
            );
            (rights, i) = (rights >> 1, i + 1);
        }
    }

    /// The status rows in the editor: why the set-up was refused, a word
    /// never split, or blanks.
    pub(super) fn draw_refusal<S: crate::screen::Screen>(&self, screen: &mut S) {
        let mut rest = self.editor.refusal.get(..self.editor.refusal_len as usize).unwrap_or_default();
        for row in ROW_STATUS..ROW_STATUS + SETUP_STATUS_ROWS {
            // As much as fits, cut after the last word that fits whole and
            // the space after it (which may be the row's next cell: the row
            // shows its first 14 letters, blanks after the words).
            let cut = match rest.get(..=PANEL_WIDTH as usize) {
                Some(head) => head.iter().rposition(|&c| c == b' ').map_or(PANEL_WIDTH as usize, |space| space + 1),
                None => rest.len(),
            };
            let (shown, after) = rest.split_at(cut);
            line(screen, row, shown, attr(TITLE, PAPER));
            rest = after;
        }
    }
}

/// The status rows the editor's refusals use: the parser's longest reason
/// ("a right without its king and rook at home") takes four of 14 cells.
pub(super) const SETUP_STATUS_ROWS: u8 = 4;

/// The man after `man` in the fire button's round: none, White's pawn to
/// king, Black's pawn to king, none.
fn next_man(man: Piece) -> Piece {
    Piece::from_bits(match man.bits() + 1 {
        7 => 9,
        15 => 0,
        bits => bits,
    })
}
