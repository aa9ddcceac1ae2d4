//! Running `c64chess match` and reading its report, for the match tests.

#![allow(dead_code)] // each test file uses its own part of this

use std::path::PathBuf;
use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_c64chess");

/// What a match printed and how it exited.
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Run `c64chess match ARGS` to the end.
pub fn run_match(args: &[&str]) -> Run {
    let Output { status, stdout, stderr } =
        Command::new(BIN).arg("match").args(args).output().expect("the binary runs");
    Run {
        status: status.code(),
        stdout: String::from_utf8(stdout).expect("UTF-8 report"),
        stderr: String::from_utf8(stderr).expect("UTF-8 progress"),
    }
}

/// The numbers of a report.
#[derive(Debug, PartialEq, Eq)]
pub struct Summary {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub games: u32,
    /// Pairs by A's points 0, 1/2, 1, 3/2, 2.
    pub pairs: [u32; 5],
    /// Illegal move, crash, time: A's and B's.
    pub forfeits: [[u32; 3]; 2],
    /// The Elo and interval text of the result line.
    pub elo: String,
}

/// The numbers that follow `label` on the line starting with `prefix`.
fn numbers(stdout: &str, prefix: &str) -> Vec<u32> {
    let line = stdout.lines().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("no '{prefix}' in {stdout}"));
    line[prefix.len()..]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

/// Read the report of a successful run, checking its shape.
pub fn summary(run: &Run) -> Summary {
    assert_eq!(run.status, Some(0), "stdout {}\nstderr {}", run.stdout, run.stderr);
    let last = run.stdout.lines().last().expect("a report");
    assert!(last.starts_with("Result: A W "), "{last}");
    let r = numbers(&run.stdout, "Result: A ");
    let p = numbers(&run.stdout, "Pairs by A's points (0, 1/2, 1, 3/2, 2): ");
    let fa = numbers(&run.stdout, "Forfeits by A: ");
    let fb = numbers(&run.stdout, "Forfeits by B: ");
    Summary {
        wins: r[0],
        draws: r[1],
        losses: r[2],
        games: r[3],
        pairs: [p[0], p[1], p[2], p[3], p[4]],
        forfeits: [[fa[0], fa[1], fa[2]], [fb[0], fb[1], fb[2]]],
        elo: last[last.find("Elo ").expect("an Elo")..].to_string(),
    }
}

/// A fresh scratch directory for one test.
pub fn scratch(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("match-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The movetext of every game of a PGN file, in order, on one line each.
pub fn movetexts(pgn: &str) -> Vec<String> {
    pgn.split("\n\n")
        .filter(|block| !block.trim().is_empty() && !block.starts_with('['))
        .map(|block| block.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}
