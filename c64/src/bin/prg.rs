//! c64chess on a Commodore 64: the hardware glue that maps the `c64`
//! library's `Screen` and `Input` onto the machine (docs/ui.md). With the
//! `drive` feature: the drive harness (`c64::drive`), timed by CIA 2 and the
//! jiffy clock, leaving VICE through its debug cartridge. Memory map, build,
//! run and budget: docs/c64.md.
#![no_std]
#![no_main]
// The crate's one file with unsafe code, as it touches hardware: volatile I/O,
// fixed RAM, one static a build, the linker's symbols, the reset. Each block
// says why.
//
// The KERNAL is switched out from the start (`kernal_out`): its RAM holds
// the searcher and the game's screen, its work areas the soft stack, and a
// few bytes of 6502 code here keep its jiffy clock. No call leaves Rust while the program runs, but the
// reset at the very end: llvm-mos must treat a function that can reach an
// external or indirect call as reentrant (it could call back into `main`),
// which moves its locals from a static frame to the slow soft stack. So the
// game scans the keyboard matrix itself (`c64::keyboard`), and only `main`
// makes the reset's jump: the game and the drive build have the same call
// graph below `main`.
#![allow(unsafe_code)]

use core::mem::size_of;
use core::panic::PanicInfo;
use core::ptr::{addr_of, addr_of_mut, read_volatile, write_volatile};

#[cfg(feature = "drive")]
use c64::charset::text_of;
use c64::charset::{cell, source, Source, FILLED};
use c64::glyphs::screen_code;
use c64::screen::{cell_offset, colour};
use c64::Screen;
use engine_core::tt::{Entry, Slots, TT_ENTRIES};
use engine_core::Searcher;

// The C64's memory map (mos-hardware's VIC-II and CIA offsets; docs/c64.md).
/// The jiffy clock, 24 bits, most significant byte first: where the KERNAL
/// keeps it, counted by `JIFFY_IRQ` once the KERNAL is switched out.
const JIFFY: u16 = 0x00A0;
/// The 6502's stack, page 1: it grows down from `$01FF`.
const HARD_STACK: u16 = 0x0100;
/// The exit status, for tools/vice-drive's monitor checkpoint: a zero-page
/// byte neither the SDK (`$02-$8F`) nor the jiffy clock uses, outside the
/// soft stack's region, so no store but the last one fires the checkpoint.
const DONE_MARK: u16 = 0x00FB;
const TEXT: u16 = 0x0400;
/// VIC-II: control (`$D011`), memory pointers (`$D018`), border, background.
const VIC_CONTROL: u16 = 0xD011;
const VIC_MEMORY: u16 = 0xD018;
const VIC_BORDER: u16 = 0xD020;
const VIC_BACKGROUND: u16 = 0xD021;
/// VICE's debug cartridge: a write exits (a real C64: an unused SID mirror).
const DEBUG_CART: u16 = 0xD7FF;
const COLOUR_RAM: u16 = 0xD800;
const CIA1_ICR: u16 = 0xDC0D; // CIA 1's interrupt control: the 60 Hz timer
/// CIA 2 port A: bits 0-1 pick the VIC's 16 KB bank (inverted).
const CIA2_PORT_A: u16 = 0xDD00;
const CPU_PORT: u16 = 0x0001; // bits 0-2: what the CPU sees at $A000-$FFFF
/// The transposition table (512 × 8 bytes) in the RAM under the I/O area.
const TABLE: u16 = 0xD000;
/// The CPU's NMI vector, then its IRQ/BRK vector (`$FFFE`): with the KERNAL
/// switched out they are read from the RAM beneath it.
const NMI_VECTOR: u16 = 0xFFFA;
const IRQ_VECTOR: u16 = 0xFFFE;

fn peek(addr: u16) -> u8 {
    // SAFETY: only the addresses named in this file (I/O, ROM, screen RAM),
    // and Rust's only to read: the men's cells in `SHARED` at start-up.
    unsafe { read_volatile(addr as usize as *const u8) }
}

fn poke(addr: u16, value: u8) {
    // SAFETY: as for `peek`.
    unsafe { write_volatile(addr as usize as *mut u8, value) }
}

fn fill(addr: u16, len: u16, value: u8) {
    // The address itself stepped to the end: no offset added at each byte.
    let (mut at, end) = (addr, addr + len);
    while at != end {
        poke(at, value);
        at += 1;
    }
}

/// Run `f` with the CPU port ANDed with `keep`. The 60 Hz handler
/// (`JIFFY_IRQ`) may come meanwhile: it switches the I/O area in itself.
fn banked<T>(keep: u8, f: impl FnOnce() -> T) -> T {
    let port = peek(CPU_PORT);
    poke(CPU_PORT, port & keep);
    let value = f();
    poke(CPU_PORT, port);
    value
}

/// The table's slots at `TABLE`, reached with all RAM switched in (bits 0-1 clear).
struct UnderIo;
/// An `rti`, for an NMI (RESTORE): the RAM's NMI vector points here.
static RTI: u8 = 0x40;
/// The 60 Hz interrupt (CIA 1's timer A, as the KERNAL set it up) once the
/// KERNAL is switched out: 6502 code that switches the I/O area in (it may
/// come while the table's RAM or the character ROM is switched in:
/// `banked`), counts the jiffy clock at `$A0-$A2` as the KERNAL did,
/// acknowledges CIA 1 and puts the CPU port back; A is saved, X and Y are
/// not touched. The RAM's IRQ vector points here. 5 bytes of the 6502's
/// stack (the CPU's 3, A and the port).
static JIFFY_IRQ: [u8; 28] = [
    0x48, // pha
    0xA5, 0x01, // lda $01
    0x48, // pha
    0x29, 0xF8, // and #$f8
    0x09, 0x05, // ora #$05: I/O in, RAM at $A000 and $E000
    0x85, 0x01, // sta $01
    0xE6, 0xA2, // inc $a2
    0xD0, 0x06, // bne done
    0xE6, 0xA1, // inc $a1
    0xD0, 0x02, // bne done
    0xE6, 0xA0, // inc $a0
    0xAD, 0x0D, 0xDC, // done: lda $dc0d
    0x68, // pla
    0x85, 0x01, // sta $01
    0x68, // pla
    0x40, // rti
];
fn slot(index: u16) -> *mut Entry {
    (TABLE + (index << 3)) as usize as *mut Entry
}

impl Slots for UnderIo {
    fn load(&self, index: u16) -> Entry {
        // SAFETY: `index` < TT_ENTRIES: $D000-$DFFF, RAM while switched in, not Rust's.
        banked(!3, || unsafe { read_volatile(slot(index)) })
    }

    /// The entry's bytes stored one by one, written out: a volatile store
    /// of the whole `Entry` assembles it in registers first (−160 bytes of
    /// AVR code, no stack frame), and a loop would copy it to the stack.
    fn save(&mut self, index: u16, entry: Entry) {
        let from = &entry as *const Entry as *const u8;
        let at = slot(index) as *mut u8;
        // SAFETY: as for `load`; `from` is the entry's 8 bytes (an `Entry`
        // is 8 bytes of fields, no padding: tt.rs checks its size).
        banked(!3, || unsafe {
            write_volatile(at, *from);
            write_volatile(at.add(1), *from.add(1));
            write_volatile(at.add(2), *from.add(2));
            write_volatile(at.add(3), *from.add(3));
            write_volatile(at.add(4), *from.add(4));
            write_volatile(at.add(5), *from.add(5));
            write_volatile(at.add(6), *from.add(6));
            write_volatile(at.add(7), *from.add(7));
        })
    }

    /// Every slot `Entry::EMPTY`, whose bytes are all zero (checked below):
    /// the table's 4 KB zeroed in one bank switch.
    fn clear(&mut self) {
        banked(!3, || fill(TABLE, (TT_ENTRIES * size_of::<Entry>()) as u16, 0));
    }
}

/// `UnderIo::clear` writes zeros: an empty slot is eight zero bytes.
const _: () = {
    // SAFETY: compile-time only; an `Entry` is 8 bytes without padding.
    let bytes: [u8; 8] = unsafe { core::mem::transmute(Entry::EMPTY) };
    assert!(u64::from_ne_bytes(bytes) == 0, "Entry::EMPTY is not all zero");
};

/// Point the CPU's `vector` at `target`.
#[inline(always)]
fn set_vector(vector: u16, target: *const u8) {
    let [low, high] = (target as usize as u16).to_le_bytes();
    poke(vector, low); // a write here reaches the RAM under the KERNAL
    poke(vector + 1, high);
}

/// Switch the KERNAL out for good (RAM at `$A000-$BFFF` and `$E000-$FFFF`,
/// I/O at `$D000`), its 60 Hz interrupt kept by `JIFFY_IRQ`: the searcher
/// and the game's screen are in the RAM under it, and the soft stack in its
/// work areas, which its interrupt would write. Before anything uses either.
fn kernal_out() {
    poke(CIA1_ICR, 0x7F); // no interrupt while the vectors change
                          // Each written out, not a loop over an array of the two: the array
                          // would be built on the stack first.
    set_vector(NMI_VECTOR, addr_of!(RTI));
    set_vector(IRQ_VECTOR, addr_of!(JIFFY_IRQ) as *const u8);
    poke(CPU_PORT, peek(CPU_PORT) & !7 | 5);
    poke(CIA1_ICR, 0x81); // timer A's interrupt: now `JIFFY_IRQ`
}

/// The screen matrix and the character set, in VIC bank 3 under the
/// KERNAL's ROM (switched out); the searcher is below them (`$E000`), the
/// soft stack in `$0200-$07FF` (c64/c64chess.ld).
const SCREEN: u16 = 0xF400;
const CHARSET: u16 = 0xF800;
const VIC_CONTROL_X: u16 = 0xD016;
/// The lower/upper-case set in the character ROM (CPU port bit 2 clear).
const CHAR_ROM: u16 = 0xD800;

/// The character screen of both builds: a cell is a screen code at
/// `SCREEN` and its colour in the colour RAM (`c64::charset`).
struct Chars;

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
fn char_screen(codes: u8, men: u16) {
    poke(VIC_CONTROL, 0x0B); // display off while it is set up
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

/// The searcher (4,976 bytes; its table is at `TABLE`), alone in the RAM
/// under the KERNAL at `$E000` (the link script's `.searcher`, not in the
/// PRG file: `main` zeroes it, and a zeroed `Searcher` is
/// `Searcher::unstarted`).
#[link_section = ".searcher"]
static mut SEARCHER: Searcher<UnderIo> = Searcher::unstarted(UnderIo);

/// The searcher's region is `$E000` up to the screen (c64/c64chess.ld,
/// whose link fails if it does not fit): checked here too, for the AVR
/// proxy, which links without that script.
const _: () = assert!(
    core::mem::size_of::<Searcher<UnderIo>>() <= (SCREEN - 0xE000) as usize,
    "the searcher does not fit $E000-$F3FF"
);

/// Text mode: screen `$0400` with the ROM's mixed-case set, VIC bank 0,
/// black all round. Only once the soft stack (at `$0200-$07FF`) is done
/// with: a failed check, the drive's results.
fn text_mode() {
    poke(CIA2_PORT_A, peek(CIA2_PORT_A) | 3);
    poke(VIC_CONTROL, 0x1B);
    poke(VIC_MEMORY, 0x17);
    poke(VIC_BORDER, colour::BLACK);
    poke(VIC_BACKGROUND, colour::BLACK);
}

/// The stack guard's canary: the lowest `CANARY_ZONE` bytes of page 1 are
/// what the 6502's stack has left when the search reaches them. The search
/// is proved to need at most 205 bytes (docs/c64.md, "The stacks"); the
/// guard is for what that model could miss. One node of search adds at
/// most one call of the recursion and `quiesce_first` (a 2-byte return
/// address and up to 4 saved registers each), the deepest leaf path below
/// it and the interrupts (`JIFFY_IRQ` and an NMI): 50 bytes, checked by `tools/c64-check
/// --size` against the zone, so a guard asked at every node stops the
/// search before the stack can wrap.
const CANARY_ZONE: u16 = 96;
/// The canary: four bytes of this value at the top of the zone, the first
/// the stack reaches.
const CANARY: u8 = 0xA5;
const CANARY_AT: u16 = HARD_STACK + CANARY_ZONE - 4;

/// Lay the canary. Only where the stack is shallow (between searches), or
/// it could overwrite live stack.
#[inline(never)]
fn plant_canary() {
    fill(CANARY_AT, 4, CANARY);
}

/// False once the stack has reached the canary since it was laid.
fn stack_ok() -> bool {
    // The four through a byte's offset (a range of `u16`s is a 16-bit counter).
    (0..4u8).all(|i| peek(CANARY_AT + i as u16) == CANARY)
}

/// The text screen of the drive harness: screen codes at `$0400`, the ink
/// in colour RAM.
#[cfg(feature = "drive")]
struct Text;

#[cfg(feature = "drive")]
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
#[cfg(feature = "drive")]
fn jiffies() -> u32 {
    loop {
        let (high, middle) = (peek(JIFFY), peek(JIFFY + 1));
        let low = peek(JIFFY + 2);
        if (high, middle) == (peek(JIFFY), peek(JIFFY + 1)) {
            return u32::from_be_bytes([0, high, middle, low]);
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
    drive();
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

/// The drive harness, timed by CIA 2 (timers A and B: a 32-bit cycle count) and the jiffies.
#[cfg(feature = "drive")]
fn drive() -> ! {
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
#[cfg(feature = "drive")]
const SOFT_STACK_PATTERN: u8 = 0xE5;

/// The soft stack's region (`__soft_stack_floor` up to its top, `__stack`,
/// both from the link script: `$0200-$07FF`), less 64 bytes at the top for
/// what is there before the replay.
#[cfg(feature = "drive")]
fn soft_stack_area() -> (u16, u16) {
    extern "C" {
        static __soft_stack_floor: u8;
        static __stack: u8;
    }
    // Only the symbols' addresses are taken (set by the link script): safe.
    let (floor, top) = (addr_of!(__soft_stack_floor) as usize as u16, addr_of!(__stack) as usize as u16);
    (floor, top - 64)
}

/// The game: the character screen, the keys, the loop over `App::step`.
#[cfg(not(feature = "drive"))]
mod play {
    use super::*;
    use c64::charset::CODES;
    use c64::glyphs::{MEN_CELLS, SET_MEN};
    use c64::keyboard::Keyboard;
    use c64::{App, Input, Joystick, Key, Mode, Step};
    use core::mem::{size_of, ManuallyDrop};
    use engine_core::game::SearcherHome;

    /// CIA 1: port A (keyboard columns out, joystick 2 in), port B (rows in).
    const CIA1_PORT_A: u16 = 0xDC00;
    const CIA1_PORT_B: u16 = 0xDC01;

    /// The game's handle to `SEARCHER`. There is one, in `APP`, so the
    /// references it hands out never overlap.
    struct HighSearcher(());

    impl SearcherHome for HighSearcher {
        type Slots = UnderIo;
        fn get(&self) -> &Searcher<UnderIo> {
            // SAFETY: the one handle (above), single-threaded; `&self` borrows it.
            unsafe { &*addr_of!(SEARCHER) }
        }
        fn get_mut(&mut self) -> &mut Searcher<UnderIo> {
            // SAFETY: as for `get`; `&mut self` borrows the one handle exclusively.
            unsafe { &mut *addr_of_mut!(SEARCHER) }
        }
    }

    /// The men's cells of the character set, then the user interface and
    /// its game (about 1.5 KB; the searcher is `SEARCHER`): one place in
    /// RAM for each in turn. The PRG file loads it holding the cells
    /// (`glyphs::SET_MEN`); `run` builds the character set from them, then
    /// zeroes the place, which makes it `App::unstarted` (checked below),
    /// and starts the App in place. The program keeps no other copy of
    /// the cells: 864 bytes.
    union Shared {
        men: [[u8; 8]; 2 * MEN_CELLS],
        app: ManuallyDrop<App<HighSearcher>>,
    }

    static mut SHARED: Shared = Shared { men: SET_MEN };

    /// `run` reads the cells at `SHARED` itself.
    const _: () = assert!(core::mem::offset_of!(Shared, men) == 0);

    /// A zeroed App is `App::unstarted`, byte for byte (a 6502 and an AVR
    /// align nothing, so the value has no padding to read).
    const _: () = {
        const SIZE: usize = size_of::<App<HighSearcher>>();
        // SAFETY: compile-time only; App has no padding here (alignment 1).
        let bytes: [u8; SIZE] = unsafe { core::mem::transmute(App::unstarted(HighSearcher(()))) };
        let mut i = 0;
        while i < SIZE {
            assert!(bytes[i] == 0, "App::unstarted is not all zero: it cannot start from zeroed RAM");
            i += 1;
        }
    };

    /// The record's place while it goes to or comes from the disk
    /// (`c64::kernal::RECORD_AT`, in the soft stack's region: between two
    /// steps only `main`'s frame is there).
    const RECORD: u16 = c64::kernal::RECORD_AT;

    /// A record's length of the soft stack's idle region at `at`: the
    /// record's (`RECORD`) or the game's own kept during a load
    /// (`c64::kernal::KEPT_AT`).
    fn record(at: u16) -> &'static mut [u8; engine_core::game::RECORD_LEN] {
        // SAFETY: the two places do not overlap, and their bytes are RAM no
        // Rust value holds while the App waits for a save or load (the soft
        // stack is shallow then: `main`'s frame at its top, below `$0800`).
        unsafe { &mut *(at as usize as *mut [u8; engine_core::game::RECORD_LEN]) }
    }

    fn poke_word(addr: u16, word: u16) {
        let [low, high] = word.to_le_bytes();
        poke(addr, low);
        poke(addr + 1, high);
    }

    /// A save's or a load's parameters for `DISK_CALL` (c64::kernal): a
    /// save's record written at `RECORD`, saved from there (the file's two
    /// first bytes are that address); a load into the buffer, its load
    /// address first, one byte more than a file may hold.
    /// Out of line, as `disk_answer`: inlined, their locals would join
    /// `main`'s frame, which is on the soft stack (reentrant).
    #[inline(never)]
    pub(super) fn disk_ask(save: bool) {
        use c64::kernal::{BUFFER, CAPACITY, LIMIT, NAME, NAMES, OP, POINTER};
        let (from, end) =
            if save { (RECORD, RECORD + app().record(record(RECORD)) as u16) } else { (BUFFER, BUFFER + CAPACITY) };
        poke(OP, if save { 0 } else { 1 });
        poke_word(POINTER, from);
        poke_word(LIMIT, end);
        poke_word(NAME, addr_of!(NAMES) as usize as u16);
    }

    /// What `DISK_CALL` answered, handed to the App.
    #[inline(never)]
    pub(super) fn disk_answer(save: bool) {
        use c64::kernal::{answer, record_length, BUFFER, KEPT_AT, LIMIT, OP, POINTER, STATUS};
        let done = answer(peek(OP), [peek(LIMIT), peek(LIMIT + 1)]);
        if save {
            app().saved(done);
        } else {
            let stored = (peek(POINTER) as u16 | (peek(POINTER + 1) as u16) << 8).wrapping_sub(BUFFER);
            let answer = done.and_then(|()| record_length(peek(STATUS), stored));
            let file = answer.map(|len| &record(RECORD)[..len.min(engine_core::game::RECORD_LEN)]);
            app().loaded(file, record(KEPT_AT));
        }
    }

    /// The KERNAL back, for the reset that the menu's Quit makes.
    pub(super) fn leave() {
        poke(CPU_PORT, peek(CPU_PORT) | 7);
    }

    /// The keyboard matrix and joystick port 2, both read from CIA 1; the
    /// stack guard.
    struct Keys {
        keyboard: Keyboard,
        joystick: Joystick,
        /// `Q` gives `Char(b'q')`, a queen (`Keyboard::scan`): only while
        /// the promotion chooser is open or a move is being typed
        /// (`e7e8q`). Elsewhere the UI reads `q` as Quit, which the C64
        /// leaves to the menu.
        queen: bool,
        /// The jiffy clock's low byte at the last keyboard scan.
        scanned: u8,
        /// A key that ended a pause, for the next `poll`.
        waiting: Option<Key>,
    }

    impl Keys {
        /// Wait a second (60 jiffies, on PAL and NTSC) unless a key comes,
        /// which the next `poll` returns.
        fn pause(&mut self) {
            let start = peek(JIFFY + 2);
            while self.waiting.is_none() && peek(JIFFY + 2).wrapping_sub(start) < 60 {
                self.waiting = self.poll();
            }
        }
    }

    impl Input for Keys {
        fn poll(&mut self) -> Option<Key> {
            if let Some(key) = self.waiting.take() {
                return Some(key);
            }
            // No column selected: port A reads joystick 2 alone.
            let stick = peek(CIA1_PORT_A);
            if let Some(key) = self.joystick.sample(stick) {
                return Some(key);
            }
            // A held stick pulls column lines low, which would read as keys;
            // and the keyboard is scanned at most once a jiffy, so key repeat
            // keeps the KERNAL's pace.
            let now = peek(JIFFY + 2);
            if stick & 0x1F != 0x1F || now == self.scanned {
                return None;
            }
            self.scanned = now;
            let read = |select| {
                poke(CIA1_PORT_A, select);
                peek(CIA1_PORT_B)
            };
            let key = self.keyboard.scan(read, self.queen);
            // No column selected again, for the joystick.
            poke(CIA1_PORT_A, 0xFF);
            key
        }

        /// The jiffy clock's low 16 bits: the timed levels' and the chess
        /// clocks' time.
        /// The two bytes only, as the drive's `jiffies` reads all three:
        /// the game's clocks are 16 bits. The high byte read before and
        /// after the low one: equal, no carry came between them (the
        /// interrupt changes it only as the low byte wraps, every 256
        /// jiffies), so the pair is one reading.
        #[inline(never)]
        fn clock(&mut self) -> u16 {
            loop {
                let high = peek(JIFFY + 1);
                let low = peek(JIFFY + 2);
                if high == peek(JIFFY + 1) {
                    return (high as u16) << 8 | low as u16;
                }
            }
        }

        /// The jiffy clock's low byte, never 0 (0 is the deterministic game).
        fn seed(&mut self) -> u8 {
            peek(JIFFY + 2) | 1
        }

        fn stack_ok(&mut self) -> bool {
            stack_ok()
        }
    }

    /// The keys' state, in a static rather than `run`'s frame: the same
    /// bytes of RAM (the frame is static on the C64), but loaded with the
    /// program instead of built by code.
    static mut KEYS: Keys =
        Keys { keyboard: Keyboard::new(), joystick: Joystick::new(), queen: false, scanned: 0, waiting: None };

    /// The one reference to the App, once `run` started it.
    fn app() -> &'static mut App<HighSearcher> {
        // SAFETY: single-threaded, and each caller (`run`, the disk's two)
        // is done with it before the next is called.
        unsafe { &mut *addr_of_mut!(SHARED.app) }
    }

    /// The game's steps, until the menu's Quit or a save or load, which
    /// `main` makes: the step that asked. The `first` time, the
    /// character set built from the men's cells, then the App started in
    /// their place.
    pub(super) fn run(first: bool) -> Step {
        if first {
            // The cells are read before the place is zeroed, the App used
            // only after (a zeroed App is `App::unstarted`, above).
            char_screen(CODES, addr_of!(SHARED) as usize as u16);
            fill(addr_of!(SHARED) as usize as u16, size_of::<Shared>() as u16, 0);
            app().reset();
        }
        let app = app();
        // SAFETY: as for `SHARED`: the one reference to `KEYS`.
        let keys = unsafe { &mut *addr_of_mut!(KEYS) };
        loop {
            keys.queen = app.mode() == Mode::Promotion || app.typing();
            // The stack is shallow here: a guard that stopped the last
            // search is laid again for the next.
            plant_canary();
            let step = app.step(&mut Chars, keys);
            if matches!(step, Step::Quit | Step::Save | Step::Load) {
                return step;
            }
            // The computer against itself: the menu's Pause gives a person
            // time to follow.
            if app.take_pause() {
                keys.pause();
            }
        }
    }
}
