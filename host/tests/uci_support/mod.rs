//! Driving the real `c64chess uci` binary from a test, as a GUI would.
//!
//! Output is read on a thread into a channel, so every wait has a timeout
//! and a hung engine fails the test with the output so far instead of
//! hanging it. Dropping an [`Engine`] kills the process if it still runs.

#![allow(dead_code)] // each test file uses a different part

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub use c64chess_tests::SplitMix64;
use engine_core::{Move, Position, MAX_MOVES};

/// Generous wait for an answer that should come at once.
pub const PROMPT: Duration = Duration::from_secs(10);

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    /// Every line read so far, in order.
    pub seen: Vec<String>,
    /// `go` commands sent.
    pub gos: usize,
}

impl Engine {
    /// Start `c64chess uci`.
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_c64chess"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start c64chess uci");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            while reader.read_until(b'\n', &mut buf).map(|n| n > 0).unwrap_or(false) {
                let line = String::from_utf8_lossy(&buf).trim_end().to_owned();
                buf.clear();
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err_pipe = child.stderr.take().expect("stderr");
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut err_pipe, &mut text);
            sink.lock().unwrap().push_str(&text);
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines, stderr, seen: Vec::new(), gos: 0 }
    }

    /// Send raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).and_then(|()| stdin.flush()).expect("engine accepts input");
    }

    /// Send one line (a newline is added); counts `go` commands.
    pub fn send(&mut self, line: &str) {
        if line.split_whitespace().next() == Some("go") {
            self.gos += 1;
        }
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Read until a line satisfies `done`; return the lines read (the match
    /// last). Panics after `timeout`, or if the engine exits first.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let hit = done(&line);
                    got.push(line);
                    if hit {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("timed out; lines so far: {got:#?}\nstderr: {}", self.stderr())
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine exited; lines so far: {got:#?}\nstderr: {}", self.stderr())
                }
            }
        }
    }

    /// Lines that arrive within `wait` (for asserting that nothing comes).
    pub fn drain_for(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut got = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            self.seen.push(line.clone());
            got.push(line);
        }
        got
    }

    /// Read up to the `bestmove` line and return its move text.
    pub fn bestmove(&mut self) -> String {
        let lines = self.read_until(PROMPT, |l| l.starts_with("bestmove"));
        bestmove_of(lines.last().expect("a line"))
    }

    /// `isready` and wait for `readyok`; return the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(PROMPT, |l| l == "readyok");
        lines.pop();
        lines
    }

    /// The engine's current position, via `d`.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.read_until(PROMPT, |l| l.starts_with("Fen: "));
        lines.last().expect("a line")["Fen: ".len()..].to_owned()
    }

    /// What the engine wrote on stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Send `quit`, read everything up to end of output, and check the
    /// process exits cleanly and printed exactly one `bestmove` per `go`.
    pub fn quit(mut self) -> Vec<String> {
        self.send("quit");
        self.close()
    }

    /// Close stdin (end of input), then as [`Engine::quit`].
    pub fn close(mut self) -> Vec<String> {
        drop(self.stdin.take());
        let deadline = Instant::now() + PROMPT;
        while let Ok(line) = self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            self.seen.push(line);
        }
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            assert!(Instant::now() < deadline, "engine did not exit; output: {:#?}", self.seen);
            thread::sleep(Duration::from_millis(5));
        };
        assert!(status.success(), "exit status {status}; stderr: {}", self.stderr());
        let bestmoves = self.seen.iter().filter(|l| l.starts_with("bestmove")).count();
        assert_eq!(bestmoves, self.gos, "one bestmove per go; output: {:#?}", self.seen);
        assert!(!self.stderr().contains("panicked"), "stderr: {}", self.stderr());
        std::mem::take(&mut self.seen)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line.
pub fn bestmove_of(line: &str) -> String {
    line.split_whitespace().nth(1).unwrap_or_default().to_owned()
}

/// Is `text` a legal move in `pos`?
pub fn is_legal(pos: &Position, text: &str) -> bool {
    pos.clone().parse_move(text).is_some()
}

/// The position after `moves` from the start.
pub fn replay(moves: &[String]) -> Position {
    let mut pos = Position::startpos();
    for text in moves {
        let m = pos.parse_move(text).unwrap_or_else(|| panic!("{text} is legal"));
        pos.make(m);
    }
    pos
}

/// The legal moves of `pos` as text.
pub fn legal_texts(pos: &Position) -> Vec<String> {
    let mut moves = [Move::NONE; MAX_MOVES];
    let n = pos.clone().legal_moves(&mut moves);
    moves[..n].iter().map(|m| m.to_string()).collect()
}

/// A legal random game of exactly `plies` plies from the start position
/// (quiet moves preferred, so it lasts), as move texts.
pub fn random_game(seed: u64, plies: usize) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    'attempt: loop {
        let mut pos = Position::startpos();
        let mut game = Vec::new();
        while game.len() < plies {
            let mut moves = [Move::NONE; MAX_MOVES];
            let n = pos.legal_moves(&mut moves);
            if n == 0 {
                continue 'attempt;
            }
            let quiet: Vec<Move> = moves[..n].iter().copied().filter(|m| !m.is_capture()).collect();
            let m = if !quiet.is_empty() && rng.below(4) != 0 { rng.pick(&quiet) } else { moves[rng.below(n)] };
            pos.make(m);
            game.push(m.to_string());
        }
        return game;
    }
}
