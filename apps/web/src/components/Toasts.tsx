import { useEffect } from 'react';
import { Toaster } from 'react-hot-toast';
import { TOAST_MAX } from '@haat/shared/constants';
import { toastAreaMounted } from '@/lib/toast';
import { ToastLimit } from './ToastLimit';

/**
 * The toast area. Loaded after the first paint (providers.tsx): toasts raised
 * before it mounts are made once it has (lib/toast.ts), so each shows its whole time.
 */
export default function Toasts() {
  useEffect(toastAreaMounted, []);
  return (
    <>
      {/* react-hot-toast's defaults are the spec's: 2 s success, 4 s others, loading until dismissed. */}
      {/* Below the sticky header (h-16): a toast over it took the tap meant for the language toggle or the account. */}
      <Toaster position="top-center" containerStyle={{ top: 72 }} />
      <ToastLimit max={TOAST_MAX} />
    </>
  );
}
