/**
 * Every failure of the workbook tools, with a stable code the agent (and later the API) can branch
 * on and a message a person can read. Codes never change once published; add new ones instead.
 */
export const workbookErrorCodes = [
  "workbook/not-found",
  "workbook/corrupt",
  "workbook/too-large",
  "workbook/sheet-not-found",
  "workbook/cell-not-found",
  "workbook/invalid-ref",
  "workbook/invalid-spec",
] as const;
export type WorkbookErrorCode = (typeof workbookErrorCodes)[number];

export class WorkbookError extends Error {
  readonly code: WorkbookErrorCode;
  /** Extra facts for the caller, e.g. the limit that was hit and the count found. */
  readonly details?: Record<string, string | number>;

  constructor(code: WorkbookErrorCode, message: string, details?: Record<string, string | number>) {
    super(message);
    this.name = "WorkbookError";
    this.code = code;
    this.details = details;
  }

  toJSON(): { code: WorkbookErrorCode; message: string; details?: Record<string, string | number> } {
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}
