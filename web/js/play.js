export function initPlay() {}
