//! The drive harness's screen: the project's fixed endings replayed at the
//! drive level (exactly `c64chess drive` on the PC, see
//! [`engine_core::bench::drive_default`]) and its figures shown as text.
//!
//! The C64 drive build (`src/bin/prg.rs`, feature `drive`) times [`run`]
//! with a CIA timer and the jiffy clock, then calls [`show`], which writes
//! the figures into the 40 × 25 text screen and checks the digest against
//! [`EXPECTED_DRIVE_DIGEST`]. Everything here is plain code over the
//! [`Screen`] trait, so the host tests it.
//!
//! ```text
//! c64chess drive level 2
//!
//! searches       137
//! nodes       99592
//! cycles  1234567890
//! jiffies       7513
//! seconds        125.2
//! nodes/s        791
//! cyc/node     12452
//! digest    51da4c94 ok
//! ```
//!
//! `tools/vice-drive` reads these rows back from VICE (docs/c64.md).

use engine_core::bench::{drive_default, Report, DRIVE_LEVEL};
use engine_core::tt::Slots;
use engine_core::Searcher;

use crate::layout::{LABEL, TITLE};
use crate::screen::{attr, colour, Screen};

/// The digest `c64chess drive` prints on the PC. The C64 compares its own
/// with it; the test `expected_digest_is_the_hosts` keeps the two equal.
pub const EXPECTED_DRIVE_DIGEST: u32 = 0x51da_4c94;
/// Searches in the drive workload (kept equal to the host's by a test).
pub const DRIVE_SEARCHES: u32 = 137;

/// Rows of the figures.
const ROW_SEARCHES: u8 = 2;
const ROW_NODES: u8 = 3;
const ROW_CYCLES: u8 = 4;
const ROW_JIFFIES: u8 = 5;
const ROW_SECONDS: u8 = 6;
const ROW_NPS: u8 = 7;
const ROW_PER_NODE: u8 = 8;
const ROW_DIGEST: u8 = 9;
/// Column of the digest; figures end under its last digit (labels, at most
/// 8 characters, start at column 0).
const VALUE_COL: u8 = 10;

/// What the C64 measured around [`run`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// CPU cycles, from CIA 2's timers chained as a 32-bit counter (wraps
    /// after 2^32 cycles: 72 minutes on a PAL machine).
    pub cycles: u32,
    /// Jiffies (1/60 s) of the KERNAL's clock.
    pub jiffies: u32,
}

/// Replay the drive workload with `searcher`, showing the title and the
/// searches done so far. Returns the workload's report.
pub fn run<S: Screen, T: Slots>(screen: &mut S, searcher: &mut Searcher<T>) -> Report {
    let mut title = *b"c64chess drive level 0";
    title[21] = b'0' + DRIVE_LEVEL;
    text(screen, 0, 0, &title, attr(TITLE, colour::BLACK));
    text(screen, 0, ROW_SEARCHES, b"searches", attr(LABEL, colour::BLACK));
    let mut done = 0u32;
    drive_default(searcher, |_| {
        done += 1;
        figure(screen, ROW_SEARCHES, done);
    })
}

/// Show the report and the timing; returns true if the digest is the
/// expected one (then the digest row ends in `ok`, else in `want` and the
/// expected digest).
pub fn show<S: Screen>(screen: &mut S, report: &Report, timing: &Timing) -> bool {
    let label = attr(LABEL, colour::BLACK);
    let rows: [(u8, &[u8], u32); 7] = [
        (ROW_SEARCHES, b"searches", report.searches),
        (ROW_NODES, b"nodes", report.nodes),
        (ROW_CYCLES, b"cycles", timing.cycles),
        (ROW_JIFFIES, b"jiffies", timing.jiffies),
        (ROW_NPS, b"nodes/s", report.nodes.saturating_mul(60) / timing.jiffies.max(1)),
        (ROW_PER_NODE, b"cyc/node", timing.cycles / report.nodes.max(1)),
        (ROW_SECONDS, b"seconds", 0),
    ];
    for (row, name, value) in rows {
        text(screen, 0, row, name, label);
        if row != ROW_SECONDS {
            figure(screen, row, value);
        }
    }
    // Tenths of a second: 60 jiffies a second, so one tenth is 6 jiffies.
    let tenths = timing.jiffies / 6;
    let whole = decimal10(tenths / 10);
    text(screen, VALUE_COL - 2, ROW_SECONDS, &whole, attr(colour::WHITE, colour::BLACK));
    text(screen, VALUE_COL + 8, ROW_SECONDS, &[b'.', b'0' + (tenths % 10) as u8], attr(colour::WHITE, colour::BLACK));

    let ok = report.digest.0 == EXPECTED_DRIVE_DIGEST;
    text(screen, 0, ROW_DIGEST, b"digest", label);
    text(screen, VALUE_COL, ROW_DIGEST, &hex8(report.digest.0), attr(colour::WHITE, colour::BLACK));
    if ok {
        text(screen, VALUE_COL + 9, ROW_DIGEST, b"ok", attr(colour::GREEN, colour::BLACK));
    } else {
        text(screen, VALUE_COL + 9, ROW_DIGEST, b"want", attr(colour::RED, colour::BLACK));
        text(screen, VALUE_COL + 14, ROW_DIGEST, &hex8(EXPECTED_DRIVE_DIGEST), attr(colour::RED, colour::BLACK));
    }
    ok
}

/// A figure on its row, right-aligned in 10 columns from `VALUE_COL - 2`.
fn figure<S: Screen>(screen: &mut S, row: u8, value: u32) {
    text(screen, VALUE_COL - 2, row, &decimal10(value), attr(colour::WHITE, colour::BLACK));
}

/// Glyphs from `col` on, clipped at the right edge.
fn text<S: Screen>(screen: &mut S, col: u8, row: u8, glyphs: &[u8], colours: u8) {
    for (col, &glyph) in (col..).zip(glyphs) {
        screen.put(col, row, glyph, colours);
    }
}

/// `n` as 10 right-aligned decimal digits (every `u32` fits), blanks in
/// front; by subtracting powers of ten, as `crate::text` does.
pub fn decimal10(n: u32) -> [u8; 10] {
    const POW10: [u32; 10] = [1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];
    let mut n = n;
    let mut out = [b' '; 10];
    let mut started = false;
    for (i, &p) in POW10.iter().enumerate() {
        let mut digit = b'0';
        while n >= p {
            n -= p;
            digit += 1;
        }
        if digit != b'0' || started || i == 9 {
            started = true;
            out[i] = digit;
        }
    }
    out
}

/// `n` as 8 lower-case hex digits.
pub fn hex8(n: u32) -> [u8; 8] {
    let mut out = [0u8; 8];
    for (i, byte) in out.iter_mut().enumerate() {
        let nybble = (n >> (28 - 4 * i as u32)) as u8 & 15;
        *byte = b"0123456789abcdef"[nybble as usize];
    }
    out
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;
    use std::vec::Vec;

    use super::*;
    use crate::ScreenBuffer;
    use engine_core::bench::Digest;

    fn screen_text(screen: &ScreenBuffer) -> String {
        let mut out = String::new();
        screen.write_text(&mut out).unwrap();
        out.trim_end().into()
    }

    #[test]
    fn expected_digest_is_the_hosts() {
        let mut searcher = std::boxed::Box::new(Searcher::new());
        let report = drive_default(&mut searcher, |_| {});
        assert_eq!(
            (report.digest.0, report.searches),
            (EXPECTED_DRIVE_DIGEST, DRIVE_SEARCHES),
            "`c64chess drive` now prints digest {:08x} over {} searches: update EXPECTED_DRIVE_DIGEST \
             and DRIVE_SEARCHES in c64/src/drive.rs (and the figures in docs/c64.md)",
            report.digest.0,
            report.searches
        );
    }

    #[test]
    fn run_counts_the_searches_on_screen() {
        let mut screen = ScreenBuffer::new();
        let mut searcher = std::boxed::Box::new(Searcher::new());
        let report = run(&mut screen, &mut searcher);
        assert_eq!(report.searches, DRIVE_SEARCHES);
        assert_eq!(screen_text(&screen), "c64chess drive level 2\n\nsearches       137");
    }

    #[test]
    fn show_lays_out_the_figures() {
        let mut screen = ScreenBuffer::new();
        let report = Report { searches: 137, nodes: 108_624, digest: Digest(EXPECTED_DRIVE_DIGEST) };
        let timing = Timing { cycles: 1_234_567_890, jiffies: 7_513 };
        assert!(show(&mut screen, &report, &timing));
        let expected = "\n\n\
            searches       137\n\
            nodes       108624\n\
            cycles  1234567890\n\
            jiffies       7513\n\
            seconds        125.2\n\
            nodes/s        867\n\
            cyc/node     11365\n\
            digest    51da4c94 ok";
        assert_eq!(screen_text(&screen), expected);
        // Labels light blue, figures white, the verdict green.
        assert_eq!(screen.attr(0, ROW_NODES) >> 4, LABEL);
        assert_eq!(screen.attr(VALUE_COL + 7, ROW_NODES) >> 4, colour::WHITE);
        assert_eq!(screen.attr(VALUE_COL + 9, ROW_DIGEST) >> 4, colour::GREEN);
    }

    #[test]
    fn a_wrong_digest_says_what_was_wanted() {
        let mut screen = ScreenBuffer::new();
        let report = Report { searches: 1, nodes: 0, digest: Digest(0xdead_beef) };
        assert!(!show(&mut screen, &report, &Timing::default()));
        let rows: Vec<String> = screen_text(&screen).lines().map(String::from).collect();
        assert_eq!(rows[ROW_DIGEST as usize], "digest    deadbeef want 51da4c94");
        // No division by zero: no nodes, no jiffies.
        assert_eq!(rows[ROW_NPS as usize], "nodes/s          0");
        assert_eq!(rows[ROW_PER_NODE as usize], "cyc/node         0");
        assert_eq!(rows[ROW_SECONDS as usize], "seconds          0.0");
    }

    #[test]
    fn numbers() {
        assert_eq!(&decimal10(0), b"         0");
        assert_eq!(&decimal10(137), b"       137");
        assert_eq!(&decimal10(u32::MAX), b"4294967295");
        assert_eq!(&decimal10(1_000_000_000), b"1000000000");
        assert_eq!(&hex8(0x2c56_ba33), b"2c56ba33");
        assert_eq!(&hex8(0), b"00000000");
        assert_eq!(&hex8(u32::MAX), b"ffffffff");
    }
}
