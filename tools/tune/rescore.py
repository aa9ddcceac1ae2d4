#!/usr/bin/env python3
"""Better labels for the tuner: Stockfish scores positions again, deeper.

Reads the generator's lines (`FEN | result | score | ply`, tools/tune/
generate.py), keeps every Nth line (--every; the first of each N), and writes
them again with the score field replaced by Stockfish's score at --nodes
nodes, searched from a fresh hash (ucinewgame before each position, Threads
1, Hash 1), so each line's score depends on its position alone: the output
is the same whatever the number of jobs.

    target/venv/bin/python tools/tune/rescore.py --in target/tune/positions-all.txt \\
        --every 3 --nodes 2000 --jobs 2 --out target/tune/rescored.txt

Progress goes to stderr every 10,000 positions.
"""

import argparse
import multiprocessing
import sys
import time

import chess
import chess.engine

MATE_CP = 3000

_engine = None
_nodes = None


def init_worker(stockfish, nodes):
    global _engine, _nodes
    _engine = chess.engine.SimpleEngine.popen_uci(stockfish)
    _engine.configure({"Threads": 1, "Hash": 1})
    _nodes = nodes


def score(fen):
    """Stockfish's score of `fen` from White's view, in centipawns (mates as
    +-MATE_CP), at the worker's node count from a fresh hash. Also used by
    selfplay.py."""
    board = chess.Board(fen)
    # A new game object each time: python-chess sends ucinewgame.
    info = _engine.analyse(board, chess.engine.Limit(nodes=_nodes), game=object())
    s = info["score"].white()
    if s.is_mate():
        return MATE_CP if s.mate() > 0 else -MATE_CP
    return max(-MATE_CP, min(MATE_CP, s.score()))


def rescore(line):
    fields = [f.strip() for f in line.split("|")]
    fields[2] = str(score(fields[0]))
    return " | ".join(fields)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--in", dest="inp", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    with open(args.inp) as f:
        lines = [l.rstrip("\n") for i, l in enumerate(f) if i % args.every == 0 and l.strip()]
    start = time.time()
    tmp = args.out + ".part"
    with open(tmp, "w") as out, multiprocessing.Pool(args.jobs, init_worker, (args.stockfish, args.nodes)) as pool:
        for n, line in enumerate(pool.imap(rescore, lines, chunksize=64), 1):
            out.write(line + "\n")
            if n % 10000 == 0 or n == len(lines):
                rate = n / max(time.time() - start, 1e-9)
                print(f"{n}/{len(lines)} {rate:.0f}/s eta {(len(lines) - n) / max(rate, 1e-9):.0f} s", file=sys.stderr, flush=True)
    import os

    os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
