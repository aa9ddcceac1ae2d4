//! c64chess on a Commodore 64: the hardware glue that maps the `c64`
//! library's `Screen` and `Input` onto the machine (docs/ui.md). With the
//! `drive` feature: the drive harness (`c64::drive`), timed by CIA 2 and the
//! jiffy clock, leaving VICE through its debug cartridge. Memory map, build,
//! run and budget: docs/c64.md.
//!
//! This file, the crate's root, has the entry (`main`), the abort and the
//! panic handler; the rest is in `prg/`, one concern a module:
//!
//! | file | holds |
//! |---|---|
//! | `prg/memory.rs` | the memory map as named addresses; `peek`, `poke`, `fill`, `banked` |
//! | `prg/table.rs` | the table's slots under the I/O area (`UnderIo`) and `SEARCHER` |
//! | `prg/irq.rs` | the KERNAL switched out (`kernal_out`) and its stand-ins, `JIFFY_IRQ` and `RTI` |
//! | `prg/display.rs` | the character screen (`Chars`, `char_screen`) and text mode |
//! | `prg/guard.rs` | the stack guard's canary |
//! | `prg/play.rs` | the game (not with `drive`): the keys, the disk's two halves, the App in `SHARED`, the loop |
//! | `prg/drive.rs` | the drive harness (feature `drive`) |
//!
//! No module imports one that imports it (`tools/structure` checks).
#![no_std]
#![no_main]
// The crate's unsafe code is in the glue alone, as it touches hardware:
// volatile I/O, fixed RAM, one static a build, the linker's symbols, the
// reset. Allowed here for the whole crate; each block says why, and each
// module's doc what it has.
//
// The KERNAL is switched out from the start (`kernal_out`): its RAM holds
// the searcher and the game's screen, its work areas the soft stack, and a
// few bytes of 6502 code (`JIFFY_IRQ`) keep its jiffy clock. No call leaves
// Rust while the program runs, but the reset at the very end (and, in the
// game, the disk's 6502 code; both made here): llvm-mos must treat a
// function that can reach an external or indirect call as reentrant (it
// could call back into `main`), which moves its locals from a static frame
// to the slow soft stack. So the game scans the keyboard matrix itself
// (`c64::keyboard`), and only `main` makes those calls: the game and the
// drive build have the same call graph below `main`.
#![allow(unsafe_code)]

// The modules' files are in `prg/`, named by `#[path]`: a crate root's
// submodules would otherwise sit beside it in `src/bin/`, where cargo takes
// every file for a binary of its own.
#[path = "prg/display.rs"]
mod display;
#[cfg(feature = "drive")]
#[path = "prg/drive.rs"]
mod drive;
#[path = "prg/guard.rs"]
mod guard;
#[path = "prg/irq.rs"]
mod irq;
#[path = "prg/memory.rs"]
mod memory;
#[cfg(not(feature = "drive"))]
#[path = "prg/play.rs"]
mod play;
#[path = "prg/table.rs"]
mod table;

use core::panic::PanicInfo;
use core::ptr::addr_of;
#[cfg(not(feature = "drive"))]
use core::ptr::read_volatile;

use c64::glyphs::screen_code;
use c64::screen::colour;
use engine_core::Searcher;

use display::text_mode;
use guard::plant_canary;
use irq::kernal_out;
use memory::{fill, poke, COLOUR_RAM, DEBUG_CART, DONE_MARK, TEXT, VIC_BORDER};
use table::{UnderIo, SEARCHER};

/// Stop: the status at `DONE_MARK`, then at the debug cartridge.
fn finish(status: u8) -> ! {
    poke(DONE_MARK, status);
    poke(DEBUG_CART, status);
    loop {}
}

/// A failed check (a bounds check, an `unwrap`): text mode, red border, a
/// message, status 254. The C64 builds abort at once on a panic
/// (`panic_immediate_abort`: no panic message, location or `core::fmt` in
/// the program, 1.2 KB of code with rustc 1.87), and the compiler lowers
/// the abort to a call of `abort`, this function, in place of the SDK's
/// (which prints through the KERNAL into the font at `$0400` and hangs).
#[no_mangle]
extern "C" fn abort() -> ! {
    static MESSAGE: [u8; 15] = screen_codes(b"c64chess: panic");
    text_mode();
    fill(TEXT, 1000, b' ');
    poke(VIC_BORDER, colour::RED);
    // By a byte's offset (a 16-bit address stepped is twice the code).
    let mut offset = 0u8;
    while offset < MESSAGE.len() as u8 {
        poke(TEXT + offset as u16, MESSAGE[offset as usize]);
        poke(COLOUR_RAM + offset as u16, colour::YELLOW);
        offset += 1;
    }
    finish(254)
}

/// Text as screen codes, at compile time.
const fn screen_codes<const N: usize>(text: &[u8; N]) -> [u8; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = screen_code(text[i]);
        i += 1;
    }
    out
}

/// Needed by `no_std`; with `panic_immediate_abort` never called.
/// `PanicInfo` stays unread: printing it keeps `core::fmt`, ~3 KB.
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    abort()
}

/// The entry, called by the SDK's start-up code.
#[no_mangle]
extern "C" fn main() -> i16 {
    plant_canary();
    kernal_out();
    // The searcher's RAM is not in the PRG file: zeroed, it is
    // `Searcher::unstarted(UnderIo)`.
    fill(addr_of!(SEARCHER) as usize as u16, core::mem::size_of::<Searcher<UnderIo>>() as u16, 0);
    #[cfg(feature = "drive")]
    drive::run();
    #[cfg(not(feature = "drive"))]
    {
        // The game until the menu's Quit, and a save or load between two
        // of its steps, the KERNAL called from here (an indirect call: no
        // other function may reach one, the note at the top).
        /// Where the disk's 6502 code is (`c64::kernal::DISK_CALL`), read
        /// at its call (below).
        static DISK_ENTRY: &[u8; c64::kernal::DISK_CALL.len()] = &c64::kernal::DISK_CALL;
        let mut step = play::run(true);
        while step != c64::Step::Quit {
            let save = step == c64::Step::Save;
            play::disk_ask(save);
            // SAFETY: `DISK_CALL` is 6502 code that ends in `rts`,
            // position-independent, in the program's RAM (c64::kernal);
            // its parameters were just set. Its address is read from
            // `DISK_ENTRY`, not taken: a call the compiler sees through is
            // a direct call to a data symbol, which the AVR stand-in's
            // linker (its calls go to flash) cannot make.
            let call: extern "C" fn() = unsafe { core::mem::transmute(core::ptr::read_volatile(addr_of!(DISK_ENTRY))) };
            call();
            play::disk_answer(save);
            step = play::run(false);
        }
        play::leave();
        // The menu's Quit. The SDK's exit would spin forever: reset, back to
        // BASIC. Here, not in `run`: an indirect call makes its caller
        // reentrant (the note at the top), and `main` is that anyway.
        // SAFETY: $FFFC holds the KERNAL's reset ($FCE2, little-endian as
        // the CPU's own words): it never returns.
        let reset: extern "C" fn() -> ! = unsafe { read_volatile(0xFFFC as *const extern "C" fn() -> !) };
        reset();
    }
}
