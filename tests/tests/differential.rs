//! Differential testing against shakmaty, a maintained move generator, over
//! seeded random games biased toward castling, en passant and promotion.
//!
//! At every ply of every game this proves:
//! * the engine's FEN equals shakmaty's (board, side, rights, en passant
//!   square printed after every double push, both clocks);
//! * `in_check` agrees;
//! * the legal move set (as UCI text) equals shakmaty's, with no duplicates,
//!   and `legal_moves` is exactly the make-and-test filter of `generate`;
//! * for EVERY pseudo-legal move: make followed by unmake restores the whole
//!   `Position` byte for byte, and for every legal one the position after
//!   `make` equals shakmaty's after the same move (so moves the game did not
//!   play are checked too);
//! * when a game ends for lack of moves, mate versus stalemate agrees.
//!
//! Positions sampled from the games are also compared by perft(3) (perft(4)
//! in the long run).
//!
//! A failure names the game seed and ply: `RandomGame::new(seed, cap)`
//! replays it exactly.

use std::sync::Mutex;

use c64chess_tests::{
    assert_consistent, first_divergence, legal, pseudo, reference, uci_sorted, GameEnd, RandomGame, SplitMix64,
};
use engine_core::{GenMode, Position};
use shakmaty::Position as _;

/// Ply cap of a random game.
const PLY_CAP: u32 = 300;

/// What a batch of games covered; the test asserts the bias worked.
#[derive(Default, Debug)]
struct Coverage {
    games: u32,
    plies: u64,
    pseudo_moves: u64,
    perft_positions: u32,
    castles: u32,
    en_passant: u32,
    promotions: u32,
    underpromotions: u32,
    checkmates: u32,
    stalemates: u32,
    fifty_moves: u32,
    insufficient: u32,
    ply_caps: u32,
}

impl Coverage {
    fn add(&mut self, o: &Coverage) {
        self.games += o.games;
        self.plies += o.plies;
        self.pseudo_moves += o.pseudo_moves;
        self.perft_positions += o.perft_positions;
        self.castles += o.castles;
        self.en_passant += o.en_passant;
        self.promotions += o.promotions;
        self.underpromotions += o.underpromotions;
        self.checkmates += o.checkmates;
        self.stalemates += o.stalemates;
        self.fifty_moves += o.fifty_moves;
        self.insufficient += o.insufficient;
        self.ply_caps += o.ply_caps;
    }
}

/// Every move the engine generates, made and unmade: the position must come
/// back exactly (every field, by `Position`'s `PartialEq`), the running
/// totals must equal a recount after `make` and after `unmake`, and each
/// legal move must lead to shakmaty's position. Returns the legal moves found
/// by make-and-test, in generation order.
fn check_every_move(pos: &mut Position, theirs: &shakmaty::Chess, ctx: &str, cov: &mut Coverage) -> Vec<String> {
    let before = pos.clone();
    let reference_moves = reference::legal_by_uci(theirs);
    let mut legal_by_make = Vec::new();
    for m in pseudo(pos, GenMode::All) {
        cov.pseudo_moves += 1;
        let undo = pos.make(m);
        assert_consistent(pos, || format!("{ctx}: after make {m}"));
        if pos.last_move_was_legal() {
            let text = m.to_string();
            let theirs_m = reference_moves
                .get(&text)
                .unwrap_or_else(|| panic!("{ctx}: engine plays {text} ({m:?}), illegal for shakmaty"));
            let after = theirs.clone().play(theirs_m).expect("legal");
            if let Err(diff) = reference::same(pos, &after) {
                panic!("{ctx}: position after {text}: {diff}");
            }
            legal_by_make.push(text);
        }
        pos.unmake(m, undo);
        assert_eq!(*pos, before, "{ctx}: make/unmake of {m} ({m:?}) did not restore the position");
        assert_eq!(pos.cells(), before.cells(), "{ctx}: make/unmake of {m} changed the board");
    }
    legal_by_make
}

/// Which positions of the games are also compared by perft.
#[derive(Clone, Copy)]
struct Sampling {
    /// Perft depth of the comparison.
    depth: u32,
    /// About one ply in `rarity` is sampled; one in `rarity / 15` when an en
    /// passant square is set (the tree below is the interesting one).
    rarity: usize,
}

/// Play one game, checking every ply against shakmaty.
fn check_game(seed: u64, sampling: Sampling, cov: &mut Coverage) {
    let perft_depth = sampling.depth;
    let mut game = RandomGame::new(seed, PLY_CAP);
    let mut theirs = reference::of(&game.pos);
    // Sampling has its own stream, so it never changes the moves played.
    let mut sampler = SplitMix64::new(seed ^ 0x5EED_5A3D_1E5A_u64);
    let end = loop {
        let ctx = format!("seed {seed} ply {} ({})", game.ply, game.pos.fen());
        cov.plies += 1;
        assert_eq!(game.pos.fen().to_string(), reference::fen(&theirs), "{ctx}: FEN");
        assert_eq!(game.pos.in_check(), theirs.is_check(), "{ctx}: in_check");

        let by_make = check_every_move(&mut game.pos, &theirs, &ctx, cov);
        let moves = legal(&game.pos);
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(texts, by_make, "{ctx}: legal_moves is not the make-and-test filter of generate");
        let ours = uci_sorted(&moves);
        let mut dedup = ours.clone();
        dedup.dedup();
        assert_eq!(ours, dedup, "{ctx}: duplicate moves");
        assert_eq!(ours, reference::legal_uci(&theirs), "{ctx}: legal moves");

        // Perft sample.
        let ep_set = game.pos.ep_square() != engine_core::square::NO_SQUARE;
        if sampler.below(if ep_set { sampling.rarity / 15 } else { sampling.rarity }) == 0 {
            cov.perft_positions += 1;
            let got = engine_core::perft(&mut game.pos, perft_depth as u8);
            let want = reference::perft(&theirs, perft_depth);
            if got != Some(want) {
                let hint = first_divergence(&mut game.pos, perft_depth).unwrap_or_default();
                panic!("{ctx}: perft({perft_depth}) engine {got:?}, shakmaty {want}\n  {hint}");
            }
        }

        if let Some(end) = game.end(&moves) {
            match end {
                GameEnd::Checkmate => assert!(theirs.is_checkmate(), "{ctx}: engine says mate"),
                GameEnd::Stalemate => assert!(theirs.is_stalemate(), "{ctx}: engine says stalemate"),
                GameEnd::InsufficientMaterial => {
                    assert!(theirs.is_insufficient_material(), "{ctx}: engine says no mate is possible")
                }
                GameEnd::FiftyMoves | GameEnd::PlyCap => {}
            }
            break end;
        }
        let m = game.choose(&moves);
        theirs = reference::play(&theirs, &m.to_string());
        game.play(m);
    };
    cov.games += 1;
    cov.castles += game.specials.castles;
    cov.en_passant += game.specials.en_passant;
    cov.promotions += game.specials.promotions;
    cov.underpromotions += game.specials.underpromotions;
    match end {
        GameEnd::Checkmate => cov.checkmates += 1,
        GameEnd::Stalemate => cov.stalemates += 1,
        GameEnd::FiftyMoves => cov.fifty_moves += 1,
        GameEnd::InsufficientMaterial => cov.insufficient += 1,
        GameEnd::PlyCap => cov.ply_caps += 1,
    }
}

/// Run games `first..first + count` on all cores; returns the coverage.
fn check_games(first: u64, count: u64, sampling: Sampling) -> Coverage {
    let total = Mutex::new(Coverage::default());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    std::thread::scope(|s| {
        for w in 0..workers {
            let total = &total;
            s.spawn(move || {
                let mut cov = Coverage::default();
                let mut seed = first + w;
                while seed < first + count {
                    check_game(seed, sampling, &mut cov);
                    seed += workers;
                }
                total.lock().unwrap().add(&cov);
            });
        }
    });
    let cov = total.into_inner().unwrap();
    eprintln!("{cov:#?}");
    cov
}

/// 2,000 random games, every ply checked against shakmaty (see the module
/// documentation), 500+ sampled positions compared by perft(3). The coverage
/// floors prove the bias works: the special moves were really played.
#[test]
fn random_games_agree_with_shakmaty() {
    let cov = check_games(1, 2_000, Sampling { depth: 3, rarity: 600 });
    assert_eq!(cov.games, 2_000);
    assert!(cov.perft_positions >= 500, "only {} perft samples", cov.perft_positions);
    assert!(cov.castles >= 1_000, "castling played only {} times", cov.castles);
    assert!(cov.en_passant >= 1_000, "en passant played only {} times", cov.en_passant);
    assert!(cov.promotions >= 1_000, "promotion played only {} times", cov.promotions);
    assert!(cov.underpromotions >= 500, "underpromotion played only {} times", cov.underpromotions);
    assert!(cov.checkmates > 0 && cov.stalemates > 0, "no mate or no stalemate: {cov:?}");
}

/// The same over 10,000 further games, with about 1,000 perft(4) samples.
#[test]
#[ignore = "long: run with --release -- --ignored"]
fn many_random_games_agree_with_shakmaty() {
    let cov = check_games(1_000_000, 10_000, Sampling { depth: 4, rarity: 2_000 });
    assert_eq!(cov.games, 10_000);
    assert!(cov.perft_positions >= 800, "only {} perft samples", cov.perft_positions);
}
