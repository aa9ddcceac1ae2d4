//! Perft: leaf counts of the legal move tree, against published numbers
//! (`data/perft.epd`, from chessprogramming.org) and, for the small
//! classic-bug positions, against shakmaty computed on the spot.
//!
//! A single missing, extra or wrongly made move anywhere in a tree changes
//! its count, so an exact match to depth 5 or 6 is strong evidence the rules
//! are right. Cases of up to ~5 M leaves run in plain `cargo test`; deeper
//! ones are `#[ignore]`d (CI runs them with `--release -- --ignored`). One
//! test per case, so a failure names its position and depth.

use c64chess_tests::{first_divergence, perft_case, position, reference, TRICKY};
use engine_core::perft;

/// Check the published counts of `name` at `depths`; on a mismatch, name
/// the first node where the engine and shakmaty disagree.
fn check_published(name: &str, depths: std::ops::RangeInclusive<u8>) {
    let case = perft_case(name);
    let mut pos = position(&case.fen);
    let before = pos.clone();
    for depth in depths {
        let want = case.counts[depth as usize - 1];
        let got = perft(&mut pos, depth);
        assert_eq!(pos, before, "{name}: perft({depth}) did not restore the position");
        if got != Some(want) {
            // Divide against shakmaty, shallow enough to finish quickly.
            let hint = first_divergence(&mut pos, u32::from(depth).min(4));
            panic!(
                "{name} ({}): perft({depth}) = {got:?}, published {want}\n  divergence: {}",
                case.fen,
                hint.unwrap_or_else(|| "none found within depth 4".into())
            );
        }
    }
}

macro_rules! published {
    ($($(#[$attr:meta])* $test:ident: $name:literal, $depths:expr;)*) => {$(
        /// The published perft counts of this position at these depths.
        #[test]
        $(#[$attr])*
        fn $test() {
            check_published($name, $depths);
        }
    )*};
}

published! {
    startpos_to_depth_5: "startpos", 1..=5;
    #[ignore = "119 M leaves: run with --release -- --ignored"]
    startpos_depth_6: "startpos", 6..=6;

    kiwipete_to_depth_4: "kiwipete", 1..=4;
    #[ignore = "194 M leaves: run with --release -- --ignored"]
    kiwipete_depth_5: "kiwipete", 5..=5;

    position3_to_depth_5: "position3", 1..=5;
    #[ignore = "11 M leaves: run with --release -- --ignored"]
    position3_depth_6: "position3", 6..=6;

    position4_to_depth_4: "position4", 1..=4;
    #[ignore = "16 M leaves: run with --release -- --ignored"]
    position4_depth_5: "position4", 5..=5;

    position4_mirrored_to_depth_4: "position4_mirrored", 1..=4;
    #[ignore = "16 M leaves: run with --release -- --ignored"]
    position4_mirrored_depth_5: "position4_mirrored", 5..=5;

    position5_to_depth_4: "position5", 1..=4;
    #[ignore = "90 M leaves: run with --release -- --ignored"]
    position5_depth_5: "position5", 5..=5;

    position6_to_depth_4: "position6", 1..=4;
    #[ignore = "164 M leaves: run with --release -- --ignored"]
    position6_depth_5: "position6", 5..=5;
}

/// Every classic-bug position, at every depth of its table row: the engine's
/// count equals shakmaty's count (computed here, now) and the number written
/// in the table. All positions are checked before failing, and the failure
/// lists each bad position with the first node where the generators differ.
#[test]
fn tricky_positions_match_shakmaty_and_table() {
    assert!(TRICKY.len() >= 12);
    let mut failures = Vec::new();
    for t in TRICKY {
        assert!(!t.counts.is_empty(), "{}: no counts in the table", t.name);
        let mut pos = position(t.fen);
        let theirs = reference::from_fen(t.fen);
        for (i, &want) in t.counts.iter().enumerate() {
            let depth = i as u8 + 1;
            let ours = perft(&mut pos, depth);
            let refs = reference::perft(&theirs, depth.into());
            assert_eq!(refs, want, "{}: the table disagrees with shakmaty at depth {depth}", t.name);
            if ours != Some(refs) {
                let hint = first_divergence(&mut pos, depth.into()).unwrap_or_default();
                failures.push(format!(
                    "{} ({}): depth {depth}: engine {ours:?}, shakmaty {refs}\n    {hint}",
                    t.name, t.fen
                ));
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{} position(s) wrong:\n  {}", failures.len(), failures.join("\n  "));
}

/// The TalkChess positions at the depth their list publishes (counts found
/// independently of shakmaty), and the McKenzie promotion position at depth 6.
#[test]
#[ignore = "about 80 M leaves: run with --release -- --ignored"]
fn tricky_positions_published_depths() {
    let mut failures = Vec::new();
    for t in TRICKY {
        let Some((depth, want)) = t.published else { continue };
        let got = perft(&mut position(t.fen), depth);
        if got != Some(want) {
            failures.push(format!("{} ({}): perft({depth}) = {got:?}, published {want}", t.name, t.fen));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A tree the arena cannot hold is reported as `None`, never as a wrong
/// count: with a 40-slot arena the start position's 20 moves fit at the root,
/// but not again below it.
#[test]
fn perft_reports_a_too_small_arena() {
    let mut pos = engine_core::Position::startpos();
    let mut arena = [engine_core::Move::NONE; 40];
    assert_eq!(engine_core::perft_in(&mut pos, 1, &mut arena), Some(20));
    assert_eq!(engine_core::perft_in(&mut pos, 3, &mut arena), None);
    assert_eq!(pos, engine_core::Position::startpos());
}
