//! The character screen of both builds (`Chars`, the `c64` library's
//! `Screen` on the VIC-II), the character set's build (`char_screen`), and
//! text mode (`text_mode`) for the end: a failed check, the drive's results.
//!
//! Hi-res character mode in VIC bank 3: screen matrix `SCREEN` (`$F400`),
//! a RAM character set at `CHARSET` (`$F800`), both in the RAM under the
//! switched-out KERNAL. The set is built once, with the display off, from
//! the ROM's characters and the men's cells (`c64::charset` says which
//! and how, host-tested); text mode uses the ROM's set at `$0400`, inside
//! the soft stack's region, so only once the soft stack is done with.

use c64::charset::{cell, source, Source, FILLED};
use c64::screen::{cell_offset, colour};
use c64::Screen;

use crate::memory::{
    banked, fill, peek, poke, CHARSET, CHAR_ROM, CIA2_PORT_A, COLOUR_RAM, SCREEN, VIC_BACKGROUND, VIC_BORDER,
    VIC_CONTROL, VIC_CONTROL_X, VIC_MEMORY,
};

/// The character screen of both builds: a cell is a screen code at
/// `SCREEN` and its colour in the colour RAM (`c64::charset`).
pub(crate) struct Chars;

impl Screen for Chars {
    #[inline(never)]
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
        if col >= 40 || row >= 25 {
            return;
        }
        let at = cell_offset(col, row);
        let c = cell(glyph, attr);
        poke(SCREEN + at, c.code);
        poke(COLOUR_RAM + at, c.colour);
    }
}

/// The first `codes` characters of the set built (`charset::source`), the
/// men's cells read from `men`, where the 108 of them lie (8 bytes each;
/// the drive, which draws only text, stops after `FILLED` and reads none),
/// a black screen, then the character display (docs/ui.md). Each byte
/// goes straight from where it is to the set: no 8-byte arrays built and
/// copied.
pub(crate) fn char_screen(codes: u8, men: u16) {
    // The display off while it is set up.
    poke(VIC_CONTROL, 0x0B);
    // Port bit 2 clear: the character ROM in place of the I/O area, RAM at
    // $E000-$FFFF still.
    banked(!4, || {
        // Each character's eight bytes from `at`, both addresses stepped
        // along (no shift of the code, no offset added).
        let mut at = CHARSET;
        for code in 0..codes {
            let (from, flip) = source(code);
            let mut from = match from {
                Source::Rom(screen) => CHAR_ROM + ((screen as u16) << 3),
                Source::Man(i) => men + ((i as u16) << 3),
            };
            // (A byte's count: a `u16` range is a 16-bit counter.)
            for _ in 0..8u8 {
                poke(at, peek(from) ^ flip);
                (at, from) = (at + 1, from + 1);
            }
        }
    });
    fill(SCREEN, 1000, FILLED);
    fill(COLOUR_RAM, 1000, colour::BLACK);
    poke(CIA2_PORT_A, peek(CIA2_PORT_A) & !3); // bank 3: $C000-$FFFF
    poke(VIC_BORDER, colour::BLACK);
    poke(VIC_BACKGROUND, colour::BLACK);
    poke(VIC_MEMORY, 0xDE); // screen $F400, characters $F800
    poke(VIC_CONTROL_X, 0xC8); // 40 columns, no multicolour
    poke(VIC_CONTROL, 0x1B); // text, display on, 25 rows
}

/// Text mode: screen `$0400` with the ROM's mixed-case set, VIC bank 0,
/// black all round. Only once the soft stack (at `$0200-$07FF`) is done
/// with: a failed check, the drive's results.
pub(crate) fn text_mode() {
    poke(CIA2_PORT_A, peek(CIA2_PORT_A) | 3);
    poke(VIC_CONTROL, 0x1B);
    poke(VIC_MEMORY, 0x17);
    poke(VIC_BORDER, colour::BLACK);
    poke(VIC_BACKGROUND, colour::BLACK);
}
