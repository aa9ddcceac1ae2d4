//! The screen model: 40 × 25 cells, each a glyph and a colour byte.
//!
//! The colour byte is `ink << 4 | paper`, C64 colour numbers 0..15: exactly
//! the byte the VIC-II reads from the screen matrix in hi-res bitmap mode
//! (upper nybble for set pixels, lower for clear ones), so the C64 glue
//! stores it unchanged. Every cell has its own ink *and* paper, which is
//! what lets a square be light, dark or highlighted under a White or Black
//! man (see `docs/ui.md` for why the C64 program uses bitmap mode).
//!
//! [`ScreenBuffer`] is the host's implementation: it keeps the grid, and
//! renders it as text for tests and for the terminal's line mode.

use engine_core::piece::{Color, Piece};

use crate::glyphs::{piece_part, CENTRE_PART, EMPTY_CENTRE, SOLID};

/// Cells across.
pub const COLS: u8 = 40;
/// Cells down.
pub const ROWS: u8 = 25;

/// C64 colour numbers.
pub mod colour {
    /// 0
    pub const BLACK: u8 = 0;
    /// 1
    pub const WHITE: u8 = 1;
    /// 2
    pub const RED: u8 = 2;
    /// 3
    pub const CYAN: u8 = 3;
    /// 4
    pub const PURPLE: u8 = 4;
    /// 5
    pub const GREEN: u8 = 5;
    /// 6
    pub const BLUE: u8 = 6;
    /// 7
    pub const YELLOW: u8 = 7;
    /// 8
    pub const ORANGE: u8 = 8;
    /// 9
    pub const BROWN: u8 = 9;
    /// 10
    pub const LIGHT_RED: u8 = 10;
    /// 11
    pub const DARK_GREY: u8 = 11;
    /// 12
    pub const GREY: u8 = 12;
    /// 13
    pub const LIGHT_GREEN: u8 = 13;
    /// 14
    pub const LIGHT_BLUE: u8 = 14;
    /// 15
    pub const LIGHT_GREY: u8 = 15;

    /// One letter per colour, for text renderings of the colour grids
    /// (`k`lack, `w`hite, `r`ed, `c`yan, `p`urple, `g`reen, `b`lue, `y`ellow,
    /// `o`range, brow`n`, light `R`ed, `d`ark grey, `m`edium grey, light
    /// `G`reen, light `B`lue, `l`ight grey).
    pub const LETTERS: &[u8; 16] = b"kwrcpgbyonRdmGBl";

    /// The colours as 24-bit RGB (a common measured C64 palette), for the
    /// host terminal.
    pub const RGB: [[u8; 3]; 16] = [
        [0x00, 0x00, 0x00],
        [0xFF, 0xFF, 0xFF],
        [0x88, 0x39, 0x32],
        [0x67, 0xB6, 0xBD],
        [0x8B, 0x3F, 0x96],
        [0x55, 0xA0, 0x49],
        [0x40, 0x31, 0x8D],
        [0xBF, 0xCE, 0x72],
        [0x8B, 0x54, 0x29],
        [0x57, 0x42, 0x00],
        [0xB8, 0x69, 0x62],
        [0x50, 0x50, 0x50],
        [0x78, 0x78, 0x78],
        [0x94, 0xE0, 0x89],
        [0x78, 0x69, 0xC4],
        [0x9F, 0x9F, 0x9F],
    ];
}

/// For the C64 glue: the screen-matrix offset of the cell at (`col`,
/// `row`), `row * 40 + col` (both on the screen). `row * 40` is `row * 5`,
/// a byte (at most 120), times 8: a few shifts, no multiply, and no
/// 50-byte table of the rows' offsets.
#[inline(always)]
pub const fn cell_offset(col: u8, row: u8) -> u16 {
    (((row * 5) as u16) << 3) + col as u16
}

/// The colour byte of `ink` on `paper`.
#[inline(always)]
pub const fn attr(ink: u8, paper: u8) -> u8 {
    (ink << 4) | (paper & 15)
}

/// Where the UI draws. The C64 writes each cell straight into its bitmap
/// and screen matrix; the host keeps a [`ScreenBuffer`].
pub trait Screen {
    /// Draw `glyph` (see [`crate::glyphs`]) at `col` 0..40, `row` 0..25 in
    /// colours `attr` (ink << 4 | paper). Out-of-range cells are ignored.
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8);
    /// Make what was drawn visible. `busy` is true for the node counter's
    /// updates while the engine thinks, which a host may thin out. The C64
    /// draws directly and needs nothing here.
    fn show(&mut self, _busy: bool) {}
}

/// A host-side screen: the whole grid in memory.
#[derive(Clone, PartialEq, Eq)]
pub struct ScreenBuffer {
    glyphs: [[u8; COLS as usize]; ROWS as usize],
    attrs: [[u8; COLS as usize]; ROWS as usize],
}

impl Default for ScreenBuffer {
    fn default() -> Self {
        ScreenBuffer::new()
    }
}

impl Screen for ScreenBuffer {
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
        if col < COLS && row < ROWS {
            self.glyphs[row as usize][col as usize] = glyph;
            self.attrs[row as usize][col as usize] = attr;
        }
    }
}

impl ScreenBuffer {
    /// A blank screen: spaces, white on black.
    pub const fn new() -> ScreenBuffer {
        ScreenBuffer { glyphs: [[b' '; COLS as usize]; ROWS as usize], attrs: [[0x10; COLS as usize]; ROWS as usize] }
    }

    /// The glyph at a cell.
    pub fn glyph(&self, col: u8, row: u8) -> u8 {
        self.glyphs[row as usize][col as usize]
    }

    /// The colour byte at a cell.
    pub fn attr(&self, col: u8, row: u8) -> u8 {
        self.attrs[row as usize][col as usize]
    }

    /// The character a cell shows in a text rendering: text as itself, a
    /// man as its FEN letter in its centre cell (upper case for White ink)
    /// and blank elsewhere, an empty square's centre as `.`.
    pub fn text_char(&self, col: u8, row: u8) -> char {
        let glyph = self.glyph(col, row);
        if let Some((kind, part)) = piece_part(glyph) {
            if part != CENTRE_PART {
                return ' ';
            }
            let side = if self.attr(col, row) >> 4 != colour::BLACK { Color::White } else { Color::Black };
            return Piece::new(kind, side).char() as char;
        }
        match glyph {
            EMPTY_CENTRE => '.',
            SOLID => '#',
            32..=126 => glyph as char,
            _ => '?',
        }
    }

    /// One row of text, without trailing blanks.
    pub fn write_row<W: core::fmt::Write>(&self, row: u8, out: &mut W) -> core::fmt::Result {
        let mut end = COLS;
        while end > 0 && self.text_char(end - 1, row) == ' ' {
            end -= 1;
        }
        for col in 0..end {
            out.write_char(self.text_char(col, row))?;
        }
        Ok(())
    }

    /// The screen as text: 25 lines (trailing blanks trimmed), each ending in `\n`.
    pub fn write_text<W: core::fmt::Write>(&self, out: &mut W) -> core::fmt::Result {
        for row in 0..ROWS {
            self.write_row(row, out)?;
            out.write_char('\n')?;
        }
        Ok(())
    }

    /// The snapshot form: each row as `text | ink | paper`, 40 characters each,
    /// colours as the letters of [`colour::LETTERS`].
    pub fn write_snapshot<W: core::fmt::Write>(&self, out: &mut W) -> core::fmt::Result {
        for row in 0..ROWS {
            for col in 0..COLS {
                out.write_char(self.text_char(col, row))?;
            }
            out.write_str(" | ")?;
            for col in 0..COLS {
                out.write_char(colour::LETTERS[(self.attr(col, row) >> 4) as usize] as char)?;
            }
            out.write_str(" | ")?;
            for col in 0..COLS {
                out.write_char(colour::LETTERS[(self.attr(col, row) & 15) as usize] as char)?;
            }
            out.write_char('\n')?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `cell_offset` is `row * 40 + col` for every cell of the screen.
    #[test]
    fn cell_offsets_count_40_a_row() {
        for row in 0..ROWS {
            for col in 0..COLS {
                assert_eq!(cell_offset(col, row), row as u16 * 40 + col as u16, "({col}, {row})");
            }
        }
    }
}
