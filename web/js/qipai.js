// The library in the page: loads the WebAssembly module (built by `make
// web` from the C library and web/*.c) and offers the command line's
// answers as calls. run(args, line) gives exactly the JSON text that
// `qipai ARGS` prints for that line (include/qipai/query.h); the Zhaotong
// tables of web/zt_web.c are reached through ZhaotongTable.
//
// Works in the browser (the module is compiled while it downloads) and
// under node (pass {wasmBinary} read from qipai_wasm.wasm).
import createQipaiModule from '../qipai_wasm.js';

const MESSAGE = 160;                // QIPAI_WEB_MESSAGE
const QUERY_CACHE = 32;             // queries kept, most recently used last
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class Qipai {
  constructor(module) {
    this.m = module;
    this.queries = new Map();       // args joined by NUL -> query pointer
    this.scratch = module._malloc(16);
    this.message = module._malloc(MESSAGE);
  }

  // Copies a JS string into the module's memory as UTF-8 with a NUL;
  // returns [pointer, byte length]; the caller frees the pointer.
  text(s) {
    const bytes = encoder.encode(s);
    const p = this.m._malloc(bytes.length + 1);
    this.m.HEAPU8.set(bytes, p);
    this.m.HEAPU8[p + bytes.length] = 0;
    return [p, bytes.length];
  }

  string(p, length) {
    if (length === undefined) return this.m.UTF8ToString(p);
    return decoder.decode(this.m.HEAPU8.subarray(p, p + length));
  }

  lastMessage() {
    return this.m.UTF8ToString(this.message);
  }

  // The query for these words (made once, then kept): throws the CLI's
  // message for a malformed command.
  query(args) {
    const key = args.join('\0');
    let q = this.queries.get(key);
    if (q) {
      this.queries.delete(key);
      this.queries.set(key, q);
      return q;
    }
    const parts = args.map((a) => encoder.encode(String(a)));
    const size = parts.reduce((n, b) => n + b.length + 1, 0);
    const packed = this.m._malloc(size || 1);
    let at = packed;
    for (const b of parts) {
      this.m.HEAPU8.set(b, at);
      this.m.HEAPU8[at + b.length] = 0;
      at += b.length + 1;
    }
    q = this.m._qipai_web_query_new(args.length, packed, this.message);
    this.m._free(packed);
    if (!q) throw new Error(this.lastMessage());
    this.queries.set(key, q);
    if (this.queries.size > QUERY_CACHE) {
      const [oldest, old] = this.queries.entries().next().value;
      this.queries.delete(oldest);
      this.m._qipai_query_free(old);
    }
    return q;
  }

  // One line's answer (without the newline the CLI adds).
  answer(q, line) {
    const [p, n] = this.text(line);
    this.m._qipai_query_answer(q, p, n, this.scratch, this.scratch + 4);
    this.m._free(p);
    const json = this.m.HEAPU32[this.scratch >> 2];
    const length = this.m.HEAPU32[(this.scratch + 4) >> 2];
    return this.string(json, length);
  }

  // What `qipai ARGS` prints: for the given line (several lines as standard
  // input would give them: blank ones skipped), or, with no line, for the
  // inputs among the args. Answers are joined by newlines.
  runSync(args, line) {
    const q = this.query(args);
    let inputs;
    if (line === undefined || line === null) {
      const listed = this.m._qipai_query_inputs(q, this.scratch);
      const array = this.m.HEAPU32[this.scratch >> 2];
      inputs = [];
      for (let i = 0; i < listed; i++) inputs.push(this.string(this.m.HEAPU32[(array >> 2) + i]));
    } else {
      // as standard input: blank lines get no answer, as on the command line
      inputs = String(line).split('\n').filter((l) => l.trim() !== '');
    }
    return inputs.map((l) => this.answer(q, l)).join('\n');
  }

  // The answer to exactly one line (a blank one too: the query's answer for
  // it), as text and parsed: for the page's panes.
  text1(args, line) {
    return this.answer(this.query(args), String(line));
  }

  json(args, line) {
    return JSON.parse(this.text1(args, line));
  }

  version() {
    return this.string(this.m._qipai_web_version());
  }
}

// A Zhaotong game in the module (web/zt_web.c); free() it when done.
export class ZhaotongTable {
  constructor(qipai, pointer) {
    this.q = qipai;
    this.m = qipai.m;
    this.p = pointer;
  }

  // A game as `qipai zhaotong play --seed SEED --dealer DEALER` deals it.
  static play(qipai, { seed = '1', dealer = 0, human = 0, bots = 'strong,strong,strong,strong', rules = [] } = {}) {
    const [s] = qipai.text(String(seed));
    const [b] = qipai.text(bots);
    const [r] = qipai.text(rules.join('\n'));
    const p = qipai.m._qipai_web_zt_new(s, dealer, human, b, r, qipai.message);
    [s, b, r].forEach((x) => qipai.m._free(x));
    if (!p) throw new Error(qipai.lastMessage());
    return new ZhaotongTable(qipai, p);
  }

  // A log's game from its header line (text), checked line by line by the
  // library's replay: feed the rest of its lines to replayLine, the deal first.
  static fromLog(qipai, headerLine) {
    const [h, n] = qipai.text(headerLine);
    const p = qipai.m._qipai_web_zt_new_log(h, n, qipai.message);
    qipai.m._free(h);
    if (!p) throw new Error(qipai.lastMessage());
    return new ZhaotongTable(qipai, p);
  }

  // The log's next line: throws the library's reason when it departs from
  // the rules, with .expected the line the rules gave there ('' when an
  // action was due).
  replayLine(line) {
    const [l, n] = this.q.text(line);
    const code = this.m._qipai_web_zt_replay_line(this.p, l, n, this.q.message);
    this.m._free(l);
    if (code !== 0) {
      const e = new Error(this.q.lastMessage());
      e.expected = this.q.string(this.m._qipai_web_zt_replay_expected(this.p));
      throw e;
    }
  }

  replayDone() {
    return this.m._qipai_web_zt_replay_done(this.p) !== 0;
  }

  state(reveal = false) {
    return JSON.parse(this.q.string(this.m._qipai_web_zt_state(this.p, reveal ? 1 : 0)));
  }

  header() {
    return JSON.parse(this.q.string(this.m._qipai_web_zt_header(this.p)));
  }

  // Throws the library's reason when the action is not legal now.
  step(action) {
    const code = this.m._qipai_web_zt_step(this.p, action.seat, action.type, action.kind | 0,
      action.tuo | 0, this.q.message);
    if (code !== 0) throw new Error(this.q.lastMessage());
  }

  advance(maxSteps = 1000) {
    const n = this.m._qipai_web_zt_advance(this.p, maxSteps, this.q.message);
    if (n < 0) throw new Error(this.q.lastMessage());
    return n;
  }

  hint(seat) {
    return JSON.parse(this.q.string(this.m._qipai_web_zt_hint(this.p, seat)));
  }

  free() {
    if (this.p) this.m._qipai_web_zt_free(this.p);
    this.p = 0;
  }
}

// The module's bytes as they arrive, counted for onProgress(received,
// total): total is the uncompressed size the page names (the server may
// send the file compressed, and the body arrives uncompressed).
async function fetchModule(url, total, onProgress) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new Error(`could not fetch ${url} (${e.message})`);
  }
  if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status} ${response.statusText}`.trim());
  if (!response.body || typeof TransformStream !== 'function') return response;
  let received = 0;
  onProgress(0, total);
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, out) {
      received += chunk.byteLength;
      onProgress(received, total);
      out.enqueue(chunk);
    },
  }));
  return new Response(counted, { headers: { 'Content-Type': 'application/wasm' } });
}

// The published page names its module (hashed, web/publish.py) and its
// size in <meta name="qipai-wasm">; elsewhere it sits beside the loader.
function moduleAddress(options) {
  if (options.wasmUrl) return [options.wasmUrl, Number(options.wasmBytes || 0)];
  const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="qipai-wasm"]') : null;
  if (meta) return [new URL(meta.content, document.baseURI).href, Number(meta.dataset.bytes || 0)];
  return [new URL('../qipai_wasm.wasm', import.meta.url).href, 0];
}

// Loads the library. options: those of emscripten's module (wasmBinary: the
// bytes, under node), and onProgress(received, total) while the module
// downloads, wasmUrl / wasmBytes to name it. Rejects with a clear Error when
// the module cannot be fetched or compiled (emscripten alone would leave its
// promise pending and print to the console).
export async function loadQipai(options = {}) {
  const { onProgress = () => {}, wasmUrl, wasmBytes, ...rest } = options;
  const opts = { ...rest };
  let fail;
  const failed = new Promise((resolve, reject) => { fail = reject; });
  const streaming = typeof fetch === 'function' && typeof WebAssembly.instantiateStreaming === 'function';
  if (!opts.wasmBinary && !opts.instantiateWasm && streaming) {
    const [url, total] = moduleAddress({ wasmUrl, wasmBytes });
    opts.instantiateWasm = (imports, done) => {
      fetchModule(url, total, onProgress)
        .then((response) => WebAssembly.instantiateStreaming(response, imports))
        .then(({ instance, module }) => done(instance, module))
        .catch((e) => fail(e instanceof Error ? e : new Error(String(e))));
      return {};
    };
  }
  opts.onAbort = (what) => fail(new Error(`the library stopped: ${what}`));
  const module = await Promise.race([createQipaiModule(opts), failed]);
  return new Qipai(module);
}
