//! `c64chess match` between in-process engines: the result line, colour
//! pairing, determinism, the PGN and the progress report.

mod match_support;

use match_support::*;

#[test]
fn small_match_reports_every_game() {
    let run = run_match(&["--a", "Skill=1", "--b", "Skill=1 Nodes=200", "--games", "8", "--jobs", "2"]);
    let s = summary(&run);
    assert_eq!(s.games, 8);
    assert_eq!(s.wins + s.draws + s.losses, 8);
    assert_eq!(s.pairs.iter().sum::<u32>(), 4);
    assert_eq!(s.forfeits, [[0; 3]; 2]);
    // Points agree between the games and the pairs.
    let pair_half_points: u32 = s.pairs.iter().enumerate().map(|(k, n)| k as u32 * n).sum();
    assert_eq!(pair_half_points, 2 * s.wins + s.draws);
}

/// Identical deterministic engines: game 2k+1 is game 2k with the same
/// engine on each colour, so it is the same game move for move, won by the
/// same colour. A therefore scores exactly one point in every pair, whatever
/// the opening: W == L, all pairs in the middle, Elo exactly 0.
#[test]
fn identical_engines_split_every_pair() {
    let dir = scratch("identical");
    let pgn = dir.join("games.pgn");
    let run = run_match(&[
        "--a",
        "Skill=1 Nodes=300",
        "--b",
        "Skill=1 Nodes=300",
        "--games",
        "20",
        "--jobs",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let s = summary(&run);
    assert_eq!(s.wins, s.losses);
    assert_eq!(s.pairs, [0, 0, 10, 0, 0]);
    assert_eq!(s.elo, "Elo +0.0 95% [+0.0, +0.0]");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = movetexts(&text);
    assert_eq!(games.len(), 20);
    for pair in games.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
}

/// A match too short for an interval reports the estimate without one (a
/// 2-game match used to print `95% [+0.0, +0.0]`).
#[test]
fn a_tiny_match_reports_no_interval() {
    let run = run_match(&["--a", "Skill=1 Nodes=300", "--b", "Skill=1 Nodes=300", "--games", "2"]);
    let s = summary(&run);
    assert_eq!(s.elo, "Elo +0.0 95% [?, ?] (no interval from under 10 pairs of games)");
}

/// Fixed budgets make a match reproducible, however the games are spread
/// over threads: the same report numbers and the same PGN.
#[test]
fn matches_at_fixed_nodes_are_deterministic() {
    let dir = scratch("deterministic");
    let mut outputs = Vec::new();
    for (i, jobs) in ["1", "3"].iter().enumerate() {
        let pgn = dir.join(format!("{i}.pgn"));
        let run = run_match(&[
            "--a",
            "Skill=2 Nodes=600",
            "--b",
            "Skill=1",
            "--games",
            "12",
            "--jobs",
            jobs,
            "--pgn",
            pgn.to_str().unwrap(),
            "--seed",
            "5",
        ]);
        let s = summary(&run);
        let text = std::fs::read_to_string(&pgn).unwrap();
        let without_dates: Vec<&str> = text.lines().filter(|l| !l.starts_with("[Date ")).collect();
        outputs.push(((s.wins, s.draws, s.losses, s.pairs, s.elo), without_dates.join("\n")));
    }
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn pgn_has_standard_tags_and_results() {
    let dir = scratch("pgn");
    let pgn = dir.join("games.pgn");
    let run = run_match(&["--a", "Skill=1", "--b", "Skill=2", "--games", "4", "--pgn", pgn.to_str().unwrap()]);
    let s = summary(&run);
    let text = std::fs::read_to_string(&pgn).unwrap();
    let tags =
        ["Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "SetUp", "PlyCount", "Termination"];
    for tag in tags {
        let prefix = format!("[{tag} \"");
        assert_eq!(text.lines().filter(|l| l.starts_with(&prefix)).count(), 4, "{tag}");
    }
    assert!(text.contains("[White \"c64chess Skill=1\"]\n[Black \"c64chess Skill=2\"]"));
    assert!(text.contains("[Round \"2\"]\n[White \"c64chess Skill=2\"]\n[Black \"c64chess Skill=1\"]"));
    // Every game's result tag matches the end of its movetext.
    let results: Vec<&str> =
        text.lines().filter_map(|l| l.strip_prefix("[Result \"")).map(|l| l.trim_end_matches("\"]")).collect();
    for (game, result) in movetexts(&text).iter().zip(&results) {
        assert!(game.ends_with(&format!("}} {result}")), "{game}");
    }
    // And A's points in the PGN are the report's: A is White in games 1 and 3.
    let a_half_points: u32 = results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let white = match *r {
                "1-0" => 2,
                "0-1" => 0,
                _ => 1,
            };
            if i % 2 == 0 {
                white
            } else {
                2 - white
            }
        })
        .sum();
    assert_eq!(a_half_points, 2 * s.wins + s.draws);
}

/// With standard error a pipe, progress comes as whole lines, no carriage
/// returns or escape codes, and ends with the last game.
#[test]
fn progress_on_a_pipe_is_plain_lines() {
    let run = run_match(&["--a", "Skill=1", "--b", "Skill=1", "--games", "40", "--jobs", "2"]);
    summary(&run);
    assert!(!run.stderr.contains('\r') && !run.stderr.contains('\x1b'), "{:?}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!((2..=21).contains(&lines.len()), "{lines:?}");
    assert!(lines.last().unwrap().starts_with("games 40/40  W "), "{lines:?}");
}

#[test]
fn bad_arguments_exit_with_status_2() {
    let dir = scratch("bad-args");
    let bad_epd = dir.join("bad.epd");
    std::fs::write(&bad_epd, "4k3/8/8/8/8/8/8/4K3 w - -\n4k3/8/8/8/8/8/8/4K3 x - -\n").unwrap();
    let cases: [(&[&str], &str); 9] = [
        (&["--games", "7"], "even"),
        (&["--games", "0"], "even"),
        (&["--games", "2000"], "needs 1000 openings"),
        (&["--a", "Skill=9"], "--a: option Skill"),
        (&["--b", "Bogus=1"], "unknown option"),
        (&["--tc", "fast"], "--tc expects"),
        (&["--openings", "/nonexistent/file.epd"], "cannot read"),
        (&["--openings", bad_epd.to_str().unwrap()], "line 2: bad FEN side to move"),
        (&["--b-cmd", "/usr/games/stockfish"], "needs a limit"),
    ];
    for (args, message) in cases {
        let run = run_match(args);
        assert_eq!(run.status, Some(2), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}");
    }
    // Flags clap rejects exit with 2 as well.
    for args in [&["--jobs", "0"][..], &["--a", "Skill=1", "--a-cmd", "x"], &["--a-nodes", "5"]] {
        assert_eq!(run_match(args).status, Some(2), "{args:?}");
    }
}
