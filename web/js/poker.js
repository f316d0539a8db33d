export function initPoker() {}
