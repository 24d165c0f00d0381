import { Toaster } from 'react-hot-toast';
import { TOAST_MAX } from '@haat/shared/constants';
import { ToastLimit } from './ToastLimit';

/**
 * The toast area. Loaded after the first paint (providers.tsx): toasts raised
 * before it mounts wait in react-hot-toast's store and show once it does.
 */
export default function Toasts() {
  return (
    <>
      {/* react-hot-toast's defaults are the spec's: 2 s success, 4 s others, loading until dismissed. */}
      {/* Below the sticky header (h-16): a toast over it took the tap meant for the language toggle or the account. */}
      <Toaster position="top-center" containerStyle={{ top: 72 }} />
      <ToastLimit max={TOAST_MAX} />
    </>
  );
}
