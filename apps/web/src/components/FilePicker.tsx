import { useId, useRef } from 'react';

/**
 * A file field that speaks the page's language (issue 42): the browser's own file input says "Choose Files" and
 * "No file chosen" in the browser's language, whatever the shop's. A button in our words opens the input, which
 * stays hidden but keeps the field's label (so a screen reader, a test or a drop still reaches it), and a line says
 * what is chosen. The caller gives every text in its own namespace.
 */
export function FilePicker({
  label,
  choose,
  chosen,
  accept,
  multiple = false,
  onPick,
}: {
  label: string;
  /** The button's words ("Choose photos"). */
  choose: string;
  /** What is chosen now ("2 photos chosen", "No photo chosen"). */
  chosen: string;
  accept?: string;
  multiple?: boolean;
  onPick: (files: File[]) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={() => input.current?.click()} aria-describedby={`${id}-chosen`} className="rounded border border-brand-600 px-3 py-1 font-medium text-brand-700 hover:bg-brand-50">
          {choose}
        </button>
        <span id={`${id}-chosen`} className="text-slate-600">
          {chosen}
        </span>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = ''; // picking the same file again still fires a change
          onPick(files);
        }}
      />
    </div>
  );
}
