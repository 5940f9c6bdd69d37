/** Saving a file the API answered (no React: the host uses it too). */

/** The download name of a response: x-file-name, else content-disposition, else the fallback. */
export function downloadName(res: Response, fallback: string): string {
  const x = res.headers.get('x-file-name');
  if (x) return decodeURIComponent(x);
  const cd = res.headers.get('content-disposition');
  const m = cd && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  return m ? decodeURIComponent(m[1]!) : fallback;
}

/** Saves a blob response as a file, honouring x-file-name. */
export async function downloadBlob(res: Response, fallbackName: string): Promise<string> {
  const name = downloadName(res, fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
