//! Line mode: one command per line on standard input, the screen printed as
//! text after each. For scripts and pipes.
//!
//! | line | does |
//! |---|---|
//! | `e2e4`, `e2-e4`, `e2xe4`, `e7e8q` | a move in coordinates (a promotion without a letter asks, like the chooser: answer `q`, `r`, `b` or `n`); an illegal one is refused on the screen's message row |
//! | `e4`, `Nf3`, `exd5`, `O-O`, `e8=Q` | a move in SAN, read by the PGN loader's parser (so the two accept the same moves); it must be legal here |
//! | `u` / `undo`, `r` / `redo` | take back / replay (against the computer, back to your turn) |
//! | `a`, `d`, `b` | switch the attack displays for the cursor square (the last move's destination) |
//! | `h` / `hint` | the engine's move for you, ringed orange and shown in the thinking display, not played |
//! | `s` / `save`, `l` / `load` | save the game to the game file (`--save-file`), load it from there |
//! | `new` | a new game, same players |
//! | `flip` | turn the board round |
//! | `q` / `quit` | leave (so does the end of input); in the promotion chooser `q` means queen |
//! | `help` / `?` | this list, printed instead of a screen |
//!
//! A save or load that fails says so on the screen in the C64's words
//! (`No disk`, `Not a game`) and on standard error in the PC's: `note:
//! cannot write PATH: REASON`, `note: PATH: move 3...Nf6 is not legal
//! there`.
//!
//! A line that is none of these (`xyz`, an illegal SAN move) changes
//! nothing: a note on standard error says so and the screen is printed as
//! it was, so each line still gives one screen. Line mode never asks a
//! question: `q` and `l` act at once, even over moves not saved, since a
//! script cannot answer (the terminal asks first).
//!
//! The computer answers as soon as it is its turn (even when it plays both
//! sides: no pause). Each screen is 25 lines, then a blank line. Bytes that
//! are not UTF-8 are skipped, with a note on standard error, and the rest
//! of their line is read as usual.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use c64::{App, Input, Key, ScreenBuffer, Step};
use engine_core::Position;

use super::file::{parse_move, GameFile};
use super::words::pc_words;
use super::{Jiffies, Seeds};
use crate::out::outln;

struct LineKeys {
    queue: VecDeque<Key>,
    seeds: Seeds,
    clock: Jiffies,
    file: GameFile,
}

impl Input for LineKeys {
    fn poll(&mut self) -> Option<Key> {
        self.queue.pop_front()
    }
    fn seed(&mut self) -> u8 {
        self.seeds.next()
    }
    fn clock(&mut self) -> u16 {
        self.clock.now()
    }
}

/// What a line asks for.
#[derive(Debug, PartialEq)]
enum Command {
    /// These keys, one at a time.
    Keys(Vec<Key>),
    /// The list of commands ([`HELP`]), printed instead of a screen.
    Help,
    /// Nothing this mode knows: a note says so, and the screen is printed
    /// unchanged.
    Unknown,
}

/// What `help` prints: the commands of line mode.
const HELP: &str = "\
Line mode: one command a line.
  e2e4 e7e8q       a move in coordinates (e2-e4, e2xe4 too; a promotion
                   without its letter asks: answer q, r, b or n)
  e4 Nf3 O-O exd5  a move in SAN, as a PGN file has it
  u, undo          take back (against the computer, back to your turn)
  r, redo          replay
  a, d, b          the attack displays: attackers, defenders, counts
  h, hint          the engine's move for you, ringed, not played
  s, save          save the game to the game file (--save-file)
  l, load          load it (over the game on the board, without asking)
  new, flip        a new game; turn the board
  help             this list
  q, quit          leave (so does the end of input)";

/// The keys a command line stands for: a command, a move in coordinates
/// (`e2e4`, `e2-e4`, `e2xe4`, `e7e8q`) or in SAN (`Nf3`, `exd5`, `O-O`,
/// `e8=Q`, read by the PGN loader's parser, [`parse_move`]) on `position`.
fn command(line: &str, position: &Position) -> Command {
    let menu = |downs: usize| {
        let mut keys = vec![Key::Char(b'm')];
        keys.extend(std::iter::repeat_n(Key::Down, downs));
        keys.push(Key::Fire);
        keys
    };
    let lower = line.to_ascii_lowercase();
    Command::Keys(match lower.as_str() {
        "help" | "?" => return Command::Help,
        "u" | "undo" => vec![Key::Char(b'u')],
        "s" | "save" => vec![Key::Char(b's')],
        "l" | "load" => vec![Key::Char(b'l')],
        "r" | "redo" => vec![Key::Char(b'r')],
        // The trailing key ends the "might be a typed move" wait after a, b, d.
        "a" | "d" | "b" => vec![Key::Char(lower.as_bytes()[0]), Key::Other(0)],
        // A hint: the same, so that the next line cannot begin "h2".
        "h" | "hint" => vec![Key::Char(b'h'), Key::Other(0)],
        "new" => menu(1),
        "flip" => {
            let mut keys = menu(5);
            keys.push(Key::Back);
            keys
        }
        "quit" | "exit" => vec![Key::Quit],
        // `q` quits, except that in the promotion chooser it (like `n`)
        // picks a piece: the app decides.
        "q" | "n" => vec![Key::Char(lower.as_bytes()[0])],
        _ => {
            // Coordinates as typed on the board (the app says what is wrong
            // with an illegal one), with or without a `-` or `x` between
            // the squares; else SAN, which must be legal here.
            let text = match lower.as_bytes() {
                [f, r, b'-' | b'x', rest @ ..] if is_square(*f, *r) => [&[*f, *r][..], rest].concat(),
                bytes => bytes.to_vec(),
            };
            let coordinates = matches!(text.as_slice(), [f1, r1, f2, r2, rest @ ..]
                if is_square(*f1, *r1) && is_square(*f2, *r2) && rest.len() <= 1);
            let text = if coordinates {
                text
            } else {
                match parse_move(&mut position.clone(), line) {
                    Some(m) => m.to_string().into_bytes(),
                    None => return Command::Unknown,
                }
            };
            text.into_iter().map(Key::from_ascii).chain([Key::Fire]).collect()
        }
    })
}

/// True if `file` and `rank` name a square (`e4`).
fn is_square(file: u8, rank: u8) -> bool {
    (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank)
}

/// The screen as text, the PC's key names in its panel, and a blank line
/// (a closed output ends the program quietly: [`crate::out`]).
fn print(screen: &ScreenBuffer) {
    let mut text = String::new();
    pc_words(screen).write_text(&mut text).expect("writing to a String");
    outln!("{text}");
}

/// Run until `quit` or the end of input.
pub fn run(mut app: App, seeds: Seeds, file: GameFile) -> io::Result<()> {
    let mut screen = ScreenBuffer::new();
    let mut keys = LineKeys { queue: VecDeque::new(), seeds, clock: Jiffies(std::time::Instant::now()), file };
    let settle = |app: &mut App, keys: &mut LineKeys, screen: &mut ScreenBuffer| loop {
        match app.step(screen, keys) {
            Step::Idle => return false,
            Step::Busy => {}
            Step::Quit => return true,
            disk @ (Step::Save | Step::Load) => {
                keys.file.name_players(app.game());
                app.use_disk(disk, &mut keys.file);
                if let Some(note) = keys.file.take_note() {
                    eprintln!("note: {note}");
                }
            }
        }
    };
    settle(&mut app, &mut keys, &mut screen);
    print(&screen);
    let mut input = io::stdin().lock();
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let line = match String::from_utf8(bytes.clone()) {
            Ok(line) => line,
            Err(_) => {
                eprintln!("note: line {number}: skipped bytes that are not UTF-8");
                String::from_utf8_lossy(&bytes).replace(char::REPLACEMENT_CHARACTER, "")
            }
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let keys_for = match command(line, app.game().position()) {
            Command::Keys(keys) => keys,
            Command::Help => {
                outln!("{HELP}\n");
                continue;
            }
            Command::Unknown => {
                eprintln!("note: line {number}: '{line}' is neither a move here nor a command ('help' lists them)");
                print(&screen);
                continue;
            }
        };
        // Keys go in one at a time, so none is taken as "move now" while
        // the computer thinks.
        let mut quit = false;
        for key in keys_for {
            keys.queue.push_back(key);
            if settle(&mut app, &mut keys, &mut screen) {
                quit = true;
                break;
            }
        }
        if quit {
            break;
        }
        print(&screen);
    }
    Ok(())
}
