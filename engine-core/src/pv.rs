//! The principal variation: the line the search expects, kept for the
//! front ends that show it ([`crate::search::Iteration::pv`]: UCI's `info
//! pv`). It never steers the search: the move played is tracked apart, so
//! a build without it searches node for node the same.
//!
//! The C64 builds (the `no-pv` feature) keep only the best move and the
//! reply expected, which their thinking display shows, in 12 bytes: the
//! whole table would be 560 bytes of RAM, and 2 writes a node.

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

#[cfg(all(test, not(feature = "no-pv")))]
mod tests {
    use super::*;
    use crate::square::Square;

    #[test]
    fn rows_are_triangular() {
        assert_eq!(ROW[0], 0);
        for p in 1..PV_PLIES {
            assert_eq!((ROW[p] - ROW[p - 1]) as usize, PV_PLIES - (p - 1));
        }
        // The last row holds one move and ends the table.
        assert_eq!(ROW[PV_PLIES - 1] as usize + 1, CELLS);
    }

    #[test]
    fn a_line_is_the_move_then_the_childs_line() {
        let (a, b, c) = (
            Move::new(Square::E2, Square::E4, 0),
            Move::new(Square::E7, Square::E5, 0),
            Move::new(Square::G1, Square::F3, 0),
        );
        let mut pv = PvTable::new();
        pv.clear(2);
        pv.update(2, c);
        pv.clear(1);
        pv.update(1, b);
        pv.clear(0);
        pv.update(0, a);
        assert_eq!(pv.line(), &[a, b, c]);
        pv.clear(1);
        pv.update(0, a);
        assert_eq!(pv.line(), &[a], "a child without a line");
    }
}

/// The 2-move line of the `no-pv` builds (`cargo test -p engine-core
/// --features no-pv`, a step of `.ci/run`).
#[cfg(all(test, feature = "no-pv"))]
mod tests {
    use super::*;
    use crate::square::Square;

    #[test]
    fn the_line_is_the_roots_move_and_its_childs_best() {
        let (a, b, c, d) = (
            Move::new(Square::E2, Square::E4, 0),
            Move::new(Square::E7, Square::E5, 0),
            Move::new(Square::G1, Square::F3, 0),
            Move::new(Square::D2, Square::D4, 0),
        );
        let mut pv = PvTable::new();
        // The root's first move: its child (ply 1) found b; a grandchild's
        // improvement (ply 2) is not the reply.
        pv.clear(1);
        pv.update(1, b);
        pv.clear(2);
        pv.update(2, c);
        pv.update_root(a);
        assert_eq!(pv.line(), &[a, b]);
        // A later root move whose child ended without an improvement (a
        // table cut-off): the best move alone.
        pv.clear(1);
        pv.update_root(d);
        assert_eq!(pv.line(), &[d], "no reply known");
        // A child's improvement without a better root move changes nothing.
        pv.clear(1);
        pv.update(1, c);
        assert_eq!(pv.line(), &[d]);
    }
}
