#!/usr/bin/env bash
# The engine's cost per step by instruction count, which a shared machine's load cannot move
# (docs/performance.md). For each game below: valgrind's callgrind counts the instructions of
# `settlers bench --games N+1` and of `--games 1`; the difference, divided by the steps of the
# N games between them, is the cost of a step of random play, without the process's start
# and the built-in maps' check (both are in `--games 1` too).
#
#   bench/instructions.sh                      # N = 100, every game, a Markdown table
#   GAMES=3 bench/instructions.sh base         # a quick run of the named games only
#   SETTLERS=path/to/settlers bench/instructions.sh
#
# A game is a scenario name, optionally with seats and one more option of `settlers bench`
# after colons: `barbarian-attack:2`, `barbarian-attack:4:--event-cards`, `base:4:--bot=heuristic`
# (a heuristic playout's cost, against the random one of `base`). The script fails (exit 1) when a
# run fails or a game does not finish; it never judges a figure.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
games="${GAMES:-100}"
settlers="${SETTLERS:-$here/target/release/settlers}"

# shellcheck source=bench/common.sh
. "$here/bench/common.sh"
command -v valgrind >/dev/null || {
    echo "valgrind is not installed" >&2
    exit 1
}

if [ "$#" -gt 0 ]; then
    list=("$@")
else
    list=("${every_game[@]}" base:4:--bot=heuristic)
fi

# The instructions callgrind counted for one run of `settlers bench`, and its JSON report.
count() {
    local log="$1"
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$settlers" bench --json "$@" \
        >"$log.json" 2>"$log.err" || {
        echo "settlers bench $* failed:" >&2
        cat "$log.err" >&2
        exit 1
    }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log.err" | tail -1
}

# A field of a one-line JSON object (numbers only).
field() {
    sed -n "s/.*\"$2\":\([0-9.e+-]*\).*/\1/p" "$1"
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "| game | seats | steps per game | instructions per step | × base |"
echo "|---|---|---|---|---|"
base_cost=""
for entry in "${list[@]}"; do
    IFS=: read -r scenario seats variant <<<"$entry"
    seats="${seats:-4}"
    args=(--scenario "$scenario" --seats "$seats" --seed 1)
    [ -n "${variant:-}" ] && args+=("$variant")
    many=$(count "$work/many" "${args[@]}" --games "$((games + 1))")
    one=$(count "$work/one" "${args[@]}" --games 1)
    for run in many one; do
        unfinished=$(field "$work/$run.json" unfinished)
        if [ "${unfinished:-1}" != 0 ]; then
            echo "$entry: $unfinished games did not finish" >&2
            exit 1
        fi
    done
    # Steps of the N games: all N+1 less the first (the same game in both runs).
    steps=$(awk -v a="$(field "$work/many.json" steps_per_game)" -v n="$((games + 1))" \
        -v b="$(field "$work/one.json" steps_per_game)" 'BEGIN { printf "%.0f", a * n - b }')
    if [ -z "$many" ] || [ -z "$one" ] || [ "$steps" -le 0 ]; then
        echo "$entry: no instruction count or no steps" >&2
        exit 1
    fi
    per_step=$(awk -v m="$many" -v o="$one" -v s="$steps" 'BEGIN { printf "%.0f", (m - o) / s }')
    [ -z "$base_cost" ] && [ "$scenario" = base ] && base_cost="$per_step"
    ratio="–"
    [ -n "$base_cost" ] && ratio=$(awk -v p="$per_step" -v b="$base_cost" 'BEGIN { printf "%.2f", p / b }')
    label="$scenario"
    [ -n "${variant:-}" ] && label="$scenario ${variant#--}"
    echo "| $label | $seats | $(awk -v s="$steps" -v n="$games" 'BEGIN { printf "%.0f", s / n }') | $per_step | $ratio |"
done
