/** How much of a workbook the tools will take on. Every limit is checked before the work it bounds. */
export interface WorkbookLimits {
  /** The .xlsx file itself. */
  maxFileBytes: number;
  /** All ZIP entries inflated, as their directory claims (checked again while inflating). */
  maxXmlBytes: number;
  maxZipEntries: number;
  /** Inflated / compressed, for entries over 1 MB: a higher ratio is a ZIP bomb. */
  maxCompressionRatio: number;
  maxSheets: number;
  /** Non-empty cells in the whole workbook. */
  maxCells: number;
  /** Cells one range argument may cover once clipped to the used area. */
  maxRangeCells: number;
}

export const defaultWorkbookLimits: WorkbookLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxXmlBytes: 200 * 1024 * 1024,
  maxZipEntries: 5_000,
  maxCompressionRatio: 200,
  maxSheets: 200,
  maxCells: 2_000_000,
  maxRangeCells: 2_000_000,
};
