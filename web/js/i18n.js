// Chinese and English labels. Static text carries both languages in the
// markup (data-en, data-zh, and data-en-title / data-zh-title for titles);
// text written by the panes asks L(en, zh). Changing the language re-labels
// the page and asks every pane to draw itself again.

const listeners = [];
let lang = 'en';

export function currentLang() {
  return lang;
}

export function L(en, zh) {
  return lang === 'zh' ? zh : en;
}

export function onLangChange(fn) {
  listeners.push(fn);
}

export function applyLang(root = document) {
  for (const el of root.querySelectorAll('[data-en]')) el.textContent = el.dataset[lang] ?? el.dataset.en;
  for (const el of root.querySelectorAll('[data-en-title]')) {
    el.title = el.dataset[`${lang}Title`] ?? el.dataset.enTitle;
    if (el.hasAttribute('aria-label') || el.tagName === 'INPUT') el.setAttribute('aria-label', el.title);
  }
  for (const el of root.querySelectorAll('[data-en-placeholder]')) {
    el.placeholder = el.dataset[`${lang}Placeholder`] ?? el.dataset.enPlaceholder;
  }
}

export function setLang(value) {
  lang = value === 'zh' ? 'zh' : 'en';
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  try {
    localStorage.setItem('qipai.lang', lang);
  } catch (e) {
    // storage may be off (a private window): the choice lasts this visit
  }
  applyLang();
  for (const fn of listeners) fn(lang);
}

export function initialLang() {
  let saved = null;
  try {
    saved = localStorage.getItem('qipai.lang');
  } catch (e) {
    saved = null;
  }
  if (saved) return saved;
  return (navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
