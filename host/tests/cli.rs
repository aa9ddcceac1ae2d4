//! The command line itself: `--version`, an example in every `--help`, and
//! `bench --level`.

use std::process::{Child, Command, Output, Stdio};
use std::sync::Mutex;

/// Held while a child is started. A spawn forks this whole test process,
/// and until the fork has exec'd it holds a copy of every descriptor open
/// here, the read end of a closed-pipe test's pipe among them.
/// [`Command::spawn`] returns only once the child has exec'd.
static SPAWNING: Mutex<()> = Mutex::new(());

/// Start c64chess with `args` and `stdout`, its standard error piped.
fn spawn(args: &[&str], stdout: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_c64chess"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run c64chess")
}

/// Run `args` to its end, its output captured.
fn output(args: &[&str]) -> Output {
    let child = {
        let _held = SPAWNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        spawn(args, Stdio::piped())
    };
    child.wait_with_output().expect("run c64chess")
}

fn run(args: &[&str]) -> (bool, String) {
    let out = output(args);
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Run `args` with standard output a pipe whose read end is closed before
/// the child starts, so its first write already fails. (Closing it after
/// the spawn let a child on a busy single core write everything into the
/// pipe's buffer first: CI once saw `emulate` end with status 1.) The lock
/// keeps any other test's fork from holding a copy of the read end.
fn run_into_closed_pipe(args: &[&str]) -> Output {
    let child = {
        let _held = SPAWNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        spawn(args, writer.into())
    };
    child.wait_with_output().unwrap()
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

/// Output into a pipe nobody reads (`c64chess bench -v | head -1` once
/// `head` has gone) ends the command quietly, as a Unix tool ends: status
/// 141 (a shell's code for SIGPIPE), nothing on standard error, no panic.
#[test]
fn a_closed_output_ends_each_command_quietly() {
    for args in [&["bench", "-v"][..], &["drive", "-v"], &["perft", "4"], &["divide", "4"], &["bench", "--level", "1"]]
    {
        let out = run_into_closed_pipe(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {:?}\n{stderr}", out.status);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

/// `emulate` too: a PRG that loops until the cycle limit, its report
/// written into a closed pipe.
#[test]
fn a_closed_output_ends_emulate_quietly() {
    let prg = std::env::temp_dir().join(format!("c64chess-closed-{}.prg", std::process::id()));
    // 10 SYS2061, then `jmp $080D` for ever.
    std::fs::write(&prg, [0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0, 0x4C, 0x0D, 0x08])
        .unwrap();
    let out = run_into_closed_pipe(&["emulate", "--max-cycles", "1e5", prg.to_str().unwrap()]);
    std::fs::remove_file(&prg).ok();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(141), "{:?}\n{stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}

/// A perft or divide deep enough to run for hours is refused, with the way
/// to force it; a depth that finishes runs as before.
#[test]
fn perft_refuses_a_depth_that_would_not_finish() {
    for sub in ["perft", "divide"] {
        let out = output(&[sub, "99"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{sub}: {stderr}");
        assert!(stderr.contains(&format!("{sub} 99 would not finish")) && stderr.contains("--force"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
    let (ok, text) = run(&["perft", "3"]);
    assert!(ok && text.starts_with("nodes 8902"), "{text}");
}

/// `--help`'s summary names every subcommand, and no option's help says
/// its default twice (`tune --help`'s `--lambda` did).
#[test]
fn helps_are_whole_and_say_each_default_once() {
    let (ok, text) = run(&["--help"]);
    assert!(ok);
    let summary = text.lines().next().unwrap();
    for sub in ["perft", "divide", "bench", "drive", "uci", "play", "match", "picture", "tune"] {
        assert!(summary.contains(sub), "{sub} missing from the summary: {summary}");
    }
    for sub in ["perft", "divide", "bench", "drive", "play", "match", "picture", "tune"] {
        let (ok, text) = run(&[sub, "--help"]);
        assert!(ok, "{sub}");
        for line in text.lines() {
            assert!(line.matches("[default").count() <= 1, "{sub}: {line}");
        }
    }
}
