#!/usr/bin/env python3
"""The Elo ladder: each skill level rated against Stockfish's strength limiter.

For every level, `c64chess match` plays that level (in-process, its own node
budget and depth cap) against Stockfish 15.1 with `UCI_LimitStrength` at two
or more `UCI_Elo` settings (the rungs), over the project's paired openings.
The level's rating is then the one rating R that makes its expected total
score against all its rungs equal its actual total score:

    sum_i games_i * E(R - elo_i) = sum_i points_i,  E(d) = 1 / (1 + 10^(-d/400))

(the maximum-likelihood rating of the logistic model, games counted with
draws as half points). Its 95% interval comes from the spread of the opening
pairs' points (each match's "Pairs by A's points" line) by the delta method:

    sigma_R = sqrt(sum_i pairs_i * var_i(pair points)) / (sum_i games_i * E'(R - elo_i))

so the colour-swapped games of one opening count as one draw, as the match
tool's own intervals do.

Stockfish's limit. With `UCI_LimitStrength`, Stockfish 15.1 turns the
requested rating into a skill level, level = ((Elo - 1346.6) / 143.4) ^
(1 / 0.806), and picks its (deliberately imperfect) move from the iteration
at depth 1 + int(level); searching further changes nothing about the move
played. Each rung's Stockfish is therefore given `go depth 3 + int(level)`
(two plies of margin): it plays as it does at any clock that reaches that
depth, its calibration time control 60+0.6 included, at a fraction of the
cost, and the result does not depend on how loaded the machine is. Threads
1, Hash 16.

    cargo build --release
    python3 tools/ladder/ladder.py --logs target/ladder          # all rungs, then the fit
    python3 tools/ladder/ladder.py --logs target/ladder --fit-only

`--rungs` chooses the settings (default: two around each level's strength,
below); `--games` the games per rung (default 400). Progress goes to stderr;
each match's output is kept in LOGS/L<level>-<elo>.log and a rung whose log
is complete is not played again.
"""

import argparse
import math
import os
import re
import subprocess
import sys
import time

DEFAULT_RUNGS = "1:1350,1500 2:1600,1700 3:1800,1875 4:1825,1950"
EXTRA_DEPTH = 2


def sf_level(elo):
    """Stockfish 15.1's skill level for UCI_Elo `elo` (src/search.cpp)."""
    return min(max(((elo - 1346.6) / 143.4) ** (1 / 0.806), 0.0), 20.0)


def sf_depth(elo):
    """The depth Stockfish searches on a rung: its pick depth plus margin."""
    return 1 + int(sf_level(elo)) + EXTRA_DEPTH


def parse_rungs(text):
    rungs = []
    for item in text.split():
        level, elos = item.split(":")
        for elo in elos.split(","):
            elo = int(elo)
            if not 1350 <= elo <= 2850:
                raise SystemExit(f"UCI_Elo {elo} is outside Stockfish 15.1's 1350-2850")
            rungs.append((int(level), elo))
    return rungs


RESULT = re.compile(r"^Result: A W (\d+) D (\d+) L (\d+) games (\d+)", re.M)
PAIRS = re.compile(r"^Pairs by A's points \(0, 1/2, 1, 3/2, 2\): (\d+) (\d+) (\d+) (\d+) (\d+)", re.M)
FORFEITS = re.compile(r"^Forfeits by (A|B): illegal move (\d+), crash (\d+), time (\d+)", re.M)


def read_log(path, games):
    """(wins, draws, losses, pair counts) of a finished match log, or None."""
    if not os.path.exists(path):
        return None
    text = open(path).read()
    result, pairs = RESULT.search(text), PAIRS.search(text)
    if not result or not pairs or int(result.group(4)) != games:
        return None
    for who, *counts in FORFEITS.findall(text):
        if any(int(c) for c in counts):
            print(f"warning: {path}: forfeits by {who}: {counts}", file=sys.stderr)
    w, d, l = (int(result.group(i)) for i in (1, 2, 3))
    return w, d, l, [int(x) for x in pairs.groups()]


def play(args, level, elo, path):
    cmd = [
        args.engine, "match",
        "--a", f"Skill={level}",
        "--b-cmd", args.stockfish,
        "--b-uci", "UCI_LimitStrength=true",
        "--b-uci", f"UCI_Elo={elo}",
        "--b-uci", "Threads=1",
        "--b-uci", "Hash=16",
        "--b-depth", str(sf_depth(elo)),
        "--games", str(args.games),
        "--jobs", str(args.jobs),
    ]
    print(f"level {level} against UCI_Elo {elo} (depth {sf_depth(elo)}): {' '.join(cmd)}", file=sys.stderr)
    start = time.time()
    with open(path + ".part", "w") as out:
        subprocess.run(cmd, stdout=out, check=True)
    os.replace(path + ".part", path)
    print(f"  done in {time.time() - start:.0f} s", file=sys.stderr)


def expected(diff):
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def fit(rows):
    """Rating and sigma of one level from its rungs [(elo, w, d, l, pairs)]."""
    points = sum(w + d / 2 for _, w, d, _, _ in rows)
    games = [w + d + l for _, w, d, l, _ in rows]
    if points <= 0 or points >= sum(games):
        return None  # every game lost or won: no finite rating
    lo, hi = -1000.0, 4000.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if sum(n * expected(mid - elo) for (elo, *_), n in zip(rows, games)) < points:
            lo = mid
        else:
            hi = mid
    rating = (lo + hi) / 2
    variance = 0.0
    for _, _, _, _, pairs in rows:
        n = sum(pairs)
        mean = sum(k * c for k, c in zip((0, 0.5, 1, 1.5, 2), pairs)) / n
        var = sum(c * (k - mean) ** 2 for k, c in zip((0, 0.5, 1, 1.5, 2), pairs)) / n
        variance += n * var
    slope = sum(n * expected(rating - elo) * (1 - expected(rating - elo)) * math.log(10) / 400
                for (elo, *_), n in zip(rows, games))
    return rating, math.sqrt(variance) / slope


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default="target/release/c64chess")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--rungs", default=DEFAULT_RUNGS, help=f"level:elo,elo ... (default {DEFAULT_RUNGS!r})")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--logs", required=True, help="directory for the match logs")
    parser.add_argument("--fit-only", action="store_true", help="fit the logs there; play nothing")
    args = parser.parse_args()
    os.makedirs(args.logs, exist_ok=True)

    table = {}
    for level, elo in parse_rungs(args.rungs):
        path = os.path.join(args.logs, f"L{level}-{elo}.log")
        got = read_log(path, args.games)
        if got is None and not args.fit_only:
            play(args, level, elo, path)
            got = read_log(path, args.games)
        if got is None:
            raise SystemExit(f"{path}: no finished match of {args.games} games")
        table.setdefault(level, []).append((elo, *got))

    print("| level | Stockfish UCI_Elo (depth) | games | W | D | L | score | implied rating |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for level, rows in sorted(table.items()):
        for elo, w, d, l, _ in rows:
            n = w + d + l
            s = (w + d / 2) / n
            implied = f"{elo - 400 * math.log10(1 / s - 1):.0f}" if 0 < s < 1 else "-"
            print(f"| {level} | {elo} ({sf_depth(elo)}) | {n} | {w} | {d} | {l} | {100 * s:.1f}% | {implied} |")
    print()
    print("| level | rating | 95% interval |")
    print("|---|---:|---|")
    for level, rows in sorted(table.items()):
        got = fit(rows)
        if got is None:
            print(f"| {level} | - | every game won or lost: add a rung |")
            continue
        rating, sigma = got
        print(f"| {level} | {rating:.0f} | [{rating - 1.96 * sigma:.0f}, {rating + 1.96 * sigma:.0f}] |")


if __name__ == "__main__":
    main()
