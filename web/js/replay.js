// The replay viewer: a log written by `qipai zhaotong sim --log FILE`
// (docs/formats/zhaotong.md), opened with the file picker or dropped on the
// page. Each game goes through the library's replay check line by line
// (qipai_zt_replay_*: every action legal when it comes, every other line the
// event the rules give there), so what is shown is the library's own state
// (all four hands), and a log that departs from the rules is flagged at its
// line with what the rules wanted. Keys: ← → step, Home End, w / W the next
// / previous win.
import { ZhaotongTable } from './qipai.js';
import { L, onLangChange } from './i18n.js';
import { clear, el, errorBox } from './ui.js';
import { drawTable, eventLine, settlement } from './ztview.js';

// The log's lines grouped by game: [{header, deal, lines: [{n, value}]}].
export function readLog(text) {
  const games = [];
  const problems = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    let value;
    try {
      value = JSON.parse(line);
    } catch (e) {
      problems.push(L(`line ${i + 1}: not JSON`, `第 ${i + 1} 行：不是 JSON`));
      return;
    }
    if (value.type === 'game') games.push({ header: value, headerText: line, headerLine: i + 1, deal: null, lines: [] });
    else if (!games.length) problems.push(L(`line ${i + 1}: before any game line`, `第 ${i + 1} 行：在任何 game 行之前`));
    else if (value.type === 'deal' && !games[games.length - 1].deal) games[games.length - 1].deal = { n: i + 1, value, text: line };
    else games[games.length - 1].lines.push({ n: i + 1, value, text: line });
  });
  return { games, problems };
}

// Plays one game of the log again through the library's replay check: the
// states after the deal and after each action, with the log lines each step
// covers, and the first line where the log departs from the rules.
export function replayGame(qipai, game) {
  const table = ZhaotongTable.fromLog(qipai, game.headerText);
  const steps = [];
  let problem = null;
  const feed = ({ n, text }) => {
    try {
      table.replayLine(text);
      return true;
    } catch (e) {
      problem = { n, text: e.message + (e.expected ? ` (the rules give ${e.expected})` : '') };
      return false;
    }
  };
  try {
    if (!game.deal) {
      problem = { n: game.headerLine + 1, text: 'no deal line' };
      return { steps, problem };
    }
    if (!feed(game.deal)) return { steps, problem };
    steps.push({ state: table.state(true), lines: [], events: [] });
    for (const line of game.lines) {
      if (!feed(line)) break;
      if (line.value.type === 'action') {
        steps.push({ state: table.state(true), lines: [line.value], events: [line.value] });
      } else {
        const last = steps[steps.length - 1];
        last.lines.push(line.value);
        last.events.push(line.value);
      }
    }
    if (!problem && !table.replayDone()) problem = { n: null, text: 'the log stops before the game ends' };
  } finally {
    table.free();
  }
  return { steps, problem };
}

export function initReplay(ready) {
  const $ = (id) => document.getElementById(id);
  const drop = $('rp-drop');
  const file = $('rp-file');
  const controls = $('rp-controls');
  const gameSelect = $('rp-game');
  const slider = $('rp-slider');
  const pos = $('rp-pos');
  const check = $('rp-check');
  const tableBox = $('rp-table');
  const eventBox = $('rp-event');
  const payments = $('rp-payments');
  let qipai = null;
  let log = null;
  let replay = null;
  let at = 0;

  function wins() {
    return replay.steps.map((s, i) => (s.events.some((e) => e.type === 'win') ? i : -1)).filter((i) => i >= 0);
  }

  function show(i) {
    if (!replay || !replay.steps.length) return;
    at = Math.max(0, Math.min(replay.steps.length - 1, i));
    const step = replay.steps[at];
    slider.max = String(replay.steps.length - 1);
    slider.value = String(at);
    pos.textContent = L(`step ${at} / ${replay.steps.length - 1}`, `第 ${at} / ${replay.steps.length - 1} 步`);
    drawTable(tableBox, step.state, { human: -1 });
    clear(eventBox);
    if (at === 0) eventBox.appendChild(el('div', {}, L('The deal.', '发牌。')));
    for (const e of step.events) {
      const line = eventLine(e, -1, false);
      if (line) eventBox.appendChild(line);
    }
    clear(payments);
    payments.appendChild(el('h3', {}, L('Payments so far', '至此的付款')));
    const s = step.state;
    if (!s.payments.length) payments.appendChild(el('div', { class: 'muted' }, L('none yet', '暂无')));
    for (const p of s.payments) payments.appendChild(eventLine({ type: 'pay', ...p }, -1, false));
    if (s.phase === 'over') payments.appendChild(settlement(s, -1));
    const w = wins();
    $('rp-prev-win').disabled = !w.some((x) => x < at);
    $('rp-next-win').disabled = !w.some((x) => x > at);
    $('rp-back').disabled = at === 0;
    $('rp-first').disabled = at === 0;
    $('rp-fwd').disabled = at === replay.steps.length - 1;
    $('rp-last').disabled = at === replay.steps.length - 1;
  }

  function openGame(index) {
    const game = log.games[index];
    clear(check);
    try {
      replay = replayGame(qipai, game);
    } catch (e) {
      replay = null;
      check.appendChild(errorBox(e.message));
      return;
    }
    if (replay.problem) {
      check.appendChild(errorBox(L(`This game departs from the rules at line ${replay.problem.n ?? 'end'}: ${replay.problem.text} (shown up to there)`,
        `本局在第 ${replay.problem.n ?? '末'} 行与规则不符：${replay.problem.text}（显示到此为止）`)));
    } else {
      check.appendChild(el('span', { class: 'good', id: 'rp-valid' }, L(`✓ game ${game.header.game}: every line checked against the library (${game.lines.length} lines)`,
        `✓ 第 ${game.header.game} 局：每一行都与库的结果一致（${game.lines.length} 行）`)));
    }
    show(0);
  }

  async function load(text, name) {
    qipai = await ready;
    log = readLog(text);
    clear(gameSelect);
    clear(check);
    if (!log.games.length) {
      controls.hidden = true;
      check.appendChild(errorBox(L(`${name}: no game in this file`, `${name}：文件中没有对局`)));
      return;
    }
    log.games.forEach((g, i) => {
      const end = g.lines.find((l) => l.value.type === 'end');
      const scores = end ? ` (${end.value.scores.join(', ')})` : '';
      gameSelect.appendChild(el('option', { value: String(i) }, `${g.header.game ?? i + 1}${scores}`));
    });
    controls.hidden = false;
    for (const p of log.problems.slice(0, 3)) check.appendChild(errorBox(p));
    openGame(0);
  }

  async function loadFile(f) {
    if (!f) return;
    load(await f.text(), f.name);
  }

  file.addEventListener('change', () => loadFile(file.files[0]));
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    loadFile(e.dataTransfer.files[0]);
  });
  drop.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); file.click(); } });
  gameSelect.addEventListener('change', () => openGame(Number(gameSelect.value)));
  slider.addEventListener('input', () => show(Number(slider.value)));
  $('rp-first').addEventListener('click', () => show(0));
  $('rp-last').addEventListener('click', () => show(Infinity));
  $('rp-back').addEventListener('click', () => show(at - 1));
  $('rp-fwd').addEventListener('click', () => show(at + 1));
  $('rp-next-win').addEventListener('click', () => { const w = wins().find((x) => x > at); if (w !== undefined) show(w); });
  $('rp-prev-win').addEventListener('click', () => { const w = wins().filter((x) => x < at).pop(); if (w !== undefined) show(w); });
  document.addEventListener('keydown', (e) => {
    if ($('pane-replay').hidden || !replay || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName) && e.target !== slider) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: Infinity };
    if (e.key in moves && e.target !== slider) { show(moves[e.key]); e.preventDefault(); }
    else if (e.key === 'w') $('rp-next-win').click();
    else if (e.key === 'W') $('rp-prev-win').click();
  });
  onLangChange(() => { if (replay) show(at); });
  ready.then((q) => { qipai = q; });
  // For scripts and tests: load a log's text as if it were dropped.
  window.qipaiReplay = { load: (text, name = 'log') => load(text, name) };
}
