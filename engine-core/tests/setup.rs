//! Setting up a position through the tile interface (`Game::read_setup`,
//! `Game::set_up`): what the editor of a front end relies on. A set-up is
//! refused for exactly the reasons, and in the words, the FEN parser gives
//! for the same position, and a refusal leaves the game and the set-up as
//! they were.

use engine_core::fen::FenError;
use engine_core::game::{Game, Player, Setup};
use engine_core::piece::*;
use engine_core::position::{CASTLE_ALL, CASTLE_BK, CASTLE_WK, CASTLE_WQ};
use engine_core::{Position, Tile};

/// The set-up of a FEN position (through a game of it).
fn setup_of(fen: &str) -> Setup {
    let mut setup = Setup::EMPTY;
    Game::from_fen(fen).unwrap().read_setup(&mut setup);
    setup
}

/// The FEN placement, side and castling fields of a set-up, then
/// `- 0 1`: what the parser is asked in the comparisons below.
fn fen_of(setup: &Setup) -> String {
    let mut fen = String::new();
    for row in 0..8 {
        let mut empty = 0;
        for column in 0..8 {
            let man = setup.men[row * 8 + column];
            if man.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                fen.push((b'0' + empty) as char);
                empty = 0;
            }
            fen.push(man.char() as char);
        }
        if empty > 0 {
            fen.push((b'0' + empty) as char);
        }
        if row < 7 {
            fen.push('/');
        }
    }
    fen.push_str(if setup.side == Color::White { " w " } else { " b " });
    let rights: String = [(1, 'K'), (2, 'Q'), (4, 'k'), (8, 'q')]
        .iter()
        .filter(|(bit, _)| setup.castle & bit != 0)
        .map(|p| p.1)
        .collect();
    fen.push_str(if rights.is_empty() { "-" } else { &rights });
    fen.push_str(" - 0 1");
    fen
}

/// A set-up from a FEN placement field, White to move, no rights: also
/// of placements no FEN position has.
fn placed(placement: &str) -> Setup {
    let mut setup = Setup::EMPTY;
    let mut at = 0;
    for c in placement.bytes() {
        match c {
            b'/' => {}
            b'1'..=b'8' => at += (c - b'0') as usize,
            _ => {
                setup.men[at] = Piece::from_char(c).unwrap();
                at += 1;
            }
        }
    }
    assert_eq!(at, 64, "{placement}");
    setup
}

/// A game a few moves in, with something to undo.
fn game_in_progress() -> Game {
    let mut game = Game::new();
    game.set_player(Color::Black, Player::Human);
    for (from, to) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")] {
        let m = game.find_move(tile(from), tile(to), 0).unwrap();
        game.play(m).unwrap();
    }
    game
}

fn tile(name: &str) -> Tile {
    let b = name.as_bytes();
    Tile::from_name([b[0], b[1]]).unwrap()
}

#[test]
fn read_setup_gives_the_men_side_and_rights() {
    let setup = setup_of("r3k2r/8/8/8/8/8/8/4K2R b Kkq - 0 1");
    assert_eq!(setup.side, Color::Black);
    assert_eq!(setup.castle, CASTLE_WK | CASTLE_BK | 8);
    assert_eq!(setup.men[0], Piece::new(ROOK, Color::Black)); // a8
    assert_eq!(setup.men[4], Piece::new(KING, Color::Black)); // e8
    assert_eq!(setup.men[60], Piece::new(KING, Color::White)); // e1
    assert_eq!(setup.men.iter().filter(|m| !m.is_empty()).count(), 5);
    assert_eq!(fen_of(&setup), "r3k2r/8/8/8/8/8/8/4K2R b Kkq - 0 1");
}

#[test]
fn a_set_up_starts_a_new_game_at_move_1() {
    let mut game = game_in_progress();
    let fen = "4k3/8/8/3q4/8/8/3P4/R3K3 b Q - 0 1";
    let mut setup = setup_of(fen);
    assert_eq!(game.set_up(&mut setup), Ok(()));
    assert_eq!(game.position().fen().to_string(), fen);
    assert_eq!(*game.position(), Position::from_fen(fen).unwrap());
    assert_eq!(game.position().recount(), game.position().totals());
    assert!(!game.undo(), "nothing to undo in a new game");
    assert_eq!(game.log_line(1), None);
    // Players and settings are kept; the new position is played on.
    assert_eq!(game.player(Color::Black), Player::Human);
    let m = game.find_move(tile("d5"), tile("d2"), 0).unwrap();
    game.play(m).unwrap();
    assert!(game.undo());
    assert_eq!(game.position().fen().to_string(), fen);
}

/// Each rule, in the parser's words, and the game and set-up untouched.
#[test]
fn refusals_keep_the_game_and_give_the_parsers_reason() {
    let cases: [(&str, u8, &str); 6] = [
        ("8/8/8/8/8/8/8/4K3", 0, "each side needs exactly one king"),
        ("4k3/8/8/8/8/8/8/4K1K1", 0, "more than one king of a colour"),
        ("4k2P/8/8/8/8/8/8/4K3", 0, "a pawn on rank 1 or 8"),
        ("4k3/8/8/8/8/8/8/4K3", CASTLE_WK, "a right without its king and rook at home"),
        ("4k3/8/8/8/8/8/8/R3K3", CASTLE_ALL, "a right without its king and rook at home"),
        ("4k3/8/8/8/8/8/8/4RK2", 0, "the side not to move is in check"),
    ];
    for (fen, castle, words) in cases {
        let mut setup = placed(fen);
        setup.castle = castle;
        let asked = setup;
        let expected = Position::from_fen(&fen_of(&setup)).unwrap_err();
        let mut game = game_in_progress();
        let before = game.position().clone();
        assert_eq!(expected.problem, words);
        assert_eq!(game.set_up(&mut setup), Err(expected), "{fen} castle {castle}");
        assert_eq!(setup, asked, "the set-up is kept: {fen}");
        assert_eq!(*game.position(), before, "the game is kept: {fen}");
        assert_eq!(game.position().totals(), before.totals());
        assert_eq!(game.position().key(), before.key());
        assert_eq!(game.log_line(1).map(|l| l.to), Some(tile("f3")));
        assert!(game.undo(), "the game's plies are kept: {fen}");
    }
}

#[test]
fn the_reason_is_one_a_player_can_read() {
    let mut setup = Setup::EMPTY;
    let FenError { problem, .. } = Game::new().set_up(&mut setup).unwrap_err();
    assert_eq!(problem, "each side needs exactly one king");
}

#[test]
fn castling_bits_beyond_the_four_rights_are_ignored() {
    let mut game = Game::new();
    let mut setup = setup_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    setup.castle = 0xF0 | CASTLE_WQ;
    assert_eq!(game.set_up(&mut setup), Ok(()));
    assert_eq!(game.position().castling(), CASTLE_WQ);
}

/// Random set-ups, mostly with a king a side: `set_up` agrees with the
/// parser on every one, and its position is the parser's.
#[test]
fn set_up_agrees_with_the_fen_parser() {
    let mut state = 0x2545_F491_u32;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    };
    let (mut accepted, mut refused) = (0, 0);
    let mut game = game_in_progress();
    for _ in 0..20_000 {
        let mut setup = Setup::EMPTY;
        let men = next() % 12;
        for _ in 0..men {
            let kind = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN][(next() % 5) as usize];
            let colour = if next() & 1 == 0 { Color::White } else { Color::Black };
            setup.men[(next() % 64) as usize] = Piece::new(kind, colour);
        }
        // Usually one king a side, sometimes none or two.
        let kings = [1, 1, 1, 1, 1, 1, 0, 2][(next() % 8) as usize];
        for colour in Color::BOTH {
            for _ in 0..kings {
                setup.men[(next() % 64) as usize] = Piece::new(KING, colour);
            }
        }
        // Rights where a king and rook often stand at home.
        if next() % 3 == 0 {
            for (at, man) in [(60, Piece::new(KING, Color::White)), (63, Piece::new(ROOK, Color::White))] {
                setup.men[at] = man;
            }
        }
        setup.castle = if next() % 4 == 0 { (next() % 16) as u8 } else { 0 };
        setup.side = if next() & 1 == 0 { Color::White } else { Color::Black };
        let fen = fen_of(&setup);
        let parsed = Position::from_fen(&fen);
        let before = game.position().clone();
        let mut asked = setup;
        match (game.set_up(&mut asked), parsed) {
            (Ok(()), Ok(pos)) => {
                accepted += 1;
                assert_eq!(*game.position(), pos, "{fen}");
                assert_eq!(game.position().is_consistent(), Ok(()), "{fen}");
            }
            (Err(e), Err(expected)) => {
                refused += 1;
                assert_eq!(e, expected, "{fen}");
                assert_eq!(*game.position(), before, "{fen}");
                assert_eq!(asked, setup, "{fen}");
            }
            (got, expected) => panic!("{fen}: set_up {got:?}, parser {:?}", expected.map(|_| ())),
        }
    }
    // Both verdicts are common enough to mean something.
    assert!(accepted > 2_000 && refused > 2_000, "accepted {accepted}, refused {refused}");
}
