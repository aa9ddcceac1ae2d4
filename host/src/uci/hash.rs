//! The `Hash` option: the transposition table's slots on the PC.
//!
//! The core's table picks a slot by a key's low bits and tells positions
//! in a slot apart by its top 16 bits ([`engine_core::tt`]). These slots
//! are a vector of any power-of-two length from the core's [`TT_ENTRIES`]
//! up, picked by as many low bits as the length needs. At [`TT_ENTRIES`]
//! they hold exactly what the C64's table holds, so a search at a Skill
//! level plays as on the C64.

use engine_core::tt::{Entry, Slots, TT_ENTRIES};

/// Bytes a slot takes.
const SLOT_BYTES: usize = std::mem::size_of::<Entry>();

/// A table's slots, sized at run time.
pub struct HostSlots {
    slots: Vec<Entry>,
    /// `slots.len() - 1`: the key bits that pick a slot.
    mask: u32,
}

impl HostSlots {
    /// The C64's size, [`TT_ENTRIES`] slots, all empty.
    pub fn new() -> HostSlots {
        HostSlots { slots: vec![Entry::EMPTY; TT_ENTRIES], mask: TT_ENTRIES as u32 - 1 }
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Resize to `count` slots (a power of two, at least [`TT_ENTRIES`]),
    /// all empty. If the memory cannot be had, nothing changes.
    pub fn resize(&mut self, count: usize) -> Result<(), String> {
        debug_assert!(count.is_power_of_two() && count >= TT_ENTRIES);
        let mut slots = Vec::new();
        slots.try_reserve_exact(count).map_err(|_| format!("cannot allocate {} MB", (count * SLOT_BYTES) >> 20))?;
        slots.resize(count, Entry::EMPTY);
        self.slots = slots;
        self.mask = (count - 1) as u32;
        Ok(())
    }
}

/// The number of slots in `mb` megabytes: the largest power of two that
/// fits (and never fewer than [`TT_ENTRIES`]).
pub fn slots_for(mb: u32) -> usize {
    let bytes = (mb as usize).saturating_mul(1 << 20);
    let count = (bytes / SLOT_BYTES).max(TT_ENTRIES);
    1 << count.ilog2()
}

impl Slots for HostSlots {
    fn load(&self, index: u16) -> Entry {
        self.slots[index as usize]
    }

    fn save(&mut self, index: u16, entry: Entry) {
        self.slots[index as usize] = entry;
    }

    #[inline]
    fn load_key(&self, key: u32) -> Entry {
        self.slots[(key & self.mask) as usize]
    }

    #[inline]
    fn save_key(&mut self, key: u32, entry: Entry) {
        self.slots[(key & self.mask) as usize] = entry;
    }

    fn clear(&mut self) {
        self.slots.fill(Entry::EMPTY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::{Limits, Position, Searcher};

    #[test]
    fn sizes_are_powers_of_two_within_the_megabytes() {
        assert_eq!(slots_for(1), 131_072);
        assert_eq!(slots_for(3), 262_144);
        assert_eq!(slots_for(0), TT_ENTRIES);
    }

    /// At the C64's size the search is the C64's, node for node; a larger
    /// table finds the same mate and keeps more.
    #[test]
    fn the_c64_size_searches_as_the_core_table_does() {
        let pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
        let limits = Limits { depth: 6, nodes: 200_000 };
        let mut searcher = Box::new(Searcher::new());
        let core = searcher.search(&pos, limits, &mut ());
        let mut host = Box::new(Searcher::with_slots(HostSlots::new()));
        assert_eq!(host.search(&pos, limits, &mut ()), core);
        host.table_mut().slots_mut().resize(slots_for(1)).unwrap();
        host.table_mut().clear();
        assert_eq!(host.table_mut().slots_mut().len(), 131_072);
        let big = host.search(&pos, limits, &mut ());
        assert_eq!((big.best, big.score), (core.best, core.score), "Qxf7 mates");
    }
}
