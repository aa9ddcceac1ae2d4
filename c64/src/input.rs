//! Keys: what the player presses, as the UI sees it.
//!
//! A platform turns its keyboard (and joystick) into [`Key`]s through
//! [`Input`]. Letters and digits arrive as [`Key::Char`] in lower case and
//! the UI decides what they mean: `m` opens the menu, `u`/`r` undo and
//! redo, `a`/`d`/`b` switch the attack displays, `q` quits, and a file
//! letter followed by a digit starts a typed move (`e2e4`, `b1c3`, `e7e8q`).
//! [`Key::from_ascii`] maps the host's typed characters; the C64's keyboard
//! matrix maps straight to keys ([`crate::keyboard`]).

use engine_core::game::RECORD_LEN;

/// One key press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Cursor / joystick up.
    Up,
    /// Cursor / joystick down.
    Down,
    /// Cursor / joystick left.
    Left,
    /// Cursor / joystick right.
    Right,
    /// RETURN, Enter or the fire button: select, move, choose.
    Fire,
    /// RUN/STOP or Escape: cancel what is in progress; with nothing in
    /// progress, open the menu.
    Back,
    /// A dedicated menu key (F1 on the C64); `m` does the same.
    Menu,
    /// DEL or Backspace: rub out the last typed character.
    Delete,
    /// Leave the program (the host's Ctrl-C, or end of input).
    Quit,
    /// A letter (lower case) or digit.
    Char(u8),
    /// Anything else; ignored.
    Other(u8),
}

impl Key {
    /// The key for an ASCII byte (the host's typed characters).
    pub const fn from_ascii(byte: u8) -> Key {
        match byte {
            b'\r' | b'\n' => Key::Fire,
            27 => Key::Back,
            8 | 127 => Key::Delete,
            3 => Key::Quit,
            b'A'..=b'Z' => Key::Char(byte + 32),
            b'a'..=b'z' | b'0'..=b'9' => Key::Char(byte),
            _ => Key::Other(byte),
        }
    }
}

/// Why the platform could not save or load a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskError {
    /// No disk, no drive, or nowhere to keep a game.
    NoDisk,
    /// The disk is full (or write-protected).
    DiskFull,
    /// No game has been saved there.
    NoFile,
    /// The file is there but cannot be read as a game.
    BadFile,
    /// Any other failure of the disk or the file system.
    Failed,
}

/// Where keys come from, and the platform's other services: its clock,
/// its stack, its disk.
pub trait Input {
    /// The next key, if one is waiting. Never blocks: the UI calls it while
    /// the engine thinks, to offer "move now".
    fn poll(&mut self) -> Option<Key>;
    /// One byte of entropy for a new game's randomiser (0 = the engine's
    /// deterministic play). The C64 returns the jiffy clock's low byte.
    fn seed(&mut self) -> u8 {
        0
    }
    /// A clock in jiffies (1/60 s), wrapping at 16 bits: the C64's jiffy
    /// clock (60 Hz on PAL and NTSC alike), the PC's system clock. Timed
    /// levels stop their searches by it and the chess clocks run by it;
    /// the default stands still, which only an untimed game can use.
    fn clock(&mut self) -> u16 {
        0
    }
    /// Whether the machine's stack has room for another ply of search,
    /// asked at every node while the engine thinks
    /// ([`engine_core::search::SearchHooks::stack_ok`]): `false` makes the
    /// engine play the best move it has. The C64 answers from a canary in
    /// page 1 (docs/c64.md, "The stacks"); the default is `true`.
    fn stack_ok(&mut self) -> bool {
        true
    }
}

/// A disk that answers at once (the PC's game file, the tests'): what
/// [`crate::App::use_disk`] saves to and loads from. The C64's drive is
/// reached from the glue's `main` instead, between two steps
/// (docs/c64.md, "The glue").
pub trait Disk {
    /// Keep `record` (a saved game, [`RECORD_LEN`] bytes at most) in place
    /// of the one kept before.
    fn save(&mut self, record: &[u8]) -> Result<(), DiskError>;
    /// Read the game kept into `into`; how many bytes it took.
    fn load(&mut self, into: &mut [u8; RECORD_LEN]) -> Result<usize, DiskError>;
}

/// Turns joystick samples into key presses: one press per movement or
/// fire-button push (edge-triggered, so holding the stick does not race
/// the cursor across the board).
///
/// Feed it CIA1 port A (`$DC00`, joystick port 2) as read: bits are low
/// when pressed, bit 0 up, 1 down, 2 left, 3 right, 4 fire.
#[derive(Clone, Copy, Debug, Default)]
pub struct Joystick {
    held: u8,
}

impl Joystick {
    /// A joystick with nothing held.
    pub const fn new() -> Joystick {
        Joystick { held: 0 }
    }

    /// The key for a new sample, if a direction or fire was just pressed.
    /// Of two pressed on the same sample, the lower bit's wins; the other
    /// is not given later. Each a match arm, not a table of keys: less code
    /// and no constants.
    pub fn sample(&mut self, port: u8) -> Option<Key> {
        let now = !port & 0x1F;
        let mut pressed = now & !self.held;
        self.held = now;
        let mut bit: u8 = 0;
        while bit < 5 {
            if pressed & 1 != 0 {
                return Some(match bit {
                    0 => Key::Up,
                    1 => Key::Down,
                    2 => Key::Left,
                    3 => Key::Right,
                    _ => Key::Fire,
                });
            }
            pressed >>= 1;
            bit += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii() {
        assert_eq!(Key::from_ascii(b'\r'), Key::Fire);
        assert_eq!(Key::from_ascii(b'E'), Key::Char(b'e'));
        assert_eq!(Key::from_ascii(b'%'), Key::Other(b'%'));
    }

    #[test]
    fn joystick_is_edge_triggered() {
        let mut j = Joystick::new();
        assert_eq!(j.sample(0xFF), None);
        assert_eq!(j.sample(0xFE), Some(Key::Up));
        assert_eq!(j.sample(0xFE), None);
        assert_eq!(j.sample(0xEE), Some(Key::Fire));
        assert_eq!(j.sample(0xFF), None);
        assert_eq!(j.sample(0xF7), Some(Key::Right));
        // Each line alone, from nothing held; bits 5-7 are not the stick's.
        for (bit, key) in [Key::Up, Key::Down, Key::Left, Key::Right, Key::Fire].into_iter().enumerate() {
            let mut j = Joystick::new();
            assert_eq!(j.sample(!(1 << bit)), Some(key), "bit {bit}");
            assert_eq!(j.sample(!(1 << bit) & 0x1F), None, "bit {bit}");
        }
        // Two lines at once: the lower bit; the other is not given later.
        let mut j = Joystick::new();
        assert_eq!(j.sample(!0x0A), Some(Key::Down));
        assert_eq!(j.sample(!0x0A), None);
        assert_eq!(j.sample(!0x1A), Some(Key::Fire));
    }
}
