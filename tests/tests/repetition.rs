//! Repetition: what counts as the same position, the key ring behind it, and
//! the search's use of it.
//!
//! * A king shuffle that loses a castling right returns to the same placement
//!   but NOT the same position; a shuffle that keeps every right does repeat;
//!   threefold is `repetitions() >= 2`.
//! * En passant: a position with a capturable en passant square differs from
//!   the same placement later; an en passant square nobody can take changes
//!   nothing; an en passant capture that is illegal (pinned pawn) is not
//!   "possible" either (FIDE 9.2.2).
//! * The ring reads only entries that `make` pushed: a FEN load with a large
//!   halfmove clock has an empty history; make/unmake pairs and long
//!   excursions made and taken back leave `is_repetition` / `repetitions`
//!   exactly as a model (a plain list of keys) says, ring wrap included.
//! * The search: a side far behind that can force a perpetual check scores
//!   the position as a draw; a side far ahead does not walk into a repetition.

use c64chess_tests::{legal, position as engine_pos, SplitMix64};
use engine_core::level::level;
use engine_core::score::MATE_BOUND;
use engine_core::{Limits, Move, Position, Searcher};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// A searcher on the heap (it is several kilobytes).
fn searcher() -> Box<Searcher> {
    Box::new(Searcher::new())
}

/// Play space-separated coordinate moves; panics on an illegal one.
fn play(pos: &mut Position, moves: &str) {
    for t in moves.split_whitespace() {
        let m = pos.parse_move(t).unwrap_or_else(|| panic!("{t} is not legal in {}", pos.fen()));
        pos.make(m);
    }
}

/// The key history as a plain list, kept beside a position: the model the
/// ring must agree with.
struct Model {
    keys: Vec<u32>,
}

impl Model {
    /// What `repetitions()` must say: earlier occurrences with the same side
    /// to move, no further back than the fifty-move clock, the entries pushed
    /// since set-up, and 127 entries.
    fn repetitions(&self, pos: &Position) -> u8 {
        let window = (pos.halfmove_clock() as usize).min(self.keys.len()).min(127);
        let key = pos.key();
        (2..=window).step_by(2).filter(|&b| self.keys[self.keys.len() - b] == key).count() as u8
    }
}

// ---------------------------------------------------------------------------
// What counts as the same position
// ---------------------------------------------------------------------------

#[test]
fn shuffle_that_loses_a_castling_right_is_not_a_repetition() {
    // White keeps only the king-side right; the king steps out and back.
    let mut pos = engine_pos("k7/8/8/8/8/8/8/4K2R w K - 0 1");
    let start = pos.clone();
    play(&mut pos, "e1f1 a8b8 f1e1 b8a8");
    assert_eq!(pos.cells(), start.cells(), "same placement");
    assert_eq!(pos.castling(), 0, "the right is gone");
    assert_ne!(pos.key(), start.key());
    assert!(!pos.is_repetition(), "lost right, yet called a repetition");
    assert_eq!(pos.repetitions(), 0);
    // From here the shuffle repeats: twice more is threefold.
    play(&mut pos, "e1f1 a8b8 f1e1 b8a8");
    assert!(pos.is_repetition());
    assert_eq!(pos.repetitions(), 1);
    play(&mut pos, "e1f1 a8b8 f1e1 b8a8");
    assert_eq!(pos.repetitions(), 2, "threefold");

    // The same for Black, with the queen-side right.
    let mut pos = engine_pos("r3k3/8/8/8/8/8/8/7K b q - 0 1");
    play(&mut pos, "e8d8 h1g1 d8e8 g1h1");
    assert!(!pos.is_repetition());
    play(&mut pos, "e8d8 h1g1 d8e8 g1h1");
    assert_eq!(pos.repetitions(), 1);

    // A rook that moves out and back also loses its right.
    let mut pos = engine_pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    play(&mut pos, "a1a2 e8d8 a2a1 d8e8");
    assert!(!pos.is_repetition());
}

#[test]
fn shuffle_that_keeps_every_right_is_a_repetition() {
    let mut pos = engine_pos("rn2k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    let start_key = pos.key();
    play(&mut pos, "b1c3 b8c6 c3b1 c6b8");
    assert_eq!(pos.castling(), 15);
    assert_eq!(pos.key(), start_key);
    assert!(pos.is_repetition());
    assert_eq!(pos.repetitions(), 1);
    play(&mut pos, "b1c3 b8c6 c3b1 c6b8");
    assert_eq!(pos.repetitions(), 2, "threefold");
}

#[test]
fn same_placement_other_side_to_move_is_not_a_repetition() {
    // Black triangulates (three moves) while White steps out and back (two).
    let mut pos = engine_pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let start = pos.clone();
    play(&mut pos, "e1e2 e8d8 e2e1 d8d7 e1e2 d7e8 e2e1");
    assert_eq!(pos.cells(), start.cells());
    assert_ne!(pos.side_to_move(), start.side_to_move());
    assert_ne!(pos.key(), start.key());
    assert!(!pos.is_repetition());
    // One more cycle of the same: now Black to move repeats.
    play(&mut pos, "e8d8 e1e2 d8d7 e2e1 d7e8 e1e2 e8d8 e2e1 d8d7 e1e2 d7e8 e2e1");
    assert!(pos.is_repetition());
}

#[test]
fn capturable_en_passant_square_makes_a_different_position() {
    // ...d7-d5 beside a White pawn on e5: the capture is possible.
    let mut pos = engine_pos("4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play(&mut pos, "d7d5");
    let with_ep = pos.key();
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert_ne!(pos.key(), with_ep);
    assert!(!pos.is_repetition(), "the en passant chance is gone: not a repetition");
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(pos.repetitions(), 1);
}

#[test]
fn uncapturable_en_passant_square_changes_nothing() {
    // ...d7-d5 with no White pawn anywhere near: the square is set but moot.
    let mut pos = engine_pos("4k1n1/3p4/8/8/8/8/8/4K1N1 b - - 0 1");
    play(&mut pos, "d7d5");
    assert_eq!(pos.ep_square(), engine_core::square::NO_SQUARE, "no pawn can take: the engine keeps no square");
    let key = pos.key();
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert_eq!(pos.key(), key);
    assert!(pos.is_repetition(), "an en passant square nobody can use must not split positions");
}

/// b5xc6 e.p. would open the fifth rank between the rook on h5 and the king
/// on a5: the capture is pseudo-legal but illegal, so (FIDE 9.2.2) the
/// position is the same as the later one without the en passant square.
#[test]
fn illegal_en_passant_capture_changes_nothing() {
    let mut pos = engine_pos("4k3/2p5/8/KP5r/8/8/8/6N1 b - - 0 1");
    play(&mut pos, "c7c5");
    assert!(legal(&pos).iter().all(|m| m.to_string() != "b5c6"), "b5xc6 must be illegal here");
    let key = pos.key();
    play(&mut pos, "g1f3 e8d8 f3g1 d8e8");
    assert_eq!(pos.key(), key, "key folds in an en passant file no legal move can use");
    assert!(pos.is_repetition());
}

// ---------------------------------------------------------------------------
// The ring
// ---------------------------------------------------------------------------

#[test]
fn fen_load_has_no_history_whatever_its_clock() {
    for clock in [0u8, 40, 99, 100, 200, 255] {
        let mut pos = engine_pos(&format!("4k3/8/8/8/8/8/8/4K1N1 w - - {clock} 30"));
        assert_eq!(pos.history_len(), 0);
        assert!(!pos.is_repetition(), "clock {clock}: repetition with no history");
        assert_eq!(pos.repetitions(), 0);
        // make / unmake pairs push and pop exactly one entry.
        for m in legal(&pos) {
            let before = pos.clone();
            let u = pos.make(m);
            assert_eq!(pos.history_len(), 1);
            assert!(!pos.is_repetition());
            pos.unmake(m, u);
            assert_eq!(pos.history_len(), 0);
            assert!(pos == before);
        }
        play(&mut pos, "g1f3 e8d8 f3g1 d8e8");
        assert_eq!(pos.history_len(), 4);
        assert!(pos.is_repetition(), "clock {clock}: four plies back is the FEN position");
    }
}

/// The ring against the model over long random walks (the ring wraps), with
/// excursions: several moves made then all taken back, as the search and a
/// front end's undo do. After every step `repetitions()` and
/// `is_repetition()` agree with the model.
#[test]
fn ring_agrees_with_a_plain_list() {
    ring_vs_model(&[0, 1, 2]);
}

/// The same with excursions of up to 40 plies from a ring that has wrapped.
#[test]
fn ring_agrees_with_a_plain_list_after_long_excursions() {
    ring_vs_model(&[0, 1, 2, 3, 8, 20, 40]);
}

fn ring_vs_model(excursions: &[usize]) {
    // Pieces only (every move reversible but captures), so positions repeat.
    let starts = [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
        "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1",
    ];
    for seed in 0..60u64 {
        let mut rng = SplitMix64::new(0x0E_0000 + seed);
        let mut pos = engine_pos(starts[seed as usize % starts.len()]);
        let mut model = Model { keys: Vec::new() };
        for ply in 0..400 {
            let moves: Vec<Move> = legal(&pos).into_iter().filter(|m| !m.is_capture()).collect();
            if moves.is_empty() {
                break;
            }
            // Favour a few moves, so positions recur often.
            let m = moves[rng.below(moves.len().min(4))];
            // An excursion: k plies made and taken back.
            let k = excursions[rng.below(excursions.len())];
            let saved = pos.clone();
            let mut line = Vec::new();
            for _ in 0..k {
                let ms = legal(&pos);
                if ms.is_empty() {
                    break;
                }
                let x = ms[rng.below(ms.len().min(4))];
                let u = pos.make(x);
                line.push((x, u));
            }
            while let Some((x, u)) = line.pop() {
                pos.unmake(x, u);
            }
            let want = model.repetitions(&pos);
            assert_eq!(
                (pos.repetitions(), pos.is_repetition()),
                (want, want > 0),
                "seed {seed} ply {ply}: after an excursion of {k} plies ({} pushed, clock {})",
                model.keys.len(),
                pos.halfmove_clock()
            );
            assert_eq!(pos.cells(), saved.cells());
            assert_eq!(pos.key(), saved.key());
            assert_eq!(pos.history_len(), saved.history_len());
            model.keys.push(pos.key());
            pos.make(m);
            let want = model.repetitions(&pos);
            assert_eq!(
                pos.repetitions(),
                want,
                "seed {seed} ply {ply}: after the move that followed an excursion of {k} plies ({} pushed, clock {})",
                model.keys.len(),
                pos.halfmove_clock()
            );
            assert_eq!(pos.is_repetition(), want > 0);
        }
    }
}

/// A front end's undo, fully determined: 96 reversible plies without a
/// repeat reach P (clock 96, 96 keys pushed); 33 more plies are played, the
/// 32nd of them returning to P, and all 33 are taken back. P must count no
/// repetition: nothing about it changed. (33 plies is more than one search
/// line can add below a node, so inside the search this case cannot arise;
/// the undo of a front end reaches it.)
#[test]
fn undo_leaves_no_trace_in_the_ring() {
    let (p, line) = (0..200u64).find_map(undo_scenario).expect("some seed sets the scenario up");
    let mut pos = p.clone();
    let mut undos = Vec::new();
    for &m in &line {
        undos.push(pos.make(m));
    }
    for (&m, &u) in line.iter().zip(&undos).rev() {
        pos.unmake(m, u);
    }
    assert_eq!(pos.cells(), p.cells());
    assert_eq!(pos.key(), p.key());
    assert_eq!(pos.history_len(), 96);
    assert_eq!(
        (pos.repetitions(), pos.is_repetition()),
        (0, false),
        "{}: 33 plies made and taken back left a repetition behind",
        pos.fen()
    );
    assert!(pos == p, "unmake did not restore the live key ring");
}

/// P after 96 random quiet plies, and a 33-ply line from it: eight knight
/// shuffles (out and back for each side), then one knight move. `None` if
/// this seed's walk does not allow it (a check, a repeat, a stuck knight).
fn undo_scenario(seed: u64) -> Option<(Position, Vec<Move>)> {
    use engine_core::piece::KNIGHT;
    let mut pos = engine_pos("r1b1k1nr/8/8/8/8/8/8/RNB1K1NR w - - 0 1");
    let mut rng = SplitMix64::new(seed);
    for _ in 0..96 {
        let ms: Vec<Move> = legal(&pos).into_iter().filter(|m| !m.is_capture()).collect();
        if ms.is_empty() {
            return None;
        }
        pos.make(ms[rng.below(ms.len())]);
    }
    if pos.halfmove_clock() != 96 || pos.repetitions() != 0 || pos.in_check() {
        return None;
    }
    let p = pos.clone();
    let mut line: Vec<Move> = Vec::new();
    for i in 0..33 {
        let m = if i % 4 < 2 {
            legal(&pos).into_iter().find(|m| pos.at(m.from).kind() == KNIGHT && !m.is_capture())?
        } else {
            let out = line[line.len() - 2];
            legal(&pos).into_iter().find(|m| m.from == out.to && m.to == out.from)?
        };
        pos.make(m);
        line.push(m);
        if i == 31 && pos.key() != p.key() {
            return None;
        }
    }
    Some((p, line))
}

// ---------------------------------------------------------------------------
// The search
// ---------------------------------------------------------------------------

/// White (queen) against Black (queen, rook and a pawn) can only hold by
/// perpetual check: Qe8+ Kh7 Qh5+ Kg8, and again. Played once already, so
/// the game history holds the cycle.
const PERPETUAL: &str = "6k1/6p1/8/7Q/8/7K/8/qr6 w - - 0 1";

#[test]
fn perpetual_check_is_a_draw_for_the_side_behind() {
    let mut pos = engine_pos(PERPETUAL);
    // Without the checks White is lost: the static score says so.
    assert!(pos.evaluate(pos.side_to_move()) < -500, "precondition: White is far behind");
    play(&mut pos, "h5e8 g8h7 e8h5 h7g8");
    assert!(pos.is_repetition());
    for lv in 1..=4u8 {
        let r = searcher().search(&pos, level(lv), &mut ());
        println!("level {lv}: {} score {} depth {} nodes {}", r.best, r.score, r.depth, r.nodes);
        assert!(r.score.abs() <= 50, "level {lv}: perpetual check scored {} ({})", r.score, r.best);
        let mut after = pos.clone();
        after.make(r.best);
        assert!(after.in_check(), "level {lv}: {} is not a check; only checks hold", r.best);
    }
}

/// With no history the cycle must be found inside the search: it closes at
/// ply 4, so a search that completes depth 5 sees it.
#[test]
fn perpetual_check_found_without_history() {
    let pos = engine_pos(PERPETUAL);
    let r = searcher().search(&pos, Limits { depth: 5, nodes: 1_000_000 }, &mut ());
    println!("depth 5: {} score {} nodes {}", r.best, r.score, r.nodes);
    assert_eq!(r.depth, 5);
    assert!(r.score.abs() <= 50, "perpetual check scored {} ({})", r.score, r.best);
    for lv in 3..=4u8 {
        let r = searcher().search(&pos, level(lv), &mut ());
        println!("level {lv}: {} score {} depth {} nodes {}", r.best, r.score, r.depth, r.nodes);
        if r.depth >= 5 {
            assert!(r.score.abs() <= 50, "level {lv}: perpetual check scored {} ({})", r.score, r.best);
        }
    }
}

/// The side far ahead, whose favourite move would now repeat the position,
/// plays something else and keeps its winning score.
#[test]
fn winning_side_avoids_a_repetition() {
    let fen = "8/8/4k3/8/2K5/3Q4/8/8 w - - 0 1";
    let lim = level(2);
    let fresh = engine_pos(fen);
    let favourite = searcher().search(&fresh, lim, &mut ()).best;
    // History: the favourite, a king step, the queen back, the king back.
    let mut pos = fresh.clone();
    let u = pos.make(favourite);
    let reply = legal(&pos).into_iter().find(|m| {
        let mut p = pos.clone();
        p.make(*m);
        legal(&p).into_iter().any(|b| b.from == favourite.to && b.to == favourite.from)
    });
    pos.unmake(favourite, u);
    let reply = reply.expect("a Black reply after which the favourite can go back");
    let text = format!(
        "{favourite} {reply} {}{} {}{}",
        &favourite.to_string()[2..4],
        &favourite.to_string()[0..2],
        &reply.to_string()[2..4],
        &reply.to_string()[0..2]
    );
    play(&mut pos, &text);
    assert_eq!(pos.key(), fresh.key());
    assert!(pos.is_repetition());
    let r = searcher().search(&pos, lim, &mut ());
    println!("favourite {favourite}; after {text}: {} score {}", r.best, r.score);
    assert_ne!(r.best, favourite, "the favourite now repeats the position");
    let mut after = pos.clone();
    after.make(r.best);
    assert!(!after.is_repetition());
    assert!(r.score > 500 && r.score < MATE_BOUND || r.score > MATE_BOUND, "score {}", r.score);
}
