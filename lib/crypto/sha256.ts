/**
 * SHA-256 of a string's UTF-8 bytes, as lowercase hex (the same value as `sha256sum`). It comes
 * from @noble/hashes, an audited library, and is synchronous, so the readers can check a
 * commitment anywhere without waiting.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
