# The two commands of the README: `make play` and `make test`.
CARGO ?= cargo
# Where `make play` listens and keeps its games.
ADDR ?= 127.0.0.1:8080
DB ?= sqlite://settlers.sqlite

.PHONY: play web test web-test build release lint fmt check-fmt clippy unit bench bench-server

# Builds the web page and the server, then serves the game in the browser (Ctrl-C stops it;
# games in play are kept in the database and go on at the next start). Ctrl-C reaches the
# recipe's shell too: its trap says the server stopped and exits 0, so make reports no error.
play: web release
	@trap 'echo; echo "The server stopped. Games in play are kept in $(DB) and go on at the next start."; exit 0' INT; \
	./target/release/settlers serve --addr $(ADDR) --db $(DB) --web web/dist

# The web page (web/, Svelte): built when it is there.
web:
	@if [ -f web/package.json ]; then \
		cd web && npm ci && npm run build; \
	else \
		echo "web/package.json not found: serving the API without the web page"; \
	fi

build:
	$(CARGO) build --workspace

release:
	$(CARGO) build --release -p settlers

test: check-fmt clippy unit web-test

check-fmt:
	$(CARGO) fmt --all -- --check

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Every crate's tests, the server's included (on PostgreSQL too when SETTLERS_TEST_POSTGRES
# holds a URL: .ci/run sets one up).
unit:
	$(CARGO) test --workspace

# The web page's unit tests and its browser tests (which start `settlers serve`), when the
# page is there. The server binary is the one `cargo test` builds (already there after
# `unit`): a plain `cargo build` unifies other features and would compile much of it again.
web-test:
	@if [ -f web/package.json ]; then \
		$(CARGO) test --workspace --no-run --quiet && \
		cd web && npm ci && npm run build && npm test && \
		SETTLERS_BIN=$(CURDIR)/target/debug/settlers npm run test:browser; \
	else \
		echo "web/package.json not found: no web tests"; \
	fi

fmt:
	$(CARGO) fmt --all

bench: release
	./target/release/settlers bench
	$(CARGO) bench -p settlers-core

# The server under load: GAMES games at once, played over WebSocket by bot clients.
GAMES ?= 100
bench-server:
	$(CARGO) run --release -p settlers-server --example load -- --games $(GAMES)
