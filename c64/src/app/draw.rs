//! Drawing: the board and its labels, the panel (sides, status, message,
//! typed move, help, menu and chooser). Its text goes through `paint`'s
//! row writers, as the rest of the interface's does.

use engine_core::game::{Outcome, Player, SearcherHome};
use engine_core::piece::Color;
use engine_core::Tile;

use super::menu::{
    level_words, CHOOSER_ROWS, MENU_BLACK, MENU_ITEMS, MENU_LEVEL, MENU_PAUSE, MENU_PONDER, MENU_WHITE, MENU_WORDS,
};
use super::paint::{clear, line, text, BLACK, BLACK_WINS, WHITE, WHITE_WINS};
use super::setup::PANEL_LINES;
use super::thinking::draw_figures;
use super::{
    App, Clock, MaybeTile, Mode, DRAW_BOARD, DRAW_FIGURES, DRAW_HELP, DRAW_MAIN, DRAW_MESSAGE, DRAW_SIDES, DRAW_STATUS,
    DRAW_TYPED, HELPS, LINE_WORDS,
};
use super::{SHOW_A, SHOW_B, SHOW_D};
use crate::glyphs::{first_glyph, CENTRE_PART, EMPTY_CENTRE, PART_COL, PART_ROW};
use crate::layout::*;
use crate::screen::{attr, colour, Screen};
use crate::text::{two_digits, DIGIT_BIT};
use crate::words::{count, letters, Words};

const CPU: &[u8] = b"CPU";
/// The status's third row when it says "Draw", and when it has nothing to
/// say: ten cells each, as both wins are, so that only the words' address
/// is chosen, not their length (the row is padded with blanks anyway).
const DRAW_AND_BLANKS: &[u8] = b"Draw          ";
const DRAW: &[u8] = DRAW_AND_BLANKS.split_at(10).0;
const NO_RESULT: &[u8] = DRAW_AND_BLANKS.split_at(4).1;
/// The status's second row for each outcome, in `Outcome`'s order: a
/// check, or the reason the game is over (read from [`PANEL_WORDS`]).
const OUTCOME_WORDS: [&[u8]; 7] =
    [b"", b"Check!", b"Checkmate", b"Stalemate", b"50-move rule", b"Repetition", b"No material"];
/// [`OUTCOME_WORDS`]' first in [`PANEL_WORDS`].
const OUTCOMES: u8 = (MENU_WORDS.len() + CHOOSER_ROWS.len() + PANEL_LINES.len()) as u8;

/// The panel's words, one table after another, packed: the main area's
/// rows in the menu (its entries' words), the chooser and the editor, and
/// the status's outcomes ([`OUTCOMES`] on).
const PANEL_WORDS: Words<{ count(&PANEL_LISTS) + 1 }, { letters(&PANEL_LISTS) }> = Words::pack(&PANEL_LISTS);
const PANEL_LISTS: [&[&[u8]]; 4] = [&MENU_WORDS, &CHOOSER_ROWS, &PANEL_LINES, &OUTCOME_WORDS];

impl<H: SearcherHome> App<H> {
    /// Redraw everything that changed since the last draw.
    pub fn draw<S: Screen>(&mut self, screen: &mut S) {
        let dirty = self.dirty;
        self.dirty = 0;
        // The whole board, or the squares marked: one walk for both, each
        // row's marks taken (and so cleared) as it begins and shifted out a
        // square at a time: no test called for each square, no eight
        // stores clearing the set after the walk.
        let board = dirty & DRAW_BOARD != 0;
        if board {
            self.draw_labels(screen);
        }
        // The tiles by number, a byte's count. (No `black_box` to keep it
        // a byte: on the 6502 its empty inline assembly is a call of
        // unknown code, which makes llvm-mos give this function and its
        // callers soft-stack frames: docs/c64.md, "The stacks".)
        let (mut marked, mut number) = (0, 0u8);
        while number < 64 {
            let tile = Tile::masked(number);
            if tile.column() == 0 {
                marked = core::mem::take(&mut self.dirty_tiles.0[tile.row() as usize]);
            }
            if board || marked & 1 != 0 {
                self.draw_square(screen, tile);
            }
            marked >>= 1;
            number += 1;
        }
        if dirty & DRAW_SIDES != 0 {
            self.draw_sides(screen);
        }
        if dirty & DRAW_MAIN != 0 {
            if self.mode == Mode::Board {
                self.draw_log(screen);
            } else {
                self.draw_panel(screen);
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
        if dirty & DRAW_FIGURES != 0 {
            draw_figures(screen, &mut self.figures);
        }
        if dirty & DRAW_HELP != 0 {
            line(screen, ROW_HELP, LINE_WORDS.get(HELPS + self.mode as u8), attr(LABEL, PAPER));
        }
    }

    fn draw_labels<S: Screen>(&self, screen: &mut S) {
        let a = attr(LABEL, PAPER);
        // One walk down the labels' column, along their row (the board's
        // 24 cells and the corner) and down the column between board and
        // panel (drawn with the board: nothing else writes there): a blank
        // in each, but a label on its square's middle row (the rank's, at
        // a third of the way, `step` 1) or middle column (the file's,
        // `step` 2; a file's cell is one column right of its row's).
        const _: () = assert!(FILE_ROW == BOARD_ROW + 24 && BOARD_COL == RANK_COL + 1);
        // Flipped, the labels count from the other side: one mask for both.
        let flip = if self.flipped { 7 } else { 0 };
        let (mut square, mut step) = (0u8, 0u8);
        for at in 0..25 {
            let label = square ^ flip;
            let rank = if step == 1 { b'8' - label } else { b' ' };
            let file = if step == 2 { b'a' + label } else { b' ' };
            screen.put(RANK_COL, BOARD_ROW + at, rank, a);
            screen.put(RANK_COL + at, FILE_ROW, file, a);
            screen.put(PANEL - 1, BOARD_ROW + at, b' ', a);
            step += 1;
            if step == 3 {
                (square, step) = (square + 1, 0);
            }
        }
    }

    /// The whole-square colour of `tile` under the cursor, not the
    /// selected man's.
    fn cursor_colour(&self, tile: Tile) -> u8 {
        // (`MaybeTile::NONE` is no tile: only a selected man's tile is it.)
        let selecting = self.selected != MaybeTile::NONE;
        if selecting && self.targets.contains(tile) {
            DESTINATION
        } else if !selecting && !self.own(tile) {
            CURSOR_OTHER
        } else if self.movable(tile) {
            CURSOR_MOVABLE
        } else {
            CURSOR_STUCK
        }
    }

    fn draw_square<S: Screen>(&self, screen: &mut S, tile: Tile) {
        // The editor shows its set-up, and no marks of the game's.
        let editing = self.mode == Mode::Setup;
        // Flipped, the row and the column count from the other side: one
        // mask for both.
        let flip = if self.flipped { 7 } else { 0 };
        let (row, column) = (tile.row() ^ flip, tile.column() ^ flip);
        let top = BOARD_ROW + SQUARE_AT[row as usize];
        let left = BOARD_COL + SQUARE_AT[column as usize];
        let square = if tile.is_light() { LIGHT_SQUARE } else { DARK_SQUARE };
        // (The editor selects nothing: its cursor is always its own colour.)
        let whole = if self.selected.is(tile) {
            SELECTED
        } else if tile == self.cursor {
            if editing {
                CURSOR_MOVABLE
            } else {
                self.cursor_colour(tile)
            }
        } else {
            square
        };
        let overlays = if editing { 0 } else { self.overlays };
        let ring = if whole != square || editing {
            whole
        } else if self.selected != MaybeTile::NONE && self.targets.contains(tile) {
            DESTINATION
        } else if overlays & SHOW_A != 0 && self.marks_a.contains(tile) {
            ATTACKER
        } else if overlays & SHOW_D != 0 && self.marks_d.contains(tile) {
            DEFENDER
        } else if self.last[0].is(tile) || self.last[1].is(tile) {
            if self.hinted {
                HINT
            } else {
                LAST_MOVE
            }
        } else {
            square
        };
        let piece = if editing { self.editor.setup.men[tile.index()] } else { self.game.piece_at(tile) };
        let ink = if !piece.is_empty() && piece.color() == Color::Black { BLACK_MAN } else { WHITE_MAN };
        let first = first_glyph(piece.kind());
        // (The part a byte's count, as the board's tiles are.)
        let mut part = 0u8;
        while part < 9 {
            let glyph = if first != 0 {
                first + part
            } else if part == CENTRE_PART {
                EMPTY_CENTRE
            } else {
                b' '
            };
            let paper = if part == CENTRE_PART { whole } else { ring };
            screen.put(left + PART_COL[part as usize], top + PART_ROW[part as usize], glyph, attr(ink, paper));
            part += 1;
        }
        if overlays & SHOW_B != 0 {
            let [white, black] = *self.counts[tile.index()].as_array();
            if white != 0 {
                screen.put(left, top + 2, count_glyph(white), attr(colour::WHITE, colour::BLACK));
            }
            if black != 0 {
                screen.put(left + 2, top + 2, count_glyph(black), attr(colour::BLACK, colour::WHITE));
            }
        }
    }

    fn draw_sides<S: Screen>(&self, screen: &mut S) {
        let timed = self.timed();
        if !timed {
            clear(screen, ROW_CLOCKS);
        }
        // White, then Black: each side's clock by the pointer's step and
        // its column by the loop's (no multiply by a clock's size or by 7).
        let (mut side, mut clock_col) = (Color::White, PANEL);
        for clock in self.clocks.as_array() {
            let row = ROW_SIDES + side as u8;
            let to_move = side == self.game.side_to_move();
            let ink = if to_move { colour::WHITE } else { LABEL };
            let a = attr(ink, PAPER);
            // In pieces, each padded: a line built in a buffer costs the
            // 6502 a copy per piece.
            screen.put(PANEL, row, if to_move { b'>' } else { b' ' }, a);
            let name = if side == Color::White { WHITE } else { BLACK };
            text(screen, PANEL + 1, row, name, 6, a);
            let computer = self.game.player(side) == Player::Computer;
            text(screen, PANEL + 7, row, if computer { CPU } else { b"Human" }, 7, a);
            if computer {
                text(screen, PANEL + 11, row, self.level_name(), 3, a);
            }
            if timed {
                // "W 1:23 B12:05": the minutes and seconds used, in the side's ink.
                let Clock { minutes, seconds, .. } = *clock;
                let [m1, m2] = two_digits(minutes);
                let [s1, s2] = two_digits(seconds);
                // A blank tens of seconds is a 0: the blank's code with the
                // digits' bit (a digit has it already).
                let s1 = s1 | DIGIT_BIT;
                text(screen, clock_col, ROW_CLOCKS, &[name[0], m1, m2, b':', s1, s2], 7, a);
            }
            (side, clock_col) = (side.other(), clock_col + 7);
        }
    }
    fn draw_status<S: Screen>(&self, screen: &mut S) {
        if self.mode == Mode::Setup {
            return self.draw_refusal(screen);
        }
        let title = attr(TITLE, PAPER);
        let plain = attr(colour::WHITE, PAPER);
        let stm = self.game.side_to_move();
        // The third row's words and the second's ink: the result once the
        // game is over, else none.
        let (result, ink): (&[u8], u8) = if self.outcome.is_over() {
            line(screen, ROW_STATUS, b"GAME OVER", title);
            let result = match (self.outcome, stm) {
                (Outcome::Checkmate, Color::White) => BLACK_WINS,
                (Outcome::Checkmate, _) => WHITE_WINS,
                _ => DRAW,
            };
            (result, plain)
        } else {
            // The side's name and blanks, then the words over the blanks.
            line(screen, ROW_STATUS, if stm == Color::White { WHITE } else { BLACK }, plain);
            text(screen, PANEL + 5, ROW_STATUS, b" to move", 8, plain);
            (NO_RESULT, title)
        };
        line(screen, ROW_STATUS + 1, PANEL_WORDS.get(OUTCOMES + self.outcome as u8), ink);
        line(screen, ROW_STATUS + 2, result, title);
        // The fourth row, which only the editor's refusals use.
        clear(screen, ROW_STATUS + 3);
    }

    fn draw_typed<S: Screen>(&self, screen: &mut S) {
        if self.typed_len == 0 {
            clear(screen, ROW_TYPED);
            return;
        }
        let (a, n) = (attr(colour::WHITE, PAPER), self.typed_len);
        // The row blanked after the label, then the letters over the blanks.
        line(screen, ROW_TYPED, b"Move ", a);
        // The `n` typed: `text` writes as many cells as it is told.
        text(screen, PANEL + 5, ROW_TYPED, &self.typed, n, a);
        screen.put(PANEL + 5 + n, ROW_TYPED, b'_', a);
    }

    /// The main area in the menu, the chooser and the editor: one walk
    /// down its rows for the three, each row's words from the mode's rows
    /// of [`PANEL_WORDS`] (blank past their end), the list's entries (its
    /// rows `first` to `first + count`) marked ([`App::mark_item`]) and the
    /// menu's values over their blanks, any other row a whole line (the
    /// first a title).
    /// The editor's side and rights are then written over its last rows.
    fn draw_panel<S: Screen>(&self, screen: &mut S) {
        // The mode's words from `PANEL_WORDS`: the `rows` from `base`.
        const CHOOSER: u8 = MENU_WORDS.len() as u8;
        const EDITOR: u8 = CHOOSER + CHOOSER_ROWS.len() as u8;
        let (base, rows, first, count) = match self.mode {
            Mode::Menu => (0, MENU_ITEMS, 0, MENU_ITEMS),
            Mode::Promotion => (CHOOSER, CHOOSER_ROWS.len() as u8, 1, 4),
            _ => (EDITOR, PANEL_LINES.len() as u8, 0, 0),
        };
        for i in 0..MAIN_ROWS {
            let row = ROW_MAIN + i;
            let words = if i < rows { PANEL_WORDS.get(base + i) } else { b"" };
            let entry = i.wrapping_sub(first);
            if entry < count {
                let a = self.mark_item(screen, entry, row);
                text(screen, PANEL + 1, row, words, PANEL_WIDTH - 1, a);
                let value = self.menu_value(entry);
                if !value.is_empty() {
                    text(screen, PANEL + 8, row, value, PANEL_WIDTH - 8, a);
                }
            } else {
                line(screen, row, words, attr(if i == 0 { TITLE } else { LABEL }, PAPER));
            }
        }
        if self.mode == Mode::Setup {
            self.draw_setup(screen);
        }
    }

    /// The value the menu shows after entry `i`'s words (none in the
    /// chooser).
    fn menu_value(&self, i: u8) -> &'static [u8] {
        if self.mode != Mode::Menu {
            return b"";
        }
        match i {
            MENU_WHITE | MENU_BLACK => {
                let side = if i == MENU_WHITE { Color::White } else { Color::Black };
                match self.game.player(side) {
                    Player::Human => b"Human",
                    Player::Computer => CPU,
                }
            }
            MENU_LEVEL => self.level_name(),
            // "on " as long as "off": only the words' address chosen
            // (the value is padded with blanks anyway).
            MENU_PAUSE | MENU_PONDER if (if i == MENU_PAUSE { self.pause } else { self.ponder }) => b"on ",
            MENU_PAUSE | MENU_PONDER => b"off",
            _ => b"",
        }
    }

    /// The game's level's words, for the sides (the name) and the menu
    /// (with a node level's time on the C64): out of line (each inlined
    /// copy has the table's clamp and multiply).
    #[inline(never)]
    fn level_name(&self) -> &'static [u8; 6] {
        level_words(self.game.level())
    }

    /// Entry `i` of a list (menu or chooser) on `row`: its first cell, the
    /// `>` mark under the cursor, and the colours of the rest, inverted
    /// under the cursor.
    #[inline(never)]
    fn mark_item<S: Screen>(&self, screen: &mut S, i: u8, row: u8) -> u8 {
        let (mark, a) =
            if i == self.item { (b'>', attr(colour::BLACK, colour::LIGHT_BLUE)) } else { (b' ', attr(LABEL, PAPER)) };
        screen.put(PANEL, row, mark, a);
        a
    }
}

fn count_glyph(n: u8) -> u8 {
    if n > 9 {
        b'+'
    } else {
        b'0' + n
    }
}
