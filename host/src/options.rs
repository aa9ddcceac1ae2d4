//! Engine settings shared by `uci` and `match`: the UCI options of this
//! engine, parsed from `name value` pairs, and the search limits they give.

use crate::rating;
use engine_core::level::level;
use engine_core::search::Techniques;
use engine_core::Limits;

/// Settings of this engine, as UCI options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Skill level 1..=4: exactly the C64 level (depth cap and node budget).
    pub skill: u8,
    /// `UCI_LimitStrength`: play the rating `elo` instead of the level.
    pub limit_strength: bool,
    /// `UCI_Elo`: the rating played when `limit_strength` is on
    /// ([`rating::limits`]).
    pub elo: u16,
    /// Node budget; 0 = the level's.
    pub nodes: u32,
    /// Depth cap; 0 = the level's.
    pub depth: u8,
    /// Play the opening tables.
    pub own_book: bool,
    /// Randomiser seed; 0 = deterministic.
    pub seed: u8,
    /// `Move Overhead`: milliseconds of latency (GUI, pipes, scheduling)
    /// assumed per move and kept out of the thinking time.
    pub move_overhead: u64,
    /// The search techniques (`MateChecks`, `Tt`, `Pvs`,
    /// `Futility`, `QPrune`, `CheckExt`, `Lmr`): all on as the engine
    /// plays; switching one off reproduces the search without it, for A/B
    /// matches.
    pub techniques: Techniques,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            skill: 4,
            limit_strength: false,
            elo: rating::MAX_ELO,
            nodes: 0,
            depth: 0,
            own_book: false,
            seed: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            techniques: Techniques::default(),
        }
    }
}

/// The default `Move Overhead` (milliseconds).
pub const DEFAULT_MOVE_OVERHEAD: u64 = 10;

/// One option as `uci` announces it.
pub struct OptionSpec {
    /// Its name.
    pub name: &'static str,
    /// The `option` line after `option name <name>`.
    pub decl: &'static str,
}

/// The engine's playing options, in announcement order.
pub const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec { name: "Skill", decl: "type spin default 4 min 1 max 4" },
    OptionSpec { name: "UCI_LimitStrength", decl: "type check default false" },
    // The range is rating::MIN_ELO..=MAX_ELO (a test holds them equal).
    OptionSpec { name: "UCI_Elo", decl: "type spin default 1954 min 1457 max 1954" },
    OptionSpec { name: "Nodes", decl: "type spin default 0 min 0 max 100000000" },
    OptionSpec { name: "Depth", decl: "type spin default 0 min 0 max 22" },
    OptionSpec { name: "OwnBook", decl: "type check default false" },
    OptionSpec { name: "Seed", decl: "type spin default 0 min 0 max 255" },
    OptionSpec { name: "Move Overhead", decl: "type spin default 10 min 0 max 5000" },
];

/// The developer switches, announced after every playing option and named
/// `Dev ...` so a GUI user can tell them apart: each switches a search
/// technique off to measure it. [`EngineOptions::set`] takes them with or
/// without the prefix (`Dev Tt`, `Dev_Tt`, `Tt`).
pub const DEV_SPECS: &[OptionSpec] = &[
    OptionSpec { name: "Dev MateChecks", decl: "type check default true" },
    OptionSpec { name: "Dev Tt", decl: "type check default true" },
    OptionSpec { name: "Dev Pvs", decl: "type check default true" },
    OptionSpec { name: "Dev Futility", decl: "type check default true" },
    OptionSpec { name: "Dev QPrune", decl: "type check default true" },
    OptionSpec { name: "Dev CheckExt", decl: "type check default true" },
    OptionSpec { name: "Dev Lmr", decl: "type check default true" },
    OptionSpec { name: "Dev Techniques", decl: "type combo default all var all var none" },
];

/// An option name as compared: lower case, without spaces and underscores
/// (`Move Overhead`, `move_overhead` and `MoveOverhead` are one option).
pub fn option_key(name: &str) -> String {
    name.chars().filter(|c| !c.is_whitespace() && *c != '_').collect::<String>().to_ascii_lowercase()
}

/// A check option's value: `true`/`on`/`1` or `false`/`off`/`0`.
pub fn switch(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(format!("option {name} needs true or false, got '{value}'")),
    }
}

/// A spin option's value: a number from `min` to `max`.
pub fn number<T>(name: &str, value: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match value.trim().parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(format!("option {name} needs a number from {min} to {max}, got '{value}'")),
    }
}

impl EngineOptions {
    /// Set option `name` (case-insensitive) to `value`. On error nothing changes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let key = option_key(name);
        let key = key.strip_prefix("dev").filter(|k| !k.is_empty()).unwrap_or(&key);
        match key {
            "skill" => self.skill = number(name, value, 1, 4)?,
            "ucilimitstrength" => self.limit_strength = switch(name, value)?,
            "ucielo" => self.elo = number(name, value, rating::MIN_ELO, rating::MAX_ELO)?,
            "nodes" => self.nodes = number(name, value, 0, 100_000_000)?,
            "depth" => self.depth = number(name, value, 0, 30)?,
            "seed" => self.seed = number(name, value, 0, 255)?,
            "moveoverhead" => self.move_overhead = number(name, value, 0, 5000)?,
            "ownbook" => self.own_book = switch(name, value)?,
            "matechecks" => self.techniques.mate_checks = switch(name, value)?,
            "tt" => self.techniques.tt = switch(name, value)?,
            "pvs" => self.techniques.pvs = switch(name, value)?,
            "futility" => self.techniques.futility = switch(name, value)?,
            "qprune" => self.techniques.qprune = switch(name, value)?,
            "checkext" => self.techniques.check_ext = switch(name, value)?,
            "lmr" => self.techniques.lmr = switch(name, value)?,
            // Every switch at once: `none` is the search before any technique.
            "techniques" => {
                self.techniques = match value.trim().to_ascii_lowercase().as_str() {
                    "all" => Techniques::default(),
                    "none" => Techniques::NONE,
                    _ => return Err(format!("option {name} needs all or none, got '{value}'")),
                }
            }
            _ => return Err(format!("unknown option '{}'", name.trim())),
        }
        Ok(())
    }

    /// Parse `"Skill=4 Nodes=1000"`-style settings, as `match --a` takes
    /// them (a name with a space is written with `_` or without it).
    pub fn parse_assignments(text: &str) -> Result<EngineOptions, String> {
        let mut options = EngineOptions::default();
        for item in text.split_whitespace() {
            let (name, value) = item.split_once('=').ok_or_else(|| format!("expected Name=value, got '{item}'"))?;
            options.set(name, value)?;
        }
        Ok(options)
    }

    /// The search limits these options give: the level's, or the rating's
    /// with `UCI_LimitStrength` on, overridden by `Nodes` and `Depth` where
    /// non-zero.
    pub fn limits(&self) -> Limits {
        let mut limits = if self.limit_strength { rating::limits(self.elo) } else { level(self.skill) };
        if self.nodes != 0 {
            limits.nodes = self.nodes;
        }
        if self.depth != 0 {
            limits.depth = self.depth;
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Depth` offers no more than the search can go (a deeper cap is
    /// clamped to `DEEPEST_PLY`).
    #[test]
    fn the_depth_option_stops_at_the_deepest_ply() {
        let depth = OPTION_SPECS.iter().find(|s| s.name == "Depth").unwrap();
        assert!(depth.decl.ends_with(&format!(" max {}", engine_core::search::DEEPEST_PLY)), "{}", depth.decl);
    }

    /// `UCI_Elo` announces exactly the range the ladder can play.
    #[test]
    fn the_elo_option_offers_the_ladder() {
        let elo = OPTION_SPECS.iter().find(|s| s.name == "UCI_Elo").unwrap();
        let max = rating::MAX_ELO;
        assert_eq!(elo.decl, format!("type spin default {max} min {} max {max}", rating::MIN_ELO));
        let mut o = EngineOptions::default();
        assert_eq!(o.elo, max);
        o.set("UCI_Elo", &rating::MIN_ELO.to_string()).unwrap();
        assert_eq!(o.limits(), level(4), "UCI_Elo alone changes nothing");
        o.set("UCI_LimitStrength", "true").unwrap();
        assert_eq!(o.limits(), level(1));
        o.set("uci elo", &rating::LADDER[2].to_string()).unwrap();
        assert_eq!(o.limits(), level(3));
        let before = o.clone();
        assert!(o.set("UCI_Elo", &(rating::MIN_ELO - 1).to_string()).is_err());
        assert!(o.set("UCI_Elo", &(max + 1).to_string()).is_err());
        assert!(o.set("UCI_LimitStrength", "yes please").is_err());
        assert_eq!(o, before);
        o.set("Nodes", "777").unwrap();
        assert_eq!(o.limits(), Limits { nodes: 777, ..level(3) });
    }

    #[test]
    fn options_parse_and_reject_cleanly() {
        let mut o = EngineOptions::default();
        assert_eq!(o.limits(), level(4));
        o.set("skill", "1").unwrap();
        assert_eq!(o.limits(), level(1));
        o.set("Nodes", "5000").unwrap();
        assert_eq!(o.limits().nodes, 5000);
        let before = o.clone();
        assert!(o.set("Skill", "9").is_err());
        assert!(o.set("Skill", "x").is_err());
        assert!(o.set("Bogus", "1").is_err());
        assert!(o.set("OwnBook", "maybe").is_err());
        assert_eq!(o, before);
        let parsed = EngineOptions::parse_assignments("Skill=3 OwnBook=true Seed=7 MateChecks=off").unwrap();
        assert_eq!((parsed.skill, parsed.own_book, parsed.seed), (3, true, 7));
        assert_eq!(parsed.techniques, Techniques { mate_checks: false, ..Techniques::default() });
        let none = EngineOptions::parse_assignments("Techniques=none Tt=on").unwrap();
        assert_eq!(
            EngineOptions::parse_assignments("Dev_Techniques=none dev_tt=on").unwrap().techniques,
            none.techniques
        );
        o.set("Dev Pvs", "off").unwrap();
        assert!(!o.techniques.pvs);
        assert!(o.set("Dev", "1").is_err());
        assert_eq!(none.techniques, Techniques { tt: true, ..Techniques::NONE });
        assert!(o.set("Techniques", "some").is_err());
        for name in ["Tt", "Pvs", "Futility", "QPrune", "CheckExt", "Lmr"] {
            let mut off = EngineOptions::default();
            off.set(name, "off").unwrap();
            assert_ne!(off.techniques, Techniques::default(), "{name}");
        }
        assert!(o.set("MateChecks", "perhaps").is_err());
        assert!(EngineOptions::parse_assignments("Skill").is_err());
    }
}
