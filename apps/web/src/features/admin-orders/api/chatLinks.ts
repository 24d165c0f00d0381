import type { ChatLinkCreateInput, ChatLinkView } from '@haat/shared/schemas/chat-link';
import { authRequest } from '@/lib/session';

/** POST /chat-links: a checkout link of the cart built for a buyer in a chat (issue 45). */
export const createChatLink = (payload: ChatLinkCreateInput) => authRequest<ChatLinkView>('chat-links', { method: 'POST', body: payload });
/** POST /chat-links/{id}/refresh: today's prices and stock become the link's own. */
export const refreshChatLink = (id: string) => authRequest<ChatLinkView>(`chat-links/${encodeURIComponent(id)}/refresh`, { method: 'POST' });
/** POST /chat-links/{id}/sms: Haat texts the link to the buyer's mobile. */
export const textChatLink = (id: string) => authRequest<ChatLinkView>(`chat-links/${encodeURIComponent(id)}/sms`, { method: 'POST' });
/** GET /chat-links/{id}: the link's state now (used, expired, stale). */
export const getChatLink = (id: string) => authRequest<ChatLinkView>(`chat-links/${encodeURIComponent(id)}`);
