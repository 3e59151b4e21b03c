import { z } from "zod";

/** A cell's literal value; a string starting with "=" is refused in `value` (use `formula`). */
const literal = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const cellFields = z.object({
  value: literal.optional(),
  /** With or without the leading "=". */
  formula: z.string().min(1).optional(),
  /** Excel number format: `0.0%`, `#,##0`, `yyyy-mm-dd`. */
  numFmt: z.string().max(200).optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  /** RGB hex, `#DDEBF7` or `DDEBF7`. */
  fill: z
    .string()
    .regex(/^#?[0-9A-Fa-f]{6}$/)
    .optional(),
  fontColor: z
    .string()
    .regex(/^#?[0-9A-Fa-f]{6}$/)
    .optional(),
  /** Free text shown as the cell's comment. */
  comment: z.string().max(5_000).optional(),
  /** Where a hard-coded input comes from: written into the cell's comment. */
  source: z
    .object({
      file_id: z.string().min(1),
      page: z.number().int().positive().optional(),
      quote: z.string().max(2_000).optional(),
    })
    .optional(),
});

function checked<T extends z.ZodType<{ value?: unknown; formula?: string }>>(schema: T) {
  return schema
    .refine((c) => !(c.value !== undefined && c.formula !== undefined), {
      message: "A cell has a value or a formula, not both.",
    })
    .refine((c) => !(typeof c.value === "string" && c.value.startsWith("=")), {
      message: 'A value starting with "=" looks like a formula: put it in `formula`.',
    });
}

export const writeCellSpec = checked(cellFields.extend({ ref: z.string().min(2) }));
const rowCellSpec = checked(cellFields);

export const writeSheetSpec = z.object({
  name: z
    .string()
    .min(1)
    .max(31)
    .refine((n) => !/[[\]:*?/\\]/.test(n) && !n.startsWith("'") && !n.endsWith("'"), {
      message: "Sheet names can't contain [ ] : * ? / \\ or start or end with '.",
    }),
  /** Column widths from column A on (null keeps a column's width). */
  columns: z
    .array(z.object({ width: z.number().positive().max(255) }).nullable())
    .max(16_384)
    .optional(),
  /** Rows from row 1 on: plain values ("" or null skip a cell), "=..." for a formula, or cell specs without `ref`. */
  rows: z.array(z.array(z.union([literal, rowCellSpec]))).optional(),
  cells: z.array(writeCellSpec).optional(),
  /** Freeze rows above and columns left of this cell, e.g. `B2`. */
  freeze: z.string().optional(),
});

export const writeWorkbookSpec = z.object({
  sheets: z.array(writeSheetSpec).min(1),
  /** Workbook-wide defined names: `{ name: "Revenue", ref: "Model!$B$4" }`. */
  names: z
    .array(z.object({ name: z.string().regex(/^[A-Za-z_\\][A-Za-z0-9_.]*$/), ref: z.string().min(2) }))
    .optional(),
});

export type WriteCellSpec = z.infer<typeof writeCellSpec>;
export type WriteSheetSpec = z.infer<typeof writeSheetSpec>;
export type WriteWorkbookSpec = z.infer<typeof writeWorkbookSpec>;
