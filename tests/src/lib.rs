//! Shared helpers for the integration tests.
//!
//! | item | what it is for |
//! |---|---|
//! | [`SplitMix64`] | a tiny deterministic PRNG: every random game is reproducible from its seed |
//! | [`legal`], [`pseudo`], [`uci_sorted`] | engine move lists as vectors and as sorted UCI text |
//! | [`walk_tree`] | visit every node of a legal move tree (depth-first, position restored) |
//! | [`reference`](mod@reference) | the same position in `shakmaty`, its FEN, its legal moves, its perft |
//! | [`first_divergence`] | "divide" for diagnosis: the first node where the two generators disagree |
//! | [`perft_cases`], [`TRICKY`] | the position tables: published perft counts and the classic-bug positions |
//! | [`RandomGame`] | seeded random games biased toward castling, en passant and promotion |
//! | [`assert_consistent`] | [`Position::is_consistent`], with the totals shown when they drifted |
//!
//! Nothing here asserts but [`assert_consistent`]; the tests in `tests/` do.

#![deny(missing_docs)]

use engine_core::movegen::{GenMode, MAX_MOVES};
use engine_core::mv::Move;
use engine_core::piece::PAWN;
use engine_core::rng::{splitmix64, SPLITMIX64_STEP};
use engine_core::Position;

pub use engine_core;
pub use shakmaty;

// ---------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------

/// SplitMix64 (Steele, Lea, Flood 2014; the step is engine-core's
/// [`splitmix64`]): one 64-bit state, good enough statistics for picking
/// moves, and the same sequence on every platform.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.0);
        self.0 = self.0.wrapping_add(SPLITMIX64_STEP);
        out
    }

    /// A uniform index in `0..n` (`n` > 0, below 2^32).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0 && n <= u32::MAX as usize);
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as usize
    }

    /// A uniformly chosen element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------
// Engine-side helpers
// ---------------------------------------------------------------------------

/// Panic unless `pos` keeps every invariant ([`Position::is_consistent`]),
/// naming `what` (built only on failure) and, for drifted totals, both sets.
pub fn assert_consistent(pos: &Position, what: impl FnOnce() -> String) {
    if let Err(e) = pos.is_consistent() {
        panic!("{e}: {} (totals {:?}, recounted {:?})", what(), pos.totals(), pos.recount());
    }
}

/// Parse a FEN the test knows to be valid; panics naming the FEN otherwise.
pub fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("engine rejected {fen:?}: {e}"))
}

/// A FEN of the given (tile, letter) cells (tile 0 = a8), `side` to move,
/// no castling rights or en passant square.
pub fn fen_of(cells: &[(usize, char)], side: char) -> String {
    let mut board = ['.'; 64];
    for &(t, c) in cells {
        board[t] = c;
    }
    let ranks: Vec<String> = board
        .chunks(8)
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0u8;
            for &c in r {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            s
        })
        .collect();
    format!("{} {side} - - 0 1", ranks.join("/"))
}

/// The pseudo-legal moves in generation order.
pub fn pseudo(pos: &Position, mode: GenMode) -> Vec<Move> {
    let mut buf = [Move::NONE; MAX_MOVES];
    let n = pos.generate(&mut buf, mode);
    assert!(n < MAX_MOVES, "move list overflowed at {}", pos.fen());
    buf[..n].to_vec()
}

/// The legal moves in generation order, through [`Position::legal_moves`]
/// (on a copy: it makes and unmakes moves to test them).
pub fn legal(pos: &Position) -> Vec<Move> {
    let mut buf = [Move::NONE; MAX_MOVES];
    let n = pos.clone().legal_moves(&mut buf);
    buf[..n].to_vec()
}

/// Moves as UCI strings, sorted (duplicates kept, so a duplicate shows up as
/// a difference against a duplicate-free reference list).
pub fn uci_sorted(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Depth-first walk of the legal move tree to `depth` plies. `visit` sees
/// every node once (the root first, leaves included) with the plies still to
/// go below it. Legality is decided the engine's way (make, ask, unmake);
/// the position is restored before returning.
pub fn walk_tree(pos: &mut Position, depth: u32, visit: &mut impl FnMut(&mut Position, u32)) {
    visit(pos, depth);
    if depth == 0 {
        return;
    }
    for m in pseudo(pos, GenMode::All) {
        let undo = pos.make(m);
        if pos.last_move_was_legal() {
            walk_tree(pos, depth - 1, visit);
        }
        pos.unmake(m, undo);
    }
}

// ---------------------------------------------------------------------------
// The reference generator (shakmaty)
// ---------------------------------------------------------------------------

/// Conversions to and queries of the reference move generator, `shakmaty`
/// (standard chess, standard castling notation).
pub mod reference {
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

    /// Parse a FEN that must be valid for shakmaty too.
    pub fn from_fen(fen: &str) -> Chess {
        try_from_fen(fen).unwrap_or_else(|| panic!("shakmaty rejected {fen:?}"))
    }

    /// Parse a FEN, accepting positions that are odd but playable (more
    /// material than promotions allow, checks no legal move could give).
    /// `None` if shakmaty cannot set the position up at all.
    pub fn try_from_fen(fen: &str) -> Option<Chess> {
        let fen: Fen = fen.parse().ok()?;
        let setup = fen.into_position::<Chess>(CastlingMode::Standard);
        let setup = match setup {
            Err(e) => e.ignore_too_much_material(),
            ok => ok,
        };
        let setup = match setup {
            Err(e) => e.ignore_impossible_check(),
            ok => ok,
        };
        setup.ok()
    }

    /// The same position in shakmaty (through FEN).
    pub fn of(pos: &engine_core::Position) -> Chess {
        from_fen(&pos.fen().to_string())
    }

    /// The FEN shakmaty prints, with the en passant square shown after every
    /// double push: the engine's rule.
    pub fn fen(pos: &Chess) -> String {
        Fen::from_position(pos.clone(), EnPassantMode::Legal).to_string()
    }

    /// The legal moves as sorted UCI strings (`e1g1` for castling).
    pub fn legal_uci(pos: &Chess) -> Vec<String> {
        let mut v: Vec<String> =
            pos.legal_moves().iter().map(|m| UciMove::from_move(m, CastlingMode::Standard).to_string()).collect();
        v.sort();
        v
    }

    /// The legal moves keyed by their UCI text (one move generation, for
    /// callers that play many of them).
    pub fn legal_by_uci(pos: &Chess) -> std::collections::HashMap<String, shakmaty::Move> {
        pos.legal_moves().into_iter().map(|m| (UciMove::from_move(&m, CastlingMode::Standard).to_string(), m)).collect()
    }

    /// Play the move written `uci`; panics if it is not legal here.
    pub fn play(pos: &Chess, uci: &str) -> Chess {
        let m = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .unwrap_or_else(|| panic!("shakmaty: {uci} is not legal in {}", fen(pos)));
        pos.clone().play(&m).expect("legal move plays")
    }

    /// Does the engine position equal shakmaty's in every FEN field? Compared
    /// field by field without building strings (the differential test asks
    /// this millions of times); `Err` carries both FENs.
    pub fn same(ours: &engine_core::Position, theirs: &Chess) -> Result<(), String> {
        use engine_core::piece::EMPTY;
        use engine_core::position::{CASTLE_BK, CASTLE_BQ, CASTLE_WK, CASTLE_WQ};
        use engine_core::square::{Square, NO_SQUARE};
        use shakmaty::{CastlingSide, Color};
        let board = theirs.board();
        let mut same = (0u8..64).all(|tile| {
            // Tile 0 is a8; shakmaty's square 0 is a1.
            let sq = shakmaty::Square::new(u32::from((7 - tile / 8) * 8 + tile % 8));
            let p = ours.at(Square::from_ordinal(tile));
            match board.piece_at(sq) {
                None => p == EMPTY,
                // FEN letters: upper case White, lower case Black, on both sides.
                Some(q) => p != EMPTY && q.char() == p.char() as char,
            }
        });
        same &= (ours.side_to_move() == engine_core::piece::Color::White) == (theirs.turn() == Color::White);
        let rights = [
            (CASTLE_WK, Color::White, CastlingSide::KingSide),
            (CASTLE_WQ, Color::White, CastlingSide::QueenSide),
            (CASTLE_BK, Color::Black, CastlingSide::KingSide),
            (CASTLE_BQ, Color::Black, CastlingSide::QueenSide),
        ];
        same &= rights.iter().all(|&(bit, c, side)| (ours.castling() & bit != 0) == theirs.castles().has(c, side));
        let ep = ours.ep_square();
        same &= match theirs.ep_square(EnPassantMode::Legal) {
            None => ep == NO_SQUARE,
            Some(sq) => ep != NO_SQUARE && sq.to_string().as_bytes() == ep.name(),
        };
        same &= u32::from(ours.halfmove_clock()) == theirs.halfmoves();
        same &= u32::from(ours.fullmove_number()) == theirs.fullmoves().get();
        if same {
            Ok(())
        } else {
            Err(format!("engine {} / shakmaty {}", ours.fen(), fen(theirs)))
        }
    }

    /// Leaf count of the legal move tree.
    pub fn perft(pos: &Chess, depth: u32) -> u64 {
        shakmaty::perft(pos, depth)
    }
}

/// "Divide" for diagnosis: descend from `pos` along moves whose subtree
/// counts differ until the two generators disagree on a move list, and
/// describe that node (move path, FEN, moves only one side has). `None` if
/// the trees agree to `depth`. The position is restored.
pub fn first_divergence(pos: &mut Position, depth: u32) -> Option<String> {
    fn go(pos: &mut Position, theirs: &shakmaty::Chess, depth: u32, path: &mut Vec<String>) -> Option<String> {
        let ours_moves = legal(pos);
        let ours = uci_sorted(&ours_moves);
        let refs = reference::legal_uci(theirs);
        if ours != refs {
            let only_ours: Vec<_> = ours.iter().filter(|m| !refs.contains(m)).collect();
            let only_refs: Vec<_> = refs.iter().filter(|m| !ours.contains(m)).collect();
            return Some(format!(
                "after [{}] at {}: only engine {:?}, only shakmaty {:?} (engine list has {}, shakmaty {})",
                path.join(" "),
                pos.fen(),
                only_ours,
                only_refs,
                ours.len(),
                refs.len()
            ));
        }
        let ours_fen = pos.fen().to_string();
        let refs_fen = reference::fen(theirs);
        if ours_fen != refs_fen {
            return Some(format!("after [{}]: engine FEN {ours_fen}, shakmaty FEN {refs_fen}", path.join(" ")));
        }
        if depth <= 1 {
            return None;
        }
        for m in ours_moves {
            let text = m.to_string();
            let child = reference::play(theirs, &text);
            let undo = pos.make(m);
            let a = engine_core::perft(pos, (depth - 1) as u8);
            let b = reference::perft(&child, depth - 1);
            let found = if a != Some(b) {
                path.push(text);
                let r = go(pos, &child, depth - 1, path)
                    .or_else(|| Some(format!("after [{}]: engine perft {a:?}, shakmaty {b}", path.join(" "))));
                path.pop();
                r
            } else {
                None
            };
            pos.unmake(m, undo);
            if found.is_some() {
                return found;
            }
        }
        None
    }
    let theirs = reference::of(pos);
    go(pos, &theirs, depth, &mut Vec::new())
}

// ---------------------------------------------------------------------------
// Position tables
// ---------------------------------------------------------------------------

/// One line of `data/perft.epd`.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The `id` field.
    pub name: String,
    /// The position.
    pub fen: String,
    /// `counts[d - 1]` is the published leaf count at depth `d`.
    pub counts: Vec<u64>,
}

/// The published perft table, `data/perft.epd` (compiled in).
pub const PERFT_EPD: &str = include_str!("../data/perft.epd");

/// Parse [`PERFT_EPD`]. Panics on a malformed line: the table is test data.
pub fn perft_cases() -> Vec<PerftCase> {
    let mut cases = Vec::new();
    for line in PERFT_EPD.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';').map(str::trim);
        let fen = parts.next().unwrap().to_string();
        let mut name = None;
        let mut counts = Vec::new();
        for part in parts {
            let (key, value) = part.split_once(' ').unwrap_or_else(|| panic!("bad field {part:?}"));
            if key == "id" {
                name = Some(value.to_string());
            } else {
                let depth: usize = key.strip_prefix('D').and_then(|d| d.parse().ok()).expect("D<depth>");
                assert_eq!(depth, counts.len() + 1, "depths must be listed 1, 2, 3, ... in {line}");
                counts.push(value.parse().expect("count"));
            }
        }
        cases.push(PerftCase { name: name.expect("id field"), fen, counts });
    }
    cases
}

/// The published case called `name`.
pub fn perft_case(name: &str) -> PerftCase {
    perft_cases().into_iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no case {name}"))
}

/// A small position aimed at one classic move-generation bug.
#[derive(Clone, Copy, Debug)]
pub struct Tricky {
    /// What the position tests.
    pub name: &'static str,
    /// The position (canonical FEN: prints back identically).
    pub fen: &'static str,
    /// Leaf counts at depths 1, 2, ..., computed with shakmaty 0.27 and
    /// re-checked against it by `tests/perft.rs` on every run.
    pub counts: &'static [u64],
    /// A count published independently of shakmaty (depth, leaves), for
    /// the positions of the TalkChess list; run by the `#[ignore]`d test.
    pub published: Option<(u8, u64)>,
}

/// The classic-bug positions. The first fourteen are the well-known
/// "TalkChess perft" list of tricky positions (Martin Sedlak); the rest were
/// written for this suite, one idea each.
pub const TRICKY: &[Tricky] = &[
    // --- TalkChess list -----------------------------------------------------
    Tricky {
        name: "illegal ep: capture would expose king on the rank",
        fen: "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
        counts: &[18, 92, 1670, 10_138, 185_429],
        published: Some((6, 1_134_888)),
    },
    Tricky {
        name: "illegal ep: capture would expose king on the diagonal",
        fen: "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
        counts: &[13, 102, 1266, 10_276, 135_655],
        published: Some((6, 1_015_133)),
    },
    Tricky {
        name: "ep capture gives check",
        fen: "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        counts: &[15, 126, 1928, 13_931, 206_379],
        published: Some((6, 1_440_467)),
    },
    Tricky {
        name: "short castling gives check",
        fen: "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        counts: &[15, 66, 1198, 6399, 120_330],
        published: Some((6, 661_072)),
    },
    Tricky {
        name: "long castling gives check",
        fen: "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        counts: &[16, 71, 1286, 7418, 141_077],
        published: Some((6, 803_711)),
    },
    Tricky {
        name: "castling rights lost by captures on the corners",
        fen: "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
        counts: &[26, 1141, 27_826],
        published: Some((4, 1_274_206)),
    },
    Tricky {
        name: "castling prevented by attacked squares",
        fen: "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        counts: &[44, 1494, 50_509],
        published: Some((4, 1_720_476)),
    },
    Tricky {
        name: "promote out of check",
        fen: "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
        counts: &[11, 133, 1442, 19_174, 266_199],
        published: Some((6, 3_821_001)),
    },
    Tricky {
        name: "discovered check",
        fen: "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
        counts: &[29, 165, 5160, 31_961],
        published: Some((5, 1_004_658)),
    },
    Tricky {
        name: "promote to give check",
        fen: "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
        counts: &[9, 40, 472, 2661, 38_983],
        published: Some((6, 217_342)),
    },
    Tricky {
        name: "underpromote to give check",
        fen: "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
        counts: &[6, 27, 273, 1329, 18_135],
        published: Some((6, 92_683)),
    },
    Tricky {
        name: "self stalemate",
        fen: "K1k5/8/P7/8/8/8/8/8 w - - 0 1",
        counts: &[2, 6, 13, 63, 382],
        published: Some((6, 2_217)),
    },
    Tricky {
        name: "stalemate and checkmate (pawn endgame)",
        fen: "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
        counts: &[10, 25, 268, 926, 10_857],
        published: Some((7, 567_584)),
    },
    Tricky {
        name: "stalemate and checkmate (queen and knight)",
        fen: "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
        counts: &[37, 183, 6559],
        published: Some((4, 23_527)),
    },
    // --- written for this suite ---------------------------------------------
    Tricky {
        name: "ep would expose own king along the rank (victim and capturer both leave it)",
        fen: "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2",
        counts: &[4, 68, 317, 5850, 33_070],
        published: None,
    },
    Tricky {
        name: "ep is the only capture of a checking pawn",
        fen: "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        counts: &[9, 50, 379, 2369, 17_879, 111_840],
        published: None,
    },
    Tricky {
        name: "ep by a capturer pinned on a diagonal is illegal",
        fen: "8/8/2k5/8/3Pp3/8/8/4K2B b - d3 0 1",
        counts: &[7, 62, 470, 5174, 34_779, 410_354],
        published: None,
    },
    Tricky {
        name: "ep removes the victim that shielded the king on a diagonal",
        fen: "8/8/1k6/8/3Pp3/8/5B2/4K3 b - d3 0 1",
        counts: &[8, 71, 503, 5638, 37_419, 443_222],
        published: None,
    },
    Tricky {
        name: "no castling out of check",
        fen: "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",
        counts: &[4, 204, 3696, 163_887],
        published: None,
    },
    Tricky {
        name: "no castling through an attacked square (f1)",
        fen: "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        counts: &[23, 489, 11_300, 257_246],
        published: None,
    },
    Tricky {
        name: "no castling into check (c1 and g1 attacked)",
        fen: "2r1k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        counts: &[24, 552, 13_435, 323_043],
        published: None,
    },
    Tricky {
        name: "queen-side castling allowed with b1 attacked",
        fen: "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        counts: &[26, 583, 14_252, 334_705],
        published: None,
    },
    Tricky {
        name: "black: no castling through f8",
        fen: "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 0 1",
        counts: &[23, 470, 10_190, 225_476],
        published: None,
    },
    Tricky {
        name: "rook captured on h8 by a knight loses black's king-side right",
        fen: "r3k2r/5N2/8/8/8/8/8/R3K2R w KQkq - 0 1",
        counts: &[32, 642, 18_463, 396_062],
        published: None,
    },
    Tricky {
        name: "rook captured on a1 by a bishop loses white's queen-side right",
        fen: "r3k2r/8/8/8/8/8/1b6/R3K2R b KQkq - 0 1",
        counts: &[34, 714, 22_375, 498_137],
        published: None,
    },
    Tricky {
        name: "promotion by capture on a8 (and by push with check) loses black's right",
        fen: "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1",
        counts: &[13, 124, 1434, 18_285, 230_789],
        published: None,
    },
    Tricky {
        name: "black promotion by capture on a1 loses white's right",
        fen: "4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1",
        counts: &[13, 124, 1434, 18_285, 230_789],
        published: None,
    },
    Tricky {
        name: "double check: only king moves",
        fen: "3qk3/8/5N2/8/8/8/8/4R1K1 b - - 0 1",
        counts: &[2, 50, 986, 19_697, 428_547],
        published: None,
    },
    Tricky {
        name: "king may not retreat along the checking ray",
        fen: "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
        counts: &[3, 57, 327, 6116, 37_147],
        published: None,
    },
    Tricky {
        name: "pinned rook slides along the pin, pinned knight cannot move",
        fen: "4k3/4r3/8/b7/4R3/8/3N4/4K3 w - - 0 1",
        counts: &[9, 107, 1507, 24_731, 430_386],
        published: None,
    },
    Tricky {
        name: "promotions on both sides, with captures (McKenzie)",
        fen: "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        counts: &[24, 496, 9483, 182_838],
        published: Some((6, 71_179_139)),
    },
];

/// Every FEN of the two tables.
pub fn all_table_fens() -> Vec<String> {
    let mut v: Vec<String> = perft_cases().into_iter().map(|c| c.fen).collect();
    v.extend(TRICKY.iter().map(|t| t.fen.to_string()));
    v
}

// ---------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------

/// Why a random game stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameEnd {
    /// Side to move is mated.
    Checkmate,
    /// Side to move has no legal move and is not in check.
    Stalemate,
    /// A hundred plies without a capture or pawn move.
    FiftyMoves,
    /// Neither side can mate ([`Position::insufficient_material`]).
    InsufficientMaterial,
    /// The ply cap was reached.
    PlyCap,
}

/// Counts of the special moves a game (or many) played.
#[derive(Clone, Copy, Default, Debug)]
pub struct SpecialCounts {
    /// Castling moves played.
    pub castles: u32,
    /// En passant captures played.
    pub en_passant: u32,
    /// Promotions played.
    pub promotions: u32,
    /// Underpromotions among them.
    pub underpromotions: u32,
}

/// A seeded random game. Move choice is biased: when castling, en passant or
/// a promotion is legal, one of them is played with high probability; pawn
/// moves (double pushes especially) are favoured a little, so en passant
/// chances and promotions actually arise.
pub struct RandomGame {
    /// The current position.
    pub pos: Position,
    /// Plies played so far.
    pub ply: u32,
    /// The game stops after this many plies.
    pub cap: u32,
    /// Special moves played so far.
    pub specials: SpecialCounts,
    rng: SplitMix64,
}

/// Starting positions of the random games: mostly the initial position, some
/// from the richer table positions so castling and promotion come sooner.
const GAME_STARTS: &[&str] = &[
    engine_core::START_FEN,
    engine_core::START_FEN,
    engine_core::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
];

impl RandomGame {
    /// The game of `seed`, stopping after `cap` plies at the latest.
    pub fn new(seed: u64, cap: u32) -> RandomGame {
        let mut rng = SplitMix64::new(seed);
        let start = GAME_STARTS[rng.below(GAME_STARTS.len())];
        RandomGame { pos: position(start), ply: 0, cap, specials: SpecialCounts::default(), rng }
    }

    /// Has the game ended, given the legal moves of the current position?
    pub fn end(&self, legal: &[Move]) -> Option<GameEnd> {
        if legal.is_empty() {
            Some(if self.pos.in_check() { GameEnd::Checkmate } else { GameEnd::Stalemate })
        } else if self.pos.halfmove_clock() >= 100 {
            Some(GameEnd::FiftyMoves)
        } else if self.pos.insufficient_material() {
            Some(GameEnd::InsufficientMaterial)
        } else if self.ply >= self.cap {
            Some(GameEnd::PlyCap)
        } else {
            None
        }
    }

    /// Pick one of `legal` (non-empty) with the bias described on the type.
    pub fn choose(&mut self, legal: &[Move]) -> Move {
        use engine_core::mv::{CASTLE_KING, CASTLE_QUEEN, DOUBLE_PUSH, EN_PASSANT};
        let special: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.flags & (CASTLE_KING | CASTLE_QUEEN | EN_PASSANT) != 0 || m.promotion() != 0)
            .collect();
        if !special.is_empty() && self.rng.chance(85) {
            return self.rng.pick(&special);
        }
        let doubles: Vec<Move> = legal.iter().copied().filter(|m| m.flags & DOUBLE_PUSH != 0).collect();
        if !doubles.is_empty() && self.rng.chance(25) {
            return self.rng.pick(&doubles);
        }
        let pawns: Vec<Move> = legal.iter().copied().filter(|m| self.pos.at(m.from).kind() == PAWN).collect();
        if !pawns.is_empty() && self.rng.chance(20) {
            return self.rng.pick(&pawns);
        }
        self.rng.pick(legal)
    }

    /// Play `m` (one of the legal moves) and count it if special.
    pub fn play(&mut self, m: Move) {
        use engine_core::mv::{CASTLE_KING, CASTLE_QUEEN, EN_PASSANT};
        if m.flags & (CASTLE_KING | CASTLE_QUEEN) != 0 {
            self.specials.castles += 1;
        }
        if m.flags & EN_PASSANT != 0 {
            self.specials.en_passant += 1;
        }
        if m.promotion() != 0 {
            self.specials.promotions += 1;
            if m.promotion() != engine_core::piece::QUEEN {
                self.specials.underpromotions += 1;
            }
        }
        self.pos.make(m);
        self.ply += 1;
    }

    /// Play the game to its end, calling `visit` on every position reached
    /// (the start included) with its legal moves. Returns how it ended.
    pub fn run(&mut self, mut visit: impl FnMut(&mut Position, &[Move])) -> GameEnd {
        loop {
            let moves = legal(&self.pos);
            visit(&mut self.pos, &moves);
            if let Some(end) = self.end(&moves) {
                return end;
            }
            let m = self.choose(&moves);
            self.play(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PRNG is SplitMix64 as published (reference output for seed 0).
    #[test]
    fn splitmix64_matches_the_reference() {
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    /// The diagnosis helper finds nothing where the generators agree, and
    /// the tables load.
    #[test]
    fn helpers_work() {
        assert_eq!(first_divergence(&mut Position::startpos(), 3), None);
        assert_eq!(perft_cases().len(), 7);
        assert!(perft_cases().iter().all(|c| c.counts.len() >= 5));
        let mut nodes = 0;
        walk_tree(&mut Position::startpos(), 3, &mut |_, _| nodes += 1);
        assert_eq!(nodes, 1 + 20 + 400 + 8902);
    }
}
