//! `go`: its parameters, and the rule that turns them into search limits and
//! a time plan.
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
//!
//! Malformed parameters are reported and ignored, never fatal: every `go`
//! searches and answers exactly one `bestmove`.

use std::time::Duration;

use engine_core::piece::{Color, WHITE};
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

/// A number parameter: negative values read as 0 (some GUIs send a negative
/// clock after a flag fall).
fn parse_number(text: &str) -> Option<u64> {
    text.parse::<i64>().ok().map(|v| v.max(0).unsigned_abs())
}

impl GoParams {
    /// Parse the tokens after `go`. Returns the parameters and a message for
    /// each token that was ignored (unknown, or a missing or bad number).
    pub fn parse(tokens: &[&str]) -> (GoParams, Vec<String>) {
        let mut params = GoParams::default();
        let mut warnings = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let token = tokens[i];
            i += 1;
            let slot = match token {
                "infinite" => {
                    params.infinite = true;
                    continue;
                }
                "ponder" => {
                    params.ponder = true;
                    continue;
                }
                "searchmoves" => {
                    while i < tokens.len() && !is_keyword(tokens[i]) {
                        params.searchmoves.push(tokens[i].to_owned());
                        i += 1;
                    }
                    continue;
                }
                _ => match params.number_slot(token) {
                    Some(slot) => slot,
                    None => {
                        warnings.push(format!("go: ignoring unknown token {}", super::quote(token)));
                        continue;
                    }
                },
            };
            match tokens.get(i) {
                Some(text) if !is_keyword(text) => {
                    i += 1;
                    match parse_number(text) {
                        Some(v) => *slot = Some(v),
                        None => warnings.push(format!("go: {token} {} is not a number; ignored", super::quote(text))),
                    }
                }
                _ => warnings.push(format!("go: {token} needs a number; ignored")),
            }
        }
        (params, warnings)
    }

    /// The field a numeric keyword fills.
    fn number_slot(&mut self, keyword: &str) -> Option<&mut Option<u64>> {
        Some(match keyword {
            "depth" => &mut self.depth,
            "nodes" => &mut self.nodes,
            "movetime" => &mut self.movetime,
            "wtime" => &mut self.wtime,
            "btime" => &mut self.btime,
            "winc" => &mut self.winc,
            "binc" => &mut self.binc,
            "movestogo" => &mut self.movestogo,
            "mate" => &mut self.mate,
            _ => return None,
        })
    }

    /// The mover's clock and increment.
    fn clock_of(&self, side: Color) -> (Option<u64>, u64) {
        if side == WHITE {
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

/// Tokens that end a `searchmoves` list.
fn is_keyword(token: &str) -> bool {
    matches!(
        token,
        "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo" | "mate" | "infinite"
            | "ponder" | "searchmoves"
    )
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
    use engine_core::level::level;
    use engine_core::piece::BLACK;

    use crate::options::DEFAULT_MOVE_OVERHEAD as OH;

    fn parse(line: &str) -> (GoParams, Vec<String>) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        GoParams::parse(&tokens)
    }

    #[test]
    fn parses_every_parameter_and_reports_junk() {
        let (p, w) = parse("wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 3 nodes 99 movetime 50 mate 2 ponder infinite");
        assert!(w.is_empty(), "{w:?}");
        assert_eq!((p.wtime, p.btime, p.winc, p.binc, p.movestogo), (Some(1000), Some(0), Some(10), Some(20), Some(7)));
        assert_eq!((p.depth, p.nodes, p.movetime, p.mate), (Some(3), Some(99), Some(50), Some(2)));
        assert!(p.ponder && p.infinite);
        let (p, w) = parse("searchmoves e2e4 d2d4 depth x banana nodes");
        assert_eq!(p.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(p.depth, None);
        assert_eq!(w.len(), 3, "depth x, banana, nodes: {w:?}");
        let (p, w) = parse("depth 99999999999999999999999");
        assert_eq!((p.depth, w.len()), (None, 1));
        let (p, w) = parse("movetime wtime 5");
        assert_eq!((p.movetime, p.wtime, w.len()), (None, Some(5), 1));
    }

    #[test]
    fn limits_rule() {
        let o = EngineOptions::default();
        let plan = |line: &str| parse(line).0.plan(WHITE, &o);
        assert_eq!(plan("").limits, level(4));
        assert_eq!(plan("ponder").limits, level(4));
        assert_eq!(plan("btime 100").limits, level(4), "the opponent's clock is not a limit");
        assert_eq!(plan("depth 3").limits, Limits { depth: 3, nodes: u32::MAX });
        assert_eq!(plan("depth 0").limits.depth, 1);
        assert_eq!(plan("depth 500").limits.depth, MAX_DEPTH);
        assert_eq!(plan("nodes 5000").limits, Limits { depth: MAX_DEPTH, nodes: 5000 });
        assert_eq!(plan("nodes 0").limits.nodes, 1);
        assert_eq!(plan("nodes 99999999999").limits.nodes, u32::MAX);
        assert_eq!(plan("mate 2").limits.depth, 3);
        assert_eq!(plan("mate 2 depth 2").limits.depth, 2);
        let clocked = plan("wtime 60000 btime 1");
        assert_eq!(clocked.limits, Limits { depth: MAX_DEPTH, nodes: u32::MAX });
        assert!(clocked.clock.is_some());
        assert_eq!(parse("wtime 1 btime 60000").0.plan(BLACK, &o).clock, Some(clock_plan(60000, 0, None, OH)));
        let infinite = plan("infinite");
        assert!(infinite.infinite && infinite.clock.is_none());
        assert_eq!(infinite.limits.nodes, u32::MAX);
        let both = plan("movetime 100 wtime 1000");
        assert_eq!(both.clock.map(|c| c.hard), Some(clock_plan(1000, 0, None, OH).hard.min(movetime_plan(100, OH).hard)));
    }

    /// A rated engine keeps its rating's budget on a clock, and a shorter
    /// limit of the `go` still wins.
    #[test]
    fn limited_strength_caps_every_search() {
        let mut o = EngineOptions::default();
        o.set("UCI_LimitStrength", "true").unwrap();
        o.set("UCI_Elo", &crate::rating::LADDER[1].to_string()).unwrap();
        let plan = |line: &str| parse(line).0.plan(WHITE, &o);
        for line in ["", "wtime 600000 btime 600000", "infinite", "movetime 100000", "depth 20"] {
            let p = plan(line);
            assert_eq!(p.limits, level(2), "{line}");
            assert!(p.by_level, "{line}: the C64's table, as the ladder played");
        }
        assert_eq!(plan("depth 2").limits, Limits { depth: 2, nodes: level(2).nodes });
        assert_eq!(plan("nodes 100").limits, Limits { depth: level(2).depth, nodes: 100 });
        assert!(plan("wtime 1000 btime 1000").clock.is_some());
    }

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
        assert_eq!(parse("movetime 2000").0.plan(WHITE, &slow).clock, Some(movetime_plan(2000, 100)));
    }
}
