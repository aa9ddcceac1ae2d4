//! c64chess on a Commodore 64: the hardware glue that maps the `c64`
//! library's `Screen` and `Input` onto the machine (docs/ui.md). With the
//! `drive` feature: the drive harness (`c64::drive`), timed by CIA 2 and the
//! jiffy clock, leaving VICE through its debug cartridge. Memory map, build,
//! run and budget: docs/c64.md.
#![no_std]
#![no_main]
// The crate's one file with unsafe code, as it touches hardware: volatile I/O,
// fixed RAM, two statics, the linker's symbols, the reset. Each block says why.
//
// No call leaves Rust while the program runs, but the reset at the very end:
// llvm-mos must treat a function that can reach an external or indirect call
// as reentrant (it could call back into `main`), which moves its locals from
// a static frame to the slow soft stack. So the keys come from the KERNAL's
// buffer in RAM, not from GETIN, and only `main` makes the reset's jump: the
// game and the drive build have the same call graph below `main`.
#![allow(unsafe_code)]

use core::panic::PanicInfo;
use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};

use c64::glyphs::screen_code;
use c64::screen::{colour, ROW_CELLS};
use c64::Screen;
use engine_core::tt::{Entry, Slots};
#[cfg(feature = "drive")]
use engine_core::Searcher;

// The C64's memory map (mos-hardware's VIC-II and CIA offsets; docs/c64.md).
/// The jiffy clock, 24 bits, most significant byte first.
const JIFFY: u16 = 0x00A0;
/// The 6502's stack, page 1: it grows down from `$01FF`.
const HARD_STACK: u16 = 0x0100;
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
/// The CPU's NMI vector, then its IRQ/BRK vector (`$FFFE`): with the KERNAL
/// switched out they are read from the RAM beneath it.
const NMI_VECTOR: u16 = 0xFFFA;
const IRQ_VECTOR: u16 = 0xFFFE;
/// The KERNAL's SHIFT + C= switch (`MODE`): `$80` locks the character set.
const CHARSET_LOCK: u16 = 0x0291;

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

/// Run `f` with CIA 1's interrupt masked: the KERNAL's 60 Hz handler (clock,
/// keyboard scan) does not run meanwhile. rust-mos has no `asm!` for `SEI`;
/// an interrupt falling due is taken when the mask is set again.
fn masked<T>(f: impl FnOnce() -> T) -> T {
    poke(CIA1_ICR, 0x7F);
    let value = f();
    poke(CIA1_ICR, 0x81);
    value
}

/// Run `f` with the CPU port ANDed with `keep`, CIA 1 masked (the KERNAL's
/// handler needs its ROM and I/O).
fn banked<T>(keep: u8, f: impl FnOnce() -> T) -> T {
    masked(|| {
        let port = peek(CPU_PORT);
        poke(CPU_PORT, port & keep);
        let value = f();
        poke(CPU_PORT, port);
        value
    })
}

/// The table's slots at `TABLE`, reached with all RAM switched in (bits 0-1 clear).
struct UnderIo;
/// An `rti` for an NMI (RESTORE) or an IRQ while all RAM is in: `searcher`
/// aims both RAM vectors here.
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

/// Aim the RAM's NMI and IRQ vectors at `RTI`: they are read only while
/// the table's window has the KERNAL switched out.
fn aim_vectors() {
    let [low, high] = (addr_of!(RTI) as usize as u16).to_le_bytes();
    for vector in [NMI_VECTOR, IRQ_VECTOR] {
        poke(vector, low); // a write here reaches the RAM under the KERNAL
        poke(vector + 1, high);
    }
}

/// Text mode: screen `$0400` cleared, mixed case, VIC bank 0, black all round.
fn text_mode() {
    poke(CIA2_PORT_A, peek(CIA2_PORT_A) | 3);
    poke(VIC_CONTROL, 0x1B);
    poke(VIC_MEMORY, 0x17);
    poke(VIC_BORDER, colour::BLACK);
    poke(VIC_BACKGROUND, colour::BLACK);
    poke(CHARSET_LOCK, 0x80);
    fill(TEXT, 1000, b' ');
}

/// The stack guard's canary: the lowest `CANARY_ZONE` bytes of page 1 are
/// what the 6502's stack has left when the search reaches them. The search
/// is proved to need at most 250 bytes (docs/c64.md, "The stacks"); the
/// guard is for what that model could miss. One node of search adds at
/// most one call of the recursion and `quiesce_first` (a 2-byte return
/// address and up to 4 saved registers each), the deepest leaf path below
/// it and the KERNAL's interrupt: 58 bytes, checked by `tools/c64-check
/// --size` against the zone, so a guard asked at every node stops the
/// search before the stack can wrap.
const CANARY_ZONE: u16 = 96;
/// The canary: four bytes of this value at the top of the zone, the first
/// the stack reaches.
const CANARY: u8 = 0xA5;
const CANARY_AT: u16 = HARD_STACK + CANARY_ZONE - 4;

/// Lay the canary. Only where the stack is shallow (between searches), or
/// it could overwrite live stack.
fn plant_canary() {
    fill(CANARY_AT, 4, CANARY);
}

/// False once the stack has reached the canary since it was laid.
fn stack_ok() -> bool {
    (0..4).all(|i| peek(CANARY_AT + i) == CANARY)
}

/// The text screen of the drive harness: screen codes at `$0400`, the ink
/// in colour RAM.
#[cfg(feature = "drive")]
struct Text;

#[cfg(feature = "drive")]
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

/// A failed check (a bounds check, an `unwrap`): text mode, red border, a
/// message, status 254. The C64 builds abort at once on a panic
/// (`panic_immediate_abort`: no panic message, location or `core::fmt` in
/// the program, 1.2 KB of code with rustc 1.87), and the compiler lowers
/// the abort to a call of `abort`, this function, in place of the SDK's
/// (which prints through the KERNAL into the font at `$0400` and hangs).
#[no_mangle]
extern "C" fn abort() -> ! {
    const MESSAGE: [u8; 15] = screen_codes(b"c64chess: panic");
    text_mode();
    poke(VIC_BORDER, colour::RED);
    for (at, code) in (TEXT..).zip(MESSAGE) {
        poke(at, code);
        poke(at - TEXT + COLOUR_RAM, colour::YELLOW);
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
    #[cfg(feature = "drive")]
    drive();
    #[cfg(not(feature = "drive"))]
    {
        play::run();
        // The menu's Quit. The SDK's exit would spin forever: reset, back to
        // BASIC. Here, not in `run`: an indirect call makes its caller
        // reentrant (the note at the top), and `main` is that anyway.
        let vector = u16::from_le_bytes([peek(0xFFFC), peek(0xFFFD)]);
        // SAFETY: $FFFC holds the KERNAL's reset ($FCE2): it never returns.
        let reset: extern "C" fn() -> ! = unsafe { core::mem::transmute(vector as usize) };
        reset();
    }
}

/// The drive harness, timed by CIA 2 (timers A and B: a 32-bit cycle count) and the jiffies.
#[cfg(feature = "drive")]
fn drive() -> ! {
    const CIA2_TIMERS: u16 = 0xDD04; // CIA 2: timers A and B, low byte first
    const CIA2_ICR: u16 = 0xDD0D;
    const CIA2_CRA: u16 = 0xDD0E;
    const CIA2_CRB: u16 = 0xDD0F;
    /// The searcher (about 5 KB; its table is at `TABLE`): all zero, in
    /// `.bss`; the replay starts each game with `new_game`.
    static mut SEARCHER: Searcher<UnderIo> = Searcher::unstarted(UnderIo);
    aim_vectors();
    // SAFETY: runs once, single-threaded: the only reference to the static.
    let searcher = unsafe { &mut *addr_of_mut!(SEARCHER) };
    text_mode();
    fill(CIA2_CRA, 2, 0); // both timers stopped
    poke(CIA2_ICR, 0x7F); // no NMIs from them
    fill(CIA2_TIMERS, 4, 0xFF); // latches $FFFF
    poke(CIA2_CRB, 0x51); // B: count A's underflows, load, start
    poke(CIA2_CRA, 0x11); // A: count cycles, load, start
    let (free, top) = soft_stack_area();
    fill(free, top - free, SOFT_STACK_PATTERN);
    let start = jiffies();
    let (report, stack_full) = c64::drive::run(&mut Text, searcher, stack_ok);
    poke(CIA2_CRA, 0); // stopping A freezes both
    let jiffies = jiffies().wrapping_sub(start) & 0xFF_FFFF;
    let count = [0, 1, 2, 3].map(|i| peek(CIA2_TIMERS + i));
    let lowest = (free..top).find(|&at| peek(at) != SOFT_STACK_PATTERN).unwrap_or(top);
    let timing =
        c64::drive::Timing { cycles: !u32::from_le_bytes(count), jiffies, soft_stack: top - lowest, soft_stack_low: lowest, stack_full };
    finish(if c64::drive::show(&mut Text, &report, &timing) { 0 } else { 255 })
}

/// What the drive build fills the free area with before the run: the soft
/// stack's depth is then where the pattern was first overwritten.
#[cfg(feature = "drive")]
const SOFT_STACK_PATTERN: u8 = 0xE5;

/// The free area between the last static (`__heap_start`) and the soft
/// stack's top (`__stack`), less 64 bytes for what `main` and `drive` keep
/// there: the soft stack grows down into it.
#[cfg(feature = "drive")]
fn soft_stack_area() -> (u16, u16) {
    extern "C" {
        static __heap_start: u8;
        static __stack: u8;
    }
    // Only the symbols' addresses are taken (set by the link script): safe.
    let (free, top) = (addr_of!(__heap_start) as usize as u16, addr_of!(__stack) as usize as u16);
    (free, top - 64)
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

    /// The KERNAL's keyboard buffer: its length, and its ten PETSCII codes.
    const KEY_COUNT: u16 = 0x00C6;
    const KEY_BUFFER: u16 = 0x0277;
    const KEY_BUFFER_LEN: u8 = 10;

    /// The next key (PETSCII) from the KERNAL's keyboard buffer, 0 if none:
    /// what GETIN does for the keyboard (the first code out, the rest moved
    /// down), in Rust, with the interrupt that fills the buffer masked.
    fn next_key() -> u8 {
        masked(|| {
            let count = peek(KEY_COUNT).min(KEY_BUFFER_LEN);
            if count == 0 {
                return 0;
            }
            let key = peek(KEY_BUFFER);
            for i in 1..count as u16 {
                poke(KEY_BUFFER + i - 1, peek(KEY_BUFFER + i));
            }
            poke(KEY_COUNT, count - 1);
            key
        })
    }

    /// The user interface, its game and the game's searcher (about 8.8 KB;
    /// the table is at `TABLE`), all zero until `run` starts it in place:
    /// in `.bss`, and never a temporary.
    static mut APP: App<UnderIo> = App::unstarted(UnderIo);

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
        poke(CHARSET_LOCK, 0x80);
        poke(VIC_MEMORY, 0x38); // matrix $CC00, bitmap $E000
        poke(VIC_CONTROL_X, 0xC8); // 40 columns, no multicolour
        poke(VIC_CONTROL, 0x3B); // hi-res bitmap, display on, 25 rows
    }

    /// The keyboard (the KERNAL's buffer), joystick port 2, the stack guard.
    struct Keys {
        joystick: Joystick,
        /// The promotion chooser is open: only there does `Q` pass (a queen).
        chooser: bool,
    }

    impl Input for Keys {
        fn poll(&mut self) -> Option<Key> {
            match Key::from_petscii(next_key()) {
                Some(Key::Char(b'q')) if !self.chooser => Some(Key::Other(b'q')),
                Some(key) => Some(key),
                None => self.joystick.sample(peek(CIA1_PORT_A)),
            }
        }

        /// The jiffy clock's low byte, never 0 (0 is the deterministic game).
        fn seed(&mut self) -> u8 {
            jiffies() as u8 | 1
        }

        fn stack_ok(&mut self) -> bool {
            stack_ok()
        }
    }

    /// The game, until the menu's Quit.
    pub(super) fn run() {
        aim_vectors();
        // SAFETY: runs once, single-threaded: the only reference to the static.
        let app = unsafe { &mut *addr_of_mut!(APP) };
        app.reset();
        start();
        let mut keys = Keys { joystick: Joystick::new(), chooser: false };
        loop {
            keys.chooser = app.mode() == Mode::Promotion;
            // The stack is shallow here: a guard that stopped the last
            // search is laid again for the next.
            plant_canary();
            if app.step(&mut Bitmap, &mut keys) == Step::Quit {
                return;
            }
        }
    }
}
