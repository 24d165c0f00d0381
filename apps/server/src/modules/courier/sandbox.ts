import { steadfastStage } from './stages';
import type { Courier } from './types';

/**
 * The demo's courier when no real one is configured (never in production):
 * books at once and, each time it is asked, moves the parcel one step along
 * Steadfast's words, so the demo shop's poll shows a whole journey. Labelled
 * "Sandbox courier" everywhere; no parcel goes anywhere.
 */
export function sandboxCourier(): Courier {
  const JOURNEY = ['in_review', 'pending', 'delivered'];
  const step = new Map<string, number>();
  let next = 1;
  return {
    provider: 'sandbox',
    async book() {
      const id = `SBX${String(next++).padStart(6, '0')}`;
      step.set(id, 0);
      return { consignmentId: id, trackingCode: id, status: JOURNEY[0]! };
    },
    async status(id) {
      const at = Math.min((step.get(id) ?? 0) + 1, JOURNEY.length - 1);
      step.set(id, at);
      const status = JOURNEY[at]!;
      return { status, message: `Sandbox courier: ${status.replace('_', ' ')}.`, at: new Date() };
    },
    stageOf: steadfastStage,
  };
}
