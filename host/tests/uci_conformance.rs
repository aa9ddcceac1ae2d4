//! UCI conformance: the real binary, driven the way GUIs and match tools
//! drive engines, including their bad habits and bad input.
//!
//! Every test ends with `quit` (or end of input) and checks the process
//! exits cleanly having printed exactly one `bestmove` per `go`.

mod uci_support;

use std::time::{Duration, Instant};

use engine_core::Position;
use uci_support::*;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn handshake_announces_identity_and_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(PROMPT, |l| l == "uciok");
    assert!(lines[0].starts_with("id name c64chess "), "{lines:?}");
    assert!(lines.contains(&"id author the c64chess developers".to_owned()));
    for option in [
        "option name Skill type spin default 4 min 1 max 4",
        "option name Nodes type spin default 0 min 0 max 100000000",
        "option name Depth type spin default 0 min 0 max 22",
        "option name OwnBook type check default false",
        "option name Seed type spin default 0 min 0 max 255",
        "option name Hash type spin default 0 min 0 max 1024",
        "option name Clear Hash type button",
        "option name Ponder type check default false",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name Dev Tt type check default true",
    ] {
        assert!(lines.contains(&option.to_owned()), "{option} missing: {lines:?}");
    }
    // The developer switches come after every playing option, named apart.
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option name ")).collect();
    let first_dev = options.iter().position(|l| l.starts_with("option name Dev ")).expect("dev switches");
    assert!(options[first_dev..].iter().all(|l| l.starts_with("option name Dev ")), "{options:#?}");
    assert_eq!(options.len() - first_dev, 8, "{options:#?}");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), START_FEN);
    e.quit();
}

/// A game the way many GUIs play one: no `ucinewgame`, the whole move list
/// resent every move, `isready` before each `go`.
#[test]
fn plays_a_game_without_ucinewgame() {
    let mut e = Engine::start();
    e.send("uci");
    e.read_until(PROMPT, |l| l == "uciok");
    let mut game: Vec<String> = Vec::new();
    for _ in 0..16 {
        e.send(&format!("position startpos moves {}", game.join(" ")));
        e.sync();
        e.send("go nodes 3000");
        let best = e.bestmove();
        let pos = replay(&game);
        if best == "0000" {
            assert!(legal_texts(&pos).is_empty());
            break;
        }
        assert!(is_legal(&pos, &best), "{best} in {}", pos.fen());
        game.push(best);
    }
    e.send(&format!("position startpos moves {}", game.join(" ")));
    assert_eq!(e.fen(), replay(&game).fen().to_string());
    e.quit();
}

#[test]
fn info_lines_carry_every_field_and_a_legal_pv() {
    let mut e = Engine::start();
    let game: Vec<String> = ["e2e4", "c7c5", "g1f3", "d7d6"].map(String::from).to_vec();
    e.send(&format!("position startpos moves {}", game.join(" ")));
    e.send("go depth 5");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    let root = replay(&game);
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 5, "{lines:#?}");
    for (i, line) in infos.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let field = |name: &str| words.iter().position(|w| *w == name).map(|k| words[k + 1]);
        assert_eq!(field("depth"), Some((i + 1).to_string().as_str()), "{line}");
        for name in ["seldepth", "nodes", "time"] {
            assert!(field(name).is_some_and(|v| v.parse::<u64>().is_ok()), "{name} in {line}");
        }
        // `nps` with a time to count it over, never beside `time 0`.
        let time: u64 = field("time").unwrap().parse().unwrap();
        assert_eq!(field("nps").is_some(), time > 0, "{line}");
        assert!(field("nps").is_none_or(|v| v.parse::<u64>().is_ok()), "{line}");
        let score = words.iter().position(|w| *w == "score").expect("score");
        assert!(matches!(words[score + 1], "cp" | "mate") && words[score + 2].parse::<i32>().is_ok(), "{line}");
        let pv = words.iter().position(|w| *w == "pv").expect("pv");
        let mut pos = root.clone();
        for text in &words[pv + 1..] {
            let m = pos.parse_move(text).unwrap_or_else(|| panic!("illegal pv move {text} in {line}"));
            pos.make(m);
        }
    }
    let best = bestmove_of(lines.last().unwrap());
    assert!(is_legal(&root, &best));
    e.quit();
}

#[test]
fn depth_nodes_and_mate_limits() {
    let mut e = Engine::start();
    e.send("go depth 3");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines[lines.len() - 2].starts_with("info depth 3 "), "{lines:#?}");
    e.send("go nodes 5000");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    for line in lines.iter().filter(|l| l.starts_with("info depth")) {
        let nodes: u64 = line.split_whitespace().skip_while(|w| *w != "nodes").nth(1).unwrap().parse().unwrap();
        assert!(nodes <= 5000, "{line}");
    }
    // Mate in two: 1.Qb7 (or others) and 2.Q mates; the search stops at the mate.
    e.send("position fen 7k/8/5K2/8/8/8/8/1Q6 w - - 0 1");
    e.send("go mate 2");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains(" score mate 2 ")), "{lines:#?}");
    e.quit();
}

#[test]
fn no_legal_move_answers_0000() {
    let mut e = Engine::start();
    for fen in ["7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"] {
        e.send(&format!("position fen {fen}"));
        e.send("go");
        assert_eq!(e.bestmove(), "0000", "{fen}");
        e.send("go wtime 1000 btime 1000 searchmoves h8g8");
        assert_eq!(e.bestmove(), "0000", "{fen}");
    }
    e.quit();
}

#[test]
fn stop_straight_after_go() {
    let mut e = Engine::start();
    for go in ["go infinite", "go depth 30", "go wtime 100000 btime 100000", "go", "go ponder"] {
        e.send("position startpos moves d2d4");
        e.send(go);
        e.send("stop");
        let best = e.bestmove();
        assert!(is_legal(&replay(&["d2d4".into()]), &best), "{go}: {best}");
    }
    e.sync();
    e.quit();
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut e = Engine::start();
    e.send("go infinite");
    thread_sleep(50);
    let start = Instant::now();
    let before = e.sync();
    assert!(start.elapsed() < Duration::from_secs(2));
    assert!(!before.iter().any(|l| l.starts_with("bestmove")), "{before:#?}");
    e.send("stop");
    e.bestmove();
    e.quit();
}

#[test]
fn infinite_and_ponder_hold_bestmove_until_released() {
    let mut e = Engine::start();
    // The search ends at once (mate in one is found at depth 1), but
    // bestmove must wait for stop.
    e.send("position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    e.send("go infinite");
    let early = e.drain_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:#?}");
    e.send("stop");
    assert_eq!(e.bestmove(), "b1b8");
    // Ponder: held until ponderhit, then answered.
    e.send("go ponder depth 2");
    let early = e.drain_for(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "{early:#?}");
    e.send("ponderhit");
    assert_eq!(e.bestmove(), "b1b8");
    // Ponder with a clock: after ponderhit the clock runs and ends the search.
    e.send("position startpos");
    e.send("go ponder wtime 2000 btime 2000");
    thread_sleep(100);
    let hit = Instant::now();
    e.send("ponderhit");
    e.bestmove();
    assert!(hit.elapsed() < Duration::from_secs(2), "{:?}", hit.elapsed());
    // Stop while pondering answers too; ponderhit and stop with nothing running are ignored.
    e.send("go ponder");
    e.send("stop");
    e.bestmove();
    e.send("ponderhit");
    e.send("stop");
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn a_new_go_stops_the_running_search_first() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.send("go depth 1");
    e.bestmove();
    // The second search's one iteration comes after the first bestmove.
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines[0].starts_with("info depth 1 "), "{lines:#?}");
    e.quit();
}

#[test]
fn movetime_is_used_and_honoured() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.sync();
    let start = Instant::now();
    e.send("go movetime 300");
    e.bestmove();
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(250), "{took:?}");
    assert!(took < Duration::from_millis(1500), "{took:?}");
    e.quit();
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.send("go depth 3 searchmoves a2a3 h2h3");
    let best = e.bestmove();
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    e.send("go nodes 2000 searchmoves g1f3");
    assert_eq!(e.bestmove(), "g1f3");
    e.send("go depth 2 searchmoves e2e5 zz");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.starts_with("info string") && l.contains("searching all moves")), "{lines:#?}");
    assert!(is_legal(&Position::startpos(), &bestmove_of(lines.last().unwrap())));
    e.quit();
}

#[test]
fn setoption_between_games() {
    let mut e = Engine::start();
    e.send("setoption name Skill value 1");
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    let last_info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("info");
    let nodes: u32 = last_info.split_whitespace().skip_while(|w| *w != "nodes").nth(1).unwrap().parse().unwrap();
    assert!(nodes <= 400, "level 1 spends at most 400 nodes: {last_info}");
    e.send("setoption name OwnBook value true");
    e.send("setoption name Seed value 7");
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.starts_with("info string book move")), "{lines:#?}");
    e.send("setoption name Nodes value 500");
    e.send("setoption name Depth value 2");
    e.send("setoption name OwnBook value false");
    e.send("position startpos moves e2e4");
    e.send("go");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(lines.iter().filter(|l| l.starts_with("info depth")).count() <= 2, "{lines:#?}");
    // Options may change during a search; the running search is unaffected.
    e.send("go infinite");
    e.send("setoption name Skill value 2");
    e.send("stop");
    e.bestmove();
    assert!(e.sync().is_empty());
    e.quit();
}

#[test]
fn long_game_positions() {
    let mut e = Engine::start();
    for plies in [320, 600] {
        let game = random_game(plies as u64, plies);
        let expected = replay(&game);
        e.send(&format!("position startpos moves {}", game.join(" ")));
        assert_eq!(e.fen(), expected.fen().to_string());
        e.send("go nodes 2000");
        let best = e.bestmove();
        assert!(best == "0000" || is_legal(&expected, &best), "{best}");
        e.send(&format!("position fen {START_FEN} moves {}", game.join(" ")));
        assert_eq!(e.fen(), expected.fen().to_string());
    }
    e.quit();
}

#[test]
fn crlf_tabs_and_blank_lines() {
    let mut e = Engine::start();
    e.send_bytes(b"uci\r\n");
    e.read_until(PROMPT, |l| l == "uciok");
    e.send_bytes(b"\r\n\n   \t \r\n");
    e.send_bytes(b"position\tstartpos \t moves  e2e4\t e7e5\r\n");
    assert_eq!(e.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    e.send_bytes(b"isready\r\n");
    e.read_until(PROMPT, |l| l == "readyok");
    e.gos += 1;
    e.send_bytes(b"go depth 2\r\n");
    e.bestmove();
    e.send_bytes(b"quit\r\n");
    e.close();
}

/// After a rejected `position` there is no position: `d` and `perft` say
/// so, and every `go` is answered `bestmove 0000`, until a good `position`.
fn expect_no_position(e: &mut Engine, what: &str) {
    e.send("d");
    let lines = e.read_until(PROMPT, |l| l.starts_with("info string d: no position") || l.starts_with("Fen: "));
    assert!(lines.last().unwrap().starts_with("info string d: no position"), "{what:.60}: {lines:?}");
    e.send("go depth 3");
    assert_eq!(e.bestmove(), "0000", "{what:.60}");
}

/// Every rejected command prints `info string`. A rejected `position`
/// leaves no position (see [`expect_no_position`]); any other rejected
/// command leaves the position as it was.
#[test]
fn rejections_keep_the_previous_position_or_none() {
    let mut e = Engine::start();
    let good = "position startpos moves e2e4 c7c5";
    e.send(good);
    let kept = e.fen();
    let long_junk = "x".repeat(5000);
    let bad: Vec<String> = [
        "position",
        "position foo",
        "position startpos e2e4",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e2e4 c7c5 g1f3 zz",
        "position startpos moves e7e5",
        "position startpos moves e1g1",
        "position startpos moves e2e4 e7e5 e4e5",
        "position startpos moves e2e4 c7c5 e4e5e6",
        "position fen",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "position fen 4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        "position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8x",
        &format!("position startpos moves {long_junk}"),
        "setoption name Skill value 9",
        "setoption name Skill value -1",
        "setoption name Nodes value lots",
        "setoption name OwnBook value maybe",
        "setoption name Hash value -1",
        "setoption name NoSuchOption value 16",
        "setoption name Skill value \u{1b}[2J\u{7}",
        "setoption Skill 3",
        "setoption",
        "perft",
        "perft 99",
        "perft x",
        "bogus",
        "Position startpos",
        "\u{fffd}\u{fffd}\u{fffd}",
        &long_junk,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for line in &bad {
        e.send(good);
        e.send(line);
        let lines = e.sync();
        assert!(lines.iter().any(|l| l.starts_with("info string ")), "no reason given for {line:.60}: {lines:?}");
        if line.starts_with("position") {
            expect_no_position(&mut e, line);
        } else {
            assert_eq!(e.fen(), kept, "{line:.60}");
        }
    }
    // Binary junk, a NUL, a lone CR (a separator: the third is a bad
    // `position`), and a line over the length limit.
    for (junk, is_position) in [
        (&b"\xff\xfe\x00\x01position startpos\n"[..], false),
        (b"\x1b[2J\x07\n", false),
        (b"\rposition fen \xc3\x28\n", true),
    ] {
        e.send(good);
        e.send_bytes(junk);
        assert!(e.sync().iter().any(|l| l.starts_with("info string ")), "{junk:?}");
        if is_position {
            expect_no_position(&mut e, "junk fen");
        } else {
            assert_eq!(e.fen(), kept);
        }
    }
    e.send(good);
    let mut huge = b"position startpos moves ".to_vec();
    huge.extend(std::iter::repeat_n(b'a', 1_100_000));
    huge.push(b'\n');
    e.send_bytes(&huge);
    assert!(e.sync().iter().any(|l| l.starts_with("info string line longer")));
    assert_eq!(e.fen(), kept);
    // Still fully working, after a rejection too.
    e.send("position startpos moves e7e5");
    e.send("go ponder");
    e.send("stop");
    assert_eq!(e.bestmove(), "0000", "a ponder search without a position answers at stop");
    e.send(good);
    e.send("go depth 2");
    assert!(is_legal(&replay(&["e2e4".into(), "c7c5".into()]), &e.bestmove()));
    let lines = e.quit();
    assert!(lines.iter().all(|l| !l.chars().any(char::is_control)), "junk echoed raw");
}

/// The report's case: after `position startpos`, a FEN with castling rights
/// the board cannot have must not leave the start position to be searched
/// (`bestmove b1c3` with no piece on b1). Such FENs, as other engines do,
/// are accepted with the impossible parts dropped and a note.
#[test]
fn sloppy_fens_are_mended_with_a_note() {
    let mut e = Engine::start();
    for (fen, mended, note) in [
        ("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "castling rights Qkq dropped"),
        ("4k3/8/8/8/8/8/8/R3K3 b Q a3 0 1", "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1", "en passant square a3 dropped"),
        ("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", "en passant square e3 dropped"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 300 200", "4k3/8/8/8/8/8/8/4K2R w - - 255 200", "halfmove clock 300 read as 255"),
    ] {
        e.send("position startpos");
        e.send(&format!("position fen {fen}"));
        let lines = e.sync();
        assert!(lines.iter().any(|l| l.starts_with("info string position: ") && l.contains(note)), "{fen}: {lines:?}");
        assert_eq!(e.fen(), mended);
        e.send("go depth 3");
        let best = e.bestmove();
        assert!(is_legal(&Position::from_fen(mended).unwrap(), &best), "{fen}: {best}");
    }
    e.quit();
}

/// `MultiPV k`: each completed depth reports k lines, `multipv 1..k`, best
/// first, distinct first moves; the last `multipv 1` line's pv starts with
/// `bestmove`. Back at 1, the plain lines return.
#[test]
fn multipv_reports_k_lines_per_depth() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 4");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    let multi: Vec<&String> = lines.iter().filter(|l| l.starts_with("info multipv")).collect();
    assert!(multi.len() >= 6 && multi.len().is_multiple_of(3), "{lines:#?}");
    let root = replay(&["e2e4".into(), "e7e5".into()]);
    for depth in multi.chunks(3) {
        let ks: Vec<&str> = depth.iter().map(|l| field(l, "multipv").unwrap()).collect();
        assert_eq!(ks, ["1", "2", "3"]);
        let d: Vec<&str> = depth.iter().map(|l| field(l, "depth").unwrap()).collect();
        assert!(d.iter().all(|x| *x == d[0]), "{depth:#?}");
        let cp: Vec<i32> = depth.iter().map(|l| field(l, "cp").unwrap().parse().unwrap()).collect();
        assert!(cp.windows(2).all(|w| w[0] >= w[1]), "best first: {depth:#?}");
        let firsts: Vec<&str> = depth.iter().map(|l| field(l, "pv").unwrap()).collect();
        assert!(firsts.iter().all(|m| is_legal(&root, m)) && firsts[0] != firsts[1] && firsts[1] != firsts[2]);
    }
    let best = bestmove_of(lines.last().unwrap());
    let last_first =
        lines.iter().rev().find(|l| l.starts_with("info multipv 1 ") || l.starts_with("info depth")).unwrap();
    assert_eq!(field(last_first, "pv"), Some(best.as_str()));
    // More lines than moves: one line per legal move.
    e.send("setoption name MultiPV value 50");
    e.send("position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    e.send("go depth 2");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    let n = legal_texts(&Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap()).len();
    assert_eq!(lines.iter().filter(|l| l.starts_with("info multipv")).count(), n, "{lines:#?}");
    e.send("setoption name MultiPV value 1");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(!lines.iter().any(|l| l.contains("multipv")) && lines.iter().any(|l| l.starts_with("info depth 3 ")));
    e.quit();
}

/// With MultiPV on, every `info` line with a score says which line it is,
/// the last before `bestmove` too: a book move's, and a search stopped
/// before its first iteration ended (which reports its move on a line of
/// its own).
#[test]
fn multipv_numbers_the_last_line_too() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 2");
    e.send("setoption name OwnBook value true");
    e.send("position startpos");
    e.send("go depth 3");
    let mut lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
    e.send("setoption name OwnBook value false");
    e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    e.send("go infinite");
    e.send("stop");
    lines.extend(e.read_until(PROMPT, |l| l.starts_with("bestmove")));
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(scored.len() >= 2, "{lines:#?}");
    for line in scored {
        assert!(line.starts_with("info multipv "), "{line}\n{lines:#?}");
    }
    e.quit();
}

/// `Hash`, `Clear Hash`, `Ponder` and `Move Overhead` are accepted with
/// their ranges; a Skill-level search (no limit of its own) uses the C64's
/// table whatever `Hash` says, so it plays as the C64 does, node for node.
#[test]
fn hash_ponder_and_move_overhead_options() {
    let level_nodes = |e: &mut Engine| {
        e.send("ucinewgame");
        e.send("position startpos moves d2d4 d7d5 c2c4");
        e.send("go");
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        lines.iter().rev().find(|l| l.starts_with("info depth")).map(|l| field(l, "nodes").unwrap().to_owned())
    };
    let mut e = Engine::start();
    let before = level_nodes(&mut e);
    for line in [
        "setoption name Hash value 64",
        "setoption name Clear Hash",
        "setoption name Ponder value true",
        "setoption name Move Overhead value 100",
        "setoption name MultiPV value 1",
    ] {
        e.send(line);
        assert!(e.sync().is_empty(), "{line}");
    }
    assert_eq!(level_nodes(&mut e), before, "the levels keep the C64's table");
    for line in [
        "setoption name Hash value -1",
        "setoption name Hash value 5000",
        "setoption name Ponder value maybe",
        "setoption name Move Overhead value -5",
        "setoption name MultiPV value 0",
    ] {
        e.send(line);
        assert!(e.sync().iter().any(|l| l.starts_with("info string setoption: option ")), "{line}");
    }
    // A bigger table still answers a clock search in time, and pondering works.
    e.send("position startpos moves e2e4");
    e.send("go wtime 3000 btime 3000");
    assert!(is_legal(&replay(&["e2e4".into()]), &e.bestmove()));
    e.send("go ponder wtime 3000 btime 3000");
    e.send("ponderhit");
    assert!(is_legal(&replay(&["e2e4".into()]), &e.bestmove()));
    e.quit();
}

/// Material that cannot mate scores as the draw it is, in every line.
#[test]
fn dead_drawn_material_scores_0() {
    let mut e = Engine::start();
    for fen in [
        "8/8/8/8/8/8/8/k1K5 w - - 0 1",
        "8/8/8/8/8/8/8/k1K5 b - - 0 1",
        "8/8/4k3/8/8/2B5/8/4K3 w - - 0 1",
        "8/8/4k3/8/8/2N5/8/4K3 b - - 0 1",
        "8/8/4kb2/8/8/2B5/8/4K3 w - - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        for go in ["go depth 6", "go nodes 1", "go movetime 50"] {
            e.send(go);
            let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
            let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
            assert!(!infos.is_empty() && infos.iter().all(|l| l.contains(" score cp 0 ")), "{fen} {go}: {lines:#?}");
        }
    }
    // Not dead: a rook, a pawn, or knight against bishop can still mate.
    for fen in ["8/8/4k3/8/8/8/8/R3K3 w - - 0 1", "8/8/4k3/8/8/8/P7/4K3 w - - 0 1"] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 4");
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        assert!(!lines.iter().any(|l| l.contains(" score cp 0 ")), "{fen}: {lines:#?}");
    }
    e.quit();
}

/// The field after `name` in an `info` line.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.by_ref().find(|w| *w == name)?;
    words.next()
}

/// The last `info depth` line before `bestmove`: it has a score, and its
/// `pv` starts with the `bestmove`.
fn check_last_info(lines: &[String], what: &str) -> String {
    let best = bestmove_of(lines.last().unwrap());
    let last = lines.iter().rev().find(|l| l.starts_with("info depth")).unwrap_or_else(|| panic!("{what}: {lines:#?}"));
    assert!(field(last, "score").is_some() && field(last, "nodes").is_some(), "{what}: {last}");
    assert_eq!(field(last, "pv"), Some(best.as_str()), "{what}: {lines:#?}");
    last.clone()
}

/// Every search prints an `info` line with a score: a mate in one (found
/// before any iteration), a mated or stalemated root, a budget too small
/// for one iteration. And the last line's pv always begins with `bestmove`,
/// even when an unfinished iteration changed the move.
#[test]
fn every_search_reports_a_score_and_its_bestmove() {
    let mut e = Engine::start();
    e.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    for go in ["go movetime 200", "go depth 5", "go nodes 50", "go"] {
        e.send(go);
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        let last = check_last_info(&lines, go);
        assert!(last.contains(" score mate 1 ") && last.ends_with(" pv f3f7"), "{go}: {last}");
    }
    for (fen, score) in [("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "mate 0"), ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0")] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 4");
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        assert_eq!(lines[lines.len() - 2..], [format!("info depth 0 score {score}"), "bestmove 0000".to_owned()]);
    }
    // Small and odd budgets stop searches in every phase of an iteration.
    for seed in 0..40u64 {
        let game = random_game(seed, 10 + (seed as usize % 30));
        e.send(&format!("position startpos moves {}", game.join(" ")));
        let go = format!("go nodes {}", [1, 7, 60, 333, 1500, 4000, 12_345][seed as usize % 7]);
        e.send(&go);
        let lines = e.read_until(PROMPT, |l| l.starts_with("bestmove"));
        check_last_info(&lines, &go);
    }
    e.quit();
}

#[test]
fn d_and_perft() {
    let mut e = Engine::start();
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("d");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Key: "));
    assert_eq!(lines[0], "8 r . . . k . . r");
    assert_eq!(lines[7], "1 R . . . K . . R");
    assert_eq!(lines[8], "  a b c d e f g h");
    e.send("perft 3");
    let lines = e.read_until(PROMPT, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 97862");
    assert_eq!(lines.len(), 49, "48 root moves and the total");
    e.send("position startpos");
    e.send("perft 0");
    e.read_until(PROMPT, |l| l == "Nodes searched: 1");
    e.quit();
}

#[test]
fn quit_and_end_of_input_during_a_search() {
    let mut e = Engine::start();
    e.send("go infinite");
    thread_sleep(30);
    let start = Instant::now();
    e.quit();
    assert!(start.elapsed() < Duration::from_secs(3));
    let mut e = Engine::start();
    e.send("go depth 30");
    e.close();
}

fn thread_sleep(ms: u64) {
    std::thread::sleep(Duration::from_millis(ms));
}
