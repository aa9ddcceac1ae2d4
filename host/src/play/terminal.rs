//! The full-screen terminal: the UI's 40 × 25 cells drawn with 24-bit
//! colours, keys read raw.
//!
//! In a terminal at least 66 columns wide the board's columns are drawn two
//! characters wide, so a square (3 × 3 cells) is 6 × 3 characters and looks
//! square; the panel's text is drawn one character per cell. A man is its
//! chess symbol (or letter, `--ascii`) in the middle of its square, coloured
//! White or Black; the C64's 24 × 24-pixel pictures need a bitmap. With 80
//! columns a key summary fills the right edge.
//!
//! The terminal is always given back as it was (raw mode off, cursor shown,
//! alternate screen left): on quitting, on Ctrl-C, at the end of input, and
//! from the panic hook (release builds abort on panic, so no destructor
//! would run).

use std::cell::Cell;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use c64::glyphs::{piece_part, CENTRE_PART, EMPTY_CENTRE, SOLID};
use c64::screen::{colour, COLS, ROWS};
use c64::{App, Input, Key, Screen, ScreenBuffer, Step};
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::terminal;

use super::Seeds;

/// Board columns (0..=24: rank numbers and squares) are doubled when wide.
const DOUBLED_COLS: u8 = 25;
/// Terminal width needed for doubling: 2 × 25 + 15 panel columns + 1.
const WIDE: u16 = 66;
/// Where the key summary starts, and the width it needs.
const HELP_X: u16 = 66;
const HELP: [&str; 13] = [
    "Keys",
    "",
    "arrows cursor",
    "Enter  select,",
    "       move",
    "m      menu",
    "u r    undo,",
    "       redo",
    "a d b  attacks",
    "e2e4   typed",
    "       move",
    "Esc    cancel",
    "q      quit",
];

/// Put the terminal back: raw mode off, colours reset, cursor shown,
/// alternate screen left. Safe to call more than once.
fn restore() {
    let _ = terminal::disable_raw_mode();
    let mut out = io::stdout();
    let _ = out.write_all(b"\x1b[0m\x1b[?25h\x1b[?1049l");
    let _ = out.flush();
}

/// Restores the terminal when dropped (the normal way out).
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// The screen: the UI's cells, what the terminal shows, and how to draw.
struct TermScreen {
    cells: ScreenBuffer,
    shown: Option<ScreenBuffer>,
    ascii: bool,
    doubled: bool,
    help: bool,
    last: Instant,
}

impl Screen for TermScreen {
    fn put(&mut self, col: u8, row: u8, glyph: u8, attr: u8) {
        self.cells.put(col, row, glyph, attr);
    }

    fn show(&mut self, busy: bool) {
        // While the engine thinks, 25 frames a second are plenty.
        if busy && self.last.elapsed() < Duration::from_millis(40) {
            return;
        }
        self.last = Instant::now();
        let _ = self.render();
    }
}

impl TermScreen {
    fn new(ascii: bool) -> TermScreen {
        let mut s = TermScreen { cells: ScreenBuffer::new(), shown: None, ascii, doubled: true, help: true, last: Instant::now() };
        s.measure();
        s
    }

    /// Fit to the terminal's size; everything is drawn again.
    fn measure(&mut self) {
        let (width, _) = terminal::size().unwrap_or((80, 25));
        self.doubled = width >= WIDE;
        self.help = self.doubled && width >= HELP_X + 14;
        self.shown = None;
    }

    /// The terminal column (0-based) of a screen column.
    fn x(&self, col: u8) -> u16 {
        let col = col as u16;
        if !self.doubled {
            col
        } else if col < DOUBLED_COLS as u16 {
            col * 2
        } else {
            col + DOUBLED_COLS as u16
        }
    }

    /// Draw every row that differs from what the terminal shows.
    fn render(&mut self) -> io::Result<()> {
        let mut buf = String::new();
        let fresh = self.shown.is_none();
        if fresh {
            buf.push_str("\x1b[0m\x1b[2J");
            if self.help {
                for (i, line) in HELP.iter().enumerate() {
                    let _ = write!(buf, "\x1b[{};{}H\x1b[38;2;120;105;196m{line}", i + 1, HELP_X + 1);
                }
            }
        }
        for row in 0..ROWS {
            let same = self.shown.as_ref().is_some_and(|shown| {
                (0..COLS).all(|c| shown.glyph(c, row) == self.cells.glyph(c, row) && shown.attr(c, row) == self.cells.attr(c, row))
            });
            if !same {
                self.render_row(row, &mut buf);
            }
        }
        buf.push_str("\x1b[0m");
        self.shown = Some(self.cells.clone());
        let mut out = io::stdout().lock();
        out.write_all(buf.as_bytes())?;
        out.flush()
    }

    fn render_row(&self, row: u8, buf: &mut String) {
        let _ = write!(buf, "\x1b[{};1H", row + 1);
        let mut colours = u16::MAX;
        let mut reposition = false;
        for col in 0..COLS {
            let glyph = self.cells.glyph(col, row);
            let attr = self.cells.attr(col, row);
            if attr as u16 != colours {
                colours = attr as u16;
                let [ir, ig, ib] = colour::RGB[(attr >> 4) as usize];
                let [pr, pg, pb] = colour::RGB[(attr & 15) as usize];
                let _ = write!(buf, "\x1b[38;2;{ir};{ig};{ib};48;2;{pr};{pg};{pb}m");
            }
            if reposition {
                // A chess symbol may be drawn wide: go to the column meant.
                let _ = write!(buf, "\x1b[{}G", self.x(col) + 1);
            }
            let (text, symbol) = self.cell_text(glyph, attr);
            buf.push(text);
            reposition = symbol;
            if self.doubled && col < DOUBLED_COLS {
                buf.push(' ');
            }
        }
    }

    /// The character for a cell, and whether it is a chess symbol.
    fn cell_text(&self, glyph: u8, attr: u8) -> (char, bool) {
        if let Some((kind, part)) = piece_part(glyph) {
            if part != CENTRE_PART {
                return (' ', false);
            }
            if self.ascii {
                let letter = b".PNBRQK"[kind as usize] as char;
                let white = attr >> 4 != colour::BLACK;
                return (if white { letter } else { letter.to_ascii_lowercase() }, false);
            }
            // The filled symbols for both sides: the ink colour tells them apart.
            return (['?', '♟', '♞', '♝', '♜', '♛', '♚'][kind as usize], true);
        }
        match glyph {
            EMPTY_CENTRE => (' ', false),
            SOLID => ('█', false),
            32..=126 => (glyph as char, false),
            _ => ('?', false),
        }
    }
}

/// Keys from the terminal.
struct TermKeys {
    seeds: Seeds,
    resized: Rc<Cell<bool>>,
    ended: bool,
}

impl TermKeys {
    fn key(&mut self, event: io::Result<Event>) -> Option<Key> {
        let event = match event {
            Ok(e) => e,
            Err(_) => {
                // The end of input: leave.
                self.ended = true;
                return Some(Key::Quit);
            }
        };
        let k = match event {
            Event::Key(k) if k.kind != KeyEventKind::Release => k,
            Event::Resize(..) => {
                self.resized.set(true);
                return None;
            }
            _ => return None,
        };
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        Some(match k.code {
            KeyCode::Char('c' | 'd') if ctrl => Key::Quit,
            KeyCode::Char('l') if ctrl => {
                self.resized.set(true);
                return None;
            }
            KeyCode::Char(c) if c.is_ascii() => Key::from_ascii(c as u8),
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Fire,
            KeyCode::Esc => Key::Back,
            KeyCode::Backspace | KeyCode::Delete => Key::Delete,
            KeyCode::F(1) => Key::Menu,
            _ => Key::Other(0),
        })
    }

    /// True if an event is waiting.
    fn pending(&self) -> bool {
        event::poll(Duration::ZERO).unwrap_or(false)
    }

    /// Block until something arrives (or a while has passed).
    fn wait(&self) {
        if !self.ended {
            let _ = event::poll(Duration::from_millis(500));
        }
    }
}

impl Input for TermKeys {
    fn poll(&mut self) -> Option<Key> {
        if self.ended {
            return Some(Key::Quit);
        }
        loop {
            match event::poll(Duration::ZERO) {
                Ok(false) => return None,
                Ok(true) => {
                    let event = event::read();
                    if let Some(key) = self.key(event) {
                        return Some(key);
                    }
                }
                Err(_) => {
                    self.ended = true;
                    return Some(Key::Quit);
                }
            }
        }
    }

    fn seed(&mut self) -> u8 {
        self.seeds.next()
    }
}

/// Play until the player quits.
pub fn run(mut app: App, seeds: Seeds, ascii: bool) -> io::Result<()> {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    terminal::enable_raw_mode()?;
    let _guard = Guard;
    io::stdout().write_all(b"\x1b[?1049h\x1b[?25l")?;
    let mut screen = TermScreen::new(ascii);
    let resized = Rc::new(Cell::new(false));
    let mut keys = TermKeys { seeds, resized: resized.clone(), ended: false };
    // For the tests: prove the panic hook gives the terminal back.
    let panic_on_key = std::env::var_os("C64CHESS_PLAY_PANIC").is_some();
    loop {
        if panic_on_key && keys.pending() {
            panic!("C64CHESS_PLAY_PANIC is set");
        }
        if resized.take() {
            screen.measure();
            screen.show(false);
        }
        match app.step(&mut screen, &mut keys) {
            Step::Quit => break,
            Step::Busy => {}
            Step::Idle => keys.wait(),
        }
    }
    Ok(())
}
