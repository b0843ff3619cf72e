# Tempest build and test entry points. `make test` is the whole test suite;
# .ci/run installs system packages and calls exactly that.

GO      ?= go
VENV    ?= .venv
PYTHON  := $(VENV)/bin/python
# Count-based fuzz budgets: a duration-based -fuzztime can fail spuriously
# with "context deadline exceeded" in Go 1.26 (golang/go#75804).
TMPDIR_ENGINE := $(shell mktemp -d 2>/dev/null || echo /tmp)

.PHONY: engine test vet unit debug race fuzz uci hostile openbench runners release release-check android bench clean

# `make EXE=<name>` is how OpenBench workers build (docs/OPENBENCH.md);
# TAGS=tune builds the SPSA parameters in as options.
EXE  ?= engine
TAGS ?=
engine:
	$(GO) build -tags '$(TAGS)' -o $(EXE) ./cmd/engine

# python-chess is the independent rules oracle and reference UCI client.
$(VENV)/.installed: testdata/requirements.txt
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r testdata/requirements.txt
	touch $@

test: vet unit debug race fuzz uci hostile openbench runners release-check android

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags tune ./...

unit: $(VENV)/.installed
	TEMPEST_PYTHON=$(abspath $(PYTHON)) $(GO) test ./...
	$(GO) test -tags tune ./tuning ./eval
	$(GO) test -tags tune ./search ./protocol -run 'Tun'

# Invariant checks after every make/unmake (movegen's debug build).
debug: $(VENV)/.installed
	TEMPEST_PYTHON=$(abspath $(PYTHON)) $(GO) test -tags debug -short ./...

# Every package that starts goroutines runs under the race detector. The
# perft suites run single-threaded; under -race only the tests that share
# work between goroutines are worth their cost.
race: $(VENV)/.installed
	$(GO) test -race ./perft -run 'TestOptions|TestDivide|TestCount'
	$(GO) test -race ./search -run 'TestThreads|TestDeterministic|TestTablebaseScores'
	TEMPEST_PYTHON=$(abspath $(PYTHON)) $(GO) test -race -short ./protocol ./tt
	$(GO) test -race ./variants/chessmate/cmsearch -run 'TestThreads|TestStoppedAtOnce|TestPlaysTheWinningCard'
	$(GO) test -race ./tuning -run 'TestSelfPlay'
	$(GO) test -race ./kit ./variants/chameleon/chsearch
	$(GO) test -race ./variants/stratego/stsearch -run 'TestStopAndTime|TestFirstDepthIgnoresTheBudget|TestDeterministic'
	$(GO) test -race ./tuning/nnuetrain -run 'Resumes|Gradient'
	$(GO) test -race -tags tune ./tuning -run 'TestLinearModel|TestRecoverKnownWeights'
	$(GO) test -race ./cmd/tempest-dev -run 'TestChameleonMatch|TestStratMatch|TestVarMatch'
	$(GO) test -race ./syzygy -run Concurrent

# UCI conformance, checked by the independent tool (testdata/tools).
uci:
	$(GO) build -o $(TMPDIR_ENGINE)/engine ./cmd/engine
	python3 testdata/tools/uci_check.py $(TMPDIR_ENGINE)/engine
	python3 testdata/tools/test_match.py
	python3 testdata/tools/test_spsa.py
	python3 testdata/tools/test_pgnstats.py

# Every fuzz target of the module (testdata/tools/fuzz.sh finds them), each
# with an input budget fitted to its speed where this list gives one and
# 10,000 inputs otherwise (the whole run takes a few minutes on two cores).
# FUZZSCALE multiplies them all: `make fuzz FUZZSCALE=20` for a long run
# before a release.
FUZZSCALE ?= 1
FUZZ_TARGETS := \
	movegen:FuzzParseFEN:60000 movegen:FuzzParseUCIMove:100000 movegen:FuzzParseSAN:100000 \
	rules:FuzzParsePGN:100000 \
	variants/chessmate:FuzzParsePosition:20000 variants/chessmate:FuzzParseAction:20000 \
	variants/chessmate:FuzzParseDeck:50000 variants/chessmate:FuzzGamePlay:10000 \
	variants/chessmate:FuzzRecordRoundTrip:10000 \
	variants/chameleon:FuzzParsePosition:30000 variants/chameleon:FuzzParseMove:30000 \
	variants/chameleon:FuzzParsePlayers:50000 variants/chameleon:FuzzGameMoves:10000 \
	variants/chameleon:FuzzLoadRecord:10000 variants/chameleon:FuzzRecordRoundTrip:10000 \
	variants/stratego:FuzzParsePosition:20000 variants/stratego:FuzzParseSetup:30000 \
	variants/stratego:FuzzPlayToken:20000 variants/stratego:FuzzLoadRecord:10000 \
	variants/stratego:FuzzRecordRoundTrip:10000 \
	games:FuzzLoadChessRecord:10000 protocol:FuzzChameleonCommands:3000 \
	protocol:FuzzSessionCommands:1500 tuning/trainingdata:FuzzRecord:50000 \
	tuning/trainingdata:FuzzGameFile:20000 \
	nnue:FuzzLoad:3000 book:FuzzOpen:20000

# The adversarial harness: every finding of issue 14 as a scenario, the
# go-parameter matrix, quit during every kind of job, and seeded random
# command bursts in all four games (testdata/tools/hostile.py).
hostile:
	$(GO) build -o $(TMPDIR_ENGINE)/engine ./cmd/engine
	python3 testdata/tools/hostile.py $(TMPDIR_ENGINE)/engine --random 40 --seed 1

# What an OpenBench worker does: build with make EXE=<name> in a fresh copy
# of the sources, run bench (also with a private net) and genfens, and read
# them as it does (testdata/tools/openbench_check.py).
openbench:
	@dir=$$(mktemp -d) && \
	  git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C $$dir && \
	  $(MAKE) -s -C $$dir EXE=tempest-ob && \
	  python3 testdata/tools/openbench_check.py $$dir/tempest-ob --net nnue/default.nnue \
	    --expect-bench $$(awk '$$1 == "chess" {print $$2}' testdata/bench.txt); \
	  status=$$?; rm -rf $$dir; exit $$status

# The standard match runners, built from third_party/runners: Cute Chess's
# runner and fastchess play short matches of the engine against itself and
# any warning either prints about it fails the target; an engine with a
# planted fault (an illegal PV, an illegal ponder move) must fail the check.
# The SPSA driver plays two real iterations of the tune build through fastchess.
runners:
	third_party/runners/build.sh
	$(GO) build -o $(TMPDIR_ENGINE)/engine ./cmd/engine
	python3 testdata/tools/runners_check.py $(TMPDIR_ENGINE)/engine
	for r in cutechess fastchess; do \
	  python3 testdata/tools/runners_check.py --plant pv --expect-fault 'Illegal PV move' --only $$r --match standard --games 2 $(TMPDIR_ENGINE)/engine || exit 1; \
	done
	python3 testdata/tools/runners_check.py --plant ponder --expect-fault 'Illegal ponder move' --only cutechess --match standard --games 2 $(TMPDIR_ENGINE)/engine
	$(GO) build -tags tune -o $(TMPDIR_ENGINE)/engine-tune ./cmd/engine
	python3 testdata/tools/test_spsa.py --engine $(TMPDIR_ENGINE)/engine-tune

# Release binaries for Linux, Windows and macOS (docs/DEVELOPING.md,
# "Releases"): make release VERSION=1.0.0 [DIST=dist].
VERSION ?=
DIST    ?= dist
release:
	VERSION=$(VERSION) DIST=$(DIST) GO=$(GO) testdata/tools/release.sh

# The release build checked: every binary's format, hashes, licence and notices;
# Linux amd64 natively, arm64 under qemu and Windows under wine run uci,
# bench and a short game; the AVX2 build refuses a CPU without AVX2; a
# second build of the same sources gives the same bytes; and
# test_notices.py checks that the notices check refuses wrong notices.
release-check:
	VERSION=0.0.0-check DIST=$(TMPDIR_ENGINE)/dist GO=$(GO) testdata/tools/release.sh >/dev/null
	VERSION=0.0.0-check DIST=$(TMPDIR_ENGINE)/dist2 GO=$(GO) testdata/tools/release.sh >/dev/null
	cmp $(TMPDIR_ENGINE)/dist/SHA256SUMS $(TMPDIR_ENGINE)/dist2/SHA256SUMS
	GO=$(GO) python3 testdata/tools/release_check.py $(TMPDIR_ENGINE)/dist 0.0.0-check
	GO=$(GO) python3 testdata/tools/test_notices.py $(TMPDIR_ENGINE)/dist

fuzz:
	GO=$(GO) FUZZSCALE=$(FUZZSCALE) testdata/tools/fuzz.sh $(FUZZ_TARGETS)

# The Android app: the signed APK, its checks, and its Robolectric tests
# against the host engine build (android/build.sh).
android:
	android/build.sh test

bench:
	$(GO) test ./movegen ./perft ./eval -run '^$$' -bench . -benchmem
	$(GO) run ./cmd/engine bench -q

clean:
	rm -rf engine $(VENV) android/build android/target
