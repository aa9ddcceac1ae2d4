//! The KERNAL switched out for good (`kernal_out`) and the two bits of
//! 6502 code that stand in for its interrupt handlers: `JIFFY_IRQ` (the
//! 60 Hz interrupt) and `RTI` (an NMI, RESTORE).
//!
//! Why: the KERNAL's RAM holds the searcher and the game's screen, its work
//! areas the soft stack, and its own handler would write them. `JIFFY_IRQ`
//! keeps what the program needs of it, the jiffy clock, and must work
//! whatever `banked` has switched in: it switches the I/O area in itself
//! and puts the CPU port back. It saves only A, so an interrupt costs the
//! 6502's stack 5 bytes (tools/c64-check counts them against the canary's
//! zone). The vectors point at these statics: they stay where the PRG file
//! loads them.

use core::ptr::addr_of;

use crate::memory::{peek, poke, CIA1_ICR, CPU_PORT, IRQ_VECTOR, NMI_VECTOR};

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
pub(crate) fn kernal_out() {
    // No interrupt while the vectors change.
    poke(CIA1_ICR, 0x7F);
    // The vectors each written out, not a loop over an array of the two: the array
    // would be built on the stack first.
    set_vector(NMI_VECTOR, addr_of!(RTI));
    set_vector(IRQ_VECTOR, addr_of!(JIFFY_IRQ) as *const u8);
    poke(CPU_PORT, peek(CPU_PORT) & !7 | 5);
    poke(CIA1_ICR, 0x81); // timer A's interrupt: now `JIFFY_IRQ`
}
