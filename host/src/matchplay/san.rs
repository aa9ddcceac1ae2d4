//! Standard algebraic notation, for the PGN movetext.

use engine_core::mv::{CASTLE_KING, CASTLE_QUEEN};
use engine_core::piece::{Color, Piece, PAWN};
use engine_core::{Move, Position, MAX_MOVES};

/// The SAN of `m`, a legal move of `pos` (`Nbd7`, `exd5`, `e8=Q+`, `O-O#`).
/// `pos` is returned unchanged.
pub fn san(pos: &mut Position, m: Move) -> String {
    let mut text = if m.flags & CASTLE_KING != 0 {
        "O-O".to_string()
    } else if m.flags & CASTLE_QUEEN != 0 {
        "O-O-O".to_string()
    } else {
        piece_move(pos, m)
    };
    let undo = pos.make(m);
    if pos.in_check() {
        let mut replies = [Move::NONE; MAX_MOVES];
        text.push(if pos.legal_moves(&mut replies) == 0 { '#' } else { '+' });
    }
    pos.unmake(m, undo);
    text
}

/// SAN without the check suffix, for every move but castling.
fn piece_move(pos: &mut Position, m: Move) -> String {
    let piece = pos.at(m.from);
    let mut text = String::new();
    if piece.kind() == PAWN {
        if m.is_capture() {
            text.push(char::from(m.from.name()[0]));
        }
    } else {
        // The piece type alone is White's piece: SAN's upper-case letter for both sides.
        text.push(char::from(Piece::new(piece.kind(), Color::White).char()));
        text.push_str(&disambiguation(pos, m));
    }
    if m.is_capture() {
        text.push('x');
    }
    let [f, r] = m.to.name();
    text.push(char::from(f));
    text.push(char::from(r));
    if m.promotion() != 0 {
        text.push('=');
        text.push(char::from(Piece::new(m.promotion(), Color::White).char()));
    }
    text
}

/// What SAN adds after the piece letter when another piece of the same kind
/// could also move to `m.to`: the file if that tells them apart, else the
/// rank, else both.
fn disambiguation(pos: &mut Position, m: Move) -> String {
    let mut moves = [Move::NONE; MAX_MOVES];
    let n = pos.legal_moves(&mut moves);
    let piece = pos.at(m.from);
    let rivals: Vec<Move> =
        moves[..n].iter().copied().filter(|o| o.to == m.to && o.from != m.from && pos.at(o.from) == piece).collect();
    let [f, r] = m.from.name();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|o| o.from.file() != m.from.file()) {
        char::from(f).to_string()
    } else if rivals.iter().all(|o| o.from.row() != m.from.row()) {
        char::from(r).to_string()
    } else {
        format!("{}{}", char::from(f), char::from(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san_of(fen: &str, text: &str) -> String {
        let mut pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_move(text).unwrap();
        san(&mut pos, m)
    }

    #[test]
    fn plain_moves_captures_and_checks() {
        assert_eq!(san_of(engine_core::START_FEN, "e2e4"), "e4");
        assert_eq!(san_of(engine_core::START_FEN, "g1f3"), "Nf3");
        assert_eq!(san_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5"), "exd5");
        assert_eq!(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
        assert_eq!(san_of("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8"), "Ra8+");
        assert_eq!(san_of("rnbqkbnr/ppp2ppp/8/3Pp3/8/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 3", "d5e6"), "dxe6");
    }

    #[test]
    fn castling_promotion_and_disambiguation() {
        assert_eq!(san_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
        assert_eq!(san_of("r3k2r/8/8/8/8/8/8/R2K3R b kq - 0 1", "e8c8"), "O-O-O+");
        assert_eq!(san_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n"), "e8=N");
        assert_eq!(san_of("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8q"), "exd8=Q");
        // Knights on b1 and f3 both reach d2: the file tells them apart.
        assert_eq!(san_of("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"), "Nbd2");
        // Rooks on a1 and a5 both reach a3: the rank does.
        assert_eq!(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
        // Queens on a1, a3 and c1 all reach b2: a1 needs file and rank.
        assert_eq!(san_of("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2"), "Qa1b2");
        // A pinned rival does not count.
        assert_eq!(san_of("k3r3/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3"), "Nc3");
    }
}
