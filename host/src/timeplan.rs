//! What a `go` asks of the search: the limits rule, which turns a `go`'s
//! parameters ([`GoParams`]) into search limits and a time plan, and the
//! time plan itself. `uci` parses a `go` command into [`GoParams`]
//! (`uci/go.rs`); `match`'s in-process player builds the same parameters
//! for its clock, so that it plays exactly as `c64chess uci` would.
//!
//! ## The limits rule
//! * A `go` with no limit of its own (nothing, or only `ponder` and/or
//!   `searchmoves`) searches with the engine options: the Skill level, with
//!   the `Nodes` and `Depth` options overriding its budget and depth cap.
//!   This is the C64-faithful mode.
//! * Any explicit limit (`depth`, `nodes`, `mate`, `movetime`, the mover's
//!   `wtime`/`btime`, `infinite`) replaces the options entirely. The limits
//!   given combine: the search ends at whichever is reached first, and a
//!   dimension not given is unlimited (depth [`MAX_DEPTH`], `u32::MAX` nodes,
//!   no clock). So a clock game uses its time, not the level's budget.
//! * With `UCI_LimitStrength` on, the rating's limits (`UCI_Elo`, see
//!   [`crate::rating`]) hold whatever the `go` says: the `go`'s own limits,
//!   the clock included, can only end the search sooner. That is what a GUI
//!   asks for when it offers a rated opponent on a clock; without it the
//!   clock would buy full strength.
//! * `mate N` caps the depth at `2N - 1` plies: any mate the search finds
//!   within that depth is a mate in at most N moves, and the core stops at
//!   the first mate it finds.
//! * `winc`, `binc`, `movestogo` and the opponent's clock only shape the
//!   time plan; on their own they are not a limit.

use std::time::Duration;

use engine_core::piece::Color;
use engine_core::search::DEEPEST_PLY;
use engine_core::Limits;

use crate::options::EngineOptions;

/// The deepest iteration the core runs (it clamps larger requests to this).
pub const MAX_DEPTH: u8 = DEEPEST_PLY;

/// Clock time kept back for process and pipe latency: this much, or half
/// the clock when less is left (milliseconds).
const RESERVE_MS: u64 = 50;
/// Moves to plan for when the GUI does not say (`movestogo`).
const DEFAULT_MOVES_TO_GO: u64 = 30;

/// The parameters of one `go` command, as given (times in milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `depth`: plies.
    pub depth: Option<u64>,
    /// `nodes`: node budget.
    pub nodes: Option<u64>,
    /// `movetime`: time for this move.
    pub movetime: Option<u64>,
    /// `wtime`: White's clock (negative values read as 0).
    pub wtime: Option<u64>,
    /// `btime`: Black's clock.
    pub btime: Option<u64>,
    /// `winc`: White's increment per move.
    pub winc: Option<u64>,
    /// `binc`: Black's increment per move.
    pub binc: Option<u64>,
    /// `movestogo`: moves until the next time control.
    pub movestogo: Option<u64>,
    /// `mate`: look for a mate in this many moves.
    pub mate: Option<u64>,
    /// `infinite`: print `bestmove` only after `stop`.
    pub infinite: bool,
    /// `ponder`: print `bestmove` only after `stop` or `ponderhit`; the clock
    /// starts at `ponderhit`.
    pub ponder: bool,
    /// `searchmoves`: the root moves allowed, as written (checked later
    /// against the position).
    pub searchmoves: Vec<String>,
}

/// When the search must stop, measured from the moment the clock starts
/// (the `go`, or the `ponderhit` of a ponder search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// Past this, no new iteration is started (it would not finish).
    pub soft: Duration,
    /// Past this, the search is stopped wherever it is.
    pub hard: Duration,
}

/// What a `go` asks of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Depth cap and node budget for the core.
    pub limits: Limits,
    /// The clock's deadlines, if time limits the search.
    pub clock: Option<TimePlan>,
    /// Hold `bestmove` until `stop`.
    pub infinite: bool,
    /// Hold `bestmove` until `stop` or `ponderhit`; no clock until `ponderhit`.
    pub ponder: bool,
    /// The limits are the Skill level's (no limit of the `go`'s own) or the
    /// rating's (`UCI_LimitStrength`): the search then uses the C64's table
    /// size, to play as the level or the ladder's games did.
    pub by_level: bool,
}

impl GoParams {
    /// The mover's clock and increment.
    fn clock_of(&self, side: Color) -> (Option<u64>, u64) {
        if side == Color::White {
            (self.wtime, self.winc.unwrap_or(0))
        } else {
            (self.btime, self.binc.unwrap_or(0))
        }
    }

    /// Apply the limits rule (see the module documentation) for the side to
    /// move `side`.
    pub fn plan(&self, side: Color, options: &EngineOptions) -> Plan {
        let (time, inc) = self.clock_of(side);
        let explicit = self.depth.is_some()
            || self.nodes.is_some()
            || self.mate.is_some()
            || self.movetime.is_some()
            || time.is_some()
            || self.infinite;
        let limits = if options.limit_strength {
            let (own, rated) = (self.explicit_limits(), options.limits());
            Limits { depth: own.depth.min(rated.depth), nodes: own.nodes.min(rated.nodes) }
        } else if explicit {
            self.explicit_limits()
        } else {
            options.limits()
        };
        let overhead = options.move_overhead;
        let by_clock = time.map(|t| clock_plan(t, inc, self.movestogo, overhead));
        let by_movetime = self.movetime.map(|t| movetime_plan(t, overhead));
        let clock = match (by_clock, by_movetime) {
            (Some(a), Some(b)) => Some(TimePlan { soft: a.soft.min(b.soft), hard: a.hard.min(b.hard) }),
            (a, b) => a.or(b),
        };
        let by_level = !explicit || options.limit_strength;
        Plan { limits, clock, infinite: self.infinite, ponder: self.ponder, by_level }
    }

    /// Depth and nodes from `depth`, `mate` and `nodes`; unlimited where not given.
    fn explicit_limits(&self) -> Limits {
        let mut depth = MAX_DEPTH as u64;
        if let Some(d) = self.depth {
            depth = depth.min(d);
        }
        if let Some(moves) = self.mate {
            depth = depth.min(moves.saturating_mul(2).saturating_sub(1));
        }
        let nodes = self.nodes.map_or(u32::MAX, |n| n.clamp(1, u32::MAX as u64) as u32);
        Limits { depth: depth.max(1) as u8, nodes }
    }
}

/// The plan for a clock of `time` ms with `inc` ms per move, `overhead` ms
/// of latency assumed per move (the `Move Overhead` option).
///
/// Keep a reserve back (`RESERVE_MS`, or half of a nearly empty clock); of
/// the rest, aim at an even share of the moves to go plus three quarters of
/// what the increment leaves after the per-move latency
/// (`overhead`): spending the whole increment would let latency
/// drain a short clock move by move. Stop starting iterations at half the
/// target; stop outright at twice the target, but never past a quarter of
/// the usable time (a half with two moves to go, all of it with one). With
/// the reserve and the hard stop in the hooks, a move never costs more than
/// the clock.
pub fn clock_plan(time: u64, inc: u64, movestogo: Option<u64>, overhead: u64) -> TimePlan {
    let moves = movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
    let usable = time - (time / 2).min(RESERVE_MS);
    let spare_inc = inc.saturating_sub(overhead);
    let target = (usable / moves).saturating_add(spare_inc.saturating_mul(3) / 4);
    let hard = target.saturating_mul(2).min(usable / moves.min(4));
    let soft = (target / 2).min(hard);
    TimePlan { soft: Duration::from_millis(soft), hard: Duration::from_millis(hard) }
}

/// The plan for `movetime` ms: use it all, less the latency allowance
/// `overhead`, but never more than a tenth of it.
pub fn movetime_plan(movetime: u64, overhead: u64) -> TimePlan {
    let hard = Duration::from_millis(movetime - (movetime / 10).min(overhead));
    TimePlan { soft: hard, hard }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::options::DEFAULT_MOVE_OVERHEAD as OH;

    #[test]
    fn clock_plan_is_safe_at_every_clock() {
        for time in (0..2000).chain([10_000, 60_000, 3_600_000, u64::MAX / 2]) {
            for inc in [0, 10, 1000, u64::MAX] {
                for mtg in [None, Some(0), Some(1), Some(2), Some(40)] {
                    let p = clock_plan(time, inc, mtg, OH);
                    assert!(p.soft <= p.hard);
                    assert!(p.hard.as_millis() <= (time - (time / 2).min(RESERVE_MS)) as u128, "{time} {inc} {mtg:?}");
                }
            }
        }
        let one_second = clock_plan(1000, 10, None, OH);
        assert_eq!(one_second, TimePlan { soft: Duration::from_millis(15), hard: Duration::from_millis(62) });
        let with_increment = clock_plan(60_000, 1000, None, OH);
        assert_eq!(with_increment.hard, Duration::from_millis(2 * (59_950 / 30 + 990 * 3 / 4)));
        assert_eq!(movetime_plan(1000, OH).hard, Duration::from_millis(990));
        assert_eq!(movetime_plan(50, OH).hard, Duration::from_millis(45));
        assert_eq!(movetime_plan(0, OH).hard, Duration::ZERO);
        // Move Overhead: more latency, less time; never more than a tenth of movetime.
        assert_eq!(movetime_plan(1000, 200).hard, Duration::from_millis(900));
        assert!(clock_plan(60_000, 1000, None, 500).hard < with_increment.hard);
        let mut slow = EngineOptions::default();
        slow.set("Move Overhead", "100").unwrap();
        let movetime = GoParams { movetime: Some(2000), ..GoParams::default() };
        assert_eq!(movetime.plan(Color::White, &slow).clock, Some(movetime_plan(2000, 100)));
    }
}
