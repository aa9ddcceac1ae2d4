//! c64chess on a Commodore 64: the hardware glue that maps the `c64`
//! library's `Screen` and `Input` onto the machine (docs/ui.md). With the
//! `drive` feature: the drive harness (`c64::drive`), timed by CIA 2 and the
//! jiffy clock, leaving VICE through its debug cartridge. Memory map, build,
//! run and budget: docs/c64.md.
#![no_std]
#![no_main]
// The crate's one file with unsafe code, as the one that touches hardware:
// volatile I/O and fixed RAM, the KERNAL call, the static slots of the game
// and searcher, the jump to the reset. Each block is small and says why.
#![allow(unsafe_code)]

use core::mem::MaybeUninit;
use core::panic::PanicInfo;
use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};

use c64::glyphs::screen_code;
use c64::screen::{colour, ROW_CELLS};
use c64::Screen;
use engine_core::tt::{Entry, Slots, TT_ENTRIES};
use engine_core::Searcher;

// The addresses used, from the C64's memory map (the same offsets as
// mos-hardware's VIC-II and CIA register blocks; docs/c64.md).
/// The jiffy clock, 24 bits, most significant byte first.
const JIFFY: u16 = 0x00A0;
/// RAM the KERNAL leaves alone: the exit status goes here just before the
/// debug cartridge, for tools/vice-drive's monitor checkpoint.
const DONE_MARK: u16 = 0x02A7;
const TEXT: u16 = 0x0400;
/// VIC-II: control (`$D011`: bitmap, display on, 25 rows), memory pointers
/// (`$D018`: matrix and bitmap or character set), border, background.
const VIC_CONTROL: u16 = 0xD011;
const VIC_MEMORY: u16 = 0xD018;
const VIC_BORDER: u16 = 0xD020;
const VIC_BACKGROUND: u16 = 0xD021;
/// VICE's debug cartridge: a write exits with that status (on a real C64,
/// a mirror of an unused SID register).
const DEBUG_CART: u16 = 0xD7FF;
const COLOUR_RAM: u16 = 0xD800;
/// CIA 1's interrupt control: the KERNAL's 60 Hz interrupt (timer A).
const CIA1_ICR: u16 = 0xDC0D;
/// CIA 2 port A: bits 0-1 pick the VIC's 16 KB bank (inverted).
const CIA2_PORT_A: u16 = 0xDD00;
/// The 6510's port: bits 0-2 choose what the CPU sees at `$A000-$FFFF`.
const CPU_PORT: u16 = 0x0001;
/// The transposition table, 512 slots of 8 bytes: the RAM under the I/O
/// area, which the VIC (bank 3 in the game) never reads and nothing else uses.
const TABLE: u16 = 0xD000;
const _: () = assert!(TT_ENTRIES * 8 == 0x1000);
/// The 6502's NMI vector; in RAM (under the KERNAL) it serves only while
/// the table is switched in.
const NMI_VECTOR: u16 = 0xFFFA;

fn peek(addr: u16) -> u8 {
    // SAFETY: only called with the addresses named in this file (I/O, KERNAL
    // zero page and vectors, character ROM, the screen's RAM), never Rust's.
    unsafe { read_volatile(addr as usize as *const u8) }
}

fn poke(addr: u16, value: u8) {
    // SAFETY: as for `peek`: I/O, and screen RAM the link script keeps out.
    unsafe { write_volatile(addr as usize as *mut u8, value) }
}

fn fill(addr: u16, len: u16, value: u8) {
    (0..len).for_each(|offset| poke(addr + offset, value));
}

/// The transposition table's slots at `TABLE`, reached with every ROM and
/// the I/O switched out (CPU port bits 0-1 clear) for the 8 bytes of one
/// slot. Meanwhile CIA 1 may not interrupt (the KERNAL's handler needs its
/// ROM and CIA 1), and an NMI (RESTORE) finds `rti` through the RAM vector.
struct UnderIo;

/// An `rti`: where an NMI goes while the table is switched in.
static RTI: u8 = 0x40;

impl UnderIo {
    /// Aim the RAM NMI vector at `RTI` (a write there reaches the RAM under
    /// the KERNAL ROM), then the table's slots are ready for `Searcher`.
    fn new() -> UnderIo {
        let [low, high] = (addr_of!(RTI) as usize as u16).to_le_bytes();
        poke(NMI_VECTOR, low);
        poke(NMI_VECTOR + 1, high);
        UnderIo
    }

    /// `access` with RAM at `$D000`, then the machine as it was. A timer
    /// interrupt that falls due meanwhile is taken when CIA 1's mask is set
    /// again.
    fn switched_in<T>(access: impl FnOnce(*mut Entry) -> T, index: u16) -> T {
        let slot = (TABLE + (index << 3)) as usize as *mut Entry;
        poke(CIA1_ICR, 0x7F);
        let port = peek(CPU_PORT);
        poke(CPU_PORT, port & !3);
        let value = access(slot);
        poke(CPU_PORT, port);
        poke(CIA1_ICR, 0x81);
        value
    }
}

impl Slots for UnderIo {
    fn load(&self, index: u16) -> Entry {
        // SAFETY: `index` < TT_ENTRIES (the table's contract), so the slot
        // lies in $D000-$DFFF, RAM while switched in; Rust owns none of it.
        Self::switched_in(|slot| unsafe { read_volatile(slot) }, index)
    }

    fn save(&mut self, index: u16, entry: Entry) {
        // SAFETY: as for `load`.
        Self::switched_in(|slot| unsafe { write_volatile(slot, entry) }, index)
    }
}

/// The searcher (about 5.5 KB; its table is at `TABLE`), in `.bss` where
/// the linker counts it.
static mut SEARCHER: MaybeUninit<Searcher<UnderIo>> = MaybeUninit::uninit();

fn searcher() -> &'static mut Searcher<UnderIo> {
    // SAFETY: called once, single-threaded, no interrupt handler of ours:
    // the only reference ever made to the static.
    unsafe { &mut *addr_of_mut!(SEARCHER) }.write(Searcher::with_slots(UnderIo::new()))
}

/// Text mode: screen `$0400` cleared, mixed-case characters, VIC bank 0,
/// black border and background.
fn text_mode() {
    poke(CIA2_PORT_A, peek(CIA2_PORT_A) | 3);
    poke(VIC_CONTROL, 0x1B);
    poke(VIC_MEMORY, 0x17);
    poke(VIC_BORDER, colour::BLACK);
    poke(VIC_BACKGROUND, colour::BLACK);
    fill(TEXT, 1000, b' ');
}

/// The text screen: a glyph's screen code at `$0400`, the ink in colour RAM
/// (the paper is the background colour).
struct Text;

impl Screen for Text {
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
        if col < 40 && row < 25 {
            let cell = ROW_CELLS[row as usize] + col as u16;
            poke(TEXT + cell, screen_code(glyph));
            poke(COLOUR_RAM + cell, attr >> 4);
        }
    }
}

/// The jiffy clock, read until two readings agree (an interrupt may tick it).
fn jiffies() -> u32 {
    loop {
        let first = [peek(JIFFY), peek(JIFFY + 1), peek(JIFFY + 2)];
        if first == [peek(JIFFY), peek(JIFFY + 1), peek(JIFFY + 2)] {
            return u32::from_be_bytes([0, first[0], first[1], first[2]]);
        }
    }
}

/// Stop: the status at `DONE_MARK`, then at the debug cartridge.
fn finish(status: u8) -> ! {
    poke(DONE_MARK, status);
    poke(DEBUG_CART, status);
    loop {}
}

/// A panic: text mode, red border, a message, stop (status 254 in VICE).
/// `PanicInfo` stays unread on purpose: its location and message would keep
/// `core::fmt` and every panic site's file name, about 3 KB (docs/c64.md).
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    text_mode();
    poke(VIC_BORDER, colour::RED);
    for (col, &glyph) in (0..).zip(b"c64chess: panic") {
        Text.put(col, 0, glyph, 0x70);
    }
    finish(254)
}

/// The program's entry, called by the SDK's start-up code.
#[no_mangle]
extern "C" fn main() -> i16 {
    #[cfg(feature = "drive")]
    drive();
    #[cfg(not(feature = "drive"))]
    play::run();
}

/// The drive harness, timed by CIA 2 (timer A counts cycles, timer B its
/// underflows: a 32-bit counter) and by the jiffy clock.
#[cfg(feature = "drive")]
fn drive() -> ! {
    // CIA 2: timers A and B (low byte first), interrupts, controls of A, B.
    const CIA2_TIMERS: u16 = 0xDD04;
    const CIA2_ICR: u16 = 0xDD0D;
    const CIA2_CRA: u16 = 0xDD0E;
    const CIA2_CRB: u16 = 0xDD0F;
    let searcher = searcher();
    text_mode();
    poke(CIA2_CRA, 0); // both timers stopped
    poke(CIA2_CRB, 0);
    poke(CIA2_ICR, 0x7F); // no NMIs from them
    fill(CIA2_TIMERS, 4, 0xFF); // latches $FFFF
    poke(CIA2_CRB, 0x51); // B: count A's underflows, load, start
    poke(CIA2_CRA, 0x11); // A: count cycles, load, start
    let start = jiffies();
    let report = c64::drive::run(&mut Text, searcher);
    poke(CIA2_CRA, 0); // stopping A freezes both
    let jiffies = jiffies().wrapping_sub(start) & 0xFF_FFFF;
    let count = [0, 1, 2, 3].map(|i| peek(CIA2_TIMERS + i));
    let timing = c64::drive::Timing { cycles: !u32::from_le_bytes(count), jiffies };
    finish(if c64::drive::show(&mut Text, &report, &timing) { 0 } else { 255 })
}

/// The game: the bitmap screen, the keys, the loop over `App::step`.
#[cfg(not(feature = "drive"))]
mod play {
    use super::*;
    use c64::glyphs::{CUSTOM_FIRST, CUSTOM_FONT};
    use c64::screen::ROW_BITMAP;
    use c64::{App, Input, Joystick, Key, Mode, Step};
    use engine_core::Game;

    /// Text glyphs 32..=126, 8 bytes each, copied from the character ROM's
    /// mixed-case set to the text screen's RAM, unused in bitmap mode.
    const FONT: u16 = 0x0400;
    const MATRIX: u16 = 0xCC00;
    const VIC_CONTROL_X: u16 = 0xD016;
    const CHAR_ROM: u16 = 0xD800;
    /// CIA 1 port A: keyboard columns out, joystick 2 in.
    const CIA1_PORT_A: u16 = 0xDC00;
    const BITMAP: u16 = 0xE000;

    extern "C" {
        /// KERNAL GETIN through the SDK: the next key (PETSCII), 0 if none.
        /// Explicit widths: `c_int` is 32 bits in some rust-mos images.
        fn cbm_k_getin() -> u8;
    }

    /// The user interface and its game (about 3 KB), in `.bss`.
    static mut APP: MaybeUninit<App> = MaybeUninit::uninit();

    /// The hi-res bitmap: a cell's 8 pixel rows at `$E000`, its colours
    /// (`attr` as it is: `ink << 4 | paper`) in the matrix at `$CC00`.
    struct Bitmap;

    impl Screen for Bitmap {
        #[inline(never)]
        fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
            if col >= 40 || row >= 25 {
                return;
            }
            poke(MATRIX + ROW_CELLS[row as usize] + col as u16, attr);
            let at = BITMAP + ROW_BITMAP[row as usize] + ((col as u16) << 3);
            if let 32..=126 = glyph {
                let from = FONT + ((glyph as u16 - 32) << 3);
                (0..8).for_each(|offset| poke(at + offset, peek(from + offset)));
            } else {
                // The crate's own glyphs; anything else is blank.
                let pixels = CUSTOM_FONT.get(glyph.wrapping_sub(CUSTOM_FIRST) as usize);
                for (offset, &byte) in (0..8).zip(pixels.unwrap_or(&[0; 8])) {
                    poke(at + offset, byte);
                }
            }
        }
    }

    /// The font, a blank screen, then the bitmap display (docs/ui.md).
    fn start() {
        poke(VIC_CONTROL, 0x0B); // display off while it is set up
        // The character ROM hides the I/O area while the font is copied, so
        // no CIA 1 interrupt (the KERNAL's handler reads CIA 1) until then.
        poke(CIA1_ICR, 0x7F);
        let _ = peek(CIA1_ICR); // acknowledge one already pending
        poke(CPU_PORT, peek(CPU_PORT) & !4);
        for glyph in 32..=126 {
            let from = CHAR_ROM + ((screen_code(glyph) as u16) << 3);
            let to = FONT + ((glyph as u16 - 32) << 3);
            (0..8).for_each(|offset| poke(to + offset, peek(from + offset)));
        }
        poke(CPU_PORT, peek(CPU_PORT) | 4);
        poke(CIA1_ICR, 0x81); // timer A's interrupt back on
        fill(BITMAP, 8000, 0);
        fill(MATRIX, 1000, 0);
        poke(CIA2_PORT_A, peek(CIA2_PORT_A) & !3); // bank 3: $C000-$FFFF
        poke(VIC_BORDER, colour::BLACK);
        poke(VIC_BACKGROUND, colour::BLACK);
        poke(VIC_MEMORY, 0x38); // matrix $CC00, bitmap $E000
        poke(VIC_CONTROL_X, 0xC8); // 40 columns, no multicolour
        poke(VIC_CONTROL, 0x3B); // hi-res bitmap, display on, 25 rows
    }

    /// The keyboard (KERNAL GETIN) and joystick port 2 (CIA 1 port A).
    struct Keys {
        joystick: Joystick,
        /// The promotion chooser is open: only there may `Q` through (a
        /// queen); elsewhere it would quit. The menu's Quit is the way out.
        chooser: bool,
    }

    impl Input for Keys {
        fn poll(&mut self) -> Option<Key> {
            // SAFETY: the SDK's GETIN wrapper takes no arguments; the
            // KERNAL's interrupt keeps the keyboard buffer filled.
            let code = unsafe { cbm_k_getin() };
            match Key::from_petscii(code) {
                Some(Key::Char(b'q')) if !self.chooser => Some(Key::Other(b'q')),
                Some(key) => Some(key),
                None => self.joystick.sample(peek(CIA1_PORT_A)),
            }
        }

        /// The jiffy clock's low byte, never 0 (0 is the deterministic game).
        fn seed(&mut self) -> u8 {
            jiffies() as u8 | 1
        }
    }

    pub(super) fn run() -> ! {
        let searcher = searcher();
        // SAFETY: runs once, single-threaded, no interrupt handler of ours:
        // the only reference ever made to the static.
        let app = unsafe { &mut *addr_of_mut!(APP) }.write(App::new(Game::new()));
        start();
        let mut keys = Keys { joystick: Joystick::new(), chooser: false };
        loop {
            keys.chooser = app.mode() == Mode::Promotion;
            if app.step(&mut Bitmap, &mut keys, searcher) == Step::Quit {
                // The SDK's exit would loop forever on a C64: reset instead,
                // which gives BASIC its screen back.
                let vector = u16::from_le_bytes([peek(0xFFFC), peek(0xFFFD)]);
                // SAFETY: $FFFC holds the KERNAL's reset entry ($FCE2), which
                // takes the machine over and never returns.
                let reset: extern "C" fn() -> ! = unsafe { core::mem::transmute(vector as usize) };
                reset();
            }
        }
    }
}
