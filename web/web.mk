# The page (web/README.md): the library compiled to WebAssembly with
# emscripten, plus the HTML, CSS and JavaScript of web/, staged under their
# own names in build/wasm/page/ (what node and scripts load), then published
# to build/web/ by web/publish.py: names by content, .br and .gz beside.
#   make web        builds build/web/
#   make serve      serves it on http://localhost:$(WEB_PORT)/ (web/serve.py:
#                   compressed files, cache headers, no directory listing)
#   make test-web   the browser tests (headless Chromium + Selenium); they
#                   print a clear skip when emcc or Chromium is missing
# Included by the Makefile; the library sources are the same LIB_SRC and
# generated tables (GEN_SRC) as the native build.

EMCC      ?= emcc
WEB_PORT  ?= 8013
WEB_DIR   := $(BUILD)/web
WEB_STAGE := $(BUILD)/wasm/page
WASM_OBJ_DIR := $(BUILD)/wasm/obj
WEB_C     := $(sort $(wildcard web/*.c))
WEB_STATIC := $(sort $(wildcard web/*.html web/*.css web/js/*.js))
WEB_OUT_STATIC := $(patsubst web/%,$(WEB_STAGE)/%,$(WEB_STATIC))
WASM_OBJ  := $(patsubst %.c,$(WASM_OBJ_DIR)/%.o,$(LIB_SRC) $(WEB_C)) \
             $(patsubst $(BUILD)/gen/%.c,$(WASM_OBJ_DIR)/gen/%.o,$(GEN_SRC))
# emcc's JavaScript optimizer needs Debian's node modules, which the node on
# PATH may not look for.
EMCC_ENV  = NODE_PATH=/usr/share/nodejs
WASM_CFLAGS = -std=c11 $(WARN) -Iinclude -Isrc -I. -O2 -MMD -MP
# What the page calls: the query layer as it is, and the glue of web/*.c.
WASM_EXPORT_LIST = malloc free qipai_query_answer qipai_query_free qipai_query_inputs \
    qipai_web_query_new qipai_web_version qipai_web_zt_new qipai_web_zt_new_log \
    qipai_web_zt_replay_line qipai_web_zt_replay_expected qipai_web_zt_replay_done \
    qipai_web_zt_free qipai_web_zt_state qipai_web_zt_step qipai_web_zt_advance \
    qipai_web_zt_hint qipai_web_zt_header
web_comma := ,
web_empty :=
web_space := $(web_empty) $(web_empty)
WASM_EXPORTS = $(subst $(web_space),$(web_comma),$(strip $(patsubst %,_%,$(WASM_EXPORT_LIST))))
WASM_LDFLAGS = -O2 -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createQipaiModule \
    -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 -sENVIRONMENT=web \
    -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) \
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,HEAPU8,HEAPU32

.PHONY: web serve test-web

web: $(WEB_DIR)/index.html

$(WEB_DIR)/index.html: $(WEB_STAGE)/qipai_wasm.js $(WEB_OUT_STATIC) web/publish.py
	$(PYTHON) web/publish.py $(WEB_STAGE) $(WEB_DIR)

$(WASM_OBJ_DIR)/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(EMCC_ENV) $(EMCC) $(WASM_CFLAGS) -c -o $@ $<

$(WASM_OBJ_DIR)/%.o: %.c
	@mkdir -p $(dir $@)
	$(EMCC_ENV) $(EMCC) $(WASM_CFLAGS) -c -o $@ $<

# One link gives the loader (qipai_wasm.js) and the module (qipai_wasm.wasm).
$(WEB_STAGE)/qipai_wasm.js: $(WASM_OBJ) web/web.mk
	@mkdir -p $(dir $@)
	$(EMCC_ENV) $(EMCC) $(WASM_LDFLAGS) -o $@ $(WASM_OBJ)

$(WEB_STAGE)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@

serve: web
	$(PYTHON) web/serve.py --dir $(WEB_DIR) --port $(WEB_PORT)

# The browser tests need emcc and brotli (to build the page), Chromium, its driver and
# Selenium; without them they say so and pass, as CI always has them. The
# glue is compiled by the native compilers too (gcc and clang), whatever is
# missing.
test-web: $(BUILD)/qipai
	@echo "== web glue: $(CC) and $(SAN_CC)"
	@for c in $(CC) $(SAN_CC); do for f in $(WEB_C); do \
	    $$c -std=c11 $(WARN) -Iinclude -Isrc -I. -fsyntax-only $$f || exit 1; done; done
	@if command -v $(EMCC) >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1 && \
	    command -v brotli >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && $(PYTHON) -c 'import selenium' 2>/dev/null; then \
	    $(MAKE) --no-print-directory web && \
	    $(PYTHON) tests/web/test_web.py $(BUILD); \
	else \
	    echo "== web: SKIPPED (needs emcc, brotli, chromium, chromedriver and python3-selenium:" \
	         "tools/deps.sh ensure web)"; \
	fi
