//! Each node level's seconds a move on a PAL C64, measured on the real
//! game program (the PRG `tools/c64-build` makes) on the emulated C64 of
//! `c64chess emulate`, over a documented sample of games: README's level
//! table and docs/ui.md quote what this prints.
//!
//! **The sample.** Every [`EVERY`]th position of the balanced opening set
//! (tools/openings/openings.epd, the one `bench --level` and `match`
//! search), from its first: lines 1, 41, ..., 561, 15 openings. For each
//! opening and level a new game: the menu makes Black human too and sets
//! the level, the opening's eight plies are typed as a player types them
//! (`b1a3`, RETURN; [`opening_moves`] finds them), the board is checked
//! against the opening, then the menu hands both sides to the computer,
//! which plays [`PLAYED`] moves from there (two a side at levels 1 and 2,
//! one at 3 and 4): 60, 60, 30 and 30 searched moves. None is a book move:
//! the opening tables answer only the first two plies of a game
//! (engine-core's `book`).
//!
//! **What is timed.** A move is the time from `Thinking...` appearing to its
//! going (the emulator looks every 10,000 cycles, 0.01 s): the search with
//! the thinking display drawing as in any game, and the move played. The
//! nodes are the display's count after the move: the count of the search's
//! last poll (one every 16 nodes, so up to 15 short of the search's),
//! drawn once it has ended. Seconds are a PAL
//! C64's, 985,248 cycles a second; the emulator does not model the
//! VIC-II's bad lines, which take about 5% of a real C64's cycles while
//! the screen is on, so a real C64 takes about 5% longer.
//!
//! The searches are about 21,500 s of a PAL C64's time: about two minutes
//! of one core (114 s where it was first measured, about 200 million
//! emulated cycles a second); the games run on as many cores as there
//! are. With the PRG in place:
//!
//! ```text
//! cargo test --release -p c64chess --test real_seconds -- --ignored --nocapture
//! ```

mod opening_moves;
mod real_support;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use engine_core::level::{level, LEVELS};
use real_support::{emulate, prg};

/// The balanced opening set.
const OPENINGS: &str = include_str!("../../tools/openings/openings.epd");

/// The sample's openings: every `EVERY`th line of the set, from the first.
const EVERY: usize = 40;
/// How many that is, as designed: the sample changes only when it is meant to.
const SAMPLED: usize = 15;

/// Moves the computer plays from each opening, level 1 to 4: the slow
/// levels fewer, so the sample takes minutes, not hours.
const PLAYED: [usize; 4] = [4, 4, 2, 2];

/// A PAL C64's cycles a second.
const PAL_HZ: f64 = 985_248.0;

/// The most cycles a node a whole search of a full budget may take: about
/// twice the costliest level's mean here (level 1's 16,300, whose costs
/// a move besides the nodes, the board and the display drawn and the move
/// played, are spread over the fewest nodes). A search must end within
/// its level's budget at this rate.
const MOST_CYCLES_A_NODE: f64 = 30_000.0;

/// One searched move, as the screen showed it.
#[derive(Clone, Copy)]
struct Search {
    /// From `Thinking...` on to off, in PAL seconds.
    seconds: f64,
    /// The display's node count after it.
    nodes: u32,
}

/// The longest a search of `level` may take: its budget at
/// [`MOST_CYCLES_A_NODE`], in seconds.
fn bound(level_number: u8) -> f64 {
    f64::from(level(level_number).nodes) * MOST_CYCLES_A_NODE / PAL_HZ
}

/// An opening's eight ranks as the screen's rows show them: the rank's
/// digit, then each square's three cells, its man's letter in the middle
/// (upper case White) or blank.
fn rank_rows(epd: &str) -> Vec<String> {
    let board = epd.split_whitespace().next().expect("an EPD line");
    (1..=8)
        .rev()
        .zip(board.split('/'))
        .map(|(rank, row)| {
            let mut text = rank.to_string();
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(empty) => text += &"   ".repeat(empty as usize),
                    None => text += &format!(" {c} "),
                }
            }
            text
        })
        .collect()
}

/// The key script of one game: the opening typed by two players at
/// `level_number`, checked on the screen, then `plies` moves of the computer
/// playing both sides, each followed by the screen, its thinking display
/// settled (the computer waits a second between moves: the menu's
/// `Pause`, on at start).
fn script(level_number: u8, epd: &str, moves: &[String], plies: usize) -> String {
    let mut s = String::from("until-text \"M=menu U=undo\" 20s\nkey M\nuntil-text \">Resume\" 5s\n");
    s += "key DOWN x3\nkey RETURN\nexpect-text \">Black  Human\"\nkey DOWN\n";
    if level_number > 1 {
        s += &format!("key RETURN x{}\n", level_number - 1);
    }
    s += &format!("expect-text \">Level  L{level_number}\"\nkey STOP\nuntil-text \"M=menu U=undo\" 5s\n");
    for m in moves {
        s += &format!("type {m}\nkey RETURN\n");
    }
    s += &format!("until-text \"{}...\" 5s\nexpect-text \"White to move\"\n", moves.len() / 2);
    for row in rank_rows(epd) {
        s += &format!("expect-text \"{row}\"\n");
    }
    s += "key M\nuntil-text \">Resume\" 5s\nkey DOWN x2\nkey RETURN\nkey DOWN\nkey RETURN\n";
    s += "expect-text \">Black  CPU\"\nexpect-text \" White  CPU\"\nkey STOP\n";
    // Twice the bound: a slow search is then reported by the test, with
    // its figures, rather than cut short by the script.
    let timeout = 2.0 * bound(level_number);
    for _ in 0..plies {
        s += &format!(
            "until-text \"Thinking...\" 10s\nuntil-no-text \"Thinking...\" {timeout:.0}s\nwait 0.5s\nscreen\n"
        );
    }
    s
}

/// The searches an emulator's output reports: each `Thinking...` off
/// line's seconds, and the node count on the screen printed after it.
fn searches(text: &str) -> Vec<Search> {
    let mut found = Vec::new();
    let mut seconds = None;
    for line in text.lines() {
        if let Some(rest) = line.split("\"Thinking...\" off the screen after ").nth(1) {
            seconds = rest.split(' ').next().and_then(|s| s.parse().ok());
        } else if let (Some(s), Some(rest)) = (seconds, line.split("Nodes ").nth(1)) {
            let nodes = rest.trim_end_matches('|').trim().parse().unwrap_or_else(|_| panic!("a count: {line}"));
            found.push(Search { seconds: s, nodes });
            seconds = None;
        }
    }
    found
}

/// One game of the sample: level `level_number` from opening `line` (from 1).
fn game(level_number: u8, line: usize, epd: &str) -> Vec<Search> {
    let moves = opening_moves::moves_to(epd).unwrap_or_else(|| panic!("no walk reaches line {line}: {epd}"));
    let plies = PLAYED[level_number as usize - 1];
    let dir = std::env::temp_dir().join(format!("c64chess-seconds-{}-{level_number}-{line}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let keys = dir.join("game.keys");
    std::fs::write(&keys, script(level_number, epd, &moves, plies)).unwrap();
    let (output, text) = emulate(&["--keys", keys.to_str().unwrap()], &prg("c64chess.prg"));
    std::fs::remove_dir_all(&dir).ok();
    assert!(output.status.success(), "level {level_number}, opening line {line} ({}):\n{text}", moves.join(" "));
    let found = searches(&text);
    assert_eq!(found.len(), plies, "level {level_number}, opening line {line}: searches\n{text}");
    found
}

/// The sample's games, each on the next free core: every level's searches
/// (each game's [`PLAYED`] of them, or it fails).
fn sample() -> Vec<Vec<Search>> {
    let openings: Vec<(usize, &str)> = OPENINGS.lines().enumerate().step_by(EVERY).map(|(i, l)| (i + 1, l)).collect();
    assert_eq!(openings.len(), SAMPLED, "the sample's openings");
    // The slow levels first, so no core is left with one long game at the end.
    let games: Vec<(u8, usize, &str)> =
        (1..=LEVELS.len() as u8).rev().flat_map(|l| openings.iter().map(move |&(line, epd)| (l, line, epd))).collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![Vec::new(); LEVELS.len()]);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(|| {
                while let Some(&(l, line, epd)) = games.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let found = game(l, line, epd);
                    results.lock().unwrap()[l as usize - 1].extend(found);
                }
            });
        }
    });
    results.into_inner().unwrap()
}

/// Each level's searched moves, mean and worst seconds a move, mean nodes
/// and mean cycles a node (all its cycles over all its nodes), printed as a table;
/// every search shows a node count within its budget and takes a positive
/// time within its budget at [`MOST_CYCLES_A_NODE`].
#[test]
#[ignore = "needs target/c64/c64chess.prg from tools/c64-build; minutes"]
fn each_levels_seconds_a_move() {
    let start = Instant::now();
    let results = sample();
    println!("PAL C64 seconds a move, no bad lines (a real C64 about 5% slower):");
    println!("level  moves  mean s  worst s  mean nodes  cycles a node");
    let mut emulated = 0.0;
    for (level_number, found) in (1..).zip(&results) {
        for s in found {
            let budget = level(level_number).nodes;
            assert!(s.nodes > 0 && s.nodes <= budget, "level {level_number}: {} nodes", s.nodes);
            assert!(s.seconds > 0.0 && s.seconds <= bound(level_number), "level {level_number}: {} s", s.seconds);
        }
        let seconds: f64 = found.iter().map(|s| s.seconds).sum();
        let nodes: f64 = found.iter().map(|s| f64::from(s.nodes)).sum();
        let worst = found.iter().map(|s| s.seconds).fold(0.0, f64::max);
        let mean = seconds / found.len() as f64;
        println!(
            "{level_number:>5}  {:>5}  {mean:>6.1}  {worst:>7.1}  {:>10.0}  {:>13.0}",
            found.len(),
            nodes / found.len() as f64,
            seconds * PAL_HZ / nodes
        );
        emulated += seconds;
    }
    println!("{:.0} s of searches emulated in {:.0} s of wall time", emulated, start.elapsed().as_secs_f64());
}
