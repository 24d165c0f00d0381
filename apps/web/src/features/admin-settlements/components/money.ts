import { formatTaka } from '@haat/shared/money';

/** Paisa as taka, bn-BD with ৳ in both languages (the shop's one taka format). */
export const taka = (paisa: number): string => formatTaka(paisa / 100);
