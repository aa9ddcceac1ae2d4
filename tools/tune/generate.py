#!/usr/bin/env python3
"""Training positions for the evaluation tuner (`c64chess tune`).

Stockfish plays itself at a low, jittered node count from the project's
balanced openings (tools/openings/openings.epd); every position of every game
after the opening is written with the game's result, unless it is in check or
the move Stockfish played there is a capture or a promotion (the tuner keeps
only positions whose quiescence search returns the static score, so those
would be dropped anyway).

One line per position:

    FEN | result | score | ply

result is White's: 1, 0.5 or 0; score is Stockfish's search score from
White's view in centipawns (mates as +-3000), written for experiments with
blended labels; ply counts from the opening position.

Games are adjudicated to save time: a win once the score has been at least
1000 centipawns for the same side over the last 6 plies, a draw once it has
been within 10 of zero for 16 plies after ply 80; otherwise the rules end
them (mate, stalemate, threefold, fifty moves, insufficient material) or the
400th ply draws.

Deterministic for a given seed, game count and node count: game i plays
opening i mod 600 with its own random stream for the node jitter, and the
output is written in game order whatever the number of jobs.

    python3 -m venv target/venv && target/venv/bin/pip install chess
    target/venv/bin/python tools/tune/generate.py --games 6000 --jobs 2 \
        --out target/tune/positions.txt

Progress goes to stderr every 100 games.
"""

import argparse
import multiprocessing
import os
import random
import sys
import time

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))
OPENINGS = os.path.join(HERE, "..", "openings", "openings.epd")

MATE_CP = 3000
WIN_CP = 1000
WIN_PLIES = 6
DRAW_CP = 10
DRAW_PLIES = 16
DRAW_AFTER = 80
MAX_PLIES = 400

_engine = None
_args = None


def load_openings():
    fens = []
    with open(OPENINGS) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            fields = line.split()
            # EPD: four fields, then operations.
            fens.append(" ".join(fields[:4]) + " 0 1")
    return fens


def init_worker(args):
    global _engine, _args
    _args = args
    _engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    _engine.configure({"Threads": 1, "Hash": 16})


def white_cp(score):
    s = score.white()
    if s.is_mate():
        return MATE_CP if s.mate() > 0 else -MATE_CP
    return max(-MATE_CP, min(MATE_CP, s.score()))


def play_game(job):
    """One game: (index, list of lines)."""
    index, fen = job
    rng = random.Random(_args.seed * 1_000_003 + index)
    board = chess.Board(fen)
    _engine.protocol.send_line("ucinewgame")
    records = []  # (fen, score, ply)
    scores = []
    result = None
    ply = 0
    while result is None:
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            w = outcome.winner
            result = "0.5" if w is None else ("1" if w == chess.WHITE else "0")
            break
        if ply >= MAX_PLIES:
            result = "0.5"
            break
        nodes = max(1, int(_args.nodes * rng.uniform(0.6, 1.4)))
        play = _engine.play(board, chess.engine.Limit(nodes=nodes), info=chess.engine.INFO_SCORE)
        move = play.move
        cp = white_cp(play.info["score"]) if "score" in play.info else 0
        scores.append(cp)
        quiet = not board.is_check() and not board.is_capture(move) and move.promotion is None
        if quiet:
            records.append((board.fen(), cp, ply))
        board.push(move)
        ply += 1
        last = scores[-WIN_PLIES:]
        if len(last) == WIN_PLIES and (all(s >= WIN_CP for s in last) or all(s <= -WIN_CP for s in last)):
            result = "1" if last[-1] > 0 else "0"
        elif ply >= DRAW_AFTER and len(scores) >= DRAW_PLIES and all(abs(s) <= DRAW_CP for s in scores[-DRAW_PLIES:]):
            result = "0.5"
    lines = [f"{f} | {result} | {cp} | {p}" for (f, cp, p) in records]
    return index, lines, result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--nodes", type=int, default=600, help="mean node count per move (jittered 0.6x-1.4x)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--out", default="target/tune/positions.txt")
    args = ap.parse_args()

    openings = load_openings()
    jobs = [(i, openings[i % len(openings)]) for i in range(args.games)]
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp = args.out + ".part"
    start = time.time()
    done = 0
    positions = 0
    tally = {"1": 0, "0.5": 0, "0": 0}
    pending = {}
    next_out = 0
    with open(tmp, "w") as out, multiprocessing.Pool(args.jobs, init_worker, (args,)) as pool:
        for index, lines, result in pool.imap_unordered(play_game, jobs, chunksize=4):
            pending[index] = lines
            tally[result] += 1
            done += 1
            while next_out in pending:
                block = pending.pop(next_out)
                positions += len(block)
                if block:
                    out.write("\n".join(block) + "\n")
                next_out += 1
            if done % 100 == 0 or done == args.games:
                rate = done / max(time.time() - start, 1e-9)
                print(
                    f"games {done}/{args.games} positions {positions} "
                    f"W/D/L {tally['1']}/{tally['0.5']}/{tally['0']} "
                    f"{rate:.2f} games/s eta {(args.games - done) / max(rate, 1e-9):.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    os.replace(tmp, args.out)
    print(f"wrote {positions} positions from {args.games} games to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
