//! `tune`: fit the evaluation's values to game results (the "Texel" method).
//!
//! The evaluation is linear in its values once the phase is known:
//! `mg + w * eg`, where `mg` sums material and middlegame square bonuses,
//! `eg` the endgame tables' difference from the middlegame ones (pawns and
//! kings), and `w` is 0, 1/4, 1/2, 3/4 or 1 by the phase
//! ([`engine_core::eval::value`]). A position's predicted result is the
//! logistic `1 / (1 + 10^(-K s / 400))` of its White-positive score `s`;
//! the error is the mean square difference from the game's result.
//!
//! Steps, each deterministic for a given data file and seed:
//!
//! 1. Read `FEN | result | ...` lines (`tools/tune/generate.py` writes them).
//! 2. Keep quiet positions: not in check, and a quiescence search (captures
//!    and promotions, scored with the starting values) returns the static
//!    score, so no capture or promotion improves on it.
//! 3. Split off one game in ten (chosen by the seed) for validation: the
//!    positions of a game share its result, so a split by position would
//!    leak it. Games are told apart by the ply field (it restarts).
//! 4. Label each position: the game's result, or with `--lambda L` the
//!    blend `L * result + (1 - L) * sigmoid(Stockfish's score)`, the
//!    logistic of Stockfish's score fitted to the results first. Then fit
//!    K by golden-section search on the starting values' scores.
//! 5. Fit the values by full-batch Adam (with `--reg`, an L2 pull toward
//!    the start, which keeps rarely seen squares near it) on the linear model, projected after
//!    every step onto the bounds below; round; score again with the
//!    engine's own blend ([`engine_core::eval::value`], with totals summed
//!    as [`engine_core::incremental`] sums them), and print the error
//!    against the results before and after.
//! 6. With `--write FILE`, write the values as Rust source
//!    (`engine-core/src/eval_tables.rs`).
//!
//! The start is the hand-written tables (`tune/hand.rs`), not whatever
//! `eval_tables.rs` holds: the committed tables are then the output of the
//! documented command, reproducible from a fresh clone.
//!
//! Bounds: every square bonus in -127..=127 and every endgame table's
//! difference from its middlegame table too (the engine stores bytes and
//! their negations); each piece's material plus its square bonus positive
//! on every square (the bound tests' sign argument); a piece's best square
//! worth at most [`BEST_CAP`] (with nine queens, the middlegame total stays
//! below the bound tests' 12,000); the pawns' endgame differences within a
//! window of [`PAWN_EG_SPAN`] holding 0 and the king's within
//! [`KING_EG_SPAN`] (so the endgame total stays below 1,000 with sixteen
//! pawns pushing one way).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use engine_core::eval::value;
use engine_core::eval_tables::{PIECE_VALUE, PST_EG_KING, PST_EG_PAWN, PST_MG};
use engine_core::piece::{ByColor, Color, EMPTY, KING, PAWN, QUEEN};
use engine_core::rng::splitmix64;
use engine_core::square::Square;
use engine_core::{GenMode, Position, MAX_MOVES};

use crate::out::outln;

mod hand;

/// Arguments of `c64chess tune`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  c64chess tune --data target/tune/positions.txt
  c64chess tune --data target/tune/positions.txt --write engine-core/src/eval_tables.rs")]
pub struct TuneArgs {
    /// Positions with results, `FEN | result | ...` per line (result 1, 0.5 or 0, White's)
    #[arg(long, value_name = "FILE")]
    data: PathBuf,
    /// Write the tuned values as Rust source to this file
    #[arg(long, value_name = "FILE")]
    write: Option<PathBuf>,
    /// Seed of the validation split
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Full passes of Adam over the training positions
    #[arg(long, default_value_t = 1500)]
    epochs: u32,
    /// Adam's step size, in centipawns
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// L2 pull toward the starting values (per value, relative to the error)
    #[arg(long, default_value_t = 0.0)]
    reg: f64,
    /// Use at most this many positions of the file (the first ones; 0: all)
    #[arg(long, default_value_t = 0)]
    limit: usize,
    /// Weight of the game's result in the label; the rest is Stockfish's
    /// score of the position (the data's third field) as a result, by a
    /// logistic fitted to the results (1: the result alone)
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// Keep every table symmetric between the a- and h-side files (as the
    /// hand-written ones are but for the queen's): mirror-image moves then
    /// tie exactly, which is what the randomiser chooses among
    #[arg(long)]
    mirror: bool,
}

// ---------------------------------------------------------------------------
// The values
// ---------------------------------------------------------------------------

/// Material of pawn..queen: values 0..5.
const MAT: usize = 0;
/// Middlegame tables of pawn..king (64 each, White's view, index 0 = a8).
const MG: usize = 5;
/// Endgame tables of pawns and kings (the full value, not the difference).
const EG_PAWN: usize = MG + 6 * 64;
const EG_KING: usize = EG_PAWN + 64;
/// Number of values.
const N: usize = EG_KING + 64;

/// A piece's best square, material included, is worth at most this
/// (index: piece type; pawns and kings are bounded otherwise).
const BEST_CAP: [f64; 7] = [0.0, 200.0, 400.0, 400.0, 560.0, 960.0, 127.0];
/// Material limits by piece type.
const MAT_RANGE: [(f64, f64); 6] =
    [(0.0, 0.0), (60.0, 150.0), (250.0, 400.0), (250.0, 400.0), (380.0, 560.0), (800.0, 960.0)];
/// Width of the window the pawns' endgame differences keep to (even, so
/// that a window about a rounded middle has integer ends).
const PAWN_EG_SPAN: f64 = 98.0;
/// Width of the window the king's endgame differences keep to.
const KING_EG_SPAN: f64 = 190.0;

/// The values as a flat vector.
#[derive(Clone, Debug, PartialEq)]
pub struct Values(pub Vec<f64>);

/// The index of the middlegame value of piece type `k` on `square` (White's view).
fn mg_index(k: u8, square: usize) -> usize {
    MG + (k as usize - 1) * 64 + square
}

/// The index of the endgame value of pawn or king `k` on `square`.
fn eg_index(k: u8, square: usize) -> usize {
    if k == PAWN {
        EG_PAWN + square
    } else {
        EG_KING + square
    }
}

/// A square no pawn can stand on (the first and last rank).
fn pawn_square_unused(square: usize) -> bool {
    !(8..56).contains(&square)
}

impl Values {
    fn from_tables(material: &[i16; 7], mg: &[[i8; 64]; 7], eg_pawn: &[i8; 64], eg_king: &[i8; 64]) -> Values {
        let mut v = vec![0.0; N];
        for k in PAWN..=QUEEN {
            v[MAT + k as usize - 1] = material[k as usize] as f64;
        }
        for k in PAWN..=KING {
            for s in 0..64 {
                v[mg_index(k, s)] = mg[k as usize][s] as f64;
            }
        }
        for s in 0..64 {
            v[EG_PAWN + s] = eg_pawn[s] as f64;
            v[EG_KING + s] = eg_king[s] as f64;
        }
        Values(v)
    }

    /// The values the engine is built with (`eval_tables.rs`).
    pub fn shipped() -> Values {
        Values::from_tables(&PIECE_VALUE, &PST_MG, &PST_EG_PAWN, &PST_EG_KING)
    }

    /// The hand-written values the tuner starts from.
    pub fn hand() -> Values {
        Values::from_tables(&hand::PIECE_VALUE, &hand::PST_MG, &hand::PST_EG_PAWN, &hand::PST_EG_KING)
    }

    fn material(&self, k: u8) -> f64 {
        if k == KING {
            0.0
        } else {
            self.0[MAT + k as usize - 1]
        }
    }

    /// Keep every value within its bounds (module documentation).
    fn project(&mut self) {
        let v = &mut self.0;
        for k in PAWN..=QUEEN {
            let (lo, hi) = MAT_RANGE[k as usize];
            v[MAT + k as usize - 1] = v[MAT + k as usize - 1].clamp(lo, hi);
        }
        for k in PAWN..=KING {
            let m = if k == KING { 0.0 } else { v[MAT + k as usize - 1] };
            for s in 0..64 {
                let i = mg_index(k, s);
                if k == PAWN && pawn_square_unused(s) {
                    v[i] = 0.0;
                    continue;
                }
                let mut lo = -127.0;
                if k != KING {
                    // Material plus bonus stays positive.
                    lo = f64::max(lo, 1.0 - m);
                }
                v[i] = v[i].clamp(lo, 127.0f64.min(BEST_CAP[k as usize] - m));
            }
        }
        for (k, span) in [(PAWN, PAWN_EG_SPAN), (KING, KING_EG_SPAN)] {
            let used = |s: usize| !(k == PAWN && pawn_square_unused(s));
            let d: Vec<f64> = (0..64).map(|s| v[eg_index(k, s)] - v[mg_index(k, s)]).collect();
            let (mut dmin, mut dmax) = (f64::MAX, f64::MIN);
            for s in (0..64).filter(|&s| used(s)) {
                dmin = dmin.min(d[s]);
                dmax = dmax.max(d[s]);
            }
            // A window of the span holding 0 (pawns: they push from both
            // sides) or any window (the king: both kings' terms are bounded
            // by the range alone), placed at the middle of the values.
            let (mut lo, mut hi) = (dmin, dmax);
            if hi - lo > span {
                let mid = ((hi + lo) / 2.0).round();
                lo = mid - span / 2.0;
                hi = mid + span / 2.0;
            }
            if k == PAWN {
                if lo > 0.0 {
                    lo = 0.0;
                    hi = hi.min(span);
                }
                if hi < 0.0 {
                    hi = 0.0;
                    lo = lo.max(-span);
                }
            }
            for s in 0..64 {
                let i = eg_index(k, s);
                if !used(s) {
                    v[i] = 0.0;
                    continue;
                }
                let mg = v[mg_index(k, s)];
                let dd = d[s].clamp(lo.max(-127.0), hi.min(127.0));
                v[i] = (mg + dd).clamp(-127.0, 127.0);
                // Clamping the full value may move the difference out of
                // -127..=127 only if the middlegame value is extreme.
                v[i] = v[i].clamp(mg - 127.0, mg + 127.0);
            }
        }
    }

    /// Each square and its mirror image across the middle files (a-h,
    /// b-g, ...) given their mean.
    fn symmetrise(&mut self) {
        for base in (MG..N).step_by(64) {
            for s in 0..64 {
                let m = s ^ 7;
                if s < m {
                    let mean = (self.0[base + s] + self.0[base + m]) / 2.0;
                    self.0[base + s] = mean;
                    self.0[base + m] = mean;
                }
            }
        }
    }

    /// True if every table is symmetric between the files.
    fn is_symmetric(&self) -> bool {
        (MG..N).all(|i| {
            let (base, s) = (i - (i - MG) % 64, (i - MG) % 64);
            self.0[i] == self.0[base + (s ^ 7)]
        })
    }

    /// Every value rounded to an integer, then kept within bounds.
    fn rounded(&self) -> Values {
        let mut r = Values(self.0.iter().map(|x| x.round()).collect());
        r.project();
        r.0.iter_mut().for_each(|x| *x = x.round());
        r
    }

    /// The values as the engine's table types.
    fn tables(&self) -> ([i16; 7], [[i8; 64]; 7], [i8; 64], [i8; 64]) {
        let mut material = [0i16; 7];
        let mut mg = [[0i8; 64]; 7];
        let (mut eg_pawn, mut eg_king) = ([0i8; 64], [0i8; 64]);
        for k in PAWN..=QUEEN {
            material[k as usize] = self.material(k).round() as i16;
        }
        for k in PAWN..=KING {
            for (s, cell) in mg[k as usize].iter_mut().enumerate() {
                *cell = self.0[mg_index(k, s)].round() as i8;
            }
        }
        for s in 0..64 {
            eg_pawn[s] = self.0[EG_PAWN + s].round() as i8;
            eg_king[s] = self.0[EG_KING + s].round() as i8;
        }
        (material, mg, eg_pawn, eg_king)
    }
}

// ---------------------------------------------------------------------------
// Scoring a position
// ---------------------------------------------------------------------------

/// Every man of `pos`: its kind, its square from its own side's view (the
/// tables' index: White's tile, or Black's mirrored to White's side) and
/// whether it is White's.
fn men(pos: &Position) -> impl Iterator<Item = (u8, usize, bool)> + '_ {
    (0..64u8).filter_map(move |tile| {
        let p = pos.at(Square::from_ordinal(tile));
        let white = p.color() == Color::White;
        (p != EMPTY).then(|| (p.kind(), if white { tile as usize } else { tile as usize ^ 56 }, white))
    })
}

/// The White-positive score of `pos` with integer values `v`: the running
/// totals summed piece by piece as `Totals::place` sums them, then the
/// engine's blend and mate drive. With the shipped values this is
/// [`Position::evaluate`] (tested).
pub fn score(pos: &Position, v: &Values) -> i16 {
    let (mut mg, mut eg) = (0i32, 0i32);
    for (k, s, white) in men(pos) {
        let sign = if white { 1 } else { -1 };
        let m = v.material(k) as i32 + v.0[mg_index(k, s)] as i32;
        mg += sign * m;
        if k == PAWN || k == KING {
            eg += sign * (v.0[eg_index(k, s)] as i32 - v.0[mg_index(k, s)] as i32);
        }
    }
    let kings = ByColor::new(pos.king_square(Color::White), pos.king_square(Color::Black));
    value(mg as i16, eg as i16, pos.totals().phase, kings)
}

/// The weight of the endgame term at this phase, from the engine's blend.
fn endgame_weight(phase: i16) -> f64 {
    // 400 is inside the mate drive's dead zone, so only the blend acts.
    value(0, 400, phase, ByColor::new(Square::A8, Square::H1)) as f64 / 400.0
}

/// Quiescence score of `pos` for the side to move, with values `v`.
fn quiesce(pos: &mut Position, v: &Values, mut alpha: i32, beta: i32, ply: u32) -> i32 {
    let white = pos.side_to_move() == Color::White;
    let s = score(pos, v) as i32;
    let stand = if white { s } else { -s };
    if stand >= beta || ply >= 10 {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves = [engine_core::Move::default(); MAX_MOVES];
    let n = pos.generate(&mut moves, GenMode::Captures);
    // Most valuable victim first (the generator's ordering scores): without
    // an order the tree of a tactical position explodes.
    moves[..n].sort_by_key(|m| std::cmp::Reverse(m.score));
    for &m in &moves[..n] {
        let undo = pos.make(m);
        if !pos.last_move_was_legal() {
            pos.unmake(m, undo);
            continue;
        }
        let score = -quiesce(pos, v, -beta, -alpha, ply + 1);
        pos.unmake(m, undo);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// Quiet: not in check, and no capture or promotion improves on the
/// static score (with values `v`).
pub fn is_quiet(pos: &Position, v: &Values) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut p = pos.clone();
    let s = score(&p, v) as i32;
    let stand = if p.side_to_move() == Color::White { s } else { -s };
    quiesce(&mut p, v, -32_000, 32_000, 0) == stand
}

// ---------------------------------------------------------------------------
// Positions as features
// ---------------------------------------------------------------------------

/// The tuning set: per position, its terms (value index, coefficient), the
/// result, and the part of the score the linear model does not hold (the
/// mate drive, and rounding in the blend), taken at the start.
pub struct Set {
    starts: Vec<u32>,
    terms: Vec<(u16, f32)>,
    /// The game's result, White's.
    result: Vec<f64>,
    /// Stockfish's score of the position, White's view (centipawns).
    sf: Vec<f64>,
    /// What is fitted: the result, or a blend of it with `sf` ([`Set::label`]).
    target: Vec<f64>,
    offset: Vec<f64>,
    boards: Vec<Position>,
}

impl Set {
    fn new() -> Set {
        Set {
            starts: vec![0],
            terms: Vec::new(),
            result: Vec::new(),
            sf: Vec::new(),
            target: Vec::new(),
            offset: Vec::new(),
            boards: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.result.len()
    }

    fn push(&mut self, pos: Position, result: f64, sf: f64, start: &Values) {
        let w = endgame_weight(pos.totals().phase);
        let mut coef = vec![0.0f64; N];
        for (k, s, white) in men(&pos) {
            let sign = if white { 1.0 } else { -1.0 };
            if k != KING {
                coef[MAT + k as usize - 1] += sign;
            }
            if k == PAWN || k == KING {
                coef[mg_index(k, s)] += sign * (1.0 - w);
                coef[eg_index(k, s)] += sign * w;
            } else {
                coef[mg_index(k, s)] += sign;
            }
        }
        let mut linear = 0.0;
        for (i, &c) in coef.iter().enumerate() {
            if c != 0.0 {
                self.terms.push((i as u16, c as f32));
                linear += c * start.0[i];
            }
        }
        self.starts.push(self.terms.len() as u32);
        self.result.push(result);
        self.sf.push(sf);
        self.target.push(result);
        self.offset.push(score(&pos, start) as f64 - linear);
        self.boards.push(pos);
    }

    /// The linear model's score of position `i`.
    fn linear(&self, i: usize, v: &[f64]) -> f64 {
        let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        self.terms[a..b].iter().map(|&(j, c)| c as f64 * v[j as usize]).sum::<f64>() + self.offset[i]
    }

    /// Fit `lambda * result + (1 - lambda) * sigmoid(sf, k_sf)`.
    fn label(&mut self, lambda: f64, k_sf: f64) {
        for i in 0..self.len() {
            self.target[i] = lambda * self.result[i] + (1.0 - lambda) * sigmoid(self.sf[i], k_sf);
        }
    }

    /// Mean squared error against the results of the engine's own integer
    /// scores with values `v`.
    fn exact_error(&self, v: &Values, k: f64) -> f64 {
        let e: f64 = (0..self.len())
            .map(|i| {
                let d = self.result[i] - sigmoid(score(&self.boards[i], v) as f64, k);
                d * d
            })
            .sum();
        e / self.len().max(1) as f64
    }

    /// Mean squared error of the linear model, and its gradient into `grad`.
    fn error_and_gradient(&self, v: &[f64], k: f64, grad: &mut [f64]) -> f64 {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let scale = k * std::f64::consts::LN_10 / 400.0;
        let mut e = 0.0;
        for i in 0..self.len() {
            let p = sigmoid(self.linear(i, v), k);
            let d = self.target[i] - p;
            e += d * d;
            let g = -2.0 * d * p * (1.0 - p) * scale;
            let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
            for &(j, c) in &self.terms[a..b] {
                grad[j as usize] += g * c as f64;
            }
        }
        let n = self.len().max(1) as f64;
        grad.iter_mut().for_each(|g| *g /= n);
        e / n
    }
}

/// Predicted result for White of a White-positive score.
fn sigmoid(s: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * s / 400.0))
}

/// What reading a data file found.
pub struct Loaded {
    /// Training and validation sets.
    pub train: Set,
    pub valid: Set,
    /// Lines read, unreadable lines, positions dropped as not quiet.
    pub lines: usize,
    pub bad: usize,
    pub noisy: usize,
    /// Games the lines came from.
    pub games: usize,
}

/// Read `text` (the data format), keep quiet positions, split them.
pub fn load(text: &str, seed: u64, limit: usize, start: &Values) -> Loaded {
    let mut l = Loaded { train: Set::new(), valid: Set::new(), lines: 0, bad: 0, noisy: 0, games: 0 };
    let mut last_ply = u64::MAX;
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        if limit != 0 && l.lines >= limit {
            break;
        }
        l.lines += 1;
        let mut fields = line.split('|').map(str::trim);
        let (Some(fen), Some(result)) = (fields.next(), fields.next()) else {
            l.bad += 1;
            continue;
        };
        let sf: f64 = fields.next().and_then(|f| f.parse().ok()).unwrap_or(0.0);
        // A game's positions come in order of their plies: a ply that does
        // not rise starts the next game (a line without one is a game).
        let ply: Option<u64> = fields.next().and_then(|f| f.parse().ok());
        if ply.is_none_or(|p| last_ply == u64::MAX || p <= last_ply) {
            l.games += 1;
        }
        last_ply = ply.unwrap_or(u64::MAX);
        let result = match result {
            "1" | "1.0" | "1-0" => 1.0,
            "0.5" | "1/2-1/2" => 0.5,
            "0" | "0.0" | "0-1" => 0.0,
            _ => {
                l.bad += 1;
                continue;
            }
        };
        let Ok(pos) = Position::from_fen(fen) else {
            l.bad += 1;
            continue;
        };
        if !is_quiet(&pos, start) {
            l.noisy += 1;
            continue;
        }
        // Whole games go to validation: positions of one game share its
        // result, and would leak it across the split.
        let set =
            if splitmix64(seed ^ splitmix64(l.games as u64)).is_multiple_of(10) { &mut l.valid } else { &mut l.train };
        set.push(pos, result, sf, start);
    }
    l
}

/// The K that minimises the error of the start's scores against the
/// targets (golden section).
pub fn fit_k(set: &Set, start: &Values) -> f64 {
    let scores: Vec<f64> = set.boards.iter().map(|b| score(b, start) as f64).collect();
    fit_scale(&scores, &set.target)
}

/// The K that minimises the mean squared error of `sigmoid(scores, K)`
/// against `results`, by golden-section search over 0.1..4.
fn fit_scale(scores: &[f64], results: &[f64]) -> f64 {
    let error = |k: f64| {
        scores.iter().zip(results).map(|(&s, &r)| (r - sigmoid(s, k)).powi(2)).sum::<f64>() / scores.len().max(1) as f64
    };
    let (mut a, mut b) = (0.1f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (error(c), error(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = error(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = error(d);
        }
    }
    (a + b) / 2.0
}

/// How [`optimise`] fits: the command's `--epochs`, `--rate`, `--reg` and
/// `--mirror`.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    /// Full passes over the training set.
    pub epochs: u32,
    /// Adam's step, in centipawns.
    pub rate: f64,
    /// L2 pull toward the start values (per value, in pawns squared).
    pub reg: f64,
    /// Keep every table symmetric between the a- and h-side files.
    pub mirror: bool,
}

/// Adam on the linear model from `start`, projected onto the bounds after
/// every step. `report` gets (epoch, training error) every 100 epochs.
pub fn optimise(set: &Set, start: &Values, k: f64, fit: Fit, mut report: impl FnMut(u32, f64)) -> Values {
    let Fit { epochs, rate, reg, mirror } = fit;
    let mut v = start.clone();
    let (mut m, mut s, mut grad) = (vec![0.0; N], vec![0.0; N], vec![0.0; N]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    for epoch in 1..=epochs {
        let e = set.error_and_gradient(&v.0, k, &mut grad);
        if reg > 0.0 {
            // reg * sum of ((v - start) / 100)^2, added to the error.
            for (g, (x, x0)) in grad.iter_mut().zip(v.0.iter().zip(&start.0)) {
                *g += 2.0 * reg * (x - x0) * 1e-4;
            }
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..N {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            s[i] = b2 * s[i] + (1.0 - b2) * grad[i] * grad[i];
            let step = rate * (m[i] / c1) / ((s[i] / c2).sqrt() + eps);
            if grad[i] != 0.0 || m[i] != 0.0 {
                v.0[i] -= step;
            }
        }
        if mirror {
            v.symmetrise();
        }
        v.project();
        if epoch % 100 == 0 || epoch == epochs {
            report(epoch, e);
        }
    }
    v
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

/// One 64-entry table as the engine's source writes it.
fn table_source(out: &mut String, t: &[i8; 64], indent: &str, first: &str) {
    for r in 0..8 {
        let row: Vec<String> = t[r * 8..r * 8 + 8].iter().map(|x| format!("{x:>3}")).collect();
        out.push_str(if r == 0 { first } else { indent });
        out.push_str(&row.join(","));
        out.push_str(if r == 7 { "]" } else { ",\n" });
    }
}

/// The values as `eval_tables.rs`, with a note of how they were made.
pub fn source(v: &Values, note: &str) -> String {
    let (material, mg, eg_pawn, eg_king) = v.tables();
    let mut out = String::new();
    out.push_str(
        "//! The evaluation's values: material and the piece-square tables.
//!
//! Written by `c64chess tune` (host/src/tune.rs) from games played here;
//! rerun it rather than edit (docs/strength.md, \"The tuned evaluation\",
//! has the commands). [`crate::eval`] builds its running-total tables from
//! these at compile time. Bounds: every square bonus and its negation fit
//! an `i8` (-127..=127), and so does each endgame table's difference from
//! the middlegame table of the same piece (what [`crate::eval`] stores).
//! Tables are written the way a board prints (index 0 = a8), White's view.
//!
",
    );
    for line in note.lines() {
        out.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
    out.push_str(&format!(
        "
/// Material value by piece type (index 0 = empty, 6 = king, valued 0:
/// losing the king is mate, not a score).
pub const PIECE_VALUE: [i16; 7] = [{}];

/// Middlegame square bonus by piece type (index 0 = empty, all zero).
#[rustfmt::skip]
pub const PST_MG: [[i8; 64]; 7] = [
    [0; 64],
",
        material.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
    ));
    for (k, name) in [(1, "pawn"), (2, "knight"), (3, "bishop"), (4, "rook"), (5, "queen"), (6, "king")] {
        out.push_str(&format!("    // {name}\n"));
        table_source(&mut out, &mg[k], "     ", "    [");
        out.push_str(",\n");
    }
    out.push_str("];\n\n/// Endgame pawn table.\n#[rustfmt::skip]\npub const PST_EG_PAWN: [i8; 64] = [\n");
    table_source(&mut out, &eg_pawn, "    ", "    ");
    out.push_str(";\n\n/// Endgame king table.\n#[rustfmt::skip]\npub const PST_EG_KING: [i8; 64] = [\n");
    table_source(&mut out, &eg_king, "    ", "    ");
    out.push_str(";\n");
    out
}

/// Run the tuner: read and label the data, fit K, fit the values, report
/// the errors before and after, and write the tables if asked.
pub fn run(args: TuneArgs) -> ExitCode {
    let started = Instant::now();
    let start = Values::hand();
    let mut l = match read(&args, &start, started) {
        Ok(l) => l,
        Err(code) => return code,
    };
    if args.lambda < 1.0 {
        let k_sf = fit_scale(&l.train.sf, &l.train.result);
        outln!(
            "labels: {} x result + {} x Stockfish's score as a result (its K = {k_sf:.4})",
            args.lambda,
            1.0 - args.lambda
        );
        l.train.label(args.lambda, k_sf);
        l.valid.label(args.lambda, k_sf);
    }
    let k = fit_k(&l.train, &start);
    outln!("K = {k:.4}");
    let before = (l.train.exact_error(&start, k), l.valid.exact_error(&start, k));
    outln!("error before (hand values): training {:.6}, validation {:.6}", before.0, before.1);
    let shipped = Values::shipped();
    if shipped != start {
        outln!(
            "error of the values built in: training {:.6}, validation {:.6}",
            l.train.exact_error(&shipped, k),
            l.valid.exact_error(&shipped, k)
        );
    }
    let fit = Fit { epochs: args.epochs, rate: args.rate, reg: args.reg, mirror: args.mirror };
    let tuned = optimise(&l.train, &start, k, fit, |epoch, e| {
        outln!("epoch {epoch}: training error {e:.6} (linear model) {:.1} s", started.elapsed().as_secs_f64());
    });
    let tuned = tuned.rounded();
    if args.mirror && !tuned.is_symmetric() {
        eprintln!("error: the rounded values lost their symmetry");
        return ExitCode::FAILURE;
    }
    let after = (l.train.exact_error(&tuned, k), l.valid.exact_error(&tuned, k));
    outln!("error after (rounded, engine scores): training {:.6}, validation {:.6}", after.0, after.1);
    let (material, ..) = tuned.tables();
    outln!("material: {material:?}");
    if let Some(path) = &args.write {
        let note = provenance(&args, &l, k, before, after);
        if let Err(e) = std::fs::write(path, source(&tuned, &note)) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        outln!("wrote {}", path.display());
    }
    outln!("time {:.1} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// The data file read and split into quiet training and validation
/// positions, with a line saying what was kept; the exit code on failure
/// (unreadable file, nothing quiet), after saying why.
fn read(args: &TuneArgs, start: &Values, started: Instant) -> Result<Loaded, ExitCode> {
    let text = std::fs::read_to_string(&args.data).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", args.data.display());
        ExitCode::from(2)
    })?;
    let l = load(&text, args.seed, args.limit, start);
    outln!(
        "positions: {} lines from {} games, {} unreadable, {} not quiet, {} kept: {} training, {} validation ({:.1} s)",
        l.lines,
        l.games,
        l.bad,
        l.noisy,
        l.train.len() + l.valid.len(),
        l.train.len(),
        l.valid.len(),
        started.elapsed().as_secs_f64()
    );
    if l.train.len() == 0 {
        eprintln!("error: no quiet positions to tune on");
        return Err(ExitCode::from(2));
    }
    Ok(l)
}

/// The written tables' note: the data, the settings and the errors
/// (training, validation) before and after, so the file says how to
/// make it again.
fn provenance(args: &TuneArgs, l: &Loaded, k: f64, before: (f64, f64), after: (f64, f64)) -> String {
    let name = args.data.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    format!(
        "Made from {name}: {} quiet positions of {} games ({} training, {} validation;\n\
         seed {}), labels {} x result + {} x Stockfish's score, K = {k:.4}, {} epochs at\n\
         rate {}, reg {}{}. Mean squared error against the results, training /\n\
         validation: {:.6} / {:.6} with the hand-written values,\n\
         {:.6} / {:.6} with these.",
        l.train.len() + l.valid.len(),
        l.games,
        l.train.len(),
        l.valid.len(),
        args.seed,
        args.lambda,
        1.0 - args.lambda,
        args.epochs,
        args.rate,
        args.reg,
        if args.mirror { ", files mirrored" } else { "" },
        before.0,
        before.1,
        after.0,
        after.1
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../tools/tune/sample.txt");

    #[test]
    fn the_tuner_scores_as_the_engine_does() {
        let shipped = Values::shipped();
        let mut n = 0;
        for line in SAMPLE.lines() {
            let fen = line.split('|').next().unwrap().trim();
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(score(&pos, &shipped), pos.evaluate(Color::White), "{fen}");
            n += 1;
        }
        assert!(n >= 300, "sample of {n} positions");
    }

    #[test]
    fn mirrored_tuning_stays_symmetric() {
        // The hand-written tables are symmetric but for the queen's.
        let start = Values::hand();
        assert!(!start.is_symmetric());
        let l = load(SAMPLE, 1, 0, &start);
        let k = fit_k(&l.train, &start);
        let v =
            optimise(&l.train, &start, k, Fit { epochs: 100, rate: 1.0, reg: 0.0, mirror: true }, |_, _| {}).rounded();
        assert!(v.is_symmetric());
        assert_ne!(v, start);
    }

    #[test]
    fn the_hand_values_are_within_bounds() {
        let mut v = Values::hand();
        v.project();
        assert_eq!(v, Values::hand());
        let mut s = Values::shipped();
        s.project();
        assert_eq!(s, Values::shipped(), "the values built in are what the tuner can write");
    }

    #[test]
    fn tuning_the_sample_lowers_its_error_and_repeats() {
        let start = Values::hand();
        let l = load(SAMPLE, 1, 0, &start);
        assert!(l.train.len() > 100 && l.valid.len() > 5, "{} / {}", l.train.len(), l.valid.len());
        let k = fit_k(&l.train, &start);
        assert!(k > 0.1 && k < 4.0, "K {k}");
        let run = || {
            optimise(&l.train, &start, k, Fit { epochs: 200, rate: 1.0, reg: 0.0, mirror: false }, |_, _| {}).rounded()
        };
        let (a, b) = (run(), run());
        assert_eq!(a, b, "deterministic");
        assert!(l.train.exact_error(&a, k) < l.train.exact_error(&start, k));
        let mut p = a.clone();
        p.project();
        assert_eq!(p, a, "within bounds");
        // The source compiles to the same values: parse it back.
        let text = source(&a, "test");
        let numbers: Vec<i64> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//") && !l.contains("[0; 64]"))
            .flat_map(|l| l.split(|c: char| !(c == '-' || c.is_ascii_digit())).map(str::to_string).collect::<Vec<_>>())
            .filter_map(|t| t.parse().ok())
            .collect();
        let (material, mg, eg_pawn, eg_king) = a.tables();
        let mut expect: Vec<i64> = Vec::new();
        // `[i16; 7]`, `[[i8; 64]; 7]` and `[i8; 64]` put their sizes first.
        expect.extend([16, 7]);
        expect.extend(material.iter().map(|&x| x as i64));
        expect.extend([8, 64, 7]);
        for t in &mg[1..] {
            expect.extend(t.iter().map(|&x| x as i64));
        }
        expect.extend([8, 64]);
        expect.extend(eg_pawn.iter().map(|&x| x as i64));
        expect.extend([8, 64]);
        expect.extend(eg_king.iter().map(|&x| x as i64));
        assert_eq!(numbers, expect);
    }
}
