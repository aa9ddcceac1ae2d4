//! `UCI_LimitStrength` / `UCI_Elo` against the scale they are fitted on:
//! at a requested rating, a match against Stockfish 15.1 limited to the same
//! rating must come out even, within a stated tolerance.
//!
//! Needs Debian's `stockfish` (15.1), so it is ignored in a plain
//! `cargo test`; CI installs Stockfish and runs it with `--ignored`:
//!
//!     cargo test --release -p c64chess --test strength_limit -- --ignored
//!
//! Stockfish is set up as the ladder sets it up (tools/ladder/ladder.py):
//! `UCI_LimitStrength`, `UCI_Elo`, Threads 1, Hash 16, and `go depth` two
//! plies beyond the depth at which its limiter picks the move.

mod match_support;

use match_support::*;

/// Stockfish 15.1's pick depth for `elo`, plus the ladder's two plies.
fn stockfish_depth(elo: u16) -> u32 {
    let level = ((f64::from(elo) - 1346.6) / 143.4).max(0.0).powf(1.0 / 0.806).min(20.0);
    1 + level as u32 + 2
}

fn stockfish() -> String {
    ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .expect("Stockfish is needed: apt-get install stockfish")
        .to_string()
}

/// Score of c64chess at `UCI_Elo=elo` against Stockfish at `UCI_Elo=elo`.
fn even_match(elo: u16, games: u32) -> f64 {
    let ours = format!("UCI_LimitStrength=true UCI_Elo={elo}");
    let theirs = format!("UCI_Elo={elo}");
    let depth = stockfish_depth(elo).to_string();
    let games = games.to_string();
    let sf = stockfish();
    let run = run_match(&[
        "--a",
        &ours,
        "--b-cmd",
        &sf,
        "--b-uci",
        "UCI_LimitStrength=true",
        "--b-uci",
        &theirs,
        "--b-uci",
        "Threads=1",
        "--b-uci",
        "Hash=16",
        "--b-depth",
        &depth,
        "--games",
        &games,
        "--jobs",
        "2",
    ]);
    let s = summary(&run);
    assert_eq!(s.forfeits, [[0; 3]; 2], "{}", run.stdout);
    assert_eq!(s.wins + s.draws + s.losses, s.games);
    (f64::from(s.wins) + f64::from(s.draws) / 2.0) / f64::from(s.games)
}

/// Tolerance: the score lies between 30% and 70%, about +-150 Elo. That
/// is wide because Stockfish's scale is uneven against this engine: it
/// moves in steps at each depth its limiter picks from, and level 1, rated
/// 1451 by the ladder's fit before issue 16 (1457 now), scored 46.6%
/// against Stockfish at 1550 (it "is" 1526 there). Measured at this rating
/// before issue 16: 64.1% and 63.4% (two runs of 1,000 games, openings in
/// file order and shuffled). Over 1,000 games
/// (500 opening pairs, whose points have a variance of about 0.55) the
/// score's standard error is 1.7 points, so the measured mapping fails
/// this about once in 10^7 runs; a mapping that plays level 4 at 1550
/// (about 95%), or the inverse of the ladder, fails it every time.
const TOLERANCE: f64 = 0.20;

#[test]
#[ignore = "needs Stockfish; CI runs it"]
fn a_rating_between_two_levels_plays_even_with_stockfish_at_that_rating() {
    // Between levels 1 and 2 (1457 and 1663): an interpolated
    // budget (657 nodes, depth cap 4), not a level.
    let elo = 1550;
    let score = even_match(elo, 1000);
    assert!((score - 0.5).abs() <= TOLERANCE, "UCI_Elo {elo}: scored {:.1}% against Stockfish at {elo}", 100.0 * score);
}
