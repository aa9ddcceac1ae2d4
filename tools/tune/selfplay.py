#!/usr/bin/env python3
"""Training positions from c64chess's own games at its low levels.

The positions the weak levels actually reach (loose pieces, early queen
sorties, lopsided material) are rare in Stockfish's self-play
(tools/tune/generate.py), so this plays c64chess against itself with
`c64chess match` at the given level pairs, and labels every kept position
with Stockfish's score at --nodes nodes, searched from a fresh hash
(ucinewgame before each position, Threads 1, Hash 1, as
tools/tune/rescore.py), so a line's score depends on its position alone.

Match j (0-based, of --matches) plays the level pair --pairs[j mod n] over
--games games of the built-in balanced openings, with `--seed
SEED*1000+j+1` (which shuffles the openings and varies the engines'
per-game seeds: both sides get the Seed option that number mod 255 + 1). Every position of
every game after the first --skip plies from the opening position is kept,
unless it is in check or the move played there is a capture or a
promotion (the tuner keeps only positions whose quiescence search returns
the static score), or the same position (placement, side, castling, en
passant) was kept before. --every N keeps the first of every N of the rest.

One line per position, the generator's format:

    FEN | result | score | ply

result is White's (1, 0.5 or 0, from the game's end: mate, a draw by the
rules, or the match's 400-ply limit); score is Stockfish's from White's
view in centipawns (mates as +-3000); ply counts from the opening position.

Deterministic for given arguments (the matches are; Stockfish's scores do
not depend on the order or the number of jobs). The data of the tuning
experiments: seed 1 from the build with the first tuned tables, seed 2 from
a build with tables tuned on seed 1's data (--engine):

    cargo build --release
    target/venv/bin/python tools/tune/selfplay.py --seed 1 --matches 8 \\
        --games 1200 --pairs 1:1,1:2,2:2,2:1 --every 2 --nodes 1000 \\
        --jobs 2 --out target/tune/selfplay.txt
    target/venv/bin/python tools/tune/selfplay.py --seed 2 --engine OTHER \\
        --matches 8 --games 1200 --pairs 1:1,1:2,2:2,2:1 --every 2 \\
        --nodes 1000 --jobs 2 --out target/tune/selfplay-2.txt

Progress goes to stderr.
"""

import argparse
import io
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time

import chess
import chess.pgn

# The Stockfish worker, shared with rescore.py (this directory is on the
# path when the script runs).
from rescore import init_worker, score


def play_match(args, j, pgn_path):
    a, b = args.pairs[j % len(args.pairs)]
    seed = args.seed * 1000 + j + 1
    engine_seed = seed % 255 + 1  # the engine's Seed option: 1-255
    cmd = [
        args.engine, "match",
        "--a", f"Skill={a} Seed={engine_seed}",
        "--b", f"Skill={b} Seed={engine_seed}",
        "--games", str(args.games),
        "--jobs", str(args.jobs),
        "--seed", str(seed),
        "--pgn", pgn_path,
    ]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def positions(pgn_path, skip, seen, counts):
    """(fen, result, ply) of the kept positions of one PGN file, in game order."""
    out = []
    with open(pgn_path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            result = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}.get(game.headers.get("Result"))
            if result is None:
                continue
            counts[result] += 1
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if ply >= skip and not board.is_check() and not board.is_capture(move) and move.promotion is None:
                    key = " ".join(board.fen().split()[:4])
                    if key not in seen:
                        seen.add(key)
                        out.append((board.fen(), result, ply))
                board.push(move)
    return out


def parse_pairs(text):
    pairs = []
    for item in text.split(","):
        a, b = item.split(":")
        pairs.append((int(a), int(b)))
    return pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/c64chess")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--matches", type=int, default=8)
    ap.add_argument("--games", type=int, default=1200, help="games per match (at most 1200: each opening twice)")
    ap.add_argument("--pairs", type=parse_pairs, default=parse_pairs("1:1,1:2,2:2,2:1"),
                    help="level pairs A:B, comma-separated, used in turn by the matches")
    ap.add_argument("--skip", type=int, default=4, help="plies after the opening position not kept")
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--out", default="target/tune/selfplay.txt")
    args = ap.parse_args()

    start = time.time()
    seen = set()
    counts = {"1": 0, "0.5": 0, "0": 0}
    kept = []
    with tempfile.TemporaryDirectory() as tmp:
        for j in range(args.matches):
            pgn_path = os.path.join(tmp, f"m{j}.pgn")
            play_match(args, j, pgn_path)
            kept.extend(positions(pgn_path, args.skip, seen, counts))
            print(f"match {j + 1}/{args.matches}: {len(kept)} positions, W/D/L {counts['1']}/{counts['0.5']}/{counts['0']}",
                  file=sys.stderr, flush=True)
    kept = kept[:: args.every]
    print(f"scoring {len(kept)} positions at {args.nodes} nodes", file=sys.stderr, flush=True)

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp_out = args.out + ".part"
    with open(tmp_out, "w") as out, multiprocessing.Pool(args.jobs, init_worker, (args.stockfish, args.nodes)) as pool:
        for i, cp in enumerate(pool.imap(score, [fen for fen, _, _ in kept], chunksize=64)):
            fen, result, ply = kept[i]
            out.write(f"{fen} | {result} | {cp} | {ply}\n")
            if (i + 1) % 10000 == 0 or i + 1 == len(kept):
                print(f"{i + 1}/{len(kept)} {time.time() - start:.0f} s", file=sys.stderr, flush=True)
    os.replace(tmp_out, args.out)
    print(f"wrote {len(kept)} positions to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
