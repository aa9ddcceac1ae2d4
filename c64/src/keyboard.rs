//! The C64 keyboard matrix, scanned without the KERNAL.
//!
//! With the KERNAL ROM switched out there is no interrupt-driven keyboard
//! scan and no GETIN, so the glue reads the matrix itself and hands the
//! eight bytes to [`Keyboard::scan`], which turns them into the PETSCII
//! codes GETIN would have returned for the keys the UI uses: the cursor
//! keys in all four directions, RETURN, RUN/STOP, F1, DEL, letters and
//! digits. [`Key::from_petscii`](crate::input::Key::from_petscii) then maps
//! them as before.
//!
//! # What the glue passes
//!
//! For each column `c` in `0..8`, write `!(1 << c)` to CIA 1 port A
//! (`$DC00`), read CIA 1 port B (`$DC01`) and store the byte, as read, in
//! `columns[c]`. A 0 bit `r` means the key at column `c`, row `r` is down;
//! nothing down reads `$FF`. Call [`Keyboard::scan`] once per scan, about
//! every 1/60 s: the repeat timings ([`REPEAT_DELAY`], [`REPEAT_INTERVAL`])
//! are counted in calls.
//!
//! # The rules, and why
//!
//! - **Edges.** A key gives its code once, on the call where it is first
//!   seen down. Holding it gives nothing more, except for the repeating
//!   keys below. Each key's edge is its own (the previous call's matrix is
//!   kept), so rolling from one key to the next gives both, and letting go
//!   of one key while another is held does not give the held one again
//!   (the KERNAL, which keeps only one key, would).
//! - **Several new keys at once.** When two or more keys go down on the
//!   same call, only the one with the highest matrix index (`column * 8 +
//!   row`) gives its code; the KERNAL also keeps the last key its scan
//!   finds, which is the highest. The others are not given later: they are
//!   no longer new on the next call.
//! - **Repeat.** DEL, SPACE and the two cursor keys (the KERNAL's set)
//!   repeat: the last key that gave a code, while it stays down, gives it
//!   again [`REPEAT_DELAY`] calls after it went down and then every
//!   [`REPEAT_INTERVAL`] calls. A repeat takes the SHIFT state of its own
//!   call, as the KERNAL's does, so pressing SHIFT while holding CRSR DOWN
//!   turns the repeats into CRSR UP. Once that key is let go nothing
//!   repeats until a key goes down again.
//! - **Modifiers.** Either SHIFT selects the shifted codes. SHIFT, CTRL and
//!   C= alone give nothing. CTRL and C= are otherwise ignored: a key held
//!   with them gives its plain (or shifted) code, where the KERNAL would
//!   give a control or graphics code; the UI uses neither.
//! - **Lines down in every column.** A row bit that reads 0 in all eight
//!   columns is not a key: that is what a joystick in port 1 (which pulls
//!   port B's lines whatever port A selects) or a stuck line looks like,
//!   and no real typing holds one row down in all eight columns. Such bits
//!   are dropped before anything else, so eight equal columns with keys
//!   down give no key, and a port 1 joystick held with a key gives only
//!   that key. A joystick in port 2 pulls port A's lines, selecting extra
//!   columns; the glue must deal with it (by not scanning while it is
//!   pushed, say), this module cannot tell.
//! - Ghost keys (three keys on the corners of a rectangle in the matrix
//!   read as the fourth corner too) are not filtered, as in the KERNAL.

/// Calls from a repeating key's press to its first repeat: 16, the KERNAL's
/// delay (it counts 16 jiffies, about 0.27 s at 60 calls a second), long
/// enough that a normal tap never repeats.
pub const REPEAT_DELAY: u8 = 16;

/// Calls between repeats once they have started: 4, the KERNAL's interval
/// (15 a second at 60 calls a second).
pub const REPEAT_INTERVAL: u8 = 4;

/// `Keyboard::last` before any key has given a code: not a matrix index,
/// and not a repeating key, so `scan` never looks it up.
const NO_KEY: u8 = 0xFF;

/// The matrix index (`column * 8 + row`) of LEFT SHIFT: column 1, row 7.
const LEFT_SHIFT: u8 = 15;
/// The matrix index of RIGHT SHIFT (and SHIFT LOCK): column 6, row 4.
const RIGHT_SHIFT: u8 = 52;

/// The unshifted PETSCII code of each key, by matrix index `column * 8 +
/// row`, column-major as scanned; 0 for SHIFT, CTRL and C=, which give no
/// code. The codes are the C64 KERNAL's standard decode table (ROM
/// `$EB81`), checked against Commodore's KERNAL source as republished in
/// commanderx16/x16-rom, `kernal/drivers/c64/kbd.s` (table `mode1`, where
/// 1, 2 and 4 mark SHIFT, C= and CTRL); the key positions against the
/// matrix tables of sta.c64.org ("Commodore 64 keyboard matrix layout")
/// and the C64-Wiki's "Keyboard code" page, which numbers the keys the same
/// way.
#[rustfmt::skip]
const UNSHIFTED: [u8; 64] = [
    // Column 0: INST/DEL, RETURN, CRSR RIGHT, F7, F1, F3, F5, CRSR DOWN.
    0x14, 0x0D, 0x1D, 0x88, 0x85, 0x86, 0x87, 0x11,
    // Column 1: 3, W, A, 4, Z, S, E, LEFT SHIFT.
    0x33, 0x57, 0x41, 0x34, 0x5A, 0x53, 0x45, 0,
    // Column 2: 5, R, D, 6, C, F, T, X.
    0x35, 0x52, 0x44, 0x36, 0x43, 0x46, 0x54, 0x58,
    // Column 3: 7, Y, G, 8, B, H, U, V.
    0x37, 0x59, 0x47, 0x38, 0x42, 0x48, 0x55, 0x56,
    // Column 4: 9, I, J, 0, M, K, O, N.
    0x39, 0x49, 0x4A, 0x30, 0x4D, 0x4B, 0x4F, 0x4E,
    // Column 5: +, P, L, -, ., :, @, ,.
    0x2B, 0x50, 0x4C, 0x2D, 0x2E, 0x3A, 0x40, 0x2C,
    // Column 6: £, *, ;, CLR/HOME, RIGHT SHIFT, =, ↑, /.
    0x5C, 0x2A, 0x3B, 0x13, 0, 0x3D, 0x5E, 0x2F,
    // Column 7: 1, ←, CTRL, 2, SPACE, C=, Q, RUN/STOP.
    0x31, 0x5F, 0, 0x32, 0x20, 0, 0x51, 0x03,
];

/// The code of each key with either SHIFT held, indexed as [`UNSHIFTED`]:
/// the KERNAL's shifted decode table (ROM `$EBC2`, `mode2` in the source
/// cited there). A table rather than rules because the punctuation has no
/// rule (`+` gives `$DB`, `:` gives `[`, `0` stays `0`), and 64 bytes of
/// table are smaller on the 6502 than the code for the exceptions.
#[rustfmt::skip]
const SHIFTED: [u8; 64] = [
    // INST, shift-RETURN, CRSR LEFT, F8, F2, F4, F6, CRSR UP.
    0x94, 0x8D, 0x9D, 0x8C, 0x89, 0x8A, 0x8B, 0x91,
    // #, W, A, $, Z, S, E, LEFT SHIFT.
    0x23, 0xD7, 0xC1, 0x24, 0xDA, 0xD3, 0xC5, 0,
    // %, R, D, &, C, F, T, X.
    0x25, 0xD2, 0xC4, 0x26, 0xC3, 0xC6, 0xD4, 0xD8,
    // ', Y, G, (, B, H, U, V.
    0x27, 0xD9, 0xC7, 0x28, 0xC2, 0xC8, 0xD5, 0xD6,
    // ), I, J, 0, M, K, O, N.
    0x29, 0xC9, 0xCA, 0x30, 0xCD, 0xCB, 0xCF, 0xCE,
    // shift-+, P, L, shift--, >, [, shift-@, <.
    0xDB, 0xD0, 0xCC, 0xDD, 0x3E, 0x5B, 0xBA, 0x3C,
    // shift-£, shift-*, ], CLR, RIGHT SHIFT, =, π, ?.
    0xA9, 0xC0, 0x5D, 0x93, 0, 0x3D, 0xDE, 0x3F,
    // !, ←, CTRL, ", shift-SPACE, C=, Q, shift-RUN/STOP.
    0x21, 0x5F, 0, 0x22, 0xA0, 0, 0xD1, 0x83,
];

/// Whether the key at a matrix index repeats when held: INST/DEL, CRSR
/// RIGHT, CRSR DOWN and SPACE, the KERNAL's set (it tests the code with
/// the shift bit cleared, so their shifted forms repeat too).
const fn repeats(index: u8) -> bool {
    matches!(index, 0 | 2 | 7 | 60)
}

/// The keyboard scanner's state: which keys were down on the last call,
/// and the repeating key. Ten bytes.
#[derive(Clone, Copy, Debug)]
pub struct Keyboard {
    /// The keys down on the last call, one byte a column, 1 = down (the
    /// reverse of the port), with the lines down in every column dropped.
    down: [u8; 8],
    /// The matrix index of the key that gave the last code ([`NO_KEY`]
    /// before the first). It repeats only while it stays down; once let
    /// go it can only come back as a new press, which sets it again, so it
    /// need not be cleared.
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
    /// gives its code on that call.
    pub const fn new() -> Keyboard {
        Keyboard {
            down: [0; 8],
            last: NO_KEY,
            count: 0,
        }
    }

    /// One scan of the matrix: `columns[c]` is CIA 1 port B (`$DC01`) as
    /// read with `!(1 << c)` on port A (`$DC00`), 0 bits = keys down (see
    /// the module's documentation). Returns the PETSCII code of the key
    /// that just went down or is due to repeat, or 0 for none.
    pub fn scan(&mut self, columns: &[u8; 8]) -> u8 {
        // The lines down in every column: not keys (joystick 1, a stuck
        // line). `common` has a 1 for each such row.
        let mut common: u8 = 0xFF;
        let mut c: usize = 0;
        while c < 8 {
            common &= !columns[c];
            c += 1;
        }
        // The keys that went down since the last call; the highest index
        // with a code wins. `index` walks 0..64 alongside column and row,
        // so no multiply.
        let mut found = NO_KEY;
        let mut index: u8 = 0;
        c = 0;
        while c < 8 {
            let now = !columns[c] & !common;
            let mut new = now & !self.down[c];
            self.down[c] = now;
            let mut row: u8 = 0;
            while row < 8 {
                if new & 1 != 0 && UNSHIFTED[index as usize] != 0 {
                    found = index;
                }
                new >>= 1;
                index += 1;
                row += 1;
            }
            c += 1;
        }
        if found != NO_KEY {
            self.last = found;
            self.count = REPEAT_DELAY;
        } else {
            // `repeats` first: it is false for NO_KEY, which must not
            // reach `is_down` (not a matrix index).
            let last = self.last;
            if !repeats(last) || !self.is_down(last) {
                return 0;
            }
            self.count -= 1;
            if self.count != 0 {
                return 0;
            }
            self.count = REPEAT_INTERVAL;
        }
        if self.is_down(LEFT_SHIFT) || self.is_down(RIGHT_SHIFT) {
            SHIFTED[self.last as usize]
        } else {
            UNSHIFTED[self.last as usize]
        }
    }

    /// Whether the key at a matrix index (0..64) was down on this call.
    fn is_down(&self, index: u8) -> bool {
        self.down[(index >> 3) as usize] & (1 << (index & 7)) != 0
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::input::Key;
    use std::vec::Vec;

    // Matrix indices (column * 8 + row) of the keys the tests press.
    const DEL: u8 = 0;
    const RETURN: u8 = 1;
    const CRSR_RIGHT: u8 = 2;
    const F7: u8 = 3;
    const F1: u8 = 4;
    const F3: u8 = 5;
    const F5: u8 = 6;
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

    /// What a fresh keyboard gives for one call with these keys down.
    fn press(keys: &[u8]) -> u8 {
        Keyboard::new().scan(&matrix(keys))
    }

    /// The codes of `calls` calls with the same keys held.
    fn hold(kb: &mut Keyboard, keys: &[u8], calls: usize) -> Vec<u8> {
        let columns = matrix(keys);
        (0..calls).map(|_| kb.scan(&columns)).collect()
    }

    /// The calls (counting from 0) that gave a code.
    fn hits(codes: &[u8]) -> Vec<usize> {
        codes
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, _)| i)
            .collect()
    }

    /// Where a key sits, by the layout the glue's matrix follows (the
    /// sta.c64.org matrix table, written out independently of the
    /// code tables): a key's name to its index.
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

    #[test]
    fn letters_and_digits_sit_where_the_layout_says() {
        for name in LAYOUT {
            let i = at(name) as usize;
            let b = name.as_bytes();
            if b.len() == 1 && (b[0].is_ascii_uppercase() || b[0].is_ascii_digit()) {
                assert_eq!(UNSHIFTED[i], b[0], "{name}");
            }
            if b.len() == 1 && b[0].is_ascii_uppercase() {
                assert_eq!(SHIFTED[i], b[0] + 0x80, "shift {name}");
            }
        }
        assert_eq!(UNSHIFTED[at("DEL") as usize], 20);
        assert_eq!(UNSHIFTED[at("RETURN") as usize], 13);
        assert_eq!(UNSHIFTED[at("CRSR RIGHT") as usize], 29);
        assert_eq!(UNSHIFTED[at("CRSR DOWN") as usize], 17);
        assert_eq!(UNSHIFTED[at("SPACE") as usize], 32);
        assert_eq!(UNSHIFTED[at("STOP") as usize], 3);
        assert_eq!(UNSHIFTED[at("HOME") as usize], 19);
        for name in [":", ";", "=", "/", ",", ".", "+", "-", "@", "*"] {
            assert_eq!(UNSHIFTED[at(name) as usize], name.as_bytes()[0], "{name}");
        }
        // Each code appears once (the zeros are the four modifiers), so no
        // key is listed twice.
        let mut seen = [false; 256];
        for &code in UNSHIFTED.iter().filter(|&&c| c != 0) {
            assert!(!seen[code as usize], "{code} twice");
            seen[code as usize] = true;
        }
        for name in ["LSHIFT", "RSHIFT", "CTRL", "C="] {
            assert_eq!(UNSHIFTED[at(name) as usize], 0, "{name}");
            assert_eq!(SHIFTED[at(name) as usize], 0, "{name}");
        }
        assert_eq!(LEFT_SHIFT, at("LSHIFT"));
        assert_eq!(RIGHT_SHIFT, at("RSHIFT"));
        assert_eq!(
            (CTRL, SPACE, COMMODORE, Q, RUN_STOP),
            (at("CTRL"), at("SPACE"), at("C="), at("Q"), at("STOP"))
        );
    }

    #[test]
    fn ui_keys_map_to_their_keys() {
        let k = |keys: &[u8]| Key::from_petscii(press(keys));
        assert_eq!(k(&[CRSR_DOWN]), Some(Key::Down));
        assert_eq!(k(&[CRSR_DOWN, LEFT_SHIFT]), Some(Key::Up));
        assert_eq!(k(&[CRSR_DOWN, RIGHT_SHIFT]), Some(Key::Up));
        assert_eq!(k(&[CRSR_RIGHT]), Some(Key::Right));
        assert_eq!(k(&[CRSR_RIGHT, LEFT_SHIFT]), Some(Key::Left));
        assert_eq!(k(&[CRSR_RIGHT, RIGHT_SHIFT]), Some(Key::Left));
        assert_eq!(k(&[RETURN]), Some(Key::Fire));
        assert_eq!(k(&[RUN_STOP]), Some(Key::Back));
        assert_eq!(k(&[F1]), Some(Key::Menu));
        assert_eq!(k(&[DEL]), Some(Key::Delete));
        assert_eq!(k(&[]), None);
        for letter in b'A'..=b'Z' {
            let i = at(core::str::from_utf8(&[letter]).unwrap());
            let lower = Some(Key::Char(letter + 32));
            assert_eq!(k(&[i]), lower, "{}", letter as char);
            assert_eq!(k(&[i, LEFT_SHIFT]), lower, "shift {}", letter as char);
            assert_eq!(k(&[i, RIGHT_SHIFT]), lower, "shift {}", letter as char);
        }
        for digit in b'0'..=b'9' {
            let i = at(core::str::from_utf8(&[digit]).unwrap());
            assert_eq!(k(&[i]), Some(Key::Char(digit)), "{}", digit as char);
        }
        // CTRL and C= do not change a key's code.
        assert_eq!(k(&[A, CTRL]), Some(Key::Char(b'a')));
        assert_eq!(k(&[CRSR_DOWN, COMMODORE]), Some(Key::Down));
    }

    #[test]
    fn shifted_codes_are_the_kernals() {
        assert_eq!(press(&[CRSR_RIGHT, LEFT_SHIFT]), 157);
        assert_eq!(press(&[CRSR_DOWN, LEFT_SHIFT]), 145);
        assert_eq!(press(&[DEL, RIGHT_SHIFT]), 148);
        assert_eq!(press(&[F1]), 133);
        assert_eq!(press(&[F3]), 134);
        assert_eq!(press(&[F5]), 135);
        assert_eq!(press(&[F7]), 136);
        assert_eq!(press(&[F1, LEFT_SHIFT]), 137);
        assert_eq!(press(&[F3, LEFT_SHIFT]), 138);
        assert_eq!(press(&[F5, LEFT_SHIFT]), 139);
        assert_eq!(press(&[F7, LEFT_SHIFT]), 140);
        assert_eq!(press(&[A, LEFT_SHIFT]), 193);
        assert_eq!(press(&[at("Z"), RIGHT_SHIFT]), 218);
        let shifted: Vec<u8> = b"1234567890"
            .iter()
            .map(|&d| press(&[at(core::str::from_utf8(&[d]).unwrap()), LEFT_SHIFT]))
            .collect();
        assert_eq!(shifted, b"!\"#$%&'()0");
        assert_eq!(press(&[SPACE]), 32);
        assert_eq!(press(&[SPACE, LEFT_SHIFT]), 160);
        assert_eq!(press(&[RETURN, LEFT_SHIFT]), 141);
        assert_eq!(press(&[RUN_STOP, LEFT_SHIFT]), 131);
        assert_eq!(press(&[at(":"), LEFT_SHIFT]), b'[');
        assert_eq!(press(&[at(";"), LEFT_SHIFT]), b']');
        assert_eq!(press(&[at("/"), LEFT_SHIFT]), b'?');
        assert_eq!(press(&[at("HOME"), LEFT_SHIFT]), 147);
    }

    #[test]
    fn one_code_per_press() {
        for key in [A, RETURN, F1, RUN_STOP, Q, at("5")] {
            let mut kb = Keyboard::new();
            let codes = hold(&mut kb, &[key], 100);
            assert_eq!(hits(&codes), [0], "key {key}");
            assert_eq!(codes[0], UNSHIFTED[key as usize]);
        }
    }

    #[test]
    fn repeating_keys_repeat_after_the_delay_at_the_interval() {
        assert_eq!((REPEAT_DELAY, REPEAT_INTERVAL), (16, 4));
        for (keys, code) in [
            (&[CRSR_DOWN][..], 17),
            (&[CRSR_DOWN, LEFT_SHIFT][..], 145),
            (&[CRSR_RIGHT][..], 29),
            (&[CRSR_RIGHT, RIGHT_SHIFT][..], 157),
            (&[DEL][..], 20),
            (&[SPACE][..], 32),
        ] {
            let mut kb = Keyboard::new();
            let codes = hold(&mut kb, keys, 33);
            assert_eq!(hits(&codes), [0, 16, 20, 24, 28, 32], "{keys:?}");
            assert!(
                codes.iter().all(|&c| c == 0 || c == code),
                "{keys:?}: {codes:?}"
            );
        }
    }

    #[test]
    fn release_and_press_again_gives_a_new_code() {
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[A], 3), [b'A', 0, 0]);
        assert_eq!(hold(&mut kb, &[], 1), [0]);
        assert_eq!(hold(&mut kb, &[A], 2), [b'A', 0]);
        // A repeating key starts its delay again from the new press.
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 10)), [0]);
        assert_eq!(hold(&mut kb, &[], 1), [0]);
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 21)), [0, 16, 20]);
    }

    #[test]
    fn modifiers_alone_give_nothing() {
        for keys in [
            &[LEFT_SHIFT][..],
            &[RIGHT_SHIFT],
            &[CTRL],
            &[COMMODORE],
            &[LEFT_SHIFT, RIGHT_SHIFT, CTRL, COMMODORE],
        ] {
            let mut kb = Keyboard::new();
            assert_eq!(hits(&hold(&mut kb, keys, 40)), [] as [usize; 0], "{keys:?}");
            // And a key pressed while they are held still gives its code.
            let mut with_a = keys.to_vec();
            with_a.push(A);
            let code = hold(&mut kb, &with_a, 1)[0];
            assert!(code == b'A' || code == 193, "{keys:?}: {code}");
        }
    }

    #[test]
    fn shift_during_a_repeat_changes_the_repeats_only() {
        let mut kb = Keyboard::new();
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 10)), [0]);
        // Pressing SHIFT gives no code and does not restart the delay.
        let codes = hold(&mut kb, &[CRSR_DOWN, LEFT_SHIFT], 15);
        assert_eq!(hits(&codes), [6, 10, 14]);
        assert_eq!(codes[6], 145);
    }

    #[test]
    fn a_port_1_joystick_pattern_is_no_key() {
        // Joystick 1 pulls port B bits 0-4 whatever column is selected.
        for bits in [0x01u8, 0x02, 0x04, 0x08, 0x10, 0x11, 0x05, 0x1F, 0xFF] {
            let mut kb = Keyboard::new();
            let columns = [!bits; 8];
            for _ in 0..40 {
                assert_eq!(kb.scan(&columns), 0, "bits {bits:#x}");
            }
            // Let go: nothing either.
            assert_eq!(kb.scan(&[0xFF; 8]), 0);
        }
        // Held with a key, the key alone counts: fire (row 4) plus A.
        let mut kb = Keyboard::new();
        let mut columns = [!0x10u8; 8];
        columns[1] &= !(1 << 2); // A: column 1, row 2
        assert_eq!(kb.scan(&columns), b'A');
        assert_eq!(kb.scan(&columns), 0);
        // A real key on a joystick row still counts when only it is down.
        assert_eq!(press(&[F1]), 133);
    }

    #[test]
    fn two_new_keys_give_the_highest_index() {
        // A (10) and S (13) together: S, and A is not given later.
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[A, S], 30), {
            let mut v = std::vec![0; 30];
            v[0] = b'S';
            v
        });
        // RUN/STOP (63) beats RETURN (1); Q (62) beats CRSR DOWN (7), and
        // the cursor key is not repeated.
        assert_eq!(press(&[RETURN, RUN_STOP]), 3);
        let mut kb = Keyboard::new();
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN, Q], 30)), [0]);
    }

    #[test]
    fn rollover_gives_each_key_once() {
        // S held, then A too (a lower index): A still counts, it is new.
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[S], 2), [b'S', 0]);
        assert_eq!(hold(&mut kb, &[S, A], 2), [b'A', 0]);
        // Letting go of A with S held does not give S again.
        assert_eq!(hits(&hold(&mut kb, &[S], 30)), [] as [usize; 0]);
        // A repeating key let go while another is held: nothing repeats.
        let mut kb = Keyboard::new();
        assert_eq!(hold(&mut kb, &[A], 1), [b'A']);
        assert_eq!(hits(&hold(&mut kb, &[A, CRSR_DOWN], 17)), [0, 16]);
        assert_eq!(hits(&hold(&mut kb, &[A], 40)), [] as [usize; 0]);
        // A new key takes over the repeat, with a fresh delay.
        let mut kb = Keyboard::new();
        assert_eq!(hits(&hold(&mut kb, &[CRSR_DOWN], 18)), [0, 16]);
        let codes = hold(&mut kb, &[CRSR_DOWN, CRSR_RIGHT], 21);
        assert_eq!(hits(&codes), [0, 16, 20]);
        assert!(codes.iter().all(|&c| c == 0 || c == 29));
    }

    #[test]
    fn raw_bytes_all_up_or_all_down_give_nothing() {
        let mut kb = Keyboard::new();
        assert_eq!(kb.scan(&[0xFF; 8]), 0);
        // Every line low (a shorted port) reads as eight equal columns.
        assert_eq!(kb.scan(&[0x00; 8]), 0);
        assert_eq!(kb.scan(&[0xFF; 8]), 0);
        // The byte is taken as read, not inverted: bit 0 clear in column 0
        // is DEL, bit 0 set everywhere else.
        let mut columns = [0xFF; 8];
        columns[0] = 0xFE;
        assert_eq!(kb.scan(&columns), 20);
        assert_eq!(Keyboard::default().scan(&columns), 20);
    }
}
