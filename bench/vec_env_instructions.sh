#!/usr/bin/env bash
# The instructions of one `settlers.VecEnv` step (docs/performance.md, "From Python"), which
# a shared machine's load cannot move. valgrind's callgrind counts a Python run that builds
# a VecEnv of GAMES games and calls `env.step(env.sample_actions())` SHORT times, and one
# that calls it LONG times; the difference, divided by the (LONG - SHORT) × GAMES steps
# between them, is the cost of a step, without Python's start, the imports and the VecEnv's
# making (in both runs).
#
#   bench/vec_env_instructions.sh                  # self-play, ids: 64 base games, 100 and 400 steps
#   bench/vec_env_instructions.sh self-play dense  # or: learner ids, learner dense
#   SCENARIO=barbarian-attack bench/vec_env_instructions.sh
#   PYTHON=path/to/python bench/vec_env_instructions.sh
#
# The Python is the project's .venv, with the wheel built in release and installed
# (`make python`). Prints the two totals and the instructions a step.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-$here/.venv/bin/python}"
mode="${1:-self-play}"
format="${2:-ids}"
games="${GAMES:-64}"
short="${SHORT:-100}"
long="${LONG:-400}"
scenario="${SCENARIO:-base}"
seats="${SEATS:-4}"
seed="${SEED:-1}"

case "$mode" in
self-play) self_play=True ;;
learner) self_play=False ;;
*) echo "the mode is self-play or learner, not '$mode'" >&2 && exit 1 ;;
esac
case "$format" in
ids | dense) ;;
*) echo "the mask format is ids or dense, not '$format'" >&2 && exit 1 ;;
esac
command -v valgrind >/dev/null || {
    echo "valgrind is not installed" >&2
    exit 1
}

# Python's string hashes are seeded at random, which moves its own count a little from run
# to run: fixed here, so that two runs of one build agree.
export PYTHONHASHSEED=0

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/run.py" <<'EOF'
import os, sys
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from settlers._settlers import VecEnv

scenario, seats, games, seed, self_play, mask_format, steps = sys.argv[1:]
seats, games, seed, steps = int(seats), int(games), int(seed), int(steps)
if self_play == "True":
    env = VecEnv(games, scenario, seats, seed=seed, self_play=True, mask_format=mask_format)
else:
    env = VecEnv(games, scenario, seats, seed=seed, opponents=["random"] * (seats - 1), mask_format=mask_format)
for _ in range(steps):
    env.step(env.sample_actions())
EOF

# The instructions callgrind counted for `steps` calls of `step`.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$python" "$work/run.py" "$scenario" "$seats" "$games" "$seed" "$self_play" "$format" "$1" \
        2>"$work/err" || {
        echo "the run of $1 steps failed:" >&2
        cat "$work/err" >&2
        exit 1
    }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/err" | tail -1
}

a=$(count "$short")
b=$(count "$long")
echo "$scenario, $seats seats, $mode, $format, $games games: $short steps $a, $long steps $b instructions"
awk -v a="$a" -v b="$b" -v n="$(((long - short) * games))" \
    'BEGIN { printf "instructions a step: %.0f\n", (b - a) / n }'
