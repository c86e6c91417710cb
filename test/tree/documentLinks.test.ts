import { execFileSync } from 'node:child_process';
import { dirname, join, normalize } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { DOCUMENTED_PAGES } from './documentedPages.ts';

// The README is the package's front page on the registry, and an installed package is
// read offline: every page it links to, and every file those pages link to, must be
// in the package, and every #anchor must be a heading of the page it points at.

interface Link {
  page: string;
  target: string;
  anchor: string | undefined;
}

const links: Link[] = DOCUMENTED_PAGES.flatMap((page) =>
  [...page.raw.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] as string)
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => {
      const [path, anchor] = href.split('#');
      return { page: page.path, target: path ? normalize(join(dirname(page.path), path)) : page.path, anchor };
    }),
);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

test('every relative link of the pages names a file the package ships', () => {
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT, encoding: 'utf8' }),
  ) as Array<{
    files: Array<{ path: string }>;
  }>;
  const shipped = new Set(packed[0]?.files.map((file) => file.path));
  expect(links.length).toBeGreaterThan(10);
  const missing = links.filter((link) => !shipped.has(link.target)).map((link) => `${link.page} → ${link.target}`);
  expect(missing).toEqual([]);
});

test('every #anchor of a link is a heading of the page it points at', () => {
  const headings = new Map(
    DOCUMENTED_PAGES.map((page) => [page.path, new Set([...page.raw.matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1] as string)))]),
  );
  const anchored = links.filter((link) => link.anchor !== undefined && headings.has(link.target));
  expect(anchored.length).toBeGreaterThan(10);
  const broken = anchored
    .filter((link) => !headings.get(link.target)?.has(link.anchor as string))
    .map((link) => `${link.page} → ${link.target}#${link.anchor}`);
  expect(broken).toEqual([]);
});
