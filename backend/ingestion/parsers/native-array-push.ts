/**
 * pdf.js's legacy build (the one for Node) brings core-js, which replaces Array.prototype.push
 * on V8 < 122 for an edge case of arrays longer than 2^32 that never happens here. The
 * replacement is ~10x slower and was a quarter of our PDF parse time, for the whole process.
 * Import this module before pdf.js (to capture the native method) and call the function once
 * pdf.js and its in-process worker are loaded.
 */
const nativePush = Array.prototype.push;

export function restoreNativeArrayPush(): void {
  if (Array.prototype.push === nativePush) return;
  Object.defineProperty(Array.prototype, "push", {
    value: nativePush,
    writable: true,
    configurable: true,
    enumerable: false,
  });
}
