import { PDFDocument } from 'pdf-lib';

/**
 * Merges PDFs into one, in the order given, every page of each (pdf-lib). Used for "All Signed Weekly Status"
 * (spec 002 §2.4, GET api/weekly-status/project/{id}/download). Encrypted inputs are read as far as pdf-lib
 * can (`ignoreEncryption`); an input that is not a PDF throws.
 */
export async function mergePdfs(buffers: Buffer[]): Promise<Buffer> {
  if (buffers.length === 0) throw new Error('mergePdfs: no documents to merge');
  const merged = await PDFDocument.create();
  merged.setTitle('Project Portal');
  merged.setProducer('Project Portal');
  merged.setCreator('Project Portal');
  for (const buffer of buffers) {
    const source = await PDFDocument.load(buffer, { ignoreEncryption: true, updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return Buffer.from(await merged.save());
}
