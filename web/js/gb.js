export function initGb() {}
