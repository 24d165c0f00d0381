import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { shopSettings } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { record } from '../audit/index';

/** shop_settings is one row (migration 0011). */
export const SETTINGS_ID = 1;

type Stored = typeof shopSettings.$inferSelect;
/** The columns a section may own: all but the key and the time of the last save. */
type Column = Exclude<keyof Stored, 'id' | 'updatedAt'>;

/** A field kept in another form than it is answered in (the VAT rate, kept in tenths). */
type Converted<T> = { [C in Column]: { column: C; read: (stored: Stored[C]) => T; write: (value: T) => Stored[C] } }[Column];
/** A column holding exactly the field's value. */
type Plain<T> = { [C in Column]: Stored[C] extends T ? (T extends Stored[C] ? C : never) : never }[Column];

/** What a section is: its fields (in answer order) and the columns they are kept in, and each field's value before the owner saves one. */
export interface SectionSpec<V extends object> {
  fields: { [K in keyof V]-?: Plain<V[K]> | Converted<V[K]> };
  defaults: V;
}

export interface SettingsSection<V extends object> {
  /** The section as saved; its defaults while shop_settings has no row (the row is made by the first save). */
  read(db: DbOrTx): Promise<V>;
  /**
   * Writes only the section's columns (the others keep their values), and an
   * audit entry of what changed (kind 'settings', target shop_settings,
   * decision 0065), in one transaction. Answers the section as now stored.
   */
  save(db: Db, input: V, actor: Actor): Promise<V>;
}

type AnyField = Column | { column: Column; read: (stored: unknown) => unknown; write: (value: unknown) => unknown };

/**
 * One section of the owner's settings in shop_settings' one row (decision
 * 0083): the COD confirmation rule, the deadlines, the return window, the
 * business details, the refund limit, the low-stock level.
 */
export function settingsSection<V extends object>(spec: SectionSpec<V>): SettingsSection<V> {
  const fields = Object.entries(spec.fields) as [string, AnyField][];
  const columnOf = (f: AnyField) => (typeof f === 'string' ? f : f.column);
  const selection = Object.fromEntries(fields.map(([key, f]) => [key, shopSettings[columnOf(f)]]));
  const viewOf = (row: Record<string, unknown>) => Object.fromEntries(fields.map(([key, f]) => [key, typeof f === 'string' ? row[key] : f.read(row[key])])) as V;
  const storedOf = (input: V) => Object.fromEntries(fields.map(([key, f]) => [columnOf(f), typeof f === 'string' ? (input as Record<string, unknown>)[key] : f.write((input as Record<string, unknown>)[key])])) as Partial<Stored>;
  const fieldsOf = (value: V) => Object.fromEntries(fields.map(([key]) => [key, (value as Record<string, unknown>)[key]]));

  const read = async (db: DbOrTx): Promise<V> => {
    const [row] = await db.select(selection).from(shopSettings).where(eq(shopSettings.id, SETTINGS_ID));
    return row ? viewOf(row) : { ...spec.defaults };
  };

  return {
    read,
    save: (db, input, actor) =>
      db.transaction(async (tx) => {
        const before = await read(tx);
        const set = storedOf(input);
        const [row] = await tx
          .insert(shopSettings)
          .values({ id: SETTINGS_ID, ...set })
          .onConflictDoUpdate({ target: shopSettings.id, set: { ...set, updatedAt: new Date() } })
          .returning(selection);
        await record(tx, actor, { kind: 'settings', action: 'update', targetId: 'shop_settings', before: fieldsOf(before), after: fieldsOf(input) });
        return viewOf(row!);
      }),
  };
}
