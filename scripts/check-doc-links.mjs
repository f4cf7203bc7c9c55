#!/usr/bin/env node
// Checks the links between the project's pages (README.md, ARCHITECTURE.md, docs/*.md): each
// relative link names a file that exists and, with a `#fragment`, a heading of that page, as
// GitHub makes its anchors. Text moves between pages; a link left behind should fail here, not
// on a newcomer's click.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pages = ['README.md', 'ARCHITECTURE.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)]
  .filter((page) => page.endsWith('.md'))
  .map((page) => join(root, page));

/** The page's text without its fenced code, whose brackets and `#` lines are not links nor headings. */
const prose = (file) => readFileSync(file, 'utf8').replace(/^(```|~~~)[^]*?^\1/gm, '');

/** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as `-`, repeats numbered. */
function anchors(file) {
  const seen = new Map();
  return new Set(
    [...prose(file).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map(([, heading]) => {
      const slug = heading
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      return count === 0 ? slug : `${slug}-${count}`;
    }),
  );
}

const problems = [];
let checked = 0;
for (const page of pages) {
  // Inline code is dropped too: `[a](b)` in backticks is an example, not a link.
  for (const [, target] of prose(page)
    .replace(/`[^`\n]*`/g, '')
    .matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
    checked += 1;
    const [path, fragment] = target.split('#');
    const file = path ? resolve(dirname(page), decodeURIComponent(path)) : page;
    const where = `${relative(root, page)}: ${target}`;
    if (!existsSync(file)) problems.push(`${where}: no such file`);
    else if (fragment !== undefined && !(file.endsWith('.md') && anchors(file).has(fragment)))
      problems.push(`${where}: no such heading in ${relative(root, file)}`);
  }
}

if (problems.length > 0) {
  console.error(`Broken links between the pages:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Links: ${checked} relative links in ${pages.length} pages, each to a file and heading that exist.`);
