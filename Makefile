# The two commands of the README: `make play` and `make test`.
CARGO ?= cargo

.PHONY: play test build release lint fmt check-fmt clippy unit bench

# The browser game arrives with the server; until then `play` watches bots play a game.
play: release
	./target/release/settlers sim --scenario base --players heuristic,heuristic,random,random --games 200 --seed 1

build:
	$(CARGO) build --workspace

release:
	$(CARGO) build --release -p settlers

test: check-fmt clippy unit

check-fmt:
	$(CARGO) fmt --all -- --check

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

unit:
	$(CARGO) test --workspace

fmt:
	$(CARGO) fmt --all

bench: release
	./target/release/settlers bench
	$(CARGO) bench -p settlers-core
