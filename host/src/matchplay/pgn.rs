//! PGN export: the seven-tag roster, the opening as FEN/SetUp, PlyCount,
//! TimeControl and Termination, SAN movetext with the reason the game ended
//! as a final comment.

use std::fmt::Write;
use std::time::{SystemTime, UNIX_EPOCH};

use engine_core::piece::Color;
use engine_core::Position;

use super::game::{GameRecord, Termination};
use super::rules::Ending;

/// Longest movetext line.
const LINE_WIDTH: usize = 79;

/// What a game's header needs besides the record.
pub struct GameInfo<'a> {
    /// The match's name for the Event tag.
    pub event: &'a str,
    /// Today, as `YYYY.MM.DD`.
    pub date: &'a str,
    /// 1-based game number.
    pub round: usize,
    /// Player names.
    pub white: &'a str,
    /// Player names.
    pub black: &'a str,
    /// The opening position.
    pub start: &'a Position,
    /// Its FEN.
    pub fen: &'a str,
    /// The PGN TimeControl value, `-` if none.
    pub time_control: &'a str,
}

/// Append one game in PGN to `out`.
pub fn write_game(out: &mut String, info: &GameInfo, record: &GameRecord) {
    let result = result_text(record.white_half_points);
    let tags = [
        ("Event", info.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", info.date.to_string()),
        ("Round", info.round.to_string()),
        ("White", info.white.to_string()),
        ("Black", info.black.to_string()),
        ("Result", result.to_string()),
        ("FEN", info.fen.to_string()),
        ("SetUp", "1".to_string()),
        ("PlyCount", record.san.len().to_string()),
        ("TimeControl", info.time_control.to_string()),
        ("Termination", termination_tag(&record.termination).to_string()),
    ];
    let tail = [format!("{{{}}}", reason(&record.termination).replace('}', ")")), result.to_string()];
    write_tagged(out, &tags, info.start, &record.san, &tail);
}

/// Append a game to `out`: `tags`, a blank line, the moves `san` numbered
/// from `start`, then `tail` (a comment, the result), wrapped; a blank line.
pub fn write_tagged(out: &mut String, tags: &[(&str, String)], start: &Position, san: &[String], tail: &[String]) {
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    out.push('\n');
    let mut tokens = movetext(start, san);
    tokens.extend_from_slice(tail);
    wrap(out, &tokens);
    out.push('\n');
}

/// PGN result from White's half points.
pub fn result_text(white_half_points: u8) -> &'static str {
    match white_half_points {
        0 => "0-1",
        1 => "1/2-1/2",
        _ => "1-0",
    }
}

/// Move numbers and moves, starting from the opening's move number and side.
fn movetext(start: &Position, san: &[String]) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut number = start.fullmove_number();
    let mut side = start.side_to_move();
    for (i, m) in san.iter().enumerate() {
        if side == Color::White {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.clone());
        if side == Color::Black {
            number += 1;
        }
        side = side.other();
    }
    tokens
}

/// Join tokens with spaces into lines of at most [`LINE_WIDTH`] characters
/// (a longer token gets a line of its own).
fn wrap(out: &mut String, tokens: &[String]) {
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE_WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    out.push_str(&line);
    out.push('\n');
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The standard Termination tag value.
fn termination_tag(t: &Termination) -> &'static str {
    match t {
        Termination::Rules(_) => "normal",
        Termination::PlyCap => "adjudication",
        Termination::Illegal(..) => "rules infraction",
        Termination::Crash(..) => "abandoned",
        Termination::TimeForfeit(_) => "time forfeit",
    }
}

/// The reason in words, for the final comment.
pub fn reason(t: &Termination) -> String {
    let name = |side| if side == Color::White { "White" } else { "Black" };
    match t {
        Termination::Rules(Ending::Checkmate) => "checkmate".to_string(),
        Termination::Rules(Ending::Stalemate) => "stalemate".to_string(),
        Termination::Rules(Ending::Threefold) => "threefold repetition".to_string(),
        Termination::Rules(Ending::FiftyMoves) => "fifty-move rule".to_string(),
        Termination::Rules(Ending::InsufficientMaterial) => "insufficient material".to_string(),
        Termination::PlyCap => "ply cap".to_string(),
        Termination::Illegal(side, text) => format!("{} played an illegal move: '{text}'", name(*side)),
        Termination::Crash(side, why) => format!("{} crashed: {why}", name(*side)),
        Termination::TimeForfeit(side) => format!("{} lost on time", name(*side)),
    }
}

/// Today's date (UTC) as PGN writes it.
pub fn today() -> String {
    let days = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
    }

    #[test]
    fn a_game_from_a_black_to_move_opening() {
        let start = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        let record = GameRecord {
            san: vec!["e5".into(), "Nf3".into(), "Nc6".into()],
            termination: Termination::Illegal(Color::White, "e1e3".into()),
            white_half_points: 0,
        };
        let info = GameInfo {
            event: "m",
            date: "2024.01.01",
            round: 3,
            white: "A \"x\"",
            black: "B",
            start: &start,
            fen: "f",
            time_control: "-",
        };
        let mut out = String::new();
        write_game(&mut out, &info, &record);
        assert!(out.contains("[White \"A \\\"x\\\"\"]\n"));
        assert!(out.contains("[Result \"0-1\"]\n[FEN \"f\"]\n[SetUp \"1\"]\n[PlyCount \"3\"]\n"));
        assert!(out.contains("[Termination \"rules infraction\"]\n\n"));
        assert!(out.ends_with("\n1... e5 2. Nf3 Nc6 {White played an illegal move: 'e1e3'} 0-1\n\n"), "{out}");
    }

    #[test]
    fn long_movetext_wraps() {
        let mut out = String::new();
        let tokens: Vec<String> = (0..60).map(|i| format!("m{i}")).collect();
        wrap(&mut out, &tokens);
        assert!(out.lines().count() > 2);
        assert!(out.lines().all(|l| l.len() <= LINE_WIDTH));
    }
}
