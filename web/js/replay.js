export function initReplay() {}
