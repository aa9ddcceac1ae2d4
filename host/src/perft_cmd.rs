//! `perft` and `divide`.

use std::process::ExitCode;
use std::time::Instant;

use engine_core::{perft_in, Move, Position, MAX_MOVES, START_FEN};

/// Arena slots for the host's perft: far more than any tree that finishes needs.
const HOST_ARENA: usize = 4096;

/// Parse `fen` (or the start position) or print the parser's error.
pub fn load_position(fen: Option<&str>) -> Result<Position, ExitCode> {
    Position::from_fen(fen.unwrap_or(START_FEN)).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
}

/// Run perft (or divide, with a line per root move) and print nodes, time and speed.
pub fn run(depth: u8, fen: Option<&str>, divide: bool) -> ExitCode {
    let mut pos = match load_position(fen) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut arena = vec![Move::NONE; HOST_ARENA];
    let start = Instant::now();
    let total = if divide && depth > 0 {
        let mut moves = [Move::NONE; MAX_MOVES];
        let n = pos.legal_moves(&mut moves);
        let mut total = 0u64;
        for &m in &moves[..n] {
            let undo = pos.make(m);
            let count = perft_in(&mut pos, depth - 1, &mut arena);
            pos.unmake(m, undo);
            let Some(count) = count else { return arena_exhausted() };
            println!("{m}: {count}");
            total += count;
        }
        println!();
        total
    } else {
        match perft_in(&mut pos, depth, &mut arena) {
            Some(n) => n,
            None => return arena_exhausted(),
        }
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {total}");
    println!("time {secs:.3} s");
    println!("nps {:.0}", total as f64 / secs.max(1e-9));
    ExitCode::SUCCESS
}

fn arena_exhausted() -> ExitCode {
    eprintln!("error: perft move arena exhausted (depth too large for this position)");
    ExitCode::from(2)
}
