# The two commands a newcomer needs: `make run` and `make test`.
GO ?= go
BIN := bin/omologa

.PHONY: run test build lint fuzz bench clean

build:
	$(GO) build -o $(BIN) ./cmd/omologa

# The main job on the embedded defaults (samples/omologa.yaml).
run: build
	@if ls samples/drop/* >/dev/null 2>&1; then ./$(BIN) parse samples/drop/*; else ./$(BIN) help; fi

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
