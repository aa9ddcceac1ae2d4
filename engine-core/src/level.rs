//! Skill levels: levels 1-4 a node budget, with a depth cap as a safety
//! rail; levels 5-10 a time a move, kept by the front end's clock.
//!
//! The budget is the real lever. What a depth costs depends on the position
//! (depth 2 wants about 1,150 nodes in a middlegame and about 220 in an
//! endgame), and with "never start an iteration you cannot finish" a budget
//! buys whatever depth the position affords: endgames are searched deeper
//! for nothing, which is where the depth converts won games. A depth cap
//! alone blinds the engine exactly there.
//!
//! Level 1's 400 nodes is a floor: below it the ancestor shuffled won
//! endings into fifty-move draws.

use crate::search::{Limits, DEEPEST_PLY};

/// The four levels, 1 (weakest) to 4. Times are the ancestor's on a stock C64.
/// Level 4's cap was the ancestor's 6 until the search techniques made depth
/// 6 cheap enough to end searches well inside the budget: at 8 it scores
/// +29 Elo [+19, +40] over 1,000 games against the cap of 6 (docs/strength.md).
/// Level 1's cap was 3, and 4 plays better by the same argument: about +3
/// Elo at 400 nodes over 4,800 games (5 and 8 a little more again, within
/// the noise, but no level's cap may exceed the next one's: `UCI_Elo`
/// interpolates between them). Level 2's cap of 8 measured about +3 too,
/// but costs the drive's endings 17% more nodes a search, the C64 player's
/// wait: not taken (docs/strength.md, "Level 1's own settings").
/// Late move reduction made a depth cheaper, and the caps of levels 3 and 4
/// went up a ply with it (5 -> 6, 8 -> 9): a level-3 search then spends
/// fewer nodes than before on average and plays better (docs/strength.md,
/// "Late move reduction").
pub const LEVELS: [Limits; 4] = [
    Limits { depth: 4, nodes: 400 },    // 1: about 8 s a move
    Limits { depth: 4, nodes: 1_200 },  // 2: about 30 s
    Limits { depth: 6, nodes: 18_000 }, // 3: a few minutes
    Limits { depth: 9, nodes: 65_000 }, // 4: emulator territory
];

/// The limits of `level` (1..=4; out-of-range values clamp).
pub const fn level(level: u8) -> Limits {
    let i = if level < 1 {
        0
    } else if level > 4 {
        3
    } else {
        level - 1
    };
    LEVELS[i as usize]
}

/// The timed levels, 5 to 10: the seconds a move each aims at on average,
/// and 0 for "until a key". Timed play is a front end's (its clock and its
/// keys stop the search through [`crate::search::SearchHooks::progress`]),
/// so it is not deterministic and no test of the search's digests uses it.
pub const TIMED_SECONDS: [u16; 6] = [5, 15, 30, 60, 180, 0];

/// The highest level: the four node levels, then the timed ones.
pub const TOP_LEVEL: u8 = LEVELS.len() as u8 + TIMED_SECONDS.len() as u8;

/// The seconds a move of `level` (see [`TIMED_SECONDS`]), or `None` for a
/// node level.
pub const fn seconds(level: u8) -> Option<u16> {
    if level <= LEVELS.len() as u8 || level > TOP_LEVEL {
        None
    } else {
        Some(TIMED_SECONDS[(level - 1) as usize - LEVELS.len()])
    }
}

/// What a game at `level` (1..=[`TOP_LEVEL`]) searches with: a node level's
/// limits, or for a timed level no node budget and the deepest iteration
/// (the clock ends the search). Values above the range are the top level.
pub const fn game_limits(level: u8) -> Limits {
    GAME_LIMITS[if level > TIMED { TIMED } else { level } as usize]
}

/// The index of the timed levels' limits in [`GAME_LIMITS`].
const TIMED: u8 = LEVELS.len() as u8 + 1;

/// [`game_limits`] by level, 0 to the first timed one (level 0 clamps to
/// level 1, as [`level`] does): one table read, not the clamps' compares.
const GAME_LIMITS: [Limits; TIMED as usize + 1] =
    [LEVELS[0], LEVELS[0], LEVELS[1], LEVELS[2], LEVELS[3], Limits { depth: DEEPEST_PLY, nodes: u32::MAX }];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timed_levels_follow_the_node_levels() {
        assert_eq!(TOP_LEVEL, 10);
        for n in 0..=4 {
            assert_eq!(seconds(n), None, "level {n}");
            assert_eq!(game_limits(n), level(n), "level {n}");
        }
        let timed: [Option<u16>; 6] = core::array::from_fn(|i| seconds(5 + i as u8));
        assert_eq!(timed, [Some(5), Some(15), Some(30), Some(60), Some(180), Some(0)]);
        assert_eq!(seconds(11), None);
        for n in 5..=11 {
            assert_eq!(game_limits(n), Limits { depth: DEEPEST_PLY, nodes: u32::MAX }, "level {n}");
        }
    }
}
