# The two commands a newcomer needs: `make run` and `make test`.
GO ?= go
BIN := bin/omologa

.PHONY: run test build lint fuzz bench clean

build:
	$(GO) build -o $(BIN) ./cmd/omologa

# The main job on the embedded defaults (samples/omologa.yaml): takes the
# sample submissions at once (seeded from samples/drop into var/drop),
# leaves the notices in var/outbox, and keeps watching var/drop until
# Ctrl-C. `./bin/omologa status` lists what was done. RUNFLAGS=--once
# processes what is there and exits.
run: build
	./$(BIN) watch --config samples/omologa.yaml $(RUNFLAGS)

# The whole suite; .ci/run calls exactly this.
test:
	$(GO) vet ./...
	$(GO) test -race ./...

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@latest ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

clean:
	rm -rf bin var
