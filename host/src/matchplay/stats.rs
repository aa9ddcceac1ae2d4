//! Match statistics: W/D/L, game pairs, and the Elo estimate with its 95%
//! interval.
//!
//! Formulas (score `s` is A's points per game, a draw counting one half):
//!
//! * **Elo** from a score, by the logistic model:
//!   `elo(s) = -400 * log10(1/s - 1)`; 50% is 0, 75% is +190.85, and 0% and
//!   100% are -inf and +inf.
//! * **Pentanomial interval.** Every opening is played twice with colours
//!   swapped, and the two games of a pair are not independent (the opening
//!   favours one colour in both), so the unit of sampling is the pair, not
//!   the game. A pair gives A 0, 1/2, 1, 3/2 or 2 points; let `n_k` count the
//!   pairs with `k/2` points and `N` the pairs. With the per-game pair score
//!   `x_k = k/4`:
//!   `s = sum n_k x_k / N`, `var = sum n_k (x_k - s)^2 / N`,
//!   `se = sqrt(var / N)`, and the 95% interval of the score is
//!   `s -+ 1.959964 * se`, clamped to [0, 1]. The Elo interval is `elo()` of
//!   its two ends (so it is not symmetric about the estimate). Pairing
//!   removes the opening's share of the variance, which the per-game
//!   (trinomial) formula would count as noise: the interval is narrower and
//!   still honest.
//! * **No interval from too few pairs.** The formula above trusts the
//!   spread it sees, and a handful of pairs shows little: one pair has none
//!   at all, and a 2-game match used to report `95% [+0.0, +0.0]`. Below
//!   [`MIN_PAIRS`] pairs there is no interval ([`EloEstimate::interval`]
//!   says `None`; the report prints `?`), only the estimate.

/// Two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_964;

/// The fewest pairs (twice as many games) an interval is given for: with
/// fewer, the pairs' spread says too little about the variance (the normal
/// approximation wants some tens of samples; ten is the least this reports
/// with).
pub const MIN_PAIRS: u32 = 10;

/// Games won, drawn and lost, from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Add one game in which A scored `half_points`: 0 (a loss), 1 (a draw) or 2 (a win).
    pub fn add(&mut self, half_points: u8) {
        match half_points {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score as a fraction of the points played, `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / games as f64)
    }
}

/// Game pairs by A's points in the pair: index `k` counts pairs with `k/2` points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

/// An Elo difference with its 95% interval (the ends may be infinite).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Elo of A relative to B.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

/// Elo difference for a score per game in [0, 1], by the logistic model.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Pentanomial {
    /// Count a pair in which A scored `half_points` (0..=4) half points.
    pub fn add(&mut self, half_points: u8) {
        self.0[usize::from(half_points.min(4))] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The Elo estimate and its 95% interval (see the module documentation);
    /// `None` before any pair.
    pub fn estimate(&self) -> Option<EloEstimate> {
        let pairs = self.pairs();
        if pairs == 0 {
            return None;
        }
        let n = pairs as f64;
        let x = |k: usize| k as f64 / 4.0;
        let score = self.0.iter().enumerate().map(|(k, &c)| c as f64 * x(k)).sum::<f64>() / n;
        let var = self.0.iter().enumerate().map(|(k, &c)| c as f64 * (x(k) - score).powi(2)).sum::<f64>() / n;
        let margin = Z95 * (var / n).sqrt();
        Some(EloEstimate {
            elo: elo_from_score(score),
            low: elo_from_score((score - margin).max(0.0)),
            high: elo_from_score((score + margin).min(1.0)),
        })
    }
}

impl EloEstimate {
    /// The interval's ends, if `pairs` are enough for one ([`MIN_PAIRS`]).
    pub fn interval(&self, pairs: u32) -> Option<(f64, f64)> {
        (pairs >= MIN_PAIRS).then_some((self.low, self.high))
    }
}

/// An Elo value for the report: signed, one decimal, or `+inf` / `-inf`.
pub fn format_elo(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 {
            "+inf".to_string()
        } else {
            "-inf".to_string()
        }
    } else {
        // Adding 0.0 turns -0.0 (the Elo of exactly 50%) into +0.0.
        format!("{:+.1}", elo + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        assert!(close(elo_from_score(0.75), 190.8));
        assert!(close(elo_from_score(0.25), -190.8));
        assert!(close(elo_from_score(0.64), 100.0));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert_eq!(format_elo(elo_from_score(1.0)), "+inf");
        assert_eq!(format_elo(elo_from_score(0.75)), "+190.8");
        assert_eq!(format_elo(elo_from_score(0.5)), "+0.0");
    }

    #[test]
    fn tally_counts_and_scores() {
        let mut t = Tally::default();
        assert_eq!(t.score(), None);
        for p in [2, 2, 1, 0] {
            t.add(p);
        }
        assert_eq!((t.wins, t.draws, t.losses, t.games()), (2, 1, 1, 4));
        assert_eq!(t.score(), Some(0.625));
    }

    #[test]
    fn pentanomial_estimate_on_known_counts() {
        // Pair scores 2, 1, 1, 0 (per game 1, 1/2, 1/2, 0): mean 1/2, var 1/8.
        let p = Pentanomial([1, 0, 2, 0, 1]);
        let e = p.estimate().unwrap();
        assert_eq!(e.elo, 0.0);
        let margin = Z95 * (0.125f64 / 4.0).sqrt();
        assert!(close(e.high, elo_from_score(0.5 + margin)));
        assert!(close(e.low, -e.high));
        // Every pair 3/2 points: 75%, no variance, a point interval.
        let e = Pentanomial([0, 0, 0, 10, 0]).estimate().unwrap();
        assert!(close(e.elo, 190.8) && e.low == e.elo && e.high == e.elo);
        assert_eq!(Pentanomial::default().estimate(), None);
    }

    #[test]
    fn interval_shrinks_with_games_and_clamps() {
        let small = Pentanomial([1, 2, 4, 2, 1]).estimate().unwrap();
        let large = Pentanomial([10, 20, 40, 20, 10]).estimate().unwrap();
        assert_eq!(small.elo, large.elo);
        assert!(large.high - large.low < small.high - small.low);
        // Wide spread around a high score: the upper end reaches 100%.
        let e = Pentanomial([1, 0, 0, 0, 3]).estimate().unwrap();
        assert_eq!(e.high, f64::INFINITY);
        assert!(e.low.is_finite());
    }

    #[test]
    fn too_few_pairs_give_no_interval() {
        let one = Pentanomial([0, 0, 1, 0, 0]);
        assert_eq!(one.estimate().unwrap().interval(one.pairs()), None, "one pair has no spread");
        let nine = Pentanomial([1, 2, 3, 2, 1]);
        assert_eq!(nine.estimate().unwrap().interval(nine.pairs()), None);
        let ten = Pentanomial([1, 2, 4, 2, 1]);
        let e = ten.estimate().unwrap();
        assert_eq!(e.interval(ten.pairs()), Some((e.low, e.high)));
    }
}
