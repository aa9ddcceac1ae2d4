//! The fixed work of the 16-bit truth run (design §3).
//!
//! The same code runs on the host (`examples/host.rs`) and on an ATmega2560 in
//! simavr (`../firmware`), writing plain text lines through a caller-given
//! [`Write`]. The runner compares the two outputs line for line, so every line
//! here must be a pure function of the engine's results.
//!
//! Output grammar:
//!
//! ```text
//! section <name>            start of a section (the runner times sections)
//! <result lines>            e.g. `perft <position> d<depth> <nodes>`
//! digest <name> <8 hex>     FNV-1a over the section's numbers
//! END                       the whole workload finished
//! ```
//!
//! Adding a section is one function with the [`Section::body`] signature plus
//! one entry in [`SECTIONS`].
#![no_std]

use core::fmt::{self, Write};
use engine_core::{perft, Position, START_FEN};

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
    Section {
        name: "canary",
        body: canary,
    },
    Section {
        name: "perft",
        body: perft_section,
    },
];

/// Runs every section and then prints `END`.
pub fn run(out: &mut dyn Write) -> fmt::Result {
    for section in SECTIONS {
        writeln!(out, "section {}", section.name)?;
        let mut digest = Digest::new();
        (section.body)(out, &mut digest)?;
        writeln!(out, "digest {} {:08x}", section.name, digest.value())?;
    }
    writeln!(out, "END")
}

/// FNV-1a, 32 bits, over numbers fed as eight little-endian bytes each.
///
/// Spelled out with `u32` wrapping operations so it means the same on a
/// 16-bit target as on the host.
pub struct Digest(u32);

impl Digest {
    const OFFSET: u32 = 0x811c_9dc5;
    const PRIME: u32 = 0x0100_0193;

    /// The empty digest.
    pub fn new() -> Self {
        Digest(Self::OFFSET)
    }

    /// Feeds one number.
    pub fn add(&mut self, n: u64) {
        for byte in n.to_le_bytes() {
            self.0 = (self.0 ^ u32::from(byte)).wrapping_mul(Self::PRIME);
        }
    }

    /// The digest so far.
    pub fn value(&self) -> u32 {
        self.0
    }
}

impl Default for Digest {
    fn default() -> Self {
        Self::new()
    }
}

/// The standard perft positions: (name, FEN, depth).
const PERFT: [(&str, &str, u8); 6] = [
    ("start", START_FEN, 3),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
    (
        "pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    ),
    (
        "pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
    ),
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
        digest.add(nodes);
        writeln!(out, "perft {name} d{depth} {nodes}")?;
    }
    Ok(())
}

/// Overflows `usize` on a 16-bit target (300 * 300 > 65535), never on the host.
#[cfg(feature = "overflow-canary")]
fn canary(out: &mut dyn Write, digest: &mut Digest) -> fmt::Result {
    let n: usize = core::hint::black_box(300);
    let square = n * n;
    digest.add(square as u64);
    writeln!(out, "canary {square}")
}
