// The page: loads the library (compiled while it downloads), exposes
// window.qipai.run, switches panes and languages, and records how long the
// library took to be usable (window.qipai.timings, read by the tests).
import { loadQipai } from './qipai.js';
import { applyLang, currentLang, initialLang, setLang } from './i18n.js';
import { initMahjong } from './mahjong.js';
import { initGb } from './gb.js';
import { initZipai } from './zipai.js';
import { initPoker } from './poker.js';
import { initPlay } from './play.js';
import { initReplay } from './replay.js';

// Milliseconds since the navigation started (performance.now()'s origin).
const timings = { script: performance.now() };

const status = document.getElementById('status');
const statusText = document.getElementById('status-text');
const bar = document.getElementById('load-progress');

// While the module downloads: how much of it has come (the status line and
// its bar; the tests read window.qipai.progress).
function progress(received, total) {
  window.qipai.progress = { received, total };
  if (!total) return;
  const share = Math.min(1, received / total);
  bar.max = 1;
  bar.value = share;
  const mb = (n) => (n / 1e6).toFixed(1);
  statusText.dataset.en = `loading the library… ${Math.round(share * 100)}% of ${mb(total)} MB`;
  statusText.dataset.zh = `正在加载… ${Math.round(share * 100)}%（共 ${mb(total)} MB）`;
  statusText.textContent = currentLang() === 'zh' ? statusText.dataset.zh : statusText.dataset.en;
}

const ready = loadQipai({ onProgress: (r, t) => progress(r, t) }).then((q) => {
  timings.ready = performance.now();
  return q;
});
// What the panes wait for: the library, or never when it failed to load
// (then every pane says so instead; see failed() below).
const paneReady = ready.catch(() => new Promise(() => {}));

window.qipai = {
  ready,
  timings,
  // The JSON text `qipai ARGS` prints for line (see js/qipai.js).
  run: async (args, line) => (await ready).runSync(args, line),
};

const PANES = ['mahjong', 'gb', 'zipai', 'poker', 'play', 'replay'];

function show(pane, focus = false) {
  if (!PANES.includes(pane)) pane = 'mahjong';
  for (const p of PANES) {
    const tab = document.getElementById(`tab-${p}`);
    const section = document.getElementById(`pane-${p}`);
    const on = p === pane;
    tab.setAttribute('aria-selected', on ? 'true' : 'false');
    tab.tabIndex = on ? 0 : -1;
    section.hidden = !on;
  }
  if (focus) document.getElementById(`tab-${pane}`).focus();
  document.dispatchEvent(new CustomEvent('qipai-pane', { detail: pane }));
}

function initTabs() {
  const tabs = [...document.querySelectorAll('[role=tab]')];
  for (const tab of tabs) {
    tab.addEventListener('click', () => {
      history.replaceState(null, '', `#${tab.dataset.pane}`);
      show(tab.dataset.pane);
    });
    tab.addEventListener('keydown', (e) => {
      const i = tabs.indexOf(tab);
      let j = -1;
      if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
      else if (e.key === 'ArrowLeft') j = (i + tabs.length - 1) % tabs.length;
      else if (e.key === 'Home') j = 0;
      else if (e.key === 'End') j = tabs.length - 1;
      if (j < 0) return;
      e.preventDefault();
      history.replaceState(null, '', `#${tabs[j].dataset.pane}`);
      show(tabs[j].dataset.pane, true);
    });
  }
  window.addEventListener('hashchange', () => show(location.hash.slice(1)));
  show(location.hash.slice(1));
}

function initLang() {
  setLang(initialLang());
  document.getElementById('lang').addEventListener('click', () => setLang(currentLang() === 'zh' ? 'en' : 'zh'));
}

initLang();
initTabs();
const panes = [initMahjong, initGb, initZipai, initPoker, initPlay, initReplay];
for (const init of panes) init(paneReady);
applyLang();

// The library failed to load: the status line and the top of every pane
// say why, and what to try.
function failed(e) {
  const why = e && e.message ? e.message : String(e);
  timings.failed = performance.now();
  status.classList.remove('loading');
  status.classList.add('failed');
  bar.hidden = true;
  statusText.dataset.en = 'the library could not load';
  statusText.dataset.zh = '库加载失败';
  statusText.textContent = currentLang() === 'zh' ? statusText.dataset.zh : statusText.dataset.en;
  for (const p of PANES) {
    const box = document.createElement('div');
    box.className = 'error load-error';
    box.id = `load-error-${p}`;
    box.setAttribute('role', 'alert');
    box.dataset.en = `The library could not load, so this pane cannot answer: ${why}. Reload the page to try again.`;
    box.dataset.zh = `库加载失败，本页无法作答：${why}。请刷新页面重试。`;
    box.textContent = currentLang() === 'zh' ? box.dataset.zh : box.dataset.en;
    const pane = document.getElementById(`pane-${p}`);
    pane.insertBefore(box, pane.firstChild);
  }
}

ready.then((q) => {
  status.classList.remove('loading');
  status.classList.add('ready');
  bar.hidden = true;
  statusText.dataset.en = `ready (${Math.round(timings.ready)} ms)`;
  statusText.dataset.zh = `就绪 (${Math.round(timings.ready)} 毫秒)`;
  statusText.textContent = currentLang() === 'zh' ? statusText.dataset.zh : statusText.dataset.en;
  document.getElementById('version').textContent = `qipai ${q.version()}`;
}, failed);
