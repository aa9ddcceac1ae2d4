//! The C64 keyboard matrix, scanned without the KERNAL.
//!
//! With the KERNAL ROM switched out there is no interrupt-driven keyboard
//! scan and no GETIN, so [`Keyboard::scan`] reads the matrix itself,
//! through a function the glue passes, and turns it straight into the
//! [`Key`]s the UI uses: the cursor keys in all four directions, RETURN,
//! RUN/STOP, F1, DEL, letters and digits; every other key is
//! [`Key::Other`]. No PETSCII code on the way: one byte a key (`CODES`)
//! says what it gives, and what SHIFT does to it.
//!
//! # What the glue passes
//!
//! `read(select)`: write `select` to CIA 1 port A (`$DC00`), then read CIA
//! 1 port B (`$DC01`) and return the byte as read. `select` is `!(1 << c)`,
//! column `c`; a 0 bit `r` in the byte means the key at column `c`, row `r`
//! is down; nothing down reads `$FF`. `scan` reads the columns 0 to 7 in
//! order, twice: first for the lines down in every column, then for the
//! keys (two passes and no copy of the matrix are less code than one pass
//! into an array). It leaves column 7 selected. Call [`Keyboard::scan`]
//! once per scan, about every 1/60 s: the repeat timings ([`REPEAT_DELAY`],
//! [`REPEAT_INTERVAL`]) are counted in calls.
//!
//! # The rules, and why
//!
//! - **Edges.** A key counts once, on the call where it is first seen
//!   down. Holding it gives nothing more, except for the repeating keys
//!   below. Each key's edge is its own (the previous call's matrix is
//!   kept), so rolling from one key to the next gives both, and letting go
//!   of one key while another is held does not give the held one again
//!   (the KERNAL, which keeps only one key, would).
//! - **Several new keys at once.** When two or more keys go down on the
//!   same call, only the one with the highest matrix index (`column * 8 +
//!   row`) counts; the KERNAL also keeps the last key its scan finds,
//!   which is the highest. The others are not given later: they are
//!   no longer new on the next call.
//! - **Repeat.** DEL, SPACE and the two cursor keys (the KERNAL's set)
//!   repeat: the last key that counted, while it stays down, counts again
//!   [`REPEAT_DELAY`] calls after it went down and then every
//!   [`REPEAT_INTERVAL`] calls. A repeat takes the SHIFT state of its own
//!   call, as the KERNAL's does, so pressing SHIFT while holding CRSR DOWN
//!   turns the repeats into up. Once that key is let go nothing repeats
//!   until a key goes down again.
//! - **SHIFT.** Either SHIFT turns CRSR DOWN into up and CRSR RIGHT into
//!   left. Letters stay letters and 0 stays 0; every other key gives
//!   [`Key::Other`], because its shifted code in the KERNAL is one the UI
//!   does not use (`!` to `)` for 1 to 9, INST for DEL, F2 for F1,
//!   shift-RETURN, shift-RUN/STOP). These are the keys GETIN's codes gave
//!   through the KERNAL's decode tables (the tests keep those tables and
//!   check every key against them).
//! - **Q** gives `Char(b'q')` only when the caller asks for it (`queen`:
//!   the promotion chooser is open, where it picks a queen), and
//!   [`Key::Other`] otherwise: on the board and in the menu `Char(b'q')`
//!   quits, as the host's `q` does, and the C64 leaves only through the
//!   menu's Quit.
//! - **Modifiers.** SHIFT, CTRL and C= alone give nothing. CTRL and C= are
//!   otherwise ignored: a key held with them gives its plain (or shifted)
//!   key, where the KERNAL would give a control or graphics code; the UI
//!   uses neither.
//! - **Lines down in every column.** A row bit that reads 0 in all eight
//!   columns is not a key: that is what a joystick in port 1 (which pulls
//!   port B's lines whatever port A selects) or a stuck line looks like,
//!   and no real typing holds one row down in all eight columns. Such bits
//!   are dropped before anything else, so eight equal columns with keys
//!   down give no key, and a port 1 joystick held with a key gives only
//!   that key. A line that goes down between the two readings (a port 1
//!   joystick pushed just then) can read as a key on that one call, as a
//!   change part-way through any scan of the columns would. A joystick in
//!   port 2 pulls port A's lines, selecting extra columns; the glue must
//!   deal with it (by not scanning while it is pushed, say), this module
//!   cannot tell.
//! - Ghost keys (three keys on the corners of a rectangle in the matrix
//!   read as the fourth corner too) are not filtered, as in the KERNAL.

use crate::input::Key;

/// Calls from a repeating key's press to its first repeat: 16, the KERNAL's
/// delay (it counts 16 jiffies, about 0.27 s at 60 calls a second), long
/// enough that a normal tap never repeats.
pub const REPEAT_DELAY: u8 = 16;

/// Calls between repeats once they have started: 4, the KERNAL's interval
/// (15 a second at 60 calls a second).
pub const REPEAT_INTERVAL: u8 = 4;

/// The matrix index (`column * 8 + row`) of LEFT SHIFT: column 1, row 7.
/// Also `Keyboard::last` before any key has given one: a key that gives
/// nothing and does not repeat.
const LEFT_SHIFT: u8 = 15;
/// The matrix index of RIGHT SHIFT (and SHIFT LOCK): column 6, row 4.
const RIGHT_SHIFT: u8 = 52;
/// The matrix indices of the keys that repeat: INST/DEL, CRSR RIGHT, CRSR
/// DOWN and SPACE, the KERNAL's set (it tests the code with the shift bit
/// cleared, so their shifted forms repeat too).
const DEL_AT: u8 = 0;
const RIGHT_AT: u8 = 2;
const DOWN_AT: u8 = 7;
const SPACE_AT: u8 = 60;
/// `scan`'s `found` when no key went down: not a matrix index.
const NO_INDEX: u8 = 0xFF;

/// A modifier (SHIFT, CTRL, C=): gives nothing, and never wins.
const NONE: u8 = 0;
// The codes of the keys of their own, one each, below 9. Up and left are
// not in `CODES`: SHIFT makes them from down and right, one code lower.
const UP: u8 = 1;
const DOWN: u8 = 2;
const LEFT: u8 = 3;
const RIGHT: u8 = 4;
const FIRE: u8 = 5;
const BACK: u8 = 6;
const MENU: u8 = 7;
const DELETE: u8 = 8;
/// The code of every key the UI gives no meaning to: [`Key::Other`].
/// Above the keys of their own, below the digits.
const OTHER: u8 = b' ';
/// The flag bit: with SHIFT held, this key gives [`Key::Other`].
const SHIFT_OTHER: u8 = 0x80;
/// A key that is [`Key::Other`] with or without SHIFT.
const X: u8 = OTHER | SHIFT_OTHER;
/// A digit that SHIFT makes a symbol: `!` to `)`.
const fn symbol(digit: u8) -> u8 {
    digit | SHIFT_OTHER
}

/// What each key gives, by matrix index `column * 8 + row`, column-major
/// as scanned: a code in the low seven bits, [`SHIFT_OTHER`] in bit 7.
/// Digits and letters are their own (lower case) ASCII, the only codes
/// from `b'0'` up; then [`OTHER`], the keys of their own and [`NONE`].
/// The positions are those of the C64 KERNAL's decode tables (ROM `$EB81`
/// unshifted, `$EBC2` shifted), checked against Commodore's KERNAL source
/// as republished in commanderx16/x16-rom, `kernal/drivers/c64/kbd.s`
/// (tables `mode1` and `mode2`), and the matrix tables of sta.c64.org
/// ("Commodore 64 keyboard matrix layout") and the C64-Wiki's "Keyboard
/// code" page, which number the keys the same way. 64 bytes, where the
/// KERNAL's two tables are 128: of what SHIFT does, the UI needs only what
/// the flag and the two cursor keys say.
#[rustfmt::skip]
const CODES: [u8; 64] = [
    // Column 0: INST/DEL, RETURN, CRSR RIGHT, F7, F1, F3, F5, CRSR DOWN.
    DELETE | SHIFT_OTHER, FIRE | SHIFT_OTHER, RIGHT, X, MENU | SHIFT_OTHER, X, X, DOWN,
    // Column 1: 3, W, A, 4, Z, S, E, LEFT SHIFT.
    symbol(b'3'), b'w', b'a', symbol(b'4'), b'z', b's', b'e', NONE,
    // Column 2: 5, R, D, 6, C, F, T, X.
    symbol(b'5'), b'r', b'd', symbol(b'6'), b'c', b'f', b't', b'x',
    // Column 3: 7, Y, G, 8, B, H, U, V.
    symbol(b'7'), b'y', b'g', symbol(b'8'), b'b', b'h', b'u', b'v',
    // Column 4: 9, I, J, 0 (shifted, still 0), M, K, O, N.
    symbol(b'9'), b'i', b'j', b'0', b'm', b'k', b'o', b'n',
    // Column 5: +, P, L, -, ., :, @, ,.
    X, b'p', b'l', X, X, X, X, X,
    // Column 6: £, *, ;, CLR/HOME, RIGHT SHIFT, =, ↑, /.
    X, X, X, X, NONE, X, X, X,
    // Column 7: 1, ←, CTRL, 2, SPACE, C=, Q, RUN/STOP.
    symbol(b'1'), X, NONE, symbol(b'2'), X, NONE, b'q', BACK | SHIFT_OTHER,
];

/// The key for an entry of [`CODES`] (not [`NONE`]), SHIFT held or not;
/// `queen`: Q may give `Char(b'q')`.
fn decode(entry: u8, shift: bool, queen: bool) -> Key {
    let code = if entry == b'q' && !queen {
        OTHER
    } else if !shift {
        entry & !SHIFT_OTHER
    } else if entry & SHIFT_OTHER != 0 {
        OTHER
    } else if entry < b'0' {
        // Unflagged and below the digits: CRSR DOWN or RIGHT, whose
        // shifted twins are one code lower.
        entry - 1
    } else {
        entry
    };
    match code {
        UP => Key::Up,
        DOWN => Key::Down,
        LEFT => Key::Left,
        RIGHT => Key::Right,
        FIRE => Key::Fire,
        BACK => Key::Back,
        MENU => Key::Menu,
        DELETE => Key::Delete,
        b'0'.. => Key::Char(code),
        _ => Key::Other(code),
    }
}

/// The keyboard scanner's state: which keys were down on the last call,
/// and the repeating key. Ten bytes.
#[derive(Clone, Copy, Debug)]
pub struct Keyboard {
    /// The keys down on the last call, one byte a column, 1 = down (the
    /// reverse of the port), with the lines down in every column dropped.
    down: [u8; 8],
    /// The matrix index of the last key that counted (LEFT SHIFT's,
    /// which does not repeat, before the first). It repeats only while it
    /// stays down; once let go it can only come back as a new press, which
    /// sets it again, so it need not be cleared.
    last: u8,
    /// Calls left until `last` repeats. Only meaningful while `last`
    /// repeats: set to [`REPEAT_DELAY`] or [`REPEAT_INTERVAL`], both
    /// nonzero, and decremented once a call down to 0, where it is set
    /// again, so it never underflows.
    count: u8,
}

impl Default for Keyboard {
    fn default() -> Keyboard {
        Keyboard::new()
    }
}

impl Keyboard {
    /// A keyboard with nothing held: a key already down at the first call
    /// counts on that call.
    pub const fn new() -> Keyboard {
        Keyboard { down: [0; 8], last: LEFT_SHIFT, count: 0 }
    }

    /// One scan of the matrix: `read(!(1 << c))` selects column `c` on CIA
    /// 1 port A (`$DC00`) and returns port B (`$DC01`), 0 bits = keys down
    /// (see the module's documentation). `queen`: Q gives `Char(b'q')`, not
    /// [`Key::Other`] (the promotion chooser is open). Returns the key that
    /// just went down or is due to repeat, if any.
    pub fn scan(&mut self, mut read: impl FnMut(u8) -> u8, queen: bool) -> Option<Key> {
        // The lines down in every column: not keys (joystick 1, a stuck
        // line). `any_up` has a 0 for each such row.
        let mut any_up: u8 = 0;
        let mut select: u8 = 0xFE;
        let mut c: u8 = 0;
        while c < 8 {
            any_up |= read(select);
            select = select.rotate_left(1);
            c += 1;
        }
        // The keys that went down since the last call, the columns read
        // again; the highest index that gives something wins. `index`
        // walks 0..64 alongside column and row, so no multiply; `& 63`
        // keeps it a table index the compiler can see.
        let mut found = NO_INDEX;
        let mut index: u8 = 0;
        for down in self.down.iter_mut() {
            let now = !read(select) & any_up;
            select = select.rotate_left(1);
            let mut new = now & !*down;
            *down = now;
            let mut i = index;
            while new != 0 {
                if new & 1 != 0 && CODES[(i & 63) as usize] != NONE {
                    found = i;
                }
                new >>= 1;
                i += 1;
            }
            index += 8;
        }
        if found != NO_INDEX {
            self.last = found;
            self.count = REPEAT_DELAY;
        } else {
            // Whether `last` repeats and is still down, in one match: three
            // of the four are in column 0, at their own index's row.
            let held = match self.last {
                DEL_AT | RIGHT_AT | DOWN_AT => self.down[0] & 1 << self.last,
                SPACE_AT => self.down[7] & 1 << (SPACE_AT & 7),
                _ => 0,
            };
            if held == 0 {
                return None;
            }
            self.count -= 1;
            if self.count != 0 {
                return None;
            }
            self.count = REPEAT_INTERVAL;
        }
        let shift = self.is_down(LEFT_SHIFT) || self.is_down(RIGHT_SHIFT);
        Some(decode(CODES[(self.last & 63) as usize], shift, queen))
    }

    /// Whether the key at a matrix index (0..64) was down on this call.
    fn is_down(&self, index: u8) -> bool {
        self.down[((index >> 3) & 7) as usize] & (1 << (index & 7)) != 0
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;
    use Key::*;

    // Matrix indices (column * 8 + row) of the keys the tests press.
    const DEL: u8 = 0;
    const RETURN: u8 = 1;
    const CRSR_RIGHT: u8 = 2;
    const F1: u8 = 4;
    const CRSR_DOWN: u8 = 7;
    const A: u8 = 10;
    const S: u8 = 13;
    const CTRL: u8 = 58;
    const SPACE: u8 = 60;
    const COMMODORE: u8 = 61;
    const Q: u8 = 62;
    const RUN_STOP: u8 = 63;

    /// The eight bytes the glue reads with these keys down (0 bits down).
    fn matrix(keys: &[u8]) -> [u8; 8] {
        let mut columns = [0xFF; 8];
        for &k in keys {
            columns[(k / 8) as usize] &= !(1 << (k % 8));
        }
        columns
    }

    /// One call with this matrix: `read` gives the selected column, and
    /// the selects are checked to be the columns in order, twice.
    fn scan_queen(kb: &mut Keyboard, columns: &[u8; 8], queen: bool) -> Option<Key> {
        let mut selects = Vec::new();
        let key = kb.scan(
            |select| {
                selects.push(select);
                columns[select.trailing_ones() as usize & 7]
            },
            queen,
        );
        let order: Vec<u8> = (0..16).map(|c| !(1 << (c % 8))).collect();
        assert_eq!(selects, order);
        key
    }

    /// One call, the chooser closed (Q is not a queen).
    fn scan(kb: &mut Keyboard, columns: &[u8; 8]) -> Option<Key> {
        scan_queen(kb, columns, false)
    }

    /// What a fresh keyboard gives for one call with these keys down.
    fn press(keys: &[u8]) -> Option<Key> {
        scan(&mut Keyboard::new(), &matrix(keys))
    }

    /// The same with the promotion chooser open.
    fn press_queen(keys: &[u8]) -> Option<Key> {
        scan_queen(&mut Keyboard::new(), &matrix(keys), true)
    }

    /// The keys of `calls` calls with the same keys held.
    fn hold(kb: &mut Keyboard, keys: &[u8], calls: usize) -> Vec<Option<Key>> {
        let columns = matrix(keys);
        (0..calls).map(|_| scan(kb, &columns)).collect()
    }

    /// The calls (counting from 0) that gave a key.
    fn hits(keys: &[Option<Key>]) -> Vec<usize> {
        keys.iter().enumerate().filter(|(_, k)| k.is_some()).map(|(i, _)| i).collect()
    }

    /// Where a key sits, by the layout the glue's matrix follows (the
    /// sta.c64.org matrix table, written out independently of the
    /// code table): a key's name to its index.
    #[rustfmt::skip]
    const LAYOUT: [&str; 64] = [
        "DEL", "RETURN", "CRSR RIGHT", "F7", "F1", "F3", "F5", "CRSR DOWN", //
        "3", "W", "A", "4", "Z", "S", "E", "LSHIFT", //
        "5", "R", "D", "6", "C", "F", "T", "X", //
        "7", "Y", "G", "8", "B", "H", "U", "V", //
        "9", "I", "J", "0", "M", "K", "O", "N", //
        "+", "P", "L", "-", ".", ":", "@", ",", //
        "£", "*", ";", "HOME", "RSHIFT", "=", "↑", "/", //
        "1", "←", "CTRL", "2", "SPACE", "C=", "Q", "STOP", //
    ];

    fn at(name: &str) -> u8 {
        LAYOUT.iter().position(|&n| n == name).unwrap() as u8
    }

    /// The KERNAL's unshifted decode table (ROM `$EB81`, `mode1` in the
    /// source cited at [`CODES`]): the PETSCII code GETIN gives for each
    /// key, by matrix index; 0 for SHIFT, CTRL and C=.
    #[rustfmt::skip]
    const KERNAL_UNSHIFTED: [u8; 64] = [
        0x14, 0x0D, 0x1D, 0x88, 0x85, 0x86, 0x87, 0x11,
        0x33, 0x57, 0x41, 0x34, 0x5A, 0x53, 0x45, 0,
        0x35, 0x52, 0x44, 0x36, 0x43, 0x46, 0x54, 0x58,
        0x37, 0x59, 0x47, 0x38, 0x42, 0x48, 0x55, 0x56,
        0x39, 0x49, 0x4A, 0x30, 0x4D, 0x4B, 0x4F, 0x4E,
        0x2B, 0x50, 0x4C, 0x2D, 0x2E, 0x3A, 0x40, 0x2C,
        0x5C, 0x2A, 0x3B, 0x13, 0, 0x3D, 0x5E, 0x2F,
        0x31, 0x5F, 0, 0x32, 0x20, 0, 0x51, 0x03,
    ];

    /// The KERNAL's shifted decode table (ROM `$EBC2`, `mode2`).
    #[rustfmt::skip]
    const KERNAL_SHIFTED: [u8; 64] = [
        0x94, 0x8D, 0x9D, 0x8C, 0x89, 0x8A, 0x8B, 0x91,
        0x23, 0xD7, 0xC1, 0x24, 0xDA, 0xD3, 0xC5, 0,
        0x25, 0xD2, 0xC4, 0x26, 0xC3, 0xC6, 0xD4, 0xD8,
        0x27, 0xD9, 0xC7, 0x28, 0xC2, 0xC8, 0xD5, 0xD6,
        0x29, 0xC9, 0xCA, 0x30, 0xCD, 0xCB, 0xCF, 0xCE,
        0xDB, 0xD0, 0xCC, 0xDD, 0x3E, 0x5B, 0xBA, 0x3C,
        0xA9, 0xC0, 0x5D, 0x93, 0, 0x3D, 0xDE, 0x3F,
        0x21, 0x5F, 0, 0x22, 0xA0, 0, 0xD1, 0x83,
    ];

    /// What the UI made of a GETIN code, when the keyboard went through
    /// PETSCII: the KERNAL's codes for the keys the UI uses.
    fn from_petscii(code: u8) -> Option<Key> {
        Some(match code {
            0 => return None,
            145 => Up,
            17 => Down,
            157 => Left,
            29 => Right,
            13 => Fire,
            3 => Back,
            133 => Menu, // F1
            20 => Delete,
            b'A'..=b'Z' => Char(code + 32),
            b'0'..=b'9' => Char(code),
            193..=218 => Char(code - 96), // shifted letters
            _ => Other(code),
        })
    }

    /// The same key, but for `Other`'s byte, which nothing reads.
    fn same(a: Option<Key>, b: Option<Key>) -> bool {
        matches!((a, b), (Some(Other(_)), Some(Other(_)))) || a == b
    }

    #[test]
    fn every_key_gives_what_the_kernals_code_meant() {
        for (index, shift, queen) in (0..64u8).flat_map(|i| {
            [None, Some(LEFT_SHIFT), Some(RIGHT_SHIFT)].into_iter().flat_map(move |s| [(i, s, false), (i, s, true)])
        }) {
            let table = if shift.is_some() { &KERNAL_SHIFTED } else { &KERNAL_UNSHIFTED };
            let keys: Vec<u8> = [index].into_iter().chain(shift).collect();
            // SHIFT with itself, or with the other SHIFT, is no key.
            let want = if matches!(index, LEFT_SHIFT | RIGHT_SHIFT) && shift.is_some() {
                None
            } else {
                // What the glue made of Q outside the chooser.
                match from_petscii(table[index as usize]) {
                    Some(Char(b'q')) if !queen => Some(Other(b'q')),
                    key => key,
                }
            };
            let got = scan_queen(&mut Keyboard::new(), &matrix(&keys), queen);
            assert!(same(got, want), "{} {shift:?} queen {queen}: {got:?}, want {want:?}", LAYOUT[index as usize]);
        }
    }

    #[test]
    fn the_kernals_tables_sit_where_the_layout_says() {
        for name in LAYOUT {
            let i = at(name) as usize;
            let b = name.as_bytes();
            if b.len() == 1 && (b[0].is_ascii_uppercase() || b[0].is_ascii_digit()) {
                assert_eq!(KERNAL_UNSHIFTED[i], b[0], "{name}");
            }
            if b.len() == 1 && b[0].is_ascii_uppercase() {
                assert_eq!(KERNAL_SHIFTED[i], b[0] + 0x80, "shift {name}");
            }
        }
        for (name, code) in [("DEL", 20), ("RETURN", 13), ("CRSR RIGHT", 29), ("CRSR DOWN", 17), ("F1", 133)] {
            assert_eq!(KERNAL_UNSHIFTED[at(name) as usize], code, "{name}");
        }
        assert_eq!(KERNAL_SHIFTED[at("CRSR RIGHT") as usize], 157);
        assert_eq!(KERNAL_SHIFTED[at("CRSR DOWN") as usize], 145);
        for (name, code) in [("SPACE", 32), ("STOP", 3), ("HOME", 19)] {
            assert_eq!(KERNAL_UNSHIFTED[at(name) as usize], code, "{name}");
        }
        let shifted: Vec<u8> =
            b"1234567890".iter().map(|&d| KERNAL_SHIFTED[at(core::str::from_utf8(&[d]).unwrap()) as usize]).collect();
        assert_eq!(shifted, b"!\"#$%&'()0");
        for name in [":", ";", "=", "/", ",", ".", "+", "-", "@", "*"] {
            assert_eq!(KERNAL_UNSHIFTED[at(name) as usize], name.as_bytes()[0], "{name}");
        }
        // Each code appears once (the zeros are the four modifiers), so no
        // key is listed twice.
        let mut seen = [false; 256];
        for &code in KERNAL_UNSHIFTED.iter().filter(|&&c| c != 0) {
            assert!(!seen[code as usize], "{code} twice");
            seen[code as usize] = true;
        }
        for name in ["LSHIFT", "RSHIFT", "CTRL", "C="] {
            assert_eq!(KERNAL_UNSHIFTED[at(name) as usize], 0, "{name}");
            assert_eq!(KERNAL_SHIFTED[at(name) as usize], 0, "{name}");
            assert_eq!(CODES[at(name) as usize], NONE, "{name}");
        }
        assert_eq!((LEFT_SHIFT, RIGHT_SHIFT), (at("LSHIFT"), at("RSHIFT")));
        assert_eq!((DEL_AT, RIGHT_AT, DOWN_AT, SPACE_AT), (at("DEL"), at("CRSR RIGHT"), at("CRSR DOWN"), at("SPACE")));
        assert_eq!(
            (DEL, RETURN, CRSR_RIGHT, F1, CRSR_DOWN, A, S),
            (at("DEL"), at("RETURN"), at("CRSR RIGHT"), at("F1"), at("CRSR DOWN"), at("A"), at("S"))
        );
        assert_eq!((CTRL, SPACE, COMMODORE, Q, RUN_STOP), (at("CTRL"), at("SPACE"), at("C="), at("Q"), at("STOP")));
    }

    #[test]
    fn ui_keys_map_to_their_keys() {
        assert_eq!(press(&[CRSR_DOWN]), Some(Down));
        assert_eq!(press(&[CRSR_DOWN, LEFT_SHIFT]), Some(Up));
        assert_eq!(press(&[CRSR_DOWN, RIGHT_SHIFT]), Some(Up));
        assert_eq!(press(&[CRSR_RIGHT]), Some(Right));
        assert_eq!(press(&[CRSR_RIGHT, LEFT_SHIFT]), Some(Left));
        assert_eq!(press(&[CRSR_RIGHT, RIGHT_SHIFT]), Some(Left));
        assert_eq!(press(&[RETURN]), Some(Fire));
        assert_eq!(press(&[RUN_STOP]), Some(Back));
        assert_eq!(press(&[F1]), Some(Menu));
        assert_eq!(press(&[DEL]), Some(Delete));
        assert_eq!(press(&[]), None);
        for letter in b'A'..=b'Z' {
            let i = at(core::str::from_utf8(&[letter]).unwrap());
            let lower = Some(Char(letter + 32));
            for keys in [&[i][..], &[i, LEFT_SHIFT], &[i, RIGHT_SHIFT]] {
                assert_eq!(press_queen(keys), lower, "{keys:?}");
                if letter != b'Q' {
                    assert_eq!(press(keys), lower, "{keys:?}");
                }
            }
        }
        // Q is a letter only in the chooser.
        assert!(matches!(press(&[Q]), Some(Other(_))));
        assert!(matches!(press(&[Q, LEFT_SHIFT]), Some(Other(_))));
        for digit in b'0'..=b'9' {
            let i = at(core::str::from_utf8(&[digit]).unwrap());
            assert_eq!(press(&[i]), Some(Char(digit)), "{}", digit as char);
        }
        // SHIFT makes the other keys of the UI symbols or control codes it
        // does not use; 0 stays 0, as in the KERNAL.
        for name in ["1", "5", "9", "DEL", "RETURN", "F1", "STOP"] {
            assert!(matches!(press(&[at(name), LEFT_SHIFT]), Some(Other(_))), "shift {name}");
        }
        assert_eq!(press(&[at("0"), RIGHT_SHIFT]), Some(Char(b'0')));
        for name in ["F3", "F5", "F7", "SPACE", "HOME", "+", "£", "@", "←", "↑"] {
            assert!(matches!(press(&[at(name)]), Some(Other(_))), "{name}");
            assert!(matches!(press(&[at(name), LEFT_SHIFT]), Some(Other(_))), "shift {name}");
        }
        // CTRL and C= do not change a key.
        assert_eq!(press(&[A, CTRL]), Some(Char(b'a')));
        assert_eq!(press(&[CRSR_DOWN, COMMODORE]), Some(Down));
    }

    #[test]
    fn one_key_per_press() {
        for key in [A, RETURN, F1, RUN_STOP, Q, at("5"), at("F7")] {
            let mut kb = Keyboard::new();
            let keys = hold(&mut kb, &[key], 100);
            assert_eq!(hits(&keys), [0], "key {key}");
            assert_eq!(keys[0], press(&[key]));
        }
    }

    #[test]
    fn repeating_keys_repeat_after_the_delay_at_the_interval() {
        assert_eq!((REPEAT_DELAY, REPEAT_INTERVAL), (16, 4));
        for (keys, key) in [
            (&[CRSR_DOWN][..], Down),
            (&[CRSR_DOWN, LEFT_SHIFT][..], Up),
            (&[CRSR_RIGHT][..], Right),
            (&[CRSR_RIGHT, RIGHT_SHIFT][..], Left),
            (&[DEL][..], Delete),
        ] {
            let mut kb = Keyboard::new();
            let got = hold(&mut kb, keys, 33);
            assert_eq!(hits(&got), [0, 16, 20, 24, 28, 32], "{keys:?}");
            assert!(got.iter().all(|&k| k.is_none() || k == Some(key)), "{keys:?}: {got:?}");
        }
        // SPACE (Other) and shift-DEL (INST, Other) repeat too.
        for keys in [&[SPACE][..], &[DEL, LEFT_SHIFT][..]] {
            let mut kb = Keyboard::new();
            let got = hold(&mut kb, keys, 33);
            assert_eq!(hits(&got), [0, 16, 20, 24, 28, 32], "{keys:?}");
            assert!(got.iter().all(|&k| k.is_none() || matches!(k, Some(Other(_)))), "{keys:?}: {got:?}");
        }
    }

    #[test]
    fn release_and_press_again_gives_a_new_key() {
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[A], 3), [Some(Char(b'a')), None, None]);
        assert_eq!(hold(&mut kb, &[], 1), [None]);
        assert_eq!(hold(&mut kb, &[A], 2), [Some(Char(b'a')), None]);
        // A repeating key starts its delay again from the new press.
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 10)), [0]);
        assert_eq!(hold(&mut kb, &[], 1), [None]);
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 21)), [0, 16, 20]);
    }

    #[test]
    fn modifiers_alone_give_nothing() {
        for keys in
            [&[LEFT_SHIFT][..], &[RIGHT_SHIFT], &[CTRL], &[COMMODORE], &[LEFT_SHIFT, RIGHT_SHIFT, CTRL, COMMODORE]]
        {
            let mut kb = Keyboard::new();
            assert_eq!(hits(&hold(&mut kb, keys, 40)), [] as [usize; 0], "{keys:?}");
            // And a key pressed while they are held still gives its key.
            let mut with_a = keys.to_vec();
            with_a.push(A);
            assert_eq!(hold(&mut kb, &with_a, 1), [Some(Char(b'a'))], "{keys:?}");
        }
    }

    #[test]
    fn shift_during_a_repeat_changes_the_repeats_only() {
        let mut kb = Keyboard::new();
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 10)), [0]);
        // Pressing SHIFT gives nothing and does not restart the delay.
        let got = hold(&mut kb, &[CRSR_DOWN, LEFT_SHIFT], 15);
        assert_eq!(hits(&got), [6, 10, 14]);
        assert_eq!(got[6], Some(Up));
        // Letting go of it turns them back.
        let got = hold(&mut kb, &[CRSR_DOWN], 4);
        assert_eq!(got[3], Some(Down));
    }

    #[test]
    fn a_port_1_joystick_pattern_is_no_key() {
        // Joystick 1 pulls port B bits 0-4 whatever column is selected.
        for bits in [0x01u8, 0x02, 0x04, 0x08, 0x10, 0x11, 0x05, 0x1F, 0xFF] {
            let mut kb = Keyboard::new();
            let columns = [!bits; 8];
            for _ in 0..40 {
                assert_eq!(scan(&mut kb, &columns), None, "bits {bits:#x}");
            }
            // Let go: nothing either.
            assert_eq!(scan(&mut kb, &[0xFF; 8]), None);
        }
        // Held with a key, the key alone counts: fire (row 4) plus A.
        let mut kb = Keyboard::new();
        let mut columns = [!0x10u8; 8];
        columns[1] &= !(1 << 2); // A: column 1, row 2
        assert_eq!(scan(&mut kb, &columns), Some(Char(b'a')));
        assert_eq!(scan(&mut kb, &columns), None);
        // A real key on a joystick row still counts when only it is down.
        assert_eq!(press(&[F1]), Some(Menu));
    }

    #[test]
    fn two_new_keys_give_the_highest_index() {
        // A (10) and S (13) together: S, and A is not given later.
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[A, S], 30), {
            let mut v = std::vec![None; 30];
            v[0] = Some(Char(b's'));
            v
        });
        // RUN/STOP (63) beats RETURN (1); Q (62) beats CRSR DOWN (7), and
        // the cursor key is not repeated.
        assert_eq!(press(&[RETURN, RUN_STOP]), Some(Back));
        let mut kb = Keyboard::new();
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN, Q], 30)), [0]);
        // A modifier never wins: RIGHT SHIFT (52) with A.
        assert_eq!(press(&[A, RIGHT_SHIFT, CTRL]), Some(Char(b'a')));
    }

    #[test]
    fn rollover_gives_each_key_once() {
        // S held, then A too (a lower index): A still counts, it is new.
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[S], 2), [Some(Char(b's')), None]);
        assert_eq!(hold(&mut kb, &[S, A], 2), [Some(Char(b'a')), None]);
        // Letting go of A with S held does not give S again.
        assert_eq!(hits(&hold(&mut kb, &[S], 30)), [] as [usize; 0]);
        // A repeating key let go while another is held: nothing repeats.
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[A], 1), [Some(Char(b'a'))]);
        assert_eq!(hits(&hold(&mut kb, &[A, CRSR_DOWN], 17)), [0, 16]);
        assert_eq!(hits(&hold(&mut kb, &[A], 40)), [] as [usize; 0]);
        // A new key takes over the repeat, with a fresh delay.
        let mut kb = Keyboard::new();
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 18)), [0, 16]);
        let got = hold(&mut kb, &[CRSR_DOWN, CRSR_RIGHT], 21);
        assert_eq!(hits(&got), [0, 16, 20]);
        assert!(got.iter().all(|&k| k.is_none() || k == Some(Right)));
    }

    #[test]
    fn raw_bytes_all_up_or_all_down_give_nothing() {
        let mut kb = Keyboard::new();
        assert_eq!(scan(&mut kb, &[0xFF; 8]), None);
        // Every line low (a shorted port) reads as eight equal columns.
        assert_eq!(scan(&mut kb, &[0x00; 8]), None);
        assert_eq!(scan(&mut kb, &[0xFF; 8]), None);
        // The byte is taken as read, not inverted: bit 0 clear in column 0
        // is DEL, bit 0 set everywhere else.
        let mut columns = [0xFF; 8];
        columns[0] = 0xFE;
        assert_eq!(scan(&mut kb, &columns), Some(Delete));
        assert_eq!(scan(&mut Keyboard::default(), &columns), Some(Delete));
    }
}
