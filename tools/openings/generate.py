#!/usr/bin/env python3
"""Generate (or check) the project's balanced opening set, openings.epd.

Procedure (docs/openings.md explains the why):

1. From the start position play PLIES uniformly random legal moves, drawn
   with Python's `random.Random(SEED)`; the legal moves come from Stockfish's
   `go perft 1`, sorted, so the walk depends on nothing but the seed.
2. Skip the walk if the final position has no legal move or the side to
   move is in check.
3. Evaluate the position with Stockfish (1 thread, 16 MB hash cleared by
   `ucinewgame`, `go depth DEPTH`); keep it if the score is a centipawn score
   within +-WINDOW of 0.
4. Drop duplicates (by the four EPD fields) and stop at COUNT positions.

Every output line is `<4 EPD fields> ce <cp>; acd <depth>;` with `ce` from
the side to move's point of view, as EPD defines it.

The result depends only on the constants below and the Stockfish build
(Debian `stockfish` 15.1 made the committed file). `--check` regenerates in
memory and compares with the committed file, line by line.

Usage: generate.py [--stockfish PATH] [--out FILE] [--check]
"""

import argparse
import random
import subprocess
import sys
from pathlib import Path

SEED = 64
PLIES = 8
DEPTH = 12
WINDOW = 60
COUNT = 600
MAX_WALKS = 20000

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "openings.epd"


class Stockfish:
    """A Stockfish process spoken to over UCI, one command at a time."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.read_until("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.ready()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        """Lines up to and including the first starting with `prefix`."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("stockfish exited unexpectedly")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.read_until("readyok")

    def position(self, moves):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")

    def legal_moves(self, moves):
        self.position(moves)
        self.send("go perft 1")
        lines = self.read_until("Nodes searched")
        return sorted(line.split(":")[0] for line in lines if ": " in line and not line.startswith("Nodes"))

    def fen_and_check(self, moves):
        self.position(moves)
        self.send("d")
        lines = self.read_until("Checkers:")
        fen = next(line[len("Fen: "):] for line in lines if line.startswith("Fen: "))
        in_check = lines[-1].split(":", 1)[1].strip() != ""
        return fen, in_check

    def evaluate(self, moves):
        """Centipawns for the side to move, or None for a mate score."""
        self.send("ucinewgame")
        self.ready()
        self.position(moves)
        self.send(f"go depth {DEPTH}")
        score = None
        for line in self.read_until("bestmove"):
            words = line.split()
            if "score" in words and "lowerbound" not in words and "upperbound" not in words:
                i = words.index("score")
                score = int(words[i + 2]) if words[i + 1] == "cp" else None
        return score

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def generate(stockfish_path):
    """The opening lines, in the order found."""
    sf = Stockfish(stockfish_path)
    rng = random.Random(SEED)
    seen = set()
    out = []
    for _ in range(MAX_WALKS):
        if len(out) == COUNT:
            break
        moves = []
        for _ in range(PLIES):
            legal = sf.legal_moves(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < PLIES or not sf.legal_moves(moves):
            continue
        fen, in_check = sf.fen_and_check(moves)
        epd = " ".join(fen.split()[:4])
        if in_check or epd in seen:
            continue
        score = sf.evaluate(moves)
        if score is None or abs(score) > WINDOW:
            continue
        seen.add(epd)
        out.append(f"{epd} ce {score}; acd {DEPTH};")
    sf.close()
    if len(out) < COUNT:
        sys.exit(f"only {len(out)} positions after {MAX_WALKS} walks")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="regenerate and compare with --out")
    args = parser.parse_args()
    lines = generate(args.stockfish)
    text = "\n".join(lines) + "\n"
    if args.check:
        if args.out.read_text() != text:
            sys.exit(f"{args.out} differs from a fresh generation")
        print(f"{args.out}: {len(lines)} positions, identical to a fresh generation")
    else:
        args.out.write_text(text)
        print(f"wrote {len(lines)} positions to {args.out}")


if __name__ == "__main__":
    main()
