/**
 * Defaults that depend on the course: the fairway pattern by classification (rule 8) and the
 * `auto` water, housing and greenery values by location (rules 6, 7 and the greenery proxy).
 */
import type { AutoRule } from './option-declaration';
import { US_STATE_CLIMATE, type UsStateClimate } from './us-state-climate';

/** What the style rules need to know about the course being drawn. */
export interface CourseStyleContext {
  classification: string | null;
  /** ISO 3166-1 alpha-2 code or an English name, e.g. 'US', 'United States' */
  country: string | null;
  /** state or territory: postal code ('FL'), ISO 3166-2 ('US-FL') or name ('Florida') */
  region: string | null;
}

const PATTERNED_CLASSIFICATIONS = ['private', 'resort', 'resorts'];
const US_NAMES = ['us', 'usa', 'united states', 'united states of america'];
const TERRITORY_CODES = ['PR', 'VI', 'GU', 'AS', 'MP'];

const BY_KEY = new Map<string, UsStateClimate>();
for (const state of US_STATE_CLIMATE) {
  BY_KEY.set(state.code.toLowerCase(), state);
  BY_KEY.set(`us-${state.code.toLowerCase()}`, state);
  BY_KEY.set(state.name.toLowerCase(), state);
}

/** The US state or territory of the course, or null when unknown or outside the US. */
export function courseUsState(course: CourseStyleContext): UsStateClimate | null {
  const country = course.country?.trim().toLowerCase() ?? '';
  // Territories have their own ISO country codes; a course there may carry no region.
  if (TERRITORY_CODES.includes(country.toUpperCase())) return BY_KEY.get(country) ?? null;
  if (!US_NAMES.includes(country)) return null;
  const region = course.region?.trim().toLowerCase().replace(/\s+/g, ' ') ?? '';
  return BY_KEY.get(region) ?? null;
}

export function defaultFairwayPattern(course: CourseStyleContext): 'medium-checks' | 'medium-stripes' {
  const classification = course.classification?.trim().toLowerCase() ?? '';
  return PATTERNED_CLASSIFICATIONS.includes(classification) ? 'medium-checks' : 'medium-stripes';
}

export function autoWaterTreatment(course: CourseStyleContext): 'light' | 'medium' | 'dark' {
  return courseUsState(course)?.water ?? 'medium';
}

/** Zones 1-3 warm roofs, 4 mixed, 5-8 cool; cross-family ties, unknown and non-US mixed. */
export function autoHousing(course: CourseStyleContext): 'warm' | 'mixed' | 'cool' {
  const state = courseUsState(course);
  if (!state || state.tie) return 'mixed';
  if (state.zone <= 3) return 'warm';
  return state.zone === 4 ? 'mixed' : 'cool';
}

export function autoGreenery(course: CourseStyleContext): UsStateClimate['greenery'] | 'classic' {
  return courseUsState(course)?.greenery ?? 'classic';
}

export function resolveAuto(rule: AutoRule, course: CourseStyleContext): string {
  switch (rule) {
    case 'water-by-state':
      return autoWaterTreatment(course);
    case 'housing-by-climate-zone':
      return autoHousing(course);
    case 'greenery-by-agronomic-region':
      return autoGreenery(course);
  }
}
