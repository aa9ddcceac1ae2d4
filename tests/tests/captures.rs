//! The captures-only generator (`GenMode::Captures`, used by quiescence) and
//! the checks generator (`GenMode::Checks`, the mate drive's).
//!
//! Proven at every node of the perft trees, to depth 3, of every table
//! position (the published ones and the classic-bug ones):
//! * the captures-only list is exactly the full pseudo-legal list filtered to
//!   (CAPTURE flag set or promotion), in the same order: search breaks ties
//!   by list position, so the order is behaviour, not detail;
//! * the checks list is exactly the full list filtered to captures and the
//!   moves `Position::gives_check` does not rule out, in the same order;
//! * every move carries its ordering score (captures, promotions; 0 else);
//! * the CAPTURE flag is right: set exactly when the target holds an enemy
//!   piece or the move is en passant (onto the en passant square);
//! * a too-short output slice yields a prefix of the full list, of exactly
//!   the slice's length.

use c64chess_tests::{all_table_fens, position, pseudo, walk_tree};
use engine_core::mv::{order, CAPTURE, CASTLE_KING, CASTLE_QUEEN, EN_PASSANT};
use engine_core::piece::{EMPTY, PAWN, QUEEN};
use engine_core::square::Square;
use engine_core::{GenMode, Move, Position};

/// Positions against a bare king, with pawns about to promote: the
/// generator answers a captures-only request there from the seventh rank
/// alone.
const BARE_KING: [&str; 3] =
    ["8/3P4/8/8/8/2k5/8/4K3 w - - 0 1", "4k3/1P5P/8/8/8/8/8/R3K3 w Q - 0 1", "8/8/8/8/3k4/8/2p1p2p/4K3 b - - 0 1"];

/// Visit every node to depth 3 of every table position and of
/// [`BARE_KING`]; returns the node count.
fn for_every_node(mut check: impl FnMut(&mut Position)) -> u64 {
    let mut nodes = 0;
    for fen in all_table_fens().into_iter().chain(BARE_KING.iter().map(|f| f.to_string())) {
        let mut pos = position(&fen);
        walk_tree(&mut pos, 3, &mut |p, _| {
            nodes += 1;
            check(p);
        });
    }
    nodes
}

/// A list as (from, to, flags): Move's `==` ignores the ordering score;
/// this compares the flags too, explicitly.
fn key(v: &[Move]) -> Vec<(Square, Square, u8)> {
    v.iter().map(|m| (m.from, m.to, m.flags)).collect()
}

/// Captures-only = the filtered full list, same order, at every node.
#[test]
fn captures_are_the_ordered_filtered_full_list() {
    let (mut capture_nodes, mut promo_pushes, mut bare_king_nodes, mut bare_king_promotions) = (0u64, 0u64, 0u64, 0u64);
    let nodes = for_every_node(|pos| {
        // The generator's shortcut when the opponent has only its king
        // (the piece count is a running total the drift tests recount).
        let bare = pos.pieces(pos.side_to_move().other()) == 1;
        bare_king_nodes += u64::from(bare);
        let full = pseudo(pos, GenMode::All);
        let caps = pseudo(pos, GenMode::Captures);
        let want: Vec<Move> = full.iter().copied().filter(|m| m.is_capture() || m.promotion() != 0).collect();
        assert_eq!(key(&caps), key(&want), "at {}", pos.fen());
        capture_nodes += u64::from(!caps.is_empty());
        let promotions = caps.iter().filter(|m| !m.is_capture() && m.promotion() != 0).count() as u64;
        promo_pushes += promotions;
        bare_king_promotions += if bare { promotions } else { 0 };
    });
    // The walk really met captures and quiet promotions (otherwise it proves little).
    assert!(nodes > 500_000, "only {nodes} nodes");
    assert!(capture_nodes > 100_000, "only {capture_nodes} nodes with captures");
    assert!(promo_pushes > 1_000, "only {promo_pushes} quiet promotions");
    assert!(bare_king_nodes > 1_000, "only {bare_king_nodes} nodes against a bare king");
    assert!(bare_king_promotions > 1_000, "only {bare_king_promotions} promotions against a bare king");
}

/// Checks = the full list filtered to captures and possible checks, same
/// order, at every node; and the walk met quiet checks of every kind.
#[test]
fn checks_are_the_ordered_filtered_full_list() {
    let (mut quiet_checks, mut kept_castles) = (0u64, 0u64);
    for_every_node(|pos| {
        let full = pseudo(pos, GenMode::All);
        let checks = pseudo(pos, GenMode::Checks);
        let want: Vec<Move> =
            full.iter().copied().filter(|&m| m.is_capture() || pos.gives_check(m) != Some(false)).collect();
        assert_eq!(key(&checks), key(&want), "at {}", pos.fen());
        quiet_checks += want.iter().filter(|&&m| pos.gives_check(m) == Some(true) && !m.is_capture()).count() as u64;
        kept_castles += want.iter().filter(|m| m.flags & (CASTLE_KING | CASTLE_QUEEN) != 0).count() as u64;
    });
    assert!(quiet_checks > 10_000, "only {quiet_checks} quiet checks");
    assert!(kept_castles > 1_000, "only {kept_castles} castles");
}

/// Every generated move carries the ordering score of its kind: a
/// promotion's by its piece, a capture's by victim and attacker (en passant
/// takes a pawn), 0 for the rest.
#[test]
fn generated_moves_carry_their_ordering_scores() {
    let mut scored = 0u64;
    for_every_node(|pos| {
        for m in pseudo(pos, GenMode::All) {
            let want = match m.promotion() {
                QUEEN => order::QUEEN_PROMOTION,
                0 if m.is_capture() => order::capture(pos.at(m.to).kind().max(PAWN), pos.at(m.from).kind()),
                0 => 0,
                _ => order::UNDERPROMOTION,
            };
            assert_eq!(m.score, want, "{m} at {}", pos.fen());
            scored += u64::from(want != 0);
        }
    });
    assert!(scored > 100_000, "only {scored} scored moves");
}

/// The CAPTURE flag is set exactly on captures: an enemy piece on the
/// target, or en passant onto the en passant square (whose target is empty).
#[test]
fn capture_flag_matches_the_board() {
    let mut ep_moves = 0u64;
    for_every_node(|pos| {
        let us = pos.side_to_move();
        for m in pseudo(pos, GenMode::All) {
            let target = pos.at(m.to);
            let ep = m.flags & EN_PASSANT != 0;
            if ep {
                ep_moves += 1;
                assert_eq!(m.to, pos.ep_square(), "{m} at {}: en passant off the ep square", pos.fen());
                assert_eq!(target, EMPTY, "{m} at {}", pos.fen());
                assert_ne!(m.flags & CAPTURE, 0, "{m} at {}: en passant without CAPTURE", pos.fen());
            } else {
                let enemy = target != EMPTY && target.color() != us;
                assert!(target == EMPTY || enemy, "{m} at {}: lands on an own piece", pos.fen());
                assert_eq!(m.is_capture(), enemy, "{m} ({:#04x}) at {}", m.flags, pos.fen());
            }
        }
    });
    assert!(ep_moves > 1_000, "only {ep_moves} en passant moves seen");
}

/// Writing into a slice shorter than the list stops at its end: the count is
/// the slice length and the moves are the list's first ones, in every mode.
#[test]
fn short_output_slices_get_a_prefix() {
    for fen in all_table_fens() {
        let mut pos = position(&fen);
        walk_tree(&mut pos, 1, &mut |p, _| {
            for mode in [GenMode::All, GenMode::Captures, GenMode::Checks] {
                let full = pseudo(p, mode);
                for len in 0..full.len() {
                    let mut buf = vec![Move::NONE; len];
                    assert_eq!(p.generate(&mut buf, mode), len, "at {} len {len}", p.fen());
                    assert_eq!(buf[..], full[..len], "at {} len {len}", p.fen());
                }
            }
        });
    }
}
