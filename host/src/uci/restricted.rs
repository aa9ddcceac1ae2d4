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
//! * a found mate ends the search (when one line is asked for).
//!
//! Every allowed move gets its own score at each depth, so the same search
//! gives `MultiPV`: the best `lines` moves of each completed depth are
//! reported, best first ([`RootHooks::lines`]).
//!
//! Cost, and a quirk: each reply search runs its own iterative deepening
//! (about a fifth more nodes than one search), and each counts as an engine
//! move for the core's opening randomiser (`Seed`), which therefore stops
//! varying the root order sooner in a game that uses `searchmoves`.

use engine_core::score::MATE_BOUND;
use engine_core::search::Iteration;
use engine_core::tt::Slots;
use engine_core::{Limits, Move, Position, SearchHooks, SearchResult, Searcher};

use crate::timeplan::MAX_DEPTH;

/// One root move's line in a report: its score, selective depth and
/// principal variation (the move first).
pub struct Line<'a> {
    /// Score for the side to move at the root.
    pub score: i16,
    /// The deepest ply its search reached.
    pub seldepth: u8,
    /// The move, then the reply search's principal variation.
    pub pv: &'a [Move],
}

/// The hooks of a search at this level: the core's, and a report of the
/// best lines of each completed depth.
pub trait RootHooks: SearchHooks {
    /// A depth completed with `nodes` so far; `lines` are its best, best first.
    fn lines(&mut self, depth: u8, nodes: u32, lines: &[Line]);
}

impl RootHooks for () {
    fn lines(&mut self, _depth: u8, _nodes: u32, _lines: &[Line]) {}
}

/// Search `root` within `limits`, choosing only among `moves` (legal in
/// `root`, at least one). The best `lines` (at least one) of each
/// completed depth are reported to `hooks`.
pub fn search<S: Slots, H: RootHooks>(
    searcher: &mut Searcher<S>,
    root: &Position,
    limits: Limits,
    moves: &[Move],
    lines: usize,
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
        let report: Vec<Line> = done
            .iter()
            .take(lines.max(1))
            .map(|r| Line { score: r.score, seldepth: r.seldepth.max(depth), pv: &r.pv })
            .collect();
        hooks.lines(depth, nodes, &report);
        if lines <= 1 && best.score > MATE_BOUND {
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
fn search_reply<S: Slots, H: SearchHooks>(
    searcher: &mut Searcher<S>,
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
    use engine_core::score::MATE;

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
        let r = search(&mut searcher, &pos, limits, &only, 1, &mut ());
        assert_eq!(r.best, only[0]);
        let pair = [legal(&pos, "g6f6"), legal(&pos, "b1b8")];
        let r = search(&mut searcher, &pos, limits, &pair, 1, &mut ());
        assert_eq!((r.best, r.score), (pair[1], MATE - 1));
        let full = searcher.search(&pos, limits, &mut ());
        assert_eq!(full.score, MATE - 1, "the unrestricted search agrees on the mate");
    }

    /// Records the reports, for the tests.
    #[derive(Default)]
    struct Reports(Vec<(u8, Vec<(i16, Move)>)>);

    impl SearchHooks for Reports {}

    impl RootHooks for Reports {
        fn lines(&mut self, depth: u8, _nodes: u32, lines: &[Line]) {
            self.0.push((depth, lines.iter().map(|l| (l.score, l.pv[0])).collect()));
        }
    }

    #[test]
    fn reports_the_best_lines_of_each_depth_best_first() {
        let pos = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
        let mut all = [Move::NONE; engine_core::MAX_MOVES];
        let n = pos.clone().legal_moves(&mut all);
        let mut searcher = Box::new(Searcher::new());
        let mut reports = Reports::default();
        let r = search(&mut searcher, &pos, Limits { depth: 4, nodes: 500_000 }, &all[..n], 3, &mut reports);
        assert_eq!(reports.0.len(), 3, "depths 2, 3 and 4: a mate does not end a multi-line search");
        for (depth, lines) in &reports.0 {
            assert_eq!(lines.len(), 3, "depth {depth}");
            assert!(lines.windows(2).all(|w| w[0].0 >= w[1].0), "best first: {lines:?}");
            let moves: Vec<Move> = lines.iter().map(|l| l.1).collect();
            assert!(moves.iter().enumerate().all(|(i, m)| !moves[..i].contains(m)), "distinct moves");
        }
        assert_eq!((r.best, r.score), (legal(&pos, "b1b8"), MATE - 1));
    }

    #[test]
    fn a_tiny_budget_still_returns_an_allowed_move() {
        let pos = Position::startpos();
        let mut searcher = Box::new(Searcher::new());
        let allowed = [legal(&pos, "a2a3"), legal(&pos, "h2h3")];
        let r = search(&mut searcher, &pos, Limits { depth: 10, nodes: 1 }, &allowed, 1, &mut ());
        assert!(allowed.contains(&r.best));
    }
}
