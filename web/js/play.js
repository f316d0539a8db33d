// Play Zhaotong: the person against three bots, the library's engine
// driving the game (web/zt_web.c). Click a tile to discard it; buttons for
// 胡, 杠, 碰 and 过; hints from the library (shanten, effective tiles, the
// strong bot's choice); every payment in the log; the settlement at the
// end. Keys: h 胡, g 杠, p 碰, x 过, n new game, i hints on/off.
import { tile } from './faces.js';
import { ZhaotongTable } from './qipai.js';
import { L, currentLang, onLangChange } from './i18n.js';
import { clear, el, errorBox } from './ui.js';
import { drawTable, eventLine, settlement } from './ztview.js';

const BUTTONS = {
  hu: { class: 'hu', en: '胡 Hu', zh: '胡', key: 'h' },
  ming_gang: { class: 'gang', en: '杠 Kong', zh: '杠', key: 'g' },
  an_gang: { class: 'gang', en: '暗杠 Kong', zh: '暗杠', key: 'g' },
  bu_gang: { class: 'gang', en: '补杠 Kong', zh: '补杠', key: 'g' },
  peng: { class: 'peng', en: '碰 Pung', zh: '碰', key: 'p' },
  pass: { class: 'pass', en: '过 Pass', zh: '过', key: 'x' },
};
const ORDER = ['hu', 'ming_gang', 'an_gang', 'bu_gang', 'peng', 'pass'];

export function initPlay(ready) {
  const $ = (id) => document.getElementById(id);
  const tableBox = $('zt-table');
  const actions = $('zt-actions');
  const hintBox = $('zt-hint');
  const log = $('zt-log');
  const seedInput = $('zt-seed');
  const hints = $('zt-hints');
  let qipai = null;
  let game = null;
  let state = null;
  let human = 0;
  const events = [];

  function take(newEvents) {
    for (const e of newEvents) events.push(e);
  }

  function refresh() {
    state = game.state();
    window.qipai.lastPlayState = state;
    take(state.events);
    render();
  }

  function act(a) {
    try {
      game.step(a);
      game.advance();
    } catch (e) {
      actions.prepend(errorBox(e.message));
      return;
    }
    refresh();
  }

  function legal(type) {
    return state.legal.filter((a) => a.action === type);
  }

  function render() {
    const discardable = new Set(legal('discard').map((a) => a.kind));
    drawTable(tableBox, state, {
      human,
      discardable,
      hideDraws: true,
      onDiscard: (kind) => act(legal('discard').find((a) => a.kind === kind)),
    });
    clear(actions);
    const over = state.phase === 'over';
    if (over) {
      actions.appendChild(el('span', { class: 'good', id: 'zt-over' }, L('Game over.', '对局结束。')));
      actions.appendChild(el('button', {
        type: 'button', class: 'primary', id: 'zt-again',
        onclick: () => { seedInput.value = String(BigInt(seedInput.value || '0') + 1n); newGame(); },
      }, L('Next game (seed + 1)', '下一局（种子 + 1）')));
    } else if (state.legal.length) {
      const turn = state.phase === 'turn';
      actions.appendChild(el('span', { class: 'prompt', id: 'zt-prompt' }, turn
        ? L('Your turn: click a tile to discard it.', '轮到你：点一张牌打出。')
        : L('A tile you may claim:', '可以要这张牌：'),
      !turn && state.claim ? tile(state.claim, { small: true, lang: currentLang() }) : null));
      for (const type of ORDER) {
        for (const a of legal(type)) {
          const b = BUTTONS[type];
          const extra = type === 'pass' || type === 'hu' ? '' : ` ${a.tile}${a.tuo ? L(` +${a.tuo} 坨`, ` +${a.tuo}坨`) : ''}`;
          actions.appendChild(el('button', {
            type: 'button', class: `act ${b.class}`, 'data-action': type, 'data-key': b.key,
            onclick: () => act(a),
          }, L(b.en, b.zh) + extra));
        }
      }
    } else {
      actions.appendChild(el('span', { class: 'muted' }, L('The bots are playing…', '电脑出牌中……')));
    }
    renderHint();
    clear(log);
    for (const e of events) {
      const line = eventLine(e, human, !over);
      if (line) log.appendChild(line);
    }
    log.scrollTop = log.scrollHeight;
    if (over) clear(hintBox).appendChild(settlement(state, human));
  }

  function renderHint() {
    if (state && state.phase === 'over') return; // the settlement stays
    clear(hintBox);
    if (!hints.checked || !state || state.players[human].status === 'won') return;
    const h = game.hint(human);
    const parts = [];
    parts.push(el('div', {}, el('strong', {}, L('Shanten: ', '向听：')), h.shanten === null ? '–' : String(h.shanten)));
    if (h.discards) {
      const best = h.discards.slice(0, 4);
      parts.push(el('div', { class: 'hint-discards' }, L('Best discards: ', '建议打：'),
        best.map((d) => el('span', { class: 'hint-item' }, tile(d.tile === 'tuo' ? state.tuo : d.tile, { small: true, tuo: d.tile === 'tuo', lang: currentLang() }),
          L(` ${d.total} tiles `, ` ${d.total} 张 `)))));
    } else if (h.effective) {
      parts.push(el('div', {}, L(`Effective tiles (${h.total}): `, `有效牌（${h.total}）：`),
        h.effective.map((e) => tile(e.tile, { small: true, tuo: e.tuo, badge: e.left, lang: currentLang() }))));
      if (h.waits && h.waits.length) {
        parts.push(el('div', {}, L('Waits: ', '听：'), h.waits.map((w) => tile(w, { small: true, lang: currentLang() }))));
      }
    }
    if (h.strong) {
      const a = h.strong;
      const what = a.action === 'discard' ? L(`discard ${a.tile}`, `打 ${a.tile}`)
        : a.action === 'pass' ? L('pass', '过') : a.action === 'hu' ? '胡' : `${BUTTONS[a.action] ? L(BUTTONS[a.action].en, BUTTONS[a.action].zh) : a.action} ${a.tile}`;
      parts.push(el('div', { id: 'zt-strong' }, L('The strong bot would: ', '强电脑会：'), el('strong', {}, what)));
    }
    hintBox.append(...parts);
  }

  function newGame() {
    if (!qipai) return;
    clear(hintBox);
    if (game) game.free();
    events.length = 0;
    human = Number($('zt-seat').value);
    const bot = $('zt-bots').value;
    const seed = seedInput.value.trim() || '1';
    try {
      game = ZhaotongTable.play(qipai, { seed, dealer: 0, human, bots: [bot, bot, bot, bot].join(',') });
      game.advance();
    } catch (e) {
      clear(actions).appendChild(errorBox(e.message));
      return;
    }
    refresh();
  }

  $('zt-new').addEventListener('click', newGame);
  seedInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') newGame(); });
  hints.addEventListener('change', renderHint);
  onLangChange(() => { if (state) render(); });

  document.addEventListener('keydown', (e) => {
    if ($('pane-play').hidden || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
    const key = e.key.toLowerCase();
    if (key === 'n') { newGame(); e.preventDefault(); return; }
    if (key === 'i') { hints.checked = !hints.checked; renderHint(); return; }
    const button = actions.querySelector(`button[data-key="${key}"]`);
    if (button) { button.click(); e.preventDefault(); }
  });

  ready.then((q) => {
    qipai = q;
    newGame();
  });
}
