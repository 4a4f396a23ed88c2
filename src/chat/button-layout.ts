import type { ButtonGroup, ReplyButton } from '../domain/reply.js';

export interface ButtonLimits {
  /** Buttons in one row at most (Discord 5). */
  perRow: number;
  /** Rows at most (Discord 5); the last groups give way first. */
  maxRows: number;
  /**
   * Characters of label a row shows comfortably, for platforms whose buttons share a row's width
   * equally (Telegram); absent where buttons take the width of their label (Discord).
   */
  rowChars?: number;
}

/**
 * The core's button groups as rows within a platform's limits: each group starts a row, and its
 * buttons share rows as their longest label allows (route numbers four to a row, stop names one);
 * what does not fit is left out, last groups first.
 */
export function layoutButtons(groups: readonly ButtonGroup[] | undefined, limits: ButtonLimits): ReplyButton[][] {
  const rows: ReplyButton[][] = [];
  for (const group of groups ?? []) {
    const longest = Math.max(1, ...group.map((button) => [...button.label].length));
    const perRow = limits.rowChars === undefined ? limits.perRow : Math.min(limits.perRow, Math.max(1, Math.floor(limits.rowChars / longest)));
    for (let i = 0; i < group.length && rows.length < limits.maxRows; i += perRow) rows.push(group.slice(i, i + perRow));
  }
  return rows;
}
