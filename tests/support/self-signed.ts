import { generateKeyPairSync, randomBytes, sign } from "node:crypto";

/** DER: one tag-length-value. */
function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
const utcTime = (d: Date) => tlv(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`));
const name = (commonName: string) => sequence(set(sequence(oid("2.5.4.3"), tlv(0x0c, Buffer.from(commonName)))));

/**
 * An RSA key and a self-signed X.509 certificate for it (version 1, SHA-256), made for one test run
 * with node:crypto alone: what an identity provider signs its assertions with.
 */
export function selfSignedCertificate(commonName: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const algorithm = sequence(oid("1.2.840.113549.1.1.11"), Buffer.from([0x05, 0x00]));
  const serial = tlv(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)]));
  const now = Date.now();
  const validity = sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 24 * 3_600_000)));
  const spki = publicKey.export({ type: "spki", format: "der" });
  const tbs = sequence(serial, algorithm, name(commonName), validity, name(commonName), spki);
  const signature = sign("sha256", tbs, privateKey);
  const der = sequence(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0x00]), signature])));
  const base64 = der.toString("base64");
  return {
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    certificatePem: `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)?.join("\n")}\n-----END CERTIFICATE-----\n`,
  };
}
