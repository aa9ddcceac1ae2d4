//! The principal variation: the line the search expects, kept for the
//! front ends that show it ([`crate::search::Iteration::pv`]: UCI's `info
//! pv`). It never steers the search: the move played is tracked apart, so
//! a build without it searches node for node the same.
//!
//! The C64 builds (the `no-pv` feature) keep only the best move and the
//! reply expected, which their thinking display shows: the whole table is
//! 560 bytes of RAM beside 2 writes a node.

use crate::mv::Move;

/// Plies of principal variation kept.
pub const PV_PLIES: usize = 16;

/// The line found at each ply (ply 0: the root's, the one reported).
#[cfg(not(feature = "no-pv"))]
pub(crate) struct PvTable {
    /// Moves of each row's line.
    len: [u8; PV_PLIES],
    /// The rows, triangular: the line found at ply `p` has at most
    /// `PV_PLIES - p` moves (its move and the child's line), so row `p`
    /// starts at `ROW[p]` and the rows fill `CELLS` slots, about half a
    /// square.
    cells: [Move; CELLS],
}

#[cfg(not(feature = "no-pv"))]
const CELLS: usize = PV_PLIES * (PV_PLIES + 1) / 2;
#[cfg(not(feature = "no-pv"))]
const ROW: [u8; PV_PLIES] = rows();

#[cfg(not(feature = "no-pv"))]
const fn rows() -> [u8; PV_PLIES] {
    let mut rows = [0u8; PV_PLIES];
    let mut p = 1;
    while p < PV_PLIES {
        rows[p] = rows[p - 1] + (PV_PLIES - (p - 1)) as u8;
        p += 1;
    }
    rows
}

#[cfg(not(feature = "no-pv"))]
impl PvTable {
    /// Every line empty.
    pub(crate) const fn new() -> PvTable {
        PvTable { len: [0; PV_PLIES], cells: [Move::NONE; CELLS] }
    }

    /// The line at `ply` emptied: a node starts without one.
    #[inline(always)]
    pub(crate) fn clear(&mut self, ply: u8) {
        if (ply as usize) < PV_PLIES {
            self.len[ply as usize] = 0;
        }
    }

    /// A quiescence node at `ply` starts: as [`PvTable::clear`].
    #[inline(always)]
    pub(crate) fn clear_quiescence(&mut self, ply: u8) {
        self.clear(ply);
    }

    /// `m` is the new best move at the root.
    #[inline(always)]
    pub(crate) fn update_root(&mut self, m: Move) {
        self.update(0, m);
    }

    /// `m` is the new best move at `ply` (1 or more: the root's is
    /// [`PvTable::update_root`]): its line is `m`, then the child's.
    pub(crate) fn update(&mut self, ply: u8, m: Move) {
        let ply = ply as usize;
        if ply >= PV_PLIES {
            return;
        }
        let row = ROW[ply] as usize;
        self.cells[row] = m;
        let mut len = 1;
        if ply + 1 < PV_PLIES {
            // The child's row follows this one and is one shorter.
            let child_row = ROW[ply + 1] as usize;
            let child = self.len[ply + 1] as usize;
            while len <= child {
                self.cells[row + len] = self.cells[child_row + len - 1];
                len += 1;
            }
        }
        self.len[ply] = len as u8;
    }

    /// The root's line. Row 0 holds at most `PV_PLIES` moves (the clamp
    /// tells the compiler so: no bounds check).
    pub(crate) fn line(&self) -> &[Move] {
        &self.cells[..(self.len[0] as usize).min(PV_PLIES)]
    }
}

/// Only the line's first two moves are kept (the `no-pv` feature): the
/// root's best move and the reply it expects, for the C64's thinking
/// display. The reply is the best move found by the child of the root's
/// best move, which is exact there: a child node clears it when it starts
/// (a table cut-off or a quiescence node then leaves none), and only an
/// improvement on the root copies it. The root clears ply 1 before its
/// first iteration.
#[cfg(feature = "no-pv")]
pub(crate) struct PvTable {
    /// The root's line: its best move and the reply (NONE: not known).
    line: [Move; 2],
    /// The best move so far of the ply-1 node being searched.
    child: Move,
}

#[cfg(feature = "no-pv")]
impl PvTable {
    pub(crate) const fn new() -> PvTable {
        PvTable { line: [Move::NONE; 2], child: Move::NONE }
    }

    #[inline(always)]
    pub(crate) fn clear(&mut self, ply: u8) {
        if ply == 1 {
            self.child = Move::NONE;
        }
    }

    /// Nothing: a quiescence node at ply 1 is one of the first iteration's
    /// (later ones search ply 1 at depth 1 or more), where the reply is
    /// still the one the root cleared at the search's start.
    #[inline(always)]
    pub(crate) fn clear_quiescence(&mut self, _ply: u8) {}

    #[inline(always)]
    pub(crate) fn update(&mut self, ply: u8, m: Move) {
        if ply == 1 {
            self.child = m;
        }
    }

    #[inline(always)]
    pub(crate) fn update_root(&mut self, m: Move) {
        self.line = [m, self.child];
    }

    /// The best move and the reply, or the best move alone. Read only
    /// after an iteration, which has improved on the root at least once.
    pub(crate) fn line(&self) -> &[Move] {
        &self.line[..if self.line[1].is_none() { 1 } else { 2 }]
    }
}
