//! The shipped opening set (tools/openings/openings.epd, made by
//! tools/openings/generate.py; see docs/openings.md): big enough, every line
//! a valid position with a legal move and the side to move not in check, no
//! duplicates, and Stockfish's recorded evaluation within the +-60 cp window.

use std::collections::HashSet;

use engine_core::{Move, Position, MAX_MOVES};

const OPENINGS: &str = include_str!("../../tools/openings/openings.epd");

#[test]
fn shipped_openings_are_valid_balanced_and_distinct() {
    let mut seen = HashSet::new();
    for (i, line) in OPENINGS.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let epd = fields[..4].join(" ");
        let mut pos = Position::from_fen(&epd).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let mut moves = [Move::NONE; MAX_MOVES];
        assert!(pos.legal_moves(&mut moves) > 0, "line {}", i + 1);
        assert!(!pos.in_check(), "line {}", i + 1);
        assert!(seen.insert(epd), "line {} repeats a position", i + 1);
        assert_eq!(fields[4], "ce", "line {}", i + 1);
        let ce: i32 = fields[5].trim_end_matches(';').parse().unwrap();
        assert!(ce.abs() <= 60, "line {}: ce {ce}", i + 1);
        assert_eq!(&fields[6..], ["acd", "12;"], "line {}", i + 1);
    }
    assert!(seen.len() >= 300, "only {} openings", seen.len());
}

#[test]
fn the_default_set_is_the_shipped_file() {
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_c64chess"))
        .args(["match", "--a", "Skill=1", "--b", "Skill=1", "--games", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(run.stdout).unwrap();
    let count = OPENINGS.lines().count();
    assert!(stdout.contains(&format!("Openings: 1 of {count} from tools/openings/openings.epd")), "{stdout}");
}
