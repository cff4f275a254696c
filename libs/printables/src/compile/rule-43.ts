/**
 * Rule 4.3 (USGA/R&A interpretation since 2019): a green image in a book or paper used during a
 * round is at 3/8 in to 5 yd (1:480) or smaller, and the book or paper is at most 4 1/4 x 7 in;
 * a hole-location sheet showing 9 or more holes is exempt from the size limit.
 */
import { RULE_43_HOLE_LOCATION_EXEMPT_HOLES, RULE_43_MAX_PAGE_IN, RULE_43_MIN_SCALE_DENOMINATOR } from '../templates/page-sizes';
import type { ManifestPage, Rule43PageReport } from './printable-manifest';

const EPSILON_IN = 0.005;

export function formatInches(widthIn: number, heightIn: number): string {
  const f = (v: number) => String(Math.round(v * 1000) / 1000);
  return `${f(widthIn)} x ${f(heightIn)} in`;
}

export function judgePage(page: ManifestPage, widthIn: number, heightIn: number): Rule43PageReport {
  const reasons: string[] = [];
  const report: Rule43PageReport = { compliant: true, reasons };
  if (page.greenScaleDenominator !== undefined) {
    report.greenScale = `1:${page.greenScaleDenominator}`;
    if (page.greenScaleDenominator < RULE_43_MIN_SCALE_DENOMINATOR) {
      reasons.push(`green drawn at 1:${page.greenScaleDenominator}, larger than 1:${RULE_43_MIN_SCALE_DENOMINATOR} (3/8 in to 5 yd)`);
    }
  }
  const short = Math.min(widthIn, heightIn);
  const long = Math.max(widthIn, heightIn);
  const oversize = short > RULE_43_MAX_PAGE_IN.short + EPSILON_IN || long > RULE_43_MAX_PAGE_IN.long + EPSILON_IN;
  const exempt = page.kind === 'pin-sheet' && (page.holeNumbers?.length ?? 0) >= RULE_43_HOLE_LOCATION_EXEMPT_HOLES;
  if (oversize && !exempt) {
    reasons.push(`page ${formatInches(widthIn, heightIn)} is larger than ${RULE_43_MAX_PAGE_IN.short} x ${RULE_43_MAX_PAGE_IN.long} in`);
  }
  report.compliant = reasons.length === 0;
  return report;
}
