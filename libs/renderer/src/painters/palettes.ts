/** Colours of the Traditional style: greenery palettes, water, bunkers, roofs, paper. */

export interface GreeneryPalette {
  rough: string;
  firstCut: string;
  fairway: string;
  fringe: string;
  green: string;
  tee: string;
  fleck: string;
  forestFloor: string;
  crown: string;
  crownShade: string;
}

/** `classic` is the established palette and the fallback for unknown values. */
export const GREENERY_PALETTES: Record<string, GreeneryPalette> = {
  classic: {
    rough: '#86A95E',
    firstCut: '#93B865',
    fairway: '#9CC66A',
    fringe: '#A4CB70',
    green: '#B0D67A',
    tee: '#A6CE72',
    fleck: '#5F8A3F',
    forestFloor: '#5D7A3D',
    crown: '#456F33',
    crownShade: '#2F5124',
  },
  'cool-blue': {
    rough: '#76A173',
    firstCut: '#82AE7D',
    fairway: '#8BBC84',
    fringe: '#93C38C',
    green: '#9ECE96',
    tee: '#95C58E',
    fleck: '#4F7D5A',
    forestFloor: '#4D6E50',
    crown: '#345E44',
    crownShade: '#223F2E',
  },
  'cool-apple': {
    rough: '#8CAC5C',
    firstCut: '#98BA62',
    fairway: '#A2C767',
    fringe: '#AACD6E',
    green: '#B6D779',
    tee: '#ACCF70',
    fleck: '#668A3C',
    forestFloor: '#5F793B',
    crown: '#476C2E',
    crownShade: '#304B1F',
  },
  'warm-emerald': {
    rough: '#73A45A',
    firstCut: '#7FB360',
    fairway: '#86BF63',
    fringe: '#8EC66A',
    green: '#9AD074',
    tee: '#90C76C',
    fleck: '#4D8238',
    forestFloor: '#4F7236',
    crown: '#366427',
    crownShade: '#24461A',
  },
  'warm-golden': {
    rough: '#9DA65E',
    firstCut: '#A7B363',
    fairway: '#AFBF68',
    fringe: '#B6C66F',
    green: '#C0CF79',
    tee: '#B8C771',
    fleck: '#7B8541',
    forestFloor: '#6F7041',
    crown: '#566330',
    crownShade: '#3C4520',
  },
};

export function greeneryPalette(name: string | undefined): GreeneryPalette {
  return GREENERY_PALETTES[name ?? 'classic'] ?? GREENERY_PALETTES.classic;
}

export const WATER_COLORS: Record<string, { fill: string; edge: string }> = {
  light: { fill: '#A6D3E6', edge: '#6FA8C4' },
  medium: { fill: '#78AECB', edge: '#4C85A6' },
  dark: { fill: '#4A7A9E', edge: '#2F5676' },
};

export const BUNKER_COLORS: Record<string, { sand: string; edge: string | null; lip?: string }> = {
  classic: { sand: '#EFE2BC', edge: '#C8B384' },
  dark: { sand: '#D8C493', edge: '#A38A57' },
  flat: { sand: '#F1E6C6', edge: null },
  'raised-edge': { sand: '#EFE2BC', edge: '#B39C6C', lip: '#FBF7EA' },
};

export const ROOF_COLORS: Record<'warm' | 'cool' | 'mixed', string[]> = {
  warm: ['#B8654A', '#C27B55', '#A9604A', '#C98F63'],
  cool: ['#6C7A86', '#5E6B75', '#7D8891', '#687480'],
  mixed: ['#B8654A', '#6C7A86', '#C27B55', '#5E6B75'],
};

export const PAPER = {
  light: { fill: '#F3EEE2', grid: 'rgba(96,124,150,0.16)', grain: 'rgba(120,100,70,0.10)', ink: '#4A4438' },
  dark: { fill: '#20262A', grid: 'rgba(220,230,240,0.10)', grain: 'rgba(255,255,255,0.06)', ink: '#C9CFC8' },
} as const;

export interface PaperColors {
  fill: string | null;
  grid: string;
  grain: string;
  ink: string;
}

/** light, dark, transparent or #RRGGBB (a custom paper takes the light inks unless it is dark). */
export function paperColors(theme: string | undefined): PaperColors {
  if (theme === 'dark') return { ...PAPER.dark };
  if (theme === 'transparent') return { ...PAPER.light, fill: null };
  if (theme && /^#[0-9a-fA-F]{6}$/.test(theme)) {
    const v = parseInt(theme.slice(1), 16);
    const luma = 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255);
    return { ...(luma < 110 ? PAPER.dark : PAPER.light), fill: theme };
  }
  return { ...PAPER.light };
}

export const ROAD_COLORS = { surface: '#BDB7AB', edge: '#8F897D', cartPath: '#D8D0BF', cartEdge: '#A9A08C', parking: '#C9C4BA' };
export const CONTOUR_COLOR = 'rgba(104,78,40,0.30)';
export const EDGE_INK = 'rgba(40,48,30,0.55)';
