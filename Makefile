# qipai: `make` builds everything into build/, `make test` builds and runs
# every test (plain, then under AddressSanitizer and UndefinedBehaviorSanitizer
# with clang), `make demo` shows the main job. Sources are found by pattern, so
# a new file joins the build without editing this file:
#   src/*/*.c          the library (build/libqipai.a, build/libqipai.so)
#   tools/gen/gen_X.c  a table generator; its output build/gen/X.c joins the library
#   cli/*.c bench/*.c  the qipai program (build/qipai)
#   tests/test_X.c     a test program, linked with tests/support/ and tests/ref/
#   tests/cli/*.sh     command-line tests, run with QIPAI=build/qipai
#   fuzz/fuzz_X.c      a libFuzzer target (clang only)
#   lua/*.c            the Lua 5.4 module (make lua: build/lua/qipai.so)
#   go/qipai/          the Go package (make test-go)

CC      ?= cc
SAN_CC  ?= $(shell command -v clang >/dev/null 2>&1 && echo clang || echo $(CC))
FUZZ_CC ?= clang
BUILD   ?= build

WARN    = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS_COMMON = -std=c11 $(WARN) -Iinclude -Isrc -fPIC -MMD -MP
OPT     ?= -O2 -g
SAN     = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LDLIBS  = -lm
LIB_FLAGS = -fvisibility=hidden
# The shared library's ABI version: bumped only with an incompatible change.
SOVERSION = 1
VERSION   = 1.0.0

LIB_SRC   := $(sort $(wildcard src/*/*.c))
GEN_TOOLS := $(sort $(wildcard tools/gen/gen_*.c))
GEN_SRC   := $(patsubst tools/gen/gen_%.c,$(BUILD)/gen/%.c,$(GEN_TOOLS))
CLI_SRC   := $(sort $(wildcard cli/*.c bench/*.c))
TEST_SRC  := $(sort $(wildcard tests/test_*.c))
TEST_LIB  := $(sort $(wildcard tests/support/*.c tests/ref/*.c))
CLI_TESTS := $(sort $(wildcard tests/cli/*.sh))
FUZZ_SRC  := $(sort $(wildcard fuzz/fuzz_*.c))

# One object tree per flavour: plain (build/obj) and sanitized (build/san/obj).
obj      = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))
san_obj  = $(patsubst %.c,$(BUILD)/san/obj/%.o,$(1))

LIB_OBJ      := $(call obj,$(LIB_SRC) $(GEN_SRC:$(BUILD)/%=%))
LIB_SAN_OBJ  := $(call san_obj,$(LIB_SRC) $(GEN_SRC:$(BUILD)/%=%))
CLI_OBJ      := $(call obj,$(CLI_SRC))
TEST_BIN     := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
TEST_SAN_BIN := $(patsubst tests/%.c,$(BUILD)/san/tests/%,$(TEST_SRC))
FUZZ_BIN     := $(patsubst fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))

.PHONY: all lib cli tests san-tests fuzz test test-plain test-san test-cli test-fuzz test-long \
        test-examples test-install docs-generated test-deps test-c test-bindings test-dask \
        demo bench clean install lua test-lua bench-lua install-lua test-go bench-go install-go \
        python test-python bench-python
.DEFAULT_GOAL := all
# Keep intermediate objects: they are reused between plain and test builds.
.SECONDARY:

all: lib cli tests docs-generated
lib: $(BUILD)/libqipai.a $(BUILD)/libqipai.so
cli: $(BUILD)/qipai
tests: $(TEST_BIN)
san-tests: $(TEST_SAN_BIN)

# ---- generated tables: built by programs at build time, compiled as const data
$(BUILD)/tools/gen_%: tools/gen/gen_%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -O2 -o $@ $< $(LDLIBS)

$(BUILD)/gen/%.c: $(BUILD)/tools/gen_%
	@mkdir -p $(dir $@)
	$< > $@.tmp && mv $@.tmp $@

# The play numbering is read from the published table of Dou Di Zhu's plays.
$(BUILD)/gen/ddz_plays.c: tests/data/ddz/card_type.json

# Generated files live under build/gen; their objects under build/obj/gen.
$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(LIB_FLAGS) $(OPT) -c -o $@ $<

$(BUILD)/san/obj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(SAN_CC) $(CFLAGS_COMMON) $(SAN) -c -o $@ $<

# The library's own objects export only what QIPAI_API marks (qipai.h).
$(BUILD)/obj/src/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(LIB_FLAGS) $(OPT) -c -o $@ $<

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(OPT) -c -o $@ $<

$(BUILD)/san/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(SAN_CC) $(CFLAGS_COMMON) $(SAN) -c -o $@ $<

# ---- the library
$(BUILD)/libqipai.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# libqipai.so.1.0.0 with the SONAME libqipai.so.1, and the usual links.
$(BUILD)/libqipai.so.$(VERSION): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libqipai.so.$(SOVERSION) -o $@ $^ -lm

$(BUILD)/libqipai.so: $(BUILD)/libqipai.so.$(VERSION)
	ln -sf libqipai.so.$(VERSION) $(BUILD)/libqipai.so.$(SOVERSION)
	ln -sf libqipai.so.$(VERSION) $@

$(BUILD)/san/libqipai.a: $(LIB_SAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

# ---- the man page and the bash completion, from the program's help table
docs-generated: $(BUILD)/qipai.1 $(BUILD)/qipai.bash
$(BUILD)/qipai.1: $(BUILD)/qipai
	$(BUILD)/qipai help --man > $@.tmp && mv $@.tmp $@
$(BUILD)/qipai.bash: $(BUILD)/qipai
	$(BUILD)/qipai help --completion > $@.tmp && mv $@.tmp $@

# ---- the program
$(BUILD)/qipai: $(CLI_OBJ) $(BUILD)/libqipai.a
	$(CC) $(OPT) -o $@ $(CLI_OBJ) $(BUILD)/libqipai.a $(LDLIBS)

# ---- tests
$(BUILD)/tests/%: tests/%.c $(call obj,$(TEST_LIB)) $(BUILD)/libqipai.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -Itests/support -Itests/ref $(OPT) -o $@ $< \
	    $(call obj,$(TEST_LIB)) $(BUILD)/libqipai.a $(LDLIBS)

$(BUILD)/san/tests/%: tests/%.c $(call san_obj,$(TEST_LIB)) $(BUILD)/san/libqipai.a
	@mkdir -p $(dir $@)
	$(SAN_CC) $(CFLAGS_COMMON) -Itests/support -Itests/ref $(SAN) -o $@ $< \
	    $(call san_obj,$(TEST_LIB)) $(BUILD)/san/libqipai.a $(LDLIBS)

# Test objects need the test include paths too.
$(BUILD)/obj/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) -Itests/support -Itests/ref $(OPT) -c -o $@ $<

$(BUILD)/san/obj/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(SAN_CC) $(CFLAGS_COMMON) -Itests/support -Itests/ref $(SAN) -c -o $@ $<

# ---- fuzz targets (libFuzzer needs clang): the library is compiled once
# with coverage and sanitizers, then each target links against it.
FUZZ_FLAGS   = -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
LIB_FUZZ_OBJ := $(patsubst %.c,$(BUILD)/fuzzobj/%.o,$(LIB_SRC) $(GEN_SRC:$(BUILD)/%=%))

$(BUILD)/fuzzobj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CFLAGS_COMMON) $(FUZZ_FLAGS) -c -o $@ $<

$(BUILD)/fuzzobj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CFLAGS_COMMON) $(FUZZ_FLAGS) -c -o $@ $<

$(BUILD)/fuzz/libqipai.a: $(LIB_FUZZ_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/fuzz/%: fuzz/%.c $(BUILD)/fuzz/libqipai.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CFLAGS_COMMON) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< \
	    $(BUILD)/fuzz/libqipai.a $(LDLIBS)

fuzz: $(FUZZ_BIN)

# ---- bindings (docs/BINDINGS.md): the Lua 5.4 module links the static
# library, so build/lua/qipai.so needs nothing but the Lua interpreter that
# loads it. Lua's flags come from pkg-config, also when tools/deps.sh
# unpacked liblua5.4-dev into build/deps instead of installing it.
LUA_SRC    := $(sort $(wildcard lua/*.c))
LUA_OBJ    := $(call obj,$(LUA_SRC))
LUA_CFLAGS ?= $(shell . tools/deps-env.sh; \
                PKG_CONFIG_SYSROOT_DIR=$$PKG_CONFIG_SYSROOT_DIR_QIPAI pkg-config --cflags lua5.4)
LUA_LIBS   ?= $(shell . tools/deps-env.sh; \
                PKG_CONFIG_SYSROOT_DIR=$$PKG_CONFIG_SYSROOT_DIR_QIPAI pkg-config --libs lua5.4)
LUA        ?= lua5.4

lua: $(BUILD)/lua/qipai.so

$(BUILD)/obj/lua/%.o: lua/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_COMMON) $(LUA_CFLAGS) $(LIB_FLAGS) $(OPT) -c -o $@ $<

$(BUILD)/lua/qipai.so: $(LUA_OBJ) $(BUILD)/libqipai.a
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,--exclude-libs,ALL -o $@ $(LUA_OBJ) $(BUILD)/libqipai.a -lm

# The module under AddressSanitizer and UndefinedBehaviorSanitizer, for a
# lua5.4 that preloads the ASan runtime (test-lua runs the tests with it).
$(BUILD)/san/lua/qipai.so: $(LUA_SRC) $(wildcard lua/*.h) $(BUILD)/san/libqipai.a
	@mkdir -p $(dir $@)
	$(SAN_CC) $(CFLAGS_COMMON) $(LUA_CFLAGS) $(SAN) -shared -o $@ $(LUA_SRC) \
	    $(BUILD)/san/libqipai.a -lm

# A host program running many Lua states on many threads (skynet's model).
$(BUILD)/lua/states: lua/tests/states.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 $(WARN) $(LUA_CFLAGS) $(OPT) -pthread -o $@ $< $(LUA_LIBS)

# Each test compares the module with build/qipai; then many states on many
# threads, the module installed into a stage and loaded from there, and
# the rockspec (when luarocks is there). Skipped, saying why, without Lua.
test-lua:
	@. tools/deps-env.sh; if ! why=$$(tools/deps.sh check lua); then \
	    echo "== lua: skipped: $$why (tools/deps.sh ensure lua)"; exit 0; fi; \
	$(MAKE) --no-print-directory lua cli $(BUILD)/lua/states >/dev/null && \
	for t in lua/tests/test_*.lua; do echo "== $$t"; \
	    LUA_CPATH='$(BUILD)/lua/?.so' QIPAI=$(BUILD)/qipai $(LUA) $$t || exit 1; done && \
	echo "== lua: states, install, rockspec" && $(BUILD)/lua/states $(BUILD)/lua && \
	rm -rf $(BUILD)/lua/stage && \
	$(MAKE) --no-print-directory install-lua DESTDIR=$(CURDIR)/$(BUILD)/lua/stage PREFIX=/usr \
	    >/dev/null && LUA_CPATH='$(BUILD)/lua/stage/usr/lib/lua/5.4/?.so' $(LUA) -e \
	    'local q = require "qipai"; assert(q.mahjong.rules("basic"):win("11m")); print("   make install-lua: the installed module loads: qipai " .. q.version())' && \
	sh lua/tests/rockspec.sh $(BUILD) && \
	if ! why=$$(tools/deps.sh check sanitizers); then echo "== lua (asan+ubsan): skipped: $$why"; \
	else $(MAKE) --no-print-directory $(BUILD)/san/lua/qipai.so >/dev/null && \
	    for t in lua/tests/test_*.lua; do echo "== $$t (asan+ubsan)"; \
	        out=$$(LD_PRELOAD=$$($(SAN_CC) -print-file-name=libclang_rt.asan-x86_64.so) \
	            ASAN_OPTIONS=detect_leaks=1 LUA_CPATH='$(BUILD)/san/lua/?.so' QIPAI=$(BUILD)/qipai \
	            QIPAI_LUA_HANDS=60 $(LUA) $$t) || { echo "$$out"; exit 1; }; \
	        echo "$$out" | tail -n 1; done; fi

# The cost of one call from Lua (docs/PERFORMANCE.md, "Bindings").
bench-lua: $(BUILD)/lua/qipai.so
	@. tools/deps-env.sh; LUA_CPATH='$(BUILD)/lua/?.so' $(LUA) lua/bench.lua

# Where lua5.4 looks for C modules under PREFIX (package.cpath: /usr/local/lib/lua/5.4
# and /usr/lib/lua/5.4 are both searched).
LUA_CMODDIR ?= $(PREFIX)/lib/lua/5.4
install-lua: $(BUILD)/lua/qipai.so
	install -d $(DESTDIR)$(LUA_CMODDIR)
	install -m 755 $(BUILD)/lua/qipai.so $(DESTDIR)$(LUA_CMODDIR)/
	$(STRIP_DEBUG) $(DESTDIR)$(LUA_CMODDIR)/qipai.so

# The Go package (go/qipai, module $(GO_MODULE), no requirements): its
# tests compare it with build/qipai, linked with build/libqipai.a (-tags
# qipai_tree; without the tag it finds the installed library through
# pkg-config). Go writes only under build/go (GOPATH, GOCACHE), never to
# $HOME, and never reaches for the network. Go's cache does not look into
# build/libqipai.a: its hash goes into CGO_CFLAGS, so a changed library
# rebuilds the cgo packages.
GO     ?= go
GO_MODULE := $(shell sed -n 's/^module //p' go/qipai/go.mod)
GO_ENV  = GOPATH=$(CURDIR)/$(BUILD)/go/path GOCACHE=$(CURDIR)/$(BUILD)/go/cache \
          GOPROXY=off GOFLAGS=-tags=qipai_tree GO111MODULE=on QIPAI=$(CURDIR)/$(BUILD)/qipai \
          CGO_CFLAGS="-O2 -g -DQIPAI_LIBRARY_HASH=$$(cksum < $(CURDIR)/$(BUILD)/libqipai.a | cut -d' ' -f1)"

test-go:
	@. tools/deps-env.sh; if ! why=$$(tools/deps.sh check go); then \
	    echo "== go: skipped: $$why (tools/deps.sh ensure go)"; exit 0; fi; \
	$(MAKE) --no-print-directory lib cli >/dev/null && $(GO_ENV) GO=$(GO) sh go/test.sh $(BUILD)

# The cost of one call from Go (docs/PERFORMANCE.md, "Bindings").
bench-go: lib
	@. tools/deps-env.sh; cd go/qipai && $(GO_ENV) $(GO) test -count=1 -run XXX -bench . \
	    -benchtime 2s ./mahjong

# ---- running
FUZZ_SECONDS ?= 8
LONG_FUZZ_SECONDS ?= 120
# What the tests need beyond a C compiler, got first (tools/deps.sh: apt-get as
# root, unpacked into build/deps otherwise, or the exact command to run).
TEST_FEATURES ?= sanitizers fuzz pkgconfig python dask lua go web
test-deps:
	@tools/deps.sh ensure $(TEST_FEATURES)

# Every test: the C library and program, then the bindings and the page.
# Everything is built first, two jobs at a time; the plain tests and the
# fuzzing (one core each) run side by side, their output kept apart.
test: test-deps
	@$(MAKE) --no-print-directory -j2 all san-tests fuzz
	@$(MAKE) --no-print-directory -j2 -Otarget test-plain test-fuzz
	@$(MAKE) --no-print-directory test-cli test-san test-install test-examples test-bindings
	@echo "all tests passed"
test-c: test-plain test-cli test-san test-fuzz test-install test-examples
test-bindings: test-python test-dask test-lua test-go test-web

test-plain: $(TEST_BIN)
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; $$t; done

# The exhaustive sweeps in full (every shape under every rule set) and longer
# fuzzing: what `make test` samples. Minutes to tens of minutes.
test-long: $(TEST_BIN) $(FUZZ_BIN) $(BUILD)/qipai
	@set -e; for t in $(TEST_BIN); do echo "== $$t (long)"; QIPAI_TEST_LONG=1 $$t; done
	@echo "== tests/judge/test_ddz_judge.sh (the judge written from docs/RULES.md alone)"
	@QIPAI=$(BUILD)/qipai sh tests/judge/test_ddz_judge.sh
	@$(MAKE) --no-print-directory test-fuzz FUZZ_SECONDS=$(LONG_FUZZ_SECONDS)

test-san: $(TEST_SAN_BIN)
	@set -e; for t in $(TEST_SAN_BIN); do echo "== $$t (asan+ubsan)"; \
	    QIPAI_TEST_SCALE=$${QIPAI_SAN_SCALE:-0.1} ASAN_OPTIONS=detect_leaks=1 $$t; done

# Every example of the public headers and the README, compiled, run and checked.
PYTHON ?= /usr/bin/python3
test-examples: $(BUILD)/libqipai.a $(BUILD)/qipai
	@echo "== examples (headers, README)"
	@$(PYTHON) tests/examples/check.py . $(BUILD)

# The installed copy used as a newcomer would: pkg-config, C and C++, static and dynamic.
test-install: lib cli
	@echo "== install"
	@sh tests/install/install.sh $(BUILD)

test-cli: $(BUILD)/qipai
	@set -e; for t in $(CLI_TESTS); do echo "== $$t"; QIPAI=$(BUILD)/qipai sh $$t; done

test-fuzz: $(FUZZ_BIN)
	@set -e; for f in $(FUZZ_BIN); do echo "== $$f ($(FUZZ_SECONDS)s)"; \
	    corpus=fuzz/corpus/$$(basename $$f); mkdir -p $(BUILD)/fuzz-work/$$(basename $$f); \
	    $$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=0 \
	        $(BUILD)/fuzz-work/$$(basename $$f) $$( [ -d $$corpus ] && echo $$corpus ) \
	        2>$(BUILD)/fuzz-work/$$(basename $$f).log || \
	        { tail -n 40 $(BUILD)/fuzz-work/$$(basename $$f).log; exit 1; }; done

demo: $(BUILD)/qipai
	@sh tools/demo.sh $(BUILD)/qipai

bench: $(BUILD)/qipai
	@sh tools/bench.sh $(BUILD)/qipai

# ---- the Python binding (python/, docs in python/README.md): the package
# qipai with its cffi extension linked against the static library, built in
# place under build/python so that PYTHONPATH=build/python imports it from
# anywhere. PYTHON is Debian's interpreter, where python3-cffi, -numpy and
# -pytest live (another python3 may come first on PATH; PYTHON is set above).
PY_SRC     := $(sort $(wildcard python/qipai/*.py python/qipai/cluster/*.py)) python/qipai/py.typed
PY_NATIVE  := python/qipai_build.py python/native/qipai_py.c python/native/qipai_py_shard.c \
              python/native/qipai_py.h python/native/qipai_py_table.c python/native/qipai_py_table.h
PY_OUT     := $(BUILD)/python/qipai
PY_STAMP   := $(BUILD)/python/.native-stamp

python: $(PY_STAMP) $(patsubst python/qipai/%,$(PY_OUT)/%,$(PY_SRC))

# The binding's own C is held to the project's warnings too.
$(PY_STAMP): $(PY_NATIVE) $(BUILD)/libqipai.a $(wildcard include/qipai/*.h)
	@mkdir -p $(PY_OUT)
	$(CC) -std=c11 $(WARN) -Iinclude -Isrc -fsyntax-only python/native/qipai_py.c \
	    python/native/qipai_py_shard.c python/native/qipai_py_table.c
	QIPAI_BUILD=$(abspath $(BUILD)) $(PYTHON) python/qipai_build.py $(BUILD)/python
	@touch $@

$(PY_OUT)/%: python/qipai/%
	@mkdir -p $(dir $@)
	cp $< $@

# The examples and the command line are part of the tests (the CLI is the
# oracle the binding is checked against).
test-python: python $(BUILD)/qipai
	QIPAI=$(abspath $(BUILD)/qipai) PYTHONPATH=$(abspath $(BUILD)/python) \
	    $(PYTHON) -m pytest -q -p no:cacheprovider python/tests

# qipai.cluster on a LocalCluster of two worker processes (python/tests_dask,
# docs/CLUSTER.md): sim and map against the command line, a killed worker,
# resuming, a scheduler out of reach. Needs Debian's python3-distributed.
test-dask: python $(BUILD)/qipai
	QIPAI=$(abspath $(BUILD)/qipai) PYTHONPATH=$(abspath $(BUILD)/python) \
	    $(PYTHON) -m pytest -q -p no:cacheprovider python/tests_dask

bench-python: python $(BUILD)/qipai
	PYTHONPATH=$(abspath $(BUILD)/python) $(PYTHON) python/bench/bench_env.py
	PYTHONPATH=$(abspath $(BUILD)/python) $(PYTHON) python/bench/bench_vec.py
	PYTHONPATH=$(abspath $(BUILD)/python) QIPAI=$(abspath $(BUILD)/qipai) \
	    $(PYTHON) python/bench/bench_batch.py

# ---- installing: PREFIX and DESTDIR as usual (make install DESTDIR=/tmp/stage
# PREFIX=/usr). The installed library carries no debug info unless
# INSTALL_DEBUG=1 (the build tree keeps it for gdb and perf).
PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DOCDIR     ?= $(PREFIX)/share/doc/qipai
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
STRIP_DEBUG = $(if $(INSTALL_DEBUG),true,strip --strip-debug)

# Made again at every install: it holds PREFIX, which may differ from the
# last install's (an install test's /usr after a /usr/local).
.PHONY: $(BUILD)/qipai.pc
$(BUILD)/qipai.pc: tools/qipai.pc.in Makefile
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' $< > $@

install: lib cli docs-generated $(BUILD)/qipai.pc
	install -d $(DESTDIR)$(INCLUDEDIR)/qipai $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(BINDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR) $(DESTDIR)$(COMPLETIONDIR)
	install -m 644 $(BUILD)/qipai.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(BUILD)/qipai.bash $(DESTDIR)$(COMPLETIONDIR)/qipai
	install -m 644 include/qipai/*.h $(DESTDIR)$(INCLUDEDIR)/qipai/
	install -m 644 $(BUILD)/libqipai.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/libqipai.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	$(STRIP_DEBUG) $(DESTDIR)$(LIBDIR)/libqipai.a $(DESTDIR)$(LIBDIR)/libqipai.so.$(VERSION)
	ln -sf libqipai.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libqipai.so.$(SOVERSION)
	ln -sf libqipai.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libqipai.so
	install -m 644 $(BUILD)/qipai.pc $(DESTDIR)$(LIBDIR)/pkgconfig/
	install -m 755 $(BUILD)/qipai $(DESTDIR)$(BINDIR)/
	$(STRIP_DEBUG) $(DESTDIR)$(BINDIR)/qipai
	install -m 644 LICENSE README.md docs/*.md $(DESTDIR)$(DOCDIR)/
	@$(MAKE) --no-print-directory install-go
	@. tools/deps-env.sh; if tools/deps.sh check lua >/dev/null; then \
	    $(MAKE) --no-print-directory install-lua; \
	else echo "make install: the Lua module is left out: $$(tools/deps.sh check lua)"; fi

# The Go package's source where Debian puts Go sources (GOCODEDIR/module
# path), for a program's go.mod to `replace` the module with; it finds the
# installed library through pkg-config (docs/BINDINGS.md, "Linking a Go
# server"). The tests and the oracle they use stay in the tree.
GOCODEDIR ?= $(PREFIX)/share/gocode/src
install-go:
	@cd go/qipai && for f in go.mod $$(find . -name '*.go' ! -name '*_test.go' ! -path './internal/oracle/*' | sort); do \
	    install -D -m 644 $$f $(DESTDIR)$(GOCODEDIR)/$(GO_MODULE)/$$f || exit 1; done
	@echo "make install: the Go package in $(GOCODEDIR)/$(GO_MODULE)"

clean:
	rm -rf $(BUILD)

# The page: make web, make serve, make test-web (web/web.mk).
include web/web.mk

# Dependency files are only ever written by the compiler: never try to
# remake them (a pattern rule would otherwise run a generator on them).
$(BUILD)/%.d: ;
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
