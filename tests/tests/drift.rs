//! The running totals never drift, and every bound they rely on holds.
//!
//! * **Random games** (2,000+, seeded, biased toward castling, en passant and
//!   promotion): for EVERY legal move at every ply, after `make` the carried
//!   totals equal a recount and the key equals the key of the same position
//!   parsed fresh from its FEN; after `unmake` the position equals the one
//!   before, field for field (the live history ring included).
//! * **Undo / redo walk**: a game played forward, taken back to the start and
//!   replayed reproduces every position exactly at every step.
//! * **Colour symmetry**: a position and its colour-mirror have opposite
//!   `mg` / `eg`, the same phase, and the same evaluation for the side to move.
//! * **Bounds**: the worst case of `mg`, `eg` and `phase` over every legal
//!   material (computed by probing each piece on each square) stays inside the
//!   documented bounds (|mg| < 12,000, |eg| < 1,000, phase <= 20,800), and
//!   `evaluate` stays inside the mate bound.
//! * **Search counters**: the node-budget arithmetic is 16-bit safe, and the
//!   move arena is never exhausted by the bench or a level-4 Kiwipete search.

use c64chess_tests::{assert_consistent, fen_of, legal, position as engine_pos, SplitMix64};
use engine_core::bench::{bench, BENCH_LIMITS, BENCH_POSITIONS};
use engine_core::level::{level, LEVELS};
use engine_core::mv::{CASTLE_KING, CASTLE_QUEEN, DOUBLE_PUSH, EN_PASSANT};
use engine_core::piece::Color;
use engine_core::score::{INF, MATE, MATE_BOUND, MAX_PLY};
use engine_core::search::ARENA_SIZE;
use engine_core::{Move, Position, Searcher};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A searcher on the heap (it is several kilobytes).
fn searcher() -> Box<Searcher> {
    Box::new(Searcher::new())
}

/// The colour mirror of a FEN: ranks reversed, colours swapped.
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castle: String = if f[2] == "-" {
        "-".into()
    } else {
        let swapped: String = f[2]
            .chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect();
        "KQkq".chars().filter(|c| swapped.contains(*c)).collect()
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, (b'9' - (b[1] - b'0')) as char)
    };
    format!("{} {} {} {} {} {}", board.join("/"), side, castle, ep, f.get(4).unwrap_or(&"0"), f.get(5).unwrap_or(&"1"))
}

/// The checks made after every `make`: every invariant (the totals against a
/// recount among them), and the key (and placement totals) against the same
/// position parsed from its FEN.
fn check_after_make(pos: &Position, what: &dyn Fn() -> String) {
    assert_consistent(pos, || format!("after make: {}", what()));
    let fen = pos.fen().to_string();
    let fresh = Position::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN {fen:?} rejected ({e}): {}", what()));
    assert_eq!(fresh.key(), pos.key(), "key differs from a fresh parse of {fen}: {}", what());
    assert_eq!(fresh.totals(), pos.totals(), "totals differ from a fresh parse of {fen}: {}", what());
    assert_eq!(fresh.cells(), pos.cells(), "FEN round trip lost the board: {}", what());
}

/// Start positions rich in castling, en passant and promotion.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "r3k2r/1P4P1/8/2pP4/4Pp2/8/1p4p1/R3K2R w KQkq c6 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

#[derive(Default, Debug)]
struct Coverage {
    games: u32,
    plies: u64,
    moves_checked: u64,
    castles: u32,
    en_passant: u32,
    promotions: u32,
    underpromotions: u32,
    mates: u32,
    stalemates: u32,
}

/// One random game from `seed`: every legal move is made and unmade with the
/// checks, then one (biased) move is played.
fn random_game(seed: u64, cap: u32, cov: &mut Coverage) {
    let mut rng = SplitMix64::new(seed);
    let start = STARTS[rng.below(STARTS.len())];
    let mut pos = engine_pos(start);
    let mut played: Vec<String> = Vec::new();
    cov.games += 1;
    for ply in 0..cap {
        let moves = legal(&pos);
        if moves.is_empty() {
            if pos.in_check() {
                cov.mates += 1;
            } else {
                cov.stalemates += 1;
            }
            return;
        }
        let before = pos.clone();
        for &m in &moves {
            let undo = pos.make(m);
            check_after_make(&pos, &|| {
                format!("seed {seed} ply {ply} move {m} from {} after {played:?}", before.fen())
            });
            pos.unmake(m, undo);
            assert_consistent(&pos, || format!("after unmake of {m}, seed {seed} ply {ply}"));
            assert!(pos == before, "unmake of {m} did not restore {} (seed {seed} ply {ply})", before.fen());
            cov.moves_checked += 1;
        }
        let special: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.flags & (CASTLE_KING | CASTLE_QUEEN | EN_PASSANT) != 0 || m.promotion() != 0)
            .collect();
        let pushes: Vec<Move> = moves.iter().copied().filter(|m| m.flags & DOUBLE_PUSH != 0).collect();
        let captures: Vec<Move> = moves.iter().copied().filter(|m| m.is_capture()).collect();
        let m = if !special.is_empty() && rng.chance(85) {
            special[rng.below(special.len())]
        } else if !pushes.is_empty() && rng.chance(40) {
            pushes[rng.below(pushes.len())] // double pushes create en passant chances
        } else if !captures.is_empty() && rng.chance(30) {
            captures[rng.below(captures.len())] // clears the way for promotions
        } else {
            moves[rng.below(moves.len())]
        };
        if m.flags & (CASTLE_KING | CASTLE_QUEEN) != 0 {
            cov.castles += 1;
        }
        if m.flags & EN_PASSANT != 0 {
            cov.en_passant += 1;
        }
        if m.promotion() != 0 {
            cov.promotions += 1;
            if m.promotion() != engine_core::piece::QUEEN {
                cov.underpromotions += 1;
            }
        }
        let undo = pos.make(m);
        let prev = before;
        check_after_make(&pos, &|| format!("seed {seed} ply {ply} played {m}"));
        // The played move too: unmake restores, make again reproduces.
        let after = pos.clone();
        pos.unmake(m, undo);
        assert!(pos == prev, "unmake of played {m} (seed {seed} ply {ply})");
        let undo2 = pos.make(m);
        assert_eq!(undo, undo2);
        assert!(pos == after, "re-making {m} differs (seed {seed} ply {ply})");
        played.push(m.to_string());
        cov.plies += 1;
    }
}

// ---------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------

#[test]
fn random_games_never_drift() {
    const GAMES: u64 = 2_000;
    const CAP: u32 = 200;
    // The games are independent: spread them over the available cores.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8) as u64;
    let parts: Vec<Coverage> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut cov = Coverage::default();
                    for seed in (t..GAMES).step_by(threads as usize) {
                        random_game(0xD21F_7000 + seed, CAP, &mut cov);
                    }
                    cov
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a random game failed: see its message above")).collect()
    });
    let mut cov = Coverage::default();
    for p in parts {
        cov.games += p.games;
        cov.plies += p.plies;
        cov.moves_checked += p.moves_checked;
        cov.castles += p.castles;
        cov.en_passant += p.en_passant;
        cov.promotions += p.promotions;
        cov.underpromotions += p.underpromotions;
        cov.mates += p.mates;
        cov.stalemates += p.stalemates;
    }
    println!("{cov:?}");
    assert_eq!(cov.games as u64, GAMES);
    // The bias worked: every special move kind was exercised many times.
    assert!(cov.castles >= 500, "{cov:?}");
    assert!(cov.en_passant >= 500, "{cov:?}");
    assert!(cov.promotions >= 1_000, "{cov:?}");
    assert!(cov.underpromotions >= 500, "{cov:?}");
    assert!(cov.mates + cov.stalemates >= 50, "{cov:?}");
}

/// Play forward, take everything back, play forward again: at every step the
/// position (history ring included) and the totals equal the first pass.
/// Games of up to 120 plies: the key ring (128 entries) never wraps.
#[test]
fn undo_redo_walk() {
    undo_redo(120);
}

/// The same walk over games of up to 200 plies, so the key ring wraps and
/// several moves are taken back from a full ring. `Position::eq` compares the
/// live ring (the last `min(history_len, 127)` keys), which the module
/// documentation promises stays exact.
#[test]
fn undo_redo_walk_past_the_ring() {
    undo_redo(200);
}

fn undo_redo(cap: usize) {
    for seed in 0..200u64 {
        let mut rng = SplitMix64::new(0x0BAD_5EED + seed);
        let mut pos = engine_pos(STARTS[(seed as usize) % STARTS.len()]);
        let mut line: Vec<(Move, engine_core::Undo)> = Vec::new();
        let mut seen: Vec<Position> = vec![pos.clone()];
        for _ in 0..cap {
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let u = pos.make(m);
            line.push((m, u));
            seen.push(pos.clone());
        }
        assert_eq!(pos.history_len() as usize, line.len());
        for i in (0..line.len()).rev() {
            let (m, u) = line[i];
            pos.unmake(m, u);
            assert_consistent(&pos, || format!("seed {seed}: undo to ply {i}"));
            assert!(
                pos == seen[i],
                "seed {seed}: undo to ply {i} of {} differs{}",
                line.len(),
                if pos.cells() == seen[i].cells()
                    && pos.key() == seen[i].key()
                    && pos.history_len() == seen[i].history_len()
                {
                    " (board, key and history length agree: the live key ring does not)"
                } else {
                    ""
                }
            );
        }
        for (i, &(m, u)) in line.iter().enumerate() {
            let u2 = pos.make(m);
            assert_eq!(u, u2, "seed {seed}: redo ply {i} undo record differs");
            assert_consistent(&pos, || format!("seed {seed}: redo ply {i}"));
            assert!(pos == seen[i + 1], "seed {seed}: redo ply {i} differs");
            assert_eq!(pos.key(), seen[i + 1].key());
        }
    }
}

// ---------------------------------------------------------------------------
// Colour symmetry
// ---------------------------------------------------------------------------

#[test]
fn evaluation_is_colour_symmetric() {
    let mut n = 0;
    for seed in 0..300u64 {
        let mut rng = SplitMix64::new(0x5151_0000 + seed);
        let mut pos = engine_pos(STARTS[rng.below(STARTS.len())]);
        for _ in 0..120 {
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
            let fen = pos.fen().to_string();
            let m = engine_pos(&mirror_fen(&fen));
            let (a, b) = (pos.totals(), m.totals());
            assert_eq!((a.mg, a.eg, a.phase), (-b.mg, -b.eg, b.phase), "{fen} vs its mirror");
            assert_eq!(
                pos.evaluate(pos.side_to_move()),
                m.evaluate(m.side_to_move()),
                "{fen} (mg {}, eg {}, phase {}): the side to move scores differently in the mirror {}",
                a.mg,
                a.eg,
                a.phase,
                m.fen()
            );
            assert_eq!(pos.evaluate(Color::White), -pos.evaluate(Color::Black));
            n += 1;
        }
    }
    assert!(n > 10_000);
}

// ---------------------------------------------------------------------------
// Bounds
// ---------------------------------------------------------------------------

/// What one piece adds to (mg, eg, phase) on a square, measured by placing it
/// beside two kings (the totals are sums over the board: `Totals::place`).
struct Probe {
    /// [piece letter index][tile] -> (mg, eg, phase); letters "PNBRQ" then "pnbrq".
    piece: Vec<Vec<Option<(i32, i32, i32)>>>,
    /// (mg, eg) extremes of the two kings together, over all placements.
    kings_mg: (i32, i32),
    kings_eg: (i32, i32),
}

const LETTERS: [char; 10] = ['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'];

fn probe() -> Probe {
    let mut kings_mg = (i32::MAX, i32::MIN);
    let mut kings_eg = (i32::MAX, i32::MIN);
    for wk in 0..64usize {
        for bk in 0..64usize {
            let (wf, wr, bf, br) = (wk % 8, wk / 8, bk % 8, bk / 8);
            if wf.abs_diff(bf) <= 1 && wr.abs_diff(br) <= 1 {
                continue;
            }
            let t = engine_pos(&fen_of(&[(wk, 'K'), (bk, 'k')], 'w')).totals();
            kings_mg = (kings_mg.0.min(t.mg as i32), kings_mg.1.max(t.mg as i32));
            kings_eg = (kings_eg.0.min(t.eg as i32), kings_eg.1.max(t.eg as i32));
        }
    }
    // Kings parked on a1 and h8 (tiles 56 and 7); pieces probed everywhere else.
    let kings = [(56usize, 'K'), (7usize, 'k')];
    let base = engine_pos(&fen_of(&kings, 'w')).totals();
    let mut piece = vec![vec![None; 64]; LETTERS.len()];
    for (i, &c) in LETTERS.iter().enumerate() {
        for (t, slot) in piece[i].iter_mut().enumerate() {
            if t == 56 || t == 7 || (c.eq_ignore_ascii_case(&'p') && !(8..56).contains(&t)) {
                continue;
            }
            // Either side may be in check here; pick the side so the FEN is valid.
            let cells = [kings[0], kings[1], (t, c)];
            let pos = Position::from_fen(&fen_of(&cells, 'w')).or_else(|_| Position::from_fen(&fen_of(&cells, 'b')));
            let tt = pos.unwrap_or_else(|e| panic!("probe {c} on {t}: {e}")).totals();
            *slot = Some((
                tt.mg as i32 - base.mg as i32,
                tt.eg as i32 - base.eg as i32,
                tt.phase as i32 - base.phase as i32,
            ));
        }
    }
    Probe { piece, kings_mg, kings_eg }
}

/// The worst case of one side's pieces for a total: the original queen, two
/// rooks, two bishops, two knights, and eight pawns each either a pawn or a
/// promoted piece, every piece on its own best square (an upper bound: two
/// pieces may not share a square in reality).
fn worst_side(p: &Probe, white: bool, pick: impl Fn((i32, i32, i32)) -> i32, maximise: bool) -> i32 {
    let best = |letter: char| -> i32 {
        let c = if white { letter } else { letter.to_ascii_lowercase() };
        let i = LETTERS.iter().position(|&l| l == c).unwrap();
        let vals = p.piece[i].iter().flatten().map(|&v| pick(v));
        if maximise {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    };
    let (q, r, b, n, pawn) = (best('Q'), best('R'), best('B'), best('N'), best('P'));
    let slot = if maximise {
        [pawn, q, r, b, n].into_iter().max().unwrap()
    } else {
        [pawn, q, r, b, n].into_iter().min().unwrap()
    };
    q + 2 * r + 2 * b + 2 * n + 8 * slot
}

#[test]
fn totals_bounds_hold_for_every_legal_material() {
    let p = probe();
    let mg = |v: (i32, i32, i32)| v.0;
    let eg = |v: (i32, i32, i32)| v.1;
    let ph = |v: (i32, i32, i32)| v.2;
    // mg: White's best with Black's least helpful (and vice versa). Black
    // pieces only lower mg (and raise it only by their absence), so the
    // extreme is one full side against a bare king.
    let mg_max = p.kings_mg.1 + worst_side(&p, true, mg, true);
    let mg_min = p.kings_mg.0 + worst_side(&p, false, mg, false);
    // eg: each side's pieces may push either way; take both extremes.
    let eg_max = p.kings_eg.1 + worst_side(&p, true, eg, true).max(0) + worst_side(&p, false, eg, true).max(0);
    let eg_min = p.kings_eg.0 + worst_side(&p, true, eg, false).min(0) + worst_side(&p, false, eg, false).min(0);
    let phase_max = worst_side(&p, true, ph, true) + worst_side(&p, false, ph, true);
    println!("mg {mg_min}..={mg_max}, eg {eg_min}..={eg_max}, phase 0..={phase_max}");
    // The mg argument above needs every White piece to count positive and
    // every Black piece negative, and no piece to lower the phase.
    for (i, c) in LETTERS.iter().enumerate() {
        for v in p.piece[i].iter().flatten() {
            assert_eq!(v.0 > 0, c.is_ascii_uppercase(), "{c}: mg contribution {}", v.0);
            assert!(v.2 >= 0, "{c}: phase contribution {}", v.2);
        }
    }
    assert!(mg_max < 12_000 && mg_min > -12_000, "|mg| bound broken: {mg_min}..={mg_max}");
    assert!(eg_max < 1_000 && eg_min > -1_000, "|eg| bound broken: {eg_min}..={eg_max}");
    assert_eq!(phase_max, 20_800, "phase of nine queens, two rooks, two bishops, two knights a side");
    assert_eq!(engine_pos("k7/8/8/8/8/8/8/7K w - - 0 1").totals().phase, 0);
    // i16 holds every intermediate of evaluate: mg + eg + the mate drive.
    assert!(mg_max + eg_max + 1_000 < i16::MAX as i32);
    assert!(mg_max + eg_max + 1_000 < MATE_BOUND as i32, "an evaluation could pass for a mate");
}

/// Concrete extreme positions: the most material possible on both sides, and
/// all of it on one side against a bare king.
#[test]
fn extreme_material_positions() {
    let cases = [
        "kqqqqqqq/qqrrbbnn/8/8/8/8/QQRRBBNN/KQQQQQQQ w - - 0 1",
        "kqqqqqqq/qqrrbbnn/8/8/8/8/QQRRBBNN/KQQQQQQQ b - - 0 1",
        // One side only; the bare king is in check, which the parser allows
        // for the side to move.
        "k7/8/8/8/8/8/QQRRBBNN/KQQQQQQQ b - - 0 1",
        "kqqqqqqq/qqrrbbnn/8/8/8/8/8/K7 w - - 0 1",
        // Queens on the squares the tables like best.
        "k7/8/2QQQQ2/2QQQQ2/2Q5/3RRBBN/7N/7K b - - 0 1",
        "k7/n7/nbbrr3/5q2/2qqqq2/2qqqq2/8/7K w - - 0 1",
        // Pawns only: the endgame tables' extremes.
        "k7/PPPPPPPP/8/8/8/8/8/7K b - - 0 1",
        "k7/8/8/8/8/8/pppppppp/7K w - - 0 1",
    ];
    for fen in cases {
        let pos = engine_pos(fen);
        let t = pos.totals();
        assert_eq!(t, pos.recount(), "{fen}");
        assert!((0..=20_800).contains(&t.phase), "{fen}: phase {}", t.phase);
        assert!(t.mg.unsigned_abs() < 12_000, "{fen}: mg {}", t.mg);
        assert!(t.eg.unsigned_abs() < 1_000, "{fen}: eg {}", t.eg);
        for side in [Color::White, Color::Black] {
            let e = pos.evaluate(side);
            assert!(e.unsigned_abs() < MATE_BOUND as u16, "{fen}: evaluate {e}");
        }
        println!("{fen}: mg {} eg {} phase {} eval(w) {}", t.mg, t.eg, t.phase, pos.evaluate(Color::White));
    }
    assert_eq!(engine_pos(cases[0]).totals().phase, 20_800);
}

// ---------------------------------------------------------------------------
// Search counters
// ---------------------------------------------------------------------------

/// The iteration guard `nodes > budget / 3` is written with a division
/// because `3 * nodes` overflows 16 bits at the largest budget. This proves,
/// for every 16-bit budget, that the division form computed in `u16` agrees
/// with the exact comparison `3 * nodes > budget` (computed wide), at the
/// threshold where they could differ (both sides are monotonic in `nodes`).
#[test]
fn node_guard_is_sixteen_bit_safe() {
    let largest = LEVELS.iter().map(|l| l.nodes).chain([BENCH_LIMITS.nodes]).max().unwrap();
    assert_eq!(largest, 65_000);
    // The budgets fit 16 bits, and so does a third of them ...
    let budget = u16::try_from(largest).expect("largest budget fits a u16");
    assert_eq!(budget / 3, 21_666);
    // ... but the multiplied form does not.
    let nodes_at_budget: u16 = budget;
    assert_eq!(nodes_at_budget.checked_mul(3), None, "3 * nodes must overflow 16 bits: that is why it is not used");
    for b in 0..=u16::MAX {
        let t = b / 3;
        for n in [t.saturating_sub(1), t, t.saturating_add(1), t.saturating_add(2)] {
            let exact = 3 * n as u32 > b as u32;
            let safe = n > b / 3;
            assert_eq!(safe, exact, "budget {b}, nodes {n}");
        }
    }
    // Mate scores by ply and the window fit an i16 with room to negate
    // (constants today; the checks guard a future edit).
    let (inf, mate, max_ply) = (std::hint::black_box(INF), std::hint::black_box(MATE), std::hint::black_box(MAX_PLY));
    assert!(inf < i16::MAX && -inf > i16::MIN);
    assert_eq!(MATE_BOUND, mate - max_ply as i16);
    assert!((max_ply as i16) - mate > -inf);
    // Reported nodes never pass the budget (the counter cannot run away).
    let pos = engine_pos(BENCH_POSITIONS[1]);
    for lim in LEVELS {
        let r = searcher().search(&pos, lim, &mut ());
        assert!(r.nodes <= lim.nodes, "{lim:?}: {} nodes", r.nodes);
        assert!(u16::try_from(r.nodes).is_ok());
    }
}

#[test]
fn arena_never_exhausted() {
    let mut s = Box::new(Searcher::new());
    let kiwipete = engine_pos(BENCH_POSITIONS[1]);
    s.search(&kiwipete, level(4), &mut ());
    println!("Kiwipete level 4: arena high water {} of {}", s.arena_high_water(), ARENA_SIZE);
    assert!((s.arena_high_water() as usize) < ARENA_SIZE);
    assert!(s.arena_high_water() > 0);
    assert_eq!(s.arena_exhausted(), 0);

    let mut s = Box::new(Searcher::new());
    let report = bench(&mut s, |_, _| {});
    assert_eq!(report.searches as usize, BENCH_POSITIONS.len());
    println!("bench: {} nodes, arena high water {} of {}", report.nodes, s.arena_high_water(), ARENA_SIZE);
    assert_eq!(s.arena_exhausted(), 0, "the bench exhausted the arena");
    assert!((s.arena_high_water() as usize) < ARENA_SIZE);
}
