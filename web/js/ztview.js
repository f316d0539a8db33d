// Drawing a Zhaotong table (the state JSON of web/zt_web.c) and telling
// its events (log lines, docs/formats/zhaotong.md) in words: shared by the
// play pane and the replay viewer.
import { kindOf, tile, tileLabel } from './faces.js';
import { L, currentLang } from './i18n.js';
import { el, table } from './ui.js';

export const ACTION_TYPES = ['discard', 'peng', 'ming_gang', 'an_gang', 'bu_gang', 'hu', 'pass'];

const TYPE_NAMES = {
  pinghu: '平胡', daduizi: '大对子', qiaoqidui: '巧七对', longqidui: '龙七对', qingyise: '清一色', gen: '根',
  gouhu: '勾胡', gangshanghua: '杠上花', gangshangpao: '杠上炮', qianggang: '抢杠', zimo: '自摸', tianhu: '天胡', dihu: '地胡',
};
const REASONS = {
  win: ['win', '胡牌'], ming_gang: ['明杠 (kong)', '明杠'], bu_gang: ['补杠 (added kong)', '补杠'], an_gang: ['暗杠 (concealed kong)', '暗杠'],
  transfer: ['呼叫转移 (transfer)', '呼叫转移'], hua_zhu: ['查花猪', '查花猪'], da_jiao: ['查大叫', '查大叫'], tui_shui: ['退税 (refund)', '退税'],
};
const MELDS = { peng: '碰', ming_gang: '明杠', an_gang: '暗杠', bu_gang: '补杠' };

export function typeName(t) {
  return currentLang() === 'zh' ? TYPE_NAMES[t] || t : `${TYPE_NAMES[t] || ''} ${t}`.trim();
}

export function reasonName(r) {
  const n = REASONS[r];
  return n ? L(n[0], n[1]) : r;
}

export function seatName(seat, human) {
  if (seat === human) return L('you', '你');
  return L(`seat ${seat}`, `${seat} 号位`);
}

function t(name, opts = {}) {
  return tile(name, { small: true, lang: currentLang(), ...opts });
}

// One event in words (null for events not worth a line). hideDraws: the
// tiles other seats draw are not shown (a person playing must not see them).
export function describe(e, human, hideDraws) {
  const who = seatName(e.player, human);
  const tileName = e.tile ? tileLabel(e.tile, currentLang()) : '';
  switch (e.type) {
    case 'draw':
      if (hideDraws && e.player !== human) return null;
      return L(`${who} draw ${tileName}${e.replacement ? ' (replacement)' : ''}`, `${who}摸 ${tileName}${e.replacement ? '（杠后补牌）' : ''}`);
    case 'action':
      if (e.action === 'discard') return L(`${who} discard ${tileName}`, `${who}打 ${tileName}`);
      if (e.action === 'pass') return L(`${who} pass`, `${who}过`);
      if (e.action === 'hu') return L(`${who}: 胡!`, `${who}：胡！`);
      return null; // the peng/gang line that follows says it
    case 'peng':
      return L(`${who} 碰 ${tileName} from ${seatName(e.from, human)}${e.tuo ? ` (${e.tuo} 坨)` : ''}`,
        `${who}碰 ${seatName(e.from, human)}的 ${tileName}${e.tuo ? `（${e.tuo} 坨）` : ''}`);
    case 'gang':
      return L(`${who} ${MELDS[e.gang]} ${tileName}${e.tuo ? ` (${e.tuo} 坨)` : ''}`, `${who}${MELDS[e.gang]} ${tileName}${e.tuo ? `（${e.tuo} 坨）` : ''}`);
    case 'robbed':
      return L(`${who}'s 补杠 of ${tileName} is robbed`, `${who}的补杠 ${tileName} 被抢`);
    case 'win':
      return L(`${who} win on ${tileName}: ${e.types.map(typeName).join(', ')}; ${e.fan_capped} fan, ${e.amount} from each payer`,
        `${who}胡 ${tileName}：${e.types.map(typeName).join('、')}；${e.fan_capped} 番，每家付 ${e.amount}`);
    case 'pay':
      return L(`${seatName(e.from, human)} pays ${seatName(e.to, human)} ${e.amount} (${reasonName(e.reason)})`,
        `${seatName(e.from, human)}付给${seatName(e.to, human)} ${e.amount}（${reasonName(e.reason)}）`);
    case 'end':
      return L(`game over (${e.reason === 'wall' ? 'the wall is empty' : 'one player left'}): ${e.scores.join(', ')}`,
        `对局结束（${e.reason === 'wall' ? '流局' : '只剩一家'}）：${e.scores.join('，')}`);
    default:
      return null;
  }
}

export function eventLine(e, human, hideDraws) {
  const text = describe(e, human, hideDraws);
  if (text === null) return null;
  return el('div', { class: e.type === 'pay' ? 'pay' : e.type === 'win' ? 'win' : '' }, text);
}

function meldTiles(m, tuoName) {
  const n = m.type === 'peng' ? 3 : 4;
  const tiles = [];
  for (let i = 0; i < n; i++) {
    const isTuo = i >= n - m.tuo;
    tiles.push(t(isTuo ? tuoName : m.tile, { tuo: isTuo, title: isTuo ? L(`a 坨 as ${m.tile}`, `坨 当 ${m.tile}`) : undefined }));
  }
  return el('span', { class: 'meld-group', title: `${MELDS[m.type]} ${m.tile}` }, tiles);
}

// The table. options: human (the person's seat or -1), onDiscard(kind) when
// the person may click tiles to discard them, discardable (set of kinds),
// hideDraws.
export function drawTable(container, s, options = {}) {
  const human = options.human ?? -1;
  const bottom = human >= 0 ? human : 0;
  container.replaceChildren();
  const toAct = new Set(s.to_act);
  for (const p of s.players) {
    const pos = (p.seat - bottom + 4) % 4;
    const box = el('div', {
      class: `seat seat-${pos}${toAct.has(p.seat) ? ' to-act' : ''}${p.status === 'won' ? ' won' : ''}`,
      id: `${container.id}-seat-${p.seat}`,
    });
    const score = el('span', { class: `score ${p.score > 0 ? 'plus' : p.score < 0 ? 'minus' : ''}` }, (p.score > 0 ? '+' : '') + p.score);
    box.appendChild(el('div', { class: 'who' },
      el('span', {}, el('strong', {}, p.seat === human ? L(`You (seat ${p.seat})`, `你（${p.seat} 号位）`) : L(`Seat ${p.seat}`, `${p.seat} 号位`)),
        p.seat === s.dealer ? el('span', { title: L('dealer', '庄家') }, L(' · dealer', ' · 庄')) : null,
        p.status === 'won' ? el('span', {}, L(` · won (#${p.win.order})`, ` · 已胡（第 ${p.win.order}）`)) : null),
      score));
    const row = el('div', { class: 'hand-row' });
    for (const m of p.melds) row.appendChild(meldTiles(m, s.tuo));
    if (p.shown) {
      const canClick = p.seat === human && options.onDiscard && p.status !== 'won';
      let drawnMarked = false;
      const draw = s.phase === 'turn' && s.turn === p.seat && !s.must_discard ? s.last_draw : null;
      const hand = p.tiles.slice();
      // the drawn tile goes last, apart, so the person sees what came
      let drawnTuo = false;
      if (draw) {
        if (draw === s.tuo && p.tuo > 0) drawnTuo = true;
        else {
          const i = hand.lastIndexOf(draw);
          if (i >= 0) hand.splice(i, 1);
          else drawnMarked = true;
        }
      }
      const add = (name, isTuo, hot) => {
        const kind = kindOf(name);
        const ok = canClick && options.discardable && options.discardable.has(kind);
        const node = t(name, {
          tuo: isTuo, hot,
          onClick: ok ? () => options.onDiscard(kind) : undefined,
          title: ok ? L(`discard ${name}${isTuo ? ' (坨)' : ''}`, `打出 ${name}${isTuo ? '（坨）' : ''}`) : undefined,
        });
        node.classList.remove('small');
        if (ok) node.classList.add('discardable');
        row.appendChild(node);
      };
      hand.forEach((n) => add(n, false, false));
      const tuoCount = p.tuo - (drawnTuo ? 1 : 0);
      for (let i = 0; i < tuoCount; i++) add(s.tuo, true, false);
      if (draw && !drawnMarked) {
        row.appendChild(el('span', { class: 'gap', style: 'display:inline-block;width:10px' }));
        add(draw, drawnTuo, true);
      }
    } else {
      for (let i = 0; i < p.concealed; i++) row.appendChild(el('span', { class: 'back', 'aria-hidden': 'true' }));
      row.setAttribute('aria-label', L(`${p.concealed} concealed tiles`, `${p.concealed} 张暗牌`));
    }
    box.appendChild(row);
    if (p.win) {
      box.appendChild(el('div', { class: 'win-line' },
        L('胡 ', '胡 '), t(p.win.tile, { tuo: p.win.tile_tuo }), ' ',
        p.win.types.map(typeName).join(currentLang() === 'zh' ? '、' : ', '),
        L(` · ${p.win.fan_capped} fan · ${p.win.amount} each`, ` · ${p.win.fan_capped} 番 · 每家 ${p.win.amount}`)));
    }
    const river = el('div', { class: 'river', 'aria-label': L('discards', '弃牌') });
    for (const r of s.river) {
      if (r.seat !== p.seat) continue;
      const node = t(r.tile, { dim: r.claimed });
      if (r.claimed) node.classList.add('claimed');
      river.appendChild(node);
    }
    box.appendChild(river);
    container.appendChild(box);
  }
  const centre = el('div', { class: 'centre' },
    el('div', {}, L('坨 (wildcard) ', '坨 '), tile(s.tuo, { tuo: true, lang: currentLang() })),
    el('div', { class: 'big', id: `${container.id}-wall` }, L(`wall: ${s.wall_left} left`, `牌墙剩 ${s.wall_left} 张`)),
    s.claim && s.phase !== 'over' ? el('div', {}, L('on the table: ', '待定：'), tile(s.claim, { small: true, lang: currentLang() })) : null,
    s.phase === 'over' ? el('div', { class: 'big', id: `${container.id}-over` }, L('Game over', '对局结束')) : null);
  container.appendChild(centre);
}

// The settlement: every payment and the final scores.
export function settlement(s, human) {
  const rows = s.payments.map((p) => [seatName(p.from, human), seatName(p.to, human), String(p.amount), reasonName(p.reason) + (p.kong ? ` #${p.kong}` : '')]);
  const box = el('div', { class: 'settlement' },
    el('h3', {}, L('Settlement', '结算')),
    el('p', { class: 'final-scores' }, L('Scores: ', '得分：'),
      s.players.map((p) => `${seatName(p.seat, human)} ${p.score > 0 ? '+' : ''}${p.score}`).join(' · ')),
    table([L('From', '付方'), L('To', '收方'), L('Amount', '金额'), L('Why', '原因')], rows, { class: 'payments' }));
  return box;
}
