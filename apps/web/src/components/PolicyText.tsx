import { policyBlocks } from '@haat/shared/policy-text';

/**
 * A policy page's body as headings, lists and paragraphs (decision 0077):
 * React text nodes only, so whatever the owner typed is shown, never run as HTML.
 */
export function PolicyText({ text }: { text: string }) {
  return (
    <div className="grid gap-3 text-slate-700">
      {policyBlocks(text).map((b, i) =>
        b.kind === 'heading' ? (
          <h2 key={i} className="mt-2 text-lg font-semibold text-slate-900">
            {b.text}
          </h2>
        ) : b.kind === 'list' ? (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{b.text}</p>
        ),
      )}
    </div>
  );
}
