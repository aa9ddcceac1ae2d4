//! Playing strength in Elo: the four levels' ratings, and the search limits
//! that play a requested rating (the `UCI_LimitStrength` / `UCI_Elo`
//! options).
//!
//! The ratings are on Stockfish 15.1's `UCI_Elo` scale, fitted by
//! `tools/ladder/ladder.py` from each level's games against Stockfish's
//! strength limiter (method, rungs and intervals in docs/strength.md, "The
//! Elo ladder"). A rating between two levels plays the budget between
//! theirs: nodes interpolated geometrically (as if each doubling of nodes
//! were worth the same), the depth cap linearly, rounded. That is an
//! approximation, measured once: at 1550, halfway between levels 1 and 2,
//! the budget scores about 61% against Stockfish at 1550, where level 1
//! itself scores 45% (Stockfish's scale is uneven: it steps at each depth
//! its limiter picks from). A rating outside the ladder is clamped to it:
//! below level 1 the engine has no measured way to play worse, above level
//! 4 none to play better.

use engine_core::level::LEVELS;
use engine_core::Limits;

/// The fitted rating of each level, 1 to 4 (docs/strength.md). Strictly
/// increasing, so every rating in range has one pair of neighbours.
pub const LADDER: [u16; 4] = [1457, 1663, 1777, 1954];

/// The lowest rating `UCI_Elo` takes: level 1's.
pub const MIN_ELO: u16 = LADDER[0];
/// The highest rating `UCI_Elo` takes, and its default: level 4's.
pub const MAX_ELO: u16 = LADDER[3];

/// The search limits that play `elo` (clamped to the ladder). At a
/// level's own rating they are exactly that level's.
pub fn limits(elo: u16) -> Limits {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let upper = LADDER.iter().position(|&r| r >= elo).unwrap_or(LADDER.len() - 1);
    if LADDER[upper] == elo || upper == 0 {
        return LEVELS[upper];
    }
    let (below, above) = (LEVELS[upper - 1], LEVELS[upper]);
    let t = f64::from(elo - LADDER[upper - 1]) / f64::from(LADDER[upper] - LADDER[upper - 1]);
    let nodes = f64::from(below.nodes) * (f64::from(above.nodes) / f64::from(below.nodes)).powf(t);
    let depth = f64::from(below.depth) + t * (f64::from(above.depth) - f64::from(below.depth));
    Limits { depth: depth.round() as u8, nodes: nodes.round() as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_plays_its_own_rating_exactly() {
        assert!(LADDER.windows(2).all(|w| w[0] < w[1]), "the ladder must rise: {LADDER:?}");
        for (rating, level) in LADDER.iter().zip(LEVELS) {
            assert_eq!(limits(*rating), level);
        }
    }

    #[test]
    fn ratings_between_levels_interpolate_and_outside_clamp() {
        assert_eq!(limits(0), LEVELS[0]);
        assert_eq!(limits(MIN_ELO - 1), LEVELS[0]);
        assert_eq!(limits(u16::MAX), LEVELS[3]);
        let mut last = limits(MIN_ELO);
        for elo in MIN_ELO..=MAX_ELO {
            let now = limits(elo);
            assert!(now.nodes >= last.nodes && now.depth >= last.depth, "{elo}: {last:?} then {now:?}");
            let level = LADDER.iter().rposition(|&r| r <= elo).unwrap();
            let next = LEVELS[(level + 1).min(3)];
            assert!(now.nodes >= LEVELS[level].nodes && now.nodes <= next.nodes, "{elo}: {now:?}");
            last = now;
        }
        // Halfway (in rating) between two levels is halfway in doublings.
        let mid = (LADDER[0] + LADDER[1]) / 2;
        let geometric = (f64::from(LEVELS[0].nodes) * f64::from(LEVELS[1].nodes)).sqrt();
        let got = f64::from(limits(mid).nodes);
        assert!((got / geometric - 1.0).abs() < 0.02, "{got} against {geometric}");
    }
}
