//! The full-screen terminal: the UI's 40 × 25 cells drawn in colour, keys
//! read raw.
//!
//! Colours: 24-bit when `COLORTERM` says the terminal has them (`truecolor`
//! or `24bit`), else the nearest of the 256-colour palette when `TERM`
//! names one (`...-256color`), else 8 on the Linux console (`TERM=linux`)
//! and 16 elsewhere, each C64 colour's chosen so the board's looks stay
//! distinct, with marks where colours run out; with `NO_COLOR` set, none:
//! reverse video for the light squares, marks, and the men drawn as letters
//! (upper case White, lower case Black), as with `--ascii`
//! ([`super::palette`]).
//!
//! A window of 24 rows (a new xterm's, a Linux console's, tmux's) shows the
//! screen folded into 24 rows ([`super::fit`]: the file letters in the
//! board's last row, the key reminder in the panel's spare row). A window
//! smaller than 40 × 24 shows only a message asking for a larger one,
//! wrapped to the window, until it is resized; the keys still work (`q`
//! quits). When the computer plays both sides it pauses between moves
//! (`--pause` long, while the menu's `Pause` is on), so a person can follow
//! the game; a key ends a pause.
//!
//! In a terminal at least 66 columns wide the board's columns are drawn two
//! characters wide, so a square (3 × 3 cells) is 6 × 3 characters and looks
//! square; the panel's text is drawn one character per cell. A man is its
//! chess symbol (or letter, `--ascii`) in the middle of its square, coloured
//! White or Black; the C64's 24 × 24-pixel pictures need a bitmap. With 80
//! columns a key summary fills the right edge: what each key does in the
//! mode at hand (the board, a move being typed, the menu, the chooser, the
//! editor). The panel's key names are the PC's, not the C64's
//! ([`super::words`]).
//!
//! No game is lost by one key: quitting (`q`, the menu's `Quit`) or
//! loading (`l`) over moves that were not saved (the game's record differs
//! from the one last saved or loaded, or from the start's) asks first, on
//! the panel's status and message rows: `y` goes ahead, `s` saves and
//! quits, any other key goes back to the game. Ctrl-C, Ctrl-D and the end
//! of input leave at once, as an interrupt does. (Line mode, for scripts,
//! never asks.)
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
use c64::layout::{BOARD_COL, BOARD_ROW, PANEL, PANEL_WIDTH, ROW_STATUS};
use c64::screen::{attr, colour, COLS, ROWS};
use c64::{App, Input, Key, Message, Screen, ScreenBuffer, Step};
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::terminal;
use engine_core::game::RECORD_LEN;
use engine_core::piece::{Color, Piece};

use super::file::GameFile;
use super::fit::{self, MIN_COLS, MIN_ROWS};
use super::palette::{mark, Colours};
use super::words::{pc_words, Keys};
use super::{Jiffies, Seeds};

/// Board columns (0..=24: rank numbers and squares) are doubled when wide.
const DOUBLED_COLS: u8 = 25;
/// Terminal width needed for doubling: 2 × 25 + 15 panel columns + 1.
const WIDE: u16 = 66;
/// Where the key summary starts, and the width it needs.
const HELP_X: u16 = 66;

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

/// The key summary's colour (the C64's labels').
const HELP_INK: u8 = colour::LIGHT_BLUE;
/// A note's colour (the C64's notes').
const NOTE_INK: u8 = colour::YELLOW;
/// The first row of a note, below the longest key summary, and its width.
const NOTE_ROW: u16 = 17;
const NOTE_WIDTH: u16 = 80 - HELP_X;

/// The screen: the UI's cells, what the terminal shows, and how to draw.
struct TermScreen {
    cells: ScreenBuffer,
    shown: Option<ScreenBuffer>,
    ascii: bool,
    colours: Colours,
    doubled: bool,
    help: bool,
    /// The terminal's size, when too small for the screen.
    too_small: Option<(u16, u16)>,
    /// The rows drawn: 25, or 24 with the screen folded ([`fit::fold`]).
    rows: u8,
    /// The key summary shown (the mode's).
    keys: Keys,
    /// What the last save or load's failure was, in the PC's words
    /// ([`GameFile::take_note`]): under the key summary until the next key.
    note: Option<String>,
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
    fn new(ascii: bool, colours: Colours) -> TermScreen {
        let ascii = ascii || colours == Colours::Off;
        let mut s = TermScreen {
            cells: ScreenBuffer::new(),
            shown: None,
            ascii,
            colours,
            doubled: true,
            help: true,
            too_small: None,
            rows: ROWS,
            keys: Keys::Board,
            note: None,
            last: Instant::now(),
        };
        s.measure();
        s
    }

    /// Fit to the terminal's size; everything is drawn again.
    fn measure(&mut self) {
        let (width, height) = terminal::size().unwrap_or((80, 25));
        self.doubled = width >= WIDE;
        self.help = self.doubled && width >= HELP_X + 14;
        self.too_small = (width < MIN_COLS || height < MIN_ROWS).then_some((width, height));
        self.rows = if height < ROWS as u16 { ROWS - 1 } else { ROWS };
        self.shown = None;
    }

    /// `ESC [ ... m` setting the C64 colours `ink` and `paper`.
    fn colour(&self, ink: u8, paper: Option<u8>) -> String {
        format!("\x1b[{}m", self.colours.sgr(ink, paper))
    }

    /// Instead of a cut-off board: what size the window must be, in as
    /// many lines as the window has ([`fit::too_small`]).
    fn render_too_small(&mut self, (width, height): (u16, u16)) -> io::Result<()> {
        let mut buf = String::from("\x1b[0m\x1b[2J");
        for (i, line) in fit::too_small(width, height).iter().enumerate() {
            let _ = write!(buf, "\x1b[{};1H{line}", i + 1);
        }
        self.shown = Some(self.cells.clone());
        let mut out = io::stdout().lock();
        out.write_all(buf.as_bytes())?;
        out.flush()
    }

    /// The note, if any, in the key summary's column below the keys,
    /// wrapped between words (a path is cut where it must be).
    fn render_note(&self, buf: &mut String) {
        let Some(note) = &self.note else { return };
        let ink = self.colour(NOTE_INK, None);
        let lines = fit::wrap(note, NOTE_WIDTH as usize);
        for (row, line) in (NOTE_ROW..self.rows as u16).zip(&lines) {
            let _ = write!(buf, "\x1b[{};{}H{ink}{line}", row + 1, HELP_X + 1);
        }
    }

    /// Show the key summary for `keys`: everything is drawn again if it
    /// changed.
    fn set_keys(&mut self, keys: Keys) {
        if keys != self.keys {
            self.keys = keys;
            self.shown = None;
            self.show(false);
        }
    }

    /// Show `note` (or none) below the key summary: everything is drawn again.
    fn set_note(&mut self, note: Option<String>) {
        if note != self.note {
            self.note = note;
            self.shown = None;
        }
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
        if let Some(size) = self.too_small {
            return if self.shown.is_none() { self.render_too_small(size) } else { Ok(()) };
        }
        let mut buf = String::new();
        let fresh = self.shown.is_none();
        if fresh {
            buf.push_str("\x1b[0m\x1b[2J");
            if self.help {
                let ink = self.colour(HELP_INK, None);
                for (i, line) in self.keys.lines().iter().enumerate() {
                    let _ = write!(buf, "\x1b[{};{}H{ink}{line}", i + 1, HELP_X + 1);
                }
                self.render_note(&mut buf);
            }
        }
        // The screen as the PC names its keys, in the rows the window has.
        let mut cells = pc_words(&self.cells);
        if self.rows < ROWS {
            cells = fit::fold(&cells);
        }
        for row in 0..self.rows {
            let same = self.shown.as_ref().is_some_and(|shown| {
                (0..COLS)
                    .all(|c| shown.glyph(c, row) == cells.glyph(c, row) && shown.attr(c, row) == cells.attr(c, row))
            });
            if !same {
                self.render_row(&cells, row, &mut buf);
            }
        }
        buf.push_str("\x1b[0m");
        self.shown = Some(cells);
        let mut out = io::stdout().lock();
        out.write_all(buf.as_bytes())?;
        out.flush()
    }

    fn render_row(&self, cells: &ScreenBuffer, row: u8, buf: &mut String) {
        let _ = write!(buf, "\x1b[{};1H", row + 1);
        let mut sgr = String::new();
        let mut reposition = false;
        for col in 0..COLS {
            let (text, symbol, ink) = self.cell_text(cells, col, row);
            let colours = self.colour(ink, Some(cells.attr(col, row) & 15));
            if colours != sgr {
                buf.push_str(&colours);
                sgr = colours;
            }
            if reposition {
                // A chess symbol may be drawn wide: go to the column meant.
                let _ = write!(buf, "\x1b[{}G", self.x(col) + 1);
            }
            buf.push(text);
            reposition = symbol;
            if self.doubled && col < DOUBLED_COLS {
                buf.push(' ');
            }
        }
    }

    /// The character for a cell, whether it is a chess symbol, and its ink.
    /// A man is drawn in his square's middle cell; its other cells are
    /// blank, or a mark where the palette needs them ([`mark`]).
    fn cell_text(&self, cells: &ScreenBuffer, col: u8, row: u8) -> (char, bool, u8) {
        let (glyph, attr) = (cells.glyph(col, row), cells.attr(col, row));
        let ink = attr >> 4;
        if let Some((kind, part)) = piece_part(glyph) {
            if part == CENTRE_PART {
                let side = if ink != colour::BLACK { Color::White } else { Color::Black };
                let ink = if self.colours.black_men() { colour::BLACK } else { ink };
                if self.ascii {
                    return (Piece::new(kind, side).char() as char, false, ink);
                }
                // Filled symbols when the ink tells the sides apart,
                // White's hollow when both are black ink.
                let hollow = side == Color::White && self.colours.black_men();
                let symbols = if hollow { HOLLOW } else { FILLED };
                return (symbols[kind as usize], true, ink);
            }
        }
        let text = match glyph {
            SOLID => '█',
            32..=126 => glyph as char,
            _ if piece_part(glyph).is_some() || glyph == EMPTY_CENTRE => ' ',
            _ => '?',
        };
        if text == ' ' && self.colours.marks() {
            if let Some(m) = board_mark(cells, col, row) {
                return (m, false, self.colours.mark_ink(attr & 15));
            }
        }
        (text, false, ink)
    }
}

/// The chess symbols by kind: filled, and hollow (White's with black ink).
const FILLED: [char; 7] = ['?', '♟', '♞', '♝', '♜', '♛', '♚'];
const HOLLOW: [char; 7] = ['?', '♙', '♘', '♗', '♖', '♕', '♔'];

/// The mark for the board cell at `col`, `row`, if it is one and its look
/// has one ([`mark`]).
fn board_mark(cells: &ScreenBuffer, col: u8, row: u8) -> Option<char> {
    let on_board = (BOARD_COL..BOARD_COL + 24).contains(&col) && (BOARD_ROW..BOARD_ROW + 24).contains(&row);
    if !on_board {
        return None;
    }
    let (dx, dy) = ((col - BOARD_COL) % 3, (row - BOARD_ROW) % 3);
    let whole = cells.attr(col - dx + 1, row - dy + 1) & 15;
    mark(whole, cells.attr(col, row) & 15, dx, dy)
}

/// Keys from the terminal.
struct TermKeys {
    seeds: Seeds,
    clock: Jiffies,
    file: GameFile,
    resized: Rc<Cell<bool>>,
    ended: bool,
    /// A key was handed to the app since the loop last cleared it.
    keyed: bool,
    /// The last key was Ctrl-C or Ctrl-D, or input has ended: a quit
    /// asks nothing.
    interrupted: bool,
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
            self.interrupted = true;
            return Some(Key::Quit);
        }
        loop {
            match event::poll(Duration::ZERO) {
                Ok(false) => return None,
                Ok(true) => {
                    let event = event::read();
                    if let Some(key) = self.key(event) {
                        self.keyed = true;
                        self.interrupted = key == Key::Quit;
                        return Some(key);
                    }
                }
                Err(_) => {
                    self.ended = true;
                    self.interrupted = true;
                    return Some(Key::Quit);
                }
            }
        }
    }

    fn seed(&mut self) -> u8 {
        self.seeds.next()
    }

    fn clock(&mut self) -> u16 {
        self.clock.now()
    }
}

/// Play until the player quits; `pause` between the moves of a game the
/// computer plays alone.
pub fn run(mut app: App, seeds: Seeds, ascii: bool, pause: Duration, file: GameFile) -> io::Result<()> {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        default_hook(info);
    }));
    terminal::enable_raw_mode()?;
    let _guard = Guard;
    io::stdout().write_all(b"\x1b[?1049h\x1b[?25l")?;
    let colours = Colours::detect(|name| std::env::var(name).ok());
    let mut screen = TermScreen::new(ascii, colours);
    let resized = Rc::new(Cell::new(false));
    let mut keys = TermKeys {
        seeds,
        clock: Jiffies(std::time::Instant::now()),
        file,
        resized: resized.clone(),
        ended: false,
        keyed: false,
        interrupted: false,
    };
    // For the tests: prove the panic hook gives the terminal back.
    let panic_on_key = std::env::var_os("C64CHESS_PLAY_PANIC").is_some();
    let mut pause_until: Option<Instant> = None;
    let mut kept = Kept::of(&mut app);
    loop {
        if panic_on_key && keys.pending() {
            panic!("C64CHESS_PLAY_PANIC is set");
        }
        if resized.take() {
            screen.measure();
            screen.show(false);
        }
        if let Some(until) = pause_until {
            let left = until.saturating_duration_since(Instant::now());
            if !left.is_zero() && !keys.pending() {
                let _ = event::poll(left.min(Duration::from_millis(100)));
                continue;
            }
            pause_until = None;
        }
        keys.keyed = false;
        let step = app.step(&mut screen, &mut keys);
        screen.set_keys(Keys::of(app.mode(), app.typing()));
        if keys.keyed && screen.note.is_some() {
            // A key: the last save's or load's note has been read.
            screen.set_note(None);
            screen.show(false);
        }
        if app.take_pause() {
            pause_until = Some(Instant::now() + pause);
        }
        match step {
            Step::Quit if leave(&mut app, &mut screen, &mut keys, &mut kept) => break,
            Step::Quit | Step::Busy => {}
            Step::Idle => keys.wait(),
            Step::Save => disk(&mut app, step, &mut screen, &mut keys, &mut kept),
            Step::Load => {
                if !kept.unsaved(&mut app) || ask(&mut screen, &mut keys, LOAD_QUESTION) == Key::Char(b'y') {
                    disk(&mut app, step, &mut screen, &mut keys, &mut kept);
                }
            }
        }
    }
    Ok(())
}

/// The game as it was last saved or loaded, or at the start: its record.
/// A game whose record differs has moves a quit or a load would lose.
struct Kept(Vec<u8>);

impl Kept {
    /// The game on the board now.
    fn of(app: &mut App) -> Kept {
        let mut record = [0; RECORD_LEN];
        let n = app.record(&mut record);
        Kept(record[..n].to_vec())
    }

    /// True if the game has changed since it was kept.
    fn unsaved(&self, app: &mut App) -> bool {
        Kept::of(app).0 != self.0
    }
}

/// The questions before losing moves: the panel's rows from
/// [`QUESTION_ROW`] (the status's spare row, the message's, the typed
/// move's), 14 cells each.
const QUIT_QUESTION: [&[u8]; 3] = [b"Unsaved moves!", b"y=quit s=save", b"other key=back"];
const LOAD_QUESTION: [&[u8]; 3] = [b"Unsaved moves!", b"y=load anyway", b"other key=back"];
const QUESTION_ROW: u8 = ROW_STATUS + 3;

/// Save or load (`step`) through the game file, its players named; a
/// failure's note shown; the game kept as saved or loaded if it was.
fn disk(app: &mut App, step: Step, screen: &mut TermScreen, keys: &mut TermKeys, kept: &mut Kept) {
    keys.file.name_players(app.game());
    app.use_disk(step, &mut keys.file);
    if matches!(app.message(), Message::Saved | Message::Loaded) {
        *kept = Kept::of(app);
    }
    screen.set_note(keys.file.take_note());
    screen.show(false);
}

/// The player asked to quit: true to leave. A game with moves not saved
/// asks first (`y` leaves, `s` saves and leaves if the save worked, any
/// other key stays), unless the quit was Ctrl-C, Ctrl-D or the end of
/// input, which leave at once.
fn leave(app: &mut App, screen: &mut TermScreen, keys: &mut TermKeys, kept: &mut Kept) -> bool {
    if keys.interrupted || !kept.unsaved(app) {
        return true;
    }
    match ask(screen, keys, QUIT_QUESTION) {
        Key::Char(b'y') | Key::Quit => true,
        Key::Char(b's') => {
            disk(app, Step::Save, screen, keys, kept);
            app.message() == Message::Saved
        }
        _ => false,
    }
}

/// Show `question` on the panel and wait for a key; the panel as it was
/// after. Upper case answers as lower case.
fn ask(screen: &mut TermScreen, keys: &mut TermKeys, question: [&[u8]; 3]) -> Key {
    let before = screen.cells.clone();
    for (row, words) in (QUESTION_ROW..).zip(question) {
        let ink = if row == QUESTION_ROW { colour::YELLOW } else { colour::WHITE };
        for col in 0..PANEL_WIDTH {
            let glyph = words.get(col as usize).copied().unwrap_or(b' ');
            screen.cells.put(PANEL + col, row, glyph, attr(ink, colour::BLACK));
        }
    }
    screen.show(false);
    let key = loop {
        match keys.poll() {
            Some(key) => break key,
            None => keys.wait(),
        }
    };
    screen.cells = before;
    screen.show(false);
    match key {
        Key::Char(c) => Key::Char(c.to_ascii_lowercase()),
        key => key,
    }
}
