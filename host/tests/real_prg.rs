//! The real C64 programs, as the 6502 compiler builds them, run on the
//! emulated C64 (`c64chess emulate`): the drive harness to its end, held
//! to the host's search digest, and a game driven by keys, its screen read
//! at every step.
//!
//! They need the PRG files `tools/c64-build` makes (the real 6502 build),
//! so a plain `cargo test` skips them; with the files in place:
//!
//! ```text
//! tools/c64-build && tools/c64-build --drive
//! cargo test --release -p c64chess --test real_prg -- --ignored
//! ```
//!
//! With `UPDATE_SNAPSHOTS` set, the game session's pictures are written to
//! `docs/pictures/real/`: the real program's screens, which README and
//! docs/ui.md show (review them by eye before keeping them).
//!
//! The files are read from `target/c64/` (`c64chess.prg`,
//! `c64chess-drive.prg`, and the drive's ELF, `c64chess-drive.elf`, for
//! the profile), or from the directory `C64_PRG_DIR` names. A missing file
//! fails the test: asked to run, it does not pass by skipping.

mod real_support;

use std::path::Path;

use real_support::{emulate, prg};

/// The words after `label` on the line that starts with `prefix`.
fn figures<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    let line = text.lines().find(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("no {prefix:?} line in:\n{text}"));
    line[prefix.len()..].split_whitespace().collect()
}

/// The drive harness to its end: its screen's searches, nodes and digest
/// are the host's (`c64chess drive`, and `c64::drive`'s expected digest),
/// its status 0, and the cycle count it shows from CIA 2's timers is the
/// emulator's own over the same interval.
#[test]
#[ignore = "needs target/c64/*.prg from tools/c64-build"]
fn the_drive_harness_shows_the_hosts_digest() {
    let (output, text) = emulate(&["--drive"], &prg("c64chess-drive.prg"));
    assert!(output.status.success(), "{text}");
    let c64 = figures(&text, "drive on the C64:");
    let host = figures(&text, "drive on the host:");
    assert_eq!(c64, host, "{text}");
    assert_eq!(host[5], format!("{:08x}", c64::drive::EXPECTED_DRIVE_DIGEST), "{text}");
    assert!(text.contains("exit status 0"), "{text}");
    let shown = figures(&text, "cycles");
    let difference: i64 = text
        .lines()
        .find_map(|l| l.split("(difference ").nth(1))
        .and_then(|rest| rest.trim_end_matches(')').parse().ok())
        .unwrap_or_else(|| panic!("no CIA count in:\n{text}"));
    assert!(difference.abs() <= 4, "the C64's CIA count and the emulator's differ by {difference}: {shown:?}");
}

/// The rows of the profile's table whose header line holds `header` (the
/// rows start after the columns' line, and end at the first line that is
/// not a row): each row's words after `profile:`, the first its cycles.
fn profile_rows<'a>(text: &'a str, header: &str) -> Vec<Vec<&'a str>> {
    let rows = text.lines().skip_while(|l| !l.contains(header)).skip(2);
    rows.map(|l| l.strip_prefix("profile:").unwrap_or("").split_whitespace().collect::<Vec<_>>())
        .take_while(|words| words.first().is_some_and(|w| w.parse::<u64>().is_ok()))
        .collect()
}

/// The drive profiled (`--profile` with the drive's ELF, which
/// tools/c64-build writes with a line table): the function table and the
/// by-line table each account for every cycle, their rows and the "(N
/// more)" remainder adding up to the total printed, and the hottest lines
/// include the engine's own (`engine-core/src/*.rs:N`, N > 0).
#[test]
#[ignore = "needs target/c64/*.prg from tools/c64-build"]
fn the_drive_profile_counts_every_cycle_by_function_and_by_line() {
    let elf = prg("c64chess-drive.elf");
    let (output, text) = emulate(&["--drive", "--profile", elf.to_str().unwrap()], &prg("c64chess-drive.prg"));
    assert!(output.status.success(), "{text}");
    assert!(!text.contains("no line table"), "the ELF has no line table:\n{text}");
    let total: u64 = figures(&text, "profile: ")[0].parse().unwrap_or_else(|_| panic!("no total in:\n{text}"));
    for header in ["every one the PC's function's", "profile: by source line"] {
        let rows = profile_rows(&text, header);
        assert!(rows.len() > 2 && rows.last().unwrap().last().unwrap().ends_with("more)"), "{header}:\n{text}");
        let sum: u64 = rows.iter().map(|words| words[0].parse::<u64>().unwrap()).sum();
        assert_eq!(sum, total, "{header}: the rows and the rest add up to {sum}, not the total:\n{text}");
    }
    let lines = profile_rows(&text, "profile: by source line");
    let engine = lines.iter().filter(|words| {
        let (file, line) = words[2].rsplit_once(':').unwrap_or_default();
        file.starts_with("engine-core/src/") && file.ends_with(".rs") && line.parse::<u32>().is_ok_and(|n| n > 0)
    });
    assert!(engine.count() >= 5, "fewer than 5 lines of engine-core/src among the hottest:\n{text}");
    let from = text.find("profile: by source line").unwrap();
    println!("{}", text[from..].lines().take(18).collect::<Vec<_>>().join("\n"));
}

/// A game session: what each line of it must find on the screen.
const SESSION: &str = r#"
# The start: the board, the players, White (the human) to move.
until-text "M=menu U=undo" 20s
wait 0.5s
expect-text ">White Human"
expect-text "Black CPU L1"
expect-text "White to move"
expect-text "8 r  n  b  q  k  b  n  r"
expect-text "1 R  N  B  Q  K  B  N  R"
picture start
# A typed move, then the computer's answer at level 1.
type e2e4
until-text "Move e2e4" 2s
key RETURN
until-text "1. e2-e4" 5s
until-text "1..." 60s
until-text "White to move" 60s
expect-text "4             P"
expect-no-text "2 P  P  P  P  P  P  P  P"
picture reply
# The menu, and back.
key M
until-text ">Resume" 5s
expect-text "New game"
expect-text "Level  L1 4s"
expect-text "Board setup"
expect-text "Quit"
expect-text "Return=change"
picture menu
key STOP
until-text "M=menu U=undo" 5s
expect-no-text "Resume"
# Undo takes back both moves; redo plays them again.
key U
until-no-text "1. e2-e4" 5s
expect-text "2 P  P  P  P  P  P  P  P"
key R
until-text "1. e2-e4" 5s
expect-text "1..."
expect-text "4             P"
# A hint: the engine searches White's move and shows it, without playing it.
key H
until-text "Thinking..." 5s
until-no-text "Thinking..." 60s
expect-text "Best "
expect-text "Depth  "
expect-text "White to move"
picture hint
# The set-up editor: its panel, the side to move switched, left unchanged.
key M
until-text ">Resume" 5s
key DOWN x8
expect-text ">Board setup"
key RETURN
until-text "SET UP" 5s
expect-text "S=side White"
expect-text "1234=KQkq"
expect-text "G=go STOP=back"
key S
until-text "S=side Black" 5s
picture setup
key STOP
until-text "M=menu U=undo" 5s
expect-text "1. e2-e4"
expect-text "White to move"
# A timed level, 5 s a move: the clocks appear, and Black's counts while it thinks.
key M
until-text ">Resume" 5s
key DOWN x4
expect-text ">Level  L1"
key RETURN x4
until-text ">Level  5s" 5s
expect-text "Black CPU 5s"
expect-text "W 0:0"
key STOP
until-text "M=menu U=undo" 5s
type h2h3
key RETURN
until-text "2. h2-h3" 5s
until-text "Thinking..." 10s
until-text "White to move" 30s
expect-no-text "B 0:00"
picture timed
# Level 4, the deepest search the game makes (65,000 nodes): the engine's
# answer, with the emulator watching both stacks (it stops the run if the
# soft stack passes its floor; the stacks' deepest points are printed).
key M
until-text ">Resume" 5s
key DOWN x4
expect-text ">Level  5s"
key RETURN x9
until-text ">Level  L4" 5s
expect-text "Black CPU L4"
key STOP
until-text "M=menu U=undo" 5s
type a2a3
key RETURN
until-text "3. a2-a3" 5s
until-text "Thinking..." 10s
until-text "White to move" 1200s
picture level4
# Quit, the menu's last item: the program resets the machine.
key M
until-text ">Resume" 5s
key UP
expect-text ">Quit"
key RETURN
until-reset 5s
"#;

/// A PNG's pixels as RGB.
fn decode(path: &Path) -> Vec<u8> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    buffer.truncate(info.buffer_size());
    buffer
}

/// The game driven by keys through a session, every step's screen text
/// checked by the script; then the first picture, taken from the
/// emulated VIC-II's view of memory, is pixel for pixel the one
/// `c64chess picture start` draws from the UI's model (docs/pictures).
#[test]
#[ignore = "needs target/c64/*.prg from tools/c64-build"]
fn a_game_session_on_the_real_program() {
    let dir = std::env::temp_dir().join(format!("c64chess-real-prg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("session.keys");
    std::fs::write(&script, SESSION).unwrap();
    let dir_arg = dir.to_str().unwrap();
    let (output, text) = emulate(&["--keys", script.to_str().unwrap(), "--pictures", dir_arg], &prg("c64chess.prg"));
    assert!(output.status.success(), "{text}");
    assert!(text.contains("reset (Quit)"), "{text}");
    for name in ["start", "reply", "menu", "hint", "setup", "timed", "level4"] {
        assert!(dir.join(format!("{name}.png")).is_file(), "{name}.png not written:\n{text}");
    }
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/pictures");
    assert!(
        decode(&dir.join("start.png")) == decode(&docs.join("start.png")),
        "the start differs from docs/pictures/start.png"
    );
    assert!(text.contains("soft stack") && text.contains("6502 stack"), "no stack figures:\n{text}");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(docs.join("real")).unwrap();
        for name in ["start", "reply", "menu", "hint", "setup", "timed", "level4"] {
            std::fs::copy(dir.join(format!("{name}.png")), docs.join(format!("real/{name}.png"))).unwrap();
        }
    }
    println!(
        "{}",
        text.lines()
            .filter(|l| l.contains("stack") || l.contains("level4") || l.contains("White to move"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Bad input: a missing file, a file that is no PRG, a bad script line:
/// a message and status 2, never a panic.
#[test]
fn bad_input_is_refused() {
    let dir = std::env::temp_dir().join(format!("c64chess-bad-prg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (output, text) = emulate(&[], &dir.join("none.prg"));
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("cannot read"), "{text}");
    let truncated = dir.join("truncated.prg");
    std::fs::write(&truncated, [0x01, 0x08, 0x0B, 0x08]).unwrap();
    let (output, text) = emulate(&[], &truncated);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("no BASIC line with SYS"), "{text}");
    // A program that loops forever stops at the cycle limit; one that
    // runs into the KERNAL stops with where.
    let looping = dir.join("loop.prg");
    let mut bytes = vec![0x01, 0x08, 0x0B, 0x08, 0x0A, 0x00, 0x9E, b'2', b'0', b'6', b'1', 0, 0, 0];
    bytes.extend_from_slice(&[0x4C, 0x0D, 0x08]);
    std::fs::write(&looping, &bytes).unwrap();
    let (output, text) = emulate(&["--max-cycles", "1e6"], &looping);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("cycle limit"), "{text}");
    let keys = dir.join("bad.keys");
    std::fs::write(&keys, "wait 1s\nkey NOSUCHKEY\n").unwrap();
    let (output, text) = emulate(&["--keys", keys.to_str().unwrap()], &looping);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("line 2: no key \"NOSUCHKEY\""), "{text}");
    let kernal = dir.join("kernal.prg");
    bytes.truncate(14);
    bytes.extend_from_slice(&[0x20, 0xD2, 0xFF]); // jsr CHROUT
    std::fs::write(&kernal, &bytes).unwrap();
    let (output, text) = emulate(&[], &kernal);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("PC $FFD2: the program counter ran into the KERNAL ROM"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
