// CRC-32 (the gzip one: reflected, polynomial 0xEDB88320) of two texts put end to end, from the CRC of each
// and the second's length, as zlib's crc32_combine computes it: the first CRC is moved past len2 bytes of
// zeros (multiplied by x^(8 * len2) modulo the polynomial), then the second is added. Node exposes
// zlib.crc32 but not its combine, and running the CRC over a whole listing after every reply cost more than
// everything else the listing's gzip takes.

const POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial, in the reflected bit order CRC-32 uses. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = (b & 1) !== 0 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const powersOfTwo: readonly number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let k = 1; k < 32; k++) table.push((p = multiplyModP(p, p)));
  return table;
})();

/** x^(n * 2^k) modulo the polynomial. */
function xToNModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n > 0) {
    if ((n & 1) !== 0) p = multiplyModP(powersOfTwo[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/**
 * The CRC-32 of A followed by B, given crc(A), crc(B) and B's length in bytes.
 * @example crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length) === zlib.crc32(Buffer.concat([a, b]))
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(xToNModP(lengthB, 3), crcA >>> 0) ^ (crcB >>> 0)) >>> 0;
}
