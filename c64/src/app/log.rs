//! The move log in the panel: the last plies, one line each, written
//! straight to the screen.

use engine_core::game::{LogLine, Outcome, SearcherHome, UNDO_DEPTH};
use engine_core::piece::{Color, Piece, KING};
use engine_core::Tile;

use super::paint::clear;
use super::App;
use crate::layout::*;
use crate::screen::{attr, colour, Screen};
use crate::text::decimal_into;

// `draw_log`'s rows below the plies ask for lines past the undo ring.
const _: () = assert!(UNDO_DEPTH as u16 + MAIN_ROWS as u16 <= 256);

impl<H: SearcherHome> App<H> {
    /// The panel's main rows: the latest plies that fit, the oldest at the
    /// top, blank rows below.
    pub(super) fn draw_log<S: Screen>(&mut self, screen: &mut S) {
        let mut shown = 0u8;
        while shown < MAIN_ROWS && self.game.log_line(shown + 1).is_some() {
            shown += 1;
        }
        let now = self.ply_count();
        // Row by row, `back` one less each (a byte of its own: a row's
        // index subtracted from `shown` was widened to 16 bits). Below the
        // plies it is 0, or wraps to 247 and more, past the undo ring's
        // depth: no line, a blank row (one call for both).
        let mut back = shown;
        for row in ROW_MAIN..ROW_MAIN + MAIN_ROWS {
            match self.game.log_line(back) {
                Some(line) => {
                    draw_log_line(screen, row, &line, now.wrapping_sub(back as u16), &mut self.figures.digits)
                }
                None => clear(screen, row),
            }
            back = back.wrapping_sub(1);
        }
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

    /// A tile's name, e.g. `e4`. Out of line: a line has two.
    #[inline(never)]
    fn tile<S: Screen>(&mut self, screen: &mut S, tile: Tile) {
        let [file, rank] = tile.name();
        self.put(screen, file);
        self.put(screen, rank);
    }

    /// A piece type's letter (`N`, `B`, `R`, `Q`, `K`). Out of line: a
    /// line has two (the man's, a promotion's).
    #[inline(never)]
    fn piece<S: Screen>(&mut self, screen: &mut S, kind: u8) {
        self.put(screen, Piece::new(kind, Color::White).char());
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
/// first move (0) and numbers the line; `digits` is scratch for the
/// number's digits (the thinking display's: an array of its own here is
/// cleared first, by `memset`).
fn draw_log_line<S: Screen>(screen: &mut S, row: u8, line: &LogLine, ply: u16, digits: &mut [u8; 10]) {
    let ink = if ply & 1 == 0 { colour::WHITE } else { colour::LIGHT_GREY };
    let mut pen = Pen { col: PANEL, row, attr: attr(ink, PAPER) };
    // The move number's last three digits.
    decimal_into(((ply >> 1) + 1) as u32, digits);
    pen.text(screen, &digits[7..]);
    pen.text(screen, if ply & 1 == 0 { b". " } else { b"..." });
    let k = line.piece.kind();
    let (from_file, to_file) = (line.from.column(), line.to.column());
    // (The c and g files, 2 and 6, are the two that make 6 with 4 or-ed in.)
    if k == KING && from_file == 4 && to_file | 4 == 6 {
        // Short castling's letters cut from long castling's.
        const LONG: &[u8] = b"O-O-O";
        pen.text(screen, if to_file == 6 { LONG.split_at(3).0 } else { LONG });
    } else {
        if k > 1 {
            pen.piece(screen, k);
        }
        pen.tile(screen, line.from);
        pen.put(screen, if !line.captured.is_empty() { b'x' } else { b'-' });
        pen.tile(screen, line.to);
        if line.promotion != 0 {
            pen.piece(screen, line.promotion & 7);
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
