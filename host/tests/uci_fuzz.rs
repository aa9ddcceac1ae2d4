//! Fuzzing the UCI loop: thousands of random and mutated command lines from
//! a seeded generator (the same input every run), then proof the engine is
//! alive and sane: `readyok`, a legal `bestmove`, a clean exit, exactly one
//! `bestmove` per line the engine reads as `go`, nothing on stderr.

mod uci_support;

use engine_core::Position;
use uci_support::*;

/// Lines sent per run.
const LINES: usize = 10_000;

/// Valid commands to mutate. No `quit` (it would end the run early), and
/// `perft` only shallow (it runs on the input thread).
const CORPUS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1",
    "position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8q",
    "position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
    "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "go",
    "go depth 3",
    "go nodes 1000",
    "go movetime 20",
    "go wtime 1000 btime 1000 winc 10 binc 10",
    "go wtime 100 btime 100 movestogo 1",
    "go infinite",
    "go ponder wtime 500 btime 500",
    "go mate 2",
    "go searchmoves e2e4 d2d4 depth 2",
    "stop",
    "ponderhit",
    "setoption name Skill value 2",
    "setoption name Nodes value 1000",
    "setoption name Depth value 3",
    "setoption name OwnBook value true",
    "setoption name Seed value 9",
    "d",
    "perft 1",
    "debug on",
    "register later",
];

/// Tokens spliced into lines.
const TOKENS: &[&str] = &[
    "go",
    "position",
    "startpos",
    "fen",
    "moves",
    "e2e4",
    "e7e8q",
    "e1g1",
    "0000",
    "a1a1",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "-1",
    "0",
    "4294967296",
    "99999999999999999999",
    "name",
    "value",
    "Skill",
    "stop",
    "KQkq",
    "-",
    "w",
    "b",
    "8/8/8",
];

/// The command the engine will read `line` as: its first token after
/// lossy decoding.
fn command_of(line: &[u8]) -> String {
    String::from_utf8_lossy(line).split_whitespace().next().unwrap_or_default().to_owned()
}

/// One mutated or random line (never containing a newline).
fn make_line(rng: &mut SplitMix64) -> Vec<u8> {
    let mut line = rng.pick(CORPUS).as_bytes().to_vec();
    match rng.below(10) {
        0 => line = (0..rng.below(120)).map(|_| rng.next_u64() as u8).collect(),
        1 => {
            let mut words: Vec<&str> = (0..rng.below(12)).map(|_| rng.pick(TOKENS)).collect();
            if rng.below(2) == 0 {
                words.insert(0, rng.pick(&["go", "position", "setoption"]));
            }
            line = words.join(" ").into_bytes();
        }
        2..=5 => {
            for _ in 0..1 + rng.below(4) {
                mutate(rng, &mut line);
            }
        }
        _ => {}
    }
    line.retain(|&b| b != b'\n');
    line
}

/// One byte- or token-level change.
fn mutate(rng: &mut SplitMix64, line: &mut Vec<u8>) {
    let at = rng.below(line.len() + 1);
    match rng.below(6) {
        0 if at < line.len() => line[at] = rng.next_u64() as u8,
        1 => line.insert(at, rng.pick(&[b'\r', b'\t', 0, 0xff, 0xc3, b' ', b'7'])),
        2 if at < line.len() => {
            line.remove(at);
        }
        3 => line.truncate(at),
        4 => {
            let token = format!(" {} ", rng.pick(TOKENS));
            line.splice(at..at, token.bytes());
        }
        _ => {
            let copy = line[at..].to_vec();
            line.extend(copy);
        }
    }
}

#[test]
fn fuzzed_input_never_kills_or_corrupts_the_engine() {
    let mut rng = SplitMix64::new(0xC64C_4E55);
    let mut e = Engine::start();
    let mut quits_skipped = 0;
    for _ in 0..LINES {
        let line = make_line(&mut rng);
        match command_of(&line).as_str() {
            "quit" => quits_skipped += 1,
            command => {
                if command == "go" {
                    e.gos += 1;
                }
                let mut bytes = line;
                bytes.push(b'\n');
                e.send_bytes(&bytes);
            }
        }
    }
    assert!(quits_skipped < 5);
    // The fuzz itself sent `isready` and `d`: wait for a unique answer
    // before reading fresh ones.
    e.send("stop");
    e.send("end-of-fuzz");
    e.read_until(PROMPT, |l| l == "info string unknown command 'end-of-fuzz'");
    e.sync();
    e.send("position startpos moves e2e4");
    assert_eq!(e.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // Fuzz searches may still be answering: bestmove lines come in go
    // order, so ours is the one that makes the counts equal.
    e.send("go depth 2");
    let mut best = String::new();
    while e.seen.iter().filter(|l| l.starts_with("bestmove")).count() < e.gos {
        best = e.bestmove();
    }
    let mut pos = Position::startpos();
    let e4 = pos.parse_move("e2e4").unwrap();
    pos.make(e4);
    assert!(is_legal(&pos, &best), "{best}");
    let lines = e.quit();
    assert!(lines.len() > LINES / 10, "the engine answered: {} lines", lines.len());
}
