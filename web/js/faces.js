// Tile and card faces, drawn as SVG and HTML: nothing is downloaded.
// Mahjong kinds are the core's 0-33 (1m-9m, 1p-9p, 1s-9s, 1z-7z: east south
// west north white green red); a tile is named in compact notation ("5p").

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const HONORS = ['東', '南', '西', '北', '白', '發', '中'];
const HONOR_COLOURS = ['#123c7a', '#123c7a', '#123c7a', '#123c7a', '#1d5fbf', '#137333', '#c5221f'];
export const SUITS = 'mpsz';

export function kindOf(name) {
  const m = /^([1-9])([mpsz])$/.exec(name || '');
  if (!m) return -1;
  const k = 'mpsz'.indexOf(m[2]) * 9 + Number(m[1]) - 1;
  return m[2] === 'z' && Number(m[1]) > 7 ? -1 : k;
}

export function nameOf(kind) {
  return `${(kind % 9) + 1}${SUITS[Math.floor(kind / 9)]}`;
}

// Words of the Chinese notation (src/mahjong/tiles.c): numbers wait for a
// suit word; honors stand alone.
const WORDS = [
  ['红中', 'z', 7], ['紅中', 'z', 7], ['白板', 'z', 5], ['发财', 'z', 6], ['發財', 'z', 6],
  ['一', 'n', 1], ['二', 'n', 2], ['两', 'n', 2], ['三', 'n', 3], ['四', 'n', 4], ['五', 'n', 5],
  ['六', 'n', 6], ['七', 'n', 7], ['八', 'n', 8], ['九', 'n', 9],
  ['万', 's', 'm'], ['萬', 's', 'm'], ['筒', 's', 'p'], ['饼', 's', 'p'], ['餅', 's', 'p'],
  ['条', 's', 's'], ['條', 's', 's'], ['索', 's', 's'],
  ['东', 'z', 1], ['東', 'z', 1], ['南', 'z', 2], ['西', 'z', 3], ['北', 'z', 4], ['白', 'z', 5],
  ['发', 'z', 6], ['發', 'z', 6], ['中', 'z', 7],
];

// Every tile of a hand in compact or Chinese notation, in order, as names
// ("5p", "*" a joker). For drawing only: what it cannot read it skips (the
// library's answer names the mistake).
export function tilesOf(text) {
  const out = [];
  let digits = [];
  let numbers = [];
  const src = text || '';
  for (let i = 0; i < src.length;) {
    const c = src[i];
    if (c >= '0' && c <= '9') { digits.push(c); i++; continue; }
    if ('mpsz'.includes(c)) { digits.forEach((d) => out.push(d + c)); digits = []; i++; continue; }
    if (c === '*') { out.push('*'); i++; continue; }
    const w = WORDS.find(([word]) => src.startsWith(word, i));
    if (!w) { i++; continue; }
    i += w[0].length;
    if (w[1] === 'n') numbers.push(w[2]);
    else if (w[1] === 's') { numbers.forEach((n) => out.push(`${n}${w[2]}`)); numbers = []; } else out.push(`${w[2]}z`);
  }
  return out;
}

// The compact notation of tile names, grouped by suit in kind order.
export function compact(names) {
  const kinds = names.filter((n) => n !== '*').map(kindOf).filter((k) => k >= 0).sort((a, b) => a - b);
  let text = '';
  let run = '';
  let suit = -1;
  for (const k of kinds) {
    const s = Math.floor(k / 9);
    if (s !== suit && run) { text += run + SUITS[suit]; run = ''; }
    suit = s;
    run += String((k % 9) + 1);
  }
  if (run) text += run + SUITS[suit];
  return text + '*'.repeat(names.filter((n) => n === '*').length);
}

const DOTS = [
  [[15, 20]],
  [[15, 11], [15, 29]],
  [[8, 9], [15, 20], [22, 31]],
  [[9, 11], [21, 11], [9, 29], [21, 29]],
  [[8, 9], [22, 9], [15, 20], [8, 31], [22, 31]],
  [[10, 8], [20, 8], [10, 20], [20, 20], [10, 32], [20, 32]],
  [[7, 6], [15, 10], [23, 14], [10, 24], [20, 24], [10, 33], [20, 33]],
  [[10, 6], [20, 6], [10, 15], [20, 15], [10, 25], [20, 25], [10, 34], [20, 34]],
  [[7, 8], [15, 8], [23, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
];
const DOT_COLOURS = ['#1d5fbf', '#137333', '#c5221f'];

const STICKS = [
  [[15, 20]],
  [[15, 11], [15, 29]],
  [[15, 11], [9, 29], [21, 29]],
  [[10, 11], [20, 11], [10, 29], [20, 29]],
  [[8, 11], [22, 11], [15, 20], [8, 29], [22, 29]],
  [[8, 11], [15, 11], [22, 11], [8, 29], [15, 29], [22, 29]],
  [[15, 7], [8, 20], [15, 20], [22, 20], [8, 33], [15, 33], [22, 33]],
  [[6, 11], [12, 11], [18, 11], [24, 11], [6, 29], [12, 29], [18, 29], [24, 29]],
  [[8, 7], [15, 7], [22, 7], [8, 20], [15, 20], [22, 20], [8, 33], [15, 33], [22, 33]],
];

function dots(n) {
  const r = n === 1 ? 9 : n <= 4 ? 5.2 : n <= 6 ? 4.6 : 3.9;
  return DOTS[n - 1].map(([x, y], i) => {
    const c = n === 1 ? '#c5221f' : DOT_COLOURS[(i + n) % 3];
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="${n === 1 ? 2.4 : 1.6}"/>` +
      `<circle cx="${x}" cy="${y}" r="${r / 2.6}" fill="${c}"/>`;
  }).join('');
}

function sticks(n) {
  if (n === 1) {
    // 一条: a single tall stick with a red heart, in place of the bird.
    return '<rect x="12" y="5" width="6" height="30" rx="3" fill="#137333"/>' +
      '<rect x="11" y="18" width="8" height="3" fill="#0b4f22"/><circle cx="15" cy="12" r="2.5" fill="#c5221f"/>';
  }
  const h = n >= 7 ? 10 : 13;
  return STICKS[n - 1].map(([x, y], i) => {
    const c = (n === 5 || n === 9 || n === 7) && i === (n === 7 ? 0 : Math.floor(n / 2)) ? '#c5221f' : '#137333';
    return `<rect x="${x - 1.8}" y="${y - h / 2}" width="3.6" height="${h}" rx="1.6" fill="${c}"/>` +
      `<rect x="${x - 2.3}" y="${y - 0.7}" width="4.6" height="1.4" fill="#0b4f22"/>`;
  }).join('');
}

function faceOf(kind) {
  const n = (kind % 9) + 1;
  switch (Math.floor(kind / 9)) {
    case 0:
      return `<text x="15" y="17" font-size="14" text-anchor="middle" fill="#123c7a">${NUMERALS[n - 1]}</text>` +
        '<text x="15" y="35" font-size="15" text-anchor="middle" fill="#c5221f">萬</text>';
    case 1: return dots(n);
    case 2: return sticks(n);
    default:
      if (n === 5) return '<rect x="7" y="7" width="16" height="26" fill="none" stroke="#1d5fbf" stroke-width="2"/>';
      return `<text x="15" y="27" font-size="19" text-anchor="middle" fill="${HONOR_COLOURS[n - 1]}">${HONORS[n - 1]}</text>`;
  }
}

const cache = new Map();
const templates = new Map();

// The SVG of one tile face ("5p", or "*" for a joker), 30 x 40 units.
export function tileSVG(name) {
  if (cache.has(name)) return cache.get(name);
  const k = kindOf(name);
  const inner = k >= 0 ? faceOf(k)
    : '<text x="15" y="27" font-size="18" text-anchor="middle" fill="#8a4b00">★</text>';
  const svg = `<svg viewBox="0 0 30 40" aria-hidden="true" focusable="false">${inner}</svg>`;
  cache.set(name, svg);
  return svg;
}

// Every face is drawn once, as a <symbol> of one hidden <svg> in the page;
// a tile is then an <svg> holding a <use> of it: two nodes instead of a
// dozen, cloned from a template, so that the analyser can draw hundreds of
// tiles a keystroke.
const SYMBOL_NAMES = [...Array(34).keys()].map((k) => nameOf(k)).concat(['*']);
const symbolId = (name) => `qt-${name === '*' ? 'joker' : name}`;
let symbolsDrawn = false;

function drawSymbols() {
  const holder = document.createElement('div');
  holder.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" style="position:absolute;width:0;height:0" aria-hidden="true">' +
    SYMBOL_NAMES.map((n) => `<symbol id="${symbolId(n)}" viewBox="0 0 30 40">${tileSVG(n).replace(/^<svg[^>]*>|<\/svg>$/g, '')}</symbol>`).join('') +
    '</svg>';
  document.body.prepend(holder.firstChild);
  symbolsDrawn = true;
}

function faceNode(name) {
  if (!symbolsDrawn) drawSymbols();
  let node = templates.get(name);
  if (!node) {
    const holder = document.createElement('span');
    const id = SYMBOL_NAMES.includes(name) ? symbolId(name) : symbolId('*');
    holder.innerHTML = `<svg viewBox="0 0 30 40" aria-hidden="true" focusable="false"><use href="#${id}"/></svg>`;
    node = holder.firstChild;
    templates.set(name, node);
  }
  return node.cloneNode(true);
}

const CHINESE = {
  m: (n) => `${NUMERALS[n - 1]}万`, p: (n) => `${NUMERALS[n - 1]}筒`, s: (n) => `${NUMERALS[n - 1]}条`,
  z: (n) => ['东', '南', '西', '北', '白', '发', '中'][n - 1],
};

// A tile's name for people: "五筒" or "5p".
export function tileLabel(name, lang) {
  const k = kindOf(name);
  if (k < 0) return name === '*' ? (lang === 'zh' ? '百搭' : 'wildcard') : name;
  return lang === 'zh' ? CHINESE[name[1]](Number(name[0])) : name;
}

// A tile element: <span class="tile"> (or a <button> when onClick is
// given). options: wild (a wildcard standing for this tile: starred), tuo
// (a 坨: marked), small, dim, title, lang.
export function tile(name, options = {}) {
  const el = document.createElement(options.onClick ? 'button' : 'span');
  el.className = 'tile' + (options.small ? ' small' : '') + (options.wild ? ' wild' : '') +
    (options.tuo ? ' tuo' : '') + (options.dim ? ' dim' : '') + (options.hot ? ' hot' : '');
  el.appendChild(faceNode(name));
  el.dataset.tile = name;
  const label = tileLabel(name, options.lang) + (options.tuo ? ' (坨)' : options.wild ? ' *' : '');
  el.setAttribute(options.onClick ? 'aria-label' : 'title', options.title || label);
  if (!options.onClick) el.setAttribute('role', 'img'), el.setAttribute('aria-label', options.title || label);
  if (options.onClick) {
    el.type = 'button';
    el.title = options.title || label;
    el.addEventListener('click', options.onClick);
  }
  if (options.badge !== undefined) {
    const b = document.createElement('span');
    b.className = 'badge';
    b.textContent = options.badge;
    el.appendChild(b);
  }
  return el;
}

// A row of tiles from names (or a compact hand).
export function tileRow(names, options = {}) {
  const row = document.createElement('span');
  row.className = 'tiles';
  for (const n of typeof names === 'string' ? tilesOf(names) : names) {
    const wild = n.endsWith('*') && n.length > 1;
    row.appendChild(tile(wild ? n.slice(0, -1) : n, { ...options, wild: options.wild || wild }));
  }
  return row;
}

// ---- zipai cards: 一..十 small (black), 壹..拾 big; 二七十 / 贰柒拾 red ----
export const ZIPAI_SMALL = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
export const ZIPAI_BIG = ['壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖', '拾'];
const ZIPAI_RED = new Set(['二', '七', '十', '贰', '柒', '拾']);

export function zipaiCard(c, options = {}) {
  const el = document.createElement(options.onClick ? 'button' : 'span');
  el.className = 'zcard' + (ZIPAI_RED.has(c) ? ' red' : '') + (ZIPAI_BIG.includes(c) ? ' big' : '') +
    (options.small ? ' small' : '');
  el.textContent = c;
  el.dataset.card = c;
  if (options.onClick) {
    el.type = 'button';
    el.addEventListener('click', options.onClick);
  }
  return el;
}

export function zipaiRow(text, options = {}) {
  const row = document.createElement('span');
  row.className = 'zcards';
  for (const c of text) if (ZIPAI_SMALL.includes(c) || ZIPAI_BIG.includes(c)) row.appendChild(zipaiCard(c, options));
  return row;
}

// ---- poker cards: ranks only (the games ignore suits); suits are drawn in
// turn so that copies of a rank look like different cards ----
export const POKER_RANKS = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2', 'X', 'D'];
const SUIT_MARKS = ['♠', '♥', '♣', '♦'];

export function pokerCard(rank, copy = 0, options = {}) {
  const el = document.createElement(options.onClick ? 'button' : 'span');
  const joker = rank === 'X' || rank === 'D';
  const suit = joker ? '' : SUIT_MARKS[copy % 4];
  el.className = 'pcard' + ((joker ? rank === 'D' : copy % 2 === 1) ? ' red' : '') + (joker ? ' joker' : '') +
    (options.small ? ' small' : '');
  const shown = rank === 'T' ? '10' : joker ? (rank === 'X' ? '小王' : '大王') : rank;
  el.innerHTML = `<span class="rank">${shown}</span><span class="suit">${joker ? '★' : suit}</span>`;
  el.dataset.card = rank;
  el.setAttribute('aria-label', joker ? (rank === 'X' ? 'small joker' : 'big joker') : shown);
  if (options.onClick) {
    el.type = 'button';
    el.addEventListener('click', options.onClick);
  }
  return el;
}

export function pokerRow(text, options = {}) {
  const row = document.createElement('span');
  row.className = 'pcards';
  const seen = {};
  for (const c of text.toUpperCase().replace(/10/g, 'T').replace(/B/g, 'X').replace(/R/g, 'D')) {
    if (!POKER_RANKS.includes(c)) continue;
    seen[c] = (seen[c] || 0) + 1;
    row.appendChild(pokerCard(c, seen[c] - 1, options));
  }
  return row;
}
