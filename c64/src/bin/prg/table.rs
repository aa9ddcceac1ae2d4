//! The transposition table's slots under the I/O area (`UnderIo`, the
//! engine's `tt::Slots` for the C64) and the searcher that owns them
//! (`SEARCHER`, under the KERNAL).
//!
//! Slot `i` is the 8 bytes at `TABLE + 8i` (`$D000-$DFFF`), reached only
//! inside `banked` with CPU port bits 0-1 clear (all RAM, no ROM, no I/O):
//! the 60 Hz interrupt switches the I/O area in for its own work. An empty
//! slot is eight zero bytes (checked below), so `clear` is one fill. The
//! searcher's RAM is not in the PRG file: `main` zeroes it, and a zeroed
//! `Searcher` is `Searcher::unstarted`.
//!
//! Its unsafe code (the crate root allows it): the slots' volatile reads
//! and writes, the compile-time check of `Entry::EMPTY`'s bytes, and
//! `SEARCHER`'s link section.

use core::mem::size_of;
use core::ptr::{read_volatile, write_volatile};

use engine_core::tt::{Entry, Slots, TT_ENTRIES};
use engine_core::Searcher;

use crate::memory::{banked, fill, SCREEN, TABLE};

/// The table's slots at `TABLE`, reached with all RAM switched in (bits 0-1 clear).
pub(crate) struct UnderIo;

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

/// The searcher (4,976 bytes; its table is at `TABLE`), alone in the RAM
/// under the KERNAL at `$E000` (the link script's `.searcher`, not in the
/// PRG file: `main` zeroes it, and a zeroed `Searcher` is
/// `Searcher::unstarted`).
#[link_section = ".searcher"]
pub(crate) static mut SEARCHER: Searcher<UnderIo> = Searcher::unstarted(UnderIo);

/// The searcher's region is `$E000` up to the screen (c64/c64chess.ld,
/// whose link fails if it does not fit): checked here too, for the AVR
/// proxy, which links without that script.
const _: () = assert!(
    core::mem::size_of::<Searcher<UnderIo>>() <= (SCREEN - 0xE000) as usize,
    "the searcher does not fit $E000-$F3FF"
);
