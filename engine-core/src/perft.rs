//! Perft: count the leaves of the legal move tree to a fixed depth.
//!
//! The reference counts are exact integers published for standard positions,
//! so a single wrong move anywhere in the tree shows up. Legality is decided
//! as the search decides it ([`Position::legality`], then make, and the
//! attack test after make where that is still needed), and every legal move
//! is made and unmade, leaves included: there is no bulk counting, so the
//! figure measures the same path the search uses.
//!
//! Move lists come from one arena, sliced per ply as the search does, rather
//! than from a list per recursion level on the stack.

use crate::attacks::Check;
use crate::legality::Legality;
use crate::movegen::{GenMode, MAX_MOVES};
use crate::mv::Move;
use crate::position::Position;

/// Arena slots used by [`perft`] (2 KB): room for any real position's tree
/// well past the depths that finish; [`perft_in`] takes a larger arena.
pub const PERFT_ARENA: usize = 512;

/// Leaf count of the legal move tree of `depth` plies, or `None` if the
/// arena ran out (possible only far deeper than anything that finishes in a
/// reasonable time). The position is restored before returning.
///
/// ```
/// use engine_core::{perft, Position};
/// let mut pos = Position::startpos();
/// assert_eq!(perft(&mut pos, 3), Some(8_902));
/// assert!(pos == Position::startpos());
/// ```
pub fn perft(pos: &mut Position, depth: u8) -> Option<u64> {
    let mut arena = [Move::NONE; PERFT_ARENA];
    perft_in(pos, depth, &mut arena)
}

/// [`perft`] with a caller-given arena.
pub fn perft_in(pos: &mut Position, depth: u8, arena: &mut [Move]) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let room = arena.len().min(MAX_MOVES);
    let n = pos.generate(&mut arena[..room], GenMode::All);
    if n == room {
        return None;
    }
    let check = Check::unknown_if(pos.in_check());
    let (moves, rest) = arena.split_at_mut(n);
    let mut total: u64 = 0;
    for &m in moves.iter() {
        let pre = pos.legality(m, check);
        if pre == Legality::Illegal {
            continue;
        }
        let undo = pos.make(m);
        let below = if pre == Legality::AfterMake && !pos.last_move_was_legal() {
            Some(0)
        } else if depth == 1 {
            Some(1)
        } else {
            perft_in(pos, depth - 1, rest)
        };
        pos.unmake(m, undo);
        total += below?;
    }
    Some(total)
}
