//! The tile interface (`engine_core::game`), every call pinned on known
//! positions. Tiles: 0 = a8 .. 7 = h8, 56 = a1 .. 63 = h1.

use engine_core::attacks::MAX_ATTACKERS;
use engine_core::game::{move_from, move_to, Game, LogLine, NotLegal, Outcome, Player, TileSet, UNDO_DEPTH};
use engine_core::piece::*;
use engine_core::search::SearchHooks;
use engine_core::{Move, Position, Tile};

/// The tile of a square name, e.g. `t("e4").number() == 36`.
fn t(name: &str) -> Tile {
    let b = name.as_bytes();
    Tile::from_name([b[0], b[1]]).unwrap()
}

fn tiles(names: &[&str]) -> TileSet {
    let mut set = TileSet::default();
    for n in names {
        set.insert(t(n));
    }
    set
}

/// Play "e2e4" / "e7e8q" (the move must be legal); its outcome.
fn play(game: &mut Game, text: &str) -> Outcome {
    let b = text.as_bytes();
    let promotion = match b.get(4) {
        Some(b'q') => QUEEN,
        Some(b'r') => ROOK,
        Some(b'b') => BISHOP,
        Some(b'n') => KNIGHT,
        _ => 0,
    };
    let m = game.find_move(t(&text[..2]), t(&text[2..4]), promotion).unwrap_or_else(|_| panic!("{text} is not legal"));
    game.play(m).unwrap()
}

fn humans(fen: &str) -> Game {
    let mut g = Game::from_fen(fen).unwrap();
    g.set_player(Color::Black, Player::Human);
    g
}

#[test]
fn tile_sets() {
    assert!(TileSet::default().is_empty());
    for tile in Tile::all() {
        let mut set = TileSet::default();
        set.insert(tile);
        assert!(!set.is_empty(), "{tile}");
        assert_eq!(set.len(), 1);
        assert!(Tile::all().all(|t| set.contains(t) == (t == tile)), "{tile}");
    }
    assert_eq!(t("e4").number(), 36);
}

#[test]
fn start_position_pieces_and_turn() {
    let g = Game::new();
    assert_eq!(g.side_to_move(), Color::White);
    assert_eq!(g.piece_at(t("a8")), Piece::new(ROOK, Color::Black));
    assert_eq!(g.piece_at(t("d8")), Piece::new(QUEEN, Color::Black));
    assert_eq!(g.piece_at(t("e1")), Piece::new(KING, Color::White));
    assert_eq!(g.piece_at(t("g1")), Piece::new(KNIGHT, Color::White));
    assert_eq!(g.piece_at(t("e2")), Piece::new(PAWN, Color::White));
    assert_eq!(g.piece_at(t("e4")), EMPTY);
    // A number is a tile only below 64, or masked.
    assert_eq!((Tile::new(64), Tile::new(63).map(Tile::number)), (None, Some(63)));
    assert_eq!(g.piece_at(Tile::masked(64)), g.piece_at(t("a8")));
    assert_eq!(g.piece_at(Tile::masked(255)), g.piece_at(t("h1")));
    assert_eq!(*g.position(), Position::startpos());
    assert_eq!(g.outcome(), Outcome::Normal);
    assert_eq!((g.player(Color::White), g.player(Color::Black), g.level()), (Player::Human, Player::Computer, 1));
}

#[test]
fn legal_targets() {
    let g = Game::new();
    assert_eq!(g.legal_targets(t("e2")), tiles(&["e3", "e4"]));
    assert_eq!(g.legal_targets(t("g1")), tiles(&["f3", "h3"]));
    assert!(g.legal_targets(t("e1")).is_empty(), "a king with no moves");
    assert!(g.legal_targets(t("e4")).is_empty(), "an empty tile");
    assert!(g.legal_targets(t("e7")).is_empty(), "the side not to move");
    // A knight in the open: eight squares.
    let g = Game::from_fen("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(g.legal_targets(t("d4")), tiles(&["c6", "e6", "b5", "f5", "b3", "f3", "c2", "e2"]));
    assert_eq!(g.legal_targets(t("d4")).len(), 8);
    // A pinned bishop has none; a pinned rook keeps its file.
    let g = Game::from_fen("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1").unwrap();
    assert!(g.legal_targets(t("e2")).is_empty());
    let g = Game::from_fen("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1").unwrap();
    assert_eq!(g.legal_targets(t("e2")), tiles(&["e3", "e4", "e5", "e6", "e7"]));
    // Four promotions (and four capture-promotions) are one tile each.
    let g = Game::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(g.legal_targets(t("b7")), tiles(&["a8", "b8"]));
    assert_eq!(g.legal_targets(t("b7")).len(), 2);
}

#[test]
fn is_promotion_and_find_move() {
    let g = Game::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(g.is_promotion(t("b7"), t("b8")));
    assert!(g.is_promotion(t("b7"), t("a8")));
    assert!(!g.is_promotion(t("e1"), t("e2")));
    assert!(!g.is_promotion(t("b7"), t("c8")), "not a legal pair");
    for piece in [QUEEN, ROOK, BISHOP, KNIGHT] {
        let m = g.find_move(t("b7"), t("b8"), piece).unwrap();
        assert_eq!((move_from(m), move_to(m), m.promotion()), (t("b7"), t("b8"), piece));
        let m = g.find_move(t("b7"), t("a8"), piece).unwrap();
        assert!(m.is_capture() && m.promotion() == piece);
    }
    assert_eq!(g.find_move(t("b7"), t("b8"), 0), Err(NotLegal), "a promotion needs its piece");
    assert_eq!(g.find_move(t("b7"), t("b8"), PAWN), Err(NotLegal));
    assert_eq!(g.find_move(t("b7"), t("b8"), KING), Err(NotLegal));
    let g = Game::new();
    let m = g.find_move(t("e2"), t("e4"), 0).unwrap();
    assert_eq!((move_from(m), move_to(m)), (t("e2"), t("e4")));
    assert_eq!(g.find_move(t("e2"), t("e4"), QUEEN), Ok(m), "the piece is ignored for other moves");
    assert_eq!(g.find_move(t("e2"), t("e5"), 0), Err(NotLegal), "an illegal pair");
    assert_eq!(g.find_move(t("e4"), t("e5"), 0), Err(NotLegal), "an empty tile");
    assert_eq!(g.find_move(t("e7"), t("e5"), 0), Err(NotLegal), "the wrong side");
    assert_eq!(g.find_move(t("e1"), t("e1"), 0), Err(NotLegal));
}

#[test]
fn play_outcomes() {
    let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(play(&mut g, "e2e4"), Outcome::Normal);
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(g.piece_at(t("e4")), Piece::new(PAWN, Color::White));
    assert_eq!(play(&mut g, "f7f6"), Outcome::Normal);
    assert_eq!(play(&mut g, "d1h5"), Outcome::Check);
    assert_eq!(g.outcome(), Outcome::Check);
    assert_eq!(play(&mut g, "g7g6"), Outcome::Normal);
    assert_eq!(play(&mut g, "h5g6"), Outcome::Check);
    assert_eq!(play(&mut g, "h7g6"), Outcome::Normal);

    let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for m in ["f2f3", "e7e5", "g2g4"] {
        play(&mut g, m);
    }
    assert_eq!(play(&mut g, "d8h4"), Outcome::Checkmate);
    assert_eq!(g.outcome(), Outcome::Checkmate);
    assert!(g.outcome().is_over());

    let mut g = humans("k7/8/8/1Q6/8/8/8/4K3 w - - 0 1");
    assert_eq!(play(&mut g, "b5b6"), Outcome::Stalemate);

    // Fifty moves: the clock at 99, one quiet move.
    let mut g = humans("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(play(&mut g, "a1a2"), Outcome::FiftyMove);
    // ... but a capture or pawn move resets it.
    let mut g = humans("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    assert_eq!(play(&mut g, "a2a3"), Outcome::Normal);

    // Threefold: the start position again after four and eight plies.
    let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for m in shuffle {
        assert_eq!(play(&mut g, m), Outcome::Normal, "twice is not yet a draw");
    }
    for (i, m) in shuffle.iter().enumerate() {
        let expected = if i == 3 { Outcome::Threefold } else { Outcome::Normal };
        assert_eq!(play(&mut g, m), expected, "ply {}", i + 5);
    }
}

#[test]
fn insufficient_material_after_the_last_capture() {
    // White takes the last rook, on d2, leaving:
    let cases = [
        ("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1", "c1d2", Outcome::Insufficient, "KB v K"),
        ("4k3/8/8/8/8/8/3r4/1N2K3 w - - 0 1", "b1d2", Outcome::Insufficient, "KN v K"),
        ("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2", Outcome::Insufficient, "K v K"),
        // d2 and h6 are both dark squares.
        ("4k3/8/7b/8/8/8/3r4/2B1K3 w - - 0 1", "c1d2", Outcome::Insufficient, "KB v KB, bishops on one colour"),
        ("4k3/8/6b1/8/8/8/3r4/2B1K3 w - - 0 1", "c1d2", Outcome::Normal, "KB v KB, opposite colours: play on"),
        ("4k3/8/8/8/8/8/3r4/1N2KN2 w - - 0 1", "b1d2", Outcome::Normal, "KNN v K: play on (a mate exists)"),
        ("4k3/8/n7/8/8/8/3r4/2B1K3 w - - 0 1", "c1d2", Outcome::Normal, "KB v KN: play on"),
    ];
    for (fen, capture, expected, what) in cases {
        let mut g = humans(fen);
        assert_eq!(g.outcome(), Outcome::Normal, "{what}: before the capture");
        assert_eq!(play(&mut g, capture), expected, "{what}");
        assert_eq!(g.outcome(), expected, "{what}");
    }
    assert_eq!(Game::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap().outcome(), Outcome::Insufficient);
    // The squares' colours across files and ranks: a8 and b7 are light, a7 dark.
    assert_eq!(Game::from_fen("B3k3/1b6/8/8/8/8/8/4K3 w - - 0 1").unwrap().outcome(), Outcome::Insufficient);
    assert_eq!(Game::from_fen("B3k3/b7/8/8/8/8/8/4K3 w - - 0 1").unwrap().outcome(), Outcome::Normal);
}

#[test]
fn play_refuses_an_illegal_move_and_changes_nothing() {
    let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    play(&mut g, "e2e4");
    play(&mut g, "e7e5");
    assert!(g.undo());
    let before = g.position().clone();
    // Black is to move. A move of another position (White's Ng1-f3), the
    // null move, and a move with flags that were never generated.
    let foreign = Game::new().find_move(t("g1"), t("f3"), 0).unwrap();
    let mut forged = g.find_move(t("e7"), t("e5"), 0).unwrap();
    forged.flags ^= 0x08;
    for m in [foreign, Move::NONE, forged] {
        assert_eq!(g.play(m), Err(NotLegal));
        assert_eq!(*g.position(), before);
        assert!(g.can_redo(), "the redo branch survives a refused move");
        assert!(g.can_undo());
        assert_eq!(g.log_line(1).map(|l| l.to), Some(t("e4")));
    }
}

#[test]
fn undo_and_redo_between_two_humans() {
    let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(!g.can_undo() && !g.undo());
    assert!(!g.can_redo() && !g.redo());
    play(&mut g, "e2e4");
    let after_e4 = g.position().clone();
    play(&mut g, "e7e5");
    let after_e5 = g.position().clone();
    assert!(g.undo());
    assert_eq!(*g.position(), after_e4, "one ply at a time");
    assert_eq!(g.side_to_move(), Color::Black);
    assert!(g.undo());
    assert_eq!(*g.position(), Position::startpos());
    assert!(!g.undo());
    assert!(g.redo());
    assert_eq!(*g.position(), after_e4);
    assert!(g.redo());
    assert_eq!(*g.position(), after_e5);
    assert!(!g.redo());
    // The legal moves follow undo and redo.
    assert!(g.undo());
    assert_eq!(g.legal_targets(t("e7")), tiles(&["e6", "e5"]));
    assert!(g.legal_targets(t("e2")).is_empty());
}

#[test]
fn undo_against_the_computer_goes_back_to_the_humans_turn() {
    let mut g = Game::new(); // White human, Black computer
    play(&mut g, "e2e4");
    play(&mut g, "e7e5"); // the computer's reply
    assert!(g.undo());
    assert_eq!(*g.position(), Position::startpos(), "both plies");
    assert!(g.redo());
    assert_eq!(g.side_to_move(), Color::White, "both plies again");
    assert_eq!(g.log_line(1).map(|l| l.to), Some(t("e5")));
    // The computer playing White: the human is Black.
    let mut g = Game::new();
    g.set_player(Color::White, Player::Computer);
    g.set_player(Color::Black, Player::Human);
    play(&mut g, "d2d4");
    play(&mut g, "d7d5");
    play(&mut g, "c2c4");
    assert!(g.undo());
    assert_eq!(g.side_to_move(), Color::Black);
    assert_eq!(g.log_line(1).map(|l| l.to), Some(t("d4")), "back to Black's first turn");
}

#[test]
fn a_new_move_discards_the_redo_branch() {
    let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    play(&mut g, "e2e4");
    play(&mut g, "e7e5");
    g.undo();
    g.undo();
    assert!(g.can_redo());
    play(&mut g, "d2d4");
    assert!(!g.can_redo() && !g.redo());
    assert_eq!(g.log_line(1).map(|l| l.to), Some(t("d4")));
    assert_eq!(g.log_line(2), None);
}

/// Deterministic varied moves for two humans: `n` plies that do not end
/// the game (no repetition cycle, so old history really differs).
fn long_game(n: usize) -> (Game, Vec<Position>) {
    'seed: for seed in 1u32.. {
        let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut state = seed;
        let mut positions = vec![g.position().clone()];
        for _ in 0..n {
            let mut moves = Vec::new();
            for from in Tile::all() {
                for to in Tile::all() {
                    if g.legal_targets(from).contains(to) {
                        moves.push((from, to));
                    }
                }
            }
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let (from, to) = moves[(state >> 16) as usize % moves.len()];
            let m = g.find_move(from, to, QUEEN).unwrap();
            if g.play(m).unwrap().is_over() {
                continue 'seed;
            }
            positions.push(g.position().clone());
        }
        return (g, positions);
    }
    unreachable!()
}

#[test]
fn undo_reaches_back_exactly_127_plies() {
    assert_eq!(UNDO_DEPTH, 127);
    let (mut g, positions) = long_game(130);
    let mut undone = 0;
    while g.undo() {
        undone += 1;
    }
    assert_eq!(undone, 127);
    assert!(!g.can_undo());
    assert_eq!(g.log_line(1), None);
    // Plies 1..=3 are beyond recall: the board is the position after 3.
    let after3 = &positions[3];
    assert_eq!(g.position().cells(), after3.cells());
    assert_eq!(g.side_to_move(), after3.side_to_move());
    assert_eq!(g.position().key(), after3.key());
    let mut redone = 0;
    while g.redo() {
        redone += 1;
    }
    assert_eq!(redone, 127);
    assert_eq!(*g.position(), positions[130]);
}

#[test]
fn undo_restores_the_whole_position() {
    // Every undo gives back exactly (PartialEq: board, state, totals,
    // history) the position before the move, over 120 plies.
    let (mut g, positions) = long_game(120);
    for ply in (0..120).rev() {
        assert!(g.undo());
        assert_eq!(*g.position(), positions[ply], "after undoing ply {}", ply + 1);
    }
}

/// Once 128 or more plies have been made since set-up, an undo must still
/// give back the whole position, its key history included: the key ring
/// has 256 slots indexed by a wrapping `u8` and scans read at most 127, so
/// the slots a make writes above the newest key (the legal-move refresh's
/// make / unmake, a search's line) are never ones a scan of an undone
/// position reads. (With a 128-slot ring they were: this test caught it.)
#[test]
fn undo_after_the_ring_has_wrapped_restores_the_whole_position() {
    // The same after 130 plies, when the undo ring (and the position's
    // history of keys) has gone round once: undo 127 plies and the position
    // should be the one after ply 3, history included.
    let (mut g, positions) = long_game(130);
    for ply in (3..130).rev() {
        assert!(g.undo());
        assert_eq!(*g.position(), positions[ply], "after undoing ply {} of 130", ply + 1);
    }
}

/// The game's position is its searcher's: a search must leave it exactly
/// as it was, the key ring's slots above the newest key included (the
/// search's moves write them), or a later undo of 127 plies would find
/// clobbered history. A searched move before every ply of a 130-ply game,
/// then the undo.
#[test]
fn searches_leave_the_game_position_and_its_history_as_they_were() {
    let (mut g, positions) = long_game(130);
    g.set_book(false);
    let before = format!("{:?}", g.position());
    let m = g.engine_move(&mut ()).unwrap();
    assert_eq!(format!("{:?}", g.position()), before, "every byte, the whole ring included");
    assert!(is_legal(&g, m), "the legal moves are listed again after the search");
    for ply in (3..130).rev() {
        g.engine_move(&mut ()).unwrap();
        assert!(g.undo());
        assert_eq!(*g.position(), positions[ply], "after a search and undoing ply {} of 130", ply + 1);
    }
}

#[test]
fn log_lines() {
    let mut g = humans("r3k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 30");
    assert_eq!(g.log_line(1), None);
    play(&mut g, "e5d6"); // en passant
    play(&mut g, "e8f8");
    play(&mut g, "b7a8q"); // takes the rook, promotes, checks along the rank
    assert_eq!(
        g.log_line(1),
        Some(LogLine {
            piece: Piece::new(PAWN, Color::White),
            from: t("b7"),
            to: t("a8"),
            captured: Piece::new(ROOK, Color::Black),
            promotion: QUEEN,
            outcome: Outcome::Check
        })
    );
    assert_eq!(
        g.log_line(2),
        Some(LogLine {
            piece: Piece::new(KING, Color::Black),
            from: t("e8"),
            to: t("f8"),
            captured: EMPTY,
            promotion: 0,
            outcome: Outcome::Normal
        })
    );
    assert_eq!(
        g.log_line(3),
        Some(LogLine {
            piece: Piece::new(PAWN, Color::White),
            from: t("e5"),
            to: t("d6"),
            captured: Piece::new(PAWN, Color::Black),
            promotion: 0,
            outcome: Outcome::Normal
        }),
        "en passant: the pawn taken, though d6 was empty"
    );
    assert_eq!(g.log_line(4), None);
    assert_eq!(g.log_line(0), None);
    // Undone plies leave the log; the outcome is the one at the time.
    g.undo();
    assert_eq!(g.log_line(1).map(|l| l.to), Some(t("f8")));
    assert_eq!(g.log_line(3), None);
    let mut g = humans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        play(&mut g, m);
    }
    assert_eq!(
        g.log_line(1).map(|l| (l.piece, l.outcome)),
        Some((Piece::new(QUEEN, Color::Black), Outcome::Checkmate))
    );
}

/// The undo ring packs each ply (the piece and the outcome in the move's
/// ordering byte, the captured piece and the castling rights in one byte):
/// every outcome and the widest values of each field come back, from the
/// log and through undo and redo.
#[test]
fn the_ring_keeps_every_field_of_a_ply() {
    let cases = [
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a2"][..], Outcome::Normal),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"], Outcome::Check),
        ("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", &["a1a8"], Outcome::Checkmate),
        ("k7/8/8/1Q6/8/8/8/4K3 w - - 0 1", &["b5b6"], Outcome::Stalemate),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &["a1a2"], Outcome::FiftyMove),
        (
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            &["e1d1", "e8d8", "d1e1", "d8e8", "e1d1", "e8d8", "d1e1", "d8e8"],
            Outcome::Threefold,
        ),
        ("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1", &["c1d2"], Outcome::Insufficient),
    ];
    for (fen, moves, expected) in cases {
        let mut g = humans(fen);
        for m in moves {
            play(&mut g, m);
        }
        let line = g.log_line(1).unwrap();
        assert_eq!(line.outcome, expected, "{fen}");
        assert!(g.undo() && g.redo());
        assert_eq!(g.log_line(1), Some(line), "{fen}: after undo and redo");
    }
    // A Black queen (the largest piece byte) taken with every right still
    // held (15) and a clock of 255: the position comes back whole.
    let mut g = humans("r3k2r/8/8/8/8/8/8/R2qK2R w KQkq - 255 90");
    let before = g.position().clone();
    play(&mut g, "a1d1");
    assert_eq!(
        g.log_line(1),
        Some(LogLine {
            piece: Piece::new(ROOK, Color::White),
            from: t("a1"),
            to: t("d1"),
            captured: Piece::new(QUEEN, Color::Black),
            promotion: 0,
            outcome: Outcome::Normal
        })
    );
    assert!(g.undo());
    assert_eq!(*g.position(), before);
    // A Black king's move (the largest mover) that gives up both rights.
    let mut g = humans("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let before = g.position().clone();
    play(&mut g, "e8d8");
    assert_eq!(g.log_line(1).map(|l| l.piece), Some(Piece::new(KING, Color::Black)));
    assert!(g.undo());
    assert_eq!(*g.position(), before);
}

#[test]
fn attack_counts() {
    let g = Game::new();
    let mut counts = [ByColor::new(0u8, 0); 64];
    g.attack_counts(&mut counts);
    let c = |name: &str| *counts[t(name).index()].as_array();
    assert_eq!(c("f3"), [3, 0], "e2, g2 pawns and the g1 knight");
    assert_eq!(c("h3"), [2, 0], "g2 pawn and g1 knight");
    assert_eq!(c("e2"), [4, 0], "king, queen, bishop, knight");
    assert_eq!(c("d1"), [1, 0], "the king only: the rook is blocked");
    assert_eq!(c("e4"), [0, 0]);
    assert_eq!(c("c6"), [0, 3], "b7, d7 pawns and the b8 knight");
    assert_eq!(c("a6"), [0, 2], "b7 pawn and b8 knight");
    assert_eq!(c("e7"), [0, 4]);
    assert_eq!(c("a1"), [0, 0], "nothing attacks the corner rook");
    // The Ruy Lopez: e5 attacked once by each side.
    let g = Game::from_fen("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3").unwrap();
    g.attack_counts(&mut counts);
    assert_eq!(counts[t("e5").index()], ByColor::new(1, 1));
    assert_eq!(counts[t("c6").index()], ByColor::new(1, 2), "Bb5; b7 and d7 pawns");
    assert_eq!(counts[t("d7").index()], ByColor::new(0, 3), "Bb5 is blocked by c6; Bc8, Qd8, Ke8");
}

#[test]
fn attackers_of_one_tile() {
    let g = Game::from_fen("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3").unwrap();
    let mut out = [Tile::default(); MAX_ATTACKERS];
    // "A" on Black's e5 pawn: White's attackers.
    let n = g.attackers_of(t("e5"), Color::White, &mut out);
    assert_eq!(&out[..n as usize], &[t("f3")]);
    // "D": Black's defenders.
    let n = g.attackers_of(t("e5"), Color::Black, &mut out);
    assert_eq!(&out[..n as usize], &[t("c6")]);
    // The c6 knight: attacked by Bb5, defended by the b7 and d7 pawns.
    let n = g.attackers_of(t("c6"), Color::White, &mut out);
    assert_eq!(&out[..n as usize], &[t("b5")]);
    let n = g.attackers_of(t("c6"), Color::Black, &mut out);
    let mut found = out[..n as usize].to_vec();
    found.sort();
    assert_eq!(found, vec![t("b7"), t("d7")]);
    // An empty tile.
    let n = g.attackers_of(t("d4"), Color::Black, &mut out);
    let mut found = out[..n as usize].to_vec();
    found.sort();
    assert_eq!(found, vec![t("c6"), t("e5")], "the c6 knight and the e5 pawn");
}

/// Hooks that count progress calls and stop after `stop_after` of them.
struct Stopper {
    calls: u32,
    stop_after: u32,
}

impl SearchHooks for Stopper {
    fn progress(&mut self, _nodes: u32, _best: Move) -> bool {
        self.calls += 1;
        self.calls < self.stop_after
    }
}

fn is_legal(g: &Game, m: Move) -> bool {
    g.find_move(move_from(m), move_to(m), m.promotion()) == Ok(m)
}

#[test]
fn engine_move() {
    // The start position, seed 0: the table's first entry, e2e4, no search.
    let mut g = Game::new();
    let mut hooks = Stopper { calls: 0, stop_after: u32::MAX };
    let m = g.engine_move(&mut hooks).unwrap();
    assert_eq!((move_from(m), move_to(m)), (t("e2"), t("e4")));
    assert_eq!(hooks.calls, 0, "from the book");
    assert_eq!(*g.position(), Position::startpos(), "the move is not played");
    // A searched move is legal, at every level.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    for level in 1..=4 {
        let mut g = Game::from_fen(fen).unwrap();
        g.set_level(level);
        let m = g.engine_move(&mut ()).unwrap();
        assert!(is_legal(&g, m), "level {level}: {m}");
        assert!(g.play(m).is_ok());
    }
    // Mated: no move.
    let mut g = humans("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(g.outcome(), Outcome::Checkmate);
    assert_eq!(g.engine_move(&mut ()), None);
    // Stopped by the hooks at the first progress call: still a legal move.
    let mut g = Game::from_fen(fen).unwrap();
    g.set_level(4);
    let mut hooks = Stopper { calls: 0, stop_after: 1 };
    let m = g.engine_move(&mut hooks).unwrap();
    assert_eq!(hooks.calls, 1, "the search stopped when told");
    assert!(is_legal(&g, m));
    // A mate in one is found at level 1.
    let mut g = Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    let m = g.engine_move(&mut ()).unwrap();
    assert_eq!(g.play(m), Ok(Outcome::Checkmate));
}

#[test]
fn settings() {
    let mut g = Game::new();
    g.set_level(0);
    assert_eq!(g.level(), 1);
    g.set_level(9);
    assert_eq!(g.level(), 9, "a timed level");
    g.set_level(11);
    assert_eq!(g.level(), 10);
    g.set_player(Color::White, Player::Computer);
    assert_eq!(g.player(Color::White), Player::Computer);
    g.set_player(Color::Black, Player::Human);
    assert_eq!(g.player(Color::Black), Player::Human);
    // new_game keeps players and level, resets the board and the ring.
    play(&mut g, "e2e4");
    g.new_game();
    assert_eq!(*g.position(), Position::startpos());
    assert!(!g.can_undo() && !g.can_redo());
    assert_eq!((g.player(Color::White), g.player(Color::Black), g.level()), (Player::Computer, Player::Human, 10));
    // Without the book the start position is searched (still e2e4 or not,
    // but legal and not from the table: the hooks see progress).
    g.set_book(false);
    g.set_level(1);
    let mut hooks = Stopper { calls: 0, stop_after: u32::MAX };
    let m = g.engine_move(&mut hooks).unwrap();
    assert!(hooks.calls > 0 && is_legal(&g, m));
}

/// Records the depth of each iteration a search reports.
#[derive(Default)]
struct Depths(Vec<u8>);

impl SearchHooks for Depths {
    fn iteration(&mut self, info: &engine_core::search::Iteration) {
        self.0.push(info.depth);
    }
}

/// Italian game, White to move at level 2, no opening tables, against a human.
fn italian() -> Game {
    let mut g = Game::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
    g.set_level(2);
    g.set_book(false);
    g
}

/// The computer's move and the reply its last line expects (both tiles).
fn move_and_reply(g: &mut Game) -> (Move, String) {
    struct Line(Vec<Move>);
    impl SearchHooks for Line {
        fn iteration(&mut self, info: &engine_core::search::Iteration) {
            self.0 = info.pv.to_vec();
        }
    }
    let mut line = Line(Vec::new());
    let m = g.engine_move(&mut line).unwrap();
    assert_eq!(line.0[0], m);
    (m, line.0[1].to_string())
}

#[test]
fn a_ponder_changes_nothing_on_the_board_and_refuses_what_it_cannot_search() {
    let mut g = italian();
    let (m, _) = move_and_reply(&mut g);
    g.play(m).unwrap();
    let before = format!("{:?}", g.position());
    let targets: Vec<TileSet> = Tile::all().map(|tile| g.legal_targets(tile)).collect();
    let reply = g.find_move(t("d7"), t("d6"), 0).unwrap();
    let mut depths = Depths::default();
    assert!(g.ponder(reply, &mut depths));
    assert!(!depths.0.is_empty(), "it searched");
    assert_eq!(format!("{:?}", g.position()), before, "every byte, the history included");
    assert_eq!(Tile::all().map(|tile| g.legal_targets(tile)).collect::<Vec<_>>(), targets);
    assert!(!g.can_redo() && g.can_undo());
    // A move that is not legal here (White's, with Black to move) is refused.
    assert!(!g.ponder(m, &mut ()));
    assert_eq!(format!("{:?}", g.position()), before);
}

#[test]
fn the_engine_takes_up_a_ponder_when_the_move_expected_is_played() {
    // The same game three ways: the reply expected played after a ponder,
    // without one, and another reply after a ponder.
    let mut first_depths = Vec::new();
    for (ponder, expected) in [(true, true), (false, true), (true, false)] {
        let mut g = italian();
        let (m, reply) = move_and_reply(&mut g);
        g.play(m).unwrap();
        let expected_move = g.find_move(t(&reply[..2]), t(&reply[2..4]), 0).unwrap();
        if ponder {
            let mut depths = Depths::default();
            assert!(g.ponder(expected_move, &mut depths));
            // Level 2's budget three times over, no iteration begun past one.
            assert!(depths.0.len() >= 3, "{depths:?}", depths = depths.0);
        }
        let played = if expected {
            expected_move
        } else {
            // Any other legal move of Black's: the first from a man's tiles.
            Tile::all()
                .flat_map(|from| Tile::all().map(move |to| (from, to)))
                .filter_map(|(from, to)| g.find_move(from, to, 0).ok())
                .find(|&o| o != expected_move)
                .unwrap()
        };
        g.play(played).unwrap();
        let mut depths = Depths::default();
        let answer = g.engine_move(&mut depths).unwrap();
        assert!(is_legal(&g, answer));
        // No iteration at all: the ponder had finished the level's deepest
        // (4), and its move is played at once.
        first_depths.push(depths.0.first().copied().unwrap_or(5));
    }
    let [hit, without, miss] = first_depths[..] else { unreachable!() };
    assert_eq!(without, 1, "a search starts at depth 1");
    assert_eq!(miss, 1, "another move: afresh");
    assert!(hit > 2, "taken up where the ponder was: depth {hit}");
}
