# The checks the benchmark scripts share, sourced after they set `games` (from GAMES) and
# `settlers` (from SETTLERS): a whole number of games, at least one, and a binary to run.
case "$games" in
'' | *[!0-9]*) echo "GAMES must be a whole number of games, not '$games'" >&2 && exit 1 ;;
esac
if [ "$games" -lt 1 ]; then
    echo "GAMES must be at least 1" >&2
    exit 1
fi
if [ ! -x "$settlers" ]; then
    echo "no settlers binary at $settlers: build it (cargo build --release -p settlers) or set SETTLERS" >&2
    exit 1
fi
