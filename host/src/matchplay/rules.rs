//! The rules that end a game without anyone resigning: checkmate,
//! stalemate, threefold repetition, the fifty-move rule and insufficient
//! material. The ply cap is the match's own rule and lives in `game`.

use engine_core::position::DrawRule;
use engine_core::{Move, Position, MAX_MOVES};

/// Why the rules ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The position occurred for the third time.
    Threefold,
    /// A hundred plies without a capture or pawn move.
    FiftyMoves,
    /// Neither side can ever mate.
    InsufficientMaterial,
}

/// How the game stands by the rules: mate and stalemate first (a move that
/// mates wins even if it also completes fifty moves or a repetition: FIDE
/// 9.6 and 5.1), then the draw rules as the engine's one owner of them,
/// [`Position::draw_rule`], has them. `pos` must carry the game's history
/// since the opening (repetitions before the opening position are not
/// known).
pub fn adjudicate(pos: &mut Position) -> Option<Ending> {
    let mut moves = [Move::NONE; MAX_MOVES];
    if pos.legal_moves(&mut moves) == 0 {
        return Some(if pos.in_check() { Ending::Checkmate } else { Ending::Stalemate });
    }
    pos.draw_rule().map(|rule| match rule {
        DrawRule::FiftyMoves => Ending::FiftyMoves,
        DrawRule::Threefold => Ending::Threefold,
        DrawRule::InsufficientMaterial => Ending::InsufficientMaterial,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ending(fen: &str) -> Option<Ending> {
        adjudicate(&mut Position::from_fen(fen).unwrap())
    }

    /// Play `moves` from `fen` and adjudicate the result.
    fn after(fen: &str, moves: &str) -> Option<Ending> {
        let mut pos = Position::from_fen(fen).unwrap();
        for text in moves.split_whitespace() {
            assert_eq!(adjudicate(&mut pos), None, "ended before {text}");
            let m = pos.parse_move(text).unwrap();
            pos.make(m);
        }
        adjudicate(&mut pos)
    }

    #[test]
    fn mate_and_stalemate() {
        // Fool's mate.
        assert_eq!(ending("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), Some(Ending::Checkmate));
        assert_eq!(ending("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), Some(Ending::Stalemate));
        // Mate on the hundredth quiet ply is still mate.
        assert_eq!(ending("7k/6Q1/6K1/8/8/8/8/8 b - - 100 80"), Some(Ending::Checkmate));
        assert_eq!(ending(engine_core::START_FEN), None);
    }

    #[test]
    fn threefold_and_fifty() {
        let shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
        assert_eq!(after(engine_core::START_FEN, shuffle), Some(Ending::Threefold));
        // Twice is not yet three times.
        let mut pos = Position::startpos();
        for text in "g1f3 g8f6 f3g1 f6g8".split_whitespace() {
            let m = pos.parse_move(text).unwrap();
            pos.make(m);
        }
        assert_eq!(adjudicate(&mut pos), None);
        assert_eq!(ending("4k3/8/8/8/8/8/4P3/R3K3 w - - 100 90"), Some(Ending::FiftyMoves));
        assert_eq!(after("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 90", "a1a2"), Some(Ending::FiftyMoves));
        assert_eq!(after("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 90", "e2e3"), None);
    }

    #[test]
    fn insufficient_material_cases() {
        let dead = [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",    // K v K
            "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",   // KN v K
            "4k3/8/8/8/8/8/8/3BK3 b - - 0 1",   // KB v K
            "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", // bishops on light squares (c8, d1)
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", // bishops on dark squares (f8, c1)
            "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", // two bishops, same colour
        ];
        for fen in dead {
            assert_eq!(ending(fen), Some(Ending::InsufficientMaterial), "{fen}");
        }
        let alive = [
            "3bk3/8/8/8/8/8/8/3BK3 w - - 0 1", // bishops on opposite colours (d8, d1)
            "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", // two knights
            "4kn2/8/8/8/8/8/8/3BK3 w - - 0 1", // bishop v knight
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", // a pawn
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",  // a rook
        ];
        for fen in alive {
            assert_eq!(ending(fen), None, "{fen}");
        }
        // A capture that leaves K v K ends the game at once.
        assert_eq!(after("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2"), Some(Ending::InsufficientMaterial));
    }
}
