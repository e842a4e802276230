"""The Catanatron ladder (python -m settlers.catanatron.ladder), briefly: it plays, seats our
bot in turn in every seat, counts, and a later run goes on from its summary."""

import json

import pytest

from settlers.catanatron import ladder


def test_wilson_interval():
    assert ladder.wilson(0, 0) == (0.0, 1.0)
    low, high = ladder.wilson(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    low, high = ladder.wilson(1000, 1000)
    assert round(low, 4) == 0.9962 and high == 1.0


def test_a_ladder_plays_and_a_later_run_goes_on_from_its_summary(tmp_path, capsys):
    path = tmp_path / "ladder.json"
    first = ladder.main(["--games", "1", "--opponent", "random", "--seed", "4", "--summary", str(path)])
    assert [g["game"] for g in first["games"]] == [0]
    saved = json.loads(path.read_text())
    assert saved["totals"]["games"] == 1
    record = saved["games"][0]
    assert record["seat"] == 0 and record["decisions"] > 0 and record["fallbacks"] == 0
    assert record["winner"] in ("bot", "opponent")

    second = ladder.main(["--games", "2", "--opponent", "random", "--seed", "4", "--summary", str(path)])
    assert [g["game"] for g in second["games"]] == [0, 1]
    assert second["games"][0] == record  # not played again
    assert second["games"][1]["seat"] == 1  # the next seat, the same deal
    assert second["games"][1]["deal"] == 0
    out = capsys.readouterr().out
    assert "of 2 games" in out and "95% interval" in out

    # A summary of another ladder is not gone on from.
    with pytest.raises(SystemExit, match="opponent 'random', not 'weighted'"):
        ladder.main(["--games", "3", "--opponent", "weighted", "--seed", "4", "--summary", str(path)])


def test_unknown_opponents_and_bots_are_named():
    with pytest.raises(SystemExit, match="there is no opponent `nobody`"):
        ladder.main(["--opponent", "nobody", "--games", "1"])
    with pytest.raises(ValueError, match="nonsense"):
        ladder.main(["--bot", "nonsense", "--games", "1"])
