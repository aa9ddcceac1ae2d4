//! The search's fingerprint, pinned: `c64chess bench`'s node count and
//! digest, and the drive games' digest (the C64 drive harness's `want`,
//! `c64/src/drive.rs`). A change that alters the search fails here until
//! these are updated on purpose, with the commit's `Bench:` line and, for
//! a change in strength, its match in docs/strength.md.
//!
//! tools/target16/run checks that the 16-bit AVR prints the same figures
//! as the host; this test checks that the host prints these.

use engine_core::bench::{bench, drive_default};
use engine_core::Searcher;

#[test]
fn bench_and_drive_are_the_pinned_search() {
    let report = bench(&mut Searcher::new(), |_, _| {});
    assert_eq!(
        (report.searches, report.nodes, report.digest.0),
        (16, 172_459, 0x2e2c_a017),
        "bench changed: update the pin, and the commit's `Bench:` line"
    );
    let report = drive_default(&mut Searcher::new(), &mut (), |_| {});
    assert_eq!(
        (report.searches, report.nodes, report.digest.0),
        (137, 80_719, 0x6491_9fed),
        "the drive games changed: update the pin and c64/src/drive.rs's digest"
    );
}
