//! The drive build (feature `drive`): the harness `c64::drive` replays the
//! fixed endings on the game's searcher, timed by CIA 2 (timers A and B
//! chained: a 32-bit cycle count) and the jiffy clock, then shows its
//! figures on the text screen at `$0400` and leaves VICE through the debug
//! cartridge (docs/c64.md, "The drive harness").
//!
//! It measures the soft stack too: the free part of its region is filled
//! with a pattern before the run, and the lowest byte changed is its
//! depth. The text screen is written only after the run, when the soft
//! stack (whose region holds `$0400`) is done with.
//!
//! Its unsafe code (the crate root allows it): the one reference to
//! `SEARCHER`.

use core::ptr::{addr_of, addr_of_mut};

use c64::charset::{text_of, FILLED};
use c64::glyphs::screen_code;
use c64::screen::cell_offset;
use c64::Screen;

use crate::display::{char_screen, text_mode, Chars};
use crate::finish;
use crate::guard::stack_ok;
use crate::memory::{fill, peek, poke, COLOUR_RAM, JIFFY, SCREEN, TEXT};
use crate::table::SEARCHER;

/// The text screen of the drive harness: screen codes at `$0400`, the ink
/// in colour RAM.
struct Text;

impl Screen for Text {
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
        if col < 40 && row < 25 {
            let cell = cell_offset(col, row);
            poke(TEXT + cell, screen_code(glyph));
            poke(COLOUR_RAM + cell, attr >> 4);
        }
    }
}

/// The jiffy clock, read until the two high bytes are the same before and
/// after the low one (an interrupt may tick it; they change only as the
/// low byte wraps).
fn jiffies() -> u32 {
    loop {
        let (high, middle) = (peek(JIFFY), peek(JIFFY + 1));
        let low = peek(JIFFY + 2);
        if (high, middle) == (peek(JIFFY), peek(JIFFY + 1)) {
            return u32::from_be_bytes([0, high, middle, low]);
        }
    }
}

/// The drive harness, timed by CIA 2 (timers A and B: a 32-bit cycle count) and the jiffies.
pub(crate) fn run() -> ! {
    const CIA2_TIMERS: u16 = 0xDD04; // CIA 2: timers A and B, low byte first
    const CIA2_ICR: u16 = 0xDD0D;
    const CIA2_CRA: u16 = 0xDD0E;
    const CIA2_CRB: u16 = 0xDD0F;
    // SAFETY: runs once, single-threaded: the only reference to the static.
    let searcher = unsafe { &mut *addr_of_mut!(SEARCHER) };
    char_screen(FILLED + 1, 0);
    fill(CIA2_CRA, 2, 0); // both timers stopped
    poke(CIA2_ICR, 0x7F); // no NMIs from them
    fill(CIA2_TIMERS, 4, 0xFF); // latches $FFFF
    poke(CIA2_CRB, 0x51); // B: count A's underflows, load, start
    poke(CIA2_CRA, 0x11); // A: count cycles, load, start
    let (free, top) = soft_stack_area();
    fill(free, top - free, SOFT_STACK_PATTERN);
    let start = jiffies();
    let (report, stack_full) = c64::drive::run(&mut Chars, searcher, stack_ok);
    poke(CIA2_CRA, 0); // stopping A freezes both
    let jiffies = jiffies().wrapping_sub(start) & 0xFF_FFFF;
    let count = [0, 1, 2, 3].map(|i| peek(CIA2_TIMERS + i));
    let lowest = (free..top).find(|&at| peek(at) != SOFT_STACK_PATTERN).unwrap_or(top);
    let timing = c64::drive::Timing {
        cycles: !u32::from_le_bytes(count),
        jiffies,
        soft_stack: top - lowest,
        soft_stack_low: lowest,
        stack_full,
    };
    // The soft stack is done with: the screen goes to text mode at $0400,
    // where tools/vice-drive's monitor command reads it.
    for at in 0..1000 {
        poke(TEXT + at, screen_code(text_of(peek(SCREEN + at))));
    }
    text_mode();
    finish(if c64::drive::show(&mut Text, &report, &timing) { 0 } else { 255 })
}

/// What the drive build fills the free area with before the run: the soft
/// stack's depth is then where the pattern was first overwritten.
const SOFT_STACK_PATTERN: u8 = 0xE5;

/// The soft stack's region (`__soft_stack_floor` up to its top, `__stack`,
/// both from the link script: `$0200-$07FF`), less 64 bytes at the top for
/// what is there before the replay.
fn soft_stack_area() -> (u16, u16) {
    extern "C" {
        static __soft_stack_floor: u8;
        static __stack: u8;
    }
    // Only the symbols' addresses are taken (set by the link script): safe.
    let (floor, top) = (addr_of!(__soft_stack_floor) as usize as u16, addr_of!(__stack) as usize as u16);
    (floor, top - 64)
}
