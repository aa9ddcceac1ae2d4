//! The fixed workloads: `bench` (the search fingerprint) and `drive` (fixed
//! endings replayed at a level's budget, as a player's C64 would search
//! them). Shared by the host commands, the 8-bit simulator run and the C64
//! drive build, so all three search exactly the same positions and their
//! digests can be compared node for node.

use crate::level::level;
use crate::position::Position;
use crate::search::{Limits, SearchHooks, SearchResult, Searcher};
use crate::tt::Slots;

/// A 32-bit FNV-1a digest. Its multiply runs once per search, never in a
/// hot path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Digest(pub u32);

impl Default for Digest {
    fn default() -> Self {
        Digest(0x811C_9DC5)
    }
}

impl Digest {
    /// Fold in one byte.
    pub fn byte(&mut self, b: u8) {
        self.0 = (self.0 ^ b as u32).wrapping_mul(0x0100_0193);
    }
    /// Fold in a `u32`, little end first.
    pub fn word(&mut self, w: u32) {
        for b in w.to_le_bytes() {
            self.byte(b);
        }
    }
    /// Fold in a `u64`, little end first.
    pub fn wide(&mut self, w: u64) {
        for b in w.to_le_bytes() {
            self.byte(b);
        }
    }
    /// Fold in a search result: nodes, the move, its score.
    pub fn result(&mut self, r: &SearchResult) {
        self.word(r.nodes);
        self.byte(r.best.from.x88());
        self.byte(r.best.to.x88());
        self.byte(r.best.flags);
        self.word(r.score as u16 as u32);
    }
}

/// Totals of a workload.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Searches run.
    pub searches: u32,
    /// Nodes over all searches: for bench, the fingerprint.
    pub nodes: u32,
    /// Digest over every search's nodes, move and score.
    pub digest: Digest,
}

impl Report {
    fn add(&mut self, r: &SearchResult) {
        self.searches += 1;
        self.nodes += r.nodes;
        self.digest.result(r);
    }
}

/// Bench positions: openings, middlegames, endings, a few tactics.
pub const BENCH_POSITIONS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 11",
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/2R3K1 w - - 0 20",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/1p3k2/1r6/8/8/6R1/5PK1/8 w - - 0 1",
    "8/8/4k3/8/2K5/3Q4/8/8 w - - 0 1",
    "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    "8/5k2/8/8/8/3K4/4P3/8 w - - 0 1",
];

/// Limits of each bench search.
pub const BENCH_LIMITS: Limits = Limits { depth: 8, nodes: 20_000 };

/// Search every bench position from a new game (seed 0); `each` sees every
/// result. `searcher` is reused, as a game would.
pub fn bench<T: Slots>(searcher: &mut Searcher<T>, mut each: impl FnMut(usize, &SearchResult)) -> Report {
    let mut report = Report::default();
    for (i, fen) in BENCH_POSITIONS.iter().enumerate() {
        // The table is fixed and parses: a test proves it.
        let Ok(pos) = Position::from_fen(fen) else { continue };
        searcher.new_game(0);
        let r = searcher.search(&pos, BENCH_LIMITS, &mut ());
        each(i, &r);
        report.add(&r);
    }
    report
}

/// A fixed game for the drive harness: a start position and the moves that
/// were played from it (frozen: the harness replays them whatever the
/// engine now prefers, so every build searches the same positions).
#[derive(Clone, Copy, Debug)]
pub struct DriveGame {
    /// What the game reaches.
    pub name: &'static str,
    /// Where it starts.
    pub fen: &'static str,
    /// The moves, in coordinate notation, separated by spaces.
    pub moves: &'static str,
    /// Search every position from this ply on.
    pub from_ply: u8,
}

/// The level whose budget the drive harness searches at.
pub const DRIVE_LEVEL: u8 = 2;

/// Replay every drive game, searching each position from its `from_ply` on
/// at `limits` (normally [`level`]`(`[`DRIVE_LEVEL`]`)`); `each` sees every
/// result, `hooks` watch every search (`()` for none; the C64 passes its
/// stack guard). Stops a game early if a recorded move is not legal (a
/// test proves none is).
pub fn drive<T: Slots, H: SearchHooks>(
    searcher: &mut Searcher<T>,
    games: &[DriveGame],
    limits: Limits,
    hooks: &mut H,
    mut each: impl FnMut(&SearchResult),
) -> Report {
    let mut report = Report::default();
    // The games are played in the searcher's own position: no second one.
    for game in games {
        if searcher.position_mut().set_fen(game.fen).is_err() {
            continue;
        }
        searcher.new_game(0);
        for (ply, text) in game.moves.split_ascii_whitespace().enumerate() {
            if ply >= game.from_ply as usize {
                let r = searcher.think(limits, hooks);
                each(&r);
                report.add(&r);
            }
            let pos = searcher.position_mut();
            let Some(m) = pos.parse_move(text) else { break };
            pos.make(m);
        }
    }
    report
}

/// The drive games with the default level: the workload of `c64chess drive`.
pub fn drive_default<T: Slots, H: SearchHooks>(
    searcher: &mut Searcher<T>,
    hooks: &mut H,
    each: impl FnMut(&SearchResult),
) -> Report {
    drive(searcher, &DRIVE_GAMES, level(DRIVE_LEVEL), hooks, each)
}

/// The project's fixed games, reaching KQ-K, KR-K, KP-K and a rook ending.
/// Recorded once from this engine playing itself at level 2, then frozen.
pub const DRIVE_GAMES: [DriveGame; 4] = [
    DriveGame {
        name: "KQ-K",
        fen: "8/8/4k3/8/2K5/3Q4/8/8 w - - 0 1",
        moves: "c4d4 e6d7 d4e5 d7c6 d3d6 c6b7 e5d5 b7c8 d5c5 c8b7 d6d8 b7a7 c5c6 a7a6 d8a8",
        from_ply: 0,
    },
    DriveGame {
        name: "KR-K",
        fen: "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        moves: "e1d2 e5d4 a1e1 d4c4 d2e3 c4d5 e3d3 d5c5 d3e4 c5c6 e4e5 c6c7 e5d5 c7d7 d5c5 d7c8 \
                e1e7 c8d8 c5d6 d8c8 e7d7 c8b8 d7c7 b8a8 d6d5 a8b8 d5c6 b8a8 c7d7 a8b8 d7e7 b8a8 \
                c6b6 a8b8 e7e8",
        from_ply: 0,
    },
    DriveGame {
        name: "KP-K",
        fen: "8/5k2/8/8/8/3K4/4P3/8 w - - 0 1",
        moves: "e2e4 f7e6 d3d4 e6d6 e4e5 d6c6 d4c4 c6d7 c4d5 d7e7 e5e6 e7f6 d5d6 f6g7 e6e7 g7f7 \
                d6d7 f7f6 e7e8q f6f5 e8e3 f5f6 e3f4 f6g6 d7e6 g6g7 f4f5 g7h6 f5f6 h6h5 e6e5 h5g4 \
                f6f4 g4h5 f4f5 h5h6 f5f6 h6h5 f6g7 h5h4 e5f4 h4h5 g7h7",
        from_ply: 0,
    },
    DriveGame {
        name: "rook ending",
        fen: "8/1p3k2/1r6/8/8/6R1/5PK1/8 w - - 0 1",
        moves: "f2f4 f7f6 g2f2 b6b2 f2e3 b7b5 e3e4 b2b4 e4e3 b4b3 e3f2 b3g3 f2g3 b5b4 g3f3 b4b3 \
                f4f5 b3b2 f3e3 b2b1q e3d4 b1f5 d4c3 f6e5 c3d2 f5f3 d2c2 f3e3 c2b2 e3d3 b2a2 e5d4 \
                a2b2 d4c4 b2c1 c4b5 c1b2 b5c5 b2a2 d3b5 a2a3 b5b1 a3a4 b1a2",
        from_ply: 0,
    },
];
