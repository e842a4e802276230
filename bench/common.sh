# What the benchmark scripts share, sourced after they set `games` (from GAMES) and
# `settlers` (from SETTLERS): the checks of both (a whole number of games, at least one, and
# a binary to run), and `every_game`, the games a script runs when none is named.
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

# shellcheck disable=SC2034 # read by the scripts that source this file
every_game=(base new-shores four-islands fog-islands through-the-desert forgotten-tribe
    cloth-for-catan pirate-islands wonders-of-catan new-world
    barbarian-attack:4 barbarian-attack:3 barbarian-attack:2
    barbarian-attack:4:--event-cards)
