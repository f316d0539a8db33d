// The Guobiao (国标) calculator: declared melds, concealed tiles with the
// winning tile last, winds, the situation's flags and flowers, built by
// clicking or typed in the notation of docs/formats/gb.md; answered with
// `qipai gb fan` (the breakdown with each fan's tiles), and for a hand of
// 13 with `gb ting` and `gb shanten`.
import { kindOf, nameOf, tile, tileRow, tilesOf } from './faces.js';
import { L, currentLang, onLangChange } from './i18n.js';
import { clear, el, errorBox, table } from './ui.js';

const HONOR_LETTERS = 'ESWNPFC'; // 1z..7z
const WINDS = 'ESWN';

// Tiles of a gb text (compact, Chinese, or the honor letters E S W N P F
// C) as names, for drawing.
function gbTiles(text) {
  return tilesOf(text.replace(/[ESWNPFC]/g, (c) => `${HONOR_LETTERS.indexOf(c) + 1}z`));
}

// "345m" / "EEE" style text for tile names (honors as letters).
function gbText(names) {
  let text = '';
  let run = '';
  let suit = '';
  for (const n of names) {
    if (n[1] === 'z') {
      if (run) text += run + suit;
      run = '';
      suit = '';
      text += HONOR_LETTERS[Number(n[0]) - 1];
    } else {
      if (suit && n[1] !== suit) {
        text += run + suit;
        run = '';
      }
      suit = n[1];
      run += n[0];
    }
  }
  return text + (run ? run + suit : '');
}

// The notation read back into the builder's state (what it cannot read
// stays as typed; the library names the problem).
function parseHand(text) {
  const state = { melds: [], concealed: [], prevalent: 'E', seat: 'E', flags: '0000', blessing: '', flowers: '0' };
  const [tiles, situation, flowers] = text.split('|');
  const body = (tiles || '').replace(/\[([^\]]*)\]/g, (m, inner) => {
    const [t, claim] = inner.split(',');
    state.melds.push({ tiles: gbTiles(t || ''), claim: claim === undefined ? null : claim.trim() });
    return '';
  });
  state.concealed = gbTiles(body);
  const s = (situation || '').trim();
  if (s.length >= 2) {
    state.prevalent = s[0];
    state.seat = s[1];
    state.flags = (s.slice(2, 6) + '0000').slice(0, 4);
    state.blessing = s.slice(6, 7);
  }
  if (flowers !== undefined) state.flowers = flowers.trim() || '0';
  return state;
}

function writeHand(state) {
  let text = '';
  for (const m of state.melds) text += `[${gbText(m.tiles)}${m.claim !== null ? `,${m.claim}` : ''}]`;
  text += gbText(state.concealed);
  const situation = `${state.prevalent}${state.seat}${state.flags}${state.blessing}`;
  const flowers = state.flowers && state.flowers !== '0' ? `|${state.flowers}` : '';
  if (situation !== 'EE0000' || flowers) text += `|${situation}${flowers}`;
  return text;
}

export function initGb(ready) {
  const $ = (id) => document.getElementById(id);
  const input = $('gb-hand');
  const view = $('gb-hand-view');
  const result = $('gb-result');
  const palette = $('gb-palette');
  const meldType = $('gb-meld-type');
  const meldFrom = $('gb-meld-from');
  const flags = ['gb-self', 'gb-last', 'gb-wall', 'gb-kong'].map($);
  let qipai = null;
  let state = parseHand(input.value);

  function fromState() {
    input.value = writeHand(state);
    update(false);
  }

  function syncControls() {
    $('gb-prevalent').value = WINDS.includes(state.prevalent) ? state.prevalent : 'E';
    $('gb-seat').value = WINDS.includes(state.seat) ? state.seat : 'E';
    flags.forEach((f, i) => { f.checked = state.flags[i] === '1'; });
    $('gb-flowers').value = /^\d$/.test(state.flowers) ? state.flowers : state.flowers.length;
  }

  function labelClaims() {
    const chow = meldType.value === 'chow';
    const labels = chow
      ? [L('1st tile claimed', '吃第一张'), L('2nd tile claimed', '吃第二张'), L('3rd tile claimed', '吃第三张')]
      : [L('from the left', '上家'), L('from opposite', '对家'), L('from the right', '下家')];
    [...meldFrom.options].forEach((o, i) => { o.textContent = labels[i]; });
    meldFrom.disabled = meldType.value === 'ckong';
  }

  function addTile(name) {
    const k = kindOf(name);
    if ($('gb-target-meld').checked) {
      const type = meldType.value;
      let tiles;
      if (type === 'chow') {
        if (k >= 27 || k % 9 > 6) return;
        tiles = [nameOf(k), nameOf(k + 1), nameOf(k + 2)];
      } else tiles = Array(type === 'pung' ? 3 : 4).fill(name);
      state.melds.push({ tiles, claim: type === 'ckong' ? null : meldFrom.value });
    } else {
      state.concealed.push(name);
    }
    fromState();
  }

  for (let k = 0; k < 34; k++) palette.appendChild(tile(nameOf(k), { onClick: () => addTile(nameOf(k)), lang: currentLang() }));

  function drawHand() {
    clear(view);
    state.melds.forEach((m, i) => {
      const box = el('button', {
        class: 'meldbox', type: 'button', title: L('click to remove this meld', '点击移除此副露'),
        onclick: () => { state.melds.splice(i, 1); fromState(); },
      }, tileRow(m.tiles, { small: true, lang: currentLang() }));
      view.appendChild(box);
    });
    state.concealed.forEach((n, i) => {
      const last = i === state.concealed.length - 1;
      const t = tile(n, {
        hot: last, lang: currentLang(),
        title: last ? L('the winning tile (click to take it out)', '和张（点击取出）') : L('click to take it out', '点击取出'),
        onClick: () => { state.concealed.splice(i, 1); fromState(); },
      });
      if (last) t.style.marginLeft = '10px';
      view.appendChild(t);
    });
  }

  function tilesOfGroup(group) {
    return gbTiles(group);
  }

  function render(fan, extra) {
    clear(result);
    if (fan.error) {
      result.appendChild(errorBox(fan.error));
    } else if (fan.win === false) {
      result.appendChild(el('p', { class: 'summary', id: 'gb-total' }, L('Not a winning hand.', '不是和牌。')));
    } else if (fan.fans) {
      result.appendChild(el('p', { id: 'gb-total' },
        el('span', { class: 'fan-total' }, L(`${fan.fan} fan`, `${fan.fan} 番`)), ' ',
        el('span', { class: fan.valid ? 'good' : 'error-text' },
          fan.valid ? L('(valid: reaches the minimum)', '（够起和番）') : L('(below the minimum)', '（不够起和番）')),
        fan.flowers ? el('span', { class: 'muted' }, L(` · flowers ${fan.flowers}`, ` · 花牌 ${fan.flowers}`)) : null));
      const rows = fan.fans.map((f) => [
        el('span', {}, el('strong', {}, f.name), currentLang() === 'zh' ? null : el('span', { class: 'muted' }, ` ${f.id}`)),
        String(f.points), f.count > 1 ? `×${f.count}` : '',
        el('span', {}, (f.tiles || []).map((g) => el('span', { class: 'meldbox' }, tileRow(tilesOfGroup(g), { small: true, lang: currentLang() })))),
      ]);
      result.appendChild(table([L('Fan', '番种'), L('Points', '番数'), L('Times', '次'), L('Tiles', '牌')], rows, { id: 'gb-fans' }));
    }
    for (const e of extra) {
      if (e.error) result.appendChild(errorBox(e.error));
      else if (e.waits) {
        result.appendChild(el('div', { id: 'gb-waits' }, el('h3', {}, L(`Waits (${e.waits.length})`, `听牌 (${e.waits.length})`)),
          e.waits.length ? tileRow(e.waits, { lang: currentLang() }) : el('span', { class: 'muted' }, L('not ready', '未听牌'))));
      } else if (e.forms) {
        const forms = Object.entries(e.forms).map(([f, v]) => `${f} ${v === null ? '–' : v}`).join(' · ');
        result.appendChild(el('p', { id: 'gb-shanten' }, el('strong', {}, L('Shanten: ', '向听：')), String(e.shanten),
          el('span', { class: 'muted' }, `  (${forms})`)));
      }
    }
    const raw = el('details', { class: 'raw' }, el('summary', {}, L('JSON (as the command line prints it)', 'JSON（与命令行输出相同）')),
      el('pre', {}, [fan, ...extra].map((j) => JSON.stringify(j)).join('\n')));
    result.appendChild(raw);
  }

  function update(fromText) {
    if (fromText) {
      state = parseHand(input.value);
      syncControls();
    }
    drawHand();
    if (!qipai) return;
    const line = input.value;
    const size = state.concealed.length + 3 * state.melds.length;
    let fan;
    const extra = [];
    try {
      if (size === 13) {
        fan = { win: false };
        extra.push(qipai.json(['gb', 'ting'], line));
        extra.push(qipai.json(['gb', 'shanten'], line));
      } else {
        fan = qipai.json(['gb', 'fan'], line);
        if (fan.win === false && size === 14) extra.push(qipai.json(['gb', 'shanten'], line));
      }
    } catch (e) {
      fan = { error: e.message };
    }
    render(fan, extra);
  }

  input.addEventListener('input', () => update(true));
  meldType.addEventListener('change', labelClaims);
  for (const id of ['gb-prevalent', 'gb-seat', 'gb-flowers']) {
    $(id).addEventListener('change', () => {
      state.prevalent = $('gb-prevalent').value;
      state.seat = $('gb-seat').value;
      state.flowers = String(Math.max(0, Math.min(8, Number($('gb-flowers').value) || 0)));
      fromState();
    });
  }
  flags.forEach((f) => f.addEventListener('change', () => {
    state.flags = flags.map((x) => (x.checked ? '1' : '0')).join('');
    fromState();
  }));
  $('gb-clear').addEventListener('click', () => {
    state = parseHand('');
    syncControls();
    fromState();
  });
  onLangChange(() => { labelClaims(); update(false); });
  syncControls();
  labelClaims();
  update(false);
  ready.then((q) => { qipai = q; update(false); });
}
