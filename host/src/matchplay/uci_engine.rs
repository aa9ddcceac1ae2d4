//! An external UCI engine as a child process.
//!
//! Standard output is read by a thread of its own into a channel, so every
//! wait has a deadline (`recv_timeout`) and a hung engine cannot hang the
//! match. Standard error is discarded (it would tear the progress line). A
//! dropped engine is sent `quit`, given a moment, and then killed, so no
//! process outlives its game's worker.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How an engine failed to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It exited, closed its pipes, or could not be started; why, in words.
    Crash(String),
    /// It did not answer in time.
    Timeout,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Crash(why) => f.write_str(why),
            Fault::Timeout => f.write_str("no answer in time"),
        }
    }
}

impl std::error::Error for Fault {}

/// What the engine told about itself during the `uci` handshake.
#[derive(Clone, Debug, Default)]
pub struct Identity {
    /// From `id name`, if it sent one.
    pub name: Option<String>,
    /// Names of the options it announced.
    pub options: Vec<String>,
}

/// How long a dropped engine may take to obey `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// A running engine that has completed the `uci` handshake.
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl UciEngine {
    /// Start `argv`, run the handshake (`uci` .. `uciok`), set `options`
    /// (`setoption name N value V`), and wait for `readyok`. Each wait may
    /// take up to `timeout`.
    pub fn start(
        argv: &[String],
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<(UciEngine, Identity), Fault> {
        let (program, args) = argv.split_first().ok_or_else(|| Fault::Crash("empty engine command".to_string()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Crash(format!("cannot start '{program}': {e}")))?;
        // Both pipes exist: they were requested above.
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Fault::Crash("no pipes to the engine".to_string()));
        };
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            while matches!(reader.read_until(b'\n', &mut buffer), Ok(n) if n > 0) {
                let line = String::from_utf8_lossy(&buffer).trim().to_string();
                buffer.clear();
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine { child, stdin, lines };
        let mut identity = Identity::default();
        engine.send("uci")?;
        engine.wait_for("uciok", Instant::now() + timeout, |line| identity.note(line))?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready(timeout)?;
        Ok((engine, identity))
    }

    /// Prepare for a new game: `ucinewgame`, then `isready` .. `readyok`.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), Fault> {
        self.send("ucinewgame")?;
        self.ready(timeout)
    }

    /// Send `position` and `go` commands and return the move of the
    /// `bestmove` reply (empty if the reply names none), waiting until `deadline`.
    pub fn best_move(&mut self, position: &str, go: &str, deadline: Instant) -> Result<String, Fault> {
        self.send(position)?;
        self.send(go)?;
        let line = self.wait_for("bestmove", deadline, |_| {})?;
        Ok(line.split_whitespace().nth(1).unwrap_or_default().to_string())
    }

    fn ready(&mut self, timeout: Duration) -> Result<(), Fault> {
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + timeout, |_| {}).map(|_| ())
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Crash(format!("{} ({e})", self.exit_status())))
    }

    /// Read lines, showing each to `seen`, until one whose first word is
    /// `word`; return that line.
    fn wait_for(&mut self, word: &str, deadline: Instant, mut seen: impl FnMut(&str)) -> Result<String, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(line) => seen(&line),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crash(self.exit_status())),
            }
        }
    }

    /// How the process ended, in words, waiting a moment for it to do so
    /// (its output closes just before it exits).
    fn exit_status(&mut self) -> String {
        match wait_briefly(&mut self.child) {
            Some(status) => format!("engine exited ({status})"),
            None => "engine closed its pipes".to_string(),
        }
    }
}

/// The child's exit status if it exits within [`QUIT_GRACE`].
fn wait_briefly(child: &mut Child) -> Option<std::process::ExitStatus> {
    let until = Instant::now() + QUIT_GRACE;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
            _ => return None,
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        if wait_briefly(&mut self.child).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Identity {
    /// Take what matters from one handshake line.
    fn note(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["id", "name", name @ ..] => self.name = Some(name.join(" ")),
            ["option", "name", rest @ ..] => {
                let end = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
                self.options.push(rest[..end].join(" "));
            }
            _ => {}
        }
    }

    /// True if the engine announced option `name` (UCI names are case-insensitive).
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_reads_names_and_options() {
        let mut id = Identity::default();
        for line in [
            "id name Stockfish 15.1",
            "id author x",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name Ponder type check default false",
            "uciok",
        ] {
            id.note(line);
        }
        assert_eq!(id.name.as_deref(), Some("Stockfish 15.1"));
        assert_eq!(id.options, ["Skill Level", "Ponder"]);
        assert!(id.has_option("skill level") && !id.has_option("Skill"));
    }

    /// Each fault reads as words and is a `std::error::Error`.
    #[test]
    fn faults_read_as_words() {
        fn message(e: &dyn std::error::Error) -> String {
            e.to_string()
        }
        assert_eq!(message(&Fault::Timeout), "no answer in time");
        assert_eq!(message(&Fault::Crash("exited with status 1".into())), "exited with status 1");
    }
}
