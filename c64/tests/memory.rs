//! The C64 program's static memory, pinned (docs/c64.md, "Memory budget").
//!
//! On the C64 the game's one static (`.bss`) is the user interface, which
//! holds the game, which holds the searcher, whose position and arena are
//! the game's position and legal-move list; the drive build's is a searcher
//! alone. They lie between the code and the soft stack below `$CC00`
//! (c64/c64chess.ld). A struct that grows eats the stack's room, so each has
//! a budget here and this test fails when one is exceeded: raise a budget
//! only together with the table in docs/c64.md.
//!
//! Sizes are measured on the host, which aligns fields and keeps the
//! run-time technique switches; on the 6502 every type has alignment 1,
//! none of these holds a pointer or `usize`, and the switches are fixed at
//! compile time, so the C64's sizes are at most these (the AVR build, also
//! alignment 1: App 6,559 and Searcher 5,088 bytes).
//!
//! The transposition table is not among the statics: on the C64 its slots
//! are the 4 KB of RAM under the I/O area (`$D000-$DFFF`, outside the
//! program), and the searcher holds only a zero-sized handle to them, as
//! [`Elsewhere`] does here.

use std::mem::size_of;

use c64::App;
use engine_core::game::Game;
use engine_core::tt::{Entry, Slots, TT_ENTRIES};
use engine_core::{Position, Searcher};

/// A zero-sized handle to slots outside the program, like the C64 glue's.
struct Elsewhere;

impl Slots for Elsewhere {
    fn load(&self, _: u16) -> Entry {
        Entry::EMPTY
    }
    fn save(&mut self, _: u16, _: Entry) {}
}

#[test]
fn static_memory_stays_within_its_budget() {
    let sizes = [
        ("App (the game's static) with its game and searcher", size_of::<App<Elsewhere>>(), 6_700),
        ("Game (inside App) with its searcher", size_of::<Game<Elsewhere>>(), 6_500),
        ("Searcher (inside Game; the drive's static), its table's slots outside", size_of::<Searcher<Elsewhere>>(), 5_200),
        ("Position (in Searcher)", size_of::<Position>(), 1_200),
    ];
    for (what, size, budget) in sizes {
        println!("{what}: {size} bytes (budget {budget})");
        assert!(
            size <= budget,
            "{what} is {size} bytes, over its C64 budget of {budget}: the statics would eat the soft \
             stack's room below $CC00 (docs/c64.md, \"Memory budget\")"
        );
    }
}

#[test]
fn the_table_fills_the_ram_under_the_io_area_exactly() {
    assert_eq!(TT_ENTRIES * size_of::<Entry>(), 0x1000, "$D000-$DFFF holds 4,096 bytes");
    // With its slots in place, the searcher is the same plus exactly them.
    assert_eq!(size_of::<Searcher>(), size_of::<Searcher<Elsewhere>>() + 0x1000);
}
