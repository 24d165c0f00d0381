export declare const DEFAULT_CHROMIUM: string;
export declare function MISSING(where: string): string;
export declare function ensureChromium(opts?: {
  configured?: string;
  exists?: (path: string) => boolean;
  isRoot?: boolean;
  canApt?: () => boolean;
  install?: () => boolean;
  log?: (msg: string) => void;
}): { path: string; error?: undefined } | { error: string; path?: undefined };
