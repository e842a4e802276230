"""The Catanatron ladder: our bot against three copies of one of Catanatron's, in
Catanatron's engine (docs/bots.md, "Against Catanatron's bots").

    python -m settlers.catanatron.ladder --bot heuristic --opponent weighted --games 200

Game ``i`` is deal ``i // players`` (Catanatron's seed ``settlers.game_seed(seed, deal)``:
its board, seating draw and dice), with our bot in seat ``i % players``, so each deal is
played from every seat. It prints the win rate with its 95% interval (Wilson) and how long
our bot's decisions took, and writes a JSON summary after every game; a later run with the
same bot, opponent, players and seed goes on from it (``--games`` is the total wanted).
Catanatron orders some playable actions by Python's string hashing: fix
``PYTHONHASHSEED`` to replay the very same games.
"""

import argparse
import importlib
import json
import math
import os
import random
import tempfile
import time

from catanatron import Color, Game

import settlers
from settlers.catanatron.player import SettlersPlayer

FORMAT = "settlers-catanatron-ladder"
# Catanatron's bots by short name: where each is found. AlphaBeta and the value-function bot
# are not in catanatron 3.2.1 from PyPI; they are in Catanatron's own repository, under
# either name.
OPPONENTS = {
    "random": ["catanatron.models.player:RandomPlayer"],
    "weighted": ["catanatron.players.weighted_random:WeightedRandomPlayer"],
    "victorypoint": ["catanatron.players.search:VictoryPointPlayer"],
    "alphabeta": [
        "catanatron.players.minimax:AlphaBetaPlayer",
        "catanatron_experimental.machine_learning.players.minimax:AlphaBetaPlayer",
    ],
    "value": [
        "catanatron.players.value:ValueFunctionPlayer",
        "catanatron_experimental.machine_learning.players.value:ValueFunctionPlayer",
    ],
}
COLORS = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]


def opponent_class(name):
    """Catanatron's player class of a short name (``OPPONENTS``) or of ``module:Class``."""
    places = OPPONENTS.get(name, [name] if ":" in name else None)
    if places is None:
        raise SystemExit(
            f"there is no opponent `{name}`: the opponents are {', '.join(OPPONENTS)}, "
            "or a player class as module:Class"
        )
    tried = []
    for place in places:
        module, _, cls = place.partition(":")
        try:
            return getattr(importlib.import_module(module), cls)
        except (ImportError, AttributeError) as e:
            tried.append(f"{place} ({e})")
    hint = ""
    if name in ("alphabeta", "value"):
        hint = (
            "; Catanatron's AlphaBeta and value-function bots are not in catanatron 3.2.1 from "
            "PyPI: install Catanatron from its own repository (catanatron_experimental) to play them"
        )
    raise SystemExit(f"opponent `{name}` not found: tried {', '.join(tried)}{hint}")


def wilson(wins, games, z=1.96):
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def deal_seed(seed, deal):
    """Catanatron's seed of a deal; never 0, which Catanatron takes for 'draw one'."""
    return settlers.game_seed(seed, deal) % (2**63 - 1) or 1


def play_one(bot, opponent, players, seed, index):
    """Game `index` of the ladder: its record for the summary."""
    deal, seat = divmod(index, players)
    game_seed = deal_seed(seed, deal)
    colors = COLORS[:players]
    us = SettlersPlayer(colors[0], bot, seed=game_seed)
    others = [opponent(c) for c in colors[1:]]
    # Catanatron seats the players by its seeded draw: put ours where the draw seats it at
    # `seat` (the draw depends on the seed alone, not on who is where).
    random.seed(game_seed)
    order = random.sample(range(players), players)
    line_up = others[:]
    line_up.insert(order[seat], us)
    game = Game(line_up, seed=game_seed)
    if game.state.colors[seat] != us.color:
        raise RuntimeError(f"game {index}: Catanatron seated our bot elsewhere than seat {seat}")
    started = time.perf_counter()
    winner = game.play()
    return {
        "game": index,
        "deal": deal,
        "seed": game_seed,
        "seat": seat,
        "winner": None if winner is None else ("bot" if winner == us.color else "opponent"),
        "winner_seat": None if winner is None else game.state.colors.index(winner),
        "turns": game.state.num_turns,
        "decisions": us.decisions,
        "seconds": round(us.seconds, 6),
        "longest": round(us.longest, 6),
        "fallbacks": us.fallbacks,
        "game_seconds": round(time.perf_counter() - started, 3),
    }


def totals(summary):
    games = summary["games"]
    n = len(games)
    wins = sum(g["winner"] == "bot" for g in games)
    low, high = wilson(wins, n)
    decisions = sum(g["decisions"] for g in games)
    seconds = sum(g["seconds"] for g in games)
    return {
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "interval_95": [low, high],
        "no_winner": sum(g["winner"] is None for g in games),
        "decisions": decisions,
        "mean_decision_ms": 1000 * seconds / decisions if decisions else 0.0,
        "longest_decision_ms": 1000 * max((g["longest"] for g in games), default=0.0),
        "fallbacks": sum(g["fallbacks"] for g in games),
        "mean_turns": sum(g["turns"] for g in games) / n if n else 0.0,
    }


def report(summary):
    t = totals(summary)
    low, high = t["interval_95"]
    return (
        f"{summary['bot']} against {summary['players'] - 1} × {summary['opponent']}: "
        f"{t['wins']} wins of {t['games']} games, {100 * t['win_rate']:.1f}% "
        f"(95% interval {100 * low:.1f}% – {100 * high:.1f}%, Wilson); "
        f"{t['no_winner']} without a winner; Catanatron turns {t['mean_turns']:.1f} a game; "
        f"{t['decisions']} decisions, {t['mean_decision_ms']:.2f} ms each on average, "
        f"the longest {t['longest_decision_ms']:.1f} ms; {t['fallbacks']} by the fallback rule"
    )


def load_summary(path, wanted):
    """The summary at `path` to go on from (checked against this run), or a new one."""
    if path is None or not os.path.exists(path):
        return dict(wanted, games=[])
    with open(path, encoding="utf-8") as f:
        summary = json.load(f)
    if summary.get("format") != FORMAT:
        raise SystemExit(f"{path} is not a ladder summary (format {summary.get('format')!r})")
    for field, value in wanted.items():
        if summary.get(field) != value:
            raise SystemExit(
                f"{path} is a ladder of {field} {summary.get(field)!r}, not {value!r}: "
                "give another --summary to start a new one"
            )
    return summary


def save_summary(path, summary):
    summary = dict(summary, totals=totals(summary))
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp", encoding="utf-8") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    os.replace(f.name, path)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m settlers.catanatron.ladder",
        description="Our bot against three copies of one of Catanatron's, in Catanatron's engine.",
    )
    parser.add_argument("--bot", default="heuristic", help="our bot (settlers.BOTS, with its options)")
    parser.add_argument(
        "--opponent",
        default="weighted",
        help=f"Catanatron's bot: {', '.join(OPPONENTS)}, or module:Class",
    )
    parser.add_argument("--games", type=int, default=200, help="games in all, this run and those before")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--seed", type=int, default=1, help="the seed of the deal list")
    parser.add_argument("--summary", help="the JSON summary to write, and go on from")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    if not 0 < args.games <= 1_000_000:
        parser.error("--games is 1 to 1000000")
    if args.seed < 0:
        parser.error("--seed is 0 or more")
    opponent = opponent_class(args.opponent)
    settlers.bot(args.bot)  # a bot name we do not have is refused before any game
    wanted = {
        "format": FORMAT,
        "bot": args.bot,
        "opponent": args.opponent,
        "players": args.players,
        "seed": args.seed,
    }
    summary = load_summary(args.summary, wanted)
    done = {g["game"] for g in summary["games"]}
    for index in range(args.games):
        if index in done:
            continue
        record = play_one(args.bot, opponent, args.players, args.seed, index)
        summary["games"].append(record)
        if args.summary:
            save_summary(args.summary, summary)
        if not args.quiet:
            print(
                f"game {index}: seat {record['seat']}, winner {record['winner']} "
                f"after {record['turns']} turns, {record['decisions']} decisions in "
                f"{record['seconds']:.2f} s",
                flush=True,
            )
    summary["games"].sort(key=lambda g: g["game"])
    if args.summary:
        save_summary(args.summary, summary)
    print(report(summary))
    return summary


if __name__ == "__main__":
    main()
