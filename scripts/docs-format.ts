/** Markdown formatted as the repository's prettier formats it, so generated docs pass `npm run format:check`. */
import * as prettier from 'prettier';

export async function formatMarkdown(text: string, filepath: string): Promise<string> {
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}
