# Tempest build and test entry points. `make test` is the whole test suite;
# .ci/run installs system packages and calls exactly that.

GO      ?= go
VENV    ?= .venv
PYTHON  := $(VENV)/bin/python
# Count-based budgets: a duration-based -fuzztime can fail spuriously with
# "context deadline exceeded" in Go 1.26 (golang/go#75804).
FUZZTIME ?= 150000x
TMPDIR_ENGINE := $(shell mktemp -d 2>/dev/null || echo /tmp)

.PHONY: engine test vet unit debug race fuzz uci android bench clean

engine:
	$(GO) build -o engine ./cmd/engine

# python-chess is the independent rules oracle and reference UCI client.
$(VENV)/.installed: testdata/requirements.txt
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r testdata/requirements.txt
	touch $@

test: vet unit debug race fuzz uci android

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...

unit: $(VENV)/.installed
	TEMPEST_PYTHON=$(abspath $(PYTHON)) $(GO) test ./...
	$(GO) test -tags tune ./tuning ./eval

# Invariant checks after every make/unmake (movegen's debug build).
debug: $(VENV)/.installed
	TEMPEST_PYTHON=$(abspath $(PYTHON)) $(GO) test -tags debug -short ./...

# The perft suites run single-threaded; under -race only the tests that
# share work between goroutines are worth their cost.
race:
	$(GO) test -race ./perft -run 'TestOptions|TestDivide|TestCount'
	$(GO) test -race ./search -run 'TestThreads|TestDeterministic'
	$(GO) test -race ./protocol ./tt

# UCI conformance, checked by the independent tool (testdata/tools).
uci:
	$(GO) build -o $(TMPDIR_ENGINE)/engine ./cmd/engine
	python3 testdata/tools/uci_check.py $(TMPDIR_ENGINE)/engine

fuzz:
	$(GO) test ./movegen -run '^$$' -fuzz '^FuzzParseFEN$$' -fuzztime $(FUZZTIME)
	$(GO) test ./movegen -run '^$$' -fuzz '^FuzzParseUCIMove$$' -fuzztime $(FUZZTIME)
	$(GO) test ./movegen -run '^$$' -fuzz '^FuzzParseSAN$$' -fuzztime $(FUZZTIME)
	$(GO) test ./variants -run '^$$' -fuzz '^FuzzParsePGN$$' -fuzztime $(FUZZTIME)
	$(GO) test ./variants/chessmate -run '^$$' -fuzz '^FuzzParsePosition$$' -fuzztime 20000x
	$(GO) test ./variants/chessmate -run '^$$' -fuzz '^FuzzParseAction$$' -fuzztime 20000x

# The Android app: the signed APK, its checks, and its Robolectric tests
# against the host engine build (android/build.sh).
android:
	android/build.sh test

bench:
	$(GO) test ./movegen ./perft ./eval -run '^$$' -bench . -benchmem
	$(GO) run ./cmd/engine bench -q

clean:
	rm -rf engine $(VENV) android/build android/target
