// Code passed to worker.evaluate() runs in the extension's service worker, where `chrome` exists.
// biome-ignore lint/suspicious/noExplicitAny: the extension's own API object, untyped in a test
declare const chrome: any;
