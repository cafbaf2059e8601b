// Code passed to worker.evaluate() runs in the extension's service worker, where `chrome` exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
declare const chrome: any;
