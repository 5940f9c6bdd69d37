import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Transform } from 'node:stream';
import type { AnySheet } from './columns';
import { XLSX_CONTENT_TYPE } from './spreadsheetml';
import { writeWorkbook } from './workbook';

/** A workbook as the answer to a Fastify request: streamed, with its file names, failing loudly mid-stream. */

/**
 * Answers a Fastify request with the workbook, streamed as it is written: xlsx content type,
 * `x-file-name` (URI-encoded, as the web app reads it) and an attachment content-disposition.
 * An error before the first byte of the file (typically the first query) is thrown, so it becomes the
 * usual error answer; after that it is logged and the connection is cut (the client sees a failed
 * download, never a truncated file that looks complete).
 */
export async function sendWorkbook(
  reply: FastifyReply,
  fileName: string,
  sheets: AnySheet[],
): Promise<FastifyReply> {
  let started!: () => void;
  const firstByte = new Promise<void>((resolve) => (started = resolve));
  const body = new Transform({
    transform(chunk, _encoding, callback) {
      started();
      callback(null, chunk);
    },
  });
  const writing = writeWorkbook(body, sheets).then(
    () => undefined,
    (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
  );
  const early = await Promise.race([firstByte.then(() => undefined), writing]);
  if (early) throw early;
  void writing.then((err) => {
    if (!err) return;
    reply.log.error({ err, fileName }, 'report export failed while streaming');
    body.destroy(err);
  });
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('x-file-name', encodeURIComponent(fileName))
    .header('access-control-expose-headers', 'x-file-name, content-disposition')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
