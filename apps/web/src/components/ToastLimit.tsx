import { useEffect } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';

/** Keeps at most `max` toasts on screen (spec §4: at most 20); the oldest go first. */
export function ToastLimit({ max }: { max: number }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(max)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts, max]);
  return null;
}
