//! c64chess on a Commodore 64: the hardware glue that maps the `c64`
//! library's `Screen` and `Input` onto the machine (docs/ui.md). With the
//! `drive` feature: the drive harness (`c64::drive`), timed by CIA 2 and the
//! jiffy clock, leaving VICE through its debug cartridge. Memory map, build,
//! run and budget: docs/c64.md.
#![no_std]
#![no_main]
// The crate's one file with unsafe code, as it touches hardware: volatile I/O,
// fixed RAM, the KERNAL, two statics, the reset. Each block says why.
#![allow(unsafe_code)]

use core::mem::MaybeUninit;
use core::panic::PanicInfo;
use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};

use c64::glyphs::screen_code;
use c64::screen::{colour, ROW_CELLS};
use c64::Screen;
use engine_core::tt::{Entry, Slots};
use engine_core::Searcher;

// The C64's memory map (mos-hardware's VIC-II and CIA offsets; docs/c64.md).
/// The jiffy clock, 24 bits, most significant byte first.
const JIFFY: u16 = 0x00A0;
/// Free RAM: the exit status, for tools/vice-drive's monitor checkpoint.
const DONE_MARK: u16 = 0x02A7;
const TEXT: u16 = 0x0400;
/// VIC-II: control (`$D011`), memory pointers (`$D018`), border, background.
const VIC_CONTROL: u16 = 0xD011;
const VIC_MEMORY: u16 = 0xD018;
const VIC_BORDER: u16 = 0xD020;
const VIC_BACKGROUND: u16 = 0xD021;
/// VICE's debug cartridge: a write exits (a real C64: an unused SID mirror).
const DEBUG_CART: u16 = 0xD7FF;
const COLOUR_RAM: u16 = 0xD800;
const CIA1_ICR: u16 = 0xDC0D; // CIA 1's interrupt control: the KERNAL's 60 Hz
/// CIA 2 port A: bits 0-1 pick the VIC's 16 KB bank (inverted).
const CIA2_PORT_A: u16 = 0xDD00;
const CPU_PORT: u16 = 0x0001; // bits 0-2: what the CPU sees at $A000-$FFFF
/// The transposition table (512 × 8 bytes) in the RAM under the I/O area.
const TABLE: u16 = 0xD000;
const NMI_VECTOR: u16 = 0xFFFA;

fn peek(addr: u16) -> u8 {
    // SAFETY: only the addresses named in this file (I/O, ROM, screen RAM), never Rust's.
    unsafe { read_volatile(addr as usize as *const u8) }
}

fn poke(addr: u16, value: u8) {
    // SAFETY: as for `peek`.
    unsafe { write_volatile(addr as usize as *mut u8, value) }
}

fn fill(addr: u16, len: u16, value: u8) {
    (0..len).for_each(|offset| poke(addr + offset, value));
}

/// Run `f` with the CPU port ANDed with `keep`. CIA 1 is masked meanwhile (the
/// KERNAL's handler needs its ROM and I/O; rust-mos has no `asm!` for `SEI`):
/// an interrupt falling due is taken when the mask is set again.
fn banked<T>(keep: u8, f: impl FnOnce() -> T) -> T {
    poke(CIA1_ICR, 0x7F);
    let port = peek(CPU_PORT);
    poke(CPU_PORT, port & keep);
    let value = f();
    poke(CPU_PORT, port);
    poke(CIA1_ICR, 0x81);
    value
}

/// The table's slots at `TABLE`, reached with all RAM switched in (bits 0-1 clear).
struct UnderIo;
/// An `rti` for an NMI (RESTORE) while all RAM is in: `searcher` aims the vector here.
static RTI: u8 = 0x40;
fn slot(index: u16) -> *mut Entry {
    (TABLE + (index << 3)) as usize as *mut Entry
}

impl Slots for UnderIo {
    fn load(&self, index: u16) -> Entry {
        // SAFETY: `index` < TT_ENTRIES: $D000-$DFFF, RAM while switched in, not Rust's.
        banked(!3, || unsafe { read_volatile(slot(index)) })
    }

    fn save(&mut self, index: u16, entry: Entry) {
        // SAFETY: as for `load`.
        banked(!3, || unsafe { write_volatile(slot(index), entry) })
    }
}

/// The searcher (about 5 KB; its table is at `TABLE`), in `.bss`.
static mut SEARCHER: MaybeUninit<Searcher<UnderIo>> = MaybeUninit::uninit();

fn searcher() -> &'static mut Searcher<UnderIo> {
    let [low, high] = (addr_of!(RTI) as usize as u16).to_le_bytes();
    poke(NMI_VECTOR, low); // a write here reaches the RAM under the KERNAL
    poke(NMI_VECTOR + 1, high);
    // SAFETY: called once, single-threaded: the only reference to the static.
    unsafe { &mut *addr_of_mut!(SEARCHER) }.write(Searcher::with_slots(UnderIo))
}

/// Text mode: screen `$0400` cleared, mixed case, VIC bank 0, black all round.
fn text_mode() {
    poke(CIA2_PORT_A, peek(CIA2_PORT_A) | 3);
    poke(VIC_CONTROL, 0x1B);
    poke(VIC_MEMORY, 0x17);
    poke(VIC_BORDER, colour::BLACK);
    poke(VIC_BACKGROUND, colour::BLACK);
    fill(TEXT, 1000, b' ');
}

/// The text screen: screen codes at `$0400`, the ink in colour RAM.
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

/// A panic: text mode, red border, a message, status 254. `PanicInfo` stays
/// unread: printing it keeps `core::fmt` and every file name, ~3 KB.
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    text_mode();
    poke(VIC_BORDER, colour::RED);
    for (col, &glyph) in (0..).zip(b"c64chess: panic") {
        Text.put(col, 0, glyph, 0x70);
    }
    finish(254)
}

/// The entry, called by the SDK's start-up code.
#[no_mangle]
extern "C" fn main() -> i16 {
    #[cfg(feature = "drive")]
    drive();
    #[cfg(not(feature = "drive"))]
    play::run();
}

/// The drive harness, timed by CIA 2 (timers A and B: a 32-bit cycle count) and the jiffies.
#[cfg(feature = "drive")]
fn drive() -> ! {
    const CIA2_TIMERS: u16 = 0xDD04; // CIA 2: timers A and B, low byte first
    const CIA2_ICR: u16 = 0xDD0D;
    const CIA2_CRA: u16 = 0xDD0E;
    const CIA2_CRB: u16 = 0xDD0F;
    let searcher = searcher();
    text_mode();
    fill(CIA2_CRA, 2, 0); // both timers stopped
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

    /// Glyphs 32..=126 from the character ROM, in the text screen's idle RAM.
    const FONT: u16 = 0x0400;
    const MATRIX: u16 = 0xCC00;
    const VIC_CONTROL_X: u16 = 0xD016;
    const CHAR_ROM: u16 = 0xD800;
    /// CIA 1 port A: keyboard columns out, joystick 2 in.
    const CIA1_PORT_A: u16 = 0xDC00;
    const BITMAP: u16 = 0xE000;

    extern "C" {
        /// KERNAL GETIN: the next key (PETSCII), 0 if none. `u8`, not `c_int`.
        fn cbm_k_getin() -> u8;
    }

    /// The user interface and its game (3.7 KB), all zero until `run`
    /// starts it in place: in `.bss`, and never a temporary.
    static mut APP: App = App::unstarted();

    /// The hi-res bitmap at `$E000`; `attr` (`ink << 4 | paper`) in the matrix.
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
        banked(!4, || {
            // Port bit 2 clear: the character ROM in place of the I/O area.
            for glyph in 32..=126 {
                let from = CHAR_ROM + ((screen_code(glyph) as u16) << 3);
                let to = FONT + ((glyph as u16 - 32) << 3);
                (0..8).for_each(|offset| poke(to + offset, peek(from + offset)));
            }
        });
        fill(BITMAP, 8000, 0);
        fill(MATRIX, 1000, 0);
        poke(CIA2_PORT_A, peek(CIA2_PORT_A) & !3); // bank 3: $C000-$FFFF
        poke(VIC_BORDER, colour::BLACK);
        poke(VIC_BACKGROUND, colour::BLACK);
        poke(VIC_MEMORY, 0x38); // matrix $CC00, bitmap $E000
        poke(VIC_CONTROL_X, 0xC8); // 40 columns, no multicolour
        poke(VIC_CONTROL, 0x3B); // hi-res bitmap, display on, 25 rows
    }

    /// The keyboard (KERNAL GETIN) and joystick port 2.
    struct Keys {
        joystick: Joystick,
        /// The promotion chooser is open: only there does `Q` pass (a queen).
        chooser: bool,
    }

    impl Input for Keys {
        fn poll(&mut self) -> Option<Key> {
            // SAFETY: the SDK's GETIN wrapper takes no arguments.
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
        // SAFETY: runs once, single-threaded: the only reference to the static.
        let app = unsafe { &mut *addr_of_mut!(APP) };
        app.reset();
        start();
        let mut keys = Keys { joystick: Joystick::new(), chooser: false };
        loop {
            keys.chooser = app.mode() == Mode::Promotion;
            if app.step(&mut Bitmap, &mut keys, searcher) == Step::Quit {
                // The SDK's exit would spin forever: reset, back to BASIC.
                let vector = u16::from_le_bytes([peek(0xFFFC), peek(0xFFFD)]);
                // SAFETY: $FFFC holds the KERNAL's reset ($FCE2): it never returns.
                let reset: extern "C" fn() -> ! = unsafe { core::mem::transmute(vector as usize) };
                reset();
            }
        }
    }
}
