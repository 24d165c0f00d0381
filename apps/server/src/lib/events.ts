import type { Tx } from '../db/client';

/** What a module does when another publishes an event: given the event and the publishing transaction. */
export type Reaction<P> = (payload: P, tx: Tx) => unknown;

/**
 * Typed events told inside the transaction of the change that causes them (decision 0107): a module publishes
 * what happened (`order.unsupplied`, `parcel.returned`), and the modules that care subscribe, so the publisher
 * needs to know none of them. Reactions run one after another, in the order they subscribed, in the publisher's
 * transaction: what they write (an SMS job, a return record, a refund due) commits with the change, and a
 * reaction that throws rolls the change back. `M` maps each event's name to what it carries (ports.ts's AppEvents).
 */
export class Events<M> {
  private readonly reactions: { [K in keyof M]?: Reaction<M[K]>[] } = {};

  /** Subscribes: called at start-up by the module that reacts (wired by app.ts). */
  on<K extends keyof M>(name: K, reaction: Reaction<M[K]>): void {
    (this.reactions[name] ??= []).push(reaction);
  }

  /** Tells every subscriber, in `tx`; resolves once each has done its part (none subscribed: nothing happens). */
  async publish<K extends keyof M>(tx: Tx, name: K, payload: M[K]): Promise<void> {
    for (const react of this.reactions[name] ?? []) await react(payload, tx);
  }
}
