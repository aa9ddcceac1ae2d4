//! The search techniques' building blocks, and their switches.
//!
//! * **`pawn_attacks`** agrees with `attackers` (filtered to pawns) on every
//!   square of every position of random games.
//! * **`max_gain`** bounds what any legal capture or promotion wins.
//! * **Switches**: every technique off is the search before any technique
//!   was added, plus the horizon draw fix (its bench fingerprint); each
//!   switch changes the search; the table is emptied by `new_game`.

use c64chess_tests::{legal, position, SplitMix64};
use engine_core::attacks::MAX_ATTACKERS;
use engine_core::bench::bench;
use engine_core::eval_tables::PIECE_VALUE;
use engine_core::piece::{Color, EMPTY, PAWN, QUEEN};
use engine_core::search::Techniques;
use engine_core::square::Square;
use engine_core::{Position, Searcher};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Pawns on the seventh ranks and pieces to take on both sides.
const PROMOTING: &str = "r3k2r/1P4P1/8/3q4/8/8/1p4p1/R3K2R w - - 0 1";

/// Positions of random games from the three starts (about 1,500).
fn random_positions() -> Vec<Position> {
    let mut rng = SplitMix64::new(0x7ec4);
    let mut out = Vec::new();
    for game in 0..30 {
        let mut pos = position([START, KIWIPETE, PROMOTING][game % 3]);
        for _ in 0..60 {
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            pos.make(rng.pick(&moves));
        }
    }
    out
}

#[test]
fn pawn_defends_agrees_with_attackers() {
    let mut checked = 0;
    for pos in random_positions() {
        for sq in Square::all() {
            for by in Color::BOTH {
                let mut out = [Square::A8; MAX_ATTACKERS];
                let n = pos.attackers(sq, by, &mut out) as usize;
                let by_pawn = out[..n].iter().any(|&a| pos.at(a).kind() == PAWN);
                assert_eq!(pos.pawn_attacks(sq, by), by_pawn, "{} square {sq} by {by:?}", pos.fen());
                checked += usize::from(by_pawn);
            }
        }
    }
    assert!(checked > 1000, "too few pawn-defended squares seen: {checked}");
}

#[test]
fn max_gain_bounds_every_capture_and_promotion() {
    let mut tight = 0;
    for pos in random_positions() {
        let bound = pos.max_gain();
        for m in legal(&pos) {
            let victim = if m.is_capture() { PIECE_VALUE[pos.at(m.to).kind().max(PAWN) as usize] } else { 0 };
            let promotion =
                if m.promotion() != 0 { PIECE_VALUE[m.promotion() as usize] - PIECE_VALUE[PAWN as usize] } else { 0 };
            assert!(victim + promotion <= bound, "{m} wins {} > {bound} in {}", victim + promotion, pos.fen());
            tight += usize::from(victim + promotion == bound);
        }
    }
    assert!(tight > 0, "the bound is never reached: is it too loose?");
    assert!(PIECE_VALUE[QUEEN as usize] > 0 && EMPTY.is_empty());
}

fn bench_with(t: Techniques) -> (u32, u32) {
    let mut s = Box::new(Searcher::new());
    s.set_techniques(t);
    let report = bench(&mut s, |_, _| {});
    (report.nodes, report.digest.0)
}

/// Every technique off (the mate-drive checks kept: they predate the
/// switches) is the engine of commit b6d161b (bench 204,048, digest
/// bbcd0829) with two changes that are not techniques: the draw test at the
/// first quiescence ply (7 nodes fewer: 204,041, digest 72a7922e), and
/// lines cut at ply 22 instead of 28 (`DEEPEST_PLY`, for the C64's soft
/// stack: 114 nodes fewer): 203,927 nodes, digest 256abeb7, with the
/// hand-written evaluation. With the tuned one (issue 18) it searches other
/// trees: 203,230 nodes, digest 81bd8a56. A change to any switch's off path
/// moves this fingerprint.
#[test]
fn all_off_is_the_search_before_the_techniques() {
    let before = Techniques { mate_checks: true, ..Techniques::NONE };
    assert_eq!(bench_with(before), (203_230, 0x81bd_8a56));
}

#[test]
fn each_switch_changes_the_search() {
    let all = bench_with(Techniques::default());
    type Switch = (&'static str, fn(&mut Techniques));
    let switches: [Switch; 6] = [
        ("tt", |t| t.tt = false),
        ("pvs", |t| t.pvs = false),
        ("futility", |t| t.futility = false),
        ("qprune", |t| t.qprune = false),
        ("check_ext", |t| t.check_ext = false),
        ("lmr", |t| t.lmr = false),
    ];
    for (name, off) in switches {
        let mut t = Techniques::default();
        off(&mut t);
        assert_ne!(bench_with(t), all, "switching {name} off changed nothing");
    }
}

#[test]
fn new_game_empties_the_table() {
    let pos = position(KIWIPETE);
    let limits = engine_core::level::level(3);
    let mut s = Box::new(Searcher::new());
    let first = s.search(&pos, limits, &mut ());
    let again = s.search(&pos, limits, &mut ());
    assert_ne!(first.nodes, again.nodes, "the second search should use the first one's table");
    s.new_game(0);
    assert_eq!(s.search(&pos, limits, &mut ()), first, "new_game must forget the table");
}
