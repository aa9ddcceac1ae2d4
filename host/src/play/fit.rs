//! Fitting the C64's 40 × 25 screen into the terminal's window.
//!
//! The screen has 25 rows; a new xterm, a Linux console, tmux and most SSH
//! sessions have 24. On a 24-row window [`fold`] makes a 24-row copy of the
//! screen that loses nothing a player needs, by moving its last row's two
//! parts up:
//!
//! * the file letters (row 24, under each square's middle column) go into
//!   the board's last cell row (row 23), the bottom middle cell of each
//!   square of the nearest rank, which is always blank: a man is drawn in
//!   its square's middle cell only, and the `b` overlay's counts use the
//!   bottom corners. The letter keeps the square's paper, in black or white
//!   ink, whichever reads on it;
//! * the key reminder (the panel's row 24) goes into the panel's row 13,
//!   which is blank in every mode (between the move log's ten rows and the
//!   status). If it ever is not, the reminder is left out: the key summary
//!   at 80 columns says the same and more.
//!
//! Below 40 × 24 the screen cannot be drawn without losing columns of the
//! board or rows of the panel; [`too_small`] says so in words wrapped to the
//! window, the longest of a few wordings that fits, so the message is read
//! whole at any size down to 10 × 3.

use c64::layout::{BOARD_COL, FILE_ROW, MAIN_ROWS, PANEL, PANEL_WIDTH, ROW_HELP, ROW_MAIN};
use c64::screen::{attr, colour, COLS};
use c64::{Screen, ScreenBuffer};

/// The fewest rows the screen can be drawn in (folded, see [`fold`]).
pub const MIN_ROWS: u16 = 24;
/// The fewest columns: the board's 25 and the panel's 15.
pub const MIN_COLS: u16 = COLS as u16;
/// The panel's row that is blank in every mode, where a folded screen puts
/// the key reminder.
pub const SPARE_ROW: u8 = ROW_MAIN + MAIN_ROWS;

/// `screen` in 24 rows: the file letters in the board's last row, the key
/// reminder in the panel's spare row (see the module documentation). Row 24
/// of the copy is not to be drawn.
pub fn fold(screen: &ScreenBuffer) -> ScreenBuffer {
    let mut out = screen.clone();
    let last = FILE_ROW - 1;
    for col in BOARD_COL..BOARD_COL + 24 {
        let letter = screen.glyph(col, FILE_ROW);
        if letter != b' ' {
            let paper = screen.attr(col, last) & 15;
            out.put(col, last, letter, attr(ink_on(paper), paper));
        }
    }
    let blank = |row| (PANEL..PANEL + PANEL_WIDTH).all(|col| screen.glyph(col, row) == b' ');
    if blank(SPARE_ROW) {
        for col in PANEL..PANEL + PANEL_WIDTH {
            out.put(col, SPARE_ROW, screen.glyph(col, ROW_HELP), screen.attr(col, ROW_HELP));
        }
    }
    out
}

/// Black or white, whichever reads on the C64 colour `paper`.
pub fn ink_on(paper: u8) -> u8 {
    let [r, g, b] = colour::RGB[paper as usize & 15];
    let light = 299 * r as u32 + 587 * g as u32 + 114 * b as u32 > 128 * 1000;
    if light {
        colour::BLACK
    } else {
        colour::WHITE
    }
}

/// What to do in a window of `width` × `height`, too small for the screen:
/// lines no wider than `width`, no more than `height` of them (the longest
/// wording that fits; in a window too small for any, the shortest cut to
/// the window).
pub fn too_small(width: u16, height: u16) -> Vec<String> {
    let wordings = [
        format!("Make the window at least {MIN_COLS} x {MIN_ROWS} (it is {width} x {height}). q quits."),
        format!("Make the window at least {MIN_COLS} x {MIN_ROWS}. q quits."),
        format!("Need {MIN_COLS} x {MIN_ROWS}. q quits."),
        format!("Need {MIN_COLS}x{MIN_ROWS}"),
        format!("{MIN_COLS}x{MIN_ROWS}"),
    ];
    let (width, height) = (width.max(1) as usize, height.max(1) as usize);
    for wording in &wordings {
        let lines = wrap(wording, width);
        if lines.len() <= height && lines.iter().all(|line| line.chars().count() <= width) {
            return lines;
        }
    }
    let mut lines = wrap(&wordings[wordings.len() - 1], width);
    lines.truncate(height);
    for line in &mut lines {
        *line = line.chars().take(width).collect();
    }
    lines
}

/// `text` in lines of at most `width` characters, broken between words; a
/// word longer than `width` is cut into pieces.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        if let Some(line) = lines.last_mut() {
            if line.chars().count() + 1 + word.len() <= width {
                line.push(' ');
                line.extend(word);
                continue;
            }
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        lines.push(word.into_iter().collect());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use c64::layout::{LIGHT_SQUARE, PAPER, ROW_STATUS};

    #[test]
    fn the_message_fits_every_window_and_says_the_size_when_it_can() {
        for width in 1..=80 {
            for height in 1..=30 {
                let lines = too_small(width, height);
                assert!(!lines.is_empty() && lines.len() <= height as usize, "{width} x {height}: {lines:?}");
                assert!(lines.iter().all(|l| l.chars().count() <= width as usize), "{width} x {height}: {lines:?}");
            }
        }
        let lines = too_small(30, 15);
        assert_eq!(lines.join(" "), "Make the window at least 40 x 24 (it is 30 x 15). q quits.");
        assert_eq!(too_small(10, 3), ["Need 40 x", "24. q", "quits."]);
        assert_eq!(too_small(5, 1), ["40x24"]);
    }

    #[test]
    fn folding_moves_the_letters_and_the_reminder_up() {
        let mut screen = ScreenBuffer::new();
        let square = attr(colour::WHITE, LIGHT_SQUARE);
        for col in BOARD_COL..BOARD_COL + 24 {
            screen.put(col, FILE_ROW - 1, b' ', square);
        }
        screen.put(BOARD_COL + 1, FILE_ROW, b'a', attr(colour::LIGHT_BLUE, PAPER));
        for (i, &c) in b"m=menu u=undo".iter().enumerate() {
            screen.put(PANEL + i as u8, ROW_HELP, c, attr(colour::LIGHT_BLUE, PAPER));
        }
        let folded = fold(&screen);
        assert_eq!(folded.glyph(BOARD_COL + 1, FILE_ROW - 1), b'a');
        assert_eq!(folded.attr(BOARD_COL + 1, FILE_ROW - 1), attr(colour::BLACK, LIGHT_SQUARE), "black on light");
        assert_eq!(folded.glyph(PANEL, SPARE_ROW), b'm');
        const { assert!(SPARE_ROW < ROW_STATUS && SPARE_ROW >= ROW_MAIN + MAIN_ROWS) };
        // A spare row in use keeps its text.
        screen.put(PANEL, SPARE_ROW, b'X', attr(colour::WHITE, PAPER));
        assert_eq!(fold(&screen).glyph(PANEL, SPARE_ROW), b'X');
    }
}
