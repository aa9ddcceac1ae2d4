//! `perft` and `divide`; [`divide`] is also what `uci`'s `perft N` prints.

use std::process::ExitCode;
use std::time::Instant;

use engine_core::{perft_in, Move, Position, MAX_MOVES, START_FEN};

use crate::out::outln;

/// Arena slots for the host's perft: far more than any tree that finishes needs.
const HOST_ARENA: usize = 4096;

/// Parse `fen` (or the start position) or print the parser's error.
pub fn load_position(fen: Option<&str>) -> Result<Position, ExitCode> {
    Position::from_fen(fen.unwrap_or(START_FEN)).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
}

/// Perft split by root move: each legal root move, in generation order,
/// goes to `each` with its leaf count at `depth - 1`. Returns the total,
/// or `None` if the move arena ran out (after the moves counted so far).
/// Depth 0 is the root alone: 1, and no moves. The position is restored.
pub fn divide(pos: &mut Position, depth: u8, mut each: impl FnMut(Move, u64)) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut arena = vec![Move::NONE; HOST_ARENA];
    let mut moves = [Move::NONE; MAX_MOVES];
    let n = pos.legal_moves(&mut moves);
    let mut total = 0u64;
    for &m in &moves[..n] {
        let undo = pos.make(m);
        let count = perft_in(pos, depth - 1, &mut arena);
        pos.unmake(m, undo);
        let count = count?;
        each(m, count);
        total += count;
    }
    Some(total)
}

/// The deepest perft run without `--force`. From the initial position
/// depth 7 is 3.2 billion leaves, a few minutes here (about 17 million
/// leaves a second); each ply more multiplies the time by about 30 (depth
/// 8: over an hour; 9: days), so a deeper request is far more likely a
/// slip than a plan, and is refused with the way to force it.
pub const MAX_DEPTH: u8 = 7;

/// Run perft (or, with `split`, divide: a line per root move) and print
/// nodes, time and speed. A depth past [`MAX_DEPTH`] needs `force`.
pub fn run(depth: u8, fen: Option<&str>, split: bool, force: bool) -> ExitCode {
    if depth > MAX_DEPTH && !force {
        let name = if split { "divide" } else { "perft" };
        eprintln!(
            "error: {name} {depth} would not finish in reasonable time (depth {MAX_DEPTH} takes minutes, \
             each ply more about 30 times as long); add --force to run it anyway"
        );
        return ExitCode::from(2);
    }
    let mut pos = match load_position(fen) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let start = Instant::now();
    let total = if split && depth > 0 {
        let Some(total) = divide(&mut pos, depth, |m, count| outln!("{m}: {count}")) else {
            return arena_exhausted();
        };
        outln!();
        total
    } else {
        match perft_in(&mut pos, depth, &mut vec![Move::NONE; HOST_ARENA]) {
            Some(n) => n,
            None => return arena_exhausted(),
        }
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("nodes {total}");
    outln!("time {secs:.3} s");
    outln!("nps {:.0}", total as f64 / secs.max(1e-9));
    ExitCode::SUCCESS
}

fn arena_exhausted() -> ExitCode {
    eprintln!("error: perft move arena exhausted (depth too large for this position)");
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divide_splits_the_count_by_root_move() {
        let mut pos = Position::startpos();
        let mut lines = Vec::new();
        assert_eq!(divide(&mut pos, 3, |m, count| lines.push((m.to_string(), count))), Some(8_902));
        assert_eq!(lines.len(), 20);
        assert!(lines.contains(&("e2e4".to_string(), 600)), "{lines:?}");
        assert_eq!(lines.iter().map(|(_, count)| count).sum::<u64>(), 8_902);
        assert!(pos == Position::startpos());
        assert_eq!(divide(&mut pos, 0, |_, _| panic!("no root moves at depth 0")), Some(1));
    }
}
