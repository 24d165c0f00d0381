import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses } from '../src/db/schema';
import { useTestApp } from './support';

const t = useTestApp();
const api = () => t.api();
const home = { address_line: 'House 12, Road 5, Dhanmondi', city: 'Dhaka', mobile: '01712345678' };

describe('address/*', () => {
  it('adds, lists, edits and deletes the caller’s own addresses', async () => {
    const c = api();
    const s = await c.signUp();
    const added = await c.as(s.access).post('address/add-address', home);
    expect(added.statusCode).toBe(201);
    const a = added.json().data;
    expect(a).toMatchObject(home);
    expect(a._id).toMatch(/^[0-9a-z]+$/);
    await c.as(s.access).post('address/add-address', { address_line: 'Agrabad', city: 'Chattogram', mobile: '01812345678' });

    const list = await c.as(s.access).get('address/get-address');
    expect(list.json().data.map((x: { city: string }) => x.city)).toEqual(['Dhaka', 'Chattogram']);
    // Spec §7's client reads the same list as `address`.
    expect(list.json().address).toEqual(list.json().data);

    const edited = await c.as(s.access).post('address/edit-address', { ...home, city: 'Gazipur', id: a._id });
    expect(edited.statusCode).toBe(200);
    expect((await t.database.db.select().from(addresses).where(eq(addresses.id, a._id)))[0]!.city).toBe('Gazipur');

    const deleted = await c.as(s.access).delete('address/delete-address', { id: a._id });
    expect(deleted.json()).toMatchObject({ success: true, message: 'Address deleted successfully' });
    const after = await c.as(s.access).get('address/get-address');
    expect(after.json().data).toHaveLength(1);
  });

  it('answers 404 for another user’s address and leaves it alone', async () => {
    const c = api();
    const owner = await c.signUp();
    const other = await c.signUp();
    const a = (await c.as(owner.access).post('address/add-address', home)).json().data;
    const edit = await c.as(other.access).post('address/edit-address', { ...home, city: 'Stolen', id: a._id });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('Address not found.');
    expect((await c.as(other.access).delete('address/delete-address', { id: a._id })).statusCode).toBe(404);
    expect((await c.as(other.access).get('address/get-address')).json().data).toEqual([]);
    const [row] = await t.database.db.select().from(addresses);
    expect(row).toMatchObject({ id: a._id, city: 'Dhaka', userId: expect.any(String) });
    // A malformed id is a 404 as well, never a 500.
    expect((await c.as(owner.access).delete('address/delete-address', { id: 'x-y;drop' })).statusCode).toBe(404);
  });

  it.each([
    [{ ...home, address_line: '' }, 'Address Line is required'],
    [{ ...home, city: '  ' }, 'City is required'],
    [{ address_line: 'x', city: 'y' }, 'Mobile is required'],
    [{ ...home, mobile: '0171234567' }, 'Mobile number must be exactly 11 digits'],
    [{ ...home, mobile: '017123456789' }, 'Mobile number must be exactly 11 digits'],
    [{ ...home, mobile: '0171234567a' }, 'Mobile number must be exactly 11 digits'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const c = api();
    const s = await c.signUp();
    const res = await c.as(s.access).post('address/add-address', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.database.db.select().from(addresses)).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const c = api();
    expect((await c.get('address/get-address')).statusCode).toBe(401);
    expect((await c.post('address/add-address', home)).statusCode).toBe(401);
  });
});
