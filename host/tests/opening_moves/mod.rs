//! The moves that reach a position of the balanced opening set from the
//! start, for a test that must play them on the C64 as a player would.
//!
//! The set (tools/openings/openings.epd) holds only the positions: each is
//! eight random plies from the start (docs/openings.md), and the walk that
//! made it is not kept. [`moves_to`] finds eight plies that reach the same
//! position (board, side to move, castling rights, en passant square), not
//! necessarily the generator's: any such walk leaves the same position to
//! search.

use std::collections::HashSet;

use engine_core::square::Square;
use engine_core::{Move, Position, MAX_MOVES};

/// Plies from the start to every position of the set.
pub const PLIES: u8 = 8;

/// A position's four FEN fields: what a walk must match.
fn fields(pos: &Position) -> String {
    pos.fen().to_string().split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// `PLIES` moves from the start position to `target` (four EPD fields,
/// anything after them ignored), as coordinate text (`g1f3`); `None` if
/// there are none.
pub fn moves_to(target: &str) -> Option<Vec<String>> {
    let epd: Vec<&str> = target.split_whitespace().take(4).collect();
    let target = Position::from_fen(&format!("{} 0 1", epd.join(" "))).ok()?;
    let goal = fields(&target);
    let mut walk = Walk { target, goal, dead: HashSet::new(), moves: Vec::new() };
    walk.search(&mut Position::startpos(), PLIES).then(|| walk.moves.iter().map(Move::to_string).collect())
}

/// A depth-first search for the walk, pruned by what the plies left can
/// still change.
struct Walk {
    /// The position to reach.
    target: Position,
    /// Its four FEN fields.
    goal: String,
    /// Positions (with their plies left) already found to lead nowhere.
    dead: HashSet<(String, u8)>,
    /// The moves so far, from the start.
    moves: Vec<Move>,
}

impl Walk {
    fn search(&mut self, pos: &mut Position, left: u8) -> bool {
        if left == 0 {
            return fields(pos) == self.goal;
        }
        if !self.reachable(pos, left) || self.dead.contains(&(fields(pos), left)) {
            return false;
        }
        let mut moves = [Move::NONE; MAX_MOVES];
        let n = pos.legal_moves(&mut moves);
        for &m in &moves[..n] {
            let undo = pos.make(m);
            self.moves.push(m);
            if self.search(pos, left - 1) {
                return true;
            }
            self.moves.pop();
            pos.unmake(m, undo);
        }
        self.dead.insert((fields(pos), left));
        false
    }

    /// Whether `left` plies (the side to move's first) may still reach the
    /// target: no castling right to win back, and no side with more of the
    /// target's men to put in place than its moves can (a move puts one
    /// man on a square, castling two), or with fewer men than it needs (no
    /// walk this short promotes).
    fn reachable(&self, pos: &Position, left: u8) -> bool {
        if self.target.castling() & !pos.castling() != 0 {
            return false;
        }
        let mover = pos.side_to_move();
        [(mover, left.div_ceil(2)), (mover.other(), left / 2)].into_iter().all(|(side, moves)| {
            let (mut misplaced, mut have, mut need) = (0u8, 0u8, 0u8);
            for (now, then) in Square::all().map(|sq| (pos.at(sq), self.target.at(sq))) {
                let (mine_now, mine_then) =
                    (!now.is_empty() && now.color() == side, !then.is_empty() && then.color() == side);
                have += u8::from(mine_now);
                need += u8::from(mine_then);
                misplaced += u8::from(mine_then && now != then);
            }
            let castling = u8::from(pos.castling() & CASTLE_RIGHTS[side.index()] != 0);
            have >= need && misplaced <= moves + castling
        })
    }
}

/// Each side's castling rights (`Position::castling`'s bits), White's then Black's.
const CASTLE_RIGHTS: [u8; 2] = [
    engine_core::position::CASTLE_WK | engine_core::position::CASTLE_WQ,
    engine_core::position::CASTLE_BK | engine_core::position::CASTLE_BQ,
];
