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

const ready = loadQipai().then((q) => {
  timings.ready = performance.now();
  return q;
});

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
for (const init of panes) init(ready);
applyLang();

const status = document.getElementById('status');
ready.then((q) => {
  status.classList.remove('loading');
  status.classList.add('ready');
  status.dataset.en = `ready (${Math.round(timings.ready)} ms)`;
  status.dataset.zh = `就绪 (${Math.round(timings.ready)} 毫秒)`;
  status.textContent = currentLang() === 'zh' ? status.dataset.zh : status.dataset.en;
  document.getElementById('version').textContent = `qipai ${q.version()}`;
}, (e) => {
  status.classList.remove('loading');
  status.classList.add('failed');
  status.textContent = `the library could not load: ${e && e.message ? e.message : e}`;
});
