import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';

/** The xlsx zip streamed to its output: parts deflated by zlib, writes waiting while the output is full. */

/** Characters of sheet XML gathered before they are deflated and written. */
export const CHUNK = 256 * 1024;
/** Deflate level: the fastest (the files are a few MB; speed matters more than size). */
const LEVEL = 1;

/**
 * A zip entry deflated by Node's zlib (native, and in the thread pool while streamed: the XML of the next
 * chunk is built meanwhile), its CRC by zlib.crc32; fflate's streaming `Zip` writes the container.
 * (fflate's own JS deflate took two thirds of the time.)
 */
class Entry implements ZipInputFile {
  compression = 8;
  flag = 0;
  crc = 0;
  size = 0;
  ondata?: AsyncFlateStreamHandler;
  constructor(public filename: string) {}
  /** Counts raw bytes in. */
  take(buf: Buffer): Buffer {
    this.crc = crc32(buf, this.crc);
    this.size += buf.length;
    return buf;
  }
  emit(deflated: Uint8Array, final: boolean): void {
    this.ondata!(null, deflated as Uint8Array<ArrayBuffer>, final);
  }
}

/**
 * The zip on its way to `output`: parts are added one after the other, and writes wait while the output
 * (or the deflater) is full, so memory stays a couple of chunks whatever the file's size.
 */
export class ZipOut {
  private readonly zip: Zip;
  private error: Error | undefined;
  private full = false;

  constructor(private readonly output: Writable) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) return void (this.error ??= err);
      if (!output.write(chunk)) this.full = true;
      if (final) output.end();
    });
  }

  /** A whole small part. */
  part(name: string, xml: string): void {
    const entry = new Entry(name);
    this.zip.add(entry);
    entry.emit(deflateRawSync(entry.take(Buffer.from(xml, 'utf8')), { level: LEVEL }), true);
    this.check();
  }

  /** A streamed part: `write` its text in chunks, the last one `final`. */
  stream(name: string) {
    const entry = new Entry(name);
    this.zip.add(entry);
    // a chunk or two may wait for the deflater (Transform's option, which ZlibOptions does not list)
    const z = createDeflateRaw({ level: LEVEL, writableHighWaterMark: 2 * CHUNK } as ZlibOptions);
    z.on('data', (c: Buffer) => entry.emit(c, false));
    const failed = new Promise<never>((_, reject) => z.once('error', reject));
    failed.catch(() => undefined);
    return {
      write: async (text: string, final = false) => {
        try {
          const more = z.write(entry.take(Buffer.from(text, 'utf8')));
          if (final) {
            z.end();
            await Promise.race([finished(z), failed]);
            entry.emit(new Uint8Array(0), true);
          } else if (!more) await Promise.race([once(z, 'drain'), failed]);
          this.check();
          await this.flush();
        } catch (err) {
          z.destroy();
          throw err;
        }
      },
    };
  }

  end(): void {
    this.zip.end();
    this.check();
  }

  private check(): void {
    if (this.error) throw this.error;
  }

  /** Waits for the output to drain (or fails if it is gone). */
  private async flush(): Promise<void> {
    const out = this.output;
    if (out.destroyed) throw new Error('the report output was closed');
    if (!this.full) return;
    this.full = false;
    if (!out.writableNeedDrain) return;
    await new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        out.off('drain', done);
        out.off('close', closed);
        out.off('error', done);
        if (err) reject(err);
        else resolve();
      };
      const closed = () => done(new Error('the report output was closed'));
      out.on('drain', done);
      out.on('close', closed);
      out.on('error', done);
    });
  }
}
