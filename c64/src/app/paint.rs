//! What the panel is painted with: the row writers `text`, `line` and
//! `clear`, and the sides' names (`WHITE`, `BLACK`), which the drawing,
//! the menu, the editor, the log and the computer's figures all use.
//!
//! A leaf: it imports none of its siblings, so every one of them may
//! import it without a cycle among `app`'s modules (`tools/structure`
//! checks).

use crate::layout::{LABEL, PANEL, PANEL_WIDTH, PAPER};
use crate::screen::{attr, Screen};

// Words that begin others are cut from them: one copy of the letters in
// the program's constants. A win's words are the status's (`draw`), their
// first five letters the sides' names.
pub(super) const WHITE_WINS: &[u8] = b"White wins";
pub(super) const BLACK_WINS: &[u8] = b"Black wins";
/// The sides' names, for the panel and the menu.
pub(super) const WHITE: &[u8] = WHITE_WINS.split_at(5).0;
pub(super) const BLACK: &[u8] = BLACK_WINS.split_at(5).0;

/// Write `s` at (col, row), padded with blanks to `width` cells. Out of
/// line, as are [`line`] and [`clear`] for the panel's whole rows: they are
/// called from many places, and every argument a call passes is code on
/// the C64. The width before the colour: almost always a constant, it is
/// the cheaper to pass in the earlier argument's register (the AVR proxy:
/// -20 bytes).
#[inline(never)]
pub(super) fn text<S: Screen>(screen: &mut S, col: u8, row: u8, s: &[u8], width: u8, a: u8) {
    // By a byte's index (a slice's walk beside the columns was a second
    // counter, of 16 bits).
    let mut i = 0u8;
    while i < width {
        screen.put(col + i, row, s.get(i as usize).copied().unwrap_or(b' '), a);
        i += 1;
    }
}

/// A whole row of the panel: `s` padded with blanks.
#[inline(never)]
pub(super) fn line<S: Screen>(screen: &mut S, row: u8, s: &[u8], a: u8) {
    text(screen, PANEL, row, s, PANEL_WIDTH, a);
}

/// A row of the panel blanked.
#[inline(never)]
pub(super) fn clear<S: Screen>(screen: &mut S, row: u8) {
    line(screen, row, b"", attr(LABEL, PAPER));
}
