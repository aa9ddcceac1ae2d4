//! The C64 program's static memory, pinned (docs/c64.md, "Memory budget").
//!
//! On the C64 the searcher is a static of its own in the RAM under the
//! KERNAL (`$E000-$F3FF`, 5,120 bytes below the screen), in both builds;
//! the game's other static (in the program's area below `$D000`, sharing
//! its RAM with the men's cells of the character set) is the user
//! interface with its game, which reaches the searcher through a
//! zero-sized handle, as [`Away`] does here. A struct that grows eats the
//! program's room or no longer fits its place, so each has a budget here
//! and this test fails when one is exceeded: raise a budget only together
//! with the table in docs/c64.md.
//!
//! Sizes are measured on the host, which aligns fields and keeps the
//! run-time technique switches; on the 6502 every type has alignment 1,
//! none of these holds a pointer or `usize`, and the switches are fixed at
//! compile time, so the C64's sizes are at most these.
//!
//! The transposition table is not among the statics: on the C64 its slots
//! are the 4 KB of RAM under the I/O area (`$D000-$DFFF`), and the searcher
//! holds only a zero-sized handle to them, as [`Elsewhere`] does here.

use std::mem::size_of;

use c64::App;
use engine_core::game::{Game, SearcherHome};
use engine_core::pv::PV_PLIES;
use engine_core::tt::{Entry, Slots, TT_ENTRIES};
use engine_core::{Move, Position, Searcher};

/// A zero-sized handle to slots outside the program, like the C64 glue's.
struct Elsewhere;

impl Slots for Elsewhere {
    fn load(&self, _: u16) -> Entry {
        Entry::EMPTY
    }
    fn save(&mut self, _: u16, _: Entry) {}
}

/// A zero-sized handle to a searcher kept elsewhere, like the C64 glue's.
struct Away;

impl SearcherHome for Away {
    type Slots = Elsewhere;
    fn get(&self) -> &Searcher<Elsewhere> {
        unreachable!("only measured")
    }
    fn get_mut(&mut self) -> &mut Searcher<Elsewhere> {
        unreachable!("only measured")
    }
}

/// The principal-variation table the host's searcher keeps and the C64's
/// does not (`engine-core`'s `no-pv` feature): line lengths, then the
/// triangle of moves.
const PV_TABLE: usize = PV_PLIES + PV_PLIES * (PV_PLIES + 1) / 2 * size_of::<Move>();

/// What the host's searcher has beyond the C64's: the run-time technique
/// switches and the padding of a 4-byte alignment (the 6502 aligns nothing).
const HOST_SEARCHER_EXTRA: usize = 72;

#[test]
fn static_memory_stays_within_its_budget() {
    let sizes = [
        ("App (the game's static in the program area) with its game", size_of::<App<Away>>(), 1_550),
        ("Game (inside App)", size_of::<Game<Away>>(), 1_400),
        // The searcher's region is 5,120 bytes; the host adds its technique
        // switches and pads for its 4-byte alignment (69 bytes now: the
        // 16-bit build's searcher is 5,087). The exact check is the glue's
        // compile-time assertion on the 16-bit target (tools/c64-check).
        (
            "Searcher (a static at $E000 below the screen at $F400), its table's slots outside, without the PV table",
            size_of::<Searcher<Elsewhere>>() - PV_TABLE,
            5_120 + HOST_SEARCHER_EXTRA,
        ),
        ("Position (in Searcher)", size_of::<Position>(), 1_700),
    ];
    for (what, size, budget) in sizes {
        println!("{what}: {size} bytes (budget {budget})");
        assert!(
            size <= budget,
            "{what} is {size} bytes, over its C64 budget of {budget} (docs/c64.md, \"Memory budget\")"
        );
    }
}

#[test]
fn the_table_fills_the_ram_under_the_io_area_exactly() {
    assert_eq!(TT_ENTRIES * size_of::<Entry>(), 0x1000, "$D000-$DFFF holds 4,096 bytes");
    // With its slots in place, the searcher is the same plus exactly them.
    assert_eq!(size_of::<Searcher>(), size_of::<Searcher<Elsewhere>>() + 0x1000);
}
