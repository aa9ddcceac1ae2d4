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
//! nodes       80719
//! cycles  1234567890
//! jiffies       7513
//! seconds        125.2
//! nodes/s        780
//! cyc/node     12650
//! softstk       1893 $c495
//! hwstack   ok
//! digest    64919fed ok
//! ```
//!
//! `tools/vice-drive` reads these rows back from VICE (docs/c64.md).

use engine_core::bench::{drive_default, Report, DRIVE_LEVEL};
use engine_core::search::SearchHooks;
use engine_core::tt::Slots;
use engine_core::Searcher;

use crate::layout::{LABEL, TITLE};
use crate::screen::{attr, colour, Screen};
use crate::text::decimal10;

/// The digest `c64chess drive` prints on the PC. The C64 compares its own
/// with it; the test `expected_digest_is_the_hosts` keeps the two equal.
pub const EXPECTED_DRIVE_DIGEST: u32 = 0x6491_9fed;
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
const ROW_SOFT_STACK: u8 = 9;
const ROW_HARD_STACK: u8 = 10;
const ROW_DIGEST: u8 = 11;
/// Column of the digest; figures end under its last digit (labels, at most
/// 8 characters, start at column 0).
const VALUE_COL: u8 = 10;

/// What the C64 measured around [`run`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// CPU cycles, from CIA 2's timers chained as a 32-bit counter: it
    /// wraps every 2^32 cycles (72 minutes on a PAL machine), which
    /// [`Timing::wraps`] finds again from the jiffies.
    pub cycles: u32,
    /// Jiffies (1/60 s) of the KERNAL's clock.
    pub jiffies: u32,
    /// Bytes of the soft stack the run used: how far below its top the
    /// pattern the glue laid in the free area was overwritten (0: not
    /// measured, as on the host).
    pub soft_stack: u16,
    /// The lowest address the soft stack reached (0: not measured).
    pub soft_stack_low: u16,
    /// The stack guard ([`engine_core::search::SearchHooks::stack_ok`])
    /// stopped a search: the digest then differs too.
    pub stack_full: bool,
}

/// Cycles a jiffy, between PAL's 16,421 and NTSC's 17,045: a count
/// estimated from the jiffies with it is within 2^31 of the true count for
/// 31 hours on either machine, which is what [`Timing::wraps`] needs.
const CYCLES_A_JIFFY: u32 = 16_733;

impl Timing {
    /// How often the 32-bit cycle count wrapped: the number of 2^32 that
    /// brings it nearest the jiffies' estimate (jiffies x 16,733, a 48-bit
    /// product worked out in 16-bit halves: no 64-bit arithmetic on the C64).
    pub fn wraps(&self) -> u32 {
        let (high, low) = (self.jiffies >> 16, self.jiffies & 0xFFFF);
        let low_product = low * CYCLES_A_JIFFY; // < 2^31
        let mid = high * CYCLES_A_JIFFY + (low_product >> 16); // the product >> 16
        let estimate_high = mid >> 16;
        let estimate_low = (mid << 16) | (low_product & 0xFFFF);
        // The nearest k with k * 2^32 + cycles close to the estimate: the
        // high word of (estimate - cycles), rounded by its low word's top bit.
        let (diff, borrow) = estimate_low.overflowing_sub(self.cycles);
        if borrow && estimate_high == 0 {
            return 0; // the count is ahead of the estimate: no wrap
        }
        estimate_high - borrow as u32 + (diff >> 31)
    }

    /// The whole cycle count divided by `d` (1 ..= 2^28), exact while the
    /// count is below 2^36 (19 hours) and the quotient below 2^32: in
    /// sixteenths first, so the 32-bit divisions of the rest of the program
    /// serve (no 64-bit library on the C64).
    pub fn cycles_over(&self, d: u32) -> u32 {
        let d = d.max(1);
        let sixteenths = (self.wraps() << 28) | (self.cycles >> 4);
        let (q, r) = (sixteenths / d, sixteenths % d);
        (q << 4) + ((r << 4) | (self.cycles & 15)) / d
    }
}

/// The drive's search hooks: only the stack guard.
struct Guard<F: FnMut() -> bool> {
    stack_ok: F,
    tripped: bool,
}

impl<F: FnMut() -> bool> SearchHooks for Guard<F> {
    #[inline(always)]
    fn stack_ok(&mut self) -> bool {
        let ok = (self.stack_ok)();
        self.tripped |= !ok;
        ok
    }
}

/// Replay the drive workload with `searcher`, showing the title and the
/// searches done so far; `stack_ok` is the machine's stack guard, asked at
/// every node (`|| true` on the host). Returns the workload's report and
/// whether the guard stopped a search.
pub fn run<S: Screen, T: Slots>(
    screen: &mut S,
    searcher: &mut Searcher<T>,
    stack_ok: impl FnMut() -> bool,
) -> (Report, bool) {
    let mut title = *b"c64chess drive level 0";
    title[21] = b'0' + DRIVE_LEVEL;
    text(screen, 0, 0, &title, attr(TITLE, colour::BLACK));
    text(screen, 0, ROW_SEARCHES, b"searches", attr(LABEL, colour::BLACK));
    let mut done = 0u32;
    let mut guard = Guard { stack_ok, tripped: false };
    let report = drive_default(searcher, &mut guard, |_| {
        done += 1;
        figure(screen, ROW_SEARCHES, done);
    });
    (report, guard.tripped)
}

/// Show the report and the timing; returns true if the digest is the
/// expected one and the stack guard never stopped a search (then the
/// digest row ends in `ok`, else in `want` and the expected digest).
pub fn show<S: Screen>(screen: &mut S, report: &Report, timing: &Timing) -> bool {
    let label = attr(LABEL, colour::BLACK);
    let wrapped = timing.wraps() != 0;
    // Past 2^32 the count is shown in thousands, under its own label.
    let (cycles_label, cycles): (&[u8], u32) =
        if wrapped { (b"kcycles", timing.cycles_over(1000)) } else { (b"cycles", timing.cycles) };
    let rows: [(u8, &[u8], u32); 8] = [
        (ROW_SEARCHES, b"searches", report.searches),
        (ROW_NODES, b"nodes", report.nodes),
        (ROW_CYCLES, cycles_label, cycles),
        (ROW_JIFFIES, b"jiffies", timing.jiffies),
        (ROW_NPS, b"nodes/s", report.nodes.saturating_mul(60) / timing.jiffies.max(1)),
        (ROW_PER_NODE, b"cyc/node", timing.cycles_over(report.nodes)),
        (ROW_SOFT_STACK, b"softstk", timing.soft_stack as u32),
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
    if timing.soft_stack_low != 0 {
        let hex = hex8(timing.soft_stack_low as u32);
        text(screen, VALUE_COL + 9, ROW_SOFT_STACK, b"$", label);
        text(screen, VALUE_COL + 10, ROW_SOFT_STACK, &hex[4..], label);
    }
    text(screen, 0, ROW_HARD_STACK, b"hwstack", label);
    if timing.stack_full {
        text(screen, VALUE_COL, ROW_HARD_STACK, b"full", attr(colour::RED, colour::BLACK));
    } else {
        text(screen, VALUE_COL, ROW_HARD_STACK, b"ok", attr(colour::GREEN, colour::BLACK));
    }

    let ok = report.digest.0 == EXPECTED_DRIVE_DIGEST && !timing.stack_full;
    text(screen, 0, ROW_DIGEST, b"digest", label);
    text(screen, VALUE_COL, ROW_DIGEST, &hex8(report.digest.0), attr(colour::WHITE, colour::BLACK));
    if report.digest.0 == EXPECTED_DRIVE_DIGEST {
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

/// `n` as 8 lower-case hex digits. Out of line: two callers.
#[inline(never)]
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
        let report = drive_default(&mut searcher, &mut (), |_| {});
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
        let (report, tripped) = run(&mut screen, &mut searcher, || true);
        assert!(!tripped);
        assert_eq!(report.searches, DRIVE_SEARCHES);
        assert_eq!(screen_text(&screen), "c64chess drive level 2\n\nsearches       137");
    }

    #[test]
    fn show_lays_out_the_figures() {
        let mut screen = ScreenBuffer::new();
        let report = Report { searches: 137, nodes: 108_624, digest: Digest(EXPECTED_DRIVE_DIGEST) };
        let timing = Timing {
            cycles: 1_234_567_890,
            jiffies: 7_513,
            soft_stack: 1_893,
            soft_stack_low: 0xC495,
            stack_full: false,
        };
        assert!(show(&mut screen, &report, &timing));
        let expected = "\n\n\
            searches       137\n\
            nodes       108624\n\
            cycles  1234567890\n\
            jiffies       7513\n\
            seconds        125.2\n\
            nodes/s        867\n\
            cyc/node     11365\n\
            softstk       1893 $c495\n\
            hwstack   ok\n\
            digest    64919fed ok";
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
        assert_eq!(rows[ROW_DIGEST as usize], "digest    deadbeef want 64919fed");
        // No division by zero: no nodes, no jiffies.
        assert_eq!(rows[ROW_NPS as usize], "nodes/s          0");
        assert_eq!(rows[ROW_PER_NODE as usize], "cyc/node         0");
        assert_eq!(rows[ROW_SECONDS as usize], "seconds          0.0");
    }

    #[test]
    fn a_wrapped_cycle_count_is_found_again_from_the_jiffies() {
        // 3 hours on PAL: 648,000 jiffies, 10,640,808,000 cycles (2 wraps).
        let total: u64 = 648_000 * 16_421;
        let timing = Timing { cycles: total as u32, jiffies: 648_000, ..Timing::default() };
        assert_eq!(timing.wraps(), 2);
        assert_eq!(timing.cycles_over(1000) as u64, total / 1000);
        assert_eq!(timing.cycles_over(99_592) as u64, total / 99_592);
        // The same time on NTSC (17,045 cycles a jiffy), and short runs.
        for (jiffies, per) in
            [(648_000u32, 17_045u64), (648_000, 16_421), (7_513, 16_421), (262_000, 16_421), (1, 17_045)]
        {
            let total = jiffies as u64 * per + 12_345;
            let timing = Timing { cycles: total as u32, jiffies, ..Timing::default() };
            assert_eq!(timing.wraps() as u64, total >> 32, "{jiffies} jiffies at {per}");
            assert_eq!(timing.cycles_over(7) as u64, total / 7);
        }
        assert_eq!(Timing { cycles: u32::MAX, jiffies: 0, ..Timing::default() }.wraps(), 0);
        let long = Timing { cycles: u32::MAX, jiffies: 3_800_000, ..Timing::default() };
        let total = ((long.wraps() as u64) << 32) | u32::MAX as u64;
        assert_eq!(long.wraps(), 14, "15 hours");
        for d in [16u32, 1000, 99_592, 1 << 28] {
            assert_eq!(long.cycles_over(d) as u64, total / d as u64, "{d}");
        }
    }

    #[test]
    fn a_wrapped_run_shows_thousands_and_a_full_stack_fails() {
        let mut screen = ScreenBuffer::new();
        let report = Report { searches: 137, nodes: 99_592, digest: Digest(EXPECTED_DRIVE_DIGEST) };
        let total: u64 = 648_000 * 16_421;
        let timing =
            Timing { cycles: total as u32, jiffies: 648_000, soft_stack: 2_000, stack_full: true, ..Timing::default() };
        assert!(!show(&mut screen, &report, &timing), "a search stopped by the guard is not a pass");
        let rows: Vec<String> = screen_text(&screen).lines().map(String::from).collect();
        assert_eq!(rows[ROW_CYCLES as usize], std::format!("kcycles{:>11}", total / 1000));
        assert_eq!(rows[ROW_PER_NODE as usize], std::format!("cyc/node{:>10}", total / 99_592));
        assert_eq!(rows[ROW_HARD_STACK as usize], "hwstack   full");
        assert_eq!(rows[ROW_DIGEST as usize], "digest    64919fed ok");
    }

    #[test]
    fn the_guard_stops_the_searches_with_their_banked_moves() {
        let mut screen = ScreenBuffer::new();
        let mut searcher = std::boxed::Box::new(Searcher::new());
        let mut asked = 0u32;
        let (report, tripped) = run(&mut screen, &mut searcher, || {
            asked += 1;
            asked < 5_000
        });
        assert!(tripped);
        assert_eq!(report.searches, DRIVE_SEARCHES, "every search still returns a move");
        assert_ne!(report.digest.0, EXPECTED_DRIVE_DIGEST);
        assert!(report.nodes < 5_000 + DRIVE_SEARCHES, "{} nodes", report.nodes);
    }

    #[test]
    fn hex_digits() {
        assert_eq!(&hex8(0x2c56_ba33), b"2c56ba33");
        assert_eq!(&hex8(0), b"00000000");
        assert_eq!(&hex8(u32::MAX), b"ffffffff");
    }
}
