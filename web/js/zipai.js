// The zipai (字牌 / 跑胡子) pane: decompositions with 胡息, hu (the best
// split, 胡息, 囤, 名堂) and waits, for a line typed or clicked in the
// notation of docs/formats/zipai.md; cards drawn as cards.
import { ZIPAI_BIG, ZIPAI_SMALL, zipaiCard, zipaiRow } from './faces.js';
import { L, onLangChange } from './i18n.js';
import { clear, el, errorBox, table } from './ui.js';

const KEYWORDS = ['碰', '偎', '跑', '提', '吃', '摸', '打'];
const KEYWORD_NAMES = {
  碰: ['peng', '碰'], 偎: ['wei', '偎'], 跑: ['pao', '跑'], 提: ['ti', '提'], 吃: ['chi', '吃'], 摸: ['draw', '摸'], 打: ['discard', '打'],
};
const ASCII = { peng: '碰', wei: '偎', pao: '跑', ti: '提', chi: '吃', draw: '摸', discard: '打' };

// The line cut at its keywords: [{word: null|'碰'..., cards: '...'}].
function pieces(line) {
  let text = line;
  for (const [a, c] of Object.entries(ASCII)) text = text.replace(new RegExp(`\\b${a}\\b`, 'g'), c);
  text = text.replace(/x10/g, '十').replace(/d10/g, '拾')
    .replace(/x([1-9])/g, (m, d) => ZIPAI_SMALL[Number(d) - 1]).replace(/d([1-9])/g, (m, d) => ZIPAI_BIG[Number(d) - 1]);
  const out = [{ word: null, cards: '' }];
  for (const c of text) {
    if (KEYWORDS.includes(c)) out.push({ word: c, cards: '' });
    else out[out.length - 1].cards += c;
  }
  return out;
}

export function initZipai(ready) {
  const $ = (id) => document.getElementById(id);
  const line = $('zp-line');
  const command = $('zp-command');
  const rules = $('zp-rules');
  const view = $('zp-view');
  const palette = $('zp-palette');
  const result = $('zp-result');
  let qipai = null;

  const add = (text) => {
    line.value += text;
    update();
  };
  for (const c of [...ZIPAI_SMALL, ...ZIPAI_BIG]) palette.appendChild(zipaiCard(c, { onClick: () => add(c) }));
  for (const k of KEYWORDS) {
    palette.appendChild(el('button', { type: 'button', class: 'keyword', onclick: () => add(` ${k}`) }, k));
  }
  palette.appendChild(el('button', { type: 'button', onclick: () => { line.value = line.value.slice(0, -1); update(); } }, '⌫'));

  function drawLine() {
    clear(view);
    for (const p of pieces(line.value)) {
      if (p.word) {
        const n = KEYWORD_NAMES[p.word];
        view.appendChild(el('span', { class: 'zmeld' }, L(`${n[0]} ${p.word}`, p.word), zipaiRow(p.cards, { small: true })));
      } else view.appendChild(zipaiRow(p.cards));
    }
  }

  function meldList(melds) {
    return el('span', {}, melds.map((m) => el('span', { class: 'zmeld' },
      zipaiRow(m.cards, { small: true }), `${m.type} ${m.huxi}`)));
  }

  function render(answer) {
    clear(result);
    if (answer.error) {
      result.appendChild(errorBox(answer.error));
    } else if (answer.decompositions) {
      const d = answer.decompositions;
      result.appendChild(el('h3', {}, L(`Decompositions (${d.length})`, `拆法 (${d.length})`)));
      if (!d.length) result.appendChild(el('p', { class: 'muted' }, L('the hand does not split', '拆不开')));
      result.appendChild(table([L('Melds', '组合'), L('Huxi', '胡息')],
        d.map((x) => [el('span', {}, x.melds.map((m) => el('span', { class: 'zmeld' }, zipaiRow(m, { small: true })))), String(x.huxi)]),
        { id: 'zp-table' }));
    } else if ('win' in answer) {
      result.appendChild(el('p', { id: 'zp-summary', class: answer.win ? 'good' : 'summary' },
        answer.win ? L(`Hu! ${answer.huxi} huxi, ${answer.tun} tun, score ${answer.score}`, `胡！${answer.huxi} 胡息，${answer.tun} 囤，得分 ${answer.score}`)
          : L(`No hu (${answer.huxi} huxi)`, `不能胡（${answer.huxi} 胡息）`)));
      if (answer.mingtang.length) result.appendChild(el('p', {}, L('名堂: ', '名堂：'), answer.mingtang.join(' '), ` ×${answer.multiplier}`));
      result.appendChild(el('p', { class: 'muted' }, L(`red cards: ${answer.red}`, `红字：${answer.red}`)));
      if (answer.melds.length) result.appendChild(el('div', {}, el('h3', {}, L('Best split', '最佳拆法')), meldList(answer.melds)));
      if (answer.open.length) result.appendChild(el('div', {}, el('h3', {}, L('Open melds', '明牌')), meldList(answer.open)));
    } else if (answer.waits) {
      result.appendChild(el('p', { id: 'zp-summary' }, el('strong', {}, L(`Waits (${answer.waits.length}): `, `听牌 (${answer.waits.length})：`)),
        answer.waits.length ? zipaiRow(answer.waits.join('')) : L('none', '无')));
      for (const source of ['draw', 'discard']) {
        if (!answer[source]) continue;
        result.appendChild(el('h3', {}, source === 'draw' ? L('From a draw (摸)', '自摸') : L('From a discard (打)', '别人打出')));
        result.appendChild(table([L('Card', '牌'), L('Huxi', '胡息'), L('Tun', '囤'), L('Score', '得分')],
          answer[source].map((w) => [zipaiRow(w.card, { small: true }), String(w.huxi), String(w.tun), String(w.score)])));
      }
    }
    result.appendChild(el('details', { class: 'raw' }, el('summary', {}, L('JSON (as the command line prints it)', 'JSON（与命令行输出相同）')),
      el('pre', {}, JSON.stringify(answer))));
  }

  function update() {
    drawLine();
    if (!qipai) return;
    let answer;
    try {
      answer = qipai.json(['zipai', command.value, '--rules', rules.value], line.value);
    } catch (e) {
      answer = { error: e.message };
    }
    render(answer);
  }

  const examples = {
    decompose: '二七十二七十贰柒拾',
    hu: '一二三四五六七八九 碰十十十 偎壹壹壹 摸十',
    waits: '二七十二七贰柒拾 偎壹壹壹',
  };
  command.addEventListener('change', () => {
    if (Object.values(examples).includes(line.value)) line.value = examples[command.value];
    update();
  });
  line.addEventListener('input', update);
  rules.addEventListener('change', update);
  onLangChange(update);
  update();
  ready.then((q) => { qipai = q; update(); });
}
