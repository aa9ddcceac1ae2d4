//! The PC's key names on the C64's screen, and the terminal's key summary
//! for each mode.
//!
//! The `c64` crate's panel names the C64's keys (`Fire=next man`,
//! `DEL=empty`, `STOP=back`, `M=menu`); the C64 keeps them, and its
//! screen (and the code that draws it, a few hundred bytes from full) is
//! not changed for the PC. [`pc_words`] rewrites those rows, and only
//! those, in a copy of the screen as the terminal and line mode show it:
//! each of [`RENAMED`]'s C64 texts that begins a panel row becomes the
//! PC's, no longer than the row. The invariant: every C64 key name the
//! panel can show is in [`RENAMED`] (`host/tests/play_pty.rs` opens every
//! mode and looks for any).
//!
//! [`Keys`] is the key summary the terminal shows at the right edge
//! when it is 80 columns wide: what each key does in the mode at hand.

use c64::layout::{PANEL, PANEL_WIDTH};
use c64::screen::ROWS;
use c64::{Mode, Screen, ScreenBuffer};

/// The C64's words that begin a panel row, and the PC's for them.
pub const RENAMED: [(&str, &str); 9] = [
    ("M=menu U=undo", "m=menu u=undo"),
    ("Return=change", "Enter=change"),
    ("Return=choose", "Enter=choose"),
    ("G=go STOP=back", "g=go Esc=back"),
    ("Fire=next man", "Enter=next man"),
    ("PNBRQK=man,", "pnbrqk=man,"),
    ("DEL=empty", "Bksp=empty"),
    ("X=empty all", "x=empty all"),
    ("S=side", "s=side"),
];

/// `screen` with the PC's key names in its panel (see the module
/// documentation).
pub fn pc_words(screen: &ScreenBuffer) -> ScreenBuffer {
    let mut out = screen.clone();
    for row in 0..ROWS {
        let text: String = (PANEL..PANEL + PANEL_WIDTH).map(|col| screen.text_char(col, row)).collect();
        let Some((c64, pc)) = RENAMED.iter().find(|(c64, _)| text.starts_with(c64)) else { continue };
        let attr = screen.attr(PANEL, row);
        // The PC's words, then blanks over what is left of the C64's.
        let cells = pc.bytes().chain(std::iter::repeat(b' ')).take(c64.len().max(pc.len()));
        for (col, glyph) in (PANEL..PANEL + PANEL_WIDTH).zip(cells) {
            out.put(col, row, glyph, attr);
        }
    }
    out
}

/// What the keys do, for the terminal's key summary (14 columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// The board, nothing typed.
    Board,
    /// A move being typed.
    Typing,
    /// The menu.
    Menu,
    /// The promotion chooser.
    Promotion,
    /// The position editor.
    Setup,
}

impl Keys {
    /// The summary for the app's `mode`, `typing` or not.
    pub fn of(mode: Mode, typing: bool) -> Keys {
        match mode {
            Mode::Board if typing => Keys::Typing,
            Mode::Board => Keys::Board,
            Mode::Menu => Keys::Menu,
            Mode::Promotion => Keys::Promotion,
            Mode::Setup => Keys::Setup,
        }
    }

    /// The summary's lines, at most 14 characters each.
    pub fn lines(self) -> &'static [&'static str] {
        match self {
            Keys::Board => &[
                "Keys",
                "",
                "arrows cursor",
                "Enter  select,",
                "       move",
                "m      menu",
                "u r    undo,",
                "       redo",
                "a d b  attacks",
                "h      hint",
                "s l    save,",
                "       load",
                "e2e4   typed",
                "       move",
                "Esc    cancel",
                "q      quit",
            ],
            Keys::Typing => &[
                "Typing a move",
                "",
                "a-h 1-8",
                "       squares",
                "q r b n",
                "     promotion",
                "Enter  play it",
                "Bksp   erase",
                "Esc    cancel",
            ],
            Keys::Menu => &[
                "Menu keys",
                "",
                "up down",
                "       entry",
                "Enter  change",
                "right  change",
                "left   level",
                "       down",
                "Esc m  close",
                "q      quit",
            ],
            Keys::Promotion => &[
                "Promotion",
                "",
                "up down",
                "       piece",
                "Enter  choose",
                "q r b n",
                "       piece",
                "Esc    cancel",
            ],
            Keys::Setup => &[
                "Set-up keys",
                "",
                "arrows cursor",
                "Enter  next",
                "       man",
                "pnbrqk a man,",
                "       again:",
                "       Black's",
                "Bksp   empty",
                "x      clear",
                "s      side",
                "1234   castle",
                "g      game",
                "Esc m  back",
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_summary_line_fits_its_column() {
        for keys in [Keys::Board, Keys::Typing, Keys::Menu, Keys::Promotion, Keys::Setup] {
            for line in keys.lines() {
                assert!(line.len() <= 14, "{keys:?}: {line:?}");
            }
        }
        for (c64, pc) in RENAMED {
            assert!(c64.len() <= 14 && pc.len() <= 14, "{c64} {pc}");
        }
    }
}
