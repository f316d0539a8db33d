export function initZipai() {}
