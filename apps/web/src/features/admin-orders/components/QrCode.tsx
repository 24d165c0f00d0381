import { useMemo } from 'react';
import { create } from 'qrcode';

/**
 * A QR code as an inline SVG drawn from the `qrcode` library's module matrix:
 * crisp at any print resolution, no canvas, no HTML injected. Error
 * correction M survives a smudged thermal print.
 */
export function QrCode({ value, size = 96, label }: { value: string; size?: number; label: string }) {
  const { count, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }
    // A quiet zone of 4 modules around the code, as scanners expect.
    return { count: modules.size + 8, path: d };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges" className="shrink-0">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
