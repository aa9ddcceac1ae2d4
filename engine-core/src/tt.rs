//! The transposition table: what earlier searches found about a position,
//! kept by its key, for cutoffs and for move ordering.
//!
//! Sized for the C64: [`TT_ENTRIES`] entries of 8 bytes, 4 KB, one table
//! for every front end (the levels must play identically everywhere).
//!
//! | bytes | field | meaning |
//! |---|---|---|
//! | 0–1 | `check` | key bits 16–31: tells positions sharing a slot apart |
//! | 2–4 | `from`, `to`, `flags` | the best move found, or `from == to` for none |
//! | 5 | `meta` | depth (bits 3–7), generation (bit 2), bound (bits 0–1) |
//! | 6–7 | `score` | mate scores stored relative to the node, not the root |
//!
//! The slot is picked by the key's low bits, so a position is checked by
//! 25 of its 32 key bits; a false match (about one probe in 33 million on a
//! full table) costs at worst a bad cutoff, never an illegal move: the
//! stored move is only used to order the node's own generated list.
//!
//! Replacement: a slot is overwritten unless it holds a deeper result of
//! the current search about another position. The generation bit flips with
//! every search, so results of earlier searches give way to new ones. An
//! empty slot has `meta == 0` (no bound is 0).
//!
//! Storage: the table reads and writes its slots only through [`Slots`], one
//! whole slot at a time. Everywhere but the C64 they are an array inside the
//! table ([`InPlace`]); the C64 keeps them in the 4 KB of RAM under its I/O
//! area, which the program reaches only by switching the I/O out around each
//! access (c64/src/bin/prg.rs, docs/c64.md). Both hold the same bytes, so the
//! search is the same.

use crate::mv::Move;
use crate::score::MATE_BOUND;
use crate::square::Square;

/// Slots in the table (a power of two): 512 × 8 bytes = 4 KB.
pub const TT_ENTRIES: usize = 512;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The search failed low: the true score is at most this.
    Upper = 1,
    /// The search failed high: the true score is at least this.
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// One slot (8 bytes, so a slot address is a shift of its index). Its
/// fields are the table's business; a [`Slots`] only keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    check: u16,
    from: Square,
    to: Square,
    flags: u8,
    meta: u8,
    score: i16,
}

const _: () = assert!(core::mem::size_of::<Entry>() == 8);

impl Entry {
    /// An empty slot.
    pub const EMPTY: Entry = Entry { check: 0, from: Square::A8, to: Square::A8, flags: 0, meta: 0, score: 0 };
}

/// Where the table's [`TT_ENTRIES`] slots live. It must behave as an array:
/// `load(i)` returns what the last `save(i, _)` stored. The table fills every
/// slot with [`Entry::EMPTY`] before its first probe, so the memory may start
/// with anything in it.
///
/// The table reaches a key's slot through `load_key` and `save_key`, which
/// by default pick slot `key % TT_ENTRIES`. A store with more slots (the
/// PC's `Hash` option) overrides them and `clear` to pick among its own by
/// more of the key's low bits: the key's top 16 bits still tell positions
/// in one slot apart.
pub trait Slots {
    /// Slot `index` (below [`TT_ENTRIES`]).
    fn load(&self, index: u16) -> Entry;
    /// Overwrite slot `index` (below [`TT_ENTRIES`]).
    fn save(&mut self, index: u16, entry: Entry);
    /// The slot of `key`.
    #[inline(always)]
    fn load_key(&self, key: u32) -> Entry {
        self.load(key as u16 & (TT_ENTRIES as u16 - 1))
    }
    /// Overwrite the slot of `key`.
    #[inline(always)]
    fn save_key(&mut self, key: u32, entry: Entry) {
        self.save(key as u16 & (TT_ENTRIES as u16 - 1), entry)
    }
    /// Empty every slot.
    fn clear(&mut self) {
        for index in 0..TT_ENTRIES as u16 {
            self.save(index, Entry::EMPTY);
        }
    }
}

/// The slots as an array inside the table: 4 KB wherever the table is.
pub struct InPlace([Entry; TT_ENTRIES]);

impl InPlace {
    /// Every slot empty.
    pub const fn new() -> InPlace {
        InPlace([Entry::EMPTY; TT_ENTRIES])
    }
}

impl Default for InPlace {
    fn default() -> Self {
        InPlace::new()
    }
}

impl Slots for InPlace {
    #[inline]
    fn load(&self, index: u16) -> Entry {
        self.0[index as usize]
    }

    #[inline]
    fn save(&mut self, index: u16, entry: Entry) {
        self.0[index as usize] = entry;
    }
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move stored ([`Move::NONE`] if none).
    pub mv: Move,
    /// The depth the score was searched to.
    pub depth: u8,
    /// The score, mate distance made relative to the probing node's root.
    pub score: i16,
    /// How the score bounds the true score.
    pub bound: Bound,
}

/// The table. Deepest depth stored is 31 (five bits); deeper results are
/// stored as 31.
pub struct Table<S = InPlace> {
    slots: S,
    generation: u8,
}

impl<S: Slots> Table<S> {
    /// An empty table in `slots`, whatever they held.
    pub fn with_slots(slots: S) -> Table<S> {
        let mut table = Table::unstarted(slots);
        table.clear();
        table
    }

    /// A table over `slots` as they are, to be [`Table::clear`]ed before
    /// its first probe (a `const` for the C64's statics).
    pub const fn unstarted(slots: S) -> Table<S> {
        Table { slots, generation: 0 }
    }

    /// Empty every slot (a new game).
    pub fn clear(&mut self) {
        self.slots.clear();
        self.generation = 0;
    }

    /// The slots, to resize a store that can be resized (then [`Table::clear`]).
    pub fn slots_mut(&mut self) -> &mut S {
        &mut self.slots
    }

    /// Start a new search: earlier results stay usable but become replaceable.
    pub fn next_search(&mut self) {
        self.generation ^= 4;
    }

    /// What the table holds for `key`, seen from a node `ply` plies below the root.
    #[inline]
    pub fn probe(&self, key: u32, ply: u8) -> Option<Hit> {
        let e = self.slots.load_key(key);
        if e.meta == 0 || e.check != (key >> 16) as u16 {
            return None;
        }
        let bound = match e.meta & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        Some(Hit { mv: Move::new(e.from, e.to, e.flags), depth: e.meta >> 3, score: from_stored(e.score, ply), bound })
    }

    /// Record a search result for `key` at `ply` (see the module for the
    /// replacement rule). `mv` may be [`Move::NONE`]: a slot about the same
    /// position then keeps the move it had.
    #[inline]
    pub fn store(&mut self, key: u32, ply: u8, depth: u8, score: i16, bound: Bound, mv: Move) {
        let check = (key >> 16) as u16;
        let depth = depth.min(31);
        let generation = self.generation;
        let mut e = self.slots.load_key(key);
        let same = e.check == check && e.meta != 0;
        if !same && e.meta & 4 == generation && e.meta >> 3 > depth {
            return;
        }
        if !mv.is_none() || !same {
            e.from = mv.from;
            e.to = mv.to;
            e.flags = mv.flags;
        }
        e.check = check;
        e.meta = depth << 3 | generation | bound as u8;
        e.score = to_stored(score, ply);
        self.slots.save_key(key, e);
    }
}

/// A mate `n` plies from the root, found `ply` plies down, is a mate
/// `n - ply` plies from the node: that is what is stored.
#[inline]
fn to_stored(score: i16, ply: u8) -> i16 {
    if score > MATE_BOUND {
        score + ply as i16
    } else if score < -MATE_BOUND {
        score - ply as i16
    } else {
        score
    }
}

#[inline]
fn from_stored(score: i16, ply: u8) -> i16 {
    if score > MATE_BOUND {
        score - ply as i16
    } else if score < -MATE_BOUND {
        score + ply as i16
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    #[test]
    fn stores_probes_and_tells_keys_apart() {
        let mut t = Table::with_slots(InPlace::new());
        let m = Move::new(Square::E2, Square::E4, 0x40);
        assert!(t.probe(0x1234_0042, 0).is_none());
        t.store(0x1234_0042, 3, 5, 17, Bound::Lower, m);
        let hit = t.probe(0x1234_0042, 7).unwrap();
        assert_eq!((hit.mv, hit.depth, hit.score, hit.bound), (m, 5, 17, Bound::Lower));
        // Same slot, other check bits: a miss.
        assert!(t.probe(0x9999_0042, 3).is_none());
        t.clear();
        assert!(t.probe(0x1234_0042, 3).is_none());
    }

    #[test]
    fn a_table_in_used_memory_starts_empty() {
        // Slots that held something else before, as the C64's RAM does.
        let stale = Entry { check: 0x1234, from: Square::B8, to: Square::C8, flags: 0, meta: 0x1B, score: 5 };
        let mut t = Table::with_slots(InPlace([stale; TT_ENTRIES]));
        assert!(t.probe(0x1234_0042, 0).is_none());
        let m = Move::new(Square::E2, Square::E4, 0x40);
        t.store(0x1234_0042, 0, 2, 9, Bound::Exact, m);
        assert_eq!(t.probe(0x1234_0042, 0).unwrap().mv, m);
        assert!(t.probe(0x1234_0043, 0).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let mut t = Table::with_slots(InPlace::new());
        // Found 4 plies down: mate 9 plies from the root is 5 from the node.
        t.store(7, 4, 3, MATE - 9, Bound::Exact, Move::NONE);
        // Reached again 2 plies down: mate 7 plies from that root.
        assert_eq!(t.probe(7, 2).unwrap().score, MATE - 7);
        t.store(8, 4, 3, -(MATE - 9), Bound::Exact, Move::NONE);
        assert_eq!(t.probe(8, 6).unwrap().score, -(MATE - 11));
    }

    #[test]
    fn deeper_results_of_this_search_are_kept() {
        let mut t = Table::with_slots(InPlace::new());
        let a = Move::new(Square::B8, Square::C8, 0);
        t.store(0x0001_0005, 0, 6, 10, Bound::Exact, a);
        // Another position, same slot, shallower: refused in this search.
        t.store(0x0002_0005, 0, 2, 20, Bound::Exact, a);
        assert_eq!(t.probe(0x0001_0005, 0).unwrap().score, 10);
        // Next search: the old result gives way.
        t.next_search();
        t.store(0x0002_0005, 0, 2, 20, Bound::Upper, Move::NONE);
        assert!(t.probe(0x0001_0005, 0).is_none());
        let hit = t.probe(0x0002_0005, 0).unwrap();
        assert_eq!((hit.score, hit.bound, hit.mv), (20, Bound::Upper, Move::NONE));
        // Same position, no move given: the stored move stays.
        t.store(0x0002_0005, 0, 3, 25, Bound::Lower, a);
        t.store(0x0002_0005, 0, 4, 30, Bound::Upper, Move::NONE);
        assert_eq!(t.probe(0x0002_0005, 0).unwrap().mv, a);
    }
}
