/** Side-view elevation profile options (POST `style.profile*`). */
import type { GraphicsOption } from './option-declaration';
import { GRAPHIC_STYLES } from './graphics-vocabulary';

export const PROFILE_LINE_STYLES = ['smooth', 'stepped'] as const;
export const PROFILE_TEXT_SIZES = ['small', 'medium', 'large'] as const;
export const PROFILE_DISTANCE_UNITS = ['yards', 'feet', 'meters'] as const;

const profile = { subjects: ['profile-elevation'], styles: GRAPHIC_STYLES } as const;

export const PROFILE_OPTIONS: readonly GraphicsOption[] = [
  {
    name: 'profileLineStyle',
    query: 'profileLineStyle',
    body: 'style.profileLineStyle',
    type: { kind: 'enum', values: PROFILE_LINE_STYLES },
    default: { value: 'smooth' },
    ...profile,
    description: 'Terrain line drawing (the default is ours: the spec leaves it open).',
  },
  {
    name: 'profileLabelSize',
    query: 'profileLabelSize',
    body: 'style.profileLabelSize',
    type: { kind: 'named-or-number', names: PROFILE_TEXT_SIZES, min: 8, max: 36 },
    default: { value: 'small' },
    ...profile,
    description: 'Size of elevation and tee badges: small, medium, large or a pixel size 8..36.',
  },
  {
    name: 'profileYardageSize',
    query: 'profileYardageSize',
    body: 'style.profileYardageSize',
    type: { kind: 'named-or-number', names: PROFILE_TEXT_SIZES, min: 8, max: 36 },
    default: { value: 'small' },
    ...profile,
    description: 'Size of the bottom yardages: small, medium, large or a pixel size 8..36.',
  },
  {
    name: 'profileTee',
    query: 'profileTee',
    body: 'style.profileTee',
    type: { kind: 'text', maxLength: 100 },
    default: { rule: 'furthest-tee' },
    ...profile,
    description: 'Tee to profile, by case-insensitive id, name or colour (normalized to lower case); an unmatched value falls back to the furthest tee.',
  },
  {
    name: 'profileTeeMarkerSize',
    query: 'profileTeeMarkerSize',
    body: 'style.profileTeeMarkerSize',
    type: { kind: 'integer', min: 8, max: 128 },
    default: { rule: 'size-scaled' },
    ...profile,
    description: 'Tee square size in output pixels.',
  },
  {
    name: 'profileDistanceUnit',
    query: 'profileDistanceUnit',
    body: 'style.profileDistanceUnit',
    type: { kind: 'enum', values: PROFILE_DISTANCE_UNITS },
    default: { value: 'yards' },
    ...profile,
    description: 'Horizontal distance unit; signed vertical elevation is always feet.',
  },
  {
    name: 'profilePadding',
    query: 'profilePadding',
    body: 'style.profilePadding',
    type: { kind: 'image-padding', auto: false, unitlessFractions: false },
    default: { value: '0' },
    ...profile,
    description: 'Zero, pixels or percentages; one to four values top, right, bottom, left.',
  },
  {
    name: 'profileBackgroundColor',
    query: 'profileBackgroundColor',
    body: 'style.profileBackgroundColor',
    type: { kind: 'hex-color' },
    default: { value: '#FFFFFF' },
    ...profile,
    description: 'Background colour #RRGGBB.',
  },
];
