//! The panel's two lists and their keys: the menu, and the promotion
//! chooser a promoting move opens.

use engine_core::game::{Player, SearcherHome};
use engine_core::level::{LEVELS, TOP_LEVEL};
use engine_core::piece::{ByColor, Color, BISHOP, KNIGHT, QUEEN, ROOK};

use super::board::promotion_piece;
use super::paint::{BLACK, WHITE};
use super::{App, Clock, Mode, Step, DRAW_FIGURES, DRAW_HELP, DRAW_MAIN, DRAW_SIDES, DRAW_STATUS, SHOW_B};
use crate::input::Key;

/// Menu entries, top to bottom.
pub(super) const MENU_RESUME: u8 = 0;
pub(super) const MENU_NEW: u8 = 1;
pub(super) const MENU_WHITE: u8 = 2;
pub(super) const MENU_BLACK: u8 = 3;
pub(super) const MENU_LEVEL: u8 = 4;
pub(super) const MENU_FLIP: u8 = 5;
pub(super) const MENU_PAUSE: u8 = 6;
pub(super) const MENU_PONDER: u8 = 7;
/// The position editor, above Quit where there is one (not in the C64's
/// build yet).
pub(super) const MENU_SETUP: u8 = 8;
pub(super) const MENU_QUIT: u8 = MENU_ITEMS - 1;
pub(super) const MENU_ITEMS: u8 = 10;
/// Each entry's words, in that order (each highlighted letter one of
/// `charset::INVERSE_TEXT`'s: "Set up" would need an inverse `S`).
pub(super) const MENU_WORDS: [&[u8]; MENU_ITEMS as usize] =
    [b"Resume", b"New game", WHITE, BLACK, b"Level", b"Flip board", b"Pause", b"Ponder", b"Board setup", b"Quit"];

/// Each level's name, 1 to 10: the node levels, then the timed ones'
/// seconds a move (`level::TIMED_SECONDS`; "key": until a key is pressed).
const LEVEL_NAMES: [[u8; 3]; TOP_LEVEL as usize] =
    [*b"L1 ", *b"L2 ", *b"L3 ", *b"L4 ", *b"5s ", *b"15s", *b"30s", *b"1m ", *b"3m ", *b"key"];

/// On the C64, each node level's mean time a move there, which the menu
/// shows after its name (`L3 3m`), as the timed levels' names give theirs:
/// measured on the real program on the emulated C64 and rounded
/// (host/tests/real_seconds.rs: 3.9 s, 11.6 s, 151 s, 536 s over 60, 60,
/// 30 and 30 moves of games from the balanced openings; a real C64, its
/// screen's bad lines included, takes about 5% longer). Blank on a PC,
/// where every level answers in well under a second.
#[cfg(feature = "prg")]
const NODE_LEVEL_TIMES: [[u8; 3]; LEVELS.len()] = [*b"4s ", *b"12s", *b"3m ", *b"9m "];
#[cfg(not(feature = "prg"))]
const NODE_LEVEL_TIMES: [[u8; 3]; LEVELS.len()] = [[b' '; 3]; LEVELS.len()];

/// Each level's name and then, for a node level, its time
/// ([`NODE_LEVEL_TIMES`]): the menu shows all six cells (its value's, from
/// the panel's column 8 to its edge), the sides' rows the name's three.
/// Six bytes an entry, not three, cost the game 40 bytes (docs/c64.md).
const LEVEL_WORDS: [[u8; 6]; TOP_LEVEL as usize] = {
    let mut words = [[b' '; 6]; TOP_LEVEL as usize];
    let mut level = 0;
    while level < words.len() {
        let mut i = 0;
        while i < 3 {
            words[level][i] = LEVEL_NAMES[level][i];
            if level < LEVELS.len() {
                words[level][3 + i] = NODE_LEVEL_TIMES[level][i];
            }
            i += 1;
        }
        level += 1;
    }
    words
};

/// Level `level`'s words ([`LEVEL_WORDS`]; 1..=`TOP_LEVEL`, as
/// `Game::set_level` keeps it; any other, which no game has, reads as the
/// top level's). Looked up, not clamped and indexed: one compare, no
/// bounds check left to abort.
pub(super) fn level_words(level: u8) -> &'static [u8; 6] {
    LEVEL_WORDS.get(level.wrapping_sub(1) as usize).unwrap_or(&LEVEL_WORDS[TOP_LEVEL as usize - 1])
}

/// Promotion choices, top to bottom: queen, rook, bishop, knight, the
/// piece types counting down, so that entry `i` is `QUEEN - i` (no table).
const _: () = assert!(ROOK == QUEEN - 1 && BISHOP == QUEEN - 2 && KNIGHT == QUEEN - 3);
/// The chooser's rows from the main area's top: its title, then the
/// choices' names (the rows after them blank).
pub(super) const CHOOSER_ROWS: [&[u8]; 5] = [b"PROMOTE TO", b"Queen", b"Rook", b"Bishop", b"Knight"];

impl<H: SearcherHome> App<H> {
    pub(super) fn open_menu(&mut self) {
        self.mode = Mode::Menu;
        self.item = MENU_RESUME;
        self.mark(DRAW_MAIN | DRAW_HELP);
    }

    /// A new game is on the board (the start position, or a set-up): the
    /// randomiser seeded again, the clocks at zero, the cursor home, the
    /// thinking display blank, the panel closed. Out of line: the menu, the editor and a load share it.
    #[inline(never)]
    pub(super) fn game_started(&mut self) {
        self.seeded = false;
        // The thinking display blank: its figures were another game's.
        self.figures.blank();
        self.mark(DRAW_FIGURES);
        self.clocks = ByColor::new(Clock::ZERO, Clock::ZERO);
        self.overlays &= SHOW_B;
        self.home_cursor();
        self.position_changed();
        self.close_panel();
    }

    #[inline(never)]
    pub(super) fn close_panel(&mut self) {
        self.mode = Mode::Board;
        self.mark(DRAW_MAIN | DRAW_HELP | DRAW_SIDES | DRAW_STATUS);
    }

    pub(super) fn menu_key(&mut self, key: Key) -> Step {
        match key {
            // Round the entries: one step (a byte's wrap for up), then past
            // either end to the other.
            Key::Up | Key::Down => {
                let up = matches!(key, Key::Up);
                let next = self.item.wrapping_add(if up { 0xFF } else { 1 });
                self.item = if next < MENU_ITEMS {
                    next
                } else if up {
                    MENU_ITEMS - 1
                } else {
                    0
                };
            }
            Key::Back | Key::Menu | Key::Char(b'm') => self.close_panel(),
            // One call for the three, inlined then (left steps the level
            // down).
            Key::Fire | Key::Right | Key::Left => return self.menu_choose(!matches!(key, Key::Left)),
            Key::Quit | Key::Char(b'q') => return Step::Quit,
            _ => {}
        }
        self.mark(DRAW_MAIN);
        Step::Busy
    }

    /// Carry out the highlighted entry; `forward` is RETURN or right, as
    /// opposed to left (which steps the level down).
    fn menu_choose(&mut self, forward: bool) -> Step {
        match self.item {
            MENU_RESUME => self.close_panel(),
            MENU_NEW => {
                self.game.new_game();
                self.game_started();
            }
            MENU_WHITE | MENU_BLACK => {
                let side = if self.item == MENU_WHITE { Color::White } else { Color::Black };
                let other = match self.game.player(side) {
                    Player::Human => Player::Computer,
                    Player::Computer => Player::Human,
                };
                self.game.set_player(side, other);
                self.deselect();
                self.mark(DRAW_SIDES);
            }
            MENU_LEVEL => {
                // Round 1..=10: one step (a byte's wrap for back), then past
                // either end to the other (forward 10 to 1, back 1 to 10).
                let next = self.game.level().wrapping_add(if forward { 1 } else { 0xFF });
                let next = if next == 0 {
                    TOP_LEVEL
                } else if next > TOP_LEVEL {
                    1
                } else {
                    next
                };
                self.game.set_level(next);
                self.mark(DRAW_SIDES);
            }
            MENU_FLIP => self.set_flipped(!self.flipped),
            MENU_PAUSE => self.pause = !self.pause,
            MENU_PONDER => self.ponder = !self.ponder,
            MENU_SETUP => self.open_setup(),
            MENU_QUIT => return Step::Quit,
            _ => {}
        }
        self.mark(DRAW_MAIN);
        Step::Busy
    }

    pub(super) fn promotion_key(&mut self, key: Key) -> Step {
        let choice = match key {
            // Round the four: one step (0xFF for up), masked.
            Key::Up | Key::Down => {
                self.item = self.item.wrapping_add(if matches!(key, Key::Up) { 0xFF } else { 1 }) & 3;
                None
            }
            Key::Fire => Some(QUEEN - (self.item & 3)),
            Key::Char(letter) => promotion_piece(letter),
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
            self.move_to(self.promo_from, self.promo_to, piece);
        }
        self.mark(DRAW_MAIN);
        Step::Busy
    }
}
