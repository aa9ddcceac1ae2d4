//! The fixed work of the 16-bit truth run (design §3).
//!
//! The same code runs on the host (`examples/host.rs`) and on an ATmega1284P in
//! simavr (`../firmware`), writing plain text lines through a caller-given
//! [`Write`]. The runner compares the two outputs line for line, so every line
//! here must be a pure function of the engine's results.
//!
//! Output grammar:
//!
//! ```text
//! section <name>            start of a section (the runner times sections)
//! <result lines>            e.g. `perft <position> d<depth> <nodes>`
//! searches <name> <n> <nodes>  search sections: searches and total nodes
//! digest <name> <8 hex>     FNV-1a over the section's numbers (for search
//!                           sections: the same digest `c64chess bench` /
//!                           `drive` print)
//! END                       the whole workload finished
//! ```
//!
//! Adding a section is one function with the [`Section::body`] signature plus
//! one entry in [`SECTIONS`].
#![no_std]

use core::fmt::{self, Write};
use engine_core::bench::{bench, drive_default, Digest, Report};
use engine_core::{perft, Position, SearchResult, Searcher, START_FEN};

/// A named part of the workload with its own digest.
pub struct Section {
    /// Name printed on the `section` and `digest` lines.
    pub name: &'static str,
    /// Writes the section's result lines and feeds every number to the digest.
    pub body: fn(&mut dyn Write, &mut Digest) -> fmt::Result,
}

/// Every section, in run order.
pub const SECTIONS: &[Section] = &[
    // First, so the negative run fails before any real work.
    #[cfg(feature = "overflow-canary")]
    Section { name: "canary", body: canary },
    Section { name: "perft", body: perft_section },
    Section { name: "bench", body: bench_section },
    Section { name: "drive", body: drive_section },
];

/// Runs every section and then prints `END`.
pub fn run(out: &mut dyn Write) -> fmt::Result {
    for section in SECTIONS {
        writeln!(out, "section {}", section.name)?;
        let mut digest = Digest::default();
        (section.body)(out, &mut digest)?;
        writeln!(out, "digest {} {:08x}", section.name, digest.0)?;
    }
    writeln!(out, "END")
}

/// The standard perft positions: (name, FEN, depth).
const PERFT: [(&str, &str, u8); 6] = [
    ("start", START_FEN, 3),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    ("start", START_FEN, 4),
];

/// `perft <name> d<depth> <nodes>` for each of [`PERFT`].
fn perft_section(out: &mut dyn Write, digest: &mut Digest) -> fmt::Result {
    for (name, fen, depth) in PERFT {
        let Ok(mut pos) = Position::from_fen(fen) else {
            panic!("bad FEN for {name}");
        };
        let Some(nodes) = perft(&mut pos, depth) else {
            panic!("perft arena exhausted for {name}");
        };
        digest.wide(nodes);
        writeln!(out, "perft {name} d{depth} {nodes}")?;
    }
    Ok(())
}

/// One line per search: `<section> <n> <nodes> <move> <score>`.
fn search_line(out: &mut dyn Write, section: &str, n: u32, r: &SearchResult) -> fmt::Result {
    writeln!(out, "{section} {n} {} {} {}", r.nodes, r.best, r.score)
}

/// The totals line the runner divides cycles by: `searches <section> <searches> <nodes>`.
fn totals_line(out: &mut dyn Write, section: &str, report: &Report, digest: &mut Digest) -> fmt::Result {
    *digest = report.digest;
    writeln!(out, "searches {section} {} {}", report.searches, report.nodes)
}

/// The bench positions at the bench limits (`c64chess bench`).
fn bench_section(out: &mut dyn Write, digest: &mut Digest) -> fmt::Result {
    let mut searcher = Searcher::new();
    let mut status = Ok(());
    let report = bench(&mut searcher, |i, r| {
        status = status.and(search_line(out, "bench", i as u32 + 1, r));
    });
    status?;
    totals_line(out, "bench", &report, digest)
}

/// The drive games at the drive level (`c64chess drive`).
fn drive_section(out: &mut dyn Write, digest: &mut Digest) -> fmt::Result {
    let mut searcher = Searcher::new();
    let mut status = Ok(());
    let mut n = 0;
    let report = drive_default(&mut searcher, &mut (), |r| {
        n += 1;
        status = status.and(search_line(out, "drive", n, r));
    });
    status?;
    totals_line(out, "drive", &report, digest)
}

/// Overflows `usize` on a 16-bit target (300 * 300 > 65535), never on the host.
#[cfg(feature = "overflow-canary")]
fn canary(out: &mut dyn Write, digest: &mut Digest) -> fmt::Result {
    let n: usize = core::hint::black_box(300);
    let square = n * n;
    digest.wide(square as u64);
    writeln!(out, "canary {square}")
}
