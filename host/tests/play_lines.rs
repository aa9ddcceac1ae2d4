//! `c64chess play` in line mode: commands through a pipe, the screen as text.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `play` with `args`, feeding `input` on standard input.
fn play(args: &[&str], input: &str) -> Output {
    play_bytes(args, input.as_bytes())
}

/// [`play`] with any bytes as input.
fn play_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_c64chess"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run c64chess");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The screens printed: each is 25 lines and a blank line.
fn screens(out: &Output) -> Vec<String> {
    let text = stdout(out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len() % 26, 0, "{text}");
    lines.chunks(26).map(|c| c[..25].join("\n")).collect()
}

#[test]
fn fools_mate_between_two_humans() {
    let out = play(&["--black", "human", "--seed", "0"], "f2f3\ne7e5\ng2g4\nd8h4\n");
    assert!(out.status.success());
    let screens = screens(&out);
    assert_eq!(screens.len(), 5, "the start, then one screen per move");
    assert!(screens[0].contains("White to move"));
    let last = &screens[4];
    for text in ["2...Qd8-h4#", "GAME OVER", "Checkmate", "Black wins"] {
        assert!(last.contains(text), "{text} missing:\n{last}");
    }
    // The board rows: Black's queen on h4 (lower case), White's pawn on g4.
    assert!(last.lines().any(|l| l.starts_with("4 .  .  .  .  .  .  P  q")), "{last}");
}

#[test]
fn the_computer_answers_and_illegal_moves_change_nothing() {
    let out = play(&["--seed", "0"], "e2e4\ne2e5\nhello\nu\nquit\ne2e4\n");
    assert!(out.status.success());
    let screens = screens(&out);
    assert_eq!(screens.len(), 5, "quit ends the session: start, e2e4, e2e5, hello, u");
    assert!(screens[1].contains("1...e7-e5"), "seed 0: the opening table's reply\n{}", screens[1]);
    assert!(screens[2].contains("Illegal move"));
    let board =
        |s: &str| s.lines().map(|l| l.chars().take(25).collect::<String>().trim_end().to_string()).collect::<Vec<_>>();
    assert_eq!(board(&screens[1]), board(&screens[2]), "the board did not change");
    assert_eq!(board(&screens[2]), board(&screens[3]), "a word that is no move changes nothing");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("note: line 3: 'hello' is neither a move here nor a command"), "{err}");
    assert!(!screens[4].contains("e2-e4"), "undo took back both plies");
    assert!(screens[4].lines().any(|l| l.starts_with("2 P  P  P  P  P  P  P  P")));
}

#[test]
fn the_human_mates_the_computer_at_level_1() {
    let out = play(&["--fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "--level", "1"], "d1d8\n");
    assert!(out.status.success());
    let last = screens(&out).pop().unwrap();
    assert!(last.contains("1. Rd1-d8#") && last.contains("White wins"), "{last}");
}

#[test]
fn a_promotion_asked_for_and_answered() {
    let out = play(&["--black", "human", "--fen", "4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1"], "b7b8\nn\n");
    let screens = screens(&out);
    assert!(screens[1].contains("PROMOTE TO"));
    assert!(screens[2].contains("1. b7-b8N"), "{}", screens[2]);
    assert!(screens[2].lines().any(|l| l.starts_with("8 .  N")));
}

#[test]
fn commands_for_the_displays_flip_and_new_game() {
    let out = play(&["--black", "human", "--seed", "0"], "e2e4\nb\nflip\nnew\n");
    let screens = screens(&out);
    // B: attack counts in the squares' corners (White's e2 count under the
    // queen, king, bishop and knight: 4).
    assert!(screens[2].lines().any(|l| l.starts_with(" 1  1  1  4")), "{}", screens[2]);
    assert!(screens[3].lines().next_back().unwrap().starts_with("  h  g  f  e  d  c  b  a"), "{}", screens[3]);
    assert!(!screens[4].contains("e2-e4") && screens[4].contains("White to move"));
}

#[test]
fn a_bad_fen_is_a_clear_error_with_status_2() {
    let out = play(&["--fen", "8/8/8/8/8/8/8/8 w - - 0 1"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: bad FEN"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn the_end_of_input_ends_the_session() {
    let out = play(&[], "");
    assert!(out.status.success());
    assert_eq!(screens(&out).len(), 1);
}

/// A byte that is not UTF-8 used to end the game with an error (status 1);
/// it is skipped with a note, and the rest of its line still counts.
#[test]
fn bytes_that_are_not_utf8_are_skipped_with_a_note() {
    let out = play_bytes(&["--black", "human", "--seed", "0"], b"e2e4\n\xe9\ne7\xffe5\ng1f3\n");
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    for line in [2, 3] {
        assert!(err.contains(&format!("note: line {line}: skipped bytes that are not UTF-8")), "{err}");
    }
    let last = screens(&out).pop().unwrap();
    assert!(last.contains("1...e7-e5") && last.contains("2. Ng1-f3"), "{last}");
}

/// In line mode the computer playing both sides never waits.
#[test]
fn a_computer_game_in_line_mode_runs_without_pauses() {
    let start = std::time::Instant::now();
    let out = play(&["--white", "computer", "--black", "computer", "--seed", "0"], "");
    assert!(out.status.success());
    assert!(screens(&out)[0].contains("GAME OVER"));
    assert!(start.elapsed() < std::time::Duration::from_secs(30), "{:?}", start.elapsed());
}

#[test]
fn a_hint_in_line_mode_shows_a_move_and_plays_none() {
    let out = play(&["--seed", "0", "--level", "2"], "e2e4\nhint\nquit\n");
    assert!(out.status.success());
    let screens = screens(&out);
    assert_eq!(screens.len(), 3, "start, e2e4, hint");
    let hint = &screens[2];
    assert!(hint.contains("White to move") && !hint.contains("2. "), "nothing played:\n{hint}");
    let best = hint.lines().find(|l| l.len() > 30 && l[26..].starts_with("Best ")).expect("the Best row");
    let m = &best[31..35];
    assert!(m.bytes().all(|b| b.is_ascii_alphanumeric()), "a move: {best}");
    assert!(hint.contains("Depth") && hint.contains("Nodes"), "{hint}");
}

#[test]
fn a_timed_level_is_accepted_and_shown() {
    let out = play(&["--seed", "0", "--level", "5"], "quit\n");
    assert!(out.status.success());
    let screens = screens(&out);
    assert!(screens[0].contains("Black CPU 5s"), "the level:\n{}", screens[0]);
    assert!(screens[0].contains("W 0:00 B 0:00"), "the clocks:\n{}", screens[0]);
    let out = Command::new(env!("CARGO_BIN_EXE_c64chess"))
        .args(["play", "--level", "11"])
        .stdin(Stdio::null())
        .output()
        .expect("run c64chess");
    assert_eq!(out.status.code(), Some(2), "level 11 is refused");
    assert!(String::from_utf8_lossy(&out.stderr).contains("1..=10"), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A fresh directory under the target's temporary one.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_game_saved_in_one_session_loads_in_the_next_in_both_formats() {
    let dir = scratch("play-save");
    for name in ["game.c64g", "game.pgn"] {
        let file = dir.join(name);
        let file = file.to_str().unwrap();
        let args = ["--black", "human", "--seed", "0", "--save-file", file];
        let out = play(&args, "e2e4\ne7e5\ng1f3\nundo\nsave\n");
        assert!(out.status.success());
        assert!(screens(&out).last().unwrap().contains("Game saved"), "{name}");
        if name.ends_with(".pgn") {
            let pgn = std::fs::read_to_string(file).unwrap();
            assert!(pgn.contains("[Event \"c64chess game\"]") && pgn.contains("1. e4 e5 *"), "{pgn}");
        } else {
            // The C64's PRG file: its load address, then the record.
            assert_eq!(&std::fs::read(file).unwrap()[..6], b"\x02\x04C64G");
        }
        // The next session: load, then redo (the C64's format keeps the
        // ply taken back; PGN has only the moves played).
        let out = play(&args, "load\nredo\n");
        let screens = screens(&out);
        let loaded = &screens[1];
        assert!(loaded.contains("Game loaded") && loaded.contains("1...e7-e5"), "{name}:\n{loaded}");
        let redone = screens[2].contains("2. Ng1-f3");
        assert_eq!(redone, name.ends_with(".c64g"), "{name}:\n{}", screens[2]);
    }
}

#[test]
fn loading_nothing_or_a_bad_file_says_so_and_keeps_the_game() {
    let dir = scratch("play-load-bad");
    let missing = dir.join("none.c64g");
    let out = play(&["--black", "human", "--save-file", missing.to_str().unwrap()], "d2d4\nload\n");
    let last = screens(&out).pop().unwrap();
    assert!(last.contains("No saved game") && last.contains("1. d2-d4"), "{last}");
    for (name, bytes) in [
        ("junk.c64g", &b"\x02\x04C64G\x01 junk"[..]),
        ("bare.c64g", &b"C64G"[..]),
        ("junk.pgn", &b"1. e4 e4"[..]),
        ("bin.pgn", &[0xFF, 0xFE][..]),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, bytes).unwrap();
        let out = play(&["--black", "human", "--save-file", file.to_str().unwrap()], "d2d4\nload\n");
        let last = screens(&out).pop().unwrap();
        assert!(last.contains("Not a game") && last.contains("1. d2-d4"), "{name}:\n{last}");
    }
    // A directory that does not exist: the save says so.
    let nowhere = dir.join("no/such/dir/game.c64g");
    let out = play(&["--save-file", nowhere.to_str().unwrap()], "save\n");
    assert!(screens(&out).pop().unwrap().contains("No disk"));
}

/// Moves in SAN, and coordinates with a `-` or `x`, as the PGN loader reads
/// them; `help` lists the commands; a word that is neither says so.
#[test]
fn san_and_dashed_moves_help_and_unknown_words() {
    let input = "e4\ne7-e5\nNf3\nNc6\nBb5\na6\nBxc6\nd7xc6\nO-O\nhelp\nxyz\nQd1\n";
    let out = play(&["--black", "human", "--seed", "0"], input);
    assert!(out.status.success());
    let text = stdout(&out);
    let (before, after) = text.split_once("Line mode: one command a line.").expect("help printed");
    assert!(after.contains("e4 Nf3 O-O exd5") && after.contains("q, quit"), "{after}");
    let lines: Vec<&str> = before.lines().collect();
    assert_eq!(lines.len(), 10 * 26, "the start and nine moves, a screen each");
    let last = lines[9 * 26..].join("\n");
    for ply in ["1. e2-e4", "1...e7-e5", "2. Ng1-f3", "3. Bf1-b5", "4. Bb5xc6", "4...d7xc6", "5. O-O"] {
        assert!(last.contains(ply), "{ply}:\n{last}");
    }
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 11: 'xyz' is neither a move here nor a command ('help' lists them)"), "{err}");
    assert!(err.contains("line 12: 'Qd1' is neither"), "Qd1 is not legal for Black:\n{err}");
    assert!(!text.contains("Not your man"), "xyz is not typed as keys");
}

/// The PC's words beside the C64's: a file that cannot be written names its
/// path and the system's reason, a PGN game that goes wrong names the move;
/// a saved PGN names the players, the date and the result.
#[test]
fn file_errors_in_the_pcs_words_and_pgn_tags() {
    let dir = scratch("play-pc-words");
    let nowhere = dir.join("no/such/dir/game.pgn");
    let out = play(&["--save-file", nowhere.to_str().unwrap()], "save\nload\n");
    let err = String::from_utf8_lossy(&out.stderr);
    let path = nowhere.display().to_string();
    assert!(err.contains(&format!("note: cannot write {path}: No such file or directory")), "{err}");
    assert!(err.contains(&format!("note: cannot read {path}: No such file or directory")), "{err}");
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Ke3 *\n").unwrap();
    let out = play(&["--save-file", bad.to_str().unwrap()], "load\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("note: {}: move 3.Ke3 is not legal there", bad.display())), "{err}");
    assert!(screens(&out).pop().unwrap().contains("Not a game"));
    let good = dir.join("good.pgn");
    let out = play(&["--level", "3", "--seed", "0", "--save-file", good.to_str().unwrap()], "e4\nsave\n");
    assert!(out.status.success() && out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let pgn = std::fs::read_to_string(&good).unwrap();
    for tag in ["[White \"Human\"]", "[Black \"c64chess level 3\"]", "[Result \"*\"]", "[Date \"20"] {
        assert!(pgn.contains(tag), "{tag}:\n{pgn}");
    }
}
