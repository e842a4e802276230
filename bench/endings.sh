#!/usr/bin/env bash
# How games between the bots end, for every scenario (docs/bots.md, "Every game ends"): for
# each game and line-up, `settlers sim` plays GAMES games and the table gives how many ended
# with a winner, how many without one (the standstill rule, docs/rules-coverage.md, and the
# Pirate Islands' dead positions) and how many stopped at the step limit unfinished.
#
#   bench/endings.sh                         # 10,000 games of each line-up, a Markdown table
#   GAMES=8 bench/endings.sh base            # a quick run of the named games only
#   SETTLERS=path/to/settlers THREADS=1 bench/endings.sh
#
# A game is a scenario name, optionally with its seats after a colon and one more option of
# `settlers sim` after another: `barbarian-attack:2`, `barbarian-attack:4:--event-cards`.
# The line-ups are every seat random, every seat heuristic, and one heuristic bot against
# random ones. The script fails (exit 1) when a run fails; it never judges a figure.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
games="${GAMES:-10000}"
settlers="${SETTLERS:-$here/target/release/settlers}"
threads="${THREADS:-}"

# shellcheck source=bench/common.sh
. "$here/bench/common.sh"

if [ "$#" -gt 0 ]; then
    list=("$@")
else
    list=("${every_game[@]}")
fi

# A field of a one-line JSON object (numbers only).
field() {
    sed -n "s/.*\"$2\":\([0-9.e+-]*\).*/\1/p" <<<"$1"
}

# `bot` repeated `n` times, comma-separated; `first` in the first seat when given.
lineup() {
    local n="$1" bot="$2" first="${3:-}" out=""
    for ((i = 0; i < n; i++)); do
        if [ "$i" = 0 ] && [ -n "$first" ]; then out="$first"; else out="${out:+$out,}$bot"; fi
    done
    echo "$out"
}

echo "| game | seats | line-up | games | with a winner | no winner | unfinished | mean turns |"
echo "|---|---|---|---|---|---|---|---|"
for entry in "${list[@]}"; do
    IFS=: read -r scenario seats variant <<<"$entry"
    seats="${seats:-4}"
    for players in "$(lineup "$seats" random)" "$(lineup "$seats" heuristic)" \
        "$(lineup "$seats" random heuristic)"; do
        args=(sim --scenario "$scenario" --players "$players" --games "$games" --seed 1 --json)
        [ -n "${variant:-}" ] && args+=("$variant")
        [ -n "$threads" ] && args+=(--threads "$threads")
        out=$("$settlers" "${args[@]}") || {
            echo "settlers ${args[*]} failed" >&2
            exit 1
        }
        no_winner=$(field "$out" no_winner)
        unfinished=$(field "$out" unfinished)
        if [ -z "$no_winner" ] || [ -z "$unfinished" ]; then
            echo "settlers ${args[*]}: no counts in its report: $out" >&2
            exit 1
        fi
        won=$((games - no_winner - unfinished))
        label="$scenario"
        [ -n "${variant:-}" ] && label="$scenario ${variant#--}"
        echo "| $label | $seats | $players | $games | $won | $no_winner | $unfinished | $(field "$out" mean_turns) |"
    done
done
