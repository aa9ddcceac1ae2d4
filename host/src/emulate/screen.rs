//! The screen as the VIC-II shows emulated memory: pictures and text.
//!
//! What the VIC-II reads: its 16 KB bank from CIA 2's port A (bits 0-1,
//! inverted), the screen matrix and the character set from `$D018`
//! (matrix at bank + 1 KB × bits 4-7, characters at bank + 2 KB × bits
//! 1-3), the colour RAM, the background colour `$D021`; in banks 0 and 2
//! it sees the character ROM (our stand-in, `crate::picture::rom`) at
//! `$1000-$1FFF`. Every screen is drawn as hi-res character mode (the only
//! mode the program uses; extended colour, multicolour and bitmap modes
//! would be drawn as it too); with the display off (`$D011` bit 4 clear)
//! the window shows the border colour. A picture is the 320 × 200 display
//! window alone, as `c64chess picture` draws it.
//!
//! Text is read back by the characters' pixels, not their codes: a cell
//! whose 8 bytes are a character of the stand-in ROM, or that character
//! inverted, reads as its ASCII character. That covers the ROM's own text
//! screen (the drive's figures, a panic) and the game's RAM character set
//! alike, as the game builds its text characters by copying them from the
//! ROM (`c64::charset`: codes 0-94 as they are, the highlighted words and
//! Black's attack counts inverted). A blank cell (no pixel set, or every
//! pixel set) reads as a space. The men's cells as the game's set holds
//! them (`c64::glyphs::SET_MEN`, inverted) read as the man's letter in the
//! centre cell of its 3 × 3 (`PNBRQK` White's, `pnbrqk` Black's) and as
//! blanks around it, so a rank reads as the UI's text snapshots draw it
//! (`8 r  n  b  q  k  b  n  r`). Anything else reads as `~`, a character
//! the UI never shows.

use std::collections::HashMap;
use std::sync::OnceLock;

use c64::glyphs::{piece_part, screen_code, CENTRE_PART, MEN_CELLS, PIECE_BASE, SET_MEN};

use super::machine::Machine;
use crate::picture::{character_mode, rom, HEIGHT, WIDTH};

/// What a cell that is no text reads as.
pub const NOT_TEXT: char = '~';

/// The VIC-II's view of memory at one moment.
pub struct Frame {
    /// Screen codes, 40 a row.
    codes: [u8; 1000],
    /// Colour-RAM nybbles.
    colours: [u8; 1000],
    /// Each code's 8 bytes in the character set the VIC-II reads.
    glyphs: [[u8; 8]; 256],
    background: u8,
    border: u8,
    display: bool,
}

impl Frame {
    /// What the VIC-II shows of `machine` now.
    pub fn of(machine: &Machine) -> Frame {
        let bank = machine.vic_bank();
        let memory = machine.vic[0x18];
        let matrix = ((memory >> 4) as u16) << 10;
        let charset = (((memory >> 1) & 7) as u16) << 11;
        let mut glyphs = [[0u8; 8]; 256];
        for (code, glyph) in glyphs.iter_mut().enumerate() {
            for (row, byte) in glyph.iter_mut().enumerate() {
                *byte = machine.vic_read(bank, charset + (code as u16) * 8 + row as u16);
            }
        }
        Frame {
            codes: std::array::from_fn(|i| machine.vic_read(bank, matrix + i as u16)),
            colours: std::array::from_fn(|i| machine.colour[i] & 15),
            glyphs,
            background: machine.vic[0x21] & 15,
            border: machine.vic[0x20] & 15,
            display: machine.vic[0x11] & 0x10 != 0,
        }
    }

    /// The display window's colour numbers, 320 × 200, row by row.
    pub fn pixels(&self) -> Vec<u8> {
        if !self.display {
            return vec![self.border; WIDTH * HEIGHT];
        }
        character_mode(&self.codes, &self.colours, &self.glyphs, self.background)
    }

    /// The 25 rows as text (see the module's documentation); trailing
    /// blanks kept, so every row is 40 characters.
    pub fn text(&self) -> Vec<String> {
        let patterns = patterns();
        self.codes
            .chunks(40)
            .map(|row| {
                row.iter().map(|&code| patterns.get(&self.glyphs[code as usize]).copied().unwrap_or(NOT_TEXT)).collect()
            })
            .collect()
    }
}

/// The stand-in ROM's characters by their pixels (and inverted), to ASCII.
fn patterns() -> &'static HashMap<[u8; 8], char> {
    static PATTERNS: OnceLock<HashMap<[u8; 8], char>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        let mut map = HashMap::new();
        map.insert([0; 8], ' ');
        map.insert([0xFF; 8], ' ');
        for ascii in 33..=126u8 {
            let code = screen_code(ascii);
            if code == screen_code(b' ') {
                continue; // not in the ROM's set as the UI uses it
            }
            let glyph = rom(code);
            map.entry(glyph).or_insert(ascii as char);
            map.entry(glyph.map(|b| !b)).or_insert(ascii as char);
        }
        for (i, cell) in SET_MEN.iter().enumerate() {
            let Some((kind, part)) = piece_part(PIECE_BASE + (i % MEN_CELLS) as u8) else { continue };
            let letter = b" pnbrqk"[kind as usize] as char;
            let letter = if i >= MEN_CELLS { letter.to_ascii_uppercase() } else { letter };
            map.entry(cell.map(|b| !b)).or_insert(if part == CENTRE_PART { letter } else { ' ' });
        }
        map
    })
}

/// The ASCII character a screen code of the ROM's lower/upper-case set
/// stands for (the inverse of [`screen_code`]); a space for the rest.
pub fn rom_char(code: u8) -> char {
    static TABLE: OnceLock<[u8; 256]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = [b' '; 256];
        for ascii in (32..=126u8).rev() {
            let code = screen_code(ascii);
            if code != screen_code(b' ') || ascii == b' ' {
                table[code as usize] = ascii;
            }
        }
        table
    });
    table[code as usize] as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_the_ui_shows_reads_back() {
        for ascii in 33..=126u8 {
            let code = screen_code(ascii);
            if code == screen_code(b' ') {
                continue;
            }
            let glyph = rom(code);
            assert_eq!(patterns().get(&glyph), Some(&(ascii as char)), "{}", ascii as char);
            assert_eq!(patterns().get(&glyph.map(|b| !b)), Some(&(ascii as char)), "inverted {}", ascii as char);
            assert_eq!(rom_char(code), ascii as char);
        }
    }
}
