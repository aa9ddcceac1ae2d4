//! FEN in and out.
//!
//! * Round trip: every table position, every node of their depth-3 trees and
//!   every position of 2,000 random games prints a FEN that parses back to
//!   the same position and prints identically.
//! * Robustness: 10,000 cases each of arbitrary strings, FEN-alphabet
//!   strings and mutated valid FENs never panic, and every rejection's
//!   message is `bad FEN <field>: <problem>` naming the field at fault.
//! * Validation agrees with shakmaty on 10,000 random piece placements
//!   (accepts exactly what it accepts), and on every accepted one the move
//!   lists, perft(2) and make/unmake agree too.
//! * Explicit rejections, each with its expected `FenField`.

use std::sync::LazyLock;

use c64chess_tests::{all_table_fens, legal, position, pseudo, reference, uci_sorted, walk_tree, RandomGame};
use engine_core::{FenError, FenField, GenMode, Position};
use proptest::prelude::*;

/// The field names a rejection may name, as the messages spell them.
const FIELD_NAMES: [&str; 8] =
    ["fields", "board", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "position"];

/// The message of `e` is `bad FEN <field>: <problem>`, where `<field>` is one
/// of [`FIELD_NAMES`] and is the name of `e.field`, and `<problem>` is not empty.
fn check_message(e: &FenError) -> Result<(), String> {
    let text = e.to_string();
    let rest = text.strip_prefix("bad FEN ").ok_or_else(|| format!("{text:?} lacks the prefix"))?;
    let name = FIELD_NAMES
        .iter()
        .find(|n| rest.starts_with(&format!("{n}: ")))
        .ok_or_else(|| format!("{text:?} names no field"))?;
    if *name != e.field.name() {
        return Err(format!("{text:?} names {name}, but the field is {:?}", e.field));
    }
    if rest.len() <= name.len() + 2 {
        return Err(format!("{text:?} gives no problem"));
    }
    Ok(())
}

/// `pos` prints a FEN that parses, prints identically, and describes the same
/// position (board, state, and the running totals and key built from them).
fn check_round_trip(pos: &Position) -> Result<(), String> {
    let text = pos.fen().to_string();
    let back = Position::from_fen(&text).map_err(|e| format!("{text}: own output rejected: {e}"))?;
    let again = back.fen().to_string();
    if again != text {
        return Err(format!("{text} printed back as {again}"));
    }
    if back.cells() != pos.cells() || back.totals() != pos.totals() || back.key() != pos.key() {
        return Err(format!("{text}: parsed position differs from the printed one"));
    }
    Ok(())
}

/// Every table FEN prints back exactly as written.
#[test]
fn table_fens_print_back_identically() {
    let fens = all_table_fens();
    assert!(fens.len() >= 17);
    for fen in fens {
        // An en passant square no legal capture can use is dropped (the
        // engine keeps one only while a capture is legal), as shakmaty's
        // "legal" mode prints it; everything else prints back as written.
        let theirs = reference::try_from_fen(&fen).expect("table FENs are legal");
        let expected = reference::fen(&theirs);
        assert_eq!(position(&fen).fen().to_string(), expected);
        let field = |f: &str, i: usize| f.split(' ').nth(i).map(str::to_owned);
        for i in [0, 1, 2, 4, 5] {
            assert_eq!(field(&expected, i), field(&fen, i), "{fen}");
        }
    }
}

/// Every node of the depth-3 trees of the table positions round-trips
/// (castling rights lost, en passant squares set, promotions, clocks).
#[test]
fn table_trees_round_trip() {
    let mut nodes = 0;
    for fen in all_table_fens() {
        walk_tree(&mut position(&fen), 3, &mut |p, _| {
            nodes += 1;
            check_round_trip(p).unwrap();
        });
    }
    assert!(nodes > 500_000, "only {nodes} nodes");
}

/// Every position of 2,000 random games round-trips.
#[test]
fn random_game_positions_round_trip() {
    let mut positions = 0u64;
    for seed in 1..=2_000 {
        RandomGame::new(seed, 300).run(|pos, _| {
            positions += 1;
            if let Err(e) = check_round_trip(pos) {
                panic!("game {seed}: {e}");
            }
        });
    }
    assert!(positions > 100_000, "only {positions} positions");
}

/// Whatever position the engine reaches, it can read its own FEN back: here
/// at the edges of the counters (fullmove number 9999 with Black to move,
/// halfmove clock 255).
#[test]
fn printed_fens_parse_back_at_counter_limits() {
    for fen in
        ["4k3/8/8/8/8/8/8/4K3 b - - 0 9999", "4k3/8/8/8/8/8/8/4K3 w - - 255 1", "4k3/8/8/8/8/8/8/4K3 b - - 255 9999"]
    {
        let mut pos = position(fen);
        check_round_trip(&pos).unwrap();
        for m in legal(&pos) {
            let undo = pos.make(m);
            if let Err(e) = check_round_trip(&pos) {
                panic!("{fen} after {m}: {e}");
            }
            pos.unmake(m, undo);
        }
    }
}

/// What the parser accepts beyond the strict form: the clocks may be left
/// out (EPD style, defaults 0 and 1) and fields may be separated by any
/// ASCII whitespace.
#[test]
fn accepted_variants() {
    let want = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \t w  KQkq\n-   0 1 ",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1",
    ] {
        assert_eq!(position(text).fen().to_string(), want, "{text:?}");
    }
    assert_eq!(position("4k3/8/8/8/8/8/8/4K3 w - - 17 42").fen().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 17 42");
}

/// Each of these is rejected, for the reason given, naming the field.
#[test]
fn explicit_rejections() {
    use FenField::*;
    let cases: &[(&str, FenField, &str)] = &[
        // Kings: not exactly one per side.
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", Board, "no black king"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", Board, "no white king"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", Board, "no kings"),
        ("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", Board, "two white kings"),
        ("k3k3/8/8/8/8/8/8/4K3 w - - 0 1", Board, "two black kings"),
        // Pawns on the back ranks.
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", Board, "white pawn on rank 8"),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", Board, "black pawn on rank 1"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", Board, "white pawn on rank 1"),
        ("p3k3/8/8/8/8/8/8/4K3 b - - 0 1", Board, "black pawn on rank 8"),
        // The side not to move is in check.
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", Position, "black in check, white to move"),
        ("4k3/8/8/8/8/8/8/4r1K1 b - - 0 1", Position, "white in check (rook on its rank), black to move"),
        ("4k3/8/8/8/8/5n2/8/4K3 b - - 0 1", Position, "white in check from a knight, black to move"),
        ("8/8/8/8/8/8/3pk3/4K3 b - - 0 1", Position, "white king attacked by a pawn and a king"),
        ("8/8/8/8/8/8/4k3/4K3 w - - 0 1", Position, "kings touching"),
        // En passant squares no double push could have made.
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", EnPassant, "no pawn in front of the square"),
        ("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", EnPassant, "wrong rank for white to move"),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1", EnPassant, "wrong rank for black to move"),
        ("4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", EnPassant, "the pawn's start square is occupied"),
        ("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", EnPassant, "the crossed square is occupied"),
        ("4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1", EnPassant, "the pawn in front is the mover's own"),
        ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", EnPassant, "white to move, own pawn pushed"),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", EnPassant, "not a square"),
        ("4k3/8/8/8/8/8/8/4K3 w - E6 0 1", EnPassant, "upper-case file"),
        // Castling rights without king and rook at home.
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Castling, "K without a rook"),
        ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", Castling, "K with only the a-rook"),
        ("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", Castling, "king not on e1"),
        ("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", Castling, "k without a rook"),
        ("4k3/8/8/8/8/8/8/r3K3 w Q - 0 1", Castling, "Q with a black rook on a1"),
        ("r3k2r/8/8/8/8/8/8/4K3 w kx - 0 1", Castling, "unknown letter"),
        ("r3k2r/8/8/8/8/8/8/4K3 w kk - 0 1", Castling, "repeated letter"),
        ("r3k2r/8/8/8/8/8/8/4K3 w - - 0 1 x", Fields, "seven fields"),
        // Syntax of the other fields.
        ("", Fields, "empty"),
        ("4k3/8/8/8/8/8/8/4K3", Fields, "board only"),
        ("4k3/8/8/8/8/8/8/4K3 w -", Fields, "no en passant field"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", Side, "side x"),
        ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", Side, "side W"),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", Halfmove, "negative clock"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 256 1", Halfmove, "clock above 255"),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", Halfmove, "clock not a number"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 x", Fullmove, "move number not a number"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 +1", Fullmove, "move number with a sign"),
        // Board syntax.
        ("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", Board, "nine ranks"),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", Board, "seven ranks"),
        ("4k4/8/8/8/8/8/8/4K3 w - - 0 1", Board, "nine squares on a rank"),
        ("4k2/8/8/8/8/8/8/4K3 w - - 0 1", Board, "seven squares on a rank"),
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", Board, "seven squares on the last rank"),
        ("4k3/8/8/8/8/8/8/4K3/ w - - 0 1", Board, "trailing slash"),
        ("4k3//8/8/8/8/8/4K3 w - - 0 1", Board, "empty rank"),
        ("4k3/8/8/8/8/8/8/4K3x w - - 0 1", Board, "unknown letter"),
        ("4k3/8/8/8/8/8/8/4K03 w - - 0 1", Board, "digit 0"),
        ("4k3/8/8/8/8/8/8/4K9 w - - 0 1", Board, "digit 9"),
        ("4k3/8/8/8/8/8/8/4K3\u{e9} w - - 0 1", Board, "non-ASCII letter"),
    ];
    let mut failures = Vec::new();
    for &(fen, field, why) in cases {
        match engine_core::Position::from_fen(fen) {
            Ok(p) => failures.push(format!("{why}: {fen:?} accepted as {}", p.fen())),
            Err(e) if e.field != field => failures.push(format!("{why}: {fen:?}: {e} (expected field {field:?})")),
            Err(e) => {
                if let Err(m) = check_message(&e) {
                    failures.push(format!("{why}: {m}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------

/// Parse `text`; a rejection must carry a well-formed message, an acceptance
/// must round-trip, and if shakmaty also accepts the position, the two must
/// agree on it (see [`agree_with_shakmaty`]).
fn check_any(text: &str) -> Result<(), TestCaseError> {
    match Position::from_fen(text) {
        Err(e) => check_message(&e).map_err(TestCaseError::fail),
        Ok(pos) => {
            check_round_trip(&pos).map_err(TestCaseError::fail)?;
            if let Some(theirs) = reference::try_from_fen(text) {
                agree_with_shakmaty(pos, &theirs)?;
            }
            Ok(())
        }
    }
}

/// Both generators accepted the position: the same FEN fields (fullmove 0
/// aside: shakmaty reads it as 1), the same legal moves, the same perft(2);
/// and make/unmake of every pseudo-legal move restores the position.
fn agree_with_shakmaty(mut pos: Position, theirs: &shakmaty::Chess) -> Result<(), TestCaseError> {
    let ours = pos.fen().to_string();
    let refs = reference::fen(theirs);
    let head = |f: &str| f.rsplit_once(' ').map(|(h, _)| h.to_string()).unwrap_or_default();
    prop_assert_eq!(head(&ours), head(&refs));
    prop_assert_eq!(uci_sorted(&legal(&pos)), reference::legal_uci(theirs), "{}", ours);
    prop_assert_eq!(engine_core::perft(&mut pos, 2), Some(reference::perft(theirs, 2)), "{}", ours);
    let before = pos.clone();
    for m in pseudo(&pos, GenMode::All) {
        let undo = pos.make(m);
        pos.unmake(m, undo);
        prop_assert_eq!(&pos, &before, "{} make/unmake {}", ours, m);
    }
    Ok(())
}

/// Characters FEN uses, to build near-valid strings from.
const FEN_CHARS: &str = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0 9";

fn fen_char() -> impl Strategy<Value = char> {
    prop_oneof![
        6 => prop::sample::select(FEN_CHARS.chars().collect::<Vec<_>>()),
        1 => any::<char>(),
        1 => prop::sample::select(vec!['\t', '\n', '\u{a0}', '\u{3000}', '\0', '\u{e9}', '\u{265a}']),
    ]
}

/// One edit of a FEN string.
#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the character at an index.
    Flip(usize, char),
    /// Delete the character at an index.
    Delete(usize),
    /// Insert a character before an index.
    Insert(usize, char),
    /// Swap two whitespace-separated fields.
    SwapFields(usize, usize),
    /// Drop a field.
    DropField(usize),
    /// Repeat a field.
    DupField(usize),
    /// Cut the string at an index.
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), fen_char()).prop_map(|(i, c)| Mutation::Flip(i, c)),
        2 => any::<usize>().prop_map(Mutation::Delete),
        3 => (any::<usize>(), fen_char()).prop_map(|(i, c)| Mutation::Insert(i, c)),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapFields(a, b)),
        1 => any::<usize>().prop_map(Mutation::DropField),
        1 => any::<usize>().prop_map(Mutation::DupField),
        1 => any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let mut fields: Vec<&str> = text.split(' ').collect();
    let f = fields.len();
    match *m {
        Mutation::Flip(i, c) if n > 0 => chars[i % n] = c,
        Mutation::Delete(i) if n > 0 => {
            chars.remove(i % n);
        }
        Mutation::Insert(i, c) => chars.insert(i % (n + 1), c),
        Mutation::Truncate(i) => chars.truncate(i % (n + 1)),
        Mutation::SwapFields(a, b) => {
            fields.swap(a % f, b % f);
            return fields.join(" ");
        }
        Mutation::DropField(i) => {
            fields.remove(i % f);
            return fields.join(" ");
        }
        Mutation::DupField(i) => {
            fields.insert(i % f, fields[i % f]);
            return fields.join(" ");
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// Valid FENs to mutate: the tables, plus positions with en passant squares,
/// castling rights and clocks set (and a few from random games).
static BASES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut v = all_table_fens();
    v.extend(
        [
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 99 120",
            "4k3/8/8/8/8/8/8/4K3 b - - 255 9999",
        ]
        .map(String::from),
    );
    for seed in 0..20 {
        let mut game = RandomGame::new(10_000 + seed, 60);
        game.run(|_, _| {});
        v.push(game.pos.fen().to_string());
    }
    v
});

/// A random position built square by square: two kings, up to 24 other
/// pieces, optional castling set-up (kings and rooks at home, some rights)
/// and optional en passant set-up (the pushed pawn in place, maybe a
/// capturer beside it). Many are valid, many are not, for several reasons.
fn placement() -> impl Strategy<Value = String> {
    (
        (0usize..64, 0usize..64),
        prop::collection::vec((0usize..64, 0usize..10), 0..24),
        any::<bool>(),
        (any::<bool>(), 0u8..16),
        (prop::option::of(0u8..8), any::<bool>(), prop::option::of(prop_oneof![Just(-1i8), Just(1i8)])),
        (0u16..120, 1u16..200),
    )
        .prop_map(|(kings, pieces, white, (castle_setup, rights), (ep, ep_setup, capturer), (half, full))| {
            // board[tile]: tile 0 = a8 .. 63 = h1, as in FEN order.
            let mut board = ['.'; 64];
            if castle_setup {
                for (t, c) in [(4, 'k'), (0, 'r'), (7, 'r'), (60, 'K'), (56, 'R'), (63, 'R')] {
                    board[t] = c;
                }
            } else {
                board[kings.0] = 'K';
                if board[kings.1] == '.' {
                    board[kings.1] = 'k';
                }
            }
            // No kings among the others: "PNBRQpnbrq".
            for (t, p) in pieces {
                let c = b"PNBRQpnbrq"[p] as char;
                let back_rank = !(8..56).contains(&t);
                if board[t] == '.' && !(c.eq_ignore_ascii_case(&'p') && back_rank) {
                    board[t] = c;
                }
            }
            let mut ep_text = "-".to_string();
            if let Some(file) = ep {
                let file = file as usize;
                // White to move: Black pushed file7 -> file5 over file6.
                let (from, over, to, pusher, ours) = if white {
                    (8 + file, 16 + file, 24 + file, 'p', 'P')
                } else {
                    (48 + file, 40 + file, 32 + file, 'P', 'p')
                };
                if ep_setup {
                    board[from] = '.';
                    board[over] = '.';
                    board[to] = pusher;
                    if let Some(side) = capturer {
                        let f = file as i8 + side;
                        if (0..8).contains(&f) && !"Kk".contains(board[to - file + f as usize]) {
                            board[to - file + f as usize] = ours;
                        }
                    }
                }
                ep_text = format!("{}{}", (b'a' + file as u8) as char, if white { 6 } else { 3 });
            }
            let mut text = String::new();
            for rank in 0..8 {
                let mut empty = 0;
                for file in 0..8 {
                    let c = board[rank * 8 + file];
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(c);
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                if rank < 7 {
                    text.push('/');
                }
            }
            let mut castling: String =
                "KQkq".chars().enumerate().filter(|(i, _)| rights & (1 << i) != 0).map(|(_, c)| c).collect();
            if castling.is_empty() {
                castling.push('-');
            }
            format!("{text} {} {castling} {ep_text} {half} {full}", if white { 'w' } else { 'b' })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    /// Arbitrary Unicode strings: no panic, every rejection well described.
    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_any(&text)?;
    }

    /// Strings over the FEN alphabet, shaped like FEN.
    #[test]
    fn fen_shaped_strings_never_panic(
        text in "[pnbrqkPNBRQK1-9/]{0,70} [wbWB-]{1,2} [KQkqx-]{1,5} ([a-i][1-9]|-) [0-9]{0,4} [0-9]{0,6}",
    ) {
        check_any(&text)?;
    }

    /// Valid FENs after one to four random edits.
    #[test]
    fn mutated_fens_never_panic(
        base in 0..BASES.len(),
        edits in prop::collection::vec(mutation(), 1..5),
    ) {
        let text = edits.iter().fold(BASES[base].clone(), |t, m| apply(&t, m));
        check_any(&text)?;
    }

    /// Random placements: the engine accepts exactly the positions shakmaty
    /// accepts (shakmaty told to tolerate more material than promotions allow
    /// and checks no move could give, which the engine does not judge), and
    /// on every accepted position they agree on moves and perft(2).
    #[test]
    fn placements_validate_like_shakmaty(text in placement()) {
        let ours = Position::from_fen(&text);
        let theirs = reference::try_from_fen(&text);
        match (ours, theirs) {
            (Ok(pos), Some(theirs)) => agree_with_shakmaty(pos, &theirs)?,
            (Err(e), None) => check_message(&e).map_err(TestCaseError::fail)?,
            (Ok(_), None) => prop_assert!(false, "{}: engine accepts, shakmaty rejects", text),
            (Err(e), Some(_)) => prop_assert!(false, "{}: engine rejects ({}), shakmaty accepts", text, e),
        }
    }
}

/// The generators above are not degenerate: a fixed sample of 2,000
/// placements and 2,000 mutated FENs contains plenty of accepted positions,
/// among them positions with an en passant square and with castling rights,
/// so the agreement properties are exercised, not vacuous.
#[test]
fn generated_inputs_are_often_valid() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut valid, mut with_ep, mut with_castling) = (0, 0, 0);
    let placements = placement();
    for _ in 0..2_000 {
        let text = placements.new_tree(&mut runner).unwrap().current();
        if let Ok(pos) = Position::from_fen(&text) {
            valid += 1;
            with_ep += i32::from(pos.ep_square() != engine_core::square::NO_SQUARE);
            with_castling += i32::from(pos.castling() != 0);
        }
    }
    let seen = format!("placements: {valid} valid, {with_ep} ep, {with_castling} castling");
    eprintln!("{seen}");
    // En passant squares survive only where a legal capture exists.
    assert!(valid > 300 && with_ep > 30 && with_castling > 50, "{seen}");
    let mutated = (0..BASES.len(), prop::collection::vec(mutation(), 1..5));
    let mut valid = 0;
    for _ in 0..2_000 {
        let (base, edits) = mutated.new_tree(&mut runner).unwrap().current();
        let text = edits.iter().fold(BASES[base].clone(), |t, m| apply(&t, m));
        valid += i32::from(Position::from_fen(&text).is_ok() && text != BASES[base]);
    }
    assert!(valid > 25, "mutations: only {valid} changed and still valid");
    eprintln!("mutations: {valid} changed and still valid");
}

/// `set_fen` parses in place (the C64's drive harness sets its positions so):
/// over a position with a board and a history it gives exactly what
/// `from_fen` gives, and a rejected FEN leaves an empty board without
/// history, never the old position or a half-set one.
#[test]
fn set_fen_in_place_equals_from_fen_and_a_rejection_empties_the_board() {
    for fen in all_table_fens() {
        let mut pos = Position::startpos();
        for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
            let mv = pos.parse_move(m).unwrap();
            pos.make(mv);
        }
        assert!(pos.history_len() > 0);
        pos.set_fen(&fen).unwrap();
        assert_eq!(pos, Position::from_fen(&fen).unwrap(), "{fen}");
        assert_eq!(pos.history_len(), 0);
        assert_eq!(pos.fen().to_string(), Position::from_fen(&fen).unwrap().fen().to_string());
    }
    let mut pos = Position::startpos();
    let e = pos.set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra").unwrap_err();
    assert_eq!(e.field, FenField::Fields);
    assert!(pos.cells().iter().all(|p| p.is_empty()), "the board is empty after a rejection");
    assert_eq!(pos.history_len(), 0);
    // A rejection late in the parse (after the board was read) empties it too.
    assert!(pos.set_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1").is_err());
    assert!(pos.cells().iter().all(|p| p.is_empty()));
    pos.set_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(pos, Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap());
}

/// A run of empty squares is one digit from 1 to 8: `0` and `9` are named
/// as bad digits (not as unknown piece letters), and two digits in a row
/// are rejected even when they add up to the rank (`44`, `71`). A fullmove
/// number of 0 is read as 1, so the message for a bad one gives 0..65535.
#[test]
fn digit_runs_and_the_fullmove_range() {
    use FenField::*;
    let run = "a run of empty squares is one digit 1..8";
    let two = run;
    for (fen, field, problem) in [
        ("4k3/8/8/8/8/8/8/4K03 w - - 0 1", Board, run),
        ("4k3/8/8/8/8/8/8/4K9 w - - 0 1", Board, run),
        ("4k3/8/8/8/8/8/8/0 w - - 0 1", Board, run),
        ("4k3/44/8/8/8/8/8/4K3 w - - 0 1", Board, two),
        ("4k3/8/71/8/8/8/8/4K3 w - - 0 1", Board, two),
        ("4k3/8/8/8/8/8/8/K61 w - - 0 1", Board, two),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 65536", Fullmove, "expected a number 0..65535"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 -1", Fullmove, "expected a number 0..65535"),
    ] {
        assert_eq!(engine_core::Position::from_fen(fen).unwrap_err(), FenError { field, problem }, "{fen}");
    }
    assert_eq!(position("4k3/8/8/8/8/8/8/4K3 w - - 0 0").fen().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(position("4k3/8/8/8/8/8/8/4K3 w - - 0 65535").fen().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 65535");
}
