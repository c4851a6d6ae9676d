import yazl from 'yazl';

/** A file in a zip the test makes: deflated unless `stored`; a folder when its name ends with `/`. */
export interface ZipEntry {
  name: string;
  body: Buffer | string;
  stored?: boolean;
  /** Written as ZIP64 (its sizes in an extra field), as exports of feeds over 4 GB are. */
  zip64?: boolean;
}

/** A zip as a partner's export makes it (yazl), in memory. */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name, { mtime: new Date('2026-11-01T00:00:00Z') });
    else
      zip.addBuffer(Buffer.isBuffer(e.body) ? e.body : Buffer.from(e.body), e.name, {
        compress: !e.stored,
        forceZip64Format: e.zip64 === true,
        mtime: new Date('2026-11-01T00:00:00Z'),
      });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Each header of a zip (local, PK\3\4; central, PK\1\2) and where its flags are, for the changes below. */
function headers(zip: Buffer): { at: number; flags: number }[] {
  const found: { at: number; flags: number }[] = [];
  for (const [signature, flags] of [
    ['PK\x03\x04', 6],
    ['PK\x01\x02', 8],
  ] as const)
    for (let i = zip.indexOf(signature, 0, 'latin1'); i >= 0; i = zip.indexOf(signature, i + 4, 'latin1'))
      found.push({ at: i, flags: i + flags });
  return found;
}

/** The zip with its entries marked encrypted (bit 0 of each header's flags), as a password-protected export's. */
export function markedEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (const h of headers(out)) out.writeUInt16LE(out.readUInt16LE(h.flags) | 1, h.flags);
  return out;
}

/** The zip with its entries said to be compressed with another method (12: bzip2), which follows the flags. */
export function saidCompressedWith(zip: Buffer, method: number): Buffer {
  const out = Buffer.from(zip);
  for (const h of headers(out)) out.writeUInt16LE(method, h.flags + 2);
  return out;
}

/**
 * A ZIP64 zip (`zipOf` with `zip64`) whose central directory says its first entry is `size` bytes
 * unzipped: what a zip made to fill a disk says, read before a byte of it is.
 */
export function saidUnzippedSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  const at = out.indexOf('PK\x01\x02', 0, 'latin1');
  const nameLength = out.readUInt16LE(at + 28);
  const extraLength = out.readUInt16LE(at + 30);
  // Its ZIP64 extra field (id 1) gives the sizes the header's 32-bit fields (0xFFFFFFFF) leave to it.
  for (let i = at + 46 + nameLength; i < at + 46 + nameLength + extraLength;) {
    const id = out.readUInt16LE(i);
    if (id === 1 && out.readUInt32LE(at + 24) === 0xffffffff) {
      out.writeBigUInt64LE(BigInt(size), i + 4);
      return out;
    }
    i += 4 + out.readUInt16LE(i + 2);
  }
  throw new Error('not a ZIP64 zip: make it with zip64');
}
