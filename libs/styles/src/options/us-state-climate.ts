/**
 * Per-state inputs of the `auto` rules (Graphics rules 6 and 7, and the greenery proxy).
 *
 * - water: rule 6 — southern coastal states plus California and Hawaii light, northern states
 *   dark, the rest medium; tropical territories light.
 * - zone: the state's MODAL IECC 2021 climate zone by county count. This is a per-state modal
 *   approximation written from the published IECC 2021 county map, not a county lookup; a
 *   same-family tie (e.g. Arizona 2/3) is recorded as the warmer zone, and `tie` marks states
 *   whose two most common zones fall in different families (Oregon: 18 counties 4C, 18
 *   counties 5B; rule 7 resolves those to mixed).
 * - greenery: a state-level proxy of turfgrass agronomic regions — cool humid/continental
 *   (bluegrass) cool-blue; maritime Pacific Northwest and the humid transition zone cool-apple;
 *   warm humid (bermuda, zoysia, paspalum) warm-emerald; warm arid Southwest warm-golden.
 */
export type WaterShade = 'light' | 'medium' | 'dark';
export type GreeneryPalette = 'cool-blue' | 'cool-apple' | 'warm-emerald' | 'warm-golden';

export interface UsStateClimate {
  code: string;
  name: string;
  water: WaterShade;
  zone: number;
  tie?: true;
  greenery: GreeneryPalette;
}

const row = (code: string, name: string, water: WaterShade, zone: number, greenery: GreeneryPalette, tie?: true): UsStateClimate =>
  tie ? { code, name, water, zone, greenery, tie } : { code, name, water, zone, greenery };

export const US_STATE_CLIMATE: readonly UsStateClimate[] = [
  row('AL', 'Alabama', 'light', 3, 'warm-emerald'),
  row('AK', 'Alaska', 'dark', 7, 'cool-blue'),
  row('AZ', 'Arizona', 'medium', 2, 'warm-golden'),
  row('AR', 'Arkansas', 'medium', 3, 'warm-emerald'),
  row('CA', 'California', 'light', 3, 'warm-golden'),
  row('CO', 'Colorado', 'medium', 5, 'cool-blue'),
  row('CT', 'Connecticut', 'medium', 5, 'cool-blue'),
  row('DE', 'Delaware', 'medium', 4, 'cool-apple'),
  row('DC', 'District of Columbia', 'medium', 4, 'cool-apple'),
  row('FL', 'Florida', 'light', 2, 'warm-emerald'),
  row('GA', 'Georgia', 'light', 3, 'warm-emerald'),
  row('HI', 'Hawaii', 'light', 1, 'warm-emerald'),
  row('ID', 'Idaho', 'dark', 5, 'cool-blue'),
  row('IL', 'Illinois', 'medium', 5, 'cool-blue'),
  row('IN', 'Indiana', 'medium', 5, 'cool-blue'),
  row('IA', 'Iowa', 'medium', 5, 'cool-blue'),
  row('KS', 'Kansas', 'medium', 4, 'cool-apple'),
  row('KY', 'Kentucky', 'medium', 4, 'cool-apple'),
  row('LA', 'Louisiana', 'light', 2, 'warm-emerald'),
  row('ME', 'Maine', 'dark', 6, 'cool-blue'),
  row('MD', 'Maryland', 'medium', 4, 'cool-apple'),
  row('MA', 'Massachusetts', 'dark', 5, 'cool-blue'),
  row('MI', 'Michigan', 'dark', 5, 'cool-blue'),
  row('MN', 'Minnesota', 'dark', 6, 'cool-blue'),
  row('MS', 'Mississippi', 'light', 3, 'warm-emerald'),
  row('MO', 'Missouri', 'medium', 4, 'cool-apple'),
  row('MT', 'Montana', 'dark', 6, 'cool-blue'),
  row('NE', 'Nebraska', 'medium', 5, 'cool-blue'),
  row('NV', 'Nevada', 'medium', 5, 'warm-golden'),
  row('NH', 'New Hampshire', 'dark', 6, 'cool-blue'),
  row('NJ', 'New Jersey', 'medium', 4, 'cool-apple'),
  row('NM', 'New Mexico', 'medium', 4, 'warm-golden'),
  row('NY', 'New York', 'dark', 5, 'cool-blue'),
  row('NC', 'North Carolina', 'light', 3, 'warm-emerald'),
  row('ND', 'North Dakota', 'dark', 7, 'cool-blue'),
  row('OH', 'Ohio', 'medium', 5, 'cool-blue'),
  row('OK', 'Oklahoma', 'medium', 3, 'warm-emerald'),
  row('OR', 'Oregon', 'medium', 5, 'cool-apple', true),
  row('PA', 'Pennsylvania', 'medium', 5, 'cool-blue'),
  row('RI', 'Rhode Island', 'medium', 5, 'cool-blue'),
  row('SC', 'South Carolina', 'light', 3, 'warm-emerald'),
  row('SD', 'South Dakota', 'dark', 6, 'cool-blue'),
  row('TN', 'Tennessee', 'medium', 4, 'cool-apple'),
  row('TX', 'Texas', 'light', 3, 'warm-emerald'),
  row('UT', 'Utah', 'medium', 5, 'cool-blue'),
  row('VT', 'Vermont', 'dark', 6, 'cool-blue'),
  row('VA', 'Virginia', 'medium', 4, 'cool-apple'),
  row('WA', 'Washington', 'dark', 4, 'cool-apple'),
  row('WV', 'West Virginia', 'medium', 4, 'cool-apple'),
  row('WI', 'Wisconsin', 'dark', 6, 'cool-blue'),
  row('WY', 'Wyoming', 'dark', 6, 'cool-blue'),
  // Tropical territories: zone 1, light water (rule 6).
  row('PR', 'Puerto Rico', 'light', 1, 'warm-emerald'),
  row('VI', 'U.S. Virgin Islands', 'light', 1, 'warm-emerald'),
  row('GU', 'Guam', 'light', 1, 'warm-emerald'),
  row('AS', 'American Samoa', 'light', 1, 'warm-emerald'),
  row('MP', 'Northern Mariana Islands', 'light', 1, 'warm-emerald'),
];
