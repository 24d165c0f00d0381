/**
 * The policy pages' slugs, their storefront paths and how a body is drawn
 * (decision 0077), apart from their schemas in ./policies: every storefront
 * page's footer links the policies, and this module must not bring zod into
 * a shopper's first load (decision 0082).
 */
export const POLICY_SLUGS = ['terms', 'returns', 'delivery', 'privacy'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

/** Where each page lives in the storefront: /policy/terms …; the route table's `paths.policy` (./paths.ts), which the apps call. */
export const policyPath = (slug: PolicySlug) => `/policy/${slug}`;

/** One drawn part of a body. */
export type PolicyBlock = { kind: 'heading' | 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** A body's headings, lists and paragraphs, as text only. */
export function policyBlocks(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  let para: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'paragraph', text: para.join(' ') });
    if (list.length) blocks.push({ kind: 'list', items: list });
    para = [];
    list = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) flush();
    else if (/^#{1,3}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'heading', text: line.replace(/^#+\s+/, '') });
    } else if (/^[-*]\s/.test(line)) {
      if (para.length) flush();
      list.push(line.slice(2).trim());
    } else {
      if (list.length) flush();
      para.push(line);
    }
  }
  flush();
  return blocks;
}
