//! Won bare-king endings are converted: the engine at level 1 (the weakest,
//! 400 nodes a move) mates a lone king defended by the engine at level 4, from
//! random KQ-K and KR-K starts, before the fifty-move rule or a threefold
//! repetition, in at least 95% of the games of each set.
//!
//! Starts are drawn from a seeded PRNG and checked with shakmaty: a legal
//! position, the stronger side to move, kings apart, and the piece not next to
//! the bare king (it cannot simply be taken). Both colours take the stronger
//! side, alternately. Every game is played with two separate searchers from
//! `new_game(0)`, so a failure replays exactly from the printed FEN.
//!
//! The default run plays 20 + 20 games; `--ignored` runs 100 + 100.

use c64chess_tests::{fen_of, SplitMix64};
use engine_core::level::level;
use engine_core::{Move, Position, Searcher, MAX_MOVES};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

fn near(a: usize, b: usize) -> bool {
    (a % 8).abs_diff(b % 8) <= 1 && (a / 8).abs_diff(b / 8) <= 1
}

/// `n` random starts of king + `piece` ('Q' or 'R') against a bare king.
fn starts(piece: char, n: usize, seed: u64) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let white_strong = out.len() % 2 == 0;
        let (sk, sp, wk) = (rng.below(64), rng.below(64), rng.below(64));
        if sk == sp || sk == wk || sp == wk || near(sk, wk) || near(sp, wk) {
            continue;
        }
        let (kc, pc, wc) = if white_strong { ('K', piece, 'k') } else { ('k', piece.to_ascii_lowercase(), 'K') };
        let fen = fen_of(&[(sk, kc), (sp, pc), (wk, wc)], if white_strong { 'w' } else { 'b' });
        // Legal (the bare king, not to move, is not in check), game not over.
        let Ok(setup) = fen.parse::<Fen>() else { continue };
        let Ok(pos) = setup.into_position::<Chess>(CastlingMode::Standard) else { continue };
        if pos.is_game_over() {
            continue;
        }
        out.push(fen);
    }
    out
}

#[derive(Debug, PartialEq)]
enum End {
    Mate,
    Stalemate,
    Fifty,
    Threefold,
    PieceLost,
}

/// Play one game; the stronger side (to move at the start) at level 1, the
/// bare king at level 4. Returns how it ended and the plies played.
fn play(fen: &str) -> (End, u32, Vec<String>) {
    let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("engine rejected {fen}: {e}"));
    let strong_side = pos.side_to_move();
    let mut strong = Box::new(Searcher::new());
    let mut weak = Box::new(Searcher::new());
    strong.new_game(0);
    weak.new_game(0);
    let mut moves = Vec::new();
    let mut buf = [Move::NONE; MAX_MOVES];
    let mut plies = 0;
    loop {
        if pos.legal_moves(&mut buf) == 0 {
            let end = if pos.in_check() { End::Mate } else { End::Stalemate };
            // The engine's verdict, checked by shakmaty.
            let theirs: Chess =
                pos.fen().to_string().parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            assert_eq!(theirs.is_checkmate(), end == End::Mate, "{fen} after {moves:?}");
            return (end, plies, moves);
        }
        if pos.halfmove_clock() >= 100 {
            return (End::Fifty, plies, moves);
        }
        if pos.repetitions() >= 2 {
            return (End::Threefold, plies, moves);
        }
        // The only captures possible are of the stronger side's piece.
        if pos.cells().iter().filter(|p| !p.is_empty()).count() < 3 {
            return (End::PieceLost, plies, moves);
        }
        let r = if pos.side_to_move() == strong_side {
            strong.search(&pos, level(1), &mut ())
        } else {
            weak.search(&pos, level(4), &mut ())
        };
        assert!(!r.best.is_none(), "{fen}: no move with legal moves on the board");
        moves.push(r.best.to_string());
        pos.make(r.best);
        plies += 1;
    }
}

/// Play every start; print the conversion figures; assert at least 95% mates.
fn convert(name: &str, piece: char, n: usize, seed: u64) {
    let t = std::time::Instant::now();
    let list = starts(piece, n, seed);
    let mut mates = 0usize;
    let mut by_colour = [(0usize, 0usize); 2]; // (mated, games) with White / Black stronger
    let mut mate_plies = Vec::new();
    let mut failures = Vec::new();
    for fen in &list {
        let (end, plies, moves) = play(fen);
        let colour = usize::from(fen.contains(" b "));
        by_colour[colour].1 += 1;
        if end == End::Mate {
            mates += 1;
            by_colour[colour].0 += 1;
            mate_plies.push(plies);
        } else {
            failures.push(format!("{end:?} after {plies} plies from {fen}: {}", moves.join(" ")));
        }
    }
    mate_plies.sort();
    let avg = mate_plies.iter().sum::<u32>() as f64 / mate_plies.len().max(1) as f64;
    println!(
        "{name}: {mates}/{} mated (White stronger {}/{}, Black stronger {}/{}); plies to mate avg {avg:.1}, median {}, max {}; {:.2?}",
        list.len(),
        by_colour[0].0,
        by_colour[0].1,
        by_colour[1].0,
        by_colour[1].1,
        mate_plies.get(mate_plies.len() / 2).unwrap_or(&0),
        mate_plies.last().unwrap_or(&0),
        t.elapsed()
    );
    for f in &failures {
        println!("  not converted: {f}");
    }
    assert!(mates * 100 >= 95 * list.len(), "{name}: only {mates}/{} converted:\n{}", list.len(), failures.join("\n"));
}

#[test]
fn kq_k_converted() {
    convert("KQ-K", 'Q', 20, 0x00C0_FFEE);
}

#[test]
fn kr_k_converted() {
    convert("KR-K", 'R', 20, 0x0000_BEEF);
}

#[test]
#[ignore = "long: 100 + 100 games"]
fn kq_k_converted_long() {
    convert("KQ-K", 'Q', 100, 0x0100_C0FF);
}

#[test]
#[ignore = "long: 100 + 100 games"]
fn kr_k_converted_long() {
    convert("KR-K", 'R', 100, 0x0100_BEEF);
}

/// The generator is sound: starts are distinct, legal for the engine, the
/// stronger side moves first, and both colours get the stronger side.
#[test]
fn starts_are_valid() {
    for piece in ['Q', 'R'] {
        let list = starts(piece, 40, 1);
        let mut sorted = list.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), list.len(), "duplicate starts");
        let mut white = 0;
        for fen in &list {
            let pos = Position::from_fen(fen).unwrap();
            assert!(!pos.in_check());
            let mover =
                if pos.side_to_move() == engine_core::piece::Color::White { piece } else { piece.to_ascii_lowercase() };
            assert!(fen.split(' ').next().unwrap().contains(mover), "{fen}: the side to move must own the piece");
            white += usize::from(pos.side_to_move() == engine_core::piece::Color::White);
        }
        assert_eq!(white, 20);
    }
}
