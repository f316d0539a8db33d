// The poker pane: minimum plays (最少手数) with every solution, a card
// set's readings as one play, and the plays that beat the last one, for
// Dou Di Zhu, 跑得快 and the seed rules (docs/formats/poker.md); cards
// drawn as cards.
import { POKER_RANKS, pokerCard, pokerRow } from './faces.js';
import { L, onLangChange } from './i18n.js';
import { clear, el, errorBox, table } from './ui.js';

const SHOWN_SOLUTIONS = 50;
const SHOWN_MOVES = 120;
// Minimum plays of a game's hand take microseconds; of a whole deck, far
// longer (docs/perf/poker.md): bigger hands wait for a click.
const AUTO_CARDS = 24;

export function initPoker(ready) {
  const $ = (id) => document.getElementById(id);
  const hand = $('pk-hand');
  const last = $('pk-last');
  const command = $('pk-command');
  const rules = $('pk-rules');
  const view = $('pk-view');
  const palette = $('pk-palette');
  const result = $('pk-result');
  let qipai = null;

  POKER_RANKS.forEach((r) => palette.appendChild(pokerCard(r, 0, { onClick: () => { hand.value += r; update(); } })));
  palette.appendChild(el('button', { type: 'button', onclick: () => { hand.value = hand.value.slice(0, -1); update(); } }, '⌫'));

  function playName(p) {
    return `${p.type}${p.length > 1 ? ` ×${p.length}` : ''} @${p.rank}${p.short ? L(' (short)', '（少带）') : ''}`;
  }

  function render(answer) {
    clear(result);
    if (answer.error) {
      result.appendChild(errorBox(answer.error));
    } else if (answer.solutions) {
      result.appendChild(el('p', { id: 'pk-summary' }, el('strong', {}, L(`Minimum: ${answer.min} plays`, `最少 ${answer.min} 手`)),
        el('span', { class: 'muted' }, L(` · ${answer.count} solutions`, ` · 共 ${answer.count} 种`))));
      const box = el('div', { id: 'pk-solutions' });
      answer.solutions.slice(0, SHOWN_SOLUTIONS).forEach((s, i) => {
        box.appendChild(el('div', { class: 'solution' }, el('span', { class: 'n' }, `${i + 1}.`),
          s.map((g) => pokerRow(g, { small: true }))));
      });
      if (answer.solutions.length > SHOWN_SOLUTIONS) box.appendChild(el('p', { class: 'muted' }, L('…', '……')));
      result.appendChild(box);
    } else if (answer.plays) {
      result.appendChild(el('p', { id: 'pk-summary' }, answer.plays.length
        ? L(`${answer.plays.length} reading(s) as one play`, `可作为一手牌的读法：${answer.plays.length}`)
        : L('not a play', '不成牌型')));
      if (answer.plays.length) result.appendChild(table([L('Type', '牌型'), L('Length', '长度'), L('Rank', '主牌'), L('Short', '少带')],
        answer.plays.map((p) => [p.type, String(p.length), p.rank, p.short ? '✓' : ''])));
    } else if (answer.moves) {
      result.appendChild(el('p', { id: 'pk-summary' },
        answer.last ? L(`${answer.count} plays beat `, `压过上家的出法 ${answer.count} 种：`) : L(`${answer.count} legal leads`, `可出的牌 ${answer.count} 种`),
        answer.last ? pokerRow(answer.last.cards, { small: true }) : null,
        answer.last ? el('span', { class: 'muted' }, ` ${playName(answer.last)}`) : null));
      result.appendChild(table([L('Cards', '牌'), L('Play', '牌型')],
        answer.moves.slice(0, SHOWN_MOVES).map((m) => [pokerRow(m.cards, { small: true }), playName(m)]), { id: 'pk-moves' }));
    }
    result.appendChild(el('details', { class: 'raw' }, el('summary', {}, L('JSON (as the command line prints it)', 'JSON（与命令行输出相同）')),
      el('pre', {}, JSON.stringify(answer))));
  }

  function update(confirmed = false) {
    clear(view).appendChild(pokerRow(hand.value));
    if (!qipai) return;
    const cards = view.querySelectorAll('.pcard').length;
    if (command.value === 'minplays' && cards > AUTO_CARDS && confirmed !== true) {
      clear(result).appendChild(el('p', {}, L(`${cards} cards: minimum plays of a hand this big can take long. `, `${cards} 张牌：这么多牌的最少手数可能要算很久。`),
        el('button', { type: 'button', id: 'pk-compute', onclick: () => update(true) }, L('Compute', '计算'))));
      return;
    }
    const args = ['poker', command.value, '--rules', rules.value];
    const text = command.value === 'moves' && last.value.trim() ? `${hand.value}/${last.value.trim()}` : hand.value;
    let answer;
    try {
      answer = qipai.json(args, text);
    } catch (e) {
      answer = { error: e.message };
    }
    render(answer);
  }

  for (const x of [hand, last]) x.addEventListener('input', () => update());
  for (const x of [command, rules]) x.addEventListener('change', () => update());
  onLangChange(() => update());
  update();
  ready.then((q) => { qipai = q; update(); });
}
