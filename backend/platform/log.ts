type Level = "debug" | "info" | "warn" | "error" | "silent";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export function createLogger(level: Level): Logger {
  const at =
    (l: Level, fn: (...a: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (order[l] >= order[level]) fn(...args);
    };
  return {
    debug: at("debug", console.debug),
    info: at("info", console.log),
    warn: at("warn", console.warn),
    error: at("error", console.error),
  };
}
