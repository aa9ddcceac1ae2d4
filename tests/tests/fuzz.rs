//! The fuzz target: FEN parsing, random make/unmake walks and the tile
//! interface, with the consistency checker (`Position::is_consistent`) as
//! the oracle, as proptest properties, so plain `cargo test` runs them on
//! any machine in a bounded time and CI runs them longer.
//!
//! | property | input | must hold |
//! |---|---|---|
//! | `arbitrary_bytes`, `fen_alphabet_bytes` | any bytes; bytes mostly over FEN's alphabet (invalid UTF-8 replaced) | no panic; accepted: `check_accepted`; rejected: `check_rejected` |
//! | `mutated_fens` | a valid FEN after 1 to 5 `Edit`s: byte flips, FEN letters, case swaps, digit changes, field and rank deletions and duplications, truncation | the same |
//! | `walks` | a start FEN and up to 80 `Step`s: make a legal move, make and unmake one, make and unmake a pseudo-legal one, unmake | after every `make` the checker passes and a legal move left no king attacked; every `unmake` gives back the position it was made from (`Eq`); unwinding the line gives the start back |
//! | `tile_interface` | a start FEN and up to 40 `Act`s on a `Game` (two human players) | tiles 0..=255 (masked to 0..=63) and any promotion byte find a move exactly when a legal move matches, and `legal_targets` and `is_promotion` agree; a found move, a legal handle or the engine's move plays and reaches the position `make` reaches; a refused handle (arbitrary bytes), undo or redo leaves the game as it was (`Snapshot`: position, targets, outcome, undo state, log); undo and redo follow a model of the history; looking at any tile, side and log line is safe; the checker passes after every act |
//!
//! Accepted means: the position passes the checker, its FEN parses back to
//! an equal position and prints identically, and `Game::from_fen` sets up
//! the same position. Rejected means: the error's message is not empty and
//! names its field, and `Game::from_fen` rejects with the same error.
//!
//! The starts (`BASES`): the perft EPD table, the TRICKY table,
//! `engine_core::bench::BENCH_POSITIONS` and four positions with en passant
//! squares and clocks set; half the walks and games start from a base
//! after up to 8 edits, each kept only if the text still parses.
//!
//! `Position::make` and `unmake` assert the checker in debug builds (the
//! test profile included); the properties call it themselves, so a release
//! build of the tests checks as much.
//!
//! **Counterexamples.** A failure, or a panic in the engine, is shrunk and
//! reported as the start FEN and what was done in words (`make e2e4`,
//! `find tiles 52 36 (e2e4) promotion 5: e2e4`, `undo: true`); proptest
//! keeps the failing seed in `tests/tests/fuzz.proptest-regressions` and
//! replays it first on later runs. Every run draws new cases.
//!
//! **Bounded time.** Case counts are a base times `FUZZ_SCALE` (environment,
//! default 1): bytes 5,000 + 5,000, mutations 5,000, walks 2,000, games
//! 1,000. At scale 1 (plain `cargo test`) the file takes about 1 s of CPU
//! with the test profile (optimised, debug assertions and overflow checks
//! on), 1 to 1.5 s on this project's 2-core machine. `.ci/run` runs it
//! again at `FUZZ_SCALE=60` (300,000 FEN cases of each kind, 120,000 walks,
//! 60,000 games): 44 s of CPU, 60 s on the two cores shared with other
//! work (load 4); the games take longest.

use std::sync::LazyLock;

use c64chess_tests::{all_table_fens, legal, pseudo};
use engine_core::attacks::MAX_ATTACKERS;
use engine_core::bench::BENCH_POSITIONS;
use engine_core::game::{move_from, move_to, LogLine, NotLegal, Outcome, Player, Tile, TileSet, RECORD_LEN};
use engine_core::piece::{ByColor, Color};
use engine_core::square::Square;
use engine_core::{FenError, Game, GenMode, Move, Position};
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestCaseResult};

// ---------------------------------------------------------------------------
// Bounds
// ---------------------------------------------------------------------------

/// `FUZZ_SCALE`, the multiplier of every case count (1 if unset or not a
/// positive number).
fn scale() -> u32 {
    std::env::var("FUZZ_SCALE").ok().and_then(|s| s.parse().ok()).filter(|&n| n > 0).unwrap_or(1)
}

/// `base` cases, times [`scale`]; shrinking bounded so a failure is
/// reported in seconds.
fn config(base: u32) -> ProptestConfig {
    ProptestConfig {
        cases: base * scale(),
        max_shrink_iters: 4_096,
        // Beside this file: tests/tests/fuzz.proptest-regressions.
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

/// Valid FENs to start from and to mutate.
static BASES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut v = all_table_fens();
    v.extend(BENCH_POSITIONS.iter().map(|f| f.to_string()));
    v.extend(
        [
            // En passant squares a capture can use, for both sides.
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
            // Clocks near their limits.
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 98 150",
            "4k3/8/8/8/8/8/8/4K3 w - - 255 65535",
        ]
        .map(String::from),
    );
    for fen in &v {
        assert!(Position::from_fen(fen).is_ok(), "base {fen} rejected");
    }
    v
});

/// The bytes FEN is written in.
const FEN_BYTES: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh09";

/// One edit of a FEN's bytes. Indices are taken modulo the length of what
/// they index; an edit with nothing to act on leaves the text as it is.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace a byte with any byte (possibly breaking UTF-8).
    Byte(usize, u8),
    /// Replace a byte with one of FEN's.
    Letter(usize, u8),
    /// Swap the case of a letter (a man changes sides, `w` becomes `W`).
    Case(usize),
    /// Add a step of -9..=9 to a digit, modulo 10 (counts of empty
    /// squares, ranks of en passant squares, the clocks).
    Digit(usize, i8),
    /// Delete a space-separated field.
    DeleteField(usize),
    /// Write a field twice.
    DuplicateField(usize),
    /// Delete a rank of the board.
    DeleteRank(usize),
    /// Write a rank twice.
    DuplicateRank(usize),
    /// Cut the text short.
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let letter = prop::sample::select(FEN_BYTES.to_vec());
    prop_oneof![
        2 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Byte(i, b)),
        3 => (any::<usize>(), letter).prop_map(|(i, b)| Edit::Letter(i, b)),
        2 => any::<usize>().prop_map(Edit::Case),
        4 => (any::<usize>(), -9i8..=9).prop_map(|(i, d)| Edit::Digit(i, d)),
        1 => any::<usize>().prop_map(Edit::DeleteField),
        1 => any::<usize>().prop_map(Edit::DuplicateField),
        1 => any::<usize>().prop_map(Edit::DeleteRank),
        1 => any::<usize>().prop_map(Edit::DuplicateRank),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ]
}

/// `parts` joined by `sep` after `change` edited the list.
fn rejoin(text: &[u8], sep: u8, change: impl FnOnce(&mut Vec<Vec<u8>>)) -> Vec<u8> {
    let mut parts: Vec<Vec<u8>> = text.split(|&b| b == sep).map(<[u8]>::to_vec).collect();
    change(&mut parts);
    parts.join(&sep)
}

fn apply(mut text: Vec<u8>, e: &Edit) -> Vec<u8> {
    let n = text.len();
    match *e {
        Edit::Byte(i, b) | Edit::Letter(i, b) if n > 0 => text[i % n] = b,
        Edit::Case(i) if n > 0 => {
            let b = &mut text[i % n];
            *b = if b.is_ascii_uppercase() { b.to_ascii_lowercase() } else { b.to_ascii_uppercase() };
        }
        Edit::Digit(i, d) => {
            let digits: Vec<usize> = (0..n).filter(|&j| text[j].is_ascii_digit()).collect();
            if !digits.is_empty() {
                let j = digits[i % digits.len()];
                text[j] = b'0' + (text[j] - b'0' + (d + 10) as u8) % 10;
            }
        }
        Edit::DeleteField(i) => {
            text = rejoin(&text, b' ', |f| {
                f.remove(i % f.len());
            })
        }
        Edit::DuplicateField(i) => text = rejoin(&text, b' ', |f| f.insert(i % f.len(), f[i % f.len()].clone())),
        Edit::DeleteRank(i) | Edit::DuplicateRank(i) => {
            let (board, rest) = text.split_at(text.iter().position(|&b| b == b' ').unwrap_or(n));
            let duplicate = matches!(e, Edit::DuplicateRank(_));
            let mut board = rejoin(board, b'/', |r| {
                let k = i % r.len();
                if duplicate {
                    r.insert(k, r[k].clone());
                } else {
                    r.remove(k);
                }
            });
            board.extend_from_slice(rest);
            text = board;
        }
        Edit::Truncate(i) => text.truncate(i % (n + 1)),
        _ => {}
    }
    text
}

/// A base FEN after 1 to 5 edits, as text (invalid UTF-8 replaced).
fn mutated() -> impl Strategy<Value = String> {
    (prop::sample::select(BASES.clone()), prop::collection::vec(edit(), 1..6)).prop_map(|(base, edits)| {
        let bytes = edits.iter().fold(base.into_bytes(), apply);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// A FEN that parses: a base, or half the time a base after those of 1 to
/// 8 edits that leave it parsing (each edit is kept only if the text still
/// parses after it).
fn start() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(BASES.clone()),
        (prop::sample::select(BASES.clone()), prop::collection::vec(edit(), 1..9)).prop_map(|(base, edits)| {
            edits.iter().fold(base, |text, e| match String::from_utf8(apply(text.clone().into_bytes(), e)) {
                Ok(next) if Position::from_fen(&next).is_ok() => next,
                _ => text,
            })
        }),
    ]
}

// ---------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------

/// An accepted FEN: the position keeps every invariant, prints a FEN that
/// parses back to an equal position and prints identically, and the tile
/// interface sets up the same position from the same text.
fn check_accepted(text: &str, pos: &Position) -> TestCaseResult {
    if let Err(e) = pos.is_consistent() {
        return Err(TestCaseError::fail(format!("{text:?} accepted, but inconsistent: {e}")));
    }
    let out = pos.fen().to_string();
    match Position::from_fen(&out) {
        Err(e) => prop_assert!(false, "{:?} accepted, its FEN {} rejected: {}", text, out, e),
        Ok(back) => {
            prop_assert!(back == *pos, "{:?}: its FEN {} parses to another position", text, out);
            prop_assert_eq!(back.fen().to_string(), out.clone(), "{:?}", text);
        }
    }
    match Game::from_fen(text) {
        Err(e) => prop_assert!(false, "{:?}: Position accepts, Game rejects: {}", text, e),
        Ok(game) => prop_assert!(game.position() == pos, "{:?}: Game set up another position", text),
    }
    Ok(())
}

/// A rejected FEN: the error names its field in a non-empty message, and
/// the tile interface rejects the text with the same error.
fn check_rejected(text: &str, e: FenError) -> TestCaseResult {
    let message = e.to_string();
    prop_assert!(!e.problem.is_empty() && message.contains(e.field.name()), "{:?}: message {:?}", text, message);
    match Game::from_fen(text) {
        Ok(game) => prop_assert!(false, "{:?}: Position rejects ({}), Game accepts {}", text, e, game.position().fen()),
        Err(g) => prop_assert_eq!(g, e, "{:?}", text),
    }
    Ok(())
}

/// Parse `text` and check the answer, whichever it is.
fn check_fen(text: &str) -> TestCaseResult {
    match Position::from_fen(text) {
        Ok(pos) => check_accepted(text, &pos),
        Err(e) => check_rejected(text, e),
    }
}

// ---------------------------------------------------------------------------
// make / unmake walks
// ---------------------------------------------------------------------------

/// One step of a walk. Choices are taken modulo the number of moves.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Make a legal move and stay there.
    Make(u16),
    /// Make a legal move and unmake it at once.
    Peek(u16),
    /// Make a pseudo-legal move, perhaps illegal (as the search does), and
    /// unmake it.
    Pseudo(u16),
    /// Unmake the last move the walk stayed on.
    Back,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => any::<u16>().prop_map(Step::Make),
        2 => any::<u16>().prop_map(Step::Peek),
        2 => any::<u16>().prop_map(Step::Pseudo),
        2 => Just(Step::Back),
    ]
}

/// What a walk or a game did, to show the inputs are not degenerate.
#[derive(Clone, Copy, Default, Debug)]
struct Tally {
    /// Moves made (a walk), plies played (a game).
    made: u32,
    /// Moves unmade (a walk); plies taken back or replayed (a game).
    unmade: u32,
    /// Moves refused (a game).
    refused: u32,
}

/// Run `body`, which writes what it does, in words, to the log it is
/// handed. Its error, or a panic (a debug build's consistency assertion in
/// `make`, an overflow), becomes a counterexample a reader can replay: the
/// start FEN and the log to the failure.
fn replayable(fen: &str, body: impl FnOnce(&mut Vec<String>) -> Result<Tally, String>) -> Result<Tally, TestCaseError> {
    let mut log = Vec::new();
    let what = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(&mut log))) {
        Ok(Ok(tally)) => return Ok(tally),
        Ok(Err(what)) => what,
        Err(panic) => {
            let text =
                panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
            format!("panicked: {}", text.unwrap_or_default())
        }
    };
    Err(TestCaseError::fail(counterexample(fen, &log, &what)))
}

/// The text of a failure: what went wrong, where it started, what was done.
fn counterexample(fen: &str, log: &[String], what: &str) -> String {
    let then = if log.is_empty() { "nothing (it failed setting up)".to_string() } else { log.join(", ") };
    format!("{what}\n  start: {fen}\n  then: {then}")
}

/// Walk `steps` from `fen` with every check, logging each move made and
/// unmade; see the module documentation.
fn walk(fen: &str, steps: &[Step], log: &mut Vec<String>) -> Result<Tally, String> {
    let start = Position::from_fen(fen).map_err(|e| format!("{fen}: {e}"))?;
    let mut pos = start.clone();
    // The moves the walk stays on, with their undo records and the
    // position each was made from.
    let mut line: Vec<(Move, engine_core::Undo, Position)> = Vec::new();
    let mut tally = Tally::default();
    let check = |pos: &Position| pos.is_consistent().map_err(|e| format!("{e} at {}", pos.fen()));
    for &s in steps {
        match s {
            Step::Back => {
                if let Some((m, undo, before)) = line.pop() {
                    log.push(format!("unmake {m}"));
                    pos.unmake(m, undo);
                    tally.unmade += 1;
                    if pos != before {
                        return Err(format!("unmake {m} gave {}, not {}", pos.fen(), before.fen()));
                    }
                    check(&pos)?;
                }
            }
            Step::Make(i) | Step::Peek(i) | Step::Pseudo(i) => {
                let moves = if matches!(s, Step::Pseudo(_)) { pseudo(&pos, GenMode::All) } else { legal(&pos) };
                if moves.is_empty() {
                    continue;
                }
                let m = moves[i as usize % moves.len()];
                let word = match s {
                    Step::Make(_) => "make",
                    Step::Peek(_) => "make and unmake",
                    _ => "make and unmake pseudo-legal",
                };
                log.push(format!("{word} {m}"));
                let before = pos.clone();
                let undo = pos.make(m);
                tally.made += 1;
                check(&pos)?;
                if !matches!(s, Step::Pseudo(_)) && !pos.last_move_was_legal() {
                    return Err(format!("legal move {m} left the king attacked"));
                }
                if matches!(s, Step::Make(_)) {
                    line.push((m, undo, before));
                    continue;
                }
                pos.unmake(m, undo);
                tally.unmade += 1;
                if pos != before {
                    return Err(format!("make/unmake {m} gave {}, not {}", pos.fen(), before.fen()));
                }
            }
        }
    }
    log.push(format!("unmake the {} moves left", line.len()));
    while let Some((m, undo, _)) = line.pop() {
        pos.unmake(m, undo);
    }
    if pos != start {
        return Err(format!("unwinding every move gave {}", pos.fen()));
    }
    Ok(tally)
}

// ---------------------------------------------------------------------------
// The tile interface
// ---------------------------------------------------------------------------

/// One thing a front end does to a [`Game`].
#[derive(Clone, Copy, Debug)]
enum Act {
    /// The tiles of a legal move (its index modulo their number), with any
    /// promotion byte: mostly accepted.
    Legal(u16, u8),
    /// Any from and to tile (64..=255 included) and promotion byte: mostly
    /// refused.
    Tiles(u8, u8, u8),
    /// Hand [`Game::play`] a move handle of arbitrary bytes.
    Raw(u8, u8, u8),
    /// Ask the engine (level 1) for a move and play it.
    Engine,
    /// Look at a tile (any byte), its attackers for a side (any byte), and
    /// a log line (any number of plies back).
    Look(u8, u8, u8),
    /// Take a ply back.
    Undo,
    /// Replay a ply taken back.
    Redo,
    /// Save the game as a record: a fresh game loads it to the same
    /// snapshot; then the record with the byte at an index (modulo its
    /// length) changed by a mask (never 0), or cut short there, loads into
    /// this game: refused with the game kept, or a consistent game.
    Record(u16, u8, bool),
}

fn act() -> impl Strategy<Value = Act> {
    let promotion = prop_oneof![3 => 1u8..=6, 1 => any::<u8>()];
    prop_oneof![
        6 => (any::<u16>(), promotion).prop_map(|(i, p)| Act::Legal(i, p)),
        3 => (any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(f, t, p)| Act::Tiles(f, t, p)),
        2 => (any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(f, t, x)| Act::Raw(f, t, x)),
        1 => Just(Act::Engine),
        1 => (any::<u8>(), any::<u8>(), any::<u8>()).prop_map(|(t, by, back)| Act::Look(t, by, back)),
        2 => Just(Act::Undo),
        2 => Just(Act::Redo),
        1 => (any::<u16>(), 1u8..=255, any::<bool>()).prop_map(|(at, mask, cut)| Act::Record(at, mask, cut)),
    ]
}

/// What a front end can see of a game: the position, what it offers, its
/// undo state and last log line.
#[derive(PartialEq, Eq, Debug)]
struct Snapshot {
    fen: String,
    pos: Position,
    outcome: Outcome,
    targets: Vec<TileSet>,
    undo: (bool, bool),
    last: Option<LogLine>,
}

impl Snapshot {
    fn of(game: &Game) -> Snapshot {
        Snapshot {
            fen: game.position().fen().to_string(),
            pos: game.position().clone(),
            outcome: game.outcome(),
            targets: Tile::all().map(|t| game.legal_targets(t)).collect(),
            undo: (game.can_undo(), game.can_redo()),
            last: game.log_line(1),
        }
    }
}

/// The square a tile names once masked to 0..=63, as `e4`.
fn name(tile: u8) -> String {
    Tile::masked(tile).to_string()
}

/// The game's legal moves, as the engine lists them for its position.
fn legal_of(game: &Game) -> Vec<Move> {
    legal(game.position())
}

/// Play `acts` on a game set up from `fen`, two human players, against a
/// model: the positions before each ply played (undo's) and after each ply
/// taken back (redo's). A refusal must leave the game as it was.
fn play_game(fen: &str, acts: &[Act], log: &mut Vec<String>) -> Result<Tally, String> {
    let mut game = Box::new(Game::from_fen(fen).map_err(|e| format!("{fen}: {e}"))?);
    game.set_player(Color::White, Player::Human);
    game.set_player(Color::Black, Player::Human);
    game.set_level(1);
    let (mut done, mut undone): (Vec<Position>, Vec<Position>) = (Vec::new(), Vec::new());
    let mut tally = Tally::default();
    for &a in acts {
        let before = Snapshot::of(&game);
        let moves = legal_of(&game);
        // The move to play, if any: found by tiles, handed raw, or the engine's.
        let chosen: Option<Move> = match a {
            Act::Legal(_, promotion) | Act::Tiles(_, _, promotion) => {
                let (from, to) = match a {
                    Act::Legal(i, _) if !moves.is_empty() => {
                        let m = moves[i as usize % moves.len()];
                        (move_from(m), move_to(m))
                    }
                    // Any byte names a tile once masked.
                    Act::Tiles(from, to, _) => (Tile::masked(from), Tile::masked(to)),
                    _ => continue,
                };
                let matches = |m: &&Move| move_from(**m) == from && move_to(**m) == to;
                let expected = moves.iter().find(|m| matches(m) && (m.promotion() == 0 || m.promotion() == promotion));
                let found = game.find_move(from, to, promotion);
                let answer = found.map_or("refused".into(), |m| m.to_string());
                log.push(format!(
                    "find tiles {} {} ({from}{to}) promotion {promotion}: {answer}",
                    from.number(),
                    to.number()
                ));
                if found.ok() != expected.copied() {
                    return Err(format!("find_move gave {found:?}, legal is {expected:?}"));
                }
                let targets = game.legal_targets(from).contains(to);
                let promotes = game.is_promotion(from, to);
                if targets != moves.iter().any(|m| matches(&m))
                    || promotes != moves.iter().any(|m| matches(&m) && m.promotion() != 0)
                {
                    return Err(format!("legal_targets says {targets}, is_promotion {promotes}"));
                }
                tally.refused += u32::from(found.is_err());
                found.ok()
            }
            Act::Raw(from, to, flags) => {
                let m = Move { from: Square::from_x88(from), to: Square::from_x88(to), flags, score: 0 };
                log.push(format!("play raw {from:#04x} {to:#04x} flags {flags:#04x}"));
                Some(m)
            }
            Act::Engine => {
                let m = game.engine_move(&mut ());
                log.push(format!("engine: {}", m.map_or("none".into(), |m| m.to_string())));
                if Snapshot::of(&game) != before {
                    return Err("engine_move changed the game".into());
                }
                if m.is_none() != moves.is_empty() || m.is_some_and(|m| !moves.contains(&m)) {
                    return Err(format!("engine_move gave {m:?} among {} legal moves", moves.len()));
                }
                m
            }
            Act::Look(tile, by, back) => {
                log.push(format!("look at tile {tile} ({}), attackers of side {by}, log line {back}", name(tile)));
                let t = Tile::masked(tile);
                let piece = game.piece_at(t);
                let mut out = [Tile::default(); MAX_ATTACKERS];
                let side = Color::from_bit(by);
                let n = game.attackers_of(t, side, &mut out);
                let mut counts = [ByColor::new(0u8, 0); 64];
                game.attack_counts(&mut counts);
                let line = game.log_line(back);
                if piece != game.position().at(Square::from_ordinal(t.number()))
                    || n != counts[t.index()][side]
                    || out[..usize::from(n)].iter().any(|&a| game.piece_at(a).is_empty())
                    || line.is_some() != (1..=done.len()).contains(&usize::from(back))
                    || Snapshot::of(&game) != before
                {
                    return Err(format!("piece {piece:?}, attackers {:?}, log line {line:?}", &out[..usize::from(n)]));
                }
                None
            }
            Act::Record(at, mask, cut) => {
                let mut bytes = [0; RECORD_LEN];
                let len = game.write_record(&mut bytes);
                if Snapshot::of(&game) != before {
                    return Err("saving changed the game".into());
                }
                let mut fresh = Box::new(Game::new());
                fresh.set_player(Color::Black, Player::Human);
                fresh.read_record(&bytes[..len]).map_err(|e| format!("its own record refused: {e}"))?;
                if Snapshot::of(&fresh) != before {
                    return Err(format!("the record loaded as {}", fresh.position().fen()));
                }
                let i = at as usize % len;
                let changed = if cut {
                    &bytes[..i]
                } else {
                    bytes[i] ^= mask;
                    &bytes[..len]
                };
                let answer = game.read_record(changed);
                log.push(format!("record of {len} bytes, {} at {i}: {answer:?}", if cut { "cut" } else { "changed" }));
                match answer {
                    Err(_) if Snapshot::of(&game) != before => return Err("a refused record changed the game".into()),
                    Err(_) => tally.refused += 1,
                    Ok(()) => (done, undone) = model_of(&mut game),
                }
                None
            }
            Act::Undo | Act::Redo => {
                let back = matches!(a, Act::Undo);
                let (from, to) = if back { (&mut done, &mut undone) } else { (&mut undone, &mut done) };
                let ok = if back { game.undo() } else { game.redo() };
                log.push(format!("{}: {ok}", if back { "undo" } else { "redo" }));
                if ok == from.is_empty() {
                    return Err(format!("answered {ok} with {} plies to walk", from.len()));
                }
                if let Some(p) = from.pop() {
                    tally.unmade += 1;
                    to.push(before.pos.clone());
                    if *game.position() != p {
                        return Err(format!("reached {}, not {}", game.position().fen(), p.fen()));
                    }
                } else if Snapshot::of(&game) != before {
                    return Err("a refused walk changed the game".into());
                }
                None
            }
        };
        if let Some(m) = chosen {
            let legal = moves.contains(&m);
            match game.play(m) {
                Ok(outcome) if legal => {
                    log.push(format!("played: {outcome:?}"));
                    let mut expect = before.pos.clone();
                    expect.make(m);
                    if *game.position() != expect || outcome != game.outcome() {
                        return Err(format!("play reached {}, not {}", game.position().fen(), expect.fen()));
                    }
                    let line = game.log_line(1).map(|l| (l.from, l.to));
                    if line != Some((move_from(m), move_to(m))) {
                        return Err(format!("log line {line:?}"));
                    }
                    done.push(before.pos);
                    undone.clear();
                    tally.made += 1;
                }
                Err(NotLegal) if !legal => {
                    tally.refused += 1;
                    if Snapshot::of(&game) != before {
                        return Err(format!("refusing {m:?} changed the game"));
                    }
                }
                other => return Err(format!("play {m:?} (legal: {legal}) answered {other:?}")),
            }
        }
        game.position().is_consistent().map_err(|e| format!("{e} at {}", game.position().fen()))?;
    }
    Ok(tally)
}

/// The positions undo and redo reach in `game`, as `play_game` keeps them:
/// before each ply played (the last one last), after each ply taken back
/// (the next to replay last). The game is walked, then put back.
fn model_of(game: &mut Game) -> (Vec<Position>, Vec<Position>) {
    let mut done = Vec::new();
    while game.can_undo() {
        game.undo();
        done.push(game.position().clone());
    }
    done.reverse();
    let mut after = Vec::new();
    while game.can_redo() {
        game.redo();
        after.push(game.position().clone());
    }
    let undone: Vec<Position> = after.split_off(done.len()).into_iter().rev().collect();
    for _ in 0..undone.len() {
        game.undo();
    }
    (done, undone)
}

// ---------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(5_000))]

    /// Any bytes, read as UTF-8 with invalid sequences replaced.
    #[test]
    fn arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..100)) {
        check_fen(&String::from_utf8_lossy(&bytes))?;
    }

    /// Bytes over FEN's alphabet (and a few others), in FEN's lengths.
    #[test]
    fn fen_alphabet_bytes(
        bytes in prop::collection::vec(prop_oneof![6 => prop::sample::select(FEN_BYTES.to_vec()), 1 => any::<u8>()], 20..80),
    ) {
        check_fen(&String::from_utf8_lossy(&bytes))?;
    }

    /// Valid FENs after a few edits.
    #[test]
    fn mutated_fens(text in mutated()) {
        check_fen(&text)?;
    }
}

proptest! {
    #![proptest_config(config(2_000))]

    /// Random make/unmake walks, the checker after every move.
    #[test]
    fn walks(fen in start(), steps in prop::collection::vec(step(), 0..80)) {
        check_fen(&fen)?;
        replayable(&fen, |log| walk(&fen, &steps, log))?;
    }
}

proptest! {
    #![proptest_config(config(1_000))]

    /// Random front-end use of the tile interface against its model.
    #[test]
    fn tile_interface(fen in start(), acts in prop::collection::vec(act(), 0..40)) {
        replayable(&fen, |log| play_game(&fen, &acts, log))?;
    }
}

/// The inputs are not degenerate: a fixed sample of mutations contains
/// accepted positions that differ from their base, the walks' starts
/// include mutated positions, walks make and unmake many moves, and games
/// play, refuse and take back plies.
#[test]
fn inputs_are_not_degenerate() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mutations, starts) = (mutated(), start());
    let accepted = (0..2_000)
        .filter(|_| {
            let text = mutations.new_tree(&mut runner).unwrap().current();
            Position::from_fen(&text).is_ok() && !BASES.contains(&text)
        })
        .count();
    let new_starts = (0..2_000).filter(|_| !BASES.contains(&starts.new_tree(&mut runner).unwrap().current())).count();
    let (walks, games) =
        ((start(), prop::collection::vec(step(), 0..80)), (start(), prop::collection::vec(act(), 0..40)));
    let (mut walked, mut played) = (Tally::default(), Tally::default());
    for _ in 0..200 {
        let (fen, steps) = walks.new_tree(&mut runner).unwrap().current();
        let t = walk(&fen, &steps, &mut Vec::new()).unwrap();
        (walked.made, walked.unmade) = (walked.made + t.made, walked.unmade + t.unmade);
        let (fen, acts) = games.new_tree(&mut runner).unwrap().current();
        let t = play_game(&fen, &acts, &mut Vec::new()).unwrap();
        (played.made, played.unmade, played.refused) =
            (played.made + t.made, played.unmade + t.unmade, played.refused + t.refused);
    }
    let seen = format!(
        "mutations: {accepted} of 2,000 accepted and new; starts: {new_starts} of 2,000 mutated; \
         200 walks: {walked:?}; 200 games: {played:?}"
    );
    eprintln!("{seen}");
    assert!(accepted > 25 && new_starts > 200, "{seen}");
    assert!(walked.made > 4_000 && walked.unmade > 2_000, "{seen}");
    assert!(played.made > 1_000 && played.unmade > 300 && played.refused > 1_000, "{seen}");
}

/// A failure reads as a counterexample, whether the check failed or the
/// engine panicked (as `make`'s consistency assertion does in a debug
/// build), and a snapshot sees a played move.
#[test]
fn failures_read_as_counterexamples() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let failed = |body: fn(&mut Vec<String>) -> Result<Tally, String>| match replayable(fen, body) {
        Err(TestCaseError::Fail(why)) => why.to_string(),
        other => panic!("{other:?}"),
    };
    let want = format!("moved\n  start: {fen}\n  then: make e1e2, make e8e7");
    assert_eq!(
        failed(|log| {
            log.extend(["make e1e2".to_string(), "make e8e7".to_string()]);
            Err("moved".into())
        }),
        want
    );
    let text = failed(|log| {
        log.push("make e1e2".into());
        panic!("inconsistent after make e1e2")
    });
    assert_eq!(text, format!("panicked: inconsistent after make e1e2\n  start: {fen}\n  then: make e1e2"));
    let mut game = Box::new(Game::new());
    let before = Snapshot::of(&game);
    let e4 = game.find_move(Tile::masked(52), Tile::masked(36), 0).unwrap();
    game.play(e4).unwrap();
    let after = Snapshot::of(&game);
    assert_ne!(after, before);
    assert!(game.undo());
    let undone = Snapshot::of(&game);
    assert!(undone.pos == before.pos && undone.targets == before.targets && undone.undo == (false, true));
    assert!(game.redo() && Snapshot::of(&game) == after);
    assert_eq!((name(52), name(36 + 64)), ("e2".to_string(), "e4".to_string()));
}
