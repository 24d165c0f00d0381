import { describe, expect, it } from 'vitest';
import { makeUser, useTestApp } from './support';

describe('/api/delivery-settings', () => {
  const t = useTestApp();
  const api = t.api();

  it('answers the defaults 50, 100 and off before an admin sets them, at the top level and in data', async () => {
    const res = await api.get('delivery-settings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, freeDelivery: false, insideDhaka: 50, outsideDhaka: 100 });
    expect(body.data).toEqual({ freeDelivery: false, insideDhaka: 50, outsideDhaka: 100 });
  });

  it('lets an admin change the fees, and says when nothing changed', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const put = (payload: object) => api.as(admin).put('delivery-settings', payload);

    const first = await put({ insideDhaka: 60, outsideDhaka: 130, freeDelivery: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Shipping Cost Updated Successfully.', data: { modifiedCount: 1 } });

    const again = await put({ insideDhaka: 60, outsideDhaka: 130, freeDelivery: true });
    expect(again.json()).toMatchObject({ success: true, message: 'Nothing was updated.', data: { modifiedCount: 0 } });

    const read = (await api.get('delivery-settings')).json();
    expect(read).toMatchObject({ freeDelivery: true, insideDhaka: 60, outsideDhaka: 130 });
  });

  it('refuses negative, missing or fractional fees and changes nothing', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    for (const payload of [
      { insideDhaka: -1, outsideDhaka: 100, freeDelivery: false },
      { outsideDhaka: 100, freeDelivery: false },
      { insideDhaka: 10.5, outsideDhaka: 100, freeDelivery: false },
      { insideDhaka: 'abc', outsideDhaka: 100, freeDelivery: false },
    ]) {
      const res = await api.as(admin).put('delivery-settings', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Inside Dhaka amount/);
    }
    const read = (await api.get('delivery-settings')).json();
    expect(read).toMatchObject({ insideDhaka: 50, outsideDhaka: 100 });
  });

  it('refuses a fee above 100000 taka with 400 (never a 500 from the integer column) and changes nothing', async () => {
    const admin = await makeUser(t.database.db, t.config, 'ADMIN');
    const put = (payload: object) => api.as(admin).put('delivery-settings', payload);
    for (const huge of [9007199254740991, 2147483648, 100001]) {
      const inside = await put({ insideDhaka: huge, outsideDhaka: 100, freeDelivery: false });
      expect({ huge, status: inside.statusCode, message: inside.json().message }).toEqual({ huge, status: 400, message: 'Inside Dhaka amount is too large (at most 100000)' });
      const outside = await put({ insideDhaka: 50, outsideDhaka: String(huge), freeDelivery: true });
      expect({ huge, status: outside.statusCode, message: outside.json().message }).toEqual({ huge, status: 400, message: 'Outside Dhaka amount is too large (at most 100000)' });
    }
    const read = (await api.get('delivery-settings')).json();
    expect(read).toMatchObject({ insideDhaka: 50, outsideDhaka: 100, freeDelivery: false });
    expect((await put({ insideDhaka: 100000, outsideDhaka: 100000, freeDelivery: false })).statusCode).toBe(200);
  });

  it('is admin only: 401 for a guest, 403 for a shopper', async () => {
    const user = await makeUser(t.database.db, t.config);
    const payload = { insideDhaka: 1, outsideDhaka: 2, freeDelivery: false };
    expect((await api.put('delivery-settings', payload)).statusCode).toBe(401);
    expect((await api.as(user).put('delivery-settings', payload)).statusCode).toBe(403);
    const read = (await api.get('delivery-settings')).json();
    expect(read.insideDhaka).toBe(50);
  });
});
