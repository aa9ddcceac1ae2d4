//! Line mode: one command per line on standard input, the screen printed as
//! text after each. For scripts and pipes.
//!
//! | line | does |
//! |---|---|
//! | `e2e4`, `e7e8q` | a move in coordinates (a promotion without a letter asks, like the chooser: answer `q`, `r`, `b` or `n`) |
//! | `u` / `undo`, `r` / `redo` | take back / replay (against the computer, back to your turn) |
//! | `a`, `d`, `b` | switch the attack displays for the cursor square (the last move's destination) |
//! | `h` / `hint` | the engine's move for you, ringed orange and shown in the thinking display, not played |
//! | `s` / `save`, `l` / `load` | save the game to the game file (`--save-file`), load it from there |
//! | `new` | a new game, same players |
//! | `flip` | turn the board round |
//! | `q` / `quit` | leave (so does the end of input); in the promotion chooser `q` means queen |
//!
//! The computer answers as soon as it is its turn (even when it plays both
//! sides: no pause). Each screen is 25 lines, then a blank line. Bytes that
//! are not UTF-8 are skipped, with a note on standard error, and the rest
//! of their line is read as usual.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use c64::{App, Input, Key, ScreenBuffer, Step};

use super::file::GameFile;
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

/// The keys a command line stands for.
fn keys_for(line: &str) -> Vec<Key> {
    let menu = |downs: usize| {
        let mut keys = vec![Key::Char(b'm')];
        keys.extend(std::iter::repeat_n(Key::Down, downs));
        keys.push(Key::Fire);
        keys
    };
    match line {
        "u" | "undo" => vec![Key::Char(b'u')],
        "s" | "save" => vec![Key::Char(b's')],
        "l" | "load" => vec![Key::Char(b'l')],
        "r" | "redo" => vec![Key::Char(b'r')],
        // The trailing key ends the "might be a typed move" wait after a, b, d.
        "a" | "d" | "b" => vec![Key::Char(line.as_bytes()[0]), Key::Other(0)],
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
        "q" | "n" => vec![Key::Char(line.as_bytes()[0])],
        _ => line.bytes().map(Key::from_ascii).chain([Key::Fire]).collect(),
    }
}

/// The screen as text, and a blank line (a closed output ends the program
/// quietly: [`crate::out`]).
fn print(screen: &ScreenBuffer) {
    let mut text = String::new();
    screen.write_text(&mut text).expect("writing to a String");
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
            disk @ (Step::Save | Step::Load) => app.use_disk(disk, &mut keys.file),
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
        let command = line.trim().to_ascii_lowercase();
        if command.is_empty() {
            continue;
        }
        // Keys go in one at a time, so none is taken as "move now" while
        // the computer thinks.
        let mut quit = false;
        for key in keys_for(&command) {
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
