// The mahjong analyser: a hand typed (compact or Chinese) or clicked, the
// rule set and wild kinds; answered on every keystroke with the library's
// win, decompose, shanten, waits, effective and discards answers (the very
// JSON of `qipai mahjong ...`, drawn as tiles).
import { compact, nameOf, tile, tileRow, tilesOf } from './faces.js';
import { L, currentLang, onLangChange } from './i18n.js';
import { clear, el, errorBox, table } from './ui.js';

const FORM_NAMES = {
  standard: ['standard', '一般型'],
  seven_pairs: ['seven pairs', '七对'],
  thirteen_orphans: ['thirteen orphans', '十三幺'],
};
const MELD_NAMES = {
  pair: ['pair', '将'], triplet: ['triplet', '刻'], sequence: ['sequence', '顺'],
  single: ['single', '单'], any: ['any', '任意'],
};
const SHOWN_DECOMPOSITIONS = 24;

function formName(f) {
  const n = FORM_NAMES[f];
  return n ? L(n[0], n[1]) : f;
}

function effectiveRow(list) {
  const row = el('span', { class: 'tiles' });
  for (const e of list) row.appendChild(tile(e.tile, { small: true, badge: e.left, lang: currentLang(), title: `${e.tile} × ${e.left}` }));
  return row;
}

export function initMahjong(ready) {
  const $ = (id) => document.getElementById(id);
  const hand = $('mj-hand');
  const rules = $('mj-rules');
  const wild = $('mj-wild');
  const chinese = $('mj-chinese');
  const view = $('mj-hand-view');
  const palette = $('mj-palette');
  const result = $('mj-result');
  let qipai = null;

  function setHand(names) {
    hand.value = compact(names);
    update();
  }

  // The palette: every kind and a joker, as buttons.
  const names = [];
  for (let k = 0; k < 34; k++) names.push(nameOf(k));
  names.push('*');
  for (const n of names) {
    palette.appendChild(tile(n, {
      onClick: () => setHand(tilesOf(hand.value).concat([n])),
      lang: currentLang(),
    }));
  }

  function wildKinds() {
    return wild.value.split(/[\s,，]+/).filter((w) => w);
  }

  function drawHand(tiles, wildNames) {
    clear(view);
    tiles.forEach((n, i) => {
      view.appendChild(tile(n, {
        wild: n === '*' || wildNames.includes(n),
        lang: currentLang(),
        title: L(`${n}: click to take it out`, `${n}：点击取出`),
        onClick: () => {
          const rest = tiles.slice();
          rest.splice(i, 1);
          setHand(rest);
        },
      }));
    });
    if (!tiles.length) view.appendChild(el('span', { class: 'muted' }, L('no tiles yet', '还没有牌')));
  }

  function analyse() {
    const base = ['--rules', rules.value];
    for (const w of wildKinds()) base.push('--wild', w);
    const line = hand.value;
    const ask = (command) => qipai.json(['mahjong', command, ...base], line);
    const tiles = tilesOf(line);
    const out = [];
    const shanten = ask('shanten');
    if (shanten.error) return { error: shanten.error, json: [shanten] };
    const json = [shanten];
    if (tiles.length % 3 === 2) {
      const win = ask('win');
      json.push(win);
      out.push({ win });
      if (win.win) {
        const d = ask('decompose');
        json.push(d);
        out.push({ decompose: d });
      }
      const discards = ask('discards');
      json.push(discards);
      out.push({ discards });
    } else {
      const waits = ask('waits');
      const effective = ask('effective');
      json.push(waits, effective);
      out.push({ waits, effective });
    }
    return { shanten, parts: out, json, base };
  }

  function render(a) {
    clear(result);
    if (a.error) {
      result.appendChild(errorBox(a.error));
      return;
    }
    const s = a.shanten;
    const forms = Object.entries(s.forms).map(([f, v]) => `${formName(f)} ${v}`).join(' · ');
    const shantenText = s.shanten === -1 ? L('complete (-1)', '已和 (-1)')
      : s.shanten === 0 ? L('ready (0)', '听牌 (0)') : String(s.shanten);
    result.appendChild(el('p', { class: 'summary' },
      el('strong', {}, L('Shanten: ', '向听：')), el('span', { id: 'mj-shanten' }, shantenText),
      el('span', { class: 'muted' }, `  (${forms})`)));
    for (const part of a.parts) {
      if (part.win) {
        const w = part.win;
        result.appendChild(el('p', { class: w.win ? 'good' : 'summary', id: 'mj-win' },
          w.win ? L(`Wins: ${w.forms.map(formName).join(', ')}`, `和牌：${w.forms.map(formName).join('、')}`)
            : L('Does not win', '未和牌')));
      }
      if (part.decompose) {
        const d = part.decompose;
        const box = el('div', { class: 'decompositions', id: 'mj-decompositions' },
          el('h3', {}, L(`Decompositions (${d.count})`, `拆法 (${d.count})`)));
        for (const dec of d.decompositions.slice(0, SHOWN_DECOMPOSITIONS)) {
          const row = el('div', { class: 'decomposition' }, el('span', { class: 'form' }, formName(dec.form)));
          for (const m of dec.melds) {
            const n = MELD_NAMES[m.type];
            row.appendChild(el('span', { class: `meld ${m.type}`, title: n ? L(n[0], n[1]) : m.type },
              tileRow(m.tiles.map((t) => (t === '*' ? '*' : t)), { small: true, lang: currentLang() })));
          }
          box.appendChild(row);
        }
        if (d.count > SHOWN_DECOMPOSITIONS) {
          box.appendChild(el('p', { class: 'muted' }, L(`… and ${d.count - SHOWN_DECOMPOSITIONS} more`, `……另有 ${d.count - SHOWN_DECOMPOSITIONS} 种`)));
        }
        box.appendChild(el('p', { class: 'muted' }, L('A starred tile is a wildcard standing for it.', '带星号的牌是癞子所代替的牌。')));
        result.appendChild(box);
      }
      if (part.discards) {
        const list = part.discards.discards;
        const best = list[0];
        const rows = list.map((d) => [
          tile(d.tile, { small: true, wild: d.tile === '*', lang: currentLang() }),
          String(d.shanten), effectiveRow(d.effective), String(d.total)]);
        const t = table([L('Discard', '打出'), L('Shanten', '向听'), L('Effective tiles (copies left)', '有效牌（剩余张数）'), L('Total', '合计')],
          rows, { class: 'advice', id: 'mj-discards' });
        list.forEach((d, i) => {
          if (best && d.shanten === best.shanten && d.total === best.total) t.tBodies[0].rows[i].classList.add('best');
        });
        result.appendChild(el('h3', {}, L('Discard advice', '打牌建议')));
        result.appendChild(t);
      }
      if (part.waits) {
        const left = new Map(part.effective.effective.map((e) => [e.tile, e.left]));
        const counts = {};
        for (const n of tilesOf(hand.value)) counts[n] = (counts[n] || 0) + 1;
        const waits = part.waits.waits;
        const box = el('div', { id: 'mj-waits' }, el('h3', {}, L(`Waits (${waits.length})`, `听牌 (${waits.length})`)));
        if (!waits.length) box.appendChild(el('p', { class: 'muted' }, L('not ready', '未听牌')));
        const row = el('span', { class: 'tiles' });
        for (const w of waits) {
          const n = left.has(w) ? left.get(w) : Math.max(0, 4 - (counts[w] || 0));
          row.appendChild(tile(w, { badge: n, lang: currentLang(), title: L(`${w}: ${n} left`, `${w}：剩 ${n} 张`) }));
        }
        box.appendChild(row);
        result.appendChild(box);
        const e = part.effective;
        result.appendChild(el('div', { id: 'mj-effective' },
          el('h3', {}, L(`Effective tiles (${e.total} copies)`, `有效牌（共 ${e.total} 张）`)), effectiveRow(e.effective)));
      }
    }
    const raw = el('details', { class: 'raw' }, el('summary', {}, L('JSON (as the command line prints it)', 'JSON（与命令行输出相同）')));
    const jsonLines = chinese.checked
      ? a.json.map((j) => {
        const command = j.discards ? 'discards' : j.decompositions ? 'decompose' : j.waits ? 'waits'
          : j.effective ? 'effective' : 'forms' in j && 'win' in j ? 'win' : 'shanten';
        return qipai.text1(['mahjong', command, ...a.base, '--chinese'], hand.value);
      }) : a.json.map((j) => JSON.stringify(j));
    raw.appendChild(el('pre', {}, jsonLines.join('\n')));
    result.appendChild(raw);
  }

  function update() {
    const t0 = performance.now();
    const tiles = tilesOf(hand.value);
    let wildNames = [];
    for (const w of wildKinds()) wildNames = wildNames.concat(tilesOf(w));
    drawHand(tiles, wildNames);
    if (!qipai) return;
    let a;
    const t = window.qipai.timings;
    t.mahjongStart = t0;
    try {
      a = analyse();
    } catch (e) {
      a = { error: e.message };
    }
    t.mahjongAnalysed = performance.now();
    render(a);
    t.mahjongDone = performance.now();
    t.mahjongLast = t.mahjongDone - t0;
    if (t.firstAnswer === undefined) t.firstAnswer = performance.now();
  }

  hand.addEventListener('input', update);
  rules.addEventListener('change', update);
  wild.addEventListener('input', update);
  chinese.addEventListener('change', update);
  onLangChange(update);
  update();
  ready.then((q) => {
    qipai = q;
    update();
  });
}
