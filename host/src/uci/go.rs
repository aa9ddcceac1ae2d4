//! `go`: its parameters parsed into [`GoParams`]. What they ask of the
//! search (the limits rule and the time plan) is [`crate::timeplan`]'s,
//! which `match` shares.
//!
//! Malformed parameters are reported and ignored, never fatal: every `go`
//! searches and answers exactly one `bestmove`.

use crate::timeplan::GoParams;

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
}

/// Tokens that end a `searchmoves` list.
fn is_keyword(token: &str) -> bool {
    matches!(
        token,
        "depth"
            | "nodes"
            | "movetime"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "mate"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::level::level;
    use engine_core::piece::Color;
    use engine_core::Limits;

    use crate::options::{EngineOptions, DEFAULT_MOVE_OVERHEAD as OH};
    use crate::timeplan::{clock_plan, movetime_plan, MAX_DEPTH};

    fn parse(line: &str) -> (GoParams, Vec<String>) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        GoParams::parse(&tokens)
    }

    #[test]
    fn parses_every_parameter_and_reports_junk() {
        let (p, w) = parse(
            "wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 3 nodes 99 movetime 50 mate 2 ponder infinite",
        );
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
        let plan = |line: &str| parse(line).0.plan(Color::White, &o);
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
        assert_eq!(parse("wtime 1 btime 60000").0.plan(Color::Black, &o).clock, Some(clock_plan(60000, 0, None, OH)));
        let infinite = plan("infinite");
        assert!(infinite.infinite && infinite.clock.is_none());
        assert_eq!(infinite.limits.nodes, u32::MAX);
        let both = plan("movetime 100 wtime 1000");
        assert_eq!(
            both.clock.map(|c| c.hard),
            Some(clock_plan(1000, 0, None, OH).hard.min(movetime_plan(100, OH).hard))
        );
    }

    /// A rated engine keeps its rating's budget on a clock, and a shorter
    /// limit of the `go` still wins.
    #[test]
    fn limited_strength_caps_every_search() {
        let mut o = EngineOptions::default();
        o.set("UCI_LimitStrength", "true").unwrap();
        o.set("UCI_Elo", &crate::rating::LADDER[1].to_string()).unwrap();
        let plan = |line: &str| parse(line).0.plan(Color::White, &o);
        for line in ["", "wtime 600000 btime 600000", "infinite", "movetime 100000", "depth 20"] {
            let p = plan(line);
            assert_eq!(p.limits, level(2), "{line}");
            assert!(p.by_level, "{line}: the C64's table, as the ladder played");
        }
        assert_eq!(plan("depth 2").limits, Limits { depth: 2, nodes: level(2).nodes });
        assert_eq!(plan("nodes 100").limits, Limits { depth: level(2).depth, nodes: 100 });
        assert!(plan("wtime 1000 btime 1000").clock.is_some());
    }
}
