import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { GUEST_ADDRESS_KEY } from '@haat/shared/constants';
import type { AddressInput, AddressView } from '@haat/shared/schemas/address';
import { authRequest } from '@/lib/session';
import { writeJson } from '@/lib/storage';
import { useCurrentUser } from './user';
import { queryKeys } from '@/lib/queryKeys';
import { messagesReady, translateMessage } from '@/i18n/messages';


/** A local id for a guest's address: no '-', like the server's. */
const localId = () => `local${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

// Guest addresses live in localStorage guestAddress; components re-read it on this event (or another tab's change).
const GUEST_EVENT = 'haat:guest-address';
let cachedRaw: string | null | undefined;
let cachedList: AddressView[] = [];
function readGuest(): AddressView[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(GUEST_ADDRESS_KEY);
  } catch {
    // Storage disabled: no guest addresses.
  }
  if (raw === cachedRaw) return cachedList;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedList = Array.isArray(parsed) ? (parsed as AddressView[]).map((a) => (a._id ? a : { ...a, _id: localId() })) : [];
  } catch {
    cachedList = [];
  }
  return cachedList;
}
function writeGuest(list: AddressView[]) {
  writeJson(GUEST_ADDRESS_KEY, list);
  window.dispatchEvent(new Event(GUEST_EVENT));
}
/** A guest's addresses on the server and while its page is taken over: none (the same list each time). */
const NO_ADDRESSES: AddressView[] = [];
const noAddresses = () => NO_ADDRESSES;
function subscribeGuest(onChange: () => void) {
  window.addEventListener(GUEST_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(GUEST_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The caller's addresses: a guest's from localStorage guestAddress, a
 * signed-in user's from GET address/get-address.
 */
export function useAddresses(): { addresses: AddressView[]; isLoading: boolean } {
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const signedIn = Boolean(user);
  const guest = useSyncExternalStore(subscribeGuest, readGuest, noAddresses);
  const server = useQuery({
    queryKey: queryKeys.addresses,
    queryFn: async () => {
      try {
        return (await authRequest<AddressView[]>('address/get-address')).data;
      } catch (err) {
        console.error(err);
        throw new Error('Failed to fetch address details');
      }
    },
    enabled: signedIn,
  });
  if (userLoading) return { addresses: [], isLoading: true };
  if (!signedIn) return { addresses: guest, isLoading: false };
  return { addresses: server.data ?? [], isLoading: server.isLoading };
}

/** Add, edit and delete for guests (localStorage) and signed-in users (API, then the list reloads). */
export function useAddressMutations(): {
  add(input: AddressInput): Promise<AddressView>;
  edit(id: string, input: AddressInput): Promise<void>;
  remove(id: string): Promise<void>;
} {
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const queryClient = useQueryClient();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }), [queryClient]);

  const add = useCallback(
    async (input: AddressInput) => {
      if (!signedIn) {
        const address = { ...input, _id: localId() };
        writeGuest([...readGuest(), address]);
        return address;
      }
      const res = await authRequest<AddressView>('address/add-address', { method: 'POST', body: input });
      await reload();
      return res.data;
    },
    [signedIn, reload],
  );
  const edit = useCallback(
    async (id: string, input: AddressInput) => {
      if (!signedIn) {
        writeGuest(readGuest().map((a) => (a._id === id ? { ...input, _id: id } : a)));
        return;
      }
      await authRequest('address/edit-address', { method: 'POST', body: { ...input, id } });
      await reload();
    },
    [signedIn, reload],
  );
  const remove = useCallback(
    async (id: string) => {
      if (!signedIn) {
        writeGuest(readGuest().filter((a) => a._id !== id));
        await messagesReady();
        toast.success(translateMessage('Address deleted'));
        return;
      }
      const res = await authRequest('address/delete-address', { method: 'DELETE', body: { id } });
      toast.success(translateMessage(res.message || 'Address deleted'));
      await reload();
    },
    [signedIn, reload],
  );
  return useMemo(() => ({ add, edit, remove }), [add, edit, remove]);
}
