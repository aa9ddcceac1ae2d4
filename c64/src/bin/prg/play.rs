//! The game (the build without `drive`): the character screen, the keys,
//! the disk's two halves and the loop over `App::step`, with the App in
//! `SHARED`.
//!
//! Invariants. The App and the men's cells share one place in RAM
//! (`SHARED`): the cells are read (the character set built) before the
//! place is zeroed, and the App used only after, a zeroed App being
//! `App::unstarted` (checked at compile time). There is one reference to
//! the App at a time (`app`), one to the keys (`KEYS`), and one handle to
//! the searcher (`HighSearcher`, in the App). No function here reaches an
//! external or indirect call: the disk's 6502 code is called by `main`,
//! between two of `run`'s returns (the note at the crate's top).
//!
//! Its unsafe code (the crate root allows it): the handle's references to
//! `SEARCHER`, the App's and the keys' statics, the disk record's place
//! in the soft stack's idle region, and the compile-time check of a
//! zeroed App.

use core::mem::{size_of, ManuallyDrop};
use core::ptr::{addr_of, addr_of_mut};

use c64::charset::CODES;
use c64::glyphs::{MEN_CELLS, SET_MEN};
use c64::keyboard::Keyboard;
use c64::{App, Input, Joystick, Key, Mode, Step};
use engine_core::game::SearcherHome;
use engine_core::Searcher;

use crate::display::{char_screen, Chars};
use crate::guard::{plant_canary, stack_ok};
use crate::memory::{fill, peek, poke, CPU_PORT, JIFFY};
use crate::table::{UnderIo, SEARCHER};

/// CIA 1: port A (keyboard columns out, joystick 2 in), port B (rows in).
const CIA1_PORT_A: u16 = 0xDC00;
const CIA1_PORT_B: u16 = 0xDC01;

/// The game's handle to `SEARCHER`. There is one, in the App, so the
/// references it hands out never overlap.
struct HighSearcher(());

impl SearcherHome for HighSearcher {
    type Slots = UnderIo;
    fn get(&self) -> &Searcher<UnderIo> {
        // SAFETY: the one handle (above), single-threaded; `&self` borrows it.
        unsafe { &*addr_of!(SEARCHER) }
    }
    fn get_mut(&mut self) -> &mut Searcher<UnderIo> {
        // SAFETY: as for `get`; `&mut self` borrows the one handle exclusively.
        unsafe { &mut *addr_of_mut!(SEARCHER) }
    }
}

/// The men's cells of the character set, then the user interface and
/// its game (about 1.5 KB; the searcher is `SEARCHER`): one place in
/// RAM for each in turn. The PRG file loads it holding the cells
/// (`glyphs::SET_MEN`); `run` builds the character set from them, then
/// zeroes the place, which makes it `App::unstarted` (checked below),
/// and starts the App in place. The program keeps no other copy of
/// the cells: 864 bytes.
union Shared {
    men: [[u8; 8]; 2 * MEN_CELLS],
    app: ManuallyDrop<App<HighSearcher>>,
}

static mut SHARED: Shared = Shared { men: SET_MEN };

/// `run` reads the cells at `SHARED` itself.
const _: () = assert!(core::mem::offset_of!(Shared, men) == 0);

/// A zeroed App is `App::unstarted`, byte for byte (a 6502 and an AVR
/// align nothing, so the value has no padding to read).
const _: () = {
    const SIZE: usize = size_of::<App<HighSearcher>>();
    // SAFETY: compile-time only; App has no padding here (alignment 1).
    let bytes: [u8; SIZE] = unsafe { core::mem::transmute(App::unstarted(HighSearcher(()))) };
    let mut i = 0;
    while i < SIZE {
        assert!(bytes[i] == 0, "App::unstarted is not all zero: it cannot start from zeroed RAM");
        i += 1;
    }
};

/// The record's place while it goes to or comes from the disk
/// (`c64::kernal::RECORD_AT`, in the soft stack's region: between two
/// steps only `main`'s frame is there).
const RECORD: u16 = c64::kernal::RECORD_AT;

/// A record's length of the soft stack's idle region at `at`: the
/// record's (`RECORD`) or the game's own kept during a load
/// (`c64::kernal::KEPT_AT`).
fn record(at: u16) -> &'static mut [u8; engine_core::game::RECORD_LEN] {
    // SAFETY: the two places do not overlap, and their bytes are RAM no
    // Rust value holds while the App waits for a save or load (the soft
    // stack is shallow then: `main`'s frame at its top, below `$0800`).
    unsafe { &mut *(at as usize as *mut [u8; engine_core::game::RECORD_LEN]) }
}

fn poke_word(addr: u16, word: u16) {
    let [low, high] = word.to_le_bytes();
    poke(addr, low);
    poke(addr + 1, high);
}

/// A save's or a load's parameters for `DISK_CALL` (c64::kernal): a
/// save's record written at `RECORD`, saved from there (the file's two
/// first bytes are that address); a load into the buffer, its load
/// address first, one byte more than a file may hold.
/// Out of line, as `disk_answer`: inlined, their locals would join
/// `main`'s frame, which is on the soft stack (reentrant).
#[inline(never)]
pub(super) fn disk_ask(save: bool) {
    use c64::kernal::{BUFFER, CAPACITY, LIMIT, NAME, NAMES, OP, POINTER};
    let (from, end) =
        if save { (RECORD, RECORD + app().record(record(RECORD)) as u16) } else { (BUFFER, BUFFER + CAPACITY) };
    poke(OP, if save { 0 } else { 1 });
    poke_word(POINTER, from);
    poke_word(LIMIT, end);
    poke_word(NAME, addr_of!(NAMES) as usize as u16);
}

/// What `DISK_CALL` answered, handed to the App.
#[inline(never)]
pub(super) fn disk_answer(save: bool) {
    use c64::kernal::{answer, record_length, BUFFER, KEPT_AT, LIMIT, OP, POINTER, STATUS};
    let done = answer(peek(OP), [peek(LIMIT), peek(LIMIT + 1)]);
    if save {
        app().saved(done);
    } else {
        let stored = (peek(POINTER) as u16 | (peek(POINTER + 1) as u16) << 8).wrapping_sub(BUFFER);
        let answer = done.and_then(|()| record_length(peek(STATUS), stored));
        let file = answer.map(|len| &record(RECORD)[..len.min(engine_core::game::RECORD_LEN)]);
        app().loaded(file, record(KEPT_AT));
    }
}

/// The KERNAL back, for the reset that the menu's Quit makes.
pub(super) fn leave() {
    poke(CPU_PORT, peek(CPU_PORT) | 7);
}

/// The keyboard matrix and joystick port 2, both read from CIA 1; the
/// stack guard.
struct Keys {
    keyboard: Keyboard,
    joystick: Joystick,
    /// `Q` gives `Char(b'q')`, a queen (`Keyboard::scan`): only while
    /// the promotion chooser is open or a move is being typed
    /// (`e7e8q`). Elsewhere the UI reads `q` as Quit, which the C64
    /// leaves to the menu.
    queen: bool,
    /// The jiffy clock's low byte at the last keyboard scan.
    scanned: u8,
    /// A key that ended a pause, for the next `poll`.
    waiting: Option<Key>,
}

impl Keys {
    /// Wait a second (60 jiffies, on PAL and NTSC) unless a key comes,
    /// which the next `poll` returns.
    fn pause(&mut self) {
        let start = peek(JIFFY + 2);
        while self.waiting.is_none() && peek(JIFFY + 2).wrapping_sub(start) < 60 {
            self.waiting = self.poll();
        }
    }
}

impl Input for Keys {
    fn poll(&mut self) -> Option<Key> {
        if let Some(key) = self.waiting.take() {
            return Some(key);
        }
        // No column selected: port A reads joystick 2 alone.
        let stick = peek(CIA1_PORT_A);
        if let Some(key) = self.joystick.sample(stick) {
            return Some(key);
        }
        // A held stick pulls column lines low, which would read as keys;
        // and the keyboard is scanned at most once a jiffy, so key repeat
        // keeps the KERNAL's pace.
        let now = peek(JIFFY + 2);
        if stick & 0x1F != 0x1F || now == self.scanned {
            return None;
        }
        self.scanned = now;
        let read = |select| {
            poke(CIA1_PORT_A, select);
            peek(CIA1_PORT_B)
        };
        let key = self.keyboard.scan(read, self.queen);
        // No column selected again, for the joystick.
        poke(CIA1_PORT_A, 0xFF);
        key
    }

    /// The jiffy clock's low 16 bits: the timed levels' and the chess
    /// clocks' time.
    /// The two bytes only, as the drive's `jiffies` reads all three:
    /// the game's clocks are 16 bits. The high byte read before and
    /// after the low one: equal, no carry came between them (the
    /// interrupt changes it only as the low byte wraps, every 256
    /// jiffies), so the pair is one reading.
    #[inline(never)]
    fn clock(&mut self) -> u16 {
        loop {
            let high = peek(JIFFY + 1);
            let low = peek(JIFFY + 2);
            if high == peek(JIFFY + 1) {
                return (high as u16) << 8 | low as u16;
            }
        }
    }

    /// The jiffy clock's low byte, never 0 (0 is the deterministic game).
    fn seed(&mut self) -> u8 {
        peek(JIFFY + 2) | 1
    }

    fn stack_ok(&mut self) -> bool {
        stack_ok()
    }
}

/// The keys' state, in a static rather than `run`'s frame: the same
/// bytes of RAM (the frame is static on the C64), but loaded with the
/// program instead of built by code.
static mut KEYS: Keys =
    Keys { keyboard: Keyboard::new(), joystick: Joystick::new(), queen: false, scanned: 0, waiting: None };

/// The one reference to the App, once `run` started it.
fn app() -> &'static mut App<HighSearcher> {
    // SAFETY: single-threaded, and each caller (`run`, the disk's two)
    // is done with it before the next is called.
    unsafe { &mut *addr_of_mut!(SHARED.app) }
}

/// The game's steps, until the menu's Quit or a save or load, which
/// `main` makes: the step that asked. The `first` time, the
/// character set built from the men's cells, then the App started in
/// their place.
pub(super) fn run(first: bool) -> Step {
    if first {
        // The cells are read before the place is zeroed, the App used
        // only after (a zeroed App is `App::unstarted`, above).
        char_screen(CODES, addr_of!(SHARED) as usize as u16);
        fill(addr_of!(SHARED) as usize as u16, size_of::<Shared>() as u16, 0);
        app().reset();
    }
    let app = app();
    // SAFETY: as for `SHARED`: the one reference to `KEYS`.
    let keys = unsafe { &mut *addr_of_mut!(KEYS) };
    loop {
        keys.queen = app.mode() == Mode::Promotion || app.typing();
        // The stack is shallow here: a guard that stopped the last
        // search is laid again for the next.
        plant_canary();
        let step = app.step(&mut Chars, keys);
        if matches!(step, Step::Quit | Step::Save | Step::Load) {
            return step;
        }
        // The computer against itself: the menu's Pause gives a person
        // time to follow.
        if app.take_pause() {
            keys.pause();
        }
    }
}
