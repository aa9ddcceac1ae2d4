//! The C64's memory map as named addresses (mos-hardware's VIC-II and CIA
//! offsets; docs/c64.md), and the four ways the glue reaches it: `peek`,
//! `poke`, `fill` and `banked` (the CPU port switched for a while).
//!
//! The glue's addresses are named here, but for the few that one function
//! alone uses, kept beside it (CIA 1's keyboard ports in `play`, CIA 2's
//! timers in `drive`, the reset vector in `main`) and the disk call's
//! parameters (`c64::kernal`). `peek` and `poke`'s safety rests on that:
//! I/O, ROM and RAM that no Rust value holds (but the men's cells in
//! `SHARED`, read once).
//!
//! Its unsafe code (the crate root allows it): the volatile reads and
//! writes of `peek` and `poke`, which every other module goes through.

use core::ptr::{read_volatile, write_volatile};

/// The jiffy clock, 24 bits, most significant byte first: where the KERNAL
/// keeps it, counted by `JIFFY_IRQ` once the KERNAL is switched out.
pub(crate) const JIFFY: u16 = 0x00A0;
/// The 6502's stack, page 1: it grows down from `$01FF`.
pub(crate) const HARD_STACK: u16 = 0x0100;
/// The exit status, for tools/vice-drive's monitor checkpoint: a zero-page
/// byte neither the SDK (`$02-$8F`) nor the jiffy clock uses, outside the
/// soft stack's region, so no store but the last one fires the checkpoint.
pub(crate) const DONE_MARK: u16 = 0x00FB;
pub(crate) const TEXT: u16 = 0x0400;
/// VIC-II: control (`$D011`), memory pointers (`$D018`), border, background.
pub(crate) const VIC_CONTROL: u16 = 0xD011;
pub(crate) const VIC_MEMORY: u16 = 0xD018;
pub(crate) const VIC_BORDER: u16 = 0xD020;
pub(crate) const VIC_BACKGROUND: u16 = 0xD021;
/// VICE's debug cartridge: a write exits (a real C64: an unused SID mirror).
pub(crate) const DEBUG_CART: u16 = 0xD7FF;
pub(crate) const COLOUR_RAM: u16 = 0xD800;
pub(crate) const CIA1_ICR: u16 = 0xDC0D; // CIA 1's interrupt control: the 60 Hz timer
/// CIA 2 port A: bits 0-1 pick the VIC's 16 KB bank (inverted).
pub(crate) const CIA2_PORT_A: u16 = 0xDD00;
pub(crate) const CPU_PORT: u16 = 0x0001; // bits 0-2: what the CPU sees at $A000-$FFFF
/// The transposition table (512 × 8 bytes) in the RAM under the I/O area.
pub(crate) const TABLE: u16 = 0xD000;
/// The CPU's NMI vector, then its IRQ/BRK vector (`$FFFE`): with the KERNAL
/// switched out they are read from the RAM beneath it.
pub(crate) const NMI_VECTOR: u16 = 0xFFFA;
pub(crate) const IRQ_VECTOR: u16 = 0xFFFE;

/// The screen matrix and the character set, in VIC bank 3 under the
/// KERNAL's ROM (switched out); the searcher is below them (`$E000`), the
/// soft stack in `$0200-$07FF` (c64/c64chess.ld).
pub(crate) const SCREEN: u16 = 0xF400;
pub(crate) const CHARSET: u16 = 0xF800;
pub(crate) const VIC_CONTROL_X: u16 = 0xD016;
/// The lower/upper-case set in the character ROM (CPU port bit 2 clear).
pub(crate) const CHAR_ROM: u16 = 0xD800;

pub(crate) fn peek(addr: u16) -> u8 {
    // SAFETY: only the addresses named in the glue (I/O, ROM, screen RAM),
    // and Rust's only to read: the men's cells in `SHARED` at start-up.
    unsafe { read_volatile(addr as usize as *const u8) }
}

pub(crate) fn poke(addr: u16, value: u8) {
    // SAFETY: as for `peek`.
    unsafe { write_volatile(addr as usize as *mut u8, value) }
}

pub(crate) fn fill(addr: u16, len: u16, value: u8) {
    // The address itself stepped to the end: no offset added at each byte.
    let (mut at, end) = (addr, addr + len);
    while at != end {
        poke(at, value);
        at += 1;
    }
}

/// Run `f` with the CPU port ANDed with `keep`. The 60 Hz handler
/// (`JIFFY_IRQ`) may come meanwhile: it switches the I/O area in itself.
pub(crate) fn banked<T>(keep: u8, f: impl FnOnce() -> T) -> T {
    let port = peek(CPU_PORT);
    poke(CPU_PORT, port & keep);
    let value = f();
    poke(CPU_PORT, port);
    value
}
