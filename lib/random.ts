/** A fresh nonce, secret or session key from a random source (`bytes` of it, in hex); the caller passes the platform's (`crypto.getRandomValues`). */
export function randomHex(bytes: number, random: (out: Uint8Array) => Uint8Array): string {
  return Array.from(random(new Uint8Array(bytes)), (x) => x.toString(16).padStart(2, '0')).join('');
}
