//! Opening positions from EPD files, and the project's own set.

use engine_core::{Move, Position, MAX_MOVES};

/// The project's balanced set (docs/openings.md), built into the binary so
/// `match` needs no file at run time.
pub const DEFAULT_OPENINGS: &str = include_str!("../../../tools/openings/openings.epd");

/// Name of the built-in set in messages and the PGN.
pub const DEFAULT_NAME: &str = "tools/openings/openings.epd";

/// The built-in set, parsed ([`DEFAULT_OPENINGS`]; errors name it as
/// [`DEFAULT_NAME`]).
pub fn built_in() -> Result<Vec<Opening>, String> {
    parse_epd(DEFAULT_OPENINGS, DEFAULT_NAME)
}

/// A start position for a pair of games.
#[derive(Clone, Debug)]
pub struct Opening {
    /// Its FEN, as the engine writes it (counters 0 and 1 if the EPD had none).
    pub fen: String,
    /// The position, with an empty history.
    pub pos: Position,
}

/// Parse an EPD (or FEN-per-line) text. A line holds the four position
/// fields, optionally the two FEN counters, then EPD operations, which are
/// ignored. Blank lines and lines starting with `#` are skipped. Every
/// position must be valid and have a legal move; errors name `source` and
/// the line.
pub fn parse_epd(text: &str, source: &str) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_line(line).map_err(|e| format!("{source} line {}: {e}", index + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(format!("{source}: no positions"));
    }
    Ok(openings)
}

/// One position from one line.
fn parse_line(line: &str) -> Result<Opening, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err("expected at least the four EPD position fields".to_string());
    }
    let counters = fields.get(4..6).filter(|c| c.iter().all(|f| f.bytes().all(|b| b.is_ascii_digit())));
    let fen = match counters {
        Some(c) => format!("{} {} {}", fields[..4].join(" "), c[0], c[1]),
        None => format!("{} 0 1", fields[..4].join(" ")),
    };
    let mut pos = Position::from_fen(&fen).map_err(|e| e.to_string())?;
    let mut moves = [Move::NONE; MAX_MOVES];
    if pos.legal_moves(&mut moves) == 0 {
        return Err("the position has no legal move".to_string());
    }
    Ok(Opening { fen: pos.fen().to_string(), pos })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_and_fen_lines_parse() {
        let text = "# comment\n\
                    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ce 30; acd 12;\n\
                    \n\
                    4k3/8/8/8/8/8/4P3/4K3 w - - 12 40\n";
        let openings = parse_epd(text, "test").unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(openings[1].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 12 40");
    }

    #[test]
    fn bad_lines_are_named() {
        let e = parse_epd("4k3/8/8/8/8/8/4P3/4K3 w - -\n4k3/8/8 w - -\n", "f.epd").unwrap_err();
        assert!(e.starts_with("f.epd line 2: bad FEN board"), "{e}");
        let e = parse_epd("7k/5Q2/6K1/8/8/8/8/8 b - -\n", "f.epd").unwrap_err();
        assert_eq!(e, "f.epd line 1: the position has no legal move");
        assert_eq!(parse_epd("# nothing\n", "f.epd").unwrap_err(), "f.epd: no positions");
        assert!(parse_epd("4k3/8 w\n", "f.epd").unwrap_err().contains("four EPD position fields"));
    }
}
