//! `c64chess play` on a terminal: the binary runs in a pseudo-terminal
//! (80 × 25 unless a test says otherwise), keys go in as a person types
//! them, and a terminal emulator (`vt100`, the window's size) reads the
//! screen back.

use std::cell::Cell;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rustix::fs::OFlags;
use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
use rustix::termios::{tcgetattr, tcsetwinsize, LocalModes, Winsize};

const UP: &str = "\x1b[A";
const DOWN: &str = "\x1b[B";
const LEFT: &str = "\x1b[D";
const ENTER: &str = "\r";
const TIMEOUT: Duration = Duration::from_secs(20);

/// `c64chess play` running in a pseudo-terminal.
struct Session {
    master: File,
    /// Kept open to read the terminal's modes after the program exits.
    slave: File,
    child: Child,
    output: Arc<Mutex<Vec<u8>>>,
    /// The window's rows and columns.
    size: Cell<(u16, u16)>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::start_with(args, &[])
    }

    fn start_with(args: &[&str], env: &[(&str, &str)]) -> Session {
        Session::start_sized(args, env, 25, 80)
    }

    /// Start in a terminal of `rows` × `cols`.
    fn start_sized(args: &[&str], env: &[(&str, &str)], rows: u16, cols: u16) -> Session {
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("openpt");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let name = ptsname(&master, Vec::new()).expect("ptsname");
        let slave = OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(OFlags::NOCTTY.bits() as i32)
            .open(name.to_str().unwrap())
            .expect("open the pty's slave side");
        tcsetwinsize(&slave, Winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 }).unwrap();
        let bin = env!("CARGO_BIN_EXE_c64chess");
        // In a session of its own the pty is the program's controlling
        // terminal, so it measures the pty rather than whatever terminal
        // the tests were started from.
        let mut command = if Path::new("/usr/bin/setsid").exists() {
            let mut c = Command::new("/usr/bin/setsid");
            c.args(["-c", bin]);
            c
        } else {
            Command::new(bin)
        };
        let child = command
            .arg("play")
            .args(args)
            .env("TERM", "xterm-256color")
            .env_remove("COLORTERM")
            .env_remove("NO_COLOR")
            .envs(env.iter().copied())
            .stdin(slave.try_clone().unwrap())
            .stdout(slave.try_clone().unwrap())
            .stderr(slave.try_clone().unwrap())
            .spawn()
            .expect("run c64chess");
        let master = File::from(master);
        let mut reader = master.try_clone().unwrap();
        let output = Arc::new(Mutex::new(Vec::new()));
        let sink = output.clone();
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Session { master, slave, child, output, size: Cell::new((rows, cols)) }
    }

    /// The screen as the terminal shows it now.
    fn screen(&self) -> String {
        self.parsed().screen().contents()
    }

    /// The terminal emulator, the window's size, after everything written.
    fn parsed(&self) -> vt100::Parser {
        let (rows, cols) = self.size.get();
        let mut parser = vt100::Parser::new(NonZeroU16::new(rows).unwrap(), NonZeroU16::new(cols).unwrap(), 0);
        parser.process(&self.output.lock().unwrap());
        parser
    }

    /// The screen's rows, trailing blanks cut.
    fn rows(&self) -> Vec<String> {
        self.screen().lines().map(|l| l.trim_end().to_owned()).collect()
    }

    /// Wait until the screen shows `text`; the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(start.elapsed() < TIMEOUT, "waited for {text:?}; the screen:\n{screen}");
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn send(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
        self.master.flush().unwrap();
        // Let one key's effect land before the next: like a person typing.
        thread::sleep(Duration::from_millis(30));
    }

    /// Resize the terminal (the program gets SIGWINCH).
    fn resize(&self, rows: u16, cols: u16) {
        tcsetwinsize(&self.slave, Winsize { ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0 }).unwrap();
        self.size.set((rows, cols));
    }

    /// Everything the program wrote, as text.
    fn raw(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// Type a move and wait for it in the log.
    fn type_move(&mut self, text: &str, logged: &str) -> String {
        self.send(text);
        self.send(ENTER);
        self.wait_for(logged)
    }

    /// Wait for the program to exit; its status.
    fn exit_status(&mut self) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if start.elapsed() > TIMEOUT {
                self.child.kill().unwrap();
                panic!("play did not exit; the screen:\n{}", self.screen());
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// The terminal is as it was: line editing and echo back on, the
    /// alternate screen left after it was entered, the cursor shown.
    fn assert_restored(&self) {
        let modes = tcgetattr(&self.slave).unwrap().local_modes;
        assert!(modes.contains(LocalModes::ICANON | LocalModes::ECHO), "raw mode left on: {modes:?}");
        // Give the reader thread a moment to collect the last bytes.
        thread::sleep(Duration::from_millis(100));
        let out = self.output.lock().unwrap();
        let find = |pat: &[u8]| out.windows(pat.len()).rposition(|w| w == pat);
        let entered = find(b"\x1b[?1049h").expect("the alternate screen was used");
        let left = find(b"\x1b[?1049l").expect("the alternate screen was left");
        assert!(left > entered);
        let shown = find(b"\x1b[?25h").expect("the cursor was shown again");
        assert!(shown > find(b"\x1b[?25l").unwrap());
    }
}

#[test]
fn two_humans_play_fools_mate_by_typing() {
    let mut s = Session::start(&["--white", "human", "--black", "human", "--seed", "0"]);
    let screen = s.wait_for("White to move");
    // 80 columns: board columns doubled, the key summary on the right.
    assert!(screen.contains("Keys"), "{screen}");
    assert!(screen.contains("a     b     c     d     e     f     g     h"), "{screen}");
    s.type_move("f2f3", "1. f2-f3");
    s.type_move("e7e5", "1...e7-e5");
    s.type_move("g2g4", "2. g2-g4");
    let screen = s.type_move("d8h4", "2...Qd8-h4#");
    for text in ["GAME OVER", "Checkmate", "Black wins"] {
        assert!(screen.contains(text), "{text}:\n{screen}");
    }
    // An illegal move now: a message, nothing else.
    s.send("e1e2");
    s.send(ENTER);
    s.wait_for("Game over");
    // The game is not saved: q asks first, y leaves.
    s.send("q");
    s.wait_for("Unsaved moves!");
    s.send("y");
    assert!(s.exit_status().success());
    s.assert_restored();
}

#[test]
fn the_human_mates_the_computer_with_the_cursor_keys() {
    let mut s = Session::start(&["--fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "--level", "1", "--seed", "0"]);
    s.wait_for("White to move");
    // The cursor starts on e2: down to e1, left to d1, select the rook,
    // up seven squares to d8, and move.
    s.send(DOWN);
    s.send(LEFT);
    s.send(ENTER);
    for _ in 0..7 {
        s.send(UP);
    }
    s.send(ENTER);
    let screen = s.wait_for("White wins");
    assert!(screen.contains("1. Rd1-d8#") && screen.contains("Checkmate"), "{screen}");
    // Ctrl-C leaves cleanly.
    s.send("\x03");
    assert!(s.exit_status().success());
    s.assert_restored();
}

#[test]
fn the_computer_replies_and_undo_takes_both_moves_back() {
    let mut s = Session::start(&["--seed", "0"]);
    s.wait_for("CPU L1");
    let screen = s.type_move("e2e4", "1...e7-e5");
    assert!(screen.contains("White to move"), "{screen}");
    s.send("u");
    let start = Instant::now();
    while s.screen().contains("e2-e4") {
        assert!(start.elapsed() < TIMEOUT, "undo did not take the moves back:\n{}", s.screen());
        thread::sleep(Duration::from_millis(20));
    }
    // The menu, then quit from it (its last entry, one up from Resume):
    // the moves taken back are still the game's, not saved, so it asks.
    s.send("m");
    s.wait_for("Flip board");
    s.send(UP);
    s.send(ENTER);
    s.wait_for("y=quit s=save");
    s.send("Y");
    assert!(s.exit_status().success());
    s.assert_restored();
}

#[test]
fn ctrl_d_ends_the_game_too() {
    let mut s = Session::start(&["--ascii"]);
    let screen = s.wait_for("White to move");
    assert!(screen.contains("R     N     B     Q     K     B     N     R"), "--ascii letters:\n{screen}");
    s.send("\x04");
    assert!(s.exit_status().success());
    s.assert_restored();
}

#[test]
fn a_panic_still_gives_the_terminal_back() {
    let mut s = Session::start_with(&[], &[("C64CHESS_PLAY_PANIC", "1")]);
    s.wait_for("White to move");
    s.send("x");
    assert!(!s.exit_status().success(), "the test hook panicked");
    s.assert_restored();
    let out = String::from_utf8_lossy(&s.output.lock().unwrap()).into_owned();
    assert!(out.contains("C64CHESS_PLAY_PANIC is set"), "the panic message is printed");
}

/// A terminal smaller than 40 x 24 (rows as well as columns) shows a
/// message instead of a cut-off board, until it is made large enough.
#[test]
fn a_small_terminal_asks_for_a_larger_window() {
    let mut s = Session::start_sized(&["--seed", "0"], &[], 20, 60);
    let screen = s.wait_for("Make the window at least 40 x 24");
    assert!(screen.contains("(it is 60 x 20)") && !screen.contains("White to move"), "{screen}");
    s.resize(25, 80);
    s.wait_for("White to move");
    s.resize(25, 39);
    s.wait_for("39 x 25). q quits.");
    s.send("q");
    assert!(s.exit_status().success());
    s.assert_restored();
}

/// The board's last cell row, the file letters in it or not.
fn last_board_row(s: &Session, row: usize) -> String {
    s.rows().get(row).cloned().unwrap_or_default()
}

/// 80 x 24 (a new xterm, the Linux console, tmux) and 40 x 24 show the
/// whole screen folded: the file letters in the board's last row, the key
/// reminder in the panel's spare row; 40 x 25 shows it as the C64 does.
#[test]
fn a_24_row_window_shows_the_whole_screen() {
    let mut s = Session::start_sized(&["--black", "human", "--seed", "0"], &[], 24, 80);
    let screen = s.wait_for("White to move");
    assert!(!screen.contains("Make the window"), "{screen}");
    assert!(screen.contains("Keys") && screen.contains("m=menu u=undo"), "{screen}");
    let rows = s.rows();
    assert_eq!(rows.len(), 24);
    assert!(rows[22].starts_with("1 "), "rank 1 on the row before the last:\n{screen}");
    assert!(last_board_row(&s, 23).contains("a     b     c     d     e     f     g     h"), "{screen}");
    s.type_move("e2e4", "1. e2-e4");
    // Undoubled, 40 x 24.
    s.resize(24, 40);
    s.wait_for("  a  b  c  d  e  f  g  h");
    let screen = s.screen();
    assert!(screen.contains("m=menu u=undo") && screen.contains("Black to move"), "{screen}");
    assert!(last_board_row(&s, 23).contains("a  b  c  d  e  f  g  h"), "{screen}");
    // 40 x 25: the letters have a row of their own, below the board.
    s.resize(25, 40);
    let start = Instant::now();
    while !last_board_row(&s, 24).contains("a  b  c  d  e  f  g  h") {
        assert!(start.elapsed() < TIMEOUT, "no letters on row 24:\n{}", s.screen());
        thread::sleep(Duration::from_millis(20));
    }
    assert!(!last_board_row(&s, 23).contains('a'), "{}", s.screen());
    assert!(last_board_row(&s, 24).contains("m=menu u=undo"), "{}", s.screen());
    s.send("\x03");
    assert!(s.exit_status().success());
    s.assert_restored();
}

/// Below 40 x 24 the message is wrapped to the window, between words, and
/// read whole at 30 x 15 and at 10 x 3.
#[test]
fn a_window_too_small_says_so_in_lines_that_fit() {
    let mut s = Session::start_sized(&["--seed", "0"], &[], 15, 30);
    s.wait_for("q quits.");
    assert_eq!(s.rows()[..2], ["Make the window at least 40 x", "24 (it is 30 x 15). q quits."]);
    s.resize(3, 10);
    let start = Instant::now();
    while s.rows() != ["Need 40 x", "24. q", "quits."] {
        assert!(start.elapsed() < TIMEOUT, "at 10 x 3: {:?}", s.rows());
        thread::sleep(Duration::from_millis(20));
    }
    s.resize(24, 80);
    s.wait_for("White to move");
    s.send("q");
    assert!(s.exit_status().success());
    s.assert_restored();
}

/// Without 24-bit colour the 256-colour palette is used; COLORTERM=truecolor
/// gives 24-bit; NO_COLOR gives no colour at all, and letters for the men.
#[test]
fn colours_follow_the_terminal_and_no_color_gives_letters() {
    for (env, want, not) in [
        (&[][..], "\x1b[38;5;", "\x1b[38;2;"),
        (&[("COLORTERM", "truecolor")][..], "\x1b[38;2;", "\x1b[38;5;"),
        (&[("TERM", "xterm")][..], "\x1b[97;", "\x1b[38;"),
    ] {
        let mut s = Session::start_with(&["--seed", "0"], env);
        s.wait_for("White to move");
        let raw = s.raw();
        assert!(raw.contains(want) && !raw.contains(not), "{env:?}: {raw:?}");
        s.send("q");
        assert!(s.exit_status().success());
    }
    let mut s = Session::start_with(&["--seed", "0"], &[("NO_COLOR", "1")]);
    let screen = s.wait_for("White to move");
    assert!(screen.contains("R     N     B     Q     K     B     N     R"), "{screen}");
    assert!(screen.contains("r     n     b     q     k     b     n     r"), "{screen}");
    assert!(!s.raw().contains("\x1b[38;") && !s.raw().contains("\x1b[97"), "no colour codes");
    s.send("q");
    assert!(s.exit_status().success());
    s.assert_restored();
}

/// The computer against itself waits between moves (a second by default)
/// so a person can follow; `--pause 0` does not wait.
#[test]
fn the_computer_against_itself_pauses_between_moves() {
    let args = ["--white", "computer", "--black", "computer", "--seed", "0"];
    let mut s = Session::start(&args);
    s.wait_for("1. ");
    thread::sleep(Duration::from_millis(1300));
    let screen = s.screen();
    assert!(!screen.contains("2. "), "no pause between moves:\n{screen}");
    s.send("q");
    s.wait_for("Unsaved moves!");
    s.send("y");
    assert!(s.exit_status().success());
    // Without pauses the whole game (over a hundred plies) ends well inside
    // the wait; with a second a move it could not.
    let mut s = Session::start(&[&args[..], &["--pause", "0"]].concat());
    s.wait_for("GAME OVER");
    s.send("q");
    s.wait_for("Unsaved moves!");
    s.send("y");
    assert!(s.exit_status().success());
    // The menu's Pause off does the same: M, down to Pause (the seventh
    // entry), RETURN, Esc.
    let mut s = Session::start(&args);
    s.wait_for("1. ");
    s.send("m");
    s.wait_for("Pause  on");
    s.send(&DOWN.repeat(6));
    s.send("\r");
    s.wait_for("Pause  off");
    s.send("\x1b");
    s.wait_for("GAME OVER");
    s.send("q");
    s.wait_for("Unsaved moves!");
    s.send("y");
    assert!(s.exit_status().success());
}

/// A save that fails says why in the PC's words, below the key summary:
/// the path and the system's reason; the next key clears it.
#[test]
fn a_failed_save_names_the_path_and_the_reason() {
    let mut s = Session::start(&["--seed", "0", "--save-file", "/nonexistent-c64chess/x.pgn"]);
    s.wait_for("White to move");
    s.send("s");
    let screen = s.wait_for("cannot write");
    assert!(screen.contains("No disk"), "the C64's words stay:\n{screen}");
    assert!(screen.contains("/nonexistent-c") && screen.contains("such file"), "{screen}");
    s.send(LEFT);
    let start = Instant::now();
    while s.screen().contains("cannot write") {
        assert!(start.elapsed() < TIMEOUT, "the note stayed:\n{}", s.screen());
        thread::sleep(Duration::from_millis(20));
    }
    s.send("\x03");
    assert!(s.exit_status().success());
}

/// Quitting or loading over moves not saved asks first: any other key goes
/// back to the game, `s` saves and leaves, `y` loads over it; a game saved
/// (or without moves) quits at once.
#[test]
fn quitting_or_loading_over_unsaved_moves_asks_first() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pty-unsaved");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let args = ["--black", "human", "--seed", "0", "--save-file", file.to_str().unwrap()];
    let mut s = Session::start(&args);
    s.wait_for("White to move");
    s.type_move("e2e4", "1. e2-e4");
    s.send("q");
    s.wait_for("Unsaved moves!");
    s.send(LEFT);
    let screen = s.wait_for("Black to move");
    assert!(!screen.contains("Unsaved moves!") && s.child.try_wait().unwrap().is_none(), "{screen}");
    s.send("q");
    s.wait_for("y=quit s=save");
    s.send("s");
    assert!(s.exit_status().success());
    assert!(std::fs::read_to_string(&file).unwrap().contains("1. e4 *"));
    // Saved, then more moves: a load asks; y loads over them.
    let mut s = Session::start(&args);
    s.wait_for("White to move");
    s.send("l");
    s.wait_for("Game loaded");
    s.type_move("e7e5", "1...e7-e5");
    s.send("l");
    s.wait_for("y=load anyway");
    s.send("y");
    let screen = s.wait_for("Game loaded");
    assert!(!screen.contains("e7-e5"), "{screen}");
    // As loaded: nothing to lose, q leaves at once.
    s.send("q");
    assert!(s.exit_status().success());
    s.assert_restored();
}

/// The terminal names the PC's keys in every mode (never the C64's Fire,
/// DEL, STOP, Return), and the key summary on the right says what each
/// key does in the mode at hand, `h` among them on the board.
#[test]
fn the_keys_shown_are_the_pcs_in_every_mode() {
    let c64_words = ["Fire=", "DEL=", "STOP", "Return", "M=menu", "G=go", "PNBRQK", "S=side"];
    let check = |screen: &str, wanted: &[&str]| {
        for word in wanted {
            assert!(screen.contains(word), "{word}:\n{screen}");
        }
        for word in c64_words {
            assert!(!screen.contains(word), "the C64's {word}:\n{screen}");
        }
    };
    let mut s = Session::start(&["--black", "human", "--seed", "0"]);
    let screen = s.wait_for("White to move");
    check(&screen, &["h      hint", "m=menu u=undo", "q      quit"]);
    s.send("e2");
    check(&s.wait_for("Typing a move"), &["Bksp   erase", "Enter  play it"]);
    s.send("\x1b");
    s.wait_for("h      hint");
    s.send("m");
    check(&s.wait_for("Menu keys"), &["Enter=change", "Esc m  close"]);
    // Board setup: two up from Resume, round past Quit.
    s.send(UP);
    s.send(UP);
    s.send(ENTER);
    let screen = s.wait_for("Set-up keys");
    check(&screen, &["Enter=next man", "pnbrqk=man,", "Bksp=empty", "x=empty all", "s=side", "g=go Esc=back"]);
    s.send("\x1b");
    s.wait_for("h      hint");
    s.send("\x03");
    assert!(s.exit_status().success());
}

/// How a square looks at 80 columns: a corner cell's, the cell left of the
/// man's and the man's cell's background and reverse video, with the first
/// two's text (a mark) if `marks`.
fn look(s: &Session, square: &str, marks: bool) -> String {
    let (file, rank) = (square.as_bytes()[0] - b'a', square.as_bytes()[1] - b'1');
    let (top, left) = ((7 - rank) as u16 * 3, 1 + file as u16 * 3);
    let parser = s.parsed();
    let cell = |row: u16, col: u16, text: bool| {
        let c = parser.screen().cell(row, col * 2).expect("on the screen");
        let shown = if text && marks { c.contents() } else { "" };
        format!("{:?}/{}/{shown}", c.bgcolor(), c.inverse())
    };
    format!("{} {} {}", cell(top, left, true), cell(top + 1, left, true), cell(top + 1, left + 1, false))
}

/// Wait until `square` no longer looks as `before`; how it looks.
fn changed(s: &Session, square: &str, before: &str, marks: bool) -> String {
    let start = Instant::now();
    loop {
        let now = look(s, square, marks);
        if now != before {
            return now;
        }
        assert!(start.elapsed() < TIMEOUT, "{square} stayed {before}:\n{}", s.screen());
        thread::sleep(Duration::from_millis(20));
    }
}

/// With 16 colours (`TERM=xterm`), 8 (`TERM=linux`) and none (`NO_COLOR`)
/// the board's looks stay distinct: light and dark squares, the cursor on
/// a man with moves, on one without and elsewhere, the selected man, a
/// destination, the attackers and defenders, the last move and a hint. With
/// 16 colours by colour alone; with 8 and none by colour and marks.
#[test]
fn every_look_of_the_board_is_distinct_with_few_colours_or_none() {
    for (env, marks) in [(("TERM", "xterm"), false), (("TERM", "linux"), true), (("NO_COLOR", "1"), true)] {
        let mut s = Session::start_with(&["--seed", "0"], &[env]);
        s.wait_for("White to move");
        let mut looks = vec![("light", look(&s, "e4", marks)), ("dark", look(&s, "d4", marks))];
        let plain_e2 = look(&s, "e2", false);
        looks.push(("cursor on a man with moves", look(&s, "e2", marks)));
        s.send(ENTER);
        looks.push(("selected", changed(&s, "e2", &looks[2].1, marks)));
        looks.push(("destination", changed(&s, "e3", &looks[1].1, marks)));
        s.send(UP);
        s.send("\x1b");
        let destination = looks[4].1.clone();
        looks.push(("cursor elsewhere", changed(&s, "e3", &destination, marks)));
        s.send(DOWN);
        s.send(DOWN);
        looks.push(("cursor on a man without moves", changed(&s, "e1", &looks[0].1, marks)));
        s.send("d");
        looks.push(("defender", changed(&s, "d1", &looks[0].1, marks)));
        s.send("d");
        s.send(&UP.repeat(5));
        s.send("a");
        looks.push(("attacker", changed(&s, "d7", &looks[0].1, marks)));
        s.send("a");
        s.type_move("e2e4", "1...e7-e5");
        looks.push(("last move", changed(&s, "e7", &looks[1].1, marks)));
        s.send("h");
        // The hint rings its move's two squares: a look not seen yet.
        let start = Instant::now();
        let hint = loop {
            let seen = (b'a'..=b'h').flat_map(|f| (b'1'..=b'8').map(move |r| format!("{}{}", f as char, r as char)));
            let new = seen.map(|sq| look(&s, &sq, marks)).find(|l| looks.iter().all(|(_, seen)| seen != l));
            if let Some(hint) = new {
                break hint;
            }
            assert!(start.elapsed() < TIMEOUT, "no hint:\n{}", s.screen());
            thread::sleep(Duration::from_millis(20));
        };
        looks.push(("hint", hint));
        for (i, (a, look_a)) in looks.iter().enumerate() {
            for (b, look_b) in &looks[i + 1..] {
                assert_ne!(look_a, look_b, "{env:?}: {a} and {b}");
            }
        }
        assert_ne!(plain_e2, looks[0].1, "{env:?}");
        s.send("\x03");
        assert!(s.exit_status().success());
    }
}
