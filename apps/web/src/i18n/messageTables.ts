/** Bangla for server and schema messages (messages.bn.ts), once loaded: messages.ts asks here. */
export interface BanglaMessages {
  translateMessage(text: string): string;
  translateError(code: string, params: Record<string, string | number> | undefined, message: string): string;
}
let loaded: BanglaMessages | undefined;

/** Called by messages.bn.ts as it loads. */
export function provideBangla(tables: BanglaMessages): void {
  loaded = tables;
}

export const banglaMessages = (): BanglaMessages | undefined => loaded;
