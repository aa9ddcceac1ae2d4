//! `go searchmoves`: a search of some root moves only.
//!
//! The core searches every root move and has no root filter, so the root
//! lives here: each allowed move is played and the position after it is
//! searched by the core from the opponent's side, its score negated (and a
//! mate one ply further away). Iterative deepening runs at this level so all
//! allowed moves are compared at one depth: root depth `d` searches each
//! reply tree to depth `d - 1`, starting at depth 2 (the core's shallowest
//! search is one ply). The rules mirror the core's root:
//! * the first allowed move is banked before anything is searched;
//! * the best move of the previous depth is searched first;
//! * a depth is not started once more than a third of the budget is spent;
//! * an interrupted depth still counts the moves it completed, if the
//!   previous best was among them (it is searched first, so it was);
//! * a found mate ends the search.
//!
//! Cost, and a quirk: each reply search runs its own iterative deepening
//! (about a fifth more nodes than one search), and each counts as an engine
//! move for the core's opening randomiser (`Seed`), which therefore stops
//! varying the root order sooner in a game that uses `searchmoves`.

use engine_core::search::{Iteration, MATE_BOUND};
use engine_core::{Limits, Move, Position, SearchHooks, SearchResult, Searcher};

use super::go::MAX_DEPTH;

/// Search `root` within `limits`, choosing only among `moves` (legal in
/// `root`, at least one). Completed depths are reported to `hooks`.
pub fn search<H: SearchHooks>(
    searcher: &mut Searcher,
    root: &Position,
    limits: Limits,
    moves: &[Move],
    hooks: &mut H,
) -> SearchResult {
    let mut order = moves.to_vec();
    let mut result = SearchResult { best: order[0], score: 0, depth: 0, nodes: 0 };
    let mut nodes: u32 = 0;
    for depth in 2..=limits.depth.clamp(2, MAX_DEPTH) {
        if depth > 2 && nodes > limits.nodes / 3 {
            break;
        }
        let mut done: Vec<Reply> = Vec::with_capacity(order.len());
        for &m in &order {
            let budget = Limits { depth: depth - 1, nodes: limits.nodes.saturating_sub(nodes) };
            let reply = search_reply(searcher, root, m, budget, nodes, hooks);
            nodes = nodes.saturating_add(reply.nodes);
            match reply.complete {
                true => done.push(reply),
                false => break,
            }
        }
        let complete = done.len() == order.len();
        // Stable: ties keep the previous order, so the previous best stays first.
        done.sort_by_key(|r| -r.score);
        let Some(best) = done.first() else { break };
        (result.best, result.score) = (best.pv[0], best.score);
        if !complete {
            break;
        }
        result.depth = depth;
        let seldepth = done.iter().map(|r| r.seldepth).max().unwrap_or(depth);
        hooks.iteration(&Iteration { depth, seldepth, score: best.score, nodes, pv: &best.pv });
        if best.score > MATE_BOUND {
            break;
        }
        order = done.iter().map(|r| r.pv[0]).collect();
    }
    result.nodes = nodes;
    result
}

/// One allowed move searched to a depth.
struct Reply {
    /// Score for the side to move at the root.
    score: i16,
    /// The move, then the reply search's principal variation.
    pv: Vec<Move>,
    seldepth: u8,
    nodes: u32,
    /// The reply search finished its depth (it was not stopped or out of budget).
    complete: bool,
}

/// Play `m` and search the reply tree within `limits`. `offset` is the node
/// count so far, so `hooks` sees one running count.
fn search_reply<H: SearchHooks>(
    searcher: &mut Searcher,
    root: &Position,
    m: Move,
    limits: Limits,
    offset: u32,
    hooks: &mut H,
) -> Reply {
    let mut child = root.clone();
    child.make(m);
    // The core scores a repetition or a fifty-move draw at ply 1 as 0
    // before searching it; its root never checks, so check here.
    if child.is_repetition() || child.halfmove_clock() >= 100 {
        return Reply { score: 0, pv: vec![m], seldepth: 1, nodes: 1, complete: true };
    }
    let mut child_hooks = ReplyHooks { outer: hooks, offset, pv: Vec::new(), seldepth: 0 };
    let r = searcher.search(&child, limits, &mut child_hooks);
    let complete = r.best.is_none() || r.depth == limits.depth || r.score > MATE_BOUND;
    let mut pv = vec![m];
    pv.extend_from_slice(&child_hooks.pv);
    Reply { score: from_reply(r.score), pv, seldepth: child_hooks.seldepth + 1, nodes: r.nodes, complete }
}

/// A reply search's score, seen from the root: negated, and a mate one ply
/// further away (`MATE - n` for the reply side is `-(MATE - n - 1)` here).
fn from_reply(score: i16) -> i16 {
    if score > MATE_BOUND {
        -score + 1
    } else if score < -MATE_BOUND {
        -score - 1
    } else {
        -score
    }
}

/// Hooks of a reply search: progress goes to the outer hooks with the node
/// count made cumulative; iterations are kept, not reported.
struct ReplyHooks<'a, H> {
    outer: &'a mut H,
    offset: u32,
    pv: Vec<Move>,
    seldepth: u8,
}

impl<H: SearchHooks> SearchHooks for ReplyHooks<'_, H> {
    fn progress(&mut self, nodes: u32, best: Move) -> bool {
        self.outer.progress(self.offset.saturating_add(nodes), best)
    }

    fn iteration(&mut self, info: &Iteration) {
        self.pv = info.pv.to_vec();
        self.seldepth = info.seldepth.max(info.depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine_core::search::MATE;

    fn legal(pos: &Position, text: &str) -> Move {
        pos.clone().parse_move(text).unwrap()
    }

    #[test]
    fn mate_distance_grows_by_a_ply() {
        assert_eq!(from_reply(-MATE), MATE - 1, "the reply side is mated at once: mate in 1 ply");
        assert_eq!(from_reply(MATE - 2), -(MATE - 3));
        assert_eq!(from_reply(12), -12);
    }

    #[test]
    fn chooses_only_among_the_allowed_moves() {
        // Qb8 mates at once; with only a king move allowed, the king move it is.
        let pos = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
        let mut searcher = Box::new(Searcher::new());
        let limits = Limits { depth: 4, nodes: 200_000 };
        let only = [legal(&pos, "g6f6")];
        let r = search(&mut searcher, &pos, limits, &only, &mut ());
        assert_eq!(r.best, only[0]);
        let pair = [legal(&pos, "g6f6"), legal(&pos, "b1b8")];
        let r = search(&mut searcher, &pos, limits, &pair, &mut ());
        assert_eq!((r.best, r.score), (pair[1], MATE - 1));
        let full = searcher.search(&pos, limits, &mut ());
        assert_eq!(full.score, MATE - 1, "the unrestricted search agrees on the mate");
    }

    #[test]
    fn a_tiny_budget_still_returns_an_allowed_move() {
        let pos = Position::startpos();
        let mut searcher = Box::new(Searcher::new());
        let allowed = [legal(&pos, "a2a3"), legal(&pos, "h2h3")];
        let r = search(&mut searcher, &pos, Limits { depth: 10, nodes: 1 }, &allowed, &mut ());
        assert!(allowed.contains(&r.best));
    }
}
