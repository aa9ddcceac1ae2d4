//! `uci`: the Universal Chess Interface on standard input and output.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position`, `go` (see
//! [`go`] for its parameters, [`crate::timeplan`] for the limits rule), `stop`, `ponderhit`,
//! `setoption`, `quit`, and for people at a terminal `d` (board and FEN) and
//! `perft N`. `debug` and `register` are accepted and ignored. The options
//! are the session's ([`GUI_SPECS`]: `Hash`, `Clear Hash`, `Ponder`,
//! `MultiPV`), then the engine's and its `Dev` switches
//! ([`crate::options`]). docs/uci.md is the user's summary.
//!
//! Threads: this (input) thread reads and answers commands; the search runs
//! on a worker thread ([`worker`]), so `isready`, `stop` and `ponderhit` are
//! answered at once, mid-search included. A `go` while a search runs stops
//! that search first (its `bestmove` is printed), then starts the new one:
//! every `go` gets exactly one `bestmove`, in order. `position`,
//! `setoption` and `ucinewgame` never disturb a running search: it works on
//! its own copy of everything, and they take effect at the next `go`.
//!
//! Bad input never crashes the engine and never gives a wrong answer: input
//! is read as bytes and converted lossily, a line longer than [`MAX_LINE`]
//! is dropped whole, and every rejected command prints `info string
//! <reason>` and leaves the options as they were. A `position` command is
//! applied whole or not at all; the FEN faults GUIs commonly send are
//! mended with a note ([`lenient`]). A `position` that is rejected leaves
//! *no* position: the engine never answers for a position the GUI did not
//! send, so until a good `position` (or `ucinewgame`) arrives every `go` is
//! answered `bestmove 0000`, and `d` and `perft` say why. Unknown commands
//! are reported, not skipped over to a later known word (so junk can never
//! be read as `quit`).
//!
//! Every output line is flushed as it is written.

mod go;
mod hash;
mod lenient;
mod restricted;
mod worker;

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use engine_core::piece::Color;
use engine_core::square::Square;
use engine_core::{Move, Position};

use crate::options::{number, option_key, switch, EngineOptions, OptionSpec, DEV_SPECS, OPTION_SPECS};
use crate::perft_cmd::divide;
use crate::timeplan::GoParams;
use worker::{Control, Job, Worker};

/// Longest accepted input line in bytes (a 600-ply game is about 3,000).
const MAX_LINE: usize = 1 << 20;
/// Deepest `perft`: it runs on the input thread, and depth 5 takes well
/// under a second while 6 takes about ten.
const MAX_PERFT: u8 = 5;
/// How much of an offending token a message quotes.
const QUOTE_CHARS: usize = 40;
/// How much of a message built from input (an option error) is printed.
const MESSAGE_CHARS: usize = 200;

/// Run the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() -> ExitCode {
    let mut session = match Session::new() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot start the search thread: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut input = io::stdin().lock();
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf) {
        match line {
            Line::Text(text) => {
                if session.handle(&text) == Flow::Quit {
                    break;
                }
            }
            Line::TooLong => info(&format!("line longer than {MAX_LINE} bytes ignored")),
        }
    }
    session.worker.shutdown();
    ExitCode::SUCCESS
}

/// Write one line to stdout and flush it. A closed pipe means the GUI has
/// gone: the program ends quietly ([`crate::out::closed`]), a search in
/// progress with it.
pub fn emit(line: &str) {
    let mut out = io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
        crate::out::closed(&e);
    }
}

/// `info string <text>`.
fn info(text: &str) {
    emit(&format!("info string {text}"));
}

/// `text` fit for a message: at most `max` characters (then `...`), and
/// control characters shown as `?`, so junk input cannot garble the output.
fn printable(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).map(|c| if c.is_control() { '?' } else { c }).collect();
    if text.chars().nth(max).is_some() {
        out.push_str("...");
    }
    out
}

/// An offending token, quoted for a message (see [`printable`]).
fn quote(text: &str) -> String {
    format!("'{}'", printable(text, QUOTE_CHARS))
}

/// One line of input.
enum Line {
    /// The line, lossily decoded, line ending included.
    Text(String),
    /// A line over [`MAX_LINE`] bytes, already skipped.
    TooLong,
}

/// The next line, or `None` at end of input (or on a read error, which
/// leaves nothing more to read). `buf` is scratch space.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Option<Line> {
    buf.clear();
    let n = input.by_ref().take(MAX_LINE as u64).read_until(b'\n', buf).ok()?;
    if n == 0 {
        return None;
    }
    if buf.len() < MAX_LINE || buf.ends_with(b"\n") {
        return Some(Line::Text(String::from_utf8_lossy(buf).into_owned()));
    }
    loop {
        buf.clear();
        let n = input.by_ref().take(MAX_LINE as u64).read_until(b'\n', buf).unwrap_or(0);
        if n == 0 || buf.ends_with(b"\n") {
            return Some(Line::TooLong);
        }
    }
}

/// Whether the loop goes on.
#[derive(PartialEq, Eq, Debug)]
enum Flow {
    Continue,
    Quit,
}

/// The options of a UCI session on top of the engine's ([`OPTION_SPECS`]),
/// announced first. `Hash` stops at 1 GB: the table is filled when it is
/// made, so a size the machine cannot back would be felt at once.
const GUI_SPECS: &[OptionSpec] = &[
    OptionSpec { name: "Hash", decl: "type spin default 0 min 0 max 1024" },
    OptionSpec { name: "Clear Hash", decl: "type button" },
    OptionSpec { name: "Ponder", decl: "type check default false" },
    OptionSpec { name: "MultiPV", decl: "type spin default 1 min 1 max 256" },
];
/// `Hash` before any `setoption` (MB): 0 is the C64's table, 4 KB, so by
/// default every search is the one `match` and the C64 play.
const DEFAULT_HASH_MB: u32 = 0;

/// Why there is no position, for `go`, `d` and `perft`.
const NO_POSITION: &str = "no position: the last position command was rejected";

/// What the input thread owns: the game as the GUI set it up.
struct Session {
    /// `None` after a rejected `position` command, until a good one.
    position: Option<Position>,
    options: EngineOptions,
    /// The seed of a new game due before the next search (after
    /// `ucinewgame` or a `Seed` change).
    new_game: Option<u8>,
    /// `Hash`, in MB: the table size of searches with limits of their own
    /// (0: the C64's).
    hash_mb: u32,
    /// `Clear Hash` was pressed: empty the table before the next search.
    clear_hash: bool,
    /// `MultiPV`: how many best lines to report.
    multipv: usize,
    worker: Worker,
}

impl Session {
    fn new() -> io::Result<Session> {
        Ok(Session {
            position: Some(Position::startpos()),
            options: EngineOptions::default(),
            new_game: None,
            hash_mb: DEFAULT_HASH_MB,
            clear_hash: false,
            multipv: 1,
            worker: Worker::start()?,
        })
    }

    /// Carry out one command line.
    fn handle(&mut self, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return Flow::Continue;
        };
        match command {
            "uci" => announce(),
            "isready" => emit("readyok"),
            "ucinewgame" => {
                self.position = Some(Position::startpos());
                self.new_game = Some(self.options.seed);
            }
            "position" => match parse_position(args) {
                Ok((pos, notes)) => {
                    for note in notes {
                        info(&format!("position: {note}"));
                    }
                    self.position = Some(pos);
                }
                Err(reason) => {
                    info(&format!("{reason}; no position until a good one: go answers bestmove 0000"));
                    self.position = None;
                }
            },
            "go" => self.go(args),
            "stop" => self.worker.stop(),
            "ponderhit" => self.worker.ponderhit(),
            "setoption" => self.set_option(args),
            "quit" => return Flow::Quit,
            "d" | "perft" if self.position.is_none() => info(&format!("{command}: {NO_POSITION}")),
            "d" => show(self.position.as_ref().expect("checked")),
            "perft" => run_perft(self.position.as_ref().expect("checked"), args),
            "debug" | "register" => {}
            _ => info(&format!("unknown command {}", quote(command))),
        }
        Flow::Continue
    }

    fn go(&mut self, args: &[&str]) {
        let (params, warnings) = GoParams::parse(args);
        for w in &warnings {
            info(w);
        }
        if self.position.is_none() {
            info(&format!("go: {NO_POSITION}; bestmove 0000"));
        }
        let root_moves = self.position.as_ref().map(|p| root_moves(p, &params.searchmoves)).unwrap_or_default();
        let side = self.position.as_ref().map_or(Color::White, Position::side_to_move);
        let plan = params.plan(side, &self.options);
        let job = Job {
            position: self.position.clone(),
            plan,
            root_moves,
            own_book: self.options.own_book,
            techniques: self.options.techniques,
            new_game: self.new_game.take(),
            slots: if plan.by_level { engine_core::tt::TT_ENTRIES } else { hash::slots_for(self.hash_mb) },
            clear_hash: std::mem::take(&mut self.clear_hash),
            multipv: self.multipv,
            control: Arc::new(Control::new(&plan)),
        };
        self.worker.go(job);
    }

    /// `setoption name <name> value <value>` (both may contain spaces).
    fn set_option(&mut self, args: &[&str]) {
        let Some((&"name", rest)) = args.split_first() else {
            info("setoption: expected 'name <option> value <value>'");
            return;
        };
        let split = rest.iter().position(|t| *t == "value").unwrap_or(rest.len());
        let name = rest[..split].join(" ");
        let value = rest.get(split + 1..).unwrap_or_default().join(" ");
        let gui = match option_key(&name).as_str() {
            "hash" => Some(number(&name, &value, 0, 1024).map(|mb| self.hash_mb = mb)),
            "clearhash" => {
                self.clear_hash = true;
                Some(Ok(()))
            }
            "multipv" => Some(number(&name, &value, 1, 256).map(|k: usize| self.multipv = k)),
            // GUIs set it to say whether they will send `go ponder`; the
            // engine ponders whenever it is asked to, so only the value is checked.
            "ponder" => Some(switch(&name, &value).map(|_| ())),
            _ => None,
        };
        if let Some(outcome) = gui {
            if let Err(reason) = outcome {
                info(&format!("setoption: {}", printable(&reason, MESSAGE_CHARS)));
            }
            return;
        }
        let seed = self.options.seed;
        match self.options.set(&name, &value) {
            Ok(()) if self.options.seed != seed => self.new_game = Some(self.options.seed),
            Ok(()) => {}
            Err(reason) => info(&format!("setoption: {}", printable(&reason, MESSAGE_CHARS))),
        }
    }
}

/// Answer `uci`: identity, options, `uciok`.
fn announce() {
    emit(&format!("id name c64chess {}", env!("CARGO_PKG_VERSION")));
    emit("id author the c64chess developers");
    for spec in GUI_SPECS.iter().chain(OPTION_SPECS).chain(DEV_SPECS) {
        emit(&format!("option name {} {}", spec.name, spec.decl));
    }
    emit("uciok");
}

/// The position a `position` command describes (the tokens after the
/// word) and a note for each repair of its FEN, or why it is rejected.
fn parse_position(args: &[&str]) -> Result<(Position, Vec<String>), String> {
    let (mut pos, notes, rest) = match args.split_first() {
        Some((&"startpos", rest)) => (Position::startpos(), Vec::new(), rest),
        Some((&"fen", rest)) => {
            let end = rest.iter().position(|t| *t == "moves").unwrap_or(rest.len());
            let fen = rest[..end].join(" ");
            let (pos, notes) = lenient::parse(&fen).map_err(|e| format!("position: {e}"))?;
            (pos, notes, &rest[end..])
        }
        Some((other, _)) => return Err(format!("position: expected startpos or fen, got {}", quote(other))),
        None => return Err("position: expected startpos or fen".into()),
    };
    match rest.split_first() {
        None => {}
        Some((&"moves", moves)) => {
            for (i, text) in moves.iter().enumerate() {
                let m = pos
                    .parse_move(&text.to_ascii_lowercase())
                    .ok_or_else(|| format!("position: move {} ({}) is not legal", i + 1, quote(text)))?;
                pos.make(m);
            }
        }
        Some((other, _)) => return Err(format!("position: expected moves, got {}", quote(other))),
    }
    Ok((pos, notes))
}

/// The legal moves among `searchmoves`, without repeats. Illegal ones are
/// reported and dropped; if none is left, the search is not restricted.
fn root_moves(pos: &Position, searchmoves: &[String]) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for text in searchmoves {
        match pos.clone().parse_move(&text.to_ascii_lowercase()) {
            Some(m) if !moves.contains(&m) => moves.push(m),
            Some(_) => {}
            None => info(&format!("go: searchmoves {} is not legal; ignored", quote(text))),
        }
    }
    if moves.is_empty() && !searchmoves.is_empty() {
        info("go: no legal searchmoves; searching all moves");
    }
    moves
}

/// `d`: the board (White at the bottom), the FEN and the key.
fn show(pos: &Position) {
    for row in 0..8u8 {
        let cells: Vec<String> =
            (0..8u8).map(|file| (pos.at(Square::new(file, row)).char() as char).to_string()).collect();
        emit(&format!("{} {}", 8 - row, cells.join(" ")));
    }
    emit("  a b c d e f g h");
    emit(&format!("Fen: {}", pos.fen()));
    emit(&format!("Key: {:08x}", pos.key()));
}

/// `perft N`: the leaf count per root move, then the total ([`divide`]).
fn run_perft(pos: &Position, args: &[&str]) {
    let depth = match args {
        [text] => text.parse::<u8>().ok().filter(|d| *d <= MAX_PERFT),
        _ => None,
    };
    let Some(depth) = depth else {
        info(&format!("perft: expected a depth from 0 to {MAX_PERFT}"));
        return;
    };
    let mut pos = pos.clone();
    match divide(&mut pos, depth, |m, count| emit(&format!("{m}: {count}"))) {
        Some(total) => emit(&format!("Nodes searched: {total}")),
        None => info("perft: move arena exhausted"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(line: &str) -> Vec<&str> {
        line.split_whitespace().collect()
    }

    fn position(line: &str) -> Result<Position, String> {
        parse_position(&tokens(line)).map(|(pos, _)| pos)
    }

    #[test]
    fn positions_parse_whole_or_not_at_all() {
        let after = position("startpos moves e2e4 e7e5 g1f3").unwrap();
        assert_eq!(after.fen().to_string(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        assert_eq!(after.history_len(), 3);
        let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        let promoted = position(&format!("fen {fen} moves a7a8Q")).unwrap();
        assert_eq!(promoted.fen().to_string(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(position(&format!("fen {fen} moves")).unwrap().fen().to_string(), fen);
        assert_eq!(
            position("fen 4k3/8/8/8/8/8/8/4K3 w - -").unwrap().fen().to_string(),
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
        );
        for bad in [
            "",
            "startpos e2e4",
            "startpos moves e2e5",
            "startpos moves e2e4 e2e4",
            "startpos moves e1g1",
            "fen",
            "fen 8/8/8/8/8/8/8/8 w - - 0 1",
            "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "moves e2e4",
            "startpos moves \u{fffd}\u{fffd}",
        ] {
            let err = position(bad).unwrap_err();
            assert!(err.starts_with("position: "), "{bad}: {err}");
        }
    }

    #[test]
    fn quotes_are_short_and_printable() {
        assert_eq!(quote("abc"), "'abc'");
        assert_eq!(quote("a\u{0}b"), "'a?b'");
        let long = "x".repeat(100);
        assert_eq!(quote(&long), format!("'{}...'", "x".repeat(QUOTE_CHARS)));
    }

    #[test]
    fn lines_are_read_as_bytes_and_overlong_lines_dropped() {
        let mut data = b"uci\r\nbad \xff\xfe bytes\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        data.extend(b"\nisready");
        let mut input = io::Cursor::new(data);
        let mut buf = Vec::new();
        let mut next = || match read_line(&mut input, &mut buf) {
            Some(Line::Text(t)) => Some(t),
            Some(Line::TooLong) => Some("<too long>".into()),
            None => None,
        };
        assert_eq!(next().as_deref(), Some("uci\r\n"));
        assert_eq!(next().as_deref(), Some("bad \u{fffd}\u{fffd} bytes\n"));
        assert_eq!(next().as_deref(), Some("<too long>"));
        assert_eq!(next().as_deref(), Some("isready"));
        assert_eq!(next(), None);
    }

    #[test]
    fn searchmoves_keep_only_legal_distinct_moves() {
        let pos = Position::startpos();
        let texts: Vec<String> = ["e2e4", "E2E4", "e2e5", "g1f3"].iter().map(|s| s.to_string()).collect();
        let moves = root_moves(&pos, &texts);
        assert_eq!(moves.len(), 2);
        assert!(root_moves(&pos, &["zz".to_string()]).is_empty());
    }
}
