# The two commands of the README: `make play` and `make test`.
CARGO ?= cargo
PYTHON ?= python3
# The project's Python environment (git-ignored) and the crate of the Python package.
VENV ?= .venv
PY_CRATE = crates/settlers-py
# Where `make play` listens and keeps its games.
ADDR ?= 127.0.0.1:8080
DB ?= sqlite://settlers.sqlite

.PHONY: play web test web-test build release lint fmt check-fmt clippy unit bench bench-server bench-instructions bench-endings bench-check python-bench-check fuzz python-env python python-test python-bench catanatron-ladder

# Builds the web page and the server (the page inside it), then serves the game in the
# browser (Ctrl-C stops it; games in play are kept in the database and go on at the next
# start). Ctrl-C reaches the recipe's shell too: its trap says the server stopped and exits 0,
# so make reports no error.
play: release
	@trap 'echo; echo "The server stopped. Games in play are kept in $(DB) and go on at the next start."; exit 0' INT; \
	./target/release/settlers serve --addr $(ADDR) --db $(DB)

# The web page (web/, Svelte): built into web/dist when it is there and npm is installed.
# The `settlers` binary embeds web/dist when it is built (crates/settlers/build.rs).
web:
	@if [ ! -f web/package.json ]; then \
		echo "web/package.json not found: serving the API without the web page"; \
	elif ! command -v npm >/dev/null; then \
		echo "npm not found: the binary is built without the web page (it serves a page that says so)"; \
	else \
		cd web && npm ci && npm run build; \
	fi

build:
	$(CARGO) build --workspace

# The one binary to copy to a server (docs/hosting.md): the web page built first, then
# embedded in it.
release: web
	$(CARGO) build --release -p settlers

# The page first, so that the binary every later step builds embeds it, once.
test: check-fmt web clippy unit web-test python-test bench-check python-bench-check

check-fmt:
	$(CARGO) fmt --all -- --check

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Every crate's tests, the server's included (on PostgreSQL too when SETTLERS_TEST_POSTGRES
# holds a URL: .ci/run sets one up).
unit:
	$(CARGO) test --workspace

# The web page's unit tests and its browser tests (which start `settlers serve`), when the
# page is there (`web` builds it). The server binary is the one `cargo test` builds (already
# there after `unit`): a plain `cargo build` unifies other features and would compile much of
# it again.
web-test: web
	@if [ -f web/package.json ]; then \
		$(CARGO) test --workspace --no-run --quiet && \
		cd web && npm test && \
		SETTLERS_BIN=$(CURDIR)/target/debug/settlers npm run test:browser; \
	else \
		echo "web/package.json not found: no web tests"; \
	fi

fmt:
	$(CARGO) fmt --all

# The project's Python environment: .venv with the pinned tools of
# crates/settlers-py/requirements-dev.txt and Catanatron, the optional extra the bridge's
# tests play in (requirements-catanatron.txt), from PyPI.
python-env:
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -r $(PY_CRATE)/requirements-dev.txt -r $(PY_CRATE)/requirements-catanatron.txt

# The Python package `settlers` (docs/python.md): the wheel built in release by maturin and
# installed into .venv.
python: python-env
	rm -f target/wheels/settlers-*.whl
	$(VENV)/bin/maturin build --release --quiet --manifest-path $(PY_CRATE)/Cargo.toml --out target/wheels
	$(VENV)/bin/pip install --quiet --force-reinstall --no-deps target/wheels/settlers-*-abi3-*.whl

# The Python tests, in that environment, on a wheel built without optimisation: it shares
# what `cargo test` built, and builds in a fraction of the release build's time. Their replay
# test runs the `settlers` binary that `cargo test` builds (already there after `unit`).
# pytest's exit code 5 (no test ran) is a failure here, never a pass.
python-test: python-env
	$(CARGO) test --workspace --no-run --quiet
	rm -f target/wheels-debug/settlers-*.whl
	$(VENV)/bin/maturin build --quiet --manifest-path $(PY_CRATE)/Cargo.toml --out target/wheels-debug
	$(VENV)/bin/pip install --quiet --force-reinstall --no-deps target/wheels-debug/settlers-*-abi3-*.whl
	SETTLERS_BIN=$(CURDIR)/target/debug/settlers $(VENV)/bin/python -m pytest $(PY_CRATE)/tests -q; \
	status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; \
	exit $$status

# The Python loop and VecEnv measured (docs/performance.md, "From Python").
python-bench: python
	$(VENV)/bin/python -m settlers.bench

# Our heuristic bot against three of each of Catanatron's bots that PyPI's catanatron has, in
# Catanatron's engine (docs/bots.md): LADDER_GAMES games a row, on the release wheel. Each
# row's summary is kept in target/ladder/, and a later run goes on from it.
LADDER_GAMES ?= 1000
catanatron-ladder: python
	mkdir -p target/ladder
	for opponent in weighted random victorypoint; do \
		$(VENV)/bin/python -m settlers.catanatron.ladder --bot heuristic --opponent $$opponent \
			--games $(LADDER_GAMES) --quiet --summary target/ladder/heuristic-$$opponent.json || exit 1; \
	done

bench: release
	./target/release/settlers bench
	$(CARGO) bench -p settlers-core

# The cost of a step by instruction count, every scenario (docs/performance.md): the table
# for the docs, from the release build.
bench-instructions: release
	bench/instructions.sh

# How games between the bots end, every scenario (docs/bots.md, "Every game ends").
bench-endings: release
	bench/endings.sh

# The same scripts, briefly and on the test build, so that they cannot rot: they fail on an
# error, never on a figure. The binary is the one `cargo test` builds (see web-test).
bench-check:
	$(CARGO) test --workspace --no-run --quiet
	SETTLERS=$(CURDIR)/target/debug/settlers GAMES=1 bench/instructions.sh base barbarian-attack:2
	SETTLERS=$(CURDIR)/target/debug/settlers GAMES=2 bench/endings.sh base barbarian-attack:2

# The Python benchmarks run briefly, so that they cannot rot (their figures live in
# docs/performance.md): on the wheel that python-test installed, which `make test` runs
# first; alone, `make python-bench-check` installs it the same way.
python-bench-check:
	@$(VENV)/bin/python -c "import settlers" 2>/dev/null || $(MAKE) --no-print-directory python-test
	GAMES=2 SHORT=1 LONG=2 PYTHON=$(VENV)/bin/python bench/vec_env_instructions.sh
	$(VENV)/bin/python -m settlers.bench --steps 200 --envs 2 --iterations 3

# The server under load: GAMES games at once, played over WebSocket by bot clients.
GAMES ?= 100
bench-server:
	$(CARGO) run --release -p settlers-server --example load -- --games $(GAMES)

# Every reader fuzzed for a long budget: FUZZ_CASES cases each, optimised (the `fuzz`
# profile: release without its whole-program optimisation), under each test binary's memory
# bound (docs/reliability.md). The engine's readers (maps, records, positions), then the
# server's (WebSocket messages, new games' bodies). `cargo test` runs the same tests with a
# few hundred cases each.
FUZZ_CASES ?= 1000000
fuzz:
	SETTLERS_FUZZ_CASES=$(FUZZ_CASES) $(CARGO) test --profile fuzz -p settlers-core --test fuzz_readers -- --nocapture
	SETTLERS_FUZZ_CASES=$(FUZZ_CASES) $(CARGO) test --profile fuzz -p settlers-server --test fuzz_protocol -- --nocapture
