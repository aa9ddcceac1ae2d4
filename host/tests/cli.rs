//! The command line itself: `--version`, an example in every `--help`, and
//! `bench --level`.

use std::process::Command;

fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_c64chess")).args(args).output().expect("run c64chess");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn version_names_the_program_and_its_version() {
    for flag in ["--version", "-V"] {
        let (ok, text) = run(&[flag]);
        assert!(ok);
        assert_eq!(text.trim(), format!("c64chess {}", env!("CARGO_PKG_VERSION")));
    }
}

/// Each subcommand's help ends with at least one example of its use, and
/// each example runs that subcommand.
#[test]
fn every_help_shows_an_example() {
    for sub in ["", "perft", "divide", "bench", "drive", "play", "uci", "match", "picture"] {
        let args: Vec<&str> = [sub, "--help"].into_iter().filter(|a| !a.is_empty()).collect();
        let (ok, text) = run(&args);
        assert!(ok, "{sub}");
        let examples = text.split_once("Example").map(|(_, rest)| rest).unwrap_or_else(|| panic!("{sub}: {text}"));
        let uses: Vec<&str> = examples.lines().skip(1).map(str::trim).filter(|l| !l.is_empty()).collect();
        assert!(!uses.is_empty(), "{sub}: {text}");
        for line in uses.iter().filter(|l| !l.starts_with('-')) {
            assert!(line.contains(&format!("c64chess {sub}").trim_end().to_string()), "{sub}: {line}");
        }
    }
}

/// `bench --level N` searches all 600 balanced openings at level N: every
/// search within the level's budget, so the mean is too; levels outside
/// 1-4 are refused, not clamped.
#[test]
fn bench_at_a_level_reports_the_mean_search() {
    let (ok, text) = run(&["bench", "--level", "1"]);
    assert!(ok, "{text}");
    let rest = text.strip_prefix("level 1: 600 openings, ").unwrap_or_else(|| panic!("{text}"));
    let mean: f64 = rest.split_whitespace().next().unwrap().parse().unwrap();
    assert!(mean > 0.0 && mean <= 400.0, "{text}");
    for bad in ["0", "5", "two"] {
        let (ok, _) = run(&["bench", "--level", bad]);
        assert!(!ok, "--level {bad} was accepted");
    }
}
