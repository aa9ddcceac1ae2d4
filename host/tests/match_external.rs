//! `c64chess match` with external UCI engines: the project's own `uci` as
//! the opponent, and fake engines (shell scripts) that crash, answer with
//! illegal moves, hang, or are too slow for the clock. Each fault must lose
//! the game for the faulty side only, be counted under its own name, and
//! the engine must be restarted for its next game.

mod match_support;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use match_support::*;

/// A fake UCI engine. `$1` chooses how it answers `go`; every start appends
/// a line to the file `$2`, so a test can count restarts.
const FAKE_ENGINE: &str = r#"#!/bin/sh
echo start >> "$2"
while read -r cmd rest; do
  case "$cmd" in
    uci) echo "id name fake $1"; echo "option name Style type string default x"; echo uciok ;;
    isready) echo readyok ;;
    go) case "$1" in
          crash) exit 3 ;;
          illegal) echo "bestmove e2e5" ;;
          none) echo "bestmove (none)" ;;
          hang) ;;
          slow) sleep 1; echo "bestmove e2e5" ;;
        esac ;;
    quit) exit 0 ;;
  esac
done
"#;

/// Write the fake engine into `dir`; the command line for behaviour `mode`.
fn fake(dir: &Path, mode: &str) -> String {
    let script = dir.join("fake-engine.sh");
    std::fs::write(&script, FAKE_ENGINE).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("{} {mode} {}", script.display(), dir.join("starts").display())
}

/// How often the fake engine in `dir` was started.
fn starts(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("starts")).map_or(0, |s| s.lines().count())
}

/// The project's own engine through UCI, at level 1's limits (depth 4, 400
/// nodes), is the in-process engine at Skill=1: every pair splits 1-1, as
/// between identical engines, and the games are the in-process games.
#[test]
fn own_uci_engine_mirrors_the_internal_one() {
    let dir = scratch("own-uci");
    let pgn = dir.join("games.pgn");
    let cmd = format!("{BIN} uci");
    let run = run_match(&[
        "--a",
        "Skill=1",
        "--b-cmd",
        &cmd,
        "--b-nodes",
        "400",
        "--b-depth",
        "4",
        "--games",
        "12",
        "--jobs",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let s = summary(&run);
    assert_eq!(s.forfeits, [[0; 3]; 2]);
    assert_eq!(s.pairs, [0, 0, 6, 0, 0]);
    let external = movetexts(&std::fs::read_to_string(&pgn).unwrap());
    let pgn2 = dir.join("internal.pgn");
    summary(&run_match(&["--a", "Skill=1", "--b", "Skill=1", "--games", "12", "--pgn", pgn2.to_str().unwrap()]));
    assert_eq!(external, movetexts(&std::fs::read_to_string(&pgn2).unwrap()));
    assert!(run.stdout.contains("Engine B: c64chess "), "{}", run.stdout);
}

#[test]
fn a_crashing_engine_loses_every_game_and_is_restarted() {
    let dir = scratch("crash");
    let pgn = dir.join("games.pgn");
    let run = run_match(&[
        "--a",
        "Skill=1",
        "--b-cmd",
        &fake(&dir, "crash"),
        "--b-nodes",
        "1",
        "--games",
        "6",
        "--jobs",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let s = summary(&run);
    assert_eq!((s.wins, s.draws, s.losses), (6, 0, 0));
    assert_eq!(s.forfeits, [[0, 0, 0], [0, 6, 0]]);
    // One start to check the engine, then one per game: each crash is followed by a restart.
    assert_eq!(starts(&dir), 7);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Termination \"abandoned\"]").count(), 6);
    assert!(text.contains("crashed: engine exited (exit status: 3)"), "{text}");
    assert!(run.stdout.contains("Engine B: fake crash"));
}

#[test]
fn illegal_moves_lose_for_the_side_that_plays_them() {
    for mode in ["illegal", "none"] {
        let dir = scratch(mode);
        let pgn = dir.join("games.pgn");
        let run = run_match(&[
            "--a-cmd",
            &fake(&dir, mode),
            "--a-depth",
            "1",
            "--b",
            "Skill=1",
            "--games",
            "4",
            "--jobs",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        let s = summary(&run);
        assert_eq!((s.wins, s.draws, s.losses), (0, 0, 4), "{mode}");
        assert_eq!(s.forfeits, [[4, 0, 0], [0, 0, 0]], "{mode}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(text.matches("[Termination \"rules infraction\"]").count(), 4);
        assert!(s.elo.starts_with("Elo -inf"), "{}", s.elo);
    }
}

#[test]
fn a_hung_engine_loses_on_time_and_the_match_goes_on() {
    let dir = scratch("hang");
    let run = run_match(&[
        "--a",
        "Skill=1",
        "--b-cmd",
        &fake(&dir, "hang"),
        "--b-nodes",
        "1",
        "--timeout",
        "1",
        "--games",
        "4",
        "--jobs",
        "2",
    ]);
    let s = summary(&run);
    assert_eq!((s.wins, s.draws, s.losses), (4, 0, 0));
    assert_eq!(s.forfeits, [[0, 0, 0], [0, 0, 4]]);
    assert_eq!(starts(&dir), 5);
}

#[test]
fn an_engine_too_slow_for_the_clock_loses_on_time() {
    let dir = scratch("slow");
    let pgn = dir.join("games.pgn");
    let run = run_match(&[
        "--a",
        "Skill=1",
        "--b-cmd",
        &fake(&dir, "slow"),
        "--tc",
        "0.2+0",
        "--games",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let s = summary(&run);
    assert_eq!(s.forfeits, [[0, 0, 0], [0, 0, 2]]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[TimeControl \"0.2+0\"]").count(), 2);
    assert_eq!(text.matches("lost on time").count(), 2);
}

#[test]
fn engines_that_cannot_start_or_lack_an_option_are_rejected() {
    let dir = scratch("reject");
    let crasher = fake(&dir, "crash");
    let cases = [
        (vec!["--b-cmd", "/nonexistent/engine", "--b-nodes", "1"], "cannot start"),
        (vec!["--b-cmd", "true", "--b-nodes", "1"], "engine B"),
        (vec!["--b-cmd", &crasher, "--b-nodes", "1", "--b-uci", "Threads=2"], "no UCI option 'Threads'"),
        (vec!["--b-cmd", &crasher, "--b-nodes", "1", "--b-uci", "Threads"], "Name=value"),
    ];
    for (args, message) in cases {
        let run = run_match(&args);
        assert_eq!(run.status, Some(2), "{args:?}");
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
    }
    // A known option is accepted (names compare case-insensitively).
    let run = run_match(&["--b-cmd", &crasher, "--b-nodes", "1", "--b-uci", "style=y", "--games", "2"]);
    assert_eq!(summary(&run).forfeits[1], [0, 2, 0]);
}
